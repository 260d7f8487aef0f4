"""A pass with nothing left to pay with changes nothing and is answered at the seat in words a sofa can read,
saying which key takes: at five to seven seats "No matches left: you must take" (and the Danish and Swedish,
longer still) fitted its lane only far under the couch's smallest words (11-21 px against 20 and 30)."""

from __future__ import annotations

import pygame
import pytest
from support_table import nothanks_table, press

from game import i18n
from game.commands import PASS
from game.games.nothanks import engine as nt
from game.match import SeatSpec

pygame.init()


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("code", ["en", "da", "sv"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [3, 5, 7])
@pytest.mark.parametrize("rules", [nt.Rules(matches=1, ranks_per_suit=13), nt.Rules.numbered(matches=1)],
                         ids=["matches", "chips"])
def test_a_pass_with_nothing_to_pay_is_refused_in_readable_words_that_say_which_key_takes(code, size, players,
                                                                                           rules):
    i18n.set_language(code)
    seats = [SeatSpec("human", name=f"Player {i + 1}") for i in range(players)]
    app, table = nothanks_table(rules, seats, size=size)
    app.run_ms(400)
    state = table.match.state
    for _ in range(players):  # each pays their one match
        press(app, table, state.current_player, PASS)
        app.run_ms(300)
    seat = state.current_player
    assert state.matches[seat] == 0
    before = state.digest()
    press(app, table, seat, PASS)
    app.run_ms(150)
    assert table.match.state.digest() == before  # refused: nothing changed
    table.draw_view(pygame.Surface(size), app.clock())
    (note,) = [b for b in table.view.text_boxes() if b.kind == "note" and b.seat == seat]
    assert note.px >= table.view.notes.floor(), f"{note.text!r} at {note.px} px"
    key = table.view.model.keys_of(seat).first
    long = i18n.t("No chips left: you must take" if rules.edition == "numbered" else "No matches left: you must take")
    assert note.text in (long, i18n.t("Take it: {key}", key=key))
