"""How the lobby's cells draw their words: a value cell shows where it is in its list — every choice with the
current one marked ("2 cards · 1 card · No penalty") where they fit, else the current one with a dot for each
choice under it — on its label's line, or on the line under the label where the two don't fit side by side
(a list of rules, `lists`, wraps a long list over the lines under its label instead of showing one choice).
A focused value has ‹ › round it: ← → change it there, and only there."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.memo import Memo
from game.render.scale import text_px
from game.scenes.lobby.spatial import Cell
from game.ui import widgets as ui

SEP = " · "
TIGHT_SEP = "\u2009·\u2009"  # between the few choices of a list with no label: thin spaces keep it on one line
THIN = "\u2009"
DOTS_MAX = 12  # more choices than this: a track with a marker instead of a dot each




def sep_of(labelled: bool) -> str:
    return SEP if labelled else TIGHT_SEP


def arrowed(label: str, labelled: bool = True) -> str:
    """A focused list's current choice with ‹ › round it (in a list with no label, closer: see TIGHT_SEP)."""
    return f"‹ {label} ›" if labelled else f"‹{THIN}{label}{THIN}›"


def list_width(labels: list[str], px: int, labelled: bool = True) -> int:
    """Every choice side by side, the widest bold (as the current one is drawn) with ‹ › round it."""
    bolder = max(ui.TEXTS.width(arrowed(s, labelled), px, True) - ui.TEXTS.width(s, px) for s in labels)
    return (sum(ui.TEXTS.width(s, px) for s in labels) + ui.TEXTS.width(sep_of(labelled), px) * (len(labels) - 1)
            + bolder)


def list_breaks(labels: list[str], px: int, room: int, labelled: bool = True) -> list[list[int]]:
    """The choices (by index) on each line of a list wrapped to `room`, as many on a line as fit; a list with no
    label, all on one line or one a line (its few choices read as a list: "Human · Bot" over "Empty" read as two)."""
    if not labelled:
        return ([list(range(len(labels)))] if list_width(labels, px, False) <= room
                else [[k] for k in range(len(labels))])
    lines: list[list[int]] = [[]]
    for k in range(len(labels)):
        if lines[-1] and list_width([labels[i] for i in [*lines[-1], k]], px) > room:
            lines.append([])
        lines[-1].append(k)
    return lines


def one_width(labels: list[str], px: int) -> int:
    return max(ui.TEXTS.width(f"‹ {s} ›", px, True) for s in labels)


@dataclass(frozen=True)
class Plan:
    """How a cell is drawn in its room: `whole` (every choice shown) or not, on `lines` lines (the value under
    the label on the second); `dots`: a row of dots under a value shown alone."""

    whole: bool
    lines: int

    @property
    def dots(self) -> bool:
        return not self.whole


# The plans found, by all a plan is found from: the words (the label, every choice, the value in full), the room, the
# size asked and the size it is drawn at (the menus' words are measured at the text size in force). The lobby
# plans every cell of every card each frame, for its layout and its drawing alike, from a hundred or so words
# (a few hundred bytes a plan).
_PLANS: Memo[tuple[object, ...], Plan] = Memo("lobby cell plans", 2**17)


def plan(cell: Cell, room: int, px: int, lists: bool = False) -> Plan:
    """The first of: the whole list beside the label, the value alone beside it, the list under the label,
    the value under it (`lists`: the list under the label, or with no label from the first line, on as many
    lines as it takes, before the value alone beside it)."""
    labels, _ = cell.choices() if cell.choices is not None else ([cell.value() if cell.value else ""], 0)
    full = cell.full() if cell.full is not None else None
    key = (tuple(labels), cell.label, full, room, px, text_px(int(px)), lists)
    found = _PLANS.get(key)
    if found is None:
        found = _PLANS[key] = _plan(labels, cell.label, full, room, px, lists)
    return found


def _plan(labels: list[str], label: str, full: str | None, room: int, px: int, lists: bool) -> Plan:
    gap = ui.TEXTS.width("  ", px) if label else 0
    label_w = ui.TEXTS.width(label, px) if label else 0
    whole, one = list_width(labels, px, bool(label)), one_width(labels if full is None else [*labels, full], px)
    order = [(True, 1), (True, 2), (False, 1), (False, 2)] if lists else [(True, 1), (False, 1), (True, 2), (False, 2)]
    for shown_whole, lines in order:
        need = (label_w + gap if lines == 1 else 0) + (whole if shown_whole else one)
        if need <= room or (lines == 1 and not label and not shown_whole):
            return Plan(shown_whole, lines if label else 1)
        if lists and shown_whole and lines == 2 and one_width(labels, px) <= room:
            return Plan(True, (1 if label else 0) + len(list_breaks(labels, px, room, bool(label))))
    return Plan(False, 2 if label else 1)


def height(cell: Cell, room: int, px: int, lists: bool = False) -> int:
    """The cell's height in `room`: its lines, the dots' row, and a margin."""
    p = plan(cell, room, px, lists)
    u = ui.TEXTS.line_height(px, True)
    return p.lines * u + (round(0.35 * u) if p.dots else 0) + round(0.35 * u)


def frame(surface: pygame.Surface, rect: pygame.Rect, focused: bool, boxed: bool) -> None:
    radius = max(3, rect.h // 5)
    if focused:
        pygame.draw.rect(surface, ui.HILITE, rect, border_radius=radius)
        pygame.draw.rect(surface, ui.GOLD, rect, width=2, border_radius=radius)
    elif boxed:
        ui.panel(surface, rect, alpha=200, border=(60, 110, 80), radius=radius)


def draw_value(surface: pygame.Surface, cell: Cell, rect: pygame.Rect, px: int, focused: bool,
               inset: int, lists: bool = False) -> None:
    """A value cell: its label at the left, its value(s) at the right of the same line or the next."""
    frame(surface, rect, focused, False)
    enabled = cell.enabled()
    colour = (ui.TEXT if focused else ui.TEXT_DIM) if enabled else (110, 130, 115)
    p = plan(cell, rect.w - 2 * inset, px, lists)
    u = ui.TEXTS.line_height(px, True)
    body = p.lines * u + (round(0.35 * u) if p.dots else 0)
    top = rect.centery - body // 2
    x, right = rect.x + inset, rect.right - inset
    if cell.label:
        ui.blit_text(surface, cell.label, px, colour, "midleft", (x, top + u // 2), max_w=right - x)
    y = top + (p.lines - 1) * u + u // 2
    labels, at = cell.choices() if cell.choices is not None else ([cell.value() if cell.value else ""], 0)
    if p.whole and p.lines > 1:  # under the label (with none, from the first line), on as many lines as it takes
        first = 1 if cell.label else 0
        for k, line in enumerate(list_breaks(labels, px, right - x, bool(cell.label))):
            here = [labels[i] for i in line]
            draw_list(surface, here, at - line[0] if at in line else -1, px, right,
                      top + (k + first) * u + u // 2, focused and enabled, colour, sep_of(bool(cell.label)))
    elif p.whole:
        draw_list(surface, labels, at, px, right, y, focused and enabled, colour, sep_of(bool(cell.label)))
    else:
        value = labels[at] if cell.full is None else cell.full()
        shown = arrowed(value) if focused and enabled else value
        drawn = ui.blit_text(surface, shown, px, ui.GOLD if focused else colour, "midright", (right, y),
                             bold=focused, max_w=right - x)
        draw_dots(surface, len(labels), at, drawn, top + p.lines * u + round(0.2 * u), u)


def draw_list(surface: pygame.Surface, labels: list[str], at: int, px: int, right: int, y: int, arrows: bool,
              colour: ui.Colour, sep: str = SEP) -> None:
    """Every choice, right-aligned at `right` on the line centred at `y`, the current one gold and bold (with
    ‹ › when ← → change it), the others dim."""
    pieces: list[tuple[str, bool]] = []
    for k, label in enumerate(labels):
        if k:
            pieces.append((sep, False))
        pieces.append((arrowed(label, sep == SEP) if k == at and arrows else label, k == at))
    x = right - sum(ui.TEXTS.width(s, px, current) for s, current in pieces)
    for text, current in pieces:
        shade = ui.GOLD if current else colour if text == sep else (150, 170, 155)
        rect = ui.blit_text(surface, text, px, shade, "midleft", (x, y), bold=current, record=text != sep)
        if current:
            pygame.draw.line(surface, ui.GOLD, (rect.x + 2, rect.bottom - 1), (rect.right - 2, rect.bottom - 1), 2)
        x = rect.right


def draw_dots(surface: pygame.Surface, n: int, at: int, over: pygame.Rect, y: int, u: int) -> None:
    """Where the value is in its list, under it: a dot per choice (the current one gold), or for a long
    list a track with a marker."""
    if n < 2:
        return
    r = max(2, u // 9)
    span = max(over.w - 2 * r, (n - 1) * 4 * r if n <= DOTS_MAX else 0)
    left = over.right - r - span
    if n > DOTS_MAX:
        pygame.draw.line(surface, (90, 120, 100), (left, y), (left + span, y), max(1, r // 2 + 1))
        pygame.draw.circle(surface, ui.GOLD, (left + span * at // (n - 1), y), r + 1)
        return
    for k in range(n):
        cx = left + span * k // (n - 1)
        pygame.draw.circle(surface, ui.GOLD if k == at else (90, 120, 100), (cx, y), r + (k == at))


def draw_button(surface: pygame.Surface, item: ui.Item, rect: pygame.Rect, px: int, focused: bool) -> None:
    """A button: its label centred (shrunk to fit, as far as its 100 % size), with its value after it
    ("House rules…  Standard rules") where it has one."""
    enabled = item.enabled()
    frame(surface, rect, focused and enabled, True)
    colour = (ui.TEXT if focused else ui.TEXT_DIM) if enabled else (110, 130, 115)
    room = rect.w - 2 * max(4, rect.h // 4)
    text = item.label
    if item.value is not None:
        text = f"{item.label}  {item.value()}"
    size = ui.TEXTS.fit_px(text, room, px, focused and enabled)
    ui.blit_text(surface, text, size, ui.TEXT if focused and enabled else colour, "center", rect.center,
                 bold=focused and enabled, max_w=room)
