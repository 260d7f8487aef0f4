"""Mastery and progress in the slap school, told from a player's kept sessions (game.history.queries.practice).
Pure: no pygame, no database; the screens ask the history and pass the sessions in.

- A session's stars are told again from its slaps exactly as the stars screen counted them (scoring's
  `accuracy_stars` / `speed_stars`): hits, patterns (hit, too late, missed or pressed too early), false slaps
  (wrong or too early) and the median reaction of the hits.
- Mastery per pattern: a drill's stars are the best accuracy stars of its sessions (0-3). Drill 1 is always
  open; the next drill opens at `OPEN_AT` stars on the one before (a drill once played stays open).
- Progress by day (the last `DAYS`) and by week (Monday to Sunday, the last `WEEKS`): sessions, minutes,
  hits of patterns, the median reaction and the best stars, in the player's local time.
- A parent's summary: the stars per drill, this week against the last, days practised, the rules that go
  well and the one to practise, and what to do next.
"""

from __future__ import annotations

import datetime
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from game.games.ratscrew.school.drills import LADDER
from game.games.ratscrew.school.scoring import accuracy_stars, speed_stars
from game.i18n import local_time

OPEN_AT = 2  # accuracy stars on a drill that open the next one
DAYS, WEEKS = 14, 8
RIGHT, WRONG, LATE, MISSED, EARLY = "right", "wrong", "late", "missed", "early"

Slap = tuple[str | None, str, float | None]


class KeptSession(Protocol):
    """A kept session as mastery reads it: a `Kept`, or the history's own record (queries.Practice)."""

    @property
    def started(self) -> str: ...
    @property
    def drill(self) -> str: ...
    @property
    def length_ms(self) -> int: ...
    @property
    def correct(self) -> int: ...
    @property
    def decisions(self) -> int: ...
    @property
    def slaps(self) -> tuple[Slap, ...]: ...


@dataclass(frozen=True, slots=True)
class Kept:
    """What mastery needs of a kept session (game.history.queries.Practice has these fields)."""

    started: str
    drill: str
    length_ms: int
    correct: int
    decisions: int
    slaps: tuple[Slap, ...]


@dataclass(frozen=True, slots=True)
class Counts:
    hits: int
    patterns: int
    false_slaps: int
    reactions: tuple[float, ...]

    @property
    def median_ms(self) -> float | None:
        return statistics.median(self.reactions) if self.reactions else None

    @property
    def stars(self) -> tuple[int, int]:
        """(accuracy stars, speed stars), as the stars screen gave them."""
        acc = accuracy_stars(self.hits, self.patterns, self.false_slaps)
        return acc, speed_stars(self.median_ms, self.hits, acc)


def counts(slaps: Iterable[Slap]) -> Counts:
    hits = patterns = false = 0
    reactions: list[float] = []
    for _, outcome, ms in slaps:
        if outcome == RIGHT:
            hits += 1
            patterns += 1
            if ms is not None:
                reactions.append(ms)
        elif outcome in (LATE, MISSED):
            patterns += 1
        elif outcome == EARLY:
            patterns += 1
            false += 1
        elif outcome == WRONG:
            false += 1
    return Counts(hits, patterns, false, tuple(reactions))


def session_stars(slaps: Iterable[Slap]) -> tuple[int, int]:
    return counts(slaps).stars


# -- mastery per pattern ------------------------------------------------------------------------------
def drill_stars(sessions: Iterable[KeptSession]) -> dict[str, int]:
    """The best accuracy stars of each drill played, by the rule the drill adds."""
    best: dict[str, int] = {}
    for s in sessions:
        if s.drill in LADDER:
            best[s.drill] = max(best.get(s.drill, 0), session_stars(s.slaps)[0])
    return best


def opened(stars: dict[str, int]) -> list[bool]:
    """Per drill (ladder order): open? The first always; the next at OPEN_AT stars on the one before; one
    already played stays open."""
    out = []
    for i, rule in enumerate(LADDER):
        out.append(i == 0 or stars.get(LADDER[i - 1], 0) >= OPEN_AT or rule in stars)
    return out


def merged(per_player: Sequence[dict[str, int] | None]) -> dict[str, int] | None:
    """The stars that open drills for the players at the setup: each drill's best among the remembered
    players; None when nobody is remembered (guests: every drill open, nothing is kept of them)."""
    known = [s for s in per_player if s is not None]
    if not known:
        return None
    out: dict[str, int] = {}
    for stars in known:
        for rule, n in stars.items():
            out[rule] = max(out.get(rule, 0), n)
    return out


def next_drill(stars: dict[str, int]) -> int:
    """The drill to practise next: the first under OPEN_AT stars (the last when all have them)."""
    return next((i for i, rule in enumerate(LADDER) if stars.get(rule, 0) < OPEN_AT), len(LADDER) - 1)


# -- progress by day and by week ----------------------------------------------------------------------
def local_day(started: str, tz: datetime.tzinfo | None = None) -> datetime.date | None:
    when = local_time(started, tz)
    return None if when is None else when.date()


@dataclass(slots=True)
class Period:
    """A day or a week (from `start`, `days` long) of practice."""

    start: datetime.date
    days: int = 1
    sessions: int = 0
    length_ms: int = 0
    hits: int = 0
    patterns: int = 0
    false_slaps: int = 0
    stars: int = 0  # the best accuracy stars of a session in it
    reactions: list[float] = field(default_factory=list)

    @property
    def minutes(self) -> float:
        return self.length_ms / 60_000

    @property
    def hit_rate(self) -> float | None:
        return self.hits / self.patterns if self.patterns else None

    @property
    def median_ms(self) -> float | None:
        return statistics.median(self.reactions) if self.reactions else None

    def add(self, s: KeptSession) -> None:
        c = counts(s.slaps)
        self.sessions += 1
        self.length_ms += max(0, s.length_ms)
        self.hits += c.hits
        self.patterns += c.patterns
        self.false_slaps += c.false_slaps
        self.reactions.extend(c.reactions)
        self.stars = max(self.stars, c.stars[0])


def week_start(day: datetime.date) -> datetime.date:
    return day - datetime.timedelta(days=day.weekday())


def by_day(sessions: Iterable[KeptSession], today: datetime.date, days: int = DAYS,
           tz: datetime.tzinfo | None = None) -> list[Period]:
    """The last `days` days up to `today`, oldest first (days without practice too)."""
    first = today - datetime.timedelta(days=days - 1)
    out = [Period(first + datetime.timedelta(days=i)) for i in range(days)]
    for s in sessions:
        day = local_day(s.started, tz)
        if day is not None and first <= day <= today:
            out[(day - first).days].add(s)
    return out


def by_week(sessions: Iterable[KeptSession], today: datetime.date, weeks: int = WEEKS,
            tz: datetime.tzinfo | None = None) -> list[Period]:
    """The last `weeks` weeks (Monday first) up to the one holding `today`, oldest first."""
    first = week_start(today) - datetime.timedelta(weeks=weeks - 1)
    out = [Period(first + datetime.timedelta(weeks=i), days=7) for i in range(weeks)]
    for s in sessions:
        day = local_day(s.started, tz)
        if day is not None and first <= day <= today:
            out[(day - first).days // 7].add(s)
    return out


# -- a parent's summary -------------------------------------------------------------------------------
@dataclass(slots=True)
class RuleLine:
    rule: str
    hits: int = 0
    patterns: int = 0

    @property
    def share(self) -> float:
        return self.hits / self.patterns if self.patterns else 0.0


@dataclass(slots=True)
class Summary:
    stars: dict[str, int]
    open: list[bool]
    next_drill: int
    this_week: Period
    last_week: Period
    days_practised: int  # of the last DAYS
    sessions: int
    minutes: float
    rules: list[RuleLine]  # the last 4 weeks' patterns per rule, ladder order
    best_rule: str | None  # the rule slapped best lately (5 patterns at least)
    practise_rule: str | None  # the rule missed most lately (5 patterns at least), if under 80% hits


def rule_lines(sessions: Iterable[KeptSession]) -> list[RuleLine]:
    lines: dict[str, RuleLine] = {}
    for s in sessions:
        for rule, outcome, _ in s.slaps:
            if rule is None or outcome == WRONG:
                continue
            line = lines.setdefault(rule, RuleLine(rule))
            line.patterns += 1
            line.hits += outcome == RIGHT
    return [lines[r] for r in LADDER if r in lines]


def summary(sessions: Sequence[KeptSession], today: datetime.date, tz: datetime.tzinfo | None = None) -> Summary:
    stars = drill_stars(sessions)
    weeks = by_week(sessions, today, 2, tz)
    days = by_day(sessions, today, DAYS, tz)
    recent_from = today - datetime.timedelta(days=27)
    recent = [s for s in sessions if (d := local_day(s.started, tz)) is not None and recent_from <= d <= today]
    lines = rule_lines(recent)
    judged = [line for line in lines if line.patterns >= 5]
    best = max(judged, key=lambda line: line.share).rule if judged else None
    worst = min(judged, key=lambda line: line.share) if judged else None
    practise = worst.rule if worst is not None and worst.share < 0.8 else None
    return Summary(stars, opened(stars), next_drill(stars), weeks[-1], weeks[0], sum(1 for d in days if d.sessions),
                   len(sessions), sum(max(0, s.length_ms) for s in sessions) / 60_000, lines, best, practise)
