"""Card art drawn in code and cached per width: faces (indices, pips, court letters), backs, numbered value cards.

Everything is drawn once per (card, width) and reused, in a bounded cache that a window resize empties
(game.render.cache). Rotated copies (for the fanned pile) are cached per whole degree.
"""

from __future__ import annotations

import pygame

from game import cards
from game.render import colors, texture
from game.render.cache import LRU, Bound
from game.render.effects import CardKey
from game.render.letters import LETTERS, letter, letters, letters_for, set_letters  # noqa: F401 - re-exported
from game.render.scale import words_key
from game.render.text import get_font

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
# A full-size face's corner index: the rank's ink as a share of the card's width (0.16 of a 108 px card is
# text of 24 px), and the suit under it.
INDEX_INK = 0.16
INDEX_PIP = 0.12
NUMBER_CORNER_INK = 0.17  # the numbered edition's corner numbers (a full-size card)
COURTS = ("J", "Q", "K")
COURT_OF_RANK = {"11": "J", "12": "Q", "13": "K"}  # a deck with 11-13 cards per suit: a real deck's courts
SKIN = (246, 214, 178)

# Numbered edition (3..35): a cream card with a band whose hue walks with the value.
# Small value cards (both editions) carry their index large: ink VALUE_INDEX of the card's width (a card
# 45 px wide, a seat's card at 1280x720, has digits as tall as 22 px text), at most VALUE_INDEX_WIDE wide.
VALUE_INDEX = 0.36
VALUE_INDEX_WIDE = 0.5
_NUMBER_BANDS = ((214, 92, 40), (220, 150, 30), (60, 140, 90), (40, 110, 170), (120, 80, 160))


def card_height(width: int) -> int:
    return round(width * RATIO)


# The glyphs the faces are drawn with, by (text, font size, colour, bold) and the words in force (as every picture
# of words: none drawn before a change of language is served after it): a deck draws its ranks, suits and pips
# from some fifty of them (each pip of a suit, each rank of a colour is the same picture), a hundredth of a screen.
_GLYPHS: LRU[pygame.Surface] = LRU("card glyphs", Bound(screens=0.05))


def _glyph(text: str, ink_height: float, color: colors.Color, bold: bool = True) -> pygame.Surface:
    """`text` rendered so its ink is about `ink_height` px tall, cropped to the ink (kept: never drawn on)."""
    size = max(6, round(ink_height / INK_SHARE))
    key = (text, size, tuple(color), bold, words_key())
    found = _GLYPHS.get(key)
    if found is not None:
        return found
    surf = get_font(size, bold).render(text, True, color)
    box = surf.get_bounding_rect()
    glyph = _GLYPHS[key] = surf.subsurface(box).copy() if box.w and box.h else surf
    return glyph


def _opaque_core(surf: pygame.Surface, radius: int) -> pygame.Surface:
    """Smoothing leaves the inside a shade translucent: make all but the anti-aliased rim fully opaque."""
    w, h = surf.get_size()
    r = radius + 1
    for core in (pygame.Rect(r, 1, w - 2 * r, h - 2), pygame.Rect(1, r, w - 2, h - 2 * r)):
        surf.fill((0, 0, 0, 255), core, special_flags=pygame.BLEND_RGBA_MAX)
    return surf


# Every face of one width starts from the same blank: a table's few card widths (pile, seats, mini) in two
# colourings take a twentieth of a screen.
_BLANKS: LRU[pygame.Surface] = LRU("card blanks", Bound(screens=0.25), size_only=True)


def _shape(w: int, h: int, fill: colors.Color, edge: colors.Color) -> pygame.Surface:
    """A rounded card blank with a thin edge, supersampled for smooth corners: a fresh copy to draw on (the
    blank itself is drawn once per size and colours)."""
    key = (w, h, tuple(fill), tuple(edge))
    blank = _BLANKS.get(key)
    if blank is None:
        blank = _BLANKS[key] = _draw_shape(w, h, fill, edge)
    return blank.copy()


def _draw_shape(w: int, h: int, fill: colors.Color, edge: colors.Color) -> pygame.Surface:
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    radius = max(2, round(w * CORNER))
    pygame.draw.rect(big, edge, big.get_rect(), border_radius=radius * SS)
    inset = max(1, SS * max(1, w // 90))
    pygame.draw.rect(
        big, fill, big.get_rect().inflate(-2 * inset, -2 * inset), border_radius=radius * SS - inset
    )
    return _opaque_core(pygame.transform.smoothscale(big, (w, h)), radius)


# Every drawn card, shared by every screen's CardArt (the table, the results, the title draw the same faces
# at the same widths), keyed by everything its picture depends on; emptied on a resize, a new language or
# new looks.
# Two screens' worth: an 8-seat table's frame shows about 40 faces (half a screen), the title's fan and the
# results some more, and a slap pile keeps each card at its own turn; what flies is drawn unsmoothed and
# quickly, so the rest of the bound keeps the faces at rest of a deal or two.
_FACES: LRU[pygame.Surface] = LRU("card faces", Bound(screens=2.0))


class CardArt:
    """Cached card surfaces (one store for every screen's CardArt: _FACES).

    Keys: ("card", "QS", mini), ("back",), ("nt", value, suit|None, rank_label, mini).
    """

    def __init__(self, four_colour: bool = False) -> None:
        self.four_colour = four_colour
        self._cache = _FACES

    def set_four_colour(self, on: bool) -> None:
        self.four_colour = on  # a key of every picture: the other colours' are drawn when first asked for

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

    def surface(self, key: CardKey, width: int, angle: int = 0, smooth: bool = True) -> pygame.Surface:
        """The card for `key` at `width` px, rotated by `angle` whole degrees (cached). A card at rest is
        turned smoothly; one in the air (`smooth` False) is turned three times faster, unsmoothed, so a
        frame full of flying cards keeps reading input often (its edges move too fast to show it)."""
        width = max(12, int(width))
        smooth = smooth or not angle % 360
        full = (key, width, angle % 360, letters(), smooth, self.four_colour)
        surf = self._cache.get(full)
        if surf is not None:
            return surf
        if angle % 360 and not smooth:
            surf = pygame.transform.rotate(self.surface(key, width), angle)
        elif angle % 360:
            surf = pygame.transform.rotozoom(self.surface(key, width), angle, 1.0)
        else:
            surf = self._draw(key, width)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()  # the display's pixel format blits fastest
        self._cache[full] = surf
        return surf

    # -- drawing --------------------------------------------------------------------------------
    def _draw(self, key: CardKey, w: int) -> pygame.Surface:
        match key:
            case ("back",):
                return self._draw_back(w)
            case ("card", code, mini):
                r = cards.rank_value(code)
                court = cards.rank(code) if cards.rank(code) in cards.FACE_RANKS else None
                return self._draw_face(w, letter(cards.label(code)), cards.suit(code), None if court else r, court,
                                       mini)
            case ("nt", value, suit, rank_label, mini):
                if suit is None:
                    return self._draw_number(w, value, mini)
                return self._draw_value_face(w, rank_label, suit, mini)
        raise ValueError(f"unknown card key {key!r}")

    def _index_block(
        self, label: str, suit: str, w: int, color: colors.Color, compact: bool
    ) -> pygame.Surface:
        """Rank above suit, for the corners (large: INDEX_INK of the width, so a pile card's index reads
        from the sofa)."""
        rank_ink = w * (0.3 if compact else INDEX_INK)
        rank = _glyph(label, rank_ink, color)
        if len(label) > 1:  # "10" is squeezed to the width of one wide digit
            rank = pygame.transform.smoothscale(
                rank, (max(1, int(rank.get_width() * 0.8)), rank.get_height())
            )
        pip = _glyph(cards.SUIT_SYMBOLS[suit], w * (0.22 if compact else INDEX_PIP), color)
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
        if compact:  # one big index and a big suit (a court: its headgear): readable when small
            if court in COURTS:
                crest = _headgear(court, round(w * 0.66), color)
                surf.blit(crest, crest.get_rect(center=(round(w * 0.6), round(h * 0.7))))
                return surf
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
        """A court card's picture: a framed, double-ended figure (a king crowned and bearded with a sword,
        a queen in a tiara with a flower, a jack in a feathered cap with a halberd) robed in the suit's
        colour with the suit on its chest; any other label (a number card above 10) in big type."""
        frame = pygame.Rect(0, 0, round(w * 0.56), round(h * 0.72))
        frame.center = (w // 2, h // 2)
        tint = colors.mix(color, colors.PAPER, 0.86)
        radius = max(2, w // 30)
        if letter not in COURTS:
            pygame.draw.rect(surf, tint, frame, border_radius=radius)
            pygame.draw.rect(surf, color, frame, width=max(1, w // 60), border_radius=radius)
            big = _glyph(letter, w * (0.34 if len(letter) == 1 else 0.26), color)
            surf.blit(big, big.get_rect(center=(w / 2, h * 0.42)))
            pip = _glyph(symbol, w * 0.2, color)
            surf.blit(pip, pip.get_rect(center=(w / 2, h * 0.64)))
            return
        half = _court_half(letter, frame.w, frame.h // 2, color, tint, symbol)
        picture = pygame.Surface(frame.size, pygame.SRCALPHA)
        picture.blit(half, (0, 0))
        picture.blit(pygame.transform.rotate(half, 180), (0, frame.h - half.get_height()))
        mask = pygame.Surface(frame.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
        picture.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(picture, frame)
        pygame.draw.line(surf, colors.GOLD, (frame.left + 2, frame.centery), (frame.right - 3, frame.centery),
                         max(1, w // 70))
        pygame.draw.rect(surf, color, frame, width=max(1, w // 50), border_radius=radius)
        inner = frame.inflate(-max(4, w // 16), -max(4, w // 16))
        pygame.draw.rect(surf, colors.GOLD, inner, width=max(1, w // 90), border_radius=max(2, w // 40))

    def _draw_value_face(self, w: int, rank_label: str, suit: str, mini: bool) -> pygame.Surface:
        """A playing-card-edition value card: rank 1 is the ace, drawn as an A ("1" or "A" in the key);
        ranks 11-13 (more than 10 cards per suit) are a real deck's jack, queen and king, their value
        beside the corner letter; small cards get the big index of VALUE_INDEX."""
        label, court = self._value_label(rank_label)
        value = label if court else ""
        if mini or w < COMPACT_BELOW:
            return self._draw_value_mini(w, letter(court or label), suit, value)
        if court:
            surf = self._draw_face(w, letter(court), suit, None, court, mini)
            color = colors.suit_color(suit, self.four_colour)
            block = self._index_block(letter(court), suit, w, color, False)
            margin = max(2, round(w * 0.05))
            beside = _glyph(value, w * 0.11, color, bold=False)
            at = (margin + block.get_width() + max(1, round(w * 0.03)), margin)
            surf.blit(beside, at)
            surf.blit(pygame.transform.rotate(beside, 180),
                      (w - at[0] - beside.get_width(), surf.get_height() - at[1] - beside.get_height()))
            return surf
        n = 1 if label == "A" else int(label) if label.isdigit() else None
        if n is not None and n <= 10:
            return self._draw_face(w, letter(label), suit, n, None, mini)
        return self._draw_face(w, letter(label), suit, None, label, mini)

    def _draw_value_mini(self, w: int, label: str, suit: str, value: str = "") -> pygame.Surface:
        """A small value card (in a seat's runs, on the results screen): its rank and suit large in the
        top-left corner, readable in the strip a run's next card leaves, and a big suit below; a court's
        `value` small beside its letter."""
        h = card_height(w)
        surf = _shape(w, h, colors.PAPER, colors.PAPER_EDGE)
        color = colors.suit_color(suit, self.four_colour)
        for glyph, at in self._value_mini_index(w, label, suit, value):
            surf.blit(glyph, at)
        big = _glyph(cards.SUIT_SYMBOLS[suit], w * 0.42, color)
        surf.blit(big, big.get_rect(center=(w * 0.62, h * 0.785)))  # low enough for a tab (0.84 of the width) to hide it
        return surf

    def _value_mini_index(self, w: int, label: str, suit: str, value: str) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """A small value card's corner index, (glyph, top-left) each: the rank, the suit under it, a court's value
        beside the rank (if any)."""
        color = colors.suit_color(suit, self.four_colour)
        rank = _glyph(label, w * VALUE_INDEX, color)
        room = w * VALUE_INDEX_WIDE
        if rank.get_width() > room:  # "10": narrowed to the strip
            rank = pygame.transform.smoothscale(rank, (round(room), rank.get_height()))
        pip = _glyph(cards.SUIT_SYMBOLS[suit], w * VALUE_INDEX * 0.66, color)
        margin = max(2, round(w * 0.06))
        out = [(rank, (margin, margin)),
               (pip, (margin + (rank.get_width() - pip.get_width()) // 2,
                      margin + rank.get_height() + max(1, round(w * 0.04))))]
        if value:
            beside = _glyph(value, w * VALUE_INDEX * 0.5, color)
            out.append((beside, (margin + rank.get_width() + max(1, round(w * 0.04)), margin)))
        return out

    def _number_mini_index(self, w: int, value: int) -> tuple[pygame.Surface, tuple[int, int]]:
        """A small numbered card's corner number (glyph, top-left)."""
        small = _glyph(str(value), w * VALUE_INDEX, (252, 244, 224))
        room = w * VALUE_INDEX_WIDE
        if small.get_width() > room:
            small = pygame.transform.smoothscale(small, (round(room), small.get_height()))
        return small, (round(w * 0.12), round(w * 0.12))

    def index_parts(self, key: CardKey, width: int) -> list[pygame.Rect]:
        """Where a small value card's corner index lies on its face `width` px wide (as surface() draws it): the
        rank, the suit under it and a court's value beside the rank (if any); the number alone in the numbered
        edition. What a card tucked behind another, or cut to a tab, must show for its value to read."""
        match key:
            case ("nt", value, None, _, _):
                glyph, at = self._number_mini_index(max(12, int(width)), value)
                return [glyph.get_rect(topleft=at)]
            case ("nt", _, str(suit), rank_label, _):
                w = max(12, int(width))
                label, court = self._value_label(rank_label)
                parts = [glyph.get_rect(topleft=at)
                         for glyph, at in self._value_mini_index(w, letter(court or label), suit,
                                                                 label if court else "")]
                return parts
        raise ValueError(f"no small value card: {key!r}")

    def chip(self, key: CardKey, width: int) -> pygame.Surface:
        """A value card as a low chip for a short row: the corner index of its small face `width` px wide, the
        suit beside the rank instead of under it and as tall (the numbered edition: its corner, the number
        alone), on a card's paper (cached)."""
        full = ("chip", key, max(12, int(width)), letters(), self.four_colour)
        surf = self._cache.get(full)
        if surf is not None:
            return surf
        w = max(12, int(width))
        face = self.surface(key, w)
        parts = self.index_parts(key, w)
        pad = max(2, round(w * 0.06))
        if len(parts) == 1:  # the number on its band: the card's corner round it
            surf = face.subsurface(parts[0].inflate(2 * pad, 2 * pad).clip(face.get_rect())).copy()
        else:  # the suit as tall as the rank beside it: the chip's height is the rank's anyway
            rank = parts[0].unionall(parts[2:])  # with a court's value beside it
            suit = key[2] if key[0] == "nt" and isinstance(key[2], str) else "S"
            pip = _glyph(cards.SUIT_SYMBOLS[suit], w * VALUE_INDEX * 0.9, colors.suit_color(suit, self.four_colour))
            gap = max(1, round(w * 0.05))
            h = 2 * pad + max(rank.h, pip.get_height())
            surf = _shape(2 * pad + rank.w + gap + pip.get_width(), h, colors.PAPER, colors.PAPER_EDGE)
            surf.blit(face, (pad, (h - rank.h) // 2), rank)
            surf.blit(pip, (pad + rank.w + gap, (h - pip.get_height()) // 2))
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        self._cache[full] = surf
        return surf

    @staticmethod
    def _value_label(rank_label: str) -> tuple[str, str | None]:
        """(the rank as written: "A" for an ace, the court's letter or None)."""
        label = "A" if rank_label in ("1", "A") else rank_label
        return label, COURT_OF_RANK.get(label)

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
            small, at = self._number_mini_index(w, value)
            surf.blit(small, at)
            pygame.draw.circle(surf, cream, (round(w * 0.56), round(h * 0.72)), round(w * 0.2))
            return surf
        pygame.draw.circle(surf, cream, (w // 2, h // 2), round(w * 0.33))
        big = _glyph(text, w * (0.3 if len(text) > 1 else 0.34), colors.INK)
        surf.blit(big, big.get_rect(center=(w / 2, h / 2)))
        small = _glyph(text, w * NUMBER_CORNER_INK, cream)
        m = max(2, round(w * 0.1))
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
        # Printed ink on card stock: a faint grain, light from the top left, the field's edges a little darker.
        texture.roughen(pattern, 12, seed=41)
        pattern.blit(texture.diagonal_light(field.size, 90), (0, 0))
        pattern.blit(texture.vignette(field.size, 130), (0, 0))
        mask = pygame.Surface(field.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=round(radius * 0.6))
        pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        big.blit(pattern, field.topleft)
        pygame.draw.rect(big, colors.BACK_MAIN, field, width=max(SS, line), border_radius=round(radius * 0.6))
        return _opaque_core(pygame.transform.smoothscale(big, (w, h)), radius // SS)


# -- court figures --------------------------------------------------------------------------------------
def _court_half(letter: str, fw: int, fh: int, robe: colors.Color, tint: colors.Color, symbol: str
                ) -> pygame.Surface:
    """The top half of a court card's double-ended picture, fw × fh: the figure from the crown to the
    chest, drawn supersampled (SS) and smoothed down."""
    W, H = fw * SS, fh * SS
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    big.fill((*tint, 255))
    gold, dark = colors.GOLD, colors.mix(colors.GOLD, colors.INK, 0.45)
    trim = colors.mix(robe, colors.PAPER, 0.55)

    def P(x: float, y: float) -> tuple[int, int]:
        return round(x * W), round(y * H)

    def poly(color: colors.Color, pts: list[tuple[float, float]], edge: colors.Color | None = None) -> None:
        points = [P(x, y) for x, y in pts]
        pygame.draw.polygon(big, color, points)
        if edge is not None:
            pygame.draw.polygon(big, edge, points, max(1, SS * fw // 70))

    # the attribute held up beside the figure (behind the shoulders)
    if letter == "K":  # a sword
        poly(colors.mix(colors.PAPER_EDGE, colors.PAPER, 0.3), [(0.8, 0.1), (0.84, 0.04), (0.88, 0.1), (0.88, 0.8), (0.8, 0.8)], dark)
        poly(gold, [(0.72, 0.62), (0.96, 0.62), (0.96, 0.68), (0.72, 0.68)], dark)
    elif letter == "Q":  # a flower
        pygame.draw.line(big, (40, 120, 60), P(0.17, 0.3), P(0.2, 0.8), max(SS, SS * fw // 40))
        for dx, dy in ((0.0, -0.07), (0.06, 0.0), (0.0, 0.07), (-0.06, 0.0)):
            pygame.draw.circle(big, (200, 40, 70), P(0.17 + dx, 0.28 + dy), round(0.05 * W))
        pygame.draw.circle(big, gold, P(0.17, 0.28), round(0.035 * W))
    else:  # a halberd
        pygame.draw.line(big, (120, 80, 40), P(0.84, 0.05), P(0.84, 0.85), max(SS, SS * fw // 30))
        poly((190, 190, 200), [(0.84, 0.1), (0.98, 0.16), (0.98, 0.3), (0.84, 0.26)], dark)
    # robe and shoulders, a collar in trim, the suit on the chest
    poly(robe, [(0.04, 1.0), (0.12, 0.74), (0.3, 0.64), (0.7, 0.64), (0.88, 0.74), (0.96, 1.0)], dark)
    poly(trim, [(0.34, 0.64), (0.5, 0.86), (0.66, 0.64)], dark)
    pygame.draw.line(big, gold, P(0.1, 0.8), P(0.3, 0.66), max(SS, SS * fw // 40))
    pygame.draw.line(big, gold, P(0.9, 0.8), P(0.7, 0.66), max(SS, SS * fw // 40))
    # neck and head (an oval 0.34 of the half's height, its middle at 0.42), hair, a face
    poly(SKIN, [(0.45, 0.5), (0.55, 0.5), (0.55, 0.66), (0.45, 0.66)])
    hair = {"K": (150, 150, 160), "Q": (196, 140, 50), "J": (110, 70, 40)}[letter]
    if letter == "Q":  # long hair down to the shoulders
        poly(hair, [(0.33, 0.3), (0.67, 0.3), (0.74, 0.7), (0.26, 0.7)])
    hx, hy, ry = 0.5, 0.42, 0.17
    rx = ry * H / W / 1.2
    pygame.draw.ellipse(big, SKIN, pygame.Rect(*P(hx - rx, hy - ry), round(2 * rx * W), round(2 * ry * H)))
    eye_r = max(SS, round(0.024 * W))
    for dx in (-0.055, 0.055):
        pygame.draw.circle(big, colors.INK, P(hx + dx, hy - 0.01), eye_r)
    if letter == "K":  # a beard
        poly(hair, [(hx - rx, hy + 0.04), (hx + rx, hy + 0.04), (hx + rx * 0.8, hy + 0.18), (hx, hy + 0.26),
                    (hx - rx * 0.8, hy + 0.18)])
        pygame.draw.line(big, (120, 60, 60), P(0.46, hy + 0.1), P(0.54, hy + 0.1), max(SS, SS * fw // 60))
    else:
        pygame.draw.line(big, (170, 60, 70), P(0.46, hy + 0.1), P(0.54, hy + 0.1), max(SS, SS * fw // 60))
    # headgear over the brow: its unit box from 0.02 to 0.33 of the half's height
    for color_name, pts in _headgear_points(letter):
        color = {"gold": gold, "robe": robe, "trim": trim, "jewel": (200, 30, 50), "feather": (230, 230, 240)}[color_name]
        poly(color, [(x, 0.02 + y * 0.31) for x, y in pts], dark)
    # the suit, in a paper disc on the chest
    half = pygame.transform.smoothscale(big, (fw, fh))
    disc = max(4, round(fw * 0.11))
    centre = (round(fw * 0.5), round(fh * 0.84))
    pygame.draw.circle(half, colors.PAPER, centre, disc)
    pygame.draw.circle(half, gold, centre, disc, max(1, fw // 60))
    pip = _glyph(symbol, disc * 1.2, robe)
    half.blit(pip, pip.get_rect(center=centre))
    return half


def _headgear_points(letter: str) -> list[tuple[str, list[tuple[float, float]]]]:
    """A court's headgear as coloured polygons in a unit box (x 0..1 across the picture, y 0..1 from the
    top of the crown to the brow): a five-pointed crown with jewels, a tiara, a feathered cap."""
    if letter == "K":
        return [
            ("gold", [(0.26, 1.0), (0.26, 0.45), (0.34, 0.7), (0.42, 0.15), (0.5, 0.6), (0.58, 0.15),
                      (0.66, 0.7), (0.74, 0.45), (0.74, 1.0)]),
            ("jewel", [(0.47, 0.8), (0.5, 0.72), (0.53, 0.8), (0.5, 0.88)]),
            ("jewel", [(0.33, 0.82), (0.36, 0.76), (0.39, 0.82), (0.36, 0.88)]),
            ("jewel", [(0.61, 0.82), (0.64, 0.76), (0.67, 0.82), (0.64, 0.88)]),
        ]
    if letter == "Q":
        return [
            ("gold", [(0.3, 1.0), (0.33, 0.62), (0.4, 0.8), (0.5, 0.35), (0.6, 0.8), (0.67, 0.62), (0.7, 1.0)]),
            ("jewel", [(0.47, 0.78), (0.5, 0.68), (0.53, 0.78), (0.5, 0.88)]),
        ]
    return [
        ("feather", [(0.58, 0.75), (0.8, 0.05), (0.9, 0.1), (0.68, 0.8)]),
        ("robe", [(0.26, 1.0), (0.3, 0.55), (0.5, 0.4), (0.7, 0.55), (0.74, 1.0)]),
        ("gold", [(0.26, 1.0), (0.26, 0.86), (0.74, 0.86), (0.74, 1.0)]),
    ]


# A court's headgear for the small cards' emblems: 12 courts at two widths, a hundredth of a screen.
_HEADGEAR: LRU[pygame.Surface] = LRU("court headgear", Bound(screens=0.1))


def _headgear(letter: str, size: int, robe: colors.Color) -> pygame.Surface:
    """A court's headgear alone, `size` px wide (a small card's emblem in place of its suit)."""
    key = (letter, size, robe)
    cached = _HEADGEAR.get(key)
    if cached is not None:
        return cached
    S = max(4, size) * SS
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    gold, dark = colors.GOLD, colors.mix(colors.GOLD, colors.INK, 0.45)
    trim = colors.mix(robe, colors.PAPER, 0.55)
    for color_name, pts in _headgear_points(letter):
        color = {"gold": gold, "robe": robe, "trim": trim, "jewel": (200, 30, 50), "feather": (200, 200, 215)}[color_name]
        points = [(round(((x - 0.5) * 1.9 + 0.5) * S), round((0.12 + y * 0.76) * S)) for x, y in pts]
        pygame.draw.polygon(big, color, points)
        pygame.draw.polygon(big, dark, points, max(1, S // 40))
    surf = pygame.transform.smoothscale(big, (max(4, size), max(4, size)))
    _HEADGEAR[key] = surf
    return surf
