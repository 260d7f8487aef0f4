"""The fixed-timestep loop with a fake clock: steps at 120 Hz, frames at 60, polls at >= 1 kHz, clamps."""

from __future__ import annotations

from itertools import pairwise

from game.loop import NS, FakeClock, FixedLoop


class Recorder:
    def __init__(self, clock: FakeClock, draw_cost_ns: int = 0) -> None:
        self.clock = clock
        self.steps: list[tuple[int, int]] = []
        self.alphas: list[float] = []
        self.polls: list[int] = []
        self.draw_cost_ns = draw_cost_ns

    def update(self, now_ns: int, dt_ns: int) -> None:
        self.steps.append((now_ns, dt_ns))

    def draw(self, alpha: float) -> None:
        self.alphas.append(alpha)
        self.clock.advance(self.draw_cost_ns)

    def poll(self) -> None:
        self.polls.append(self.clock())


def make(draw_cost_ns: int = 0, **kw):
    clock = FakeClock()
    rec = Recorder(clock, draw_cost_ns)
    loop = FixedLoop(rec.update, rec.draw, rec.poll, clock=clock, sleep=clock.sleep, **kw)
    return clock, rec, loop


def test_one_second_is_120_steps_and_60_frames():
    clock, rec, loop = make(draw_cost_ns=3_000_000)
    start = clock()
    while clock() - start < NS:
        loop.frame()
    assert 59 <= loop.frames <= 61
    assert 118 <= len(rec.steps) <= 122
    assert all(dt == NS // 120 for _, dt in rec.steps)
    times = [t for t, _ in rec.steps]
    assert all(b - a == NS // 120 for a, b in pairwise(times))  # fixed, evenly spaced steps


def test_input_is_polled_at_least_every_millisecond_between_frames():
    _, rec, loop = make(draw_cost_ns=4_000_000)
    for _ in range(30):
        loop.frame()
    gaps = [b - a for a, b in pairwise(rec.polls)]
    waiting = [g for g in gaps if g < 4_000_000]  # gaps that are not the draw itself
    assert max(waiting) <= 1_000_000
    assert len(rec.polls) / loop.frames >= 16.7  # >= 1 kHz at 60 frames per second


def test_alpha_is_the_leftover_fraction_of_a_step():
    clock, rec, loop = make(fps=0)
    clock.advance(NS // 240)  # half a step
    loop.frame()
    assert rec.steps == []
    assert abs(rec.alphas[-1] - 0.5) < 1e-6
    clock.advance(NS // 120)
    loop.frame()
    assert len(rec.steps) == 1
    assert 0.0 <= rec.alphas[-1] < 1.0


def test_a_long_hitch_is_clamped_and_steps_are_capped_but_time_keeps_up():
    clock, rec, loop = make(fps=0, max_frame_ns=100_000_000, max_steps=6)
    clock.advance(5 * NS)  # a 5 s stall
    loop.frame()
    assert len(rec.steps) == 6  # capped, no spiral of death
    # sim time stays with the clock (minus less than a step), so it compares with input stamps
    assert clock() - rec.steps[-1][0] < NS // 120
    clock.advance(NS // 120)
    loop.frame()
    assert len(rec.steps) == 7


def test_sleep_is_in_short_slices():
    clock = FakeClock()
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        clock.sleep(seconds)

    loop = FixedLoop(lambda n, d: None, lambda a: None, lambda: None, clock=clock, sleep=sleep)
    for _ in range(5):
        loop.frame()
    assert slept and max(slept) <= 0.0005 + 1e-9
