"""The table's palette: felt, rim, seat colours (game.seat_colors) and suit colours (two or four
colours)."""

from __future__ import annotations

import functools

# The seat colours are defined below render (the input router lights controllers with them).
from game.seat_colors import SEAT_COLORS, Color, seat_color

# re-exported: the palette's users read seat colours from here too
__all__ = ["SEAT_COLORS", "Color", "seat_color"]

FELT: Color = (22, 98, 58)
FELT_DARK: Color = (8, 46, 26)
FELT_LIGHT: Color = (70, 150, 100)  # the pool of light under a table's centre
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
# The menus and screens round the tables, in the same greens: their panels, the focused row, a heading's
# shadow, a button's edge, what cannot be chosen, chart lines, the replay's track, a text field.
MENU_PANEL: Color = (8, 30, 18)
HILITE: Color = (34, 120, 74)
SHADOW: Color = (4, 24, 12)
BUTTON_EDGE: Color = (60, 110, 80)
DISABLED: Color = (110, 130, 115)
GRID: Color = (40, 80, 56)
TRACK: Color = (30, 60, 42)
FIELD: Color = (4, 20, 10)
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


def luminance(c: Color) -> float:
    """WCAG relative luminance of an sRGB colour, 0 (black) to 1 (white)."""

    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in c[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Color, b: Color) -> float:
    """WCAG contrast ratio of two colours, 1 (same) to 21 (black on white)."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


# A few dozen (colour, background) pairs in a game: kept, since the table asks for them every frame and each
# is a search of up to fifty contrast measures.
@functools.lru_cache(maxsize=512)
def readable(color: Color, background: Color, ratio: float = 4.5) -> Color:
    """`color` lightened towards white just enough to reach `ratio` against a dark `background` (its hue
    is kept: a mix with white changes only lightness and saturation)."""
    p = 0.0
    out = color
    while contrast(out, background) < ratio and p < 1.0:
        p = min(1.0, p + 0.02)
        out = mix(color, (255, 255, 255), p)
    return out


# A seat-coloured banner ("Sandwich!") sits on a dark plate so every seat colour reads on the felt.
PLATE: Color = (8, 12, 10)
PLATE_ALPHA = 215


def on_plate(under: Color = FELT) -> Color:
    """What the plate looks like over `under`: the background a plated banner's text is read against."""
    return mix(under, PLATE, PLATE_ALPHA / 255)


# The felt as light as it is where words lie on it (the pool of light on the centre included): words drawn
# bare on the felt reach 4.5:1 against it (tests/test_access_contrast.py measures the drawn pixels).
FELT_UNDER_WORDS: Color = mix(FELT, FELT_LIGHT, 0.2)


def on_felt(color: Color) -> Color:
    """`color` for words drawn bare on the felt: lightened just enough to read at 4.5:1 (a warning's red
    turns a light red, the gold a pale gold; white and the light seat colours stay as they are)."""
    return readable(color, FELT_UNDER_WORDS)


def banner_color(seat: int) -> Color:
    """A seat's colour for text on the plate: the seat colour, lightened only if it is too dark to read."""
    return readable(seat_color(seat), on_plate())
