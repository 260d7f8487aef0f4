"""Where No Thanks' centre lies at one window size: the face-up card, the stack beside it, the pot and its
count, the seats' small cards in runs, what the centre's words keep out of, and the named anchors flyers
go to. Made once per layout."""

from __future__ import annotations

import pygame

from game.games.nothanks import engine as nt
from game.render.card_art import RATIO, card_height
from game.render.effects import Anchor
from game.render.layout import TAG_ROOM, TableLayout
from game.render.tokens import STICK

CENTRE_SCALE = 1.2  # the face-up card is a little larger than a pile card


class NothanksGeometry:
    """The centre's rects for layout `L`; tokens of `token_kind` (sticks or chips)."""

    def __init__(self, L: TableLayout, rules: nt.Rules, token_kind: str) -> None:
        self.L = L
        self.rules = rules
        self.centre_w = round(L.card_w * CENTRE_SCALE)
        r = pygame.Rect(0, 0, self.centre_w, card_height(self.centre_w))
        r.center = (L.centre[0], L.centre[1] - round(L.card_h * 0.08))
        self._centre = r
        deck = pygame.Rect(0, 0, L.card_w, L.card_h)
        deck.midright = (r.left - round(L.card_w * 0.35), r.centery)
        self._deck = deck
        self.pot_point = (r.centerx, r.top + r.h * 0.66)
        # A pot token's size: sticks short enough to stay on the card, clear of the count beside it.
        self.pot_unit = round(self.centre_w * (0.5 if token_kind == STICK else 0.3))
        self.pot_digits_spot = (r.right + round(L.card_w * 0.25), r.centery)  # the pot count's left middle
        self.mini_w = max(14, min(L.seat_card_w, int(L.seats[0].stack.h / RATIO)))  # a seat's small cards
        self.small_size = max(12, round(L.card_h * 0.12))  # the centre's small print ("34 left")
        self._seats_out = self._keep_out_of_seats()

    def centre_rect(self) -> pygame.Rect:
        return self._centre.copy()

    def deck_rect(self) -> pygame.Rect:
        return self._deck.copy()

    def run_positions(self, seat: int, held: list[int]) -> list[tuple[int, int, bool]]:
        """(value, x offset in the stack area, counted?) per held card: runs left to right, lowest first."""
        mw = self.mini_w
        stack_w = self.L.seats[seat].stack.w
        step = 0.62 if self.rules.edition == "numbered" else 0.42  # enough to read each card's index
        xs, x = [], 0.0
        for run in nt.runs(held):
            for i, v in enumerate(run.cards):
                xs.append((v, x, i == 0))
                x += mw * step
            x += mw * (1.0 - step) + mw * 0.2
        natural = x - mw * 0.2
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
