"""Where the lobby's things go at one window and text size: the title, the seats' cards in a grid of four
columns (two rows, or one at a time where two don't fit: the row with the focus shows), the news line,
the house rules' one-line summary, the buttons (one row, or two where one doesn't hold their words) and
the key hint. `places` are where items are for moving in space (the whole grid), `rects` where they are
drawn."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.render.scale import text_scale
from game.render.text import standard_px
from game.scenes.lobby import cards
from game.scenes.lobby.spatial import HIDDEN, Cell
from game.ui import widgets as ui

TITLE_PX = 40
BUTTON_PX = 24
LINE_PX = 20
HINT_PX = 20
COLUMNS = 4
# How much the cards' words may grow over their size for the window, biggest first (read from the sofa: a seat's
# name and level at 480×270 are a few pixels at 1.0), in steps fine enough to use the cards' room.
GROWTH = (1.4, 1.3, 1.25, 1.2, 1.15, 1.1, 1.05, 1.0)
# Where not even one row of cards fits at the player's text size (1280x720 at 150 %, three pad families seated: a
# hint of two lines), the cards' words shrink in these steps, never below their standard (100 %) size.
SHRINK = (0.95, 0.9, 0.85, 0.8, 0.75, 0.7)


@dataclass
class Layout:
    size: tuple[int, int]
    title_y: int
    grid: pygame.Rect  # the cards' area on screen
    card_size: tuple[int, int]
    rows_fit: int  # card rows shown at once (2, or 1: the grid scrolls by rows)
    line_y: int  # the news line's centre
    line_lines: int
    summary: tuple[int, int, int]  # the house rules' summary: x, centre y, width
    buttons: list[pygame.Rect]
    card_look: tuple[int, int] = (0, 0)  # the size the cards' words are measured for (bigger where there's room)
    shown_row: int = 0  # the first card row shown
    card_rects: list[pygame.Rect] = field(default_factory=list)  # where each card is, in the whole grid

    def card_at(self, seat: int) -> pygame.Rect:
        """Seat `seat`'s card in the whole grid (rows one under another)."""
        row, col = divmod(seat, COLUMNS)
        w, h = self.card_size
        gap = ui.px(self.size, 10)
        return pygame.Rect(self.grid.x + col * (w + gap), self.grid.y + row * (h + gap), w, h)

    def shift(self, seat: int) -> int | None:
        """How far seat `seat`'s card moves up to be drawn (None: scrolled out of view)."""
        row = seat // COLUMNS
        if not self.shown_row <= row < self.shown_row + self.rows_fit:
            return None
        return self.shown_row * (self.card_size[1] + ui.px(self.size, 10))

    def scroll_to(self, seat: int | None) -> None:
        if seat is not None and self.rows_fit < 2:
            self.shown_row = seat // COLUMNS


def button_needs(labels: list[str], size: tuple[int, int]) -> list[int]:
    px = standard_px(ui.px(size, BUTTON_PX))
    return [ui.TEXTS.width(s, px, True) + 2 * ui.px(size, 18) for s in labels]


def place_buttons(labels: list[str], bottom: int, size: tuple[int, int]) -> tuple[list[pygame.Rect], int]:
    """The buttons' rects over `bottom`, left to right (the first, the house rules, on a row of its own where
    one row can't hold their words: as wide as its words, the summary beside it), and the top of the
    topmost row."""
    w = size[0]
    m, gap = ui.px(size, 24), ui.px(size, 10)
    bh = ui.TEXTS.line_height(ui.px(size, BUTTON_PX), True) + ui.px(size, 16)
    needs = button_needs(labels, size)
    room = w - 2 * m
    rows = [list(range(len(labels)))]
    if sum(needs) + gap * (len(labels) - 1) > room:
        rows = [[0], list(range(1, len(labels)))]
    rects: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * len(labels)
    top = bottom
    for row in reversed(rows):
        top -= bh
        spare = max(0, room - sum(needs[i] for i in row) - gap * (len(row) - 1)) if len(row) > 1 else 0
        x = m
        for i in row:
            bw = needs[i] + spare // len(row)
            rects[i] = pygame.Rect(x, top, bw, bh)
            x += bw + gap
        top -= gap
    return rects, top + gap


def lay_out(size: tuple[int, int], card_cells: list[list[Cell]], labels: list[str], hint: str,
            line_lines: int, old: Layout | None) -> Layout:
    """The lobby at `size`: `card_cells` each seat's cells (its name first), `labels` the buttons' words
    (the house rules' with its preset), `hint` the key hint, `line_lines` the lines the news takes."""
    w, h = size
    m = ui.px(size, 24)
    bottom = h - ui.hint_height(size, hint, size_px=HINT_PX) - ui.px(size, 8)
    buttons, top = place_buttons(labels, bottom, size)
    line_h = ui.TEXTS.line_height(ui.px(size, LINE_PX), True)
    if buttons[0].y < buttons[-1].y:  # the house rules' button on a row of its own: the summary beside it
        x = buttons[0].right + ui.px(size, 14)
        summary = (x, buttons[0].centery, w - m - x)
        line_y = top - ui.px(size, 6) - line_h * line_lines // 2
    else:
        summary = (m, top - ui.px(size, 6) - line_h // 2, w - 2 * m)
        line_y = summary[1] - line_h // 2 - ui.px(size, 4) - line_h * line_lines // 2
    title_h = ui.TEXTS.line_height(ui.px(size, TITLE_PX), True)
    grid_top = ui.px(size, 10) + title_h + ui.px(size, 6)
    grid_bottom = line_y - line_h * line_lines // 2 - ui.px(size, 8)
    gap = ui.px(size, 10)
    card_w = (w - 2 * m - (COLUMNS - 1) * gap) // COLUMNS
    rows = -(-len(card_cells) // COLUMNS)
    room = grid_bottom - grid_top
    lists = cards.whole_lists(card_cells, card_w, size)
    for grow in GROWTH:  # the cards' words as big as lets every row show, every list still whole
        look = (round(w * grow), round(h * grow))
        need = max(cards.card_height(c, card_w, look) for c in card_cells)
        if need * rows + gap * (rows - 1) <= room and cards.whole_lists(card_cells, card_w, look) >= lists:
            break
    for shrink in SHRINK:  # one row must fit, else the cards run over the news line under them
        if need <= room or shrink * text_scale() < 1:
            break
        look = (round(w * shrink), round(h * shrink))
        need = max(cards.card_height(c, card_w, look) for c in card_cells)
    fit = rows if need * rows + gap * (rows - 1) <= room else 1
    card_h = max(need, (room - gap * (fit - 1)) // fit) if fit > 1 else max(need, room)
    layout = Layout(size, ui.px(size, 10) + title_h // 2, pygame.Rect(m, grid_top, w - 2 * m, room),
                    (card_w, min(card_h, round(need * 1.35)) if fit > 1 else card_h), fit, line_y, line_lines,
                    summary, buttons)
    layout.card_look = look
    if old is not None and old.size == size and fit < 2:
        layout.shown_row = old.shown_row
    layout.card_rects = [layout.card_at(seat) for seat in range(len(card_cells))]
    return layout


def places(layout: Layout, card_cells: list[list[Cell]], n_buttons: int) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
    """Every item's place for moving (the whole grid; the buttons under it) and where it is drawn now."""
    moving: list[pygame.Rect] = []
    drawn: list[pygame.Rect] = []
    for seat, (card, rect) in enumerate(zip(card_cells, layout.card_rects, strict=True)):
        spots = cards.place(card, rect, layout.card_look)
        shift = layout.shift(seat)
        moving += spots
        drawn += [r.move(0, -shift) if shift is not None else HIDDEN.copy() for r in spots]
    whole = max(r.bottom for r in layout.card_rects)
    shown = max(r.bottom - (layout.shift(s) or 0) for s, r in enumerate(layout.card_rects)
                if layout.shift(s) is not None)
    below = whole - shown  # the buttons sit under the whole grid for moving
    moving += [r.move(0, below) for r in layout.buttons[:n_buttons]]
    drawn += list(layout.buttons[:n_buttons])
    return moving, drawn
