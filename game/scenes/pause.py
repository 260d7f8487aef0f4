"""The pause menu, pushed over a table: resume, restart, rules, settings, quit to menu (with a confirm).
A pad that plays no seat takes one here with A (or Start): any bot's, handed over at the next safe moment."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import screens
from game.commands import CONFIRM, PAUSE, Command
from game.i18n import t
from game.ui import widgets as ui
from game.ui.menu import MenuHandler

if TYPE_CHECKING:
    from game.games.table_scene import TableScene

HINT_ROW = 34  # px at 1280×720: the key hint's row at the bottom of the panel (more on two lines)
HINT_PX, HINT_MARGIN = ui.HINT_PX, 12  # the hint's font and its gap to the panel's bottom, at 1280×720


class PauseScene(MenuHandler):
    """Esc / a pad's Start / Back resume (ui.is_back)."""

    draws_below = True

    def __init__(self, table: TableScene[Any, Any]) -> None:  # any game's table
        self.table = table
        self.photo: list[str] = []  # the last photo finish's lines, while shown
        self.said = ""  # what the last pad that took a seat here was told
        self._line: str | None = None  # the join line the layout was made for

    def enter(self) -> None:
        self.menu = ui.Menu(self._items())

    def resume(self) -> None:
        self.menu = ui.Menu(self._items(), self.menu.index)
        self.relayout(self.app.size)

    def _items(self) -> list[ui.Item]:
        items = [
            ui.Item(t("Resume"), self.app.pop),
            ui.Item(t("Restart"),
                    lambda: self.app.nav.push(screens.Confirm(t("Restart this game?"), self._restart))),
            ui.Item(t("Rules"), self._rules),
            ui.Item(t("Settings"), lambda: self.app.nav.push(screens.Settings())),
            ui.Item(t("Quit to menu"),
                    lambda: self.app.nav.push(screens.Confirm(t("Quit to the menu?"), self._quit))),
        ]
        if self.table.photo_finish_lines():
            items.insert(1, ui.Item(t("Last photo finish"), self._toggle_photo))
        return items


    def handle(self, cmd: Command) -> None:
        if cmd.action in (CONFIRM, PAUSE) and self.table.is_unseated_pad(cmd.device):
            said = self.table.take_seat(cmd.device, anytime=True)
            if said is not None:  # a pad with no seat joined; with no seat to take, it works the menu
                self.said = said
                self.relayout(self.app.size)
                return
        super().handle(cmd)

    def update(self, now_ns: int, dt_ns: int) -> None:
        self.table.refresh_seats()  # the panels below say "press A to join" while a pad waits
        line = self.join_line()
        if line != self._line:
            self._line = line
            self.relayout(self.app.size)

    def join_offer(self) -> str:
        if not self.table.joinable(anytime=True):
            return ""  # A works the menu here: no seat it could take
        return "now" if self.said else "said"  # `join_line` asks the waiting pads (unless it says the last join)

    def join_line(self) -> str:
        """Under the heading: the last join here, else which pads may take a bot's seat."""
        if self.said:
            return self.said
        idle = self.app.input.idle_pads()
        if idle and self.table.joinable(anytime=True):
            pads = ", ".join(t("Controller {n}", n=p.number) for p in idle)
            return t("{pads}: press {a} to take a bot's seat", pads=pads, a=self.app.input.button("a", None, idle))
        return ""

    def _toggle_photo(self) -> None:
        self.photo = [] if self.photo else self.table.photo_finish_lines()
        self.relayout(self.app.size)

    def _restart(self) -> None:
        config = self.table.config
        self.app.pop()  # this menu; then the table makes way for a fresh deal with fresh timers
        self.app.nav.start_table(config.with_seed(self.app.next_seed()))

    def _rules(self) -> None:
        self.app.nav.push(screens.Rules(self.table.config.game, self.table.config.rules))

    def _quit(self) -> None:
        self.app.nav.reset(screens.Title())

    def relayout(self, size: tuple[int, int]) -> None:
        w, h = size
        row = ui.px(size, 54)
        extra = ui.px(size, 30) * (len(self.photo) + (1 if self.join_line() else 0))
        width = min(w - 40, ui.px(size, 480))
        self.hint_area = pygame.Rect(0, 0, width - ui.px(size, 32), 0)
        hint_h = ui.hint_height(size, self.hint(), self.hint_area, HINT_PX, HINT_MARGIN)
        below = max(ui.px(size, 20 + HINT_ROW), ui.px(size, 20) + hint_h)  # under the menu: the hint
        self.rect = pygame.Rect(0, 0, width, ui.px(size, 90) + extra + row * len(self.menu.items) + below)
        self.rect.center = (w // 2, h // 2)
        self.hint_area.update(self.rect.x + ui.px(size, 16), self.rect.y, self.hint_area.w, self.rect.h)
        area = pygame.Rect(self.rect.x + ui.px(size, 24), self.rect.y + ui.px(size, 90) + extra,
                           self.rect.w - ui.px(size, 48), row * len(self.menu.items))
        self.menu.layout(area, row)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = surface.get_size()
        ui.dim(surface, 150)
        ui.panel(surface, self.rect, alpha=235, border=ui.GOLD)
        ui.blit_text(surface, t("Paused"), ui.px(size, 40), ui.TEXT, "midtop",
                     (self.rect.centerx, self.rect.y + ui.px(size, 22)), bold=True)
        y = self.rect.y + ui.px(size, 82)
        for line in [self.join_line()] if self.join_line() else []:
            ui.blit_text(surface, line, ui.px(size, 21), ui.TEXT, "midtop", (self.rect.centerx, y),
                         max_w=self.rect.w - 30, bold=True)
            y += ui.px(size, 30)
        for line in self.photo:
            ui.blit_text(surface, line, ui.px(size, 21), ui.GOLD, "midtop", (self.rect.centerx, y),
                         max_w=self.rect.w - 30)
            y += ui.px(size, 30)
        self.menu.draw(surface)
        # Inside the panel: along the window's bottom edge it would cover the nearest seat's panel.
        ui.hint(surface, self.hint(), self.hint_area, HINT_PX, HINT_MARGIN)

    def hint(self) -> str:
        return t("↑ ↓ choose   Enter / {a} select   Esc / {start} resume", **self.app.input.buttons())
