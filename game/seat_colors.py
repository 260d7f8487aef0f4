"""The seat colours (Okabe–Ito, with a light grey): below render and input, since the table draws seats in
them and the input router lights a seat's controller with them. The rest of the palette is game.render.colors."""

from __future__ import annotations

Color = tuple[int, int, int]

SEAT_COLORS: tuple[Color, ...] = (
    (0xE6, 0x9F, 0x00),  # orange
    (0x56, 0xB4, 0xE9),  # sky blue
    (0x00, 0x9E, 0x73),  # bluish green
    (0xF0, 0xE4, 0x42),  # yellow
    (0x00, 0x72, 0xB2),  # blue
    (0xD5, 0x5E, 0x00),  # vermillion
    (0xCC, 0x79, 0xA7),  # reddish purple
    (0xD0, 0xD0, 0xD0),  # light grey (a mid grey was too near reddish purple for deuteranopes)
)
# Every pair stays at least 15 ΔE (CIE Lab) apart under simulated protanopia, deuteranopia and tritanopia
# (Machado, Oliveira & Fernandes 2009, severity 1): tests/test_access_colours.py.


def seat_color(seat: int) -> Color:
    return SEAT_COLORS[seat % len(SEAT_COLORS)]
