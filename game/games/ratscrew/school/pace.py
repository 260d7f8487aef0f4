"""The school's pace: the time between cards (and so the time to slap a pattern). Fixed (slow, medium,
fast) or adaptive: the schools' weighted staircase (game.games.school.staircase) on the patterns (issue 21).
Each pattern slapped in time makes the cards come a step faster, each pattern missed `UP_STEPS` steps slower,
so the pace settles where the student hits about UP_STEPS / (UP_STEPS + 1) = 85% of the patterns (Kaernbach
1991: a weighted up-down staircase); 85% rather than 80% so that a whole session, its first cards at a pace
too fast for the student included, comes out at 80% or more (issue 38). It starts at 2 s, easy for most: a
quick student speeds it up in a few patterns, a slow one is not met by a pace they cannot follow.
The step (on a log scale) starts big and halves at each reversal (a faster run turned slower, or the
other way) down to `MIN_STEP`, so the pace moves quickly at first and then settles instead of wandering.
A false slap (a press on a card that makes no pattern) counts like a missed pattern (issue 38): a student who
slaps everything hits every pattern, and would otherwise look like a perfect one and get the fastest pace; a
slower pace gives the time to look first. A near miss left alone moves nothing (holding back says nothing
about the time needed to see a pattern). The pace runs from FASTEST_MS to SLOWEST_MS: a child who needs 1.8 s
to see a double (and misses one pattern in five, as the bots' kid does) settles at 4-5 s between cards and
hits 80% over 400 cards (`sim practice --reaction-ms 1800 --cards 400`). Pure: it counts decisions, it reads
no clock."""

from __future__ import annotations

from game.games.school.staircase import MIN_STEP, Staircase

__all__ = ["ADAPTIVE", "FIRST_STEP", "MIN_STEP", "MODES", "PACES", "UP_STEPS", "Pace"]

PACES: dict[str, int] = {"slow": 2200, "medium": 1500, "fast": 1000}  # ms between cards
ADAPTIVE = "adaptive"
MODES: tuple[str, ...] = (*PACES, ADAPTIVE)
ADAPTIVE_START_MS = 2000
FASTEST_MS, SLOWEST_MS = 500, 5000
TARGET_HITS = 0.85
UP_STEPS = TARGET_HITS / (1 - TARGET_HITS)  # a miss moves the pace this many steps slower (5.7)
FIRST_STEP = 0.1  # the first step: 10% faster per hit (a miss: 5.7 × that slower)


class Pace(Staircase):
    """`ms` is the time between cards now; `judged(right, pattern)` counts one decision (a pattern slapped or
    missed, or with `pattern=False` a near miss left alone, which moves nothing, or a false slap, which slows
    it) and returns the new `ms` when a change worth telling happened."""

    def __init__(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"pace must be one of {', '.join(MODES)}, not {mode!r}")
        super().__init__(PACES.get(mode, ADAPTIVE_START_MS), FASTEST_MS, SLOWEST_MS, TARGET_HITS, FIRST_STEP)
        self.mode = mode
        self.false_slaps = 0  # false slaps that slowed the pace

    @property
    def adaptive(self) -> bool:
        return self.mode == ADAPTIVE

    def judged(self, right: bool, pattern: bool = True) -> int | None:
        if not self.adaptive or (not pattern and right):
            return None
        if not pattern:
            self.false_slaps += 1
        return super().judged(right)
