"""The school's dealer: picks each next card so that a share of piles make a pattern of the drill, a share
*almost* make one (near misses, so a correct "don't slap" is practised too), and the rest make nothing.
Pure and seeded: the only randomness is the `random.Random` it is given.

A pattern that the pile cannot make at once (a marriage needs a king on top, a divorce a king two cards
down, four of a suit three cards of one suit on top) is set up first: the dealer lays the cards that
make it possible — never slappable ones — and finishes the pattern with the next card.

The rank rules care for ranks only: the dealer weighs ranks and draws the suit last. With four of a suit
in the drill, that suit is drawn so that the card does what its rank was chosen for (no four of a suit,
nor the near miss of one, by accident), and four of a suit itself is made, and set up, suit first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game import cards
from game.games.ratscrew.school.drills import Drill, near_miss, slappable

SLAP_SHARE = 0.35  # cards meant to make a pattern
NEAR_SHARE = 0.3  # cards meant to make a near miss
NEWEST_SHARE = 0.5  # of the patterns and near misses: the drill's newest rule (the rest: any of its rules)
SETUP_DEPTH = 2  # cards laid at most to set a pattern up
MAX_SETUP_PILE = 7  # no setting up on a pile this long (the session sweeps a pile of 8)

SLAP, NEAR, PLAIN = "slap", "near", "plain"
FOUR = "four_of_a_suit"
FOUR_SETUP_DEPTH = 3  # four of a suit sets up from any pile: three cards of the suit on top, the fourth makes it
_TWIN = {"C": "S", "S": "C", "D": "H", "H": "D"}  # the other suit of a suit's colour


def spread(cards: int, count: int, rng: random.Random) -> frozenset[int]:
    """Where (card indexes from 0) `count` patterns go among `cards` cards, at random but spread over them: each
    pattern with a card under it (a pattern's pile is swept, so the next card lies alone), the other cards
    dealt one by one to the stretches before, between and after them, none given more than an even share and
    one (`spread_cap`): no pattern comes late, and no pile under one grows long."""
    spare = cards - 2 * count  # the cards that are neither a pattern nor the one under it
    if count < 1 or spare < 0:
        raise ValueError(f"{count} patterns, each on a card of its own, do not fit {cards} cards")
    stretches = [0] * (count + 1)
    cap = spread_cap(cards, count)
    for _ in range(spare):
        stretches[rng.choice([k for k, n in enumerate(stretches) if n < cap])] += 1
    at, index = [], -1
    for k in range(count):
        index += stretches[k] + 2  # the stretch's cards, the card under the pattern, the pattern
        at.append(index)
    return frozenset(at)


def spread_cap(cards: int, count: int) -> int:
    """The most cards `spread` puts before, between or after its patterns (a pile under one is at most one
    more)."""
    return -(-(cards - 2 * count) // (count + 1)) + 1


class Dealer:
    """`next_card(pile)` -> (card, what it was meant to make: SLAP, NEAR or PLAIN).

    With a `plan` (card indexes, as `spread` gives them) the patterns come exactly there and nowhere else: the
    Fair start's check, whose figure needs a few slaps in its 20 seconds. A plan is for patterns one card
    makes (the check's doubles): on a pile of at most six cards (`spread` with a `spread_cap` of five or less
    keeps them so) a double can always be made, as four cards of a rank, none on another, take seven."""

    def __init__(self, drill: Drill, rng: random.Random, plan: frozenset[int] | None = None) -> None:
        self.drill = drill
        self.rules = drill.rules
        self.rng = rng
        self.plan = plan
        self.dealt = 0  # cards dealt so far (the plan's index of the next)
        self.goal: tuple[str, str] | None = None  # (SLAP or NEAR, rule) being set up: made once the pile allows
        self._suits = FOUR in self.rules.slaps  # a card's suit matters

    def next_card(self, pile: Sequence[str]) -> tuple[str, str]:
        pile = tuple(pile)
        index, self.dealt = self.dealt, self.dealt + 1
        if self.plan is not None:
            return self._planned(pile, index in self.plan)
        if self.goal is not None:
            kind, rule = self.goal
            card = self._making(pile, kind, rule)
            if card is not None:
                self.goal = None
                return card, kind
            step = self._setup(pile, kind, rule, SETUP_DEPTH)
            if step is not None:
                return step, PLAIN
            self.goal = None
        roll = self.rng.random()
        if roll < SLAP_SHARE + NEAR_SHARE:
            kind = SLAP if roll < SLAP_SHARE else NEAR
            rule = self.drill.newest if self.rng.random() < NEWEST_SHARE else self.rng.choice(self.drill.slaps)
            card = self._making(pile, kind, rule)
            if card is not None:
                return card, kind
            step = self._setup(pile, kind, rule, SETUP_DEPTH)
            if step is not None:
                self.goal = (kind, rule)
                return step, PLAIN
            card = self._near(pile) if kind == NEAR else None
            if card is not None:
                return card, NEAR
        return self._plain(pile), PLAIN

    def _planned(self, pile: tuple[str, ...], pattern: bool) -> tuple[str, str]:
        """The next card by the plan: a pattern where it says (the drill's newest rule, or any of its rules
        as unplanned dealing weighs them), else a near miss (as often among the other cards as unplanned
        dealing makes them) or a plain card; never a pattern the plan did not ask for."""
        if pattern:
            rule = self.drill.newest if self.rng.random() < NEWEST_SHARE else self.rng.choice(self.drill.slaps)
            card = self._making(pile, SLAP, rule) or self._making(pile, SLAP, self.drill.newest)
            if card is not None:
                return card, SLAP
        elif self.rng.random() < NEAR_SHARE / (1 - SLAP_SHARE):
            card = self._near(pile)
            if card is not None:
                return card, NEAR
        return self._plain(pile), PLAIN

    def pile_for(self, kind: str, rule: str, lead: int = 1) -> tuple[str, ...] | None:
        """A whole pile, bottom first, whose top card makes `rule` (SLAP) or a near miss of it and nothing
        else (NEAR): `lead` plain cards, the cards that set it up, then the one that makes it; None if this
        try found none (try again: the choices are random)."""
        pile: tuple[str, ...] = ()
        for _ in range(lead):
            pile += (self._plain(pile),)
        for _ in range(FOUR_SETUP_DEPTH + 1):
            card = self._making(pile, kind, rule)
            if card is not None:
                pile += (card,)
                made = slappable(pile, self.rules)[0]
                if kind == SLAP:
                    return pile if made == rule else None
                return pile if made is None and near_miss(pile, self.rules)[0] == rule else None
            step = self._setup(pile, kind, rule, SETUP_DEPTH)
            if step is None:
                return None
            pile += (step,)
        return None

    # -- choices ----------------------------------------------------------------------------------
    def _free(self, pile: tuple[str, ...], rank: str) -> list[str]:
        """The cards of `rank` not on the pile (one deck: each card at most once in a pile)."""
        return [rank + s for s in cards.SUITS if rank + s not in pile]

    def _card(self, pile: tuple[str, ...], ranks: list[str]) -> str | None:
        """A card of one of `ranks` (chosen at random) that is not on the pile yet, or None; where suits
        matter, of a suit that makes the pile what the rank alone would."""
        ranks = list(ranks)
        self.rng.shuffle(ranks)
        for rank in ranks:
            free = self._free(pile, rank)
            if self._suits:
                free = [card for card in free if self._as_its_rank(pile, card)]
            if free:
                return self.rng.choice(free)
        return None

    def _as_its_rank(self, pile: tuple[str, ...], card: str) -> bool:
        """Whether `card` on `pile` is slappable, or a near miss, by the same rule as a card of its rank."""
        blind = pile + (card[0] + "X",)
        real = pile + (card,)
        return (slappable(real, self.rules)[0] == slappable(blind, self.rules)[0]
                and near_miss(real, self.rules)[0] == near_miss(blind, self.rules)[0])

    # -- four of a suit: suit first ---------------------------------------------------------------
    def _four(self, pile: tuple[str, ...], kind: str) -> str | None:
        """A card that makes four of a suit now (SLAP: the suit of the three on top), or its near miss (NEAR:
        the other suit of their colour), or None."""
        if len(pile) < 3 or not pile[-1][1] == pile[-2][1] == pile[-3][1]:
            return None
        suit = pile[-1][1] if kind == SLAP else _TWIN[pile[-1][1]]
        made = []
        for rank in cards.RANKS:
            card = rank + suit
            if card in pile:
                continue
            real = pile + (card,)
            rule = slappable(real, self.rules)[0]
            if (rule == FOUR) if kind == SLAP else (rule is None and near_miss(real, self.rules)[0] == FOUR):
                made.append(card)
        return self.rng.choice(made) if made else None

    def _setup_four(self, pile: tuple[str, ...]) -> str | None:
        """A card slappable by nothing, of the suit on top (any suit on an empty pile), when three of it on
        top are then at most `FOUR_SETUP_DEPTH` cards away; or None."""
        if len(pile) + FOUR_SETUP_DEPTH > MAX_SETUP_PILE + 1:
            return None
        suit = pile[-1][1] if pile else self.rng.choice(cards.SUITS)
        run = next((i for i in range(1, 4) if i > len(pile) or pile[-i][1] != suit), 4) - 1
        if run >= 3 or 3 - run > FOUR_SETUP_DEPTH:
            return None
        quiet = [rank + suit for rank in cards.RANKS if rank + suit not in pile
                 and slappable(pile + (rank + suit,), self.rules)[0] is None]
        return self.rng.choice(quiet) if quiet else None

    def _rule_with(self, pile: tuple[str, ...], rank: str) -> str | None:
        return slappable(pile + (rank + "X",), self.rules)[0]

    def _makes(self, pile: tuple[str, ...], rank: str, kind: str, rule: str) -> bool:
        """Whether a card of `rank` on `pile` makes `rule` (SLAP) or a near miss of it (NEAR)."""
        if kind == SLAP:
            return self._rule_with(pile, rank) == rule
        return near_miss(pile + (rank + "X",), self.rules)[0] == rule

    def _making(self, pile: tuple[str, ...], kind: str, rule: str) -> str | None:
        """A card that makes `rule` (or a near miss of it) now, or None."""
        if rule == FOUR:
            return self._four(pile, kind)
        return self._card(pile, [r for r in cards.RANKS if self._makes(pile, r, kind, rule)])

    def _setup(self, pile: tuple[str, ...], kind: str, rule: str, depth: int) -> str | None:
        """A card that is slappable by nothing after which `rule` (or its near miss) can be made within
        `depth` cards, or None."""
        if rule == FOUR:
            return self._setup_four(pile)
        if depth <= 0 or len(pile) >= MAX_SETUP_PILE:
            return None
        quiet = [r for r in cards.RANKS if self._rule_with(pile, r) is None]
        self.rng.shuffle(quiet)
        for rank in quiet:
            card = self._card(pile, [rank])
            if card is not None and any(self._makes(pile + (card,), r, kind, rule) for r in cards.RANKS):
                return card
        if depth > 1:
            for rank in quiet:
                card = self._card(pile, [rank])
                if card is not None and self._setup(pile + (card,), kind, rule, depth - 1) is not None:
                    return card
        return None

    def _near(self, pile: tuple[str, ...]) -> str | None:
        """A card that makes a near miss of any rule, or None."""
        near = [r for r in cards.RANKS if self._rule_with(pile, r) is None
                and near_miss(pile + (r + "X",), self.rules)[0] is not None]
        return self._card(pile, near)

    def _plain(self, pile: tuple[str, ...]) -> str:
        """A card that makes neither a pattern nor a near miss (else at least no pattern)."""
        quiet = [r for r in cards.RANKS if self._rule_with(pile, r) is None]
        plain = [r for r in quiet if near_miss(pile + (r + "X",), self.rules)[0] is None]
        card = self._card(pile, plain) or self._card(pile, quiet) or self._card(pile, list(cards.RANKS))
        assert card is not None, "a pile of at most 8 cards leaves a card of some rank free"
        return card
