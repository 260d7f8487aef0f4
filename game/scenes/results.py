"""The end of a game: who won and why, in figures; then play again at once (same seats and rules, the first
turn one seat on), change seats or rules in the lobby, or go to the menu."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.base import TableConfig
from game.i18n import t, tn
from game.render.card_art import CardArt
from game.scenes import ui
from game.scenes.base import Scene

DEMO_PAUSE_NS = 6_000_000_000  # a demo shows its results this long, then deals the next game
TALLY_PX = 20  # the evening's tally: one line above the buttons, from the second game on
NAME_CUTS = (None, 10, 6, 0)  # names in the tally are cut to this many letters until it fits (0: the colour alone)


def tally_parts(tally: Any, cut: int | None = None) -> list[tuple[int | None, str]]:
    """The evening's running score (a game.history.Tally) as (seat, text) parts after a heading (seat None):
    points where the game has them, else wins; each name at most `cut` letters ("Alexandra…"), or none at all
    (the seat's colour says who) with `cut` 0."""
    if tally.points is not None:
        parts = [(None, tn("Tonight, {n} game — points:", "Tonight, {n} games — points:", tally.games))]
        values = [f"{points:+d}".replace("-", "−") for points in tally.points]
    else:
        parts = [(None, tn("Tonight, {n} game — wins:", "Tonight, {n} games — wins:", tally.games))]
        values = [str(wins) for wins in tally.wins]
    for seat, (name, value) in enumerate(zip(tally.names, values)):
        if cut == 0:
            parts.append((seat, value))
        else:
            shown = name if cut is None or len(name) <= cut else name[: cut - 1].rstrip() + "…"
            parts.append((seat, f"{shown} {value}"))
    return parts


def tally_layout(tally: Any, font: pygame.font.Font, width: int, dot: int, gap: int
                 ) -> list[tuple[int | None, str, int]]:
    """(seat, text, x from the line's left) of each part, names cut as far as it takes to fit `width`; a seat's
    part starts with its colour's mark (`dot` px) and parts are `gap` apart."""
    for cut in NAME_CUTS:
        placed, x = [], 0
        for seat, text in tally_parts(tally, cut):
            if placed:
                x += gap
            placed.append((seat, text, x))
            x += (dot + dot // 2 if seat is not None else 0) + font.size(text)[0]
        if x <= width:
            break
    return placed


def winners_line(names: list[str], winners: list[int]) -> str:
    if not winners:
        return t("A draw")
    if len(winners) == 1:
        return t("{name} wins!", name=names[winners[0]])
    return t("{names} share the win!", names=" & ".join(names[w] for w in winners))


class ResultsScene(Scene):
    """Built from the finished match; the game's results body reads `match.state`, `.history`, `.stats`."""
    text_room = 1.0  # the largest text size its layout takes without overlaps at 1280×720 (tests/test_access_text.py)

    def __init__(self, config: TableConfig, match: Any) -> None:
        self.config = config
        self.match = match
        self.shown_ns: int | None = None

    def enter(self) -> None:
        self.definition = self.app.games.get(self.config.game)
        self.body = self.definition.results_body(self.config, self.match)
        self.body.art = CardArt(self.app.settings["four_colour_suits"])
        tally = self.app.session_tally(self.config)  # Play again keeps a running score: shown from game 2
        self.tally = tally if tally is not None and tally.games >= 2 else None
        self.menu = ui.Menu([ui.Item(t("Watch again"), self.watch_again, button=True),
                             ui.Item(t("Play again"), self.play_again, button=True),
                             ui.Item(t("Change seats or rules…"), self.change_table, button=True),
                             ui.Item(t("Menu"), self.to_menu, button=True)], 1, columns=4)

    def watch_again(self) -> None:
        """This game again from its log, in the replay viewer over this screen (Back returns here)."""
        self.app.demo = None  # someone is watching: a demo stops dealing games by itself
        self.app.nav.push("replay", self.match.log.lines())

    def play_again(self) -> None:
        """The next game at once: same seats and rules, the first turn one seat on, a fresh deal."""
        self.app.nav.start_table(self.config.next_round().with_seed(self.app.next_seed()))

    def change_table(self) -> None:
        """The lobby with this table's seats and rules (and the first turn one seat on), Start focused."""
        self.app.demo = None  # someone is choosing a table: a demo stops dealing games by itself
        self.app.nav.replace("lobby", self.config.game, self.config.next_round())

    def to_menu(self) -> None:
        self.app.nav.reset("title")

    def handle(self, cmd: Any) -> None:
        if ui.is_back(cmd):
            self.to_menu()
        else:
            self.menu.handle(cmd)

    def update(self, now_ns: int, dt_ns: int) -> None:
        if self.shown_ns is None:
            self.shown_ns = now_ns
        if self.app.demo is not None and now_ns - self.shown_ns >= DEMO_PAUSE_NS:
            self.app.nav.start_table(self.app.demo.next(self.config, self.app.next_seed()))

    def relayout(self, size: tuple[int, int]) -> None:
        w = size[0]
        bh = ui.px(size, 52)
        area = self._layout_buttons(size, bh)
        font = ui.TEXTS.font(ui.px(size, TALLY_PX), True)
        dot, gap = ui.px(size, 12), ui.px(size, 16)
        self.tally_parts = [] if self.tally is None else tally_layout(self.tally, font, w - ui.px(size, 60), dot, gap)
        self.tally_x = ui.px(size, 30)
        if self.tally_parts:
            seat, text, x = self.tally_parts[-1]
            used = x + (dot + dot // 2 if seat is not None else 0) + font.size(text)[0]
            self.tally_x = max(ui.px(size, 30), (w - used) // 2)
        tally_h = ui.px(size, 34) if self.tally_parts else 0
        self.tally_y = area.y - ui.px(size, 6) - tally_h
        self.body.layout(size, pygame.Rect(ui.px(size, 30), ui.px(size, 96), w - ui.px(size, 60),
                                           area.y - ui.px(size, 110) - tally_h))

    def _draw_tally(self, surface: pygame.Surface) -> None:
        """The evening's tally: the heading in gold, then each seat's mark in its colour and its figure."""
        size = w, _ = surface.get_size()
        dot = ui.px(size, 12)
        cy = self.tally_y + ui.px(size, 14)
        for seat, text, x in self.tally_parts:
            left = self.tally_x + x
            if seat is not None:
                mark = pygame.Rect(left, cy - dot // 2, dot, dot)
                pygame.draw.rect(surface, ui.seat_colour(seat), mark, border_radius=max(2, dot // 4))
                left = mark.right + dot // 2
            ui.blit_text(surface, text, ui.px(size, TALLY_PX), ui.GOLD if seat is None else ui.TEXT, "midleft",
                         (left, cy), bold=True, max_w=w - left)

    def _layout_buttons(self, size: tuple[int, int], bh: int) -> pygame.Rect:
        """One row of buttons, each as wide as its label needs (at least a common width), centred above the
        hint; squeezed together when the window is narrow. Returns the row's rect."""
        w, h = size
        font_px = max(10, round(bh * 0.48))  # the size ui.Menu draws button labels at
        gap = ui.px(size, 18)
        widths = [max(ui.px(size, 210), ui.TEXTS.font(font_px, True).size(item.label)[0] + bh)
                  for item in self.menu.items]
        room = w - 2 * ui.px(size, 20) - gap * (len(widths) - 1)
        if sum(widths) > room:
            widths = [max(1, wd * room // sum(widths)) for wd in widths]
        row = pygame.Rect(0, 0, sum(widths) + gap * (len(widths) - 1), bh)
        row.midbottom = (w // 2, h - ui.px(size, 40))
        x = row.x
        self.menu.rects = []
        for wd in widths:
            self.menu.rects.append(pygame.Rect(x, row.y, wd, bh))
            x += wd + gap
        return row

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = w, _ = surface.get_size()
        surface.blit(ui.backdrop(size), (0, 0))
        ui.shadow_text(surface, self.body.headline(), ui.px(size, 46), ui.GOLD, "midtop", (w // 2, ui.px(size, 16)))
        ui.blit_text(surface, self.definition.rules_summary(self.config.rules), ui.px(size, 17), ui.TEXT_DIM, "midtop",
                     (w // 2, ui.px(size, 70)), max_w=w - ui.px(size, 60))
        self.body.draw(surface)
        self._draw_tally(surface)
        self.menu.draw(surface)
        if self.app.demo is not None and self.shown_ns is not None:
            left = max(0, DEMO_PAUSE_NS - (self.app.now_ns() - self.shown_ns)) // 1_000_000_000 + 1
            ui.hint(surface, t("Demo: the next game starts in {s} s", s=min(left, DEMO_PAUSE_NS // 10**9)))
        else:
            ui.hint(surface, t("← → choose   Enter / A select   Esc / B menu"))


def table_columns(size: tuple[int, int], headers: list[str], values: list[list[str]], value_px: list[int],
                  room: int) -> tuple[int, list[int], list[str]]:
    """Widths for columns of figures under one-line headers, all headers in one font size.

    Each column is as wide as its header or its widest value needs (at least a minimum). When they do not fit
    in `room` the header font shrinks (to 3/4 at most), then the columns are squeezed alike and a header that
    still does not fit is cut with "…". Returns (header font size, column widths, header texts).
    """
    base, gap, least = ui.px(size, 15), ui.px(size, 12), ui.px(size, 46)
    needs = [max([least] + [ui.TEXTS.font(px, False).size(v)[0] + ui.px(size, 8) for v in col])
             for col, px in zip(values, value_px)] if values else [least] * len(headers)

    def widths_at(px: int) -> list[int]:
        font = ui.TEXTS.font(px, False)
        return [max(need, font.size(h)[0] + gap) for h, need in zip(headers, needs)]

    smallest = max(8, int(base * 0.75))
    header_px = base
    while header_px > smallest and sum(widths_at(header_px)) > room:
        header_px = max(smallest, int(header_px * 0.92))
    widths = widths_at(header_px)
    if sum(widths) > room:
        widths = [max(1, w * max(1, room) // sum(widths)) for w in widths]
    font = ui.TEXTS.font(header_px, False)
    shown = []
    for h, w in zip(headers, widths):
        while font.size(h)[0] > w - 4 and len(h) > 1:
            h = h[:-2].rstrip() + "…"
        shown.append(h)
    return header_px, widths, shown
