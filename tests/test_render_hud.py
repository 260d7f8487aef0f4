"""Drawing helpers: a faded blit leaves the image's own transparency intact; token piles and hands draw."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from game.render import hud
from game.render.text import TextCache
from game.render.tokens import CHIP, MAX_SHOWN, STICK, Tokens

pygame.init()


def test_faded_blits_keep_per_pixel_transparency():
    img = pygame.Surface((10, 10), pygame.SRCALPHA)
    pygame.draw.rect(img, (255, 0, 0, 255), (0, 0, 5, 5))
    target = pygame.Surface((10, 10))
    for alpha in (0.5, 1.0, 0.3):
        target.fill((0, 0, 255))
        hud.blit_alpha(target, img, (0, 0), alpha)
        assert target.get_at((8, 8)) == (0, 0, 255, 255), "the transparent part stays transparent"
        assert target.get_at((2, 2)).r > 0
    target.fill((0, 0, 255))
    target.blit(img, (0, 0))
    assert target.get_at((8, 8)) == (0, 0, 255, 255)


def test_outlined_text_is_transparent_around_the_letters():
    texts = TextCache()
    img = texts.outlined("Owes 2", 30, (214, 176, 72))
    assert img.get_at((0, 0)).a == 0
    assert texts.outlined("Owes 2", 30, (214, 176, 72)) is img


def test_fit_shrinks_then_cuts_with_an_ellipsis():
    texts = TextCache()
    img = texts.fit("Grandma Rosalind the Magnificent", 120, 20, (255, 255, 255))
    assert img.get_width() <= 120


def test_token_piles_are_loose_but_fixed_per_seed():
    tokens = Tokens()
    assert tokens.spots(3, STICK) == tokens.spots(3, STICK)
    assert tokens.spots(3, STICK) != tokens.spots(4, STICK)
    surf = pygame.Surface((200, 200), pygame.SRCALPHA)
    one = tokens.draw_pile(surf, (100, 100), 1, 60, STICK)
    many = tokens.draw_pile(surf, (100, 100), 40, 60, STICK)
    assert many.w * many.h > one.w * one.h
    assert len(tokens.spots(3, CHIP)) == MAX_SHOWN
    chip = tokens.sprite(CHIP, 30)
    assert chip.get_size() == (30, 30) and chip.get_at((0, 0)).a == 0


def test_hand_sprite_is_cached_and_turns():
    up = hud.hand(60, (230, 159, 0))
    assert up is hud.hand(60, (230, 159, 0))
    assert up.get_at((0, 0)).a == 0 and up.get_bounding_rect().h > 40
    turned = hud.hand(60, (230, 159, 0), 45)
    assert turned.get_width() > up.get_width()
