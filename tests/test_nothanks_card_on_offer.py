"""The card on offer reads from the sofa: the pot's tokens never cover the number printed on it."""

from __future__ import annotations

import pygame
import pytest
from support_table import nothanks_table, press

from game.commands import PASS, TAKE
from game.games.nothanks import engine as nt
from game.match import SeatSpec
from game.render import colors
from game.render.card_art import COMPACT_BELOW
from game.render.tokens import MAX_SHOWN

pygame.init()


def ink_rect(img: pygame.Surface) -> pygame.Rect:
    """Where a numbered card's big number is: the dark ink inside its cream disc (the card's middle)."""
    w, h = img.get_size()
    xs, ys = [], []
    for y in range(h // 4, 3 * h // 4):
        for x in range(w // 6, 5 * w // 6):
            r, g, b, _ = img.get_at((x, y))
            if max(abs(r - colors.INK[0]), abs(g - colors.INK[1]), abs(b - colors.INK[2])) < 60:
                xs.append(x)
                ys.append(y)
    assert xs, "no number found on the card"
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [3, 7])
@pytest.mark.parametrize("value", [8, 24, 35])
def test_a_full_pot_of_chips_leaves_the_numbered_cards_number_clear(size, players, value):
    """At 7 seats the pile sat over the lower half of "24" (it read as "34"): every pile, of every seed,
    stays off the number's ink, and on the card."""
    seats = [SeatSpec("human", name=f"P{i + 1}") for i in range(players)]
    _, table = nothanks_table(nt.Rules.numbered(), seats, size=size)
    view = table.view
    geo = view.geo
    assert geo.centre_w >= COMPACT_BELOW  # the big number in the middle (a narrow card has it in the corner)
    card = geo.centre_rect()
    number = ink_rect(view.art.surface(view.card_key(value), geo.centre_w)).move(card.topleft)
    scratch = pygame.Surface(view.L.size, pygame.SRCALPHA)
    for seed in range(12):
        pile = view.tokens.draw_pile(scratch, geo.pot_point, MAX_SHOWN, geo.pot_unit, view.token_kind, seed=seed)
        assert not pile.colliderect(number), f"seed {seed}: chips {pile} over the number {number}"
        assert card.contains(pile), f"seed {seed}: chips {pile} off the card {card}"


def count_words(table, app):
    surface = pygame.Surface(table.view.L.size)
    table.draw_view(surface, app.clock())
    return [b.text for b in table.view.text_boxes() if b.kind == "count" and "on the card" in b.text]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_once_the_last_card_is_taken_no_pot_count_is_left_under_the_winners_banner(size):
    """"0 on the card" stayed beside an empty place, under "Bot 3 wins!", until the results came."""
    seats = [SeatSpec("human", name=f"P{i + 1}") for i in range(3)]
    app, table = nothanks_table(nt.Rules(ranks_per_suit=5, set_aside=18), seats, size=size)  # two cards in play
    app.run_ms(400)
    state = table.match.state
    press(app, table, state.current_player, PASS)
    app.run_ms(400)
    assert count_words(table, app) == ["1 on the card"]
    press(app, table, state.current_player, TAKE)
    app.run_ms(400)
    assert count_words(table, app) == ["0 on the card"]  # the second card, nothing on it yet
    press(app, table, state.current_player, TAKE)
    app.run_ms(600)
    assert state.is_over and table.match.state is state
    assert count_words(table, app) == []
