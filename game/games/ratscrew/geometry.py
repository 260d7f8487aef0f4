"""Where Ratscrew's pile lies at one window size: the slots of the fanned top three, the peeking bottom
card and the burned cards, how low they can reach, the prompt's row under them, the claim bar, and the
named anchors flyers and banners go to. Made once per layout."""

from __future__ import annotations

import math

import pygame

from game.games.ratscrew.view_model import BURN_ANGLE, JITTER, jitter
from game.render.effects import Anchor
from game.render.layout import TableLayout

MAX_BURN_SHOWN = 8
BOTTOM_DY = 0.06  # of a card's height: how far the peeking bottom card sits below the top ones
BOTTOM_ANGLE = -14
BURN_DY = 0.14  # burned cards lie crosswise under the pile's right side, no lower than the bottom card
BURN_ROW_DY = 0.07


class RatscrewGeometry:
    """The pile's geometry for layout `L`; card turns come from the table's `seed` and the pile number."""

    def __init__(self, L: TableLayout, seed: int) -> None:
        self.L = L
        self.seed = seed
        self.floor = self._floor()
        self.status_size = max(12, round(L.card_h * 0.12))  # the prompt's text size
        # The top of the prompt under the pile: below the lowest card with a little felt between.
        self.status_top = round(L.centre[1] + self.floor + max(3, self.status_size * 0.3))

    def slot(self, index: int, size: int, gen: int) -> tuple[float, float, int]:
        """(dx, dy, angle) of card `index` in a pile of `size`: the top three fanned, the bottom peeking."""
        cw, ch = self.L.card_w, self.L.card_h
        from_top = size - 1 - index
        if from_top <= 2:
            return ((0.3 - 0.3 * from_top) * cw, 0.0, jitter(self.seed, index, gen))
        if index == 0:  # the bottom card, for top-bottom
            return (-0.95 * cw, BOTTOM_DY * ch, BOTTOM_ANGLE + jitter(self.seed, index, gen) // 2)
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

        def reach(dy: float, angle: int, turn: int) -> float:
            return dy * ch + max(
                (abs(math.sin(math.radians(a))) * cw + abs(math.cos(math.radians(a))) * ch) / 2
                for a in range(angle - turn, angle + turn + 1)
            )

        return max(
            reach(0.0, 0, JITTER),
            reach(BOTTOM_DY, BOTTOM_ANGLE, JITTER // 2),
            reach(BURN_DY, BURN_ANGLE, JITTER),
        )

    def claim_bar(self, y: float) -> pygame.Rect:
        """The claim countdown bar, centred on row `y`."""
        bar = pygame.Rect(0, 0, round(self.L.card_w * 2.2), max(6, self.status_size // 2))
        bar.center = (self.L.centre[0], round(y))
        return bar

    def count_at(self) -> tuple[int, int]:
        """The middle of the small print above the pile ("12 in the pile")."""
        return (self.L.centre[0], round(self.L.centre[1] - self.L.card_h * 0.68))

    def card_scale(self, a: Anchor) -> float:
        """How big a card is at anchor `a`, as a share of a pile card."""
        return self.L.seat_card_w / self.L.card_w if a[0] == "seat" else 1.0

    def anchor(self, a: Anchor, pile_size: int, gen: int) -> tuple[float, float] | None:
        """This game's anchors (None for the table's shared ones): a pile slot in a pile of `pile_size`, a
        burned card's slot, the pile, the slap banner above it and the tie banner below it."""
        L = self.L
        cx, cy = L.centre
        kind = a[0]
        if kind == "pile_slot":
            dx, dy, _ = self.slot(a[1], max(a[1] + 1, pile_size), gen)
            return (cx + dx, cy + dy)
        if kind == "burn_slot":
            dx, dy, _ = self.burn_slot(a[1], gen)
            return (cx + dx, cy + dy)
        if kind == "pile":
            return (cx, cy)
        if kind == "slap_banner":
            return (cx, cy - L.card_h * 0.72)
        if kind == "tie":
            return (cx, cy + L.card_h)
        return None
