"""Typed screen factories: what a scene (or a game's screen) hands the navigator to open another screen,
`app.nav.push(screens.Lobby(game))`. Each names one screen and carries its arguments, typed; the navigator
(game.scenes.navigator.build) makes the screen from it. They live here, below the scenes and the games, so
asking for a screen imports no other screen (no import cycle): only the navigator knows the scene classes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.contract import Match, TableConfig
    from game.screen import Screen


@dataclass(frozen=True)
class ScreenFactory:
    """A screen to open (the base of every factory here)."""


@dataclass(frozen=True)
class Title(ScreenFactory):
    pass


@dataclass(frozen=True)
class Choose(ScreenFactory):
    index: int = 0  # the game focused first


@dataclass(frozen=True)
class Lobby(ScreenFactory):
    game: str
    config: TableConfig | None = None  # coming back from a table: its seats and rules


@dataclass(frozen=True)
class Rules(ScreenFactory):
    """How to play `game` under `rules` (the game's rules object)."""

    game: str
    rules: object


@dataclass(frozen=True)
class Table(ScreenFactory):
    config: TableConfig


@dataclass(frozen=True)
class Results(ScreenFactory):
    config: TableConfig
    match: Match


@dataclass(frozen=True)
class Pause(ScreenFactory):
    table: Screen  # a game's table (game.games.table_scene.TableScene)


@dataclass(frozen=True)
class PadLost(ScreenFactory):
    table: Screen  # a game's table (game.games.table_scene.TableScene)


@dataclass(frozen=True)
class Settings(ScreenFactory):
    pass


@dataclass(frozen=True)
class Controls(ScreenFactory):
    pass


@dataclass(frozen=True)
class Join(ScreenFactory):
    """The join screen: up to `seats` pads and key sets join; `on_done(seat -> device)` when at least
    `min_players` have."""

    seats: int
    min_players: int = 1
    on_done: Callable[[dict[int, str]], object] | None = None


@dataclass(frozen=True)
class Confirm(ScreenFactory):
    question: str
    on_yes: Callable[[], None]
    yes: str = ""
    no: str = ""


@dataclass(frozen=True)
class NameEntry(ScreenFactory):
    prompt: str
    initial: str
    on_done: Callable[[str], None]
    max_len: int | None = None  # None: the dialog's own limit


@dataclass(frozen=True)
class Stats(ScreenFactory):
    profile_id: int | None = None


@dataclass(frozen=True)
class Profiles(ScreenFactory):
    pass


@dataclass(frozen=True)
class Profile(ScreenFactory):
    profile_id: int


@dataclass(frozen=True)
class ProfilePick(ScreenFactory):
    """Who plays a seat: a guest, a remembered player not `taken`, a typed name, a new player."""

    prompt: str
    guest: str
    current: int | None
    taken: set[int]
    on_pick: Callable[[int | None], None]
    type_name: Callable[[], None]


@dataclass(frozen=True)
class Replays(ScreenFactory):
    pass


@dataclass(frozen=True)
class Replay(ScreenFactory):
    """The replay viewer of `source`: a kept replay's film (game.scenes.replays.Film), a Log, or its lines."""

    source: object


@dataclass(frozen=True)
class Practice(ScreenFactory):
    """Screen `screen` of `game`'s practice mode `mode` (GameDef.practice), built by the mode from `args` and
    `kwargs` (the mode's own screens, whose arguments only it knows)."""

    game: str
    mode: str
    screen: str = "setup"
    args: tuple[object, ...] = ()
    kwargs: Mapping[str, object] = field(default_factory=dict)
