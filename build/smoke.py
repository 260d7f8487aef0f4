"""Smoke-test the built executable: `--headless --demo --frames 300` must exit 0 (python build/smoke.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build import executable

TIMEOUT_S = 180


def main(argv: list[str] | None = None) -> int:
    exe = executable()
    if not exe.exists():
        print(f"smoke: no executable at {exe}; run python build/build.py first", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, COUCHCARDS_CONFIG_DIR=tmp, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
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
    print(f"smoke: ok, {exe.name} --headless --demo --frames 300 exited 0 in {took:.1f} s "
          f"({exe.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
