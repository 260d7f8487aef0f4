"""Sizes that scale with the window from the 1280×720 reference (as game.ui.widgets.px does for the menus):
a table's words are given in px at 720p and grow or shrink with the window.

TEXT_MIN is the smallest text a player needs mid-game may be at 720p (a note, the prompt, the photo
finish, the pile count, the rules corner): from a sofa three metres away, smaller is not read.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from functools import cached_property

from game import i18n
from game.context import Layered
from game.core.memo import Memo

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


# -- the render context: what a frame is drawn with ---------------------------------------------------------
# Large-cards mode: a table's centre cards at least LARGE_CARDS of the standard size; a centre a game draws
# that big already (a pile the game enlarged) stays, and its seats' panels with their cards grow by up to
# LARGE_SEAT_CARDS instead (the layout shrinks them until they fit round the centre). More than this and the
# tables' lanes (a seat's notes, the prompt, a 20-character name) no longer fit at 8 seats.
LARGE_CARDS = 1.15
LARGE_SEAT_CARDS = 1.3
# The text size setting grows small text: a text of size n (px) becomes n × scale, but no bigger than
# TEXT_GROWN_MAX px at 1280×720 (scaled with the window); text bigger than that already (headings) stays.
TEXT_GROWN_MAX = 40
CROWDED_UNIT = 0.75


@dataclass(frozen=True)
class RenderContext:
    """What a frame is laid out and drawn with: the player's text size (`text`: 1.0, 1.25 or 1.5), large
    cards, the window (its unit sizes TEXT_GROWN_MAX; the caches' bounds are sized by it), the room of
    the screen being drawn (the largest text scale it takes, see text_room), the cards' letters (a
    style of game.render.letters, or "auto": the language's; the language itself is game.i18n's context)
    and, where a screen draws a picture bigger than the window to scale it down, its `canvas`.

    A value: the app makes one from the settings and its window and draws each frame with it (`using`);
    a screen that needs other words (the replay viewer's boosted table, a screen's room) draws inside
    `using(text=..., room=...)`, which ends when it is done, whatever happens."""

    text: float = 1.0
    large_cards: bool = False
    window: tuple[int, int] = REFERENCE
    room: float = 2.0
    letters: str = "auto"
    # The size the pictures are drawn for where it is not the window's: the replay viewer lays its table out at
    # its minimum size at least and scales it down into a smaller window. The caches' bounds are sized by the
    # bigger of the two (`drawn_for`), so a table's felt fits its cache there too.
    canvas: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", max(0.5, min(2.0, float(self.text))))  # 50 % to 200 %, whatever asked
        object.__setattr__(self, "window", (int(self.window[0]), int(self.window[1])))

    @property
    def drawn_for(self) -> tuple[int, int]:
        """The window, or the canvas where it has more pixels: what the caches' bounds are sized by."""
        canvas = self.canvas
        if canvas is None or canvas[0] * canvas[1] <= self.window[0] * self.window[1]:
            return self.window
        return canvas

    @property
    def window_unit(self) -> float:
        return unit(self.window)

    @property
    def text_scale(self) -> float:
        """The text scale in force: the player's, capped by the room of the screen being drawn."""
        return min(self.text, self.room)

    @cached_property
    def grown(self) -> tuple[float, float]:
        """(text_scale, TEXT_GROWN_MAX px in the window): what text_px reads, a million times a test file,
        worked out once per context (kept in the instance, not a field: neither compared nor replaced)."""
        return self.text_scale, TEXT_GROWN_MAX * self.window_unit

    @property
    def crowded(self) -> bool:
        """Large cards and 150 % text in a window under 960×540 (unit 0.75): no room for both round a table
        of eight; the text the player asked for wins, the cards keep their standard size."""
        return self.text_scale > 1.25 and self.window_unit < CROWDED_UNIT

    @property
    def card_boost(self) -> float:
        return 1.0 if self.crowded or not self.large_cards else LARGE_CARDS

    @property
    def seat_card_boost(self) -> float:
        return 1.0 if self.crowded or not self.large_cards else LARGE_SEAT_CARDS


# The context in force (game.context.Layered): `_STATE` holds (installed, the `using` blocks' changes, in force).
_CONTEXT: Layered[RenderContext] = Layered("render_context", RenderContext())
_STATE = _CONTEXT.var


def current() -> RenderContext:
    """The render context in force."""
    return _STATE.get()[2]


def using(context: RenderContext | None = None, **changes: object) -> AbstractContextManager[RenderContext]:
    """Lay out and draw with `context` (every field of it), or the one in force with `changes` (e.g.
    room=1.0), until the block ends; then the one before is back, whatever happens. A context installed
    inside the block (the player changed the text size) stays installed: only the block's changes end."""
    return _CONTEXT.using(context, **changes)


def install(context: RenderContext | None = None, **changes: object) -> None:
    """Make `context` (or the one installed with `changes`, e.g. text=1.5) the one in force outside any
    `using` block: the app's, from its settings and window, what scenes built between frames and the tests
    lay out with. Blocks open now keep their changes over it."""
    _CONTEXT.install(context, **changes)


def installed() -> RenderContext:
    """The context installed (outside every `using` block)."""
    return _STATE.get()[0]


def text_scale() -> float:
    """The text scale in force: the player's, capped by the room of the screen being drawn."""
    return _STATE.get()[2].text_scale


def text_px(size: float) -> int:
    """The font size that text of `size` px is drawn at, at the text size in force."""
    s, most = _STATE.get()[2].grown
    if s == 1.0:
        return round(size)
    return round(max(size, min(size * s, most)))


# text_for's answers by (drawn, text scale, TEXT_GROWN_MAX in the window): the layouts ask for the same few
# sizes hundreds of thousands of times a test file. A few sizes times a few looks, some 150 bytes each.
_TEXT_FOR: Memo[tuple[float, float, float], int] = Memo("text sizes for", 2**16)


def text_for(drawn: int) -> int:
    """The smallest text size that is drawn at least `drawn` px at the text size in force (`drawn` itself at
    100 %): where a bigger text size finds no room, a text may shrink to this, as big as 100 % drew it."""
    key = (drawn, *_STATE.get()[2].grown)
    n = _TEXT_FOR.get(key)
    if n is None:
        n = max(1, int(drawn))
        while n > 1 and text_px(n - 1) >= drawn:
            n -= 1
        _TEXT_FOR[key] = n
    return n


def looks_key() -> tuple[float, float, str, str]:
    """What drawn text depends on besides its own words (for caches of drawn text and of what is measured
    from it): text_px's text scale and window unit, the language and the cards' letters in force. A frame
    drawn in another language (i18n.using) is kept apart from the others, never served to them."""
    context = _STATE.get()[2]
    return context.text_scale, context.window_unit, i18n.language(), context.letters


def words_key() -> tuple[str, str]:
    """The language and the cards' letters in force: what a still picture's words and cards were drawn in (a
    frame drawn in another, in a `using` block, is no still of the next; the text size is left out, as a
    screen's room changes it between asking and drawing)."""
    return i18n.language(), _STATE.get()[2].letters


def player_text_scale() -> float:
    """The text size the player asked for (1.0, 1.25, 1.5), whatever a screen can take."""
    return _STATE.get()[2].text


@contextmanager
def text_room(room: float) -> Iterator[None]:
    """While a screen lays out or draws: its texts grow with the player's text size up to `room` (a
    screen whose layout has no room for 150 % text says so with its Scene.text_room)."""
    with using(room=room):
        yield


def seat_card_boost() -> float:
    """How much bigger than standard the seats' cards may be (1.0, or LARGE_SEAT_CARDS in large-cards mode;
    1.0 where a small window has no room for them and 150 % text at once)."""
    return _STATE.get()[2].seat_card_boost


def card_boost() -> float:
    """How much bigger than standard the tables draw their cards (1.0, or LARGE_CARDS in large-cards mode;
    1.0 where a small window has no room for them and 150 % text at once)."""
    return _STATE.get()[2].card_boost


def from_settings(settings: Mapping[str, object], window: tuple[int, int]) -> RenderContext:
    """The context the settings ask for (a mapping; missing keys: the defaults) in a window of `window`."""
    get = settings.get
    percent = get("text_size", 100)
    if isinstance(percent, bool) or not isinstance(percent, int | float) or not percent:
        percent = 100  # a setting that is no size (settings.py has said so when it read it): the standard
    return RenderContext(text=percent / 100, large_cards=bool(get("large_cards", False)),
                         window=window, letters=str(get("card_letters", "auto")))


def apply_settings(settings: Mapping[str, object]) -> None:
    """Read the text size, large cards and card letters from the settings (a mapping; missing keys: the
    defaults) into the context in force outside `using` blocks. Letters on "auto" follow the language in
    force, whenever it changes."""
    install(from_settings(settings, installed().window))


def looks() -> tuple[float, bool, str, str]:
    """The text size, card size and letters installed, and the language in force (a change means every
    screen lays out again)."""
    context = _STATE.get()[0]
    return context.text, context.large_cards, context.letters, i18n.language()
