"""Where things go on the table: seats around an ellipse, the centre pile, card sizes, at any size."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.core.contract import LayoutHints
from game.render.card_art import RATIO, card_height
from game.render.scale import big_min, card_boost, seat_card_boost, text_min, text_px, text_scale, word_min
from game.render.text import get_font

TAG_ROOM = 0.14  # of a panel's height: a tag on its top edge (half of it above) and the turn's lift
NAME_ROW = 0.2  # of a panel's height: the name's row when it lies above the cards (name_above)
SEAT_CARD_SHARE = 0.45  # of the centre's standard card width: a seat's cards under its words (info_above)
INFO_ROW = 0.37  # of a panel's height: the name and controls when they lie above the cards (info_above)


@dataclass(frozen=True, slots=True)
class SeatBox:
    """One seat's panel: `rect` on screen, `stack` where its cards sit (cards fly from/to its centre)."""

    seat: int
    rect: pygame.Rect
    stack: pygame.Rect
    info: pygame.Rect  # name, controls, counts
    angle: float  # degrees on the table ellipse (90 = bottom, clockwise on screen)
    name: pygame.Rect | None = None  # the name's row across the panel (else the name heads `info`)


@dataclass(frozen=True, slots=True)
class TableLayout:
    size: tuple[int, int]
    felt: pygame.Rect  # the felt ellipse's bounding box
    rim: int  # wooden rim thickness
    centre: tuple[int, int]
    card_w: int  # centre pile card width
    seat_card_w: int  # cards inside seat panels
    pile: pygame.Rect  # area the centre pile uses (incl. fan and burned cards)
    seats: tuple[SeatBox, ...]
    rows: bool = False  # the seats sit in two rows (top and bottom), not round an ellipse

    @property
    def card_h(self) -> int:
        return card_height(self.card_w)


def name_line(size: tuple[int, int], ph: int, grown: bool = True, mats: bool = True) -> int:
    """How tall a seat's name is drawn in a panel `ph` high (its font: the couch's BIG_MIN at least on a
    mat, else the tables' TEXT_MIN; 15% of the panel's height in a big one), at the text size in force
    (unless not `grown`: at 100 %)."""
    n = max(big_min(size) if mats else text_min(size), round(ph * 0.15))
    return get_font(text_px(n) if grown else n, True).get_height()


def words_line(size: tuple[int, int], grown: bool = True) -> int:
    """How tall a line of a mat's words (its controls, a bot's level) is at the couch's WORD_MIN (at the
    text size in force, unless not `grown`)."""
    n = word_min(size)
    return get_font(text_px(n) if grown else n).get_height()


def place_angle(place: float, n: int) -> float:
    """Degrees on the table ellipse of place `place` (in steps of 360/n from the bottom, clockwise on
    screen: 90 = bottom, 180 = left, 270 = top, 0 = right)."""
    return (90 + 360 * place / n) % 360


def _place(
    size: tuple[int, int],
    places: tuple[float, ...],
    pw: int,
    ph: int,
    margin: int,
    top: int = 0,
    square: float = 2.0,
) -> list[pygame.Rect]:
    """Seat rects around an ellipse at `places` (see place_angle), `margin` from the window's edges and
    `top` more from its top. `square` above 2 pushes the ellipse towards the window's rectangle (a
    superellipse |x|^p + |y|^p = 1): seats between the sides and the top go out into the corners."""
    w, h = size
    n = len(places)
    cx, cy = w / 2, (h + top) / 2
    rx = max(0.0, w / 2 - pw / 2 - margin)
    ry = max(0.0, (h - top) / 2 - ph / 2 - margin)
    rects = []
    for place in places:
        a = math.radians(place_angle(place, n))
        c, s = math.cos(a), math.sin(a)
        k = (abs(c) ** square + abs(s) ** square) ** (-1 / square)
        r = pygame.Rect(0, 0, pw, ph)
        r.center = (round(cx + rx * k * c), round(cy + ry * k * s))
        rects.append(r)
    return rects


ROWS_WIDE = 0.8  # seats sit in rows only in a window this many times as wide as it is high
ROW_PANEL = 0.21  # of the window's height: a seat's mat where the seats sit in rows (see _rows)
# (mats at the sides, mats along the top) per number of seats, the rest along the bottom: as the places
# round an ellipse lie (two face each other left and right; three: two above, one below; ...)
ROWS = {1: (0, 0), 2: (2, 0), 3: (0, 2), 4: (0, 2), 5: (0, 2), 6: (0, 3), 7: (0, 4), 8: (0, 4)}
ROW_SIDE = 0.225  # of the window's width: a mat at the side of the centre (seven and eight seats)
ROW_GROWS = 0.2  # per unit of text scale over 1: how much taller the mats are
SIDE_RISE = 0.08  # of the window's height: how far above the middle the side mats sit
ROW_LINE = 0.04  # of the window's height: a mat's second line of words (four mats in a row)
# Mats in two columns at the window's sides (LayoutHints.columns_upto): the centre as tall as the window.
COLUMN_W = 0.19  # of the window's width: a mat in a column at the least (its keys on two lines: ROW_LINE taller)
COLUMN_GROWS = 0.6  # per unit of text scale over 1: how much wider a mat in a column is (its notes' lane as wide)
PILE_ROOM = 0.98  # of the window's height: the width the columns leave between them at the least (a pile half
# the window's height is about that wide): in a wider window the mats are wider (room for their notes' words)
COLUMN_PAIRS = 4  # seats: up to this many the columns hold two mats each (else three or four: five to eight seats)
COLUMN_THREE = 0.22  # of the window's height: a mat in a column of three (its notes' felt between it and the next)
COLUMN_THREES = 3  # seats a column: up to this many (six seats) the columns' mats are COLUMN_THREE high
COLUMN_FOUR = 0.135  # of the window's height: a mat in a column of four (seven and eight seats: its name, stack and keys
# on two lines, the felt between it and the next holding a winner's banner on two lines; in a small window, 49 px at
# 640x360, its stack down its left beside its name and keys: LayoutHints.stack_beside)
# ... grown with the text size up to this much (at 150 %, four mats 73 px tall in a 640x360 window left 20 px between
# two: no line of a seat's notes; at 130 %, 63 px leave 32, and their words are drawn at the floors they had)
COLUMN_FOUR_GROWS = 1.3
COLUMN_CARD = 0.22  # of a mat's width in a column: its stack of backs at the widest (the rest for its words)


def words_lines(n: int, top: bool) -> int:
    """A mat's lines of words under its name, at `n` seats in rows, in the top row or the bottom one: one;
    two in a bottom row of four (where the eighth keyboard seat's "Num + take · Num Enter pass" wraps)."""
    sides, k_top = ROWS[n]
    return 2 if not top and n - sides - k_top >= 4 else 1


def _columns(size: tuple[int, int], n: int, ph: int, margin: int, top: int) -> list[pygame.Rect]:
    """Mats in two columns against the window's sides (the right one holding the odd mat), spread evenly down
    each (a lone mat a little above the middle: felt under it for the small print), `margin` from the edges
    and `top` more from the top; as wide as the window leaves room for beside a pile half its height."""
    w, h = size
    side_w = max(round(w * COLUMN_W * (1 + COLUMN_GROWS * (text_scale() - 1))),  # wider for bigger words
                 round((w - PILE_ROOM * h) / 2) - margin)
    rects = []
    for x, k in ((margin, n // 2), (w - margin - side_w, n - n // 2)):
        for i in range(k):
            if k == 1:
                y = round((h + top) / 2 - h * SIDE_RISE - ph / 2)
            else:
                y = round(margin + top + i * (h - 2 * margin - top - ph) / (k - 1))
            rects.append(pygame.Rect(x, y, side_w, ph))
    return rects


def _rows(size: tuple[int, int], places: tuple[float, ...], ph: int, margin: int, top: int, ph_low: int = 0,
          columns: bool = False) -> tuple[list[pygame.Rect], list[float]]:
    """Seat mats in rows along the window's top and bottom edges, three at most in a row, and (two, seven
    and eight seats) one at each side of the centre (see ROWS); `margin` from the edges and
    `top` more from the top. Returns them and the angle each lies at seen from the middle. The places go
    round as on the ellipse: place 0 at the bottom middle (or just left of it), then clockwise on screen."""
    w, h = size
    n = len(places)
    sides, k_top = ROWS[n]
    if n == 2 and abs(math.cos(math.radians(place_angle(places[0], n)))) < 0.7:  # one above, one below:
        sides, k_top = 0, 1                                                       # at opposite ends
    k_bottom = n - sides - k_top
    widest = max(3, k_top, k_bottom)  # mats in a row: three wide, or four at eight seats
    row_w = (w - (widest + 1) * margin) // widest
    side_w = min(row_w, round(w * ROW_SIDE * (1 + ROW_GROWS * (text_scale() - 1))))  # wider for bigger words
    cy = (h + top) / 2
    rects = []
    ph_low = ph_low or ph  # the bottom row's mats (taller where their words take two lines)
    if columns:
        sides, k_top, k_bottom = 0, 0, 0
        rects = _columns(size, n, ph_low, margin, top)
    for k, y, rh in ((k_top, margin + top, ph), (k_bottom, h - margin - ph_low, ph_low)):
        for i in range(k):  # one in the middle (two seats: at opposite ends); two at the ends
            if k == 1:
                x = (w - row_w) / 2 if n > 2 else (margin if y > h // 2 else w - margin - row_w)
            else:
                x = margin + i * (w - 2 * margin - row_w) / (k - 1)
            rects.append(pygame.Rect(round(x), y, row_w, rh))
    for x in ((margin, w - margin - side_w) if sides else ()):  # a little above the middle: felt under
        r = pygame.Rect(x, 0, side_w, ph)                          # them for the small print or the log
        r.centery = round(cy - h * SIDE_RISE)
        rects.append(r)
    slots = [(r, math.degrees(math.atan2((r.centery - cy) / (h / 2), (r.centerx - w / 2) / (w / 2))) % 360)
             for r in rects]
    slots.sort(key=lambda s: (s[1] - 90) % 360)
    order = sorted(range(n), key=lambda i: places[i] % n)

    def off(seat: int, slot: int) -> float:
        d = abs(place_angle(places[seat], n) - slots[slot][1]) % 360
        return min(d, 360 - d)

    # the seats in their order round the table onto the mats in theirs, turned to lie nearest their places
    # (of two as near, the one that puts the first seat right of the bottom's middle: seat 1 sits left of it)
    shift = min(range(n), key=lambda s: (round(sum(off(seat, (k + s) % n) for k, seat in enumerate(order)), 6),
                                         -((slots[s][1] - 90) % 360)))
    out: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * n
    angles = [0.0] * n
    for k, seat in enumerate(order):
        out[seat], angles[seat] = slots[(k + shift) % n]
    return out, angles


SQUARES = (2.0, 3.0, 4.0, 6.0)  # the ellipse first; then ever squarer, while panels would have to shrink


UNEVEN_BELOW = 0.8  # a uniform shrink below this tries panels shrunk more one way than the other
UNEVEN_RATIO = 1.5  # how much more, at most


def _fits(rects: list[pygame.Rect], pile: pygame.Rect, bounds: pygame.Rect, gap: int) -> bool:
    for i, a in enumerate(rects):
        if not bounds.contains(a) or a.colliderect(pile):
            return False
        grown = a.inflate(gap, gap)
        if any(grown.colliderect(b) for b in rects[i + 1 :]):
            return False
    return True


ROWS_SHRINK_STEP = 0.96  # the centre's cards shrink by this much a step while the rows leave them no room


def _rows_layout(size: tuple[int, int], n: int, hints: LayoutHints, where: tuple[float, ...], card_w: int,
                 seat_boost: float, margin: int, tag_room: bool) -> tuple[list[pygame.Rect], int, pygame.Rect] | None:
    """The seats as mats in rows round centre cards `card_w` wide: (the mats, the card width, the pile), or None
    where they do not fit. A game that says what felt its centre's words need above and below its pile
    (hints.words_room(pile height, a line of the couch's BIG_MIN as drawn) -> px above, px below) gets it kept
    clear of the mats with their tags, lift and glow, the pile in the middle of the felt between the rows;
    while that felt is short its centre's cards shrink (down to hints.rows_shrink of their size), and its mats
    grow for large cards only as far as it allows."""
    w, h = size
    line = get_font(text_px(big_min(size)), True).get_height()
    smallest = hints.rows_shrink
    bounds = pygame.Rect(0, 0, w, h)
    # taller mats for bigger words, and for bigger seats' cards (large cards) as far as the centre leaves room
    grow = 1 + ROW_GROWS * (text_scale() - 1)
    heights = [round(h * (ROW_PANEL + ROW_LINE * (words_lines(n, top) - 1)) * grow) for top in (True, False)]
    columns = n <= hints.columns_upto
    if columns:  # narrow mats: their keys on two lines (three a column: shorter, felt between them for notes;
        # four: shorter still, nothing but their words, as tall as those are drawn)
        mat = ROW_PANEL + ROW_LINE if n <= COLUMN_PAIRS else COLUMN_THREE if n <= 2 * COLUMN_THREES else COLUMN_FOUR
        heights = [round(h * mat * (min(text_scale(), COLUMN_FOUR_GROWS) if mat == COLUMN_FOUR else grow))] * 2
    share = 1.0
    while True:
        cw = max(28, round(card_w * share))
        pile = pygame.Rect(0, 0, round(cw * hints.pile_cards), round(card_height(cw) * hints.pile_tall))
        pile.center = (w // 2, h // 2)
        room = hints.words_room(pile.h, line)
        above, below, *narrow = (0, 0, 0, 0) if room is None else room
        boosts = [1.0]
        if seat_boost > 1:  # the mats grow alike, as far as the centre leaves room (then a little less, if need be)
            if room is None:  # as far as the pile alone leaves room
                boosts = [max(1.0, min(seat_boost, (pile.top - margin - 1) / (heights[0] * (1 + TAG_ROOM) + 1),
                                       (h - margin - pile.bottom - 1) / heights[1]))]
            else:  # as far as the pile and its words leave room
                boosts = [seat_boost, *(b / 100 for b in range(math.ceil(seat_boost * 100) - 1, 99, -1))]
        for k in boosts:  # the mats as big as the seats' cards ask, else as big as the room allows
            row_h, low_h = math.floor(heights[0] * k), math.floor(heights[1] * k)
            top = round(row_h * TAG_ROOM) if tag_room else 0
            rects, _ = _rows((w, h), where, row_h, margin, top, low_h, columns)  # each seat keeps its place's angle
            if room is None:
                if _fits(rects, pile, bounds, margin):
                    return rects, cw, pile
                continue
            top_at = _pile_top(rects, pile, (w, h), (above, below, *narrow))
            if top_at is not None:
                pile.top = top_at
                if _fits(rects, pile, bounds, margin):
                    return rects, cw, pile
        if share * ROWS_SHRINK_STEP < smallest - 1e-9:
            return None
        share *= ROWS_SHRINK_STEP


def _pile_top(rects: list[pygame.Rect], pile: pygame.Rect, size: tuple[int, int], room: tuple[int, ...]) -> int | None:
    """Where the pile's top goes between the rows of mats `rects` (None: no room): in the middle of the felt
    they leave (their tags, lift and glow kept clear), with `room` = (px above it, px below it, the width and
    height of the words above it on a few lines): those words go over the pile across the centre, or
    (narrower, taller) up between the top mats where they leave that much room."""
    w, h = size
    above, below, narrow_w, narrow_h = room
    side = [r for r in rects if r.top < h // 2 < r.bottom]  # mats at the sides keep out of the pile itself
    rows = [_padded(r) for r in rects if r not in side]
    over = [r for r in rows if r.centery < h // 2]
    span = pygame.Rect(min(pile.left, round(w * 0.2)), 0, max(pile.w, round(w * 0.6)), h)
    felt_bottom = min((r.top for r in rows if r.centery >= h // 2 and r.colliderect(span)), default=h)
    card_top = max((r.bottom for r in over if r.left < pile.right and r.right > pile.left), default=0)
    lo = max(card_top, max((r.bottom for r in over if r.colliderect(span)), default=0) + above)
    if narrow_w:  # the words on a few lines up between the top mats
        sides = max(3, h // 100)
        left = max((r.right + sides for r in over if r.right <= w // 2), default=0)
        right = min((r.left - sides for r in over if r.left >= w // 2), default=w)
        if not [r for r in over if r.left < w // 2 < r.right] and min(w // 2 - left, right - w // 2) * 2 >= narrow_w:
            lo = min(lo, max(card_top, narrow_h + max(4, h // 90)))
    hi = felt_bottom - below - pile.h
    return None if hi < lo else (lo + hi) // 2


def _mat_pads(ph: int) -> tuple[int, int]:
    """The felt a mat `ph` high keeps above it (its tags on its top edge, its lift on its turn) and below it
    (its glow), where a game's centre words must not go."""
    side = max(3, ph // 14) + 2
    return max(side + max(2, ph // 22), round(ph * TAG_ROOM) + 2), side


def _padded(r: pygame.Rect) -> pygame.Rect:
    """Mat `r` with the felt it keeps above and below it (see _mat_pads)."""
    up, down = _mat_pads(r.h)
    return pygame.Rect(r.x, r.y - up, r.w, r.h + up + down)


def table_layout(
    size: tuple[int, int], n: int, hints: LayoutHints | None = None, places: Sequence[float] | None = None
) -> TableLayout:
    """Seats 0..n-1 around the table and the pile in the middle.

    `places[i]` is where seat i sits round the ellipse, in steps of 360/n from the bottom going clockwise
    on screen (see place_angle; game.render.seat_order picks them from where the seats' keys are). None:
    seat 0 at the bottom, then clockwise (places 0, 1, 2, ...).
    Panels start large and shrink until no two seats overlap each other or the pile, at any size.
    `hints` (the game's): the pile's width in card widths, panels' width, info above or beside the
    cards, and room above the top seat for a tag on its panel's top edge. None: a pile of 3.2 cards,
    info beside the cards.
    """
    hints = hints or LayoutHints()
    pile_cards, wide, info_above, tag_room = hints.pile_cards, hints.panel_wide, hints.info_above, hints.tag_room
    if not 1 <= n <= 8:
        raise ValueError(f"a table seats 1 to 8 players, not {n}")
    where = tuple(float(i) for i in range(n)) if places is None else tuple(float(p) % n for p in places)
    if len(where) != n or len({round(p * 2) % (2 * n) for p in where}) != n:
        raise ValueError(f"{n} seats need {n} different places, not {places!r}")
    w, h = max(320, size[0]), max(240, size[1])
    short = min(w, h * 16 / 9)
    margin = max(4, round(h * 0.012))
    # A game may ask for bigger centre cards and a taller centre (its pile and the words round it).
    # Large-cards mode (game.render.scale): a centre smaller than card_boost() grows to it; a centre as big
    # already (hints.card_scale) stays, and the seats' panels with their cards grow instead. (A game may
    # ask for a centre under the standard size: at a bigger text size, room for the words round it.)
    card_scale = hints.card_scale
    # A game may seat six or more in two rows (rows_from), its centre then as big as rows_card_scale says.
    in_rows = 0 < hints.rows_from <= n and w >= ROWS_WIDE * h  # (a tall window: round an ellipse)
    if hints.rows_from and not in_rows:  # round an ellipse, a game seating rows has its old centre
        card_scale *= hints.ellipse_card_scale
        pile_cards = pile_cards if hints.ellipse_pile_cards is None else hints.ellipse_pile_cards
    if in_rows and n >= hints.crowd_from:
        card_scale *= hints.rows_card_scale
    grown = card_boost() > card_scale
    seat_boost = 1.0 if grown else seat_card_boost()
    base_card_w = max(28, round(min(h * 0.15, w * 0.085) * seat_boost))
    card_w = max(28, round(min(h * 0.15, w * 0.085) * (max(card_scale, card_boost()) if card_boost() > 1 else card_scale)))
    pile_w = round(card_w * pile_cards)
    pile_h = round(card_height(card_w) * hints.pile_tall)
    pile = pygame.Rect(0, 0, pile_w, pile_h)
    pile.center = (w // 2, h // 2)
    bounds = pygame.Rect(0, 0, w, h)
    base_w = short * 0.155 * wide * seat_boost  # bigger seats' cards: bigger panels, where they fit
    base_h = h * 0.2 * seat_boost
    if info_above:  # the name's and the words' lines over a row of cards as big as a seat's standard ones
        pad = max(3, round(base_h) // 12)
        text_rows = name_line((w, h), round(base_h), False) + words_line((w, h), False) + 2
        base_h = max(base_h, text_rows + card_height(round(base_card_w * SEAT_CARD_SHARE)) + 2.5 * pad)

    square = SQUARES[0]
    angles = [place_angle(p, n) for p in where]
    if in_rows:
        found = _rows_layout((w, h), n, hints, where, card_w, seat_boost, margin, tag_room)
        if found is not None:
            rects, card_w, pile = found
            return _finish((w, h), n, hints, rects, angles, card_w, base_card_w, pile, info_above, True)

    def placed(sw: float, sh: float) -> tuple[list[pygame.Rect], bool]:
        pw, ph = round(base_w * sw), round(base_h * sh)
        top = round(ph * TAG_ROOM) if tag_room else 0
        rects = _place((w, h), where, pw, ph, margin, top, square)
        return rects, _fits(rects, pile, bounds, margin)

    def shrunk() -> tuple[float, list[pygame.Rect]]:
        scale = 1.0
        while True:
            rects, fits = placed(scale, scale)
            if fits or scale < 0.3:
                return scale, rects
            scale *= 0.95

    # Round the ellipse while the panels fit whole; else the squarer placement that keeps them biggest
    # (five or seven seats put two panels near the top corners, where an ellipse meets a tall centre).
    best_square, (scale, rects) = SQUARES[0], shrunk()
    for candidate_square in SQUARES[1:]:
        if scale >= UNEVEN_BELOW:  # the ellipse is good enough: the corners stay free for the felt's words
            break
        square = candidate_square
        trial = shrunk()
        if trial[0] > scale + 1e-9:
            best_square, (scale, rects) = square, trial
    square = best_square
    if scale < UNEVEN_BELOW:
        # Shrinking both ways alike left small panels (e.g. the top corners of five seats meet a tall
        # centre): narrower or flatter panels may fit much bigger. Keep the biggest that fits.
        steps = [0.95**k for k in range(24)]
        best = scale * scale
        for sw in steps:
            for sh in steps:
                if sw * sh <= best * 1.15 or not 1 / UNEVEN_RATIO <= sw / sh <= UNEVEN_RATIO:
                    continue
                candidate, fits = placed(sw, sh)
                if fits:
                    best, rects = sw * sh, candidate
    return _finish((w, h), n, hints, rects, angles, card_w, base_card_w, pile, info_above)


def _finish(size: tuple[int, int], n: int, hints: LayoutHints, rects: list[pygame.Rect],
            angles: list[float], card_w: int, base_card_w: int, pile: pygame.Rect, info_above: bool,
            in_rows: bool = False) -> TableLayout:
    """The layout of seats at `rects` (their angles round the middle): each panel's rows for the name,
    the words and the cards."""
    w, h = size
    ph = rects[0].height
    felt = pygame.Rect(0, 0, round(w * 0.9), round(h * 0.84))
    felt.center = (w // 2, h // 2)
    seat_card_w = max(18, min(round(ph * 0.42), round(base_card_w * 0.6)))
    if in_rows and n <= hints.columns_upto:  # a narrow mat in a column: its words keep the room they need
        seat_card_w = max(18, min(seat_card_w, round(rects[0].w * COLUMN_CARD)))
    name_above = hints.name_above and not info_above
    pad = max(3, min(r.h for r in rects) // 12)
    # the name's row: NAME_ROW of the panel, or as tall as the name is drawn (at least the couch's BIG_MIN)
    name_h = max(round(ph * NAME_ROW), name_line((w, h), ph, mats=hints.mats))
    beside = name_above and hints.stack_beside
    if name_above:  # the cards stand below the name's row (or beside it, as tall as the panel)
        seat_card_w = max(18, min(seat_card_w, math.floor((ph - 2 * pad - (0 if beside else name_h) - 2) / RATIO)))
    seats = []
    for i, r in enumerate(rects):
        if name_above:
            sw = seat_card_w + max(6, seat_card_w // 3)
            if beside:  # the cards down the panel's left, the name's row and the words right of them
                stack = pygame.Rect(r.x + pad, r.y + pad, sw, r.h - 2 * pad)
                name = pygame.Rect(stack.right + pad, r.y + pad, r.right - stack.right - 2 * pad, name_h)
            else:
                name = pygame.Rect(r.x + pad, r.y + pad, r.w - 2 * pad, name_h)
                stack = pygame.Rect(r.x + pad, name.bottom, sw, r.bottom - pad - name.bottom)
            info = pygame.Rect(stack.right + pad, name.bottom, r.right - stack.right - 2 * pad, r.bottom - pad - name.bottom)
            seats.append(SeatBox(i, r, stack, info, angles[i], name))
            continue
        if info_above:  # the name's line and the controls' line, at least
            # (the words' lines as 100 % draws them: a bigger text size takes room from the cards)
            lines = words_lines(n, r.centery < h // 2) if in_rows else 1
            info_h = max(round(r.h * INFO_ROW), name_line((w, h), ph) + lines * words_line((w, h)) + 2)
            info = pygame.Rect(r.x + pad, r.y + pad, r.w - 2 * pad, info_h)
            stack = pygame.Rect(
                r.x + pad, info.bottom + pad // 2, r.w - 2 * pad, r.bottom - pad - info.bottom - pad // 2
            )
        else:
            sw = seat_card_w + max(6, seat_card_w // 3)
            stack = pygame.Rect(r.x + pad, r.y + pad, sw, r.h - 2 * pad)
            info = pygame.Rect(stack.right + pad, r.y + pad, r.right - stack.right - 2 * pad, r.h - 2 * pad)
        seats.append(SeatBox(i, r, stack, info, angles[i]))
    return TableLayout(
        size=(w, h),
        felt=felt,
        rim=max(6, round(h * 0.022)),
        centre=(w // 2, h // 2),
        card_w=card_w,
        seat_card_w=seat_card_w,
        pile=pile,
        seats=tuple(seats),
        rows=in_rows,
    )
