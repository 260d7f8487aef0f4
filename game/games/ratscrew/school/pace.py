"""The school's pace: the time between cards (and so the time to slap a pattern). Fixed (slow, medium,
fast) or adaptive: after a streak of decisions above 90% right the cards come faster, below 60% slower.
Pure: it counts decisions, it reads no clock."""

from __future__ import annotations

PACES: dict[str, int] = {"slow": 2200, "medium": 1500, "fast": 1000}  # ms between cards
ADAPTIVE = "adaptive"
MODES: tuple[str, ...] = (*PACES, ADAPTIVE)
ADAPTIVE_START_MS = 1500
FASTEST_MS, SLOWEST_MS = 500, 3000
STREAK = 12  # decisions judged together: faster at 11 or 12 right (above 90%), slower at 7 or fewer (below 60%)
FASTER_ABOVE, SLOWER_BELOW = 0.9, 0.6
FASTER, SLOWER = 0.85, 1.2  # the step, as a factor of the time between cards


class Pace:
    """`ms` is the time between cards now; `judged(right)` counts one decision (a pattern slapped or
    missed, a near miss left alone or slapped, a wrong slap) and returns the new `ms` when it changed."""

    def __init__(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"pace must be one of {', '.join(MODES)}, not {mode!r}")
        self.mode = mode
        self.ms = PACES.get(mode, ADAPTIVE_START_MS)
        self.start_ms = self.ms
        self.recent: list[bool] = []
        self.changes = 0

    @property
    def adaptive(self) -> bool:
        return self.mode == ADAPTIVE

    def judged(self, right: bool) -> int | None:
        if not self.adaptive:
            return None
        self.recent.append(right)
        if len(self.recent) < STREAK:
            return None
        share = sum(self.recent[-STREAK:]) / STREAK
        if share > FASTER_ABOVE:
            new = max(FASTEST_MS, round(self.ms * FASTER / 10) * 10)
        elif share < SLOWER_BELOW:
            new = min(SLOWEST_MS, round(self.ms * SLOWER / 10) * 10)
        else:
            return None  # a sliding window: the next decision may tip it
        self.recent = []  # a new streak at the new pace
        if new == self.ms:
            return None
        self.ms = new
        self.changes += 1
        return new
