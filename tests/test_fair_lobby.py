"""The lobby's head-start and learner cells on each seat's card (issue 11): ↓ from a seat's name reaches its
cells, ← → change them (keyboard and pad), the table gets them, and the lobby's texts still never overlap."""

from __future__ import annotations

import pygame
import pytest
from support_app import focus, focus_index, house_rules, make_app, press, save_png, set_seat, set_value

from game.i18n import t
from game.input.virtualpad import VirtualPad
from game.render.text import TextRecorder
from game.scenes.lobby import LobbyScene


def lobby(app, game: str = "ratscrew") -> LobbyScene:
    app.push(LobbyScene(game))
    app.frames(2)
    return app.top


def cell(scene, row: int, label: str):
    """Seat `row`'s cell `label` (its name is the card's first cell)."""
    return next(c for c in scene.card_cells[row] if c.label == label)


def test_down_from_a_seat_goes_through_its_cells_then_the_card_below(app):
    scene = lobby(app)
    focus(app, "Player 1")
    got = []
    for _ in range(4):
        got.append((scene.menu.group_of(scene.menu.index), scene.menu.current.label))
        press(app, "down")
    got.append((scene.menu.group_of(scene.menu.index), scene.menu.current.label))
    # Player 1, what plays it, its head start, its learner cell (its keys are only shown), then Seat 5 below it
    assert got == [(0, "Player 1"), (0, ""), (0, "Head start"), (0, "Learner"), (4, "Seat 5")]
    press(app, "up")
    assert scene.menu.current.label == "Player 1"  # into a card from outside: at its name
    press(app, "right")
    assert scene.menu.current.label == "Bot 2"


def test_left_and_right_change_a_head_start_in_steps_of_50_and_the_table_gets_it(app):
    scene = lobby(app)
    focus(app, t("Head start"))
    assert scene.menu.group_of(scene.menu.index) == 0
    press(app, "right", "right", "right")
    assert scene.seating.leads[0] == 150 and scene.menu.current.value() == "150 ms"  # the focus stays on the cell
    press(app, "left")
    assert scene.seating.leads[0] == 100
    press(app, "left", "left", "left")
    assert scene.seating.leads[0] == 1000  # round to the top
    press(app, "down")
    assert scene.menu.current.label == t("Learner") and scene.menu.current.value() == "no"
    press(app, "right", "right")
    assert scene.seating.hints[0] == 1000 and scene.menu.current.value() == "no penalty · hint 1 s"  # issue 21: it says so
    focus_index(app, scene.menu.items.index(cell(scene, 1, t("Head start"))))  # Bot 2's head start
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
    scene.seating.leads[0], scene.seating.hints[0] = 300, 500
    set_seat(app, 0, t("Bot · {level}", level="kid"))
    assert scene.seating.hints[0] is None and scene.seating.leads[0] == 300
    set_seat(app, 0, t("Empty"))
    assert scene.seating.leads[0] == 0


def test_play_again_back_in_the_lobby_keeps_the_cells(app):
    scene = lobby(app)
    scene.seating.leads[1], scene.seating.hints[0] = 450, 2000
    config = scene.table_config()
    app.replace(LobbyScene("ratscrew", config.next_round()))
    again = app.top
    assert again.seating.leads[:2] == [0, 450] and again.seating.hints[:2] == [2000, None]
    assert [cell(again, 0, name).value() for name in ("Head start", "Learner")] == ["0 ms", "no penalty · hint 2 s"]
    assert cell(again, 1, "Head start").value() == "450 ms"
    assert "Learner" not in [c.label for c in again.card_cells[1]]  # a bot is no learner


def test_no_thanks_has_only_a_learner_cell(app):
    scene = lobby(app, "nothanks")  # a learner there always has the coach (no head starts: nobody races)
    assert [c.label for c in scene.card_cells[0][1:]] == ["", "Q / L-Shift", t("Learner")]
    assert [c.label for c in scene.card_cells[1][1:]] == ["", t("Level")]  # bots are no learners
    assert not [c for card in scene.card_cells for c in card if c.label == t("Head start")]


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

        pads = {"up": "dpup", "down": "dpdown", "left": "dpleft", "right": "dpright"}
        for action in scene.menu.route(scene.menu.items.index(cell(scene, 0, t("Head start")))):
            tap(pads[action])
        for button in ("dpright", "dpright", "dpdown", "dpright"):
            tap(button)
        assert scene.seating.leads[0] == 100 and scene.seating.hints[0] == 500
        tap("dpleft")
        assert scene.seating.hints[0] is None
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
            scene.seating.seats[row] = ("human", None) if row % 2 == 0 else ("bot", "adaptive")
            scene.seating.leads[row] = 1000 - 50 * row
            scene.seating.hints[row] = 500 if row % 2 == 0 else None
        house_rules(app)
        set_value(app, "Wrong slap burns", "1 card")  # (no penalty is a learner's own now, issue 21)
        press(app, "back")
        scene.rebuild()
        focus(app, t("Head start"))
        assert scene.menu.current.value() == "1000 ms"
        with TextRecorder() as boxes:
            scene.draw(app.screen, 0.0)
        texts = [text for _, text in boxes.drawn]
        assert {"Head start", "Learner", "no penalty · hint 0.5 s", "950 ms"} <= set(texts)
        assert overlapping(boxes.drawn) == []
        # Every cell sits on its own seat's card, and no two cards meet.
        cards = [scene.layout.card_rects[row].move(0, -(scene.layout.shift(row) or 0)) for row in range(8)]
        assert not any(a.colliderect(b) for i, a in enumerate(cards) for b in cards[i + 1:])
        for index, rect in enumerate(scene.menu.rects):
            row = scene.menu.group_of(index)
            if row is not None and rect.w:
                assert cards[row].contains(rect), (row, scene.menu.items[index].label)
        save_png(app.screen, tmp_path / "lobby.png")
    finally:
        app.stack.clear()
