"""The number school's setup: the step, the deck (cards in each suit, the suits' order) and who plays (a
guest, or a remembered player whose rounds are kept), beside the ladder of steps with each one's stars (a
padlock on a step not open yet) and the deck laid out in its suits' rows. Start opens the lesson; Progress…
a remembered player's summary. One child: every keyboard and pad moves the menu."""

from __future__ import annotations

import dataclasses

import pygame

from game import screens
from game.commands import Command
from game.games.nothanks import engine as nt
from game.games.nothanks.school import mastery, text
from game.games.nothanks.school import questions as qs
from game.games.nothanks.school.names import GAME, MODE
from game.games.nothanks.school.paint import suit_rows
from game.games.nothanks.school.round import Options
from game.games.school.paint import Words, fit_px, line_h, lock, setup_panels, stars
from game.i18n import t
from game.render.card_art import CardArt
from game.ui import widgets as ui
from game.ui.menu import MenuHandler

PX = 20  # the smallest words here, at 1280x720


class SetupScene(MenuHandler):
    text_room = 1.5

    def __init__(self, options: Options | None = None) -> None:
        self.options = options or Options()

    def enter(self) -> None:
        self.art = CardArt(self.app.settings["four_colour_suits"])
        self.words = Words()
        if self.options.profile is None:  # whoever the keys or the menus' pad belong to
            device = self.app.input.device_of(0)
            found = self.app.history.for_device(device) if device else None
            if found is not None:
                self.options = dataclasses.replace(self.options, profile=found.id)
        self.menu = ui.Menu(self._items())
        self._read()
        self.menu.select(len(self.menu.items) - 1)  # focus on Start

    def resume(self) -> None:
        self.art.set_four_colour(self.app.settings["four_colour_suits"])
        self._read()

    def remember(self, options: Options) -> None:
        """What a lesson went on with (the next step): shown on return."""
        self.options = options

    # -- mastery -------------------------------------------------------------------------------------
    def _read(self) -> None:
        """The player's best stars per step (None: a guest, every step open, nothing kept)."""
        pid = self.options.profile
        if pid is None or self.app.history.profile(pid) is None:
            self.best: dict[tuple[str, int], int] | None = None
        else:
            self.best = mastery.step_stars(self.app.history.practice(pid, GAME, mastery.KIND))
        if not self.is_open(self.options.step):
            self.options = dataclasses.replace(self.options, step=max(i for i in range(len(qs.STEPS)) if self.is_open(i)))

    def is_open(self, step: int) -> bool:
        return mastery.opened(self.best, self.options.ranks_per_suit)[step]

    def step_stars(self, step: int) -> int | None:
        return None if self.best is None else self.best.get((qs.STEPS[step].id, self.options.ranks_per_suit), 0)

    # -- the menu ------------------------------------------------------------------------------------
    def _items(self) -> list[ui.Item]:
        self.option_items = [
            ui.Item(t("Step"), value=lambda: text.step_name(self.options.step_id), change=self._change_step),
            ui.Item(t("Cards in each suit"), value=lambda: str(self.options.ranks_per_suit), change=self._change_k),
            ui.Item(t("Suit order"), value=lambda: text.suits(self.options.suit_order),
                    short=lambda: text.suits(self.options.suit_order, short=True), change=self._change_order,
                    whole_label=True),
            ui.Item(t("Who plays"), value=self._who, change=self._change_who),
        ]
        self.button_items = [
            ui.Item(t("Progress…"), self._progress, button=True, enabled=lambda: self.best is not None),
            ui.Item(t("Start"), self.start, button=True),
        ]
        return self.option_items + self.button_items

    def _who(self) -> str:
        profile = self.app.history.profile(self.options.profile)
        return profile.name if profile is not None else t("Guest (nothing is kept)")

    def _change_step(self, step: int) -> None:
        at = self.options.step
        for _ in qs.STEPS:
            at = (at + step) % len(qs.STEPS)
            if self.is_open(at):
                break
        self.options = dataclasses.replace(self.options, step=at)

    def _change_k(self, step: int) -> None:
        sizes = list(range(nt.MIN_RANKS, nt.MAX_RANKS + 1))
        k = sizes[(sizes.index(self.options.ranks_per_suit) + step) % len(sizes)]
        self.options = dataclasses.replace(self.options, ranks_per_suit=k)
        self._read()

    def _change_order(self, step: int) -> None:
        orders = list(nt.SUIT_ORDERS)
        here = orders.index(self.options.suit_order) if self.options.suit_order in orders else 0
        self.options = dataclasses.replace(self.options, suit_order=orders[(here + step) % len(orders)])

    def _change_who(self, step: int) -> None:
        choices: list[int | None] = [None, *(p.id for p in self.app.history.profiles)]
        here = choices.index(self.options.profile) if self.options.profile in choices else 0
        self.options = dataclasses.replace(self.options, profile=choices[(here + step) % len(choices)])
        self._read()

    def _progress(self) -> None:
        """The summary of the remembered player who plays (practised or not yet: the summary says which), as the
        stats' Progress… opens it; a guest has nothing kept to show."""
        if self.options.profile is not None:
            self.app.nav.push(screens.Practice(GAME, MODE, "summary", (self.options.profile,)))

    def handle(self, cmd: Command) -> None:
        if ui.is_start(cmd):
            self.start()  # a pad's Start or Tab, from anywhere on the screen (it went back to the games)
        else:
            super().handle(cmd)

    def start(self) -> None:
        self.app.nav.push(screens.Practice(GAME, MODE, "lesson", (self.options, self.remember)))

    # -- drawing -------------------------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        w, h = size
        m = ui.px(size, 36)
        self.left_panel, self.right_panel = setup_panels(size, 0.5)
        pad = ui.px(size, 14)
        rows = len(self.option_items)
        row = min(ui.px(size, 56), (self.left_panel.h // 2 - pad) // rows)
        rects = [pygame.Rect(self.left_panel.x + pad, self.left_panel.y + pad + i * row, self.left_panel.w - 2 * pad,
                             row - 4) for i in range(rows)]
        self.ladder_top = rects[-1].bottom + ui.px(size, 16)
        bh = ui.px(size, 54)
        bw = min(ui.px(size, 300), (w - 2 * m) // 3)
        start = pygame.Rect(w - m - bw, h - ui.px(size, 44) - bh, bw, bh)
        progress = start.move(-bw - ui.px(size, 16), 0)
        self.menu.rects = rects + [progress, start]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = w, h = surface.get_size()
        self.words.reset()
        surface.blit(ui.backdrop(size), (0, 0))
        self.words.shadow(surface, text.title(), ui.px(size, 46), ui.TEXT, "midtop", (w // 2, ui.px(size, 20)),
                          max_w=w - ui.px(size, 60))
        ui.panel(surface, self.left_panel)
        ui.panel(surface, self.right_panel)
        self.menu.draw(surface)
        self._draw_ladder(surface, size)
        self._draw_deck(surface, size)
        self.words.text(surface, ui.setup_hint(self.app.input.buttons()), ui.px(size, PX),
                        ui.TEXT_DIM, "midbottom", (w // 2, h - ui.px(size, 10)), max_w=w - ui.px(size, 40))

    def _draw_ladder(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        """The steps in order (the chosen one lit), each with its stars or a padlock."""
        panel = self.left_panel
        pad = ui.px(size, 18)
        row = max(ui.px(size, 30), line_h(ui.px(size, PX)) + ui.px(size, 2))
        room = panel.bottom - self.ladder_top - pad
        row = min(row, max(line_h(ui.px(size, 12)), room // len(qs.STEPS)))
        radius = max(4, min(ui.px(size, 10), row // 3))
        star_w = round(radius * 2 + 2 * radius * 2.3) + ui.px(size, 6)
        name_w = panel.w - 2 * pad - star_w
        px = min(fit_px(text.step_name(s.id), name_w, ui.px(size, PX)) for s in qs.STEPS)
        for i, s in enumerate(qs.STEPS):
            y = self.ladder_top + i * row
            lit, shut = i == self.options.step, not self.is_open(i)
            colour = ui.GOLD if lit else ((110, 130, 115) if shut else ui.TEXT)
            box = self.words.text(surface, f"{i + 1}. {text.step_name(s.id)}", px, colour, "topleft",
                                  (panel.x + pad, y), bold=lit, max_w=name_w)
            left = panel.right - pad - star_w + ui.px(size, 6)
            if shut:
                lock(surface, pygame.Rect(left, box.centery - radius, 2 * radius, 2 * radius))
            else:
                count = self.step_stars(i)
                if count is not None:
                    stars(surface, left, box.centery, radius, count)

    def _draw_deck(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        """The chosen deck in its suits' rows, and the step's lesson in a sentence."""
        panel = self.right_panel
        pad = ui.px(size, 18)
        title = self.words.text(surface, text.cards_per_suit(self.options.ranks_per_suit) + " · "
                                + text.suits(self.options.suit_order), ui.px(size, 24), ui.GOLD, "midtop",
                                (panel.centerx, panel.y + ui.px(size, 12)), bold=True, max_w=panel.w - 2 * pad)
        lesson = text.lesson(self.options.step_id)
        px, lines = ui.TEXTS.wrap_fit(lesson, ui.px(size, 24), panel.w - 2 * pad, lines=3)
        lesson_h = len(lines) * line_h(px) + pad
        rules = nt.Rules(ranks_per_suit=self.options.ranks_per_suit, suit_order=self.options.suit_order)
        area = pygame.Rect(panel.x + pad, title.bottom + ui.px(size, 10), panel.w - 2 * pad,
                           panel.bottom - title.bottom - ui.px(size, 10) - lesson_h)
        shown = suit_rows(surface, self.art, rules, area)
        y = shown.bottom + ui.px(size, 12)
        for line in lines:
            box = self.words.text(surface, line, px, ui.TEXT, "midtop", (panel.centerx, y),
                                  max_w=panel.w - 2 * pad)
            y = box.bottom
