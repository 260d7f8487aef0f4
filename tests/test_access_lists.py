"""Issue 37, lists readable at 3 m: the results of both games, the replays list, the player's stats, the slap
school's stars (with its every-rule table) and the number school's summary (its steps' stars) draw every word
at the lists' size or bigger (ui.figures.WORD_PX: 24 px at 1280×720, 36 px at 1920×1080, the tables' floor), at
1280×720, 1920×1080 and 1280×800, at 100/125/150 % text, in English, Danish and Swedish, and show at most
LIST_ROWS entries at once: who took what and the stars' rules table a page at a time (↑ ↓ on the keyboard,
the d-pad on a pad), the replays a window of the list that follows the focus. No Thanks' result cards are tabs whose index is as tall
as those words; Ratscrew's headers keep one line and room between them where the window has it."""

from __future__ import annotations

import itertools

import pygame
import pytest
import support_screens as screens
import test_access_more_screens  # noqa: F401 - registers the "more" screens (the replays)
import test_replayview_list as replay_list
from support_app import finished, make_app, press
from support_pads import XBOX, tap
from test_access_screens import LANGUAGES, PERCENTS, app_with, standard_looks  # noqa: F401 - an autouse fixture

from game import screens as factories
from game.games.nothanks.results import TAB
from game.games.nothanks.text import card_name
from game.games.nothanks.view_model import card_key
from game.i18n import t
from game.render import card_art, scale
from game.render.text import TextRecorder
from game.scenes.results import ResultsScene
from game.scenes.title import TitleScene
from game.ui import widgets as ui
from game.ui.figures import LIST_ROWS, WORD_PX

SIZES = [(1280, 720), (1920, 1080), (1280, 800)]


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    """A data folder of the test's own: the players and games made here are seen by no other test."""
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"
LIST_SCREENS = {"results_nothanks": "menu", "results_ratscrew": "menu", "replays": "more", "stats": "more",
                "school_stars_full": "more", "numbers_summary": "more"}


def under_lists_floor(size, made) -> list[tuple[str, int]]:
    """Every word drawn under WORD_PX (scaled with the window): boxed ones by their font size, a box whose image
    is not a TextCache's by its height against a line of that size, and every text a TextCache was asked for."""
    floor = scale.px(size, WORD_PX)
    with scale.text_room(1.0):
        line = ui.TEXTS.font(floor).get_height() - 1
    small = {(text, px) for _r, text, px in made.sized if px and px < floor and text.strip()}
    small |= {(text, rect.h) for rect, text, px in made.sized if not px and text.strip() and rect.h < line}
    small |= {(text, px) for text, px in made.drawn if text.strip() and px < floor}
    return sorted(small)


def _case(name: str, code: str, size, percent: int):
    return pytest.param(name, code, size, percent, id=f"{name}-{code}-{size[0]}x{size[1]}-{percent}",
                        marks=screens.case_mark(LIST_SCREENS[name], name, code, size, percent))


@pytest.mark.parametrize(("name", "code", "size", "percent"), [
    _case(name, code, size, percent) for name in LIST_SCREENS for size in SIZES for percent in PERCENTS
    for code in LANGUAGES])
def test_every_word_of_the_lists_is_24_px_or_more_scaled(name, code, size, percent):
    made = screens.frame(LIST_SCREENS[name], name, code, size, percent)
    assert len(made.sized) >= 8, f"{name}: too few texts recorded"
    assert under_lists_floor(size, made) == [], f"{name} in {code} at {size} and {percent} %"
    assert not {k: v for k, v in made.floor_found.items() if v}, f"{name} in {code} at {size} and {percent} %"


def test_the_check_sees_a_word_under_the_lists_floor():
    """Not blind: a frame that drew a 20 px word at 1280×720 (the old floor) and a 33 px one at 1920×1080."""
    made = screens.Frame(sized=[(pygame.Rect(0, 0, 50, 30), "Bot 1", 20), (pygame.Rect(0, 40, 50, 30), "7", 24)],
                         drawn=[("axis", 22)])
    assert under_lists_floor((1280, 720), made) == [("Bot 1", 20), ("axis", 22)]
    big = screens.Frame(sized=[(pygame.Rect(0, 0, 50, 40), "Bot 1", 33)], drawn=[("ok", 36)])
    assert under_lists_floor((1920, 1080), big) == [("Bot 1", 33)]


def show_results(tmp_path, size, code, percent, game="nothanks", players=3):
    config, match = finished(game, players)
    app = app_with(tmp_path, size, code, percent)
    app.push(TitleScene())
    app.push(ResultsScene(config, match))
    app.frames(2)
    return app


def drawn_takes(app) -> list[str]:
    """The takes' card names drawn in the takes' panel, top to bottom."""
    body = app.top.body
    with TextRecorder() as boxes, scale.text_room(app.top.text_room):
        app.top.draw(app.screen, 0.0)
    cards = {card_name(body.rules, take.card) for take in body.takes}
    return [text for rect, text in sorted(boxes.drawn, key=lambda b: b[0].y)
            if body.takes_rect.contains(rect) and text in cards]


@pytest.mark.parametrize("percent", PERCENTS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_who_took_what_shows_a_page_of_at_most_eight_and_up_down_turn_the_pages(tmp_path, size, percent):
    """A game of three takes 24 cards: at most LIST_ROWS on screen at once; ↓ shows the next page and, from
    the last, the first again; ↑ the one before; every take is seen exactly once over the pages, in order.
    The focused button stays where it was (← → choose it)."""
    app = show_results(tmp_path, size, "da", percent)
    try:
        body = app.top.body
        takes = body.takes
        assert len(takes) > LIST_ROWS
        focused = app.top.menu.index
        pages = body.take_pages()
        seen: list[str] = []
        for page in range(pages):
            shown = drawn_takes(app)
            assert 0 < len(shown) <= LIST_ROWS
            assert body.take_page == page
            seen += shown
            press(app, "down")
        assert body.take_page == 0  # round from the last page to the first
        assert seen == [card_name(body.rules, take.card) for take in takes]
        press(app, "up")
        assert body.take_page == pages - 1
        assert app.top.menu.index == focused
    finally:
        app.stack.clear()


def test_a_pads_dpad_turns_who_took_whats_pages(tmp_path, pads):
    app = show_results(tmp_path, (1280, 720), "en", 100)
    try:
        pad = pads(XBOX)
        app.frames(3)
        body = app.top.body
        before = drawn_takes(app)
        tap(app, pad, "dpdown")
        assert body.take_page == 1 and drawn_takes(app) != before
        tap(app, pad, "dpup")
        assert body.take_page == 0 and drawn_takes(app) == before
    finally:
        app.stack.clear()


@pytest.mark.parametrize("players", [3, 8])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_result_cards_index_is_as_tall_as_the_lists_words(tmp_path, size, players):
    """Each run's card and each set-aside card is at least as wide as makes its index (VALUE_INDEX of the
    width) as tall as the ink of a WORD_PX word, and shows at least the index and its suit (TAB of its width,
    and every card's own index: an English J's descender puts its suit lower). A row too low for that draws
    chips (eight seats at 1280×720): each chip the index of a card as wide, its rank's ink as tall, whole."""
    app = show_results(tmp_path, size, "en", 100, players=players)
    try:
        body = app.top.body
        ink = card_art.INK_SHARE * scale.px(size, WORD_PX)
        rows = [pygame.Rect(body.cards_x, body.rows_top + seat * body.row_h + 2,
                            body.matches_col.x - body.cards_x, body.row_h - 8) for seat in range(players)]
        runs = [(seat, value) for seat in range(players) for run in body.runs[seat] for value in run.cards[::-1]]
        cards = [(img, rect) for seat, row in enumerate(rows) for img, rect, _c in body.run_cards(body.runs[seat], row)]
        assert cards and len(cards) == len(runs)
        for (img, rect), (_seat, value) in zip(cards, runs):
            if img is body.chip(value, body.thumb_w):  # a chip: the index of a thumb_w card, whole
                assert rect.size == img.get_size(), rect
                rank = body.art.index_parts(card_key(body.rules, value, mini=True), body.thumb_w)[0]
                assert rank.h >= ink - 0.5 and rect.h >= rank.h, (rect, rank, ink)
                continue
            assert card_art.VALUE_INDEX * rect.w >= ink - 0.5, (rect, ink)
            assert rect.h >= round(rect.w * 0.66), rect  # the rank and its suit under it
        assert card_art.VALUE_INDEX * body.thumb_w >= ink - 0.5 and body.aside_tab >= round(body.thumb_w * TAB)
        assert all(body.aside_tab >= body.index_box(value, body.thumb_w).bottom for value in body.aside)
        assert body.aside_rect.h >= body.aside_tab
    finally:
        app.stack.clear()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_ratscrews_headers_keep_one_line_and_room_between_them(tmp_path, size):
    """With three seats in English, "Slaps won" and every header on one line, and at least 12 px (at 720p)
    between two neighbours' words ("Reaction" and "Cards" nearly touched)."""
    app = show_results(tmp_path, size, "en", 100, game="ratscrew")
    try:
        body = app.top.body
        headers = [t("Slaps won"), t("Wrong"), t("Late"), t("Reaction"), t("Cards")]
        assert body.shown == [[h] for h in headers]
        with TextRecorder() as boxes:
            app.top.draw(app.screen, 0.0)
        rects = [next(r for r, text in boxes.drawn if text == h) for h in headers]
        assert len({r.y for r in rects}) == 1
        for a, b in itertools.pairwise(rects):
            assert b.left - a.right >= scale.px(size, 12), (a, b)
    finally:
        app.stack.clear()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_replays_list_shows_at_most_eight_games_and_follows_the_focus(tmp_path, data, size):
    replay_list.games_in(data, 12)
    app = make_app(tmp_path, size=size)
    try:
        app.push(TitleScene())
        app.nav.push(factories.Replays())
        app.frames(2)
        scene = app.top
        assert 0 < len(scene.rows) <= LIST_ROWS
        for _ in range(11):
            press(app, "down")
            assert scene.first <= scene.index < scene.first + len(scene.rows)
        assert scene.index == 11
    finally:
        app.stack.clear()
        app.history.close()


def test_the_stars_rules_table_shows_a_page_of_at_most_eight_and_up_down_turn_it(tmp_path, data, pads):
    """Every rule of the ladder came up: the table's rules come a page at a time, at most LIST_ROWS; ↓ (and a
    pad's d-pad) the next page, round to the first; each rule seen once over the pages; the buttons' focus
    stays (← → choose them)."""
    from test_access_more_screens import school_stars_full

    app = app_with(tmp_path, (1280, 720), "en", 100)
    try:
        school_stars_full(app, data)
        app.frames(2)
        scene = app.top
        rules = [cells[0] for cells in scene._table_lines()]
        assert len(rules) > LIST_ROWS

        def shown() -> list[str]:
            with TextRecorder() as boxes:
                scene.draw(app.screen, 0.0)
            return [text for rect, text in sorted(boxes.drawn, key=lambda b: b[0].y)
                    if text in rules and scene.table_rect.contains(rect)]

        focused = scene.menu.index
        seen: list[str] = []
        for page in range(scene._table_pages()):
            assert scene.table_page == page
            rows = shown()
            assert 0 < len(rows) <= LIST_ROWS
            seen += rows
            press(app, "down")
        assert scene.table_page == 0 and seen == rules
        pad = pads(XBOX)
        app.frames(3)
        tap(app, pad, "dpdown")
        assert scene.table_page == 1
        tap(app, pad, "dpup")
        assert scene.table_page == 0 and scene.menu.index == focused
    finally:
        app.stack.clear()
        app.history.close()
