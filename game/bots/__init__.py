"""Bot levels for both games and one factory: a bot sees only what its seat sees."""

from __future__ import annotations

import random
from typing import Any

LEVELS: dict[str, list[str]] = {
    "nothanks": ["random", "greedy", "easy", "medium", "hard"],
    "ratscrew": ["random", "kid", "casual", "pro"],
}


def make_bot(game: str, level: str | None, rng: random.Random, **options: Any) -> Any:
    """A bot for `game` at `level`, drawing all its randomness from `rng`.

    No Thanks: options `time_budget_ms`, `iterations` (bound the hard bot's search); the bot has
    `decide(obs) -> TAKE | PASS`.
    Ratscrew: options `seat`, `rules`; the bot has `plan(obs, now_ns, pending) -> {action: t_ns | None}`.
    """
    if game not in LEVELS:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(LEVELS)}")
    if level not in LEVELS[game]:
        raise ValueError(f"unknown {game} bot level {level!r}; known: {', '.join(LEVELS[game])}")
    if game == "nothanks":
        from game.bots import nothanks

        return nothanks.make_bot(
            level, rng, time_budget_ms=options.get("time_budget_ms"), iterations=options.get("iterations")
        )
    from game.bots import ratscrew

    return ratscrew.make_bot(level, rng, seat=options["seat"], rules=options["rules"])
