"""No Thanks bots from random to information-set MCTS; each decides from its seat's observation only."""

from __future__ import annotations

import math
import random
import time
from typing import Protocol

from game.games.nothanks import engine as nt

LEVELS = ("random", "greedy", "easy", "medium", "hard")
# The hard bot's search size: decisions depend only on the seed. On the development machine (2 busy
# cores) a decision takes about 60 ms (99th percentile 120 ms), far inside the table's pause of about a
# second before a bot's move (see NothanksMatch), for the strength the old 100 ms budget gave.
HARD_ITERATIONS = 600
# A safety net for very slow machines, never met on a normal one: a search still running after this
# stops early and says so (`last_capped`, `capped`), since the decision then depends on the machine.
HARD_TIME_CAP_MS = 1500
# Rollout policy: a seat takes once the pot covers its run-aware cost less NOISE * U(0, 1) and
# SHORTAGE / (matches + 2): a seat short of matches takes sooner.
ROLLOUT_NOISE = 6.0
ROLLOUT_SHORTAGE = 12.0
# Reward: this share for a win (split among tied winners), the rest for the score margin.
WIN_WEIGHT = 0.8


class Bot(Protocol):
    # True when the last decision was cut short by a time cap (so it depended on the machine's speed).
    last_capped: bool

    def decide(self, obs: nt.Observation) -> str:
        """nt.TAKE or nt.PASS for the seat on turn in `obs`."""
        ...


def run_cost(held: tuple[int, ...] | set[int], card: int) -> int:
    """How much taking `card` changes the card penalty of `held`, runs counted (negative = it helps)."""
    below, above = card - 1 in held, card + 1 in held
    if below:
        return -(card + 1) if above else 0
    return -1 if above else card


def _mask(cards: tuple[int, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _mask_cost(mask: int, card: int) -> int:
    """run_cost on a bit set of held values."""
    if mask >> (card - 1) & 1:
        return -(card + 1) if mask >> (card + 1) & 1 else 0
    return -1 if mask >> (card + 1) & 1 else card


def _mask_penalty(mask: int) -> int:
    """Sum of each run's lowest value for a bit set of held values."""
    lows = mask & ~(mask << 1)
    total = 0
    while lows:
        low = lows & -lows
        total += low.bit_length() - 1
        lows ^= low
    return total


def _must_take(obs: nt.Observation) -> bool:
    if not obs.legal_actions:
        raise ValueError(f"seat {obs.seat} is not on turn: nothing to decide")
    return nt.PASS not in obs.legal_actions


class RandomBot:
    """Takes or pays at random (the reference baseline)."""

    last_capped = False

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, obs: nt.Observation) -> str:
        if _must_take(obs):
            return nt.TAKE
        return self.rng.choice(obs.legal_actions)


class GreedyBot:
    """The published reference: take iff the run-aware penalty increase minus the matches on it is <= 0."""

    last_capped = False

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, obs: nt.Observation) -> str:
        if _must_take(obs):
            return nt.TAKE
        return nt.TAKE if run_cost(obs.cards[obs.seat], obs.card) - obs.pot <= 0 else nt.PASS


class EasyBot:
    """A child's rule of thumb: take when the pot looks big next to the card, with a wobbly eye;
    notices a card that joins its run only some of the time and never counts matches."""

    last_capped = False

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, obs: nt.Observation) -> str:
        if _must_take(obs):
            return nt.TAKE
        rng = self.rng
        if run_cost(obs.cards[obs.seat], obs.card) <= 0 and rng.random() < 0.5:
            return nt.TAKE
        low = obs.unseen[0] if obs.unseen else obs.card
        size = max(obs.unseen[-1] if obs.unseen else obs.card, obs.card) - low + 1
        # How big the card feels on the table's scale, against a pot it eyeballs.
        feels = (obs.card - low + 1) / size
        return nt.TAKE if obs.pot >= feels * 5 + rng.gauss(0, 3) else nt.PASS


class MediumBot:
    """Run-aware cost against the pot, a threshold that moves with its own matches and the cards left,
    and passing a card it wants while nobody else would take it, to collect more matches."""

    last_capped = False

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def threshold(self, obs: nt.Observation) -> float:
        """How much net cost it accepts: more when short of matches, less late in the game."""
        progress = obs.cards_left / max(1, obs.cards_left + sum(len(c) for c in obs.cards) + 1)
        return 2 + 14 / (obs.my_matches + 1) + 4 * progress

    def decide(self, obs: nt.Observation) -> str:
        if _must_take(obs):
            return nt.TAKE
        cost = run_cost(obs.cards[obs.seat], obs.card)
        net = cost - obs.pot
        if net > self.threshold(obs):
            return nt.PASS
        if cost <= 0 and obs.my_matches > 0 and not self._anyone_else_wants(obs):
            return nt.PASS
        return nt.TAKE

    def _anyone_else_wants(self, obs: nt.Observation) -> bool:
        n = obs.players
        for offset in range(1, n):
            seat = (obs.seat + offset) % n
            if obs.matches[seat] == 0:
                return True
            pot_seen = obs.pot + offset
            if run_cost(obs.cards[seat], obs.card) - pot_seen <= 2:
                return True
        return False


# ---- hard: information-set Monte-Carlo tree search ----------------------------------------------------


class _Node:
    """One information set in the search tree: rewards summed per seat, visits and availability."""

    __slots__ = ("avail", "chance", "kids", "reward", "visits")

    def __init__(self, players: int) -> None:
        self.kids: dict[str, _Node] = {}
        self.chance: dict[int | None, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = [0.0] * players


class HardBot:
    """Single-observer information-set MCTS.

    Each iteration deals the unseen cards (the stack and the set-aside cards alike) at random into a
    stack of the known size, splits hidden match counts consistently with the known total, walks the
    tree of action histories with UCB (chance nodes for the card turned after a take), and finishes
    the game with a fast threshold rollout for every seat. Stops after `iterations` (so a decision
    depends only on the seed), or earlier if the search outlasts `time_budget_ms`, a cap meant only as a
    safety net: then `last_capped` is True and `capped` counts it.
    """

    EXPLORATION = 0.7

    def __init__(self, rng: random.Random, time_budget_ms: int | None = None,
                 iterations: int | None = None) -> None:
        self.rng = rng
        self.time_budget_ms = HARD_TIME_CAP_MS if time_budget_ms is None else time_budget_ms
        self.iterations = HARD_ITERATIONS if iterations is None else iterations
        self.last_iterations = 0
        self.last_capped = False
        self.capped = 0  # decisions cut short by the time cap

    def decide(self, obs: nt.Observation) -> str:
        self.last_capped = False
        if _must_take(obs):
            return nt.TAKE
        # One draw from the shared source per decision, so a time-capped search never shifts the match.
        rng = random.Random(self.rng.getrandbits(64))
        deadline = time.perf_counter_ns() + self.time_budget_ms * 1_000_000
        n = obs.players
        root = _Node(n)
        same = obs.rules.after_take == "same_player"
        masks0 = [_mask(c) for c in obs.cards]
        unseen = list(obs.unseen)
        hidden = [s for s in range(n) if obs.matches[s] is None]
        hidden_total = obs.total_matches - obs.pot - sum(m for m in obs.matches if m is not None)
        done = 0
        while done < self.iterations:
            if done & 15 == 0 and done and time.perf_counter_ns() > deadline:
                self.last_capped = True
                self.capped += 1
                break
            rng.shuffle(unseen)
            stack = unseen[: obs.cards_left]
            matches = list(obs.matches)
            if hidden:
                _split(matches, hidden, hidden_total, rng)
            self._iterate(root, stack, obs.card, obs.pot, obs.current_player, matches, masks0[:], n, same,
                          rng)
            done += 1
        self.last_iterations = done
        take, pay = root.kids.get(nt.TAKE), root.kids.get(nt.PASS)
        if pay is None:
            return nt.TAKE
        if take is None:
            return nt.PASS
        return nt.TAKE if take.visits >= pay.visits else nt.PASS

    def _iterate(self, root: _Node, stack: list[int], card: int, pot: int, cp: int, matches: list[int],
                 masks: list[int], n: int, same: bool, rng: random.Random) -> None:
        path = [root]
        node = root
        expanded = False
        while card is not None and not expanded:
            actor = cp
            can_pay = matches[cp] > 0
            kids = node.kids
            take_kid = kids.get(nt.TAKE)
            pay_kid = kids.get(nt.PASS)
            if take_kid is None or (can_pay and pay_kid is None):
                if take_kid is None and (not can_pay or pay_kid is not None or rng.random() < 0.5):
                    action = nt.TAKE
                else:
                    action = nt.PASS
                child = kids[action] = _Node(n)
                expanded = True
            else:
                take_kid.avail += 1
                if can_pay:
                    pay_kid.avail += 1
                    log_t = math.log(take_kid.avail)
                    log_p = math.log(pay_kid.avail)
                    c = self.EXPLORATION
                    u_t = take_kid.reward[actor] / take_kid.visits + c * math.sqrt(log_t / take_kid.visits)
                    u_p = pay_kid.reward[actor] / pay_kid.visits + c * math.sqrt(log_p / pay_kid.visits)
                    action = nt.TAKE if u_t >= u_p else nt.PASS
                else:
                    action = nt.TAKE
                child = kids[action]
            if expanded:
                child.avail += 1
            path.append(child)
            node = child
            if action == nt.PASS:
                matches[cp] -= 1
                pot += 1
                cp = cp + 1 if cp + 1 < n else 0
                continue
            masks[cp] |= 1 << card
            matches[cp] += pot
            pot = 0
            card = stack.pop() if stack else None
            if not same:
                cp = cp + 1 if cp + 1 < n else 0
            if not expanded:
                nxt = node.chance.get(card)
                if nxt is None:
                    nxt = node.chance[card] = _Node(n)
                    expanded = True
                path.append(nxt)
                node = nxt
        if card is not None:
            _rollout(stack, card, pot, cp, matches, masks, n, same, rng)
        reward = _rewards(matches, masks, n)
        for visited in path:
            visited.visits += 1
            r = visited.reward
            for s in range(n):
                r[s] += reward[s]


def _split(matches: list[int | None], hidden: list[int], total: int, rng: random.Random) -> None:
    """Deal `total` matches among the `hidden` seats at random, roughly evenly."""
    weights = [0.5 + rng.random() for _ in hidden]
    scale = total / sum(weights)
    given = 0
    for seat, w in zip(hidden, weights):
        share = int(w * scale)
        matches[seat] = share
        given += share
    for i in range(total - given):
        matches[hidden[i % len(hidden)]] += 1


def _rollout(stack: list[int], card: int, pot: int, cp: int, matches: list[int], masks: list[int],
             n: int, same: bool, rng: random.Random) -> None:
    """Play the game out, every seat taking once the pot covers its run-aware cost less a small,
    noisy allowance that grows as its matches run low; each card's round of payments is skipped
    over arithmetically instead of pass by pass."""
    rand = rng.random
    noise, shortage = ROLLOUT_NOISE, ROLLOUT_SHORTAGE
    while True:
        best = 1 << 30
        taker = cp
        for offset in range(n):
            seat = cp + offset
            if seat >= n:
                seat -= n
            mask = masks[seat]
            if mask >> (card - 1) & 1:
                cost = -(card + 1) if mask >> (card + 1) & 1 else 0
            elif mask >> (card + 1) & 1:
                cost = -1
            else:
                cost = card
            m = matches[seat]
            gap = cost - noise * rand() - shortage / (m + 2) - pot - offset
            if gap <= 0:
                visits = 0
            else:
                visits = min(int((gap + n - 1e-9) / n), m)
            when = visits * n + offset
            if when < best:
                best = when
                taker = seat
                if when == 0:
                    break
        if best:
            for offset in range(n):
                if best > offset:
                    seat = cp + offset
                    if seat >= n:
                        seat -= n
                    matches[seat] -= (best - offset + n - 1) // n
            pot += best
        masks[taker] |= 1 << card
        matches[taker] += pot
        pot = 0
        if not stack:
            return
        card = stack.pop()
        cp = taker if same else (taker + 1 if taker + 1 < n else 0)


def _rewards(matches: list[int], masks: list[int], n: int) -> list[float]:
    """Win share (ties broken by matches left, then shared) plus a little for the score margin."""
    keys = [(matches[s] - _mask_penalty(masks[s]), matches[s]) for s in range(n)]
    best = max(keys)
    winners = [s for s in range(n) if keys[s] == best]
    share = WIN_WEIGHT / len(winners)
    out = []
    for s in range(n):
        margin = keys[s][0] - max(keys[o][0] for o in range(n) if o != s)
        margin_part = (1 - WIN_WEIGHT) / (1 + math.exp(-margin / 10))
        out.append((share if s in winners else 0.0) + margin_part)
    return out


_MAKERS = {"random": RandomBot, "greedy": GreedyBot, "easy": EasyBot, "medium": MediumBot}


def make_bot(level: str, rng: random.Random, time_budget_ms: int | None = None,
             iterations: int | None = None) -> Bot:
    """A bot for `level` drawing all its randomness from `rng`; `decide(obs)` returns nt.TAKE or nt.PASS.

    `iterations` sets the hard bot's search size (default HARD_ITERATIONS) and `time_budget_ms` its time
    cap (default HARD_TIME_CAP_MS); other levels answer at once.
    """
    if level == "hard":
        return HardBot(rng, time_budget_ms=time_budget_ms, iterations=iterations)
    if level not in _MAKERS:
        raise ValueError(f"unknown No Thanks bot level {level!r}; choose from {', '.join(LEVELS)}")
    return _MAKERS[level](rng)
