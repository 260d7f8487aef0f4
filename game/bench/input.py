"""`python -m game bench input`: how well the input router orders two slaps a few ms apart.

Presses are injected at known times while the app's own loop (game.loop.FixedLoop: polling every
~0.5 ms between frames, a frame every 16.7 ms: by default the real app drawing an 8-seat table, which
reads input between drawing stages and between the bands it presents) reads them through the router:
1. posted: a thread that *sleeps* between presses posts KEYDOWN events (time taken just before posting);
2. x11 (where Xvfb is installed): a separate process sends real X key events (XTest, what xdotool uses)
   to a real window under Xvfb; plus an order-only check driven by the xdotool command itself.
For each gap (1, 2, 5, 10 ms) it prints the share of pairs ordered correctly (a same-poll tie counts
as not correct), the stamping error (stamp - injection, median and p99), and the CPU cost of idle polling.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from itertools import pairwise

from game import argtypes

GAPS_MS = (1, 2, 5, 10)
FIRST_KEYS = ("left shift", "right shift")  # seats 1 and 2 slap keys: the real race
X_KEYSYMS = ("Shift_L", "Shift_R")
XDOTOOL_KEYS = ("q", "p")
TARGETS = "targets: 100% at >= 2 ms, >= 95% at 1 ms, stamping error p99 <= 1 ms, idle polling < 10% of a core"


@dataclass
class Press:
    seat: int
    t_ns: int  # injection time (perf_counter_ns, CLOCK_MONOTONIC: comparable across processes)


@dataclass
class Trial:
    gap_ms: float
    first: Press
    second: Press


# -- the loop under test --------------------------------------------------------------------------
TABLE = "table"  # frame work value meaning: the real app drawing an 8-seat table of the slap game


class Harness:
    """The app's loop and router with a frame of busy work; collects every Command read.

    `frame_work_ms` is a busy loop standing in for update+draw (a frame that never polls inside),
    or TABLE: the real App running an 8-seat all-bot table of the slap game (games.BENCH_GAME) at 1280x720 (its real update and
    drawing, which polls between drawing stages); the seats' keys still produce stamped Commands.
    """

    def __init__(self, frame_work_ms: float | str, seed: int = 1) -> None:
        from game.loop import FixedLoop

        self.commands: list = []
        self._folder: tempfile.TemporaryDirectory[str] | None = None  # the table app's settings folder
        self.reads: list[int] = []  # the clock at every read of the event queue
        self.frame_work_ns = 0
        if frame_work_ms == TABLE:
            self.app = self._table_app(seed)
            self.router = self.app.input
            self.loop = self.app.loop
            drain = self.router.drain

            def recording_drain() -> list:
                got = drain()
                self.commands += [c for c in got if c.device.startswith("kb:")]
                return got

            self.router.drain = recording_drain
            return
        self.app = None
        self.router = timed_router(self.reads)
        self.frame_work_ns = int(float(frame_work_ms) * 1e6)
        self.loop = FixedLoop(self._update, self._draw, self.router.poll)

    def close(self) -> None:
        """Remove the table app's settings folder (nothing to do for a stand-in frame)."""
        if self._folder is not None:
            self._folder.cleanup()

    def reset(self) -> None:
        """Forget what was read so far (the warm-up)."""
        self.commands.clear()
        self.reads.clear()

    def read_gaps(self) -> str:
        """The stretches between reads of the event queue: the game cannot see a press inside one."""
        gaps = [(b - a) / 1e6 for a, b in pairwise(self.reads)]
        if not gaps:
            return "  no reads of the event queue"
        rate = len(gaps) / (sum(gaps) / 1000)
        return (f"  reads of the event queue: {rate:,.0f}/s; gap between reads median "
                f"{percentile(gaps, 50):.2f} ms, p99 {percentile(gaps, 99):.2f} ms, max {max(gaps):.2f} ms")

    def _table_app(self, seed: int):
        from pathlib import Path

        from game import games
        from game import settings as settings_mod
        from game.app import App, SilentAudio
        from game.games import BENCH_GAME, get
        from game.tables import demo_config

        # The settings live in a folder of their own, removed by close() (or at exit, whatever happens).
        self._folder = tempfile.TemporaryDirectory(prefix="couchcards-bench-")
        settings = settings_mod.load(Path(self._folder.name) / "settings.json", warn=lambda message: None, games=games.GAMES)
        app = App(settings, size=(1280, 720), audio=SilentAudio(), rng_seed=seed,
                  router=timed_router(self.reads, settings["bindings"]))
        app.nav.start_table(demo_config(BENCH_GAME, 8, [get(BENCH_GAME).busiest_level], seed), push=True)
        return app

    def _update(self, now_ns: int, dt_ns: int) -> None:
        self.router.system_events()
        self.commands += [c for c in self.router.drain() if c.device.startswith("kb:")]

    def _draw(self, alpha: float) -> None:
        end = time.perf_counter_ns() + self.frame_work_ns
        while time.perf_counter_ns() < end:  # stands in for drawing: Python holding the GIL
            pass

    def run_while(self, busy, settle_s: float = 0.1) -> None:
        while busy():
            self.loop.frame()
        end = time.perf_counter() + settle_s
        while time.perf_counter() < end:
            self.loop.frame()

    def idle_cpu(self, seconds: float) -> tuple[float, int]:
        """Process CPU time / wall time with the loop idling (no frame work), and polls per second."""
        self.frame_work_ns = 0
        polls0, wall0, cpu0 = self.loop.polls, time.perf_counter(), time.process_time()
        while time.perf_counter() - wall0 < seconds:
            self.loop.frame()
        wall = time.perf_counter() - wall0
        return (time.process_time() - cpu0) / wall, round((self.loop.polls - polls0) / wall)


def timed_router(reads: list[int], bindings=None):
    """The game's InputRouter, noting the clock at every read of the event queue into `reads`."""
    from game.input import InputRouter

    class TimedRouter(InputRouter):
        def poll(self) -> int:
            reads.append(time.perf_counter_ns())
            return super().poll()

    return TimedRouter(settings_bindings=bindings)


def schedule(trials_per_gap: int, rng: random.Random) -> list[tuple[float, int]]:
    """(gap_ms, first seat) for every pair, shuffled so frame phase and order are random."""
    plan = [(gap, k % 2) for gap in GAPS_MS for k in range(trials_per_gap)]
    rng.shuffle(plan)
    return plan


# -- analysis -------------------------------------------------------------------------------------
def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else float("nan")


def analyse(trials: list[Trial], commands: list) -> dict:
    """Match commands to presses per seat in order; score each pair; stamp errors in ms."""
    by_seat: dict[int, list] = {0: [], 1: []}
    for cmd in commands:
        if cmd.seat in by_seat:
            by_seat[cmd.seat].append(cmd)
    seen = {0: 0, 1: 0}
    rows: dict[float, list[int]] = {}
    errors: list[float] = []
    missing = 0
    for trial in trials:
        got = []
        for press in (trial.first, trial.second):
            queue = by_seat[press.seat]
            cmd = queue[seen[press.seat]] if seen[press.seat] < len(queue) else None
            seen[press.seat] += 1
            got.append(cmd)
            if cmd is not None:
                errors.append((cmd.t_ns - press.t_ns) / 1e6)
        row = rows.setdefault(trial.gap_ms, [0, 0, 0, 0, 0])  # pairs, correct, tie, wrong, missing
        row[0] += 1
        a, b = got
        if a is None or b is None:
            row[4] += 1
            missing += 1
        elif a.poll == b.poll:
            row[2] += 1
        elif (a.t_ns, a.poll) < (b.t_ns, b.poll):
            row[1] += 1
        else:
            row[3] += 1
    return {"rows": rows, "errors": errors, "missing": missing}


def report(title: str, result: dict, out=print) -> bool:
    """Print the table; True if the ordering and stamping targets are met."""
    out(title)
    out("  gap    pairs  correct    tie  wrong")
    ok = True
    for gap in sorted(result["rows"]):
        pairs, correct, tie, wrong, missing = result["rows"][gap]
        share = correct / pairs
        ok &= share >= (0.95 if gap < 2 else 1.0)
        extra = f"  missing {missing}" if missing else ""
        out(f"  {gap:>3g} ms {pairs:>6} {100 * share:7.1f}% {100 * tie / pairs:5.1f}% "
            f"{100 * wrong / pairs:5.1f}%{extra}")
    errors = result["errors"]
    if errors:
        p99 = percentile(errors, 99)
        ok &= p99 <= 1.0
        out(f"  stamping error (stamp - injection): median {percentile(errors, 50):.3f} ms, "
            f"p99 {p99:.3f} ms, max {max(errors):.3f} ms, n={len(errors)}")
    return ok and not result["missing"]


# -- 1. posted events from a sleeping thread ------------------------------------------------------
def run_posted(trials_per_gap: int, frame_work_ms: float | str, seed: int) -> tuple[dict, Harness]:
    import pygame

    harness = Harness(frame_work_ms, seed)
    codes = [pygame.key.key_code(name) for name in FIRST_KEYS]
    plan = schedule(trials_per_gap, random.Random(seed))
    trials: list[Trial] = []
    rng = random.Random(seed + 1)

    def inject() -> None:
        for gap, first in plan:
            time.sleep(rng.uniform(4, 21) / 1000)  # a random phase against the 16.7 ms frame
            presses = []
            for k, seat in enumerate((first, 1 - first)):
                if k:
                    time.sleep(gap / 1000)
                t_ns = time.perf_counter_ns()
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=codes[seat]))
                presses.append(Press(seat, t_ns))
            time.sleep(0.002)
            for seat in (0, 1):
                pygame.event.post(pygame.event.Event(pygame.KEYUP, key=codes[seat]))
            trials.append(Trial(gap, *presses))

    for _ in range(30):  # warm up: the first frames build the table's cached layers
        harness.loop.frame()
    harness.reset()
    thread = threading.Thread(target=inject, daemon=True)
    thread.start()
    harness.run_while(thread.is_alive)
    return analyse(trials, harness.commands), harness


# -- 2. real X events under Xvfb --------------------------------------------------------------------
def start_xvfb() -> tuple[subprocess.Popen, str] | None:
    if not shutil.which("Xvfb"):
        return None
    for number in range(90, 140):
        if os.path.exists(f"/tmp/.X11-unix/X{number}") or os.path.exists(f"/tmp/.X{number}-lock"):
            continue
        proc = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "800x600x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if os.path.exists(f"/tmp/.X11-unix/X{number}"):
                return proc, f":{number}"
            if proc.poll() is not None:
                break
            time.sleep(0.05)
        proc.kill()
    return None


class XTest:
    """Real key events into the X server, from this process (libXtst, as xdotool does)."""

    def __init__(self) -> None:
        self.x11 = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        self.xtst = ctypes.CDLL(ctypes.util.find_library("Xtst") or "libXtst.so.6")
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x11.XStringToKeysym.restype = ctypes.c_ulong
        self.x11.XStringToKeysym.argtypes = [ctypes.c_char_p]
        self.x11.XKeysymToKeycode.restype = ctypes.c_ubyte
        self.x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        self.x11.XFlush.argtypes = [ctypes.c_void_p]
        self.x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.x11.XSetInputFocus.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_ulong]
        self.xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.dpy = self.x11.XOpenDisplay(None)
        if not self.dpy:
            raise RuntimeError("cannot open the X display")

    def keycode(self, keysym: str) -> int:
        return self.x11.XKeysymToKeycode(self.dpy, self.x11.XStringToKeysym(keysym.encode()))

    def focus(self, window: int) -> None:
        self.x11.XSetInputFocus(self.dpy, window, 2, 0)  # RevertToParent, CurrentTime
        self.x11.XSync(self.dpy, 0)

    def key(self, keycode: int, down: bool) -> int:
        t_ns = time.perf_counter_ns()
        self.xtst.XTestFakeKeyEvent(self.dpy, keycode, int(down), 0)
        self.x11.XFlush(self.dpy)
        return t_ns


def x_injector(argv: list[str]) -> int:
    """Child process: focus the window, send the planned pairs, print the injection times as JSON."""
    window, trials_per_gap, seed = int(argv[0]), int(argv[1]), int(argv[2])
    xt = XTest()
    xt.focus(window)
    codes = [xt.keycode(k) for k in X_KEYSYMS]
    rng = random.Random(seed + 1)
    time.sleep(0.3)
    out = []
    for gap, first in schedule(trials_per_gap, random.Random(seed)):
        time.sleep(rng.uniform(4, 21) / 1000)
        times = []
        for k, seat in enumerate((first, 1 - first)):
            if k:
                time.sleep(gap / 1000)
            times.append((seat, xt.key(codes[seat], True)))
        time.sleep(0.002)
        for seat in (0, 1):
            xt.key(codes[seat], False)
        out.append([gap, times])
    print(json.dumps(out))
    return 0


def xdotool_pairs(trials_per_gap: int) -> list[tuple[float, int]]:
    """Pairs typed by the xdotool command itself: (gap, first seat); only their order is known exactly.

    Seats 1 and 2's play keys (Q, P): xdotool can't press a right-hand modifier (it sends the left one)."""
    plan = []
    for gap in GAPS_MS:
        for k in range(trials_per_gap):
            first = k % 2
            a, b = XDOTOOL_KEYS[first], XDOTOOL_KEYS[1 - first]
            subprocess.run(["xdotool", "keydown", "--delay", "0", a, "sleep", f"{gap / 1000:.4f}",
                            "keydown", "--delay", "0", b, "sleep", "0.002", "keyup", "--delay", "0", a, b],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            plan.append((gap, first))
            time.sleep(random.uniform(4, 21) / 1000)
    return plan


def x_child(argv: list[str]) -> int:
    """Child process on the Xvfb display: real window, the app loop, the injectors; prints its reports."""
    trials_per_gap, works, seed = int(argv[0]), [_work(w) for w in argv[1].split(",")], int(argv[2])
    import pygame

    from game.app import prefer_native_framebuffer

    pygame.init()
    prefer_native_framebuffer()  # as the game does: SDL decides at the first window
    pygame.display.set_mode((320, 200))
    pygame.display.set_caption("couchcards input bench")
    verdicts = {}
    for work in works:  # run_x11 starts one child per frame-work value: one window each
        harness = Harness(work, seed)
        # Asked once, after the window is final (the real app opens its own): asking SDL again after
        # an injector has run has crashed it here.
        window = pygame.display.get_wm_info()["window"]
        for _ in range(30):
            harness.loop.frame()
        harness.reset()
        injector = subprocess.Popen([sys.executable, "-m", "game.bench.input", "--x-injector", str(window),
                                     str(trials_per_gap), str(seed)], stdout=subprocess.PIPE, text=True)
        harness.run_while(lambda proc=injector: proc.poll() is None, settle_s=0.2)
        raw = json.loads(injector.stdout.read())
        trials = [Trial(gap, *(Press(seat, t) for seat, t in times)) for gap, times in raw]
        verdicts[_work_name(work)] = report(
            f"x11: real X key events (XTest) from another process into a window under Xvfb, "
            f"L-Shift vs R-Shift, {_work_text(work)}", analyse(trials, harness.commands))
        print(harness.read_gaps())
    if shutil.which("xdotool") and len(argv) > 3 and argv[3] == "xdotool":
        harness.reset()
        plan: list[tuple[float, int]] = []
        thread = threading.Thread(target=lambda: plan.extend(xdotool_pairs(max(10, trials_per_gap // 4))),
                                  daemon=True)
        thread.start()
        harness.run_while(thread.is_alive, settle_s=0.2)
        # Only the order is known: stand-in injection times that keep it (no stamping error here).
        trials = [Trial(g, Press(f, 0), Press(1 - f, 1)) for g, f in plan]
        result = analyse(trials, harness.commands)
        result["errors"] = []
        verdicts["xdotool"] = report(f"x11: pairs typed by the xdotool command, Q vs P (order only; "
                                     f"{_work_text(works[-1])})", result)
        print(harness.read_gaps())
    harness.close()
    print(json.dumps(verdicts))
    return 0


def _work(text: str) -> float | str:
    return TABLE if text.strip() == TABLE else float(text)


def _work_name(work: float | str) -> str:
    return TABLE if work == TABLE else f"{work:g} ms"


def _work_text(work: float | str) -> str:
    if work == TABLE:
        return "frames of the real app drawing an 8-seat table of the slap game at 1280x720"
    return f"{work:g} ms of busy work per frame (never polling inside it)"


def run_x11(trials_per_gap: int, works: str, seed: int) -> dict | None:
    started = start_xvfb()
    if started is None:
        print("x11: skipped (Xvfb not installed or no free display)")
        return None
    proc, display = started
    try:
        env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                   PYTHONPATH=os.pathsep.join(filter(None, [repo_root(), os.environ.get("PYTHONPATH")])))
        values = works.split(",")
        ok: dict = {}
        for i, work in enumerate(values):
            extra = ["xdotool"] if i == len(values) - 1 else []
            child = subprocess.run([sys.executable, "-m", "game.bench.input", "--x-child", str(trials_per_gap),
                                    work, str(seed), *extra], check=False, capture_output=True, text=True,
                                   env=env, timeout=600)
            ok.update(_child_report(child))
        return ok or None
    finally:
        proc.terminate()
        proc.wait(5)


def _child_report(child: subprocess.CompletedProcess) -> dict:
    """Print an x11 child's report lines; return its verdicts."""
    ok = {}
    for line in child.stdout.strip().splitlines():
        if line.startswith("{"):
            ok = json.loads(line)
        elif not line.startswith("pygame-ce"):
            print(line)
    if child.returncode:
        print(f"x11: child failed ({child.returncode}): {child.stderr.strip().splitlines()[-1:]}")
    return ok


def repo_root() -> str:
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


# -- command line ---------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--x-injector"]:
        return x_injector(argv[1:])
    if argv[:1] == ["--x-child"]:
        return x_child(argv[1:])
    p = argtypes.OneLineParser(prog="couchcards bench input", description=__doc__.splitlines()[0])
    p.add_argument("--trials", type=argtypes.POSITIVE, default=200, help="pairs per gap (default 200)")
    p.add_argument("--frame-work-ms", type=_work, default=TABLE,
                   help=f"'{TABLE}' (default): the real app drawing an 8-seat table of the slap game every frame; or "
                        "a number: ms of busy work in each 16.7 ms frame standing in for update+draw, "
                        "never reading input inside it")
    p.add_argument("--idle-seconds", type=float, default=3.0)
    p.add_argument("--seed", type=argtypes.SEED, default=1)
    p.add_argument("--x11-frame-work-ms", default=f"0.5,{TABLE}",
                   help=f"frame work values for the Xvfb runs, comma-separated (default 0.5,{TABLE}); a "
                        "stand-in frame never reads input inside it, so the targets cannot hold once it "
                        "takes more than ~1 ms")
    p.add_argument("--no-x11", action="store_true", help="skip the Xvfb run")
    p.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = p.parse_args(argv)

    argtypes.headless_drivers()
    import pygame

    pygame.init()
    pygame.display.set_mode((320, 200))
    print(f"input bench: {args.trials} pairs per gap; the app loop (poll every ~0.5 ms between frames and during drawing, "
          f"a frame every 16.7 ms with {_work_text(args.frame_work_ms)})")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start "
          "(other work on the cores shows up as late reads and ties)")
    result, harness = run_posted(args.trials, args.frame_work_ms, args.seed)
    verdicts = {"posted": report("posted: KEYDOWN events posted by a sleeping thread", result)}
    print(harness.read_gaps())
    idle = harness if harness.app is None else Harness(0.0, args.seed)  # idle: no table drawing
    share, rate = idle.idle_cpu(args.idle_seconds)
    harness.close()
    verdicts["idle"] = share < 0.10
    print(f"idle polling: {100 * share:.1f}% of one core (process CPU / wall over {args.idle_seconds:g} s), "
          f"{rate} polls/s")
    pygame.quit()
    if not args.no_x11:
        x_verdicts = run_x11(args.trials, args.x11_frame_work_ms, args.seed)
        if x_verdicts is not None:
            verdicts.update({f"x11 {k}": v for k, v in x_verdicts.items()})
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    print(TARGETS)
    print("  " + "; ".join(f"{name}: {'met' if ok else 'MISSED'}" for name, ok in verdicts.items()))
    if not all(verdicts.values()):
        print("  (a press that arrives while a frame is being worked on is read when the frame ends: the "
              "stamping error of real events grows with the longest stretch between polls)")
    return 0 if all(verdicts.values()) or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
