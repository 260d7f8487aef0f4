"""No Thanks with 11 to 13 cards a suit (issue 41): ranks 11-13 are a real deck's jack, queen and king, in the
player's letters (J Q K, Danish B D K, Swedish Kn D K) on the cards, in their names, in the move log and in
the teaching aid's sum ("♣Q = 0 × 12 + 12 = 12"); the card shows its value beside the letter."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game import i18n
from game.games.nothanks import engine as nt
from game.games.nothanks.view_model import Move, NothanksModel, card_key, card_name, value_sum
from game.render import letters
from game.render.card_art import CardArt

COURTS = {"en": ("J", "Q", "K"), "da": ("B", "D", "K"), "sv": ("Kn", "D", "K")}
ACE = {"en": "A", "da": "E", "sv": "E"}


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")
    letters.set_letters("auto")


@pytest.mark.parametrize("code", sorted(COURTS))
@pytest.mark.parametrize("k", [11, 12, 13])
def test_ranks_eleven_to_thirteen_are_named_by_the_courts_letters(code, k):
    i18n.set_language(code)
    rules = nt.Rules(ranks_per_suit=k)
    names = [card_name(rules, v) for v in range(1, k + 1)]
    assert names == [f"♣{ACE[code]}", *(f"♣{n}" for n in range(2, 11)), *(f"♣{c}" for c in COURTS[code][:k - 10])]
    spades = [card_name(rules, 3 * k + r) for r in range(11, k + 1)]
    assert spades == [f"♠{c}" for c in COURTS[code][:k - 10]]
    assert not any(name[1:].isdigit() and int(name[1:]) > 10 for v in range(1, 4 * k + 1)
                   for name in [card_name(rules, v)])


@pytest.mark.parametrize("code", sorted(COURTS))
@pytest.mark.parametrize("k", [11, 12, 13])
def test_the_teaching_aid_writes_the_court_and_its_sum(code, k):
    i18n.set_language(code)
    rules = nt.Rules(ranks_per_suit=k)
    letter = COURTS[code][k - 11]
    assert value_sum(rules, k) == f"♣{letter} = 0 × {k} + {k} = {k}"
    assert value_sum(rules, 4 * k) == f"♠{letter} = 3 × {k} + {k} = {4 * k}"
    assert value_sum(rules, k + 10) == f"♦10 = 1 × {k} + 10 = {k + 10}"  # a ten stays a number


def test_the_queen_of_clubs_sum_as_the_issue_writes_it():
    assert value_sum(nt.Rules(ranks_per_suit=12), 12) == "♣Q = 0 × 12 + 12 = 12"


@pytest.mark.parametrize("code", sorted(COURTS))
@pytest.mark.parametrize("k", [11, 12, 13])
def test_the_move_log_names_the_court(code, k):
    i18n.set_language(code)
    rules = nt.Rules(ranks_per_suit=k)
    model = NothanksModel(rules, ["Ada", "Bo", "Cy"])
    state = nt.new_game(rules, 3, seed=1)
    model.moves.append(Move("pass", 1, k, 1))
    model.moves.append(Move("take", 0, k, 1))
    lines = [words for _, words in model.move_lines(state)]
    court = f"♣{COURTS[code][k - 11]}"
    assert all(court in line for line in lines), lines
    assert not any(f"♣{k}" in line for line in lines)


def test_the_numbered_edition_keeps_its_numbers():
    rules = nt.Rules.numbered()
    assert [card_name(rules, v) for v in (11, 12, 13)] == ["11", "12", "13"]


@pytest.mark.parametrize("k", [11, 12, 13])
def test_a_court_is_drawn_as_the_deck_draws_it_with_its_value_beside(k):
    """The full-size card: the corner index of the real deck's court (the same pixels as Ratscrew's), the
    value drawn beside it (so the card differs from the plain court); the art's key holds the rank, so
    the letters follow the language when the card is drawn."""
    pygame.init()
    art = CardArt()
    rules = nt.Rules(ranks_per_suit=k)
    key = card_key(rules, k)
    assert key == ("nt", k, "C", str(k), False)
    rank = "JQK"[k - 11]
    for style in ("international", "danish", "swedish"):
        letters.set_letters(style)
        court = art.surface(key, 108)
        plain = art.card(f"{rank}C", 108)
        corner = pygame.Rect(0, 0, 20, 40)
        assert pygame.image.tobytes(court.subsurface(corner), "RGBA") == \
            pygame.image.tobytes(plain.subsurface(corner), "RGBA"), style
        assert pygame.image.tobytes(court, "RGBA") != pygame.image.tobytes(plain, "RGBA"), style
