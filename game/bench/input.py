"""`python -m game bench input`: how well the input router orders two slaps a few ms apart.

Presses are injected at known times while the app's own loop (game.loop.FixedLoop: polling every
~0.5 ms between frames, a frame every 16.7 ms: by default the real app drawing an 8-seat table, which
reads input between drawing stages and between the bands it presents) reads them through the router:
1. posted: a thread that *sleeps* between presses posts KEYDOWN events (time taken just before posting);
2. x11 (where Xvfb is installed): a separate process sends real X key events (XTest, what xdotool uses)
   to a real window under Xvfb; plus an order-only check driven by the xdotool command itself.
For each gap (1, 2, 5, 10 ms) it prints the share of pairs ordered correctly (a same-poll tie counts
as not correct), the stamping error (stamp - injection, median and p99), and the CPU cost of idle polling.

Then it runs the same again "loaded": with busy processes of its own (`--loaded N`, default 6, each a
Python loop never sleeping) on the cores beside the game and Xvfb, and prints both side by side.

Wrong orders under load were the injector's, not the game's (issue 40): the X injector flushed each key
and went on, so when Xvfb was starved it took a backlog in one go, the release of a key and the next
press of that key at the same server millisecond; SDL (X11_KeyRepeat) takes a release followed within
2 ms by a press of the same key for the keyboard's auto-repeat, drops both, and the press never reached
the game. The bench matched each seat's commands to its presses in order, so every later pair of that
seat was scored against the wrong press. Now the injector waits (XSync) until the server has each key
before it goes on, notes when it sent each key and when the server had it, and waits after each pair
until the game has read it (or 2 s have passed): a pair is scored only on the commands read between its
own presses and the next pair's, so a lost press shows as "lost" on its own pair, a wrong order is the
game's (the server had the first key before the second was sent), and the gaps as sent are shown beside
the ones intended.
"""

from __future__ import annotations

import argparse
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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING, TypedDict

from game import argtypes

if TYPE_CHECKING:
    from game.app import App
    from game.commands import Command
    from game.input import InputRouter
    from game.services import InputPort

GAPS_MS = (1, 2, 5, 10)
FIRST_KEYS = ("left shift", "right shift")  # seats 1 and 2 slap keys: the real race
X_KEYSYMS = ("Shift_L", "Shift_R")
XDOTOOL_KEYS = ("q", "p")
TARGETS = "targets: 100% at >= 2 ms, >= 95% at 1 ms, stamping error p99 <= 1 ms, idle polling < 10% of a core"


@dataclass
class Press:
    seat: int
    t_ns: int  # injection time (perf_counter_ns, CLOCK_MONOTONIC: comparable across processes)
    at_server_ns: int | None = None  # X: when the injector knew the server had it (XSync returned)


@dataclass
class Trial:
    gap_ms: float
    first: Press
    second: Press


# -- the loop under test --------------------------------------------------------------------------
TABLE = "table"  # frame work value meaning: the real app drawing an 8-seat table of the slap game
# Per gap (ms): [pairs, correct, tie, wrong, missing]
Rows = dict[float, list[int]]


class Analysis(TypedDict):
    """How a way ordered and stamped its pairs (`analyse`)."""

    rows: Rows
    errors: list[float]  # stamp - injection, ms
    missing: int
    strays: int
    sent_gaps: dict[float, list[float]]  # per gap: how far apart the presses were sent (ms)
    grouped: bool


class Harness:
    """The app's loop and router with a frame of busy work; collects every Command read.

    `frame_work_ms` is a busy loop standing in for update+draw (a frame that never polls inside),
    or TABLE: the real App running an 8-seat all-bot table of the slap game (games.BENCH_GAME) at 1280x720 (its real update and
    drawing, which polls between drawing stages); the seats' keys still produce stamped Commands.
    """

    def __init__(self, frame_work_ms: float | str, seed: int = 1) -> None:
        from game.loop import FixedLoop

        self.commands: list[Command] = []
        self._folder: tempfile.TemporaryDirectory[str] | None = None  # the table app's settings folder
        self.reads: list[int] = []  # the clock at every read of the event queue
        self.frame_work_ns = 0
        self.app: App | None = None
        self.router: InputPort
        if frame_work_ms == TABLE:
            self.app = self._table_app(seed)
            self.router = self.app.input
            self.loop = self.app.loop
            return
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

    def _table_app(self, seed: int) -> App:
        from pathlib import Path

        from game import games
        from game import settings as settings_mod
        from game.app import App, SilentAudio
        from game.games import BENCH_GAME, get
        from game.tables import demo_config

        # The settings live in a folder of their own, removed by close() (or at exit, whatever happens).
        self._folder = tempfile.TemporaryDirectory(prefix="couchcards-bench-")
        settings = settings_mod.load(Path(self._folder.name) / "settings.json", warn=lambda message: None, games=games.GAMES)
        router = timed_router(self.reads, settings["bindings"], drained=self.commands)
        app = App(settings, size=(1280, 720), audio=SilentAudio(), rng_seed=seed, router=router)
        app.nav.start_table(demo_config(BENCH_GAME, 8, [get(BENCH_GAME).busiest_level], seed), push=True)
        return app

    def _update(self, now_ns: int, dt_ns: int) -> None:
        self.router.system_events()
        self.commands += [c for c in self.router.drain() if c.device.startswith("kb:")]

    def _draw(self, alpha: float) -> None:
        end = time.perf_counter_ns() + self.frame_work_ns
        while time.perf_counter_ns() < end:  # stands in for drawing: Python holding the GIL
            pass

    def run_while(self, busy: Callable[[], bool], settle_s: float = 0.1) -> None:
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


def timed_router(reads: list[int], bindings: object = None, drained: list[Command] | None = None) -> InputRouter:
    """The game's InputRouter, noting the clock at every read of the event queue into `reads` (and, with
    `drained`, keeping there the keyboard's commands it hands out)."""
    from game.input import InputRouter

    class TimedRouter(InputRouter):
        def poll(self) -> int:
            reads.append(time.perf_counter_ns())
            return super().poll()

        def drain(self) -> list[Command]:
            got = super().drain()
            if drained is not None:
                drained.extend(c for c in got if c.device.startswith("kb:"))
            return got

    return TimedRouter(settings_bindings=bindings)


def schedule(trials_per_gap: int, rng: random.Random) -> list[tuple[float, int]]:
    """(gap_ms, first seat) for every pair, shuffled so frame phase and order are random."""
    plan: list[tuple[float, int]] = [(gap, k % 2) for gap in GAPS_MS for k in range(trials_per_gap)]
    rng.shuffle(plan)
    return plan


# -- analysis -------------------------------------------------------------------------------------
def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else float("nan")


def analyse(trials: list[Trial], commands: list[Command], groups: list[list[Command]] | None = None) -> Analysis:
    """Score each pair; stamp errors in ms. With `groups` (the commands read while each pair was the
    one in flight, one list per trial) a pair is scored on its own commands only: a press with no
    command there is lost, a second command of a seat there is a stray. Without, each seat's commands
    are matched to its presses in order (right where no press can be lost: posted events)."""
    if groups is None:
        by_seat: dict[int, list[Command]] = {0: [], 1: []}
        for command in commands:
            if command.seat in by_seat:
                by_seat[command.seat].append(command)
        seen = {0: 0, 1: 0}
    rows: Rows = {}
    errors: list[float] = []
    sent_gaps: dict[float, list[float]] = {}
    missing = strays = 0
    for k, trial in enumerate(trials):
        got: list[Command | None] = []
        for press in (trial.first, trial.second):
            cmd: Command | None
            if groups is None:
                queue = by_seat[press.seat]
                cmd = queue[seen[press.seat]] if seen[press.seat] < len(queue) else None
                seen[press.seat] += 1
            else:
                mine = [c for c in groups[k] if c.seat == press.seat]
                cmd = mine[0] if mine else None
                strays += max(0, len(mine) - 1)
            got.append(cmd)
            if cmd is not None:
                errors.append((cmd.t_ns - press.t_ns) / 1e6)
        sent_gaps.setdefault(trial.gap_ms, []).append((trial.second.t_ns - trial.first.t_ns) / 1e6)
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
    return {"rows": rows, "errors": errors, "missing": missing, "strays": strays, "sent_gaps": sent_gaps,
            "grouped": groups is not None}


def report(title: str, result: Analysis, out: Callable[[str], None] = print, loaded: bool = False) -> bool:
    """Print the table; True if the ordering and stamping targets are met (`loaded`: only that no pair is
    the wrong way round and no press is lost; ties and late stamps are what busy cores cost)."""
    out(title)
    gaps_known = any(g > 0 for gaps in result["sent_gaps"].values() for g in gaps)
    out("  gap    pairs  correct    tie  wrong" + ("   sent apart: median / p99 / min" if gaps_known else ""))
    ok = True
    for gap in sorted(result["rows"]):
        pairs, correct, tie, wrong, missing = result["rows"][gap]
        share = correct / pairs
        ok &= share >= (0.95 if gap < 2 else 1.0) and not wrong
        extra = f"  lost {missing}" if missing else ""
        sent = result["sent_gaps"].get(gap, [])
        if gaps_known and sent:
            extra = (f"   {percentile(sent, 50):5.1f} / {percentile(sent, 99):5.1f} / {min(sent):4.1f} ms"
                     + extra)
        out(f"  {gap:>3g} ms {pairs:>6} {100 * share:7.1f}% {100 * tie / pairs:5.1f}% "
            f"{100 * wrong / pairs:5.1f}%{extra}")
    if result["strays"]:
        out(f"  {result['strays']} commands came with a pair other than their own (read more than 2 s late)")
    if loaded:
        ok = not any(row[3] for row in result["rows"].values())
    errors = result["errors"]
    if errors:
        p99 = percentile(errors, 99)
        ok &= loaded or p99 <= 1.0
        out(f"  stamping error (stamp - injection): median {percentile(errors, 50):.3f} ms, "
            f"p99 {p99:.3f} ms, max {max(errors):.3f} ms, n={len(errors)}")
    return ok and not result["missing"]


# -- 1. posted events from a sleeping thread ------------------------------------------------------
def run_posted(trials_per_gap: int, frame_work_ms: float | str, seed: int) -> tuple[Analysis, Harness]:
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
def start_xvfb() -> tuple[subprocess.Popen[bytes], str] | None:
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
        code: int = self.x11.XKeysymToKeycode(self.dpy, self.x11.XStringToKeysym(keysym.encode()))
        return code

    def focus(self, window: int) -> None:
        self.x11.XSetInputFocus(self.dpy, window, 2, 0)  # RevertToParent, CurrentTime
        self.x11.XSync(self.dpy, 0)

    def key(self, keycode: int, down: bool) -> tuple[int, int]:
        """Send a key; (when it was sent, when the server had it). Waiting for the server (XSync) keeps a
        starved Xvfb from taking a release and the next press of the same key in one millisecond, which
        SDL would take for auto-repeat and drop."""
        t_ns = time.perf_counter_ns()
        self.xtst.XTestFakeKeyEvent(self.dpy, keycode, int(down), 0)
        self.x11.XSync(self.dpy, 0)
        return t_ns, time.perf_counter_ns()


ACK_WAIT_S = 2.0  # after a pair, the injector waits this long at most for the game to have read it


def x_injector(argv: list[str]) -> int:
    """Child process: focus the window, send the planned pairs; after each, print it as a JSON line
    ([gap, [[seat, sent_ns, at_server_ns], ...]]) and wait for a line on stdin (the game has read it) or
    ACK_WAIT_S; "end" last."""
    import select

    window, trials_per_gap, seed = int(argv[0]), int(argv[1]), int(argv[2])
    xt = XTest()
    xt.focus(window)
    codes = [xt.keycode(k) for k in X_KEYSYMS]
    rng = random.Random(seed + 1)
    time.sleep(0.3)
    for gap, first in schedule(trials_per_gap, random.Random(seed)):
        time.sleep(rng.uniform(4, 21) / 1000)
        times = []
        for k, seat in enumerate((first, 1 - first)):
            if k:
                time.sleep(gap / 1000)
            times.append((seat, *xt.key(codes[seat], True)))
        time.sleep(0.002)
        for seat in (0, 1):
            xt.key(codes[seat], False)
        print(json.dumps([gap, times]), flush=True)
        if select.select([sys.stdin], [], [], ACK_WAIT_S)[0]:
            sys.stdin.readline()
    print("end", flush=True)
    return 0


class PairBarrier:
    """The x11 child's side of the injector's handshake: reads each pair the injector sent, and tells it
    to go on once the game has read both presses (two new commands) or ACK_WAIT_S have passed. The
    commands read meanwhile are that pair's (`groups`)."""

    def __init__(self, harness: Harness, injector: subprocess.Popen[str]) -> None:
        import queue

        self.harness, self.injector = harness, injector
        self.trials: list[Trial] = []
        self.groups: list[list[Command]] = []
        self.lines: queue.Queue[str] = queue.Queue()
        self._mark = 0  # commands read before the pair in flight
        self._since: float | None = None  # when the pair in flight was seen (None: none in flight)
        self.ended = False
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.injector.stdout is not None
        for line in self.injector.stdout:
            self.lines.put(line.strip())
        self.lines.put("end")

    def busy(self) -> bool:
        """Called before each frame: go on with the handshake; False once the injector has ended."""
        import queue

        commands = self.harness.commands
        if self._since is not None:
            if len(commands) - self._mark >= 2 or time.perf_counter() - self._since > ACK_WAIT_S:
                self.groups.append(commands[self._mark:])
                self._mark, self._since = len(commands), None
                assert self.injector.stdin is not None
                try:
                    self.injector.stdin.write("\n")
                    self.injector.stdin.flush()
                except OSError:
                    pass  # the injector has gone: its "end" (or its exit) ends the run
            return True
        try:
            line = self.lines.get_nowait()
        except queue.Empty:
            return not self.ended
        if line == "end" or not line.startswith("["):
            self.ended = line == "end" or self.ended
            return not self.ended
        gap, times = json.loads(line)
        self.trials.append(Trial(gap, *(Press(seat, sent, at) for seat, sent, at in times)))
        self._since = time.perf_counter()  # a command read after the last pair's end counts as this one's
        return True


def xdotool_pairs(trials_per_gap: int, commands: list[Command], groups: list[list[Command]]) -> list[tuple[float, int]]:
    """Pairs typed by the xdotool command itself: (gap, first seat); only their order is known exactly.
    After each pair, wait until the game has read two more `commands` (or ACK_WAIT_S): the commands
    read meanwhile are the pair's (`groups`).

    Seats 1 and 2's play keys (Q, P): xdotool can't press a right-hand modifier (it sends the left one)."""
    plan: list[tuple[float, int]] = []
    mark = len(commands)
    for gap in GAPS_MS:
        for k in range(trials_per_gap):
            first = k % 2
            a, b = XDOTOOL_KEYS[first], XDOTOOL_KEYS[1 - first]
            subprocess.run(["xdotool", "keydown", "--delay", "0", a, "sleep", f"{gap / 1000:.4f}",
                            "keydown", "--delay", "0", b, "sleep", "0.002", "keyup", "--delay", "0", a, b],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            plan.append((gap, first))
            deadline = time.perf_counter() + ACK_WAIT_S
            while len(commands) - mark < 2 and time.perf_counter() < deadline:
                time.sleep(0.002)
            end = len(commands)
            groups.append(commands[mark:end])
            mark = end
            time.sleep(random.uniform(4, 21) / 1000)
    return plan


def x_child(argv: list[str]) -> int:
    """Child process on the Xvfb display: real window, the app loop, the injectors; prints its reports."""
    trials_per_gap, works, seed = int(argv[0]), [_work(w) for w in argv[1].split(",")], int(argv[2])
    loaded = "loaded" in argv[3:]
    import pygame

    from game.app import prefer_native_framebuffer

    pygame.init()
    prefer_native_framebuffer()  # as the game does: SDL decides at the first window
    pygame.display.set_mode((320, 200))
    pygame.display.set_caption("couchcards input bench")
    verdicts: dict[str, bool] = {}
    rows: dict[str, Rows] = {}
    for work in works:  # run_x11 starts one child per frame-work value: one window each
        harness = Harness(work, seed)
        # Asked once, after the window is final (the real app opens its own): asking SDL again after
        # an injector has run has crashed it here.
        window = pygame.display.get_wm_info()["window"]
        for _ in range(30):
            harness.loop.frame()
        harness.reset()
        injector = subprocess.Popen([sys.executable, "-m", "game.bench.input", "--x-injector", str(window),
                                     str(trials_per_gap), str(seed)], stdin=subprocess.PIPE,
                                    stdout=subprocess.PIPE, text=True)
        barrier = PairBarrier(harness, injector)
        harness.run_while(barrier.busy, settle_s=0.2)
        injector.wait(10)
        result = analyse(barrier.trials, harness.commands, barrier.groups[:len(barrier.trials)])
        name = _work_name(work)
        verdicts[name] = report(
            f"x11: real X key events (XTest) from another process into a window under Xvfb, "
            f"L-Shift vs R-Shift, {_work_text(work)}", result, loaded=loaded)
        rows[f"x11 {name}"] = result["rows"]
        print(harness.read_gaps())
    if shutil.which("xdotool") and "xdotool" in argv[3:]:
        harness.reset()
        plan: list[tuple[float, int]] = []
        groups: list[list[Command]] = []
        thread = threading.Thread(
            target=lambda: plan.extend(xdotool_pairs(max(10, trials_per_gap // 4), harness.commands, groups)),
            daemon=True)
        thread.start()
        harness.run_while(thread.is_alive, settle_s=0.2)
        # Only the order is known: stand-in injection times that keep it (no stamping error here).
        trials = [Trial(g, Press(f, 0), Press(1 - f, 1)) for g, f in plan]
        result = analyse(trials, harness.commands, groups)
        result["errors"] = []
        result["sent_gaps"] = {}
        verdicts["xdotool"] = report(f"x11: pairs typed by the xdotool command, Q vs P (order only; "
                                     f"{_work_text(works[-1])})", result, loaded=loaded)
        rows["xdotool"] = result["rows"]
        print(harness.read_gaps())
    harness.close()
    print(json.dumps({"verdicts": verdicts, "rows": rows}))
    return 0


def _work(text: str) -> float | str:
    return TABLE if text.strip() == TABLE else float(text)


def _work_name(work: float | str) -> str:
    return TABLE if work == TABLE else f"{work:g} ms"


def _work_text(work: float | str) -> str:
    if work == TABLE:
        return "frames of the real app drawing an 8-seat table of the slap game at 1280x720"
    return f"{work:g} ms of busy work per frame (never polling inside it)"


def run_x11(trials_per_gap: int, works: str, seed: int, loaded: bool = False
            ) -> tuple[dict[str, bool], dict[str, Rows]] | None:
    """The x11 runs under an Xvfb of their own: (verdicts, rows) by way, or None if there is no Xvfb."""
    started = start_xvfb()
    if started is None:
        print("x11: skipped (Xvfb not installed or no free display)")
        return None
    proc, display = started
    try:
        env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                   PYTHONPATH=os.pathsep.join(filter(None, [repo_root(), os.environ.get("PYTHONPATH")])))
        values = works.split(",")
        ok: dict[str, bool] = {}
        rows: dict[str, Rows] = {}
        for i, work in enumerate(values):
            extra = (["xdotool"] if i == len(values) - 1 else []) + (["loaded"] if loaded else [])
            child = subprocess.run([sys.executable, "-m", "game.bench.input", "--x-child", str(trials_per_gap),
                                    work, str(seed), *extra], check=False, capture_output=True, text=True,
                                   env=env, timeout=1800)
            verdicts, found = _child_report(child)
            ok.update(verdicts)
            rows.update(found)
        return (ok, rows) if ok else None
    finally:
        proc.terminate()
        proc.wait(5)


def _child_report(child: subprocess.CompletedProcess[str]) -> tuple[dict[str, bool], dict[str, Rows]]:
    """Print an x11 child's report lines; return its verdicts and its rows by way."""
    ok: dict[str, bool] = {}
    rows: dict[str, Rows] = {}
    for line in child.stdout.strip().splitlines():
        if line.startswith("{"):
            found = json.loads(line)
            ok = found["verdicts"]
            rows = {way: {float(gap): row for gap, row in by_gap.items()} for way, by_gap in found["rows"].items()}
        elif not line.startswith("pygame-ce"):
            print(line)
    if child.returncode:
        print(f"x11: child failed ({child.returncode}): {child.stderr.strip().splitlines()[-1:]}")
    return ok, rows


@contextmanager
def busy_processes(count: int) -> Iterator[None]:
    """`count` processes that never sleep (a Python loop each) beside whatever runs inside; ended after."""
    procs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]
    try:
        yield
    finally:
        for proc in procs:
            proc.kill()
        for proc in procs:
            proc.wait()


def run_ways(args: argparse.Namespace, loaded: bool) -> tuple[dict[str, bool], dict[str, Rows]]:
    """Every way once (posted; then under Xvfb unless --no-x11): its report printed; (verdicts, rows)."""
    import pygame

    pygame.init()
    pygame.display.set_mode((320, 200))
    result, harness = run_posted(args.trials, args.frame_work_ms, args.seed)
    verdicts = {"posted": report("posted: KEYDOWN events posted by a sleeping thread", result, loaded=loaded)}
    rows = {"posted": result["rows"]}
    print(harness.read_gaps())
    if not loaded:
        idle = harness if harness.app is None else Harness(0.0, args.seed)  # idle: no table drawing
        share, rate = idle.idle_cpu(args.idle_seconds)
        verdicts["idle"] = share < 0.10
        print(f"idle polling: {100 * share:.1f}% of one core (process CPU / wall over {args.idle_seconds:g} s), "
              f"{rate} polls/s")
    harness.close()
    pygame.quit()
    if not args.no_x11:
        found = run_x11(args.trials, args.x11_frame_work_ms, args.seed, loaded)
        if found is not None:
            verdicts.update({f"x11 {k}": v for k, v in found[0].items()})
            rows.update(found[1])
    return verdicts, rows


def side_by_side(quiet: dict[str, Rows], loaded: dict[str, Rows], busy: int) -> list[str]:
    """Each way's pairs at each gap, quiet beside loaded: correct / tie / wrong (lost), in %."""
    def cell(row: list[int] | None) -> str:
        if row is None:
            return f"{'-':>22}"
        pairs, correct, tie, wrong, lost = row
        text = f"{100 * correct / pairs:5.1f} {100 * tie / pairs:5.1f} {100 * wrong / pairs:5.1f}"
        return f"{text}{f' ({lost} lost)' if lost else '':>8}"

    lines = [f"quiet beside loaded ({busy} busy processes): correct / tie / wrong %, per way and gap",
             f"  {'way':<12} {'gap':>6}   {'quiet':>22}   {'loaded':>22}"]
    for way in [*quiet, *(w for w in loaded if w not in quiet)]:
        for gap in sorted(quiet.get(way, {}).keys() | loaded.get(way, {}).keys()):
            lines.append(f"  {way:<12} {gap:>4g} ms   {cell(quiet.get(way, {}).get(gap))}   "
                         f"{cell(loaded.get(way, {}).get(gap))}")
    return lines


def repo_root() -> str:
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


# -- command line ---------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--x-injector"]:
        return x_injector(argv[1:])
    if argv[:1] == ["--x-child"]:
        return x_child(argv[1:])
    p = argtypes.OneLineParser(prog="couchcards bench input", description=argtypes.lead(__doc__))
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
    p.add_argument("--loaded", type=argtypes.whole(0, 64), default=6,
                   help="then run every way again beside this many busy processes of the bench's own "
                        "(default 6; 0: quiet only)")
    p.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = p.parse_args(argv)

    argtypes.headless_drivers()
    print(f"input bench: {args.trials} pairs per gap; the app loop (poll every ~0.5 ms between frames and during drawing, "
          f"a frame every 16.7 ms with {_work_text(args.frame_work_ms)})")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start "
          "(other work on the cores shows up as late reads and ties)")
    print("-- quiet (only what else runs on the machine)")
    verdicts, quiet_rows = run_ways(args, loaded=False)
    print(f"load average {os.getloadavg()[0]:.2f} after the quiet run")
    if args.loaded:
        print(f"-- loaded: {args.loaded} busy processes of the bench's own beside the game (and Xvfb)")
        with busy_processes(args.loaded):
            loaded_verdicts, loaded_rows = run_ways(args, loaded=True)
            print(f"load average {os.getloadavg()[0]:.2f} at the end of the loaded run")
        verdicts.update({f"loaded {k}": v for k, v in loaded_verdicts.items()})
        for line in side_by_side(quiet_rows, loaded_rows, args.loaded):
            print(line)
    print(TARGETS + "; loaded: no pair the wrong way round, no press lost (ties are honest: the same read)")
    print("  " + "; ".join(f"{name}: {'met' if ok else 'MISSED'}" for name, ok in verdicts.items()))
    if not all(verdicts.values()):
        print("  (a press that arrives while a frame is being worked on is read when the frame ends: the "
              "stamping error of real events grows with the longest stretch between polls)")
    return 0 if all(verdicts.values()) or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
