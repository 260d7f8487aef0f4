"""The replays list: the last 50 games in `<data dir>/replays`, newest first, from the title's "Replays";
each one opens in the viewer; a file that cannot be read, names an unknown game or parts from itself when
re-run gets a one-line message in its row, never a crash. Every text in its own box, 20 px at 1280x720."""

from __future__ import annotations

import pygame
import pytest
from support_app import OUT, finished, focus, make_app, press, save_png
from test_scenes_screenshots import overlapping

from game import record
from game.i18n import t, using
from game.render.text import TextRecorder
from game.scenes.replays import ReplayScene, ReplaysScene, recent
from game.scenes.title import TitleScene
from game.ui import widgets as ui


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv(record.ENV_DATA_DIR, str(tmp_path / "data"))
    return tmp_path / "data"


def keep(folder, name: str, lines) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    record.write_log(folder / name, lines)


def games_in(data, n: int = 3):
    """`n` finished games saved as the game saves them (a Ratscrew, then No Thanks ones), oldest first."""
    _, rs = finished("ratscrew", 3, 4)
    _, nt = finished("nothanks", 3, 4)
    folder = record.replays_dir(data)
    for i in range(n):
        keep(folder, f"20261201-1200{i:02d}-000000-x{record.SUFFIX}", (rs if i == 0 else nt).log.lines())
    return folder, rs.log.lines(), nt.log.lines()


def open_list(app) -> ReplaysScene:
    app.push(TitleScene())
    app.frames(2)
    focus(app, t("Replays"))
    press(app, "enter")
    assert isinstance(app.top, ReplaysScene)
    return app.top


def drawn(app, name: str) -> list[tuple[pygame.Rect, str]]:
    with TextRecorder() as boxes:
        app.top.draw(app.screen, 0.0)
    w, h = app.size
    OUT.mkdir(parents=True, exist_ok=True)
    save_png(app.screen, OUT / f"replays_{name}_{w}x{h}.png")
    return boxes.drawn


def test_the_title_opens_the_list_newest_first_and_enter_watches_one(app, data):
    _, rs_lines, nt_lines = games_in(data)
    nt_won = nt_lines[-1]["result"]["winners"]
    rs_won = rs_lines[-1]["result"]["winner"]
    scene = open_list(app)
    assert len(nt_won) == 1 and [e.title for e in scene.entries] == [
        f"{t('No Thanks!')} \u2014 Bot {nt_won[0] + 1} wins"] * 2 + [f"{t('Egyptian Ratscrew')} \u2014 Bot {rs_won + 1} wins"]
    assert all("Bot 1, Bot 2, Bot 3" in e.detail for e in scene.entries)
    press(app, "down", "down")
    assert scene.index == 2
    press(app, "enter")
    viewer = app.top
    assert isinstance(viewer, ReplayScene) and viewer.film.has_slaps and viewer.playing
    app.frames(30)
    press(app, "esc")
    assert app.top is scene and scene.index == 2
    press(app, "up", "up", "up")  # round to the last
    assert scene.index == 2
    press(app, "esc")
    assert isinstance(app.top, TitleScene)


def test_only_the_newest_50_are_listed(data):
    folder, _, nt_lines = games_in(data, 1)
    for i in range(52):
        keep(folder, f"20261202-{i:06d}-000000-nothanks{record.SUFFIX}", nt_lines)
    (folder / "notes.txt").write_text("not a replay")
    entries = recent(folder)
    assert len(entries) == record.RECENT_KEPT == 50
    assert entries[0].path.name.startswith("20261202-000051") and entries[-1].path.name.startswith("20261202-000002")


@pytest.mark.parametrize(("language", "says"), [("da", "Kan ikke vises: "), ("sv", "Kan inte visas: ")])
def test_a_file_that_cannot_be_shown_says_so_in_the_players_language(tmp_path, language, says):
    """Its row was the file's name over an English line ("line 1 is not JSON") on a Danish or Swedish screen."""
    path = tmp_path / f"20261203-000001-000000-cut{record.SUFFIX}"
    path.write_text('{"n":0,"k":"header"', encoding="utf-8")
    with using(language):
        (entry,) = recent(tmp_path)
    assert entry.broken and entry.title == f"{says}{path.name}" and entry.detail == "line 1 is not JSON"


def test_broken_and_unknown_files_get_one_line_each_and_never_a_crash(app, data):
    folder, rs_lines, _ = games_in(data, 1)
    (folder / f"20261203-000001-000000-cut{record.SUFFIX}").write_text('{"n":0,"k":"header"', encoding="utf-8")
    keep(folder, f"20261203-000002-000000-chess{record.SUFFIX}", [{**rs_lines[0], "game": "chess"}, *rs_lines[1:]])
    gap = [dict(line) for line in rs_lines]
    del gap[4]
    (folder / f"20261203-000003-000000-gap{record.SUFFIX}").write_text(record.dumps(gap), encoding="utf-8")
    parted = [dict(line) for line in rs_lines]
    next(line for line in parted if line["k"] == "digest")["d"] = "0" * 16
    keep(folder, f"20261203-000004-000000-parted{record.SUFFIX}", parted)
    (folder / f"20261203-000005-000000-binary{record.SUFFIX}").write_bytes(b"\xff\xfe\x00garbage")
    keep(folder, f"20261203-000006-000000-odd{record.SUFFIX}", [*rs_lines[:-1], {**rs_lines[-1], "t": "soon"}])
    scene = open_list(app)
    rows = {e.path.name.split("-")[3]: e for e in scene.entries}
    assert rows["cut.jsonl"].broken and rows["cut.jsonl"].detail == "line 1 is not JSON"
    assert rows["chess.jsonl"].broken and rows["chess.jsonl"].detail.startswith("unknown game 'chess'")
    assert rows["gap.jsonl"].broken and "a line is missing" in rows["gap.jsonl"].detail
    assert rows["binary.jsonl"].broken and "cannot read it" in rows["binary.jsonl"].detail
    assert rows["odd.jsonl"].broken and "soon" in rows["odd.jsonl"].detail  # a footer whose time is no number
    assert not rows["parted.jsonl"].broken  # it reads well: it parts only when re-run
    assert all("\n" not in e.detail and str(folder) not in e.detail for e in scene.entries)
    for name in ("binary.jsonl", "cut.jsonl", "parted.jsonl"):
        scene.index = scene.entries.index(rows[name])
        press(app, "enter")
        assert app.top is scene  # nothing opens
    assert rows["parted.jsonl"].broken and "does not replay as it was recorded" in rows["parted.jsonl"].detail
    boxes = drawn(app, "broken")
    words = [s for _, s in boxes]
    for entry in scene.entries:
        assert entry.detail in words
    line = ui.TEXTS.font(20).get_height()
    assert [(r, s) for r, s in boxes if r.h < line] == [] and overlapping(boxes) == []
    scene.index = len(scene.entries) - 1  # the good one still plays
    press(app, "enter")
    assert isinstance(app.top, ReplayScene)


def test_no_games_yet_and_a_folder_that_cannot_be_read(app, data):
    scene = open_list(app)
    assert scene.entries == []
    words = [s for _, s in drawn(app, "empty")]
    assert t("No games yet: every finished game is kept here (the last {n}).", n=50) in words
    press(app, "enter", "down")
    assert app.top is scene
    folder = record.replays_dir()
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("a file where the folder should be")  # unreadable as a folder: an empty list
    assert recent(folder) == []
    press(app, "esc")
    assert open_list(app).entries == []


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_every_word_in_its_own_box_and_big_enough(tmp_path, data, size):
    folder, _, _ = games_in(data, 12)
    (folder / f"20261203-000001-000000-cut{record.SUFFIX}").write_text("{", encoding="utf-8")
    app = make_app(tmp_path, size)
    try:
        scene = open_list(app)
        press(app, *["down"] * 10)  # scrolled
        assert scene.first > 0 and scene.index == 10
        boxes = drawn(app, "list")
        assert len(boxes) >= 8 and overlapping(boxes) == []
        shown = [e.title for e in scene.entries[scene.first:scene.first + len(scene.rows)]]
        assert all(title in [s for _, s in boxes] for title in shown)
        assert all(app.screen.get_rect().contains(r) for r, _ in boxes)
        if size == (1280, 720):
            line = ui.TEXTS.font(20).get_height()
            assert [(r, s) for r, s in boxes if r.h < line] == []
    finally:
        app.stack.clear()
