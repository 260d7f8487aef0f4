"""Eight seats in rows at a bigger text size: the words over a mat's cards (its name, its keys) grow and leave
the cards' row lower. The cards keep the size they read at from the sofa (their index's ink as tall as 20 px
text's at 1280×720; in English, where a J's index is taller, within 5 %) and show their tops where the row is too low for them whole: each card's whole index, rank
and suit (the suit sets the value in the playing-card edition), under no card drawn after it (a court's value
beside its letter may be: the letter says it).
(Before: at 150 % the cards shrank to fit whole, 23 px wide at 1280×720 and 18 px as drawn.)"""

from __future__ import annotations

import pygame
import pytest
from support_table import nothanks_table
from test_access_tables import text_at

from game import games, i18n
from game.games.nothanks import paint as nt_paint
from game.games.nothanks.geometry import reads_width
from game.match import SeatSpec

# ten cards (of the 35 eight seats are dealt: a long row), runs, tens and courts (13 ranks a suit); or ten runs
HANDS = [[1, 2, 3, 9, 10, 11, 12, 13, 27, 40], [1, 3, 5, 10, 12, 23, 25, 36, 38, 49]]


@pytest.mark.parametrize("held", HANDS, ids=["runs", "singles"])
@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("code", ["en", "da", "sv"])
def test_eight_mats_cards_keep_their_size_and_show_rank_and_suit(code, size, percent, held):
    i18n.set_language(code)
    rules = games.get("nothanks").rules_from_values({}, 8)  # the deck eight seats are dealt: J, Q, K too
    seats = [SeatSpec("human", name=f"Player {i + 1}") for i in range(8)]
    with text_at(percent, size):
        _app, table = nothanks_table(rules, seats, size=size)
        view = table.view
        assert view.L.rows
        for seat in range(8):
            box = view.L.seats[seat]
            _image, text_bottom = view.panels.base(seat)
            top, bottom, card_w = nt_paint.cards_row(view, seat, text_bottom)
            shown = nt_paint.card_shown(view, top, bottom, card_w)
            # as big as they read at (an English J's descender asks for a tab a tenth taller: 5 % narrower then)
            assert card_w >= reads_width(size) * (0.95 if code == "en" else 1.0), (seat, card_w)
            assert top > text_bottom and top + shown <= bottom + 1, (seat, top, shown, bottom)
            cards = [(v, pygame.Rect(box.stack.x - box.rect.x + x, top, card_w, shown))
                     for v, x, _ in view.geo.run_positions(seat, held)]
            for i, (value, rect) in enumerate(cards):
                rank, suit, *_ = view.art.index_parts(view.card_key(value, mini=True), card_w)
                index = rank.union(suit).move(rect.topleft)  # (a court's value beside its letter: not asked)
                assert rect.contains(index), (seat, value, index, rect)
                assert not any(other.colliderect(index) for _, other in cards[i + 1:]), (seat, value)
            assert max(rect.right for _, rect in cards) <= box.rect.right - box.rect.x, seat
