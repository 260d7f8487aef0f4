"""The table itself, drawn once per size: a dark room, a turned wooden rim (grain rings, lit from above) and
green cloth (a fine grain, a soft mottling, a vignette towards the rim, a pool of light on the centre)."""

from __future__ import annotations

import pygame

from game.render import colors, texture
from game.render.cache import LRU, Bound

# One window-sized picture (only the current size is worth keeping; a resize empties it), and its key. The
# replay viewer's table in a window under the table's minimum size is bigger than the window: its caches' bounds
# are sized for it there (RenderContext.canvas), else its felt would be dropped as soon as drawn and drawn again
# every frame (18 ms at 640x360).
_CACHE: LRU[pygame.Surface] = LRU("felt", Bound(screens=1.0, fixed=2**16), size_only=True)
# The table without its pool of light (a second of drawing at 1920x1080): another table at the same size (more
# seats, the pool elsewhere) adds only its light. One window-sized picture; a resize empties it. (The felt's
# mask for the light is made again each time, a twentieth of the base's time, rather than kept: a screen less.)
_BASE: LRU[pygame.Surface] = LRU("felt's base", Bound(screens=1.0, fixed=2**16), size_only=True)


def background(
    size: tuple[int, int], felt: pygame.Rect, rim: int, spot: pygame.Rect | None = None
) -> pygame.Surface:
    """The whole backdrop for a window of `size` (cached; an opaque surface, blitted once per frame); with
    `spot`, a soft pool of light on the felt round that rect (the star of the table)."""
    key = (size[0], size[1], *felt, rim, tuple(spot) if spot is not None else None)
    surf = _CACHE.get(key)
    if surf is None:
        _CACHE.clear()  # the old one goes before the new one is drawn
        surf = _CACHE[key] = _draw(size, felt, rim, spot)
    return surf


def _draw(size: tuple[int, int], felt: pygame.Rect, rim: int, spot: pygame.Rect | None = None) -> pygame.Surface:
    key = (size[0], size[1], *felt, rim)
    base = _BASE.get(key)
    if base is None:
        _BASE.clear()
        base = _BASE[key] = _draw_base(size, felt, rim)
    out = base.copy()
    w, h = size
    q = 4
    sw, sh = max(1, w // q), max(1, h // q)
    if spot is not None:  # a pool of light, brightest in the middle, kept inside the felt
        light = pygame.Surface((sw, sh), pygame.SRCALPHA)
        pool = pygame.Rect(spot.x // q, spot.y // q, spot.w // q, spot.h // q).inflate(spot.w // (2 * q), spot.h // (3 * q))
        steps = 24
        for i in range(steps):
            p = i / (steps - 1)
            r = pool.inflate(-round(pool.w * 0.8 * p), -round(pool.h * 0.8 * p))
            pygame.draw.ellipse(light, (*colors.FELT_LIGHT, round(10 + 36 * p)), r)
        light = pygame.transform.smoothscale(light, (w, h))
        light.blit(_ellipse_mask(size, felt), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        out.blit(light, (0, 0))
    texture.roughen(out, 3, seed=5)  # a fine grain over everything: cloth, wood and room alike
    return out.convert() if pygame.display.get_surface() is not None else out


def _draw_base(size: tuple[int, int], felt: pygame.Rect, rim: int) -> pygame.Surface:
    """The table before its pool of light and its grain."""
    w, h = size
    q = 4  # soft gradients are drawn at quarter size and smoothed up
    small = pygame.Surface((max(1, w // q), max(1, h // q)))
    sw, sh = small.get_size()
    for i in range(24):  # the room: darker towards the corners
        p = i / 23
        r = pygame.Rect(0, 0, sw * (1.6 - 0.6 * p), sh * (1.6 - 0.6 * p))
        r.center = (sw // 2, sh // 2)
        pygame.draw.ellipse(small, colors.mix((6, 6, 8), colors.BACKDROP, p), r)
    out = pygame.transform.smoothscale(small, (w, h))
    texture.roughen(out, 5, seed=11, cell=16)  # the room: a faint mottling, never flat
    # Hard edges (rim, felt) are drawn at twice the size and smoothed down: anti-aliased curves.
    ss = 2
    shapes = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
    big_felt = pygame.Rect(felt.x * ss, felt.y * ss, felt.w * ss, felt.h * ss)
    outer = big_felt.inflate(2 * rim * ss, 2 * rim * ss)
    pygame.draw.ellipse(shapes, (0, 0, 0, 150), outer.move(0, rim * ss // 2).inflate(rim * ss, rim * ss))
    steps = 10
    for i in range(steps):  # the wooden rim, rounded: lit on its middle
        p = i / (steps - 1)
        c = colors.mix(colors.RIM_DARK, colors.RIM_LIGHT, max(0.0, 1 - abs(p - 0.45) * 1.8))
        shrink = round(2 * rim * ss * p * 0.92)
        pygame.draw.ellipse(shapes, c, outer.inflate(-shrink, -shrink))
    pygame.draw.ellipse(shapes, colors.RIM_DARK, big_felt.inflate(ss * 4, ss * 4))
    pygame.draw.ellipse(shapes, colors.FELT, big_felt)
    out.blit(pygame.transform.smoothscale(shapes, (w, h)), (0, 0))
    del shapes  # the biggest picture here (four times the window's): gone before the next are made
    texture.wood_rings(out, felt.inflate(2 * rim - 2, 2 * rim - 2), felt.inflate(4, 4))
    _light_rim(out, felt, rim)
    _weave(out, felt)
    # The felt's vignette: darkness towards the rim, soft, kept inside the felt.
    shade = pygame.Surface((sw, sh), pygame.SRCALPHA)
    small_felt = pygame.Rect(felt.x // q, felt.y // q, felt.w // q, felt.h // q)
    steps = 32
    for i in range(steps):
        p = i / (steps - 1)
        alpha = round(170 * (1 - min(1.0, p * 1.5)) ** 1.6)
        r = small_felt.inflate(-round(small_felt.w * 0.75 * p), -round(small_felt.h * 0.75 * p))
        pygame.draw.ellipse(shade, (*colors.FELT_DARK, alpha), r)
    mask = _ellipse_mask((w, h), felt)  # made first: its own scratch picture is gone before `shade` grows
    shade = pygame.transform.smoothscale(shade, (w, h))
    shade.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    out.blit(shade, (0, 0))
    del shade
    return out


def _ellipse_mask(size: tuple[int, int], rect: pygame.Rect) -> pygame.Surface:
    """White inside the ellipse `rect`, transparent outside, its edge anti-aliased (drawn at twice the size
    and smoothed down): shading kept inside it has no stair-stepped fringe."""
    mask = pygame.Surface(size, pygame.SRCALPHA)
    if rect.w > 0 and rect.h > 0:
        big = pygame.Surface((rect.w * 2, rect.h * 2), pygame.SRCALPHA)
        pygame.draw.ellipse(big, (255, 255, 255, 255), big.get_rect())
        mask.blit(pygame.transform.smoothscale(big, rect.size), rect.topleft)
    return mask


def _light_rim(out: pygame.Surface, felt: pygame.Rect, rim: int) -> None:
    """Light from above on the rim: its far (top) side brighter, its near (bottom) side in shade."""
    ring = felt.inflate(2 * rim, 2 * rim)
    light = texture.vertical_light(ring.size, 0.26, 0.0)
    shade = texture.vertical_light(ring.size, 0.0, 0.34)
    shade.fill((0, 0, 0), special_flags=pygame.BLEND_RGB_MULT)  # black, its alpha kept
    cut = _ellipse_mask(ring.size, pygame.Rect(0, 0, *ring.size))
    pygame.draw.ellipse(cut, (0, 0, 0, 0), felt.move(-ring.x, -ring.y))  # the rim only, not the cloth
    for layer in (light, shade):
        layer.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        out.blit(layer, ring.topleft)


def _weave(out: pygame.Surface, felt: pygame.Rect) -> None:
    """The cloth's texture on the felt only: a soft mottling (the nap lying this way and that) and a
    fine grain of fibres."""
    area = felt.clip(out.get_rect())
    if area.w <= 0 or area.h <= 0:
        return
    cloth = out.subsurface(area).copy()
    texture.roughen(cloth, 9, seed=21, cell=32)
    texture.roughen(cloth, 7, seed=23)
    shaped = pygame.Surface(area.size, pygame.SRCALPHA)
    shaped.blit(cloth, (0, 0))
    inside = felt.move(-area.x, -area.y).inflate(-2, -2)  # the rim's smoothed edge stays as drawn
    shaped.blit(_ellipse_mask(area.size, inside), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    out.blit(shaped, area.topleft)
