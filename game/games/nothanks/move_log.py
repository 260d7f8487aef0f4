"""No Thanks' move log: the last takes and passes, shown on demand (← / → at the table) in a corner of
the window of its own: clear of every seat (with its glow, lift and tag), of the stack, the face-up card
and the pot's count, and of the corner's small print (the rules in short). The centre's words and the
seats' notes keep off it in turn. Its text is never smaller than the table's floor (20 px at 1280x720,
scaling with the window).

Placed once per window size: the corner where the most moves fit (bottom right, top right, top left,
bottom left), under a title ("Last moves") if there is room for it too. Where fewer than LOG_ROWS_WANTED
moves would fit beside the whole small print, the small print keeps only its first part, and if need be
goes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from game.games.nothanks import engine as nt
from game.games.nothanks.geometry import NothanksGeometry, text_floor
from game.games.nothanks.view_model import NothanksModel
from game.games.nothanks.words import CentreWords
from game.i18n import t
from game.render import colors, hud
from game.render.layout import TableLayout
from game.render.small_print import SmallPrint, row_spots
from game.render.text import TextCache

CORNERS = ("bottomright", "topright", "topleft", "bottomleft")
LOG_ROWS = 5  # moves the log shows at most
LOG_ROWS_WANTED = 3  # fewer than this beside the whole small print: the small print gives up room
WIDTHS = (0.3, 0.36, 0.25, 0.2)  # the log's width, as shares of the window's, best first
BAR = 0.3  # the seat-colour bar before a move, in text sizes


class MoveLogHost(Protocol):
    """What the log reads of its table view (game.games.nothanks.view.NothanksView)."""

    L: TableLayout
    geo: NothanksGeometry
    model: NothanksModel
    texts: TextCache
    words: CentreWords

    def corner_texts(self) -> list[str]: ...

    def print_avoid(self) -> list[pygame.Rect]: ...

    def prompt_zone(self) -> pygame.Rect: ...


@dataclass(frozen=True)
class Placed:
    """Where the log goes (None: no room, or not shown), how many moves it shows, and the small print
    the table shows beside it."""

    rect: pygame.Rect | None
    rows: int
    corner_text: str
    title: bool = True


class MoveLog:
    """The move log of one No Thanks table."""

    def __init__(self, view: MoveLogHost) -> None:
        self.v = view
        self._placed: dict[tuple[object, ...], Placed] = {}
        self._images: dict[tuple[object, ...], pygame.Surface] = {}
        self._print = SmallPrint(view.print_avoid)  # for trying where the small print would go

    def clear(self) -> None:
        self._placed.clear()
        self._images.clear()
        self._print = SmallPrint(self.v.print_avoid)  # laid out again (at the text size in force)

    # -- sizes -----------------------------------------------------------------------------------------
    def size(self) -> int:
        return text_floor(self.v.L.size)

    def line_height(self) -> int:
        return self.v.texts.font(self.size()).get_linesize()

    def pad(self) -> int:
        return max(3, self.size() // 3)

    def margin(self) -> int:
        return max(4, self.v.L.size[1] // 90)

    # -- where ---------------------------------------------------------------------------------------------
    def blocks(self) -> list[pygame.Rect]:
        """What the log keeps off: the seats as drawn at their biggest, the stack, the face-up card and
        the pot's count with its "on the card"."""
        geo = self.v.geo
        return [*geo.keep_out(None), geo.deck_rect().inflate(8, 8), geo.centre_rect().inflate(8, 8),
                self.pot_rect(), *self.v.print_avoid()]

    def pot_rect(self) -> pygame.Rect:
        """Where the pot's count and its "on the card" are drawn (two digits at most)."""
        v = self.v
        spot = v.geo.pot_digits_spot
        big, small = v.words.pot_sizes()
        digits = v.texts.outlined("88", big, colors.TEXT).get_size()
        word = v.texts.font(small).size(t("on the card"))
        return pygame.Rect(spot[0], round(spot[1] - digits[1] / 2), max(digits[0], word[0]) + 4,
                           digits[1] + word[1] + 4)

    def _spot(self, corner: str, w: int, h: int, taken: list[pygame.Rect]) -> pygame.Rect | None:
        W, H = self.v.L.size
        m = self.margin()
        r = pygame.Rect(0, 0, w, h)
        setattr(r, corner, {"bottomleft": (m, H - m), "topleft": (m, m), "bottomright": (W - m, H - m),
                            "topright": (W - m, m)}[corner])
        if not pygame.Rect(0, 0, W, H).contains(r) or r.collidelist(self.blocks() + taken) >= 0:
            return None
        return r

    def _fit(self, taken: list[pygame.Rect]) -> tuple[pygame.Rect, int, bool] | None:
        """The biggest log that fits in a free corner, (rect, moves, titled): under its title with the
        most moves down to LOG_ROWS_WANTED, else without a title with the most moves, the widest first."""
        W = self.v.L.size[0]
        tries = [(rows, True) for rows in range(LOG_ROWS, LOG_ROWS_WANTED - 1, -1)]
        tries += [(rows, False) for rows in range(LOG_ROWS, 0, -1)]
        for rows, title in tries:
            h = (rows + title) * self.line_height() + 2 * self.pad()
            for corner in CORNERS:
                for share in WIDTHS:
                    spot = self._spot(corner, round(W * share), h, taken)
                    if spot is not None:
                        return spot, rows, title
            if self.v.L.rows:  # seats in rows along the edges: the felt beside the centre
                for share in WIDTHS:
                    for spot in row_spots(self.v.L, (round(W * share), h), self.margin()):
                        if pygame.Rect((0, 0), self.v.L.size).contains(spot) and \
                                spot.collidelist(self.blocks() + taken) < 0:
                            return spot, rows, title
        return None

    def _print_rect(self, text: str) -> pygame.Rect | None:
        """Where the shared small print would put `text` (None: nowhere on screen)."""
        if not text:
            return None
        _, rect = self._print.layout(self.v.L, self.v.texts, text)
        return rect if pygame.Rect((0, 0), self.v.L.size).colliderect(rect) else None

    def _clear_of_centre(self, text: str) -> bool:
        """Whether the small print saying `text` keeps off the stack (with its "N left" under it), the card
        and the pot's count."""
        corner = self._print_rect(text)
        if corner is None:
            return True
        geo = self.v.geo
        deck = geo.deck_rect()
        w, h = self.v.texts.outlined_size(t("{n} left", n=88), self.v.words.left_size())
        label = pygame.Rect(deck.centerx - w // 2, deck.bottom + 6, w, h).inflate(8, 8)
        return corner.collidelist([deck.inflate(8, 8), label, geo.centre_rect().inflate(8, 8), self.pot_rect()]) < 0

    def placed(self, show: bool) -> Placed:
        """Where the log goes at this window size (when `show`n) and the small print beside it (cached)."""
        texts = self.v.corner_texts()
        full = "\n".join(texts)
        key = (self.v.L.size, show, full)
        cached = self._placed.get(key)
        if cached is not None:
            return cached
        # the small print's parts that keep off the centre (at a bigger text size in a small window, the
        # keys' hints may not): the whole of it, else the most needed parts
        keeps = [k for k in range(len(texts), -1, -1) if self._clear_of_centre("\n".join(texts[:k]))]
        if not show:
            placed = Placed(None, 0, "\n".join(texts[: keeps[0]]))
        else:
            tries = []
            for keep in keeps:  # the whole small print, then less of it, then none
                text = "\n".join(texts[:keep])
                corner = self._print_rect(text)
                fit = self._fit([corner] if corner is not None else [])
                tries.append(Placed(fit[0], fit[1], text, fit[2]) if fit is not None else Placed(None, 0, text))
                if fit is not None and fit[1] >= LOG_ROWS_WANTED:
                    break
            placed = max(tries, key=lambda p: min(p.rows, LOG_ROWS_WANTED))  # the first of the best
        if len(self._placed) > 16:
            self._placed.clear()
        self._placed[key] = placed
        return placed

    # -- drawing -------------------------------------------------------------------------------------------
    def lines(self, state: nt.State, rows: int, title: bool = True) -> list[tuple[int | None, str]]:
        """The log's lines as drawn: its title (if `title`), then the last `rows` moves, oldest first,
        each with its seat (None for the title and "No moves yet")."""
        moves: list[tuple[int | None, str]] = list(self.v.model.move_lines(state, rows))
        head: list[tuple[int | None, str]] = [(None, t("Last moves"))] if title else []
        return [*head, *(moves or [(None, t("No moves yet"))])]

    def draw(self, surface: pygame.Surface, state: nt.State, show: bool) -> tuple[pygame.Rect | None, str]:
        """The log, if `show`n and there is room; its rect and its words."""
        placed = self.placed(show)
        if placed.rect is None:
            return None, ""
        lines = self.lines(state, placed.rows, placed.title)
        hud.shade(surface, placed.rect, 150, colors.PLATE, radius=self.pad() * 2)
        surface.blit(self._image(placed.rect, tuple(lines), placed.title), placed.rect)
        return placed.rect, "\n".join(words for _, words in lines)

    def _image(self, rect: pygame.Rect, lines: tuple[tuple[int | None, str], ...], title: bool) -> pygame.Surface:
        key = (tuple(rect), lines, title, self.size())
        img = self._images.get(key)
        if img is None:
            v = self.v
            size, pad, lh = self.size(), self.pad(), self.line_height()
            img = pygame.Surface(rect.size, pygame.SRCALPHA)
            bar = max(3, round(size * BAR))
            for i, (seat, words) in enumerate(lines):
                y = pad + i * lh
                if i == 0 and title:
                    heading = v.texts.cut(words, rect.w - 2 * pad, size, True, record=False)
                    img.blit(v.texts.render(heading, size, colors.GOLD, bold=True), (pad, y))
                    continue
                x = pad
                if seat is not None:
                    pygame.draw.rect(img, colors.seat_color(seat), (pad, y + lh // 4, bar, lh // 2),
                                     border_radius=max(1, bar // 3))
                    x += bar + max(3, bar)
                color = colors.TEXT if seat is not None else colors.TEXT_DIM
                img.blit(v.texts.render(v.texts.cut(words, rect.w - pad - x, size, record=False), size, color), (x, y))
            if len(self._images) > 32:
                self._images.clear()
            self._images[key] = img
        return img
