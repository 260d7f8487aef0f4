"""`python -m game bench render`: frame time of an 8-seat Ratscrew table in full animation at 1280×720,
time from process start to first frame (source run and executable), resident memory, executable size.

Frame time is the work of one whole frame as the app runs it (fixed steps, drawing, the flip and the
~33 input polls between frames), measured on the dummy video driver with a fake clock so no sleeping is
counted. Targets: p99 frame <= 8 ms, first frame <= 1 s, executable <= 30 MB, resident memory <= 150 MB.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
TARGET_P99_MS, TARGET_FIRST_S, TARGET_EXE_MB, TARGET_RSS_MB = 8.0, 1.0, 30.0, 150.0
FIRST_FRAME_MARK = "first-frame-wall"


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def frame_times(frames: int, seats: int, seed: int, size: tuple[int, int]) -> tuple[list[float], int]:
    """Per-frame work (ms) of the real app with an all-bot Ratscrew table on top; a finished game is
    replaced by a fresh deal so every measured frame is a table frame. Returns (times, cards played)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game import settings as settings_mod
    from game.app import App, SilentAudio
    from game.loop import FakeClock
    from game.scenes.config import demo_config, start_table
    from game.scenes.title import TitleScene

    pygame.display.init()
    pygame.font.init()
    with tempfile.TemporaryDirectory() as tmp:
        settings = settings_mod.load(Path(tmp) / "settings.json")
    clock = FakeClock()
    app = App(settings, size=size, clock=clock, sleep=clock.sleep, audio=SilentAudio(), rng_seed=seed)
    app.push(TitleScene())
    config = demo_config("ratscrew", seats, ["pro"], seed)  # the fastest bots: the busiest table
    start_table(app, config, push=True)
    app.frames(60)  # warm the card and text caches, as a player's first second does
    times: list[float] = []
    played = 0
    while len(times) < frames:
        table = app.top
        if type(table).__name__ != "RatscrewTable":  # the results screen: deal again
            start_table(app, config.with_seed(app.next_seed()))
            continue
        start = time.perf_counter_ns()
        app.loop.frame()
        times.append((time.perf_counter_ns() - start) / 1e6)
        played = max(played, table.match.state.cards_played)
    return times, played


def first_frame(cmd: list[str], runs: int) -> tuple[list[float], list[float]]:
    """Seconds from spawning `cmd` to its first presented frame, and the peak RSS (MB) of each run."""
    seconds, rss = [], []
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, COUCHCARDS_CONFIG_DIR=tmp, COUCHCARDS_REPORT_FIRST_FRAME="1",
                   SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        for _ in range(runs):
            start = time.time()
            proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                    text=True)
            _, status, usage = os.wait4(proc.pid, 0)
            proc.returncode = os.waitstatus_to_exitcode(status)
            err = proc.stderr.read()
            proc.stderr.close()
            marks = [line.split()[1] for line in err.splitlines() if line.startswith(FIRST_FRAME_MARK)]
            if proc.returncode != 0 or not marks:
                raise RuntimeError(f"{' '.join(cmd)} failed ({proc.returncode}): {err.strip()[-500:]}")
            seconds.append(float(marks[0]) - start)
            rss.append(usage.ru_maxrss / 1024)
    return seconds, rss


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="couchcards bench render", description=__doc__.splitlines()[0])
    p.add_argument("--frames", type=int, default=1200, help="table frames to time (default 1200 = 20 s)")
    p.add_argument("--seats", type=int, default=8)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--runs", type=int, default=3, help="process starts to time (default 3)")
    p.add_argument("--exe", default=str(ROOT / "build" / "out" / "couchcards"),
                   help="the built executable (skipped if missing)")
    p.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = p.parse_args(argv)

    ok = True
    times, played = frame_times(args.frames, args.seats, args.seed, (1280, 720))
    p50, p99 = statistics.median(times), percentile(times, 99)
    ok &= p99 <= TARGET_P99_MS
    print(f"render bench: {args.seats}-seat Ratscrew, all 'pro' bots, 1280x720, dummy video driver, "
          f"{len(times)} frames ({len(times) / 60:.0f} s of play, {played} cards played)")
    print(f"frame time: median {p50:.2f} ms, p99 {p99:.2f} ms, max {max(times):.2f} ms "
          f"(target p99 <= {TARGET_P99_MS:g} ms) {verdict(p99 <= TARGET_P99_MS)}")
    import resource

    own_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS of this process after the frames: {own_rss:.0f} MB")
    demo = ["--headless", "--demo", "--game", "ratscrew", "--players", str(args.seats), "--seed", str(args.seed)]
    runs = [("source", [sys.executable, "-m", "game", *demo])]
    exe = Path(args.exe)
    if exe.exists():
        runs.append((f"executable {exe.name}", [str(exe), *demo]))
    else:
        print(f"executable: not built ({exe}); python build/build.py makes it")
    for label, cmd in runs:
        seconds, _ = first_frame([*cmd, "--frames", "1"], args.runs)
        best = statistics.median(seconds)
        ok &= best <= TARGET_FIRST_S
        print(f"first frame, {label}: median {best:.2f} s of {len(seconds)} starts "
              f"(min {min(seconds):.2f}, max {max(seconds):.2f}; target <= {TARGET_FIRST_S:g} s) "
              f"{verdict(best <= TARGET_FIRST_S)}")
        _, rss = first_frame([*cmd, "--frames", "600"], 1)
        ok &= rss[0] <= TARGET_RSS_MB
        print(f"peak RSS, {label}, 10 s of the 8-seat demo: {rss[0]:.0f} MB (target <= {TARGET_RSS_MB:g} MB) "
              f"{verdict(rss[0] <= TARGET_RSS_MB)}")
    if exe.exists():
        size_mb = exe.stat().st_size / 1e6
        ok &= size_mb <= TARGET_EXE_MB
        print(f"executable size: {size_mb:.1f} MB (target <= {TARGET_EXE_MB:g} MB) {verdict(size_mb <= TARGET_EXE_MB)}")
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
