"""What a table is started from (TableConfig), the explicit table registry, and rules from option values."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import argparse

    from game.match import SeatSpec
    from game.scenes.base import Scene

GAMES = ("nothanks", "ratscrew")
MIN_SEATS, MAX_SEATS = 2, 8
DEMO_LEVELS = {"nothanks": ("medium", "hard", "greedy", "easy"), "ratscrew": ("pro", "casual", "pro", "kid")}
DEFAULT_LEVEL = {"nothanks": "medium", "ratscrew": "casual"}


@dataclass(frozen=True)
class TableConfig:
    """One table: the game, its rules, who sits where, the seed, and who plays first."""

    game: str
    rules: Any
    seats: list[SeatSpec]
    seed: int
    first_player: int = 0
    options: dict[str, Any] = field(default_factory=dict)  # the lobby's chosen option values, for play again

    def with_seed(self, seed: int) -> TableConfig:
        return dataclasses.replace(self, seed=seed)

    def next_round(self) -> TableConfig:
        """Play again: same seats and rules, the first turn one seat on (the lobby deals a fresh seed)."""
        return dataclasses.replace(self, first_player=(self.first_player + 1) % len(self.seats))


def engine(game: str) -> ModuleType:
    if game == "nothanks":
        from game.engines import nothanks

        return nothanks
    if game == "ratscrew":
        from game.engines import ratscrew

        return ratscrew
    raise ValueError(f"unknown game {game!r}; known: {', '.join(GAMES)}")


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


def make_table(config: TableConfig) -> Scene:
    """The table scene for `config.game` (an explicit registry: no discovery, so frozen builds stay honest)."""
    if config.game == "nothanks":
        from game.scenes.table_nothanks import NothanksTable

        return NothanksTable(config)
    if config.game == "ratscrew":
        from game.scenes.table_ratscrew import RatscrewTable

        return RatscrewTable(config)
    raise ValueError(f"unknown game {config.game!r}")


def start_table(app: Any, config: TableConfig, push: bool = False) -> None:
    """Put the table for `config` on top of the stack (replacing the lobby, results or old table)."""
    table = make_table(config)
    if push:
        app.push(table)
    else:
        app.replace(table)


def bot_levels(game: str) -> list[str]:
    from game.bots import LEVELS

    return list(LEVELS[game])


def seat_name(seat: SeatSpec, index: int) -> str:
    from game.i18n import t

    if seat.name:
        return seat.name
    return t("Bot {n}", n=index + 1) if seat.is_bot else t("Player {n}", n=index + 1)


def make_seats(game: str, humans: int, bots: list[str], names: list[str] | None = None) -> list[SeatSpec]:
    from game.match import SeatSpec

    names = names or []
    seats = [SeatSpec("human", None, names[i] if i < len(names) else "") for i in range(humans)]
    seats += [SeatSpec("bot", level) for level in bots]
    return seats


def demo_config(game: str, players: int, levels: list[str] | None, seed: int) -> TableConfig:
    """An all-bot table that plays itself."""
    chosen = levels or [DEMO_LEVELS[game][i % len(DEMO_LEVELS[game])] for i in range(players)]
    chosen = [chosen[i % len(chosen)] for i in range(players)]
    seats = make_seats(game, 0, chosen)
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
    from game.app import UsageError

    levels = [b.strip() for b in args.bots.split(",") if b.strip()] if args.bots else []
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
            config = TableConfig(game, rules, make_seats(game, players - len(levels), levels), seed)
        low, high = player_range(game, config.rules)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if not low <= players <= high:
        raise UsageError(f"{game} is for {low} to {high} players, not {players}")
    return config
