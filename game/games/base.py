"""What the shell needs to know about a game: the `GameDef[RulesT, BotT, MatchT]` every game folder provides once,
in parts by role (identity and words, rules, bots, match, presentation, tools), and the typed protocols
its loaded-on-demand parts answer (`ResultsBody`, `SimHooks`, `BenchHooks`).

The value types both sides speak in (TableConfig, Match, Result, LayoutHints, …) live below, in
game.core.contract, so the history and replays read a match without importing any game. The shell (lobby,
choose, results, rules, sim, bench, input labels) asks a game's definition instead of testing a game's name.
A definition is cheap to import: it loads its match, views and scenes only when asked (function-level
imports, so frozen builds still see them).
"""

from __future__ import annotations

import argparse
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import (
    TYPE_CHECKING,
    Any,
    Generic,
    NamedTuple,
    Never,
    NotRequired,
    Protocol,
    TypeAlias,
    TypedDict,
    TypeVar,
    Unpack,
)

from game.core.contract import (
    MAX_SEATS,
    MIN_SEATS,
    FairStart,
    LayoutHints,
    Marker,
    Match,
    MatchOptions,
    RuleOption,
    TableConfig,
)
from game.core.engine_protocol import Engine, TypedState
from game.core.options import OptionSpec, OptionValue, values_from_json
from game.i18n import t
from game.jsonsafe import JSON
from game.match.common import Timed
from game.screen import Screen

if TYPE_CHECKING:
    import pygame

    from game.games.school.kept import KeptSession
    from game.render.card_art import CardArt
    from game.simkit import Recorder

    # One player's kept practice sessions in (game, kind of events), oldest first (the history's `practice`)
    PracticeReader: TypeAlias = Callable[[str, str], Sequence[KeptSession]]

RulesT = TypeVar("RulesT")  # a game's own rules (its engine's Rules)
BotT = TypeVar("BotT")  # what its bots are to its match (e.g. a Protocol of what the match calls)
MatchT = TypeVar("MatchT", bound=Match)  # its match: the contract's Match, and what its own parts read of it


def rules_as(rules: object, kind: type[RulesT], game: str) -> RulesT:
    """The opaque rules a table carries (TableConfig.rules) as game `game`'s own `kind`: the one place they
    get their type back, loudly (TypeError for another game's)."""
    if not isinstance(rules, kind):
        raise TypeError(f"not {game} rules: {rules!r}")
    return rules


# ---- presentation: what a game's parts of the shared screens answer -----------------------------------


class ResultsBody(Protocol):
    """A game's part of the results screen (GameDef.results_body): the screen gives it the card art, asks
    its headline and the seats that won (the celebration's colours; none on a draw), lays it out in the
    rectangle left for it, draws it, and turns the pages of its list."""

    art: CardArt | None

    @property
    def winners(self) -> Sequence[int]: ...

    def headline(self) -> str: ...

    def layout(self, size: tuple[int, int], area: pygame.Rect) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def scroll(self, step: int) -> None:
        """↑ ↓ (a pad's d-pad too): the next (`step` 1) or the previous (-1) page of its list, where it has one
        longer than a page (the lists show at most ui.figures.LIST_ROWS entries at once)."""


class Showcased(Protocol):
    """What the choose-game screen shows of a game or a practice mode (GameDef and PracticeMode both answer
    it): the title, three short lines, and three card pictures fanned."""

    def title(self) -> str: ...

    def blurb(self) -> list[str]: ...

    def showcase(self, art: CardArt, width: int) -> list[pygame.Surface]: ...


# ---- tools: the modules `sim` and `bench` load, as the shell calls them ----------------------------------


@dataclass(frozen=True)
class ToolReport:
    """What a game's tool (a sim run, a comparison with a published engine) hands the shell: its figures
    (JSON-able, each game's own shape: `--json` prints them), the same in words, and whether the checks it
    makes passed (False: `sim` exits 1).

    The report carries the words made from the figures, so the shell never hands a game's figures back to it:
    each game types its own (a TypedDict, which mypy takes as a Mapping[str, object], never as JSONObject)."""

    figures: Mapping[str, object]
    text: str
    ok: bool = True


class SimHooks(Protocol):
    """A game's `sim` module (GameDef.sim): its own command-line options, and whole games played headless
    into a report."""

    def add_arguments(self, group: argparse._ArgumentGroup) -> None: ...

    def run(self, args: argparse.Namespace, recorder: Recorder | None = None) -> ToolReport: ...


class BotTiming(TypedDict):
    """How long a game's search bot thinks per decision (CPU ms; `bench bots`), against the game's targets."""

    level: str
    search: NotRequired[str]  # how its search runs (compiled or plain), where that varies
    games: int
    decisions: int
    median_ms: float
    p99_ms: float
    target_median_ms: NotRequired[float]
    target_p99_ms: float
    ok: bool


# An engine state as the bench and the conformance suite read it, of a game they do not know: its actions'
# type is its engine's own, so nothing but the state's own StateAction applies one to it.
BenchState: TypeAlias = "TypedState[Never]"
ActionT = TypeVar("ActionT")


class StateAction(NamedTuple, Generic[ActionT]):
    """A mid-game state and one legal action of its own engine's type, kept together (a list of states of any
    game beside a list of their actions could not say that each action fits its state): the bench times
    clone() and apply() on it, the conformance suite checks the state is left as it was."""

    state: TypedState[ActionT]
    action: ActionT

    def clone_apply(self) -> Sequence[object]:
        """Apply the action to a clone of the state: the events (the state itself is left as it was)."""
        return self.state.clone().apply(self.action)

    def refusal(self) -> Exception | None:
        """Why the state refuses the action (None: it is legal)."""
        return self.state.refusal(self.action)


class BenchMove(Protocol):
    """What the bench reads of a StateAction of any game."""

    @property
    def state(self) -> BenchState: ...

    def clone_apply(self) -> Sequence[object]: ...

    def refusal(self) -> Exception | None: ...


class BenchHooks(Protocol):
    """A game's engine bench module (GameDef.bench): `GAMES` (label, players, play(seed)) timed whole,
    `TARGET` ((name, games/s) or None), mid-game states with one legal action each for clone()+apply(), and,
    where the game has them, a comparison with a published engine and its bots' decision times (else None)."""

    @property
    def GAMES(self) -> Sequence[tuple[str, int, Callable[[int], BenchState]]]: ...

    @property
    def TARGET(self) -> tuple[str, int] | None: ...

    def clone_apply_states(self, count: int = 64) -> Sequence[BenchMove]: ...

    @property
    def against_pypi(self) -> Callable[[float], ToolReport] | None: ...

    @property
    def bot_timing(self) -> Callable[[int], BotTiming] | None: ...


class PracticeSim(Protocol):
    """A practice mode's sim module: `python -m game sim <sim_name> ...` hands it the rest of the line."""

    def main(self, argv: list[str] | None = None) -> int: ...


class PracticeMode(ABC):
    """A way to practise a game (e.g. a slap school), listed on the choose-game screen after the
    games (`GameDef.practice`): the words and cards of its panel, and its screens by name, built on demand
    (function-level imports, like a game's table). The navigator opens them as "practice"."""

    id: str = ""
    sim_name: str = ""  # `python -m game sim <sim_name>` runs it headless; "" if it has no sim
    progress_screen: str = ""  # its screen of one player's progress (built with the profile's id), offered
    # on that player's stats as "Progress…" ("<title>: progress…" where several modes keep it); "" if none

    @abstractmethod
    def title(self) -> str:
        raise NotImplementedError

    @abstractmethod
    def blurb(self) -> list[str]:
        """Three short lines for the choose-game screen."""
        raise NotImplementedError

    @abstractmethod
    def showcase(self, art: CardArt, width: int) -> list[pygame.Surface]:
        """Three card pictures (from a CardArt) fanned on the choose-game screen."""
        raise NotImplementedError

    @abstractmethod
    def scene(self, screen: str, *args: object, **kwargs: object) -> Screen:
        """Its screen named `screen` ("setup" is where it starts), built with these arguments."""
        raise NotImplementedError

    @abstractmethod
    def sim(self) -> PracticeSim:
        """Its sim module (only asked when `sim_name` is set)."""
        raise NotImplementedError

    def lobby_entry(self) -> str:
        """The words of a button on its game's lobby that opens it ("Learn the numbers…"); "" for none."""
        return ""

    def progress_line(self, kept: PracticeReader) -> str:
        """One short line of a player's progress here, told from their kept sessions (`kept(game, kind)`),
        for their stats and the other schools' summaries; "" for none."""
        return ""


class GameDef(ABC, Generic[RulesT, BotT, MatchT]):
    """Everything game-specific the shell needs. Each game folder subclasses this once, naming its own
    rules, bots and match: `class SnapDef(GameDef[sn.Rules, RandomBot, SnapMatch])`. Its parts, by role:

    - identity and words: `id`, `title`, `blurb`, `button_words`, `showcase`, `rules_text`, …;
    - rules: `rules_type` (the engine's Rules) and the options, described once by the engine's specs;
    - bots: the levels and `make_bot`, the one factory;
    - match: `make_match`, `replay_markers`, `fair_start`, `history_rules`;
    - presentation: `table_scene`, `results_body`, `layout` (LayoutHints);
    - tools: `sim` (SimHooks) and `bench` (BenchHooks).

    Methods give translated text (called when drawn, so a language change shows at once) and load the
    heavier parts (match, table scene, results body, sim) on demand. The shell holds a table's rules opaquely
    (TableConfig.rules) and hands back only what the same definition gave it; `rules_of` gives them their
    type back where a game's part receives a table.
    """

    # -- identity -------------------------------------------------------------------------------------
    id: str = ""
    engine: Engine[RulesT]  # the pure rules module (game.core.engine_protocol: its states answer EngineState)
    rules_type: type[RulesT]
    buttons: tuple[str, str] = ("", "")
    # -- bots -----------------------------------------------------------------------------------------
    bot_levels: tuple[str, ...] = ()
    sim_levels: tuple[str, ...] = ()  # levels only `sim` seats (besides bot_levels); no table offers them
    default_level: str = ""  # a new lobby's bots
    stand_in_level: str = ""  # a bot that takes over a seat whose player left
    demo_levels: tuple[str, ...] = ()
    busiest_level: str = ""  # the bot level that keeps a table busiest (the render and input benches)
    # -- the lobby and presentation -------------------------------------------------------------------
    lobby_seats: int = 2  # seats a new lobby starts with: a human, then bots
    summary_lines: int = 2  # lines the lobby gives the rules summary
    # Per-seat settings the lobby offers: "head_start" (0-1,000 ms, SeatSpec.head_start_ms; for games whose
    # seats race to slap) and "learner" (a hint delay, SeatSpec.hint_ms: how long before the game's help shows).
    seat_options: tuple[str, ...] = ()
    layout: LayoutHints = LayoutHints()
    practice: tuple[PracticeMode, ...] = ()  # its practice modes, listed on the choose-game screen after the games
    # The rules (patterns) the history keeps per-rule figures of (its EventRow rules), in the order the stats
    # screen lists them; () for a game whose events name no rule.
    history_rules: tuple[str, ...] = ()

    # -- words ----------------------------------------------------------------------------------------
    @abstractmethod
    def title(self) -> str:
        raise NotImplementedError

    @abstractmethod
    def blurb(self) -> list[str]:
        """Three short lines for the choose-game screen."""
        raise NotImplementedError

    @abstractmethod
    def button_words(self) -> tuple[str, str]:
        """What a seat's first and second buttons do, as words: ("play", "slap")."""
        raise NotImplementedError

    @abstractmethod
    def showcase(self, art: CardArt, width: int) -> list[pygame.Surface]:
        """Three card pictures (from a CardArt) fanned on the choose-game screen."""
        raise NotImplementedError

    def settings_flags(self) -> list[tuple[str, str]]:
        """(label, settings key) of the game's own on/off settings, shown in Settings."""
        return []

    def rules_pictures(self, art: CardArt, width: int, rules: RulesT) -> list[tuple[str, list[pygame.Surface]]]:
        """The rules screen's small pictures: (caption, card and token pictures left to right) each, drawn
        with `art` (a CardArt) at card width `width`."""
        return []

    @abstractmethod
    def rules_text(self, rules: RulesT) -> list[str]:
        """Paragraphs of the rules for people who have never played, for this table's rules."""
        raise NotImplementedError

    @abstractmethod
    def rules_summary(self, rules: RulesT) -> str:
        """One line: every option, compactly."""
        raise NotImplementedError

    def lobby_note(self, rules: RulesT | None = None) -> str | None:
        """A line the lobby shows under the summary for these rules (e.g. a tie-break the published rules
        lack), or None."""
        return None

    # -- rules ----------------------------------------------------------------------------------------
    # A game's rules are its engine's own `Rules` (`rules_type`). The options are described once, by the
    # engine's specs (`option_specs`); the lobby's rows (`rule_options`: the specs in words), presets' check
    # (`check_options`) and `sim --rule` (game.simkit.rule_values) are made from them.
    def rules_of(self, rules: object) -> RulesT:
        """A table's opaque rules (TableConfig.rules) as this game's own; TypeError for another game's."""
        return rules_as(rules, self.rules_type, self.id)

    @abstractmethod
    def option_specs(self, rules: RulesT | None = None, players: int | None = None) -> list[OptionSpec]:
        """The engine's option specs: for a table of `rules` (and `players`), those that change anything
        there, with that table's choices and defaults; with no rules, every option."""
        raise NotImplementedError

    @abstractmethod
    def rule_options(self, rules: RulesT | None = None, players: int | None = None) -> list[RuleOption]:
        """The lobby's rows: `option_specs(rules, players)`, each in words."""
        raise NotImplementedError

    @abstractmethod
    def rules_from_values(self, values: Mapping[str, object], players: int | None = None) -> RulesT:
        """Rules from chosen option values; options not chosen take the defaults (raises ValueError, or
        BadOption for a value of the wrong kind, naming the option)."""
        raise NotImplementedError

    def rules_from_log(self, values: Mapping[str, object], players: int | None = None) -> RulesT:
        """The rules a match log's header names (a game whose options grew may read an older log's
        missing option the old way); by default as `rules_from_values`."""
        return self.rules_from_values(values, players)

    @abstractmethod
    def option_values(self, rules: RulesT) -> dict[str, OptionValue]:
        """These rules as {option name: value}, in the option names of `rule_options`."""
        raise NotImplementedError

    def values_after_change(self, changed: str, values: dict[str, object]) -> dict[str, object]:
        """The lobby's option values after option `changed` took a new value (a game may reset others)."""
        return values

    def table_values(self, values: Mapping[str, object]) -> tuple[dict[str, object], str]:
        """Option values a new table may play (the lobby's, a preset's, `sim --rule`'s): a game may raise some
        that would make it unfair; with one line saying what was raised ("" when nothing was)."""
        return dict(values), ""

    def player_range(self, rules: RulesT) -> tuple[int, int]:
        return MIN_SEATS, MAX_SEATS

    def players_problem(self, rules: RulesT, players: int) -> str:
        """What keeps `players` from playing a table of `rules`, in one line ("" if nothing): by default the
        player range; a game whose range depends on its rules names what to change."""
        low, high = self.player_range(rules)
        if low <= players <= high:
            return ""
        return t("This game needs {low} to {high} players.", low=low, high=high)

    def standard_presets(self) -> list[tuple[str, dict[str, object]]]:
        """Standard rules besides the defaults, each (its name, the option values that make it): e.g. another
        edition at its own defaults. The lobby names a table at one of them so, not "Custom"; none by default."""
        return []

    def check_options(self, values: Mapping[str, JSON]) -> None:
        """Raise ValueError (naming the option) unless `values` (as JSON holds them: a preset) are option
        values these rules accept at some table size: the engine's own check, so a preset that passes can
        be played."""
        rules_values = values_from_json(values)
        error: Exception | None = None
        for players in (None, *range(MIN_SEATS, MAX_SEATS + 1)):  # some options' limits depend on the table size
            try:
                self.rules_from_values(rules_values, players)
                return
            except (TypeError, ValueError) as exc:
                error = error or exc
        raise ValueError(str(error).splitlines()[0] if str(error) else type(error).__name__)

    # -- bots -----------------------------------------------------------------------------------------
    @abstractmethod
    def make_bot(self, level: str | None, rng: random.Random, *, seat: int = 0, rules: RulesT | None = None,
                 **tuning: int | None) -> BotT:
        """The one way a bot of this game is made (its match, sim, bench and tournaments all ask here): a bot
        at `level` (one of `bot_levels` or `sim_levels`) for `seat` at a table of `rules` (None: the
        default rules), drawing all its randomness from `rng`; `tuning`: the game's own knobs (a search
        bot's `iterations`, `time_budget_ms`). ValueError naming the known levels for any other level."""
        raise NotImplementedError

    def level_words(self, level: str) -> str:
        """A bot level as the lobby and the tables name it (by default the level's own word, translated)."""
        return t(level)

    def check_level(self, level: str | None) -> str:
        """`level`, if a bot of it can be made; else ValueError (one line, naming the known levels)."""
        known = (*self.bot_levels, *self.sim_levels)
        if level is None or level not in known:
            raise ValueError(f"unknown {self.id} bot level {level!r}; known: {', '.join(known)}")
        return level

    # -- match ----------------------------------------------------------------------------------------
    @abstractmethod
    def make_match(self, config: TableConfig, start_ns: int, **options: Unpack[MatchOptions]) -> MatchT:
        """The game's match for `config` (see `Match`); `options`: see `MatchOptions` (replay, digest_every, a
        fixed deal, …)."""
        raise NotImplementedError

    def fair_start(self) -> FairStart | None:
        """How this game sets fair head starts from measured reactions (the lobby's Fair start), or None."""
        return None

    def replay_markers(self, line: int, events: Sequence[Timed], name: Callable[[int], str]) -> list[Marker]:
        """The moments a replay can jump to among the `events` that body line `line` caused (a photo finish,
        a challenge, a big take), with seats named by `name`; none by default."""
        return []

    # -- presentation (loaded on demand) --------------------------------------------------------------
    @abstractmethod
    def table_scene(self, config: TableConfig) -> Screen:
        """The table scene for `config`."""
        raise NotImplementedError

    @abstractmethod
    def results_body(self, config: TableConfig, match: MatchT) -> ResultsBody:
        """The game's part of the results screen, for the match its table played (`make_match`'s)."""
        raise NotImplementedError

    # -- tools (loaded on demand) ---------------------------------------------------------------------
    @abstractmethod
    def sim(self) -> SimHooks:
        """The game's `sim` module (see SimHooks and game.sim)."""
        raise NotImplementedError

    @abstractmethod
    def bench(self) -> BenchHooks:
        """The game's engine bench module (see BenchHooks and game.bench.engine_speed)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<GameDef {self.id}>"


# The shell holds games of every kind of rules side by side (the registry, a lobby of any game) and hands a
# definition back only the rules it made: Python has no existential type to say so, hence Any, here only.
SomeGame: TypeAlias = "GameDef[Any, Any, Any]"
