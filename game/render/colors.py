"""The table's palette: felt, rim, seat colours (Okabe–Ito) and suit colours (two or four colours)."""

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
    (0x99, 0x99, 0x99),  # grey
)

FELT: Color = (22, 98, 58)
FELT_DARK: Color = (8, 46, 26)
RIM: Color = (104, 62, 30)
RIM_DARK: Color = (58, 32, 14)
RIM_LIGHT: Color = (150, 98, 52)
BACKDROP: Color = (18, 16, 20)

INK: Color = (24, 24, 28)
PAPER: Color = (250, 248, 240)
PAPER_EDGE: Color = (150, 150, 150)
TEXT: Color = (240, 240, 232)
TEXT_DIM: Color = (178, 190, 180)
PANEL: Color = (12, 40, 24)
GOLD: Color = (214, 176, 72)
WARN: Color = (235, 80, 60)

BACK_MAIN: Color = (122, 28, 42)
BACK_LINE: Color = (196, 120, 110)

WOOD: Color = (236, 214, 164)
WOOD_SHADE: Color = (196, 168, 112)
MATCH_HEAD: Color = (190, 36, 30)
CHIP: Color = (200, 48, 44)

_RED: Color = (200, 20, 30)
_BLACK: Color = (20, 20, 24)
_BLUE: Color = (20, 80, 200)
_GREEN: Color = (10, 130, 50)


def seat_color(seat: int) -> Color:
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


def suit_color(suit: str, four_colour: bool = False) -> Color:
    """Colour of a suit letter ('S', 'H', 'D', 'C'): red/black, or black ♠ red ♥ blue ♦ green ♣."""
    if four_colour:
        return {"S": _BLACK, "H": _RED, "D": _BLUE, "C": _GREEN}[suit]
    return _RED if suit in "HD" else _BLACK


def mix(a: Color, b: Color, p: float) -> Color:
    return (
        int(a[0] + (b[0] - a[0]) * p),
        int(a[1] + (b[1] - a[1]) * p),
        int(a[2] + (b[2] - a[2]) * p),
    )
