"""The end of a game: who won and why, in figures; then play again at once (same seats and rules, the first
turn one seat on), change seats or rules in the lobby, or go to the menu."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.games.base import TableConfig
from game.i18n import t, tn
from game.render import fonts, scale
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


def least_px(size: int, least: float = 1.0) -> int:
    """The smallest font size a text of `size` may shrink to when it lacks room: `least` of what the standard
    text size (100 %) draws it at, never under the floor of every word off the tables (ui.floor_size). At a
    bigger text size a text gives back its growth before it shrinks."""
    return max(6, min(size, max(ui.floor_size(), round(size * least / scale.text_scale()))))


def wrap_fit(text: str, size: int, width: int, lines: int = 2, bold: bool = False, least: float = 0.75
             ) -> tuple[int, list[str]]:
    """(font size, lines): `text` wrapped (at " · ", then at spaces) into at most `lines` lines of `width` px,
    at the largest size from `size` down to least_px(size, least); at that least size, however many lines it
    takes."""
    floor = least_px(size, least)
    px = size
    while True:
        font = ui.TEXTS.font(px, bold)
        out = fonts.wrap(text, font, max(1, width))
        if px <= floor or (len(out) <= lines and all(font.size(line)[0] <= width for line in out)):
            return px, balanced(text, font, width, out)
        px -= 1


def balanced(text: str, font: pygame.font.Font, width: int, lines: list[str]) -> list[str]:
    """`text` on as many lines as `lines` (its greedy wrap in `width`), but as even as they go: the narrowest
    width that still takes no more lines (no last line of a single word under a full one)."""
    low, high = 1, width
    while low < high:
        mid = (low + high) // 2
        if len(fonts.wrap(text, font, mid)) <= len(lines):
            high = mid
        else:
            low = mid + 1
    even = fonts.wrap(text, font, high)
    return even if len(even) <= len(lines) else lines


def line_height(size: int, bold: bool = False) -> int:
    """The height of one line of text drawn at `size` (at the text size in force)."""
    return ui.TEXTS.font(size, bold).get_height()


def fit_height(size: int, height: int, bold: bool = False, least: float = 0.75) -> int:
    """The largest font size from `size` down to `least` of what the standard text size draws whose line is
    at most `height` px high (rows of a table: a bigger text size grows them only as far as the rows have
    room, and many rows shrink them as the standard size would be shrunk to fit)."""
    floor = least_px(size, least)
    while size > floor and line_height(size, bold) > height:
        size -= 1
    while size > 6 and line_height(size, bold) > height:  # rows too low for the floor's line (a small
        size -= 1  # window of many seats at a big text size): smaller words, never rows over each other
    return size


def name_halves(name: str) -> tuple[str, str]:
    """A name cut in two for two lines: after the space or hyphen nearest its middle, else at the middle."""
    cuts = [i + 1 for i, c in enumerate(name[:-1]) if c in " -"]
    at = min(cuts, key=lambda i: abs(2 * i - len(name)), default=len(name) // 2)
    return name[:at].rstrip(), name[at:].lstrip()


def whole_name(surface: pygame.Surface, name: str, max_w: int, size: int, colour: ui.Colour, bold: bool,
               pos: tuple[int, int], max_h: int = 0) -> pygame.Rect:
    """Draw a player's name whole, its left edge at `pos` and its middle on pos's line: at `size`, or shrunk
    as far as it takes to fit `max_w` down to the floor (ui.floor_size); else on two lines at the floor or
    more where `max_h` holds them; else on one line shrunk further (down to 8 px as drawn); only a name that
    does not fit even then is cut."""
    def fits(px: int, text: str) -> bool:
        return ui.TEXTS.font(px, bold).size(text)[0] <= max_w

    least = min(size, ui.floor_size())
    px = size
    while px > least and not fits(px, name):
        px -= 1
    if not fits(px, name):
        halves = name_halves(name)
        two = next((p for p in range(size, least - 1, -1) if all(fits(p, h) for h in halves)
                    and 2 * line_height(p, bold) <= max_h), None)
        if two is not None:
            top = ui.blit_text(surface, halves[0], two, colour, "bottomleft", pos, bold=bold)
            return top.union(ui.blit_text(surface, halves[1], two, colour, "topleft", pos, bold=bold))
        while px > max(6, round(8 / scale.text_scale())) and not fits(px, name):
            px -= 1
    img = ui.TEXTS.fit(name, max_w, px, colour, bold)
    rect = img.get_rect(midleft=pos)
    ui.blit_image_text(surface, img, rect, name)
    return rect


def winners_line(names: list[str], winners: list[int]) -> str:
    if not winners:
        return t("A draw")
    if len(winners) == 1:
        return t("{name} wins!", name=names[winners[0]])
    return t("{names} share the win!", names=" & ".join(names[w] for w in winners))


CELEBRATION_NS = 2_500_000_000  # the winner's confetti
CONFETTI = 70


class ResultsScene(Scene):
    """Built from the finished match; the game's results body reads `match.state`, `.history`, `.stats`."""
    text_room = 1.5  # the largest text size its layout takes without overlaps at 1280×720 (tests/test_access_text.py)

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
        """Top down: the headline, the rules (wrapped), the game's figures; bottom up: the key hint, the
        buttons above it, the evening's tally above them. Every height from the text size in force."""
        w, h = size
        margin = ui.px(size, 30)
        hint_top = h - max(ui.hint_height(size, hint) for hint in (self._hint(), self._hint(DEMO_PAUSE_NS)))
        area = self._layout_buttons(size, ui.px(size, 52), hint_top - ui.px(size, 4))
        headline = self.body.headline()
        self.head_px = ui.whole_size(headline, w - 2 * margin, ui.px(size, 46), bold=True)
        self.rules_y = ui.px(size, 16) + line_height(self.head_px, True)
        self.rules_px, self.rules_lines = wrap_fit(self.definition.rules_summary(self.config.rules),
                                                   ui.px(size, ui.FLOOR_PX), w - 2 * margin,
                                                   lines=2 if w >= 960 and scale.text_scale() <= 1 else 3)
        # a small window or bigger text: a third line rather than smaller words
        rules_bottom = self.rules_y + len(self.rules_lines) * line_height(self.rules_px)
        font = ui.TEXTS.font(ui.px(size, TALLY_PX), True)
        dot, gap = ui.px(size, 12), ui.px(size, 16)
        self.tally_parts = [] if self.tally is None else tally_layout(self.tally, font, w - 2 * margin, dot, gap)
        self.tally_x = margin
        if self.tally_parts:
            seat, text, x = self.tally_parts[-1]
            used = x + (dot + dot // 2 if seat is not None else 0) + font.size(text)[0]
            self.tally_x = max(margin, (w - used) // 2)
        tally_h = max(ui.px(size, 34), font.get_height() + ui.px(size, 6)) if self.tally_parts else 0
        self.tally_y = area.y - ui.px(size, 6) - tally_h
        top = max(ui.px(size, 96), rules_bottom + ui.px(size, 8))
        self.body_top = top  # the celebration keeps above it
        self.body.layout(size, pygame.Rect(margin, top, w - 2 * margin, area.y - ui.px(size, 14) - tally_h - top))

    def _draw_tally(self, surface: pygame.Surface) -> None:
        """The evening's tally: the heading in gold, then each seat's mark in its colour and its figure."""
        size = w, _ = surface.get_size()
        dot = ui.px(size, 12)
        cy = self.tally_y + max(ui.px(size, 14), line_height(ui.px(size, TALLY_PX), True) // 2)
        for seat, text, x in self.tally_parts:
            left = self.tally_x + x
            if seat is not None:
                mark = pygame.Rect(left, cy - dot // 2, dot, dot)
                pygame.draw.rect(surface, ui.seat_colour(seat), mark, border_radius=max(2, dot // 4))
                left = mark.right + dot // 2
            ui.blit_text(surface, text, ui.px(size, TALLY_PX), ui.GOLD if seat is None else ui.TEXT, "midleft",
                         (left, cy), bold=True, max_w=w - left)

    def _layout_buttons(self, size: tuple[int, int], bh: int, bottom: int) -> pygame.Rect:
        """One row of buttons, each as wide as its label needs (at least a common width), centred with its
        bottom at `bottom` (just above the hint); squeezed together when the window is narrow. Returns the
        row's rect."""
        w = size[0]
        font_px = max(10, round(bh * 0.48))  # the size ui.Menu draws button labels at
        gap = ui.px(size, 18)
        widths = [max(ui.px(size, 210), ui.TEXTS.font(font_px, True).size(item.label)[0] + bh)
                  for item in self.menu.items]
        room = w - 2 * ui.px(size, 20) - gap * (len(widths) - 1)
        if sum(widths) > room:
            widths = [max(1, wd * room // sum(widths)) for wd in widths]
        row = pygame.Rect(0, 0, sum(widths) + gap * (len(widths) - 1), bh)
        row.midbottom = (w // 2, bottom)
        x = row.x
        self.menu.rects = []
        for wd in widths:
            self.menu.rects.append(pygame.Rect(x, row.y, wd, bh))
            x += wd + gap
        return row

    def winner_seats(self) -> list[int]:
        """The seats that won (none on a draw with no winner): the celebration's colours."""
        body = self.body
        if getattr(body, "winners", None):
            return list(body.winners)
        winner = getattr(body, "winner", None)
        return [] if winner is None else [winner]

    def _celebrate(self, surface: pygame.Surface) -> None:
        """The winner's short celebration (issue 20 item 9): confetti in the winners' colours and gold
        fluttering down round the headline for CELEBRATION_NS, above the figures (never over them); with
        reduced motion, none (the headline says who won)."""
        if self.shown_ns is None or self.app.settings.get("reduced_motion", False):
            return
        age = self.app.now_ns() - self.shown_ns
        seats = self.winner_seats()
        if not seats or not 0 <= age < CELEBRATION_NS:
            return
        w, h = surface.get_size()
        k = age / CELEBRATION_NS
        colours = [ui.seat_colour(seat) for seat in seats] + [ui.GOLD]
        bit = max(4, ui.px((w, h), 9))
        fade = min(1.0, (1 - k) * 4)
        for i in range(CONFETTI):
            r = ((i * 7919) % 1000) / 1000, ((i * 104729) % 1000) / 1000, ((i * 1299709) % 1000) / 1000
            x = w * (0.1 + 0.8 * r[0]) + math.sin(age / 2.5e8 + i) * bit * 2
            band = max(bit * 4, getattr(self, "body_top", h // 6) - bit)
            y = (band * (r[2] + (age / 1e9) * (0.25 + 0.35 * r[1]))) % band
            spin = abs(math.cos(age / 1.5e8 + i))  # a flake turning over
            flake = pygame.Rect(0, 0, bit, max(1, round(bit * 0.6 * spin + 1)))
            flake.center = (round(x), round(y))
            colour = colours[i % len(colours)]
            pygame.draw.rect(surface, tuple(round(c * fade + 30 * (1 - fade)) for c in colour[:3]), flake)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = w, _ = surface.get_size()
        surface.blit(ui.backdrop(size), (0, 0))
        self._celebrate(surface)
        ui.shadow_text(surface, self.body.headline(), self.head_px, ui.GOLD, "midtop", (w // 2, ui.px(size, 16)))
        y = self.rules_y
        for line in self.rules_lines:
            y = ui.blit_text(surface, line, self.rules_px, ui.TEXT_DIM, "midtop", (w // 2, y),
                             max_w=w - ui.px(size, 60)).bottom
        self.body.draw(surface)
        self._draw_tally(surface)
        self.menu.draw(surface)
        if self.app.demo is not None and self.shown_ns is not None:
            ui.hint(surface, self._hint(max(0, DEMO_PAUSE_NS - (self.app.now_ns() - self.shown_ns))))
        else:
            ui.hint(surface, self._hint())

    def _hint(self, demo_left_ns: int | None = None) -> str:
        """The key hint along the bottom; in a demo, the seconds to the next game instead."""
        if self.app.demo is None or demo_left_ns is None:
            return t("← → choose   Enter / A select   Esc / B menu")
        left = demo_left_ns // 1_000_000_000 + 1
        return t("Demo: the next game starts in {s} s", s=min(left, DEMO_PAUSE_NS // 10**9))


def table_columns(size: tuple[int, int], headers: list[str], values: list[list[str]], value_px: list[int],
                  room: int) -> tuple[int, list[int], list[list[str]]]:
    """Widths for columns of figures under headers of one font size, each on one line or, wanting room, two.

    Each column is as wide as its header or its widest value needs (at least a minimum). Tried in turn until
    they fit in `room`: the headers' size, then smaller sizes down to 3/4 of what the standard text size
    draws; at each size one line, then two (at the standard text size one line is tried at every size first,
    as the screen was before text grew). Past that the columns are squeezed alike and a header that still does
    not fit is cut with "…" as it is drawn. Returns (header font size, column widths, each header's lines).
    """
    base, gap, least = ui.px(size, ui.FLOOR_PX), ui.px(size, 12), ui.px(size, 46)
    needs = [max([least] + [ui.TEXTS.font(px, False).size(v)[0] + ui.px(size, 8) for v in col])
             for col, px in zip(values, value_px)] if values else [least] * len(headers)

    def lines_of(header: str, px: int, most: int) -> list[str]:
        if most == 1:
            return [header]
        words = header.split(" ")
        font = ui.TEXTS.font(px, False)
        splits = [[" ".join(words[:k]), " ".join(words[k:])] for k in range(1, len(words))]
        return min(splits, key=lambda two: max(font.size(part)[0] for part in two), default=[header])

    def widths_at(px: int, most: int) -> tuple[list[int], list[list[str]]]:
        font = ui.TEXTS.font(px, False)
        shown = [lines_of(h, px, most) for h in headers]
        return [max(need, max(font.size(part)[0] for part in lines) + gap)
                for lines, need in zip(shown, needs)], shown

    sizes = range(base, min(base, least_px(base, 0.75)) - 1, -1)  # never under the floor
    tries = ([(px, 1) for px in sizes] + [(px, 2) for px in sizes] if scale.text_scale() <= 1
             else [(px, most) for px in sizes for most in (1, 2)])
    for header_px, most in tries:
        widths, shown = widths_at(header_px, most)
        if sum(widths) <= room:
            return header_px, widths, shown
    widths = [max(1, w * max(1, room) // sum(widths)) for w in widths]
    return header_px, widths, shown  # drawn with the column's width as max_w: fitted to it (and a cut recorded)
