"""With few players the No Thanks results give the rows the panel's free room: a long row's runs go on up to
three lines of tabs instead of closing up on one, so each counted card shows whole; never over the explanation,
the set-aside strip, who took what or the buttons."""

from __future__ import annotations

import pygame
import pytest
from support_app import finished
from test_access_results import show, standard_looks  # noqa: F401  (the fixture resets the looks)
from test_access_screens import assert_fits

from game.games.nothanks.results import NothanksResults
from game.ui import widgets as ui

_FINISHED: dict[int, tuple] = {}


def played(players: int) -> tuple:
    if players not in _FINISHED:  # bots play each table once for the module
        _FINISHED[players] = finished("nothanks", players)
    return _FINISHED[players]


def body(app) -> NothanksResults:
    scene = app.stack.top
    assert isinstance(scene.body, NothanksResults)
    return scene.body


def rows_cards(part: NothanksResults) -> list[tuple[pygame.Rect, list]]:
    """(the row's rect, its cards as run_cards gives them for the drawn area) of each seat."""
    out = []
    for seat, runs in enumerate(part.runs):
        row = pygame.Rect(part.cards_x, part.rows_top + seat * part.row_h, 0, part.row_h - 4)
        area = pygame.Rect(part.cards_x, row.y + 2, part.matches_col.x - ui.px(part.size, 8) - part.cards_x,
                           row.h - 4)
        out.append((row, part.run_cards(runs, area)))
    return out


def counted_shown(cards: list) -> list[int]:
    """How many px of each counted card show: up to the next card drawn on its line (it lies over it)."""
    shown = []
    for i, (_, rect, counted) in enumerate(cards):
        if counted:
            after = [r for _, r, _ in cards[i + 1:] if r.y == rect.y]
            shown.append(min([rect.w] + [r.x - rect.x for r in after[:1]]))
    return shown


# main before this change, 2 seats at 1920×1080 and 150 %: the long row closed its runs up to a step inside a
# run, as little as 39 px of a 73 px counted card showing, on one line 93 px high
MAIN_SHOWN = 39


def test_two_players_at_150_percent_get_their_cards_whole(tmp_path):
    config, match = played(2)
    app = show(tmp_path, (1920, 1080), "en", 150, config, match)
    try:
        part = body(app)
        rows = rows_cards(part)
        shown = [px for _, cards in rows for px in counted_shown(cards)]
        assert min(shown) == part.thumb_w, shown  # every counted card whole
        assert min(shown) > 1.5 * MAIN_SHOWN, shown
        assert part.card_lines >= 2 and part.row_h > 93
        assert any(len({r.y for _, r, _ in cards}) > 1 for _, cards in rows), "no row needed a second line?"
    finally:
        app.stack.clear()


@pytest.mark.parametrize("percent", [100, 150])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", range(2, 9))
def test_rows_keep_off_everything_else(tmp_path, players, size, percent):
    config, match = played(players)
    app = show(tmp_path, size, "en", percent, config, match)
    try:
        part = body(app)
        rows = rows_cards(part)
        for seat, (row, cards) in enumerate(rows):
            for _, rect, _ in cards:
                assert row.top <= rect.top and rect.bottom <= row.bottom, (seat, rect, row)
                assert part.cards_x <= rect.x and rect.right <= part.matches_col.x, (seat, rect)
        assert part.explain, "how the totals are made: shown"
        if part.explain_rect is None:  # under the rows
            assert rows[-1][0].bottom < part.explain_top
            assert part.explain_top + part.explain_height() <= part.players_rect.bottom
        else:  # in its own panel over who took what
            assert not part.explain_rect.colliderect(part.players_rect)
            assert not part.explain_rect.colliderect(part.takes_rect)
            assert part.explain_rect.bottom < part.takes_rect.y
        assert not part.players_rect.colliderect(part.aside_rect)
        assert not part.players_rect.colliderect(part.takes_rect)
        assert_fits(app, f"results, {players} seats at {size} and {percent} %")
    finally:
        app.stack.clear()
