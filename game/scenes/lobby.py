"""The lobby: 2–8 seats (human, bot with a level, or empty), every rule option, named presets, start.

Every human row shows the device that plays it (a pad's number, or its keys). A pad that plays no row
takes one by pressing A (or Start): a human row nobody can play, else a bot's row, else an empty row
("press A to join" is shown on them while a pad waits). The rows' devices play their seats at once
(each pad lights up in its seat's colour), and exactly those at the table.

A game with per-seat settings (`GameDef.seat_options`) gets a cell for each beside each seat row: its
head start (0–1,000 ms in steps of 50) and, for a human, whether it is a learner and after how long its
hints show. ↓ goes from a seat row through its cells to the next seat; ← → change a cell.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game import presets_io
from game.commands import CONFIRM, PAUSE, Command
from game.games.base import MAX_SEATS, SeatSpec, TableConfig
from game.i18n import decimal, t, tn
from game.match.common import HEAD_STARTS_MS, HINT_DELAYS_MS
from game.profiles import remembered_device
from game.render import scale
from game.render.fonts import wrap
from game.scenes import ui
from game.scenes.menu import MenuHandler

Seat = tuple[str, str | None]  # ("human", None) | ("bot", level) | ("empty", None)
EMPTY: Seat = ("empty", None)


def json_safe(value: Any) -> Any:
    """Option values as stored in presets (tuples become lists in JSON)."""
    return list(value) if isinstance(value, tuple) else value


def from_json(value: Any) -> Any:
    return tuple(from_json(v) for v in value) if isinstance(value, list) else value


# -- the layout, measured from the words at the player's text size (100–150 %) and language ---------------
# Nothing is cut and nothing overlaps: a row whose label and value do not fit side by side shows its value
# on a second line under the label; a panel whose rows do not all fit scrolls, keeping the focused row in
# view (small ▲ ▼ say there is more); the seats' panel widens for its words as far as the house rules leave
# it room; the buttons widen for theirs, and the line beside them (a message, a pad's news) moves above
# them when they leave it no room. Text shrinks only as far as the size it has at 100 %.

HIDDEN = pygame.Rect(-10_000, -10_000, 0, 0)  # a row scrolled out of view: never drawn, never beside another

Piece = tuple[int, str, str, int, bool, int]  # (line, text, "left" | "right" | "center", px, a whole name, max_w)

_WIDTHS: dict[tuple[str, int, bool, tuple[float, float]], int] = {}  # measured once: a layout tries many splits


def text_w(text: str, px: int, bold: bool = False) -> int:
    """How wide `text` is at font size `px` (at the text size in force), measured once."""
    key = (text, px, bold, scale.looks_key())
    found = _WIDTHS.get(key)
    if found is None:
        if len(_WIDTHS) > 20_000:
            _WIDTHS.clear()
        found = _WIDTHS[key] = ui.TEXTS.font(px, bold).size(text)[0]
    return found


_LINES: dict[tuple[int, bool, tuple[float, float]], int] = {}


def line_h(px: int, bold: bool = False) -> int:
    key = (px, bold, scale.looks_key())
    found = _LINES.get(key)
    if found is None:
        found = _LINES[key] = ui.TEXTS.font(px, bold).get_linesize()
    return found


def least(px: int) -> int:
    """The smallest font size `px` may shrink to: the size it has at 100 % text (at 100 %: 85 % of it,
    as far as ui's fitting shrank it before)."""
    return max(6, round(min(px * 0.85, px / scale.text_scale())))


def shrunk(text: str, room: int, px: int, bold: bool = False) -> int | None:
    """The largest size from `px` down to its 100 % size that shows `text` whole in `room`; None if none."""
    if text_w(text, px, bold) <= room:
        return px
    if text_w(text, least(px), bold) > room:
        return None
    for size in range(px - 1, least(px) - 1, -1):
        if text_w(text, size, bold) <= room:
            return size
    return None


@dataclass(frozen=True)
class Look:
    """How a row draws its words: its font (px at 720p before the text size) and its inset at both ends."""

    px: int
    inset: int
    dot: bool = False  # room for a seat's colour mark at the left
    single: bool = False  # one line whatever it says (a button): shrunk, then a file's name cut
    squeeze: bool = False  # a value shrinks a little (to 85 %, not under its 100 % size) to stay beside its label

    def text_x(self) -> int:
        """Where the words start, from the row's left edge."""
        u = line_h(self.px)
        return round(1.55 * u) if self.dot else self.inset

    def room(self, w: int) -> int:
        return w - self.text_x() - self.inset


def fit_lines(text: str, room: int, px: int, bold: bool, align: str, first: int = 0) -> list[Piece]:
    """`text` on one line (shrunk to its 100 % size at most), else wrapped over lines at `px`."""
    size = shrunk(text, room, px, bold)
    if size is not None:
        return [(first, text, align, size, False, room)]
    lines = wrap(text, ui.TEXTS.font(px, bold), room) or [text]
    return [(first + k, line, align, shrunk(line, room, px, bold) or px, False, room) for k, line in enumerate(lines)]


@dataclass(frozen=True)
class Words:
    """What a row says, read once (a layout measures each row at many widths)."""

    label: str
    value: str = ""
    short: str | None = None
    changes: bool = False
    button: bool = False
    whole_label: bool = False


def words(item: ui.Item) -> Words:
    return Words(item.label, item.value() if item.value else "", item.short() if item.short is not None else None,
                 item.change is not None, item.button, item.whole_label)


_PLANS: dict[tuple[Words, int, Look, bool, bool, tuple[float, float]], list[Piece]] = {}


def plan(item: ui.Item | Words, room: int, look: Look, selected: bool, bold: bool | None = None) -> list[Piece]:
    """The words of a row `room` px wide: label and value on one line if they fit (the value's short
    form if need be, as ui.Menu does; a seat's shrunk to its 100 % size), else the value on the line(s)
    under its label. A focused row has ‹ › round a value it changes, where they fit, and is bold."""
    said = item if isinstance(item, Words) else words(item)
    bold = selected if bold is None else bold
    key = (said, room, look, selected, bold, scale.looks_key())
    found = _PLANS.get(key)
    if found is None:
        if len(_PLANS) > 5_000:
            _PLANS.clear()
        found = _PLANS[key] = _plan(said, room, look, selected, bold)
    return found


def _plan(item: Words, room: int, look: Look, selected: bool, bold: bool) -> list[Piece]:
    px, label = look.px, item.label
    value = item.value
    if not value:
        if look.single:
            return [(0, label, "center", shrunk(label, room, px, bold) or least(px), False, room)]
        return fit_lines(label, room, px, bold, "center" if item.button else "left") if label else []
    plain = [value] + ([item.short] if item.short is not None else [])
    arrows = item.changes and selected
    choices = [c for v in plain for c in ((f"‹ {v} ›", v) if arrows else (v,))]
    gap = text_w("  ", px, bold)
    label_w = text_w(label, px, bold)
    if look.single:  # a button's label and value: the value shrinks, then is cut (a long file name)
        free = room - label_w - gap
        size = next((z for c in choices for z in [shrunk(c, free, px, bold)] if z is not None), None)
        choice = next((c for c in choices if size is not None and text_w(c, size, bold) <= free), choices[-1])
        return [(0, label, "left", px, False, label_w), (0, choice, "right", size or least(px), False, free)]
    for choice in choices:
        value_w = text_w(choice, px, bold)
        if label_w + gap + value_w <= room:
            return [(0, label, "left", px, item.whole_label, room - value_w - gap), (0, choice, "right", px, False, value_w)]
    for choice in choices if look.squeeze else ():
        size = shrunk(choice, room - label_w - gap, px, bold)
        if size is not None and size >= px * 0.85:
            value_w = text_w(choice, size, bold)
            return [(0, label, "left", px, item.whole_label, room - value_w - gap), (0, choice, "right", size, False, value_w)]
    if item.whole_label:  # a name: shrunk to fit whole (ui.fit_whole), never wrapped
        head: list[Piece] = [(0, label, "left", px, True, room)]
    else:
        head = fit_lines(label, room, px, bold, "left")
    below = head[-1][0] + 1
    for choice in choices:
        if text_w(choice, px, bold) <= room:
            return head + [(below, choice, "right", px, False, room)]
    for choice in choices:
        size = shrunk(choice, room, px, bold)
        if size is not None:
            return head + [(below, choice, "right", size, False, room)]
    return head + fit_lines(plain[0], room, px, bold, "right", below)


def lines_of(pieces: Sequence[Piece]) -> int:
    return 1 + max((p[0] for p in pieces), default=0)


def draw_row(surface: pygame.Surface, item: ui.Item, rect: pygame.Rect, look: Look, selected: bool) -> None:
    """One menu row as ui.Menu draws it (highlight, box, colour mark), its words placed by `plan`."""
    enabled = item.enabled()
    radius = max(3, min(rect.h, round(line_h(look.px) * 1.7)) // 4)
    if selected:
        pygame.draw.rect(surface, ui.HILITE, rect, border_radius=radius)
        pygame.draw.rect(surface, ui.GOLD, rect, width=2, border_radius=radius)
    elif item.button:
        ui.panel(surface, rect, alpha=200, border=(60, 110, 80), radius=radius)
    colour = (ui.TEXT if selected else ui.TEXT_DIM) if enabled else (110, 130, 115)
    selected = selected and enabled  # a row that can't be chosen never looks chosen
    u = line_h(look.px)
    if item.colour is not None and look.dot:
        dot = pygame.Rect(0, 0, round(0.55 * u), round(0.55 * u))
        dot.midleft = (rect.x + round(0.55 * u), rect.centery)
        pygame.draw.rect(surface, item.colour, dot, border_radius=max(1, dot.h // 3))
    x, right = rect.x + look.text_x(), rect.right - look.inset
    bold = selected
    pieces = plan(item, right - x, look, selected)
    if lines_of(pieces) > max(1, rect.h // u):  # bold, it would need more lines than the row has
        bold = False
        pieces = plan(item, right - x, look, selected, bold=False)
    heights = [max((line_h(p[3], bold) for p in pieces if p[0] == k), default=u) for k in range(lines_of(pieces))]
    top = rect.centery - sum(heights) // 2
    for line, text, align, px, whole, max_w in pieces:
        cy = top + sum(heights[:line]) + heights[line] // 2
        if whole:
            img = ui.fit_whole(text, max_w, px, colour, bold)
            ui.blit_image_text(surface, img, img.get_rect(midleft=(x, cy)), text)
        elif align == "left":
            ui.blit_text(surface, text, px, colour, "midleft", (x, cy), bold=bold, max_w=max_w)
        elif align == "right":
            shade = ui.GOLD if selected else colour
            ui.blit_text(surface, text, px, shade, "midright", (right, cy), bold=bold, max_w=max_w)
        else:
            ui.blit_text(surface, text, px, colour, "center", ((x + right) // 2, cy), bold=bold, max_w=max_w)


@dataclass
class Region:
    """Rows stacked in a panel's list area, scrolled so the focused one shows: `groups` are the rows on
    screen (a seat row with its cells), `rects` their items' places from the top of the list."""

    area: pygame.Rect
    groups: list[list[int]] = field(default_factory=list)
    tops: list[int] = field(default_factory=list)
    heights: list[int] = field(default_factory=list)
    rects: dict[int, pygame.Rect] = field(default_factory=dict)
    first: int = 0
    last: int = 0  # the last group in view

    def add(self, items: list[int], rects: list[pygame.Rect], top: int, height: int) -> None:
        self.groups.append(items)
        self.tops.append(top)
        self.heights.append(height)
        self.rects.update(zip(items, rects, strict=True))

    def span(self, a: int, b: int) -> int:
        return self.tops[b] + self.heights[b] - self.tops[a]

    def scrolls(self) -> bool:
        return bool(self.groups) and self.span(0, len(self.groups) - 1) > self.area.h

    def place(self, focus: int, out: list[pygame.Rect]) -> None:
        """Scroll (by whole rows) so the row of item `focus` is in view; put every item's rect in `out`."""
        n = len(self.groups)
        if not n:
            return
        g = next((k for k, items in enumerate(self.groups) if focus in items), None)
        first = min(self.first, n - 1)
        if g is not None:
            first = min(first, g)
            while first < g and self.span(first, g) > self.area.h:
                first += 1
        while first > 0 and self.span(first - 1, n - 1) <= self.area.h:
            first -= 1  # no blank under the last row
        self.first = first
        self.last = first
        while self.last + 1 < n and self.span(first, self.last + 1) <= self.area.h:
            self.last += 1
        shift = self.area.y - self.tops[first]
        for k, items in enumerate(self.groups):
            for i in items:
                out[i] = self.rects[i].move(0, shift) if first <= k <= self.last else HIDDEN.copy()

    def draw_marks(self, surface: pygame.Surface, size: tuple[int, int], panel: pygame.Rect) -> None:
        """▲ over the list when rows are hidden above, ▼ under it when rows are hidden below."""
        s = ui.px(size, 7)
        x = panel.right - ui.px(size, 14)
        if self.first > 0:
            y = self.area.y - ui.px(size, 3)
            pygame.draw.polygon(surface, ui.GOLD, [(x - s, y), (x + s, y), (x, y - s)])
        if self.last < len(self.groups) - 1:
            y = self.area.bottom + ui.px(size, 3)
            pygame.draw.polygon(surface, ui.GOLD, [(x - s, y), (x + s, y), (x, y + s)])


@dataclass
class Layout:
    """Where everything of the lobby goes at one window size and text size."""

    seat_panel: pygame.Rect
    rule_panel: pygame.Rect
    seats: Region
    rules: Region
    fixed: dict[int, pygame.Rect]  # items that never scroll (the preset files, the buttons)
    looks: list[Look]
    count_at: tuple[tuple[int, int], str]  # where "N players" goes, and which of its points goes there
    cell_heads: list[pygame.Rect]
    summary: list[tuple[str, int, int]]  # (line, px, centre y)
    line_slot: tuple[int, int, int]  # the message / pad line: x, centre y, width
    line_band: bool  # that line has a row of its own above the buttons
    size: tuple[int, int] = (0, 0)  # the window laid out for

    def rects(self, focus: int, count: int) -> list[pygame.Rect]:
        out = [HIDDEN.copy() for _ in range(count)]
        for i, rect in self.fixed.items():
            out[i] = rect
        self.seats.place(focus, out)
        self.rules.place(focus, out)
        return out


def lay_out(size: tuple[int, int], seat_items: list[ui.Item], rule_items: list[ui.Item],
            button_items: list[ui.Item], cell_items: list[ui.Item], cells: Sequence[str],
            cell_texts: Callable[[str], list[str]], cell_heads: dict[str, str], headings: tuple[str, str, str],
            summary: list[str], note: list[str], line: str, line_lines: int, no_files: str,
            old: Layout | None = None) -> Layout:
    """The lobby's places. Items are in menu order: seats, rules (the last two: the preset files in the
    rules' heading), buttons, then each seat's `cells`; `headings`: "Seats", "N players", "House rules";
    `no_files`: what the import button says when there is no file (a file's name there may be cut)."""
    w, h = size

    def p(n: float) -> int:  # px at 720p, in this window
        return ui.px(size, n)

    m, pad, gap = p(36), p(12), p(6)
    n_seats, n_rules, n_buttons = len(seat_items), len(rule_items), len(button_items)
    seat_words = [words(it) for it in seat_items]
    rule_words = [words(it) for it in rule_items[:-2]]
    looks: list[Look] = [Look(1, 1)] * (n_seats + n_rules + n_buttons + len(cell_items))
    fixed: dict[int, pygame.Rect] = {}

    # -- bottom up: the hint, the buttons, the line beside or above them, the rules summary -----------
    hint_top = h - p(14) - line_h(p(18))
    btn = Look(p(26), p(12), single=True)
    bh = max(p(54), line_h(btn.px, True) + p(10))
    bgap = p(16)
    bw = max(p(250), max(text_w(it.label, btn.px, True) for it in button_items) + 2 * btn.inset + p(8))
    bw = min(bw, (w - 2 * m - (n_buttons - 1) * bgap) // n_buttons)
    by = min(h - p(44) - bh, hint_top - p(6) - bh)
    x = w - m - bw * n_buttons - bgap * (n_buttons - 1)
    first_button = n_seats + n_rules
    for k in range(n_buttons):
        fixed[first_button + k] = pygame.Rect(x + k * (bw + bgap), by, bw, bh)
        looks[first_button + k] = btn
    beside = x - m - p(20)
    line_px = p(20)
    one = text_w(line, least(line_px), True) if line else 0
    band = bool(line) and (beside < w * 0.3 or (line_lines == 1 and one > beside))
    if band:
        band_h = line_lines * line_h(line_px, True) + p(4)
        line_slot = (m, by - p(6) - band_h // 2, w - 2 * m)
        above = by - p(6) - band_h
    else:
        line_slot = (m, by + bh // 2, beside)
        above = by
    sum_px, note_px = p(20), p(17)
    step = max(p(24), line_h(sum_px))
    block = len(summary) * step + len(note) * line_h(note_px)
    y = above - p(10) - block
    bottom = y - p(8)
    placed: list[tuple[str, int, int]] = []
    for text in summary:
        placed.append((text, sum_px, y + step // 2))
        y += step
    for text in note:
        placed.append((text, note_px, y + line_h(note_px) // 2))
        y += line_h(note_px)

    # -- the panels: the split between them that hides the fewest seats, then the fewest rules --------
    top = p(92)
    seat_look = Look(p(24), round(0.6 * line_h(p(24))), dot=True, squeeze=True)
    cell_look = Look(p(20), p(6))
    head_px, count_px, cell_head_px = p(24), p(20), p(18)
    cell_w = [max([text_w(s, cell_look.px, True) for s in cell_texts(name)] + [text_w(cell_heads[name], cell_head_px, True)])
              + 2 * cell_look.inset + p(4) for name in cells]
    cells_w = sum(cw + gap for cw in cell_w)
    text_x = seat_look.text_x() + seat_look.inset
    spaced = text_w("  ", seat_look.px, True)

    def need(fit: Callable[[Words], int]) -> int:
        """The split that gives every seat row `fit(row)` px of words."""
        return 2 * pad + text_x + max(fit(it) for it in seat_words) + cells_w + m + m // 2

    def shown(it: Words, short: bool) -> str:
        return f"‹ {it.short if short and it.short is not None else it.value} ›"

    def panels(split: int) -> tuple[tuple[int, ...], Layout]:
        """The panels either side of `split`, and what they cost: seat rows out of view, lines per seat
        row, rules out of view, lines the rules take."""
        marks = looks[:]  # this try's looks
        places = dict(fixed)
        seat_panel = pygame.Rect(m, top, split - m - m // 2, bottom - top)
        rule_panel = pygame.Rect(split + m // 2, top, w - split - m - m // 2, bottom - top)

        # The seats' heading: "Seats" and how many play; the cells' headings over the cells, on the same
        # line if they leave those room, else on a line of their own (no cells: the count at the right).
        title_w, count_w = text_w(headings[0], head_px, True), text_w(headings[1], count_px)
        head1 = max(p(44), p(10) + line_h(head_px, True) + p(4))
        cells_x = seat_panel.right - pad - cells_w + gap
        count_at, anchor = (seat_panel.x + p(30) + title_w, seat_panel.y + p(14)), "topleft"
        if cells:
            together = p(30) + title_w + count_w + p(12) <= cells_x - seat_panel.x
            seat_head_h = head1 if together else head1 + line_h(cell_head_px, True) + p(6)
        elif p(18) + title_w + p(24) + count_w + p(18) <= seat_panel.w:
            count_at, anchor = (seat_panel.right - p(18), seat_panel.y + p(14)), "topright"
            seat_head_h = head1
        else:
            count_at = (seat_panel.x + p(18), seat_panel.y + head1 - p(2))
            seat_head_h = head1 + line_h(count_px) + p(4)

        # The seat rows: one line each if every one fits, else two (a name over "Human · keys"); all alike.
        area = pygame.Rect(seat_panel.x + pad, seat_panel.y + seat_head_h, seat_panel.w - 2 * pad,
                           seat_panel.bottom - pad - seat_panel.y - seat_head_h)
        seat_w = area.w - cells_w
        lines = max(lines_of(plan(it, seat_look.room(seat_w), seat_look, False)) for it in seat_words)
        u = line_h(seat_look.px)
        row_h = 0
        for air in (0.8, 0.5, 0.3):
            row_h = lines * u + round(air * u)
            if row_h * n_seats <= area.h:
                break
        if row_h * n_seats > area.h:
            row_h = lines * u + round(0.4 * u)
            area.h -= p(12)  # room for the ▼
        seats = Region(area, first=old.seats.first if old else 0)
        cell_rects: list[pygame.Rect] = []
        for row in range(n_seats):
            rect = pygame.Rect(area.x, row * row_h, seat_w, row_h - 4)
            group, rects = [row], [rect]
            x = rect.right + gap
            for k in range(len(cells)):
                index = first_button + n_buttons + row * len(cells) + k
                group.append(index)
                rects.append(pygame.Rect(x, rect.y, cell_w[k], rect.h))
                marks[index] = cell_look
                x += cell_w[k] + gap
            seats.add(group, rects, row * row_h, row_h)
            marks[row] = seat_look
            cell_rects += rects[1:]
        heads = []
        for k in range(len(cells)):
            bottom_y = seat_panel.y + seat_head_h - p(6)
            heads.append(pygame.Rect(cell_rects[k].x, bottom_y - line_h(cell_head_px, True), cell_w[k],
                                     line_h(cell_head_px, True)))

        # The house rules: the preset files beside the heading, else the first rows of the list (side
        # by side if they fit); the rules in one or two columns, one scrolling if they do not fit.
        fh = max(p(36), line_h(files_look.px, True) + p(8))
        left = rule_panel.x + p(34) + text_w(headings[2], head_px, True)
        exp_i, imp_i = n_seats + n_rules - 2, n_seats + n_rules - 1
        marks[exp_i] = marks[imp_i] = files_look
        beside = left + exp_need + gap + imp_need <= rule_panel.right - pad
        rule_head = max(p(44), fh + p(8)) if beside else head1
        area = pygame.Rect(rule_panel.x + pad, rule_panel.y + rule_head, rule_panel.w - 2 * pad,
                           rule_panel.bottom - pad - rule_panel.y - rule_head)
        pre: list[tuple[list[int], list[pygame.Rect], int]] = []  # the files' rows over the rules
        if beside:
            files = pygame.Rect(left, rule_panel.y + p(6), rule_panel.right - pad - left, fh)
            export_w = max(exp_need + gap, files.w * 2 // 5)
            places[exp_i] = pygame.Rect(files.x, files.y, export_w - gap, files.h)
            places[imp_i] = pygame.Rect(files.x + export_w, files.y, files.w - export_w, files.h)
        elif exp_need + gap + imp_need <= area.w:
            export_w = max(exp_need + gap, area.w * 2 // 5)
            pre.append(([exp_i, imp_i], [pygame.Rect(area.x, 0, export_w - gap, fh),
                                         pygame.Rect(area.x + export_w, 0, area.w - export_w, fh)], fh + gap))
        else:
            pre.append(([exp_i], [pygame.Rect(area.x, 0, area.w, fh)], fh + gap))
            pre.append(([imp_i], [pygame.Rect(area.x, fh + gap, area.w, fh)], fh + gap))
        pre_h = sum(height for *_, height in pre)
        chosen: tuple[int, list[int]] | None = None
        for cols, air in ((1, 0.75), (1, 0.5), (2, 0.75), (2, 0.4), (1, 0.4)):
            col_w = (area.w - (cols - 1) * pad) // cols
            each = [lines_of(plan(it, rule_look.room(col_w), rule_look, False)) for it in rule_words]
            per_col = -(-n // cols)
            heights = [k * ru + round(air * ru) for k in each]
            if pre_h + max(sum(heights[c * per_col:(c + 1) * per_col]) for c in range(cols)) <= area.h:
                chosen = (cols, heights)
                break
        if chosen is None:
            each = [lines_of(plan(it, rule_look.room(area.w), rule_look, False)) for it in rule_words]
            area.h -= p(12)  # room for the ▼
            chosen = (1, [k * ru + round(0.4 * ru) for k in each])
        cols, heights = chosen
        col_w = (area.w - (cols - 1) * pad) // cols
        per_col = -(-n // cols)
        rules = Region(area, first=old.rules.first if old and cols == 1 else 0)
        every: dict[int, pygame.Rect] = {}
        y = 0
        for items, rects, height in pre:
            if cols == 1:
                rules.add(items, rects, y, height)
            every.update(zip(items, rects, strict=True))
            y += height
        for i in range(n):
            c, r = divmod(i, per_col)
            y = pre_h if r == 0 else y
            rect = pygame.Rect(area.x + c * (col_w + pad), y, col_w, heights[i] - 3)
            if cols == 1:
                rules.add([n_seats + i], [rect], y, heights[i])
            every[n_seats + i] = rect
            marks[n_seats + i] = rule_look
            y += heights[i]
        if cols > 1:  # all in view: one group, never scrolled
            rules.add(list(every), list(every.values()), 0, 0)
        layout = Layout(seat_panel, rule_panel, seats, rules, places, marks, (count_at, anchor), heads,
                        placed, line_slot, band)

        def hidden(region: Region) -> int:
            fit, total = 0, 0
            for height in region.heights:
                total += height
                fit += total <= region.area.h
            return len(region.heights) - fit if region.scrolls() else 0

        return (hidden(seats), lines, hidden(rules), pre_h + sum(heights)), layout

    files_look = Look(p(18), p(12), single=True)
    export, imp = rule_items[-2], rule_items[-1]
    exp_need = text_w(export.label, files_look.px, True) + 2 * files_look.inset + p(4)
    imp_short = imp.short() if imp.short is not None else (imp.value() if imp.value else "")
    # A file's name may shrink and, long, be cut: the import button asks room for "no files" only.
    imp_short = min(imp_short, no_files, key=lambda s: text_w(s, files_look.px, True))
    imp_need = text_w(f"{imp.label}  {imp_short}", files_look.px, True) + 2 * files_look.inset
    n = n_rules - 2
    rule_look = Look(p(20) if n <= 12 else p(18), round(0.8 * line_h(p(20) if n <= 12 else p(18))), squeeze=True)
    ru = line_h(rule_look.px)

    least_split, most_split = int(w * (0.46 if cells else 0.4)), int(w * (0.7 if cells else 0.62))
    wants = [need(lambda it, short=short: text_w(it.label, seat_look.px, True) + spaced + text_w(shown(it, short), seat_look.px, True))
             for short in (False, True)]
    wants += [need(lambda it, short=short: max(text_w(it.label, seat_look.px, True), text_w(shown(it, short), seat_look.px, True)))
              for short in (False, True)]
    steps = range(least_split, most_split + 1, max(1, w // 25))
    splits = sorted({*steps, *(min(most_split, max(least_split, want)) for want in wants)})
    best: tuple[tuple[int, ...], Layout] | None = None
    for split in splits:
        cost, layout = panels(split)
        if best is None or cost < best[0]:
            best = (cost, layout)
    assert best is not None
    return best[1]


class LobbyMenu(ui.Menu):
    """The lobby's menu: ↑ ↓ follow `order` (each seat row, then its cells beside it), not the list; its
    rows are drawn by `draw_row` (a value under its label where the two do not fit side by side), and
    `follow` scrolls the focused row into view after each move."""

    def __init__(self, items: list[ui.Item], index: int = 0) -> None:
        self.order: list[int] = []
        self.looks: list[Look] = []
        self.follow: Callable[[], None] | None = None
        super().__init__(items, index)

    def move(self, step: int) -> None:
        order = self.order or list(range(len(self.items)))
        pos = order.index(self.index) if self.index in order else 0
        for _ in range(len(order)):
            pos = (pos + step) % len(order)
            if self.items[order[pos]].selectable():
                self.index = order[pos]
                return

    def handle(self, cmd: Command) -> bool:
        used = super().handle(cmd)
        if self.follow is not None:
            self.follow()
        return used

    def draw(self, surface: pygame.Surface) -> None:
        if len(self.looks) != len(self.items):
            super().draw(surface)
            return
        for i, (item, rect, look) in enumerate(zip(self.items, self.rects, self.looks, strict=False)):
            if rect.w > 0:
                draw_row(surface, item, rect, look, i == self.index)


def head_start_text(ms: int) -> str:
    return t("{ms} ms", ms=ms)


def learner_text(hint_ms: int | None) -> str:
    return t("no") if hint_ms is None else t("hint {s} s", s=decimal(hint_ms / 1000))


class LobbyScene(MenuHandler):
    text_room = 1.5  # the largest text size its layout takes without overlaps at 1280×720 (tests/test_access_text.py)

    def __init__(self, game: str, config: TableConfig | None = None) -> None:
        self.game = game
        self.config = config

    # -- state --------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.definition = self.app.games.get(self.game)
        self.kinds: list[Seat] = [("human", None)] + [("bot", lv) for lv in self.definition.bot_levels] + [EMPTY]
        self.message = ""
        self.note = ""  # news that blocks nothing ("Pad 2 joined: Player 2")
        self.told: tuple[str, ...] = ()  # a preset file's news as its lines on screen (the note, joined)
        self.told_bad = False  # that news is that something went wrong (drawn as a warning)
        self.told_folder = False  # its second line is a folder: cut at its start, where it says least
        self.imports = presets_io.importable(game=self.game)  # preset files the import row offers
        self.import_at = 0
        self.preset: str | None = None
        self.seats: list[Seat] = [EMPTY] * MAX_SEATS
        self.profiles: list[int | None] = [None] * MAX_SEATS  # each row's player (game.history); None: a guest
        self.leads: list[int] = [0] * MAX_SEATS  # each row's head start (ms)
        self.hints: list[int | None] = [None] * MAX_SEATS  # a learner row's hint delay (ms), else None
        router = self.app.input
        if self.config is not None:
            config = self.config
            rows = config.rows if len(config.rows) == len(config.seats) else range(len(config.seats))
            for row, spec in zip(rows, config.seats, strict=True):
                self.seats[row] = ("bot", spec.level) if spec.is_bot else ("human", None)
                self.leads[row], self.hints[row] = spec.head_start_ms, spec.hint_ms
            self.values: dict[str, Any] = dict(config.options)
            self.first_player = config.first_player
            for row, pid in zip(rows, config.profiles, strict=False):
                self.profiles[row] = pid if self.app.history.profile(pid) is not None else None
        else:
            bot = ("bot", self.definition.default_level)
            seats = [("human", None)] + [bot] * (self.definition.lobby_seats - 1)
            self.seats[: len(seats)] = seats
            self.values = {}
            self.first_player = 0
        # Which device plays each human row: the one playing its seat now, else the row's own keys.
        self.devices: list[str | None] = [None] * MAX_SEATS
        for row in range(MAX_SEATS):
            if self.seats[row][0] == "human":
                seat = self.seat_index(row)
                self.devices[row] = (router.device_of(seat) if seat is not None else None) or self._free_keys(row)
        self._refresh_rules()
        self.menu = LobbyMenu(self._items())
        self.menu.order = self._order()
        self.menu.select(self._cells_at - 1)  # focus on Start: two presses and you are playing
        self._sync_router()

    def resume(self) -> None:
        self.imports = presets_io.importable(game=self.game)
        self._refresh_rules()
        self._rebuild()

    def update(self, now_ns: int, dt_ns: int) -> None:
        router = self.app.input
        changed = False
        for row, device in enumerate(self.devices):
            new = router.successor(device) if device and not router.device_controls(device) else None
            if new is not None and new not in self.devices:
                self.devices[row] = new  # its pad was plugged back in
                changed = True
        idle = tuple(p.id for p in router.idle_pads())
        if changed or idle != getattr(self, "_idle", ()):
            self._idle = idle  # "press A to join" follows the pads waiting
            self._rebuild()

    @property
    def players(self) -> int:
        return sum(1 for kind, _ in self.seats if kind != "empty")

    def seat_index(self, row: int) -> int | None:
        """The table seat a lobby row becomes (empty rows are skipped), or None for an empty row."""
        if self.seats[row][0] == "empty":
            return None
        return sum(1 for kind, _ in self.seats[:row] if kind != "empty")

    def _refresh_rules(self) -> None:
        players = max(2, self.players)
        try:
            self.rules = self.definition.rules_from_values(self.values, players)
        except (TypeError, ValueError):
            self.values = {}  # a preset from another version: fall back to the defaults
            self.rules = self.definition.rules_from_values(self.values, players)
        self.options = self.definition.rule_options(self.rules, players)
        low, high = self.definition.player_range(self.rules)
        if not low <= self.players <= high:
            self.message = t("This game needs {low} to {high} players.", low=low, high=high)
        else:
            self.message = ""

    # -- menu items ---------------------------------------------------------------------------------
    def _items(self) -> list[ui.Item]:
        self.seat_items = [self._seat_item(row) for row in range(MAX_SEATS)]
        self.rule_items = [ui.Item(t("Preset"), value=self._preset_value, change=self._cycle_preset)]
        self.rule_items += [self._option_item(opt.name) for opt in self.options]
        self.rule_items += [
            ui.Item(t("Save these rules as a preset…"), self._save_preset),
            ui.Item(t("Delete this preset"), self._delete_preset, enabled=lambda: self.preset is not None),
            # Preset files (drawn in the panel's heading row, first in the ↓ order: see relayout, _order).
            ui.Item(t("Export preset"), self._export_preset, enabled=lambda: self.preset is not None, button=True),
            ui.Item(t("Import"), self._import_preset, value=self._import_value, change=self._cycle_import, button=True,
                    short=lambda: self._import_value().removeprefix(f"{self.game}-")),
        ]
        self.button_items = [
            ui.Item(t("Join with controllers…"), self._join, button=True),
            ui.Item(t("How to play"), self._show_rules, button=True),
            ui.Item(t("Start"), self.start, enabled=lambda: not self.message, button=True),
        ]
        self.cell_items = [self._cell_item(row, name) for row in range(MAX_SEATS)
                           for name in self.definition.seat_options]
        self._cells_at = len(self.seat_items) + len(self.rule_items) + len(self.button_items)
        return self.seat_items + self.rule_items + self.button_items + self.cell_items

    def _order(self) -> list[int]:
        """↑ ↓ order: each seat row with its cells, then the rules and the buttons."""
        per = len(self.definition.seat_options)
        order = []
        for row in range(MAX_SEATS):
            order += [row] + [self._cells_at + row * per + k for k in range(per)]
        rules = list(range(MAX_SEATS, MAX_SEATS + len(self.rule_items)))
        return order + rules[-2:] + rules[:-2] + list(range(rules[-1] + 1, self._cells_at))

    # -- a seat's head start and learner cells --------------------------------------------------------
    def _cell_item(self, row: int, name: str) -> ui.Item:
        """A seat's cell: its head start (any seat), or whether it is a learner (a human); blank on rows
        it does not apply to."""
        kind = self.seats[row][0]
        if kind == "empty" or (name == "learner" and kind != "human"):
            return ui.Item("", enabled=lambda: False)
        if name == "head_start":
            return ui.Item(head_start_text(self.leads[row]), change=lambda step: self._cycle_lead(row, step),
                           button=True)
        return ui.Item(learner_text(self.hints[row]), change=lambda step: self._cycle_hint(row, step),
                       button=True)

    def _cycle_lead(self, row: int, step: int) -> None:
        i = HEAD_STARTS_MS.index(self.leads[row]) if self.leads[row] in HEAD_STARTS_MS else 0
        self.leads[row] = HEAD_STARTS_MS[(i + step) % len(HEAD_STARTS_MS)]
        self._rebuild()

    def _cycle_hint(self, row: int, step: int) -> None:
        choices: list[int | None] = [None, *HINT_DELAYS_MS]
        i = choices.index(self.hints[row]) if self.hints[row] in choices else 0
        self.hints[row] = choices[(i + step) % len(choices)]
        self._rebuild()

    def _seat_item(self, row: int) -> ui.Item:
        return ui.Item(self._seat_label(row), lambda: self._rename(row), value=lambda: self._seat_value(row),
                       change=lambda step: self._cycle_seat(row, step), colour=self._seat_colour(row),
                       short=lambda: self._seat_value(row, short=True), whole_label=True)

    def _seat_colour(self, row: int) -> tuple[int, int, int] | None:
        seat = self.seat_index(row)
        return None if seat is None else ui.seat_colour(seat)

    def _seat_label(self, row: int) -> str:
        kind, _ = self.seats[row]
        if kind == "human":
            return self.player_name(row)
        if kind == "bot":
            return t("Bot {n}", n=row + 1)
        return t("Seat {n}", n=row + 1)

    def _seat_value(self, row: int, short: bool = False) -> str:
        """"Human · Q / L-Shift", "Human · Pad 2: A / B", "Bot · medium", "Empty"; "· press A to join" on a
        bot's row while a pad waits; `short`: a human row's keys alone, a bot's level alone."""
        kind, level = self.seats[row]
        if kind == "bot":
            bot = t("Bot · {level}", level=t(level))
            if short or not self.app.input.idle_pads():
                return bot
            return t("{seat} · A to join", seat=bot)
        if kind == "empty":
            return t("Empty")
        controls = self.app.input.device_controls(self.devices[row])
        if short and controls:
            return controls
        return t("Human · {keys}", keys=controls) if controls else t("Human · press A to join")

    def _playable(self, row: int) -> bool:
        return self.seats[row][0] == "human" and bool(self.app.input.device_controls(self.devices[row]))

    def join_row(self) -> int | None:
        """The row a pad pressing A takes: a human row nobody can play, else a bot's, else an empty one
        (if the game has room); None if there is none."""
        humans = [r for r, (kind, _) in enumerate(self.seats) if kind == "human" and not self._playable(r)]
        bots = [r for r, (kind, _) in enumerate(self.seats) if kind == "bot"]
        _, high = self.definition.player_range(self.rules)
        empty = [r for r, (kind, _) in enumerate(self.seats) if kind == "empty"] if self.players < high else []
        return next(iter(humans + bots + empty), None)

    def join_offer(self) -> str:
        return "now" if self.join_row() is not None else ""

    def pad_joins(self, device: str) -> bool:
        """Pad `device`, which plays no row, takes the row `join_row` gives; False if none is free."""
        row = self.join_row()
        if row is None:
            return False
        self.seats[row] = ("human", None)
        self.devices[row] = device
        self.profiles[row] = self._remembered(device)
        self._refresh_rules()
        self._rebuild()
        number = self.app.input.pad_number(device)
        self.note = t("Controller {n} joined: {name}", n=number, name=self.player_name(row))
        return True

    def handle(self, cmd: Command) -> None:
        device = cmd.device
        if (cmd.action in (CONFIRM, PAUSE) and device.startswith("pad:") and device not in self.devices
                and self.app.input.device_controls(device) and self.pad_joins(device)):
            return  # a pad that plays no row pressed A or Start: it joined
        super().handle(cmd)

    def _free_keys(self, row: int) -> str | None:
        """A keyboard row for a seat that becomes human: its own (seat N plays with PN's keys on the
        Controls screen), else the first no other human row uses; None if all are taken."""
        used = {d for r, d in enumerate(self.devices) if r != row and d is not None}
        for device in [f"kb:{row}"] + [f"kb:{i}" for i in range(MAX_SEATS)]:
            if device not in used:
                return device
        return None

    def _cycle_seat(self, row: int, step: int) -> None:
        i = self.kinds.index(self.seats[row]) if self.seats[row] in self.kinds else 0
        self.seats[row] = self.kinds[(i + step) % len(self.kinds)]
        if self.seats[row][0] != "human":
            self.devices[row] = None
            self.profiles[row] = None
            self.hints[row] = None  # only people learn
        if self.seats[row][0] == "empty":
            self.leads[row] = 0
        elif self.devices[row] is None:
            self.devices[row] = self._free_keys(row)
        self._refresh_rules()
        self._rebuild()

    def _rename(self, row: int) -> None:
        if self.seats[row][0] != "human":
            self._cycle_seat(row, 1)
            return
        if self.app.history.profiles:  # remembered players: who plays this seat?
            taken = {pid for r, pid in enumerate(self.profiles) if r != row and pid is not None
                     and self.seats[r][0] == "human"}
            self.app.nav.push("profile_pick", t("Who plays seat {n}?", n=row + 1), self.app.settings.player_name(row),
                              self.profiles[row], taken, lambda pid: self._picked(row, pid),
                              lambda: self._type_name(row))
            return
        self._type_name(row)

    # -- players the game remembers (game.history profiles) -----------------------------------------------
    def player_name(self, row: int) -> str:
        """A row's name: its player's, else the guest name of the seat ("Player 3", or one typed)."""
        profile = self.app.history.profile(self.profiles[row])
        return profile.name if profile is not None else self.app.settings.player_name(row)

    def _remembered(self, device: str | None) -> int | None:
        """The player who plays with `device` (a pad of the kind they remember, or their key set), if free."""
        router = self.app.input
        pad = router.pads.by_id.get(int(device[4:])) if device and device.startswith("pad:") else None
        profile = self.app.history.for_device(device, pad.guid if pad is not None else "")
        if profile is None or profile.id in self.profiles:
            return None
        return profile.id

    def _picked(self, row: int, pid: int | None) -> None:
        """Row `row` is played by profile `pid` (None: a guest); it takes their key set or pad if that is free."""
        self.profiles[row] = pid
        device = remembered_device(self.app.history.profile(pid), self.app.input.pads.by_id.values(), self.devices)
        if device:
            self.devices[row] = device
        self._rebuild()

    def _type_name(self, row: int) -> None:
        """A guest's name for the row, typed (and kept in the settings for the seat)."""
        self.profiles[row] = None

        def done(name: str) -> None:
            names = list(self.app.settings["names"])
            names[row] = name
            self.app.settings["names"] = names
            self.app.save_settings()

        self.app.nav.push("name_entry", t("Name for seat {n}", n=row + 1), self.app.settings.player_name(row), done)

    def _option(self, name: str) -> Any:
        return next(o for o in self.options if o.name == name)

    def _option_item(self, name: str) -> ui.Item:
        opt = self._option(name)
        return ui.Item(opt.label, value=lambda: self._option_value(name), change=lambda step: self._cycle(name, step))

    def _option_value(self, name: str) -> str:
        opt = self._option(name)
        current = self.values.get(name, opt.default)
        return opt.label_of(current)

    def _cycle(self, name: str, step: int) -> None:
        opt = self._option(name)
        values = [v for v, _ in opt.choices]
        current = self.values.get(name, opt.default)
        i = values.index(current) if current in values else -step
        for k in range(1, len(values) + 1):
            candidate = dict(self.values, **{name: values[(i + step * k) % len(values)]})
            candidate = self.definition.values_after_change(name, candidate)
            try:
                self.definition.rules_from_values(candidate, max(2, self.players))
            except (TypeError, ValueError):
                continue  # e.g. more cards set aside than a small deck allows: skip that choice
            self.values = self._without_defaults(candidate)
            break
        self.preset = None
        self._refresh_rules()
        self._rebuild()

    def _without_defaults(self, values: dict[str, Any]) -> dict[str, Any]:
        """`values` less the choices that change nothing (all of them: "Standard rules" again)."""
        players = max(2, self.players)
        rules = self.definition.rules_from_values(values, players)
        out = dict(values)
        for name in list(out):
            trial = {k: v for k, v in out.items() if k != name}
            if self.definition.rules_from_values(trial, players) == rules:
                out = trial
        return out

    def _rebuild(self) -> None:
        """Seat numbers, colours and options change with other choices: rebuild, keeping the focused row."""
        focused = self.menu.current
        index = self.menu.index
        label = focused.label if focused is not None else None
        cell = index - self._cells_at if index >= self._cells_at else None  # a seat's cell keeps its place
        self.menu.items = self._items()
        self.menu.order = self._order()
        match = [i for i, it in enumerate(self.menu.items) if it.label == label and MAX_SEATS <= i < self._cells_at]
        if cell is not None:
            self.menu.index = self._cells_at + cell
        else:
            self.menu.index = match[0] if match and index >= MAX_SEATS else min(index, len(self.menu.items) - 1)
        self.menu.settle()
        self.relayout(self.app.size)
        self._sync_router()

    def _sync_router(self) -> None:
        """Each human row's device plays the seat the row becomes (its pad lights up in the seat's
        colour); a row's unplugged pad waits for its own pad to come back."""
        self.app.input.seat_devices({self.seat_index(row): device for row, device in enumerate(self.devices)
                                     if device is not None and self.seats[row][0] == "human"})

    # -- presets ------------------------------------------------------------------------------------
    def _presets(self) -> dict[str, dict[str, Any]]:
        return self.app.settings["presets"].get(self.game, {})

    def _preset_value(self) -> str:
        if self.preset is not None:
            return self.preset
        return t("Standard rules") if not self.values else t("Custom")

    def _cycle_preset(self, step: int) -> None:
        names: list[str | None] = [None, *sorted(self._presets())]
        i = names.index(self.preset) if self.preset in names else 0
        self.preset = names[(i + step) % len(names)]
        stored = self._presets().get(self.preset, {}) if self.preset else {}
        self.values = {k: from_json(v) for k, v in stored.items()}
        self._refresh_rules()
        if self.preset is not None and not self.values and stored:
            self.message = t("Preset {name} no longer fits these rules.", name=self.preset)
        self._rebuild()

    def _save_preset(self) -> None:
        taken = self._presets()
        n = len(taken) + 1
        while t("House rules {n}", n=n) in taken:
            n += 1

        def done(name: str) -> None:
            presets = dict(self.app.settings["presets"])
            mine = dict(presets.get(self.game, {}))
            mine[name] = {o.name: json_safe(self.values.get(o.name, o.default)) for o in self.options}
            presets[self.game] = mine
            self.app.settings["presets"] = presets
            self.app.save_settings()
            self.preset = name

        self.app.nav.push("name_entry", t("Name this preset"), self.preset or t("House rules {n}", n=n), done, 20)

    def _delete_preset(self) -> None:
        name = self.preset

        def yes() -> None:
            presets = dict(self.app.settings["presets"])
            presets[self.game] = {k: v for k, v in presets.get(self.game, {}).items() if k != name}
            self.app.settings["presets"] = presets
            self.app.save_settings()
            self.preset = None
            self.menu.settle()

        self.app.nav.push("confirm", t("Delete the preset {name}?", name=name), yes)

    # -- presets as files (game.presets_io) ----------------------------------------------------------
    def _tell(self, *lines: str, bad: bool = False, folder: bool = False) -> None:
        """News of a preset file beside the buttons: one line of text (`note`), shown as up to two lines."""
        self.told, self.told_bad, self.told_folder = lines, bad, folder
        self.note = " ".join(lines)

    def _export_preset(self) -> None:
        """The chosen preset as a file in the data folder's exports/; the note gives its path."""
        preset = presets_io.Preset(self.game, self.preset, dict(self._presets().get(self.preset, {})))
        try:
            path = presets_io.export_to_folder(preset)
        except OSError as exc:
            self._tell(t("Not exported: {why}", why=exc.strerror or exc), bad=True)
            return
        self.imports = presets_io.importable(game=self.game)
        self._tell(t("Exported {file}", file=path.name), t("to {folder}", folder=path.parent), folder=True)

    def _import_value(self) -> str:
        return self.imports[self.import_at % len(self.imports)].name if self.imports else t("no files")

    def _cycle_import(self, step: int) -> None:
        self.import_at = (self.import_at + step) % max(1, len(self.imports))

    def _import_preset(self) -> None:
        """The file the import row shows becomes a preset (under "Name (2)" if the name is taken) and is
        chosen if it is for this game; a bad file changes nothing and the note says why."""
        if not self.imports:
            self._tell(t("No preset files yet:"), t("put them in {folder}", folder=presets_io.exports_dir()),
                       bad=True, folder=True)
            return
        path = self.imports[self.import_at % len(self.imports)]
        try:
            added = presets_io.import_file(self.app.settings, path)
        except presets_io.PresetError as exc:
            self._tell(t("{file} not imported:", file=path.name), str(exc), bad=True)
            return
        saved = self.app.save_settings()
        if added.game == self.game:
            self.preset = added.name
            self.values = {k: from_json(v) for k, v in added.options.items()}
            self._refresh_rules()
            self._rebuild()
            note = t("Imported the preset {name}", name=added.name)
        else:
            note = t("Imported the preset {name} for {game}", name=added.name, game=self.app.games.get(added.game).title())
        if saved:
            self._tell(note)
        else:
            self._tell(note, t("for now: the settings could not be saved"), bad=True)

    # -- actions ------------------------------------------------------------------------------------
    def _join(self) -> None:
        self.app.nav.push("join", MAX_SEATS, 1, self._joined)

    def _joined(self, joined: dict[int, str]) -> None:
        """The join screen's seats become the first human rows (seat numbers closed up); bots follow."""
        devices = [device for _, device in sorted(joined.items())]
        bots = [s for s in self.seats if s[0] == "bot"]
        rows = [("human", None)] * len(devices) + bots
        self.seats = (rows + [EMPTY] * MAX_SEATS)[:MAX_SEATS]
        self.devices = (devices + [None] * MAX_SEATS)[:MAX_SEATS]
        picked = getattr(joined, "profiles", {})  # who each joined seat is (the join screen's ← →)
        self.profiles = [picked.get(seat) for seat in range(len(devices))] + [None] * MAX_SEATS
        self.profiles = self.profiles[:MAX_SEATS]
        self.leads, self.hints = [0] * MAX_SEATS, [None] * MAX_SEATS  # new people in new rows
        self._refresh_rules()
        self._rebuild()

    def _show_rules(self) -> None:
        self.app.nav.push("rules", self.game, self.rules)

    def table_config(self) -> TableConfig:
        seats, rows = [], []
        for row, (kind, level) in enumerate(self.seats):
            if kind == "human":
                seats.append(SeatSpec("human", None, self.player_name(row),
                                      head_start_ms=self.leads[row], hint_ms=self.hints[row]))
            elif kind == "bot":
                seats.append(SeatSpec("bot", level, t("Bot {n}", n=row + 1), head_start_ms=self.leads[row]))
            else:
                continue
            rows.append(row)
        return TableConfig(self.game, self.rules, seats, self.app.next_seed(), self.first_player % len(seats),
                           options=dict(self.values), rows=tuple(rows),
                           profiles=tuple(self.profiles[row] if self.seats[row][0] == "human" else None for row in rows))

    def start(self) -> None:
        if self.message:
            return
        unplayed = [row for row, (kind, _) in enumerate(self.seats)
                    if kind == "human" and not self.app.input.device_controls(self.devices[row])]
        if unplayed:  # e.g. a joined pad unplugged since: nobody could play that seat
            self.message = t("{name} has no keys or controller: join again, or make the seat a bot.",
                             name=self.app.settings.player_name(unplayed[0]))
            return
        # Each human row's device plays the table seat the row becomes; no other device plays.
        self.app.input.seat_devices({self.seat_index(row): device for row, device in enumerate(self.devices)
                                     if device is not None and self.seats[row][0] == "human"})
        self.app.nav.start_table(self.table_config())

    # -- scene --------------------------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        """Places measured from the words at the player's text size (`lay_out`)."""
        line, lines = self._bottom_line()
        note = self.definition.lobby_note(self.rules)  # e.g. our tie-break, where the published rules name none
        width = size[0] - ui.px(size, 72)
        old = getattr(self, "layout", None)
        self.layout = lay_out(
            size, self.seat_items, self.rule_items, self.button_items, self.cell_items, self.definition.seat_options,
            self._cell_texts, {"head_start": t("Head start"), "learner": t("Learner")},
            (t("Seats"), tn("{n} player", "{n} players", self.players), t("House rules")), self.summary_lines(size),
            wrap(note, ui.TEXTS.font(ui.px(size, 17)), width) if note else [], line, lines, t("no files"),
            old if old is not None and old.size == size else None)
        self.layout.size = size
        self._laid_line = bool(line)
        self.seat_panel, self.rule_panel = self.layout.seat_panel, self.layout.rule_panel
        self.cell_heads = self.layout.cell_heads
        self.menu.looks = self.layout.looks
        self.menu.follow = self._follow
        self._follow()

    def _follow(self) -> None:
        """Every row's place, the panels scrolled so the focused row shows."""
        self.menu.rects = self.layout.rects(self.menu.index, len(self.menu.items))

    def _cell_texts(self, name: str) -> list[str]:
        """Every text a seat's cell `name` can show (its width fits the widest)."""
        if name == "head_start":
            return [head_start_text(ms) for ms in HEAD_STARTS_MS]
        return [learner_text(ms) for ms in (None, *HINT_DELAYS_MS)]

    def _bottom_line(self) -> tuple[str, int]:
        """The line beside the buttons (a message, else a pad's news) and how many lines it takes."""
        if self.message:
            return self.message, 1
        line = self._pad_line()
        if line and line == " ".join(self.told):
            return line, len(self.told)
        return line, 1

    def _pad_line(self) -> str:
        """Beside the buttons: the last join, else which pads may still join."""
        idle = self.app.input.idle_pads()
        if idle and self.join_row() is not None:
            pads = ", ".join(t("Controller {n}", n=p.number) for p in idle)
            return t("{pads}: press A to join", pads=pads)
        return self.note

    def _draw_line(self, surface: pygame.Surface, text: str, colour: ui.Colour, x: int, y: int, width: int,
                   px: int) -> None:
        """A line of news at (x, centre y): shrunk to its 100 % size at most, then cut."""
        size = shrunk(text, width, px, True) or px
        ui.blit_text(surface, text, size, colour, "midleft", (x, y), bold=True, max_w=width)

    def _draw_told(self, surface: pygame.Surface) -> None:
        """A preset file's news beside (or over) the buttons: one line if it fits, else its two lines, the
        second shrunk, then cut if need be (a folder at its start: its end says most)."""
        size = surface.get_size()
        x, cy, width = self.layout.line_slot
        colour = ui.WARN if self.told_bad else ui.GOLD
        one = " ".join(self.told)
        px = ui.px(size, 20)
        if len(self.told) == 1 or shrunk(one, width, px, True) is not None:
            self._draw_line(surface, one, colour, x, cy, width, px)
            return
        px = ui.px(size, 18)
        step = line_h(px, True) // 2
        self._draw_line(surface, self.told[0], colour, x, cy - step, width, px)
        rest = " ".join(self.told[1:])
        font = ui.TEXTS.font(least(px), True)
        while self.told_folder and len(rest) > 2 and font.size(rest)[0] > width:
            rest = "…" + rest[2:]
        self._draw_line(surface, rest, colour, x, cy + step, width, px)

    def summary_lines(self, size: tuple[int, int]) -> list[str]:
        """The rules summary wrapped to the width under the panels, broken between its parts: two lines
        at the standard text size, more at a bigger one (the panels give way)."""
        font = ui.TEXTS.font(ui.px(size, 20))
        return wrap(self.definition.rules_summary(self.rules), font, size[0] - ui.px(size, 72))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = w, _ = surface.get_size()
        line, _ = self._bottom_line()
        if size != self.layout.size or bool(line) != self._laid_line:
            self.relayout(size)  # news came or went: the line above the buttons may need its row
        layout = self.layout
        surface.blit(ui.backdrop(size), (0, 0))
        ui.shadow_text(surface, self.definition.title(), ui.px(size, 46), ui.TEXT, "midtop", (w // 2, ui.px(size, 18)))
        for rect, title in ((self.seat_panel, t("Seats")), (self.rule_panel, t("House rules"))):
            ui.panel(surface, rect)
            ui.blit_text(surface, title, ui.px(size, 24), ui.GOLD, "topleft",
                         (rect.x + ui.px(size, 18), rect.y + ui.px(size, 10)), bold=True)
        count_at, anchor = layout.count_at
        ui.blit_text(surface, tn("{n} player", "{n} players", self.players), ui.px(size, 20), ui.TEXT_DIM, anchor, count_at)
        heads = {"head_start": t("Head start"), "learner": t("Learner")}
        for rect, name in zip(self.cell_heads, self.definition.seat_options, strict=True):
            ui.blit_text(surface, heads[name], ui.px(size, 18), ui.GOLD, "midbottom", rect.midbottom, bold=True,
                         max_w=rect.w)
        self.menu.draw(surface)
        layout.seats.draw_marks(surface, size, self.seat_panel)
        layout.rules.draw_marks(surface, size, self.rule_panel)
        for text, px, y in layout.summary:
            colour = ui.TEXT if px == ui.px(size, 20) else ui.TEXT_DIM
            ui.blit_text(surface, text, px, colour, "midleft", (ui.px(size, 36), y), max_w=w - ui.px(size, 72))
        x, y, width = layout.line_slot
        if self.message:
            self._draw_line(surface, self.message, ui.WARN, x, y, width, ui.px(size, 20))
        elif line and line == " ".join(self.told):
            self._draw_told(surface)
        elif line:
            self._draw_line(surface, line, ui.GOLD, x, y, width, ui.px(size, 20))
        ui.hint(surface, t("↑ ↓ choose   ← → change   Enter / A select or rename   Backspace / B back"))
