"""Small overlays pushed over another scene: a yes/no confirm and name entry (typed, or on-screen for pads)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.commands import BACK, CONFIRM, DOWN, LEFT, PAUSE, RIGHT, UP, Command
from game.i18n import t
from game.scenes import ui
from game.scenes.base import Scene
from game.scenes.menu import MenuHandler
from game.settings import MAX_NAME

if TYPE_CHECKING:
    from game.input.router import TextEdit


class ConfirmScene(MenuHandler):
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


SPACE, DELETE, DONE = "space", "delete", "done"
KEYBOARD: tuple[tuple[str, ...], ...] = (
    tuple("ABCDEFGHIJKLM"), tuple("NOPQRSTUVWXYZ"), tuple("abcdefghijklm"), tuple("nopqrstuvwxyz"),
    tuple("0123456789ÆØÅ"), (*"ÄÖæøåäö-'.", SPACE, DELETE, DONE),
)
WIDE = {SPACE: 2}  # keys wider than one cell, so their label fits


def key_units(row: tuple[str, ...]) -> int:
    """How many cells wide a keyboard row is."""
    return sum(WIDE.get(key, 1) for key in row)


class NameEntryScene(Scene):
    """Type a name on the real keyboard, or on an on-screen keyboard with menu actions only (pads).

    Real keyboard (the router's text entry is on while this is on top): typing types, Backspace deletes,
    Enter finishes, Esc cancels; after the arrows have moved over the on-screen keys, Enter types the
    key they are on (⌫ deletes, OK finishes) until something is typed again.
    Pads: the d-pad moves over the keys, A types the key, B deletes the last letter (or cancels when the
    name is empty), Start cancels."""

    draws_below = True
    wants_text = True

    def __init__(self, prompt: str, initial: str, on_done: Callable[[str], None], max_len: int = MAX_NAME) -> None:
        self.prompt = prompt
        self.name = initial[:max_len]
        self.on_done = on_done
        self.max_len = max_len
        self.picking = False  # the arrows moved last: Enter types the key they are on
        # With a name proposed, start on OK: one press accepts it.
        self.row, self.col = (len(KEYBOARD) - 1, len(KEYBOARD[-1]) - 1) if self.name else (0, 0)

    @property
    def key(self) -> str:
        return KEYBOARD[self.row][self.col]

    def handle(self, cmd: Command) -> None:
        if cmd.action == PAUSE or (cmd.action == BACK and not self.name):
            self.app.pop()
        elif cmd.action == BACK:
            self.name = self.name[:-1]
        elif cmd.action in (UP, DOWN):
            self.picking = True
            self.row = (self.row + (1 if cmd.action == DOWN else -1)) % len(KEYBOARD)
            self.col = min(self.col, len(KEYBOARD[self.row]) - 1)
        elif cmd.action in (LEFT, RIGHT):
            self.picking = True
            self.col = (self.col + (1 if cmd.action == RIGHT else -1)) % len(KEYBOARD[self.row])
        elif cmd.action == CONFIRM:
            self._type(self.key)

    def text_edit(self, edit: TextEdit) -> None:
        """The real keyboard: typed text, Backspace (never leaves), Enter, Esc."""
        if edit.key == "escape":
            self.app.pop()
        elif edit.key == "backspace":
            self.name = self.name[:-1]
        elif edit.key == "enter":
            self._type(self.key if self.picking else DONE)
        elif edit.text:
            self.picking = False
            typed = "".join(ch for ch in edit.text if ch.isprintable())
            self.name = (self.name + typed)[: self.max_len]

    def _type(self, key: str) -> None:
        if key == DONE:
            name = self.name.strip()
            if name:
                self.on_done(name)  # before the pop, so the scene below resumes with the new name
            self.app.pop()
        elif key == DELETE:
            self.name = self.name[:-1]
        elif len(self.name) < self.max_len:
            self.name += " " if key == SPACE else key

    def relayout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.cell = ui.px(size, 46)
        units = max(key_units(row) for row in KEYBOARD)
        self.rect = pygame.Rect(0, 0, min(w - 40, self.cell * units + ui.px(size, 60)),
                                ui.px(size, 170) + self.cell * len(KEYBOARD))
        self.rect.center = (w // 2, h // 2)

    def _label(self, key: str) -> str:
        return {SPACE: t("space"), DELETE: "⌫", DONE: t("OK")}.get(key, key)

    def key_rects(self, size: tuple[int, int]) -> list[list[pygame.Rect]]:
        """Where each on-screen key is drawn, row by row (wide keys span several cells)."""
        top = self.rect.y + ui.px(size, 58) + ui.px(size, 48) + ui.px(size, 16)
        rows = []
        for r, row in enumerate(KEYBOARD):
            x = self.rect.centerx - self.cell * key_units(row) // 2
            rects = []
            for key in row:
                w = self.cell * WIDE.get(key, 1)
                rects.append(pygame.Rect(x, top + r * self.cell, w - 4, self.cell - 4))
                x += w
            rows.append(rects)
        return rows

    def field_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """Where the name being typed is shown: wide enough for the longest name."""
        field = pygame.Rect(0, 0, min(self.rect.w - ui.px(size, 40), self.cell * 12), ui.px(size, 48))
        field.midtop = (self.rect.centerx, self.rect.y + ui.px(size, 58))
        return field

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = surface.get_size()
        ui.dim(surface, 120)
        ui.panel(surface, self.rect, alpha=240, border=ui.GOLD)
        ui.blit_text(surface, self.prompt, ui.px(size, 26), ui.TEXT, "midtop",
                     (self.rect.centerx, self.rect.y + ui.px(size, 16)), bold=True, max_w=self.rect.w - 40)
        field = self.field_rect(size)
        pygame.draw.rect(surface, (4, 20, 10), field, border_radius=8)
        # The whole name, shrunk if a long one needs it (never cut).
        img = ui.fit_whole(self.name + "▏", field.w - 20, ui.px(size, 30), ui.TEXT, True, least=0.5)
        surface.blit(img, img.get_rect(midleft=(field.x + 12, field.centery)))
        for r, (row, rects) in enumerate(zip(KEYBOARD, self.key_rects(size))):
            for c, (key, cell) in enumerate(zip(row, rects)):
                on = (r, c) == (self.row, self.col)
                pygame.draw.rect(surface, ui.HILITE if on else ui.PANEL, cell, border_radius=6)
                if on:
                    pygame.draw.rect(surface, ui.GOLD, cell, width=2, border_radius=6)
                ui.blit_text(surface, self._label(key), ui.px(size, 22), ui.GOLD if on else ui.TEXT, "center",
                             cell.center, bold=on, max_w=cell.w - 4)
        ui.blit_text(surface, t("Type a name   Enter done   Esc cancel   ·   or pick keys: arrows / d-pad, "
                                "Enter / A type, B delete"),
                     ui.px(size, 16), ui.TEXT_DIM, "midbottom", (self.rect.centerx, self.rect.bottom - ui.px(size, 10)),
                     max_w=self.rect.w - 30)
