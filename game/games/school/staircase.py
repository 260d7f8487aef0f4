"""A school's adaptive pace: a weighted up-down staircase on the student's answers (Kaernbach 1991).

Each right answer makes the pace a step faster, each wrong or missed one `up` steps slower, so the pace
settles where the student gets about up / (up + 1) of the answers right: `target` (80% by default). The step (on a log scale)
starts big and halves at each reversal (a faster run turned slower, or the other way) down to `MIN_STEP`,
so the pace moves quickly at first and then settles instead of wandering. Pure: it counts answers, it
reads no clock. The slap school paces its cards with it (issue 21), the number school its questions."""

from __future__ import annotations

import math

TARGET_HITS = 0.8
FIRST_STEP = 0.06  # the first step: 6% faster per hit (a miss: `up` × that slower)
MIN_STEP = 0.01  # the step never gets smaller than 1%
KINDLY_EVERY = 0.1  # a pace change is told when the pace has moved 10% from the last one told


class Staircase:
    """`ms` is the time given now, between `fastest_ms` and `slowest_ms`; `judged(right)` counts one answer
    and returns the new `ms` when a change worth telling happened (the pace moves a little at every answer;
    it is told, kindly, once it has moved 10% since it was last told)."""

    def __init__(self, start_ms: int, fastest_ms: int, slowest_ms: int, target: float = TARGET_HITS,
                 first_step: float = FIRST_STEP) -> None:
        self.ms = start_ms
        self.start_ms = start_ms
        self.fastest_ms, self.slowest_ms = fastest_ms, slowest_ms
        self.up = target / (1 - target)  # a miss moves the pace this many steps slower (4 at 80%)
        self.step = first_step
        self.changes = 0  # changes told
        self.reversals = 0
        self.trace: list[int] = []  # the pace after each answer
        self._log = math.log(start_ms)
        self._last_dir = 0
        self._told = start_ms

    @property
    def told_ms(self) -> int:
        """The pace as last told (the start, until a change was told)."""
        return self._told

    def judged(self, right: bool) -> int | None:
        direction = -1 if right else 1
        if self._last_dir and direction != self._last_dir:
            self.reversals += 1
            self.step = max(MIN_STEP, self.step / 2)
        self._last_dir = direction
        self._log += -self.step if right else self.up * self.step
        self._log = min(math.log(self.slowest_ms), max(math.log(self.fastest_ms), self._log))
        self.ms = round(math.exp(self._log) / 10) * 10
        self.trace.append(self.ms)
        if abs(self.ms - self._told) < KINDLY_EVERY * self._told:
            return None
        self._told = self.ms
        self.changes += 1
        return self.ms
