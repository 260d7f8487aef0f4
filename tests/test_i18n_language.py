"""Choosing the language: the system's by default (English if it is none of ours), Settings with immediate
effect (nothing drawn in the old language shown again), and --language on the command line."""

from __future__ import annotations

import json

import pygame
import pytest
from support_app import OUT, make_app, press, save_png, set_value
from support_cli import run_main

from game import cli, i18n
from game import settings as settings_mod
from game.games import GAMES
from game.render import cache
from game.render.text import TextRecorder
from game.scenes.options import SettingsScene
from game.scenes.title import TitleScene
from game.ui import widgets as ui


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def no_env(**env: str) -> dict[str, str]:
    return {k: v for k, v in env.items() if v}


@pytest.mark.parametrize("env, reported, expected", [
    ({"LANG": "da_DK.UTF-8"}, None, "da"),
    ({"LANG": "sv_SE.UTF-8"}, None, "sv"),
    ({"LANGUAGE": "sv:en", "LANG": "da_DK.UTF-8"}, None, "sv"),  # LANGUAGE comes first, as gettext reads
    ({"LANGUAGE": "nb:da", "LANG": "nb_NO.UTF-8"}, None, "da"),  # the first of ours in the list
    ({"LC_ALL": "sv_FI.UTF-8", "LANG": "da_DK"}, None, "sv"),  # Swedish in Finland is Swedish
    ({"LC_MESSAGES": "da_DK@euro"}, None, "da"),
    ({"LANG": "fr_FR.UTF-8"}, None, "en"),  # not ours: English
    ({"LANG": "C.UTF-8"}, None, "en"),
    ({}, ("Danish_Denmark", "1252"), "da"),  # Windows: no variables, the locale names the language
    ({}, ("sv_SE", "UTF-8"), "sv"),
    ({"LANG": "C"}, ("Swedish_Sweden", "1252"), "sv"),
    ({}, (None, None), "en"),
])
def test_the_system_language_is_detected(env, reported, expected):
    assert i18n.system_language(env, lambda: reported or (None, None)) == expected


def test_the_setting_defaults_to_auto_which_is_the_systems_language(tmp_path, monkeypatch):
    assert settings_mod.defaults(GAMES)["language"] == "auto"
    monkeypatch.setenv("LANGUAGE", "sv")
    app = make_app(tmp_path)
    try:
        assert app.settings["language"] == "auto"
        assert i18n.language() == "sv"
        assert i18n.t("Settings") == "Inställningar"
    finally:
        app.stack.clear()


@pytest.mark.parametrize("value", ["xx", 3, None, "EN"])
def test_a_bad_language_in_the_settings_file_falls_back_to_auto(tmp_path, value):
    (tmp_path / "settings.json").write_text(json.dumps({"language": value}))
    warnings: list[str] = []
    s = settings_mod.load(tmp_path / "settings.json", warn=warnings.append, games=GAMES)
    assert s["language"] == "auto" and len(warnings) == 1


def drawn_texts(app) -> list[str]:
    with TextRecorder() as boxes:
        app.top.draw(app.screen, 0.0)
    return [text for _rect, text in boxes.drawn]


def test_changing_the_language_in_settings_takes_effect_at_once(tmp_path):
    app = make_app(tmp_path)
    try:
        app.push(TitleScene())
        app.push(SettingsScene())
        app.frames(2)
        texts = drawn_texts(app)
        assert "Settings" in texts and "Language" in texts
        assert ui.TEXTS._cache.get(("Settings", *next(iter(k for k in ui.TEXTS._cache if k[0] == "Settings"))[1:]))
        set_value(app, "Language", "Dansk")
        assert app.settings["language"] == "da" and i18n.language() == "da"
        assert not any(k[0] == "Settings" for k in ui.TEXTS._cache), "English text still cached"
        texts = drawn_texts(app)
        assert "Indstillinger" in texts and "Sprog" in texts and "Settings" not in texts
        save_png(app.screen, OUT / "i18n_settings_da.png")
        assert json.loads((tmp_path / "settings.json").read_text())["language"] == "da"  # saved at once
        press(app, "right")  # the row cycles System, English, Dansk, Svenska
        assert i18n.language() == "sv"
        assert "Inställningar" in drawn_texts(app)
        press(app, "esc")  # back on the title: its menu in Swedish too
        app.frames(2)
        texts = drawn_texts(app)
        assert "Spela" in texts and "Avsluta" in texts
    finally:
        app.stack.clear()


def test_the_language_row_names_the_system_choice(tmp_path, monkeypatch):
    from game.scenes.options import language_label

    monkeypatch.setenv("LANGUAGE", "da")
    i18n.set_language("auto")
    assert language_label("auto") == "System (Dansk)"
    assert language_label("sv") == "Svenska"


def test_a_language_change_empties_every_cache_of_drawn_things(tmp_path):
    app = make_app(tmp_path)
    try:
        app.push(TitleScene())
        app.frames(2)
        before = {id(c): set(c) for c in cache.per_size_caches()}
        assert sum(map(len, before.values())) > 0 and any(k[0] == "Players & stats" for k in ui.TEXTS._cache)
        app.settings["language"] = "da"
        app.save_settings()  # may lay the screens out again, drawing afresh: nothing from before is kept
        worded = [k for c in cache.per_size_caches() for k in c  # pictures keyed by their words
                  if isinstance(k, tuple) and any(isinstance(part, str) for part in k)]
        kept = [k for c in cache.per_size_caches() for k in c if k in before.get(id(c), ()) and k in worded]
        assert not any(k[0] == "Players & stats" for k in ui.TEXTS._cache)
        assert kept == []
    finally:
        app.stack.clear()


def test_language_da_on_the_command_line_starts_in_danish(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("COUCHCARDS_CONFIG_DIR", str(tmp_path))
    shot = tmp_path / "title_da.png"
    with TextRecorder() as boxes:
        code, _out, err = run_main(cli, capsys, "--headless", "--frames", "5", "--language", "da",
                                   "--screenshot", str(shot))
    assert code == 0, err
    assert i18n.language() == "da"
    texts = {text for _rect, text in boxes.drawn}
    assert {"Spil", "Indstillinger", "Afslut"} <= texts, texts
    assert "Settings" not in texts
    assert pygame.image.load(str(shot)).get_size() == (1280, 720)
    assert not (tmp_path / "settings.json").exists()  # this run's language: the settings are not written


def test_an_unknown_language_on_the_command_line_is_one_line_and_exit_2(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("COUCHCARDS_CONFIG_DIR", str(tmp_path))
    code, _out, err = run_main(cli, capsys, "--headless", "--frames", "2", "--language", "xx")
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "language" in err


@pytest.mark.parametrize("code, short, long", [("en", "1 Dec", "Tue 1 Dec 18:05"), ("da", "1. dec", "tir 1. dec 18:05"),
                                               ("sv", "1 dec", "tis 1 dec 18:05")])
def test_dates_on_the_stats_and_replays_screens_are_in_the_language(code, short, long):
    """Not the C library's %a %b (the system's language): the game's."""
    import datetime

    when = datetime.datetime(2026, 12, 1, 18, 5)
    i18n.set_language(code)
    try:
        assert i18n.short_date(when) == short
        assert i18n.short_date(when, weekday=True, clock=True) == long
        assert [i18n.short_month(m) for m in (5, 10)] == {"en": ["May", "Oct"], "da": ["maj", "okt"],
                                                         "sv": ["maj", "okt"]}[code]
    finally:
        i18n.set_language("en")
