"""Compile the hard No Thanks bot's search with mypyc: `python build/speedups.py`.

game/games/nothanks/search.py (the search loop the hard bot and the coach spend their time in) is compiled,
as it is, into the extension module game.games.nothanks._search_c beside it (two files: _search_c.* and
_search_c__mypyc.*). It searches about four times faster and decides exactly as the plain module does
(tests/test_search_speedups.py). Beside them it writes _search_c.sha256: the SHA-256 of each compiled file
and of the search.py it was compiled from. The game loads the compiled files only when their bytes are
those (bots.load_search), so an edit never runs stale code and a changed or cut-short file never runs at
all; without them, the game runs the plain module.

Needs mypy (mypyc), setuptools and a C compiler. When one is missing or the compile fails, this says why in
one line and exits 0, leaving the game on the plain module, unless `--require` (then it exits 1). `--clean`
removes the compiled module. The Makefile runs it after setting up .venv; build/build.py runs it before
bundling.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.machinery
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "game" / "games" / "nothanks"
SOURCE = PACKAGE / "search.py"
NAME = "_search_c"  # the compiled module's name in game.games.nothanks
MODULE = f"game.games.nothanks.{NAME}"
RECORD = "_search_c.sha256"  # as game.games.nothanks.bots.SEARCH_RECORD
DIGEST_LINE = "COMPILED_FROM = {!r}  # the SHA-256 of the search.py this was compiled from\n"
# No fused multiply-add: the compiled search must round every step as Python does (GCC and Clang).
CFLAGS = "-ffp-contract=off"


def digest(path: Path = SOURCE) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def compiled_files(folder: Path | None = None) -> list[Path]:
    """The compiled module's files in `folder` (the game's package by default; any platform's suffix)."""
    folder = PACKAGE if folder is None else folder
    return sorted(p for p in folder.iterdir()
                  if p.name.startswith(NAME) and p.name.endswith((".so", ".pyd", ".dylib")))


def clean() -> None:
    for path in compiled_files():
        path.unlink()
    (PACKAGE / RECORD).unlink(missing_ok=True)


def write_record(files: list[Path]) -> Path:
    """The SHA-256 of each compiled file and of the search.py it was made from, beside them (sha256sum's
    format): the game loads the compiled search only when its files are, byte for byte, these."""
    lines = [f"{digest(path)}  {path.name}\n" for path in [*files, SOURCE]]
    (PACKAGE / RECORD).write_text("".join(lines), encoding="ascii")
    return PACKAGE / RECORD


def _setup_script(module_path: str) -> str:
    return (
        "from setuptools import setup\n"
        "from mypyc.build import mypycify\n"
        f"setup(name='couchcards-search', ext_modules=mypycify([{module_path!r}], opt_level='3'),\n"
        "      script_args=['build_ext', '--inplace'])\n"
    )


def compile_search(work: Path) -> list[Path]:
    """Compile search.py as game.games.nothanks._search_c in `work`; returns the files made. Raises
    RuntimeError with the reason on failure."""
    try:
        import mypyc  # noqa: F401
        import setuptools  # noqa: F401
    except ImportError as e:
        raise RuntimeError(f"{e.name} is not installed (pip install mypy setuptools)") from None
    package = work / "game" / "games" / "nothanks"
    package.mkdir(parents=True)
    for folder in (work / "game", work / "game" / "games", package):
        (folder / "__init__.py").write_text("")
    text = SOURCE.read_text(encoding="utf-8")
    (package / f"{NAME}.py").write_text(text + "\n" + DIGEST_LINE.format(digest()), encoding="utf-8")
    (work / "setup.py").write_text(_setup_script(f"game/games/nothanks/{NAME}.py"))
    env = dict(os.environ, CFLAGS=(os.environ.get("CFLAGS", "") + " " + CFLAGS).strip())
    env.pop("MYPYPATH", None)
    done = subprocess.run([sys.executable, "setup.py"], check=False, cwd=work, env=env, capture_output=True, text=True)
    made = compiled_files(package)
    if done.returncode != 0 or len(made) < 1:
        lines = [line for line in (done.stderr + done.stdout).splitlines() if line.strip()]
        why = next((line for line in lines if "error" in line.lower()), lines[-1] if lines else "no output")
        raise RuntimeError(f"the compile failed: {why.strip()[:300]}")
    return made


def check_import() -> str:
    """Import the installed compiled module in a fresh interpreter; returns its digest, or raises."""
    code = f"import {MODULE} as m; print(m.COMPILED_FROM)"
    done = subprocess.run([sys.executable, "-c", code], check=False, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"the compiled module does not import: {last}")
    return done.stdout.strip()


def build() -> Path:
    """Compile and install the module beside search.py; returns its main file."""
    with tempfile.TemporaryDirectory(prefix="couchcards-speedups-") as tmp:
        made = compile_search(Path(tmp))
        clean()
        for path in made:
            shutil.copy2(path, PACKAGE / path.name)
    write_record(compiled_files())
    if check_import() != digest():
        clean()
        raise RuntimeError("the compiled module does not match search.py")
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    return next(p for p in compiled_files() if any(p.name == NAME + s for s in suffixes))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="speedups.py", description=__doc__.splitlines()[0])
    p.add_argument("--require", action="store_true", help="exit 1 if the search cannot be compiled")
    p.add_argument("--clean", action="store_true", help="remove the compiled search and stop")
    args = p.parse_args(argv)
    if args.clean:
        clean()
        print("speedups: removed the compiled search; the game runs the plain one")
        return 0
    try:
        made = build()
    except (RuntimeError, OSError) as e:
        clean()
        print(f"speedups: the hard bot's search stays plain Python ({e})")
        return 1 if args.require else 0
    print(f"speedups: compiled the hard bot's search with mypyc: {made.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
