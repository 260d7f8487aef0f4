"""`python -m game bench engines`: games per second for each engine with random players (no driver, no
clock), and clone()+apply() operations per second, what a search bot lives on.

Every game in the registry is measured: its `bench()` module gives `GAMES` ((label, players,
play(seed)) for whole games), `clone_apply_states()` ((state, legal action) pairs) and `TARGET` (None, or
(name, games/s) for its first game). `--against-pypi` runs the comparisons a game's bench module offers
(`against_pypi(seconds)`, a report of figures and lines) with published engines of the same game.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import TypedDict

from game import argtypes, games


def _rate(run: Callable[[int], object], seconds: float) -> tuple[float, int]:
    """Calls per second of run(i) over about `seconds`."""
    n = 0
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        for _ in range(20):
            run(n)
            n += 1
        now = time.perf_counter()
        if now >= deadline:
            return n / (now - started), n


def clone_apply_rate(game: str, seconds: float) -> float:
    """clone() then one legal apply() on mid-game states of `game` (its id), per second."""
    runs = [move.clone_apply for move in games.get(game).bench().clone_apply_states()]

    def run(i: int) -> None:
        runs[i % len(runs)]()

    return _rate(run, seconds)[0]


class GameRate(TypedDict):
    engine: str  # the game's id
    players: int
    rules: str  # the bench's label of the game's rules
    games_per_second: float
    games: int


class TargetMet(TypedDict):
    engine: str
    name: str
    players: int
    games_per_second: int  # the target
    ok: bool


class Rates(TypedDict):
    """`bench engines`' figures (`measure`)."""

    seconds_each: float
    games: list[GameRate]
    clone_apply_per_second: dict[str, float]  # by game id
    targets: list[TargetMet]
    ok: bool


def measure(seconds: float) -> Rates:
    results: list[GameRate] = []
    targets: list[TargetMet] = []
    for g in games.all_games():
        bench = g.bench()
        for index, (label, players, play) in enumerate(bench.GAMES):
            rate, played = _rate(play, seconds)
            results.append({"engine": g.id, "players": players, "rules": label, "games_per_second": rate,
                            "games": played})
            target = bench.TARGET
            if index == 0 and target is not None:
                name, wanted = target
                targets.append({"engine": g.id, "name": name, "players": players, "games_per_second": wanted,
                                "ok": rate >= wanted})
    ops = {g.id: clone_apply_rate(g.id, seconds) for g in games.all_games()}
    return {"seconds_each": seconds, "games": results, "clone_apply_per_second": ops, "targets": targets,
            "ok": all(t["ok"] for t in targets)}


def format_result(result: Rates) -> str:
    lines = [f"Engine benchmarks: random players, engine only, {result['seconds_each']:g} s each"]
    for r in result["games"]:
        lines.append(f"  {r['engine']:<9} {r['players']} players  {r['games_per_second']:>10,.0f} games/s"
                     f"  ({r['games']:,} games, {r['rules']})")
    for game, rate in result["clone_apply_per_second"].items():
        lines.append(f"  {game:<9} clone()+apply()  {rate:>10,.0f} ops/s")
    for t in result["targets"]:
        verdict = "ok" if t["ok"] else "BELOW TARGET"
        lines.append(f"target: {t['name']} >= {t['games_per_second']:,} games/s with {t['players']} players: "
                     f"{verdict}")
    return "\n".join(lines)


def against_pypi(seconds: float, as_json: bool) -> int:
    """The comparisons with published engines that the games' bench modules offer."""
    found = False
    for g in games.all_games():
        bench = g.bench()
        if bench.against_pypi is None:
            continue
        found = True
        report = bench.against_pypi(seconds)
        print(json.dumps({"engine": g.id, **report.figures}, indent=2) if as_json else report.text)
    if not found:
        print("bench engines: no game offers a comparison with a published engine")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argtypes.OneLineParser(prog="couchcards bench engines", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=None,
                   help="time per measurement (default 2; with --against-pypi the whole comparison's, default 12)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--against-pypi", action="store_true",
                   help="compare with published engines of the same game (PyPI packages, if installed), "
                        "same heuristic players, alternating rounds")
    args = p.parse_args(sys.argv[1:] if argv is None else argv)
    if args.seconds is not None and args.seconds <= 0:
        p.error("--seconds must be positive")
    if args.against_pypi:
        return against_pypi(args.seconds or 12.0, args.json)
    result = measure(args.seconds or 2.0)
    print(json.dumps(result, indent=2) if args.json else format_result(result))
    return 0
