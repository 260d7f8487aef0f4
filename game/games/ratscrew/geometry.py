"""Where Ratscrew's centre lies at one window size: a column of fixed lanes in the middle of the table,

    headline lane   the slap's banner, the photo finish strip, or else the pile's count
    the pile        the fanned top three, the peeking bottom card, the burned cards
    prompt lane     whose turn and which key (up to two lines)
    claim bar       the claim window's countdown

each with its own rows, so none is ever drawn over another; the slots of the pile's cards, how far
they reach, and the named anchors flyers go to. Made once per layout. The lanes are as wide as the pile
(`core_lanes`: the seats' notes lanes keep off those), then as wide as the felt between the seats and
their notes lanes allows (`lanes(blocks)`).
"""

from __future__ import annotations

import math

import pygame

from game.core.memo import Memo
from game.games.ratscrew.view_model import BURN_ANGLE, JITTER, jitter
from game.render.effects import Anchor
from game.render.layout import TableLayout
from game.render.notes import NOTE_PX
from game.render.room import half_room
from game.render.scale import big_min, px, text_for, text_min, text_px, text_scale
from game.render.text import get_font

MAX_BURN_SHOWN = 8
BOTTOM_DX = 0.8  # of a card's width: how far left of the pile's middle the peeking bottom card lies
BOTTOM_DY = 0.06  # of a card's height: how far the peeking bottom card sits below the top ones
BOTTOM_ANGLE = -14
BURN_DY = 0.14  # burned cards lie crosswise under the pile's right side, no lower than the bottom card
BURN_ROW_DY = 0.07

STATUS_PX = 28  # the prompt, at 1280×720 (issue 20: a prompt read from 3 m is 28 px at the least)
COUNT_PX = 26  # "12 in the pile"
HEADLINE_PX = 72  # the headline lane's height: a banner on its plate, or the photo finish's two rows
GAP_PX = 6
WIDEST = 0.8  # of the window's width: the widest a centre lane gets
HEADLINE_SHARE = 0.5  # of the window's width: kept for the headline lane at a bigger text size
# Seats as mats in rows (issue 20 items 1, 2, 9): the pile between the rows, and either ("sides") the headline
# lane left of it and the prompt lane right of it, or ("stack", two seats at the sides) above and under it.
SIDE_LANE_MIN = 0.18  # of the window's width: the narrowest a lane beside the pile may be
CARD_MAX = 0.42  # of the window's height: the tallest a pile card gets between the rows
COLUMNS_CARD_MAX = 0.5  # ... and between columns of mats at the sides (the pile then half the window's height)
MODES = ("sides", "stack")


# (angle, turn, w, h) -> _reach's answer: a pure function of whole numbers, asked many times a layout (each
# geometry asks it for the same few turns of its card size, and the table's layout tries many card sizes)
# (a layout tries a few dozen card sizes, each a few turns: some hundreds of answers of 200 bytes a window).
_REACHES: Memo[tuple[int, int, int, int], tuple[float, float]] = Memo("ratscrew card reaches", 2**19)
# (text px as drawn) -> RatscrewGeometry.line's answer (the vendored font's metrics at that px never change)
# (every px from 6 to 200 fits in 64 KiB)
_LINES: Memo[int, int] = Memo("ratscrew line heights", 2**16)


def _reach(dy: float, angle: int, turn: int, w: int, h: int) -> tuple[float, float]:
    """(half width, half height) a w × h card turned by `angle` ± `turn` degrees can reach."""
    key = (angle, turn, w, h)
    found = _REACHES.get(key)
    if found is None:
        hw = hh = 0.0
        for a in range(angle - turn, angle + turn + 1):
            s, c = abs(math.sin(math.radians(a))), abs(math.cos(math.radians(a)))
            hw = max(hw, (c * w + s * h) / 2)
            hh = max(hh, (s * w + c * h) / 2)
        found = _REACHES[key] = (hw, hh)
    return found


class RatscrewGeometry:
    """The centre's geometry for layout `L`; card turns come from the table's `seed` and the pile number."""

    def __init__(self, L: TableLayout, seed: int, mode: str = "stack", clock: bool = False,
                 tall_prompt: bool = True) -> None:
        self.L = L
        self.seed = seed
        self.clock = clock  # the rules have a game clock: beside the pile ("sides"), a row under it holds it
        size = L.size
        self.mode = mode if L.rows else "stack"  # where the lanes lie (see MODES); round an ellipse: stacked
        self.status_size = px(size, STATUS_PX) if not L.rows else big_min(size)  # the prompt's text size
        self.count_size = px(size, COUNT_PX) if not L.rows else big_min(size)
        self.gap = px(size, GAP_PX)
        # the headline lane holds a banner on its plate, or the photo finish's two rows at the smallest
        # text a player needs, or three as small as 100 % draws it (at a bigger text size, taller than
        # HEADLINE_PX); between rows of mats, two rows of the couch's big words
        plate = max(3, px(size, 10)) // 2 + 1
        self.headline_h = max(px(size, HEADLINE_PX), 2 * self.line(text_min(size)) + plate,
                              3 * self.line(text_for(text_min(size))) + plate)
        if L.rows:
            self.headline_h = max(self.headline_h, 2 * self.line(big_min(size)) + plate)
        line = self.line(self.status_size)
        self.prompt_h = 2 * line  # room for two lines ("Ada:" on a line of its own)
        if self.mode == "sides" and text_scale() > 1 and tall_prompt:  # beside the pile, bigger words: "Ada:",
            self.prompt_h = 3 * line  # then two lines (not `tall_prompt`: the small print has its third, see RatscrewView)
        self.bar_h = max(6, self.status_size // 2)
        self.clock_h = self.line(self.status_size) if clock and self.mode == "sides" else 0  # its row
        self.floor = self._floor()  # how far below the pile's middle its cards reach
        self.ceiling = self._ceiling()  # ... and above it
        self.ok = True  # (between rows of mats) whether the pile and its lanes fit between them
        self._side: tuple[pygame.Rect, pygame.Rect] | None = None  # (headline, prompt) lanes beside the pile
        column = self.column()
        top = round(L.pile.centery - column / 2)
        cx = L.centre[0]
        if L.rows:
            top = self._rows_top(column)
        self.headline_top = top
        self.centre = (cx, round(top + self.headline_h + self.gap + self.ceiling))  # the pile's middle
        if self._side is not None:
            self.centre = (cx, self._side_centre)
        # The top of the prompt under the pile: below the lowest card with a little felt between.
        self.status_top = round(self.centre[1] + self.floor + self.gap)
        self.bar_y = round(self.status_top + self.prompt_h + self.gap + self.bar_h / 2)
        self.pile_zone = self._pile_zone()
        if self._side is not None:
            head, prompt = self._side
            self.headline_top = head.top
            self.status_top = prompt.top
            self.bar_y = round(prompt.top + self.prompt_h + self.gap + self.bar_h / 2)
        self._lanes: tuple[tuple[tuple[int, ...], ...], tuple[pygame.Rect, pygame.Rect]] | None = None

    # -- between rows of mats ---------------------------------------------------------------------------
    def _grown(self) -> list[pygame.Rect]:
        """The mats as they can be drawn (lifted and glowing on their turn), a gap round them."""
        return [s.rect.inflate(2 * self.gap, 2 * self.gap + 2 * max(2, s.rect.h // 22)) for s in self.L.seats]

    def _span(self, half: float) -> tuple[int, int]:
        """(top, bottom) of the felt between the rows over the columns cx ± `half`, a line of notes kept free
        under the upper mats and over the lower ones (a seat's notes go there, beside its mat)."""
        h = self.L.size[1]
        cx = self.L.centre[0]
        edge = max(4, h // 90)
        # a line of notes, or of the big words said at a seat (its turn: issue 37), clear of the mat's lift
        note = max(self.line(px(self.L.size, NOTE_PX)) + self.gap, self.line(big_min(self.L.size)) + self.gap // 2) + 4
        top, bottom = edge, h - edge
        for r in self._grown():
            if r.right <= cx - half or r.left >= cx + half:
                continue
            if r.centery < h / 2:
                top = max(top, r.bottom + note)
            else:
                bottom = min(bottom, r.top - note)
        return top, bottom

    def _rows_top(self, column: int) -> int:
        """The headline lane's top between rows of mats; in "sides" mode, the lanes beside the pile are made
        (`_side`) and the pile centred between the rows. Sets `ok`: whether it all fits."""
        w, h = self.L.size
        cx = self.L.centre[0]
        edge = max(4, h // 90)
        cw, ch = self.L.card_w, self.L.card_h
        left = BOTTOM_DX * cw + _reach(0.0, BOTTOM_ANGLE, JITTER // 2, cw, ch)[0]
        right = max(0.3 * cw + _reach(0.0, 0, JITTER, cw, ch)[0],
                    0.55 * cw + 0.18 * cw + _reach(0.0, BURN_ANGLE, JITTER, cw, ch)[0])
        half = max(left, right)
        if self.mode == "stack":
            head_half = max(half, w * SIDE_LANE_MIN)
            top, bottom = self._span(head_half)
            self.ok = column <= bottom - top and not self._hits(top, column, head_half)
            return round(top + max(0, bottom - top - column) / 2)
        top, bottom = self._span(half)
        under = self.gap + self.clock_h if self.clock_h else 0  # the clock's row under the pile
        reach = self.ceiling + self.floor
        self.ok = reach + under <= bottom - top
        centre = round((top + self.ceiling + bottom - self.floor - under) / 2)
        self._side_centre = centre
        # the headline lane: four rows of the big words (the photo finish's title, winner and cells)
        plate = max(3, px(self.L.size, 10)) // 2 + 1
        talls = (min(reach, max(self.headline_h, 4 * self.line(big_min(self.L.size)) + plate)),
                 self.prompt_h + self.gap + self.bar_h)
        grown = self._grown()
        lanes = []
        for (x0, x1), tall in zip(((edge, round(cx - left) - 2 * self.gap),
                                   (round(cx + right) + 2 * self.gap, w - edge)), talls, strict=True):
            # (each centred on the pile, but the prompt lane where the headline lane is taller: from its top, so the
            # felt under the prompt's bar is in one piece, which holds the small print's two lines at 150 % text
            # where the halves over and under a centred prompt lane did not)
            lane = pygame.Rect(x0, round(centre - max(tall, talls[0]) / 2), max(0, x1 - x0), round(tall))
            for r in grown:  # keep off a mat at the side of the centre
                if r.colliderect(lane):
                    if r.centerx < cx:
                        lane.width, lane.left = max(0, lane.right - r.right), r.right
                    else:
                        lane.width = max(0, r.left - lane.left)
            lanes.append(lane)
            self.ok = self.ok and lane.w >= w * SIDE_LANE_MIN
        head, prompt = lanes
        self._side = (head, pygame.Rect(prompt.x, prompt.y, prompt.w, self.prompt_h))
        return head.top

    def _hits(self, top: int, column: int, half: float) -> bool:
        """Whether a column cx ± `half` from `top`, `column` high, meets a mat."""
        cx = self.L.centre[0]
        col = pygame.Rect(round(cx - half), top, round(2 * half), column)
        return col.collidelist(self._grown()) >= 0

    def share(self) -> float:
        """How much of the window's height the pile takes (wherever its cards can reach)."""
        return (self.ceiling + self.floor) / self.L.size[1]

    def column(self) -> int:
        """The centre column's height: the headline lane, the pile's reach, the prompt lane and the claim
        bar with the gaps between them (the layout's centre is made at least this tall: see RatscrewView)."""
        return round(self.headline_h + self.gap + self.ceiling + self.floor + self.gap + self.prompt_h
                     + self.gap + self.bar_h)

    def line(self, size: int) -> int:
        """The height of one outlined line of bold text at `size` (as drawn, at the player's text size)."""
        drawn = text_px(size)
        found = _LINES.get(drawn)
        if found is None:
            font = get_font(drawn, True)
            found = _LINES[drawn] = max(font.get_linesize(), font.size("Ag")[1]) + 2 * max(1, drawn // 14)
        return found

    # -- the pile's cards ---------------------------------------------------------------------------
    def slot(self, index: int, size: int, gen: int) -> tuple[float, float, int]:
        """(dx, dy, angle) of card `index` in a pile of `size`: the top three fanned, the bottom peeking."""
        cw, ch = self.L.card_w, self.L.card_h
        from_top = size - 1 - index
        if from_top <= 2:
            return ((0.3 - 0.3 * from_top) * cw, 0.0, jitter(self.seed, index, gen))
        if index == 0:  # the bottom card, for top-bottom
            return (-BOTTOM_DX * cw, BOTTOM_DY * ch, BOTTOM_ANGLE + jitter(self.seed, index, gen) // 2)
        return (-0.6 * cw, 0.0, jitter(self.seed, index, gen))  # the rest, under the third card

    def burn_slot(self, i: int, gen: int) -> tuple[float, float, int]:
        """(dx, dy, angle) of burned card `i`: crosswise, sticking out right of the pile (a second row of
        them a little higher), never below the pile's bottom card, so the prompt under the pile is clear."""
        cw, ch = self.L.card_w, self.L.card_h
        k = i % MAX_BURN_SHOWN
        return (
            0.55 * cw + (k % 4) * 0.06 * cw,
            (BURN_DY - (k // 4) * BURN_ROW_DY) * ch,
            BURN_ANGLE + jitter(self.seed, 1000 + i, gen),
        )

    def _floor(self) -> float:
        """How far below the pile's centre its lowest card can reach (the peeking bottom card, the top
        three, the burned cards), whatever their chance turns."""
        cw, ch = self.L.card_w, self.L.card_h
        return max(
            _reach(0.0, 0, JITTER, cw, ch)[1],
            BOTTOM_DY * ch + _reach(0.0, BOTTOM_ANGLE, JITTER // 2, cw, ch)[1],
            BURN_DY * ch + _reach(0.0, BURN_ANGLE, JITTER, cw, ch)[1],
        )

    def _ceiling(self) -> float:
        """How far above the pile's centre its highest card can reach."""
        cw, ch = self.L.card_w, self.L.card_h
        return max(
            _reach(0.0, 0, JITTER, cw, ch)[1],
            _reach(0.0, BOTTOM_ANGLE, JITTER // 2, cw, ch)[1] - BOTTOM_DY * ch,
            _reach(0.0, BURN_ANGLE, JITTER, cw, ch)[1] - (BURN_DY - BURN_ROW_DY) * ch,
        )

    def _pile_zone(self) -> pygame.Rect:
        """Everything the pile's cards can cover, whatever their turns: the seats' notes keep off it."""
        cw, ch = self.L.card_w, self.L.card_h
        left = BOTTOM_DX * cw + _reach(0.0, BOTTOM_ANGLE, JITTER // 2, cw, ch)[0]
        right = max(
            0.3 * cw + _reach(0.0, 0, JITTER, cw, ch)[0],
            0.55 * cw + 0.18 * cw + _reach(0.0, BURN_ANGLE, JITTER, cw, ch)[0],
        )
        cx, cy = self.centre
        return pygame.Rect(
            math.floor(cx - left), math.floor(cy - self.ceiling), math.ceil(left + right) + 1,
            math.ceil(self.ceiling + self.floor) + 1,
        )

    # -- the lanes ----------------------------------------------------------------------------------
    def core_lanes(self) -> tuple[pygame.Rect, pygame.Rect]:
        """(headline lane, prompt lane) as wide as the pile: the least they always have (the layout keeps
        the seats off the pile's width, rows and all). At a bigger text size the headline lane keeps
        HEADLINE_SHARE of the window's width from the seats' notes (the photo finish's names and times)."""
        if self._side is not None:
            return self._side[0].copy(), self._side[1].copy()
        cx = self.centre[0]
        half = self.pile_zone.w // 2
        head = max(half, round(self.L.size[0] * HEADLINE_SHARE / 2)) if text_scale() > 1 else half
        return (pygame.Rect(cx - head, self.headline_top, 2 * head, self.headline_h),
                pygame.Rect(cx - half, self.status_top, 2 * half, self.prompt_h))

    def lanes(self, blocks: list[pygame.Rect]) -> tuple[pygame.Rect, pygame.Rect]:
        """(headline lane, prompt lane): each in its rows, as wide as the felt there allows between the
        seats' panels (lifted on their turn) and `blocks` (the seats' notes lanes, the corner), kept a gap
        from them, centred on the pile; never narrower than the pile."""
        if self._side is not None:  # beside the pile: as made (the notes and the corner keep off them)
            return self.core_lanes()
        key = tuple(tuple(b) for b in blocks)
        if self._lanes is None or self._lanes[0] != key:
            self._lanes = (key, (self._lane(self.headline_top, self.headline_h, blocks),
                                 self._lane(self.status_top, self.prompt_h, blocks)))
        return self._lanes[1]

    def _lane(self, top: int, height: int, blocks: list[pygame.Rect]) -> pygame.Rect:
        L = self.L
        w = L.size[0]
        cx = self.centre[0]
        edge = max(2, self.gap)
        panels = [s.rect.inflate(2 * self.gap, 2 * self.gap + 2 * max(2, s.rect.h // 22)) for s in L.seats]
        most = max(self.pile_zone.w // 2, round(w * WIDEST / 2))
        half = half_room(cx, top, top + height, panels + [b.inflate(self.gap, self.gap) for b in blocks],
                         min(cx - edge, w - cx - edge, most))
        half = max(half or 0, self.pile_zone.w // 2)
        return pygame.Rect(cx - half, top, 2 * half, height)

    def clock_lane(self) -> pygame.Rect:
        """Where the game clock goes: under the pile, as wide as it (with the lanes over and under the pile,
        the prompt lane, which holds it after any prompt said there)."""
        if self._side is None:
            return self.core_lanes()[1]
        half = self.pile_zone.w // 2
        return pygame.Rect(self.centre[0] - half, self.pile_zone.bottom + self.gap, 2 * half, self.clock_h)

    def claim_bar(self, y: float | None = None) -> pygame.Rect:
        """The claim countdown bar, centred on row `y` (its own row under the prompt lane if None)."""
        if self._side is not None:  # under the prompt beside the pile
            lane = self._side[1]
            bar = pygame.Rect(0, 0, min(round(self.L.card_w * 2.2), lane.w), self.bar_h)
            bar.center = (lane.centerx, round(self.bar_y if y is None else y))
            return bar
        bar = pygame.Rect(0, 0, round(self.L.card_w * 2.2), self.bar_h)
        bar.center = (self.centre[0], round(self.bar_y if y is None else y))
        return bar

    def count_at(self) -> tuple[int, int]:
        """The middle of the headline lane, where "12 in the pile" goes when nothing else is there."""
        if self._side is not None:
            return self._side[0].center
        return (self.centre[0], self.headline_top + self.headline_h // 2)

    # -- anchors --------------------------------------------------------------------------------------
    def card_scale(self, a: Anchor) -> float:
        """How big a card is at anchor `a`, as a share of a pile card."""
        return self.L.seat_card_w / self.L.card_w if a[0] == "seat" else 1.0

    def anchor(self, a: Anchor, pile_size: int, gen: int) -> tuple[float, float] | None:
        """This game's anchors (None for the table's shared ones): a pile slot in a pile of `pile_size`, a
        burned card's slot, the pile, and the headline lane (the slap banner's and the tie's place)."""
        cx, cy = self.centre
        kind = a[0]
        if kind == "pile_slot":
            dx, dy, _ = self.slot(a[1], max(a[1] + 1, pile_size), gen)
            return (cx + dx, cy + dy)
        if kind == "burn_slot":
            dx, dy, _ = self.burn_slot(a[1], gen)
            return (cx + dx, cy + dy)
        if kind in ("pile", "centre"):
            return (cx, cy)
        if kind in ("slap_banner", "tie"):
            return self.count_at()
        return None
