"""Snap in `python -m game sim snap`: whole games of bots through the match on a virtual clock."""

from __future__ import annotations

import argparse
import random
import time
from typing import TypedDict

from game.games.base import ToolReport
from game.match.common import SeatSpec
from game.simkit import Recorder, SimError, bot_levels, check_players, play_out, rule_values

__all__ = ["add_arguments", "format", "play_out", "run"]

from . import engine as sn
from .match import GAME_ID, LEVELS, SnapMatch


class SeatFigures(TypedDict):
    seat: int
    bot: str
    wins: float  # a shared win counts its share
    win_rate: float


class Figures(TypedDict):
    """A run's figures, JSON-able (`--json` prints them)."""

    game: str
    players: int
    bots: list[str]
    games: int
    seed: int
    seconds: float
    games_per_second: float
    seats: list[SeatFigures]


def add_arguments(group: argparse._ArgumentGroup) -> None:
    """Snap has no options of its own beyond --rule."""


def run(args: argparse.Namespace, recorder: Recorder | None = None) -> ToolReport:
    recorder = recorder or Recorder(None)
    levels = bot_levels(args, LEVELS, 2)
    try:
        rules = sn.Rules.from_options(rule_values(args.rule, sn.OPTIONS))
    except (TypeError, ValueError) as exc:
        raise SimError(f"bad Snap rules: {exc}") from exc
    check_players(args.players, *sn.PLAYERS, "Snap")
    master = random.Random(args.seed)
    n = args.players
    wins = [0.0] * n
    started = time.perf_counter()
    for g in range(args.games):
        m = SnapMatch(rules, [SeatSpec("bot", level) for level in levels], master.getrandbits(64), 0, g % n,
                      record=recorder.on)
        play_out(m)
        recorder.save(m, f"{GAME_ID}-{args.seed}-{g + 1:04d}")
        winners = m.result().winners
        for seat in winners:
            wins[seat] += 1 / len(winners)
    elapsed = time.perf_counter() - started
    figures: Figures = {"game": GAME_ID, "players": n, "bots": levels, "games": args.games, "seed": args.seed,
                        "seconds": elapsed, "games_per_second": args.games / elapsed if elapsed > 0 else 0.0,
                        "seats": [{"seat": s, "bot": levels[s], "wins": wins[s], "win_rate": wins[s] / args.games}
                                  for s in range(n)]}
    return ToolReport(figures, format(figures))


def format(result: Figures) -> str:
    lines = [f"Snap: {result['games']} games, {result['players']} players, seed {result['seed']}"]
    lines += [f"{s['seat']:>4} {s['bot']:<8} {s['wins']:>7.1f} {100 * s['win_rate']:>7.1f}%" for s in result["seats"]]
    lines.append(f"{result['games_per_second']:.1f} games/s ({result['seconds']:.2f} s)")
    return "\n".join(lines)
