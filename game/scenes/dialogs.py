"""Small overlays pushed over another scene: a yes/no confirm and name entry (typed, or on-screen for pads)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.commands import BACK, CONFIRM, DOWN, LEFT, PAUSE, RIGHT, UP, Command
from game.i18n import t
from game.names import MAX_NAME
from game.render import colors
from game.render.text import break_lines
from game.ui import widgets as ui
from game.ui.menu import MenuHandler
from game.ui.scene import Scene

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
        width = min(w - 40, ui.px(size, 560))
        self.text_w = width - ui.px(size, 40)
        # The question on as many lines as it needs at the player's text size (never cut), the buttons below.
        self.lines = break_lines(self.question, ui.TEXTS.font(ui.px(size, 30), True), self.text_w)
        self.line_h = ui.TEXTS.line_height(ui.px(size, 30), True)
        row, pad = ui.px(size, 52), ui.px(size, 28)
        words_h = max(ui.px(size, 150), len(self.lines) * self.line_h + 2 * pad)
        self.rect = pygame.Rect(0, 0, width, min(h - ui.px(size, 20), words_h + row + pad))
        self.rect.center = (w // 2, h // 2)
        area = pygame.Rect(self.rect.x + ui.px(size, 40), self.rect.bottom - row - pad,
                           self.rect.w - ui.px(size, 80), row)
        self.menu.layout(area, row)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = surface.get_size()
        ui.dim(surface, 120)
        ui.panel(surface, self.rect, alpha=240, border=ui.GOLD)
        # Centred in the room above the buttons.
        y = (self.rect.y + self.menu.rects[0].y - len(self.lines) * self.line_h) // 2
        for line in self.lines:
            ui.blit_text(surface, line, ui.px(size, 30), ui.TEXT, "midtop", (self.rect.centerx, y), bold=True,
                         max_w=self.text_w)
            y += self.line_h
        self.menu.draw(surface)


SPACE, DELETE, DONE = "space", "delete", "done"
KEYBOARD: tuple[tuple[str, ...], ...] = (
    tuple("ABCDEFGHIJKLM"), tuple("NOPQRSTUVWXYZ"), tuple("abcdefghijklm"), tuple("nopqrstuvwxyz"),
    tuple("0123456789ÆØÅ"), (*"ÄÖæøåäö-'.", SPACE, DELETE, DONE),
)
WIDE = {SPACE: 2}  # keys wider than one cell, so their label fits (at least: see NameEntryScene.relayout)
LABELS = (SPACE, DELETE, DONE)  # the keys that are drawn with a word or a sign, not their letter
KEY_PX = 22  # the keys' letters at 1280×720
HINT_PX, HINT_MARGIN = ui.HINT_PX, 10  # the hint at the bottom of the panel


class NameEntryScene(Scene):
    """Type a name on the real keyboard, or on an on-screen keyboard with menu actions only (pads).

    Real keyboard (the router's text entry is on while this is on top): typing types, Backspace deletes,
    Enter finishes, Esc cancels; after the arrows have moved over the on-screen keys, Enter types the
    key they are on (⌫ deletes, OK finishes) until something is typed again.
    Pads: the d-pad moves over the keys, A types the key, B deletes the last letter (or cancels when the
    name is empty, or is still the proposed one untouched: B is a pad's back everywhere else, and a pad-only
    player who came here by mistake had to delete the proposal letter by letter to get out), Start finishes,
    as OK (a pad's Start is its "done" on the join screen and in the lobby: here it cancelled, and a name typed
    letter by letter with the d-pad was lost).
    A name proposed (`initial`: "House rules 2", "Player 3") starts selected, as in a text field: the first
    letter typed replaces it; Enter (or OK) accepts it and Backspace edits it (deletes its last letter)."""

    draws_below = True
    wants_text = True

    def __init__(self, prompt: str, initial: str, on_done: Callable[[str], None], max_len: int = MAX_NAME) -> None:
        self.prompt = prompt
        self.name = initial[:max_len]
        self.on_done = on_done
        self.max_len = max_len
        self.picking = False  # the arrows moved last: Enter types the key they are on
        self.selected = bool(self.name)  # the proposed name is selected: a letter typed replaces it
        # With a name proposed, start on OK: one press accepts it.
        self.row, self.col = (len(KEYBOARD) - 1, len(KEYBOARD[-1]) - 1) if self.name else (0, 0)

    @property
    def key(self) -> str:
        return KEYBOARD[self.row][self.col]

    def handle(self, cmd: Command) -> None:
        if cmd.action == PAUSE and cmd.device.startswith("pad:"):
            self._type(DONE)
        elif cmd.action == PAUSE or (cmd.action == BACK and (not self.name or self.selected)):
            self.app.pop()
        elif cmd.action == BACK:
            self._delete()
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
            self._delete()
        elif edit.key == "enter":
            self._type(self.key if self.picking else DONE)
        elif edit.text:
            self.picking = False
            typed = "".join(ch for ch in edit.text if ch.isprintable())
            if typed:
                self._insert(typed)

    def _insert(self, typed: str) -> None:
        """Typed letters: in place of the proposed name while it is selected, else after the name."""
        kept = "" if self.selected else self.name
        self.selected = False
        self.name = (kept + typed)[: self.max_len]

    def _delete(self) -> None:
        """Backspace, ⌫ or B: the last letter goes (a proposed name is then edited, no longer selected)."""
        self.selected = False
        self.name = self.name[:-1]

    def _type(self, key: str) -> None:
        if key == DONE:
            name = self.name.strip()
            if name:
                self.on_done(name)  # before the pop, so the scene below resumes with the new name
            self.app.pop()
        elif key == DELETE:
            self._delete()
        else:
            self._insert(" " if key == SPACE else key)

    def relayout(self, size: tuple[int, int]) -> None:
        """The keys as big as their labels at the player's text size (a label wider than one cell, such as
        OK at 150 %, spans more cells); the panel round the prompt, the name, the keys and the hint."""
        w, h = size
        font = ui.TEXTS.font(ui.px(size, KEY_PX), True)
        single = [key for row in KEYBOARD for key in row if key not in LABELS]
        self.cell_w = max(ui.px(size, 46), max(font.size(key)[0] for key in single) + ui.px(size, 10))
        self.cell = max(ui.px(size, 46), ui.TEXTS.line_height(ui.px(size, KEY_PX), True) + ui.px(size, 8))  # a row's height
        self.units = {key: max(WIDE.get(key, 1), -(-(font.size(self._label(key))[0] + 12) // self.cell_w))
                      for key in LABELS}
        grid_w = self.cell_w * max(self.row_units(row) for row in KEYBOARD)
        width = min(w - 40, grid_w + ui.px(size, 60))
        self.prompt_h = ui.TEXTS.line_height(ui.px(size, 26), True)
        name_h = ui.TEXTS.line_height(ui.px(size, 30), True)
        self.field_h = max(ui.px(size, 48), name_h + ui.px(size, 6))
        self.hint_area = pygame.Rect(0, 0, width - ui.px(size, 30), 0)
        hint_h = ui.hint_height(size, self.hint(), self.hint_area, HINT_PX, HINT_MARGIN)
        height = (ui.px(size, 16) + self.prompt_h + ui.px(size, 8) + self.field_h + ui.px(size, 16)
                  + self.cell * len(KEYBOARD) + ui.px(size, 8) + hint_h)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (w // 2, h // 2)
        self.hint_area.update(self.rect.x + ui.px(size, 15), self.rect.y, self.hint_area.w, self.rect.h)

    def row_units(self, row: tuple[str, ...]) -> int:
        """How many cells wide a keyboard row is, as laid out now."""
        return sum(self.units.get(key, 1) for key in row)

    def hint(self) -> str:
        return t("Type a name   Enter done   Esc cancel   ·   or pick keys: arrows / d-pad, "
                 "Enter / {a} type, {b} delete, {start} done", **self.app.input.buttons())

    @staticmethod
    def _label(key: str) -> str:
        return {SPACE: t("space"), DELETE: "⌫", DONE: t("OK")}.get(key, key)

    def key_rects(self, size: tuple[int, int]) -> list[list[pygame.Rect]]:
        """Where each on-screen key is drawn, row by row (wide keys span several cells)."""
        top = self.field_rect(size).bottom + ui.px(size, 16)
        rows = []
        for r, row in enumerate(KEYBOARD):
            x = self.rect.centerx - self.cell_w * self.row_units(row) // 2
            rects = []
            for key in row:
                w = self.cell_w * self.units.get(key, 1)
                rects.append(pygame.Rect(x, top + r * self.cell, w - 4, self.cell - 4))
                x += w
            rows.append(rects)
        return rows

    def field_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """Where the name being typed is shown: wide enough for the longest name."""
        field = pygame.Rect(0, 0, min(self.rect.w - ui.px(size, 40), self.cell_w * 12), self.field_h)
        field.midtop = (self.rect.centerx, self.rect.y + ui.px(size, 16) + self.prompt_h + ui.px(size, 8))
        return field

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = surface.get_size()
        ui.dim(surface, 120)
        ui.panel(surface, self.rect, alpha=240, border=ui.GOLD)
        ui.blit_text(surface, self.prompt, ui.px(size, 26), ui.TEXT, "midtop",
                     (self.rect.centerx, self.rect.y + ui.px(size, 16)), bold=True, max_w=self.rect.w - 40)
        field = self.field_rect(size)
        pygame.draw.rect(surface, colors.FIELD, field, border_radius=8)
        # The whole name, shrunk if a long one needs it (never cut); a proposed name selected: on the highlight.
        img = ui.TEXTS.fit_whole(self.name + "▏", field.w - 20, ui.px(size, 30), ui.TEXT, True, least=0.5)
        at = img.get_rect(midleft=(field.x + 12, field.centery))
        if self.selected:
            pygame.draw.rect(surface, ui.HILITE, at.inflate(ui.px(size, 8), 0), border_radius=4)
        surface.blit(img, at)
        for r, (row, rects) in enumerate(zip(KEYBOARD, self.key_rects(size))):
            for c, (key, cell) in enumerate(zip(row, rects)):
                on = (r, c) == (self.row, self.col)
                pygame.draw.rect(surface, ui.HILITE if on else ui.PANEL, cell, border_radius=6)
                if on:
                    pygame.draw.rect(surface, ui.GOLD, cell, width=2, border_radius=6)
                ui.blit_text(surface, self._label(key), ui.px(size, KEY_PX), ui.GOLD if on else ui.TEXT,
                             "center", cell.center, bold=on, max_w=cell.w - 4)
        ui.hint(surface, self.hint(), self.hint_area, HINT_PX, HINT_MARGIN)
