"""Faces drawn in code: a remembered player's avatar (game.profiles keeps who has which), and a seat's mark on
its mat (issue 20 item 9): the face of the profile that plays it, else a disc in the seat's colour, drawn once
per size, face and colour and kept (LRU, emptied when the window changes size)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.profiles import AVATARS
from game.render import colors
from game.render.cache import LRU, Bound

if TYPE_CHECKING:
    import pygame

SUPERSAMPLE = 3  # a mark is drawn this many times bigger and scaled down: smooth edges at any size

# The seats' marks (a seat panel's height square): 8 seats' at two sizes take a fortieth of a screen.
_MARKS: LRU[pygame.Surface] = LRU("seat marks", Bound(screens=0.1))


def mark(size: int, avatar: int | None, colour: colors.Color) -> pygame.Surface:
    """A seat's mark, `size` px square (transparent round it): the face `avatar` (an index into AVATARS) in
    `colour`, or for None (a guest or a bot) a disc in `colour`. Drawn once per (size, avatar, colour)."""
    import pygame

    size = max(1, int(size))
    key = (size, avatar, tuple(colour))
    found = _MARKS.get(key)
    if found is not None:
        return found
    big = size * SUPERSAMPLE
    art = pygame.Surface((big, big), pygame.SRCALPHA)
    if avatar is None:
        r = big / 2
        pygame.draw.circle(art, colors.mix(colour, colors.INK, 0.45), (r, r), r * 0.92)
        pygame.draw.circle(art, colour, (r, r), r * 0.92 - max(1, big // 14))
        pygame.draw.circle(art, colors.mix(colour, (255, 255, 255), 0.35), (r * 0.72, r * 0.68), r * 0.22)
    else:
        draw_avatar(art, art.get_rect(), avatar, colour)
    img = pygame.transform.smoothscale(art, (size, size)) if size > 1 else art
    img.blit(img.copy(), (0, 0))  # scaling down leaves the inside at alpha 253: over itself once, it is opaque
    if pygame.display.get_surface() is not None:
        img = img.convert_alpha()
    _MARKS[key] = img
    return img


def draw_avatar(surface: pygame.Surface, rect: pygame.Rect, avatar: int, colour: colors.Color) -> None:
    """The profile's face in `rect` (a square works best): a disc in its colour and one of AVATARS' faces,
    in plain shapes so it reads at 24 px as well as at 200."""
    import pygame

    kind = AVATARS[avatar % len(AVATARS)]
    size = min(rect.w, rect.h)
    r = size // 2
    cx, cy = rect.center
    ink = colors.INK
    light = colors.mix(colour, (255, 255, 255), 0.55)
    line = max(1, size // 16)
    eye = max(1, size // 12)
    if kind == "cat":
        for side in (-1, 1):
            pygame.draw.polygon(surface, colour, [(cx + side * r * 0.85, cy - r * 0.2), (cx + side * r * 0.75, cy - r),
                                                  (cx + side * r * 0.2, cy - r * 0.7)])
    elif kind == "bear":
        for side in (-1, 1):
            pygame.draw.circle(surface, colour, (cx + side * r * 0.68, cy - r * 0.68), r * 0.36)
            pygame.draw.circle(surface, light, (cx + side * r * 0.68, cy - r * 0.68), r * 0.18)
    elif kind == "robot":
        pygame.draw.line(surface, colour, (cx, cy - r), (cx, cy - r * 0.7), line)
        pygame.draw.circle(surface, light, (cx, cy - r + line), max(2, r // 7))
    if kind == "robot":
        head = pygame.Rect(0, 0, round(r * 1.7), round(r * 1.45))
        head.center = (cx, round(cy + r * 0.12))
        pygame.draw.rect(surface, colour, head, border_radius=max(2, r // 4))
    elif kind == "star":
        points = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            k = r * (1.0 if i % 2 == 0 else 0.48)
            points.append((cx + k * math.cos(a), cy + r * 0.08 + k * math.sin(a)))
        pygame.draw.polygon(surface, colour, points)
    else:
        pygame.draw.circle(surface, colour, (cx, cy + r * 0.08), r * 0.86)
    # The face: eyes and a mouth (an owl has big round eyes and a beak; a bear a snout).
    ey = cy - r * 0.05
    if kind == "owl":
        for side in (-1, 1):
            pygame.draw.circle(surface, light, (cx + side * r * 0.36, ey), r * 0.3)
            pygame.draw.circle(surface, ink, (cx + side * r * 0.36, ey), r * 0.13)
        pygame.draw.polygon(surface, colors.GOLD, [(cx - r * 0.12, cy + r * 0.2), (cx + r * 0.12, cy + r * 0.2),
                                                   (cx, cy + r * 0.42)])
        return
    if kind == "robot":
        for side in (-1, 1):
            box = pygame.Rect(0, 0, max(2, r // 3), max(2, r // 3))
            box.center = (round(cx + side * r * 0.38), round(ey))
            pygame.draw.rect(surface, light, box)
        mouth = pygame.Rect(0, 0, round(r * 0.9), max(2, r // 8))
        mouth.center = (cx, round(cy + r * 0.45))
        pygame.draw.rect(surface, ink, mouth)
        return
    for side in (-1, 1):
        pygame.draw.circle(surface, ink, (cx + side * r * 0.3, ey), eye)
    if kind == "bear":
        pygame.draw.circle(surface, light, (cx, cy + r * 0.38), r * 0.28)
        pygame.draw.circle(surface, ink, (cx, cy + r * 0.3), max(1, eye))
        return
    if kind == "cat":
        for side in (-1, 1):
            for dy in (-1, 1):
                pygame.draw.line(surface, ink, (cx + side * r * 0.2, cy + r * 0.3),
                                 (cx + side * r * 0.7, cy + r * 0.3 + dy * r * 0.12), max(1, line // 2))
    mouth = pygame.Rect(0, 0, round(r * 0.8), round(r * 0.6))
    mouth.center = (cx, round(cy + r * 0.25))
    pygame.draw.arc(surface, ink, mouth, 3.5, 5.9, line)
