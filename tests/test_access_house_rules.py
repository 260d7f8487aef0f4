"""The house rules read from a sofa (issue 37, "Lists readable at 3 m" and item 5): on every page of the house-rules
screen every word drawn is 24 px or more at 1280×720 (36 px at 1920×1080, the table's floor; scaled with the
window), no more than 8 rows of choices are on screen at once, every rule is on a page a d-pad reaches, and every
row lists its choices (the "Game length" row as every other), nothing overlapping, cut or off the screen; at
1280×720, 1920×1080 and 1280×800, 100/125/150 % text, in English, Danish and Swedish."""

from __future__ import annotations

import pygame
import pytest
from support_app import focus_index, house_rules
from support_pads import tap
from test_access_floors_screens import recorded
from test_access_screens import LANGUAGES, PERCENTS, app_with
from test_lobby_pads import walk
from test_pad_only_play import to_lobby

from game import i18n
from game.i18n import t
from game.input.virtualpad import VirtualPad
from game.render import scale
from game.render.text import TextRecorder
from game.scenes.lobby import LobbyScene

FLOOR = 24  # px at 1280×720, scaled with the window like every size in the game (36 px at 1920×1080)
SIZES = [(1280, 720), (1920, 1080), (1280, 800)]


@pytest.fixture(autouse=True)
def standard_looks(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    yield
    i18n.set_language("en")
    scale.install(text=1.0)
    scale.install(window=(1280, 720))


@pytest.mark.parametrize("game", ["ratscrew", "nothanks"])
@pytest.mark.parametrize("percent", PERCENTS)
@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_page_of_the_house_rules_reads_from_the_sofa(tmp_path, size, code, percent, game):
    app = app_with(tmp_path, size, code, percent)
    try:
        app.push(LobbyScene(game))
        app.frames(2)
        house_rules(app)
        rules = app.top
        floor = scale.px(size, FLOOR)
        assert floor == round(FLOOR * size[1] / 720) or size == (1280, 800)  # 36 px at 1920×1080
        seen: list[int] = []
        for number, page in enumerate(rules.pages):
            focus_index(app, 2 + page[0])  # the arrows bring the page's first row into focus (a pad the same)
            assert rules.page == number
            shown = [i for i in range(len(rules.rule_items)) if rules.menu.rects[2 + i].w > 0]
            assert shown == page and 0 < len(shown) <= 8, (number, shown)  # ~8 rows of choices at once, at most
            seen += shown
            found, sized, drawn = recorded(app)
            where = f"{game} in {code} at {size}, {percent} %, page {number + 1} of {len(rules.pages)}"
            assert {k: v for k, v in found.items() if v} == {}, where
            small = sorted({(text, px) for _r, text, px in sized if text.strip() and px < floor}
                           | {(text, px) for text, px in drawn if text.strip() and px < floor})
            assert small == [], where
            texts = [text for _r, text, _px in sized]
            for i in shown:  # each row lists every one of its choices (its current one marked with ‹ › or not)
                row = rules.rule_items[i]
                labels, _ = row.choices()
                assert row.label in texts, (where, row.label)
                assert all(any(text in (label, f"‹ {label} ›") for text in texts) for label in labels), (where,
                                                                                                      row.label)
        assert sorted(seen) == list(range(len(rules.rule_items)))  # every rule is on a page
    finally:
        app.stack.clear()
        pygame.event.clear()


def ratscrews_house_rules(tmp_path, size):
    """An app at `size` with Egyptian Ratscrew's house rules open (from its lobby, as a player opens them)."""
    app = app_with(tmp_path, size, "en", 100)
    app.push(LobbyScene("ratscrew"))
    app.frames(2)
    house_rules(app)
    return app


def test_the_game_length_row_lists_its_choices_like_every_other_row(tmp_path):
    """Issue 37 item 5: "Game length" showed one value (with dots) where every other row listed its choices."""
    app = ratscrews_house_rules(tmp_path, (1920, 1080))
    try:
        rules = app.top
        row = next(i for i, item in enumerate(rules.rule_items) if item.label == "Game length")
        focus_index(app, 2 + row)
        with TextRecorder() as boxes:
            rules.draw(app.screen, 0.0)
        texts = [text for _r, text in boxes.drawn]
        assert {"To the end", "Quick (3 min)", "Normal (8 min)", "Long (15 min)"} <= {s.strip("‹› ") for s in texts}
    finally:
        app.stack.clear()
        pygame.event.clear()


def test_the_check_sees_a_word_under_the_floor(tmp_path):
    """The measure is not blind: a word drawn at 20 px on the house rules' screen is reported with its size."""
    app = ratscrews_house_rules(tmp_path, (1280, 720))
    try:
        draw = app.top.draw

        def with_a_small_word(surface, alpha):
            draw(surface, alpha)
            from game.ui import widgets as ui

            ui.blit_text(surface, "tiny", 20, ui.TEXT, "topleft", (600, 2))

        app.top.draw = with_a_small_word
        _found, sized, _drawn = recorded(app)
        assert ("tiny", 20) in {(text, px) for _r, text, px in sized}
        assert all(px >= FLOOR for _r, text, px in sized if text != "tiny" and text.strip())
    finally:
        app.stack.clear()
        pygame.event.clear()


@pytest.mark.skipif(not VirtualPad.available(), reason="SDL's virtual joystick is out of reach")
def test_a_pad_alone_reaches_and_changes_every_rule_page_by_page(app, pads):
    """A pad-only player: the d-pad walks to House rules, ↓ goes through every rule (the pages turn with it),
    → changes each, B goes back to the lobby with the rules changed."""
    pad = pads()
    to_lobby(app, pad, "ratscrew")
    lobby = app.top
    walk(app, pad, lobby.menu.items.index(next(i for i in lobby.menu.items if i.label == t("House rules…"))))
    tap(app, pad, "a")
    rules = app.top
    assert type(rules).__name__ == "HouseRulesScene"
    pages_seen = set()
    tap(app, pad, "dpdown")  # the preset, then the import row
    for i, row in enumerate(rules.rule_items):
        tap(app, pad, "dpdown")
        row = rules.rule_items[i]  # rebuilt after every press
        assert rules.menu.current is row and rules.menu.rects[2 + i].w > 0, (i, row.label)
        pages_seen.add(rules.page)
        before = row.value()
        tap(app, pad, "dpright")
        assert rules.rule_items[i].value() != before or refused(lobby.house, row.label), row.label
    assert pages_seen == set(range(len(rules.pages))) and len(rules.pages) > 1
    changed = dict(lobby.house.values)
    tap(app, pad, "b")
    assert app.top is lobby and len(changed) >= len(rules.rule_items) - 2  # the rules changed, as the lobby's


def refused(house, label: str) -> bool:
    """Every other choice of the rule `label` is one the game refuses with the other rules as they are."""
    option = next(o for o in house.options if o.label == label)
    current = house.values.get(option.name, option.default)
    for value, _ in option.choices:
        if value == current:
            continue
        values = house.definition.values_after_change(option.name, dict(house.values, **{option.name: value}))
        try:
            house.definition.rules_from_values(values, max(2, house.players()))
        except (TypeError, ValueError):
            continue
        return False
    return True


def mouse(app, kind: int, pos: tuple[int, int], **more) -> None:
    pygame.event.post(pygame.event.Event(kind, pos=pos, **more))
    app.frames(2)


def test_a_mouse_points_clicks_and_wheels_through_the_house_rules(app):
    app.push(LobbyScene("ratscrew"))
    app.frames(2)
    house_rules(app)
    rules = app.top
    third = rules.rule_items[2]
    mouse(app, pygame.MOUSEMOTION, rules.menu.rects[2 + 2].center, rel=(0, 0), buttons=(0, 0, 0))
    assert rules.menu.current is rules.rule_items[2] and rules.rule_items[2].label == third.label
    before = rules.rule_items[2].value()
    mouse(app, pygame.MOUSEBUTTONDOWN, rules.menu.rects[2 + 2].center, button=1)
    assert rules.rule_items[2].value() != before  # a click is Enter: the next choice
    mouse(app, pygame.MOUSEBUTTONDOWN, rules.page_line.center, button=1)  # "Page 1 of 3": the next page
    assert rules.page == 1 and rules.menu.index == 2 + rules.pages[1][0]
    for _ in range(len(rules.pages[1])):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        app.frames(2)
    assert rules.page == 2  # the wheel moves down the rows, and the pages turn
    done = next(i for i, item in enumerate(rules.menu.items) if item.label == t("Done"))
    mouse(app, pygame.MOUSEBUTTONDOWN, rules.menu.rects[done].center, button=1)
    assert type(app.top).__name__ == "LobbyScene"


def test_the_mouse_does_nothing_on_a_screen_that_does_not_take_it(app):
    app.push(LobbyScene("ratscrew"))
    app.frames(2)
    lobby = app.top
    button = next(i for i, item in enumerate(lobby.menu.items) if item.label == t("House rules…"))
    focused = lobby.menu.index
    mouse(app, pygame.MOUSEBUTTONDOWN, lobby.menu.rects[button].center, button=1)
    assert app.top is lobby and lobby.menu.index == focused
