"""Where No Thanks' centre lies at one window size: the face-up card, the stack beside it, the pot and its
count, the seats' small cards in runs, what the centre's words keep out of, and the named anchors flyers
go to. Made once per layout."""

from __future__ import annotations

import math

import pygame

from game.games.nothanks import engine as nt
from game.games.nothanks.text import chips
from game.i18n import t
from game.render.card_art import RATIO, card_height
from game.render.effects import Anchor
from game.render.fonts import get_font
from game.render.layout import TAG_ROOM, TableLayout
from game.render.room import half_room
from game.render.scale import text_px, text_scale
from game.render.tokens import CHIP, STICK

CENTRE_SCALE = 1.2  # the face-up card is a little larger than a pile card
RUN_GAP = 1.2  # from a run's counted card to the next run, in card widths (the runs close up if need be)


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


def text_floor(size: tuple[int, int]) -> int:
    """The smallest text (px) the table draws: 20 px at 1280x720, scaling with the window (never under
    10 px)."""
    w, h = size
    return max(10, round(min(w / 64, h / 36)))


class NothanksGeometry:
    """The centre's rects for layout `L`; tokens of `token_kind` (sticks or chips)."""

    def __init__(self, L: TableLayout, rules: nt.Rules, token_kind: str) -> None:
        self.L = L
        self.rules = rules
        self.floor = text_floor(L.size)  # no text is smaller
        self.prompt_short = 0  # px the prompt's lines lack above the card, where the seats leave no room
        self.small_size = max(12, self.floor, round(L.card_h * 0.12))  # the centre's small print ("34 left")
        self._seats_out = self._keep_out_of_seats()
        self.centre_w = round(L.card_w * CENTRE_SCALE)
        r = pygame.Rect(0, 0, self.centre_w, card_height(self.centre_w))
        r.center = (L.centre[0], L.centre[1] - round(L.card_h * 0.08))
        deck = pygame.Rect(0, 0, L.card_w, L.card_h)
        deck.midright = (r.left - round(L.card_w * 0.35), r.centery)
        dy = self._room_for_the_prompt(deck.union(r).inflate(round(L.card_w * 0.9), 0), r.top, r.h)
        r.move_ip(0, dy)
        deck.move_ip(0, dy)
        self._centre = r
        self._deck = deck
        self.pot_point = (r.centerx, r.top + r.h * 0.66)
        # A pot token's size: sticks short enough to stay on the card, clear of the count beside it.
        self.pot_unit = round(self.centre_w * (0.5 if token_kind == STICK else 0.3))
        self.pot_digits_spot = (r.right + round(L.card_w * 0.25), r.centery)  # the pot count's left middle
        self.mini_w = max(14, min(L.seat_card_w, int(L.seats[0].stack.h / RATIO)))  # a seat's small cards

    def _room_for_the_prompt(self, band: pygame.Rect, top: int, height: int) -> int:
        """How far to move the stack and the card down so that the prompt gets two lines as wide as the
        centre (`band`: the stack, the card and the pot's count) above the card, clear of the seats
        above it, while "N left" and the teaching aid's sum keep their line under it; 0 if there is room
        already, or none to gain."""
        drawn = text_px(self.small_size)  # at the player's text size
        lines_above = 1.35 * self._prompt_lines(drawn, top) * drawn  # the prompt's lines, outlines and gap
        line_below = 2.0 * drawn  # the sum (a size larger) and its gap
        # seats beside the stack and the card (level with them) are neither above nor below
        above = [b.bottom for b in self._seats_out if b.right > band.left and b.left < band.right
                 and b.bottom <= band.top]
        below = [b.top for b in self._seats_out if b.right > band.left and b.left < band.right
                 and b.top >= band.bottom]
        low = max(above, default=0) + lines_above  # the card's top at the least
        high = min(below, default=self.L.size[1]) - line_below - height  # ... and at the most
        dy = max(0, round(min(low, high) - top))
        self.prompt_short = max(0, round(low - top - dy))  # what the prompt still lacks (the view shrinks the cards)
        return dy

    def _prompt_lines(self, drawn: int, top: int) -> int:
        """How many lines the prompt takes above the card: two; at a bigger text size, as many (up to four)
        as a prompt naming both keys takes between the seats above the card."""
        if text_scale() <= 1.0:
            return 2
        name = t("Player {n}", n=1)
        if chips(self.rules):
            ref = t("{name}: take it ({take}) or pay a chip ({pay})?", name=name, take="Q", pay="L-Shift")
        else:
            ref = t("{name}: take it ({take}) or pay a match ({pay})?", name=name, take="Q", pay="L-Shift")
        cx = self.L.centre[0]
        half = half_room(cx, round(top - 2.7 * drawn), top, self._seats_out, cx)
        if not half:
            return 2
        return max(2, min(4, math.ceil(get_font(drawn, True).size(ref)[0] / (2 * half))))

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
