"""The screens outside the menu scenes' list at every text size (100/125/150 %), in English, Danish and
Swedish, at 1280×720 and 640×360: the slap school (setup with players, example, drill, stars), the number
school (setup, questions and answers of each kind, a round's end, a parent's summary), the players'
screens (list, one player, the lobby's picker), the stats with their charts, the replays list and the
replay viewer of both games (playing, and stepping a photo finish). Each built with real data; no two texts
overlap, none runs off the screen, none is cut with "…", and each scene takes the full 150 % (text_room).
Screenshots: more_<lang>_<screen>_<w>_<percent>.png in the test screenshot folder (support_app.OUT)."""

from __future__ import annotations

import pygame
import pytest
import support_numbers as numbers
import support_screens as screens
import test_replayview_list as replay_list
import test_replayview_viewer as replay_viewer
import test_school_scenes as school
from support_app import fast_forward, focus, press, top_name
from test_access_screens import app_with, assert_frame_fits, cases, problems
from test_history_data import evening

from game import i18n
from game import screens as factories
from game.render import scale
from game.scenes.lobby import LobbyScene
from game.scenes.title import TitleScene

LONG = "Alexandra-Josefine"  # a long name that must show whole


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    yield tmp_path / "data"
    i18n.set_language("en")
    scale.install(text=1.0)
    scale.install(large_cards=False)
    scale.install(window=(1280, 720))


def school_setup(app, data) -> None:
    """The setup of four players, three of them remembered (one with a long name), a long drill chosen."""
    for i, name in enumerate((LONG, "Mia", "Leo")):
        made = app.history.create(name)
        app.history.change(made.id, device=f"kb:{i}", avatar=i + 1)
    app.nav.push(factories.Title())
    app.input.seat_devices({0: "kb:0"})
    app.nav.push(factories.Practice("ratscrew", "school"))
    setup = app.top
    for _ in range(3):
        setup._change_players(1)
    setup._change_drill(7)
    setup.menu.select(len(setup.option_items))  # the first player's row focused


def profiles(app, data) -> None:
    app.push(TitleScene())
    for name in ("Mia", "Leo", "Ana", LONG, "Bo", "Kim"):
        app.history.create(name)
    app.nav.push(factories.Profiles())


def profile(app, data) -> None:
    profiles(app, data)
    app.nav.push(factories.Profile(app.history.by_name(LONG).id))


def profile_pick(app, data) -> None:
    app.push(TitleScene())
    for name in ("Mia", LONG, "Leo"):
        app.history.create(name)
    app.push(LobbyScene("ratscrew"))
    app.frames(2)
    focus(app, i18n.t("Guest: {name}", name=i18n.t("Player {n}", n=1)))  # (players remembered: a guest says so)
    press(app, "enter")
    assert top_name(app) == "ProfilePickScene"


def stats(app, data) -> None:
    app.push(TitleScene())
    ids = evening(app.history)
    app.nav.push(factories.Stats(ids["Mia"]))


def replays(app, data) -> None:
    replay_list.games_in(data, 12)
    app.push(TitleScene())
    app.nav.push(factories.Replays())
    press(app, *["down"] * 10)  # scrolled
    assert app.top.first > 0


def replay(game: str, photo: bool = False):
    def build(app, data) -> None:
        scene = replay_viewer.viewer(app, game)
        fast_forward(app, 60 * 9)  # 9 s in (frames before the last two not drawn: the same picture, quicker)
        if photo:
            scene.next_photo()
            scene.step(1)
            app.frames(1)
    return build


def school_screen(name: str):
    def build(app, data) -> None:
        school.screens(app, name)
    return build


def school_stars_full(app, data) -> None:
    """The stars of four players (one with a long name) after a session where every rule of the ladder
    came up, near misses were left alone or slapped, and a plain pile was slapped: the table's every row."""
    from types import SimpleNamespace

    from game.games.ratscrew.school.drills import LADDER
    from game.games.ratscrew.school.session import RIGHT, WRONG, Card, Options
    from game.games.ratscrew.school.stars import StarsScene

    long = app.history.create(LONG)
    cards = [Card(i, "9S", ("9H", "9S"), rule, None, (0, 1), 0, 2000, 0, 1,
                  {0: (RIGHT, 300 + 40 * i), 1: (RIGHT, 900)} if i % 3 else {2: (WRONG, 0)})
             for i, rule in enumerate(LADDER)]
    cards += [Card(len(cards) + k, "4C", ("4H", "5C"), None, near, (0, 1), 0, 2000, 0, 1,
                   {} if k else {0: (WRONG, 250)}) for k, near in enumerate(LADDER[:2])]
    cards.append(Card(len(cards), "2D", ("7S", "2D"), None, None, (), 0, 2000, 0, 1, {0: (WRONG, 200)}))
    app.push(TitleScene())
    app.push(StarsScene(Options(drill=7), 4, SimpleNamespace(cards=cards), profiles=(long.id, None, None, None)))


SCREENS = {
    "school_setup": school_setup,
    "school_example": school_screen("example"),
    "school_drill": school_screen("drill"),
    "school_stars": school_screen("stars"),
    "school_stars_full": school_stars_full,
    "profiles": profiles,
    "profile": profile,
    "profile_pick": profile_pick,
    "stats": stats,
    "replays": replays,
    "replay_ratscrew": replay("ratscrew"),
    "replay_nothanks": replay("nothanks"),
    "replay_photo": replay("ratscrew", photo=True),
    **numbers.SCREENS,
}


@screens.family("more", "more")
def _more(app, name: str, data) -> None:
    SCREENS[name](app, data)


@pytest.mark.parametrize(("name", "code", "size", "percent"), cases("more", list(SCREENS)))
def test_every_other_screen_fits_at_every_text_size_and_language(name, code, size, percent):
    assert_frame_fits(screens.frame("more", name, code, size, percent), name, code, size, percent)


def test_the_replays_cut_is_seen_by_the_check(tmp_path, data):
    """The replays' own cutting (a title too long for its row) is counted as a cut like the menus' own."""
    from game.scenes import replays as module

    app = app_with(tmp_path, (640, 360), "en", 100)
    try:
        replays(app, data)
        entry = app.top.entries[app.top.index]
        entry.title = "A title far too long for its row " * 6
        found = problems(app)
        assert entry.title in found["cut"]
        assert module.cut("short", 400, 20) == "short"
    finally:
        app.stack.clear()
        app.history.close()


def test_left_right_on_a_setup_players_row_go_through_the_guest_and_each_free_profile(tmp_path, data):
    """← → on a player's row of the school's setup: guest → each remembered player no other row has (in the
    picker's order) → guest again, either way; the row takes that player's remembered keys when free."""
    app = app_with(tmp_path, (1280, 720), "en", 100)
    try:
        ana, leo, mia = (app.history.create(n) for n in ("Ana", "Leo", "Mia"))
        app.history.change(leo.id, device="kb:2")
        # Mia has two stars on doubles: the next drill is open (issue 21: it opens at two stars)
        app.history.record_practice(mia.id, game="ratscrew", drill="double", slaps=[("double", "right", 500.0)] * 10,
                                    correct=10, decisions=10, length_ms=60_000)
        app.nav.push(factories.Title())
        app.input.seat_devices({0: "kb:0"})
        app.nav.push(factories.Practice("ratscrew", "school"))
        setup = app.top
        setup._change_players(1)
        setup._picked(1, mia.id)  # Player 2 is Mia: Player 1's arrows pass her by
        assert setup.profiles[:2] == [None, mia.id]
        setup.menu.select(len(setup.option_items))  # Player 1's row
        seen = []
        for _ in range(4):
            press(app, "right")
            seen.append(setup.profiles[0])
            assert setup.menu.current is setup.player_items[0]  # the focus stays on the row
        assert seen == [ana.id, leo.id, None, ana.id]
        assert [item.label for item in setup.player_items] == ["Ana", "Mia"]
        press(app, "right")
        assert setup.profiles[0] == leo.id and setup.devices[0] == "kb:2"  # Leo's keys, free: his
        press(app, "left")
        assert setup.profiles[0] == ana.id
        press(app, "left")
        assert setup.profiles[0] is None and setup.profiles[1] == mia.id
        assert [item.label for item in setup.player_items] == ["Guest: Player 1", "Mia"]  # as the picker says it
        setup.menu.select(0)  # the drill's row: ← → still change the drill
        drill = setup.options.drill
        press(app, "right")
        assert setup.options.drill == (drill + 1) % 8
    finally:
        app.stack.clear()
        app.history.close()
        pygame.event.clear()


def test_the_no_thanks_replay_does_not_name_the_tables_keys_for_help_and_last_moves(tmp_path, data):
    """In the viewer ↑ ↓ set the speed and ← → choose its buttons: the No Thanks table's corner keeps its rules
    in short but not its hint "↑ / ↓: more or less help · ← / →: last moves"; the time line says "↑ ↓"."""
    from game.games.nothanks.view import NothanksView, key_hint

    app = app_with(tmp_path, (1280, 720), "en", 100)
    try:
        scene = replay_viewer.viewer(app, "nothanks")
        app.frames(30)
        corner = scene.table.view.corner_text()
        assert corner and key_hint() not in corner and "more or less help" not in corner
        boxes = replay_viewer.drawn(app, "nothanks_corner")
        assert any("\u2191 \u2193" in text for _, text in boxes)
        scene.table.view.key_hints = True
        assert key_hint() in NothanksView.corner_texts(scene.table.view)  # the table's own, at the table
    finally:
        app.stack.clear()
        app.history.close()
        pygame.event.clear()
