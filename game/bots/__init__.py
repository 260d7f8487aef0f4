"""Bots of every game by level, and one factory; each game's definition (the registry) says which levels
it has and how its bots are made. A bot sees only what its seat sees."""

from __future__ import annotations

import random
from typing import Any

from game import games

LEVELS: dict[str, list[str]] = {d.id: list(d.bot_levels) for d in games.all_games()}


def make_bot(game: str, level: str | None, rng: random.Random, **options: Any) -> Any:
    """A bot for `game` at `level`, drawing all its randomness from `rng`; `options` are the game's own
    (see its definition's `make_bot`). ValueError for an unknown game or level."""
    return games.get(game).make_bot(level, rng, **options)
