"""Card art: every face is drawn, differs from every other, keeps poker proportions, and the four-colour
option recolours diamonds and clubs only."""

from __future__ import annotations

import hashlib
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game import cards
from game.games.nothanks import engine as nt
from game.games.nothanks.view import NothanksView
from game.render import colors
from game.render.card_art import CardArt, card_height

pygame.init()


def digest(surf: pygame.Surface) -> str:
    return hashlib.sha1(pygame.image.tobytes(surf, "RGBA")).hexdigest()


def ink_colours(surf: pygame.Surface) -> set[tuple[int, int, int]]:
    """Opaque pixel colours that are neither paper nor grey edge (i.e. the printing)."""
    out = set()
    w, h = surf.get_size()
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            r, g, b, a = surf.get_at((x, y))
            if a > 200 and max(r, g, b) - min(r, g, b) > 60:
                out.add((r, g, b))
    return out


@pytest.mark.parametrize("width", [24, 40, 57, 58, 90, 160])
def test_every_face_is_drawn_distinct_and_in_poker_proportions(width):
    art = CardArt()
    seen = {}
    for code in cards.full_deck():
        surf = art.card(code, width)
        assert surf.get_size() == (width, card_height(width))
        assert abs(surf.get_height() / width - 1.397) < 0.05
        assert surf.get_bounding_rect().size == surf.get_size()  # not blank: ink up to its edges
        key = digest(surf)
        assert key not in seen, f"{code} looks exactly like {seen.get(key)} at {width}px"
        seen[key] = code
    assert digest(art.back(width)) not in seen


def test_faces_have_ink_in_their_suit_colour_and_rounded_corners():
    art = CardArt()
    heart = art.card("7H", 120)
    spade = art.card("7S", 120)
    assert heart.get_at((0, 0)).a < 60  # the corner is cut away
    assert heart.get_at((60, 84)).a == 255
    reds = [c for c in ink_colours(heart) if c[0] > 150 and c[1] < 90]
    assert reds, "a heart prints red"
    assert not [c for c in ink_colours(spade) if c[0] > 150 and c[1] < 90]


def dominant(surf: pygame.Surface) -> tuple[int, int, int]:
    inks = ink_colours(surf)
    r = sum(c[0] for c in inks) / len(inks)
    g = sum(c[1] for c in inks) / len(inks)
    b = sum(c[2] for c in inks) / len(inks)
    return round(r), round(g), round(b)


def test_four_colour_option_turns_diamonds_blue_and_clubs_green():
    two, four = CardArt(False), CardArt(True)
    r, g, b = dominant(two.card("5D", 120))
    assert r > b + 80, "two-colour diamonds are red"
    r, g, b = dominant(four.card("5D", 120))
    assert b > r + 80, "four-colour diamonds are blue"
    r, g, b = dominant(four.card("5C", 120))
    assert g > r + 60 and g > b, "four-colour clubs are green"
    assert digest(two.card("5H", 120)) == digest(four.card("5H", 120))
    assert colors.suit_color("S", True) == colors.suit_color("S", False)


def test_set_four_colour_redraws_cached_faces():
    art = CardArt(False)
    before = digest(art.card("9D", 80))
    art.set_four_colour(True)
    assert digest(art.card("9D", 80)) != before


def test_surfaces_are_cached_per_width_and_rotation():
    art = CardArt()
    assert art.card("QS", 100) is art.card("QS", 100)
    assert art.card("QS", 100) is not art.card("QS", 101)
    turned = art.surface(("card", "QS", False), 100, 5)
    assert turned.get_width() > 100  # rotated: a bigger bounding box
    assert turned is art.surface(("card", "QS", False), 100, 365)
    art.clear()
    assert art.card("QS", 100) is not None


def test_no_thanks_cards_show_suit_and_rank_or_the_number():
    view = NothanksView(nt.Rules(), ["A", "B", "C"], ["", "", ""], seed=1)
    assert view.card_key(28) == ("nt", 28, "S", "A", False)  # ♠1 = 3 × 9 + 1: the ace, drawn as an A
    assert view.card_key(27) == ("nt", 27, "H", "9", False)
    numbered = NothanksView(nt.Rules.numbered(), ["A", "B", "C"], ["", "", ""], seed=1)
    assert numbered.card_key(35) == ("nt", 35, None, "", False)
    art = CardArt()
    faces = {digest(art.surface(view.card_key(v), 90)) for v in nt.Rules().deck_values()}
    assert len(faces) == 36
    numbers = {digest(art.surface(numbered.card_key(v), 90)) for v in nt.Rules.numbered().deck_values()}
    assert len(numbers) == 33
    minis = {
        digest(art.surface(numbered.card_key(v, mini=True), 40)) for v in nt.Rules.numbered().deck_values()
    }
    assert len(minis) == 33
    big = nt.Rules(ranks_per_suit=13)
    court = NothanksView(big, ["A", "B"], ["", ""], seed=1)
    assert court.card_key(13) == ("nt", 13, "C", "13", False)
    assert art.surface(court.card_key(13), 90).get_bounding_rect().w > 0
