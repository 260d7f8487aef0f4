"""The title screen: Play, Settings, Controls, Quit (with a confirm), over a fan of cards. The first
device that confirms here (a pad's A, the keyboard's Enter) plays Player 1."""

from __future__ import annotations

import pygame

from game import screens
from game import version as game_version
from game.commands import CONFIRM, Command
from game.history.store import History
from game.i18n import t, tn
from game.render.card_art import CardArt
from game.render.text import break_lines, standard_px
from game.settings import Settings
from game.ui import widgets as ui
from game.ui.menu import MenuScene

FAN = ("JD", "QC", "KH", "AS")  # the four challenge cards
RUN_FAN = ((3, "C", "3"), (26, "H", "8"), (27, "H", "9"), (28, "S", "1"))  # a run of values across a suit border
NEWS_PX = 20
NEWS_SHRINK = (0.9, 0.8, 0.7)  # the news's steps down where it finds no room (never below its standard size)


def start_news(settings: Settings, history: History, no_sound: bool = False) -> list[str]:
    """What this start could not use of the family's saved files, and what became of it, in one line each: said
    on stderr too, but a windowed build has no console, and a family should know its history or settings were
    damaged (and that nothing else was lost) before it wonders where they went. `no_sound`: no audio device was
    found (a TV with its sound off the computer, headphones unplugged): the family hears why the game is silent."""
    news = []
    if no_sound:
        news.append(t("No sound this time: no audio device was found."))
    if settings.set_aside:
        news.append(t("The settings file could not be read: default settings are used (the file is kept as {name}).",
                      name=settings.set_aside) if settings.set_aside != "?" else
                    t("The settings file could not be read: default settings are used this time."))
    elif settings.read_only:
        news.append(t("The settings file could not be read: default settings are used this time."))
    if settings.defaulted:
        news.append(tn("{n} setting could not be read and is back to its default; the others are kept.",
                       "{n} settings could not be read and are back to their defaults; the others are kept.",
                       len(settings.defaulted)))
    if settings.presets_unused:
        news.append(tn("{n} house-rules preset could not be read: it stays in the settings file, not offered.",
                       "{n} house-rules presets could not be read: they stay in the settings file, not offered.",
                       settings.presets_unused))
    if history.set_aside_as and history.rescued:
        news.append(t("The history file was damaged: what could be read is kept, the file as it was is {name}.",
                      name=history.set_aside_as))
    elif history.set_aside_as:  # nothing in it could be read: the history starts anew
        news.append(t("The history file could not be read: a new one is started, the file as it was is {name}.",
                      name=history.set_aside_as))
    elif history.left_out:
        news.append(tn("The history was repaired: {n} damaged record was left out, everything else is kept.",
                       "The history was repaired: {n} damaged records were left out, everything else is kept.",
                       history.left_out))
    if history.problem:
        news.append(t("No history this time: games played now are not remembered."))
    return news


class TitleScene(MenuScene):
    width = 440
    news: tuple[int, list[str]] = (0, [])  # `start_news` as laid out under the menu: its font size and lines

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
            ui.Item(t("Play"), lambda: self.app.nav.push(screens.Choose(self._last_game_index()))),
            ui.Item(t("Players & stats"), lambda: self.app.nav.push(screens.Stats())),
            ui.Item(t("Replays"), lambda: self.app.nav.push(screens.Replays())),
            ui.Item(t("Settings"), lambda: self.app.nav.push(screens.Settings())),
            ui.Item(t("Controls"), lambda: self.app.nav.push(screens.Controls())),
            ui.Item(t("Quit"),
                    lambda: self.app.nav.push(screens.Confirm(t("Quit Couch Cards?"), self.app.quit))),
        ]

    def _last_game_index(self) -> int:
        """Where Play's game list opens: on the game last set up this run (a family that quit the second game's
        table to the menu and pressed Play, A found the first game's lobby instead of its table), else the first."""
        ids = [d.id for d in self.app.games.all()]
        last = self.app.nav.last_game()
        return ids.index(last) if last in ids else 0

    def handle(self, cmd: Command) -> None:
        if cmd.action == CONFIRM and cmd.device:
            # The first pad (or the keyboard) to press A / Enter here plays Player 1: a pad that drove
            # the menus to a table plays it.
            self.app.input.claim_first(cmd.device)
        super().handle(cmd)

    def hint(self) -> str:
        return t("↑ ↓ choose   Enter / {a} select", **self.app.input.buttons())

    def _titles_y(self, size: tuple[int, int]) -> int:
        """The top of the games' titles under the heading (at any text size, under the heading's line)."""
        heading_bottom = ui.px(size, 92) + ui.TEXTS.line_height(ui.px(size, 84), True) // 2
        return max(heading_bottom, ui.px(size, 158) - ui.TEXTS.line_height(ui.px(size, 26)) // 2)

    def _news_at(self, size: tuple[int, int], font_px: int) -> list[str]:
        """`start_news` in `font_px`: each item on as many lines as the window's width needs."""
        room = size[0] - 2 * ui.px(size, 40)
        font = ui.TEXTS.font(font_px, True)
        return [line for item in start_news(self.app.settings, self.app.history, self.app.no_sound) for line in break_lines(item, font, room)]

    def panel_top(self, size: tuple[int, int], ph: int) -> int:
        """The menu rises as far as it may to make room for the news under it; where a big text size leaves too
        little, the news shrinks towards its standard (100 %) size."""
        bottom = size[1] - ui.hint_height(size, self.hint()) - ui.px(size, 8)
        highest = self._titles_y(size) + ui.TEXTS.line_height(ui.px(size, 26)) + ui.px(size, 10)  # under the titles
        full = ui.px(size, NEWS_PX)
        top = super().panel_top(size, ph)
        for font_px in sorted({full, *(max(standard_px(full), round(full * k)) for k in NEWS_SHRINK)}, reverse=True):
            lines = self._news_at(size, font_px)
            step = ui.TEXTS.line_height(font_px, True)
            if not lines:
                self.news = (font_px, [])
                break
            top = max(highest, min(top, super().panel_top(size, ph + len(lines) * step + ui.px(size, 12))))
            room = (bottom - top - ph - ui.px(size, 12)) // step
            self.news = (font_px, lines[:max(0, room)])  # at the smallest size, the lines that find room
            if len(lines) <= room:
                break
        return top

    def back(self) -> None:
        self.menu.select(len(self.menu.items) - 1)  # Esc on the title: go to Quit, a second press confirms

    def draw_heading(self, surface: pygame.Surface) -> None:
        size = w, _ = surface.get_size()
        heading = ui.shadow_text(surface, t("Couch Cards"), ui.px(size, 84), ui.TEXT, "center",
                                 (w // 2, ui.px(size, 92)))
        titles = "  ·  ".join(game.title() for game in self.app.games.all())
        ui.blit_text(surface, titles, ui.px(size, 26), ui.GOLD, "midtop",  # under the heading at any text size
                     (w // 2, max(heading.bottom, self._titles_y(size))))
        for img, centre in self.fan:
            surface.blit(img, img.get_rect(center=centre))
        # The version, small in the bottom right corner, out of the way (the key hint is bottom centre).
        ui.blit_text(surface, t("v{version}", version=game_version()), ui.px(size, ui.HINT_PX), ui.TEXT_DIM, "bottomright",
                     (w - ui.px(size, 12), size[1] - ui.px(size, 10)))
        y = self.panel_rect.bottom + ui.px(size, 12)
        font_px, lines = self.news
        for line in lines:
            y = ui.blit_text(surface, line, font_px, ui.WARN, "midtop", (w // 2, y), bold=True,
                             max_w=w - ui.px(size, 60)).bottom

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
