"""`python -m game bench latency`: from a press to the first presented frame that shows its outcome, on an
8-seat table of the slap game at 1280×720 (issue 20 item 12; target p99 <= 20 ms: the next frame at 60 Hz).

The real App runs its real loop on the wall clock (update, drawing, the flip) with seat 0 a keyboard player
and seven bots. A press is seat 0's slap key (a slap on any pile has an outcome: the slap's impact, or the
wrong slap's burn); it is posted into SDL's queue (and, under Xvfb where it is installed, sent as a real
X key event through XTest). The press's time is taken just before it is sent; its outcome is the table's
view receiving an event of that seat (its Slap, SlapWon, WrongSlap, TooLate ...); the figure is the end of the first present (flip) after
the view received it. Posted presses come at random phases against the 16.7 ms frame.

Each figure is also split in three: until the press is read (its stamp), until the frame showing it starts
drawing, and the present (flip) that ends it; a frame's steps apply the presses stamped up to their time,
so the middle part is at most a step (8.3 ms) plus the frame's steps (game.loop).

Press to sound (issue 40; target p99 <= 30 ms): the app with its real sounds under SDL's `disk` audio
driver, which writes what the mixer mixes to a file, a buffer at a time at real-time pace. Only the
sound of seat 0's press's outcome is let through (every other sound of the table is kept silent), so the
file is silent but for the cues; a thread notes the file's size every ~0.5 ms, so each byte's write time
is known. A cue's sound time is when the buffer holding its first non-zero sample was written (a real
device adds its own output latency after that). The same presses are timed to the photon too.

With `--loaded N` (default 2) every way runs again beside N busy processes of the bench's own.
"""

from __future__ import annotations

import argparse
import bisect
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from game import argtypes
from game.core.contract import SeatEvent

if TYPE_CHECKING:
    from game.app import App
    from game.core.contract import Match
    from game.games.table_scene import TableScene

TARGET_P99_MS = 20.0
TARGET_SOUND_P99_MS = 30.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


class Probe:
    """The app with a human seat 0 and seven bots, hooked to time press → presented outcome."""

    table: TableScene[object, Match]  # the deal being played (its results may be on top of it)

    def __init__(self, seed: int, size: tuple[int, int], sound: bool = False) -> None:
        import pygame

        from game import games
        from game import settings as settings_mod
        from game.app import SilentAudio
        from game.core.contract import TableConfig
        from game.match import SeatSpec

        self._folder = tempfile.TemporaryDirectory(prefix="couchcards-latency-")
        settings = settings_mod.load(Path(self._folder.name) / "settings.json", warn=lambda message: None, games=games.GAMES)
        # With `sound`, the app's own sounds (App makes them); only seat 0's outcome's are let through.
        self.sound = sound
        self.app = probed_app(self)(settings, size=size, audio=None if sound else SilentAudio(), rng_seed=seed)
        self.app.audio.wait_ready(5.0)
        game = games.BENCH_GAME
        seats = [SeatSpec("human", None, "Ada")] + [SeatSpec("bot", "pro", f"Bot {i}") for i in range(2, 9)]
        self.config = TableConfig(game, games.get(game).rules_from_values({}, 8), seats, seed)
        self.pressed_ns: int | None = None  # when the press being timed was sent
        self.cues: list[int] = []  # the presses whose outcome made a sound (when each was sent)
        self.seen = False  # the view has the press's outcome (drawn in the next frame)
        self.results: list[float] = []
        self.parts: list[tuple[float, float, float]] = []  # (read, drawing starts, present) per press, ms
        self._read_ns: int | None = None
        self._draw_ns: int | None = None
        self.deals = 0
        self.want_fresh = False
        self.fresh_table()
        original_draw = self.app.loop.draw

        def draw(alpha: float) -> None:
            if self.seen and self.pressed_ns is not None and self._draw_ns is None:
                self._draw_ns = time.perf_counter_ns()
            original_draw(alpha)

        self.app.loop.draw = draw
        self.key = pygame.key.key_code("left shift")

    def read(self, t_ns: int, seat: int | None) -> None:
        """The app took a command of `seat` stamped `t_ns` from the router: the press's, if it is seat 0's."""
        if self.pressed_ns is not None and self._read_ns is None and seat == 0 and t_ns >= self.pressed_ns:
            self._read_ns = t_ns

    def presented(self, start: int, end: int) -> None:
        """A frame was presented from `start` to `end` (ns): the press's figure, if the frame showed it."""
        if self.seen and self.pressed_ns is not None:
            self.results.append((end - self.pressed_ns) / 1e6)
            read = (self._read_ns or start) - self.pressed_ns
            drawn = (self._draw_ns or start) - self.pressed_ns
            self.parts.append((read / 1e6, drawn / 1e6, (end - start) / 1e6))
            self.pressed_ns, self.seen = None, False
            self._read_ns = self._draw_ns = None

    def fresh_table(self) -> None:
        """A new deal (seat 0 in the game again), its view hooked: the press's outcome is its Slap, SlapWon
        or WrongSlap event for seat 0."""
        from dataclasses import replace

        from game.games.table_scene import TableScene

        self.deals += 1
        self.app.nav.start_table(replace(self.config, seed=self.config.seed + self.deals), push=self.deals == 1)
        table = self.app.top
        assert isinstance(table, TableScene) and table.view is not None, "a table has its view once it entered"
        self.table = table
        view = table.view
        original_event = view.on_event

        def on_event(event: object, t_ns: int, state: object) -> list[str]:
            first = (self.pressed_ns is not None and not self.seen and isinstance(event, SeatEvent)
                     and event.seat == 0)
            if first:
                self.seen = True  # a slap, a won pile, a wrong slap, too late, a timeout: what seat 0's press did
            sounds = original_event(event, t_ns, state)
            if first and sounds and self.pressed_ns is not None:
                self.cues.append(self.pressed_ns)  # this press has a cue to find in the mixer's output
            return sounds if first or not self.sound else []  # the timed cue alone: silence around it

        # The view's own method, wrapped on this one table (the bench times the live app: no class of the
        # game's is its to subclass).
        view.on_event = on_event  # type: ignore[method-assign]

    def seat_out(self) -> bool:
        """Seat 0 is out of the game or nearly (fewer than 3 cards in hand, from the result's "cards" figure: a seat
        out holds none), or the game is over (its results on top)."""
        match = self.table.match
        held = match.result().figures.get("cards")
        return match.is_over or held is None or held[0] < 3

    def run(self, presses: int, send: Callable[[int], None], seed: int) -> list[float]:
        """`presses` timed presses, each sent with `send(key)` at a random phase; returns the latencies (ms)."""
        rng = random.Random(seed)
        for _ in range(60):  # warm up: the first frames build the cached layers
            self.app.loop.frame()
        done = threading.Event()

        def inject() -> None:
            for _ in range(presses):
                time.sleep(rng.uniform(0.55, 0.75))  # a random phase, after the wrong slap's 500 ms lockout
                while self.pressed_ns is not None or self.want_fresh:
                    time.sleep(0.01)
                self.pressed_ns = time.perf_counter_ns()
                send(self.key)
            time.sleep(0.2)
            done.set()

        thread = threading.Thread(target=inject, daemon=True)
        thread.start()
        missed = 0
        while not done.is_set():
            if self.pressed_ns is None and self.seat_out():
                self.want_fresh = True  # between presses: a new deal with seat 0 in it
                self.fresh_table()
                for _ in range(30):
                    self.app.loop.frame()
                self.want_fresh = False
            self.app.loop.frame()
            if self.pressed_ns is not None and (time.perf_counter_ns() - self.pressed_ns) > 2e9:
                missed += 1  # no outcome (the seat is out of the game): drop it
                self.pressed_ns, self.seen = None, False
                self._read_ns = self._draw_ns = None
        if missed:
            print(f"  ({missed} presses showed nothing within 2 s: dropped)")
        return list(self.results)

    def close(self) -> None:
        self._folder.cleanup()


def probed_app(probe: Probe) -> type[App]:
    """The real App, telling `probe` each command it takes from the router and each frame it presents."""
    from game.app import App
    from game.commands import Command
    from game.input.router import TextEdit

    class ProbedApp(App):
        def _dispatch(self, cmd: Command | TextEdit) -> None:
            if isinstance(cmd, Command):
                probe.read(cmd.t_ns, cmd.seat)
            super()._dispatch(cmd)

        def _present(self) -> None:
            start = time.perf_counter_ns()
            super()._present()
            probe.presented(start, time.perf_counter_ns())

    return ProbedApp


def post(key: int) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, scancode=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, scancode=0, unicode=""))


def report(title: str, values: list[float], parts: list[tuple[float, float, float]] | None = None,
           target: float = TARGET_P99_MS, counted: str = "presses") -> bool:
    if not values:
        print(f"{title}: no {counted} timed")
        return False
    p99 = percentile(values, 99)
    ok = p99 <= target
    print(f"{title}: {len(values)} {counted}; median {statistics.median(values):.1f} ms, p99 {p99:.1f} ms, "
          f"max {max(values):.1f} ms (target p99 <= {target:.0f} ms: {'ok' if ok else 'MISSED'})")
    if parts:
        read, drawn, flip = ([p[i] for p in parts] for i in range(3))
        waited = [d - r for r, d in zip(read, drawn, strict=True)]
        def both(xs: list[float]) -> str:
            return f"median {statistics.median(xs):.1f} / p99 {percentile(xs, 99):.1f} ms"

        print(f"  of which: read after {both(read)}; then the frame showing it starts drawing after "
              f"{both(waited)}; its present (flip) takes {both(flip)}")
    return ok


def load() -> str:
    try:
        one, five, _ = os.getloadavg()
        return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"
    except OSError:
        return "load average unknown"


# The watcher: a process of its own (a thread would wait for the game's GIL, up to 5 ms, before it could
# note a growth). It appends "<perf_counter_ns> <size>" at each growth (CLOCK_MONOTONIC: the same clock as
# the game's, across processes). On Linux it sleeps until the file is written (inotify), so it takes no
# CPU from the game between writes; elsewhere it looks every 0.5 ms.
WATCHER = """
import ctypes, os, sys, time
path, out, last = sys.argv[1], open(sys.argv[2], "w", buffering=1), -1
try:
    libc = ctypes.CDLL("libc.so.6")
    fd = libc.inotify_init()
    if fd < 0 or libc.inotify_add_watch(fd, os.path.dirname(path).encode(), 0x2) < 0:  # IN_MODIFY
        raise OSError("no inotify")
    wait = lambda: os.read(fd, 4096)
except (OSError, AttributeError):
    wait = lambda: time.sleep(0.0005)
while True:
    try:
        size = os.stat(path).st_size
    except OSError:
        size = 0
    if size != last:
        out.write(f"{time.perf_counter_ns()} {size}\\n")
        last = size
    wait()
"""


class DiskWatch:
    """When the disk audio driver wrote each buffer of its file, from the file's growths (`times`, `sizes`).

    The driver mixes a buffer, writes it, sleeps a buffer's time, and so on; its writes go through stdio,
    so the file grows a few buffers at a time (4 kB): stdio writes out a full 4 kB when the next buffer
    comes, so a growth's time is when the buffer after its last one was written, and its buffers were
    written one buffer's time apart before that. (Checked: sounds played at random times are found 0 to
    one buffer after they were played.)"""

    def __init__(self, times: list[int], sizes: list[int]) -> None:
        self.times, self.sizes = times, sizes

    @staticmethod
    @contextmanager
    def of(path: Path) -> Iterator[list[DiskWatch]]:
        """Watch `path` (its size every ~0.5 ms) while inside; the DiskWatch is in the list after."""
        notes = path.with_name(path.name + ".growths")
        proc = subprocess.Popen([sys.executable, "-c", WATCHER, str(path), str(notes)])
        found: list[DiskWatch] = []
        try:
            yield found
        finally:
            proc.kill()
            proc.wait()
            rows = [line.split() for line in notes.read_text().splitlines() if line.count(" ") == 1]
            found.append(DiskWatch([int(t) for t, _ in rows], [int(s) for _, s in rows]))

    def written_by(self, t_ns: int, buffer_bytes: int) -> int:
        """How many bytes had been mixed and written by `t_ns` (those of the growth seen next included,
        as far as their times say): a cue of a press at `t_ns` lies after them."""
        k = bisect.bisect_right(self.times, t_ns)
        base = self.sizes[k - 1] if k > 0 else 0
        if k == 0 or k >= len(self.sizes):
            return base
        count = max(1, (self.sizes[k] - self.sizes[k - 1]) // buffer_bytes)
        spacing = (self.times[k] - self.times[k - 1]) / count
        done = sum(1 for j in range(count) if self.times[k] - (count - j) * spacing <= t_ns)
        return base + done * buffer_bytes

    def written_at(self, offset: int, buffer_bytes: int) -> int | None:
        """When the buffer holding byte `offset` was mixed and written: the time of the growth that
        brought it, less the buffers written after it in that growth (each the growth's time apart)."""
        k = bisect.bisect_right(self.sizes, offset)
        if k < 2 or k >= len(self.sizes):
            return None  # before the first growth seen whole, or never written
        end = (offset // buffer_bytes + 1) * buffer_bytes
        after = max(0, self.sizes[k] - end) // buffer_bytes + 1  # the growth came with the next buffer
        spacing = (self.times[k] - self.times[k - 1]) / max(1, (self.sizes[k] - self.sizes[k - 1]) // buffer_bytes)
        return round(self.times[k] - after * spacing)


def first_sounds(pcm: bytes, watch: DiskWatch, presses: list[int], rate: int, channels: int, buffer: int,
                 within_s: float = 0.5) -> list[float]:
    """Press -> the first non-zero sample after it (within `within_s`), in ms, for each press with a cue;
    16-bit little-endian PCM as the mixer wrote it (silence between cues is exact zeros)."""
    import array

    samples = array.array("h")
    samples.frombytes(pcm[: len(pcm) - len(pcm) % 2])
    if sys.byteorder == "big":
        samples.byteswap()
    frame = 2 * channels
    out = []
    for pressed in presses:
        start = watch.written_by(pressed, buffer * frame) // 2
        end = min(len(samples), start + int(within_s * rate) * channels)
        hit = next((i for i in range(start, end) if samples[i]), None)
        if hit is None:
            continue
        written = watch.written_at(hit * 2, buffer * frame)
        if written is not None:
            out.append((written - pressed) / 1e6)
    return out


def sound_child(presses: int, seed: int) -> int:
    """Under SDL's disk audio driver (set by the parent): posted presses timed to the photon and to the
    first sample of their sound in what the mixer wrote."""
    import pygame

    path = Path(os.environ["SDL_DISKAUDIOFILE"])
    with DiskWatch.of(path) as watched:
        probe = Probe(seed, (1280, 720), sound=True)
        mixer = pygame.mixer.get_init()
        if mixer is None:
            raise RuntimeError("the disk audio driver gave no mixer")
        rate, _, channels = mixer
        values = probe.run(presses, post, seed)
    watch = watched[0]
    from game.audio import BUFFER

    sounds = first_sounds(path.read_bytes(), watch, probe.cues, rate, channels, BUFFER)
    probe.close()
    ok = report("posted key, dummy video: press -> photon", values, probe.parts)
    ok = report(f"press -> sound (disk audio driver, {rate} Hz, mixer buffer {BUFFER} frames = "
                f"{1000 * BUFFER / rate:.1f} ms)", sounds, target=TARGET_SOUND_P99_MS,
                counted=f"of {len(probe.cues)} cues found") and ok
    return 0 if ok else 1


def x_child(presses: int, seed: int) -> int:
    """Under Xvfb (DISPLAY set by the parent): a real window, real X key events through XTest."""
    os.environ["SDL_VIDEODRIVER"] = "x11"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.bench.input import XTest

    probe = Probe(seed, (1280, 720))
    xt = XTest()
    code = xt.keycode("Shift_L")

    def send(_key: int) -> None:
        xt.xtst.XTestFakeKeyEvent(xt.dpy, code, 1, 0)
        xt.xtst.XTestFakeKeyEvent(xt.dpy, code, 0, 0)
        xt.x11.XFlush(xt.dpy)

    values = probe.run(presses, send, seed)
    probe.close()
    return 0 if report("real X key (XTest) under Xvfb, x11 window 1280x720", values, probe.parts) else 1


def run_ways(args: argparse.Namespace) -> bool:
    """Each way once, its report printed: posted keys here, then the sound way and the real X key way in
    children of their own (the disk audio driver; a window under an Xvfb of its own)."""
    probe = Probe(args.seed, (1280, 720))
    ok = report("posted key (SDL queue), dummy video driver", probe.run(args.presses, post, args.seed), probe.parts)
    probe.close()
    if not args.no_sound:
        with tempfile.TemporaryDirectory(prefix="couchcards-sound-") as folder:
            env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="disk",
                       SDL_DISKAUDIOFILE=str(Path(folder) / "mixer.raw"))
            child = subprocess.run([sys.executable, "-m", "game", "bench", "latency", "--sound-child",
                                    "--presses", str(args.presses), "--seed", str(args.seed)], check=False, env=env)
            ok = ok and child.returncode == 0
    if not args.no_x:
        from game.bench.input import start_xvfb

        started = start_xvfb()
        if started is None:
            print("real X key: Xvfb not installed, skipped")
        else:
            proc, display = started
            try:
                env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11")
                child = subprocess.run([sys.executable, "-m", "game", "bench", "latency", "--x-child",
                                        "--presses", str(args.presses), "--seed", str(args.seed)], check=False, env=env)
                ok = ok and child.returncode == 0
            finally:
                proc.terminate()
                proc.wait()
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argtypes.OneLineParser(prog="couchcards bench latency", description=argtypes.lead(__doc__))
    parser.add_argument("--presses", type=argtypes.whole(1, 10000), default=80, help="timed presses per way")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--no-x", action="store_true", help="skip the real X key under Xvfb")
    parser.add_argument("--no-sound", action="store_true", help="skip press -> sound (the disk audio driver)")
    parser.add_argument("--loaded", type=argtypes.whole(0, 64), default=2,
                        help="then every way again beside this many busy processes of the bench's own "
                             "(default 2; 0: quiet only)")
    parser.add_argument("--x-child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--sound-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.x_child:
        return x_child(args.presses, args.seed)
    if args.sound_child:
        return sound_child(args.presses, args.seed)
    print(f"bench latency: press -> first presented frame showing its outcome (and -> its sound), 8 seats, "
          f"1280x720; {load()}")
    argtypes.headless_drivers()
    print("-- quiet (only what else runs on the machine)")
    ok = run_ways(args)
    print(f"after the quiet run: {load()}")
    if args.loaded:
        from game.bench.input import busy_processes

        print(f"-- loaded: {args.loaded} busy processes of the bench's own beside the game")
        with busy_processes(args.loaded):
            ok = run_ways(args) and ok
            print(f"at the end of the loaded run: {load()}")
    return 0 if ok else 1
