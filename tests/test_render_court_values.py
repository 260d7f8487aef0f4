"""No Thanks with more than 10 cards per suit (issue 24 item 12): ranks 11, 12 and 13 are drawn as a real
deck's jack, queen and king, with their value beside the corner letter (not as a "12" card)."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.games.nothanks import engine as nt
from game.games.nothanks.view_model import card_key
from game.render.card_art import CardArt

WIDTH = 120


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    yield
    i18n.set_language("en")


def centre(surf: pygame.Surface) -> bytes:
    w, h = surf.get_size()
    return pygame.image.tobytes(surf.subsurface(pygame.Rect(w // 4, h // 3, w // 2, h // 3)), "RGBA")


@pytest.mark.parametrize("rank, court", [("11", "J"), ("12", "Q"), ("13", "K")])
def test_a_rank_over_ten_is_the_court_of_a_real_deck(rank, court):
    art = CardArt()
    value_card = art.nt_card(50, WIDTH, "S", rank)
    assert centre(value_card) == centre(art.card(f"{court}S", WIDTH))  # the same figure
    corner = pygame.Rect(0, 0, WIDTH // 2, WIDTH // 4)
    assert (pygame.image.tobytes(value_card.subsurface(corner), "RGBA")
            != pygame.image.tobytes(art.card(f"{court}S", WIDTH).subsurface(corner), "RGBA")), "the value beside"


def test_ten_and_below_keep_their_pips_and_small_cards_show_the_letter_and_value():
    art = CardArt()
    assert centre(art.nt_card(10, WIDTH, "S", "10")) == centre(art.card("TS", WIDTH))
    small_queen, small_twelve_old = art.nt_card(12, 45, "S", "12", mini=True), art._draw_value_mini(45, "12", "S")
    assert pygame.image.tobytes(small_queen, "RGBA") != pygame.image.tobytes(small_twelve_old, "RGBA")


def test_a_thirteen_per_suit_game_asks_for_the_queen_by_its_rank():
    rules = nt.Rules(ranks_per_suit=13)
    queen_of_clubs = 12  # clubs first: values 1-13
    assert card_key(rules, queen_of_clubs)[2:4] == ("C", "12")
