"""The Ratscrew part of the results screen: card counts over the game as a line chart, slaps per seat."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.base import TableConfig, seat_name
from game.i18n import t, tn
from game.render.card_art import CardArt
from game.scenes import ui
from game.scenes.results import table_columns, winners_line


def hand_steps(history: Any) -> list[tuple[int, ...]]:
    """Every seat's cards in hand from the deal on, one entry per change (a card played, a burn, a pile
    won), as the match sampled them."""
    steps: list[tuple[int, ...]] = []
    for sample in history.counts:
        if not steps or sample.counts != steps[-1]:
            steps.append(sample.counts)
    return steps


class RatscrewResults:
    """The winner, each player's card count over the game as a line chart, and slaps won / wrong / late."""

    def __init__(self, config: TableConfig, match: Any) -> None:
        st = match.state
        self.names = [seat_name(s, i) for i, s in enumerate(config.seats)]
        self.winner = st.winner
        self.stats = list(match.stats)
        self.hands = [len(h) for h in st.hands]
        self.reason = st.end_reason
        self.played = st.cards_played
        self.slaps = sum(s.slaps_won + s.wrong for s in self.stats)
        self.steps = hand_steps(match.history)
        self.art: CardArt | None = None

    def headline(self) -> str:
        line = winners_line(self.names, [] if self.winner is None else [self.winner])
        if self.reason == "limit":
            return t("{line} (the card limit was reached)", line=line)
        return line

    def layout(self, size: tuple[int, int], area: pygame.Rect) -> None:
        self.size = size
        gap = ui.px(size, 20)
        table_w = min(ui.px(size, 520), area.w // 2)
        self.chart_rect = box = pygame.Rect(area.x, area.y, area.w - table_w - gap, area.h)
        self.table_rect = pygame.Rect(self.chart_rect.right + gap, area.y, table_w, area.h)
        pad = ui.px(size, 16)
        self.plot = pygame.Rect(box.x + pad + ui.px(size, 34), box.y + pad + ui.px(size, 40), 0, 0)
        self.plot.w = box.right - pad - self.plot.x
        self.plot.h = box.bottom - pad - ui.px(size, 26) - self.plot.y
        self.top = max([52] + [max(c) for c in self.steps if c])
        self.lines = self._lines(self.plot, self.top)

    def draw(self, surface: pygame.Surface) -> None:
        self._draw_chart(surface)
        self._draw_table(surface)

    def _draw_chart(self, surface: pygame.Surface) -> None:
        size, box = self.size, self.chart_rect
        ui.panel(surface, box)
        pad = ui.px(size, 16)
        ui.blit_text(surface, t("Cards in hand over the game"), ui.px(size, 21), ui.GOLD, "topleft",
                     (box.x + pad, box.y + pad), bold=True)
        plot, top = self.plot, self.top
        for frac in (0, 0.25, 0.5, 0.75, 1):
            y = plot.bottom - round(frac * plot.h)
            pygame.draw.line(surface, (40, 80, 56), (plot.x, y), (plot.right, y))
            ui.blit_text(surface, str(round(frac * top)), ui.px(size, 14), ui.TEXT_DIM, "midright", (plot.x - 6, y))
        axis = (t("{n} cards played and {s} slaps →", n=self.played, s=self.slaps) if self.slaps
                else tn("{n} card played →", "{n} cards played →", self.played))
        ui.blit_text(surface, axis, ui.px(size, 14), ui.TEXT_DIM, "topright", (plot.right, plot.bottom + 4),
                     max_w=plot.w)
        for seat, points in enumerate(self.lines):
            if len(points) > 1:
                pygame.draw.lines(surface, ui.seat_colour(seat), False, points, 3 if seat == self.winner else 2)

    def _lines(self, plot: pygame.Rect, top: int) -> list[list[tuple[int, int]]]:
        """Each seat's polyline over the steps, evenly spaced, at most one point per pixel column (long games
        have thousands of steps); a game of a single step is drawn flat across the plot."""
        lines: list[list[tuple[int, int]]] = [[] for _ in self.names]
        steps = self.steps if len(self.steps) > 1 else self.steps * 2
        last = len(steps) - 1
        last_x = None
        for i, counts in enumerate(steps):
            x = plot.x + round(i / max(1, last) * plot.w)
            if x == last_x and i != last:
                continue
            last_x = x
            for seat, c in enumerate(counts):
                lines[seat].append((x, plot.bottom - round(c / top * plot.h)))
        return lines

    def _draw_table(self, surface: pygame.Surface) -> None:
        size, box = self.size, self.table_rect
        ui.panel(surface, box)
        pad = ui.px(size, 16)
        headers = [t("Slaps won"), t("Wrong"), t("Late"), t("Reaction"), t("Cards")]
        values = [[str(v) for v in (s.slaps_won, s.wrong, s.late, self.reaction(seat), self.hands[seat])]
                  for seat, s in enumerate(self.stats)]
        value_px = [ui.px(size, 22 if i != 3 else 17) for i in range(len(headers))]
        header_px, widths, shown = table_columns(size, headers, [list(col) for col in zip(*values)], value_px,
                                                 box.w - 2 * pad - ui.px(size, 150))
        name_w = box.w - 2 * pad - sum(widths)
        centres = [box.x + pad + name_w + sum(widths[:i]) + widths[i] // 2 for i in range(len(widths))]
        y = box.y + pad
        for h, x in zip(shown, centres):
            ui.blit_text(surface, h, header_px, ui.TEXT_DIM, "midtop", (x, y))
        row_h = min(ui.px(size, 50), (box.h - 2 * pad - ui.px(size, 30)) // max(1, len(self.names)))
        for seat, name in enumerate(self.names):
            row = pygame.Rect(box.x + pad, y + ui.px(size, 30) + seat * row_h, box.w - 2 * pad, row_h - 4)
            won = seat == self.winner
            if won:
                ui.hud.shade(surface, row, 70, ui.GOLD, radius=row.h // 5)
            dot = pygame.Rect(row.x + 4, 0, ui.px(size, 12), ui.px(size, 12))
            dot.centery = row.centery
            pygame.draw.rect(surface, ui.seat_colour(seat), dot, border_radius=3)
            ui.blit_text(surface, ("★ " if won else "") + name, ui.px(size, 20), ui.GOLD if won else ui.TEXT,
                         "midleft", (dot.right + 8, row.centery), bold=won, max_w=name_w - dot.w - 14)
            for i, value in enumerate(values[seat]):
                ui.blit_text(surface, value, value_px[i], ui.TEXT, "center", (centres[i], row.centery),
                             max_w=widths[i] - 2)
        ui.blit_text(surface, t("{n} cards played · slap reaction is the median from the pile becoming slappable",
                                n=self.played), ui.px(size, 15), ui.TEXT_DIM, "midbottom",
                     (box.centerx, box.bottom - pad), max_w=box.w - 2 * pad)

    def reaction(self, seat: int) -> str:
        times = sorted(self.stats[seat].reactions_ms)
        return t("{ms} ms", ms=round(times[len(times) // 2])) if times else "–"
