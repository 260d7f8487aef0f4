"""A start that could not use part of the family's saved files (a damaged history, a settings file with a bad
value or an unreadable one) said so only on stderr, which a windowed build shows to no one: the title screen now
says, in the player's language, what was skipped and that the rest is kept."""

from __future__ import annotations

import contextlib
import json
import sqlite3

import pygame
import pytest
from support_app import make_app
from test_history_data import evening

from game import i18n, screens
from game.history import FILENAME, open_history
from game.render.text import TextRecorder
from game.scenes.title import start_news
from game.ui import widgets as ui


def title_words(app) -> list[tuple[pygame.Rect, str]]:
    app.nav.push(screens.Title())
    with TextRecorder(app.screen) as rec:
        app.frames(1)
    return list(rec.drawn)


def news_under_the_menu(app, words, news: list[str]) -> None:
    """The lines between the menu's panel and the key hint say `news` (an item on more lines where the window's
    width needs), each whole and inside the window."""
    size = app.size
    hint_top = size[1] - ui.hint_height(size, app.top.hint())
    under = [(rect, text) for rect, text in words if app.top.panel_rect.bottom <= rect.top and rect.bottom <= hint_top]
    assert " ".join(text for _, text in under) == " ".join(news), (under, [text for _, text in words])
    assert all(pygame.Rect((0, 0), size).contains(rect) for rect, _ in under)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(data))
    return data


def test_a_repaired_history_is_told_on_the_title_and_keeps_everything_else(tmp_path, data_dir):
    history = open_history(data_dir / FILENAME)
    evening(history)
    history.close()
    with contextlib.closing(sqlite3.connect(data_dir / FILENAME, isolation_level=None)) as conn:
        first = conn.execute("SELECT min(id) FROM games").fetchone()[0]
        orphans = sum(conn.execute(f"SELECT count(*) FROM {table} WHERE game_id = ?", (first,)).fetchone()[0]
                      for table in ("seats", "events"))
        games = conn.execute("SELECT count(*) FROM games").fetchone()[0]
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute("DELETE FROM games WHERE id = ?", (first,))  # its seats and slaps now point at nothing
    app = make_app(tmp_path)
    assert orphans > 1 and app.history.left_out == orphans
    assert sorted(p.name for p in app.history.profiles) == ["Ana", "Leo", "Mia"]
    words = title_words(app)
    news_under_the_menu(app, words, [(f"The history was repaired: {orphans} damaged records were left out, "
                                     "everything else is kept.")])
    with contextlib.closing(sqlite3.connect(data_dir / FILENAME)) as conn:
        assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == games - 1


def test_a_history_set_aside_is_told_with_the_name_it_is_kept_as(tmp_path, data_dir):
    history = open_history(data_dir / FILENAME)
    evening(history)
    history.close()
    whole = (data_dir / FILENAME).read_bytes()
    (data_dir / FILENAME).write_bytes(whole[: len(whole) // 2])
    app = make_app(tmp_path)
    kept = app.history.set_aside_as
    assert kept.startswith(f"{FILENAME}.corrupt-") and (data_dir / kept).exists() and app.history.rescued > 0
    news_under_the_menu(app, title_words(app), [(f"The history file was damaged: what could be read is kept, the "
                                                f"file as it was is {kept}.")])


def test_a_history_nothing_could_be_read_from_is_told_as_started_anew(tmp_path, data_dir):
    """A history file that is no database at all: nothing of it is kept in the new one, so the title does not say
    "what could be read is kept"; it says a new one is started and the name the old one is kept as."""
    (data_dir / FILENAME).write_bytes(bytes(range(256)) * 20)
    app = make_app(tmp_path)
    kept = app.history.set_aside_as
    assert kept.startswith(f"{FILENAME}.corrupt-") and (data_dir / kept).read_bytes() == bytes(range(256)) * 20
    assert app.history.enabled and app.history.rescued == 0
    news_under_the_menu(app, title_words(app), [(f"The history file could not be read: a new one is started, the "
                                                f"file as it was is {kept}.")])


def test_settings_it_could_not_use_are_told_and_the_others_kept(tmp_path, data_dir):
    (tmp_path / "settings.json").write_text(json.dumps({
        "volume": "loud", "text_size": "huge", "four_colour_suits": True,
        "presets": {"nothanks": {"Family": {"edition": "numbered"}, "Broken": 42}, "ratscrew": {}}}))
    app = make_app(tmp_path)
    assert app.settings["four_colour_suits"] is True and "Family" in app.settings["presets"]["nothanks"]
    news_under_the_menu(app, title_words(app), [
        "2 settings could not be read and are back to their defaults; the others are kept.",
        "1 house-rules preset could not be read: it stays in the settings file, not offered."])


def test_an_unreadable_settings_file_is_told_with_the_name_it_is_kept_as(tmp_path, data_dir):
    (tmp_path / "settings.json").write_text('{"volume": 0.5,')
    app = make_app(tmp_path)
    kept = app.settings.set_aside
    assert kept.startswith("settings.json.corrupt-") and (tmp_path / kept).read_text() == '{"volume": 0.5,'
    news_under_the_menu(app, title_words(app), [
        f"The settings file could not be read: default settings are used (the file is kept as {kept})."])


def test_a_start_with_nothing_wrong_says_nothing_more(tmp_path, data_dir):
    app = make_app(tmp_path)
    words = title_words(app)
    assert not [text for rect, text in words if rect.top > app.top.panel_rect.bottom and "v0" not in text
                and text != app.top.hint()], words


@pytest.fixture
def english_after():
    """The app installs the settings' language for the whole process: the tests after this one read English."""
    yield
    i18n.set_language("en")


@pytest.mark.usefixtures("english_after")
@pytest.mark.parametrize("text_size", [100, 150])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (854, 480), (640, 360)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_three_items_of_news_in_swedish_fit_between_the_titles_and_the_hint(tmp_path, data_dir, size, text_size):
    """The menu rises and the news shrinks towards its standard size, but the menu never covers the games' titles
    under the heading and no line runs into the key hint."""
    (tmp_path / "settings.json").write_text(json.dumps({
        "language": "sv", "text_size": text_size, "volume": "loud", "rumble": "often",
        "presets": {"nothanks": {"Broken": 42}, "ratscrew": {}}}))
    app = make_app(tmp_path, size)
    app.history.left_out = 11
    news = start_news(app.settings, app.history)
    assert len(news) == 3
    words = title_words(app)
    news_under_the_menu(app, words, news)
    titles = next(rect for rect, text in words if "Ratscrew" in text and rect.bottom < app.top.panel_rect.top + 40)
    assert titles.bottom <= app.top.panel_rect.top, (titles, app.top.panel_rect)
