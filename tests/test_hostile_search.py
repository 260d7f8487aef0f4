"""The compiled search can't crash the game (issue 34): its files are loaded only when their bytes are what
the build recorded beside them, by their paths (a stray module in the folder never runs); a changed, cut
or missing file is one line and the plain search. A crash in native code still leaves a crash log.

Each case runs in a copy of the game's package in a temporary folder, in its own interpreter: a damaged
native file that were loaded could end the process (SIGSEGV, SIGBUS), which must not end the test run."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path("game") / "games" / "nothanks"
RECORD = "_search_c.sha256"
REQUIRE = os.environ.get("COUCHCARDS_REQUIRE_SPEEDUPS", "") not in ("", "0")
ASK = "from game.games.nothanks import bots; print(bots.search_kind())"


def copy_of_the_game(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "game", tmp_path / "game", ignore=shutil.ignore_patterns("__pycache__", "locale"))
    return tmp_path


def run(where: Path, code: str = ASK) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "COUCHCARDS_PURE_SEARCH")}
    env["COUCHCARDS_DATA_DIR"] = str(where / "data")
    return subprocess.run([sys.executable, "-c", code], cwd=where, env=env, capture_output=True, text=True,
                          timeout=120, check=False)


def compiled(where: Path) -> tuple[Path, Path]:
    """The compiled module's two files in the copy (skipped where the search is not compiled)."""
    folder = where / PACKAGE
    files = sorted(p for p in folder.glob("_search_c*") if p.name != RECORD and not p.name.endswith(".py"))
    if len(files) != 2 or not (folder / RECORD).exists():
        if REQUIRE:
            pytest.fail("COUCHCARDS_REQUIRE_SPEEDUPS is set but the search is not compiled with its record")
        pytest.skip("the search is not compiled here (python build/speedups.py)")
    main = min(files, key=lambda p: len(p.name))
    return main, max(files, key=lambda p: len(p.name))


def plain_with_one_line(done: subprocess.CompletedProcess[str], words: str = "does not match") -> None:
    assert done.returncode == 0, (done.returncode, done.stderr[-500:])
    assert done.stdout.strip() == "plain Python"
    assert done.stderr.count("\n") == 1 and words in done.stderr and "Traceback" not in done.stderr


def test_the_copy_as_built_runs_the_compiled_search(tmp_path):
    where = copy_of_the_game(tmp_path)
    compiled(where)
    done = run(where)
    assert done.returncode == 0 and done.stdout.strip() == "compiled (mypyc)" and done.stderr == ""


@pytest.mark.parametrize("damage", ["200 bytes", "1 byte", "cut short", "runtime 200 bytes", "runtime gone"])
def test_a_changed_or_cut_compiled_file_is_refused_in_one_line_before_it_is_loaded(tmp_path, damage):
    where = copy_of_the_game(tmp_path)
    main, runtime = compiled(where)
    target = runtime if damage.startswith("runtime") else main
    data = bytearray(target.read_bytes())
    if damage.endswith("200 bytes"):  # in the code: loaded as it is, this crashed the game at start
        data[len(data) // 3: len(data) // 3 + 200] = bytes((b ^ 0x5A) for b in data[len(data) // 3: len(data) // 3 + 200])
    elif damage == "1 byte":
        data[len(data) // 2] ^= 0x01
    elif damage == "cut short":
        data = data[: len(data) // 2]
    if damage == "runtime gone":
        target.unlink()
    else:
        target.write_bytes(bytes(data))
    plain_with_one_line(run(where), "does not match")


def test_a_stray_module_in_the_package_folder_never_runs(tmp_path):
    where = copy_of_the_game(tmp_path)
    folder = where / PACKAGE
    for path in folder.glob("_search_c*"):
        path.unlink()
    marker = tmp_path / "ran"
    (folder / "_search_c.py").write_text(f"open({str(marker)!r}, 'w').close()\nCOMPILED_FROM = 'x'\n")
    done = run(where)
    assert done.returncode == 0 and done.stdout.strip() == "plain Python" and done.stderr == ""
    assert not marker.exists()


def test_a_stray_module_beside_the_compiled_one_never_runs(tmp_path):
    where = copy_of_the_game(tmp_path)
    main, _ = compiled(where)
    marker = tmp_path / "ran"
    (where / PACKAGE / "_search_c.py").write_text(f"open({str(marker)!r}, 'w').close()\n")
    main.unlink()  # the module the record names is gone: nothing else stands in for it
    plain_with_one_line(run(where))
    assert not marker.exists()


def test_a_record_that_lists_no_module_is_the_plain_search_in_one_line(tmp_path):
    where = copy_of_the_game(tmp_path)
    compiled(where)
    record = where / PACKAGE / RECORD
    record.write_text("".join(line + "\n" for line in record.read_text().splitlines() if "search.py" in line))
    plain_with_one_line(run(where))


def test_an_edited_search_py_is_the_plain_search_without_a_word(tmp_path):
    where = copy_of_the_game(tmp_path)
    compiled(where)
    source = where / PACKAGE / "search.py"
    source.write_text(source.read_text() + "\n# edited\n")
    done = run(where)
    assert done.returncode == 0 and done.stdout.strip() == "plain Python" and done.stderr == ""


def test_a_crash_in_native_code_leaves_a_crash_log(tmp_path):
    where = copy_of_the_game(tmp_path)
    done = run(where, "import ctypes\nfrom game import crash\ncrash.guarded(lambda: ctypes.string_at(0), [])")
    assert done.returncode != 0
    logs = list((where / "data" / "logs").glob("crash-*.log"))
    assert len(logs) == 1
    text = logs[0].read_text()
    assert "Segmentation fault" in text and "in guarded" in text


def test_a_run_that_ends_well_leaves_no_native_crash_log(tmp_path):
    where = copy_of_the_game(tmp_path)
    logs = where / "data" / "logs"
    logs.mkdir(parents=True)
    from game import crash

    killed = logs / f"crash-20260101-000000-1{crash.NATIVE_SUFFIX}"  # a run killed (-9) while it watched
    killed.write_text(crash.NATIVE_HEADER)
    done = run(where, "from game import crash\nimport sys\nsys.exit(crash.guarded(lambda: 0, []))")
    assert done.returncode == 0 and list(logs.iterdir()) == []
