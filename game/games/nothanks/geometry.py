"""Where No Thanks' centre lies at one window size: the face-up card, the stack beside it, the pot and its
count, the seats' small cards in runs, what the centre's words keep out of, and the named anchors flyers
go to. Made once per layout."""

from __future__ import annotations

import math

import pygame

from game.games.nothanks import engine as nt
from game.games.nothanks.text import chips, reference_prompt
from game.render.card_art import INK_SHARE, RATIO, VALUE_INDEX, card_height
from game.render.effects import Anchor
from game.render.layout import TAG_ROOM, TableLayout
from game.render.room import half_room
from game.render.scale import big_min, text_px, word_min
from game.render.text import get_font, keep_together, lines_in_rooms
from game.render.tokens import CHIP, STICK

CENTRE_SCALE = 1.2  # the face-up card is a little larger than a pile card
PROMPT_LINES = 3  # the prompt's lines above the card at most (a longer prompt reads badly in a narrow column)
RUN_GAP = 1.2  # from a run's counted card to the next run, in card widths (the runs close up if need be)
READ_PX = 20  # a seat's small card's index reads from the sofa: its ink as tall as text this big at 1280x720's
TAB_WIDTH = 100  # the card width (px) a tab's share of it is measured at (tab_share)


def tab_share(rules: nt.Rules) -> float:
    """A seat's small card in a row too low for it whole (a bigger text size: the words over the cards take more of
    the mat) shows its top, this much of its width: the tallest index of the deck in play, rank and suit (about
    0.72; an English J's descender pushes its suit to 0.83), and a hair. The big suit under it starts lower."""
    from game.games.nothanks.view_model import card_key
    from game.render.card_art import CardArt

    art = CardArt()
    tallest = max(part.bottom for v in rules.deck_values()
                  for part in art.index_parts(card_key(rules, v, mini=True), TAB_WIDTH))
    return (tallest + 2) / TAB_WIDTH


def reads_width(size: tuple[int, int]) -> int:
    """The narrowest a seat's small card is while its row has the room for its tab (tab_share): its index's
    ink as tall as READ_PX text's, scaling with the window."""
    return math.ceil(INK_SHARE * READ_PX * size[1] / 720 / VALUE_INDEX)


def token_kind(rules: nt.Rules) -> str:
    """The picture of the engine's matches: matchsticks, or chips in the numbered edition."""
    return CHIP if chips(rules) else STICK


def run_step(rules: nt.Rules) -> float:
    """How far (in card widths) a run's next card lies from the one behind it, at the table and on the
    results screen: enough to read the index of each card behind (an A, two digits in the numbered
    edition and from rank 10 on)."""
    if rules.edition == "numbered":
        return 0.66
    return 0.46 if rules.ranks_per_suit <= 9 else 0.6


def prompt_gap(card_h: int) -> int:
    """The felt between the prompt's last line and the face-up card (`card_h` high)."""
    return max(4, card_h // 40)


def text_floor(size: tuple[int, int]) -> int:
    """The smallest text (px) the table draws: the couch's word floor (game.render.scale.WORD_MIN, 24 px at
    1280x720), scaling with the window (never under 10 px)."""
    return max(10, word_min(size))


class NothanksGeometry:
    """The centre's rects for layout `L`; tokens of `token_kind` (sticks or chips)."""

    def __init__(self, L: TableLayout, rules: nt.Rules, token_kind: str) -> None:
        self.L = L
        self.rules = rules
        self.floor = text_floor(L.size)  # no text is smaller
        self.prompt_short = 0  # px the prompt's lines lack above the card, where the seats leave no room
        # the centre's words ("34 left", the prompt): the couch's BIG_MIN at least
        self.small_size = max(12, big_min(L.size), round(L.card_h * 0.12))
        self._seats_out = self._keep_out_of_seats()
        self.centre_w = round(L.card_w * CENTRE_SCALE)
        r = pygame.Rect(0, 0, self.centre_w, card_height(self.centre_w))
        r.center = (L.centre[0], L.centre[1] - round(L.card_h * 0.08))
        if L.rows:  # where the layout kept the felt for it between the rows
            r.top = L.pile.top
        deck = pygame.Rect(0, 0, L.card_w, L.card_h)
        deck.midright = (r.left - round(L.card_w * 0.35), r.centery)
        if L.rows:  # level with the card's top: its "N left" under it takes little felt under the card
            deck.top = r.top
        band = deck.union(r).inflate(round(L.card_w * 0.9), 0)
        if L.rows:
            dy = self._rows_place(band, r.top, r.h, r.h - deck.h)
        else:
            dy = self._room_for_the_prompt(band, r.top, r.h)
        r.move_ip(0, dy)
        deck.move_ip(0, dy)
        self._centre = r
        self._deck = deck
        # Where the pot's tokens lie on the card: chips low on it, under the numbered card's big printed
        # number (at 0.66 a pile covered its lower half: 24 read as 34 from the sofa); sticks, longer, across
        # the middle of the pips.
        self.pot_point = (r.centerx, r.top + r.h * (0.66 if token_kind == STICK else 0.8))
        # A pot token's size: sticks short enough to stay on the card, clear of the count beside it.
        self.pot_unit = round(self.centre_w * (0.5 if token_kind == STICK else 0.3))
        self.pot_digits_spot = (r.right + round(L.card_w * 0.25), r.centery)  # the pot count's left middle
        # a seat's small cards: as big as the lowest row of cards lets them be whole (mats in rows differ); where
        # that is too small to read (a bigger text size takes more of the mat for its words) as big as reads, the
        # row showing their tops (tab_share: index and suit), as far as the lowest row has the room
        self.mini_w = max(14, min(L.seat_card_w, min(int(s.stack.h / RATIO) for s in L.seats)))
        self.tab_share = RATIO
        if self.mini_w < reads_width(L.size):
            self.tab_share = tab_share(rules)
            self.mini_w = max(self.mini_w, min(L.seat_card_w, reads_width(L.size),
                                               min(int(s.stack.h / self.tab_share) for s in L.seats)))

    def _rows_place(self, band: pygame.Rect, top: int, height: int, deck_short: int) -> int:
        """How far to move the stack and the card (its top at `top`, `height` high; the stack `deck_short`
        less high, level with it at the top) between two rows of mats: the prompt at the biggest size it
        fits at (from the centre's size down to the couch's BIG_MIN as drawn) over the card, across the
        centre or on a few lines up between the top mats, the stack's "N left" under the stack, the card
        as near the middle of the felt the mats leave (their tags, lift and glow kept clear) as the prompt
        lets it be. Where nothing fits, `prompt_short` says so (the view then tries smaller centre cards)."""
        drawn = text_px(self.small_size)
        cy = band.centery
        mid_h = self.L.size[1] // 2  # (mats at the sides, across the window's middle, are no row)
        across = [b for b in self._seats_out if b.right > band.left and b.left < band.right
                  and not b.top < mid_h < b.bottom]
        felt_top = max((b.bottom for b in across if b.centery < cy), default=0)
        felt_bottom = min((b.top for b in across if b.centery >= cy), default=self.L.size[1])
        label = get_font(drawn, True).get_height() + 2 * max(1, drawn // 14)
        below = max(0, 6 + label - deck_short)  # "N left" under the stack, past the card's bottom
        # felt for a note over a mat of the bottom row (its seat's notes lane), where it can be had and the row
        # leaves no felt beside its mats (three or more of them across the window)
        notes = get_font(text_px(word_min(self.L.size)), True).get_height() + 2 * max(1, drawn // 14) + 4
        # ... or, better, a line of the big words: the turn prompt said at the seat's mat (issue 37)
        said = get_font(text_px(big_min(self.L.size)), True).get_height() + 2 * max(1, drawn // 14) + 4
        low_row = [s for s in self.L.seats if s.rect.top > mid_h]
        lanes = (said, notes, 0) if len(low_row) >= 3 else (0,)
        lo = felt_top
        self.prompt_short = 0
        # (the lane for the prompt said at a bottom seat first: the prompt over the card is its fallback)
        for lane in lanes:
            for size in sorted({drawn, *range(drawn, big_min(self.L.size) - 1, -3), big_min(self.L.size)}, reverse=True):
                hi = felt_bottom - below - height - lane
                for most in range(1, PROMPT_LINES + 1):  # on as few lines as will do: one across the centre, best
                    if hi < lo or not self._prompt_fits(hi, height, size, most):
                        continue
                    first, last = lo, hi  # the highest card top the prompt fits over (more room the lower the card)
                    while first < last:
                        mid = (first + last) // 2
                        if self._prompt_fits(mid, height, size, most):
                            last = mid
                        else:
                            first = mid + 1
                    return max(first, (lo + hi) // 2) - top
        hi = felt_bottom - below - height
        self.prompt_short = get_font(drawn, True).get_height()
        return max(lo, hi) - top

    def _prompt_fits(self, card_top: int, height: int, drawn: int, most: int = PROMPT_LINES) -> bool:
        """Whether the reference prompt fits on at most `most` lines of `drawn` px over a card whose top is
        at `card_top` (`height` high), clear of the seats."""
        ref = keep_together(self._reference_prompt(), True)
        cx = self.L.centre[0]
        widest = min(cx, self.L.size[0] - cx) - 2
        font = get_font(drawn, True)
        pad = 2 * max(1, drawn // 14)  # the outline
        lh = font.get_height() + pad
        bottom = card_top - prompt_gap(height)
        rooms = []
        for k in range(most + 1):
            half = half_room(cx, bottom - k * lh, bottom, self._seats_out, widest) if bottom >= k * lh else None
            rooms.append(0 if half is None else max(0, 2 * (half - 2) - pad))
        return lines_in_rooms(ref, font, rooms) is not None

    def _room_for_the_prompt(self, band: pygame.Rect, top: int, height: int) -> int:
        """How far to move the stack and the card down so that the prompt (a reference prompt naming both
        keys, at the centre's size) fits on at most PROMPT_LINES lines above the card, centred on it and
        clear of the seats round it, while "N left" and the teaching aid's sum keep their line under it
        (`band`: the stack, the card and the pot's count); 0 if there is room already, or none to gain.
        Where even the lowest place leaves the prompt short, `prompt_short` says so (the view then tries
        smaller centre cards)."""
        drawn = text_px(self.small_size)  # at the player's text size
        # under the card: "N left" under the stack (a smaller card, level with the card's middle) and, round
        # an ellipse, the teaching aid's sum (a size larger; in two rows of seats it goes beside the card)
        lowest_deck = (height - card_height(self.L.card_w)) / 2
        line_below = max(1.6 * drawn - lowest_deck, 0) if self.L.rows else 2.0 * drawn
        below = [b.top for b in self._seats_out if b.right > band.left and b.left < band.right
                 and b.top >= band.bottom]
        high = round(min(below, default=self.L.size[1]) - line_below - height)  # the card's top at the most
        ref = keep_together(self._reference_prompt(), True)
        cx = self.L.centre[0]
        widest = min(cx, self.L.size[0] - cx) - 2

        def fits(card_top: int, drawn: int) -> bool:
            font = get_font(drawn, True)
            pad = 2 * max(1, drawn // 14)  # the outline
            lh = font.get_height() + pad
            bottom = card_top - prompt_gap(height)
            rooms = []
            for k in range(PROMPT_LINES + 1):
                half = half_room(cx, bottom - k * lh, bottom, self._seats_out, widest) if bottom >= k * lh else None
                rooms.append(0 if half is None else max(0, 2 * (half - 2) - pad))
            return lines_in_rooms(ref, font, rooms) is not None

        # the prompt's size as the words fit it: from the centre's size down to the couch's BIG_MIN as drawn
        for size in sorted({drawn, *range(drawn, big_min(self.L.size) - 1, -3), big_min(self.L.size)}, reverse=True):
            for card_top in range(top, max(top, high) + 1, 2):
                if fits(card_top, size):
                    self.prompt_short = 0
                    return card_top - top
        self.prompt_short = get_font(drawn, True).get_height()  # no place leaves the prompt room enough
        return max(0, high - top)

    def _reference_prompt(self) -> str:
        """A prompt naming both keys, as the table words it, for the room it needs."""
        return reference_prompt(chips(self.rules))

    def centre_rect(self) -> pygame.Rect:
        return self._centre.copy()

    def deck_rect(self) -> pygame.Rect:
        return self._deck.copy()

    def run_step(self) -> float:
        return run_step(self.rules)

    def run_positions(self, seat: int, held: list[int]) -> list[tuple[int, int, bool]]:
        """(value, x offset in the stack area, counted?) per held card, in drawing order (back to front):
        runs left to right, lowest run first; in a run the highest card lies at the back, on the left,
        and the counted (lowest) card on top, whole, on the right, as on the results screen. Short of
        room, the runs close up first (down to a step, as in a run: every index still shows), then
        everything is squeezed evenly."""
        mw = self.mini_w
        stack_w = self.L.seats[seat].stack.w
        step = self.run_step()
        runs = nt.runs(held)
        if not runs:
            return []
        inside = sum(len(r.cards) - 1 for r in runs) * step  # in card widths
        gap = RUN_GAP
        if runs[1:] and (inside + (len(runs) - 1) * gap + 1) * mw > stack_w:
            gap = max(step + 0.08, (stack_w / mw - 1 - inside) / (len(runs) - 1))
        xs, x = [], 0.0
        for run in runs:
            order = run.cards[::-1]
            for i, v in enumerate(order):
                xs.append((v, x, v == run.counted))
                if i < len(order) - 1:
                    x += math.ceil(mw * step)  # whole pixels: the index behind is never cut by rounding
            x += mw * gap
        natural = x - mw * gap + mw
        squeeze = 1.0 if natural <= stack_w or natural <= mw else (stack_w - mw) / (natural - mw)
        return [(v, round(px * squeeze), counted) for v, px, counted in xs]

    def _keep_out_of_seats(self) -> list[pygame.Rect]:
        out = []
        for box in self.L.seats:
            r = box.rect
            side = max(3, r.h // 14) + 2
            above = max(side + max(2, r.h // 22), round(r.h * TAG_ROOM) + 2)
            out.append(pygame.Rect(r.x - side, r.y - above, r.w + 2 * side, r.h + above + side))
        return out

    def keep_out(self, corner: pygame.Rect | None) -> list[pygame.Rect]:
        """Where the centre's texts must not go: every seat's panel with its glow and its lift when on turn,
        the tag on its top edge, and the corner's small print (if placed)."""
        return [*self._seats_out, corner] if corner is not None else list(self._seats_out)

    def card_scale(self, a: Anchor) -> float:
        """How big a card is at anchor `a`, as a share of the face-up card."""
        if a[0] == "deck":
            return self.L.card_w / self.centre_w
        if a[0] == "seat_card":
            return self.mini_w / self.centre_w
        return 1.0

    def anchor(self, a: Anchor) -> tuple[float, float] | None:
        """This game's anchors (None for the others): the face-up card, the stack, the pot, and where a
        taken card will sit in its seat's runs (("seat_card", seat, value, the seat's cards))."""
        kind = a[0]
        if kind == "centre":
            return self._centre.center
        if kind == "deck":
            return self._deck.center
        if kind == "pot":
            return self.pot_point
        if kind == "seat_card":
            seat, value, held = a[1], a[2], a[3]
            box = self.L.seats[seat]
            mw = self.mini_w
            for v, x, _ in self.run_positions(seat, list(held)):
                if v == value:
                    return (box.stack.x + x + mw / 2, box.stack.y + card_height(mw) / 2)
            return box.stack.center
        return None
