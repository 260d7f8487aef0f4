"""Snap's part of the results screen: a row per seat with its cards won and its wrong snaps, read from the
match's contract (`result()`), with the shell's results helpers."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.contract import Match, TableConfig, seat_name
from game.ui import widgets as ui
from game.ui.figures import table_columns, whole_name, winners_line

from .text import w

if TYPE_CHECKING:
    from game.render.card_art import CardArt


class SnapResults:
    def __init__(self, config: TableConfig, match: Match) -> None:
        result = match.result()
        self.names = [seat_name(s, i) for i, s in enumerate(config.seats)]
        self.winners = list(result.winners)
        self.values = [[str(c), str(k)] for c, k in zip(result.figures["cards"], result.figures["wrong"], strict=True)]
        self.art: CardArt | None = None

    def headline(self) -> str:
        return winners_line(self.names, self.winners)

    def layout(self, size: tuple[int, int], area: pygame.Rect) -> None:
        self.size = size
        pad = ui.px(size, 16)
        self.box = pygame.Rect(0, area.y, min(area.w, ui.px(size, 760)), area.h)
        self.box.centerx = area.centerx
        inner = self.box.w - 2 * pad
        self.headers = [w("Cards won"), w("Wrong snaps")]
        row_h = min(ui.px(size, 50), (area.h - 2 * pad - 2 * ui.TEXTS.line_height(ui.px(size, 15))) // max(1, len(self.names)))
        self.value_px = [ui.TEXTS.fit_height(ui.px(size, 22), row_h - 4)] * 2
        self.name_px = ui.TEXTS.fit_height(ui.px(size, 20), row_h - 4)
        self.header_px, self.widths, self.shown = table_columns(size, self.headers, [list(c) for c in zip(*self.values)],
                                                                self.value_px, inner * 3 // 5)
        self.name_w = inner - sum(self.widths)
        head_h = max(len(lines) for lines in self.shown) * ui.TEXTS.line_height(self.header_px)
        self.rows_top = self.box.y + pad + head_h + ui.px(size, 8)
        self.row_h = min(ui.px(size, 50), (self.box.bottom - pad - self.rows_top) // max(1, len(self.names)))

    def scroll(self, step: int) -> None:
        """No list to page: a row a seat."""

    def draw(self, surface: pygame.Surface) -> None:
        size, box = self.size, self.box
        ui.panel(surface, box)
        pad = ui.px(size, 16)
        centres = [box.x + pad + self.name_w + sum(self.widths[:i]) + self.widths[i] // 2 for i in range(2)]
        for lines, x, wd in zip(self.shown, centres, self.widths, strict=True):
            for k, line in enumerate(lines):
                ui.blit_text(surface, line, self.header_px, ui.TEXT_DIM, "midtop",
                             (x, box.y + pad + k * ui.TEXTS.line_height(self.header_px)), max_w=wd - 4)
        for seat, name in enumerate(self.names):
            row = pygame.Rect(box.x + pad, self.rows_top + seat * self.row_h, box.w - 2 * pad, self.row_h - 4)
            won = seat in self.winners
            dot = pygame.Rect(row.x + 4, 0, ui.px(size, 12), ui.px(size, 12))
            dot.centery = row.centery
            pygame.draw.rect(surface, ui.seat_colour(seat), dot, border_radius=3)
            whole_name(surface, ("\u2605 " if won else "") + name, self.name_w - dot.w - 14, self.name_px,
                       ui.GOLD if won else ui.TEXT, won, (dot.right + 8, row.centery), row.h)
            for i, value in enumerate(self.values[seat]):
                ui.blit_text(surface, value, self.value_px[i], ui.TEXT, "center", (centres[i], row.centery),
                             max_w=self.widths[i] - 2)
