"""The title screen: Play, Settings, Controls, Quit (with a confirm), over a fan of cards. The first
device that confirms here (a pad's A, the keyboard's Enter) plays Player 1."""

from __future__ import annotations

import pygame

from game import screens
from game import version as game_version
from game.commands import CONFIRM, Command
from game.i18n import t
from game.render.card_art import CardArt
from game.ui import widgets as ui
from game.ui.menu import MenuScene

FAN = ("JD", "QC", "KH", "AS")  # the four challenge cards
RUN_FAN = ((3, "C", "3"), (26, "H", "8"), (27, "H", "9"), (28, "S", "1"))  # a run of values across a suit border


class TitleScene(MenuScene):
    width = 440

    def enter(self) -> None:
        self.app.demo = None  # back at the menu, a demo stops looping
        self.art = CardArt(self.app.settings["four_colour_suits"])
        super().enter()

    def resume(self) -> None:
        self.app.demo = None
        self.art.set_four_colour(self.app.settings["four_colour_suits"])
        super().resume()  # rebuilds the menu and relayouts, redrawing the fan

    def heading(self) -> str:
        return t("Couch Cards")

    def items(self) -> list[ui.Item]:
        return [
            ui.Item(t("Play"), lambda: self.app.nav.push(screens.Choose())),
            ui.Item(t("Players & stats"), lambda: self.app.nav.push(screens.Stats())),
            ui.Item(t("Replays"), lambda: self.app.nav.push(screens.Replays())),
            ui.Item(t("Settings"), lambda: self.app.nav.push(screens.Settings())),
            ui.Item(t("Controls"), lambda: self.app.nav.push(screens.Controls())),
            ui.Item(t("Quit"),
                    lambda: self.app.nav.push(screens.Confirm(t("Quit Couch Cards?"), self.app.quit))),
        ]

    def handle(self, cmd: Command) -> None:
        if cmd.action == CONFIRM and cmd.device:
            # The first pad (or the keyboard) to press A / Enter here plays Player 1: a pad that drove
            # the menus to a table plays it.
            self.app.input.claim_first(cmd.device)
        super().handle(cmd)

    def hint(self) -> str:
        return t("↑ ↓ choose   Enter / {a} select", **self.app.input.buttons())

    def back(self) -> None:
        self.menu.select(len(self.menu.items) - 1)  # Esc on the title: go to Quit, a second press confirms

    def draw_heading(self, surface: pygame.Surface) -> None:
        size = w, _ = surface.get_size()
        heading = ui.shadow_text(surface, t("Couch Cards"), ui.px(size, 84), ui.TEXT, "center",
                                 (w // 2, ui.px(size, 92)))
        titles = "  ·  ".join(game.title() for game in self.app.games.all())
        ui.blit_text(surface, titles, ui.px(size, 26), ui.GOLD, "midtop",  # under the heading at any text size
                     (w // 2, max(heading.bottom, ui.px(size, 158) - ui.TEXTS.line_height(ui.px(size, 26)) // 2)))
        for img, centre in self.fan:
            surface.blit(img, img.get_rect(center=centre))
        # The version, small in the bottom right corner, out of the way (the key hint is bottom centre).
        ui.blit_text(surface, t("v{version}", version=game_version()), ui.px(size, ui.HINT_PX), ui.TEXT_DIM, "bottomright",
                     (w - ui.px(size, 12), size[1] - ui.px(size, 10)))

    def relayout(self, size: tuple[int, int]) -> None:
        super().relayout(size)
        w, h = size
        card_w = ui.px(size, 112)
        side = (self.panel_rect.left - card_w) // 2 + ui.px(size, 10)
        left = [self.art.card(code, card_w) for code in FAN]
        right = [self.art.nt_card(v, card_w, suit, rank) for v, suit, rank in RUN_FAN]
        self.fan = []
        for images, x in ((left, side), (right, w - side)):
            angles = [18 - 12 * i for i in range(len(images))]
            for i, img in enumerate(ui.fan(images, angles)):
                off = i - (len(images) - 1) / 2
                centre = (round(x + off * card_w * 0.36), round(h * 0.56 + off * off * card_w * 0.05))
                self.fan.append((img, centre))
