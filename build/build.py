"""Build the game for this system into build/out/ with PyInstaller: `python build/build.py`.

What is made depends on the system (build/targets.py): couchcards.exe (Windows, windowed, one file),
"Couch Cards.app" (macOS, windowed), couchcards (Linux, console, one file). The spec draws the icon and
writes the version files first (build/icons.py, build/versioning.py); this script compiles the catalogues
and the hard No Thanks bot's search (build/speedups.py, when a C compiler is there) before it builds.

`--onedir` makes a one-folder build in build/out/onedir/ instead (for measuring start-up beside the
one-file build: `python -m game bench render --exe build/out/onedir/couchcards/couchcards`).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from targets import target

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "out"
SPEC = ROOT / "build" / "couchcards.spec"
ONEDIR_ENV = "COUCHCARDS_BUILD_ONEDIR"  # read by the spec


def executable(platform: str = sys.platform) -> Path:
    """The built program (inside the .app on macOS)."""
    return OUT / target(platform).executable


def product(platform: str = sys.platform) -> Path:
    """What players get: the one file, or the .app folder."""
    return OUT / target(platform).product


def size_bytes(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="build.py", description=__doc__.splitlines()[0])
    p.add_argument("--onedir", action="store_true", help="a one-folder build in build/out/onedir/ (measuring)")
    args = p.parse_args(argv)
    import PyInstaller.__main__

    subprocess.run([sys.executable, str(Path(__file__).with_name("i18n.py")), "compile"], check=True)  # .po -> .mo
    # The hard No Thanks bot's search compiled with mypyc when this system can (the bundle then carries it);
    # otherwise the bundle runs the plain module, as it did before.
    subprocess.run([sys.executable, str(Path(__file__).with_name("speedups.py"))], check=True)

    out = OUT / "onedir" if args.onedir else OUT
    if args.onedir:
        os.environ[ONEDIR_ENV] = "1"
    start = time.perf_counter()
    PyInstaller.__main__.run([
        str(SPEC), "--noconfirm", "--clean", "--log-level", "WARN",
        "--distpath", str(out), "--workpath", str(out / "work"),
    ])
    made = out / "couchcards" / "couchcards" if args.onedir else product()
    runnable = made if args.onedir else executable()
    if not runnable.exists():
        print(f"build failed: {runnable} was not made", file=sys.stderr)
        return 1
    kind = "one-folder build" if args.onedir else target(sys.platform).system
    print(f"built {made.relative_to(ROOT)} ({kind}): {size_bytes(made if not args.onedir else made.parent) / 1e6:.1f} MB "
          f"in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
