"""Texture and light drawn in code: fine grain and soft mottling for felt, paper and card backs, grain
lines for wood, and gradients of light. Everything here is made once (the noise per process, the rest
into the pictures that are cached per size), never per frame."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame
from pygame import gfxdraw

from game.core.memo import Memo
from game.render import colors
from game.render.cache import picture_size

TILE = 256  # the noise tile's side: big enough that its repeat is not seen on felt
# The noise tiles (256 KiB each) by (depth, seed, kind): the felt, the cards, the wood and the menus use about
# eight, made once per process; room for twelve.
_TILES: Memo[tuple[int, int, int], pygame.Surface] = Memo("noise tiles", 12 * (TILE * TILE * 4 + 2**10),
                                                          sizer=picture_size)


def _noise(size: tuple[int, int], depth: int, seed: int) -> pygame.Surface:
    """A grey noise picture of `size` with values 0..`depth`, the same for the same arguments."""
    w, h = size
    table = bytes(v * (depth + 1) // 256 for v in range(256))
    data = random.Random(seed).randbytes(w * h).translate(table)
    grey = pygame.image.frombuffer(data, (w, h), "P")
    grey.set_palette([(v, v, v) for v in range(256)])
    return grey.convert(32)  # blending from a palette picture is slow: 32-bit, like the window's


def noise_tile(depth: int, seed: int) -> pygame.Surface:
    """A TILE × TILE grey noise picture with values 0..`depth` (made once per process): added to or taken
    from a picture with BLEND_RGB_ADD / BLEND_RGB_SUB it roughens it by up to `depth` levels."""
    key = (depth, seed, 1)
    tile = _TILES.get(key)
    if tile is None:
        tile = _TILES[key] = _noise((TILE, TILE), depth, seed)
    return tile


def _tiled(tile: pygame.Surface, surface: pygame.Surface, flags: int) -> None:
    tw, th = tile.get_size()
    for y in range(0, surface.get_height(), th):
        for x in range(0, surface.get_width(), tw):
            surface.blit(tile, (x, y), special_flags=flags)


def roughen(surface: pygame.Surface, depth: int, seed: int = 1, cell: int = 1) -> None:
    """Add a grain of `depth` levels (both lighter and darker specks, so the mean colour stays) to `surface`;
    `cell` > 1 gives a soft mottling of that scale instead (one smoothed noise over the whole picture, so
    no tile's edge shows)."""
    if depth <= 0:
        return
    for flags, salt in ((pygame.BLEND_RGB_ADD, 0), (pygame.BLEND_RGB_SUB, 7919)):
        if cell <= 1:
            _tiled(noise_tile(depth, seed + salt), surface, flags)
        else:
            w, h = surface.get_size()
            small = _noise((w // cell + 2, h // cell + 2), depth, seed + salt)
            big = pygame.transform.smoothscale(small, ((w // cell + 2) * cell, (h // cell + 2) * cell))
            surface.blit(big, (-cell, -cell), special_flags=flags)


def vertical_light(size: tuple[int, int], top: float, bottom: float) -> pygame.Surface:
    """A white picture of `size` whose alpha goes from `top` to `bottom` (0..1) down its height: light from
    above when blitted over a shape (a gradient drawn 1 px wide and stretched: cheap at any size)."""
    w, h = max(1, size[0]), max(1, size[1])
    strip = pygame.Surface((1, h), pygame.SRCALPHA)
    for y in range(h):
        p = y / max(1, h - 1)
        strip.set_at((0, y), (255, 255, 255, round(255 * max(0.0, min(1.0, top + (bottom - top) * p)))))
    return pygame.transform.scale(strip, (w, h))


def wood_rings(surface: pygame.Surface, outer: pygame.Rect, inner: pygame.Rect, seed: int = 3) -> None:
    """The grain of a turned wooden rim between the ellipses `outer` and `inner`, drawn over it: thin rings
    following its curve, each a little lighter or darker than the wood round it, some darker (late wood)."""
    rng = random.Random(seed)
    cx, cy = outer.center
    rx0, ry0 = outer.w // 2, outer.h // 2
    depth = max(1, (outer.w - inner.w) // 2)
    for d in range(depth):  # one ring a pixel, each its own tone
        dark = rng.random() < 0.25
        tone = colors.RIM_DARK if dark else colors.RIM_LIGHT
        alpha = rng.randint(30, 70) if dark else rng.randint(6, 26)
        if rx0 - d > 0 and ry0 - d > 0:
            gfxdraw.ellipse(surface, cx, cy, rx0 - d, ry0 - d, (*tone, alpha))  # blended, not replaced


# The small pictures `diagonal_light` and `vignette` smooth up, by (kind, strength, start): 4 KiB each, two per
# card back (a back is drawn again at each new card width; its light drawn pixel by pixel was a third of it).
_SMALL: Memo[tuple[str, float, float], pygame.Surface] = Memo("small light", 2**16, sizer=picture_size)


SMALL_N = 32  # the small pictures' side (px)


def _smoothed(key: tuple[str, float, float], size: tuple[int, int],
              pixel: Callable[[int, int], tuple[int, int, int, int]]) -> pygame.Surface:
    """The small picture drawn pixel by pixel by `pixel(x, y)` (kept by `key`), smoothed up to `size`."""
    small = _SMALL.get(key)
    if small is None:
        small = pygame.Surface((SMALL_N, SMALL_N), pygame.SRCALPHA)
        for y in range(SMALL_N):
            for x in range(SMALL_N):
                small.set_at((x, y), pixel(x, y))
        _SMALL[key] = small
    return pygame.transform.smoothscale(small, (max(1, size[0]), max(1, size[1])))


def diagonal_light(size: tuple[int, int], strength: int) -> pygame.Surface:
    """A sheen from the top left: white whose alpha falls from `strength` at the top-left corner to 0 past
    the middle (blitted over a card's back or a panel, it reads as light on a slightly glossy surface)."""

    def pixel(x: int, y: int) -> tuple[int, int, int, int]:
        p = (x + y) / (2 * (SMALL_N - 1))  # 0 at the top left, 1 at the bottom right
        return (255, 255, 255, round(strength * max(0.0, 1 - p / 0.6) ** 1.5))

    return _smoothed(("diagonal", float(strength), 0.0), size, pixel)


def vignette(size: tuple[int, int], strength: int, start: float = 0.45) -> pygame.Surface:
    """Black whose alpha grows from 0 inside `start` of the way out (an ellipse filling `size`) to
    `strength` at the corners: a picture's edges in shade."""
    c = (SMALL_N - 1) / 2
    corner = math.sqrt(2)

    def pixel(x: int, y: int) -> tuple[int, int, int, int]:
        d = math.hypot((x - c) / c, (y - c) / c) / corner
        p = max(0.0, (d - start) / (1 - start))
        return (0, 0, 0, round(strength * min(1.0, p) ** 1.5))

    return _smoothed(("vignette", float(strength), float(start)), size, pixel)


# The pools of light `glow` smooths up, by (colour, strength, falloff): 9 KiB each, a few per table (the lamp on
# the mat whose turn it is). Drawing one pixel by pixel is most of a glow's cost (1.5 ms of 1.8 at a 1920x1080
# mat), and a seat's turn frame is drawn again when its cache lets it go.
_POOLS: Memo[tuple[colors.Color, int, float], pygame.Surface] = Memo("pools of light", 2**18, sizer=picture_size)


def glow(size: tuple[int, int], colour: colors.Color, strength: int, falloff: float = 1.6) -> pygame.Surface:
    """A soft round pool of `colour` (alpha `strength` in the middle, none at the edge) filling `size`."""
    w, h = max(1, size[0]), max(1, size[1])
    key = (colour, strength, falloff)
    small = _POOLS.get(key)
    if small is None:
        n = 48
        small = pygame.Surface((n, n), pygame.SRCALPHA)
        c = (n - 1) / 2
        for y in range(n):
            for x in range(n):
                d = min(1.0, math.hypot((x - c) / c, (y - c) / c))
                small.set_at((x, y), (*colour, round(strength * (1 - d) ** falloff)))
        _POOLS[key] = small
    return pygame.transform.smoothscale(small, (w, h))
