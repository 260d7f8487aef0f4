"""The registry of games: one line per game. The shell finds every game here and nowhere else."""

from __future__ import annotations

from game.games.base import GameDef
from game.games.nothanks import DEFINITION as _NOTHANKS
from game.games.ratscrew import DEFINITION as _RATSCREW

GAMES: dict[str, GameDef] = {d.id: d for d in (_NOTHANKS, _RATSCREW)}
IDS: tuple[str, ...] = tuple(GAMES)
# The game of real-time slaps, on which the render and input benchmarks run their busiest table.
BENCH_GAME = _RATSCREW.id
DEMO_GAME = _RATSCREW.id  # `--demo` with no --game starts with this one, then the games take turns


def get(game: str) -> GameDef:
    """The definition of `game` (its id); ValueError naming the known games otherwise."""
    try:
        return GAMES[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(IDS)}") from None


def all_games() -> list[GameDef]:
    return list(GAMES.values())


class Registry:
    """The registry as an object the app hands to scenes (`app.games`)."""

    ids = IDS

    def get(self, game: str) -> GameDef:
        return get(game)

    def all(self) -> list[GameDef]:
        return all_games()


REGISTRY = Registry()
