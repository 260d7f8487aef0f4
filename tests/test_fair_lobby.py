"""The lobby's head-start and learner cells beside each seat (issue 11): ↓ from a seat reaches its cells,
← → change them (keyboard and pad), the table gets them, and the lobby's texts still never overlap."""

from __future__ import annotations

import pygame
import pytest
from support_app import focus, make_app, press, set_value

from game.i18n import t
from game.input.virtualpad import VirtualPad
from game.scenes import ui
from game.scenes.lobby import LobbyScene


def lobby(app, game: str = "ratscrew") -> LobbyScene:
    app.push(LobbyScene(game))
    app.frames(2)
    return app.top


def test_down_from_a_seat_goes_through_its_cells_then_the_next_seat(app):
    scene = lobby(app)
    press(app, "down")  # from Start round to the first seat
    got = []
    for _ in range(5):
        got.append((scene.menu.index, scene.menu.current.label))
        press(app, "down")
    cells = scene._cells_at
    # Player 1, its head start, its learner cell, Bot 2, its head start (a bot is no learner), Seat 3
    assert got == [(0, "Player 1"), (cells, "0 ms"), (cells + 1, "no"), (1, "Bot 2"), (cells + 2, "0 ms")]
    assert scene.menu.current.label == "Seat 3"  # empty seats have no cells
    press(app, "up", "up")
    assert scene.menu.index == 1


def test_left_and_right_change_a_head_start_in_steps_of_50_and_the_table_gets_it(app):
    scene = lobby(app)
    focus(app, "0 ms")
    press(app, "right", "right", "right")
    assert scene.leads[0] == 150 and scene.menu.current.label == "150 ms"  # the focus stays on the cell
    press(app, "left")
    assert scene.leads[0] == 100
    press(app, "left", "left", "left")
    assert scene.leads[0] == 1000  # round to the top
    press(app, "down")
    assert scene.menu.current.label == "no"
    press(app, "right", "right")
    assert scene.hints[0] == 1000 and scene.menu.current.label == "hint 1 s"
    press(app, "down", "down")  # Bot 2's head start
    press(app, "right")
    config = scene.table_config()
    assert [(s.head_start_ms, s.hint_ms) for s in config.seats] == [(1000, 1000), (50, None)]
    focus(app, t("Start"))
    press(app, "enter")
    assert type(app.top).__name__ == "RatscrewTable"
    assert app.top.view.model.hints == {0: 1000}
    assert [s.head_start_ms for s in app.top.match.seats] == [1000, 50]


def test_a_seat_that_stops_being_human_stops_being_a_learner_and_an_empty_one_loses_its_head_start(app):
    scene = lobby(app)
    scene.leads[0], scene.hints[0] = 300, 500
    set_value(app, "Player 1", t("Bot · {level}", level="kid"))
    assert scene.hints[0] is None and scene.leads[0] == 300
    set_value(app, t("Bot {n}", n=1), t("Empty"))
    assert scene.leads[0] == 0


def test_play_again_back_in_the_lobby_keeps_the_cells(app):
    scene = lobby(app)
    scene.leads[1], scene.hints[0] = 450, 2000
    config = scene.table_config()
    app.replace(LobbyScene("ratscrew", config.next_round()))
    again = app.top
    assert again.leads[:2] == [0, 450] and again.hints[:2] == [2000, None]
    assert [it.label for it in again.cell_items[:4]] == ["0 ms", "hint 2 s", "450 ms", ""]


def test_no_thanks_has_only_a_learner_cell(app):
    scene = lobby(app, "nothanks")  # a learner there always has the coach (no head starts: nobody races)
    assert [item.label for item in scene.cell_items[:3]] == ["no", "", ""]  # Player 1; bots are no learners
    press(app, "down", "down", "down")
    assert scene.menu.index == 1


@pytest.mark.skipif(not VirtualPad.available(), reason="SDL's virtual joystick is out of reach")
def test_the_cells_work_by_pad(app):
    pad = VirtualPad("Virtual pad", 0x045E, 0x028E)
    pad.plug()
    try:
        app.frames(3)
        scene = lobby(app)

        def tap(button: str) -> None:
            pad.press(button)
            app.frames(2)
            pad.release(button)
            app.frames(2)

        for button in ("dpdown", "dpdown", "dpright", "dpright", "dpdown", "dpright"):
            tap(button)
        assert scene.leads[0] == 100 and scene.hints[0] == 500
        tap("dpleft")
        assert scene.hints[0] is None
    finally:
        pad.unplug()
        pygame.event.pump()
        pygame.event.clear()


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_the_lobbys_texts_never_overlap_with_every_cell_set(tmp_path, size):
    from test_scenes_screenshots import overlapping

    app = make_app(tmp_path, size=size)
    try:
        scene = lobby(app)
        for row in range(8):
            scene.seats[row] = ("human", None) if row % 2 == 0 else ("bot", "adaptive")
            scene.leads[row] = 1000 - 50 * row
            scene.hints[row] = 500 if row % 2 == 0 else None
        set_value(app, "Wrong slap burns", "No penalty")
        scene._rebuild()
        focus(app, "1000 ms")
        with ui.TextBoxes() as boxes:
            scene.draw(app.screen, 0.0)
        texts = [text for _, text in boxes.drawn]
        assert {"Head start", "Learner", "hint 0.5 s", "950 ms", "No penalty"} <= set(texts)
        assert overlapping(boxes.drawn) == []
        # The cells sit beside their seat rows, inside the seats' panel.
        for k, rect in enumerate(scene.menu.rects[scene._cells_at:]):
            row = scene.menu.rects[k // 2]
            assert rect.centery == row.centery and rect.left > row.right
            assert scene.seat_panel.contains(rect)
        pygame.image.save(app.screen, str(tmp_path / "lobby.png"))
    finally:
        app.stack.clear()
