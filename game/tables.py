"""Tables the shell deals without a lobby: the demo's all-bot tables, game after game."""

from __future__ import annotations

from dataclasses import dataclass

from game import games
from game.core.contract import TableConfig, make_seats


def demo_config(game: str, players: int, levels: list[str] | None, seed: int) -> TableConfig:
    """An all-bot table of `game` that plays itself (the game's demo levels unless `levels` are given)."""
    definition = games.get(game)
    demo = definition.demo_levels
    chosen = levels or [demo[i % len(demo)] for i in range(players)]
    chosen = [chosen[i % len(chosen)] for i in range(players)]
    return TableConfig(game, definition.rules_from_values({}, players), make_seats(0, chosen), seed)


@dataclass(frozen=True)
class DemoLoop:
    """`--demo`: after each game a new all-bot table; the games take turns unless --game or --bots fixed one."""

    alternate: bool
    levels: tuple[str, ...] = ()

    def next(self, previous: TableConfig, seed: int) -> TableConfig:
        game = previous.game
        if self.alternate:
            ids = games.ids()
            game = ids[(ids.index(previous.game) + 1) % len(ids)]
        return demo_config(game, len(previous.seats), list(self.levels), seed)
