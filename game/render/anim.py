"""One table's running animations: its flyers and its timed effects (see game.render.effects).

The view-model adds them as events arrive; the table's update prunes them; drawing only reads them.
"""

from __future__ import annotations

from typing import TypeVar

from game.render.effects import Effect, Flyer, Hides

E = TypeVar("E", bound=Effect)


class Anim:
    """All flyers and effects of one table."""

    def __init__(self) -> None:
        self.flyers: list[Flyer] = []
        self.effects: list[Effect] = []

    def fly(self, flyer: Flyer) -> Flyer:
        self.flyers.append(flyer)
        return flyer

    def add(self, effect: E) -> E:
        self.effects.append(effect)
        return effect

    def prune(self, now_ns: int) -> None:
        """Forget what has finished (called from update, never from draw)."""
        self.flyers = [f for f in self.flyers if not f.tween.done(now_ns)]
        self.effects = [e for e in self.effects if not e.tween.done(now_ns)]

    def clear(self, kinds: tuple[type[Effect], ...] | None = None) -> None:
        """Forget everything, or only the effects of `kinds`."""
        if kinds is None:
            self.flyers.clear()
            self.effects.clear()
        else:
            self.effects = [e for e in self.effects if not isinstance(e, kinds)]

    def hidden(self, tag: Hides, now_ns: float) -> int:
        """How many things still in the air (or about to fly) hide `tag`: static drawing leaves them out."""
        return sum(f.count for f in self.flyers if f.hides == tag and not f.tween.done(now_ns))

    def busy_until(self) -> int:
        """When the last running animation ends (0 if none)."""
        ends = [f.tween.end_ns for f in self.flyers] + [e.tween.end_ns for e in self.effects]
        return max(ends, default=0)

    def started(self, kind: type[E], now_ns: float) -> list[E]:
        """The effects of `kind` that have started (finished ones included until they are pruned)."""
        return [e for e in self.effects if isinstance(e, kind) and e.tween.started(now_ns)]

    def active(self, kind: type[E], now_ns: float) -> list[E]:
        """The effects of `kind` showing at `now_ns`."""
        return [e for e in self.started(kind, now_ns) if not e.tween.done(now_ns)]
