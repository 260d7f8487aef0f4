"""Command line: play (the default), `sim` for headless games, `bench` for the benchmarks."""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

SUBCOMMANDS = {
    "sim": ("game.sim", "play whole games with no window; wins, scores, games per second"),
    "bench": ("game.bench", "benchmarks: engines, render, input"),
    "replay": ("game.replay", "check a recorded game's command log (--verify)"),
}


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr (and exit code 2), not the usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see --help)\n")


def play_parser() -> argparse.ArgumentParser:
    p = OneLineParser(
        prog="couchcards",
        description="Couch Cards: No Thanks! and Egyptian Ratscrew on one screen. "
        "With no options, opens the title screen.",
        epilog="Subcommands: "
        + "; ".join(f"'{name} --help': {text}" for name, (_, text) in SUBCOMMANDS.items()),
    )
    p.add_argument("--game", choices=["nothanks", "ratscrew"], help="go straight to a table of this game")
    p.add_argument("--players", type=int, help="number of seats (2-8)")
    p.add_argument("--bots", help="comma-separated bot levels for the seats after the humans, e.g. medium,hard")
    p.add_argument("--demo", action="store_true", help="an all-bot table that plays itself")
    p.add_argument("--seed", type=int, help="seed for the shuffle and the bots (0 or more)")
    p.add_argument("--headless", action="store_true", help="run with no display (dummy video and audio)")
    p.add_argument("--frames", type=int, help="stop after this many frames (1 or more)")
    p.add_argument("--screenshot", help="save the last frame to this PNG path")
    p.add_argument("--size", default="1280x720", help="window size, WIDTHxHEIGHT")
    p.add_argument("--fullscreen", action="store_true")
    return p


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in SUBCOMMANDS:
        import importlib

        module = importlib.import_module(SUBCOMMANDS[argv[0]][0])
        return int(module.main(argv[1:]) or 0)
    args = play_parser().parse_args(argv)
    from game import app

    return int(app.run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
