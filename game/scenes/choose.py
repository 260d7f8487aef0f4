"""Choose a game: No Thanks! or Egyptian Ratscrew, as two big panels."""

from __future__ import annotations

import pygame

from game.commands import CONFIRM, DOWN, LEFT, RIGHT, UP, Command
from game.i18n import t
from game.render.card_art import CardArt
from game.scenes import ui
from game.scenes.base import Scene
from game.scenes.config import GAMES, game_title
from game.scenes.lobby import LobbyScene


def game_blurb(game: str) -> list[str]:
    if game == "nothanks":
        return [t("Take the card, or pay a match to pass it on."), t("Runs count only their lowest card."),
                t("2–8 players · calm, sly, good for number sense")]
    return [t("Turn cards onto the pile in turn."), t("Slap doubles and sandwiches first!"),
            t("2–8 players · fast, loud, one keyboard or pads")]


class ChooseGameScene(Scene):
    def __init__(self, index: int = 0) -> None:
        self.index = index

    def enter(self) -> None:
        self.art = CardArt(self.app.settings["four_colour_suits"])

    def resume(self) -> None:
        self.art.set_four_colour(self.app.settings["four_colour_suits"])
        self.relayout(self.app.size)

    def handle(self, cmd: Command) -> None:
        if ui.is_back(cmd):
            self.app.pop()
        elif cmd.action in (LEFT, RIGHT, UP, DOWN):
            self.index = 1 - self.index
        elif cmd.action == CONFIRM:
            self.app.push(LobbyScene(GAMES[self.index]))

    def relayout(self, size: tuple[int, int]) -> None:
        w = size[0]
        pw, ph = ui.px(size, 460), ui.px(size, 420)
        gap = ui.px(size, 60)
        top = ui.px(size, 170)
        self.rects = [pygame.Rect(w // 2 - gap // 2 - pw, top, pw, ph), pygame.Rect(w // 2 + gap // 2, top, pw, ph)]
        cw = ui.px(size, 118)
        nt = [self.art.nt_card(28, cw, "S", "1"), self.art.nt_card(27, cw, "H", "9"), self.art.nt_card(3, cw, "C", "3")]
        rs = [self.art.card("KS", cw), self.art.card("7H", cw), self.art.card("KD", cw)]
        self.fans = [ui.fan(images, [10, 0, -10]) for images in (nt, rs)]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = w, _ = surface.get_size()
        surface.blit(ui.backdrop(size), (0, 0))
        ui.shadow_text(surface, t("Choose a game"), ui.px(size, 56), ui.TEXT, "center", (w // 2, ui.px(size, 90)))
        for i, (game, rect) in enumerate(zip(GAMES, self.rects)):
            selected = i == self.index
            ui.panel(surface, rect, alpha=220 if selected else 150, border=ui.GOLD if selected else None)
            ui.blit_text(surface, game_title(game), ui.px(size, 36), ui.TEXT if selected else ui.TEXT_DIM,
                         "midtop", (rect.centerx, rect.y + ui.px(size, 22)), bold=True, max_w=rect.w - 20)
            for k, img in enumerate(self.fans[i]):
                centre = (rect.centerx + (k - 1) * img.get_width() * 0.55, rect.y + ui.px(size, 175) + abs(k - 1) * 8)
                surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))
            y = rect.y + ui.px(size, 300)
            for line in game_blurb(game):
                ui.blit_text(surface, line, ui.px(size, 19), ui.TEXT if selected else ui.TEXT_DIM, "midtop",
                             (rect.centerx, y), max_w=rect.w - ui.px(size, 24))
                y += ui.px(size, 30)
        ui.hint(surface, t("← → choose   Enter / A play   Backspace / B back"))
