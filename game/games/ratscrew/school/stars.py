"""The stars screen at the end of a session: per player, stars for accuracy and for speed; for the player
shown (a seat's slap button picks whose), a row per rule and the reaction times as a small chart. Then:
again, the next drill, or back to the setup."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame

from game.commands import BUTTONS, SLAP, Command
from game.games.ratscrew.school import text, who
from game.games.ratscrew.school.drills import DRILLS
from game.games.ratscrew.school.names import GAME, MODE
from game.games.ratscrew.school.paint import Words, chart, stars
from game.games.ratscrew.school.scoring import SeatScore, tally
from game.games.ratscrew.school.session import Options, Session
from game.games.ratscrew.text import slap_label
from game.i18n import t
from game.scenes import ui
from game.scenes.menu import MenuHandler

PX = 20


class StarsScene(MenuHandler):
    text_room = 1.25  # the largest text size its layout takes at 1280×720 (tests/test_access_text.py)

    def __init__(self, options: Options, players: int, session: Session,
                 remember: Callable[[Options], None] | None = None, profiles: tuple[int | None, ...] = ()) -> None:
        self.options = options
        self.players = players
        self.session = session
        self.remember = remember
        self.profiles = tuple(profiles)  # each player's profile (game.history), None for a guest
        self.scores: list[SeatScore] = tally(session.cards, players)
        self.focus = 0  # whose table and chart are shown

    def enter(self) -> None:
        self.words = Words()
        self.names = who.names(self.app, self.profiles, self.players)
        self.colours = who.colours(self.app, self.profiles, self.players)
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
            return
        super().handle(cmd)

    def _again(self) -> None:
        self.app.nav.replace("practice", GAME, MODE, "drill", self.options, self.players, self.remember,
                             profiles=self.profiles)

    def _next(self) -> None:
        options = dataclasses.replace(self.options, drill=min(len(DRILLS) - 1, self.options.drill + 1))
        if self.remember is not None:
            self.remember(options)
        self.app.nav.replace("practice", GAME, MODE, "drill", options, self.players, self.remember,
                             profiles=self.profiles)

    # -- drawing --------------------------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        w, h = size
        m = ui.px(size, 30)
        n = self.players
        gap = ui.px(size, 16)
        pw = min(ui.px(size, 300), (w - 2 * m - (n - 1) * gap) // n)
        top = ui.px(size, 112)
        ph = ui.px(size, 196)
        left = (w - n * pw - (n - 1) * gap) // 2
        self.seat_rects = [pygame.Rect(left + i * (pw + gap), top, pw, ph) for i in range(n)]
        below = top + ph + ui.px(size, 16)
        bw, bh = ui.px(size, 250), ui.px(size, 54)
        buttons_top = h - ui.px(size, 44) - bh
        bottom = buttons_top - ui.px(size, 16)
        split = int(w * 0.56)
        self.table_rect = pygame.Rect(m, below, split - m - gap // 2, bottom - below)
        self.chart_rect = pygame.Rect(split + gap // 2, below, w - split - m - gap // 2, bottom - below)
        x = (w - 3 * bw - 2 * gap) // 2
        self.menu.rects = [pygame.Rect(x + i * (bw + gap), buttons_top, bw, bh) for i in range(3)]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = w, h = surface.get_size()
        self.words.reset()
        surface.blit(ui.backdrop(size), (0, 0))
        best = max(score.accuracy_stars + score.speed_stars for score in self.scores)
        heading = t("{drill} — {words}", drill=text.drill_name(self.options.drill), words=text.stars_heading(best))
        self.words.shadow(surface, heading, ui.px(size, 44), ui.TEXT, "midtop", (w // 2, ui.px(size, 26)),
                          max_w=w - ui.px(size, 60))
        for seat, rect in enumerate(self.seat_rects):
            self._draw_seat(surface, size, seat, rect)
        self._draw_table(surface, size)
        self._draw_chart(surface, size)
        self.menu.draw(surface)
        hint = t("← → choose   Enter / A select") if self.players == 1 else \
            t("← → choose   Enter / A select   your slap key or LB: your table")
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
        name = self.words.text(surface, self.names[seat], ui.px(size, 26), self.colours[seat],
                               "topleft", (rect.x + pad, rect.y + ui.px(size, 8)), bold=True, max_w=inner)
        radius = ui.px(size, 19)
        label_w = max(ui.TEXTS.font(ui.px(size, PX)).size(s)[0] for s in (text.accuracy(), text.speed()))
        y = name.bottom + ui.px(size, 24)
        for label, count in ((text.accuracy(), score.accuracy_stars), (text.speed(), score.speed_stars)):
            self.words.text(surface, label, ui.px(size, PX), ui.TEXT, "midleft", (rect.x + pad, y))
            stars(surface, rect.x + pad + label_w + ui.px(size, 12), y, radius, count)
            y += ui.px(size, 42)
        y -= ui.px(size, 16)
        for line in (text.score_line(score.right, score.decisions), text.median(score.median_ms)):
            box = self.words.text(surface, line, ui.px(size, PX), ui.TEXT_DIM, "topleft", (rect.x + pad, y),
                                  max_w=inner)
            y = box.bottom + ui.px(size, 2)

    def _draw_table(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        rect = self.table_rect
        score = self.scores[self.focus]
        title = self.words.text(surface, text.table_title(self.names[self.focus]), ui.px(size, PX),
                                self.colours[self.focus], "topleft", (rect.x + ui.px(size, 6), rect.y), bold=True,
                                max_w=rect.w)
        area = pygame.Rect(rect.x, title.bottom + ui.px(size, 6), rect.w, rect.bottom - title.bottom - ui.px(size, 6))
        ui.panel(surface, area, alpha=170)
        pad = ui.px(size, 14)
        rows = score.table()
        heads = text.table_heads()
        room = area.w - 2 * pad
        widths = [0.21, 0.12, 0.15, 0.2, 0.14, 0.18]
        xs = [area.x + pad + round(room * sum(widths[:i])) for i in range(len(widths))]
        row_h = min(ui.px(size, 34), (area.h - 2 * pad) // (len(rows) + 2))
        font_px = max(8, min(ui.px(size, PX), row_h - ui.px(size, 6)))
        y = area.y + pad
        for i, (head, x) in enumerate(zip(heads, xs)):
            self.words.text(surface, head, font_px, ui.GOLD, "topleft", (x, y), bold=True,
                            max_w=round(room * widths[i]) - ui.px(size, 8))
        lines = []
        for row in rows:
            cells = [slap_label(row.rule), str(row.right), str(row.missed), f"{row.held}/{row.near}" if row.near else "–",
                     str(row.wrong), "–" if row.median_ms is None else text.ms(row.median_ms)]
            if not row.patterns:
                cells[1] = cells[2] = "–"
            lines.append(cells)
        if score.wrong_plain:  # slaps on piles that made nothing at all
            lines.append([text.no_pattern(), "–", "–", "–", str(score.wrong_plain), "–"])
        for cells in lines:
            y += row_h
            for i, (cell, x) in enumerate(zip(cells, xs)):
                self.words.text(surface, cell, font_px, ui.TEXT, "topleft", (x, y),
                                max_w=round(room * widths[i]) - ui.px(size, 8))

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
