"""Watching a game again: its own table re-driven from the log on a virtual clock, at 0.25×–4×, paused, stepped
move by move either way, jumped to the next slap and to the next photo finish, whose presses are stepped one
millisecond at a time on a time line; by keyboard and by pad alone; a log that cannot be shown gets one line;
"Watch again" on the results screen. Every text in its own box at 1280x720 and 640x360, 20 px at 1280x720."""

from __future__ import annotations

import pygame
import pytest
from support_app import OUT, distinct_colours, fast_forward, finished, make_app, press, save_png
from test_scenes_screenshots import overlapping

from game import games, i18n, screens
from game.commands import BACK, CONFIRM, DOWN, RIGHT, UP, Command
from game.i18n import t
from game.render import scale
from game.render.text import TextRecorder
from game.replay import build_match
from game.scenes.replays import MS, SLAP_LEAD_NS, SPEEDS, Film, ReplayScene, log_of
from game.scenes.results import ResultsScene
from game.scenes.title import TitleScene
from game.ui import widgets as ui

_FILMS: dict[tuple[str, str], Film] = {}


def film(game: str = "ratscrew") -> Film:
    """A finished three-bot game's film (Ratscrew: 17 slaps, 4 photo finishes), its words (a photo finish's
    "Mia by 40 ms") in the language in force, as the viewer makes it."""
    key = (game, i18n.language())
    if key not in _FILMS:
        _, match = finished(game, 3, 4)
        _FILMS[key] = Film(log_of(match.log.lines()))
    return _FILMS[key]


def viewer(app, game: str = "ratscrew") -> ReplayScene:
    app.push(TitleScene())
    app.nav.push(screens.Replay(film(game)))
    app.frames(1)
    return app.top


def focus_button(app, label: str) -> None:
    """← to the row's first button, then → until `label` has the focus."""
    while app.top.menu.index > 0:
        press(app, "left")
    for _ in range(8):
        if app.top.menu.current.label == label:
            return
        press(app, "right")
    raise AssertionError(f"no button {label!r}: {[i.label for i in app.top.menu.items]}")


def digest_at(f: Film, lines: int) -> str:
    """The state's digest after the first `lines` lines, replayed afresh."""
    match = build_match(f.header, games.GAMES)
    for line in f.lines[:lines]:
        match.replay(line)
    return match.state.digest()


def applied(scene: ReplayScene) -> int:
    return sum(1 for at in scene.film.at if at <= scene.now)


def drawn(app, name: str) -> list[tuple[pygame.Rect, str]]:
    """The viewer drawn with its words recorded (its own and its table's); the frame saved."""
    with TextRecorder() as boxes:
        app.top.draw(app.screen, 0.0)
    w, h = app.size
    OUT.mkdir(parents=True, exist_ok=True)
    save_png(app.screen, OUT / f"replay_{name}_{w}x{h}.png")
    return boxes.drawn


# -- the clock --------------------------------------------------------------------------------------------------

def test_it_plays_at_once_on_a_virtual_clock_at_each_speed(app):
    scene = viewer(app)
    assert scene.playing and scene.speed == 1.0 and scene.menu.current.label == t("Pause")
    steps: list[int] = []
    update = scene.update
    scene.update = lambda now, dt: (steps.append(dt), update(now, dt))
    for presses, speed in ((["up"], 2.0), (["up", "up", "up"], 4.0), (["down"] * 6, 0.25), (["up", "up"], 1.0)):
        press(app, *presses)
        steps.clear()
        before = scene.now
        app.frames(30)
        assert scene.speed == speed
        assert scene.now - before == sum(round(dt * speed) for dt in steps) > 0
    assert SPEEDS[0] == 0.25 and SPEEDS[-1] == 4.0
    scene.speed_index = len(SPEEDS) - 1
    scene.seek(scene.film.end - 2_000 * MS)
    app.frames(60)
    assert scene.now == scene.film.end and not scene.playing  # stops at the end
    assert scene.table.match.state.digest() == scene.film.log.footer["digest"]
    assert scene.menu.current.label == t("Play")
    press(app, "enter")  # play at the end: from the start again
    assert scene.playing and scene.now < 300 * MS


def test_pause_stops_the_clock_and_play_goes_on(app):
    scene = viewer(app)
    app.frames(60)
    press(app, "enter")
    assert not scene.playing and scene.menu.current.label == t("Play")
    now, state = scene.now, scene.table.match.state.digest()
    app.frames(120)
    assert scene.now == now and scene.table.match.state.digest() == state
    assert scene.unchanged(app.size, 0.0)  # the clock stands: the app need not draw it again
    scene.step(1)
    assert not scene.unchanged(app.size, 0.0)
    press(app, "enter")
    app.frames(30)
    assert scene.playing and scene.now > now


# -- steps and jumps ----------------------------------------------------------------------------------------------

def test_steps_show_one_move_at_a_time_either_way(app):
    scene = viewer(app)
    f = scene.film
    press(app, "enter")  # pause at the start
    focus_button(app, t("Step ▶"))
    shown = []
    for _ in range(6):
        press(app, "enter")
        assert not scene.playing
        moves = [i for i in f.moves if i < scene.pos]
        assert scene.now in f.settled and f.settled.index(scene.now) == len(moves) - 1
        assert scene.table.match.state.digest() == digest_at(f, applied(scene))
        shown.append((scene.now, scene.table.match.state.digest()))
    assert len({d for _, d in shown}) == 6  # each step changed the table
    press(app, "left", "left")
    assert app.top.menu.current.label == t("◀ Step")
    for now, digest in reversed(shown[:-1]):
        press(app, "enter")
        assert scene.now == now and scene.table.match.state.digest() == digest  # rewound exactly
    press(app, "enter")
    assert scene.now == 0


def test_next_slap_stops_just_before_each_slap_in_turn(app):
    scene = viewer(app)
    f = scene.film
    focus_button(app, t("Next slap"))
    seen = []
    for i in f.slaps[:4]:
        if f.at[i] - SLAP_LEAD_NS <= (seen[-1] if seen else -1):
            continue
        press(app, "enter", frames=1)
        target = max(0, f.at[i] - SLAP_LEAD_NS)
        assert scene.now >= target and scene.now - target < 20 * MS  # it plays on from there
        assert applied(scene) <= i  # the slap itself still to come
        seen.append(target)
    scene.playing = False
    press(app, "enter")
    app.frames(2)
    assert scene.now > seen[-1]


def test_a_photo_finish_is_stepped_one_millisecond_at_a_time(app):
    scene = viewer(app)
    f = scene.film
    focus_button(app, t("Photo finish"))
    press(app, "enter")
    assert not scene.playing and scene.photo == 0
    photo = f.photos[0][1]
    lo, hi = photo.window_ms()
    assert scene.now == photo.first + lo * MS and scene.photo_ms == lo
    labels = [i.label for i in scene.menu.items]
    assert labels[:3] == [t("◀ 1 ms"), t("Play"), t("1 ms ▶")]
    words = [s for _, s in drawn(app, "photo_before")]
    assert {f.names[seat] for seat, _, _ in photo.presses} <= set(words)
    lag = round((photo.presses[1][1] - photo.first) / MS)
    assert t("first") in words and t("+{ms} ms", ms=lag) in words and photo.lines[0] in words
    press(app, "left", "left")
    before = scene.table.match.state.digest()
    for k in range(lo + 1, 1):  # up to the first press, one ms a step: nothing happens before it
        press(app, "enter")
        assert scene.photo_ms == k and scene.now == photo.first + k * MS
        if k < 0:
            assert scene.table.match.state.digest() == before
    won = scene.table.match.state.digest()
    assert won != before  # at the first press the pile is won
    assert t("at the first press") in [s for _, s in drawn(app, "photo_first")]
    focus_button(app, t("◀ 1 ms"))
    press(app, "enter")
    assert scene.photo_ms == -1 and scene.table.match.state.digest() == before  # and back again
    press(app, "right", "right", "enter", "enter")
    assert scene.photo_ms == 1 and scene.table.match.state.digest() == won
    for _ in range(hi + 5):  # the steps end with the time line
        scene.step(1)
    assert scene.photo_ms == hi
    drawn(app, "photo_end")
    focus_button(app, t("Photo finish"))
    press(app, "enter")
    assert scene.photo == 1 and scene.now == f.photos[1][1].first + f.photos[1][1].window_ms()[0] * MS
    focus_button(app, t("Play"))
    press(app, "enter")
    assert scene.playing and scene.photo is None  # playing leaves the time line
    assert scene.menu.items[0].label == t("◀ Step")


def test_every_control_works_from_a_pad_alone(app):
    scene = viewer(app)

    def pad(action: str) -> None:
        app.top.handle(Command(None, action, app.now_ns(), device="pad:1"))
        app.frames(1)

    pad(UP)
    assert scene.speed == 2.0
    pad(DOWN)
    pad(DOWN)
    assert scene.speed == 0.5
    pad(CONFIRM)
    assert not scene.playing
    pad(RIGHT)
    pad(CONFIRM)
    assert scene.now == scene.film.settled[0]
    pad(RIGHT)
    pad(CONFIRM)  # next slap
    pad(RIGHT)
    pad(CONFIRM)  # photo finish
    assert scene.photo == 0
    pad(BACK)
    assert isinstance(app.top, TitleScene)


@pytest.mark.parametrize("game", ["ratscrew", "nothanks"])
def test_the_replayed_tables_small_print_names_no_key_of_the_live_table(app, game):
    """It said "Rules: Esc / Start", and Esc or Start leave the viewer: the table's keys are not the viewer's."""
    scene = viewer(app, game)
    with TextRecorder(app.screen) as rec:
        scene.draw(app.screen, 0.0)
    words = " ".join(text for _, text in rec.drawn)
    assert "Rules: Esc" not in words and "Rules:" not in scene.table.view.corner_text()


def test_esc_backspace_and_done_leave(app):
    viewer(app)
    press(app, "esc")
    assert isinstance(app.top, TitleScene)
    app.nav.push(screens.Replay(film()))
    press(app, "back")
    assert isinstance(app.top, TitleScene)
    app.nav.push(screens.Replay(film()))
    app.frames(1)
    focus_button(app, t("Done"))
    press(app, "enter")
    assert isinstance(app.top, TitleScene)


def test_a_game_without_slaps_has_no_slap_buttons_and_plays_all_the_same(app):
    scene = viewer(app, "nothanks")
    assert [i.label for i in scene.menu.items] == [t("◀ Step"), t("Pause"), t("Step ▶"), t("Done")]
    app.frames(120)
    assert scene.now > 0 and scene.table.view.text_boxes()
    scene.seek(scene.film.end)
    assert scene.table.match.state.is_over


# -- logs that cannot be shown, and the results screen ------------------------------------------------------------

def test_a_log_that_cannot_be_re_run_gets_one_line_and_back(app):
    _, match = finished("ratscrew", 3, 4)
    lines = [dict(line) for line in match.log.lines()]
    next(line for line in lines if line["k"] == "digest")["d"] = "f" * 16
    app.push(TitleScene())
    app.nav.push(screens.Replay(lines))
    app.frames(2)
    scene = app.top
    assert scene.film is None and "does not replay as it was recorded" in scene.error and "\n" not in scene.error
    words = [s for _, s in drawn(app, "broken")]
    assert scene.error in words and t("This game can't be shown") in words
    press(app, "enter")
    assert isinstance(app.top, TitleScene)


def test_watch_again_on_the_results_screen_and_back(app):
    config, match = finished("ratscrew", 3, 4)
    app.push(TitleScene())
    app.push(ResultsScene(config, match))
    app.frames(2)
    assert app.top.menu.current.label == t("Play again")
    press(app, "left")
    assert app.top.menu.current.label == t("Watch again")
    press(app, "enter")
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.playing
    assert scene.film.end == match.log.footer()["t"] and scene.film.names == [s.name for s in config.seats]
    app.frames(60)
    press(app, "esc")
    assert isinstance(app.top, ResultsScene)


# -- looks ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
@pytest.mark.parametrize("game", ["ratscrew", "nothanks"])
def test_every_word_in_its_own_box_and_big_enough(tmp_path, size, game):
    app = make_app(tmp_path, size)
    try:
        scene = viewer(app, game)
        fast_forward(app, 60 * 9)  # 9 s in, the frames before the last two undrawn (the same picture)
        moments = [("playing", None)]
        if game == "ratscrew":
            moments.append(("photo", scene.next_photo))
        for name, action in moments:
            if action is not None:
                action()
                app.frames(1)
            boxes = drawn(app, f"{game}_{name}")
            assert distinct_colours(app.screen) > 40
            mine = boxes  # the viewer's own words (the table draws into its own area, in its own boxes)
            table = scene.table_boxes()
            assert len(mine) >= 6 and table
            assert overlapping(mine + table) == []
            assert all(scene.table_rect.contains(r) for r, _ in table)
            assert all(not scene.table_rect.colliderect(r) for r, _ in mine)
            if size == (1280, 720):
                line = ui.TEXTS.font(20).get_height()
                assert [(r, s) for r, s in mine if r.h < line] == []
    finally:
        app.stack.clear()


@pytest.mark.parametrize("game", ["ratscrew", "nothanks"])
def test_the_viewer_lays_the_table_out_as_the_live_table_does(tmp_path, app, game):
    """Issue 37: "Watch again" looks like the game just played. The viewer's table is the game's own table
    scene, laid out by its own view (the live table's code path) at the viewer's table area, its words as big
    as at the live table; its controls lie under it, outside the felt. A live table of the same seats laid
    out at that size with those words is laid out the same: its seats, centre, lanes and notes lanes."""
    scene = viewer(app, game)
    app.frames(2)
    shown = scene.table.view
    size = scene.render_size()
    assert shown.L.size == size == scene.table_rect.size
    with scene.table_words(app.size):
        looks = scale.current()  # the looks the viewer lays its table out in
    live_app = make_app(tmp_path / "live", size)
    try:
        live = scene.film.definition.table_scene(scene.film.config)
        live_app.push(live)
        live_app.frames(1)
        scale.install(looks)
        live.view.relayout(size)
        assert live.view.L == shown.L
        if game == "ratscrew":  # (No Thanks' notes lanes keep off the centre's words of the moment)
            assert live.view.geo.mode == shown.geo.mode and live.view.geo.pile_zone == shown.geo.pile_zone
            assert live.view.lanes() == shown.lanes()
            assert [lane.rect for lane in live.view.notes.lanes()] == [lane.rect for lane in shown.notes.lanes()]
            assert shown.L.rows  # mats, as at the live table (not round an ellipse)
        else:
            assert live.view.geo.centre_rect() == shown.geo.centre_rect()
    finally:
        live_app.stack.clear()
    assert scene.bar.top >= scene.table_rect.bottom  # the viewer's own controls: under the table, off its felt
    assert all(not scene.table_rect.colliderect(r) for r in scene.menu.rects)
