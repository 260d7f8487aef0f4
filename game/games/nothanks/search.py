"""The hard bot's search loop (bots.HardBot): the nodes of its tree, one pretend game (`SearchTable.iterate`),
the table model's play (`play`) and the reward (`reward`).

This is the hot part of the hard bot and of the coach, so it is kept apart and fully typed: where a C
compiler is there, `python build/speedups.py` compiles this very file with mypyc into an extension module
(about four times faster), and where not, it runs as plain Python. Both give the same results, bit for bit
(tests/test_search_speedups.py plays the same searches through each). Nothing here reads anything but its
arguments and the constants below, so a compiled copy never goes stale behind a setting.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

# Reward (0 to 1): this share for a win (split among tied winners, the guard), the rest linear in the
# score margin over the best other seat (the span given counts ±span/2 points).
WIN_WEIGHT: Final = 0.5

# What one seat's rule is, by matches held: the net loss it accepts before its noise; its noise; its milk.
Rule = tuple[list[float], float, float]
# The decisions that follow a move, by what the searching seat then sees: (card, pot, the match counts it
# sees, every seat's hand as a bit set).
Key = tuple[int, int, tuple[int, ...], tuple[int, ...]]


class Choice:
    """One of the bot's moves at a decision: how often it was tried, its summed reward, and the
    decisions it led to, by what the bot then sees (`Decision` by key)."""

    __slots__ = ("next", "total", "visits")

    def __init__(self) -> None:
        self.visits: int = 0
        self.total: float = 0.0
        self.next: dict[Key, Decision] = {}

    @property
    def value(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class Decision:
    """A decision of the searching seat, as it sees it (an information set): its two moves."""

    __slots__ = ("pay", "take", "visits")

    def __init__(self) -> None:
        self.visits: int = 0
        self.take: Choice = Choice()
        self.pay: Choice = Choice()


class Model:
    """A pretend table's play rules: per seat its allowances (by matches held), noise and milk, and per
    starting seat the round of seats that `play` walks: (offset, seat, allowances, noise, milk)."""

    def __init__(self, rules: list[Rule]) -> None:
        n = len(rules)
        self.n: int = n
        self.allow: list[list[float]] = [r[0] for r in rules]
        self.noises: list[float] = [r[1] for r in rules]
        self.milks: list[float] = [r[2] for r in rules]
        rounds: list[list[tuple[int, int, list[float], float, float]]] = []
        for cp in range(n):
            ring = []
            for offset in range(n):
                seat = (cp + offset) % n
                ring.append((offset, seat, self.allow[seat], self.noises[seat], self.milks[seat]))
            rounds.append(ring)
        self.rounds: list[list[tuple[int, int, list[float], float, float]]] = rounds


def mask_cost(mask: int, card: int) -> int:
    """How much taking `card` changes the card points of the hand `mask` (a bit set of held values), runs
    counted (negative = it helps)."""
    if mask >> (card - 1) & 1:
        return -(card + 1) if mask >> (card + 1) & 1 else 0
    return -1 if mask >> (card + 1) & 1 else card


def play(pool: list[int], left: int, card: int, pot: int, cp: int, matches: list[int], masks: list[int],
         pens: list[int], same: bool, rand: Callable[[], float], me: int, stop: bool, table: Model,
         ) -> tuple[int, int, int]:
    """Play on by the table model: a seat takes once the pot covers its run-aware cost less a small noisy
    allowance that grows as its matches run low; a card that extends its own run it lets go round until
    the pot reaches a small random target (someone else may take it first); seat `me` plays a stronger
    rule that keeps its matches. With `stop`, returns as soon as `me` must decide (card, pot, cards left
    in the stack); otherwise, and at the end, card is 0. Each card's round of payments is skipped over
    arithmetically instead of pass by pass; `pens` follows each seat's card points. `pool` holds the
    unseen cards; the stack's next card is drawn from it at random (`left` of them)."""
    n = table.n
    rounds = table.rounds
    halt = me if stop else -1
    while True:
        best = 1 << 30
        taker = cp
        taker_cost = 0
        below = 1 << (card - 1)
        above = below << 2
        near = below | above
        ring = rounds[cp]
        for offset, seat, allow, noise, milk in ring:
            if best <= offset:
                break  # a seat before this one takes first
            m = matches[seat]
            if seat == halt and m:
                for _ in range(offset):  # everyone before it pays once; then it decides
                    matches[cp] -= 1
                    cp = cp + 1 if cp + 1 < n else 0
                return card, pot + offset, left
            mask = masks[seat]
            if mask & near:  # the card joins one of its runs: it costs nothing or less
                if mask & below:
                    cost = -(card + 1) if mask & above else 0
                else:
                    cost = -1
                gap = milk * rand() - pot - offset
            else:
                cost = card
                gap = card - noise * rand() - allow[m] - pot - offset
            if gap <= 0:
                when = offset
            else:
                visits = int((gap + n - 1e-9) / n)
                when = (m if visits > m else visits) * n + offset  # noqa: FURB136 (no call in the hot loop)
            if when < best:
                best = when
                taker = seat
                taker_cost = cost
        if best:
            for offset, seat, _, _, _ in ring:
                if offset >= best:
                    break
                matches[seat] -= (best - offset + n - 1) // n
            pot += best
        masks[taker] |= below << 1
        pens[taker] += taker_cost
        matches[taker] += pot
        pot = 0
        if not left:
            return 0, 0, 0
        i = int(rand() * len(pool))
        card = pool[i]
        pool[i] = pool[-1]
        pool.pop()
        left -= 1
        cp = taker if same else (taker + 1 if taker + 1 < n else 0)


def reward(matches: list[int], pens: list[int], n: int, me: int, span: float) -> float:
    """Seat `me`'s reward, 0 to 1: WIN_WEIGHT for a win (ties broken by matches left, then shared) plus
    the rest linear in the score margin over the best other seat (±span/2 points fill or empty it)."""
    mine = matches[me] - pens[me]
    other = max(matches[s] - pens[s] for s in range(n) if s != me)
    margin = mine - other
    part = 0.5 + margin / span
    part = 0.0 if part < 0.0 else min(part, 1.0)
    result = (1.0 - WIN_WEIGHT) * part
    if margin > 0:
        return result + WIN_WEIGHT
    if margin < 0:
        return result
    keys = [(matches[s] - pens[s], matches[s]) for s in range(n)]
    best = max(keys)
    if keys[me] != best:
        return result
    return result + WIN_WEIGHT / keys.count(best)


class SearchTable:
    """One search's table: its size, the searching seat, the rules that matter, and the iteration.

    `ways`: per other seat in seat order, the rules it may play as (cumulative share, rule's index in
    `rules`); `mine`: the searching seat's own rule. The model of each mix of rules is made when first drawn.
    """

    def __init__(self, n: int, me: int, same: bool, seen: tuple[int, ...], rand: Callable[[], float],
                 ways: list[list[tuple[float, int]]], rules: list[Rule], mine: Rule, c: float,
                 span: float) -> None:
        self.n = n
        self.me = me
        self.same = same
        self.seen = seen
        self.all_seen = len(seen) == n
        self.rand = rand
        self.ways = ways
        self.rules = rules
        self.mine = mine
        self.c = c
        self.span = span
        self.tables: dict[tuple[int, ...], Model] = {}

    def model(self, mix: tuple[int, ...]) -> Model:
        """The pretend table where the other seats play the rules of `mix` (in seat order)."""
        table = self.tables.get(mix)
        if table is None:
            rules: list[Rule] = []
            k = 0
            for s in range(self.n):
                if s == self.me:
                    rules.append(self.mine)
                else:
                    rules.append(self.rules[mix[k]])
                    k += 1
            table = self.tables[mix] = Model(rules)
        return table

    def iterate(self, root: Decision, pool: list[int], left: int, card: int, pot: int, matches: list[int],
                masks: list[int], pens: list[int]) -> None:
        """One pretend game from the root: down the tree by UCB (the others by the table model between
        this seat's turns), one new decision node, then everyone by the table model to the end. `pool`
        holds every unseen card; the stack's next card is drawn from it at random (`left` of them)."""
        n, me, same, rand, seen = self.n, self.me, self.same, self.rand, self.seen
        c = self.c
        picks: list[int] = []
        for ways in self.ways:  # one draw per other seat, in seat order
            r = rand()
            for upto, i in ways:
                if r < upto:
                    picks.append(i)
                    break
        table = self.model(tuple(picks))
        all_seen = self.all_seen
        node: Decision | None = root
        decisions: list[Decision] = []
        choices: list[Choice] = []
        while node is not None:
            decisions.append(node)
            take, pay = node.take, node.pay
            if not take.visits:
                choice, taking = take, True
            elif not pay.visits:
                choice, taking = pay, False
            else:
                log_n = math.log(node.visits)
                u_t = take.total / take.visits + c * math.sqrt(log_n / take.visits)
                u_p = pay.total / pay.visits + c * math.sqrt(log_n / pay.visits)
                choice, taking = (take, True) if u_t >= u_p else (pay, False)
            choices.append(choice)
            if not taking:
                matches[me] -= 1
                pot += 1
                cp = me + 1 if me + 1 < n else 0
            else:
                pens[me] += mask_cost(masks[me], card)
                masks[me] |= 1 << card
                matches[me] += pot
                pot = 0
                if not left:
                    break
                i = int(rand() * len(pool))
                card = pool[i]
                pool[i] = pool[-1]
                pool.pop()
                left -= 1
                cp = me if same else (me + 1 if me + 1 < n else 0)
            card, pot, left = play(pool, left, card, pot, cp, matches, masks, pens, same, rand, me, True, table)
            if not card:
                break
            key = (card, pot, tuple(matches) if all_seen else tuple([matches[s] for s in seen]), tuple(masks))
            node = choice.next.get(key)
            if node is None:
                leaf = Decision()
                choice.next[key] = leaf
                decisions.append(leaf)
                play(pool, left, card, pot, me, matches, masks, pens, same, rand, me, False, table)
                break
        result = reward(matches, pens, n, me, self.span)
        for decision in decisions:
            decision.visits += 1
        for choice in choices:
            choice.visits += 1
            choice.total += result
