"""The results toolkit, for screens of figures (results, stats, the slap school's tables): the floor their words
shrink to, names drawn whole, the winners' line, columns under headers. Fitting, wrapping and the height of a
line are game.render.text's (through ui.TEXTS)."""

from __future__ import annotations

import pygame

from game.i18n import t
from game.render import scale, seat_marks
from game.render.text import halves
from game.ui import widgets as ui

# Every word of a list or a table of figures (the results, the replays, the stats, the schools' tables) at
# 1280×720, scaled with the window: the tables' floor (scale.WORD_MIN, 36 px at 1920×1080), read from a sofa
# three metres away. Such a screen's words start here or bigger and shrink no further.
WORD_PX = scale.WORD_MIN
LIST_ROWS = 8  # a list shows at most this many entries at once (pages, ↑ ↓), a table this many rows


def word_floor() -> int:
    """The smallest text size (as a screen passes it to TEXTS) drawn at WORD_PX or more in the window in
    force, at the text size in force (as ui.floor_size is for FLOOR_PX): where a list's words shrink, they
    stop here."""
    return scale.text_for(max(1, round(WORD_PX * scale.looks_key()[1])))


def fit_row(size: tuple[int, int], px: float, height: int, bold: bool = False) -> int:
    """The font size of a row's words of `px` at 1280×720 (WORD_PX or more) in rows `height` high: as big as
    the text size in force grows it where the rows have room, not under the lists' floor (word_floor) unless
    the rows are lower than its line."""
    font_px, least = ui.px(size, px), min(ui.px(size, px), word_floor())
    while font_px > least and ui.TEXTS.line_height(font_px, bold) > height:
        font_px -= 1
    while font_px > 6 and ui.TEXTS.line_height(font_px, bold) > height:
        font_px -= 1  # rows too low even for that (a tiny window, eight seats, big text): never rows over each other
    return font_px


def mark_side(size: tuple[int, int], name_px: int, row_h: int) -> int:
    """A seat's mark before its name in a list of figures (issue 37: its shape, not its colour alone, says whose
    row it is): about as tall as the name's capitals, within the row."""
    return max(ui.px(size, 12), min(row_h - 6, round(ui.TEXTS.line_height(name_px, True) * 0.62)))


def draw_mark(surface: pygame.Surface, seat: int, left: int, cy: int, side: int) -> int:
    """The seat's mark (game.render.seat_marks: its shape in its colour), `side` px, its left edge at `left` and
    its middle on line `cy`; returns its right edge."""
    return seat_marks.draw(surface, seat, pygame.Rect(left, cy - side // 2, side, side)).right


def name_halves(name: str) -> tuple[str, str]:
    """A name cut in two for two lines: after the space or hyphen nearest its middle, else at the middle."""
    cuts = [i + 1 for i, c in enumerate(name[:-1]) if c in " -"]
    at = min(cuts, key=lambda i: abs(2 * i - len(name)), default=len(name) // 2)
    return name[:at].rstrip(), name[at:].lstrip()


def whole_name(surface: pygame.Surface, name: str, max_w: int, size: int, colour: ui.Colour, bold: bool,
               pos: tuple[int, int], max_h: int = 0) -> pygame.Rect:
    """Draw a player's name whole, its left edge at `pos` and its middle on pos's line: at `size`, or shrunk
    as far as it takes to fit `max_w` down to the lists' floor (word_floor); else on two lines at the floor or
    more where `max_h` holds them; else on one line shrunk further (down to 8 px as drawn); only a name that
    does not fit even then is cut."""
    def fits(px: int, text: str) -> bool:
        return ui.TEXTS.font(px, bold).size(text)[0] <= max_w

    least = min(size, word_floor())
    px = size
    while px > least and not fits(px, name):
        px -= 1
    if not fits(px, name):
        halves = name_halves(name)
        two = next((p for p in range(size, least - 1, -1) if all(fits(p, h) for h in halves)
                    and 2 * ui.TEXTS.line_height(p, bold) <= max_h), None)
        if two is not None:
            top = ui.blit_text(surface, halves[0], two, colour, "bottomleft", pos, bold=bold)
            return top.union(ui.blit_text(surface, halves[1], two, colour, "topleft", pos, bold=bold))
        while px > max(6, round(8 / scale.text_scale())) and not fits(px, name):
            px -= 1
    img = ui.TEXTS.fit(name, max_w, px, colour, bold)
    rect = img.get_rect(midleft=pos)
    ui.blit_image_text(surface, img, rect, name)
    return rect


def winners_line(names: list[str], winners: list[int]) -> str:
    if not winners:
        return t("A draw")
    if len(winners) == 1:
        return t("{name} wins!", name=names[winners[0]])
    return t("{names} share the win!", names=" & ".join(names[w] for w in winners))


def table_columns(size: tuple[int, int], headers: list[str], values: list[list[str]], value_px: list[int],
                  room: int, base: int | None = None) -> tuple[int, list[int], list[list[str]]]:
    """Widths for columns of figures under headers of one font size, each on one line or, wanting room, two.

    Each column is as wide as its header or its widest value needs (at least a minimum). Tried in turn until
    they fit in `room`: the headers' size (`base`, or WORD_PX grown by the text size), then smaller sizes down
    to the lists' floor; at each size one line, then two (at the standard text size one line is tried at every size first,
    as the screen was before text grew). Past that the columns are squeezed alike and a header that still does
    not fit is cut with "…" as it is drawn. Returns (header font size, column widths, each header's lines).
    """
    base = ui.px(size, WORD_PX) if base is None else base
    gap, least = ui.px(size, 20), ui.px(size, 46)
    needs = [max([least] + [ui.TEXTS.font(px, False).size(v)[0] + ui.px(size, 8) for v in col])
             for col, px in zip(values, value_px)] if values else [least] * len(headers)

    def lines_of(header: str, px: int, most: int) -> list[str]:
        return [header] if most == 1 else halves(header, ui.TEXTS.font(px, False))

    def widths_at(px: int, most: int) -> tuple[list[int], list[list[str]]]:
        font = ui.TEXTS.font(px, False)
        shown = [lines_of(h, px, most) for h in headers]
        return [max(need, max(font.size(part)[0] for part in lines) + gap)
                for lines, need in zip(shown, needs)], shown

    sizes = range(base, min(base, word_floor()) - 1, -1)  # never under the floor
    tries = ([(px, 1) for px in sizes] + [(px, 2) for px in sizes] if scale.text_scale() <= 1
             else [(px, most) for px in sizes for most in (1, 2)])
    for header_px, most in tries:
        widths, shown = widths_at(header_px, most)
        if sum(widths) <= room:
            return header_px, widths, shown
    widths = [max(1, w * max(1, room) // sum(widths)) for w in widths]
    return header_px, widths, shown  # drawn with the column's width as max_w: fitted to it (and a cut recorded)
