"""A notice ("Controllers 1, 2, 3 connected — press ✕ / A to join") took the top right corner whatever the
screen drew there: the lobby's player count, a seat's name and score on the tables, the reaction check's title.
It now goes where it covers no word the frame drew (and, on the tables, none of the places Scene.covered names
where it can), in that corner wherever it is free."""

from __future__ import annotations

import pygame
import pytest
from support_app import fast_forward, make_app

from game import games, screens
from game.core.contract import TableConfig
from game.games.ratscrew.check import ReactionCheck
from game.match import SeatSpec
from game.render.text import TextRecorder
from game.ui import widgets as ui

NOTICE = "Controllers 1, 2, 3 connected \u2014 press \u2715 / A to join"
SIZES = [(1280, 720), (1920, 1080)]


def _notice_and_words(app, text=NOTICE):
    """Put the notice up, draw a frame recording its words; the notice's box and the words (those drawn and those
    the top scene says it drew)."""
    app.notice(text)
    with TextRecorder(app.screen) as rec:
        app.frames(1)
    avoid, said = app.top.covered()
    words = [*said, *(rect for rect, text in rec.drawn if text.strip())]
    boxes = app.toasts.layout(app.size, app.now_ns(), avoid, words)  # the place it was drawn at (a notice keeps it)
    assert len(boxes) == 1
    return boxes[0][0], words


def _assert_covers_nothing(app, size, text=NOTICE):
    box, words = _notice_and_words(app, text)
    assert pygame.Rect((0, 0), size).contains(box)
    hidden = [w for w in words if box.colliderect(w)]
    assert not hidden, (box, hidden)
    return box


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", ["nothanks", "ratscrew"])
@pytest.mark.parametrize("n", [2, 5, 8])
def test_a_notice_on_a_table_covers_no_word(tmp_path, game, n, size):
    app = make_app(tmp_path, size)
    seats = [SeatSpec("human", None, "Ada")] + [SeatSpec("bot", "easy" if game == "nothanks" else "casual",
                                                          f"Bot {i}") for i in range(2, n + 1)]
    app.nav.start_table(TableConfig(game, games.get(game).rules_from_values({}, n), seats, 11), push=True)
    fast_forward(app, 120)
    box = _assert_covers_nothing(app, size)
    view = app.top.view
    zones = [view.notes.panel_zone(s) for s in range(n)]
    if n < 8:
        assert box.collidelist(zones) == -1, box  # off every seat's mat (the table has room for it)
    else:  # eight mats leave no room that big: over as little of them as may be, and less than the corner's
        corner = box.copy()
        corner.topright = (size[0] - round(8 * size[0] / 1280), round(6 * size[1] / 720))
        area = lambda b: sum(b.clip(z).w * b.clip(z).h for z in zones)
        assert area(box) < area(corner), (box, area(box), area(corner))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", ["nothanks", "ratscrew"])
def test_a_notice_in_the_lobby_covers_no_word(tmp_path, game, size):
    app = make_app(tmp_path, size)
    app.nav.push(screens.Lobby(game))
    app.frames(2)
    _assert_covers_nothing(app, size)


@pytest.mark.parametrize("text", [NOTICE, "Controller 2 connected \u2014 press A to join"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", ["nothanks", "ratscrew"])
def test_a_notice_in_the_lobby_keeps_off_the_seats_cards(tmp_path, game, size, text):
    """Not only off their words: a notice over a card's top edge (1920x1080, its two lines taller than the strip
    beside the title) read as part of that seat. There it goes on one line, beside the title."""
    app = make_app(tmp_path, size)
    app.nav.push(screens.Lobby(game))
    app.frames(2)
    box = _assert_covers_nothing(app, size, text)
    lay = app.top.layout
    cards = [r.move(0, -lay.shift(seat)) for seat, r in enumerate(lay.card_rects) if lay.shift(seat) is not None]
    assert box.collidelist([*cards, *lay.buttons]) == -1, (box, cards)
    assert box.bottom <= lay.grid.top and box.top < size[1] * 0.05  # along the top, where notices are looked for


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_notice_over_the_reaction_check_covers_no_word(tmp_path, size):
    app = make_app(tmp_path, size)
    app.push(ReactionCheck(0, "Player 1", lambda ms: None))
    app.frames(30)
    _assert_covers_nothing(app, size)


def test_a_notice_keeps_the_top_right_corner_where_it_is_free(tmp_path):
    app = make_app(tmp_path)
    app.nav.push(screens.Title())  # the heading is centred: the corner is free
    app.frames(3)
    box = _assert_covers_nothing(app, app.size, "Controller 2 disconnected")
    assert box.right > app.size[0] * 0.9 and box.top < app.size[1] * 0.05


def test_two_notices_cover_neither_each_other_nor_a_word():
    toasts = ui.Toasts()
    size = (1280, 720)
    word = pygame.Rect(900, 0, 380, 60)  # the corner holds words
    toasts.add(0, "Controller 1 disconnected")
    toasts.add(1, NOTICE)
    (a, *_), (b, *_) = toasts.layout(size, 2, (), [word])
    assert not a.colliderect(b) and not a.colliderect(word) and not b.colliderect(word)
