"""Fair start (issue 21): every seat's head start from measured reactions, relative to the fastest at the
table, in steps of HEAD_START_STEP_MS up to HEAD_START_MAX_MS.

A seat's reaction is its median time to slap a double ("as doubles": a median for another rule is divided
by that rule's `RULE_DIFFICULTY`), from
- a bot's level (`LEVEL_TABLE`: its known median),
- a remembered player's history (the median per rule of their slaps that landed in time or too late,
  `game.history.queries.median_reactions`; the rules weighted by how many slaps each has),
- a guest's quick check in the lobby (the reactions of a short "slap when you see a double" round),
or None (unknown: an adaptive bot that fits itself to the table, a guest not checked): head start 0.

At this table a double-equivalent median becomes a median over the table's own slap rules (their mean
difficulty, and `rules_factor` for how many there are). Each seat gets `SPREAD` times its distance from the
fastest seat: medians alone leave a faster player slightly ahead, since they also miss fewer piles and
slap wrong less often (measured: kid, casual and pro with 1.0 × the gap win 24/23/53%; with 1.05 × it,
38/28/34% over 300 seat-balanced games — `sim ratscrew --bots kid,casual,pro --fair-start`).
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence

from game.games.ratscrew import engine as rs
from game.games.ratscrew.bots import LEVEL_TABLE, RULE_DIFFICULTY, rules_factor
from game.match.common import HEAD_START_MAX_MS, HEAD_START_STEP_MS

SPREAD = 1.05
MIN_SLAPS = 3  # a remembered player needs this many timed slaps before their figure counts


def bot_median_ms(level: str | None) -> float | None:
    """A bot level's known median reaction to a double (ms), or None (adaptive, random, masher)."""
    row = LEVEL_TABLE.get(level or "")
    return None if row is None else row.react_median_ms


def as_double_ms(per_rule: Mapping[str, tuple[float, int]]) -> float | None:
    """A player's median reaction as doubles from {rule: (median ms, slaps)}; None with under MIN_SLAPS."""
    total = sum(n for _, n in per_rule.values() if n > 0)
    if total < MIN_SLAPS:
        return None
    values: list[float] = []
    for rule, (median, n) in per_rule.items():
        if rule in RULE_DIFFICULTY and n > 0 and median > 0:
            values += [median / RULE_DIFFICULTY[rule]] * n
    return statistics.median(values) if values else None


def at_table_ms(double_ms: float, rules: rs.Rules) -> float:
    """A double-equivalent median as a median over the table's own slap rules."""
    slaps = sorted(rules.slaps) or ["double"]
    mean = sum(RULE_DIFFICULTY[r] for r in slaps) / len(slaps)
    return double_ms * mean * rules_factor(len(rules.slaps))


def head_starts(reactions: Sequence[float | None], rules: rs.Rules) -> list[int]:
    """Each seat's head start (ms) from its double-equivalent median (None: unknown, 0): SPREAD × its gap
    to the fastest known seat at this table, rounded to HEAD_START_STEP_MS, at most HEAD_START_MAX_MS."""
    known = [at_table_ms(r, rules) for r in reactions if r is not None]
    if not known:
        return [0] * len(reactions)
    fastest = min(known)
    out = []
    for r in reactions:
        if r is None:
            out.append(0)
            continue
        gap = SPREAD * (at_table_ms(r, rules) - fastest)
        steps = round(gap / HEAD_START_STEP_MS)
        out.append(min(HEAD_START_MAX_MS, max(0, steps * HEAD_START_STEP_MS)))
    return out


def check_median_ms(reactions: Sequence[float]) -> float | None:
    """A guest's lobby check: the median of their reactions to doubles (under MIN_SLAPS: None). A press under
    100 ms after the double was shown is a guess, not a reaction, and does not count."""
    timed = [ms for ms in reactions if ms >= 100]
    return statistics.median(timed) if len(timed) >= MIN_SLAPS else None

