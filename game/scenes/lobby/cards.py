"""A seat as a large card: its face (a remembered player's avatar, else a disc in the seat's colour with its
number), its name, and under them its cells top-down — what plays it (a person, a bot, nobody), the keys or
controller that plays a person's seat, a bot's level, the head start and whether a person is a learner.

Every size here is measured for `size`: the window, or a window a little bigger where the cards have the
room (the layout grows their words that way, for the sofa)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.render import colors
from game.render.faces import draw_avatar
from game.render.text import break_lines, standard_px
from game.scenes.lobby import cells
from game.scenes.lobby.spatial import Cell
from game.ui import widgets as ui

NAME_PX = 30  # the seat's name at 1280×720 (before the text size): the biggest words on the card
CELL_PX = 20  # every other word on a card: the floor for menus (issue 20)


@dataclass(frozen=True)
class Face:
    """What the card's face shows: a profile's avatar and colour, else the seat's colour and number."""

    colour: ui.Colour | None  # None: an empty seat
    avatar: int | None = None
    number: int = 0


def is_info(cell: Cell) -> bool:
    """A line that only tells (a person's keys, "press A to join"): never focused."""
    return cell.on_confirm is None and cell.change is None


def wraps(cell: Cell) -> bool:
    """Whether a cell's list of choices wraps over lines rather than showing its value alone: a list with no label
    (what plays the seat: "Person · Bot · Empty"), so the cards' words grow for the sofa and it still shows whole."""
    return not cell.label


def cell_height(cell: Cell, room: int, size: tuple[int, int]) -> int:
    px = ui.px(size, CELL_PX)
    if is_info(cell):
        return len(info_lines(cell.label, room, px)) * ui.TEXTS.line_height(px) + ui.px(size, 4)
    return cells.height(cell, room, px, wraps(cell))


def info_lines(text: str, room: int, px: int) -> list[str]:
    """An info line whole: on one line if it fits (shrunk as far as its 100 % size), else wrapped."""
    if ui.TEXTS.width(text, standard_px(px)) <= room:
        return [text]
    return break_lines(text, ui.TEXTS.font(px), room) or [text]


def name_height(size: tuple[int, int]) -> int:
    """A name's line, or two lines of a long name at the cards' smallest words."""
    return max(ui.TEXTS.line_height(ui.px(size, NAME_PX), True) + ui.px(size, 14),
               2 * ui.TEXTS.line_height(ui.px(size, CELL_PX), True) + ui.px(size, 4))


def inset(size: tuple[int, int]) -> int:
    return ui.px(size, 8)


def card_height(card: list[Cell], w: int, size: tuple[int, int]) -> int:
    """How tall a card `w` wide must be for its name and `card`'s cells (the first is the name)."""
    room = w - 2 * inset(size) - 2 * ui.px(size, 6)
    gap = ui.px(size, 3)
    return (name_height(size) + inset(size) + ui.px(size, 6)
            + sum(cell_height(c, room, size) + gap for c in card[1:]))


def whole_lists(cards: list[list[Cell]], w: int, size: tuple[int, int]) -> int:
    """How many of the cards' values show their whole list of choices at `size`."""
    room = w - 2 * inset(size) - 2 * ui.px(size, 6)
    px = ui.px(size, CELL_PX)
    return sum(cells.plan(c, room, px, wraps(c)).whole for card in cards for c in card[1:] if not is_info(c))


def place(card: list[Cell], rect: pygame.Rect, size: tuple[int, int]) -> list[pygame.Rect]:
    """Where the name and each cell of `card` go in the card `rect`, top-down."""
    pad = inset(size)
    name = pygame.Rect(rect.x + pad // 2, rect.y + pad // 2, rect.w - pad, name_height(size))
    out = [name]
    y = name.bottom + ui.px(size, 6)
    inner = pygame.Rect(rect.x + pad, 0, rect.w - 2 * pad, 0)
    room = inner.w - 2 * ui.px(size, 6)
    for c in card[1:]:
        h = cell_height(c, room, size)
        out.append(pygame.Rect(inner.x, y, inner.w, h))
        y += h + ui.px(size, 3)
    return out


def draw_card(surface: pygame.Surface, rect: pygame.Rect, face: Face, card: list[Cell],
              rects: list[pygame.Rect], focus: Cell | None, size: tuple[int, int]) -> None:
    """The card, its face and name, and its cells (the focused one lit)."""
    seat = face.colour
    border = seat if seat is not None else (60, 90, 70)
    ui.panel(surface, rect, alpha=215 if seat is not None else 150, border=border, radius=ui.px(size, 14))
    if seat is not None:  # a band of the seat's colour along the top
        band = pygame.Rect(rect.x + 2, rect.y + 2, rect.w - 4, ui.px(size, 5))
        pygame.draw.rect(surface, seat, band, border_top_left_radius=ui.px(size, 12),
                         border_top_right_radius=ui.px(size, 12))
    draw_name(surface, card[0], rects[0], face, card[0] is focus, size)
    for c, r in zip(card[1:], rects[1:], strict=True):
        if is_info(c):
            draw_info(surface, c, r, size)
        else:
            cells.draw_value(surface, c, r, ui.px(size, CELL_PX), c is focus, ui.px(size, 6), wraps(c))


def draw_name(surface: pygame.Surface, cell: Cell, rect: pygame.Rect, face: Face, focused: bool,
              size: tuple[int, int]) -> None:
    cells.frame(surface, rect, focused, False)
    d = rect.h - ui.px(size, 10)
    spot = pygame.Rect(rect.x + ui.px(size, 6), rect.centery - d // 2, d, d)
    draw_face(surface, spot, face)
    x = spot.right + ui.px(size, 8)
    room = rect.right - ui.px(size, 6) - x
    colour = ui.TEXT if focused or face.colour is not None else ui.TEXT_DIM
    name, px, small = cell.label, ui.px(size, NAME_PX), ui.px(size, CELL_PX)
    lines = [name]
    if ui.TEXTS.font(small, True).size(name)[0] > room:  # too long at the floor: on two lines, if it breaks
        lines = break_lines(name, ui.TEXTS.font(small, True), room)
    if len(lines) == 2 and all(ui.TEXTS.font(small, True).size(s)[0] <= room for s in lines):
        step = ui.TEXTS.line_height(small, True)
        for k, line in enumerate(lines):
            ui.blit_text(surface, line, small, colour, "midleft", (x, rect.centery + (2 * k - 1) * step // 2),
                         bold=True)
        return
    img = ui.TEXTS.fit_whole(name, room, px, colour, True, least=min(1.0, CELL_PX / NAME_PX) if len(lines) == 1 else 0.55)
    ui.blit_image_text(surface, img, img.get_rect(midleft=(x, rect.centery)), name)


def draw_face(surface: pygame.Surface, spot: pygame.Rect, face: Face) -> None:
    """A remembered player's avatar, else a disc in the seat's colour with the seat's number; an empty
    seat's is an outline."""
    if face.avatar is not None and face.colour is not None:
        draw_avatar(surface, spot, face.avatar, face.colour)
        return
    r = spot.w // 2
    if face.colour is None:
        pygame.draw.circle(surface, (70, 100, 80), spot.center, r, max(1, r // 8))
        return
    pygame.draw.circle(surface, face.colour, spot.center, r)
    ink = colors.INK if sum(face.colour) > 380 else ui.TEXT
    ui.blit_text(surface, str(face.number), max(6, round(r * 1.1)), ink, "center", spot.center, bold=True,
                 record=False)


def draw_info(surface: pygame.Surface, cell: Cell, rect: pygame.Rect, size: tuple[int, int]) -> None:
    px = ui.px(size, CELL_PX)
    lines = info_lines(cell.label, rect.w - 2 * ui.px(size, 8), px)
    step = ui.TEXTS.line_height(px)
    y = rect.centery - step * len(lines) // 2 + step // 2
    colour = ui.WARN if cell.colour == ui.WARN else ui.TEXT_DIM
    for line in lines:
        size_px = ui.TEXTS.fit_px(line, rect.w - 2 * ui.px(size, 8), px)
        ui.blit_text(surface, line, size_px, colour, "midleft", (rect.x + ui.px(size, 8), y),
                     max_w=rect.w - 2 * ui.px(size, 8))
        y += step
