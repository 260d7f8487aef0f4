"""Drawing the slap school: the pile as a row of real cards (bottom card left, top card right, each older
card showing its corner), frames round the cards of a pattern, the slap hand, stars and the reaction
chart. Every text goes through `Words`, which records its box and its font size (tests check that no two
boxes meet and that a player's words are at least 20 px at 1280×720). Drawing changes nothing else."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.games.school.paint import Words, outline
from game.render import colors, hud
from game.render.card_art import CardArt, card_height
from game.ui import widgets as ui

RIGHT_C = (96, 210, 120)
WRONG_C = colors.WARN
MISSED_C = (245, 170, 60)
HINT_C = (150, 220, 255)
TONES = {"right": RIGHT_C, "wrong": WRONG_C, "missed": MISSED_C, "late": MISSED_C, "hint": HINT_C,
         "info": colors.TEXT, "gold": colors.GOLD}
STEP = 0.5  # an older card shows this share of its width
CARD_W = 150  # px at 1280x720


def card_width(size: tuple[int, int], scale: float = 1.0) -> int:
    return max(24, ui.px(size, CARD_W * scale))


def pile_rects(n: int, centre: tuple[int, int], width: int) -> list[pygame.Rect]:
    """Where the `n` cards of a pile lie, bottom first: a row centred on `centre`, each card on the one
    before, `STEP` of a width to its right."""
    if n <= 0:
        return []
    h = card_height(width)
    step = round(width * STEP)
    total = width + (n - 1) * step
    left = centre[0] - total // 2
    return [pygame.Rect(left + i * step, centre[1] - h // 2, width, h) for i in range(n)]


def draw_pile(surface: pygame.Surface, art: CardArt, pile: Sequence[str], centre: tuple[int, int], width: int,
              frames: Sequence[tuple[Sequence[int], str]] = (), now_ms: float = 0.0) -> list[pygame.Rect]:
    """The pile's cards, each framed in its tone if `frames` ((indexes, tone) pairs) name it, before the
    next card covers part of it; a frame's tone "hint" pulses. Returns the cards' rects."""
    rects = pile_rects(len(pile), centre, width)
    shadow = max(2, width // 30)
    thick = max(3, width // 22)
    tones: dict[int, tuple[int, int, int]] = {}
    for cells, tone in frames:
        colour = TONES[tone]
        if tone == "hint":
            glow = 0.5 + 0.5 * math.sin(now_ms / 160)
            colour = colors.mix(colour, colors.TEXT, glow * 0.5)
        for i in cells:
            tones.setdefault(i, colour)
    for i, (card, rect) in enumerate(zip(pile, rects)):
        hud.shade(surface, rect.move(shadow, shadow), 90, (0, 0, 0), max(2, width // 16))
        surface.blit(art.card(card, width), rect)
        if i in tones:
            outline(surface, rect, tones[i], thick)
    return rects


def cross(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """A big ✗ over `rect` (the example's "don't slap")."""
    thick = max(4, rect.w // 14)
    for a, b in ((rect.topleft, rect.bottomright), (rect.topright, rect.bottomleft)):
        pygame.draw.line(surface, (20, 10, 10), (a[0] + 3, a[1] + 3), (b[0] + 3, b[1] + 3), thick + 2)
        pygame.draw.line(surface, colour, a, b, thick)


def slap_hand(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], share: float) -> None:
    """The slap: a hand coming down on the top card (`share` 0..1 of its way)."""
    size = round(rect.h * 0.62)
    img = hud.hand(size, colour)
    y = rect.centery + round(rect.h * 0.12) - round((1 - min(1.0, share)) * rect.h * 0.9)
    hud.blit_alpha(surface, img, img.get_rect(center=(rect.centerx, y)), min(1.0, share * 2))


def chart(surface: pygame.Surface, words: Words, rect: pygame.Rect, reactions: Sequence[int],
          colour: tuple[int, int, int], label_px: int) -> None:
    """Reaction times as bars, oldest left, on a scale with lines at each 500 ms and a dashed median."""
    ui.panel(surface, rect, alpha=150)
    size = surface.get_size()
    pad = ui.px(size, 12)
    axis_w = ui.TEXTS.font(label_px).size("0000")[0] + pad
    edge = max(pad, ui.TEXTS.line_height(label_px) // 2 + 2)  # the top and bottom counts kept inside the panel
    area = pygame.Rect(rect.x + pad + axis_w, rect.y + edge, rect.w - 2 * pad - axis_w, rect.h - 2 * edge)
    if area.w <= 4 or area.h <= 4:
        return
    top_ms = max(1000, math.ceil(max(reactions, default=0) / 500) * 500)
    step_ms = 500 if top_ms <= 2000 else 1000
    for ms in range(0, top_ms + 1, step_ms):
        y = area.bottom - round(area.h * ms / top_ms)
        pygame.draw.line(surface, (50, 90, 66), (area.x, y), (area.right, y), 1)
        words.text(surface, str(ms), label_px, colors.TEXT_DIM, "midright", (area.x - pad // 2, y))
    if not reactions:
        return
    n = len(reactions)
    slot = area.w / n
    bar = max(2, min(ui.px(size, 28), round(slot * 0.7)))
    for i, ms in enumerate(reactions):
        h = max(2, round(area.h * min(ms, top_ms) / top_ms))
        x = round(area.x + slot * i + (slot - bar) / 2)
        pygame.draw.rect(surface, colour, pygame.Rect(x, area.bottom - h, bar, h), border_radius=max(1, bar // 5))
    median = sorted(reactions)[n // 2] if n % 2 else (sorted(reactions)[n // 2 - 1] + sorted(reactions)[n // 2]) / 2
    y = area.bottom - round(area.h * min(median, top_ms) / top_ms)
    for x in range(area.x, area.right, 12):
        pygame.draw.line(surface, colors.GOLD, (x, y), (min(x + 6, area.right), y), 2)
