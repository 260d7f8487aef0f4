"""The slap school's pace: the time between cards (and so the time to slap a pattern). Fixed (slow, medium,
fast) or adaptive: the schools' weighted staircase (game.games.school.staircase) on the patterns (issue 21):
each pattern slapped in time makes the cards come a step faster, each pattern missed `UP_STEPS` steps
slower. Near misses and false slaps do not move it (a press on nothing says nothing about the time needed
to see a pattern). Pure: it counts decisions, it reads no clock."""

from __future__ import annotations

from game.games.school.staircase import FIRST_STEP, MIN_STEP, UP_STEPS, Staircase

__all__ = ["ADAPTIVE", "FIRST_STEP", "MIN_STEP", "MODES", "PACES", "UP_STEPS", "Pace"]

PACES: dict[str, int] = {"slow": 2200, "medium": 1500, "fast": 1000}  # ms between cards
ADAPTIVE = "adaptive"
MODES: tuple[str, ...] = (*PACES, ADAPTIVE)
ADAPTIVE_START_MS = 1500
FASTEST_MS, SLOWEST_MS = 500, 3000


class Pace(Staircase):
    """`ms` is the time between cards now; `judged(right, pattern)` counts one decision (a pattern slapped or
    missed; near misses and wrong slaps are counted with `pattern=False` and move nothing) and returns the new
    `ms` when a change worth telling happened."""

    def __init__(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"pace must be one of {', '.join(MODES)}, not {mode!r}")
        super().__init__(PACES.get(mode, ADAPTIVE_START_MS), FASTEST_MS, SLOWEST_MS)
        self.mode = mode

    @property
    def adaptive(self) -> bool:
        return self.mode == ADAPTIVE

    def judged(self, right: bool, pattern: bool = True) -> int | None:
        if not self.adaptive or not pattern:
            return None
        return super().judged(right)
