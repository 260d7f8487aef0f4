"""A menu screen: heading, a panel with a Menu, and the key hint; subclasses list their items."""

from __future__ import annotations

import pygame

from game.commands import Command
from game.ui import widgets as ui
from game.ui.scene import Scene


class MenuHandler(Scene):
    """A scene with a `menu`: back (Backspace, Esc, a pad's B or Start) calls `back()`, which closes the
    scene by default; every other action moves or confirms in the menu."""

    menu: ui.Menu

    def back(self) -> None:
        self.app.pop()

    def handle(self, cmd: Command) -> None:
        if ui.is_back(cmd):
            self.back()
        else:
            self.menu.handle(cmd)


class MenuScene(MenuHandler):
    """Override `heading()` and `items()`; back pops by default. Items are rebuilt on enter and resume,
    so labels follow a language change."""

    width = 560  # panel width at 1280×720
    row = 52  # row height at 1280×720

    def heading(self) -> str:
        return ""

    def items(self) -> list[ui.Item]:
        return []

    def hint(self) -> str:
        return ui.menu_hint(self.app.input.buttons())

    def enter(self) -> None:
        self.menu = ui.Menu(self.items())

    def resume(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        index = self.menu.index
        self.menu = ui.Menu(self.items(), index)
        self.relayout(self.app.size)

    def relayout(self, size: tuple[int, int]) -> None:
        w = size[0]
        row = ui.px(size, self.row)
        pw = min(w - ui.px(size, 40), ui.px(size, self.width))
        ph = row * len(self.menu.items) + ui.px(size, 32)
        top = self.panel_top(size, ph)
        self.panel_rect = pygame.Rect((w - pw) // 2, top, pw, ph)
        self.menu.layout(self.panel_rect.inflate(-ui.px(size, 32), -ui.px(size, 32)), row)

    def panel_top(self, size: tuple[int, int], ph: int) -> int:
        """Where a panel `ph` high starts: a little below the middle, under the heading, and raised (as far
        as the heading allows) to keep clear of the key hint, which may take two lines at a big text size."""
        h = size[1]
        top = max(ui.px(size, 170), (h - ph) // 2 + ui.px(size, 40))
        bottom = h - ui.hint_height(size, self.hint()) - ui.px(size, 8)
        return max(ui.px(size, 130), min(top, bottom - ph))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = surface.get_size()
        surface.blit(ui.backdrop(size), (0, 0))
        self.draw_heading(surface)
        ui.panel(surface, self.panel_rect)
        self.menu.draw(surface)
        ui.hint(surface, self.hint())

    def draw_heading(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        ui.shadow_text(surface, self.heading(), ui.px(size, 56), ui.TEXT, "center",
                       (size[0] // 2, ui.px(size, 90)))
