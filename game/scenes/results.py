"""The end of a game: who won and why, in figures; then play again at once (same seats and rules, the first
turn one seat on), change seats or rules in the lobby, or go to the menu."""

from __future__ import annotations

import math

import pygame

from game import screens
from game.commands import CONFIRM, DOWN, UP, Command
from game.core.contract import Match, TableConfig
from game.history.tally import Tally
from game.i18n import t, tn
from game.render import scale, seat_marks
from game.render.card_art import CardArt
from game.ui import widgets as ui
from game.ui.figures import WORD_PX, word_floor
from game.ui.scene import Scene

DEMO_PAUSE_NS = 6_000_000_000  # a demo shows its results this long, then deals the next game
# A pad's presses this soon after the results come up do nothing: players still hammering their play or slap buttons
# from the last cards (a pad's A is also its confirm: the focused Play again) would otherwise deal the next game before
# anyone saw who won. (The keyboard's seats play with keys that are no menu keys: its Enter is meant.)
SETTLE_NS = 1_000_000_000
RULES_GROWN = 1.34  # the rules line under the headline grows with the text size up to this
TALLY_PX = WORD_PX  # the evening's tally: one line above the buttons, from the second game on
NAME_CUTS = (None, 10, 6, 0)  # names in the tally are cut to this many letters until it fits (0: the colour alone)


def tally_parts(tally: Tally, cut: int | None = None) -> list[tuple[int | None, str]]:
    """The evening's running score (a game.history.Tally) as (seat, text) parts after a heading (seat None):
    points where the game has them, else wins; each name at most `cut` letters ("Alexandra…"), or none at all
    (the seat's colour says who) with `cut` 0."""
    if tally.points is not None:
        parts: list[tuple[int | None, str]] = [
            (None, tn("Tonight, {n} game — points:", "Tonight, {n} games — points:", tally.games))]
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


def tally_layout(tally: Tally, font: pygame.font.Font, width: int, dot: int, gap: int
                 ) -> list[tuple[int | None, str, int]]:
    """(seat, text, x from the line's left) of each part, names cut as far as it takes to fit `width`; a seat's
    part starts with its colour's mark (`dot` px) and parts are `gap` apart."""
    for cut in NAME_CUTS:
        placed: list[tuple[int | None, str, int]] = []
        x = 0
        for seat, text in tally_parts(tally, cut):
            if placed:
                x += gap
            placed.append((seat, text, x))
            x += (dot + dot // 2 if seat is not None else 0) + font.size(text)[0]
        if x <= width:
            break
    return placed


CELEBRATION_NS = 2_500_000_000  # the winner's confetti
CONFETTI = 70


class ResultsScene(Scene):
    """Built from the finished match; the game's results body reads `match.state`, `.history`, `.stats`."""
    text_room = 1.5  # the largest text size its layout takes without overlaps at 1280×720 (tests/test_access_text.py)

    def __init__(self, config: TableConfig, match: Match) -> None:
        self.config = config
        self.match = match
        self.shown_ns: int | None = None
        self.body_top: int | None = None  # where the game's part begins (laid out): the celebration keeps above it

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
        self.app.nav.push(screens.Replay(self.match.log.lines()))

    def play_again(self) -> None:
        """The next game at once: same seats and rules, the first turn one seat on, a fresh deal."""
        self.app.nav.start_table(self.config.next_round().with_seed(self.app.next_seed()))

    def change_table(self) -> None:
        """The lobby with this table's seats and rules (and the first turn one seat on), Start focused."""
        self.app.demo = None  # someone is choosing a table: a demo stops dealing games by itself
        self.app.nav.replace(screens.Lobby(self.config.game, self.config.next_round()))

    def to_menu(self) -> None:
        self.app.nav.reset(screens.Title())

    def handle(self, cmd: Command) -> None:
        if self._unsettled(cmd):
            return
        if ui.is_start(cmd):
            self.play_again()  # a pad's Start or the keyboard's Tab plays, as in the lobby (it went to the title)
        elif ui.is_back(cmd):
            self.to_menu()
        elif cmd.action in (UP, DOWN):  # the buttons are one row: ↑ ↓ turn the pages of the game's list
            self.body.scroll(1 if cmd.action == DOWN else -1)
        else:
            self.menu.handle(cmd)

    def _unsettled(self, cmd: Command) -> bool:
        """A pad's confirm or back too soon after the results came up (SETTLE_NS): one meant for the table."""
        leaves = cmd.action == CONFIRM or ui.is_back(cmd)
        return leaves and cmd.device.startswith("pad:") and (
            self.shown_ns is None or self.app.now_ns() - self.shown_ns < SETTLE_NS)

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
        hint_top = h - max(ui.hint_height(size, hint, size_px=WORD_PX)
                           for hint in (self._hint(), self._hint(DEMO_PAUSE_NS)))
        area = self._layout_buttons(size, ui.px(size, 52), hint_top - ui.px(size, 4))
        headline = self.body.headline()
        self.head_px = ui.TEXTS.whole_size(headline, w - 2 * margin, ui.px(size, 46), bold=True)
        self.rules_y = ui.px(size, 16) + ui.TEXTS.line_height(self.head_px, True)
        # grown by the text size up to RULES_GROWN (the figures under it want the room more), on three even lines
        # at most: a little smaller (never under its size at 100 %) rather than a fourth line
        grown = min(scale.text_scale(), RULES_GROWN)
        self.rules_px, self.rules_lines = ui.TEXTS.wrap_fit(self.definition.rules_summary(self.config.rules),
                                                   ui.px(size, WORD_PX * grown / scale.text_scale()), w - 2 * margin,
                                                   lines=3, least=1 / grown)
        rules_bottom = self.rules_y + len(self.rules_lines) * ui.TEXTS.line_height(self.rules_px)
        dot, gap = ui.px(size, 12), ui.px(size, 16)
        self.tally_px = ui.px(size, TALLY_PX)
        font = ui.TEXTS.font(self.tally_px, True)
        self.tally_parts = []
        if self.tally is not None:  # grown text gives its growth back (to the lists' floor) before a figure is lost
            least = min(self.tally_px, word_floor())
            while True:
                font = ui.TEXTS.font(self.tally_px, True)
                self.tally_parts = tally_layout(self.tally, font, w - 2 * margin, dot, gap)
                if self.tally_px <= least or self._tally_width(font, dot) <= w - 2 * margin:
                    break
                self.tally_px -= 1
        self.tally_x = margin
        if self.tally_parts:
            self.tally_x = max(margin, (w - self._tally_width(font, dot)) // 2)
        tally_h = max(ui.px(size, 34), font.get_height() + ui.px(size, 6)) if self.tally_parts else 0
        self.tally_y = area.y - ui.px(size, 6) - tally_h
        top = max(ui.px(size, 96), rules_bottom + ui.px(size, 8))
        self.body_top = top  # the celebration keeps above it
        self.body.layout(size, pygame.Rect(margin, top, w - 2 * margin, area.y - ui.px(size, 14) - tally_h - top))

    def _tally_width(self, font: pygame.font.Font, dot: int) -> int:
        """How wide the tally's line is as laid out (its last part's end)."""
        seat, text, x = self.tally_parts[-1]
        return x + (dot + dot // 2 if seat is not None else 0) + font.size(text)[0]

    def _draw_tally(self, surface: pygame.Surface) -> None:
        """The evening's tally: the heading in gold, then each seat's mark (its shape in its colour) and its figure."""
        size = w, _ = surface.get_size()
        dot = ui.px(size, 12)
        cy = self.tally_y + max(ui.px(size, 14), ui.TEXTS.line_height(self.tally_px, True) // 2)
        for seat, text, x in self.tally_parts:
            left = self.tally_x + x
            if seat is not None:
                mark = pygame.Rect(left, cy - dot // 2, dot, dot)
                seat_marks.draw(surface, seat, mark)
                left = mark.right + dot // 2
            ui.blit_text(surface, text, self.tally_px, ui.GOLD if seat is None else ui.TEXT, "midleft",
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
        return list(self.body.winners)

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
            band = max(bit * 4, (h // 6 if self.body_top is None else self.body_top) - bit)
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
            ui.hint(surface, self._hint(max(0, DEMO_PAUSE_NS - (self.app.now_ns() - self.shown_ns))),
                    size_px=WORD_PX)
        else:
            ui.hint(surface, self._hint(), size_px=WORD_PX)

    def _hint(self, demo_left_ns: int | None = None) -> str:
        """The key hint along the bottom; in a demo, the seconds to the next game instead."""
        if self.app.demo is None or demo_left_ns is None:
            return t("← → choose   Enter / {a} select   Tab / {start} play again   Esc / {b} menu",
                     **self.app.input.buttons())
        left = demo_left_ns // 1_000_000_000 + 1
        return t("Demo: the next game starts in {s} s", s=min(left, DEMO_PAUSE_NS // 10**9))
