"""Screens by name: scenes ask the navigator for the next screen ("lobby", "results", …) instead of
importing each other. The one place that knows every scene class, and the registry of games."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from game import games
from game.core.contract import TableConfig

if TYPE_CHECKING:
    from game.scenes.stack import SceneStack
    from game.services import InputPort
    from game.ui.scene import Scene


def _title() -> Callable[..., Scene]:
    from game.scenes.title import TitleScene

    return TitleScene


def _choose() -> Callable[..., Scene]:
    from game.scenes.choose import ChooseGameScene

    return ChooseGameScene


def _lobby() -> Callable[..., Scene]:
    from game.scenes.lobby import LobbyScene

    return LobbyScene


def _house_rules() -> Callable[..., Scene]:
    from game.scenes.lobby.house_rules import HouseRulesScene

    return HouseRulesScene


def _rules() -> Callable[..., Scene]:
    from game.scenes.rules_view import RulesScene

    return RulesScene


def _results() -> Callable[..., Scene]:
    from game.scenes.results import ResultsScene

    return ResultsScene


def _pause() -> Callable[..., Scene]:
    from game.scenes.pause import PauseScene

    return PauseScene


def _settings() -> Callable[..., Scene]:
    from game.scenes.options import SettingsScene

    return SettingsScene


def _controls() -> Callable[..., Scene]:
    from game.scenes.controls import ControlsScene

    return ControlsScene


def _join() -> Callable[..., Scene]:
    from game.scenes.join import JoinScene

    return JoinScene


def _pad_lost() -> Callable[..., Scene]:
    from game.scenes.join import PadLostScene

    return PadLostScene


def _confirm() -> Callable[..., Scene]:
    from game.scenes.dialogs import ConfirmScene

    return ConfirmScene


def _name_entry() -> Callable[..., Scene]:
    from game.scenes.dialogs import NameEntryScene

    return NameEntryScene


def _stats() -> Callable[..., Scene]:
    from game.scenes.stats import StatsScene

    return StatsScene


def _profiles() -> Callable[..., Scene]:
    from game.scenes.profiles import ProfilesScene

    return ProfilesScene


def _profile() -> Callable[..., Scene]:
    from game.scenes.profiles import ProfileScene

    return ProfileScene


def _profile_pick() -> Callable[..., Scene]:
    from game.scenes.profiles import ProfilePickScene

    return ProfilePickScene


def _replays() -> Callable[..., Scene]:
    from game.scenes.replays import ReplaysScene

    return ReplaysScene


def _replay() -> Callable[..., Scene]:
    from game.scenes.replays import ReplayScene

    return ReplayScene


def _table(config: TableConfig) -> Scene:
    return cast("Scene", games.get(config.game).table_scene(config))


def _practice(game: str, mode: str, screen: str = "setup", *args: object, **kwargs: object) -> Scene:
    """Screen `screen` of `game`'s practice mode `mode` (see GameDef.practice), built by the mode."""
    found = [m for m in games.get(game).practice if m.id == mode]
    if not found:
        raise ValueError(f"{game} has no practice mode {mode!r}")
    return cast("Scene", found[0].scene(screen, *args, **kwargs))


# name -> a loader of the scene class (function-level imports: explicit, so frozen builds see them)
SCREENS: dict[str, Callable[[], Callable[..., Scene]]] = {
    "title": _title,
    "choose": _choose,
    "lobby": _lobby,
    "house_rules": _house_rules,
    "rules": _rules,
    "results": _results,
    "pause": _pause,
    "settings": _settings,
    "controls": _controls,
    "join": _join,
    "pad_lost": _pad_lost,
    "confirm": _confirm,
    "name_entry": _name_entry,
    "stats": _stats,
    "profiles": _profiles,
    "profile": _profile,
    "profile_pick": _profile_pick,
    "replays": _replays,
    "replay": _replay,
    "table": lambda: _table,
    "practice": lambda: _practice,
}


class Navigator:
    """Builds screens by name and puts them on the stack: `push("rules", game=…, rules=…)`."""

    def __init__(self, stack: SceneStack) -> None:
        self.stack = stack

    def build(self, name: str, *args: object, **kwargs: object) -> Scene:
        try:
            loader = SCREENS[name]
        except KeyError:
            raise ValueError(f"no screen named {name!r}; known: {', '.join(SCREENS)}") from None
        return loader()(*args, **kwargs)

    def push(self, name: str, *args: object, **kwargs: object) -> Scene:
        scene = self.build(name, *args, **kwargs)
        self.stack.push(scene)
        return scene

    def replace(self, name: str, *args: object, **kwargs: object) -> Scene:
        scene = self.build(name, *args, **kwargs)
        self.stack.replace(scene)
        return scene

    def reset(self, name: str, *args: object, **kwargs: object) -> Scene:
        scene = self.build(name, *args, **kwargs)
        self.stack.reset(scene)
        return scene

    def pad_removed(self, input: InputPort, event: str) -> bool:
        """True if system `event` was a pad that held a seat at a table being unplugged, handled here.

        The first such pad pushes the "pad unplugged" overlay over the table (it lists every lost seat
        and pops itself once they are all played again). Plugging the owner's pad back in needs no
        call: the router gives the seat back; another pad plugged in is offered it by the overlay."""
        if not event.startswith("pad_removed:"):
            return False
        if input.lost_seat(int(event.split(":", 1)[1])) is None:
            return False
        tables = [scene for scene in self.stack if scene.wants_pause_on_focus_loss]
        top = self.stack.top
        if tables and top is not None and not top.holds_lost_pads:
            self.push("pad_lost", tables[-1])
        return bool(tables)

    def start_table(self, config: TableConfig, push: bool = False) -> Scene:
        """The table for `config` on top (replacing the lobby, results or old table unless `push`)."""
        return self.push("table", config) if push else self.replace("table", config)
