"""The Ratscrew part of the results screen: card counts over the game as a line chart, slaps per seat."""

from __future__ import annotations

import pygame

from game.core.contract import TableConfig, seat_name
from game.games.ratscrew.match import RatscrewHistory, RatscrewMatch, RatscrewStats
from game.i18n import t, tn
from game.render import colors, hud, scale
from game.render.card_art import CardArt
from game.ui import widgets as ui
from game.ui.figures import (
    WORD_PX,
    draw_mark,
    fit_row,
    mark_side,
    table_columns,
    whole_name,
    winners_line,
    word_floor,
)


def hand_steps(history: RatscrewHistory) -> list[tuple[int, ...]]:
    """Every seat's cards in hand from the deal on, one entry per change (a card played, a burn, a pile
    won), as the match sampled them."""
    steps: list[tuple[int, ...]] = []
    for sample in history.counts:
        if not steps or sample.counts != steps[-1]:
            steps.append(sample.counts)
    return steps


ONE_SIDED = 3  # the people's slaps to the bots' (or the bots' to theirs) over this: a bot that matches them is offered
ONE_SIDED_LEAST = 4  # … once this many slaps were won (one slap to none says nothing)


def one_sided(config: TableConfig, stats: list[RatscrewStats]) -> tuple[int, int] | None:
    """(the people's slaps won, the bots' slaps won) when a game between people and bots of a fixed level was
    won or lost by more than ONE_SIDED to 1 in slaps, else None: a bot that matches the players' speed would
    have kept it a game (issue 38: a fast newcomer took 14 slaps to 0 from the default bots)."""
    seats = config.seats
    if not any(s.is_bot and s.level != "adaptive" for s in seats) or all(s.is_bot for s in seats):
        return None
    people = sum(st.slaps_won for spec, st in zip(seats, stats) if not spec.is_bot)
    bots = sum(st.slaps_won for spec, st in zip(seats, stats) if spec.is_bot)
    if max(people, bots) < ONE_SIDED_LEAST or max(people, bots) <= ONE_SIDED * min(people, bots):
        return None
    return people, bots


class RatscrewResults:
    """The winner, each player's card count over the game as a line chart, and slaps won / wrong / late."""

    def __init__(self, config: TableConfig, match: RatscrewMatch) -> None:
        st = match.state
        self.names = [seat_name(s, i) for i, s in enumerate(config.seats)]
        self.winner = st.winner
        self.stats = list(match.stats)
        self.hands = [len(h) for h in st.hands]
        self.reason = st.end_reason
        self.played = st.cards_played
        self.slaps = sum(s.slaps_won + s.wrong for s in self.stats)
        self.steps = hand_steps(match.history)
        self.one_sided = one_sided(config, self.stats)
        self.art: CardArt | None = None

    @property
    def winners(self) -> list[int]:
        """The one winner, or none (the game was stopped before anyone won)."""
        return [] if self.winner is None else [self.winner]

    def headline(self) -> str:
        line = winners_line(self.names, self.winners)
        if self.reason == "limit":
            return t("{line} (the card limit was reached)", line=line)
        if self.reason == "time":
            return t("{line} (most cards when time was up)", line=line)
        return line

    def layout(self, size: tuple[int, int], area: pygame.Rect) -> None:
        """The chart on the left, the table on the right: 3/5 of the area (its headers on one line at the
        lists' size, WORD_PX), grown with the text size up to 2/3 (bigger figures, headers and names need the
        room); the chart takes the rest."""
        self.size = size
        gap = ui.px(size, 20)
        table_w = min(round(area.w * 3 // 5 * scale.text_scale()), area.w * 2 // 3)
        self.chart_rect = pygame.Rect(area.x, area.y, area.w - table_w - gap, area.h)
        self.table_rect = pygame.Rect(self.chart_rect.right + gap, area.y, table_w, area.h)
        self._layout_chart(size, self.chart_rect)
        self._layout_table(size, self.table_rect)

    def _layout_chart(self, size: tuple[int, int], box: pygame.Rect) -> None:
        """The title (on two lines if it must) above the plot; the count labels left of it, as wide as the
        largest needs; what the axis counts under it, right-aligned (two lines if it must)."""
        pad = ui.px(size, 16)
        self.title_px, self.title_lines = ui.TEXTS.wrap_fit(t("Cards in hand over the game"), ui.px(size, WORD_PX),
                                                   box.w - 2 * pad, bold=True, least=1.0)
        title_bottom = box.y + pad + len(self.title_lines) * ui.TEXTS.line_height(self.title_px, True)
        self.top = max([52] + [max(c) for c in self.steps if c])
        self.label_px = self.small_px(size)
        label_font = ui.TEXTS.font(self.label_px)
        label_w = max(label_font.size(str(n))[0] for n in (self.top, round(self.top * 0.75)))
        axis = (t("{played} and {slaps} →", played=tn("{n} card played", "{n} cards played", self.played),
                  slaps=tn("{n} slap", "{n} slaps", self.slaps)) if self.slaps
                else tn("{n} card played →", "{n} cards played →", self.played))
        plot_x = box.x + pad + label_w + ui.px(size, 6)
        self.axis_px, self.axis_lines = ui.TEXTS.wrap_fit(axis, ui.px(size, WORD_PX), box.right - pad - plot_x,
                                                          least=1.0)
        axis_h = len(self.axis_lines) * ui.TEXTS.line_height(self.axis_px)
        half = label_font.get_height() // 2
        plot_y = title_bottom + half + ui.px(size, 4)
        self.plot = pygame.Rect(plot_x, plot_y, box.right - pad - plot_x,
                                box.bottom - pad - axis_h - ui.px(size, 4) - plot_y)
        self.lines = self._lines(self.plot, self.top)
        # a count at every quarter of the plot, or at every half, or at its ends, as its height has room
        self.label_fracs = next(fracs for fracs in ((0, 0.25, 0.5, 0.75, 1), (0, 0.5, 1), (0, 1))
                                if self.plot.h >= (len(fracs) - 1) * label_font.get_height() or len(fracs) == 2)

    def _layout_table(self, size: tuple[int, int], box: pygame.Rect) -> None:
        """Headers (two lines if they must), a row per seat, the note under them (wrapped). The figures and
        names keep their size as far as the rows' height allows (see fit_height); a long name shrinks to fit
        its column whole."""
        pad = ui.px(size, 16)
        inner = box.w - 2 * pad
        self.headers = [t("Slaps won"), t("Wrong"), t("Late"), t("Reaction"), t("Cards")]
        self.values = [[str(v) for v in (s.slaps_won, s.wrong, s.late, self.reaction(seat), self.hands[seat])]
                       for seat, s in enumerate(self.stats)]
        # How many cards were played is under the chart already: the note keeps only its part after " · ",
        # what the reaction time is (a line less, for the rows' figures in a small window).
        note = tn("{n} card played · slap reaction is the median from the pile becoming slappable",
                  "{n} cards played · slap reaction is the median from the pile becoming slappable",
                  self.played).split(" · ", 1)[-1]
        if self.one_sided is not None:  # said first: the note's lines are few
            people, bots = self.one_sided
            note = t("One-sided ({people} slaps to {bots}): for a closer game, set a bot to “Match my speed” in "
                     "the lobby.", people=people, bots=bots)
        self.note_px, self.note_lines = ui.TEXTS.wrap_fit(note, self.small_px(size), inner, lines=3, least=1.0)
        note_h = len(self.note_lines) * ui.TEXTS.line_height(self.note_px)
        n = max(1, len(self.names))
        # the rows' height first (figures as big as it allows), then the columns for figures of that size
        head_guess = 2 * ui.TEXTS.line_height(self.small_px(size))
        rows_h = box.h - 2 * pad - head_guess - ui.px(size, 8) - note_h - ui.px(size, 6)
        row_h = min(ui.px(size, 54), rows_h // n)
        self.value_px = [fit_row(size, 28 if i != 3 else WORD_PX, row_h - 2) for i in range(len(self.headers))]
        self.name_px = fit_row(size, 26, row_h - 2, True)
        self.mark = mark_side(size, self.name_px, row_h)
        name_font = ui.TEXTS.font(self.name_px, True)
        name_need = max(name_font.size("★ " + name)[0] for name in self.names) + self.mark + 16 + ui.px(size, 8)
        room = inner - min(name_need, max(ui.px(size, 110), inner * 2 // 5))
        self.header_px, self.widths, self.shown = table_columns(size, self.headers,
                                                                [list(col) for col in zip(*self.values)],
                                                                self.value_px, room, self.small_px(size))
        self.name_w = inner - sum(self.widths)
        head_h = max(len(lines) for lines in self.shown) * ui.TEXTS.line_height(self.header_px)
        self.rows_top = box.y + pad + head_h + ui.px(size, 8)
        self.note_y = box.bottom - pad - note_h
        self.row_h = min(ui.px(size, 54), (self.note_y - ui.px(size, 6) - self.rows_top) // n)

    @staticmethod
    def small_px(size: tuple[int, int]) -> int:
        """The table's headers and note: at the lists' size (WORD_PX) whatever the text size, so that a bigger
        text size grows the names and figures they are about."""
        return word_floor()

    def scroll(self, step: int) -> None:
        """Nothing to page: the table's rows are the seats (eight at most, ui.figures.LIST_ROWS)."""

    def draw(self, surface: pygame.Surface) -> None:
        self._draw_chart(surface)
        self._draw_table(surface)

    def _draw_chart(self, surface: pygame.Surface) -> None:
        size, box = self.size, self.chart_rect
        ui.panel(surface, box)
        pad = ui.px(size, 16)
        y = box.y + pad
        for line in self.title_lines:
            y = ui.blit_text(surface, line, self.title_px, ui.GOLD, "topleft", (box.x + pad, y), bold=True,
                             max_w=box.w - 2 * pad).bottom
        plot, top = self.plot, self.top
        for frac in self.label_fracs:
            y = plot.bottom - round(frac * plot.h)
            pygame.draw.line(surface, colors.GRID, (plot.x, y), (plot.right, y))
            ui.blit_text(surface, str(round(frac * top)), self.label_px, ui.TEXT_DIM, "midright", (plot.x - 6, y))
        y = plot.bottom + ui.px(size, 4)
        for line in self.axis_lines:
            y = ui.blit_text(surface, line, self.axis_px, ui.TEXT_DIM, "topright", (plot.right, y),
                             max_w=plot.w).bottom
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
        widths = self.widths
        centres = [box.x + pad + self.name_w + sum(widths[:i]) + widths[i] // 2 for i in range(len(widths))]
        head_line = ui.TEXTS.line_height(self.header_px)
        for lines, x, w in zip(self.shown, centres, widths):
            for k, line in enumerate(lines):
                ui.blit_text(surface, line, self.header_px, ui.TEXT_DIM, "midtop", (x, box.y + pad + k * head_line),
                             max_w=w - 4)
        row_h = self.row_h
        for seat, name in enumerate(self.names):
            row = pygame.Rect(box.x + pad, self.rows_top + seat * row_h, box.w - 2 * pad, row_h - 4)
            won = seat == self.winner
            if won:
                hud.shade(surface, row, 70, ui.GOLD, radius=row.h // 5)
            right = draw_mark(surface, seat, row.x + 4, row.centery, min(self.mark, row.h - 2))
            label = ("★ " if won else "") + name
            whole_name(surface, label, self.name_w - self.mark - 14, self.name_px, ui.GOLD if won else ui.TEXT, won,
                       (right + 8, row.centery), row.h)
            for i, value in enumerate(self.values[seat]):
                ui.blit_text(surface, value, self.value_px[i], ui.TEXT, "center", (centres[i], row.centery),
                             max_w=widths[i] - 2)
        y = self.note_y
        colour = ui.GOLD if self.one_sided is not None else ui.TEXT_DIM
        for line in self.note_lines:
            y = ui.blit_text(surface, line, self.note_px, colour, "midtop", (box.centerx, y),
                             max_w=box.w - 2 * pad).bottom

    def reaction(self, seat: int) -> str:
        times = sorted(self.stats[seat].reactions_ms)
        return t("{ms} ms", ms=round(times[len(times) // 2])) if times else "–"
