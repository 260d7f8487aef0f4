"""Small print (the house rules, a hint) in a corner of the table no seat covers: at the couch's word size
(game.render.scale.WORD_MIN at 720p, scaled with the window), never smaller."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from game.input import families
from game.render import colors
from game.render.layout import TableLayout
from game.render.scale import word_min
from game.render.text import TextCache, break_lines

if TYPE_CHECKING:
    from game.render.seat_keys import SeatKeys

# A block of small print, where it goes, the parts of its text it shows, its text size (as asked of the fonts)
Shown = tuple[pygame.Surface, pygame.Rect, tuple[str, ...], int]

WIDTH_SHARE = 0.34  # of the window's width: how wide the block may be
NARROWER = (0.28, 0.22)
NOTE_ROW = 0.065  # of the window's height: felt kept free over a mat in the bottom row, for its notes  # ... or, at seats in rows, narrower (on more lines) to fit beside the centre


def rules_key_hint(keys: Sequence[SeatKeys | None] = ()) -> str:
    """The corner's last line at both tables: where the whole rules are (the pause menu's Rules); the corner
    itself keeps to one short line (issue 20: no long small print at a table). The pause button is named
    as printed on the seated pads (`keys`: each seat's SeatKeys), the generic word with none."""
    starts = list(dict.fromkeys(k.start for k in keys if k is not None and k.start))
    return t("Rules: Esc / {start}", start=" / ".join(starts) if starts else families.label("start"))


KEYS_OR = (" / ", "\u00a0/\u00a0")  # a choice of keys ("Esc / Start", "↑ / ↓"), and the same never broken


def print_lines(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """`text` on lines at most `width` px wide: broken at its " · " first, then at spaces, each as even as it
    goes (no lone word under a full line: "↑ / ↓: mere eller mindre" over "hjælp" at 1080p in Danish), never
    inside a choice of keys."""
    glued = text.replace(*KEYS_OR)
    return [line.replace(*KEYS_OR[::-1]) for line in break_lines(glued, font, width, (" \u00b7 ", " "))]


class SmallPrint:
    """One table's small print, laid out once per window size and text."""

    def __init__(self, avoid: Callable[[], list[pygame.Rect]] | None = None) -> None:
        # (size, text), image, rect, the parts of the text it shows, its text size
        self._placed: tuple[tuple[object, ...], pygame.Surface, pygame.Rect, tuple[str, ...], int] | None = None
        self._avoid = avoid  # what else on the felt it keeps off (a game's centre)

    @staticmethod
    def _block(texts: TextCache, lines: list[str], size: int) -> pygame.Surface:
        imgs = [texts.render(line, size, colors.on_felt(colors.TEXT_DIM)) for line in lines]
        block = pygame.Surface(
            (max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs)), pygame.SRCALPHA
        )
        y = 0
        for img in imgs:
            block.blit(img, (0, y))
            y += img.get_height()
        return block

    @staticmethod
    def _block_size(texts: TextCache, lines: list[str], size: int) -> tuple[int, int]:
        """The size `_block` makes `lines` at `size`, measured without drawing it (a layout tries many)."""
        imgs = [texts.render(line, size, colors.on_felt(colors.TEXT_DIM)) for line in lines]
        return max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs)

    def _kept(self, parts: list[str]) -> list[list[str]]:
        """The parts of the text to try, most first: all of them, then fewer, the last left out first."""
        return [parts[:keep] for keep in range(len(parts), 0, -1)]

    def corner_spots(self, L: TableLayout, size: tuple[int, int], avoid: list[pygame.Rect]) -> list[pygame.Rect]:
        """The free places for a block of `size`, best first: the corners (bottom left, top left, bottom right, top
        right) and, at seats in rows, `row_spots`; off the seats, their lift and any tag on their edges (a seventh
        of a panel above, below) and `avoid`."""
        w, h = L.size
        bw, bh = size
        m = max(4, h // 90)
        spots = [  # bottom left, top left, bottom right, top right
            pygame.Rect(m, h - m - bh, bw, bh),
            pygame.Rect(m, m, bw, bh),
            pygame.Rect(w - m - bw, h - m - bh, bw, bh),
            pygame.Rect(w - m - bw, m, bw, bh),
        ]
        if L.rows:  # seats along the edges: between them in a row, or the felt just inside the rows
            spots += row_spots(L, (bw, bh), m)
        seats = [s.rect.inflate(m, m + 2 * (s.rect.h // 7)) for s in L.seats]
        return [r for r in spots if r.collidelist(seats) < 0 and r.collidelist(avoid) < 0]

    def layout(self, L: TableLayout, texts: TextCache, text: str) -> tuple[pygame.Surface, pygame.Rect]:
        """The block and where it goes: `text`'s lines ("\\n" parts, most important first, each wrapped)
        in the first free corner (bottom left, top left, bottom right, top right); where no corner is
        free for all of them, the last parts are left out; with no corner free for the first part, it
        is not shown (its rect lies below the window)."""
        avoid = self._avoid() if self._avoid is not None else []
        key = (L.size, text, tuple(tuple(r) for r in avoid))
        if self._placed is None or self._placed[0] != key:
            w = L.size[0]
            size = word_min(L.size)
            font = texts.font(size)
            parts = [p for p in text.split("\n") if p]
            placed = None
            tries = [(kept, share) for kept in self._kept(parts)
                     for share in (WIDTH_SHARE, *(NARROWER if L.rows else ()))]
            for kept, share in tries:
                lines = [ln for part in kept for ln in print_lines(part, font, round(w * share))]
                free = self.corner_spots(L, self._block_size(texts, lines, size), avoid)  # (drawn once it has a place)
                if free:
                    placed = (self._block(texts, lines, size), free[0], tuple(kept), size)
                    break
            if placed is None:
                placed = self.nowhere(L, texts, parts, size)
            self._placed = (key, *placed)
        return self._placed[1], self._placed[2]

    def nowhere(self, L: TableLayout, texts: TextCache, parts: list[str], size: int) -> Shown:
        """(layout) No room: a block below the window, showing nothing."""
        m = max(4, L.size[1] // 90)
        block = self._block(texts, [parts[0] if parts else ""], size)
        return block, block.get_rect(topleft=(m, L.size[1] + m)), (), size

    def size(self) -> int:
        """The text size (as asked of the fonts) it was last laid out at (the couch's word size before it was)."""
        return self._placed[4] if self._placed is not None else 0

    def shown(self) -> tuple[str, ...]:
        """The parts of its text ("\\n" parts, each whole, perhaps wrapped) it was last laid out with, () before
        it was or where it found no room."""
        return self._placed[3] if self._placed is not None else ()

    def draw(self, surface: pygame.Surface, L: TableLayout, texts: TextCache, text: str) -> None:
        block, rect = self.layout(L, texts, text)
        surface.blit(block, rect)

    def rect(self, size: tuple[int, int] | None = None) -> pygame.Rect | None:
        """Where it was last drawn (None before it was; given a window `size`, also None if it was drawn
        at another size)."""
        if self._placed is None or (size is not None and self._placed[0][0] != size):
            return None
        return self._placed[2]


def felt_span(L: TableLayout, top: int, bottom: int, margin: int) -> tuple[int, int]:
    """(left, right): how far the felt reaches across the rows from `top` to `bottom`, `margin` inside its rail
    (a block of print between them lies on the felt; (cx, cx) where those rows are not all on it)."""
    cx, cy = L.felt.center
    a, b = L.felt.w / 2 - margin, L.felt.h / 2 - margin
    far = max(abs(top - cy), abs(bottom - cy))  # (the felt is narrowest at the row furthest from its middle)
    if a <= 0 or far >= b:
        return cx, cx
    half = a * math.sqrt(1 - (far / b) ** 2)
    return math.ceil(cx - half), math.floor(cx + half)


def on_rail(L: TableLayout, rect: pygame.Rect, margin: int) -> bool:
    """Whether a block of print at `rect` would lie over the table's rail: neither on the felt (`margin` inside the
    rail) nor off the table (clear of the rail's outer edge, in the room)."""
    left, right = felt_span(L, rect.top, rect.bottom, margin)
    if left <= rect.left and rect.right <= right:
        return False
    cx, cy = L.felt.center
    a, b = L.felt.w / 2 + L.rim, L.felt.h / 2 + L.rim
    x, y = min(max(cx, rect.left), rect.right), min(max(cy, rect.top), rect.bottom)  # its nearest point to the middle
    return ((x - cx) / a) ** 2 + ((y - cy) / b) ** 2 <= 1


def row_spots(L: TableLayout, size: tuple[int, int], m: int) -> list[pygame.Rect]:
    """Where a block of `size` may go at a table of seats in rows: in the middle of the bottom edge, the
    felt's corners just above the bottom row and just under the top row, the middle of the top edge."""
    w, h = L.size
    bw, bh = size

    def edge(x: int, below: bool) -> int:  # the felt's edge over (or under) the seats in that column
        column = pygame.Rect(x, 0, bw, h)
        if below:
            return max([s.rect.bottom + s.rect.h // 7 + m for s in L.seats
                        if s.rect.colliderect(column) and s.rect.bottom < h // 2], default=m)
        return min([s.rect.top - s.rect.h // 7 - m - note for s in L.seats
                    if s.rect.colliderect(column) and s.rect.top > h // 2], default=h - m)

    note = round(h * NOTE_ROW)  # a line of felt over a mat kept for its notes

    spots = [
        pygame.Rect((w - bw) // 2, h - m - bh, bw, bh),
        pygame.Rect(m, edge(m, False) - bh, bw, bh),
        pygame.Rect(w - m - bw, edge(w - m - bw, False) - bh, bw, bh),
        pygame.Rect(m, edge(m, True), bw, bh),
        pygame.Rect(w - m - bw, edge(w - m - bw, True), bw, bh),
        pygame.Rect((w - bw) // 2, m, bw, bh),
    ]
    for s in L.seats:  # under (and over) a mat at the side of the centre
        if s.rect.top < h // 2 < s.rect.bottom:
            x = s.rect.left if s.rect.centerx < w // 2 else s.rect.right - bw
            spots += [pygame.Rect(x, s.rect.bottom + s.rect.h // 7 + m, bw, bh),
                      pygame.Rect(x, s.rect.top - s.rect.h // 7 - m - bh, bw, bh)]
    return [r.clamp(pygame.Rect(0, 0, w, h)) for r in spots]
