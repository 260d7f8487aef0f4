"""What the title's first frame loads: none of what only a table, a screen further in, or a subcommand
needs (the bots and their search, the history's queries, the slap school's screens, sim, the benches),
so a start stays near a bare pygame window (issue 40)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FIRST_FRAME = """
import json, sys
from game.cli import main
code = main(["--headless", "--frames", "1"])
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""

# Loaded when asked for, never by the title (each with what needs it).
LAZY = (
    "game.games.nothanks.bots",  # a table seats a bot
    "game.games.nothanks.search",
    "game.games.nothanks._search_c",
    "game.games.ratscrew.bots",
    "game.games.ratscrew.random_bot",
    "game.history.queries",  # the stats, lobby and practice screens read the history
    "statistics",
    "game.games.ratscrew.school.drill",  # the slap school's screens
    "game.games.ratscrew.school.session",
    "game.games.nothanks.school.lesson",  # the number school's screens and its kept sessions
    "game.games.nothanks.school.mastery",
    "game.games.nothanks.school.round",
    "game.games.school.kept",
    "game.games.school.staircase",
    "game.history.export",
    "game.sim",  # subcommands
    "game.simkit",
    "game.bench",
    "game.games.ratscrew.sim",
    "game.games.nothanks.sim",
    "game.replay",
    "tomllib",  # the version is read from pyproject.toml without it
    "hashlib",  # OpenSSL: loaded by the first state digest
    "game.input.mappings",  # the pad mapping database: read when the first pad arrives
    "logging",  # set up by --debug only
)


def first_frame_modules(tmp_path: Path) -> set[str]:
    env = dict(os.environ, COUCHCARDS_CONFIG_DIR=str(tmp_path / "config"), COUCHCARDS_DATA_DIR=str(tmp_path / "data"))
    run = subprocess.run([sys.executable, "-c", FIRST_FRAME], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    found = json.loads(run.stdout.strip().splitlines()[-1])
    assert found["code"] == 0
    return set(found["modules"])


def test_the_title_loads_none_of_what_it_does_not_need(tmp_path):
    modules = first_frame_modules(tmp_path)
    assert "game.scenes.title" in modules and "game.app" in modules  # the title was drawn
    assert sorted(m for m in LAZY if m in modules) == []


def test_what_the_title_left_out_still_loads_when_asked(tmp_path):
    """The games' definitions load their bots on demand: a bot of every level of both games."""
    import random

    from game import games

    for definition in games.all_games():
        for level in definition.bot_levels:
            assert definition.make_bot(level, random.Random(1)) is not None
