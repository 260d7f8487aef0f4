"""What a table is started from (TableConfig), the explicit table registry, and rules from option values."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any

from game.bots import LEVELS
from game.engines import nothanks, ratscrew
from game.i18n import t
from game.match import SeatSpec
from game.scenes.table_nothanks import NothanksTable
from game.scenes.table_ratscrew import RatscrewTable

if TYPE_CHECKING:
    import argparse

    from game.scenes.base import Scene

GAMES = ("nothanks", "ratscrew")
MIN_SEATS, MAX_SEATS = 2, 8
DEMO_LEVELS = {"nothanks": ("medium", "hard", "greedy", "easy"), "ratscrew": ("pro", "casual", "pro", "kid")}
DEFAULT_LEVEL = {"nothanks": "medium", "ratscrew": "casual"}


class UsageError(Exception):
    """A bad combination of command-line options: one line on stderr, exit code 2."""


@dataclass(frozen=True)
class TableConfig:
    """One table: the game, its rules, who sits where, the seed, and who plays first."""

    game: str
    rules: Any
    seats: list[SeatSpec]
    seed: int
    first_player: int = 0
    options: dict[str, Any] = field(default_factory=dict)  # the lobby's chosen option values, for play again
    rows: tuple[int, ...] = ()  # the lobby row each seat came from (empty rows between are skipped)

    def with_seed(self, seed: int) -> TableConfig:
        return dataclasses.replace(self, seed=seed)

    def next_round(self) -> TableConfig:
        """Play again: same seats and rules, the first turn one seat on (the lobby deals a fresh seed)."""
        return dataclasses.replace(self, first_player=(self.first_player + 1) % len(self.seats))


ENGINES: dict[str, ModuleType] = {"nothanks": nothanks, "ratscrew": ratscrew}
TABLES = {"nothanks": NothanksTable, "ratscrew": RatscrewTable}  # explicit: frozen builds stay honest


def engine(game: str) -> ModuleType:
    try:
        return ENGINES[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(GAMES)}") from None


def rule_options(game: str, rules: Any = None, players: int | None = None) -> list[Any]:
    """The engine's lobby options (No Thanks: for the current edition and table size)."""
    if game == "nothanks":
        return engine(game).rule_options(rules, players)
    return engine(game).rule_options()


def option_choices(option: Any) -> list[tuple[Any, str]]:
    """(value, label) pairs of an option, whichever engine it came from."""
    if hasattr(option, "label_of"):
        return [(value, option.label_of(value)) for value in option.choices]
    return list(option.choices)


def option_label(option: Any, value: Any) -> str:
    return next((label for v, label in option_choices(option) if v == value), str(value))


def option_values(game: str, rules: Any) -> dict[str, Any]:
    """These rules as {option name: value}, in the engine's option names."""
    if hasattr(rules, "option_values"):
        return dict(rules.option_values())
    return {o.name: getattr(rules, o.name) for o in rule_options(game, rules)}


def rules_from_values(game: str, values: dict[str, Any], players: int | None = None) -> Any:
    """Rules from chosen option values; options not chosen take the engine's defaults (raises ValueError)."""
    if game == "nothanks":
        return engine(game).Rules.from_options(dict(values), players)
    return engine(game).Rules.from_options(dict(values))


def player_range(game: str, rules: Any) -> tuple[int, int]:
    if hasattr(rules, "player_range"):
        low, high = rules.player_range()
        return max(MIN_SEATS, low), min(MAX_SEATS, high)
    return MIN_SEATS, MAX_SEATS


def start_table(app: Any, config: TableConfig, push: bool = False) -> None:
    """Put the table for `config` on top of the stack (replacing the lobby, results or old table)."""
    table: Scene = TABLES[config.game](config)
    if push:
        app.push(table)
    else:
        app.replace(table)


def game_title(game: str) -> str:
    return {"nothanks": t("No Thanks!"), "ratscrew": t("Egyptian Ratscrew")}[game]


def bot_levels(game: str) -> list[str]:
    return list(LEVELS[game])


def seat_name(seat: SeatSpec, index: int) -> str:
    if seat.name:
        return seat.name
    return t("Bot {n}", n=index + 1) if seat.is_bot else t("Player {n}", n=index + 1)


def make_seats(humans: int, bots: list[str]) -> list[SeatSpec]:
    return [SeatSpec("human") for _ in range(humans)] + [SeatSpec("bot", level) for level in bots]


def demo_config(game: str, players: int, levels: list[str] | None, seed: int) -> TableConfig:
    """An all-bot table that plays itself."""
    chosen = levels or [DEMO_LEVELS[game][i % len(DEMO_LEVELS[game])] for i in range(players)]
    chosen = [chosen[i % len(chosen)] for i in range(players)]
    seats = make_seats(0, chosen)
    return TableConfig(game, rules_from_values(game, {}, players), seats, seed)


@dataclass(frozen=True)
class DemoLoop:
    """`--demo`: after each game a new all-bot table; the games alternate unless --game or --bots fixed one."""

    alternate: bool
    levels: tuple[str, ...] = ()

    def next(self, previous: TableConfig, seed: int) -> TableConfig:
        game = GAMES[1 - GAMES.index(previous.game)] if self.alternate else previous.game
        return demo_config(game, len(previous.seats), list(self.levels), seed)


def config_from_args(args: argparse.Namespace) -> TableConfig | None:
    """The table the command line asks for (`--game`, `--demo`), or None for the title screen.

    `--players N` seats in all; the last len(--bots) seats are bots of those levels, the rest humans.
    With only `--game`, two human seats. Raises UsageError for a bad combination.
    """
    levels = [b.strip() for b in args.bots.split(",")] if args.bots is not None else []
    if "" in levels:
        raise UsageError(f"--bots needs a level name between every comma, not {args.bots!r}")
    if not (args.game or args.demo):
        if args.players or levels:
            raise UsageError("--players and --bots need --game (or --demo)")
        return None
    game = args.game or "ratscrew"
    known = bot_levels(game)
    bad = [b for b in levels if b not in known]
    if bad:
        raise UsageError(f"unknown {game} bot level {bad[0]!r}; choose from {', '.join(known)}")
    players = args.players or (4 if args.demo else max(2, len(levels) + 1 if levels else 2))
    if not MIN_SEATS <= players <= MAX_SEATS:
        raise UsageError(f"--players must be {MIN_SEATS} to {MAX_SEATS}, not {players}")
    if len(levels) > players:
        raise UsageError(f"--bots names {len(levels)} bots for {players} seats")
    seed = args.seed if args.seed is not None else 0
    try:
        if args.demo:
            config = demo_config(game, players, levels, seed)
        else:
            rules = rules_from_values(game, {}, players)
            config = TableConfig(game, rules, make_seats(players - len(levels), levels), seed)
        low, high = player_range(game, config.rules)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if not low <= players <= high:
        raise UsageError(f"{game} is for {low} to {high} players, not {players}")
    return config
