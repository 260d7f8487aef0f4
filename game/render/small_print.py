"""Small print (the house rules, a hint) in a corner of the table no seat covers: at the smallest size a
player reads mid-game (game.render.scale.TEXT_MIN at 720p, scaled with the window), never smaller."""

from __future__ import annotations

import pygame

from game.i18n import t
from game.render import colors
from game.render.fonts import TextCache, wrap
from game.render.layout import TableLayout
from game.render.scale import text_min

WIDTH_SHARE = 0.34  # of the window's width: how wide the block may be


def rules_key_hint() -> str:
    """The corner's last line at both tables: where the whole rules are (the pause menu's Rules); the corner
    itself keeps to one short line (issue 20: no long small print at a table)."""
    return t("Rules: Esc / Start")


class SmallPrint:
    """One table's small print, laid out once per window size and text."""

    def __init__(self) -> None:
        self._placed: tuple[tuple, pygame.Surface, pygame.Rect] | None = None  # (size, text), image, rect

    @staticmethod
    def _block(texts: TextCache, lines: list[str], size: int) -> pygame.Surface:
        imgs = [texts.render(line, size, colors.TEXT_DIM) for line in lines]
        block = pygame.Surface(
            (max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs)), pygame.SRCALPHA
        )
        y = 0
        for img in imgs:
            block.blit(img, (0, y))
            y += img.get_height()
        return block

    def layout(self, L: TableLayout, texts: TextCache, text: str) -> tuple[pygame.Surface, pygame.Rect]:
        """The block and where it goes: `text`'s lines ("\\n" parts, most important first, each wrapped)
        in the first free corner (bottom left, top left, bottom right, top right); where no corner is
        free for all of them, the last parts are left out; with no corner free for the first part, it
        is not shown (its rect lies below the window)."""
        key = (L.size, text)
        if self._placed is None or self._placed[0] != key:
            w, h = L.size
            size = text_min(L.size)
            font = texts.font(size)
            parts = [p for p in text.split("\n") if p]
            m = max(4, h // 90)
            placed = None
            for keep in range(len(parts), 0, -1):
                lines = [ln for part in parts[:keep] for ln in wrap(part, font, round(w * WIDTH_SHARE))]
                block = self._block(texts, lines, size)
                spots = [
                    block.get_rect(bottomleft=(m, h - m)),
                    block.get_rect(topleft=(m, m)),
                    block.get_rect(bottomright=(w - m, h - m)),
                    block.get_rect(topright=(w - m, m)),
                ]
                # off the seats, their lift and any tag on their edges (a seventh of a panel above, below)
                free = [r for r in spots
                        if not any(r.colliderect(s.rect.inflate(m, m + 2 * (s.rect.h // 7))) for s in L.seats)]
                if free:
                    placed = (block, free[0])
                    break
            if placed is None:
                block = self._block(texts, [parts[0] if parts else ""], size)
                placed = (block, block.get_rect(topleft=(m, h + m)))  # no room: off-screen
            self._placed = (key, *placed)
        return self._placed[1], self._placed[2]

    def draw(self, surface: pygame.Surface, L: TableLayout, texts: TextCache, text: str) -> None:
        block, rect = self.layout(L, texts, text)
        surface.blit(block, rect)

    def rect(self, size: tuple[int, int] | None = None) -> pygame.Rect | None:
        """Where it was last drawn (None before it was; given a window `size`, also None if it was drawn
        at another size)."""
        if self._placed is None or (size is not None and self._placed[0][0] != size):
            return None
        return self._placed[2]
