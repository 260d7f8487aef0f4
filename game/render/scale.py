"""Sizes that scale with the window from the 1280×720 reference (as game.ui.widgets.px does for the menus):
a table's words are given in px at 720p and grow or shrink with the window.

TEXT_MIN is the smallest text a player needs mid-game may be at 720p (a note, the prompt, the photo
finish, the pile count, the rules corner): from a sofa three metres away, smaller is not read.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager

REFERENCE = (1280, 720)
TEXT_MIN = 20  # px at 1280×720
# The couch floors (issue 20): at the tables every word is drawn at least WORD_MIN px at 1280×720 (scaled
# with the window), and what a player reads from the sofa first (seat names, the prompt, banners, counts,
# the photo finish's names) at least BIG_MIN. A word starts at these sizes; only a tiny window, a long
# name or a long language at 150 % text may take it down towards TEXT_MIN, never under it.
WORD_MIN = 24
BIG_MIN = 28


def unit(size: tuple[int, int]) -> float:
    """How big 1 px at 1280×720 is in a window of `size` (the smaller of the two ratios; never below 0.45)."""
    return max(0.45, min(size[0] / REFERENCE[0], size[1] / REFERENCE[1]))


def px(size: tuple[int, int], n: float) -> int:
    """`n` px at 1280×720, in a window of `size`."""
    return max(1, round(n * unit(size)))


def text_min(size: tuple[int, int]) -> int:
    """The smallest text a player needs mid-game, in a window of `size` (at the standard text size: fonts
    grow by the player's text size themselves, see text_scale)."""
    return px(size, TEXT_MIN)


def word_min(size: tuple[int, int]) -> int:
    """The smallest word at the tables (WORD_MIN at 720p) in a window of `size`."""
    return px(size, WORD_MIN)


def big_min(size: tuple[int, int]) -> int:
    """The smallest name, prompt, banner or count at the tables (BIG_MIN at 720p) in a window of `size`."""
    return px(size, BIG_MIN)


# -- accessibility: the player's text size and large cards (set from the settings by the app) ------------
# Large-cards mode: a table's centre cards at least LARGE_CARDS of the standard size; a centre a game draws
# that big already (a pile the game enlarged) stays, and its seats' panels with their cards grow by up to
# LARGE_SEAT_CARDS instead (the layout shrinks them until they fit round the centre). More than this and the
# tables' lanes (a seat's notes, the prompt, a 20-character name) no longer fit at 8 seats.
LARGE_CARDS = 1.15
LARGE_SEAT_CARDS = 1.3
_text_scale = 1.0
_card_boost = 1.0
_seat_boost = 1.0


_room = 2.0  # the largest text scale the screen being laid out or drawn takes (see text_room)


def set_text_scale(factor: float) -> None:
    """Every text drawn through a TextCache from now on is `factor` times its size (1.0, 1.25 or 1.5), as
    far as the screen drawing it has room (text_room)."""
    global _text_scale
    _text_scale = max(0.5, min(2.0, float(factor)))


def text_scale() -> float:
    """The text scale in force: the player's, capped by the room of the screen being drawn."""
    return min(_text_scale, _room)


# The text size setting grows small text: a text of size n (px) becomes n × scale, but no bigger than
# TEXT_GROWN_MAX px at 1280×720 (scaled with the window); text bigger than that already (headings) stays.
TEXT_GROWN_MAX = 40
_window_unit = 1.0


def set_window(size: tuple[int, int]) -> None:
    """The window the texts are drawn in (for TEXT_GROWN_MAX); the app tells it on every layout."""
    global _window_unit
    _window_unit = unit(size)


def text_px(size: float) -> int:
    """The font size that text of `size` px is drawn at, at the text size in force."""
    s = text_scale()
    if s == 1.0:
        return round(size)
    return round(max(size, min(size * s, TEXT_GROWN_MAX * _window_unit)))


def text_for(drawn: int) -> int:
    """The smallest text size that is drawn at least `drawn` px at the text size in force (`drawn` itself at
    100 %): where a bigger text size finds no room, a text may shrink to this, as big as 100 % drew it."""
    n = max(1, int(drawn))
    while n > 1 and text_px(n - 1) >= drawn:
        n -= 1
    return n


def looks_key() -> tuple[float, float]:
    """What text_px depends on (for caches of drawn text)."""
    return text_scale(), _window_unit


def player_text_scale() -> float:
    """The text size the player asked for (1.0, 1.25, 1.5), whatever a screen can take."""
    return _text_scale


@contextmanager
def text_room(room: float) -> Iterator[None]:
    """While a screen lays out or draws: its texts grow with the player's text size up to `room` (a
    screen whose layout has no room for 150 % text says so with its Scene.text_room)."""
    global _room
    old, _room = _room, room
    try:
        yield
    finally:
        _room = old


def set_large_cards(on: bool) -> None:
    global _card_boost, _seat_boost
    _card_boost = LARGE_CARDS if on else 1.0
    _seat_boost = LARGE_SEAT_CARDS if on else 1.0


def _crowded() -> bool:
    """Large cards and 150 % text in a window under 960×540 (unit 0.75): no room for both round a table of
    eight; the text the player asked for wins, the cards keep their standard size."""
    return text_scale() > 1.25 and _window_unit < CROWDED_UNIT


CROWDED_UNIT = 0.75


def seat_card_boost() -> float:
    """How much bigger than standard the seats' cards may be (1.0, or LARGE_SEAT_CARDS in large-cards mode;
    1.0 where a small window has no room for them and 150 % text at once)."""
    return 1.0 if _crowded() else _seat_boost


def card_boost() -> float:
    """How much bigger than standard the tables draw their cards (1.0, or LARGE_CARDS in large-cards mode;
    1.0 where a small window has no room for them and 150 % text at once)."""
    return 1.0 if _crowded() else _card_boost


def apply_settings(settings: Mapping[str, object]) -> None:
    """Read the text size, large cards and card letters from the settings (a mapping; missing keys: the
    defaults). Letters on "auto" follow the language in force, whenever it changes."""
    from game.render import letters

    get = settings.get
    set_text_scale(int(get("text_size", 100) or 100) / 100)
    set_large_cards(bool(get("large_cards", False)))
    letters.set_letters(str(get("card_letters", letters.AUTO)))


def looks() -> tuple[float, float, str]:
    """The text size, card size and letters in force (a change means every screen lays out again)."""
    from game.render import letters

    return _text_scale, _card_boost, letters.letters()
