"""A seat's mark beyond its colour (issue 37): the shape game.seat_colors gives it (○ △ □ ◇ ☆ ☾ ✚ ♥), drawn in
code (a font's glyphs for them may be missing) in the seat's colour with a dark edge, so two seats whose
colours run together for a colour-blind player still differ. The table puts it on the seat's mat, its slap
paw, its notes and the photo finish; the results put it before each seat's figure.

A mark is drawn once per (shape, size, colours), supersampled and scaled down for smooth edges, and kept in a
cache bounded by its bytes (game.render.cache: emptied when the window changes size)."""

from __future__ import annotations

import math

import pygame

from game.render import colors
from game.render.cache import LRU, Bound
from game.seat_colors import SEAT_SHAPES, seat_shape

SUPERSAMPLE = 4
CIRCLE_STEPS = 48
OUTLINE_CONTRAST = 3.0  # a graphic's outline against what is round it (WCAG 1.4.11)

Point = tuple[float, float]

# Every seat's mark at the few sizes a table and its screens use (a mat's, a note's, a paw's, a strip's): a
# few hundred KB at 1080p; a twentieth of a screen holds them with room to spare.
_MARKS: LRU[pygame.Surface] = LRU("seat shapes", Bound(screens=0.05, fixed=2**16))


def _regular(n: int, r: float, turn: float = -90.0) -> list[Point]:
    return [(r * math.cos(math.radians(turn + 360 * k / n)), r * math.sin(math.radians(turn + 360 * k / n)))
            for k in range(n)]


def outline(shape: str, r: float) -> list[Point]:
    """The corners of `shape` round (0, 0), fitting a circle of radius `r` and as heavy to the eye as each
    other (a triangle or a star reaches further than a square of the same weight)."""
    if shape == "circle":
        return _regular(CIRCLE_STEPS, r * 0.9)
    if shape == "triangle":
        return [(x, y + r * 0.18) for x, y in _regular(3, r * 1.12)]  # its weight on the centre, not its tip
    if shape == "square":
        return _regular(4, r * 1.1, 45.0)
    if shape == "diamond":
        return [(x * 0.86, y) for x, y in _regular(4, r)]
    if shape == "star":
        return [p for k in range(5) for p in (_regular(5, r * 1.05)[k], _regular(5, r * 0.48, -54.0)[k])]
    if shape == "moon":  # a crescent: the disc less a disc offset up and to the right
        cx, cy, inner = r * 0.42, -r * 0.22, r * 0.78
        outer = [p for p in _regular(CIRCLE_STEPS, r * 0.95) if math.hypot(p[0] - cx, p[1] - cy) > inner]
        start = next(k for k in range(len(outer)) if math.hypot(outer[k - 1][0] - outer[k][0],
                                                                 outer[k - 1][1] - outer[k][1]) > r * 0.3)
        outer = outer[start:] + outer[:start]  # the outer arc in order from one horn to the other
        bite = [(cx + x, cy + y) for x, y in _regular(CIRCLE_STEPS, inner)]
        bite = [p for p in bite if math.hypot(*p) < r * 0.95]
        a0 = math.atan2(outer[-1][1] - cy, outer[-1][0] - cx)
        bite.sort(key=lambda p: (a0 - math.atan2(p[1] - cy, p[0] - cx)) % (2 * math.pi))
        return outer + bite
    if shape == "cross":
        a, b = r * 0.34, r * 0.95
        return [(-a, -b), (a, -b), (a, -a), (b, -a), (b, a), (a, a), (a, b), (-a, b), (-a, a), (-b, a), (-b, -a),
                (-a, -a)]
    if shape == "heart":
        points = []
        for k in range(CIRCLE_STEPS):
            t = 2 * math.pi * k / CIRCLE_STEPS
            x = 16 * math.sin(t) ** 3
            y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
            points.append((x * r / 16.5, -(y + 2.5) * r / 16.5))
        return points
    raise ValueError(f"no such seat shape: {shape!r} (known: {', '.join(SEAT_SHAPES)})")


def default_edge(fill: colors.Color) -> colors.Color:
    """A mark's edge: the fill darkened where the fill itself stands out of the felt at 3:1 (the light
    colours), else the fill lightened (the orange, green, blue, red, purple: a light ring stands out of the
    felt and the dark mats alike), so every shape's outline reads as a graphic should (WCAG 1.4.11)."""
    if colors.contrast(fill, colors.FELT) >= OUTLINE_CONTRAST:
        return colors.mix(fill, colors.INK, 0.7)
    return colors.mix(fill, (255, 255, 255), 0.65)


def image(seat: int, size: int, fill: colors.Color | None = None, edge: colors.Color | None = None
          ) -> pygame.Surface:
    """The seat's mark, `size` px square (transparent round it): its shape filled with `fill` (the seat's
    colour) inside an `edge` (see `default_edge`) about a tenth of its size."""
    size = max(4, int(size))
    shape = seat_shape(seat)
    key = (shape, size, fill, edge)
    found = _MARKS.get(key)
    if found is not None:
        return found
    fill = colors.seat_color(seat) if fill is None else fill
    edge = default_edge(fill) if edge is None else edge
    big = size * SUPERSAMPLE
    art = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    r = big / 2 * 0.92
    width = max(SUPERSAMPLE, big // 9)
    pygame.draw.polygon(art, edge, [(c + x, c + y) for x, y in outline(shape, r)])
    inner = (r - width) / r  # the edge's width all round, near enough for shapes this round
    pygame.draw.polygon(art, fill, [(c + x * inner, c + y * inner) for x, y in outline(shape, r)])
    img = pygame.transform.smoothscale(art, (size, size))
    if pygame.display.get_surface() is not None:
        img = img.convert_alpha()
    _MARKS[key] = img
    return img


def badge(rect: pygame.Rect) -> pygame.Rect:
    """Where a seat's mark goes on a face drawn in `rect` (a profile's avatar on its mat): on its lower right
    corner, half its size."""
    side = max(6, rect.w // 2)
    box = pygame.Rect(0, 0, side, side)
    box.center = (rect.right - side // 4, rect.bottom - side // 4)
    return box


def draw(surface: pygame.Surface, seat: int, rect: pygame.Rect, fill: colors.Color | None = None,
         edge: colors.Color | None = None) -> pygame.Rect:
    """The seat's mark as big as fits `rect`, centred in it; where it went."""
    img = image(seat, min(rect.w, rect.h), fill, edge)
    at = img.get_rect(center=rect.center)
    surface.blit(img, at)
    return at
