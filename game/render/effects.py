"""A view-model's typed effects: what a table shows for a while after an event (a seat's note, a banner,
a shake) and things flying between named anchors. Small frozen values; drawing reads them at a time
`now` and never changes them.

Anchors are names (("seat", 2), ("centre",), ("pile", 5)) that the table's geometry resolves with the
current layout, so a resize mid-animation still lands in the right place. A game adds its own effects
and flyer arts next to its view-model, as subclasses of `Effect` and plain frozen dataclasses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from game.render import colors
from game.render.tween import Tween

Anchor = tuple[Any, ...]  # a name and its arguments: ("seat", 2), ("centre",)
# A card as the card art draws it (game.render.card_art): a playing card ("card", "QS", mini), a back, or a
# value card ("nt", value, suit or None, rank label, mini).
CardKey = (tuple[Literal["card"], str, bool] | tuple[Literal["back"]]
           | tuple[Literal["nt"], int, str | None, str, bool])
Hides = tuple[str | int, ...]  # what a flyer hides till it lands: a name and its numbers, ("seat_card", 2, 17)

# A seat's note reads in full for at least NOTE_HOLD_MS (issue 37: a family reads it from the sofa, and
# "Wrong slap! Burns 2" went before it was read), then fades out over NOTE_FADE_MS.
NOTE_HOLD_MS = 2000
NOTE_FADE_MS = 300
SHORTEST_NOTE_MS = 900  # the shortest time a game asks for a note ("Too late by 14 ms": 1100; "Out!": 1400)


def note_tween(t_ns: int, ms: int) -> Tween:
    """A note's time on the table from `t_ns`: the `ms` a game asks, every note lengthened alike so that the
    shortest is held NOTE_HOLD_MS before it fades, and what outlasted what still does ("Out!" stays alone
    after "Too late by 25 ms" in a lane that holds one note)."""
    longer = NOTE_HOLD_MS + NOTE_FADE_MS - SHORTEST_NOTE_MS
    return Tween(t_ns, (max(ms, SHORTEST_NOTE_MS) + longer) * 1_000_000)


@dataclass(frozen=True, slots=True)
class Effect:
    """A timed decoration: it shows from `tween.start_ns` for `tween.dur_ns`."""

    tween: Tween


@dataclass(frozen=True, slots=True)
class Note(Effect):
    """Words at a seat ("Too late by 14 ms") in its notes lane, fading out in its last NOTE_FADE_MS (made
    with `note_tween`: held NOTE_HOLD_MS first); `short` is what it says where the lane is too small for
    `text` at a readable size ("Out of cards!" for "Out of cards: slap (L-Shift) to
    stay in!")."""

    seat: int
    text: str
    color: colors.Color = colors.TEXT
    short: str = ""
    # `text` worded again in the language of the moment (a language changed on the pause menu: ViewModel.reword)
    words: Callable[[], str] | None = field(default=None, compare=False, repr=False)
    short_words: Callable[[], str] | None = field(default=None, compare=False, repr=False)  # ... and `short`


@dataclass(frozen=True, slots=True)
class Banner(Effect):
    """Words for the whole table ("Sandwich!"), fading: in the table's banner lane if it has one (see
    TableView.banner_lane), else rising from `at`."""

    text: str
    color: colors.Color = colors.GOLD
    scale: float = 0.075  # the text's height as a share of the window's
    at: Anchor | None = None  # where its middle starts (None: the table's centre)
    plate: bool = False  # on a dark plate, so any colour reads on the felt
    seat: int | None = None  # about one seat (a slap's winner): said at that seat where its lane holds it
    words: Callable[[], str] | None = field(default=None, compare=False, repr=False)  # as Note.words


@dataclass(frozen=True, slots=True)
class Shake(Effect):
    """A seat's panel shaken side to side (a wrong press)."""

    seat: int


# -- what a flyer shows ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Face:
    """A card face (`key` as the card art knows it)."""

    key: CardKey


@dataclass(frozen=True, slots=True)
class Flip:
    """A card face opening out from edge-on as it starts to fly."""

    key: CardKey


@dataclass(frozen=True, slots=True)
class Back:
    """A card back."""


@dataclass(frozen=True, slots=True)
class Flyer:
    """`art` moving from `src` to `dst` over `tween`; static drawing leaves out `hides` until it lands.

    `art` is a `Face`, `Flip` or `Back`, or an art of the game's own that its painter knows.
    """

    tween: Tween
    src: Anchor
    dst: Anchor
    art: object
    hides: Hides | None = None
    scale: tuple[float, float] | None = (1.0, 1.0)  # None: a card's size at `src`, then at `dst`
    angle: tuple[float, float] = (0.0, 0.0)
    count: int = 1  # how many of `hides` it carries (a handful of tokens flies as one)
