"""Small overlays pushed over another scene: a yes/no confirm and a pad-friendly name entry."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.commands import CONFIRM, DOWN, LEFT, RIGHT, UP, Command
from game.i18n import t
from game.scenes import ui
from game.scenes.base import Scene

CHARSET = " ABCDEFGHIJKLMNOPQRSTUVWXYZÆØÅÄÖabcdefghijklmnopqrstuvwxyzæøåäö0123456789-'.!"


class ConfirmScene(Scene):
    """"Quit to the menu?" — Yes / No. Yes pops this overlay, then runs `on_yes`."""

    draws_below = True

    def __init__(self, question: str, on_yes: Callable[[], None], yes: str = "", no: str = "") -> None:
        self.question = question
        self.on_yes = on_yes
        self.yes, self.no = yes, no

    def enter(self) -> None:
        self.menu = ui.Menu([ui.Item(self.no or t("No"), self.app.pop, button=True), ui.Item(self.yes or t("Yes"), self._yes, button=True)],
                            columns=2)

    def _yes(self) -> None:
        self.app.pop()
        self.on_yes()

    def handle(self, cmd: Command) -> None:
        if ui.is_back(cmd):
            self.app.pop()
        elif cmd.action in (LEFT, RIGHT):
            self.menu.move(1)
        else:
            self.menu.handle(cmd)

    def relayout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.rect = pygame.Rect(0, 0, min(w - 40, ui.px(size, 560)), ui.px(size, 230))
        self.rect.center = (w // 2, h // 2)
        row = ui.px(size, 52)
        area = pygame.Rect(self.rect.x + ui.px(size, 40), self.rect.bottom - row - ui.px(size, 28),
                           self.rect.w - ui.px(size, 80), row)
        self.menu.layout(area, row)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = surface.get_size()
        ui.dim(surface, 120)
        ui.panel(surface, self.rect, alpha=240, border=ui.GOLD)
        ui.blit_text(surface, self.question, ui.px(size, 30), ui.TEXT, "center",
                     (self.rect.centerx, self.rect.y + ui.px(size, 70)), bold=True, max_w=self.rect.w - 40)
        self.menu.draw(surface)


class NameEntryScene(Scene):
    """Spell a name with menu actions only: ↑ ↓ change the letter, ← → move, Enter done, Back cancel."""

    draws_below = True

    def __init__(self, prompt: str, initial: str, on_done: Callable[[str], None], max_len: int = 12) -> None:
        self.prompt = prompt
        self.chars = [c if c in CHARSET else " " for c in initial[:max_len]] or ["A"]
        self.cursor = len(self.chars) - 1 if initial else 0
        self.on_done = on_done
        self.max_len = max_len

    def handle(self, cmd: Command) -> None:
        if ui.is_back(cmd):
            self.app.pop()
        elif cmd.action in (UP, DOWN):
            i = CHARSET.index(self.chars[self.cursor])
            self.chars[self.cursor] = CHARSET[(i + (1 if cmd.action == DOWN else -1)) % len(CHARSET)]
        elif cmd.action == LEFT:
            if self.cursor == len(self.chars) - 1 and len(self.chars) > 1 and self.chars[-1] == " ":
                self.chars.pop()  # stepping back off a blank end shortens the name
            self.cursor = max(0, self.cursor - 1)
        elif cmd.action == RIGHT:
            if self.cursor == len(self.chars) - 1 and len(self.chars) < self.max_len:
                self.chars.append(self.chars[-1] if self.chars[-1] != " " else "a")
            self.cursor = min(len(self.chars) - 1, self.cursor + 1)
        elif cmd.action == CONFIRM:
            name = "".join(self.chars).strip()
            self.app.pop()
            if name:
                self.on_done(name)

    def relayout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.rect = pygame.Rect(0, 0, min(w - 40, ui.px(size, 640)), ui.px(size, 260))
        self.rect.center = (w // 2, h // 2)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = surface.get_size()
        ui.dim(surface, 120)
        ui.panel(surface, self.rect, alpha=240, border=ui.GOLD)
        ui.blit_text(surface, self.prompt, ui.px(size, 28), ui.TEXT, "midtop",
                     (self.rect.centerx, self.rect.y + ui.px(size, 24)), bold=True, max_w=self.rect.w - 40)
        box = ui.px(size, 40)
        x0 = self.rect.centerx - box * len(self.chars) // 2
        y = self.rect.y + ui.px(size, 90)
        for i, ch in enumerate(self.chars):
            cell = pygame.Rect(x0 + i * box, y, box - 4, ui.px(size, 56))
            on = i == self.cursor
            pygame.draw.rect(surface, ui.HILITE if on else ui.PANEL, cell, border_radius=6)
            if on:
                pygame.draw.rect(surface, ui.GOLD, cell, width=2, border_radius=6)
                ui.blit_text(surface, "▲", ui.px(size, 14), ui.GOLD, "midbottom", (cell.centerx, cell.y - 2))
                ui.blit_text(surface, "▼", ui.px(size, 14), ui.GOLD, "midtop", (cell.centerx, cell.bottom + 2))
            ui.blit_text(surface, ch, ui.px(size, 32), ui.TEXT, "center", cell.center, bold=on)
        ui.blit_text(surface, t("↑ ↓ letter   ← → move   Enter done   Backspace / B cancel"), ui.px(size, 17),
                     ui.TEXT_DIM, "midbottom", (self.rect.centerx, self.rect.bottom - ui.px(size, 14)),
                     max_w=self.rect.w - 30)
