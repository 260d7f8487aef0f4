"""Build the one-file executable into build/out/ with PyInstaller: `python build/build.py`."""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "out"
SPEC = ROOT / "build" / "couchcards.spec"


def executable() -> Path:
    return OUT / ("couchcards.exe" if sys.platform == "win32" else "couchcards")


def main(argv: list[str] | None = None) -> int:
    import PyInstaller.__main__

    start = time.perf_counter()
    PyInstaller.__main__.run([
        str(SPEC), "--noconfirm", "--clean", "--log-level", "WARN",
        "--distpath", str(OUT), "--workpath", str(OUT / "work"),
    ])
    exe = executable()
    if not exe.exists():
        print(f"build failed: {exe} was not made", file=sys.stderr)
        return 1
    size_mb = exe.stat().st_size / 1e6
    print(f"built {exe.relative_to(ROOT)}: {size_mb:.1f} MB in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
