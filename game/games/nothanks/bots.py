"""No Thanks bots from random to information-set MCTS; each decides from its seat's observation only."""

from __future__ import annotations

import gc
import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import math
import os
import random
import sys
import time
from collections.abc import Callable
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Protocol

from game.core.memo import Memo
from game.games.nothanks import engine as nt
from game.games.nothanks import search as plain_search
from game.games.nothanks.levels import LEVELS

# The search loop (game/games/nothanks/search.py) compiled by mypyc (build/speedups.py), when it is there.
COMPILED_SEARCH = "game.games.nothanks._search_c"
# Beside it, what the build made: "<SHA-256>  <file>" per line (sha256sum's format) for each compiled file
# and for the search.py it was compiled from.
SEARCH_RECORD = "_search_c.sha256"
PURE_SEARCH_ENV = "COUCHCARDS_PURE_SEARCH"  # set (to anything but "" or "0") to run the plain module


def _say(message: str) -> None:
    print(f"couchcards: {message}", file=sys.stderr)


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def load_search(compiled: str = COMPILED_SEARCH, folder: Path | None = None,
                warn: Callable[[str], None] = _say) -> ModuleType:
    """The search module the hard bot runs: the compiled one when every file of it is, byte for byte, what
    the build recorded beside it (SEARCH_RECORD) and it was compiled from the search.py beside it (a bundled
    game has no source to compare; its build compiled it from the same tree); else the plain module. Both
    decide alike, bit for bit.

    Native code is loaded only after its bytes are checked: a changed or cut-short file could crash the
    game as it loads, with no message. A mismatch is one line and the plain search. The files are loaded by
    their recorded paths, so nothing else in the folder (a stray _search_c.py) is ever imported."""
    if os.environ.get(PURE_SEARCH_ENV, "") not in ("", "0"):
        return plain_search
    folder = Path(plain_search.__file__ or "").parent if folder is None else folder
    try:
        record = (folder / SEARCH_RECORD).read_text(encoding="ascii")
    except FileNotFoundError:
        return plain_search  # not compiled here: nothing to say
    except (OSError, UnicodeDecodeError) as exc:
        warn(f"the compiled search's record can't be read ({type(exc).__name__}); the hard bot uses the plain search")
        return plain_search
    sums: dict[str, str] = {}  # file name: its SHA-256, one "<sum> <name>" a line
    for line in record.splitlines():
        parts = line.split(None, 1)
        if len(parts) == 2:
            sums[parts[1]] = parts[0]
    source = folder / "search.py"
    if source.exists() and sums.get("search.py") != _sha256(source):
        return plain_search  # search.py was edited since: the compiled copy is stale
    package, name = compiled.rsplit(".", 1)
    # Its files, plain names in this folder: the module, then its mypyc runtime ("<name>__mypyc.*").
    files = sorted((f for f in sums if f.startswith(name) and f == Path(f).name
                    and f.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))), key=len)
    try:
        changed = [f for f in files if _sha256(folder / f) != sums[f]]
    except OSError as exc:
        changed = [f"({exc.strerror or type(exc).__name__})"]
    if not files or changed:
        warn(f"the compiled search does not match what its build made ({', '.join(changed) or 'no module'}); "
             "the hard bot uses the plain search")
        return plain_search
    finder = _Recorded({f"{package}.{f.split('.')[0]}": folder / f for f in files})
    sys.meta_path.insert(0, finder)  # for its mypyc runtime too, which the module imports by name
    try:
        return importlib.import_module(compiled)
    except (ImportError, OSError) as exc:
        warn(f"the compiled search does not load ({' '.join(str(exc).split())[:120]}); "
             "the hard bot uses the plain search")
        return plain_search
    finally:
        sys.meta_path.remove(finder)


class _Recorded(importlib.abc.MetaPathFinder):
    """Finds exactly the checked files, by module name (the import system would take whatever of that name
    is in the folder: a stray .py, a file the build did not make)."""

    def __init__(self, paths: dict[str, Path]) -> None:
        self.paths = paths

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> ModuleSpec | None:
        where = self.paths.get(fullname)
        if where is None:
            return None
        return importlib.util.spec_from_file_location(
            fullname, where, loader=importlib.machinery.ExtensionFileLoader(fullname, str(where)))


search = load_search()


def search_kind() -> str:
    """Which search runs, for the benches' reports: "compiled (mypyc)" or "plain Python"."""
    return "plain Python" if search is plain_search else "compiled (mypyc)"


# The hard bot's search: root visits at which it looks whether one move clearly leads (its share of
# the root's visits at least HARD_LEAD) and stops; a close move is searched to the last checkpoint.
# Decisions depend only on the seed (and the bot's own earlier searches, whose trees it keeps between
# decisions about the same card), never on the machine's speed.
HARD_CHECKPOINTS = (400, 800, 1600, 3200, 4800, 7200, 9600)
HARD_LEAD = 0.8
# The largest search, in work: an iteration costs about (cards left + 2) units (the cards it plays out,
# and its walk down the tree; measured: 2.5 (cards left + 2.2) microseconds here), and a checkpoint beyond
# HARD_WORK / (cards left + 2) iterations is not searched (the first ones are). So a close move on the
# first card gets about 2,700 iterations, one later on up to 9,600, and a close move costs about the same
# CPU time whenever it comes. (With half these budgets the bot's move agreed with two 10x searches on
# 96.9 % of 1,781 sampled positions, with these on 97.4 % of 1,784: a close move's mean values are noisy,
# and a longer search settles more of them the way a far longer one does.)
HARD_WORK = 68_000
_ITERATION_WORK = 2
# When the moves' visit counts are this close (the leader's share below this), the higher mean value
# decides instead of the visit count.
HARD_VALUE_PICK = 0.6
# A safety net for very slow machines, never met on a normal one: a search still running after this
# stops early and says so (`last_capped`, `capped`), since the decision then depends on the machine.
HARD_TIME_CAP_MS = 1500
# Rollout policy (the table as the search imagines it): a seat takes once the pot covers its run-aware
# cost less NOISE * U(0, 1) and SHORTAGE / (matches + 2) (a seat short of matches takes sooner); a card
# that extends its own run it lets go round while the pot grows, up to MILK * U(0, 1) matches, unless
# someone else takes it first.
ROLLOUT_NOISE = 3.0
ROLLOUT_SHORTAGE = 4.0
ROLLOUT_MILK = 2.0
# The searching seat's own rollout play: it accepts a net loss of up to SELF_BASE + SELF_SHORT /
# (matches + 1) (less NOISE * U(0, 1)), keeping its matches for later as a strong player does.
SELF_BASE = 2.0
SELF_MILK = 2.0
# The rules an opponent may play in the pretend games (OPPONENT_RULES): that careful rule too, the plain
# one, or a strict one (it takes exactly when the pot covers the cost, runs counted, and never milks). Before
# the bot has seen a seat play, each seat plays them in these shares of the pretend games; it then reads each
# seat's real decisions (`TableReader`) and weighs the rules by how well each explains them, each decision's
# likelihood kept within READ_FLOOR of 0 and 1.
OPPONENT_RULES = ("careful", "plain", "strict")
OPPONENT_PRIOR = (0.3, 0.4, 0.3)
READ_FLOOR = 0.05
SELF_SHORT = 14.0
# Reward (0 to 1): this share for a win (split among tied winners, the guard), the rest linear in the
# score margin over the best other seat, counting up to MARGIN_SPAN points either way.
WIN_WEIGHT = search.WIN_WEIGHT
MARGIN_SPAN = 60.0


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


_mask_cost = search.mask_cost


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


def _card(obs: nt.Observation) -> int:
    """The face-up card: there is one whenever a seat has something to decide (see _must_take)."""
    if obs.card is None:
        raise ValueError("no card is up: the game is over")
    return obs.card


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
        return nt.TAKE if run_cost(obs.cards[obs.seat], _card(obs)) - obs.pot <= 0 else nt.PASS


class EasyBot:
    """A child's rule of thumb: take when the pot looks big next to the card, with a wobbly eye;
    notices a card that joins its run only some of the time and never counts matches."""

    last_capped = False

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, obs: nt.Observation) -> str:
        if _must_take(obs):
            return nt.TAKE
        rng, card = self.rng, _card(obs)
        if run_cost(obs.cards[obs.seat], card) <= 0 and rng.random() < 0.5:
            return nt.TAKE
        low = obs.unseen[0] if obs.unseen else card
        size = max(obs.unseen[-1] if obs.unseen else card, card) - low + 1
        # How big the card feels on the table's scale, against a pot it eyeballs.
        feels = (card - low + 1) / size
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
        cost = run_cost(obs.cards[obs.seat], _card(obs))
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
            if run_cost(obs.cards[seat], _card(obs)) - pot_seen <= 2:
                return True
        return False


# ---- hard: Monte-Carlo tree search over its own decisions, the table modelled ------------------------


class TableReader:
    """What the hard bot learns of the other seats from the game itself: for each seat, how likely it plays
    each of the table model's rules (OPPONENT_RULES; see `_play`).

    Between two of its own decisions the bot sees what became of the card it left: who passed it, at what
    pot, and who took it (and after it took a card, the next card's round, when at most one other seat took
    a card meanwhile). Each such decision is weighed by how likely each rule makes it (a rule's noise is
    uniform, so a take's chance is linear in the net cost, or in the pot for a card that costs nothing), and
    the seat's odds of each rule move by it. A decision by a seat out of matches says nothing. Only the
    seat's own observations go in, so it depends on nothing but the game."""

    __slots__ = ("logs", "read")

    def __init__(self, players: int) -> None:
        prior = [math.log(max(p, 1e-9)) for p in OPPONENT_PRIOR]
        self.logs = [list(prior) for _ in range(players)]
        self.read = 0  # decisions read so far

    def shares(self) -> list[tuple[float, ...]]:
        """Each seat's chance of playing each of OPPONENT_RULES."""
        out = []
        for logs in self.logs:
            top = max(logs)
            weights = [math.exp(x - top) for x in logs]
            total = sum(weights)
            out.append(tuple(w / total for w in weights))
        return out

    def follow(self, old: nt.Observation, action: str, obs: nt.Observation) -> None:
        """Read the other seats' decisions between `old` (where this seat chose `action`) and `obs`."""
        n, me = obs.players, obs.seat
        grown = [s for s in range(n) if s != me and len(obs.cards[s]) > len(old.cards[s])]
        if action == nt.PASS:
            card, first_pot = old.card, old.pot + 1
            taker = next((s for s in grown if card in obs.cards[s]), None)
            if card is None or (taker is None and (obs.card != card or obs.pot != old.pot + n)):
                return
        else:
            if old.rules.after_take == "same_player" or len(grown) > 1:
                return
            taker = grown[0] if grown else None
            if taker is not None:
                got = set(obs.cards[taker]) - set(old.cards[taker])
                if len(got) != 1:
                    return
                card = got.pop()
            elif obs.pot == n - 1 and obs.card is not None:
                card = obs.card
            else:
                return
            first_pot = 0
        matches = old.matches
        hidden = [s for s in range(n) if matches[s] is None]
        guess = 0
        if hidden:
            known = sum(m for m in matches if m is not None)
            guess = max(0, (old.total_matches - old.pot - known) // len(hidden))
        rules = _rules()
        for k in range(n - 1):
            seat = (me + 1 + k) % n
            m = matches[seat]
            m = guess if m is None else m
            took = seat == taker
            if 0 < m < _MAX_MATCHES:
                cost = run_cost(old.cards[seat], card)
                pot = first_pot + k
                logs = self.logs[seat]
                for i, name in enumerate(OPPONENT_RULES):
                    allow, noise, milk = rules[name]
                    if cost > 0:
                        gap, spread = cost - allow[m] - pot, noise
                    else:
                        gap, spread = -pot, milk
                    # The rule takes when gap - spread * U(0, 1) <= 0.
                    p = 1.0 - gap / spread if spread > 0 else float(gap <= 0)
                    p = 0.0 if p < 0.0 else min(p, 1.0)
                    logs[i] += math.log(READ_FLOOR + (1 - 2 * READ_FLOOR) * (p if took else 1.0 - p))
                self.read += 1
            if took:
                break


if TYPE_CHECKING:
    from game.games.nothanks.search import Choice as _Choice
    from game.games.nothanks.search import Decision as _Decision
else:  # the running search's nodes (HardBot makes its roots from `search` itself, as it runs)
    _Choice, _Decision = search.Choice, search.Decision


def kids(node: _Decision) -> dict[str, _Choice]:
    """The moves tried so far at a decision, by action."""
    return {a: c for a, c in ((nt.TAKE, node.take), (nt.PASS, node.pay)) if c.visits}


class HardBot:
    """Monte-Carlo tree search over its own decisions, sized by how close the move is, with the table
    modelled.

    Each iteration deals the unseen cards (the stack and the set-aside cards alike) at random, as the
    stack needs them, and splits hidden match counts consistently with the known total. The tree holds
    only this seat's decisions, keyed by what it sees (the card, the pot, the visible match counts and
    every hand): down the tree it picks its moves by UCB; between its turns the other seats play by the
    table model (`_play`: each takes once the pot covers its run-aware cost less a small noisy allowance,
    and lets a card that extends its own run go round while the pot grows); past the tree everyone plays
    so, this seat by a stronger rule that keeps its matches. The reward is the win share plus the score
    margin over the best other seat, linear (`_reward`), so points keep counting once a win looks safe.

    The search stops at the first of HARD_CHECKPOINTS (root visits) where one move has HARD_LEAD of the
    visits; when the visit counts end up close it picks the move of higher mean value. The tree is kept
    between decisions: the next decision starts from the node the game reached (the same card come back
    round, or the next card), and its visits count towards the checkpoints. `iterations` instead runs
    exactly that many new iterations (no early stop); `scale` multiplies every checkpoint (a deeper
    reference search). Every decision draws once from `rng`, so it depends only on the seed and the bot's
    earlier decisions; the time cap `time_budget_ms` is a safety net: a search outlasting it stops,
    `last_capped` is True and `capped` counts it.
    """

    EXPLORATION = 0.5

    def __init__(self, rng: random.Random, time_budget_ms: int | None = None,
                 iterations: int | None = None, scale: int = 1) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be 1 or more, not {iterations}")
        if scale < 1:
            raise ValueError(f"scale must be 1 or more, not {scale}")
        self.rng = rng
        self.time_budget_ms = HARD_TIME_CAP_MS if time_budget_ms is None else time_budget_ms
        self.iterations = iterations
        self.scale = scale
        self.last_iterations = 0  # new iterations of the last decision
        self.last_reused = 0  # root visits it started from, kept from the decision before
        self.last_root: _Decision | None = None
        self.last_capped = False
        self.capped = 0  # decisions cut short by the time cap
        self._kept: tuple[nt.Observation, _Decision, str, tuple[int, ...]] | None = None
        self.reader: TableReader | None = None  # what it has read of the other seats in this game
        self._last: tuple[nt.Observation, str] | None = None

    def checkpoints(self, cards_left: int = 0) -> tuple[int, ...]:
        """Root visits at which the search looks whether a move clearly leads, for a decision with
        `cards_left` cards still face down: HARD_CHECKPOINTS, the last ones cut to HARD_WORK's size."""
        scale = self.scale
        most = max(HARD_CHECKPOINTS[0], HARD_WORK // (cards_left + _ITERATION_WORK)) * scale
        out = [c * scale for c in HARD_CHECKPOINTS if c * scale < most]
        return (*out, most) if most <= HARD_CHECKPOINTS[-1] * scale else tuple(c * scale for c in HARD_CHECKPOINTS)

    def decide(self, obs: nt.Observation) -> str:
        # The search makes and drops hundreds of thousands of small objects, none in a reference cycle:
        # Python's cycle collector would only walk them (5-15 % of the search's time, more in its slowest
        # decisions), so it pauses while the bot thinks and resumes as it was.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._decide(obs)
        finally:
            if collecting:
                gc.enable()

    def _decide(self, obs: nt.Observation) -> str:
        self.last_capped = False
        self._read(obs)
        if _must_take(obs):
            self._kept = None
            self.last_root, self.last_iterations, self.last_reused = None, 0, 0
            self._last = (obs, nt.TAKE)
            return nt.TAKE
        # One draw from the shared source per decision, so a time-capped search never shifts the match.
        rng = random.Random(self.rng.getrandbits(64))
        deadline = time.perf_counter_ns() + self.time_budget_ms * 1_000_000
        n = obs.players
        me = obs.seat
        seen = tuple(s for s in range(n) if obs.matches[s] is not None)
        masks0 = [_mask(c) for c in obs.cards]
        root = self._kept_root(obs, seen, masks0) or search.Decision()
        self.last_reused = reused = root.visits
        pens0 = [_mask_penalty(m) for m in masks0]
        unseen = list(obs.unseen)
        hidden = [s for s in range(n) if obs.matches[s] is None]
        hidden_total = obs.total_matches - obs.pot - sum(m for m in obs.matches if m is not None)
        shares: list[tuple[float, ...]] = self.reader.shares() if self.reader is not None else [OPPONENT_PRIOR] * n
        table = _search_table(n, me, obs.rules.after_take == "same_player", seen, rng.random, shares)
        if self.iterations is not None:
            goals: tuple[int, ...] = (reused + self.iterations,)
        else:
            # A kept tree counts towards the checkpoints, but every decision searches its first one anew.
            planned = self.checkpoints(obs.cards_left)
            goals = tuple(max(goal, reused + planned[0]) for goal in planned)
        card = _card(obs)
        known = [0 if m is None else m for m in obs.matches]  # a hidden seat's count: dealt by _split each time
        done = 0
        for k, goal in enumerate(goals):
            while root.visits < goal:
                if done & 15 == 0 and done and time.perf_counter_ns() > deadline:
                    self.last_capped = True
                    break
                matches = known[:]
                if hidden:
                    _split(matches, hidden, hidden_total, rng)
                table.iterate(root, unseen[:], obs.cards_left, card, obs.pot, matches, masks0[:], pens0[:])
                done += 1
            if self.last_capped or (self.iterations is None and k + 1 < len(goals) and _clear(root)):
                break
        if self.last_capped:
            self.capped += 1
        self.last_iterations = done
        self.last_root = root
        action = _choose(root)
        self._kept = (obs, root, action, seen)
        self._last = (obs, action)
        return action

    def _read(self, obs: nt.Observation) -> None:
        """Read the other seats' decisions since this seat's last one (a new game starts a new reader)."""
        last, self._last = self._last, None
        if (last is None or self.reader is None or last[0].seat != obs.seat or last[0].players != obs.players
                or last[0].rules != obs.rules or len(obs.unseen) > len(last[0].unseen)):
            self.reader = TableReader(obs.players)
            return
        self.reader.follow(last[0], last[1], obs)

    def _kept_root(self, obs: nt.Observation, seen: tuple[int, ...], masks: list[int]) -> _Decision | None:
        """Where the kept tree's last decision led, if `obs` is a decision it imagined (the same card come
        back round, the next card, ...): the node of what this seat now sees."""
        kept = self._kept
        self._kept = None
        if kept is None:
            return None
        old, root, action, old_seen = kept
        if (obs.seat != old.seat or obs.players != old.players or obs.rules != old.rules
                or obs.start_matches != old.start_matches or seen != old_seen):
            return None
        choice = root.take if action == nt.TAKE else root.pay
        counts = tuple(m for s in seen if (m := obs.matches[s]) is not None)  # (every seat in `seen` shows its count)
        return choice.next.get((_card(obs), obs.pot, counts, tuple(masks)))


def _search_table(n: int, me: int, same: bool, seen: tuple[int, ...], rand: Callable[[], float],
                  shares: list[tuple[float, ...]]) -> plain_search.SearchTable:
    """One search's table (search.SearchTable): each other seat plays the table model's rules (OPPONENT_RULES)
    in the pretend games by its shares; this seat plays its own careful rule."""
    rules = _rules()
    ways: list[list[tuple[float, int]]] = []
    for seat in range(n):
        if seat != me:
            cumulative = [sum(shares[seat][: i + 1]) for i in range(len(OPPONENT_RULES))]
            cumulative[-1] = 2.0
            ways.append([(upto, i) for i, upto in enumerate(cumulative)])
    table: plain_search.SearchTable = search.SearchTable(
        n, me, same, seen, rand, ways, [rules[name] for name in OPPONENT_RULES], rules["self"],
        HardBot.EXPLORATION, 2.0 * max(MARGIN_SPAN, 1.0))
    return table


def _clear(root: _Decision) -> bool:
    """Whether one move at the root has HARD_LEAD of the visits."""
    total = root.take.visits + root.pay.visits
    return max(root.take.visits, root.pay.visits) >= HARD_LEAD * total


def _choose(root: _Decision) -> str:
    """The move with more visits; when the counts are close, the one of higher mean value."""
    take, pay = root.take, root.pay
    if not pay.visits:
        return nt.TAKE
    if not take.visits:
        return nt.PASS
    total = take.visits + pay.visits
    if max(take.visits, pay.visits) < HARD_VALUE_PICK * total:
        return nt.TAKE if take.value >= pay.value else nt.PASS
    return nt.TAKE if take.visits >= pay.visits else nt.PASS


def _split(matches: list[int], hidden: list[int], total: int, rng: random.Random) -> None:
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


def _play(pool: list[int], left: int, card: int, pot: int, cp: int, matches: list[int], masks: list[int],
          pens: list[int], n: int, same: bool, rand: Callable[[], float], me: int, stop: bool,
          ) -> tuple[int | None, int, int]:
    """search.play at a table where seat `me` plays its own rule and every other seat the plain one (card
    None once the game is over)."""
    rules = _rules()
    table = search.Model([rules["self"] if s == me else rules["plain"] for s in range(n)])
    card_, pot, left = search.play(pool, left, card, pot, cp, matches, masks, pens, same, rand, me, stop, table)
    return (card_ or None), pot, left


# By the constants they are made from (one entry unless a tuning run changes them): four lists of
# _MAX_MATCHES floats, about 70 KB; room for four.
_RULES: Memo[tuple[float, ...], dict[str, tuple[list[float], float, float]]] = Memo("no thanks bot rules", 2**18)
_MAX_MATCHES = 512


def _rules() -> dict[str, tuple[list[float], float, float]]:
    """The table model's rules by name, each (by matches held, the net loss it accepts before its noise; its
    noise; its milk): a plain player's SHORTAGE / (m + 2), a careful player's (and this seat's, "self", which
    milks by SELF_MILK) SELF_BASE + SELF_SHORT / (m + 1), a strict player's nothing (no noise, no milk)."""
    key = (ROLLOUT_SHORTAGE, SELF_BASE, SELF_SHORT, ROLLOUT_NOISE, ROLLOUT_MILK, SELF_MILK)
    rules = _RULES.get(key)
    if rules is None:
        weak = [ROLLOUT_SHORTAGE / (m + 2) for m in range(_MAX_MATCHES)]
        strong = [SELF_BASE + SELF_SHORT / (m + 1) for m in range(_MAX_MATCHES)]
        rules = _RULES[key] = {
            "plain": (weak, ROLLOUT_NOISE, ROLLOUT_MILK), "careful": (strong, ROLLOUT_NOISE, ROLLOUT_MILK),
            "strict": ([0.0] * _MAX_MATCHES, 0.0, 0.0), "self": (strong, ROLLOUT_NOISE, SELF_MILK),
        }
    return rules


_reward = search.reward


_MAKERS: dict[str, Callable[[random.Random], Bot]] = {
    "random": RandomBot, "greedy": GreedyBot, "easy": EasyBot, "medium": MediumBot}


def make_bot(level: str | None, rng: random.Random, time_budget_ms: int | None = None,
             iterations: int | None = None) -> Bot:
    """A bot for `level` drawing all its randomness from `rng`; `decide(obs)` returns nt.TAKE or nt.PASS.

    `iterations` fixes the hard bot's search size (by default it searches by HARD_CHECKPOINTS, stopping
    once a move clearly leads) and `time_budget_ms` sets its time cap (default HARD_TIME_CAP_MS); other
    levels answer at once.
    """
    if level == "hard":
        return HardBot(rng, time_budget_ms=time_budget_ms, iterations=iterations)
    if level not in _MAKERS:
        raise ValueError(f"unknown No Thanks bot level {level!r}; choose from {', '.join(LEVELS)}")
    return _MAKERS[level](rng)
