"""No Thanks engine benchmarks, for `python -m game bench engines`: whole games with random players
(engine only: no driver, no clock), mid-game states for clone()+apply(), and a comparison with the PyPI
package `no-thanks` 0.2.2 (`--against-pypi`).

The comparison plays the package's own game loop with its own `HeuristicPlayer`, and this engine with
the same decision rule (`take_probability`, a line-for-line copy of `HeuristicPlayer.take_proba`), 4
players, the numbered 3–35 edition, in alternating rounds (package, ours, package, ours, ...) in one
process, and reports games per second of each and the ratio. The package is an optional extra:
`pip install -e '.[bench]'` in a checkout (or `pip install no-thanks==0.2.2`).
"""

from __future__ import annotations

import importlib.metadata
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Collection
from typing import NamedTuple, NotRequired, TypedDict, TypeVar

from game.games.base import BotTiming, StateAction, ToolReport
from game.games.nothanks import engine as nt

PYPI_PACKAGE, PYPI_VERSION = "no-thanks", "0.2.2"
PYPI_PLAYERS = 4
PYPI_TARGET = 2.0  # this engine should play at least twice as many games per second as the package


def play(seed: int, players: int = 4, rules: nt.Rules | None = None) -> nt.State:
    """One game of random takes and passes (the playing-card edition unless `rules` says otherwise)."""
    st = nt.new_game(rules or nt.Rules(), players=players, seed=seed)
    rand = random.Random(seed).random
    take, pay = nt.TAKE, nt.PASS
    matches = st.matches
    while not st.is_over:
        st.apply(take if not matches[st.current_player] or rand() < 0.5 else pay)
    return st


# (label, players, play(seed) -> a finished state): the games `bench engines` times, in its order.
GAMES = (
    ("playing cards", 4, lambda seed: play(seed, 4)),
    ("numbered", 3, lambda seed: play(seed, 3, nt.Rules.numbered())),
)
# The engine's target: (what the line calls it, games/s of the first of GAMES).
TARGET = ("No Thanks", 3000)


def clone_apply_states(count: int = 64) -> list[StateAction[str]]:
    """Mid-game states of 4 players (5 to 24 random moves in) and one legal action for each."""
    rng = random.Random(1)
    out: list[StateAction[str]] = []
    for seed in range(count):
        st = nt.new_game(nt.Rules(), players=4, seed=seed)
        for _ in range(rng.randrange(5, 25)):
            if st.is_over:
                break
            st.apply(rng.choice(st.legal_actions()))
        if not st.is_over:
            out.append(StateAction(st, st.legal_actions()[-1]))
    return out


# ---- against the PyPI package ------------------------------------------------------------------------


def take_probability(card: int, tokens_on_card: int, tokens: int, held: Collection[int]) -> float:
    """The package's `HeuristicPlayer.take_proba`, rule for rule: how likely to take `card` with
    `tokens_on_card` on it, holding `tokens` and the cards `held`."""
    value = card - tokens_on_card - 1
    if (tokens <= 0) or (value <= 0):
        return 1
    proba = 0.05 if value >= 20 else 1 - value / 20
    proba *= 1 + 1 / tokens
    if (card - 1 in held) or (card + 1 in held):
        proba *= 2
    return max(min(proba, 1), 0)


def heuristic_game(seed: int, rules: nt.Rules, rand: Callable[[], float], players: int = PYPI_PLAYERS) -> nt.State:
    """One game on this engine, every seat playing the package's heuristic (`take_probability`, and
    TAKE when out of matches or when a random number is at most that probability, as the package does)."""
    st = nt.new_game(rules, players=players, seed=seed)
    take, pay = nt.TAKE, nt.PASS
    matches, cards, apply = st.matches, st.cards, st.apply
    while not st.is_over:
        cp, card = st.current_player, st.card
        assert card is not None, "a card is face up until the game ends"
        tokens = matches[cp]
        proba = take_probability(card, st.pot, tokens, cards[cp])
        apply(take if tokens <= 0 or rand() <= proba else pay)
    return st


def pypi_installed() -> str | None:
    """The installed version of the package, or None."""
    try:
        return importlib.metadata.version(PYPI_PACKAGE)
    except importlib.metadata.PackageNotFoundError:
        return None


def _pypi_round() -> Callable[[int], None]:
    """A function playing n games of the package: its Game loop, 4 of its HeuristicPlayers."""
    import logging

    # An optional package without type hints, absent where mypy runs in CI (hence both codes).
    from no_thanks.core import Game  # type: ignore[import-not-found, unused-ignore]
    from no_thanks.players import HeuristicPlayer  # type: ignore[import-not-found, unused-ignore]

    logging.getLogger("no_thanks").setLevel(logging.WARNING)  # as by default: its debug lines stay off
    game = Game([HeuristicPlayer(f"P{i + 1}") for i in range(PYPI_PLAYERS)])

    def run(n: int) -> None:
        for _ in range(n):
            game.reset()
            game.play()

    return run


class PypiComparison(TypedDict):
    """The comparison's figures (`compare_with_pypi`): only the first three where the package is not installed."""

    installed: bool
    package: str
    version: str
    players: NotRequired[int]
    rounds: NotRequired[int]
    games: NotRequired[dict[str, int]]  # by side: "pypi", "ours", "ours_26_cards"
    games_per_second: NotRequired[dict[str, float]]
    ratio: NotRequired[float]
    ratio_26_cards: NotRequired[float]
    target: NotRequired[float]


def against_pypi(seconds: float = 2.0) -> ToolReport:
    """`bench engines --against-pypi`: the comparison (`compare_with_pypi`) and its lines."""
    result = compare_with_pypi(seconds)
    return ToolReport(result, format_against_pypi(result))


def compare_with_pypi(seconds: float = 2.0, rounds: int = 10) -> PypiComparison:
    """Games per second of the package and of this engine, same heuristic players, alternating rounds.

    Two editions on our side: the published one (3–35, 9 cards set aside: 24 in play) is the headline;
    the package, which removes only 7 cards (`k = CARD_MAX - NUM_CARDS_DISCARD` = 26 in play), is also
    compared like for like with 7 set aside."""
    version = pypi_installed()
    if version is None:
        return {"installed": False, "package": PYPI_PACKAGE, "version": PYPI_VERSION}
    pypi = _pypi_round()
    rand = random.Random(2024).random
    published, like_for_like = nt.Rules.numbered(), nt.Rules.numbered(set_aside=7)
    seed = 0

    def ours(rules: nt.Rules) -> Callable[[int], None]:
        def run(n: int) -> None:
            nonlocal seed
            for _ in range(n):
                heuristic_game(seed, rules, rand)
                seed += 1

        return run

    sides = {"pypi": pypi, "ours": ours(published), "ours_26_cards": ours(like_for_like)}
    # Size a round so all sides together take about `seconds`: a short calibration of each first.
    per_game: dict[str, float] = {}
    for name, run in sides.items():
        started = time.perf_counter()
        run(50)
        per_game[name] = (time.perf_counter() - started) / 50
    budget = seconds / rounds / len(sides)
    sizes = {name: max(20, int(budget / max(t, 1e-7))) for name, t in per_game.items()}
    spent = dict.fromkeys(sides, 0.0)
    played = dict.fromkeys(sides, 0)
    for _ in range(rounds):
        for name, run in sides.items():  # A, B, C, A, B, C, ...: any drift of the machine hits all
            started = time.perf_counter()
            run(sizes[name])
            spent[name] += time.perf_counter() - started
            played[name] += sizes[name]
    rate = {name: played[name] / spent[name] for name in sides}
    return {
        "installed": True, "package": PYPI_PACKAGE, "version": version, "players": PYPI_PLAYERS,
        "rounds": rounds, "games": played, "games_per_second": rate,
        "ratio": rate["ours"] / rate["pypi"], "ratio_26_cards": rate["ours_26_cards"] / rate["pypi"],
        "target": PYPI_TARGET,
    }


def format_against_pypi(result: PypiComparison) -> str:
    if not result["installed"]:
        return (f"{PYPI_PACKAGE} {PYPI_VERSION} is not installed: pip install {PYPI_PACKAGE}=={PYPI_VERSION} "
                "(or the 'bench' extra) to compare the No Thanks engine with it")
    rate, games = result["games_per_second"], result["games"]
    verdict = "ok" if result["ratio"] >= result["target"] else "BELOW TARGET"
    head = (f"No Thanks against PyPI {result['package']} {result['version']}: {result['players']} players, "
            f"numbered 3–35, the package's HeuristicPlayer rule on both, {result['rounds']} alternating rounds")
    ours_26 = (f"  {'this engine, 26 cards':<24} {rate['ours_26_cards']:>8,.0f} games/s  "
               f"({games['ours_26_cards']:,} games, 7 aside, as the package deals)")
    ratio = (f"ratio {result['ratio']:.2f}x (like for like, 26 cards: {result['ratio_26_cards']:.2f}x); "
             f"target >= {result['target']:g}x: {verdict}")
    return "\n".join([
        head,
        f"  {result['package']:<24} {rate['pypi']:>8,.0f} games/s  ({games['pypi']:,} games, 26 cards in play)",
        f"  {'this engine':<24} {rate['ours']:>8,.0f} games/s  ({games['ours']:,} games, 24 in play: 9 aside)",
        ours_26,
        ratio,
    ])


# ---- the bots, for `bench bots` --------------------------------------------------------------------------

# The search bot's thinking time: (level, target median ms, target p99 ms per decision), CPU time of the
# process (not the wall clock: the machine may be shared). A figure of the machine, so it is measured
# here and never asserted by a test.
BOT_TARGET = ("hard", 40, 120)
# Issue 25's targets, measured by `bench bots --full`.
STRENGTH_TARGETS = {
    "greedy_numbered_win": 0.90, "greedy_numbered_score": -30.0, "greedy_cards_win": 0.90,
    "agreement": 0.97, "three_way_win": 0.75, "four_win": 0.87, "five_win": 0.80, "coach_ms": 100.0,
}


J = TypeVar("J")  # a worker's job
R = TypeVar("R")  # what it gives back


class GameJob(NamedTuple):
    rules: nt.Rules
    levels: list[str]  # by seat
    deal_seed: int
    bot_seed: int


class GameFigures(TypedDict):
    scores: list[int]
    winners: list[int]
    ms: list[float]  # the hard seats' real decisions: CPU ms each
    iterations: list[int]  # ... and the new iterations of each


def _game(job: GameJob) -> GameFigures:
    """One game (a worker's unit): `levels[s]` in seat s; the scores, winners, and each hard seat's real
    decisions (pass was legal) as CPU milliseconds and new iterations."""
    from game.games.nothanks.bots import HardBot, make_bot

    rules, levels, deal_seed, bot_seed = job
    n = len(levels)
    bots = [make_bot(level, random.Random(bot_seed * 16 + s)) for s, level in enumerate(levels)]
    st = nt.new_game(rules, players=n, seed=deal_seed)
    ms: list[float] = []
    iterations: list[int] = []
    clock = time.process_time_ns
    while not st.is_over:
        seat = st.current_player
        obs = st.observation(seat)
        t0 = clock()
        action = bots[seat].decide(obs)
        spent = clock() - t0
        bot = bots[seat]
        if isinstance(bot, HardBot) and len(obs.legal_actions) > 1:  # (the "hard" level's bot)
            ms.append(spent / 1e6)
            iterations.append(bot.last_iterations)
        st.apply(action)
    return {"scores": list(st.scores()), "winners": list(st.winners()), "ms": ms, "iterations": iterations}


def _map(fn: Callable[[J], R], jobs: list[J], workers: int) -> list[R]:
    # The executable runs them in one process: it is no Python that a worker could be spawned from, and it
    # leaves multiprocessing out (its import ran at every start; a spawned worker only ever hung).
    if workers <= 1 or getattr(sys, "frozen", False):
        return [fn(j) for j in jobs]
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        return pool.map(fn, jobs, chunksize=1)


class SeriesEntry(TypedDict):
    bot: str
    win_rate: float
    win_ci95: list[float]  # [low, high]
    mean_score: float
    score_ci95: list[float]


class Series(TypedDict):
    """A series' figures (`series`); the report leaves out its decisions one by one (`ms`, `iterations`)."""

    edition: str
    players: int
    entries: list[SeriesEntry]
    games: int
    blocks: int
    decisions: int
    ms: NotRequired[list[float]]
    iterations: NotRequired[list[int]]
    median_ms: float
    p99_ms: float
    mean_iterations: float


def series(rules: nt.Rules, entries: list[str], games: int, seed: int = 2024, workers: int = 1) -> Series:
    """`entries` (one per seat) over at least `games` games in blocks of one deal played once per rotation
    of the entries round the table; per entry its win share (ties shared) and mean score with 95%
    intervals over blocks, and the hard entries' CPU time per decision."""
    from game.games.nothanks.tournament import mean_ci, percentile

    n = len(entries)
    blocks = max(1, math.ceil(games / n))
    master = random.Random(seed)
    jobs: list[GameJob] = []
    rotations: list[int] = []
    for _ in range(blocks):
        deal = master.getrandbits(48)
        for r in range(n):
            levels = [""] * n
            for i in range(n):
                levels[(i + r) % n] = entries[i]
            jobs.append(GameJob(rules, levels, deal, master.getrandbits(48)))
            rotations.append(r)
    results = _map(_game, jobs, workers)
    wins = [[0.0] * blocks for _ in range(n)]
    scores = [[0.0] * blocks for _ in range(n)]
    ms: list[float] = []
    iterations: list[int] = []
    for k, (res, r) in enumerate(zip(results, rotations)):
        b = k // n
        for i in range(n):
            seat = (i + r) % n
            wins[i][b] += (1 / len(res["winners"]) if seat in res["winners"] else 0.0) / n
            scores[i][b] += res["scores"][seat] / n
        ms += res["ms"]
        iterations += res["iterations"]
    out: list[SeriesEntry] = []
    for i, level in enumerate(entries):
        w = mean_ci(wins[i])
        sc = mean_ci(scores[i])
        out.append({"bot": level, "win_rate": w[0], "win_ci95": [w[1], w[2]], "mean_score": sc[0],
                    "score_ci95": [sc[1], sc[2]]})
    return {"edition": rules.edition, "players": n, "entries": out, "games": blocks * n, "blocks": blocks,
            "decisions": len(ms), "ms": ms, "iterations": iterations,
            "median_ms": statistics.median(ms) if ms else 0.0, "p99_ms": percentile(ms, 99),
            "mean_iterations": statistics.fmean(iterations) if iterations else 0.0}


def bot_timing(games: int, seed: int = 2024) -> BotTiming:
    """CPU time per decision (ms) of the BOT_TARGET level against two greedy bots, numbered edition, seats
    rotated."""
    from game.games.nothanks.bots import search_kind

    level, median_target, p99_target = BOT_TARGET
    r = series(nt.Rules.numbered(), [level, "greedy", "greedy"], games, seed=seed)
    return {"level": level, "search": search_kind(), "games": r["games"], "decisions": r["decisions"], "median_ms": r["median_ms"],
            "p99_ms": r["p99_ms"], "target_median_ms": median_target, "target_p99_ms": p99_target,
            "ok": r["median_ms"] <= median_target and r["p99_ms"] <= p99_target}


def sample_positions(count: int, seed: int = 7) -> list[nt.Observation]:
    """`count` positions where the hard bot had a real choice, from games of hard against two greedy bots
    (numbered edition, 3 players), a few from each game, spread over the game."""
    from game.games.nothanks.bots import make_bot

    rng = random.Random(seed)
    out: list[nt.Observation] = []
    game = 0
    while len(out) < count:
        game += 1
        hard_seat = game % 3
        levels = ["greedy"] * 3
        levels[hard_seat] = "hard"
        bots = [make_bot(level, random.Random(rng.getrandbits(32))) for level in levels]
        st = nt.new_game(nt.Rules.numbered(), players=3, seed=rng.getrandbits(32))
        found = []
        while not st.is_over:
            seat = st.current_player
            obs = st.observation(seat)
            if seat == hard_seat and len(obs.legal_actions) > 1:
                found.append(obs)
            st.apply(bots[seat].decide(obs))
        out += rng.sample(found, min(4, len(found), count - len(out)))
    return out


class AgreeFigures(TypedDict):
    bot: str  # the hard bot's move
    refs: list[str]  # the two references' moves
    ms: float  # the hard bot's CPU time


def _agree_job(job: tuple[nt.Observation, int, int]) -> AgreeFigures:
    from game.games.nothanks.bots import HardBot

    obs, k, seed = job
    clock = time.process_time_ns
    t0 = clock()
    bot = HardBot(random.Random(seed * 1_000_003 + k)).decide(obs)
    spent = (clock() - t0) / 1e6
    # The references search to their last checkpoint whatever the machine: no time cap (a capped reference
    # would depend on the machine's speed and load).
    refs = [HardBot(random.Random(seed * 1_000_003 + k + salt), scale=10, time_budget_ms=REFERENCE_CAP_MS).decide(obs)
            for salt in (1 << 20, 2 << 20)]
    return {"bot": bot, "refs": refs, "ms": spent}


REFERENCE_CAP_MS = 10**9  # in effect none


class Agreement(TypedDict):
    positions: int
    settled: int  # positions where the two references agree
    agree: int  # ... and the hard bot with them
    rate: float
    disagreements: list[tuple[int | None, int, str]]  # (card, pot, the hard bot's move)
    fresh_median_ms: float


def agreement(positions: int, seed: int = 7, workers: int = 1) -> Agreement:
    """The hard bot's move against a reference of two 10x searches (every checkpoint ten times larger)
    with different seeds, over `positions` sampled positions: the share of agreement over the positions
    where the two references agree."""
    sample = sample_positions(positions, seed)
    results = _map(_agree_job, [(obs, k, seed) for k, obs in enumerate(sample)], workers)
    settled = [r for r in results if r["refs"][0] == r["refs"][1]]
    agree = sum(r["bot"] == r["refs"][0] for r in settled)
    disagreements = [(obs.card, obs.pot, r["bot"]) for obs, r in zip(sample, results)
                     if r["refs"][0] == r["refs"][1] and r["bot"] != r["refs"][0]]
    return {"positions": len(sample), "settled": len(settled), "agree": agree,
            "rate": agree / len(settled) if settled else 0.0, "disagreements": disagreements,
            "fresh_median_ms": statistics.median(r["ms"] for r in results)}


def _coach_job(job: tuple[nt.Observation, int]) -> float:
    from game.games.nothanks.coach import Coach

    obs, seed = job
    clock = time.process_time_ns
    t0 = clock()
    Coach(seed, threaded=False).ask(obs)
    return (clock() - t0) / 1e6


class CoachTiming(TypedDict):
    positions: int
    median_ms: float
    p99_ms: float
    max_ms: float


def coach_timing(positions: int, seed: int = 11, workers: int = 1) -> CoachTiming:
    """CPU time from a question to the coach's advice (the table's coach, unthreaded) over sampled positions."""
    from game.games.nothanks.tournament import percentile

    sample = sample_positions(positions, seed)
    ms = _map(_coach_job, [(obs, seed + k) for k, obs in enumerate(sample)], workers)
    return {"positions": len(ms), "median_ms": statistics.median(ms), "p99_ms": percentile(ms, 99),
            "max_ms": max(ms)}


class Timing(TypedDict):
    decisions: int
    median_ms: float
    p99_ms: float
    target_median_ms: int
    target_p99_ms: int


class BotReport(TypedDict):
    """`bench bots --full`'s figures (`bot_report`); `load`: the machine's, at the start and at the end."""

    search: str
    greedy_numbered: Series
    greedy_cards: Series
    three_way: Series
    four: Series
    five: Series
    agreement: Agreement
    coach: CoachTiming
    timing: Timing
    checks: dict[str, bool]
    ok: bool
    load: NotRequired[list[str]]


def bot_report(games: int = 300, positions: int = 1000, seed: int = 2024, workers: int = 1) -> BotReport:
    """Everything issue 25 asks of the hard bot, measured: against two greedy bots (both editions), the
    agreement with a deeper search, CPU time per decision, a 3-way hard / medium / greedy table, 4 and 5
    players against greedy, and the coach's time to advice."""
    from game.games.nothanks.bots import search_kind
    from game.games.nothanks.tournament import percentile

    numbered, cards = nt.Rules.numbered(), nt.Rules()
    greedy_numbered = series(numbered, ["hard", "greedy", "greedy"], games, seed, workers)
    greedy_cards = series(cards, ["hard", "greedy", "greedy"], games, seed, workers)
    three_way = series(numbered, ["hard", "medium", "greedy"], games, seed, workers)
    four = series(numbered, ["hard", "greedy", "greedy", "greedy"], games, seed, workers)
    five = series(numbered, ["hard"] + ["greedy"] * 4, games, seed, workers)
    agreed = agreement(positions, seed, workers)
    coach = coach_timing(min(positions, 100), seed, workers)
    times = greedy_numbered.pop("ms", []) + greedy_cards.pop("ms", [])
    for each in (greedy_numbered, greedy_cards, three_way, four, five):
        each.pop("ms", None)
        each.pop("iterations", None)
    timing: Timing = {"decisions": len(times), "median_ms": statistics.median(times), "p99_ms": percentile(times, 99),
                      "target_median_ms": BOT_TARGET[1], "target_p99_ms": BOT_TARGET[2]}
    want = STRENGTH_TARGETS
    hard = {"greedy_numbered": greedy_numbered["entries"][0], "greedy_cards": greedy_cards["entries"][0],
            "three_way": three_way["entries"][0], "four": four["entries"][0], "five": five["entries"][0]}
    checks = {
        "vs 2 greedy, numbered: win": (hard["greedy_numbered"]["win_rate"] >= want["greedy_numbered_win"]),
        "vs 2 greedy, numbered: mean score": hard["greedy_numbered"]["mean_score"] >= want["greedy_numbered_score"],
        "vs 2 greedy, playing cards: win": hard["greedy_cards"]["win_rate"] >= want["greedy_cards_win"],
        "agreement with the 10x reference": agreed["rate"] >= want["agreement"],
        "CPU ms per decision": (timing["median_ms"] <= BOT_TARGET[1] and timing["p99_ms"] <= BOT_TARGET[2]),
        "3-way hard/medium/greedy": hard["three_way"]["win_rate"] >= want["three_way_win"],
        "4 players vs greedy": hard["four"]["win_rate"] >= want["four_win"],
        "5 players vs greedy": hard["five"]["win_rate"] >= want["five_win"],
        "coach's time to advice": coach["p99_ms"] <= want["coach_ms"],
    }
    return {"search": search_kind(), "greedy_numbered": greedy_numbered, "greedy_cards": greedy_cards,
            "three_way": three_way, "four": four, "five": five, "agreement": agreed, "coach": coach,
            "timing": timing, "checks": checks, "ok": all(checks.values())}


def format_bot_report(r: BotReport) -> str:
    from game.simkit import share_ci

    def pct(e: SeriesEntry) -> str:
        lo, hi = e["win_ci95"]
        return f"win {100 * e['win_rate']:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"

    def score(e: SeriesEntry) -> str:
        lo, hi = e["score_ci95"]
        return f"mean score {e['mean_score']:.1f} [{lo:.1f}, {hi:.1f}]"

    def verdict(name: str) -> str:
        return "ok" if r["checks"][name] else "MISSED"

    head = f"No Thanks hard bot (issue 25), its search {r['search']}; 95% intervals over seat-rotated blocks of one deal"
    lines = [head]
    for s, label, check, target in (
        (r["greedy_numbered"], "vs 2 greedy, numbered 3-35", "vs 2 greedy, numbered: win", "win >= 90%, score >= -30"),
        (r["greedy_cards"], "vs 2 greedy, playing cards", "vs 2 greedy, playing cards: win", "win >= 90%"),
        (r["three_way"], "3-way hard/medium/greedy", "3-way hard/medium/greedy", "hard >= 75%"),
        (r["four"], "4 players vs greedy", "4 players vs greedy", ">= 87%"),
        (r["five"], "5 players vs greedy", "5 players vs greedy", ">= 80%"),
    ):
        ok = verdict(check)
        if s is r["greedy_numbered"]:
            ok = "ok" if r["checks"][check] and r["checks"]["vs 2 greedy, numbered: mean score"] else "MISSED"
        others = "; ".join(f"{e['bot']} {100 * e['win_rate']:.1f}% {e['mean_score']:.1f}" for e in s["entries"][1:])
        lines.append(f"  {label:<28} {s['games']} games: hard {pct(s['entries'][0])}, {score(s['entries'][0])}"
                     f"  (others: {others}); {s['mean_iterations']:.0f} iterations/decision  target {target}: {ok}")
    a = r["agreement"]
    lo, hi = share_ci(a["agree"], a["settled"])
    lines.append(f"  agreement with two 10x searches: {a['agree']}/{a['settled']} = {100 * a['rate']:.1f}% "
                 f"[{100 * lo:.1f}, {100 * hi:.1f}] "
                 f"({a['positions']} positions, {a['positions'] - a['settled']} where the references differ "
                 f"left out)  target >= 97%: {verdict('agreement with the 10x reference')}")
    tm = r["timing"]
    lines.append(f"  CPU time per decision (process time, both editions vs greedy): {tm['decisions']} decisions, "
                 f"median {tm['median_ms']:.1f} ms, p99 {tm['p99_ms']:.1f} ms  target median <= "
                 f"{tm['target_median_ms']} ms, p99 <= {tm['target_p99_ms']} ms: {verdict('CPU ms per decision')}")
    c = r["coach"]
    lines.append(f"  coach, question to advice (CPU): {c['positions']} positions, median {c['median_ms']:.1f} ms, "
                 f"p99 {c['p99_ms']:.1f} ms, max {c['max_ms']:.1f} ms  target <= 100 ms: "
                 + verdict("coach's time to advice"))
    return "\n".join(lines)
