"""What a Ratscrew bot is to its match (`SlapBot`, the game's bot type in its GameDef), and what most bots
answer alike (`SeatBot`): the match reads these, never probes a bot for them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from game.games.ratscrew import engine as rs


@dataclass(slots=True)
class BotLog:
    """What the bot did with the piles it saw (for the sim's report)."""

    opportunities: int = 0
    missed: int = 0
    near_misses: int = 0
    near_miss_slaps: int = 0
    reactions_ms: list[float] = field(default_factory=list)


class SlapBot(Protocol):
    """A Ratscrew bot as the match drives it: given what its seat sees now (`now_ns`) and the actions it has
    pending ({action: when}), the changes to them (a time to act, or None: not any more). It `watch`es the
    table's public slaps (RatscrewMatch._tell_bots); a `restless` one is asked again after each of its own
    presses, whatever became of them; its `log` (None: it keeps none) gives the sim its noticing figures."""

    @property
    def restless(self) -> bool: ...

    @property
    def log(self) -> BotLog | None: ...

    def plan(self, obs: rs.Observation, now_ns: int, pending: dict[str, int]) -> dict[str, int | None]: ...

    def watch(self, what: str, seat: int | None, t_ns: int) -> None: ...


class SeatBot:
    """What most bots answer alike: they plan only when the table changes, keep no log, and do not learn from
    the table's slaps."""

    restless = False
    log: BotLog | None = None

    def watch(self, what: str, seat: int | None, t_ns: int) -> None:
        """A public slap event: `what` "won", "too late", "wrong" or "missed" (seat None), at `t_ns`."""
