"""The registry of games: one line per game. The shell finds every game here and nowhere else."""

from __future__ import annotations

from game.games.base import GameDef, SomeGame
from game.games.nothanks import DEFINITION as _NOTHANKS
from game.games.ratscrew import DEFINITION as _RATSCREW

GAMES: dict[str, SomeGame] = {d.id: d for d in (_NOTHANKS, _RATSCREW)}
# The game of real-time slaps, on which the render and input benchmarks run their busiest table.
BENCH_GAME = _RATSCREW.id
DEMO_GAME = _RATSCREW.id  # `--demo` with no --game starts with this one, then the games take turns


def ids() -> tuple[str, ...]:
    """The ids of the games registered now, in the order they were registered (read from GAMES each time: a
    game registered later is there, no copy of the list is kept to go stale)."""
    return tuple(GAMES)


def get(game: str) -> SomeGame:
    """The definition of `game` (its id); ValueError naming the known games otherwise."""
    try:
        return GAMES[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(GAMES)}") from None


def all_games() -> list[SomeGame]:
    return list(GAMES.values())


def register(definition: SomeGame) -> None:
    """Add a game defined elsewhere (a test's, a plug-in's) after the built-in ones; ValueError (one line)
    for a definition with no id or an id already taken."""
    if not isinstance(definition, GameDef) or not definition.id:
        raise ValueError(f"a game to register is a GameDef with an id, not {definition!r}")
    if definition.id in GAMES:
        raise ValueError(f"a game {definition.id!r} is registered already")
    GAMES[definition.id] = definition


def unregister(game: str) -> None:
    """Take game `game` (its id) out of the registry again; ValueError naming the known games otherwise."""
    get(game)
    del GAMES[game]


class Registry:
    """The registry as an object the app hands to scenes (`app.games`)."""

    @property
    def ids(self) -> tuple[str, ...]:
        return ids()

    def get(self, game: str) -> SomeGame:
        return get(game)

    def all(self) -> list[SomeGame]:
        return all_games()


REGISTRY = Registry()
