"""Where the No Thanks coach's words go on the table, and their drawing: a box in a free corner of the window,
clear of every seat (at its biggest), the stack, the face-up card, the pot's count and the corner's small print,
in the table's smallest text (20 px at 1280x720) or larger, framed in the coached seat's colour. While it
shows, the move log gives it its corner, and the centre's words and the seats' notes keep off it.

The words come ranked (game.games.nothanks.coach.coach_lines): where all of them do not fit in any corner,
the box leaves out the highest ranks first, never rank 0. Where even those do not fit (a crowded table),
the box may cover the corner's small print (the rules in short: the table leaves it out meanwhile), and
then falls back on the coach's three compact lines, at last flush with the window's edge; if those do not
fit either, there is no box."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from game.games.nothanks.geometry import text_floor
from game.games.nothanks.move_log import CORNERS
from game.render import colors, hud
from game.render.layout import TableLayout
from game.render.small_print import row_spots
from game.render.text import TextCache, wrap

WIDTHS = (0.36, 0.3, 0.42, 0.25, 0.2)  # the box's width, as shares of the window's, best first


class CoachBoxHost(Protocol):
    """What the box reads of its table view (game.games.nothanks.view.NothanksView)."""

    L: TableLayout
    texts: TextCache

    def coach_blocks(self) -> tuple[list[pygame.Rect], pygame.Rect]: ...

    def coach_rooms(self) -> list[pygame.Rect]: ...


@dataclass(frozen=True)
class Placed:
    """Where the coach's box goes, its rows ((index of the line, words)) and whether it covers the small print."""

    rect: pygame.Rect
    rows: list[tuple[int, str]]
    covers_print: bool
    tight: bool = False


class CoachBox:
    """The coach's box of one No Thanks table: `placed(lines)` says where (cached), `draw` draws it."""

    def __init__(self, view: CoachBoxHost) -> None:
        self.v = view
        self._placed: dict[tuple[object, ...], Placed | None] = {}

    def clear(self) -> None:
        self._placed.clear()

    def size(self) -> int:
        return text_floor(self.v.L.size)

    def pad(self, tight: bool = False) -> int:
        return max(2, self.size() // 3) if tight else max(3, self.size() // 2)

    def _wrapped(self, lines: list[str], width: int) -> list[tuple[int, str]]:
        """(index of the line it came from, words) for every row of `lines` wrapped to `width` px."""
        v = self.v
        out = []
        for i, line in enumerate(lines):
            font = v.texts.font(self.size(), i == 0)
            for row in wrap(line, font, width):
                # an equation kept on one line (see coach._sum) wider than the box: its result on the next line
                head, eq, result = row.rpartition("\u00a0=\u00a0")
                if eq and font.size(row)[0] > width:
                    out += [(i, head), (i, "=\u00a0" + result)]
                else:
                    out.append((i, row))
        return out

    def placed(self, lines: list[tuple[str, int]], compact: list[tuple[str, int]] | None = None) -> Placed | None:
        """Where the box goes, its rows and whether it covers the small print (cached); None: no room."""
        key = (self.v.L.size, tuple(lines), tuple(compact or ()))
        if key in self._placed:
            return self._placed[key]
        blocks, corner = self.v.coach_blocks()
        found = self._in_room(lines, corner)
        if found is None and compact:
            found = self._in_room(compact, corner)
        if found is not None:
            self._placed[key] = found
            return found
        tries = [(lines, blocks + [corner], False, False), (lines, blocks, True, False)]
        if compact:
            tries += [(compact, blocks + [corner], False, False), (compact, blocks, True, False),
                      (compact, blocks, True, True)]
        found = None
        for words, keep_off, covers, tight in tries:
            for rank in range(max((r for _, r in words), default=0), -1, -1):
                spot = self._fit([w for w, r in words if r <= rank], keep_off, tight)
                if spot is not None:
                    found = Placed(spot[0], spot[1], covers and spot[0].colliderect(corner), tight)
                    break
            if found is not None:
                break
        if len(self._placed) > 32:
            self._placed.clear()
        self._placed[key] = found
        return found

    def _in_room(self, lines: list[tuple[str, int]], corner: pygame.Rect) -> Placed | None:
        """The box in the felt the table keeps for it (its coach_room), at its foot: all the words, else
        without the highest ranks (never rank 0); None if there is no such felt or the words do not fit."""
        pad = self.pad()
        lh = self.v.texts.font(self.size()).get_linesize()
        for room in self.v.coach_rooms():
            for rank in range(max((r for _, r in lines), default=0), -1, -1):
                rows = self._wrapped([w for w, r in lines if r <= rank], min(room.w, round(self.v.L.size[0] * 0.42)) - 2 * pad)
                h = len(rows) * lh + 2 * pad
                widest = max((self.v.texts.font(self.size(), i == 0).size(row)[0] for i, row in rows), default=0)
                if h <= room.h and widest <= room.w - 2 * pad:
                    rect = pygame.Rect(room.x, room.bottom - h, min(room.w, widest + 2 * pad), h)
                    return Placed(rect, rows, rect.colliderect(corner))
        return None

    def _fit(self, lines: list[str], blocks: list[pygame.Rect],
             tight: bool = False) -> tuple[pygame.Rect, list[tuple[int, str]]] | None:
        """A free corner (and width) for `lines`: the box and its rows. The first in WIDTHS and CORNERS order
        where no line wraps, else the first where they fit at all; `tight`: flush with the window's edges,
        with less room round the words."""
        W, H = self.v.L.size
        m = 0 if tight else max(4, H // 90)
        pad = self.pad(tight)
        lh = self.v.texts.font(self.size()).get_linesize()
        screen = pygame.Rect(0, 0, W, H)
        first = None
        for share in WIDTHS:
            w = round(W * share)
            rows = self._wrapped(lines, w - 2 * pad)
            rect = pygame.Rect(0, 0, w, len(rows) * lh + 2 * pad)
            spots = []
            for corner in CORNERS:
                setattr(rect, corner, {"bottomleft": (m, H - m), "topleft": (m, m), "bottomright": (W - m, H - m),
                                       "topright": (W - m, m)}[corner])
                spots.append(pygame.Rect(rect))
            if self.v.L.rows:  # seats in rows along the edges: the felt beside the centre
                spots += row_spots(self.v.L, rect.size, m)
            for spot in spots:
                if screen.contains(spot) and spot.collidelist(blocks) < 0:
                    if len(rows) == len(lines):
                        return spot, rows
                    first = first or (spot, rows)
                    break
        return first

    def draw(self, surface: pygame.Surface, lines: list[tuple[str, int]], compact: list[tuple[str, int]] | None,
             seat: int) -> pygame.Rect | None:
        """The box (its first line in gold, bold), framed in `seat`'s colour; its rect (None: no room)."""
        placed = self.placed(lines, compact)
        if placed is None:
            return None
        rect = placed.rect
        v = self.v
        pad = self.pad(placed.tight)
        size = self.size()
        lh = v.texts.font(size).get_linesize()
        hud.shade(surface, rect, 225, colors.PLATE, radius=pad)
        pygame.draw.rect(surface, colors.seat_color(seat), rect, width=max(2, size // 8), border_radius=pad)
        for n, (i, words) in enumerate(placed.rows):
            colour = colors.GOLD if i == 0 else colors.TEXT
            surface.blit(v.texts.render(words, size, colour, bold=i == 0), (rect.x + pad, rect.y + pad + n * lh))
        return rect
