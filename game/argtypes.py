"""The command lines' parser and argument types: errors in one line on stderr with exit code 2 (not the
usage block), and whole numbers in a range ("argument --seed: must be a whole number from 0 to
9223372036854775807, not -5")."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import NoReturn

MAX_SEED = 2**63 - 1


def lead(doc: str | None) -> str:
    """A module docstring's first paragraph as one line: a --help description (its first line alone would
    stop mid-sentence where the paragraph wraps)."""
    return " ".join((doc or "").strip().split("\n\n")[0].split())


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr (and exit code 2), not the usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see --help)\n")


def whole(low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argparse `type`: the text as an int within [low, high] (either end may be open)."""

    def parse(text: str) -> int:
        if low is not None and high is not None:
            wanted = f"a whole number from {low} to {high}"
        elif low is not None:
            wanted = f"a whole number, {low} or more"
        elif high is not None:
            wanted = f"a whole number, {high} or less"
        else:
            wanted = "a whole number"
        try:
            value = int(text.strip().replace("_", ""), 10)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be {wanted}, not {text[:40]!r}") from None
        if (low is not None and value < low) or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"must be {wanted}, not {value}")
        return value

    parse.__name__ = "whole number"  # argparse names the type in some messages
    return parse


SEED = whole(0, MAX_SEED)
POSITIVE = whole(1)


def headless_drivers() -> None:
    """For the benchmarks and tools that need no screen: the dummy video and audio drivers unless others
    are named (a variable that is set but empty counts as not set, as SDL reads it)."""
    import os

    for name in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER"):
        if not os.environ.get(name, "").strip():
            os.environ[name] = "dummy"
