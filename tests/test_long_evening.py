"""A long evening in one process: game after game through the app's own loop (Play again, then another table)
keeps one table's worth of live objects, however many games were played: one match and its log, the results
screen over the title, no thread or open file more than after the first games. (Memory by the byte: `python -m
game bench memory --soak`; the caches' bounds: tests/test_memory_bounds.py.)"""

from __future__ import annotations

import collections
import gc
import os
import threading

import pytest
from support_app import make_app, top_name

from game import screens
from game.record import MatchLog
from game.tables import demo_config
from game.ui.scene import Scene

pytestmark = pytest.mark.slow


def census() -> collections.Counter[str]:
    """What a finished game could leave behind if something kept it: scenes, matches, logs, threads, files."""
    gc.collect()
    found: collections.Counter[str] = collections.Counter()
    for obj in gc.get_objects():
        if isinstance(obj, Scene):
            found["scenes"] += 1
        elif isinstance(obj, MatchLog):
            found["logs"] += 1
        elif type(obj).__name__.endswith("Match"):
            found[type(obj).__name__] += 1
    found["threads"] = threading.active_count()
    if os.path.isdir("/proc/self/fd"):
        found["files"] = len(os.listdir("/proc/self/fd"))
    return found


def play_to_the_end(app) -> None:
    """The table on top plays itself to its results (drawing one frame in ten, as fast as the app allows)."""
    draw, frames = app.loop.draw, 0
    try:
        while top_name(app) != "ResultsScene":
            app.loop.draw = draw if frames % 10 == 0 else (lambda alpha: None)
            app.frames(1)
            frames += 1
            assert frames < 100_000, "the game did not end"
    finally:
        app.loop.draw = draw
    app.frames(3)


def test_game_after_game_keeps_one_tables_worth_of_objects(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    app = make_app(tmp_path)
    try:
        app.nav.push(screens.Title())
        app.nav.start_table(demo_config("nothanks", 3, ["random"], 1), push=True)
        for game in range(12):
            if game:
                app.top.play_again()
            play_to_the_end(app)
            if game == 2:
                after_three = census()
        after_twelve = census()
        assert after_twelve == after_three, (after_three, after_twelve)
        assert after_twelve["NothanksMatch"] == 1 and after_twelve["logs"] == 1 and after_twelve["scenes"] == 2
        assert app.session_tally(app.top.config).games == 12  # the evening's score is all the games keep
        assert len(list((tmp_path / "data" / "replays").glob("*.jsonl"))) == 12

        app.nav.reset(screens.Title())  # another table: the last one's match and log go with it
        app.nav.start_table(demo_config("ratscrew", 2, ["random"], 2), push=True)
        play_to_the_end(app)
        changed = census()
        assert changed["NothanksMatch"] == 0 and changed["RatscrewMatch"] == 1 and changed["logs"] == 1
        assert changed["scenes"] == 2 and changed["threads"] <= after_three["threads"]
        assert changed["files"] == after_three["files"]
    finally:
        app.stack.clear()
        app.history.close()
