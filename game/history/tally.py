"""The evening's running score: Play again adds each game to the tally of its table (wins per seat, and
points per seat where the game has points) until the table changes (its game, rules, seats or names).
In memory only: the history database keeps the rest."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.history.summary import GameRecord


@dataclass(slots=True)
class Tally:
    names: list[str]
    games: int = 0
    wins: list[int] = field(default_factory=list)
    points: list[int] | None = None  # None for a game without points


class SessionTally:
    """`add(record)` after every finished game; `current(key)` the tally of the table `key`, if it is the
    table being played."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] | None = None
        self.tally: Tally | None = None

    def add(self, record: GameRecord) -> Tally:
        n = len(record.seats)
        if record.key != self.key or self.tally is None or len(self.tally.wins) != n:
            self.key = record.key
            self.tally = Tally([s.name for s in record.seats], 0, [0] * n,
                               None if record.scores is None else [0] * n)
        tally = self.tally
        tally.names = [s.name for s in record.seats]  # a default "Player 2" as the last game worded it
        tally.games += 1
        for seat in record.winners:
            tally.wins[seat] += 1
        if tally.points is not None and record.scores is not None:
            tally.points = [a + b for a, b in zip(tally.points, record.scores, strict=True)]
        return tally

    def current(self, key: tuple[object, ...]) -> Tally | None:
        return self.tally if key == self.key else None

    def clear(self) -> None:
        self.key = self.tally = None
