"""The lobby at 150 % text (issue 13): rows that do not all fit scroll, the focused one always in view and
drawn whole; ← → still change a seat and its cells; nothing is cut, overlaps or runs off at any scroll
position, with a message over the buttons too; at 100 % nothing scrolls."""

from __future__ import annotations

import pygame
import pytest
from support_app import focus, press
from test_access_screens import app_with, assert_fits

from game.games.base import MAX_SEATS
from game.i18n import t
from game.render import scale
from game.scenes.lobby import LobbyScene


@pytest.fixture(autouse=True)
def standard_looks():
    yield
    from game import i18n

    i18n.set_language("en")
    scale.set_text_scale(1.0)
    scale.set_window((1280, 720))


def lobby(tmp_path, game: str, code: str, size, percent: int):
    app = app_with(tmp_path, size, code, percent)
    app.push(LobbyScene(game))
    app.frames(2)
    return app


def shown(scene, index: int) -> bool:
    """Row `index` is on screen, whole inside its panel if it is in one (the buttons are in none)."""
    rect = scene.menu.rects[index]
    panels = [p for p in (scene.seat_panel, scene.rule_panel) if p.colliderect(rect)]
    return rect.w > 0 and pygame.Rect(0, 0, *scene.app.size).contains(rect) and all(p.contains(rect) for p in panels)


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", ["ratscrew", "nothanks"])
def test_every_row_can_be_reached_and_shows_whole_at_150_percent(tmp_path, game, size):
    app = lobby(tmp_path, game, "da", size, 150)
    try:
        scene = app.top
        assert scene.layout.seats.scrolls()  # 8 seats do not all fit at 150 %: the list scrolls
        seen = set()
        for _ in range(len(scene.menu.order) + 3):
            press(app, "down")
            index = scene.menu.index
            seen.add(index)
            assert shown(scene, index), (index, scene.menu.current.label, scene.menu.rects[index])
            if index < MAX_SEATS or index >= scene._cells_at:  # a seat row (or a cell) scrolled into view
                assert_fits(app, f"{game} at {size}, focus on {scene.menu.current.label!r}")
        assert set(range(MAX_SEATS)) <= seen  # every seat, the hidden ones too
        assert {i for i, item in enumerate(scene.menu.items) if item.selectable()} <= seen
        focus(app, t("Save these rules as a preset…"))  # the last rule row that can be chosen
        assert shown(scene, scene.menu.index)
        assert_fits(app, f"{game} at {size}, the rules scrolled to their end")
        # Hidden rows are not drawn and are never "beside" a row on screen.
        hidden = [i for i, rect in enumerate(scene.menu.rects) if rect.w == 0]
        assert hidden and all(scene.menu.beside(scene.menu.index, step) not in hidden for step in (-1, 1))
    finally:
        app.stack.clear()
        pygame.event.clear()


def test_a_scrolled_in_seat_still_changes_with_left_and_right_and_keeps_its_cells_beside_it(tmp_path):
    app = lobby(tmp_path, "ratscrew", "sv", (1280, 720), 150)
    try:
        scene = app.top
        focus(app, t("Seat {n}", n=8))
        row = scene.menu.index
        assert row == 7 and shown(scene, row)
        press(app, "right")  # an empty seat becomes a human
        assert scene.seats[7][0] == "human" and scene.menu.index == 7 and shown(scene, 7)
        press(app, "down")  # its head start cell, beside it
        cell = scene.menu.rects[scene.menu.index]
        assert scene.menu.index >= scene._cells_at and cell.centery == scene.menu.rects[7].centery
        assert cell.left > scene.menu.rects[7].right and scene.seat_panel.contains(cell)
        press(app, "right")
        assert scene.leads[7] == 50
        assert_fits(app, "seat 8 a human, its head start changed")
        press(app, "up", "up")
        assert scene.menu.index == 6 and shown(scene, 6)
    finally:
        app.stack.clear()
        pygame.event.clear()


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_message_over_the_buttons_fits_at_150_percent(tmp_path, size):
    app = lobby(tmp_path, "ratscrew", "da", size, 150)
    try:
        scene = app.top
        scene.devices[0] = "pad:999"  # its pad unplugged since it joined
        focus(app, t("Start"))
        press(app, "enter")
        assert scene.message
        assert_fits(app, f"the start message at {size}")
        drawn = scene.layout.line_slot
        assert drawn[1] < scene.menu.rects[scene._cells_at - 1].top  # a row of its own over the buttons
    finally:
        app.stack.clear()
        pygame.event.clear()


@pytest.mark.parametrize("game", ["ratscrew", "nothanks"])
def test_at_100_percent_nothing_scrolls(tmp_path, game):
    app = lobby(tmp_path, game, "en", (1280, 720), 100)
    try:
        scene = app.top
        assert not scene.layout.seats.scrolls() and not scene.layout.rules.scrolls()
        assert all(rect.w > 0 for rect in scene.menu.rects)
    finally:
        app.stack.clear()
        pygame.event.clear()
