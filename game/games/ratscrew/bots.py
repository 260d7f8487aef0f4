"""Human-like Ratscrew bots (kid, casual, pro): reaction times drawn from one table calibrated to people.

A bot sees only its seat's observation: the faces on the pile, everyone's card counts, whose turn it
is. After every change the match asks it to `plan(obs, now_ns, pending)` and it answers with the
intents it wants to add, move or drop: `{action: t_ns}` to (re)schedule, `{action: None}` to drop
(actions PLAY, SLAP and CLAIM). Intents it does not mention stay as they are.

The parameter table (`LEVEL_TABLE`), and where the numbers come from:
- Simple visual reaction time of adults is about 190 ms (Jain et al. 2015; Woods et al. 2015: 180–200 ms).
  Choosing among several patterns costs more, growing with the log of the number of alternatives
  (Hick–Hyman law): recognising a slappable pile among several rules takes people about 400–600 ms.
  A pro's median reaction to a double is 350 ms, a casual player's 550 ms.
- Children of 6–8 answer about twice as slowly as adults (Kail 1991, developmental speed of
  processing), and more variably: the kid's median is 900 ms with a wider spread.
- Reaction times are right-skewed; a log-normal with the spread `sigma` fits the bulk, clipped below at
  `react_min_ms` (nobody recognises a pattern faster than that) and above at 4 × the median.
- Harder rules take longer than a double (`RULE_DIFFICULTY`): comparing two non-adjacent cards
  (sandwich, divorce), the top against the far bottom card (top-bottom), doing sums and sequences
  (tens, run), or checking the suits of four cards (four of a suit: a conjunction over four items, the
  slowest visual search of them; suits are told by small symbols, colour only halves the choice). Every extra active rule slows every reaction a little (`rules_factor`: Hick–Hyman,
  the seed's three rules = 1.0).
- Once a hand is moving it cannot always be stopped: a slap due within `stop_ms` of a pile change goes
  through anyway (stop-signal reaction time, about 200–250 ms in adults, longer in children; Williams
  et al. 1999). Such slaps land late (no penalty within the grace) or wrong.
- `miss` is the chance of not noticing a slappable pile in time (it is noticed `LATE_NOTICE` reaction
  times later, when the next card has usually covered it); `near_miss` the chance of slapping a
  pile whose top card is one rank away from making a slap (a 7 on an 8 looks like a double), or of the
  other suit of its colour (a diamond on three hearts looks like four of a suit).
- A bot in a slap timeout (`wrong_slap="timeout"`) does not plan a slap until it may slap again.
- Cards are played, and piles claimed, after log-normal delays (`play_median_ms`, `claim_median_ms`).

`adaptive` (`AdaptiveBot`) keeps games close: it watches the table's public slap events (`watch`) and
sets its own reaction times to the other seats' (see its docstring), its misses, near-miss slaps and
pace following the table's rows for a player that fast.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass

from game import cards
from game.commands import PLAY, SLAP
from game.games.ratscrew import engine as rs
from game.games.ratscrew.levels import SIM_LEVELS
from game.games.ratscrew.seat_bot import BotLog, SeatBot, SlapBot

CLAIM = "claim"


@dataclass(frozen=True, slots=True)
class Level:
    """One row of the parameter table (times in ms; reaction medians are for a double, seed's rules)."""

    name: str
    react_median_ms: float
    react_sigma: float
    react_min_ms: float
    miss: float
    near_miss: float
    stop_ms: float
    play_median_ms: float
    claim_median_ms: float
    delay_sigma: float = 0.3


LEVEL_TABLE: dict[str, Level] = {
    "kid": Level("kid", react_median_ms=900, react_sigma=0.32, react_min_ms=380, miss=0.20,
                 near_miss=0.06, stop_ms=320, play_median_ms=850, claim_median_ms=700),
    "casual": Level("casual", react_median_ms=550, react_sigma=0.25, react_min_ms=260, miss=0.10,
                    near_miss=0.03, stop_ms=250, play_median_ms=700, claim_median_ms=500),
    "pro": Level("pro", react_median_ms=350, react_sigma=0.18, react_min_ms=200, miss=0.03,
                 near_miss=0.01, stop_ms=210, play_median_ms=550, claim_median_ms=350),
}

RULE_DIFFICULTY: dict[str, float] = {
    "double": 1.0,
    "six_nine": 1.15,
    "sandwich": 1.2,
    "marriage": 1.25,
    "top_bottom": 1.35,
    "divorce": 1.4,
    "tens": 1.45,
    "run": 1.5,
    "four_of_a_suit": 1.55,
}

DELAY_MIN_MS = 180.0
LATE_NOTICE = 3.0  # a missed pile is noticed this many reaction times later, if it is still there


def rules_factor(active: int) -> float:
    """How much `active` slap rules slow every reaction (Hick–Hyman: log of the alternatives + 1)."""
    return 1.0 + 0.15 * math.log2((max(active, 1) + 1) / 4)


_SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}


def near_miss_rule(view: tuple[str, ...], rules: rs.Rules) -> str | None:
    """The rule the pile *almost* makes: with its top card one rank up or down it would be slappable, or
    (four of a suit) with its top card of the other suit of its colour."""
    if len(view) < 2:
        return None
    memo = rules._memos.near  # by set of checks, beside the engine's answers
    key = rs._slap_key(view)  # the answer reads no more of the pile than a slap rule does
    near = memo.get(key, "")
    if near != "":
        return near
    near = _near_miss(view if len(view) <= 5 else key, rules)  # (a pile of five or more: judged alike)
    memo[key] = near
    return near


def _near_miss(view: tuple[str, ...], rules: rs.Rules) -> str | None:
    if rs.slap_rule_for(view, rules) is not None:
        return None
    top = view[-1]
    value = cards.rank_value(top)
    for other in (value - 1, value + 1):
        if 1 <= other <= 13:
            rule = rs.slap_rule_for(view[:-1] + (cards.RANKS[other - 1] + top[1],), rules)
            if rule is not None:
                return rule
    twin = _SAME_COLOUR.get(top[1])  # (none for a card of no suit: the school weighs ranks as "7X")
    if twin and "four_of_a_suit" in rules.slaps and rs.slap_rule_for(view[:-1] + (top[0] + twin,),
                                                                     rules) == "four_of_a_suit":
        return "four_of_a_suit"
    return None


def _lognormal(rng: random.Random, median: float, sigma: float) -> float:
    return median * math.exp(sigma * rng.gauss(0.0, 1.0))


class RatscrewBot(SeatBot):
    """A player of one level: notices (or misses) slappable piles, plays and claims at human pace."""

    def __init__(self, level: Level, rng: random.Random, seat: int, rules: rs.Rules) -> None:
        self.level = level
        self.rng = rng
        self.seat = seat
        self.rules = rules
        self.log: BotLog = BotLog()
        self._factor = rules_factor(len(rules.slaps))
        self._seen: tuple[object, ...] | None = None
        self._late = False

    def reaction_ms(self, rule: str) -> float:
        """One draw of the time to slap a pile made slappable by `rule`."""
        lv = self.level
        median = lv.react_median_ms * RULE_DIFFICULTY[rule] * self._factor
        return min(4 * median, max(lv.react_min_ms, _lognormal(self.rng, median, lv.react_sigma)))

    def _delay_ns(self, median_ms: float) -> int:
        return int(max(DELAY_MIN_MS, _lognormal(self.rng, median_ms, self.level.delay_sigma)) * 1e6)

    def plan(self, obs: rs.Observation, now_ns: int, pending: dict[str, int]) -> dict[str, int | None]:
        seat = self.seat
        if obs.is_over or not obs.in_game[seat]:
            return {action: None for action in pending}
        changes: dict[str, int | None] = {}
        slap_t = pending.get(SLAP)
        view = tuple(obs.slap_view())
        seen = (obs.cards_played, view)
        if seen != self._seen:
            self._seen = seen
            if slap_t is not None and slap_t - now_ns > self.level.stop_ms * 1e6:
                changes[SLAP] = slap_t = None
            if slap_t is None and not (obs.timeouts and obs.timeouts[seat]):
                slap_t, self._late = self._look(view, now_ns)
                if slap_t is not None:
                    changes[SLAP] = slap_t
        self._turn(obs, now_ns, pending, slap_t, changes)
        return changes

    def _look(self, view: tuple[str, ...], now_ns: int) -> tuple[int | None, bool]:
        """Decide from the visible pile whether, and when, to slap it; True if that is a late notice."""
        rule = rs.slap_rule_for(view, self.rules)
        log = self.log
        if rule is not None:
            log.opportunities += 1
            if self.rng.random() < self.level.miss:
                # Missed: noticed only much later, if the pile is still there by then.
                log.missed += 1
                return now_ns + int(LATE_NOTICE * self.reaction_ms(rule) * 1e6), True
            ms = self.reaction_ms(rule)
            log.reactions_ms.append(ms)
            return now_ns + int(ms * 1e6), False
        near = near_miss_rule(view, self.rules)
        if near is None:
            return None, False
        log.near_misses += 1
        if self.rng.random() >= self.level.near_miss:
            return None, False
        log.near_miss_slaps += 1
        return now_ns + int(self.reaction_ms(near) * 1e6), False

    def _turn(self, obs: rs.Observation, now_ns: int, pending: dict[str, int], slap_t: int | None,
              changes: dict[str, int | None]) -> None:
        seat = self.seat
        my_play = (obs.current_player == seat and not obs.awaiting_claim and obs.hand_counts[seat] > 0)
        if my_play:
            play_t = pending.get(PLAY)
            if play_t is None:
                play_t = now_ns + self._delay_ns(self.level.play_median_ms)
            # A player about to slap does not bury the pile under their own card first.
            if slap_t is not None and not self._late and play_t <= slap_t:
                play_t = slap_t + self._delay_ns(self.level.play_median_ms / 2)
            if play_t != pending.get(PLAY):
                changes[PLAY] = play_t
        elif PLAY in pending:
            changes[PLAY] = None
        if obs.awaiting_claim and obs.challenger == seat:
            if CLAIM not in pending:
                changes[CLAIM] = now_ns + self._delay_ns(self.level.claim_median_ms)
        elif CLAIM in pending:
            changes[CLAIM] = None


def level_at(median_ms: float, name: str = "adaptive") -> Level:
    """A row of the table for a player whose median reaction to a double is `median_ms`: between two
    rows, every figure in proportion (on a log scale of the median); past the ends, the end row's
    misses, spreads and pace."""
    rows = _rows()
    x = math.log(median_ms)
    lo, hi = rows[0][0], rows[-1][0]
    log_lo, log_hi = rows[0][1], rows[-1][1]
    for (a, log_a), (b, log_b) in itertools.pairwise(rows):
        if x <= log_b:
            lo, hi, log_lo, log_hi = a, b, log_a, log_b
            break
    span = log_hi - log_lo
    f = min(1.0, max(0.0, (x - log_lo) / span))
    g = 1 - f
    floor = g * lo.react_min_ms / lo.react_median_ms + f * hi.react_min_ms / hi.react_median_ms
    return Level(name, median_ms, g * lo.react_sigma + f * hi.react_sigma, floor * median_ms,
                 g * lo.miss + f * hi.miss, g * lo.near_miss + f * hi.near_miss, g * lo.stop_ms + f * hi.stop_ms,
                 g * lo.play_median_ms + f * hi.play_median_ms, g * lo.claim_median_ms + f * hi.claim_median_ms)


_ROWS: list[tuple[tuple[Level, ...], tuple[tuple[Level, float], ...]]] = []


def _rows() -> tuple[tuple[Level, float], ...]:
    """LEVEL_TABLE's rows by median reaction, each with the log of its median (made again if the table changed)."""
    levels = tuple(LEVEL_TABLE.values())
    if not _ROWS or _ROWS[0][0] != levels:
        rows = sorted(levels, key=lambda lv: lv.react_median_ms)
        _ROWS[:] = [(levels, tuple((lv, math.log(lv.react_median_ms)) for lv in rows))]
    return _ROWS[0][1]


class AdaptiveBot(RatscrewBot):
    """A bot that keeps games close: it plays as fast as the others at the table turn out to be.

    It watches the table's public slap events (`watch`: who won a slap, who slapped wrong or too late,
    which chances nobody took), times them from the moment it saw the pile turn slappable, and keeps per
    rule an estimate of how fast the others slap (a log-scale mean, starting from a casual player's
    times and moved by every reaction it sees). Its own median reaction for a rule is that estimate
    times a `pace` it steers by results: every slap it wins makes it slower, every slap another seat
    wins faster, so that over a game it wins its share of the slaps (half of them with two players). A slap
    it won first says the others were slower than that: counted as such (censored, `_flush`), so the
    estimate is not only the others' fast slaps and the pace has little to correct (a pace that steers
    hard keeps every game close, and long). Its misses, near-miss slaps, spread and stop time are those
    of a player that fast (`level_at`; its pace of play at most a pro's), its rate of near-miss slaps
    drawn towards the wrong slaps it sees: it misses, and slaps wrong, like a person.
    """

    START = "casual"
    PRIOR_WEIGHT = 2.0  # the starting estimate counts as this many seen reactions
    STEP = 0.12  # how far (log scale) one won or lost slap moves the pace (more over the first few)
    FIRST_STEPS = 6.0
    PACE_RANGE = (0.45, 2.2)
    LEAD = 1.0  # and slower by exp(LEAD × its share of the cards above an even share) while ahead …
    LEAD_MAX = 1.1  # … by at most this factor (issue 21: unbounded, games vs a kid ran 20-40% longer; at 1.25 ~10%)
    # It turns its own cards (and claims) at a practised player's pace whatever its slaps' speed: that takes
    # nothing from anyone (slaps are what is contested) and keeps a game with a kid no longer than two
    # kids' (issue 21).
    PLAY_CAP_MS = LEVEL_TABLE["pro"].play_median_ms
    CLAIM_CAP_MS = LEVEL_TABLE["pro"].claim_median_ms
    FASTEST_MS = 260.0  # its median reaction to a double never drops below this

    def __init__(self, rng: random.Random, seat: int, rules: rs.Rules) -> None:
        super().__init__(level_at(LEVEL_TABLE[self.START].react_median_ms), rng, seat, rules)
        start = LEVEL_TABLE[self.START].react_median_ms
        self.pace = 1.0
        # Per rule: (sum of log reaction ms, weight) of the others' slaps, with the start as a prior.
        self._logs = {rule: [self.PRIOR_WEIGHT * math.log(start * d * self._factor), self.PRIOR_WEIGHT]
                      for rule, d in RULE_DIFFICULTY.items()}
        self._base = [self.PRIOR_WEIGHT * math.log(start), self.PRIOR_WEIGHT]  # all rules, as doubles
        self._onset: tuple[int, str] | None = None  # when the pile last turned slappable, and by which rule
        self._players = 2
        self._lead = 1.0  # how much slower it is for being ahead in cards
        self._contests = 0
        self._wrong_seen = 0.0
        self._near_seen = 0.0
        self._near_now = False  # the pile as last seen is a near miss
        self._censored: tuple[int, str, float] | None = None  # (onset, rule, ms): the others slower than that
        self._tuned: tuple[float, float, float, int] | None = None  # what `_retune` last made `level` from

    # -- what it sees ---------------------------------------------------------------------------------
    def watch(self, what: str, seat: int | None, t_ns: int) -> None:
        """A public slap event: `what` "won", "too late", "wrong" or "missed" (seat None), at `t_ns`."""
        if what == "won":
            share = 1.0 / max(2, self._players)
            mine = 1.0 if seat == self.seat else 0.0
            low, high = self.PACE_RANGE
            step = self.STEP * (1 + 2 * math.exp(-self._contests / self.FIRST_STEPS))
            self._contests += 1
            self.pace = min(high, max(low, self.pace * math.exp(step * (mine - share))))
        if what == "won" and seat == self.seat and self._onset is not None:
            # It took the pile first: the others were slower than that, and than the late grace unless a
            # too-late slap says when — a censored reaction, counted when the next chance comes (`_flush`).
            onset, rule = self._onset
            self._censored = (onset, rule, (t_ns - onset) / 1e6 + self.rules.late_grace_ms)
        if seat is not None and seat != self.seat:
            if what in ("won", "too late") and self._onset is not None:
                onset, rule = self._onset
                self._seen_reaction(rule, (t_ns - onset) / 1e6)
                if what == "too late" and self._censored is not None and self._censored[0] == onset:
                    self._censored = None  # its time is known after all
            elif what == "wrong" and self._near_now:  # a near miss taken for a slap
                self._wrong_seen += 1
        self._retune()

    def _flush(self) -> None:
        """Count a censored reaction (the others slower than `c` ms) as its expected log time beyond `c` under
        the estimate so far (a log-normal of the level's spread). Without it the bot saw only the others'
        slaps that beat it, thought them faster than they are, and won ~60-70% against a kid (issue 21)."""
        if self._censored is None:
            return
        _, rule, c = self._censored
        self._censored = None
        total, weight = self._logs[rule]
        mu, sigma = total / weight, max(0.1, self.level.react_sigma)
        z = (math.log(c) - mu) / sigma
        tail = 0.5 * math.erfc(z / math.sqrt(2))
        density = math.exp(-z * z / 2) / math.sqrt(2 * math.pi)
        x = mu + sigma * density / tail if tail > 1e-9 else math.log(c) + sigma / max(z, 1e-3)
        self._seen_reaction(rule, math.exp(max(x, math.log(c))))

    def _seen_reaction(self, rule: str, ms: float) -> None:
        if ms <= 0:
            return
        x = math.log(ms)
        entry = self._logs[rule]
        entry[0] += x
        entry[1] += 1
        self._base[0] += x - math.log(RULE_DIFFICULTY[rule] * self._factor)
        self._base[1] += 1

    def _estimate(self, rule: str) -> float:
        """The others' median reaction (ms) to `rule` as seen so far."""
        total, weight = self._logs[rule]
        return math.exp(total / weight)

    def _retune(self) -> None:
        base = max(self.FASTEST_MS, self.pace * math.exp(self._base[0] / self._base[1]))
        seen = self._near_seen
        key = (base, seen, self._wrong_seen, self._players)
        if key == self._tuned:  # the same figures as last time: the same level (a pure function of them)
            return
        self._tuned = key
        level = level_at(base)
        others = max(1, self._players - 1)
        near = (level.near_miss * 20 + self._wrong_seen / others) / (20 + seen) if seen else level.near_miss
        self.level = Level("adaptive", base, level.react_sigma, level.react_min_ms, level.miss,
                           min(0.15, max(0.005, near)), level.stop_ms, min(level.play_median_ms, self.PLAY_CAP_MS),
                           min(level.claim_median_ms, self.CLAIM_CAP_MS))

    def reaction_ms(self, rule: str) -> float:
        lv = self.level
        median = max(self.FASTEST_MS * RULE_DIFFICULTY[rule], self._lead * self.pace * self._estimate(rule))
        return min(4 * median, max(lv.react_min_ms, _lognormal(self.rng, median, lv.react_sigma)))

    def plan(self, obs: rs.Observation, now_ns: int, pending: dict[str, int]) -> dict[str, int | None]:
        view = tuple(obs.slap_view())
        if (obs.cards_played, view) != self._seen:
            self._players = max(1, sum(obs.in_game))
            held = sum(obs.hand_counts)
            share = obs.hand_counts[self.seat] / held if held else 0.0
            self._lead = min(self.LEAD_MAX, math.exp(self.LEAD * max(0.0, share - 1.0 / max(2, self._players))))
            self._retune()
            rule = rs.slap_rule_for(view, self.rules)
            self._near_now = rule is None and near_miss_rule(view, self.rules) is not None
            if rule is not None:
                self._flush()
                self._onset = (now_ns, rule)
            elif self._near_now:
                self._near_seen += 1
        return super().plan(obs, now_ns, pending)


class MasherBot(SeatBot):
    """What a child finds in minutes: press play and slap every `TICK_MS`, looking at nothing. For measuring
    that mashing does not pay (`sim ratscrew --bots masher,pro`); no level for a table's lobby. `restless`:
    the match asks it again after each of its presses, whatever became of it."""

    TICK_MS = 50
    restless = True

    def __init__(self, rng: random.Random, seat: int, rules: rs.Rules) -> None:
        self.rng = rng
        self.seat = seat
        self.rules = rules
        self.log: BotLog = BotLog()

    def _tick(self, now_ns: int) -> int:
        step = self.TICK_MS * 1_000_000
        return (now_ns // step + 1) * step

    def plan(self, obs: rs.Observation, now_ns: int, pending: dict[str, int]) -> dict[str, int | None]:
        seat = self.seat
        if obs.is_over or not obs.in_game[seat]:
            return {action: None for action in pending}
        changes: dict[str, int | None] = {}
        if SLAP not in pending:
            changes[SLAP] = self._tick(now_ns)
        if rs.slap_rule_for(tuple(obs.slap_view()), self.rules) is not None:
            self.log.opportunities += 1
        turn = obs.current_player == seat and not obs.awaiting_claim and obs.hand_counts[seat] > 0
        claim = obs.awaiting_claim and obs.challenger == seat
        if turn and PLAY not in pending:
            changes[PLAY] = self._tick(now_ns)
        elif not turn and PLAY in pending:
            changes[PLAY] = None
        if claim and CLAIM not in pending:
            changes[CLAIM] = self._tick(now_ns)
        elif not claim and CLAIM in pending:
            changes[CLAIM] = None
        return changes


def make_bot(level: str, rng: random.Random, seat: int, rules: rs.Rules) -> SlapBot:
    """A Ratscrew bot: `random`, `adaptive` or a level of `LEVEL_TABLE`."""
    if level == "random":
        from game.games.ratscrew.random_bot import RandomRatscrewBot

        return RandomRatscrewBot(rng, seat, rules)
    if level == "adaptive":
        return AdaptiveBot(rng, seat, rules)
    if level == "masher":
        return MasherBot(rng, seat, rules)
    if level not in LEVEL_TABLE:
        raise ValueError(f"unknown Ratscrew bot level {level!r}; choose from {', '.join(SIM_LEVELS)}")
    return RatscrewBot(LEVEL_TABLE[level], rng, seat, rules)
