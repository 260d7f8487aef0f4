"""`python -m game`, the `couchcards` script and the executables: the command line (game.cli) run inside
game.crash's guard, so that a crash leaves a log and a message, and a windowed build still shows what
the command line printed."""

from __future__ import annotations

import os
import sys


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is for what the user asked for
    from game import crash

    args = list(sys.argv[1:] if argv is None else argv)
    if sys.platform == "darwin" and getattr(sys, "frozen", False):
        args = [a for a in args if not a.startswith("-psn_")]  # older macOS: the Finder's process serial number

    def run() -> int:
        from game.cli import main as cli_main  # inside the guard: a broken import is a crash like any other

        return cli_main(args)

    return crash.guarded(run, args)


if __name__ == "__main__":
    sys.exit(main())
