"""Seat colours stay distinguishable under the common colour-vision deficiencies: each colour is passed
through the Machado, Oliveira & Fernandes (2009) simulation matrices (severity 1.0, applied to linear RGB)
and every pair must stay at least MIN_DELTA_E apart in CIE Lab (ΔE*ab, D65) and, by the perceptual
measure (CIEDE2000, Sharma, Wu & Dalal 2005), at least MIN_DE2000 apart in normal vision and under
protanopia and deuteranopia (MIN_DE2000_TRITAN under the rarer tritanopia). For scale: 2.3 is a just
noticeable difference, 10 a difference seen at a glance."""

from __future__ import annotations

import itertools
import math

import pytest

from game.render import colors

MIN_DELTA_E = 15.0
MIN_DE2000 = 15.0
MIN_DE2000_TRITAN = 14.0
# The seat colours before issue 37 (Okabe–Ito with a light grey): under deuteranopia its orange and yellow
# came within 11.6 CIEDE2000, and seats 2, 5 and 8 (sky blue, blue, grey) read as one blue-grey on screen.
OKABE_ITO = ((0xE6, 0x9F, 0x00), (0x56, 0xB4, 0xE9), (0x00, 0x9E, 0x73), (0xF0, 0xE4, 0x42), (0x00, 0x72, 0xB2),
             (0xD5, 0x5E, 0x00), (0xCC, 0x79, 0xA7), (0xD0, 0xD0, 0xD0))

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


def ciede2000(lab1, lab2) -> float:
    """The CIEDE2000 colour difference of two CIE Lab colours (kL = kC = kH = 1)."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if not c1p * c2p:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    d_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc, sh = 1 + 0.045 * cp_mean, 1 + 0.015 * cp_mean * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh))


def closest_pair(palette, matrix, distance=delta_e) -> tuple[float, int, int]:
    labs = [simulate(c, matrix) for c in palette]
    return min((distance(labs[i], labs[j]), i, j) for i, j in itertools.combinations(range(len(labs)), 2))


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
    old = (*OKABE_ITO[:7], (0x99, 0x99, 0x99))
    assert closest_pair(old, MACHADO["deuteranopia"])[0] < MIN_DELTA_E


@pytest.mark.parametrize("deficiency", sorted(MACHADO))
def test_seat_colours_stay_apart_under_colour_blindness(deficiency):
    assert len(colors.SEAT_COLORS) == 8
    distance, i, j = closest_pair(colors.SEAT_COLORS, MACHADO[deficiency])
    assert distance >= MIN_DELTA_E, f"seats {i + 1} and {j + 1} only {distance:.1f} ΔE apart ({deficiency})"


def test_seat_colours_stay_apart_in_normal_vision():
    assert closest_pair(colors.SEAT_COLORS, IDENTITY)[0] >= MIN_DELTA_E


def test_ciede2000_matches_sharmas_published_pairs():
    """Sharma, Wu & Dalal (2005), Table 1: pairs 1, 7, 17 and 25 of the published test data."""
    assert ciede2000((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50.0, 0.0, 0.0), (50.0, -1.0, 2.0)) == pytest.approx(2.3669, abs=1e-4)
    assert ciede2000((50.0, 2.5, 0.0), (73.0, 25.0, -18.0)) == pytest.approx(27.1492, abs=1e-4)
    assert ciede2000((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387)) == pytest.approx(1.2644, abs=1e-4)


@pytest.mark.parametrize("vision", ["normal", "protanopia", "deuteranopia", "tritanopia"])
def test_every_pair_of_seat_colours_is_apart_by_ciede2000(vision):
    least = MIN_DE2000_TRITAN if vision == "tritanopia" else MIN_DE2000
    distance, i, j = closest_pair(colors.SEAT_COLORS, MACHADO.get(vision, IDENTITY), ciede2000)
    assert distance >= least, f"seats {i + 1} and {j + 1} only {distance:.1f} CIEDE2000 apart ({vision})"


def test_the_okabe_ito_seats_fail_the_ciede2000_check_for_deuteranopes():
    """The check catches what issue 37 found: the old seat colours ran together for a deuteranope."""
    assert closest_pair(OKABE_ITO, MACHADO["deuteranopia"], ciede2000)[0] < MIN_DE2000
