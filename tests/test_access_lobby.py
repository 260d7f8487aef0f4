"""The lobby and its house rules at 150 % text (issue 13, issue 20): every cell of every seat's card and every
rule can be reached with the arrows and shows whole when focused (a card row or the rules scroll where they
don't all fit, the focused one always in view); ← → still change a seat's cells; nothing is cut, overlaps or
runs off at any scroll position, with a message over the buttons too; at 100 % nothing scrolls."""

from __future__ import annotations

import pygame
import pytest
from support_app import focus, focus_index, house_rules, press
from test_access_screens import app_with, assert_fits

from game.i18n import t
from game.render import scale
from game.scenes.lobby import LobbyScene
from game.ui import widgets as ui


@pytest.fixture(autouse=True)
def standard_looks():
    yield
    from game import i18n

    i18n.set_language("en")
    scale.install(text=1.0)
    scale.install(window=(1280, 720))


def lobby(tmp_path, game: str, code: str, size, percent: int):
    app = app_with(tmp_path, size, code, percent)
    app.push(LobbyScene(game))
    app.frames(2)
    return app


def card_of(scene, index: int) -> pygame.Rect | None:
    row = scene.menu.group_of(index)
    if row is None:
        return None
    return scene.layout.card_rects[row].move(0, -(scene.layout.shift(row) or 0))


def shown(scene, index: int) -> bool:
    """Item `index` is on screen, whole inside its seat's card if it is on one."""
    rect = scene.menu.rects[index]
    card = card_of(scene, index)
    return (rect.w > 0 and pygame.Rect(0, 0, *scene.app.size).contains(rect)
            and (card is None or card.contains(rect)))


def selectable(scene) -> list[int]:
    return [i for i, item in enumerate(scene.menu.items) if item.selectable()]


@pytest.mark.parametrize("size", [(1280, 720), (640, 360), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", ["ratscrew", "nothanks"])
def test_every_cell_can_be_reached_and_shows_whole_at_150_percent(tmp_path, game, size):
    app = lobby(tmp_path, game, "da", size, 150)
    try:
        scene = app.top
        for row in range(8):  # every kind of card: people, bots, empty seats
            scene.seating.seats[row] = [("human", None), ("bot", scene.definition.default_level), ("empty", None)][row % 3]
            scene.seating.devices[row] = f"kb:{row}" if row % 3 == 0 else None
        scene.house.refresh_rules()
        scene.rebuild()
        cards = set()
        for index in selectable(scene):
            focus_index(app, index)
            assert shown(scene, index), (index, scene.menu.current.label, scene.menu.rects[index])
            row = scene.menu.group_of(index)
            if row not in cards:  # each card once, the row of cards scrolled into view
                cards.add(row)
                assert_fits(app, f"{game} at {size}, focus on {scene.menu.current.label!r}")
        assert cards >= set(range(8)) | {None}
        house_rules(app)
        rules = app.top
        for index in selectable(rules):
            focus_index(app, index)
            assert rules.menu.rects[index].w > 0 and app.screen.get_rect().contains(rules.menu.rects[index])
        assert_fits(app, f"{game}'s house rules at {size}, scrolled to their end")
    finally:
        app.stack.clear()
        pygame.event.clear()


def test_a_scrolled_in_seat_still_changes_with_left_and_right_and_keeps_its_cells_on_its_card(tmp_path):
    app = lobby(tmp_path, "ratscrew", "sv", (1280, 720), 150)
    try:
        scene = app.top
        focus(app, t("Seat {n}", n=8))
        row = scene.menu.index
        assert scene.menu.group_of(row) == 7 and shown(scene, row)
        press(app, "down", "left")  # what plays it: an empty seat becomes a bot
        assert scene.seating.seats[7][0] == "bot" and scene.menu.group_of(scene.menu.index) == 7
        press(app, "left")
        assert scene.seating.seats[7][0] == "human" and shown(scene, scene.menu.index)
        press(app, "down")  # its head start (its keys are only shown)
        assert scene.menu.current.label == t("Head start") and shown(scene, scene.menu.index)
        press(app, "right")
        assert scene.seating.leads[7] == 50
        assert_fits(app, "seat 8 a human, its head start changed")
        press(app, "up", "up")
        assert scene.menu.index == scene.menu.entry(7) and shown(scene, scene.menu.index)
    finally:
        app.stack.clear()
        pygame.event.clear()


@pytest.mark.parametrize("size", [(1280, 720), (640, 360), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_message_over_the_buttons_fits_at_150_percent(tmp_path, size):
    app = lobby(tmp_path, "ratscrew", "da", size, 150)
    try:
        scene = app.top
        scene.seating.devices[0] = "pad:999"  # its pad unplugged since it joined
        focus(app, t("Start"))
        press(app, "enter")
        assert scene.message
        assert_fits(app, f"the start message at {size}")
        assert scene.layout.line_y < min(r.top for r in scene.layout.buttons)  # a line of its own over them
    finally:
        app.stack.clear()
        pygame.event.clear()


@pytest.mark.parametrize("game", ["ratscrew", "nothanks"])
def test_at_100_percent_nothing_scrolls(tmp_path, game):
    app = lobby(tmp_path, game, "en", (1280, 720), 100)
    try:
        scene = app.top
        assert scene.layout.rows_fit == 2 and all(rect.w > 0 for rect in scene.menu.rects)
        house_rules(app)
        rules = app.top  # the house rules come in pages of at most 8 rows (issue 37): all but the rules' shown
        shown = [i for i, item in enumerate(rules.rule_items) if rules.menu.rects[2 + i].w > 0]
        assert shown == rules.pages[0] and 0 < len(shown) <= 8
        others = [rect for item, rect in zip(rules.menu.items, rules.menu.rects, strict=True)
                  if item not in rules.rule_items]
        assert all(rect.w > 0 for rect in others)
    finally:
        app.stack.clear()
        pygame.event.clear()


@pytest.mark.parametrize("code", ["sv", "da", "en"])
@pytest.mark.parametrize("percent", [125, 150])
def test_with_three_pad_families_seated_and_news_the_cards_stay_over_the_news(tmp_path, pads, code, percent):
    """Found playing (1280x720, Swedish, 150 %): a PS5, a Switch Pro and an Xbox pad seated make the key hint two
    lines; the Ratscrew seats' cards then ran over the news line ("Kontroll 3 är med: Spelare 3" on top of
    "nej")."""
    from support_pads import PLAYSTATION, SWITCH, XBOX, device

    app = lobby(tmp_path, "ratscrew", code, (1280, 720), percent)
    try:
        scene = app.top
        for row, model in enumerate((PLAYSTATION, SWITCH, XBOX)):
            pad = pads(model)
            app.frames(2)
            scene.seating.seats[row] = ("human", None)
            scene.seating.devices[row] = device(pad)
            app.input.assign(device(pad), row)
        scene.seating.seats[3:] = [("empty", None)] * 5
        scene.note = t("Controller {n} joined: {name}", n=3, name=scene.seating.player_name(2))
        scene.rebuild()
        app.frames(2)
        assert scene.news() == scene.note
        assert_fits(app, f"three pads seated, news, {code} at {percent} %")
        lay = scene.layout
        news_top = lay.line_y - ui.TEXTS.line_height(ui.px(app.size, 20), True) * lay.line_lines // 2
        assert all(lay.card_rects[row].bottom <= news_top for row in range(4)), (lay.card_rects[0], news_top)
    finally:
        app.stack.clear()
        pygame.event.clear()
