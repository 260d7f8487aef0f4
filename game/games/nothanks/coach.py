"""The No Thanks coach: what the hard bot would do on this turn, and why, in words a 10-year-old can follow.

`advise(obs, rng)` takes one seat's observation and nothing else (never the state: the stack's order and
the set-aside cards stay hidden), runs the hard bot's own search on it (the same HardBot: the same
adaptive search size, table model, reward and draws, so its answer is the bot's answer on a fresh tree, the
other seats weighed by the table model's starting shares, since it has not watched them play), and
reads off what the search found for taking and for paying.
`coach_lines` turns that into short lines: the card's cost to this hand with runs counted, the matches
(or chips) on it, and how taking and paying came out in the search's pretend games.

`Coach` is one table's coach: advice for one observation at a time, searched on a worker thread (so a
frame never waits for it), each position's search seeded from the table's seed and the position alone.
"""

from __future__ import annotations

import random
import zlib
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from game.games.nothanks import engine as nt
from game.games.nothanks.bots import HardBot, kids, run_cost
from game.games.nothanks.text import card_name, chips
from game.i18n import t, tn

_executor: ThreadPoolExecutor | None = None


def _worker() -> ThreadPoolExecutor:
    global _executor
    if _executor is None:
        _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="couchcards-coach")
    return _executor


@dataclass(frozen=True, slots=True)
class Advice:
    """The hard bot's choice for `seat` (nt.TAKE or nt.PASS) and why.

    `cost`: how much taking `card` changes this hand's card points, runs counted (`bots.run_cost`: negative
    = it helps); `below` / `above`: whether the hand holds the card just under / just over it. `take` and
    `pay`: the search's mean result of each choice for this seat (0 to 1: half for a win, half by the score
    margin over the best other seat), None when it was not tried; `tries`: the search's pretend games.
    """

    seat: int
    action: str
    card: int
    pot: int
    matches: int
    cost: int
    below: bool
    above: bool
    must_take: bool
    take: float | None
    pay: float | None
    tries: int

    @property
    def net(self) -> int:
        """What taking does to this seat's score now: the matches on it less the card's cost."""
        return self.pot - self.cost


def advise(obs: nt.Observation, rng: random.Random, iterations: int | None = None) -> Advice:
    """The hard bot's decision for the seat on turn in `obs`, seeded by `rng` exactly as a HardBot
    built on `rng` would decide, with the search's results for each choice."""
    if not isinstance(obs, nt.Observation):
        raise TypeError(f"the coach reads a seat's observation, not {type(obs).__name__}")
    if obs.card is None or obs.seat != obs.current_player or not obs.legal_actions:
        raise ValueError(f"seat {obs.seat} is not on turn: nothing to advise")
    bot = HardBot(rng, iterations=iterations)
    action = bot.decide(obs)
    held = obs.cards[obs.seat]
    results: dict[str, float] = {}
    root = bot.last_root
    if root is not None:
        for choice, node in kids(root).items():
            results[choice] = node.value
    return Advice(obs.seat, action, obs.card, obs.pot, obs.my_matches, run_cost(held, obs.card),
                  obs.card - 1 in held, obs.card + 1 in held, nt.PASS not in obs.legal_actions,
                  results.get(nt.TAKE), results.get(nt.PASS), bot.last_iterations)


def _points(n: int) -> str:
    """A change of points as "+3", "−20" (0 as "0")."""
    return f"{n:+d}".replace("-", "\u2212") if n else "0"


# How far apart the search's results for taking and for paying (0 to 1) are "about the same" and "a little".
SAME_GAP = 0.02
LITTLE_GAP = 0.08


def _verdict(advice: Advice) -> int:
    """How taking compared with paying in the search's pretend games, in plain steps: 2 taking does much
    better, 1 a little better, 0 about the same, -1 paying a little better, -2 paying much better. Never
    against the advice itself (a move chosen by its visits whose mean is a shade lower is "about the same")."""
    if advice.take is None or advice.pay is None:
        return 0
    gap = advice.take - advice.pay
    step = 0 if abs(gap) < SAME_GAP else (1 if abs(gap) < LITTLE_GAP else 2)
    if gap < 0:
        step = -step
    if (step > 0 and advice.action != nt.TAKE) or (step < 0 and advice.action == nt.TAKE):
        return 0
    return step


def _verdict_long(step: int, tries: int) -> str:
    """The search's verdict as a person says it, with how many pretend games it played."""
    if step == 2:
        return tn("Tried both {n} time: taking does much better", "Tried both {n} times: taking does much better",
                  tries)
    if step == 1:
        return tn("Tried both {n} time: taking does a little better",
                  "Tried both {n} times: taking does a little better", tries)
    if step == -1:
        return tn("Tried both {n} time: paying does a little better",
                  "Tried both {n} times: paying does a little better", tries)
    if step == -2:
        return tn("Tried both {n} time: paying does much better", "Tried both {n} times: paying does much better",
                  tries)
    return tn("Tried both {n} time: they come out about the same",
              "Tried both {n} times: they come out about the same", tries)


def _verdict_short(step: int) -> str:
    """The verdict on a crowded table."""
    return {2: t("Taking does much better"), 1: t("Taking does a little better"),
            -1: t("Paying does a little better"), -2: t("Paying does much better")}.get(
        step, t("Both come out about the same"))


def _sum(*parts: str) -> str:
    """An equation kept on one line (its spaces do not break)."""
    return "\u00a0".join(parts)


def coach_lines(advice: Advice, rules: nt.Rules, name: str, compact: bool = False) -> list[tuple[str, int]]:
    """The coach's words in reading order, each with its rank (0: always shown; 1, 2: left out first where
    there is no room): the advice, the card's cost with runs counted, what taking does now (the matches on
    it), what paying does now, how taking and paying came out in the search's pretend games, and (when the
    card touches a run) why a run costs so little. `compact`: three short lines for a crowded table (the
    cost folded into what taking does)."""
    card = card_name(rules, advice.card)
    # The neighbours are named only when the hand holds them (the top card has none above it in the deck).
    under = card_name(rules, advice.card - 1) if advice.below else ""
    over = card_name(rules, advice.card + 1) if advice.above else ""
    on = chips(rules)
    if advice.must_take:
        head = t("Coach for {name}: you must take it", name=name)
    elif advice.action == nt.TAKE:
        head = t("Coach for {name}: take it!", name=name)
    else:
        head = t("Coach for {name}: say No Thanks", name=name)
    if advice.pot == 1:
        token = t("chip") if on else t("match")
    else:
        token = t("chips") if on else t("matches")
    if advice.pot:
        now = _sum(_points(-advice.cost), "+", str(advice.pot), token, "=", _points(advice.net))
    else:
        now = t("{n}, no {token} on it", n=_points(advice.net), token=token)
    if compact:
        if advice.below and advice.above:
            what = t("Take {card} (joins your runs): {sum}", card=card, sum=now)
        elif advice.below or advice.above:
            what = t("Take {card} (joins your run): {sum}", card=card, sum=now)
        else:
            what = t("Take {card}: {sum}", card=card, sum=now)
        last = (t("No chips left to pay with") if on else t("No matches left to pay with")) if advice.must_take \
            else _verdict_short(_verdict(advice))
        return [(head, 0), (what, 0), (last, 0)]
    if advice.below and advice.above:
        cost = t("{card} joins {under} and {over} into one run: you gain {n}", card=card, under=under, over=over,
                 n=-advice.cost)
    elif advice.below:
        cost = t("{card} goes on your run after {under}: it costs 0", card=card, under=under)
    elif advice.above:
        cost = t("{card} goes under your {over}: you gain 1", card=card, over=over)
    else:
        cost = (t("{card} costs you 1 point", card=card) if advice.cost == 1
                else t("{card} costs you {n} points", card=card, n=advice.cost))
    lines = [(head, 0), (cost, 0), (t("Take it: {sum}", sum=now), 0)]
    if advice.must_take:
        lines.append((t("No chips left to pay with") if on else t("No matches left to pay with"), 0))
    else:
        lines.append((t("Pay a chip: \u22121") if on else t("Pay a match: \u22121"), 1))
        lines.append((_verdict_long(_verdict(advice), advice.tries), 0))
    if advice.below or advice.above:
        lines.append((t("(a run counts only its lowest card)"), 2))
    return lines


def position_seed(table_seed: int, obs: nt.Observation) -> int:
    """A search seed for this position at this table: the same position always gets the same advice."""
    key = (table_seed, obs.seat, obs.card, obs.pot, obs.cards_left, obs.matches, obs.cards)
    return zlib.crc32(repr(key).encode())


class Coach:
    """One table's coach. `ask(obs)` returns the advice for that observation once it is ready (None
    meanwhile: the search runs on a worker thread, or at once when `threaded` is False)."""

    def __init__(self, table_seed: int, *, threaded: bool = True, iterations: int | None = None) -> None:
        self.table_seed = table_seed
        self.threaded = threaded
        self.iterations = iterations
        self._obs: nt.Observation | None = None
        self._answer: Future[Advice] | Advice | None = None

    def ask(self, obs: nt.Observation) -> Advice | None:
        if obs != self._obs:
            self.close()
            self._obs = obs
            rng = random.Random(position_seed(self.table_seed, obs))
            if self.threaded:
                self._answer = _worker().submit(advise, obs, rng, self.iterations)
            else:
                self._answer = advise(obs, rng, self.iterations)
        answer = self._answer
        if isinstance(answer, Future):
            if not answer.done():
                return None
            answer = self._answer = answer.result()
        return answer

    def close(self) -> None:
        """Forget the position asked about (a search still waiting to start is dropped)."""
        if isinstance(self._answer, Future):
            self._answer.cancel()
        self._obs = None
        self._answer = None
