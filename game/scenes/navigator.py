"""Screens from their typed factories (game.screens): scenes ask the navigator for the next screen
(`push(screens.Lobby(game))`, …) instead of importing each other. The one place that knows every scene
class, and the registry of games."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from game import games, screens
from game.core.contract import TableConfig

if TYPE_CHECKING:
    from game.games.table_scene import TableScene
    from game.scenes.stack import SceneStack
    from game.services import InputPort
    from game.ui.scene import Scene


def build(screen: screens.ScreenFactory) -> Scene:
    """The screen `screen` asks for (function-level imports: explicit, so frozen builds see them)."""
    match screen:
        case screens.Title():
            from game.scenes.title import TitleScene

            return TitleScene()
        case screens.Choose(index=index):
            from game.scenes.choose import ChooseGameScene

            return ChooseGameScene(index)
        case screens.Lobby(game=game, config=config):
            from game.scenes.lobby import LobbyScene

            return LobbyScene(game, config)
        case screens.Rules(game=game, rules=rules):
            from game.scenes.rules_view import RulesScene

            return RulesScene(game, rules)
        case screens.Table(config=config):
            return cast("Scene", games.get(config.game).table_scene(config))  # every screen is a ui Scene
        case screens.Results(config=config, match=match):
            from game.scenes.results import ResultsScene

            return ResultsScene(config, match)
        case screens.Pause(table=table):
            from game.scenes.pause import PauseScene

            return PauseScene(cast("TableScene[Any, Any]", table))  # only a table pauses
        case screens.PadLost(table=table):
            from game.scenes.join import PadLostScene

            return PadLostScene(cast("TableScene[Any, Any]", table))
        case screens.Settings():
            from game.scenes.options import SettingsScene

            return SettingsScene()
        case screens.Controls():
            from game.scenes.controls import ControlsScene

            return ControlsScene()
        case screens.Join(seats=seats, min_players=low, on_done=on_done):
            from game.scenes.join import JoinScene

            return JoinScene(seats, low, on_done)
        case screens.Confirm(question=question, on_yes=on_yes, yes=yes, no=no):
            from game.scenes.dialogs import ConfirmScene

            return ConfirmScene(question, on_yes, yes, no)
        case screens.NameEntry(prompt=prompt, initial=initial, on_done=done, max_len=most):
            from game.scenes.dialogs import NameEntryScene

            if most is None:
                return NameEntryScene(prompt, initial, done)
            return NameEntryScene(prompt, initial, done, most)
        case screens.Stats(profile_id=pid):
            from game.scenes.stats import StatsScene

            return StatsScene(pid)
        case screens.Profiles():
            from game.scenes.profiles import ProfilesScene

            return ProfilesScene()
        case screens.Profile(profile_id=pid):
            from game.scenes.profiles import ProfileScene

            return ProfileScene(pid)
        case screens.ProfilePick(prompt=prompt, guest=guest, current=current, taken=taken, on_pick=on_pick,
                                 type_name=type_name):
            from game.scenes.profiles import ProfilePickScene

            return ProfilePickScene(prompt, guest, current, taken, on_pick, type_name)
        case screens.Replays():
            from game.scenes.replays import ReplaysScene

            return ReplaysScene()
        case screens.Replay(source=source):
            from game.record import Log
            from game.scenes.replays import Film, ReplayScene

            if not isinstance(source, Film | Log | list):
                raise TypeError(f"a replay shows a film, a log or its lines, not {type(source).__name__}")
            return ReplayScene(source)
        case screens.Practice(game=game, mode=mode, screen=name, args=args, kwargs=kwargs):
            found = [m for m in games.get(game).practice if m.id == mode]
            if not found:
                raise ValueError(f"{game} has no practice mode {mode!r}")
            return cast("Scene", found[0].scene(name, *args, **kwargs))
    raise ValueError(f"no screen for {screen!r}")


class Navigator:
    """Builds screens from their factories and puts them on the stack: `push(screens.Rules(game, rules))`."""

    def __init__(self, stack: SceneStack) -> None:
        self.stack = stack
        self._lobby_tables: dict[str, TableConfig] = {}  # by game: its lobby's last table, this run
        self._last_game: str | None = None  # the game of the table remembered last

    def remember(self, config: TableConfig) -> None:
        """`config` is the table its game's lobby started, or was left with: the lobby opens with its seats and house
        rules again (`remembered`) after Quit to menu or Back, so a family coming back finds the table it set up."""
        self._lobby_tables[config.game] = config
        self._last_game = config.game

    def remembered(self, game: str) -> TableConfig | None:
        return self._lobby_tables.get(game)

    def last_game(self) -> str | None:
        """The game whose table was remembered last: Play offers it first (None before any lobby this run)."""
        return self._last_game

    def push(self, screen: screens.ScreenFactory) -> Scene:
        scene = build(screen)
        self.stack.push(scene)
        return scene

    def replace(self, screen: screens.ScreenFactory) -> Scene:
        scene = build(screen)
        self.stack.replace(scene)
        return scene

    def reset(self, screen: screens.ScreenFactory) -> Scene:
        scene = build(screen)
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
            self.push(screens.PadLost(tables[-1]))
        return bool(tables)

    def start_table(self, config: TableConfig, push: bool = False) -> Scene:
        """The table for `config` on top (replacing the lobby, results or old table unless `push`)."""
        return self.push(screens.Table(config)) if push else self.replace(screens.Table(config))
