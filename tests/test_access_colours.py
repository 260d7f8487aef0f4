"""Seat colours stay distinguishable under the common colour-vision deficiencies: each colour is passed
through the Machado, Oliveira & Fernandes (2009) simulation matrices (severity 1.0, applied to linear RGB)
and every pair must stay at least MIN_DELTA_E apart in CIE Lab (ΔE*ab, D65)."""

from __future__ import annotations

import itertools

import pytest

from game.render import colors

MIN_DELTA_E = 15.0

# Machado et al. 2009, Table of simulation matrices at severity 1.0 (linear RGB).
MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
IDENTITY = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))


def _linear(v: int) -> float:
    s = v / 255
    return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x / 0.95047), f(y / 1.0), f(z / 1.08883)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def simulate(color: colors.Color, matrix=IDENTITY) -> tuple[float, float, float]:
    """`color` as seen with the deficiency of `matrix`, in CIE Lab."""
    lin = [_linear(v) for v in color]
    out = [min(1.0, max(0.0, sum(matrix[i][j] * lin[j] for j in range(3)))) for i in range(3)]
    return _lab((out[0], out[1], out[2]))


def delta_e(a, b) -> float:
    return sum((p - q) ** 2 for p, q in zip(a, b)) ** 0.5


def closest_pair(palette, matrix) -> tuple[float, int, int]:
    labs = [simulate(c, matrix) for c in palette]
    return min((delta_e(labs[i], labs[j]), i, j) for i, j in itertools.combinations(range(len(labs)), 2))


def test_the_simulation_is_the_published_one():
    # Pure red is seen by a protanope as a dark olive, pure blue by a tritanope as a teal; white stays white.
    assert delta_e(simulate((255, 255, 255), MACHADO["protanopia"]), (100.0, 0.0, 0.0)) < 1.5
    red = simulate((255, 0, 0), MACHADO["protanopia"])
    assert red[0] < 45 and red[2] > 30  # darker than red (L 53) and yellowish
    # Red and green, far apart in normal vision, come close for a deuteranope.
    normal = delta_e(simulate((200, 60, 40)), simulate((60, 160, 40)))
    deut = delta_e(simulate((200, 60, 40), MACHADO["deuteranopia"]), simulate((60, 160, 40), MACHADO["deuteranopia"]))
    assert normal > 3 * deut


def test_a_mid_grey_beside_reddish_purple_fails_for_deuteranopes():
    """The check catches what the old palette had wrong (grey #999 and reddish purple #CC79A7)."""
    old = (*colors.SEAT_COLORS[:7], (0x99, 0x99, 0x99))
    assert closest_pair(old, MACHADO["deuteranopia"])[0] < MIN_DELTA_E


@pytest.mark.parametrize("deficiency", sorted(MACHADO))
def test_seat_colours_stay_apart_under_colour_blindness(deficiency):
    assert len(colors.SEAT_COLORS) == 8
    distance, i, j = closest_pair(colors.SEAT_COLORS, MACHADO[deficiency])
    assert distance >= MIN_DELTA_E, f"seats {i + 1} and {j + 1} only {distance:.1f} ΔE apart ({deficiency})"


def test_seat_colours_stay_apart_in_normal_vision():
    assert closest_pair(colors.SEAT_COLORS, IDENTITY)[0] >= MIN_DELTA_E
