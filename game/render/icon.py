"""The game's icon, drawn in code: a fan of four cards (a back, then ♣, ♦ and the ace of ♠ in front) on
a rounded felt tile with a wooden rim, in the table's own colours. The window icon at run time and,
at build time (build/icons.py), the .ico and .icns files are all this one drawing.

Pure pygame surface drawing: no display needed, nothing read from disk (no font: the pips are shapes).
"""

from __future__ import annotations

import functools
import math

import pygame

from game.render import colors

SUPERSAMPLE = 4  # drawn this many times larger, then smoothed down: pygame.draw itself does not anti-alias
MAX_DRAW = 2048  # the largest surface drawn (1024 px icons are drawn at 2048 and halved)
WINDOW_ICON = 64  # the window / taskbar icon at run time

# The fan, in units of the icon's side: (angle in degrees, what the card shows).
FAN: tuple[tuple[float, str], ...] = ((36, "back"), (12, "C"), (-12, "D"), (-36, "S"))
CARD_W = 0.34  # card width as a share of the side
CARD_RATIO = 1.397  # poker proportions, as on the table
PIVOT = (0.5, 0.82)  # the fan turns about this point (a share of the side)


def draw_icon(size: int) -> pygame.Surface:
    """The icon as a `size`×`size` surface with per-pixel alpha (transparent outside the tile)."""
    if size < 1:
        raise ValueError(f"an icon needs a size of 1 px or more, not {size}")
    big = min(MAX_DRAW, max(size * SUPERSAMPLE, 64))
    art = _draw(big)
    return art if big == size else pygame.transform.smoothscale(art, (size, size))


@functools.cache
def window_icon() -> pygame.Surface:
    """Drawn once a process (a millisecond): each App sets it, and the tests make thousands of Apps."""
    return draw_icon(WINDOW_ICON)


def _draw(s: int) -> pygame.Surface:
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    _tile(surf, s)
    card_w = round(s * CARD_W)
    card_h = round(card_w * CARD_RATIO)
    pivot = pygame.Vector2(s * PIVOT[0], s * PIVOT[1])
    for angle, face in FAN:
        card = _card(card_w, card_h, face)
        # The card's bottom centre sits a little above the pivot; turning it about the pivot fans the cards.
        centre = pygame.Vector2(0, -card_h * 0.5 - s * 0.03).rotate(-angle) + pivot
        turned = pygame.transform.rotate(card, angle)
        shadow = _shadow(turned, max(1, s // 96))
        surf.blit(shadow, shadow.get_rect(center=(centre.x + s * 0.012, centre.y + s * 0.018)))
        surf.blit(turned, turned.get_rect(center=(round(centre.x), round(centre.y))))
    return surf


def _tile(surf: pygame.Surface, s: int) -> None:
    """A rounded square of felt, lighter in the middle, inside a wooden rim."""
    margin = round(s * 0.04)
    rect = pygame.Rect(margin, margin, s - 2 * margin, s - 2 * margin)
    radius = round(s * 0.2)
    pygame.draw.rect(surf, colors.RIM_DARK, rect, border_radius=radius)
    pygame.draw.rect(surf, colors.RIM, rect.inflate(-round(s * 0.02), -round(s * 0.02)), border_radius=radius)
    felt = rect.inflate(-round(s * 0.07), -round(s * 0.07))
    inner_radius = max(1, radius - round(s * 0.035))
    pygame.draw.rect(surf, colors.FELT_DARK, felt, border_radius=inner_radius)
    # The pool of light: felt ellipses shrinking towards the centre, drawn small and smoothed up (no
    # banding), then clipped to the rounded felt.
    small = pygame.Surface((max(8, felt.w // 8), max(8, felt.h // 8)), pygame.SRCALPHA)
    sw, sh = small.get_size()
    steps = 24
    for i in range(steps):
        p = i / (steps - 1)
        ring = pygame.Rect(0, 0, round(sw * (1.5 - 0.9 * p)), round(sh * (1.5 - 0.9 * p)))
        ring.center = (sw // 2, round(sh * 0.45))
        pygame.draw.ellipse(small, (*colors.mix(colors.FELT_DARK, colors.FELT_LIGHT, p ** 1.3), 255), ring)
    glow = pygame.transform.smoothscale(small, felt.size)
    mask = pygame.Surface(felt.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=inner_radius)
    glow.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(glow, felt.topleft)


def _card(w: int, h: int, face: str) -> pygame.Surface:
    card = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = round(w * 0.1)
    edge = max(1, round(w * 0.025))
    pygame.draw.rect(card, colors.PAPER_EDGE, card.get_rect(), border_radius=radius)
    pygame.draw.rect(card, colors.PAPER, card.get_rect().inflate(-2 * edge, -2 * edge),
                     border_radius=max(1, radius - edge))
    if face == "back":
        _back(card, w, h, radius)
    else:
        colour = colors.suit_color(face)
        if face == "S":  # the ace in front: one big pip, gold corners like the table's highlights
            _pip(card, face, (w / 2, h / 2), w * 0.62, colour)
            for corner in ((w * 0.2, h * 0.14), (w * 0.8, h * 0.86)):
                _pip(card, face, corner, w * 0.2, colour)
        else:  # in the fan only a card's left side shows: a big pip in its top left corner
            _pip(card, face, (w * 0.27, h * 0.19), w * 0.32, colour)
            _pip(card, face, (w * 0.6, h * 0.62), w * 0.36, colour)
    return card


def _back(card: pygame.Surface, w: int, h: int, radius: int) -> None:
    inset = round(w * 0.1)
    inner = card.get_rect().inflate(-2 * inset, -2 * inset)
    pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
    pattern.fill(colors.BACK_MAIN)
    step = max(4, round(w * 0.14))
    width = max(1, round(w * 0.03))
    for x in range(-inner.h, inner.w + inner.h, step):
        pygame.draw.line(pattern, colors.BACK_LINE, (x, 0), (x + inner.h, inner.h), width)
        pygame.draw.line(pattern, colors.BACK_LINE, (x, inner.h), (x + inner.h, 0), width)
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(1, radius - inset // 2))
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    card.blit(pattern, inner.topleft)


def _pip(surf: pygame.Surface, suit: str, centre: tuple[float, float], size: float,
         colour: tuple[int, int, int]) -> None:
    """A suit sign `size` wide centred on `centre`, drawn from circles and polygons."""
    cx, cy = centre
    r = size * 0.27
    if suit == "D":
        pygame.draw.polygon(surf, colour, [(cx, cy - size * 0.55), (cx + size * 0.4, cy),
                                           (cx, cy + size * 0.55), (cx - size * 0.4, cy)])
    elif suit == "H":
        _heart(surf, cx, cy, size, colour, up=True)
    elif suit == "S":
        _heart(surf, cx, cy - size * 0.08, size, colour, up=False)
        _stem(surf, cx, cy + size * 0.12, size, colour)
    else:  # clubs: three balls and a stem
        for dx, dy in ((0, -0.2), (-0.24, 0.08), (0.24, 0.08)):
            pygame.draw.circle(surf, colour, (cx + dx * size, cy + dy * size), r)
        pygame.draw.circle(surf, colour, (cx, cy + 0.02 * size), r * 0.6)
        _stem(surf, cx, cy + size * 0.12, size, colour)


def _heart(surf: pygame.Surface, cx: float, cy: float, size: float, colour: tuple[int, int, int],
           up: bool) -> None:
    """A heart (lobes on top), or upside down for a spade's blade."""
    sign = 1 if up else -1
    r = size * 0.26
    for dx in (-0.24, 0.24):
        pygame.draw.circle(surf, colour, (cx + dx * size, cy - sign * size * 0.14), r)
    # The point: tangent lines from the lobes down to the tip.
    tip = (cx, cy + sign * size * 0.5)
    side = [(cx + dx * size + r * math.cos(a), cy - sign * size * 0.14 + sign * r * math.sin(a))
            for dx, a in ((-0.24, math.radians(160)), (0.24, math.radians(20)))]
    pygame.draw.polygon(surf, colour, [side[0], (cx, cy - sign * size * 0.1), side[1], tip])


def _stem(surf: pygame.Surface, cx: float, cy: float, size: float, colour: tuple[int, int, int]) -> None:
    pygame.draw.polygon(surf, colour, [(cx - size * 0.05, cy - size * 0.1), (cx + size * 0.05, cy - size * 0.1),
                                       (cx + size * 0.2, cy + size * 0.42), (cx - size * 0.2, cy + size * 0.42)])


def _shadow(img: pygame.Surface, blur: int) -> pygame.Surface:
    """A soft dark copy of `img`'s shape (blurred by smoothing it down and back up)."""
    shadow = img.copy()
    shadow.fill((0, 0, 0, 110), special_flags=pygame.BLEND_RGBA_MIN)
    shadow.fill((0, 0, 0, 0), special_flags=pygame.BLEND_RGB_MULT)
    if blur > 1:
        w, h = shadow.get_size()
        small = pygame.transform.smoothscale(shadow, (max(1, w // blur), max(1, h // blur)))
        shadow = pygame.transform.smoothscale(small, (w, h))
    return shadow
