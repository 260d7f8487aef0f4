"""Drawing the number school: cards as the No Thanks table draws them (game.render.card_art, the same art
keys), in a row or as the deck's suits laid out in rows, lowest suit on top, as on a table, with the rows
a card's worth counts lit. Drawing changes nothing else."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.games.nothanks import engine as nt
from game.games.nothanks.school.questions import card
from game.games.nothanks.view_model import card_key
from game.games.school.paint import outline
from game.render.card_art import CardArt, card_height

GOLD = (240, 200, 80)
RIGHT_C = (96, 210, 120)
WRONG_C = (235, 95, 80)
DIM = 95  # alpha of the cards a worth does not count


def card_row(surface: pygame.Surface, art: CardArt, rules: nt.Rules, values: Sequence[int], rect: pygame.Rect,
             max_w: int, frames: dict[int, tuple[int, int, int]] | None = None) -> list[pygame.Rect]:
    """`values` side by side, as big as fit `rect` (at most `max_w` wide), centred; each index in `frames`
    framed in its colour. Returns the cards' rects."""
    n = max(1, len(values))
    gap = max(6, rect.w // 60)
    w = min(max_w, (rect.w - (n - 1) * gap) // n, rect.h * 1000 // max(1, card_height(1000)))
    w = max(12, w)
    h = card_height(w)
    left = rect.centerx - (n * w + (n - 1) * gap) // 2
    out = []
    for i, v in enumerate(values):
        r = pygame.Rect(left + i * (w + gap), rect.centery - h // 2, w, h)
        surface.blit(art.surface(card_key(rules, v), w), r)
        if frames and i in frames:
            outline(surface, r, frames[i], max(3, w // 25))
        out.append(r)
    return out


def suit_rows(surface: pygame.Surface, art: CardArt, rules: nt.Rules, rect: pygame.Rect,
              counted: int | None = None, lit: Sequence[int] = ()) -> pygame.Rect:
    """The deck laid out as four rows, one per suit, lowest suit on top, each from 1 to K. With `counted` (a
    card's value) the cards up to it are bright and the rest dim: the whole rows before the card and its
    own row up to it are what it is worth. `lit` cards are framed in gold. Returns the box drawn."""
    k = rules.ranks_per_suit
    gap = max(2, rect.w // 300)
    w = min((rect.w - (k - 1) * gap) // k, (rect.h - 3 * gap) * 1000 // (4 * card_height(1000)))
    w = max(10, w)
    h = card_height(w)
    left = rect.centerx - (k * w + (k - 1) * gap) // 2
    top = rect.centery - (4 * h + 3 * gap) // 2
    for v in rules.deck_values():
        c = card(rules, v)  # where a card lies: its suit's row, its rank's column, as the engine names it
        row, col = rules.suit_order.index(c.suit), c.rank - 1
        r = pygame.Rect(left + col * (w + gap), top + row * (h + gap), w, h)
        img = art.surface(card_key(rules, v, mini=True), w)
        if counted is not None and v > counted:
            img = img.copy()
            img.set_alpha(DIM)
        surface.blit(img, r)
        if v in lit:
            outline(surface, r, GOLD, max(2, w // 14))
    return pygame.Rect(left, top, k * w + (k - 1) * gap, 4 * h + 3 * gap)
