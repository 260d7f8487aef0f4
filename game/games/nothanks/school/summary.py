"""A parent's one screen of the number school: for one remembered player, the stars of each step at the
deck size played most (a padlock on a step not open yet), what is mastered (step and deck size), how much
was practised lately, and what to do next."""

from __future__ import annotations

import datetime

import pygame

from game.games.nothanks.school import mastery, text
from game.games.nothanks.school import questions as qs
from game.games.nothanks.school.names import GAME
from game.games.school.paint import Words, line_h, lock, stars
from game.i18n import pt, t
from game.ui import widgets as ui
from game.ui.figures import WORD_PX, word_floor
from game.ui.menu import MenuHandler

PX = WORD_PX  # every word here at 1280×720: the lists' size, read from the sofa
STEP_PX = 30  # the steps (the stars' table) where the panel has the room


class SummaryScene(MenuHandler):
    text_room = 1.5

    def __init__(self, profile_id: int) -> None:
        self.profile_id = profile_id

    def enter(self) -> None:
        self.words = Words()
        profile = self.app.history.profile(self.profile_id)
        self.name = profile.name if profile is not None else ""
        kept = self.app.history.practice(self.profile_id, GAME, mastery.KIND)
        self.summary = mastery.summary(kept, datetime.date.today())
        self.menu = ui.Menu([ui.Item(pt("menu", "Back"), self.back, button=True)])

    def relayout(self, size: tuple[int, int]) -> None:
        w, h = size
        bw, bh = ui.px(size, 240), ui.px(size, 54)
        hint_h = max(ui.px(size, 44), ui.px(size, 16) + line_h(ui.px(size, PX)))  # the grown hint under the button
        self.menu.rects = [pygame.Rect((w - bw) // 2, h - hint_h - bh, bw, bh)]
        m = ui.px(size, 40)
        top = ui.px(size, 88)
        self.panel = pygame.Rect(m, top, w - 2 * m, self.menu.rects[0].y - ui.px(size, 16) - top)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = w, h = surface.get_size()
        self.words.reset()
        surface.blit(ui.backdrop(size), (0, 0))
        self.words.shadow(surface, t("{name}: number school", name=self.name), ui.px(size, 44), ui.TEXT, "midtop",
                          (w // 2, ui.px(size, 24)), max_w=w - ui.px(size, 60))
        ui.panel(surface, self.panel)
        s = self.summary
        pad = ui.px(size, 16)
        x, y = self.panel.x + pad, self.panel.y + pad
        inner = self.panel.w - 2 * pad
        head = self.words.text(surface, text.cards_per_suit(s.ranks_per_suit), ui.px(size, PX), ui.GOLD, "topleft",
                               (x, y), bold=True, max_w=inner)
        y = head.bottom + ui.px(size, 8)
        # a player who has not practised yet (from the setup or the stats) is told so, not "0 rounds kept, …"
        kept = text.rounds_line(s.rounds, s.recent_rounds, s.minutes) if s.rounds else text.no_rounds_yet()
        lines = (text.mastered_line(s.mastered), kept, text.next_line(qs.STEPS[s.next_step].id, s.ranks_per_suit))
        # The steps as big as the panel has room for (STEP_PX, grown by the text size), the lines under them at
        # the player's text size; with no room, the lines at the lists' size first, then the steps shrink
        # towards it.
        lines_px = ui.px(size, PX)
        step_px = ui.px(size, STEP_PX)

        def below(step: int, under: int) -> int:
            row = max(ui.px(size, 32), line_h(step) + ui.px(size, 2))
            return y + len(qs.STEPS) * row + ui.px(size, 8) + len(lines) * (line_h(under) + ui.px(size, 6))

        if below(step_px, lines_px) > self.panel.bottom - pad:
            lines_px = min(lines_px, word_floor())
        while step_px > min(ui.px(size, PX), word_floor()) and below(step_px, lines_px) > self.panel.bottom - pad:
            step_px -= 1
        row = max(ui.px(size, 32), line_h(step_px) + ui.px(size, 2))
        radius = max(4, min(ui.px(size, 14), row // 3))
        star_w = round(radius * 2 + 2 * radius * 2.3)
        opened = mastery.opened(s.best, s.ranks_per_suit)
        for i, step in enumerate(qs.STEPS):
            lit = i == s.next_step
            box = self.words.text(surface, f"{i + 1}. {text.step_name(step.id)}", step_px,
                                  ui.GOLD if lit else ui.TEXT, "topleft", (x, y), bold=lit, max_w=inner - star_w - pad)
            left = self.panel.right - pad - star_w
            if opened[i]:
                stars(surface, left, box.centery, radius, s.best.get((step.id, s.ranks_per_suit), 0))
            else:
                lock(surface, pygame.Rect(left, box.centery - radius, 2 * radius, 2 * radius))
            y += row
        y += ui.px(size, 8)
        for line in lines:
            box = self.words.text(surface, line, lines_px, ui.TEXT, "topleft", (x, y), max_w=inner)
            y = box.bottom + ui.px(size, 6)
        self.menu.draw(surface)
        self.words.text(surface, t("Esc / {b} back", **self.app.input.buttons()), ui.px(size, PX), ui.TEXT_DIM, "midbottom",
                        (w // 2, h - ui.px(size, 10)), max_w=w - ui.px(size, 40))
