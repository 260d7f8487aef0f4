"""`python -m game bench bots`: how long the search bots think per decision on this machine (CPU time of
the process, not the wall clock), against each game's target (a game's bench module offers
`bot_timing(games)`; the time cap is a safety net, so these are figures of the machine, measured here and
never asserted by a test). `--full` adds the No Thanks hard bot's strength measures (issue 25): against
two greedy bots in both editions, agreement with a deeper search, a 3-way hard/medium/greedy table, 4 and
5 players, and the coach's time to advice."""

from __future__ import annotations

import json
import os
import sys

from game import argtypes, games


def measure(games_each: int) -> list[dict[str, object]]:
    return [{"engine": g.id, **timing(games_each)} for g in games.all_games()
            if (timing := g.bench().bot_timing) is not None]


def format_result(results: list[dict[str, object]]) -> str:
    lines = ["Bot decision time (CPU time of the process): the search bot against two greedy bots, seats rotated"]
    for r in results:
        verdict = "ok" if r["ok"] else "ABOVE TARGET"
        target = (f"target median <= {r['target_median_ms']} ms, p99 <= {r['target_p99_ms']} ms"
                  if "target_median_ms" in r else f"target p99 <= {r['target_p99_ms']} ms")
        search = f" [search: {r['search']}]" if "search" in r else ""
        lines.append(f"  {r['engine']:<9} '{r['level']}'{search}: {r['decisions']} decisions in {r['games']} games, "
                     f"median {r['median_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms ({target}) {verdict}")
    return "\n".join(lines)


def load() -> str:
    """The machine's load averages and cores, to print beside the figures."""
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "load unknown"
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def main(argv: list[str] | None = None) -> int:
    p = argtypes.OneLineParser(prog="couchcards bench bots", description=argtypes.lead(__doc__))
    p.add_argument("--games", type=int, default=None,
                   help="games per measure (default 9; with --full 300, rounded up to whole seat rotations)")
    p.add_argument("--full", action="store_true", help="the No Thanks hard bot's strength measures too (issue 25)")
    p.add_argument("--positions", type=int, default=1000,
                   help="--full: positions for the agreement (default 1000; 200 leave a 95%% interval of about "
                        "±2.5 points, too wide to tell 96%% from 98%%)")
    p.add_argument("--jobs", type=int, default=1, help="--full: worker processes (default 1)")
    p.add_argument("--seed", type=int, default=2024, help="--full: seed of the deals (default 2024)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = p.parse_args(sys.argv[1:] if argv is None else argv)
    games_each = args.games if args.games is not None else (300 if args.full else 9)
    if games_each < 1:
        p.error(f"--games must be 1 or more, not {games_each}")
    if args.positions < 1 or args.jobs < 1:
        p.error("--positions and --jobs must be 1 or more")
    if args.full:
        from game.games.nothanks import bench as nt_bench

        before = load()
        report = nt_bench.bot_report(games_each, args.positions, args.seed, args.jobs)
        report["load"] = [before, load()]
        if args.json:
            print(json.dumps(report, indent=2))
        else:
            print(nt_bench.format_bot_report(report))
            print(f"  machine: {before} at the start, {load()} at the end")
        return 0 if report["ok"] or not args.check else 1
    results = measure(games_each)
    print(json.dumps(results, indent=2) if args.json else format_result(results))
    return 0 if all(r["ok"] for r in results) or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
