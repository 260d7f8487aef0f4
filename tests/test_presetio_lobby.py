"""Preset files from the lobby's house rules, with keys: "Export preset" writes the chosen preset to exports/ in
the data folder and says where; "Import" cycles (← →) through the files there and imports one (Enter); a bad
file is named in one line and changes nothing. Import sits beside the preset over the rules, Export among the
presets' buttons under them: no text overlaps."""

from __future__ import annotations

import json

import pytest
from support_app import OUT, focus, house_rules, make_app, press, save_png, set_value
from test_scenes_screenshots import overlapping

from game import presets_io
from game.games import GAMES
from game.i18n import t
from game.presets_io import Preset
from game.render.text import TextRecorder
from game.scenes.lobby import LobbyScene

FAST = {"claim_delay_ms": 500, "tens": True}
SLOW = {"claim_delay_ms": 2000}


@pytest.fixture
def exports(tmp_path, monkeypatch):
    """The data folder's exports/ of this test (empty)."""
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    folder = tmp_path / "data" / "exports"
    folder.mkdir(parents=True)
    return folder


def with_presets(app, **presets):
    app.settings["presets"] = {"ratscrew": presets, "nothanks": {}}
    assert app.settings.save()


def lobby(app, game="ratscrew"):
    """The lobby of `game`, its house rules' screen open on top."""
    app.push(LobbyScene(game))
    app.frames(2)
    scene = app.top
    house_rules(app)
    return scene


def test_export_writes_the_chosen_preset_and_says_where(app, exports):
    with_presets(app, Fast=FAST)
    scene = lobby(app)
    export = next(item for item in app.top.menu.items if item.label == t("Export preset"))
    assert not export.selectable()  # no preset chosen: nothing to export
    set_value(app, t("Preset"), "Fast")
    focus(app, t("Export preset"))
    press(app, "enter")
    path = exports / "ratscrew-fast.json"
    assert presets_io.read(path, games=GAMES) == Preset("ratscrew", "Fast", FAST)
    assert scene.note == f"Exported {path.name} to {exports}" and not scene.house.told_bad
    assert app.top.menu.current.label == t("Export preset") and scene.house.preset == "Fast"


def test_import_cycles_through_the_files_and_imports_the_one_shown(app, exports, tmp_path):
    with_presets(app, Fast=FAST)
    presets_io.write(Preset("ratscrew", "Slow", SLOW), exports / "a-slow.json")
    presets_io.write(Preset("ratscrew", "Fast", {"tens": False}), exports / "b-fast.json")
    scene = lobby(app)
    focus(app, t("Import"))
    assert app.top.menu.current.value() == "a-slow.json"
    press(app, "right")
    assert app.top.menu.current.value() == "b-fast.json"
    press(app, "right")
    assert app.top.menu.current.value() == "a-slow.json"  # round again
    press(app, "left", "enter")
    stored = json.loads(app.settings.path.read_text())["presets"]["ratscrew"]
    assert stored == {"Fast": FAST, "Fast (2)": {"tens": False}}  # the name was taken: not written over
    assert scene.house.preset == "Fast (2)" and "tens" not in scene.rules.slaps  # and it is the rules now
    assert scene.note == "Imported the preset Fast (2)" and not scene.house.told_bad
    press(app, "right", "enter")
    assert scene.house.preset == "Slow" and scene.rules.claim_delay_ms == 2000
    assert set(json.loads(app.settings.path.read_text())["presets"]["ratscrew"]) == {"Fast", "Fast (2)", "Slow"}


def test_an_exported_preset_imports_back_identical(app, exports):
    with_presets(app, Fast=FAST)
    lobby(app)
    set_value(app, t("Preset"), "Fast")
    focus(app, t("Export preset"))
    press(app, "enter")
    focus(app, t("Import"))
    assert app.top.menu.current.value() == "ratscrew-fast.json"  # the list follows the export
    press(app, "enter")
    assert app.settings["presets"]["ratscrew"]["Fast (2)"] == app.settings["presets"]["ratscrew"]["Fast"] == FAST


def test_a_bad_file_is_named_in_one_line_and_nothing_changes(app, exports):
    with_presets(app, Fast=FAST)
    (exports / "bad.json").write_text(json.dumps({"format": "couchcards-preset", "version": 1, "game": "ratscrew",
                                                  "name": "Bad", "options": {"tens": "yes"}}))
    scene = lobby(app)
    before_disk = app.settings.path.read_bytes()
    before = app.settings.to_json()
    focus(app, t("Import"))
    press(app, "enter")
    assert scene.note == "bad.json not imported: options: tens must be true or false, not 'yes'"
    assert scene.house.told_bad and scene.house.preset is None and scene.message == ""  # Start is still open
    assert app.settings.to_json() == before and app.settings.path.read_bytes() == before_disk


def test_another_games_preset_is_not_offered_and_an_empty_folder_says_where_files_go(app, exports):
    presets_io.write(Preset("nothanks", "Family", {"ranks_per_suit": 7}), exports / "family.json")
    scene = lobby(app)
    focus(app, t("Import"))
    assert app.top.menu.current.value() == t("no files")
    press(app, "enter")
    assert scene.note == f"No preset files yet: put them in {exports}" and scene.house.told_bad
    assert app.settings["presets"]["nothanks"] == {}
    app.stack.clear()
    other = lobby(app, "nothanks")
    focus(app, t("Import"))
    assert app.top.menu.current.value() == "family.json" and other.game == "nothanks"


def test_import_sits_under_the_preset_and_export_among_the_buttons(app, exports):
    with_presets(app, Fast=FAST)
    lobby(app)
    rules = app.top
    set_value(app, t("Preset"), "Fast")
    places = {item.label: rect for item, rect in zip(rules.menu.items, rules.menu.places, strict=True)}
    # One under the other over the rules (issue 37: the rules take the whole width, one under another)
    assert places[t("Import")].top > places[t("Preset")].bottom and places[t("Import")].x == places[t("Preset")].x
    focus(app, t("Import"))
    press(app, "up")
    assert rules.menu.current.label == t("Preset")
    press(app, "up")
    assert rules.menu.current.label == t("Preset")  # nothing over it
    focus(app, t("Export preset"))
    press(app, "left")  # ← → move along the buttons
    assert rules.menu.current.label == t("Delete this preset")
    press(app, "right", "right")
    assert rules.menu.current.label == t("Done")
    press(app, "enter")
    assert type(app.top).__name__ == "LobbyScene"


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
@pytest.mark.parametrize("game", ["ratscrew", "nothanks"])
def test_no_text_overlaps_with_the_preset_files_and_a_two_line_note(tmp_path, monkeypatch, size, game):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "a-long-folder-name-for-the-data-of-couch-cards"))
    app = make_app(tmp_path, size=size)
    try:
        app.settings["presets"] = {game: {"House rules 1": {}}}
        scene = lobby(app, game)
        set_value(app, t("Preset"), "House rules 1")
        focus(app, t("Export preset"))
        press(app, "enter")
        focus(app, t("Import"))
        for name, bad in (("exported", False), ("refused", True)):
            if bad:
                (presets_io.exports_dir() / "zz-bad-file-with-a-long-name.json").write_text('{"format": "x"}')
                scene.house.imports = presets_io.importable(game=game, games=GAMES)
                press(app, "left", "enter")
            assert scene.house.told_bad is bad
            rules = app.top
            with TextRecorder() as boxes:
                rules.draw(app.screen, 0.0)
            save_png(app.screen, OUT / f"presetio_lobby_{game}_{name}_{size[0]}x{size[1]}.png")
            texts = [text for _, text in boxes.drawn]
            assert {t("House rules"), t("Export preset"), t("Import")} <= set(texts)
            assert any(text.startswith(scene.house.told[0][:10]) for text in texts)  # the news is drawn
            assert overlapping(boxes.drawn) == [], (game, size, name)
            screen = app.screen.get_rect()
            for item in (t("Export preset"), t("Import")):
                rect = rules.menu.rects[[i.label for i in rules.menu.items].index(item)]
                assert screen.contains(rect) and not rect.colliderect(rules.area)
    finally:
        app.stack.clear()
