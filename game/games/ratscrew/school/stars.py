"""The stars screen at the end of a session: per player, stars for accuracy and for speed; for the player
shown (a seat's slap button picks whose), a row per rule and the reaction times as a small chart. Then:
again, the next drill, or back to the setup."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable

import pygame

from game import screens
from game.commands import BUTTONS, DOWN, SLAP, UP, Command
from game.games.ratscrew.school import text, who
from game.games.ratscrew.school.drills import DRILLS
from game.games.ratscrew.school.names import GAME, MODE
from game.games.ratscrew.school.paint import chart
from game.games.ratscrew.school.scoring import SeatScore, tally
from game.games.ratscrew.school.session import Options, Session
from game.games.ratscrew.school.who import Colour
from game.games.ratscrew.text import slap_label
from game.games.school.paint import Words, fit_px, line_h, stars
from game.i18n import t
from game.render import scale
from game.render.text import halves, wrap
from game.ui import widgets as ui
from game.ui.figures import LIST_ROWS, WORD_PX, word_floor
from game.ui.menu import MenuHandler

PX = WORD_PX  # every word here at 1280×720: the lists' size, read from the sofa
TABLE_PAD = 3  # the rules table's inner margin at 1280x720: its rows need the height


FALSE_NOTE_LEAST = 5  # false slaps from which a parent is told the pace slowed for them …
# A seat's panel at 1280×720: as wide as its stars and figures need, or where a parent's notes are shown (tonight's
# share and false slaps, many false slaps) as wide as its longest note needs up to NOTES_PANEL_W, so each reads on
# a line or two ("Tonight: 100% → 100% of patterns, 22 → 22 false slaps" whole), not broken every few words down a
# narrow panel with the screen's width free beside it.
PANEL_W, NOTES_PANEL_W = 300, 800


def many_false(score: SeatScore) -> bool:
    """… when they are at least half as many as the patterns hit (a student slapping everything)."""
    return score.false_slaps >= max(FALSE_NOTE_LEAST, score.hits / 2)


class StarsScene(MenuHandler):
    text_room = 1.5  # the largest text size its layout takes at 1280×720 (tests/test_access_text.py)

    def __init__(self, options: Options, players: int, session: Session,
                 remember: Callable[[Options], None] | None = None, profiles: tuple[int | None, ...] = ()) -> None:
        self.options = options
        self.players = players
        self.session = session
        self.remember = remember
        self.profiles = tuple(profiles)  # each player's profile (game.history), None for a guest
        self.scores: list[SeatScore] = tally(session.cards, players)
        self.focus = 0  # whose table and chart are shown
        self.table_page = 0  # the page of the rules table shown (↑ ↓), at most LIST_ROWS rules a page
        self.table_rows = LIST_ROWS  # the rules a page holds (as its area and the text size allow)
        self.notes: list[list[tuple[str, Colour]]] = [[] for _ in range(players)]  # each seat's lines for a parent

    def enter(self) -> None:
        self.words = Words()
        self.names = who.names(self.app, self.profiles, self.players)
        self.colours = who.colours(self.app, self.profiles, self.players)
        for seat, score in enumerate(self.scores):
            guest = who.profile_of(self.app, self.profiles, seat) is None
            tonight = text.tonight(self.app.history.guest_practice(GAME, self.names[seat])) if guest else ""
            many = many_false(score)
            # tonight's share in gold as praise, unless false slaps made it: then as plain as the figures above it
            self.notes[seat] = [(line, tone) for line, tone in ((tonight, ui.TEXT_DIM if many else ui.GOLD),
                                                                (text.false_slaps_note() if many else "", ui.GOLD))
                                if line]
        last = self.options.drill >= len(DRILLS) - 1
        self.menu = ui.Menu([
            ui.Item(t("Again"), self._again, button=True),
            ui.Item(t("Next drill"), self._next, button=True, enabled=lambda: not last),
            ui.Item(t("Back to setup"), self.back, button=True),
        ])
        self.menu.select(1 if not last and min(s.accuracy_stars for s in self.scores) >= 2 else 0)

    def handle(self, cmd: Command) -> None:
        if cmd.seat is not None and cmd.action in (BUTTONS[1], SLAP) and cmd.seat < self.players:
            self.focus = cmd.seat  # a player's slap button shows their table (a pad's B also goes back)
            self.table_page = 0
            return
        if cmd.action in (UP, DOWN) and self._table_pages() > 1:  # the buttons are a row: ← → choose them
            self.table_page = (self.table_page + (1 if cmd.action == DOWN else -1)) % self._table_pages()
            return
        super().handle(cmd)

    def _table_lines(self) -> list[list[str]]:
        """The focused player's rules table: a row of cells per rule (and one for slaps on plain piles)."""
        score = self.scores[self.focus]
        lines = []
        for row in score.table():
            cells = [slap_label(row.rule), str(row.right), str(row.missed), f"{row.held}/{row.near}" if row.near else "–",
                     str(row.wrong), "–" if row.median_ms is None else text.ms(row.median_ms)]
            if not row.patterns:
                cells[1] = cells[2] = "–"
            lines.append(cells)
        if score.wrong_plain:  # slaps on piles that made nothing at all
            lines.append([text.no_pattern(), "–", "–", "–", str(score.wrong_plain), "–"])
        return lines

    def _table_pages(self) -> int:
        return max(1, -(-len(self._table_lines()) // self.table_rows))

    def _again(self) -> None:
        self.app.nav.replace(screens.Practice(
            GAME, MODE, "drill", (self.options, self.players, self.remember),
            {"profiles": self.profiles}))

    def _next(self) -> None:
        options = dataclasses.replace(self.options, drill=min(len(DRILLS) - 1, self.options.drill + 1))
        if self.remember is not None:
            self.remember(options)
        self.app.nav.replace(screens.Practice(
            GAME, MODE, "drill", (options, self.players, self.remember),
            {"profiles": self.profiles, "quiz": None}))  # a new pattern: its first step, where it is new

    # -- drawing --------------------------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        # The seats' panels, the rules table and the chart at the player's text size; if the table's rows
        # then have no room (many rules in a small window), those three at the standard size instead.
        self.compact = False
        self._layout(size)
        if scale.text_scale() > 1.0 and not self._table_fits(size):
            self.compact = True
            self._layout(size)

    def _standard(self) -> contextlib.AbstractContextManager[None]:
        """Where the seats, the table and the chart are laid out and drawn: at the standard text size when
        compact, else at the player's."""
        return scale.text_room(1.0) if self.compact else contextlib.nullcontext()

    def _table_fits(self, size: tuple[int, int]) -> bool:
        """Whether a page of the longest rules table (LIST_ROWS rules at most, with heads on two lines and the
        page's line under them) fits its area."""
        longest = max(len(score.table()) + (1 if score.wrong_plain else 0) for score in self.scores)
        rows = min(LIST_ROWS, longest) + 2 + (1 if longest > LIST_ROWS else 0)
        title = line_h(ui.px(size, PX), True) + ui.px(size, 6)
        return rows * line_h(ui.px(size, PX)) <= self.table_rect.h - title - 2 * ui.px(size, TABLE_PAD)

    def _layout(self, size: tuple[int, int]) -> None:
        w, h = size
        m = ui.px(size, 30)
        n = self.players
        gap = ui.px(size, 16)
        font = ui.TEXTS.font(ui.px(size, PX))
        notes_w = max((font.size(note)[0] + 2 * ui.px(size, 14) for notes in self.notes for note, _ in notes), default=0)
        pw = min(max(ui.px(size, PANEL_W), min(notes_w, ui.px(size, NOTES_PANEL_W))), (w - 2 * m - (n - 1) * gap) // n)
        top = ui.px(size, 26) + line_h(ui.px(size, 44), True) + ui.px(size, 10)  # right under the heading
        with self._standard():
            ph = self._seat_rows(size, pw)[-1]
        left = (w - n * pw - (n - 1) * gap) // 2
        self.seat_rects = [pygame.Rect(left + i * (pw + gap), top, pw, ph) for i in range(n)]
        below = top + ph + ui.px(size, 10)
        bh = ui.px(size, 54)
        # The buttons as wide as their words need (each a third of the row at most).
        label_font = ui.TEXTS.font(max(10, round(bh * 0.48)), True)  # as the menu draws its buttons
        need = max(label_font.size(item.label)[0] for item in self.menu.items) + bh
        bw = min(max(ui.px(size, 250), need), (w - 2 * m - 2 * gap) // 3)
        hint_h = line_h(ui.px(size, PX))
        buttons_top = h - ui.px(size, 10) - hint_h - ui.px(size, 6) - bh
        bottom = buttons_top - ui.px(size, 16)
        split = int(w * 0.64)  # the rules table's six columns at the lists' size want the room more than the chart
        self.table_rect = pygame.Rect(m, below, split - m - gap // 2, bottom - below)
        self.chart_rect = pygame.Rect(split + gap // 2, below, w - split - m - gap // 2, bottom - below)
        x = (w - 3 * bw - 2 * gap) // 2
        self.menu.rects = [pygame.Rect(x + i * (bw + gap), buttons_top, bw, bh) for i in range(3)]

    def _seat_rows(self, size: tuple[int, int], width: int) -> tuple[int, int, int, int]:
        """A seat's panel from its top: the centres of its two rows of stars, the top of its two lines of
        figures, and its height, all as tall as the player's text size draws them."""
        name_h = line_h(ui.px(size, 26), True)
        text_h = line_h(ui.px(size, PX))
        star_row = max(2 * self._radius(size, width), text_h)
        first = ui.px(size, 8) + name_h + max(ui.px(size, 24), star_row // 2 + ui.px(size, 4))
        second = first + max(ui.px(size, 42), star_row + ui.px(size, 6))
        figures = second + max(ui.px(size, 26), star_row // 2 + ui.px(size, 4))
        lines = 2 + max((len(self._note_lines(size, width, seat)) for seat in range(self.players)), default=0)
        return first, second, figures, figures + lines * (text_h + ui.px(size, 2)) + ui.px(size, 8)

    def _note_lines(self, size: tuple[int, int], width: int, seat: int) -> list[tuple[str, Colour]]:
        """A seat's notes for a parent, wrapped to its panel at the words' size (never shrunk out of reach),
        each line in its note's colour."""
        font = ui.TEXTS.font(ui.px(size, PX))
        room = width - 2 * ui.px(size, 14)
        return [(line, tone) for note, tone in self.notes[seat] for line in (wrap(note, font, room) or [note])]

    def _radius(self, size: tuple[int, int], width: int) -> int:
        """The stars' size: as drawn at the standard text size, smaller where the labels beside them grew."""
        room = width - 2 * ui.px(size, 14) - self._label_w(size, width) - ui.px(size, 12)
        return max(3, min(ui.px(size, 19), int(room / 6.6)))  # three stars take 6.6 radii

    @staticmethod
    def _label_px(size: tuple[int, int], width: int) -> int:
        """The size of "Accuracy" and "Speed": the player's, shrunk (to the standard size at most) where the
        stars beside them would have to shrink below 4/5 of theirs."""
        room = width - 2 * ui.px(size, 14) - ui.px(size, 12) - round(6.6 * ui.px(size, 19) * 0.8)
        longest = max((text.accuracy(), text.speed()), key=lambda s: ui.TEXTS.font(ui.px(size, PX)).size(s)[0])
        return fit_px(longest, room, ui.px(size, PX))

    def _label_w(self, size: tuple[int, int], width: int) -> int:
        font = ui.TEXTS.font(self._label_px(size, width))
        return max(font.size(s)[0] for s in (text.accuracy(), text.speed()))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = w, h = surface.get_size()
        self.words.reset()
        surface.blit(ui.backdrop(size), (0, 0))
        best = max(score.accuracy_stars + score.speed_stars for score in self.scores)
        careless = best == 0 and all(many_false(score) for score in self.scores)
        heading = t("{drill} — {words}", drill=text.drill_name(self.options.drill),
                    words=text.stars_heading(best, careless))
        self.words.shadow(surface, heading, ui.px(size, 44), ui.TEXT, "midtop", (w // 2, ui.px(size, 26)),
                          max_w=w - ui.px(size, 60))
        with self._standard():
            for seat, rect in enumerate(self.seat_rects):
                self._draw_seat(surface, size, seat, rect)
            self._draw_table(surface, size)
            self._draw_chart(surface, size)
        self.menu.draw(surface)
        buttons = self.app.input.buttons()
        hint = t("← → choose   Enter / {a} select", **buttons) if self.players == 1 else \
            t("← → choose   Enter / {a} select   your slap key or {lb}: your table", **buttons)
        self.words.text(surface, hint, ui.px(size, PX), ui.TEXT_DIM, "midbottom", (w // 2, h - ui.px(size, 10)),
                        max_w=w - ui.px(size, 40))

    def _draw_seat(self, surface: pygame.Surface, size: tuple[int, int], seat: int, rect: pygame.Rect) -> None:
        score = self.scores[seat]
        focused = seat == self.focus and self.players > 1
        ui.panel(surface, rect, alpha=235 if focused else 170, border=self.colours[seat])
        if focused:  # whose table and chart are shown: a thick frame in their colour
            pygame.draw.rect(surface, self.colours[seat], rect.inflate(6, 6), width=4,
                             border_radius=max(6, rect.h // 24) + 3)
        pad = ui.px(size, 14)
        inner = rect.w - 2 * pad
        name = self.names[seat]
        self.words.text(surface, name, ui.TEXTS.whole_size(name, inner, ui.px(size, 26), True), self.colours[seat],
                        "midleft", (rect.x + pad, rect.y + ui.px(size, 8) + line_h(ui.px(size, 26), True) // 2),
                        bold=True, max_w=inner)
        radius = self._radius(size, rect.w)
        label_w, label_px = self._label_w(size, rect.w), self._label_px(size, rect.w)
        first, second, figures, _ = self._seat_rows(size, rect.w)
        for label, count, y in ((text.accuracy(), score.accuracy_stars, first), (text.speed(), score.speed_stars, second)):
            self.words.text(surface, label, label_px, ui.TEXT, "midleft", (rect.x + pad, rect.y + y))
            stars(surface, rect.x + pad + label_w + ui.px(size, 12), rect.y + y, radius, count)
        y = rect.y + figures
        figures_lines = [(text.score_line(score.right, score.decisions), ui.TEXT_DIM),
                         (text.median(score.median_ms), ui.TEXT_DIM)]
        for line, colour in figures_lines + self._note_lines(size, rect.w, seat):
            px = fit_px(line, inner, ui.px(size, PX))
            box = self.words.text(surface, line, px, colour, "topleft", (rect.x + pad, y), max_w=inner)
            y = box.bottom + ui.px(size, 2)

    def _draw_table(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        rect = self.table_rect
        title_text = text.table_title(self.names[self.focus])
        title = self.words.text(surface, title_text, fit_px(title_text, rect.w, ui.px(size, PX), True),
                                self.colours[self.focus], "topleft", (rect.x + ui.px(size, 6), rect.y), bold=True,
                                max_w=rect.w)
        area = pygame.Rect(rect.x, title.bottom + ui.px(size, 6), rect.w, rect.bottom - title.bottom - ui.px(size, 6))
        ui.panel(surface, area, alpha=170)
        pad = ui.px(size, TABLE_PAD)
        lines = self._table_lines()
        room = area.inflate(-2 * pad, -2 * pad)
        font_px, heads, xs, row_h, self.table_rows = self._table_layout(size, room, lines)
        self.table_page = min(self.table_page, self._table_pages() - 1)
        first = self.table_page * self.table_rows
        shown = lines[first:first + self.table_rows]
        y = area.y + pad
        widths = [b - a for a, b in zip(xs, [*xs[1:], area.right - pad + ui.px(size, 8)], strict=True)]
        for head, x, width in zip(heads, xs, widths, strict=True):
            for k, part in enumerate(head):
                self.words.text(surface, part, font_px, ui.GOLD, "topleft", (x, y + k * row_h), bold=True,
                                max_w=width - ui.px(size, 8))
        y += row_h * max(len(head) for head in heads)
        for cells in shown:
            for cell, x, width in zip(cells, xs, widths, strict=True):
                self.words.text(surface, cell, font_px, ui.TEXT, "topleft", (x, y), max_w=width - ui.px(size, 8))
            y += row_h
        if self._table_pages() > 1:  # which rules of how many, and the keys that turn the page
            self.words.text(surface, t("↑ ↓ {first}–{last} of {count}", first=first + 1, last=first + len(shown),
                                       count=len(lines)), font_px, ui.TEXT_DIM, "bottomright",
                            (room.right, room.bottom), max_w=room.w)

    @staticmethod
    def _table_layout(size: tuple[int, int], room: pygame.Rect,
                      lines: list[list[str]]) -> tuple[int, list[list[str]], list[int], int, int]:
        """The rules table's font size, its heads (each on one line, or on two where that saves the room
        needed), its columns' left edges, its row height and the rules a page holds: the biggest size from
        the player's text size down to the lists' floor at which every column is as wide as its words and a
        page of LIST_ROWS rules (or as many as there are) fits `room`, else at the floor as many rules a
        page as fit (a line kept for the page's count); spare width shared out between the columns."""
        gap = ui.px(size, 8)
        heads = text.table_heads()
        chosen: tuple[int, list[list[str]], list[int], int] | None = None
        page = min(LIST_ROWS, len(lines))
        for px in range(ui.px(size, PX), min(ui.px(size, PX), word_floor()) - 1, -1):
            font, bold = ui.TEXTS.font(px), ui.TEXTS.font(px, True)
            cells = [max((font.size(c[i])[0] for c in lines), default=0) for i in range(len(heads))]
            parts = [[head] for head in heads]
            widths = [max(cell, bold.size(head)[0]) + gap for cell, head in zip(cells, heads, strict=True)]
            if sum(widths) > room.w:  # heads of more than one word on two lines, where that is narrower
                for i, head in enumerate(heads):
                    split = halves(head, bold)
                    narrower = max(cells[i], *(bold.size(p)[0] for p in split)) + gap
                    if len(split) == 2 and narrower < widths[i]:
                        parts[i], widths[i] = split, narrower
            tall = max(map(len, parts)) + page + (1 if len(lines) > page else 0)
            row_h = font.get_linesize()
            row_h = max(row_h, min(ui.px(size, 40), room.h // tall))  # rows spaced out where there is room
            chosen = (px, parts, widths, row_h)
            if sum(widths) <= room.w and tall * row_h <= room.h:
                break
        assert chosen is not None
        px, parts, widths, row_h = chosen
        fit = room.h // row_h - max(map(len, parts))
        if fit < len(lines):
            fit -= 1  # the page's count under the rows
        rows = max(1, min(page, fit))
        spare = max(0, room.w - sum(widths)) // len(widths)
        xs, x = [], room.x
        for width in widths:
            xs.append(x)
            x += width + spare
        return px, parts, xs, row_h, rows

    def _draw_chart(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        rect = self.chart_rect
        score = self.scores[self.focus]
        title = self.words.text(surface, text.chart_title(), ui.px(size, PX), ui.GOLD, "topleft",
                                (rect.x + ui.px(size, 6), rect.y), bold=True, max_w=rect.w)
        area = pygame.Rect(rect.x, title.bottom + ui.px(size, 6), rect.w, rect.bottom - title.bottom - ui.px(size, 6))
        reactions = [ms for _, _, ms in score.reactions]
        chart(surface, self.words, area, reactions, self.colours[self.focus], ui.px(size, PX))
        if not reactions:
            self.words.text(surface, text.no_reactions(), ui.px(size, PX), ui.TEXT_DIM, "center", area.center,
                            max_w=area.w - ui.px(size, 20))
