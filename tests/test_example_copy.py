"""docs/adding-a-game.md, followed by a newcomer: copy examples/snap to a folder of its own under a new name,
change its id (one line: GAME_ID), write its golden logs, register it (one line), and it is on the choose-game
screen and passes the whole conformance suite, as Snap does."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support_app import press, top_name

from game import games, screens

ROOT = Path(__file__).resolve().parent.parent
NEW = "pairs"  # the copy's folder, module and id


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    """examples/snap copied to <tmp>/pairs, its id changed and its golden logs written as the guide says."""
    where = tmp_path_factory.mktemp("newgame")
    folder = where / NEW
    shutil.copytree(ROOT / "examples" / "snap", folder, ignore=shutil.ignore_patterns("__pycache__", "golden"))
    match = folder / "match.py"
    source = match.read_text(encoding="utf-8")
    assert source.count('GAME_ID = "snap"') == 1  # the one line the guide says to change
    match.write_text(source.replace('GAME_ID = "snap"', f'GAME_ID = "{NEW}"'), encoding="utf-8")
    golden = folder / "golden.py"
    golden.write_text(golden.read_text(encoding="utf-8").replace("from snap", f"from {NEW}"), encoding="utf-8")
    done = subprocess.run([sys.executable, str(golden)], cwd=ROOT, capture_output=True, text=True, check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr[-2000:]
    assert sorted(p.name for p in (folder / "golden").iterdir()) == [f"{NEW}-bots-hand-over.jsonl",
                                                                      f"{NEW}-humans-fixed-deck.jsonl"]
    return where


def test_a_copy_under_a_new_name_registers_and_is_on_the_choose_screen(copy, app, monkeypatch):
    monkeypatch.syspath_prepend(str(copy))
    import importlib

    module = importlib.import_module(NEW)
    assert module.DEFINITION.id == NEW and module.DEFINITION.title() == "Snap"
    games.register(module.DEFINITION)  # the registry line
    try:
        app.nav.push(screens.Title())
        app.nav.push(screens.Choose())
        choose = app.top
        assert [e.game for e in choose.entries if e.mode is None][-1] == NEW
        while choose.entries[choose.index].game != NEW:
            press(app, "right")
        press(app, "enter")
        assert top_name(app) == "LobbyScene" and app.top.game == NEW
        app.stack.clear()
    finally:
        games.unregister(NEW)


def test_a_copy_under_a_new_name_passes_the_conformance_suite(copy):
    """The conformance suite on the copy (its parametrised tests and the seam's), in a fresh process."""
    env = {**os.environ, "COUCHCARDS_EXAMPLE": NEW, "PYTHONPATH": os.pathsep.join([str(copy), str(ROOT)])}
    done = subprocess.run([sys.executable, "-m", "pytest", "-o", "addopts=", "-q", "-m", "not slow", "-p",
                           "no:cacheprovider", str(ROOT / "tests" / "test_conformance.py"),
                           "-k", f"{NEW} or register or choose"], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stdout[-3000:]
    last = done.stdout.strip().splitlines()[-1]
    assert " passed" in last and "failed" not in last and int(last.split()[0]) >= 25, last
