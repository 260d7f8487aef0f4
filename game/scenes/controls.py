"""The Controls screen: every seat's two keys and the pad layout; pick one and press the new key or
button; refusals are explained; reset to defaults; and every key held right now, to test a keyboard."""

from __future__ import annotations

import pygame

from game.commands import Command
from game.i18n import pt, t
from game.input.bindings import MAX_SEATS, SAFE_TOGETHER, BindingRefused
from game.input.keys import key_label
from game.render.text import break_lines
from game.services import InputPort
from game.ui import widgets as ui
from game.ui.scene import Scene

PAD_ROW = MAX_SEATS  # rows 0..7 are seats, then the pads, then "reset" and "back" (side by side on one line)
RESET_ROW, BACK_ROW = MAX_SEATS + 1, MAX_SEATS + 2
LINES = PAD_ROW + 3  # the table's lines: the column names, the seats, the pads, reset and back
PAD_BREAKS = (" \u00b7 ", " / ")  # the pads' buttons wrap between buttons, then between pad families' names
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
        self.pad_lines = 1  # the lines the pads' row takes (several pad families' names wrap: see `pad_cell`)
        self.table_w = 0  # the table's width (`relayout`)
        self.heading_px = HEADING_PX  # the heading's size (`relayout`)
        self.table_px = 0  # the table's words' size (`relayout`)
        self._pad_texts: list[str] = []  # the pads' row's cells `pad_lines` was found for

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

    def pad_cell(self, size: tuple[int, int], col: int, height: int) -> tuple[int, list[str]]:
        """(font size, lines): the pads' row's cell `col` in lines that fit the column: with several pad families
        connected ("○ / B · L1 / L / LB · R1 / R / RB · …") it wraps between buttons rather than being cut, in
        lines `height` px high at most where the words may shrink that far (to half the size the standard text
        size draws them at, never under the floor), else on as many lines as it takes at that size."""
        font_px = self.table_px or ui.px(size, TABLE_PX)
        least = ui.TEXTS.least_px(ui.px(size, TABLE_PX), 0.5)
        while True:
            out = break_lines(self._cell(PAD_ROW, col), ui.TEXTS.font(font_px), self._cell_w(size) - 12, PAD_BREAKS)
            if len(out) * ui.TEXTS.line_height(font_px) <= height or font_px <= least:
                return font_px, out
            font_px -= 1

    def _cell_w(self, size: tuple[int, int]) -> int:
        """A column's width (a share of the table's, see `relayout`)."""
        return int(self.table_w * 0.30)

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
        held keys below it raised (the heading with them) as far as it takes to keep clear of the key hint. The
        pads' row takes as many lines as its words wrap to (several pad families connected): where the table
        lacks room for them, it is as wide as the window and its words shrink (`pad_cell`). Where the table still
        lacks room (a big text size, a hint on two lines) the heading shrinks, as far as three quarters of its
        size at the standard text size, then the table's words (as far as `TextCache.fit_height` lets them)."""
        w, h = size
        text_h = ui.TEXTS.line_height(ui.px(size, TABLE_PX), True)
        held_h = ui.TEXTS.line_height(ui.px(size, HELD_PX))
        self.row_h = max(ui.px(size, 38), text_h + ui.px(size, 2))
        self.said_gap = max(ui.px(size, 34), text_h + ui.px(size, 4))  # from the message to the held keys
        below = ui.px(size, 12) + self.said_gap + held_h  # the message and the held keys under the table
        lowest = h - ui.hint_height(size, self.hint()) - ui.px(size, 6) - below  # the table's bottom at most
        pad = ui.px(size, 16)
        self._pad_texts = [self._cell(PAD_ROW, col) for col in (0, 1)]
        self.table_px = 0
        self.heading_px = ui.px(size, HEADING_PX)
        least_heading = ui.TEXTS.least_px(self.heading_px, 0.75)
        while True:
            heading_h = ui.TEXTS.line_height(self.heading_px, True)
            highest = ui.px(size, 4) + heading_h + ui.px(size, 6)  # the table's top at least: under the heading
            room = lowest - highest - pad - (LINES - 1) * text_h  # the most the pads' row may take
            for table_w in (min(w - ui.px(size, 40), ui.px(size, 760)), w - ui.px(size, 40)):
                self.table_w = table_w
                fits = [self.pad_cell(size, col, max(text_h, room)) for col in (0, 1)]
                pad_h = max(len(lines) * ui.TEXTS.line_height(font_px) for font_px, lines in fits)
                self.pad_lines = max(1, -(-pad_h // text_h))  # the table's lines it takes
                if self.pad_lines == 1 or self.pad_lines * text_h <= room:
                    break
            if self.pad_lines * text_h <= room or self.heading_px <= least_heading:
                break
            self.heading_px -= 1
        lines = LINES + self.pad_lines - 1
        # Lines too low for the words still: the words give back some of their growth (see TextCache.fit_height).
        self.table_px = ui.TEXTS.fit_height(ui.px(size, TABLE_PX), (lowest - highest - pad) // lines, True)
        text_h = ui.TEXTS.line_height(self.table_px, True)
        self.row_h = max(text_h, min(self.row_h, (lowest - highest - pad) // lines))
        table_h = self.row_h * lines + pad
        top = max(highest, min(ui.px(size, 120), lowest - table_h))
        self.table_rect = pygame.Rect((w - self.table_w) // 2, top, self.table_w, table_h)
        self.heading_y = max(ui.px(size, 4) + heading_h // 2,
                             min(ui.px(size, 62), top - ui.px(size, 6) - heading_h // 2))

    def line_rect(self, line: int) -> pygame.Rect:
        """The table's line `line` (0: the column names, then a seat's row, the pads (`pad_lines` high), reset
        and back)."""
        below_pads = (self.pad_lines - 1) * self.row_h if line > PAD_ROW + 1 else 0
        high = self.pad_lines if line == PAD_ROW + 1 else 1
        y = self.table_rect.y + self.pad_top + line * self.row_h + below_pads
        return pygame.Rect(self.table_rect.x + 8, y, self.table_rect.w - 16, self.row_h * high - 4)

    @property
    def pad_top(self) -> int:
        return (self.table_rect.h - self.row_h * (LINES + self.pad_lines - 1)) // 2

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = surface.get_size()
        if [self._cell(PAD_ROW, col) for col in (0, 1)] != self._pad_texts:
            self.relayout(size)  # pads of another family plugged in (or out) since: the pads' row grows or shrinks
        surface.blit(ui.backdrop(size), (0, 0))
        ui.shadow_text(surface, t("Controls"), self.heading_px, ui.TEXT, "center",
                       (size[0] // 2, self.heading_y))
        ui.panel(surface, self.table_rect)
        font = self.table_px
        x0 = self.table_rect.x + ui.px(size, 20)
        cols = (x0 + self.table_rect.w * 0.30, x0 + self.table_rect.w * 0.62)
        cell_w = self._cell_w(size)
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
                cell_px, lines = font, [self._cell(row, col)]
                if selected and col == self.col and self.waiting:
                    lines = ["…"]
                elif row == PAD_ROW:
                    cell_px, lines = self.pad_cell(size, col, rect.h)
                step = ui.TEXTS.line_height(cell_px)
                top = rect.centery - (len(lines) - 1) * step // 2
                for k, text in enumerate(lines):
                    ui.blit_text(surface, text, cell_px, ui.TEXT, "midleft", (int(x), top + k * step),
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
