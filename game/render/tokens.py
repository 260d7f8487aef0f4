"""Matches: matchsticks (playing-card edition) or chips (numbered edition), drawn in code and cached."""

from __future__ import annotations

import math
import random

import pygame

from game.core.memo import Memo
from game.render import colors
from game.render.cache import LRU, Bound

STICK = "stick"
CHIP = "chip"
MAX_SHOWN = 14  # a loose pile never draws more tokens than this; the digits tell the count


class Tokens:
    """Cached token sprites and loose piles of them."""

    def __init__(self) -> None:
        # A token at each of its turns (sticks lie at any of 30 angles) and sizes: a table's piles take a
        # fiftieth of a screen at most; a tenth keeps them across a deal's sizes.
        self._sprites: LRU[pygame.Surface] = LRU("tokens", Bound(screens=0.1))
        # A loose pile's spots by (seed, kind): a pile is 14 spots (about 1.5 KB); a new one each pot.
        self._spots: Memo[tuple[int, str], list[tuple[float, float, int]]] = Memo("token spots", 2**16)

    def clear(self) -> None:
        self._sprites.clear()

    def sprite(self, kind: str, unit: int, angle: int = 0) -> pygame.Surface:
        """One token; `unit` is a stick's length or a chip's diameter in px; `angle` whole degrees."""
        unit = max(8, int(unit))
        angle = int(angle) % 180 if kind == STICK else 0
        key = (kind, unit, angle)
        surf = self._sprites.get(key)
        if surf is None:
            if angle:
                surf = pygame.transform.rotozoom(self.sprite(kind, unit, 0), angle, 1.0)
            else:
                surf = _stick(unit) if kind == STICK else _chip(unit)
            self._sprites[key] = surf
        return surf

    def spots(self, seed: int, kind: str) -> list[tuple[float, float, int]]:
        """Loose-pile spots (dx, dy in units, angle) for the first MAX_SHOWN tokens; fixed per seed."""
        key = (seed, kind)
        spots = self._spots.get(key)
        if spots is None:
            rng = random.Random(seed)
            spots = []
            for i in range(MAX_SHOWN):
                r = 0.1 + 0.3 * math.sqrt(i / MAX_SHOWN)
                a = rng.uniform(0, 2 * math.pi)
                spots.append((r * math.cos(a), r * math.sin(a) * 0.7, rng.randrange(0, 180, 6)))
            self._spots[key] = spots
        return spots

    def draw_pile(
        self,
        surface: pygame.Surface,
        center: tuple[float, float],
        count: int,
        unit: int,
        kind: str,
        seed: int = 0,
    ) -> pygame.Rect:
        """A loose pile of `count` tokens around `center`; returns the area it covers."""
        cx, cy = center
        area = pygame.Rect(round(cx), round(cy), 0, 0)
        for dx, dy, angle in self.spots(seed, kind)[: min(count, MAX_SHOWN)]:
            img = self.sprite(kind, unit, angle if kind == STICK else 0)
            r = img.get_rect(center=(round(cx + dx * unit), round(cy + dy * unit)))
            surface.blit(img, r)
            area.union_ip(r)
        return area


def _stick(length: int) -> pygame.Surface:
    ss = 3
    L = length * ss
    t = max(2 * ss, round(L / 11))
    head_w, head_h = round(t * 2.4), round(t * 1.6)
    surf = pygame.Surface((L + head_w // 2, head_h + 2 * ss), pygame.SRCALPHA)
    mid = surf.get_height() // 2
    pygame.draw.rect(surf, colors.WOOD_SHADE, (0, mid - t // 2, L, t), border_radius=t // 3)
    pygame.draw.rect(surf, colors.WOOD, (0, mid - t // 2, L, max(1, t * 2 // 3)), border_radius=t // 3)
    head = pygame.Rect(0, 0, head_w, head_h)
    head.center = (L - head_w // 4, mid)
    pygame.draw.ellipse(surf, (120, 20, 16), head)
    pygame.draw.ellipse(surf, colors.MATCH_HEAD, head.inflate(-ss * 2, -ss * 2).move(-ss, -ss))
    w, h = surf.get_size()
    return pygame.transform.smoothscale(surf, (max(1, w // ss), max(1, h // ss)))


def _chip(diameter: int) -> pygame.Surface:
    ss = 3
    d = diameter * ss
    surf = pygame.Surface((d, d), pygame.SRCALPHA)
    c = d // 2
    pygame.draw.circle(surf, (90, 16, 14), (c, c + ss), c - ss)
    pygame.draw.circle(surf, colors.CHIP, (c, c), c - ss)
    for k in range(8):  # edge inserts
        a = k * math.pi / 4
        x, y = c + math.cos(a) * c * 0.78, c + math.sin(a) * c * 0.78
        pygame.draw.circle(surf, colors.PAPER, (round(x), round(y)), max(ss, d // 14))
    pygame.draw.circle(surf, (236, 220, 200), (c, c), round(c * 0.5), max(ss, d // 24))
    return pygame.transform.smoothscale(surf, (diameter, diameter))
