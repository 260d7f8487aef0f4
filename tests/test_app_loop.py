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


class Presser(Recorder):
    """Presses read at given clock times (a poll reads those due and stamps them with its time), and each
    frame drawn with the last step's time before it."""

    def __init__(self, clock: FakeClock, at: list[int], draw_cost_ns: int) -> None:
        super().__init__(clock, draw_cost_ns)
        self.due = sorted(at)
        self.count = 0
        self.stamps: list[int] = []
        self.frames: list[tuple[int, int]] = []  # (the clock when drawn, the last step's time)

    def poll(self) -> None:
        super().poll()
        while self.due and self.clock() >= self.due[0]:
            self.due.pop(0)
            self.count += 1
            self.stamps.append(self.clock())

    def draw(self, alpha: float) -> None:
        self.frames.append((self.clock(), self.steps[-1][0] if self.steps else 0))
        super().draw(alpha)
        if len(self.frames) == 3:
            self.clock.advance(123_456_789)  # a hitch (the first frames build their caches): the clamp
            # moves the steps' times off the frames' old cadence


def pressed(with_hook: bool, draw_cost_ns: int = 3_000_000, overshoot_ns: int = 0, n: int = 97):
    clock = FakeClock()
    start = clock()
    # presses at n phases against the 16.7 ms frame, one every 0.3 s or so
    at = [start + NS // 10 + k * 301_234_567 for k in range(n)]
    rec = Presser(clock, at, draw_cost_ns)

    def sleep(seconds: float) -> None:  # a real sleep wakes a little late
        clock.sleep(seconds)
        clock.advance(overshoot_ns)

    loop = FixedLoop(rec.update, rec.draw, rec.poll, clock=clock, sleep=sleep,
                     presses=(lambda: rec.count) if with_hook else None)
    while clock() < at[-1] + NS // 10:  # a little past the last press
        loop.frame()
    return rec, loop


def shown_after(rec: Presser) -> list[int]:
    """For each press: ns from its stamp to the end of the first frame whose steps applied it (a step applies
    the commands stamped up to its time), and whether that was the first frame drawn after the stamp."""
    out = []
    for stamp in rec.stamps:
        nxt = next(i for i, (drawn, _) in enumerate(rec.frames) if drawn >= stamp)
        shown = next(i for i, (_, step) in enumerate(rec.frames) if step >= stamp)
        assert shown == nxt, "a press shown a frame later than the next one"
        out.append(rec.frames[shown][0] + rec.draw_cost_ns - stamp)
    return out


def test_a_press_shows_in_the_very_next_frame_and_a_step_later_at_most():
    """Frames start on the steps' grid (just after a step's time), so a press read before a frame is in its
    steps; and a press read after a frame's steps brings the next frame to the next step's time."""
    rec, loop = pressed(with_hook=True)
    waits = shown_after(rec)
    assert len(waits) == 97
    assert max(waits) <= NS // 120 + rec.draw_cost_ns  # the next step's time, then the frame's drawing
    assert loop.early > 0


def test_a_press_read_just_after_a_steps_time_still_shows_a_step_later_at_most():
    """Sleeps wake late (here 60 µs), so the poll that ends a wait reads presses stamped just after the step
    the next frame takes: they are not that frame's, and the frame after comes a step later, not a frame."""
    rec, _loop = pressed(with_hook=True, overshoot_ns=60_000, n=400)
    late = [s for s in rec.stamps if any(0 < s - step <= 60_000 for _, step in rec.frames)]
    assert late  # the case is met
    for stamp in rec.stamps:
        shown = next(i for i, (_, step) in enumerate(rec.frames) if step >= stamp)
        assert rec.frames[shown][0] + rec.draw_cost_ns - stamp <= NS // 120 + rec.draw_cost_ns + 120_000


def test_frames_keep_to_the_step_grid_and_60_a_second_without_presses():
    rec, loop = pressed(with_hook=False)
    shown_after(rec)  # the next frame still shows each press (a frame's wait at most)
    assert all((drawn - step) == 0 for drawn, step in rec.frames[4:])  # after the hitch: on a step's time
    frames_per_s = len(rec.frames) / ((rec.frames[-1][0] - rec.frames[0][0]) / NS)
    assert 59.5 <= frames_per_s <= 60.5
    assert loop.early == 0
