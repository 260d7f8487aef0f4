"""Small print (the house rules, a hint) in a corner of the table no seat covers."""

from __future__ import annotations

import pygame

from game.render import colors
from game.render.fonts import TextCache, wrap
from game.render.layout import TableLayout


class SmallPrint:
    """One table's small print, laid out once per window size and text."""

    def __init__(self) -> None:
        self._placed: tuple[tuple, pygame.Surface, pygame.Rect] | None = None  # (size, text), image, rect

    def draw(self, surface: pygame.Surface, L: TableLayout, texts: TextCache, text: str) -> None:
        """`text` in the first free corner (bottom left, top left, bottom right, top right); with no free
        corner, not shown."""
        key = (L.size, text)
        if self._placed is None or self._placed[0] != key:
            w, h = L.size
            size = max(10, round(h * 0.018))
            lines = [ln for part in text.split("\n") for ln in wrap(part, texts.font(size), round(w * 0.3))]
            imgs = [texts.render(line, size, colors.TEXT_DIM) for line in lines]
            block = pygame.Surface(
                (max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs)), pygame.SRCALPHA
            )
            y = 0
            for img in imgs:
                block.blit(img, (0, y))
                y += img.get_height()
            m = max(4, h // 90)
            spots = [
                block.get_rect(bottomleft=(m, h - m)),
                block.get_rect(topleft=(m, m)),
                block.get_rect(bottomright=(w - m, h - m)),
                block.get_rect(topright=(w - m, m)),
            ]
            free = [r for r in spots if not any(r.colliderect(s.rect) for s in L.seats)]
            self._placed = (key, block, free[0] if free else spots[0].move(0, h))  # no room: off-screen
        _, block, rect = self._placed
        surface.blit(block, rect)

    def rect(self, size: tuple[int, int] | None = None) -> pygame.Rect | None:
        """Where it was last drawn (None before it was; given a window `size`, also None if it was drawn
        at another size)."""
        if self._placed is None or (size is not None and self._placed[0][0] != size):
            return None
        return self._placed[2]
