"""Smoke-test the built executable (python build/smoke.py): `--headless --demo --frames 300` must exit 0
and save its last frame; `--language da` must start with its catalogue; hard No Thanks bots must not
refuse the bundled compiled search; a bad option must exit 2 (not crash); a console build must print the version of
pyproject.toml for --version. Runs on every system the release is built on (the program inside the
.app on macOS)."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from targets import target
from versioning import project_version

from build import executable, product, size_bytes

TIMEOUT_S = 180
FIRST_FRAME_STARTS = 3


def main(argv: list[str] | None = None) -> int:
    exe = executable()
    if not exe.exists():
        print(f"smoke: no executable at {exe}; run python build/build.py first", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, COUCHCARDS_CONFIG_DIR=tmp, COUCHCARDS_DATA_DIR=tmp, SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy")
        shot = Path(tmp) / "last.png"
        cmd = [str(exe), "--headless", "--demo", "--frames", "300", "--seed", "1", "--screenshot", str(shot)]
        start = time.perf_counter()
        try:
            proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=TIMEOUT_S,
                                  check=False)
        except subprocess.TimeoutExpired:
            print(f"smoke: FAIL, still running after {TIMEOUT_S} s", file=sys.stderr)
            return 1
        took = time.perf_counter() - start
        if proc.returncode != 0:
            print(f"smoke: FAIL, exit code {proc.returncode}\n{proc.stderr[-3000:]}", file=sys.stderr)
            return 1
        if not shot.exists() or shot.stat().st_size < 1000:
            print("smoke: FAIL, no screenshot of the last frame", file=sys.stderr)
            return 1
        danish = subprocess.run([str(exe), "--headless", "--frames", "5", "--language", "da"], env=env,
                                capture_output=True, text=True, timeout=TIMEOUT_S, check=False)
        if danish.returncode != 0 or "catalogue" in danish.stderr:  # game.i18n warns of a missing catalogue
            print(f"smoke: FAIL, --language da: exit {danish.returncode}\n{danish.stderr[-2000:]}", file=sys.stderr)
            return 1
        # A No Thanks table of hard bots: the compiled search they run (build/speedups.py), when the bundle has it,
        # must not be refused (game.games.nothanks.bots says so on stderr and falls back to the plain search).
        hard = subprocess.run([str(exe), "--headless", "--demo", "--game", "nothanks", "--bots", "hard,hard",
                               "--frames", "5"], env=env, capture_output=True, text=True, timeout=TIMEOUT_S, check=False)
        if hard.returncode != 0 or "the compiled search" in hard.stderr:
            print(f"smoke: FAIL, hard No Thanks bots: exit {hard.returncode}\n{hard.stderr[-2000:]}", file=sys.stderr)
            return 1
        bad = subprocess.run([str(exe), "--players", "99"], env=env, capture_output=True, text=True,
                             timeout=TIMEOUT_S, check=False)
        if bad.returncode != 2:
            print(f"smoke: FAIL, a bad option exited {bad.returncode}, not 2\n{bad.stderr[-3000:]}", file=sys.stderr)
            return 1
        if target(sys.platform).console:
            shown = subprocess.run([str(exe), "--version"], env=env, capture_output=True, text=True,
                                   timeout=TIMEOUT_S, check=False)
            want = f"couchcards {project_version()}"
            if shown.returncode != 0 or shown.stdout.strip() != want:
                print(f"smoke: FAIL, --version printed {shown.stdout.strip()!r}, not {want!r}", file=sys.stderr)
                return 1
        first = first_frame_seconds(exe, env)
    size_mb = size_bytes(product()) / 1e6
    print(f"smoke: ok, {exe.name} --headless --demo --frames 300 exited 0 in {took:.1f} s ({size_mb:.1f} MB); "
          + (f"first frame after {statistics.median(first):.2f} s (median of {len(first)} starts, "
             f"min {min(first):.2f})" if first else "first frame not timed (no console to report it)"))
    return 0


def first_frame_seconds(exe: Path, env: dict[str, str], starts: int = FIRST_FRAME_STARTS) -> list[float]:
    """Seconds from starting the program to its first frame (as `bench render` times it); [] where the
    program cannot report it (a windowed build with no stderr)."""
    seconds = []
    for _ in range(starts):
        start = time.time()
        proc = subprocess.run([str(exe), "--headless", "--demo", "--frames", "1", "--seed", "1"],
                              env=dict(env, COUCHCARDS_REPORT_FIRST_FRAME="1"), capture_output=True, text=True,
                              timeout=TIMEOUT_S, check=False)
        marks = [line.split()[1] for line in proc.stderr.splitlines() if line.startswith("first-frame-wall ")]
        if proc.returncode != 0 or not marks:
            return []
        seconds.append(float(marks[0]) - start)
    return seconds


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
