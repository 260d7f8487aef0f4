"""Choose a game: one big panel per game of the registry, then one per practice mode the games offer
(e.g. a slap school), side by side."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game import screens
from game.commands import CONFIRM, DOWN, LEFT, RIGHT, UP, Command
from game.games.base import Showcased
from game.i18n import t
from game.render.card_art import CardArt, card_height
from game.render.scale import text_scale
from game.render.text import wrap
from game.ui import widgets as ui
from game.ui.scene import Scene

BLURB_PX = 20  # the panels' lines, at 1280x720
BLURB_ROW = 26
CARD_PX = 118  # the fanned cards' width, at 1280x720
# per unit of text size over 100 %: how much smaller the fanned cards are, the blurb taking their felt (at 150 % in
# 1280x720 its lines were drawn at the floor, 20 px, 7 px at 480x270; the cards stay bigger than the blurb's words)
CARD_SHRINK = 0.8


@dataclass(frozen=True)
class Entry:
    """One panel: a game (`mode` None: its lobby) or one of its practice modes; `shown` gives the words."""

    game: str
    mode: str | None
    shown: Showcased  # the game's definition or the practice mode


class ChooseGameScene(Scene):
    # the largest text size its layout takes (tests/test_access_screens.py): the blurbs rise under the cards
    # and then shrink to stay in their panels (blurb_fit); a long title shrinks to fit whole
    text_room = 1.5

    def __init__(self, index: int = 0) -> None:
        self.index = index

    def enter(self) -> None:
        self.games = self.app.games.all()
        self.entries = [Entry(d.id, None, d) for d in self.games]
        self.entries += [Entry(d.id, mode.id, mode) for d in self.games for mode in d.practice]
        self.art = CardArt(self.app.settings["four_colour_suits"])

    def resume(self) -> None:
        self.art.set_four_colour(self.app.settings["four_colour_suits"])
        self.relayout(self.app.size)

    def handle(self, cmd: Command) -> None:
        if ui.is_back(cmd):
            self.app.pop()
        elif cmd.action in (LEFT, UP):
            self.index = (self.index - 1) % len(self.entries)
        elif cmd.action in (RIGHT, DOWN):
            self.index = (self.index + 1) % len(self.entries)
        elif cmd.action == CONFIRM:
            entry = self.entries[self.index]
            if entry.mode is None:
                self.app.nav.push(screens.Lobby(entry.game, self.app.nav.remembered(entry.game)))
            else:
                self.app.nav.push(screens.Practice(entry.game, entry.mode))

    def relayout(self, size: tuple[int, int]) -> None:
        w = size[0]
        n = len(self.entries)
        gap = ui.px(size, 60 if n < 3 else 36)
        pw, ph = min(ui.px(size, 460), (w - gap * (n + 1)) // n), ui.px(size, 450)
        top = ui.px(size, 160)
        left = (w - n * pw - (n - 1) * gap) // 2
        self.rects = [pygame.Rect(left + i * (pw + gap), top, pw, ph) for i in range(n)]
        # A blurb too long for its panel at the floor (a longer language, bigger text) makes every panel
        # taller, as far as the key hint below allows; at a bigger text size they are that tall (the blurb's lines
        # as big as they then fit: 20 px at 1280x720 and 150 % before, 7 px at 480x270).
        lowest = size[1] - ui.hint_height(size, self.hint()) - ui.px(size, 8)
        if text_scale() > 1:
            for rect in self.rects:
                rect.h = max(ph, lowest - top)
        over = max(self.blurb_overflow(entry, rect, size) for entry, rect in zip(self.entries, self.rects))
        for rect in self.rects:
            rect.h = max(rect.h, min(ph + over, lowest - top))
        cw = self.card_width(size)
        self.fans = [ui.fan(e.shown.showcase(self.art, cw), [10, 0, -10]) for e in self.entries]

    @staticmethod
    def card_width(size: tuple[int, int]) -> int:
        """The fanned cards' width: smaller at a bigger text size (CARD_SHRINK)."""
        return ui.px(size, CARD_PX * (1 - CARD_SHRINK * max(0.0, text_scale() - 1)))

    @classmethod
    def cards_saved(cls, size: tuple[int, int]) -> int:
        """How much less high the fanned cards are than at 100 % text: their top stays under the title, the blurb
        rises by as much."""
        return card_height(ui.px(size, CARD_PX)) - card_height(cls.card_width(size))

    def blurb_lines(self, entry: Entry, width: int, size: tuple[int, int], px: int | None = None) -> list[str]:
        """The entry's lines wrapped to the panel (at " · ", then at spaces), at `px` (the blurb's size)."""
        font = ui.TEXTS.font(px or ui.px(size, BLURB_PX))
        return [part for line in entry.shown.blurb() for part in wrap(line, font, width)]

    def blurb_overflow(self, entry: Entry, rect: pygame.Rect, size: tuple[int, int]) -> int:
        """How far (px) the entry's blurb, as blurb_fit lays it out, runs past its panel's bottom (0: none)."""
        lines, _px, row, top = self.blurb_fit(entry, rect, size)
        return max(0, top + len(lines) * row - (rect.bottom - ui.px(size, 10)))

    def hint(self) -> str:
        return t("← → choose   Enter / {a} play   Backspace / {b} back", **self.app.input.buttons())

    def blurb_fit(self, entry: Entry, rect: pygame.Rect, size: tuple[int, int]) -> tuple[list[str], int, int, int]:
        """(lines, font size, row height, top) of the blurb inside its panel: below the cards, raised as far
        as the cards allow and then a size smaller at a time (a longer language's words) until it fits."""
        inner = rect.w - ui.px(size, 24)
        bottom = rect.bottom - ui.px(size, 10)
        saved = self.cards_saved(size)
        highest = rect.y + ui.px(size, 272) - saved  # just under the fanned cards
        px = ui.px(size, BLURB_PX)
        while True:
            lines = self.blurb_lines(entry, inner, size, px)
            row = max(ui.px(size, BLURB_ROW) * px // ui.px(size, BLURB_PX), ui.TEXTS.line_height(px))
            top = min(rect.y + ui.px(size, 290) - saved, bottom - len(lines) * row)
            if top >= highest or not ui.above_floor(size, px - 1):
                return lines, px, row, max(top, highest)
            px -= 1

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = w, _ = surface.get_size()
        surface.blit(ui.backdrop(size), (0, 0))
        ui.shadow_text(surface, t("Choose a game"), ui.px(size, 56), ui.TEXT, "center", (w // 2, ui.px(size, 84)))
        for i, (entry, rect) in enumerate(zip(self.entries, self.rects)):
            selected = i == self.index
            ui.panel(surface, rect, alpha=220 if selected else 150, border=ui.GOLD if selected else None)
            # A game's name: shrunk to fit whole in its panel (a long one at 150 % text), never cut.
            title = entry.shown.title()
            img = ui.TEXTS.fit_whole(title, rect.w - ui.px(size, 20), ui.px(size, 34),
                               ui.TEXT if selected else ui.TEXT_DIM, bold=True)
            at = img.get_rect(midtop=(rect.centerx, rect.y + ui.px(size, 20)))
            ui.blit_image_text(surface, img, at, title)
            middle = rect.y + ui.px(size, 170) - self.cards_saved(size) // 2  # (their top under the title)
            for k, img in enumerate(self.fans[i]):
                centre = (rect.centerx + (k - 1) * img.get_width() * 0.55, middle + abs(k - 1) * 8)
                surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))
            inner = rect.w - ui.px(size, 24)
            lines, px, row, y = self.blurb_fit(entry, rect, size)
            for line in lines:
                ui.blit_text(surface, line, px, ui.TEXT if selected else ui.TEXT_DIM, "midtop",
                             (rect.centerx, y), max_w=inner)
                y += row
        ui.hint(surface, self.hint())
