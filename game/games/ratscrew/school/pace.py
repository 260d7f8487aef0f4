"""The school's pace: the time between cards (and so the time to slap a pattern). Fixed (slow, medium,
fast) or adaptive: a weighted staircase on the patterns (issue 21). Each pattern slapped in time makes the
cards come a step faster, each pattern missed `UP_STEPS` steps slower, so the pace settles where the student
hits about UP_STEPS / (UP_STEPS + 1) = 85% of the patterns (Kaernbach 1991: a weighted up-down staircase);
85% rather than 80% so that a whole session, its first cards at a pace too fast for the student included,
comes out at 80% or more (issue 38). It starts at 2 s, easy for most: a quick student speeds it up in a few
patterns, a slow one is not met by a pace they cannot follow.
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

import math

PACES: dict[str, int] = {"slow": 2200, "medium": 1500, "fast": 1000}  # ms between cards
ADAPTIVE = "adaptive"
MODES: tuple[str, ...] = (*PACES, ADAPTIVE)
ADAPTIVE_START_MS = 2000
FASTEST_MS, SLOWEST_MS = 500, 5000
TARGET_HITS = 0.85
UP_STEPS = TARGET_HITS / (1 - TARGET_HITS)  # a miss moves the pace this many steps slower (5.7)
FIRST_STEP = 0.1  # the first step: 10% faster per hit (a miss: 5.7 × that slower)
MIN_STEP = 0.01  # the step never gets smaller than 1% (a miss: 5.7%)
KINDLY_EVERY = 0.1  # a pace change is told when the pace has moved 10% from the last one told


class Pace:
    """`ms` is the time between cards now; `judged(right, pattern)` counts one decision (a pattern slapped or
    missed; near misses and wrong slaps are counted with `pattern=False` and move nothing) and returns the new
    `ms` when a change worth telling happened (the pace moves a little at every pattern; it is told, kindly,
    once it has moved 10% since it was last told)."""

    def __init__(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"pace must be one of {', '.join(MODES)}, not {mode!r}")
        self.mode = mode
        self.ms = PACES.get(mode, ADAPTIVE_START_MS)
        self.start_ms = self.ms
        self.step = FIRST_STEP
        self.changes = 0  # changes told
        self.reversals = 0
        self.false_slaps = 0  # false slaps that slowed the pace
        self.trace: list[int] = []  # the pace after each pattern
        self._log = math.log(self.ms)
        self._last_dir = 0
        self._told = self.ms

    @property
    def told_ms(self) -> int:
        """The pace as last told (the start, until a change was told)."""
        return self._told

    @property
    def adaptive(self) -> bool:
        return self.mode == ADAPTIVE

    def judged(self, right: bool, pattern: bool = True) -> int | None:
        if not self.adaptive or (not pattern and right):
            return None
        if not pattern:
            self.false_slaps += 1
        direction = -1 if right else 1
        if self._last_dir and direction != self._last_dir:
            self.reversals += 1
            self.step = max(MIN_STEP, self.step / 2)
        self._last_dir = direction
        self._log += -self.step if right else UP_STEPS * self.step
        self._log = min(math.log(SLOWEST_MS), max(math.log(FASTEST_MS), self._log))
        self.ms = round(math.exp(self._log) / 10) * 10
        self.trace.append(self.ms)
        if abs(self.ms - self._told) < KINDLY_EVERY * self._told:
            return None
        self._told = self.ms
        self.changes += 1
        return self.ms
