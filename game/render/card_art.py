"""Card art drawn in code and cached per width: faces (indices, pips, court letters), backs, numbered value cards.

Everything is drawn once per (card, width) and reused; a resize asks for new widths and `clear()`
drops the old ones. Rotated copies (for the fanned pile) are cached per whole degree.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game import cards
from game.render import colors
from game.render.fonts import get_font

RATIO = 1.397  # poker cards, 63 x 88 mm
CORNER = 0.06  # corner radius as a share of the width
SS = 3  # supersampling factor for shapes (anti-aliased rounded corners and lines)
COMPACT_BELOW = 58  # narrower cards get a big index instead of pips

# Pip centres for 1..10 as (column 0..1, row 0..1) inside the pip box; lower-half pips are drawn upside down.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.5, 0.0), (0.5, 1.0)),
    3: ((0.5, 0.0), (0.5, 0.5), (0.5, 1.0)),
    4: ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)),
    5: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 1.0)),
    6: ((0.0, 0.0), (1.0, 0.0), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)),
    7: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)),
    8: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.5, 0.75), (0.0, 1.0), (1.0, 1.0)),
    9: (
        (0.0, 0.0),
        (1.0, 0.0),
        (0.0, 1 / 3),
        (1.0, 1 / 3),
        (0.5, 0.5),
        (0.0, 2 / 3),
        (1.0, 2 / 3),
        (0.0, 1.0),
        (1.0, 1.0),
    ),
    10: (
        (0.0, 0.0),
        (1.0, 0.0),
        (0.5, 1 / 6),
        (0.0, 1 / 3),
        (1.0, 1 / 3),
        (0.0, 2 / 3),
        (1.0, 2 / 3),
        (0.5, 5 / 6),
        (0.0, 1.0),
        (1.0, 1.0),
    ),
}

INK_SHARE = 0.73  # DejaVu glyph ink height / font size, for digits, capitals and suit symbols

# Numbered edition (3..35): a cream card with a band whose hue walks with the value.
_NUMBER_BANDS = ((214, 92, 40), (220, 150, 30), (60, 140, 90), (40, 110, 170), (120, 80, 160))


def card_height(width: int) -> int:
    return round(width * RATIO)


def _glyph(text: str, ink_height: float, color: colors.Color, bold: bool = True) -> pygame.Surface:
    """`text` rendered so its ink is about `ink_height` px tall, cropped to the ink."""
    font = get_font(max(6, round(ink_height / INK_SHARE)), bold)
    surf = font.render(text, True, color)
    box = surf.get_bounding_rect()
    return surf.subsurface(box).copy() if box.w and box.h else surf


def _opaque_core(surf: pygame.Surface, radius: int) -> pygame.Surface:
    """Smoothing leaves the inside a shade translucent: make all but the anti-aliased rim fully opaque."""
    w, h = surf.get_size()
    r = radius + 1
    for core in (pygame.Rect(r, 1, w - 2 * r, h - 2), pygame.Rect(1, r, w - 2, h - 2 * r)):
        surf.fill((0, 0, 0, 255), core, special_flags=pygame.BLEND_RGBA_MAX)
    return surf


def _shape(w: int, h: int, fill: colors.Color, edge: colors.Color) -> pygame.Surface:
    """A rounded card blank with a thin edge, supersampled for smooth corners."""
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    radius = max(2, round(w * CORNER))
    pygame.draw.rect(big, edge, big.get_rect(), border_radius=radius * SS)
    inset = max(1, SS * max(1, w // 90))
    pygame.draw.rect(
        big, fill, big.get_rect().inflate(-2 * inset, -2 * inset), border_radius=radius * SS - inset
    )
    return _opaque_core(pygame.transform.smoothscale(big, (w, h)), radius)


class CardArt:
    """Cached card surfaces.

    Keys: ("card", "QS", mini), ("back",), ("nt", value, suit|None, rank_label, mini).
    """

    def __init__(self, four_colour: bool = False, capacity: int = 320) -> None:
        self.four_colour = four_colour
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._capacity = capacity

    def set_four_colour(self, on: bool) -> None:
        if on != self.four_colour:
            self.four_colour = on
            self.clear()

    def clear(self) -> None:
        self._cache.clear()

    # -- public lookups -------------------------------------------------------------------------
    def card(self, code: str, width: int, mini: bool = False) -> pygame.Surface:
        """A playing card; `mini` draws the big-index style used for small cards at any width."""
        return self.surface(("card", code, mini), width)

    def back(self, width: int) -> pygame.Surface:
        return self.surface(("back",), width)

    def nt_card(
        self, value: int, width: int, suit: str | None = None, rank_label: str = "", mini: bool = False
    ) -> pygame.Surface:
        """A value card: with `suit` a playing card showing its value (rank_label + suit), else the number."""
        return self.surface(("nt", value, suit, rank_label, mini), width)

    def surface(self, key: tuple, width: int, angle: int = 0) -> pygame.Surface:
        """The card for `key` at `width` px, rotated by `angle` whole degrees (cached)."""
        width = max(12, int(width))
        full = (key, width, angle % 360)
        surf = self._cache.get(full)
        if surf is not None:
            self._cache.move_to_end(full)
            return surf
        if angle % 360:
            surf = pygame.transform.rotozoom(self.surface(key, width), angle, 1.0)
        else:
            surf = self._draw(key, width)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()  # the display's pixel format blits fastest
        self._cache[full] = surf
        if len(self._cache) > self._capacity:
            self._cache.popitem(last=False)
        return surf

    # -- drawing --------------------------------------------------------------------------------
    def _draw(self, key: tuple, w: int) -> pygame.Surface:
        kind = key[0]
        if kind == "back":
            return self._draw_back(w)
        if kind == "card":
            _, code, mini = key
            r = cards.rank_value(code)
            court = cards.rank(code) if cards.rank(code) in cards.FACE_RANKS else None
            return self._draw_face(w, cards.label(code), cards.suit(code), None if court else r, court, mini)
        if kind == "nt":
            _, value, suit, rank_label, mini = key
            if suit is None:
                return self._draw_number(w, value, mini)
            n = int(rank_label) if rank_label.isdigit() else None
            if n is not None and n <= 10:
                return self._draw_face(w, rank_label, suit, n, None, mini)
            return self._draw_face(w, rank_label, suit, None, rank_label, mini)
        raise ValueError(f"unknown card key {key!r}")

    def _index_block(
        self, label: str, suit: str, w: int, color: colors.Color, compact: bool
    ) -> pygame.Surface:
        """Rank above suit, for the corners."""
        rank_ink = w * (0.3 if compact else 0.13)
        rank = _glyph(label, rank_ink, color)
        if len(label) > 1:  # "10" is squeezed to the width of one wide digit
            rank = pygame.transform.smoothscale(
                rank, (max(1, int(rank.get_width() * 0.8)), rank.get_height())
            )
        pip = _glyph(cards.SUIT_SYMBOLS[suit], w * (0.22 if compact else 0.105), color)
        gap = max(1, int(w * 0.025))
        bw = max(rank.get_width(), pip.get_width())
        block = pygame.Surface((bw, rank.get_height() + gap + pip.get_height()), pygame.SRCALPHA)
        block.blit(rank, ((bw - rank.get_width()) // 2, 0))
        block.blit(pip, ((bw - pip.get_width()) // 2, rank.get_height() + gap))
        return block

    def _draw_face(
        self, w: int, label: str, suit: str, pips: int | None, court: str | None, mini: bool = False
    ) -> pygame.Surface:
        h = card_height(w)
        compact = mini or w < COMPACT_BELOW
        surf = _shape(w, h, colors.PAPER, colors.PAPER_EDGE)
        color = colors.suit_color(suit, self.four_colour)
        symbol = cards.SUIT_SYMBOLS[suit]
        block = self._index_block(label, suit, w, color, compact)
        margin = max(2, round(w * 0.05))
        surf.blit(block, (margin, margin))
        if compact:  # one big index and a big suit: readable when small
            big = _glyph(symbol, w * 0.48, color)
            surf.blit(big, big.get_rect(center=(w * 0.6, h * 0.68)))
            return surf
        surf.blit(
            pygame.transform.rotate(block, 180),
            (w - margin - block.get_width(), h - margin - block.get_height()),
        )
        if court is not None:
            self._draw_court(surf, w, h, court, symbol, color)
            return surf
        assert pips is not None
        if pips == 1:
            big = _glyph(symbol, w * 0.42, color)
            surf.blit(big, big.get_rect(center=(w / 2, h / 2)))
            return surf
        pip = _glyph(symbol, w * (0.155 if pips <= 8 else 0.14), color)
        flipped = pygame.transform.rotate(pip, 180)
        left, right = w * 0.34, w * 0.66
        top, bottom = h * 0.21, h * 0.79
        for col, row in PIPS[pips]:
            x = left + (right - left) * col
            y = top + (bottom - top) * row
            img = flipped if row > 0.5 else pip
            surf.blit(img, img.get_rect(center=(round(x), round(y))))
        return surf

    def _draw_court(
        self, surf: pygame.Surface, w: int, h: int, letter: str, symbol: str, color: colors.Color
    ) -> None:
        frame = pygame.Rect(0, 0, round(w * 0.54), round(h * 0.7))
        frame.center = (w // 2, h // 2)
        tint = colors.mix(color, colors.PAPER, 0.88)
        pygame.draw.rect(surf, tint, frame, border_radius=max(2, w // 30))
        pygame.draw.rect(surf, color, frame, width=max(1, w // 60), border_radius=max(2, w // 30))
        inner = frame.inflate(-max(4, w // 18), -max(4, w // 18))
        pygame.draw.rect(surf, colors.GOLD, inner, width=max(1, w // 90), border_radius=max(2, w // 40))
        big = _glyph(letter, w * (0.34 if len(letter) == 1 else 0.26), color)
        surf.blit(big, big.get_rect(center=(w / 2, h * 0.42)))
        pip = _glyph(symbol, w * 0.2, color)
        surf.blit(pip, pip.get_rect(center=(w / 2, h * 0.64)))

    def _draw_number(self, w: int, value: int, mini: bool = False) -> pygame.Surface:
        h = card_height(w)
        cream = (252, 244, 224)
        band = _NUMBER_BANDS[(value // 7) % len(_NUMBER_BANDS)]
        surf = _shape(w, h, cream, colors.PAPER_EDGE)
        inner = pygame.Rect(0, 0, round(w * 0.84), round(h * 0.88))
        inner.center = (w // 2, h // 2)
        pygame.draw.rect(surf, band, inner, border_radius=max(2, round(w * 0.08)))
        text = str(value)
        if mini or w < COMPACT_BELOW:  # the number big in the top-left corner, visible in an overlapped run
            small = _glyph(text, w * 0.3, cream)
            if small.get_width() > w * 0.62:
                small = pygame.transform.smoothscale(small, (round(w * 0.62), small.get_height()))
            surf.blit(small, (round(w * 0.14), round(w * 0.14)))
            pygame.draw.circle(surf, cream, (round(w * 0.56), round(h * 0.7)), round(w * 0.2))
            return surf
        pygame.draw.circle(surf, cream, (w // 2, h // 2), round(w * 0.33))
        big = _glyph(text, w * (0.3 if len(text) > 1 else 0.34), colors.INK)
        surf.blit(big, big.get_rect(center=(w / 2, h / 2)))
        small = _glyph(text, w * 0.12, cream)
        m = max(2, round(w * 0.12))
        surf.blit(small, (m, m))
        surf.blit(
            pygame.transform.rotate(small, 180), (w - m - small.get_width(), h - m - small.get_height())
        )
        return surf

    def _draw_back(self, w: int) -> pygame.Surface:
        h = card_height(w)
        W, H = w * SS, h * SS
        big = pygame.Surface((W, H), pygame.SRCALPHA)
        radius = max(2, round(w * CORNER)) * SS
        pygame.draw.rect(big, colors.PAPER_EDGE, big.get_rect(), border_radius=radius)
        pygame.draw.rect(
            big, colors.PAPER, big.get_rect().inflate(-2 * SS, -2 * SS), border_radius=radius - SS
        )
        field = big.get_rect().inflate(-round(W * 0.14), -round(W * 0.14))
        pattern = pygame.Surface(field.size, pygame.SRCALPHA)
        pattern.fill(colors.BACK_MAIN)
        step = max(6 * SS, round(W * 0.11))
        line = max(SS, round(W * 0.012))
        fw, fh = field.size
        for off in range(-fh, fw + fh, step):
            pygame.draw.line(pattern, colors.BACK_LINE, (off, 0), (off + fh, fh), line)
            pygame.draw.line(pattern, colors.BACK_LINE, (off, fh), (off + fh, 0), line)
        centre = (fw // 2, fh // 2)
        pygame.draw.ellipse(
            pattern, colors.BACK_MAIN, pygame.Rect(0, 0, fw * 0.55, fh * 0.4).move(fw * 0.225, fh * 0.3)
        )
        pygame.draw.ellipse(
            pattern,
            colors.GOLD,
            pygame.Rect(0, 0, fw * 0.55, fh * 0.4).move(fw * 0.225, fh * 0.3),
            max(SS, line * 2),
        )
        pygame.draw.circle(pattern, colors.GOLD, centre, round(fw * 0.09))
        mask = pygame.Surface(field.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=round(radius * 0.6))
        pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        big.blit(pattern, field.topleft)
        pygame.draw.rect(big, colors.BACK_MAIN, field, width=max(SS, line), border_radius=round(radius * 0.6))
        return _opaque_core(pygame.transform.smoothscale(big, (w, h)), radius // SS)
