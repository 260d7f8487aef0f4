"""Text that fits its room, for screens of figures (results, stats, the slap school's tables): font sizes
that shrink to a floor, wrapping into a few balanced lines, names drawn whole, columns under headers."""

from __future__ import annotations

import pygame

from game.i18n import t
from game.render import fonts, scale
from game.ui import widgets as ui


def least_px(size: int, least: float = 1.0) -> int:
    """The smallest font size a text of `size` may shrink to when it lacks room: `least` of what the standard
    text size (100 %) draws it at, never under the floor of every word off the tables (ui.floor_size). At a
    bigger text size a text gives back its growth before it shrinks."""
    return max(6, min(size, max(ui.floor_size(), round(size * least / scale.text_scale()))))


def wrap_fit(text: str, size: int, width: int, lines: int = 2, bold: bool = False, least: float = 0.75
             ) -> tuple[int, list[str]]:
    """(font size, lines): `text` wrapped (at " · ", then at spaces) into at most `lines` lines of `width` px,
    at the largest size from `size` down to least_px(size, least); at that least size, however many lines it
    takes."""
    floor = least_px(size, least)
    px = size
    while True:
        font = ui.TEXTS.font(px, bold)
        out = fonts.wrap(text, font, max(1, width))
        if px <= floor or (len(out) <= lines and all(font.size(line)[0] <= width for line in out)):
            return px, balanced(text, font, width, out)
        px -= 1


def balanced(text: str, font: pygame.font.Font, width: int, lines: list[str]) -> list[str]:
    """`text` on as many lines as `lines` (its greedy wrap in `width`), but as even as they go: the narrowest
    width that still takes no more lines (no last line of a single word under a full one)."""
    low, high = 1, width
    while low < high:
        mid = (low + high) // 2
        if len(fonts.wrap(text, font, mid)) <= len(lines):
            high = mid
        else:
            low = mid + 1
    even = fonts.wrap(text, font, high)
    return even if len(even) <= len(lines) else lines


def line_height(size: int, bold: bool = False) -> int:
    """The height of one line of text drawn at `size` (at the text size in force)."""
    return ui.TEXTS.font(size, bold).get_height()


def fit_height(size: int, height: int, bold: bool = False, least: float = 0.75) -> int:
    """The largest font size from `size` down to `least` of what the standard text size draws whose line is
    at most `height` px high (rows of a table: a bigger text size grows them only as far as the rows have
    room, and many rows shrink them as the standard size would be shrunk to fit)."""
    floor = least_px(size, least)
    while size > floor and line_height(size, bold) > height:
        size -= 1
    while size > 6 and line_height(size, bold) > height:  # rows too low for the floor's line (a small
        size -= 1  # window of many seats at a big text size): smaller words, never rows over each other
    return size


def name_halves(name: str) -> tuple[str, str]:
    """A name cut in two for two lines: after the space or hyphen nearest its middle, else at the middle."""
    cuts = [i + 1 for i, c in enumerate(name[:-1]) if c in " -"]
    at = min(cuts, key=lambda i: abs(2 * i - len(name)), default=len(name) // 2)
    return name[:at].rstrip(), name[at:].lstrip()


def whole_name(surface: pygame.Surface, name: str, max_w: int, size: int, colour: ui.Colour, bold: bool,
               pos: tuple[int, int], max_h: int = 0) -> pygame.Rect:
    """Draw a player's name whole, its left edge at `pos` and its middle on pos's line: at `size`, or shrunk
    as far as it takes to fit `max_w` down to the floor (ui.floor_size); else on two lines at the floor or
    more where `max_h` holds them; else on one line shrunk further (down to 8 px as drawn); only a name that
    does not fit even then is cut."""
    def fits(px: int, text: str) -> bool:
        return ui.TEXTS.font(px, bold).size(text)[0] <= max_w

    least = min(size, ui.floor_size())
    px = size
    while px > least and not fits(px, name):
        px -= 1
    if not fits(px, name):
        halves = name_halves(name)
        two = next((p for p in range(size, least - 1, -1) if all(fits(p, h) for h in halves)
                    and 2 * line_height(p, bold) <= max_h), None)
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
                  room: int) -> tuple[int, list[int], list[list[str]]]:
    """Widths for columns of figures under headers of one font size, each on one line or, wanting room, two.

    Each column is as wide as its header or its widest value needs (at least a minimum). Tried in turn until
    they fit in `room`: the headers' size, then smaller sizes down to 3/4 of what the standard text size
    draws; at each size one line, then two (at the standard text size one line is tried at every size first,
    as the screen was before text grew). Past that the columns are squeezed alike and a header that still does
    not fit is cut with "…" as it is drawn. Returns (header font size, column widths, each header's lines).
    """
    base, gap, least = ui.px(size, ui.FLOOR_PX), ui.px(size, 12), ui.px(size, 46)
    needs = [max([least] + [ui.TEXTS.font(px, False).size(v)[0] + ui.px(size, 8) for v in col])
             for col, px in zip(values, value_px)] if values else [least] * len(headers)

    def lines_of(header: str, px: int, most: int) -> list[str]:
        if most == 1:
            return [header]
        words = header.split(" ")
        font = ui.TEXTS.font(px, False)
        splits = [[" ".join(words[:k]), " ".join(words[k:])] for k in range(1, len(words))]
        return min(splits, key=lambda two: max(font.size(part)[0] for part in two), default=[header])

    def widths_at(px: int, most: int) -> tuple[list[int], list[list[str]]]:
        font = ui.TEXTS.font(px, False)
        shown = [lines_of(h, px, most) for h in headers]
        return [max(need, max(font.size(part)[0] for part in lines) + gap)
                for lines, need in zip(shown, needs)], shown

    sizes = range(base, min(base, least_px(base, 0.75)) - 1, -1)  # never under the floor
    tries = ([(px, 1) for px in sizes] + [(px, 2) for px in sizes] if scale.text_scale() <= 1
             else [(px, most) for px in sizes for most in (1, 2)])
    for header_px, most in tries:
        widths, shown = widths_at(header_px, most)
        if sum(widths) <= room:
            return header_px, widths, shown
    widths = [max(1, w * max(1, room) // sum(widths)) for w in widths]
    return header_px, widths, shown  # drawn with the column's width as max_w: fitted to it (and a cut recorded)
