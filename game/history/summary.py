"""What the history keeps of a finished game, taken from its table config and match at the results screen.

Taking it is cheap (a few lists, no I/O); writing it happens off the frame path (game.history.store). The
shell knows no game by name here: a game's result is read from its state (`winners()` or `winner`,
`scores()` where the game has points) and its slaps from `match.history.slaps` where it has them.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from game.games.base import TableConfig, seat_name

# A slap's outcome at a table (as the match's slap records say) and in practice.
WON, LATE, WRONG = "won", "too late", "wrong"
RIGHT, MISSED = "right", "missed"
LATE_GRACE_MS = 1000  # a too-late slap belongs to the pile won by the last slap at most this long before it


@dataclass(frozen=True, slots=True)
class SeatResult:
    seat: int
    name: str
    kind: str
    level: str | None
    profile_id: int | None
    won: bool
    score: int | None  # None in a game without points


@dataclass(frozen=True, slots=True)
class SlapRow:
    """One slap of a profile's seat: when (ms into the game), the rule of the pile (None for a wrong
    slap), the outcome, the reaction time (ms from the pile becoming slappable) and the seat's head start."""

    seat: int
    profile_id: int
    t_ms: int
    rule: str | None
    outcome: str
    reaction_ms: float | None
    head_start_ms: int = 0


@dataclass(frozen=True, slots=True)
class GameRecord:
    game: str
    rules: dict[str, Any]
    started: str  # UTC, ISO 8601
    length_ms: int
    seats: tuple[SeatResult, ...]
    winners: tuple[int, ...]
    scores: tuple[int, ...] | None
    end: str | None
    slaps: tuple[SlapRow, ...] = ()
    key: tuple = field(default=(), compare=False)  # the table it was played at (see `table_key`)

    @property
    def has_people(self) -> bool:
        return any(s.kind == "human" for s in self.seats)


def table_key(config: TableConfig) -> tuple:
    """What makes two games "the same table" for the evening's tally: the game, its rules, who sits where
    (names, bots' levels, head starts, profiles); not the seed or who starts, which Play again changes."""
    seats = tuple((seat_name(spec, i), spec.level, repr(spec)) for i, spec in enumerate(config.seats))
    return (config.game, repr(config.rules), seats, profiles_of(config))


def profiles_of(config: TableConfig) -> tuple[int | None, ...]:
    """Each seat's profile id (None: a guest or a bot)."""
    chosen = tuple(getattr(config, "profiles", ()) or ())
    return tuple(chosen[i] if i < len(chosen) else None for i in range(len(config.seats)))


def outcome(state: Any) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    """(winners, scores or None) of a finished game's state."""
    if hasattr(state, "winners"):
        winners = tuple(state.winners())
    else:
        winner = getattr(state, "winner", None)
        winners = () if winner is None else (winner,)
    scores = tuple(int(s) for s in state.scores()) if hasattr(state, "scores") else None
    return winners, scores


def game_record(config: TableConfig, match: Any, options: dict[str, Any] | None = None) -> GameRecord:
    """The record of `match`, finished at the table `config` (its seats as they ended: the table keeps them in
    step with the match's, and a seat a bot took over keeps its name). `options`: the rules as option values (the log header's, by default)."""
    log = match.log
    start_ns = int(log.header["start_ns"])
    winners, scores = outcome(match.state)
    profiles = profiles_of(config)
    seats = tuple(
        SeatResult(i, seat_name(spec, i), spec.kind, spec.level, profiles[i], i in winners,
                   None if scores is None else scores[i])
        for i, spec in enumerate(config.seats))
    return GameRecord(
        game=config.game,
        rules=dict(options if options is not None else log.header.get("rules", {})),
        started=str(log.header.get("started") or now_iso()),
        length_ms=max(0, (log.last_t_ns - start_ns) // 1_000_000),
        seats=seats, winners=winners, scores=scores, end=getattr(match.state, "end_reason", None),
        slaps=tuple(slap_rows(match, profiles, start_ns)),
        key=table_key(config),
    )


def slap_rows(match: Any, profiles: tuple[int | None, ...], start_ns: int) -> list[SlapRow]:
    """The slaps of the profile seats, in order, and the patterns they missed. A too-late slap counts for
    the rule of the pile it was late for: the last one taken or passed, just before it (at most
    LATE_GRACE_MS). A pile nobody slapped is "missed" for each profile seat that was in the game then,
    unless that seat slapped it too late."""
    history = getattr(match, "history", None)
    records = getattr(history, "slaps", None) or ()
    passed = list(getattr(history, "missed", None) or ())
    specs = list(getattr(match, "seats", ()))
    rows: list[tuple[int, SlapRow]] = []
    late_for: set[tuple[int, int]] = set()  # (index in `passed`, seat): a late slap for a missed pile
    last: tuple[int, str | None, int | None] | None = None  # (t_ns, rule, missed index) of the last pile gone
    events = sorted([(rec.t_ns, 1, i) for i, rec in enumerate(records)] + [(m.t_ns, 0, i) for i, m in enumerate(passed)])
    for t_ns, kind, i in events:
        if kind == 0:
            last = (t_ns, passed[i].rule, i)
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
        profile = profiles[rec.seat] if 0 <= rec.seat < len(profiles) else None
        if profile is None:
            continue
        rows.append((rec.t_ns, SlapRow(rec.seat, profile, (rec.t_ns - start_ns) // 1_000_000, rule, rec.verdict,
                                       None if rec.reaction_ms is None else round(float(rec.reaction_ms), 1),
                                       _head(specs, rec.seat))))
    for i, m in enumerate(passed):
        for seat in m.seats:
            profile = profiles[seat] if 0 <= seat < len(profiles) else None
            if profile is None or (i, seat) in late_for:
                continue
            rows.append((m.t_ns, SlapRow(seat, profile, (m.t_ns - start_ns) // 1_000_000, m.rule, MISSED, None,
                                         _head(specs, seat))))
    rows.sort(key=lambda r: r[0])  # stable: a slap and a miss at the same moment keep their order
    return [row for _t, row in rows]


def _head(specs: list[Any], seat: int) -> int:
    return int((getattr(specs[seat], "head_start_ms", 0) or 0) if seat < len(specs) else 0)


def now_iso() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
