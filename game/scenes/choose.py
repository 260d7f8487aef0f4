"""Choose a game: one big panel per game of the registry, side by side."""

from __future__ import annotations

import pygame

from game.commands import CONFIRM, DOWN, LEFT, RIGHT, UP, Command
from game.i18n import t
from game.render.card_art import CardArt
from game.scenes import ui
from game.scenes.base import Scene


class ChooseGameScene(Scene):
    def __init__(self, index: int = 0) -> None:
        self.index = index

    def enter(self) -> None:
        self.games = self.app.games.all()
        self.art = CardArt(self.app.settings["four_colour_suits"])

    def resume(self) -> None:
        self.art.set_four_colour(self.app.settings["four_colour_suits"])
        self.relayout(self.app.size)

    def handle(self, cmd: Command) -> None:
        if ui.is_back(cmd):
            self.app.pop()
        elif cmd.action in (LEFT, UP):
            self.index = (self.index - 1) % len(self.games)
        elif cmd.action in (RIGHT, DOWN):
            self.index = (self.index + 1) % len(self.games)
        elif cmd.action == CONFIRM:
            self.app.nav.push("lobby", self.games[self.index].id)

    def relayout(self, size: tuple[int, int]) -> None:
        w = size[0]
        n = len(self.games)
        gap = ui.px(size, 60)
        pw, ph = min(ui.px(size, 460), (w - gap * (n + 1)) // n), ui.px(size, 420)
        top = ui.px(size, 170)
        left = (w - n * pw - (n - 1) * gap) // 2
        self.rects = [pygame.Rect(left + i * (pw + gap), top, pw, ph) for i in range(n)]
        cw = ui.px(size, 118)
        self.fans = [ui.fan(d.showcase(self.art, cw), [10, 0, -10]) for d in self.games]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = w, _ = surface.get_size()
        surface.blit(ui.backdrop(size), (0, 0))
        ui.shadow_text(surface, t("Choose a game"), ui.px(size, 56), ui.TEXT, "center", (w // 2, ui.px(size, 90)))
        for i, (game, rect) in enumerate(zip(self.games, self.rects)):
            selected = i == self.index
            ui.panel(surface, rect, alpha=220 if selected else 150, border=ui.GOLD if selected else None)
            ui.blit_text(surface, game.title(), ui.px(size, 36), ui.TEXT if selected else ui.TEXT_DIM,
                         "midtop", (rect.centerx, rect.y + ui.px(size, 22)), bold=True, max_w=rect.w - 20)
            for k, img in enumerate(self.fans[i]):
                centre = (rect.centerx + (k - 1) * img.get_width() * 0.55, rect.y + ui.px(size, 175) + abs(k - 1) * 8)
                surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))
            y = rect.y + ui.px(size, 300)
            for line in game.blurb():
                ui.blit_text(surface, line, ui.px(size, 19), ui.TEXT if selected else ui.TEXT_DIM, "midtop",
                             (rect.centerx, y), max_w=rect.w - ui.px(size, 24))
                y += ui.px(size, 30)
        ui.hint(surface, t("← → choose   Enter / A play   Backspace / B back"))
