"""What every game's `sim` shares: argument errors, rule and bot-list parsing, playing a match out on a
virtual clock, seat rotation, and writing each game's command log (`--record DIR`).

Kept apart from `game.sim` (which asks the registry for the games) so a game's sim module can use it
without an import cycle.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from game.core.options import OptionSpec, spec_named
from game.match.common import HEAD_START_MAX_MS, Timed, check_head_start
from game.record import SUFFIX, write_log

if TYPE_CHECKING:
    from game.core.contract import Match


Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval


def share_ci(hits: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a share of `hits` out of `n` (sound near 0 and 1, where a normal
    interval is not); (0, 1) when n is 0. `hits` may hold shares of drawn games."""
    if n <= 0:
        return 0.0, 1.0
    p = hits / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


class RunFigures(TypedDict):
    """What every game's sim run of bot tables reports first (a game's figures add their own), JSON-able."""

    game: str  # its id
    rules: str  # in words
    players: int
    bots: list[str]  # one level per entry
    games: int
    seed: int
    seat_balanced: bool
    seconds: float
    games_per_second: float


class SimError(Exception):
    """A bad combination of arguments (exit code 2)."""


def rule_values(pairs: list[str], specs: Iterable[OptionSpec]) -> dict[str, object]:
    """{name: value} from repeated --rule NAME=VALUE, by the engine's option specs: a NAME no spec has is
    refused (naming the known options), a VALUE is read as its option's choices are (OptionSpec.parse); the
    engine's rules then check it."""
    specs = list(specs)
    values: dict[str, object] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            raise SimError(f"--rule wants NAME=VALUE, not {pair!r}")
        try:
            spec = spec_named(specs, name.strip())
        except ValueError as exc:
            raise SimError(f"--rule: {exc}") from None
        values[spec.name] = spec.parse(text)
    return values


def bot_levels(args: argparse.Namespace, known: Sequence[str], default_players: int) -> list[str]:
    """One bot level per seat from --bots (one level fills every seat); sets args.players if unset."""
    levels = [b.strip() for b in (args.bots or "random").split(",") if b.strip()]
    if not levels:
        raise SimError("--bots is empty: give one level per seat, e.g. --bots random,random,random")
    for level in levels:
        if level not in known:
            raise SimError(f"unknown {args.game} bot {level!r}; choose from {', '.join(known)}")
    if args.players is None:
        args.players = len(levels) if len(levels) > 1 else default_players
    if len(levels) == 1:
        levels = levels * args.players
    if len(levels) != args.players:
        raise SimError(f"{len(levels)} bots for {args.players} players: give one bot per seat "
                       f"(or a single level to fill every seat)")
    return levels


def head_starts(text: str | None, players: int) -> list[int]:
    """One head start (ms) per seat from --head-start MS,MS,… (none given: 0 each); SimError (one line)
    for a count that is not one per seat, or a value that is not a whole number of ms, 0–1,000."""
    if text is None:
        return [0] * players
    parts = [part.strip() for part in text.split(",")]
    if len(parts) != players:
        raise SimError(f"--head-start: {len(parts)} values for {players} players: give one per seat "
                       f"(e.g. --head-start {','.join(['0'] * players)})")
    values = []
    for part in parts:
        try:
            values.append(check_head_start(int(part)))
        except ValueError:
            raise SimError(f"--head-start: {part!r} is not a head start: a whole number of ms from 0 to "
                           f"{HEAD_START_MAX_MS}") from None
    return values


def check_players(players: int, low: int, high: int, what: str) -> None:
    if not low <= players <= high:
        raise SimError(f"{what} is for {low} to {high} players, not {players}")


def play_out(match: Match, seen: Callable[[list[Timed]], object] | None = None) -> None:
    """Advance `match` from one due item to the next until the game is over (no sleeping); `seen`, if given,
    is handed each step's events."""
    while not match.is_over:
        t = match.next_due_ns()
        if t is None:
            raise RuntimeError(f"nothing is scheduled but the game is not over: {match.state!r}")
        events = match.advance(t)
        if seen is not None:
            seen(events)


def seat_order(levels: list[str], game: int, balanced: bool) -> list[int]:
    """entry_at[seat]: which bot entry sits in each seat for this game."""
    n = len(levels)
    shift = game % n if balanced else 0
    return [(seat - shift) % n for seat in range(n)]


class Recorder:
    """Writes each game's command log into `folder` (--record DIR), or does nothing when it is None."""

    def __init__(self, folder: str | None) -> None:
        self.folder = None if folder is None else Path(folder)
        self.written: list[Path] = []
        if self.folder is not None:
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise SimError(f"--record: cannot make the folder {folder}: {exc}") from exc

    @property
    def on(self) -> bool:
        return self.folder is not None

    def save(self, match: Match, name: str) -> None:
        if self.folder is None:
            return
        try:
            self.written.append(write_log(self.folder / f"{name}{SUFFIX}", match.log))
        except OSError as exc:
            raise SimError(f"--record: cannot write into {self.folder}: {exc}") from exc
