"""The parts of pictures kept so a picture drawn again costs less (issue 35: `make test` within its time): a card's
glyphs, a card back's light, a lobby cell's plan. Each is kept by everything it is made from, so what is drawn
with a kept part is exactly what is drawn without it, and a change of what it is made from (the text size, the
window, the words) makes it anew."""

from __future__ import annotations

import pygame
import pytest

from game import cards
from game.core.memo import Memo
from game.render import card_art, scale, texture
from game.render.cache import LRU, Bound
from game.scenes.lobby import cells
from game.scenes.lobby.spatial import Cell


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.fixture(autouse=True)
def standard_looks():
    yield
    scale.install(text=1.0)
    scale.install(window=(1280, 720))


@pytest.mark.parametrize("four_colour", [False, True])
@pytest.mark.parametrize("width", [40, 75, 130])
def test_a_deck_drawn_with_kept_glyphs_and_light_is_the_deck_drawn_afresh(width, four_colour, monkeypatch):
    art = card_art.CardArt(four_colour)
    keys = [("card", code, False) for code in cards.full_deck()] + [("back",), ("card", "QH", True)]

    def deck() -> list[bytes]:
        card_art._FACES.clear()
        return [pixels(art.surface(key, width)) for key in keys]

    card_art._GLYPHS.clear()
    texture._SMALL.clear()
    kept = deck()
    assert len(card_art._GLYPHS) and len(texture._SMALL)  # the deck kept its glyphs and its back's light
    with monkeypatch.context() as patch:  # nothing kept: every glyph and light drawn for each card anew
        patch.setattr(card_art, "_GLYPHS", LRU("test no glyphs", Bound(fixed=1)))
        patch.setattr(texture, "_SMALL", Memo("test no light", 1))
        fresh = deck()
    assert kept == fresh
    assert deck() == fresh  # and drawn again from what was kept, the same deck


def test_a_glyph_is_kept_by_its_text_size_and_colour():
    card_art._GLYPHS.clear()
    red = card_art._glyph("Q", 20, (200, 0, 0))
    assert card_art._glyph("Q", 20, (200, 0, 0)) is red
    for other in (card_art._glyph("K", 20, (200, 0, 0)), card_art._glyph("Q", 30, (200, 0, 0)),
                  card_art._glyph("Q", 20, (0, 0, 0)), card_art._glyph("Q", 20, (200, 0, 0), bold=False)):
        assert other is not red and pixels(other) != pixels(red)


def test_the_light_kept_for_one_strength_is_not_given_for_another():
    texture._SMALL.clear()
    weak, strong = texture.vignette((40, 50), 60), texture.vignette((40, 50), 130)
    assert pixels(weak) != pixels(strong)
    assert pixels(texture.vignette((40, 50), 60)) == pixels(weak)
    assert pixels(texture.diagonal_light((40, 50), 90)) != pixels(texture.diagonal_light((40, 50), 30))


def test_a_cells_plan_is_found_again_when_its_words_or_the_text_size_change():
    labels = ["No penalty", "2 cards", "1 card"]
    cell = Cell("Wrong slap", change=lambda d: None, choices=lambda: (labels, 0))
    room, px = 420, 22
    cells._PLANS.clear()
    for percent in (100, 150, 100):
        scale.install(text=percent / 100)
        assert cells.plan(cell, room, px) == cells._plan(labels, "Wrong slap", None, room, px, False)
    scale.install(text=1.0)
    roomy = cells.plan(cell, room, px)
    scale.install(text=1.5)
    assert cells.plan(cell, room, px) != roomy  # the list beside the label at 100 %, not at 150 %
    labels[:] = ["No penalty at all, ever", "2 cards", "1 card"]  # longer words: planned anew
    assert cells.plan(cell, room, px) == cells._plan(labels, "Wrong slap", None, room, px, False)
