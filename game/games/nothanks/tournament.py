"""Seat-balanced No Thanks bot tournaments: win rates (ties shared), mean scores, 95% intervals, timing."""

from __future__ import annotations

import math
import random
import statistics
import time
from typing import TypedDict

from game.games.nothanks import engine as nt
from game.games.nothanks import text
from game.games.nothanks.bots import make_bot
from game.simkit import Z95, RunFigures


class EntryFigures(TypedDict):
    """One entry (a bot level in one place of the line-up) over a tournament."""

    entry: int
    bot: str
    win_rate: float
    win_ci95: list[float]  # [low, high]
    mean_score: float
    score_ci95: list[float]
    games_in_seat: list[int]  # games it played in each seat
    decisions: int  # its real decisions (pass was legal), timed
    decision_ms_median: float
    decision_ms_p99: float


class Tournament(RunFigures):
    """A tournament's figures (`run_tournament`)."""

    edition: str
    blocks: int
    parity: float  # the win share of an entry no better than the rest
    entries: list[EntryFigures]


def mean_ci(values: list[float]) -> tuple[float, float, float]:
    """Mean and its 95% normal-approximation interval (sample standard deviation); (m, m, m) for n < 2."""
    n = len(values)
    if n == 0:
        raise ValueError("no values")
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    half = Z95 * statistics.stdev(values) / math.sqrt(n)
    return mean, mean - half, mean + half


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by linear interpolation between closest ranks."""
    if not values:
        return 0.0
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def play_game(rules: nt.Rules, levels: list[str], deal_seed: int, bot_seed: int,
              times_ns: list[list[int]] | None = None, **bot_options: int | None) -> nt.State:
    """One game with `levels[s]` in seat s; real decisions' times (pass was legal) go to times_ns[s]."""
    n = len(levels)
    bots = []
    for s, level in enumerate(levels):
        options = bot_options if level == "hard" else {}
        bots.append(make_bot(level, random.Random(bot_seed * 16 + s), **options))
    st = nt.new_game(rules, players=n, seed=deal_seed)
    while not st.is_over:
        seat = st.current_player
        obs = st.observation(seat)
        t0 = time.perf_counter_ns()
        action = bots[seat].decide(obs)
        if times_ns is not None and len(obs.legal_actions) > 1:
            times_ns[seat].append(time.perf_counter_ns() - t0)
        st.apply(action)
    return st


def run_tournament(rules: nt.Rules, bots: list[str], games: int, seed: int, seat_balanced: bool,
                   **bot_options: int | None) -> Tournament:
    """Play `games` games among `bots` (one entry per seat) and summarise them as JSON-able data.

    Seat-balanced: games come in blocks of one deal played once per rotation of the entries round the
    table, so every entry sits in every seat equally often on the same cards (games is rounded up to a
    whole number of blocks); intervals are then over blocks, the independent unit. Otherwise entry i
    always sits in seat i and intervals are over games. `bot_options` (time_budget_ms, iterations) go to
    the hard bot.
    """
    n = len(bots)
    low, high = rules.player_range()
    if not low <= n <= high:
        raise ValueError(f"{n} bots: the {rules.edition} edition is for {low} to {high} players")
    rotations = n if seat_balanced else 1
    blocks = max(1, math.ceil(games / rotations))
    master = random.Random(seed)
    wins: list[list[float]] = [[] for _ in range(n)]
    scores: list[list[float]] = [[] for _ in range(n)]
    times: list[list[int]] = [[] for _ in range(n)]
    seats = [[0] * n for _ in range(n)]
    started = time.perf_counter()
    for _ in range(blocks):
        deal_seed = master.getrandbits(48)
        block_wins = [0.0] * n
        block_scores = [0.0] * n
        for r in range(rotations):
            seat_of = [(i + r) % n for i in range(n)]
            levels = [""] * n
            for i, seat in enumerate(seat_of):
                levels[seat] = bots[i]
            seat_times: list[list[int]] = [[] for _ in range(n)]
            st = play_game(rules, levels, deal_seed, master.getrandbits(48), seat_times, **bot_options)
            winners = st.winners()
            final = st.scores()
            for i, seat in enumerate(seat_of):
                block_wins[i] += (1 / len(winners) if seat in winners else 0.0) / rotations
                block_scores[i] += final[seat] / rotations
                times[i] += seat_times[seat]
                seats[i][seat] += 1
        for i in range(n):
            wins[i].append(block_wins[i])
            scores[i].append(block_scores[i])
    elapsed = time.perf_counter() - started
    entries: list[EntryFigures] = []
    for i, level in enumerate(bots):
        w, w_lo, w_hi = mean_ci(wins[i])
        s, s_lo, s_hi = mean_ci(scores[i])
        ms = [x / 1e6 for x in times[i]]
        entries.append({
            "entry": i,
            "bot": level,
            "win_rate": w,
            "win_ci95": [w_lo, w_hi],
            "mean_score": s,
            "score_ci95": [s_lo, s_hi],
            "games_in_seat": seats[i],
            "decisions": len(ms),
            "decision_ms_median": statistics.median(ms) if ms else 0.0,
            "decision_ms_p99": percentile(ms, 99),
        })
    return {
        "game": "nothanks",
        "rules": text.summary(rules),
        "edition": rules.edition,
        "players": n,
        "bots": list(bots),
        "games": blocks * rotations,
        "blocks": blocks,
        "seat_balanced": seat_balanced,
        "seed": seed,
        "parity": 1 / n,
        "seconds": elapsed,
        "games_per_second": blocks * rotations / elapsed if elapsed > 0 else 0.0,
        "entries": entries,
    }


def format_table(result: Tournament) -> str:
    """The tournament as a plain-text table."""
    balanced = ", seat-balanced" if result["seat_balanced"] else ""
    lines = [
        f"No Thanks: {result['games']} games, {result['players']} players{balanced} ({result['rules']})",
        (f"{'#':>2} {'bot':<8} {'win rate':>8} {'95% CI':>15} {'mean score':>10} {'95% CI':>17}"
         f" {'ms median':>9} {'ms p99':>8}"),
    ]
    for e in result["entries"]:
        w_lo, w_hi = e["win_ci95"]
        s_lo, s_hi = e["score_ci95"]
        lines.append(
            f"{e['entry']:>2} {e['bot']:<8} {100 * e['win_rate']:>7.1f}% {100 * w_lo:>6.1f}–{100 * w_hi:>5.1f}%"
            f" {e['mean_score']:>10.1f} {s_lo:>8.1f}–{s_hi:>7.1f}"
            f" {e['decision_ms_median']:>9.2f} {e['decision_ms_p99']:>8.2f}"
        )
    lines.append(f"parity {100 * result['parity']:.1f}%; {result['games_per_second']:.1f} games/s")
    return "\n".join(lines)
