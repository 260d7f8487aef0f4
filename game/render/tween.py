"""Time-based tweens with easing: a view-model's animations are functions of (start, duration, now)."""

from __future__ import annotations

import math
from dataclasses import dataclass


def ease_out(p: float) -> float:
    """Cubic ease-out: fast start, gentle landing."""
    p = min(1.0, max(0.0, p))
    return 1.0 - (1.0 - p) ** 3


def linear(p: float) -> float:
    return min(1.0, max(0.0, p))


def lerp(a: float, b: float, p: float) -> float:
    return a + (b - a) * p


def lerp_point(a: tuple[float, float], b: tuple[float, float], p: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * p, a[1] + (b[1] - a[1]) * p)


def shake(p: float, amplitude: float, cycles: float = 4.0) -> float:
    """A decaying side-to-side offset for p in [0, 1]; 0 outside."""
    if p <= 0.0 or p >= 1.0:
        return 0.0
    return amplitude * (1.0 - p) * math.sin(p * cycles * 2.0 * math.pi)


@dataclass(frozen=True, slots=True)
class Tween:
    """An animation from `start_ns` lasting `dur_ns`; `progress(now)` is in [0, 1]."""

    start_ns: int
    dur_ns: int

    @property
    def end_ns(self) -> int:
        return self.start_ns + self.dur_ns

    def raw(self, now_ns: float) -> float:
        if self.dur_ns <= 0:
            return 1.0
        return min(1.0, max(0.0, (now_ns - self.start_ns) / self.dur_ns))

    def progress(self, now_ns: float) -> float:
        """Eased (ease-out) progress."""
        return ease_out(self.raw(now_ns))

    def started(self, now_ns: float) -> bool:
        return now_ns >= self.start_ns

    def done(self, now_ns: float) -> bool:
        return now_ns >= self.end_ns
