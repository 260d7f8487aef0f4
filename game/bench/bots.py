"""`python -m game bench bots`: how long the search bots think per decision on this machine, against
each game's target (a game's bench module offers `bot_timing(games)`; the time cap is a safety net,
so these are figures of the machine, measured here and never asserted by a test)."""

from __future__ import annotations

import argparse
import json
import sys

from game import games

from game import argtypes


def measure(games_each: int) -> list[dict]:
    return [{"engine": g.id, **g.bench().bot_timing(games_each)} for g in games.all_games()
            if g.bench().bot_timing is not None]


def format_result(results: list[dict]) -> str:
    lines = ["Bot decision time: the search bot against two greedy bots, seats rotated"]
    for r in results:
        verdict = "ok" if r["ok"] else "ABOVE TARGET"
        lines.append(f"  {r['engine']:<9} '{r['level']}': {r['decisions']} decisions in {r['games']} games, "
                     f"median {r['median_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms "
                     f"(target p99 <= {r['target_p99_ms']} ms) {verdict}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argtypes.OneLineParser(prog="couchcards bench bots", description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=9, help="games per bot (default 9)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = p.parse_args(sys.argv[1:] if argv is None else argv)
    if args.games < 1:
        p.error(f"--games must be 1 or more, not {args.games}")
    results = measure(args.games)
    print(json.dumps(results, indent=2) if args.json else format_result(results))
    return 0 if all(r["ok"] for r in results) or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
