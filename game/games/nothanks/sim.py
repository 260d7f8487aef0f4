"""No Thanks in `python -m game sim nothanks`: its options, whole games through the match (or the
seat-balanced tournament), and the result as a table."""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import TypedDict

from game import argtypes
from game.games.base import ToolReport
from game.games.nothanks import engine as nt
from game.games.nothanks import text
from game.games.nothanks.levels import LEVELS
from game.games.nothanks.match import NothanksMatch
from game.match.common import SeatSpec
from game.simkit import Recorder, RunFigures, SimError, bot_levels, check_players, play_out, rule_values

DEFAULT_PLAYERS = 4


class SeatFigures(TypedDict):
    seat: int
    bot: str
    wins: float  # a shared win counts its share
    win_rate: float
    mean_score: float


class Figures(RunFigures):
    """A run's figures through the match (the seat-balanced run gives the tournament's)."""

    seats: list[SeatFigures]


def add_arguments(group: argparse._ArgumentGroup) -> None:
    group.add_argument("--edition", choices=list(nt.EDITIONS), help="No Thanks edition (default cards)")
    group.add_argument("--time-budget-ms", type=argtypes.POSITIVE,
                       help="No Thanks hard bot: time cap per decision (a safety net; the search is sized by "
                       "--iterations)")
    group.add_argument("--iterations", type=argtypes.POSITIVE, help="No Thanks hard bot: search size per decision")


def run(args: argparse.Namespace, recorder: Recorder | None = None) -> ToolReport:
    recorder = recorder or Recorder(None)
    values = rule_values(args.rule, nt.rule_options())
    if args.edition:
        values["edition"] = args.edition
    levels = bot_levels(args, LEVELS, DEFAULT_PLAYERS)
    try:
        rules = nt.Rules.from_options(values, players=args.players)
    except (TypeError, ValueError) as exc:
        raise SimError(f"bad No Thanks rules: {exc}") from exc
    low, high = rules.player_range()
    check_players(args.players, low, high, f"the No Thanks {rules.edition} edition")
    options = {k: v for k, v in (("time_budget_ms", args.time_budget_ms), ("iterations", args.iterations))
               if v is not None}
    if args.seat_balanced:
        if recorder.on:
            raise SimError("--record needs games played through the match; No Thanks --seat-balanced plays "
                           "the engine alone (drop one of the two)")
        from game.games.nothanks import tournament

        played = tournament.run_tournament(rules, levels, args.games, args.seed, True, **options)
        return ToolReport(played, tournament.format_table(played))
    master = random.Random(args.seed)
    n = args.players
    wins = [0.0] * n
    scores: list[list[int]] = [[] for _ in range(n)]
    started = time.perf_counter()
    for g in range(args.games):
        seats = [SeatSpec("bot", level) for level in levels]
        m = NothanksMatch(rules, seats, seed=master.getrandbits(64), start_ns=0, first_player=g % n,
                          threaded=False, record=recorder.on, **options)
        play_out(m)
        recorder.save(m, f"nothanks-{args.seed}-{g + 1:04d}")
        winners = m.state.winners()
        for seat, score in enumerate(m.state.scores()):
            scores[seat].append(score)
            if seat in winners:
                wins[seat] += 1 / len(winners)
    elapsed = time.perf_counter() - started
    figures: Figures = {
        "game": "nothanks", "rules": text.summary(rules), "players": n, "bots": levels, "games": args.games,
        "seed": args.seed, "seat_balanced": False, "seconds": elapsed,
        "games_per_second": args.games / elapsed if elapsed > 0 else 0.0,
        "seats": [
            {"seat": s, "bot": levels[s], "wins": wins[s], "win_rate": wins[s] / args.games,
             "mean_score": statistics.fmean(scores[s])}
            for s in range(n)
        ],
    }
    return ToolReport(figures, format(figures))


def format(result: Figures) -> str:
    title = (f"No Thanks: {result['games']} games, {result['players']} players, seed {result['seed']} "
             f"({result['rules']})")
    lines = [title, f"{'seat':>4} {'bot':<8} {'wins':>7} {'win rate':>8} {'mean score':>10}"]
    for s in result["seats"]:
        lines.append(f"{s['seat']:>4} {s['bot']:<8} {s['wins']:>7.1f} {100 * s['win_rate']:>7.1f}%"
                     f" {s['mean_score']:>10.1f}")
    lines.append(f"{result['games_per_second']:.1f} games/s ({result['seconds']:.2f} s)")
    return "\n".join(lines)
