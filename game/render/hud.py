"""Small drawing helpers shared by both tables: panels, alpha blits, bars, banners and the slap hand."""

from __future__ import annotations

import pygame

from game.render import colors, seat_marks, texture
from game.render.cache import LRU, Bound

# The slap hands (a card's width, a seat's colour, turned by tens of degrees; only the turned one is kept): each
# seat's hand comes from its own side, so a table's hands are one a seat, the 8 seats' a quarter of a screen
# at 1920x1080 (a hand is as big as a pile card). Half a screen keeps all of them: fewer held draws a seat's
# hand again on its next slap (2 ms at 1920x1080).
_HANDS: LRU[pygame.Surface] = LRU("slap hands", Bound(screens=0.5))
# Translucent plates: a menu dims the whole window with one (a screen), and a table's notes, prompt lane and
# cards' shadows take half a screen more in a few dozen sizes.
_SHADES: LRU[pygame.Surface] = LRU("shades", Bound(screens=1.5))


def blit_alpha(
    target: pygame.Surface, img: pygame.Surface, pos: tuple[float, float] | pygame.Rect, alpha: float
) -> None:
    """Blit `img` at `pos` with opacity `alpha` in [0, 1] (the surface's own alpha is restored)."""
    a = round(255 * min(1.0, max(0.0, alpha)))
    if a <= 0:
        return
    if a >= 255:
        target.blit(img, pos)
        return
    img.set_alpha(a)
    target.blit(img, pos)
    img.set_alpha(255)  # not None: that would switch a per-pixel-alpha surface to opaque blits


def shade(
    target: pygame.Surface, rect: pygame.Rect, alpha: int, color: colors.Color = (0, 0, 0), radius: int = 0
) -> None:
    """A translucent rounded rectangle (cached per size, radius and colour); nothing for an empty one."""
    if rect.w <= 0 or rect.h <= 0:
        return
    key = (rect.w, rect.h, radius, tuple(color))
    surf = _SHADES.get(key)
    if surf is None:
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (*color, 255), surf.get_rect(), border_radius=radius)
        _SHADES[key] = surf
    blit_alpha(target, surf, rect.topleft, alpha / 255)


def panel(rect: pygame.Rect, accent: colors.Color) -> pygame.Surface:
    """A seat's mat: dark translucent cloth faintly dyed in the seat colour, with a grain and a soft mottling
    like the felt's, light from above, a stitched seam inside its edge, and a thin edge in the seat colour.
    The cloth is drawn once per size and colour (`mat_cloth`); this is a copy the caller may draw on."""
    return mat_cloth(rect.size, accent).copy()


# The mats' cloth by (size, colour): every seat of a table at one size and the seat on its turn; a mat is at
# most a ninth of the window, so a screen and a half holds eight seats' with room for a relayout's.
_MATS: LRU[pygame.Surface] = LRU("mat cloth", Bound(screens=1.5))
MAT_GRAIN = 6  # levels of fine grain, as the felt's
MAT_MOTTLE = 5  # levels of soft mottling


def mat_cloth(size: tuple[int, int], accent: colors.Color) -> pygame.Surface:
    """The mat of `size` in the seat colour `accent` (see `panel`), cached."""
    key = (size, accent)
    found = _MATS.get(key)
    if found is not None:
        return found
    h = size[1]
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(6, h // 8)
    pygame.draw.rect(surf, (*colors.mix(colors.PANEL, accent, 0.07), 200), surf.get_rect(), border_radius=radius)
    # the grain and light change the colour only (BLEND_RGB_*), never the mat's shape or its see-through
    texture.roughen(surf, MAT_GRAIN, seed=31)
    texture.roughen(surf, MAT_MOTTLE, seed=37, cell=max(4, h // 10))
    light = pygame.Surface((1, max(1, h)))
    for y in range(h):
        v = round(18 * max(0.0, 1 - y / max(1, h * 0.6)))
        light.set_at((0, y), (v, v, v))
    surf.blit(pygame.transform.scale(light, size), (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    inset = max(3, h // 16)
    seam = surf.get_rect().inflate(-2 * inset, -2 * inset)
    if seam.w > 8 and seam.h > 8:
        stitch = colors.mix(accent, colors.PANEL, 0.72)
        for x in range(seam.left + radius // 2, seam.right - radius // 2, max(4, inset * 2)):  # a dashed seam
            for y in (seam.top, seam.bottom - 1):
                pygame.draw.line(surf, stitch, (x, y), (min(x + inset, seam.right - radius // 2), y))
    edge = colors.mix(accent, colors.PANEL, 0.45)
    pygame.draw.rect(surf, edge, surf.get_rect(), width=max(1, h // 70), border_radius=radius)
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    _MATS[key] = surf
    return surf


def frame_width(h: int) -> int:
    """How thick the turn's frame (see `turn_frame`) is round a panel `h` px tall: the thickest edge a mat has."""
    return max(3, h // 28)


def stripe_height(h: int) -> int:
    """How tall the turn frame's top stripe is on a panel `h` px tall."""
    return max(3, h // 18)


MAT_CLEAR = 2  # px: what a mat's words keep clear of its edge inside the turn's frame


def mat_inner(size: tuple[int, int]) -> pygame.Rect:
    """The room inside a panel of `size` that no edge of it is drawn over, its turn's frame and stripe included
    (in the panel's coordinates): a badge on the mat stays in it, whether or not it is the seat's turn."""
    w, h = size
    side = frame_width(h) + MAT_CLEAR
    top = stripe_height(h) + MAT_CLEAR
    return pygame.Rect(side, top, max(0, w - 2 * side), max(0, h - top - side))


def turn_frame(size: tuple[int, int], accent: colors.Color) -> pygame.Surface:
    """Drawn over the panel of the seat whose turn it is: a thick edge and a top stripe in its colour."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    radius = max(6, h // 8)
    pygame.draw.rect(surf, accent, surf.get_rect(), width=frame_width(h), border_radius=radius)
    pygame.draw.rect(
        surf,
        accent,
        (0, 0, w, stripe_height(h)),
        border_top_left_radius=radius,
        border_top_right_radius=radius,
    )
    return surf


def bar(target: pygame.Surface, rect: pygame.Rect, fraction: float, color: colors.Color) -> None:
    """A countdown bar: `fraction` of `rect` filled."""
    radius = rect.h // 2
    pygame.draw.rect(target, (20, 20, 20), rect, border_radius=radius)
    fill = rect.copy()
    fill.w = max(0, round(rect.w * min(1.0, max(0.0, fraction))))
    if fill.w:
        pygame.draw.rect(target, color, fill, border_radius=radius)
    pygame.draw.rect(target, colors.TEXT, rect, width=1, border_radius=radius)


def hand(size: int, color: colors.Color, angle: int = 0, seat: int | None = None) -> pygame.Surface:
    """A flat open hand in a seat colour, `size` px tall, fingers up turned by `angle` degrees, with the
    `seat`'s shape on its palm (game.render.seat_marks) if given (cached)."""
    key = (max(8, size), color, angle % 360, seat)
    surf = _HANDS.get(key)
    if surf is not None:
        return surf
    surf = _draw_hand(key[0], color, seat)
    if angle % 360:
        surf = pygame.transform.rotozoom(surf, angle, 1.0)
    _HANDS[key] = surf
    return surf


def _draw_hand(size: int, color: colors.Color, seat: int | None) -> pygame.Surface:
    """The hand of `hand`, fingers up (not cached: a table keeps only its seats' hands as turned)."""
    ss = 3
    s = size * ss
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    outline = colors.mix(color, (0, 0, 0), 0.55)

    def shape(c: colors.Color, grow: int) -> None:
        palm = pygame.Rect(0, 0, round(s * 0.56) + 2 * grow, round(s * 0.5) + 2 * grow)
        palm.midbottom = (round(s * 0.5), round(s * 0.95) + grow)
        pygame.draw.rect(big, c, palm, border_radius=round(s * 0.16))
        fw = round(s * 0.12) + 2 * grow
        for length, dx in ((0.42, -0.21), (0.5, -0.07), (0.48, 0.07), (0.38, 0.21)):
            f = pygame.Rect(0, 0, fw, round(s * length) + 2 * grow)
            f.midbottom = (round(s * (0.5 + dx)), palm.top + round(s * 0.12))
            pygame.draw.rect(big, c, f, border_radius=fw // 2)
        thumb = pygame.Rect(0, 0, round(s * 0.3) + 2 * grow, round(s * 0.12) + 2 * grow)
        thumb.midright = (palm.left + round(s * 0.1), palm.top + round(s * 0.3))
        pygame.draw.rect(big, c, thumb, border_radius=thumb.h // 2)

    shape(outline, ss * 2)
    shape(color, 0)
    surf = pygame.transform.smoothscale(big, (size, size))
    if seat is not None:  # in a colour that stands out of the hand's (dark on a light hand, light on a dark one)
        ink = seat_marks.default_edge(color)
        palm = pygame.Rect(0, 0, round(size * 0.34), round(size * 0.34))
        palm.center = (round(size * 0.5), round(size * 0.71))
        seat_marks.draw(surf, seat, palm, ink, ink)
    return surf


# The slap's flash (an oval round the pile, up to a third of the window): the one in use.
_GLOWS: LRU[pygame.Surface] = LRU("glows", Bound(screens=0.4))


def glow(w: int, h: int) -> pygame.Surface:
    """A soft white oval, brightest in the middle (the slap's flash); cached per size."""
    key = (max(4, w), max(4, h))
    surf = _GLOWS.get(key)
    if surf is None:
        if len(_GLOWS) > 8:
            _GLOWS.clear()
        surf = pygame.Surface(key, pygame.SRCALPHA)
        steps = 48  # many faint rings: no visible banding
        for i in range(steps):
            p = i / (steps - 1)
            r = pygame.Rect(0, 0, round(key[0] * (1 - p * 0.92)), round(key[1] * (1 - p * 0.92)))
            r.center = (key[0] // 2, key[1] // 2)
            pygame.draw.ellipse(surf, (255, 255, 240, round(190 * p**0.7)), r)
        _GLOWS[key] = surf
    return surf
