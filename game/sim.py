"""`python -m game sim GAME`: whole games with no window, on a virtual clock, through the match drivers.

The games come from the registry; each game's own part (its options, how it plays a run, how it prints
the result) is its definition's `sim()` module (game.games.base.SimHooks): `add_arguments(group)` and
`run(args, recorder)`, whose report gives the figures (`--json`) and the same in words; a report whose checks
failed (`ok` False) exits 1.
"""

from __future__ import annotations

import argparse
import json
import sys

from game import argtypes, games
from game.argtypes import OneLineParser
from game.simkit import Recorder, SimError


def parser() -> argparse.ArgumentParser:
    p = OneLineParser(  # errors are one line, like the game's own options
        prog="couchcards sim",
        description="Play whole games with no window (virtual clock, no sleeping) and print wins per seat, "
        "each game's own figures (scores, game length), and games per second.",
        epilog="The games' practice modes run here too ('sim MODE'): "
        "'couchcards practice --help' lists them.",
    )
    p.add_argument("game", choices=list(games.ids()))
    p.add_argument("--players", type=argtypes.whole(1, 64),
                   help="seats at the table (default: one per bot; with one level or none, "
                   "the game's usual number)")
    p.add_argument("--games", type=argtypes.POSITIVE, default=100, help="games to play (default 100)")
    p.add_argument("--seed", type=argtypes.SEED, default=0, help="master seed (default 0)")
    levels = "; ".join(f"{d.title()}: {', '.join((*d.bot_levels, *d.sim_levels))}" for d in games.all_games())
    p.add_argument("--bots", help="comma-separated bot levels, one per seat; one level fills every seat "
                   "(default: random). " + levels)
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--seat-balanced", action="store_true",
                   help="rotate the bots round the seats so each sits in each seat equally often")
    p.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                   help="a rule option, e.g. --rule burn=1 --rule tens=true (repeatable)")
    p.add_argument("--record", metavar="DIR",
                   help="write each game's command log into DIR (check one with 'replay FILE --verify')")
    for definition in games.all_games():
        definition.sim().add_arguments(p.add_argument_group(f"{definition.title()} ({definition.id})"))
    return p


def main(argv: list[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(sys.argv[1:] if argv is None else argv)
    module = games.get(args.game).sim()
    try:
        recorder = Recorder(args.record)
        report = module.run(args, recorder)
    except SimError as exc:
        p.error(str(exc))
    print(json.dumps(report.figures, indent=2) if args.json else report.text)
    if recorder.on:
        print(f"recorded {len(recorder.written)} games in {recorder.folder}", file=sys.stderr)
    return 0 if report.ok else 1
