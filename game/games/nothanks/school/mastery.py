"""Mastery and progress in the number school, told from a player's kept rounds (game.history's practice of
"nothanks", events of kind "answer"). Pure: the screens ask the history and pass the rounds in.

A kept round's drill is "<step>@<cards per suit>" ("worth_pick@9"); its events are (kind, outcome, ms).
Stars per step and deck size are the best round's; the first step is always open, the next opens at
OPEN_AT stars on the one before (at that deck size); MASTERED_AT stars master a step. A kept round that
does not read (a damaged row: an unknown step, a deck size out of range, an unknown outcome) is skipped,
never a reason to lose the rest.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.games.nothanks import engine as nt
from game.games.nothanks.school import questions as qs
from game.games.nothanks.school.names import GAME
from game.games.nothanks.school.round import MASTERED_AT, OPEN_AT, OUTCOMES, Round, stars
from game.games.school.kept import KeptSession
from game.i18n import local_time

if TYPE_CHECKING:
    from game.history.store import History

KIND = "answer"  # the history's kind of the rounds' events (apart from the slap school's slaps)
DAYS = 14


def drill_name(step_id: str, ranks_per_suit: int) -> str:
    return f"{step_id}@{ranks_per_suit}"


def read_drill(drill: object) -> tuple[str, int] | None:
    """(step, cards per suit) of a kept drill name; None for one that does not read."""
    if not isinstance(drill, str):
        return None
    step_id, _, k = drill.partition("@")
    if step_id not in qs.STEP_IDS or not k.isdigit() or not nt.MIN_RANKS <= int(k) <= nt.MAX_RANKS:
        return None
    return step_id, int(k)


def round_stars(kept: KeptSession) -> tuple[str, int, int] | None:
    """(step, cards per suit, stars) of a kept round, told again from its answers; None if it does not read."""
    drill = read_drill(kept.drill)
    outcomes = [e[1] for e in kept.slaps] if isinstance(kept.slaps, tuple) else []
    if drill is None or not outcomes or any(o not in OUTCOMES for o in outcomes):
        return None
    return drill[0], drill[1], stars(drill[0], outcomes)


def step_stars(rounds: Iterable[KeptSession]) -> dict[tuple[str, int], int]:
    """The best stars of each (step, cards per suit) played; rounds that do not read are skipped."""
    best: dict[tuple[str, int], int] = {}
    for kept in rounds:
        told = round_stars(kept)
        if told is not None:
            key = (told[0], told[1])
            best[key] = max(best.get(key, 0), told[2])
    return best


def opened(best: dict[tuple[str, int], int] | None, ranks_per_suit: int) -> list[bool]:
    """Per step (ladder order) at this deck size: open? The first always, the next at OPEN_AT stars on the
    one before, one already played stays open; every step for guests (`best` None: nothing is kept)."""
    if best is None:
        return [True] * len(qs.STEPS)
    out = []
    for i, s in enumerate(qs.STEPS):
        before = qs.STEPS[i - 1].id if i else ""
        out.append(i == 0 or best.get((before, ranks_per_suit), 0) >= OPEN_AT or (s.id, ranks_per_suit) in best)
    return out


def timed(best: dict[tuple[str, int], int] | None, step_id: str, ranks_per_suit: int) -> bool:
    """Whether a round of this step is paced: once the step has OPEN_AT stars (untimed while it is new)."""
    return best is not None and best.get((step_id, ranks_per_suit), 0) >= OPEN_AT


def mastered(best: dict[tuple[str, int], int]) -> list[tuple[str, int]]:
    """The (step, cards per suit) mastered, in ladder order then deck size."""
    return [(s.id, k) for s in qs.STEPS for k in range(nt.MIN_RANKS, nt.MAX_RANKS + 1)
            if best.get((s.id, k), 0) >= MASTERED_AT]


def next_step(best: dict[tuple[str, int], int] | None, ranks_per_suit: int) -> int:
    """The step to practise next: the first open one under OPEN_AT stars (the last when all have them)."""
    best = best or {}
    return next((i for i, s in enumerate(qs.STEPS) if best.get((s.id, ranks_per_suit), 0) < OPEN_AT),
                len(qs.STEPS) - 1)


@dataclass(frozen=True, slots=True)
class Summary:
    """A parent's lines: the stars per step (at each deck size played), what is mastered, the rounds and
    minutes of the last DAYS days, and the step to practise next at the deck size played most."""

    best: dict[tuple[str, int], int]
    mastered: list[tuple[str, int]]
    rounds: int
    recent_rounds: int
    minutes: float
    ranks_per_suit: int
    next_step: int


def summary(rounds: Sequence[KeptSession], today: datetime.date, tz: datetime.tzinfo | None = None) -> Summary:
    best = step_stars(rounds)
    readable = [(r, d) for r in rounds if (d := read_drill(r.drill)) is not None]
    first = today - datetime.timedelta(days=DAYS - 1)
    recent = [r for r, _ in readable if (when := local_time(r.started, tz)) is not None and first <= when.date() <= today]
    sizes = [d[1] for _, d in readable]
    k = max(set(sizes), key=sizes.count) if sizes else 9
    return Summary(best, mastered(best), len(readable), len(recent),
                   sum(max(0, r.length_ms) for r, _ in readable if isinstance(r.length_ms, int)) / 60_000, k,
                   next_step(best, k))


def record(history: History, profile_id: int | None, rnd: Round, length_ms: int, started: str | None = None) -> bool:
    """Queue a finished round in `history` (game.history.History) for a remembered player; nothing for a
    guest or a round not over. True if queued."""
    if profile_id is None or not rnd.done:
        return False
    return bool(history.record_practice(profile_id, game=GAME, drill=drill_name(rnd.step_id, rnd.ranks_per_suit),
                                slaps=rnd.kept(), correct=rnd.right, decisions=len(rnd.answers),
                                length_ms=length_ms, started=started, kind=KIND))
