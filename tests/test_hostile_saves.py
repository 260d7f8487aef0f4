"""A disk that refuses a save during the evening (full, read-only, a file where the folder should be): the game
plays on and says so on the screen, not only on stderr (which a windowed build shows to no one), and nothing
already on the disk is changed. As root a read-only folder is no refusal: a file standing where the folder
should be is one the OS makes for root too."""

from __future__ import annotations

import dataclasses
import sqlite3

import pygame
from support_app import finished, make_app, press, run_until, top_name

from game import screens
from game import settings as settings_mod
from game.games import GAMES
from game.i18n import t
from game.match import SeatSpec
from game.scenes.title import TitleScene


def shown(app) -> list[str]:
    """The notices up now."""
    return [text for _, text, _, _ in app.toasts.active(app.now_ns())]


def settings_in_a_folder_that_is_a_file(tmp_path):
    blocker = tmp_path / "config"
    blocker.write_text("not a folder")
    return settings_mod.load(blocker / "settings.json", warn=lambda m: None, games=GAMES), blocker


def test_a_setting_changed_where_the_disk_refuses_says_it_lasts_until_the_game_closes(tmp_path):
    app = make_app(tmp_path)
    settings, blocker = settings_in_a_folder_that_is_a_file(tmp_path)
    app.settings = settings
    try:
        app.push(TitleScene())
        app.nav.push(screens.Settings())
        app.frames(2)
        volume = settings["volume"]
        press(app, "right")  # the first row: the volume, one step up
        assert settings["volume"] == round(volume + 0.1, 1)  # it applies now
        assert t("Settings not saved \u2014 they last until the game closes") in shown(app)
        assert blocker.read_text() == "not a folder" and sorted(p.name for p in tmp_path.iterdir()) == ["config"]
    finally:
        app.stack.clear()


def test_a_setting_saved_says_nothing(tmp_path):
    app = make_app(tmp_path)
    try:
        app.push(TitleScene())
        app.nav.push(screens.Settings())
        app.frames(2)
        press(app, "right")
        assert shown(app) == [] and (tmp_path / "settings.json").exists()
    finally:
        app.stack.clear()


def finish_a_game(app, config, match) -> None:
    app.push(TitleScene())
    table = app.nav.start_table(config, push=True)
    table.match.close()
    table.match = match
    run_until(app, lambda: top_name(app) == "ResultsScene")


def test_a_replay_the_disk_refuses_is_said_on_the_results(tmp_path, monkeypatch):
    data = tmp_path / "data"
    data.write_text("not a folder")  # the replays folder can't be made under it
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(data))
    app = make_app(tmp_path)
    try:
        config, match = finished("nothanks", 3, seed=5)
        finish_a_game(app, config, match)
        app.frames(2)
        assert t("This game's replay was not saved \u2014 the disk refused it") in shown(app)
        assert data.read_text() == "not a folder"
    finally:
        app.stack.clear()
        app.history.close()


def test_a_game_the_history_cannot_write_is_said_and_the_next_start_has_the_rest(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    app = make_app(tmp_path)
    try:
        mia = app.history.create("Mia")
        app.history.flush()
        with app.history._db:  # what a read-only file or a full disk answers
            app.history._conn.execute("PRAGMA query_only = ON")
        config, match = finished("ratscrew", 3, seed=21)
        config = dataclasses.replace(config, seats=[SeatSpec("human", None, "Mia"), *config.seats[1:]],
                                     profiles=(mia.id, None, None))
        finish_a_game(app, config, match)
        app.history.flush()
        app.frames(2)
        assert app.history.failures == 1
        assert t("Not saved to the history \u2014 the disk refused it") in shown(app)
        assert app.running and top_name(app) == "ResultsScene"
    finally:
        app.stack.clear()
        app.history.close()
    kept = sqlite3.connect(tmp_path / "data" / "history.sqlite3")
    assert kept.execute("SELECT name FROM profiles").fetchall() == [("Mia",)]
    assert kept.execute("SELECT count(*) FROM games").fetchone() == (0,)


def test_a_window_of_the_results_with_the_notices_still_draws(tmp_path, monkeypatch):
    """Both notices of a full disk at once, over the results, fit the window and are drawn."""
    data = tmp_path / "data"
    data.write_text("not a folder")
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(data))
    app = make_app(tmp_path)
    settings, _ = settings_in_a_folder_that_is_a_file(tmp_path)
    app.settings = settings
    try:
        config, match = finished("nothanks", 3, seed=5)
        finish_a_game(app, config, match)
        app.save_settings()
        app.frames(2)
        boxes = app.toasts.layout(app.size, app.now_ns())
        assert len(boxes) == 2
        window = pygame.Rect((0, 0), app.size)
        assert all(window.contains(box) for box, _, _, _ in boxes)
    finally:
        app.stack.clear()
        app.history.close()


def press_f11(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    app.frames(2)


def test_f11_where_the_disk_refuses_says_the_settings_last_until_the_game_closes(app, tmp_path):
    """Issue: F11 saved the full-screen setting and, where the disk refused, said nothing on screen (the other
    settings said so). It switches all the same, and says it as they do."""
    settings, blocker = settings_in_a_folder_that_is_a_file(tmp_path)
    app.settings = settings
    app.push(TitleScene())
    app.frames(2)
    assert shown(app) == []
    press_f11(app)
    assert settings["fullscreen"] is app.fullscreen is True  # it applies now
    assert shown(app) == [t("Settings not saved \u2014 they last until the game closes")]
    assert blocker.read_text() == "not a folder" and sorted(p.name for p in tmp_path.iterdir()) == ["config"]


def test_f11_saved_says_nothing(app, tmp_path):
    app.push(TitleScene())
    press_f11(app)
    assert app.fullscreen is True and shown(app) == []
    assert settings_mod.load(tmp_path / "settings.json", warn=lambda m: None, games=GAMES)["fullscreen"] is True
