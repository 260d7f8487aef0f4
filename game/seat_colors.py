"""The seat colours and shapes: below render and input, since the table draws seats in
them and the input router lights a seat's controller with them. The rest of the palette is game.render.colors."""

from __future__ import annotations

Color = tuple[int, int, int]

SEAT_COLORS: tuple[Color, ...] = (
    (0xE8, 0x83, 0x00),  # orange
    (0x75, 0xD5, 0xFF),  # sky blue
    (0x10, 0xA8, 0x7D),  # green
    (0xFA, 0xF9, 0x8A),  # yellow (pale: a full yellow sits on orange for a deuteranope)
    (0x15, 0x6D, 0xC1),  # blue (deep: a second light blue sat on the sky blue)
    (0xB5, 0x4F, 0x30),  # red (a brick red: darker than the orange, as a red-blind eye sees them)
    (0xBD, 0x85, 0xAC),  # purple
    (0xEC, 0xFE, 0xF7),  # white (a light grey went with the yellow for a tritanope)
)
# Okabe–Ito's palette, moved apart where it failed: under simulated deuteranopia its orange and yellow, and
# its sky blue, blue and grey, were as near as 11.6 CIEDE2000. Every pair now stays at least 15 CIEDE2000
# apart in normal vision and under simulated protanopia and deuteranopia (Machado, Oliveira & Fernandes 2009,
# severity 1), 14 under tritanopia: tests/test_access_colours.py. Each seat also has a shape (SEAT_SHAPES):
# colour is never the only thing that tells two seats apart.
SEAT_SHAPES: tuple[str, ...] = ("circle", "triangle", "square", "diamond", "star", "moon", "cross", "heart")


def seat_color(seat: int) -> Color:
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


def seat_shape(seat: int) -> str:
    """The shape that marks `seat` beside its colour (game.render.seat_marks draws it)."""
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]
