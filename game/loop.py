"""The fixed-timestep loop: 120 Hz simulation from an integer-nanosecond accumulator, frames capped at 60.

Between frames the loop sleeps in short slices (0.45 ms) and polls the input router after each one, so
presses are read and stamped at >= 1 kHz whatever the frame rate ("Fix Your Timestep!", Fiedler).

A press shows in the next frame (issue 20 item 12). A step applies the commands stamped up to its own time,
and a press is stamped when it is read; so a frame starts just after a step's time (frames keep to the
steps' grid), and a press read after a frame's steps brings the next frame forward to the next step's time
(at most one step, 8.3 ms, away) instead of waiting for the frame after. Before, frames kept their own
cadence: a press read in the part of a frame's interval after the last step's time (up to a step) waited
for the frame after the next one, a frame and more later (posted presses: p99 25.8 ms).

Time is kept so that `sim_ns + accumulator` tracks the clock: when a long frame is clamped or a
backlog of steps is dropped, the simulation time jumps forward instead of drifting behind, so step
times stay comparable with the clock stamps on input commands. Each step still advances by exactly
one fixed `dt_ns`.
"""

from __future__ import annotations

import time
from collections.abc import Callable

NS = 1_000_000_000


class FixedLoop:
    """Run frames: clamp the frame time, take fixed steps (capped), draw with alpha, wait polling input.

    `update(now_ns, dt_ns)` is one simulation step; `draw(alpha)` draws and presents one frame with
    alpha in [0, 1); `poll()` reads input. `clock()` returns integer nanoseconds and `sleep(seconds)`
    waits: inject both (e.g. a fake clock whose sleep advances it) to run frames without waiting.
    """

    def __init__(
        self,
        update: Callable[[int, int], None],
        draw: Callable[[float], None],
        poll: Callable[[], object],  # what it returns (how many events it read) is not used
        *,
        clock: Callable[[], int] = time.perf_counter_ns,
        sleep: Callable[[float], None] = time.sleep,
        step_hz: int = 120,
        fps: int = 60,
        max_frame_ns: int = 100_000_000,
        max_steps: int = 6,
        poll_interval_ns: int = 450_000,
        presses: Callable[[], int] | None = None,
    ) -> None:
        self.update, self.draw, self.poll = update, draw, poll
        self.presses = presses  # how many presses input has read so far (None: frames keep their cadence)
        self.clock, self.sleep = clock, sleep
        self.dt_ns = NS // step_hz
        self.frame_ns = NS // fps if fps > 0 else 0
        self.max_frame_ns = max_frame_ns
        self.max_steps = max_steps
        self.poll_interval_ns = poll_interval_ns
        now = clock()
        self.sim_ns = now
        self.accumulator = 0
        self.frames = 0
        self.steps = 0
        self.polls = 0
        self._last = now
        self._next_frame = now
        # The clock when the loop last saw the press count grow (read by its own poll, or by one of the
        # app's while drawing): that press's stamp is no later.
        self._press_at = 0
        self._count = presses() if presses is not None else 0
        self.early = 0  # frames brought forward by a press

    def frame(self) -> None:
        """One frame: advance the simulation, draw, then wait (polling) until the next frame is due.

        Input is polled before the clock is read, so every press stamped before a step's time has been
        read when that step runs, and again after each step, so a long frame does not delay stamping.
        """
        self._poll()
        now = self.clock()
        elapsed = now - self._last
        self._last = now
        if elapsed > self.max_frame_ns:
            # A hitch (debugger, window drag, slow disk): skip the lost time rather than replay it.
            self.sim_ns += elapsed - self.max_frame_ns
            elapsed = self.max_frame_ns
        self.accumulator += max(0, elapsed)
        behind = self.accumulator // self.dt_ns - self.max_steps
        if behind > 0:
            # More steps due than the cap: skip the oldest (keeping the phase) so we never spiral and
            # the steps we do take are the latest ones.
            self.sim_ns += behind * self.dt_ns
            self.accumulator -= behind * self.dt_ns
        steps = 0
        while self.accumulator >= self.dt_ns:
            self.sim_ns += self.dt_ns
            self.accumulator -= self.dt_ns
            self.update(self.sim_ns, self.dt_ns)
            self._poll()
            steps += 1
        self.steps += steps
        self.draw(self.accumulator / self.dt_ns)
        self.frames += 1
        self._wait()

    def _wait(self) -> None:
        """Sleep in short slices, polling, until the next frame is due: frame_ns after this one, on the
        steps' grid; sooner (at the next step's time) once a press is read that this frame's steps did not
        apply."""
        self._poll()
        if not self.frame_ns:
            return
        now = self.clock()
        started = self._next_frame
        self._next_frame = self._on_grid(self._next_frame + self.frame_ns)
        if self._next_frame < now - self.frame_ns:
            self._next_frame = self._on_grid(now)  # fell more than a frame behind: restart the cadence
        while (left := self._next_frame - now) > 0:
            if self._pressed():
                soon = max(self._on_grid(now), started + self.dt_ns)
                if soon < self._next_frame:  # a press waits: the next step's frame shows it
                    self._next_frame = soon
                    self.early += 1
                    continue
            self.sleep(min(left, self.poll_interval_ns) / NS)
            self._poll()
            now = self.clock()

    def _on_grid(self, t: int) -> int:
        """The first step time at or after `t` (steps fall on sim_ns + k * dt_ns)."""
        k = -(-(t - self.sim_ns) // self.dt_ns)
        return self.sim_ns + max(0, k) * self.dt_ns

    def _pressed(self) -> bool:
        """A press may be stamped after the last step's time (read by a poll after it), so no step has
        applied it yet."""
        return self._press_at > self.sim_ns

    def _poll(self) -> None:
        self.poll()
        self.polls += 1
        if self.presses is not None and (count := self.presses()) != self._count:
            self._count = count
            self._press_at = self.clock()


class FakeClock:
    """A nanosecond clock for tests: `sleep(seconds)` advances it instead of waiting."""

    def __init__(self, start_ns: int = 1_000 * NS) -> None:
        self.now = start_ns

    def __call__(self) -> int:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += max(1, round(seconds * NS))

    def advance(self, ns: int) -> None:
        self.now += ns
