"""Drawing that the schools share: `Words` (every text through it, so tests can check boxes and sizes),
a frame round a card, stars in a row and a padlock on a step not open yet. Drawing changes nothing else."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.render import colors, scale
from game.ui import widgets as ui

__all__ = ["Words", "draw_pause", "fit_px", "layout_pause", "line_h", "lock", "outline", "progress", "progress_height",
           "setup_panels",
           "star", "stars"]

# A progress row's marks: a question or card still to come, the one being asked, and one done (a school
# that knows how it went marks it right or wrong in its own colours instead).
TO_COME = (62, 92, 74)
NOW = (235, 240, 236)
DONE = colors.GOLD
PILLS_GAP, PILL_H = 4, 18  # a progress row's pills: under its words, and how tall (px at 720p)


class Words:
    """Draws texts (through ui.blit_text, so screens' text boxes see them) and keeps (rect, text, px) of
    each drawn since `reset`: px is the size really used (a text shrunk to fit counts at its smaller size)."""

    def __init__(self) -> None:
        self.drawn: list[tuple[pygame.Rect, str, int]] = []

    def reset(self) -> None:
        self.drawn = []

    def text(self, surface: pygame.Surface, s: str, size: int, colour: tuple[int, int, int], anchor: str,
             pos: tuple[int, int], bold: bool = False, max_w: int | None = None) -> pygame.Rect:
        if not s:
            return pygame.Rect(pos, (0, 0))
        if max_w:
            s, size = ui.TEXTS.fitted(s, max_w, size, bold)
        rect = ui.blit_text(surface, s, size, colour, anchor, pos, bold)
        self.drawn.append((rect, s, size))
        return rect

    def shadow(self, surface: pygame.Surface, s: str, size: int, colour: tuple[int, int, int], anchor: str,
               pos: tuple[int, int], max_w: int | None = None) -> pygame.Rect:
        """Big words over a soft dark copy, readable on the felt."""
        if max_w:
            s, size = ui.TEXTS.fitted(s, max_w, size, True)
        off = max(2, size // 18)
        ui.blit_text(surface, s, size, (4, 24, 12), anchor, (pos[0] + off, pos[1] + off), True, record=False)
        return self.text(surface, s, size, colour, anchor, pos, bold=True)


fit_px = ui.TEXTS.grown_whole_px  # the size a text is drawn at to fit whole (never below the standard size)
line_h = ui.TEXTS.line_height


def outline(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], thick: int) -> None:
    """A frame round one card: a dark rim outside a thick coloured one (seen on red and white alike)."""
    radius = max(4, rect.w // 12)
    outer = rect.inflate(thick * 2 + 4, thick * 2 + 4)
    pygame.draw.rect(surface, (10, 20, 14), outer, width=2, border_radius=radius + thick)
    pygame.draw.rect(surface, colour, rect.inflate(thick * 2, thick * 2), width=thick, border_radius=radius + thick)


def star(surface: pygame.Surface, centre: tuple[int, int], radius: int, filled: bool) -> None:
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        points.append((centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)))
    if filled:
        pygame.draw.polygon(surface, colors.GOLD, points)
        pygame.draw.polygon(surface, (120, 90, 20), points, width=max(1, radius // 10))
    else:
        pygame.draw.polygon(surface, (40, 70, 50), points)
        pygame.draw.polygon(surface, (110, 140, 120), points, width=max(1, radius // 10))


def stars(surface: pygame.Surface, left: int, cy: int, radius: int, count: int, of: int = 3) -> pygame.Rect:
    """`of` stars in a row from `left`, the first `count` gold; returns the row's box."""
    gap = round(radius * 2.3)
    for i in range(of):
        star(surface, (left + radius + i * gap, cy), radius, i < count)
    return pygame.Rect(left, cy - radius, radius * 2 + (of - 1) * gap, radius * 2)


def setup_panels(size: tuple[int, int], split: float) -> tuple[pygame.Rect, pygame.Rect]:
    """A school's setup: its choices' panel on the left (to `split` of the width) and its picture's on the
    right, between the title and the buttons."""
    w, h = size
    m = ui.px(size, 36)
    top, bottom = ui.px(size, 96), h - ui.px(size, 120)
    at = int(w * split)
    return (pygame.Rect(m, top, at - m - m // 2, bottom - top),
            pygame.Rect(at + m // 2, top, w - at - m - m // 2, bottom - top))


def lock(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A small padlock: a step not open yet (two stars on the one before open it)."""
    colour = (150, 165, 155)
    body = pygame.Rect(rect.x, rect.y + rect.h * 2 // 5, rect.w, rect.h * 3 // 5)
    shackle = pygame.Rect(rect.x + rect.w // 5, rect.y, rect.w * 3 // 5, rect.h * 4 // 5)
    pygame.draw.ellipse(surface, colour, shackle, max(2, rect.w // 6))
    pygame.draw.rect(surface, colour, body, border_radius=max(1, rect.w // 6))


def layout_pause(size: tuple[int, int], menu: ui.Menu) -> pygame.Rect:
    """A school's pause panel in the middle of the screen, its menu's rows laid out in it; the panel's rect."""
    w, h = size
    row = ui.px(size, 52)
    pw = min(w - ui.px(size, 40), ui.px(size, 460))
    ph = row * len(menu.items) + ui.px(size, 120)
    rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
    menu.layout(pygame.Rect(rect.x + ui.px(size, 20), rect.y + ui.px(size, 90), pw - ui.px(size, 40),
                            row * len(menu.items)), row)
    return rect


def draw_pause(surface: pygame.Surface, words: Words, rect: pygame.Rect, menu: ui.Menu, title: str) -> None:
    """The pause panel over the lesson or drill, dimmed below it: `title` ("Paused") over the menu."""
    size = surface.get_size()
    ui.dim(surface, 170)
    ui.panel(surface, rect, alpha=240, border=ui.GOLD)
    words.text(surface, title, ui.px(size, 40), ui.TEXT, "midtop", (rect.centerx, rect.y + ui.px(size, 22)), bold=True)
    menu.draw(surface)


def progress_height(size: tuple[int, int]) -> int:
    """The most a progress box (`progress`) takes down a window of `size`: its words as tall as the player's text
    size draws them, and its pills."""
    return line_h(scale.big_min(size), True) + ui.px(size, PILLS_GAP) + ui.px(size, PILL_H)


def progress(surface: pygame.Surface, words: Words, s: str, marks: Sequence[tuple[int, int, int]],
             topright: tuple[int, int], max_w: int) -> pygame.Rect:
    """Where a round is, readable from the sofa: `s` ("Question 2 of 10") at the tables' big size, and under
    it a row of pills, one per question or card in its `marks` colour (TO_COME, NOW, DONE or right / wrong),
    so a child who cannot read the words yet sees how far it is. Returns the box both take."""
    size = surface.get_size()
    box = words.text(surface, s, scale.big_min(size), ui.TEXT, "topright", topright, bold=True, max_w=max_w)
    n = max(1, len(marks))
    gap = ui.px(size, 6 if n <= 12 else 2)
    pill = max(2, (min(max_w, max(box.w, ui.px(size, 300))) - (n - 1) * gap) // n)
    h = ui.px(size, PILL_H)
    row = pygame.Rect(0, box.bottom + ui.px(size, PILLS_GAP), n * pill + (n - 1) * gap, h)
    row.right = topright[0]
    for i, colour in enumerate(marks):
        pygame.draw.rect(surface, colour, (row.x + i * (pill + gap), row.y, pill, h), border_radius=min(pill, h) // 2)
    return box.union(row)
