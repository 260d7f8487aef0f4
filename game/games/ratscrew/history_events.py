"""What a Ratscrew table gives the players' history (GameDef contract: `Match.history_events`): every slap,
and every slappable pile nobody took, as generic EventRows of kind "slap".

A too-late slap counts for the rule of the pile it was late for: the last one taken or passed just before it
(at most LATE_GRACE_MS). A pile nobody slapped is "missed" for each seat that was in the game then, unless
that seat slapped it too late."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.core.contract import EventRow

WON, LATE, MISSED = "won", "too late", "missed"
LATE_GRACE_MS = 1000
KIND = "slap"


class Slap(Protocol):
    """A slap as the match keeps it (match.SlapRecord)."""

    @property
    def t_ns(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def verdict(self) -> str: ...
    @property
    def rule(self) -> str | None: ...
    @property
    def reaction_ms(self) -> float | None: ...


class Missed(Protocol):
    """A slappable pile nobody slapped, as the match keeps it (match.MissedRecord)."""

    @property
    def t_ns(self) -> int: ...
    @property
    def rule(self) -> str | None: ...
    @property
    def seats(self) -> Sequence[int]: ...


class SlapHistory(Protocol):
    """What the match keeps (game.games.ratscrew.match.RatscrewHistory): its slaps (t_ns, seat, verdict, rule,
    reaction_ms) and the piles nobody slapped (t_ns, rule, seats)."""

    @property
    def slaps(self) -> Sequence[Slap]: ...
    @property
    def missed(self) -> Sequence[Missed]: ...


def events(history: SlapHistory) -> list[EventRow]:
    records, passed = history.slaps, history.missed
    rows: list[tuple[int, EventRow]] = []
    late_for: set[tuple[int, int]] = set()  # (index in `passed`, seat): a late slap for a missed pile
    last: tuple[int, str | None, int | None] | None = None  # (t_ns, rule, missed index) of the last pile gone
    order = sorted([(rec.t_ns, 1, i) for i, rec in enumerate(records)] + [(m.t_ns, 0, i) for i, m in enumerate(passed)])
    for _t, kind, i in order:
        if kind == 0:
            last = (passed[i].t_ns, passed[i].rule, i)
            continue
        rec = records[i]
        rule = rec.rule
        if rec.verdict == WON:
            last = (rec.t_ns, rec.rule, None)
        elif rec.verdict == LATE and rule is None and last is not None \
                and rec.t_ns - last[0] <= LATE_GRACE_MS * 1_000_000:
            rule = last[1]
            if last[2] is not None:
                late_for.add((last[2], rec.seat))
        reaction = None if rec.reaction_ms is None else round(float(rec.reaction_ms), 1)
        rows.append((rec.t_ns, EventRow(rec.seat, KIND, rec.t_ns, rec.verdict, rule, reaction)))
    for i, m in enumerate(passed):
        for seat in m.seats:
            if (i, seat) not in late_for:
                rows.append((m.t_ns, EventRow(seat, KIND, m.t_ns, MISSED, m.rule, None)))
    rows.sort(key=lambda r: r[0])  # stable: a slap and a miss at the same moment keep their order
    return [row for _t, row in rows]
