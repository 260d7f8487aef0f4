"""The screens of remembered players: the stats screen's charts (screenshots in the test screenshot folder),
its CSV export, the players and player screens, picking a player for a lobby seat and on the join screen, and
the evening's tally on the results screen across Play again. Every text in its own box at 1280x720 and
640x360, and at least 20 px at 1280x720."""

from __future__ import annotations

import csv
import dataclasses

import pygame
import pytest
from support_app import (
    OUT,
    distinct_colours,
    finished,
    focus,
    focus_index,
    make_app,
    press,
    run_until,
    save_png,
    top_name,
)
from test_history_data import evening
from test_scenes_screenshots import overlapping

from game import screens
from game.history import export
from game.i18n import t
from game.match import SeatSpec
from game.profiles import PALETTE
from game.render.text import TextRecorder
from game.scenes.lobby import LobbyScene
from game.scenes.title import TitleScene
from game.ui import widgets as ui


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def app_at(tmp_path, size=(1280, 720)):
    app = make_app(tmp_path, size=size)
    app.push(TitleScene())
    return app


def drawn(app, name: str) -> list[tuple[pygame.Rect, str]]:
    """Draw the scenes shown, the top one's text boxes recorded; save the frame as boxes_<name>_<size>.png."""
    app.frames(2)
    *below, top = app.stack.drawn()
    for scene in below:  # an overlay's scene below it: in the picture, its texts under the overlay's panel
        scene.draw(app.screen, 0.0)
    with TextRecorder() as boxes:
        top.draw(app.screen, 0.0)
    w, h = app.size
    OUT.mkdir(parents=True, exist_ok=True)
    save_png(app.screen, OUT / f"boxes_{name}_{w}x{h}.png")
    return boxes.drawn


def check_texts(app, boxes: list[tuple[pygame.Rect, str]], only: str | tuple[str, ...] = "") -> None:
    """No two texts overlap; at 1280x720 none is under a 20 px font's line (of those starting with `only`), but
    for the key hint every menu screen shares along the bottom edge (ui.hint, 18 px; the stats screen draws
    its own at 20)."""
    assert len(boxes) >= 3
    assert overlapping(boxes) == []
    if app.size == (1280, 720):
        line = ui.TEXTS.font(20).get_height()
        hint_y = app.size[1] - ui.px(app.size, 14)
        small = [(r, s) for r, s in boxes if r.h < line and s.startswith(only)
                 and not (r.bottom == hint_y and r.centerx == app.size[0] // 2)]
        assert small == []


def colour_pixels(surface: pygame.Surface, rect: pygame.Rect, colour) -> int:
    return sum(1 for x in range(rect.x, rect.right, 3) for y in range(rect.y, rect.bottom, 3)
               if tuple(surface.get_at((x, y)))[:3] == colour)


# -- the stats screen ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_the_stats_screen_draws_the_charts_in_the_players_colour(tmp_path, data, size):
    app = app_at(tmp_path, size)
    try:
        ids = evening(app.history)
        stats = app.nav.push(screens.Stats(ids["Mia"]))
        boxes = drawn(app, "stats_mia")
        check_texts(app, boxes)
        texts = [s for _, s in boxes]
        assert "Mia" in " ".join(texts) and t("latest {ms} ms", ms=480) in texts
        assert t("median {ms} ms of {n}", ms=639, n=64) in texts and t("wrong: {w} of {n}", w=6, n=70) in texts
        assert t("Egyptian Ratscrew") in texts and t("{n} games · {wins} wins", n=10, wins=7) in texts
        assert any("best +21" in s for s in texts)
        assert t("{me} {mine} – {theirs} {them} · {n} games", me="Mia", mine=10, theirs=3, them="Leo", n=14) in texts
        mia = PALETTE[app.history.profile(ids["Mia"]).colour]
        assert colour_pixels(app.screen, stats.trend_rect, mia) > 20  # the line and its dots
        assert colour_pixels(app.screen, stats.hist_rect, mia) > 200  # the bars
        assert colour_pixels(app.screen, stats.rules_rect, mia) > 100
        assert distinct_colours(app.screen) >= 16
    finally:
        app.stack.clear()


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_the_stats_screen_of_a_new_player_and_of_nobody(tmp_path, data, size):
    app = app_at(tmp_path, size)
    try:
        app.nav.push(screens.Stats())
        boxes = drawn(app, "stats_nobody")
        check_texts(app, boxes)
        assert t("No players yet.") in [s for _, s in boxes]
        app.pop()
        zoe = app.history.create("Zoë")
        stats = app.nav.push(screens.Stats())
        boxes = drawn(app, "stats_new_player")
        check_texts(app, boxes)
        assert t("No games yet.") in [s for _, s in boxes]
        assert colour_pixels(app.screen, stats.hist_rect, PALETTE[zoe.colour]) == 0
    finally:
        app.stack.clear()


def test_the_title_opens_the_stats_and_left_right_changes_the_player(tmp_path, data):
    app = app_at(tmp_path)
    try:
        ids = evening(app.history)
        focus(app, t("Players & stats"))
        press(app, "enter")
        assert top_name(app) == "StatsScene" and app.top.profile_id == ids["Ana"]  # the first by name
        press(app, "right")
        assert app.top.profile_id == ids["Leo"] and app.top.stats.rivals[0].name == "Mia"
        press(app, "left", "left")
        assert app.top.profile_id == ids["Mia"]
        press(app, "back")
        assert top_name(app) == "TitleScene"
    finally:
        app.stack.clear()


def test_export_csv_on_the_stats_screen_writes_the_players_history(tmp_path, data):
    app = app_at(tmp_path)
    try:
        ids = evening(app.history)
        app.nav.push(screens.Stats(ids["Mia"]))
        focus(app, t("Export CSV"))
        press(app, "enter")
        written = sorted((data / "exports").glob("Mia-*.csv"))
        assert len(written) == 1
        assert app.top.message == t("Saved {n} rows to {file}", n=88, file=written[0].name)
        assert app.top.folder == t("in {folder}", folder=data / "exports")
        expected = export.csv_text(app.history.read(lambda c: export.rows(c, ids["Mia"])))
        assert written[0].read_text(encoding="utf-8") == expected
        rows = list(csv.DictReader(written[0].open(encoding="utf-8")))
        assert len(rows) == 88 and {r["kind"] for r in rows} == {"game", "slap", "practice", "practice slap"}
        check_texts(app, drawn(app, "stats_exported"))
    finally:
        app.stack.clear()


def test_export_csv_to_a_folder_that_refuses_says_why_in_one_line(tmp_path, data):
    app = app_at(tmp_path)
    try:
        ids = evening(app.history)
        (data / "exports").write_text("a file where the folder should be")
        app.nav.push(screens.Stats(ids["Mia"]))
        focus(app, t("Export CSV"))
        press(app, "enter")
        assert app.top.message.startswith(t("Not saved: {why}", why="")) and "\n" not in app.top.message
        assert top_name(app) == "StatsScene"
    finally:
        app.stack.clear()


# -- the players screens ------------------------------------------------------------------------------------

def type_text(app, text: str) -> None:
    from game.input.router import TextEdit

    app.top.text_edit(TextEdit(text, "", app.now_ns(), 0))
    app.top.text_edit(TextEdit("", "enter", app.now_ns(), 0))
    app.frames(2)


def test_players_are_made_renamed_coloured_and_deleted_on_their_screens(tmp_path, data):
    app = app_at(tmp_path)
    try:
        app.nav.push(screens.Profiles())
        focus(app, t("New player…"))
        press(app, "enter")
        assert top_name(app) == "NameEntryScene"
        type_text(app, "Mia")
        assert [p.name for p in app.history.profiles] == ["Mia"] and app.top.menu.current.label == "Mia"
        focus(app, t("New player…"))
        press(app, "enter")
        type_text(app, "mia")
        assert app.top.message == t("There is already a player called {name}.", name="mia")
        assert len(app.history.profiles) == 1
        focus(app, "Mia")
        press(app, "enter")
        assert top_name(app) == "ProfileScene"
        mia = app.history.profiles[0]
        focus(app, t("Colour"))
        press(app, "right")
        focus(app, t("Face"))
        press(app, "right", "right")
        focus(app, t("Plays with"))
        press(app, "right", "right", "right")  # nothing, P1's keys, P2's keys, P3's keys
        now = app.history.profile(mia.id)
        assert (now.colour, now.avatar, now.device) == (mia.colour + 1, mia.avatar + 2, "kb:2")
        assert app.top.menu.current.value().startswith(t("P{n}'s keys", n=3))
        focus(app, t("Name"))
        press(app, "enter")
        app.top.name = ""
        type_text(app, "Mia Rose")
        assert app.history.profile(mia.id).name == "Mia Rose"
        check_texts(app, drawn(app, "profile"))
        focus(app, t("Delete this player…"))
        press(app, "enter")
        assert top_name(app) == "ConfirmScene"
        check_texts(app, drawn(app, "profile_delete"))
        press(app, "enter")  # "Keep" is focused
        assert app.history.profile(mia.id) is not None
        press(app, "enter", "right", "enter")
        assert app.history.profiles == [] and top_name(app) == "ProfilesScene"
        app.history.flush()
        assert app.history.read(lambda c: c.execute("SELECT count(*) FROM profiles").fetchone()[0]) == 0
    finally:
        app.stack.clear()


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_the_players_screens_keep_every_text_in_its_own_box(tmp_path, data, size):
    app = app_at(tmp_path, size)
    try:
        for name in ("Mia", "Leo", "Ana", "Alexandra-Josefine", "Bo", "Kim"):
            app.history.create(name)
        app.nav.push(screens.Profiles())
        check_texts(app, drawn(app, "profiles"))
        app.nav.push(screens.Profile(app.history.by_name("Alexandra-Josefine").id))
        check_texts(app, drawn(app, "profile_long_name"))
        app.pop()
        app.pop()
        app.push(LobbyScene("ratscrew"))
        focus(app, t("Guest: {name}", name=t("Player {n}", n=1)))  # (players are remembered: a guest says so)
        press(app, "enter")
        assert top_name(app) == "ProfilePickScene"
        check_texts(app, drawn(app, "profile_pick"))
    finally:
        app.stack.clear()


# -- a seat picks a player ----------------------------------------------------------------------------------

def test_a_lobby_seat_picks_a_player_and_their_keys(tmp_path, data):
    app = app_at(tmp_path)
    try:
        mia = app.history.create("Mia")
        leo = app.history.create("Leo")
        app.history.change(mia.id, device="kb:3")
        lobby = app.nav.push(screens.Lobby("ratscrew"))
        focus(app, t("Guest: {name}", name=t("Player {n}", n=1)))  # (players are remembered: a guest says so)
        press(app, "enter")
        picker = app.top
        assert [i.label for i in picker.menu.items] == [t("Guest: {name}", name=t("Player {n}", n=1)), "Leo", "Mia",
                                                      t("Guest with another name…"), t("New player…")]
        focus(app, "Mia")
        press(app, "enter")
        assert app.top is lobby and lobby.seat_items[0].label == "Mia"
        assert lobby.seating.devices[0] == "kb:3"  # the keys Mia plays with
        config = lobby.table_config()
        assert config.seats[0].name == "Mia" and config.profiles == (mia.id, None)
        # Another human row can't pick Mia too.
        focus_index(app, lobby.menu.items.index(lobby.card_cells[1][1]))  # what plays seat 2
        while lobby.seating.seats[1][0] != "human":
            press(app, "left")
        focus(app, lobby.seat_items[1].label)
        press(app, "enter")
        assert top_name(app) == "ProfilePickScene"
        taken = next(i for i in app.top.menu.items if i.label == "Mia")
        assert not taken.enabled()
        focus(app, "Leo")
        press(app, "enter")
        assert lobby.table_config().profiles == (mia.id, leo.id)
        # A guest again, with a typed name.
        focus(app, "Mia")
        press(app, "enter")
        focus(app, t("Guest with another name…"))
        press(app, "enter")
        assert top_name(app) == "NameEntryScene"
        app.top.name = ""
        type_text(app, "Cousin")
        assert lobby.seat_items[0].label == t("Guest: {name}", name="Cousin") and lobby.table_config().profiles == (None, leo.id)
    finally:
        app.stack.clear()


def test_a_new_player_made_in_the_lobby_plays_the_seat(tmp_path, data):
    app = app_at(tmp_path)
    try:
        app.history.create("Leo")
        lobby = app.nav.push(screens.Lobby("nothanks"))
        focus(app, t("Guest: {name}", name=t("Player {n}", n=1)))  # (players are remembered: a guest says so)
        press(app, "enter")
        focus(app, t("New player…"))
        press(app, "enter")
        type_text(app, "Noor")
        assert app.top is lobby and lobby.seat_items[0].label == "Noor"
        assert lobby.table_config().profiles[0] == app.history.by_name("Noor").id
    finally:
        app.stack.clear()


def test_the_join_screen_knows_a_remembered_key_set_and_left_right_choose_who_plays(tmp_path, data):
    app = app_at(tmp_path)
    try:
        mia = app.history.create("Mia")
        leo = app.history.create("Leo")
        app.history.change(mia.id, device="kb:0")
        lobby = app.nav.push(screens.Lobby("ratscrew"))
        focus(app, t("Join with controllers…"))
        press(app, "enter")
        join = app.top
        press(app, "q")  # P1's first key: kb:0 joins as Mia
        assert join.profiles == {0: mia.id} and join.message == t("{name} joined.", name="Mia")
        press(app, "p")  # P2's first key: a guest
        assert join.profiles == {0: mia.id}
        press(app, "right")  # the arrows choose for the last keyboard seat: Leo (Mia is taken)
        assert join.profiles == {0: mia.id, 1: leo.id}
        boxes = drawn(app, "join_players")
        check_texts(app, boxes)
        assert {"Mia", "Leo"} <= {s for _, s in boxes}
        press(app, "right")  # back to a guest
        assert join.profiles == {0: mia.id}
        press(app, "left")
        press(app, "enter")
        assert app.top is lobby
        assert [i.label for i in lobby.seat_items[:2]] == ["Mia", "Leo"]
        assert lobby.table_config().profiles[:2] == (mia.id, leo.id)
    finally:
        app.stack.clear()


# -- the evening's tally --------------------------------------------------------------------------------------

def play_to_results(app, config, seed: int):
    """The table for `config`, its match swapped for one bots finished (seed `seed`), on to the results."""
    _, match = finished(config.game, len(config.seats), seed)
    table = app.nav.start_table(config, push=top_name(app) == "TitleScene")
    table.match.close()
    table.match = match
    run_until(app, lambda: top_name(app) == "ResultsScene")
    return match


def tally_lines(app) -> list[str]:
    """The tally's texts the results screen drew (its heading, then a part per seat), and checks them."""
    parts = [text for _, text, _ in app.top.tally_parts]
    boxes = drawn(app, "results_tally")
    assert set(parts) <= {s for _, s in boxes}
    return parts


@pytest.mark.parametrize("game", ["ratscrew", "nothanks"])
def test_play_again_keeps_a_running_tally_until_the_table_changes(tmp_path, data, game):
    app = app_at(tmp_path)
    try:
        mia = app.history.create("Mia")
        config, _ = finished(game, 3)
        seats = [SeatSpec("human", None, "Mia"), *config.seats[1:]]
        config = dataclasses.replace(config, seats=seats, profiles=(mia.id, None, None))
        results = []
        for round_, seed in enumerate((4, 5, 6)):
            if round_:
                assert top_name(app) == "ResultsScene"
                assert app.top.menu.current.label == t("Play again")
                _, match = finished(game, 3, seed)
                press(app, "enter")  # Play again: the same table, the next deal
                table = app.top
                table.match.close()
                table.match = match
                run_until(app, lambda: top_name(app) == "ResultsScene")
            else:
                match = play_to_results(app, config, seed)
            results.append(match.state)
            lines = tally_lines(app)
            if round_ == 0:
                assert lines == []  # one game: nothing to add up yet
                continue
            shown = " ".join(lines)
            heading = t("Tonight, {n} games — points:", n=round_ + 1) if game == "nothanks" else \
                t("Tonight, {n} games — wins:", n=round_ + 1)
            assert lines[0] == heading and len(lines) == 4
            names = ["Mia", "Bot 2", "Bot 3"]
            if game == "nothanks":
                totals = [sum(st.scores()[i] for st in results) for i in range(3)]
                for name, total in zip(names, totals):
                    assert f"{name} {total:+d}".replace("-", "−") in shown
            else:
                wins = [sum(st.winner == i for st in results) for i in range(3)]
                for name, won in zip(names, wins):
                    assert f"{name} {won}" in shown
            check_texts(app, drawn(app, f"results_tally_{game}"), only=tuple(lines))
        # The lobby, and a change of seats: a new table, a new tally.
        press(app, "right", "enter")
        assert top_name(app) == "LobbyScene"
        lobby = app.top
        level = next(c for c in lobby.card_cells[2] if c.label == t("Level"))
        focus_index(app, lobby.menu.items.index(level))
        press(app, "left")  # a bot of another level
        lobby_config = app.top.table_config()
        play_to_results(app, lobby_config, 7)
        assert tally_lines(app) == [] and app.tally.tally.games == 1
        app.history.flush()
        assert app.history.read(lambda c: c.execute("SELECT count(*) FROM games").fetchone()[0]) == 4
    finally:
        app.stack.clear()


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_a_long_tally_of_eight_seats_keeps_to_its_lines(tmp_path, data, size):
    from game.history import GameRecord, SessionTally
    from game.history.summary import SeatResult
    from game.scenes.results import ResultsScene

    app = app_at(tmp_path, size)
    try:
        config, match = finished("nothanks", 8)
        names = [f"Alexandra-Josefine {i}" for i in range(8)]
        config = dataclasses.replace(config, seats=[SeatSpec("human", None, n) for n in names])
        from game.history import table_key

        tally = SessionTally()
        for _ in range(3):
            tally.add(GameRecord("nothanks", {}, "", 1, tuple(SeatResult(i, n, "human", None, None, i == 0, -30 + i)
                                                              for i, n in enumerate(names)), (0,),
                                 tuple(-30 + i for i in range(8)), None, key=table_key(config)))
        app.tally = tally
        app.push(ResultsScene(config, match))
        boxes = drawn(app, "results_long_tally")
        parts = [text for _, text, _ in app.top.tally_parts]
        check_texts(app, boxes, only=tuple(parts))
        # Too long with names: each seat's colour says who, beside its points.
        assert parts == [t("Tonight, {n} games — points:", n=3)] + [f"−{90 - 3 * i}" for i in range(8)]
        assert set(parts) <= {s for _, s in boxes}
    finally:
        app.stack.clear()


def test_a_player_remembers_a_kind_of_pad_and_that_pad_joining_is_them(tmp_path, data):
    from game.input.virtualpad import VirtualPad

    if not VirtualPad.available():
        pytest.skip("SDL's virtual joystick is out of reach")
    app = app_at(tmp_path)
    pad = VirtualPad("Virtual pad", 0x045E, 0x028E)
    pad.plug()
    try:
        app.frames(3)
        mia = app.history.create("Mia")
        profile = app.nav.push(screens.Profile(mia.id))
        focus(app, t("Plays with"))
        press(app, "left")  # the last choice: the pad plugged in
        plugged = next(iter(app.input.pads.by_id.values()))
        assert app.history.profile(mia.id).device == f"pad:{plugged.guid}"
        assert profile.menu.current.value() == t("Controller ({name})", name=plugged.name)
        app.pop()
        lobby = app.nav.push(screens.Lobby("ratscrew"))
        pad.press("a")
        app.frames(2)
        pad.release("a")
        app.frames(2)
        row = lobby.seating.devices.index(f"pad:{pad.instance_id}")
        assert lobby.seating.profiles[row] == mia.id and lobby.seat_items[row].label == "Mia"
        assert lobby.note == t("Controller {n} joined: {name}", n=1, name="Mia")
    finally:
        app.stack.clear()
        pad.unplug()
        pygame.event.pump()
        pygame.event.clear()
