"""`python -m game bench NAME`: the benchmarks (engines, render, input, bots, memory), each a module with main(argv)."""

from __future__ import annotations

import importlib
import sys

BENCHES = {
    "engines": ("game.bench.engine_speed", "games/s per engine with random bots, clone()+apply() ops/s"),
    "render": ("game.bench.render", "frame times of the tables"),
    "layout": ("game.bench.layout", "time to lay out a slap table at 2-8 seats, three text sizes, three windows"),
    "input": ("game.bench.input", "slap ordering at 1-10 ms gaps, stamping error, idle polling cost; quiet and loaded"),
    "bots": ("game.bench.bots", "time per decision of the search bots, against their targets"),
    "latency": ("game.bench.latency", "press to the first presented frame showing its outcome, and to its sound"),
    "memory": ("game.bench.memory", "resident memory through 300 window sizes, or a --soak of MINUTES"),
}


def usage() -> str:
    lines = ["usage: couchcards bench NAME [options]", "", "benchmarks:"]
    lines += [f"  {name:<8} {text}" for name, (_, text) in BENCHES.items()]
    lines.append("'couchcards bench NAME --help' for each one's options.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(usage())
        return 0 if argv else 2
    name = argv[0]
    if name not in BENCHES:
        print(f"couchcards bench: unknown benchmark {name!r}; choose from {', '.join(BENCHES)}", file=sys.stderr)
        return 2
    module = importlib.import_module(BENCHES[name][0])
    return int(module.main(argv[1:]) or 0)
