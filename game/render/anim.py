"""The view-model's moving parts: things flying between named anchors, and timed effects (texts, flashes).

A table turns engine events into Flyers and Effects; drawing reads them at a time `now` and never
changes them. Anchors are names (("seat", 2), ("centre",), ("pile", 5)) resolved by the drawer with the
current layout, so a resize mid-animation still lands in the right place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.render.tween import Tween

Anchor = tuple


@dataclass(slots=True)
class Flyer:
    """`art` moving from `src` to `dst` over `tween`; static drawing leaves out `hides` until it lands.

    art: ("card", key) a face, ("back",), ("flip", key) the face opening out from edge-on, ("token", kind),
    or anything the drawer knows (("sweep", snapshot)).
    """

    tween: Tween
    src: Anchor
    dst: Anchor
    art: tuple
    hides: tuple | None = None
    scale: tuple[float, float] = (1.0, 1.0)
    angle: tuple[float, float] = (0.0, 0.0)
    count: int = 1  # how many of `hides` it carries (a handful of matches flies as one)


@dataclass(slots=True)
class Effect:
    """A timed decoration: `kind` says how to draw it, `data` what with."""

    kind: str
    tween: Tween
    data: dict[str, Any] = field(default_factory=dict)


class Anim:
    """All flyers and effects of one table; pruned by the table's update, read by its draw."""

    def __init__(self) -> None:
        self.flyers: list[Flyer] = []
        self.effects: list[Effect] = []

    def fly(self, flyer: Flyer) -> Flyer:
        self.flyers.append(flyer)
        return flyer

    def effect(self, kind: str, start_ns: int, dur_ns: int, **data: Any) -> Effect:
        e = Effect(kind, Tween(start_ns, dur_ns), data)
        self.effects.append(e)
        return e

    def prune(self, now_ns: int) -> None:
        """Forget what has finished (called from update, never from draw)."""
        self.flyers = [f for f in self.flyers if not f.tween.done(now_ns)]
        self.effects = [e for e in self.effects if not e.tween.done(now_ns)]

    def clear(self, kinds: tuple[str, ...] | None = None) -> None:
        if kinds is None:
            self.flyers.clear()
            self.effects.clear()
        else:
            self.effects = [e for e in self.effects if e.kind not in kinds]

    def hidden(self, tag: tuple, now_ns: float) -> int:
        """How many things still in the air (or about to fly) hide `tag`: static drawing leaves them out."""
        return sum(f.count for f in self.flyers if f.hides == tag and not f.tween.done(now_ns))

    def busy_until(self) -> int:
        """When the last running animation ends (0 if none)."""
        ends = [f.tween.end_ns for f in self.flyers] + [e.tween.end_ns for e in self.effects]
        return max(ends, default=0)

    def active_effects(self, kind: str, now_ns: float) -> list[Effect]:
        return [
            e for e in self.effects if e.kind == kind and e.tween.started(now_ns) and not e.tween.done(now_ns)
        ]
