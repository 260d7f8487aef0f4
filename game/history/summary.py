"""What the history keeps of a finished game, taken from its table config and match at the results screen.

Taking it is cheap (a few lists, no I/O); writing it happens off the frame path (game.history.store). The
shell knows no game by name here: it reads the match only through the contract (game.core.contract.Match):
its `result()` and the `history_events()` it gives the history.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field

from game.core.contract import EventRow, Match, TableConfig, seat_name
from game.jsonsafe import JSON, as_int, as_object
from game.match.common import SeatSpec

# A slap's outcome at a table (as the match's slap records say) and in practice.
WON, LATE, WRONG = "won", "too late", "wrong"
RIGHT, MISSED = "right", "missed"


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
    kind: str = "slap"  # the game's EventRow kind


@dataclass(frozen=True, slots=True)
class GameRecord:
    game: str
    rules: dict[str, JSON]
    started: str  # UTC, ISO 8601
    length_ms: int
    seats: tuple[SeatResult, ...]
    winners: tuple[int, ...]
    scores: tuple[int, ...] | None
    end: str | None
    slaps: tuple[SlapRow, ...] = ()
    key: tuple[object, ...] = field(default=(), compare=False)  # the table it was played at (see `table_key`)

    @property
    def has_people(self) -> bool:
        return any(s.kind == "human" for s in self.seats)


def table_key(config: TableConfig) -> tuple[object, ...]:
    """What makes two games "the same table" for the evening's tally: the game, its rules, who sits where
    (names, bots' levels, head starts, profiles); not the seed or who starts, which Play again changes, nor the
    language the default names are in."""
    seats = tuple((spec.name, spec.level, repr(spec)) for spec in config.seats)  # a default name in any language
    return (config.game, repr(config.rules), seats, profiles_of(config))


def profiles_of(config: TableConfig) -> tuple[int | None, ...]:
    """Each seat's profile id (None: a guest or a bot)."""
    chosen = config.profiles
    return tuple(chosen[i] if i < len(chosen) else None for i in range(len(config.seats)))


def game_record(config: TableConfig, match: Match, options: Mapping[str, JSON] | None = None) -> GameRecord:
    """The record of `match`, finished at the table `config` (its seats as they ended: the table keeps them in
    step with the match's, and a seat a bot took over keeps its name). `options`: the rules as option values (the
    log header's, by default). Read through the contract only: `match.result()` and `match.history_events()`."""
    log = match.log
    start_ns = as_int(log.header["start_ns"], "start_ns")
    result = match.result()
    winners, scores = result.winners, result.scores
    profiles = profiles_of(config)
    seats = tuple(
        SeatResult(i, seat_name(spec, i), spec.kind, spec.level, profiles[i], i in winners,
                   None if scores is None else scores[i])
        for i, spec in enumerate(config.seats))
    return GameRecord(
        game=config.game,
        rules=dict(options if options is not None else as_object(log.header.get("rules", {}), "rules")),
        started=str(log.header.get("started") or now_iso()),
        length_ms=max(0, (log.last_t_ns - start_ns) // 1_000_000),
        seats=seats, winners=winners, scores=scores, end=result.end,
        slaps=tuple(event_rows(match.history_events(), match.seats, profiles, start_ns)),
        key=table_key(config),
    )


def event_rows(events: list[EventRow], specs: list[SeatSpec], profiles: tuple[int | None, ...],
               start_ns: int) -> list[SlapRow]:
    """The rows the history keeps of a game's events: those of profile seats, with ms into the game and the
    seat's head start."""
    rows = []
    for event in events:
        profile = profiles[event.seat] if 0 <= event.seat < len(profiles) else None
        if profile is None:
            continue
        head = specs[event.seat].head_start_ms if event.seat < len(specs) else 0
        rows.append(SlapRow(event.seat, profile, (event.t_ns - start_ns) // 1_000_000, event.rule, event.outcome,
                            event.reaction_ms, head, event.kind))
    return rows


def now_iso() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
