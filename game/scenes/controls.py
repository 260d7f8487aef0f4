"""The Controls screen: every seat's two keys and the pad layout; pick one and press the new key or
button; refusals are explained; reset to defaults; and every key held right now, to test a keyboard."""

from __future__ import annotations

import pygame

from game.commands import Command
from game.i18n import pt, t
from game.input.bindings import MAX_SEATS, SAFE_TOGETHER, BindingRefused
from game.input.keys import key_label
from game.services import InputPort
from game.ui import widgets as ui
from game.ui.scene import Scene

PAD_ROW = MAX_SEATS  # rows 0..7 are seats, then the pads, then "reset" and "back" (side by side on one line)
RESET_ROW, BACK_ROW = MAX_SEATS + 1, MAX_SEATS + 2
LINES = PAD_ROW + 3  # the table's lines: the column names, the seats, the pads, reset and back
TABLE_PX, HELD_PX, HEADING_PX = 22, 20, 52  # the words' sizes at 1280×720
CANCEL_KEYS = {("kb", "escape")}
CANCEL_PAD = {"start", "back", "guide"}


class ControlsScene(Scene):
    """↑ ↓ pick a row, ← → pick the first or second control, Enter / A: press the new key or button."""
    text_room = 1.5  # the largest text size its layout takes without overlaps at 1280×720 (tests/test_access_text.py)

    def __init__(self) -> None:
        self.row = 0
        self.col = 0
        self.waiting = False
        self.message = ""
        self.refused = False

    @property
    def router(self) -> InputPort:
        return self.app.input

    def exit(self) -> None:
        self.router.capturing = False

    # -- input ------------------------------------------------------------------------------------
    def handle(self, cmd: Command) -> None:
        if self.waiting:
            return  # the router sends presses to `captured` meanwhile
        last = (RESET_ROW, BACK_ROW)  # on one line: ↑ ↓ leave it, ← → go from one to the other
        if cmd.action == "up":
            self.row = PAD_ROW if self.row in last else last[self.col] if self.row == 0 else self.row - 1
        elif cmd.action == "down":
            self.row = 0 if self.row in last else last[self.col] if self.row == PAD_ROW else self.row + 1
        elif cmd.action in ("left", "right") and self.row <= PAD_ROW:
            self.col = 1 - self.col
        elif cmd.action in ("left", "right"):
            self.row = BACK_ROW if self.row == RESET_ROW else RESET_ROW
        elif cmd.action == "confirm":
            self._confirm()
        elif ui.is_back(cmd):
            self.app.pop()

    def _confirm(self) -> None:
        if self.row == BACK_ROW:
            self.app.pop()
        elif self.row == RESET_ROW:
            self.router.reset_bindings()
            self._save()
            self._say(t("Every seat and controller is back to the default controls."))
        else:
            self.waiting = True
            self.router.captured.clear()
            self.router.capturing = True
            what = t("a controller button") if self.row == PAD_ROW else t("a key")
            self._say(t("Press {what} for {row} · {action}   (Esc or {start}: cancel)", what=what,
                        row=self._row_name(self.row), action=self._action_name(self.col),
                        start=self.router.button("start")))

    def update(self, now_ns: int, dt_ns: int) -> None:
        if not (self.waiting and self.router.captured):
            return
        device, name = self.router.captured.pop(0)
        self.router.captured.clear()
        self.router.capturing = False
        self.waiting = False
        if (device, name) in CANCEL_KEYS or (device != "kb" and name in CANCEL_PAD):
            self._say(t("Nothing changed."))
            return
        action = ("first", "second")[self.col]
        try:
            if self.row == PAD_ROW:
                if device == "kb":
                    raise BindingRefused(t("That row is for controllers: press a button on a controller."))
                message = self.router.bind_pad(action, name)
            else:
                if device != "kb":
                    raise BindingRefused(t("Controllers are set on the Controllers row; here press a key."))
                message = self.router.bind(self.row, action, name)
        except BindingRefused as refusal:
            # The message says "pick another": keep listening for it (Esc or Start still cancels).
            self.waiting = True
            self.router.capturing = True
            self._say(str(refusal), refused=True)
            return
        self._save()
        self._say(message)

    def _save(self) -> None:
        self.app.settings["bindings"] = self.router.bindings.to_dict()
        self.app.save_settings()

    def _say(self, message: str, refused: bool = False) -> None:
        self.message, self.refused = message, refused

    # -- words ------------------------------------------------------------------------------------
    @staticmethod
    def _row_name(row: int) -> str:
        return t("Controllers") if row == PAD_ROW else t("P{n}", n=row + 1)

    @staticmethod
    def _action_name(col: int) -> str:
        return t("Play / Take") if col == 0 else t("Slap / Pass")

    def _cell(self, row: int, col: int) -> str:
        if row == PAD_ROW:
            names = [self.router.button(c) for c in self.router.bindings.pad[("first", "second")[col]]]
            return (" · " if any(" / " in n for n in names) else " ").join(names)  # mixed pads: "A / ✕ · B / ○"
        return key_label(self.router.bindings.keyboard[row][col])

    def held_lines(self) -> list[str]:
        """What is held now, with whose it is: "L-Shift (P1 Slap / Pass)", "Pad 1 A", "K (nobody's)"."""
        out = []
        for device, name, label in self.router.held_controls():
            if device == "kb":
                owner = self.router.bindings.owner_of(name)
                whose = (t("{row} {action}", row=self._row_name(owner[0]), action=self._action_name(owner[1]))
                         if owner else t("nobody's"))
                out.append(f"{label} ({whose})")
            else:
                out.append(label)
        return out

    # -- drawing ----------------------------------------------------------------------------------
    def hint(self) -> str:
        return t("* may ghost on a cheap keyboard with other seats' keys held   "
                 "↑ ↓ ← → choose   Enter / {a} change   Backspace / {b} back", **self.router.buttons())

    def relayout(self, size: tuple[int, int]) -> None:
        """The table's lines as tall as its words at the player's text size; the table, the message and the
        held keys below it raised (the heading with them) as far as it takes to keep clear of the key hint."""
        w, h = size
        text_h = ui.TEXTS.line_height(ui.px(size, TABLE_PX), True)
        held_h = ui.TEXTS.line_height(ui.px(size, HELD_PX))
        heading_h = ui.TEXTS.line_height(ui.px(size, HEADING_PX), True)
        self.row_h = max(ui.px(size, 38), text_h + ui.px(size, 2))
        self.said_gap = max(ui.px(size, 34), text_h + ui.px(size, 4))  # from the message to the held keys
        below = ui.px(size, 12) + self.said_gap + held_h  # the message and the held keys under the table
        lowest = h - ui.hint_height(size, self.hint()) - ui.px(size, 6) - below  # the table's bottom at most
        highest = ui.px(size, 4) + heading_h + ui.px(size, 6)  # its top at least: under the heading
        pad = ui.px(size, 16)
        self.row_h = max(text_h, min(self.row_h, (lowest - highest - pad) // LINES))
        table_w = min(w - ui.px(size, 40), ui.px(size, 760))
        table_h = self.row_h * LINES + pad
        top = max(highest, min(ui.px(size, 120), lowest - table_h))
        self.table_rect = pygame.Rect((w - table_w) // 2, top, table_w, table_h)
        self.heading_y = max(ui.px(size, 4) + heading_h // 2,
                             min(ui.px(size, 62), top - ui.px(size, 6) - heading_h // 2))

    def line_rect(self, line: int) -> pygame.Rect:
        """The table's line `line` (0: the column names, then a seat's row, the pads, reset and back)."""
        y = self.table_rect.y + self.pad_top + line * self.row_h
        return pygame.Rect(self.table_rect.x + 8, y, self.table_rect.w - 16, self.row_h - 4)

    @property
    def pad_top(self) -> int:
        return (self.table_rect.h - self.row_h * LINES) // 2

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = surface.get_size()
        surface.blit(ui.backdrop(size), (0, 0))
        ui.shadow_text(surface, t("Controls"), ui.px(size, HEADING_PX), ui.TEXT, "center",
                       (size[0] // 2, self.heading_y))
        ui.panel(surface, self.table_rect)
        font = ui.px(size, TABLE_PX)
        x0 = self.table_rect.x + ui.px(size, 20)
        cols = (x0 + self.table_rect.w * 0.30, x0 + self.table_rect.w * 0.62)
        cell_w = int(self.table_rect.w * 0.30)
        head = self.line_rect(0)
        for col, x in enumerate(cols):
            ui.blit_text(surface, self._action_name(col), font, ui.TEXT_DIM, "midleft",
                         (int(x), head.centery), max_w=cell_w - 12)
        for row in range(PAD_ROW + 1):
            rect = self.line_rect(row + 1)
            selected = row == self.row
            if selected:
                pygame.draw.rect(surface, ui.HILITE, rect, border_radius=rect.h // 4)
            colour = ui.seat_colour(row) if row < MAX_SEATS else ui.TEXT
            name = self._row_name(row) + ("" if row >= MAX_SEATS or row in SAFE_TOGETHER else " *")
            ui.blit_text(surface, name, font, colour, "midleft", (x0, rect.centery), bold=True,
                         max_w=int(cols[0] - x0) - 8)
            for col, x in enumerate(cols):
                cell = pygame.Rect(int(x) - 6, rect.y + 2, cell_w, rect.h - 4)
                if selected and col == self.col:
                    pygame.draw.rect(surface, ui.WARN if self.waiting else ui.GOLD, cell, width=2,
                                     border_radius=cell.h // 4)
                text = "…" if selected and col == self.col and self.waiting else self._cell(row, col)
                ui.blit_text(surface, text, font, ui.TEXT, "midleft", (int(x), rect.centery),
                             max_w=cell.w - 12)
        last = self.line_rect(PAD_ROW + 2)  # reset under the names, back under the second column
        inset = x0 - last.x  # the labels start where the names and the second column do
        split = int(cols[1]) - inset
        for row, label, part in ((RESET_ROW, t("Reset to defaults"), (last.x, split - last.x)),
                                 (BACK_ROW, pt("menu", "Back"), (split, last.right - split))):
            selected = row == self.row
            rect = pygame.Rect(part[0], last.y, part[1], last.h)
            if selected:
                pygame.draw.rect(surface, ui.HILITE, rect, border_radius=rect.h // 4)
            ui.blit_text(surface, label, font, ui.TEXT if selected else ui.TEXT_DIM, "midleft",
                         (rect.x + inset, rect.centery), bold=selected, max_w=rect.w - inset - 8)
        y = self.table_rect.bottom + ui.px(size, 12)
        if self.message:
            ui.blit_text(surface, self.message, font, ui.WARN if self.refused else ui.GOLD, "midtop",
                         (size[0] // 2, y), max_w=size[0] - ui.px(size, 40))
        held = self.held_lines()
        line = t("Held now: {keys}", keys="   ".join(held)) if held else t(
            "Hold keys to test your keyboard: every key held right now shows here.")
        ui.blit_text(surface, line, ui.px(size, HELD_PX), ui.TEXT, "midtop",
                     (size[0] // 2, y + self.said_gap), max_w=size[0] - ui.px(size, 40))
        ui.hint(surface, self.hint())
