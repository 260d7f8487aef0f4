"""The pure half of a table view: it turns the game's events into typed effects (game.render.effects) and
says what the table says, from the state and who sits where. No drawing and no clock: the times come with
the events, so it runs headless and its tests need no window."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from game.i18n import t
from game.render.anim import Anim
from game.render.effects import Banner, Effect, Flyer, Note

if TYPE_CHECKING:
    from game.render.seat_keys import SeatKeys

MS = 1_000_000

Handler = Callable[[Any, Any, int, Any], list[str]]


def pressed(keys: SeatKeys, which: str = "first") -> str:
    """A control as a prompt names it: "Q" for keys, "A (Pad 1)" for a pad (so the room sees which device
    plays the seat); `which` is "first" or "second"."""
    label = keys.first if which == "first" else keys.second
    return t("{key} ({pad})", key=label, pad=keys.pad) if keys.pad else label


def who(name: str, keys: SeatKeys | None) -> str:
    """A seat's name as a prompt names it: "Ada (Pad 1)" for a pad, the name alone otherwise."""
    return t("{name} ({pad})", name=name, pad=keys.pad) if keys is not None and keys.pad else name


def _reworded(e: Effect) -> Effect:
    """A note or banner worded again in the language of the moment (a note's short form too, which a small
    window's narrow lanes show: "Out of cards!" for "Out of cards: slap (L-Shift) to stay in!"); others as
    they are."""
    if isinstance(e, Note) and e.short_words:
        e = dataclasses.replace(e, short=e.short_words())
    return dataclasses.replace(e, text=e.words()) if isinstance(e, (Note, Banner)) and e.words else e


class ViewModel:
    """Who sits where (names, faces, key labels, bots), the motion setting, and the running animations.

    A game's view-model lists its handlers in `handlers` (event class: function(self, event, t_ns, state)
    returning the sounds to play); events it has none for show nothing."""

    handlers: ClassVar[dict[type, Handler]] = {}

    def __init__(self, names: list[str], *, reduced_motion: bool = False) -> None:
        self.names = list(names)
        self.n = len(names)
        self.bots: set[int] = set()  # seats played by bots (they get no "press" hints)
        self.keys: list[SeatKeys | None] = [None] * self.n  # each human seat's key labels
        # each seat's face on its mat: the avatar (game.render.faces.AVATARS) of the profile that plays it;
        # None: a guest's or a bot's seat (its mat shows the seat's colour)
        self.faces: list[int | None] = [None] * self.n
        self.reduced_motion = reduced_motion
        self.anim = Anim()

    def on_event(self, event: object, t_ns: int, state: Any) -> list[str]:
        """Start what one event shows (from `t_ns`); the sounds to play. `state` is the game after the
        batch the event came in."""
        handler = self.handlers.get(type(event))
        return [] if handler is None else handler(self, event, t_ns, state)

    def reword(self) -> None:
        """The notes and banners on show worded again from their events' data, in the language of the moment (one
        changed on the pause menu: found playing, "Player 1: Double!" stayed in the old language for a second)."""
        self.anim.effects = [_reworded(e) for e in self.anim.effects]

    def keys_of(self, seat: int) -> SeatKeys | None:
        """A human seat's key labels (None for bots and seats nobody plays)."""
        if seat in self.bots or not 0 <= seat < len(self.keys):
            return None
        return self.keys[seat]

    def dur(self, ms: float) -> int:
        """A decoration's duration in ns: shortened to nothing with reduced motion."""
        return 0 if self.reduced_motion else int(ms * MS)

    def fly(self, flyer: Flyer) -> None:
        """Add a flyer unless motion is reduced (then things simply appear where they land)."""
        if flyer.tween.dur_ns > 0:
            self.anim.fly(flyer)
