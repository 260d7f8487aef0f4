"""What the shell needs to know about a game: the `GameDef` every game folder provides, and the shapes
it speaks in (labelled rule options, layout hints, the table a game is started from).

The shell (lobby, choose, results, rules, sim, bench, input labels) asks a game's definition instead of
testing a game's name. A definition is cheap to import: it loads its match, views and scenes only when
asked (function-level imports, so frozen builds still see them).
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Protocol, TypedDict, Unpack, runtime_checkable

from game.core.options import OptionSpec, OptionValue, values_from_json
from game.i18n import t
from game.jsonsafe import JSON, JSONObject
from game.match.common import SeatSpec, Timed
from game.screen import Screen

if TYPE_CHECKING:
    import pygame

    from game.commands import Command
    from game.record import LogLine, MatchLog
    from game.render.card_art import CardArt

MIN_SEATS, MAX_SEATS = 2, 8


class MatchOptions(TypedDict, total=False):
    """What the shell, a replay or a test may ask of a new match (`GameDef.make_match`); each is optional, and
    one a game has no use for changes nothing in its match (a game whose bots think at once has no thread)."""

    replay: bool  # no bots: the match is fed a log's commands (game.replay)
    record: bool  # keep a command log (default True)
    digest_every: int  # a state digest in the log every this many commands
    deal: JSONObject  # a fixed deal instead of the shuffle, as a log's header keeps it (the game reads its own)
    threaded: bool  # bots that think long do it on a worker thread (default True)
    think_scale: float  # bots' thinking times scaled (1.0: as at the table)
    time_budget_ms: int | None  # a search bot's time per move (None: its iterations alone)
    iterations: int | None  # a search bot's iterations per move (None: its own)


@dataclass(frozen=True, slots=True)
class RuleOption:
    """One lobby row: an engine's option spec (its name, choices and default: the one description of the
    option) in words: `label` names the option, `labels` its choices (one each, in the spec's order)."""

    spec: OptionSpec
    label: str
    labels: tuple[str, ...]

    def __post_init__(self) -> None:
        if len(self.labels) != len(self.spec.choices):
            raise ValueError(f"{self.spec.name}: {len(self.labels)} labels for {len(self.spec.choices)} choices")

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def default(self) -> OptionValue:
        return self.spec.default

    @property
    def choices(self) -> tuple[tuple[OptionValue, str], ...]:
        """(value, label) pairs, in the spec's order."""
        return tuple(zip(self.spec.choices, self.labels))

    def label_of(self, value: object) -> str:
        return next((label for v, label in self.choices if v == value), str(value))


@dataclass(frozen=True, slots=True)
class LayoutHints:
    """How a game's table wants its space: the centre pile's width in card widths, seat panels' width
    relative to the standard, whether panels stack their info above the cards (else beside them), and
    whether the top seat needs room above it for a tag."""

    pile_cards: float = 3.2
    panel_wide: float = 1.45
    info_above: bool = False
    tag_room: bool = False


@dataclass(frozen=True)
class TableConfig:
    """One table: the game (its id), its rules, who sits where, the seed, and who plays first."""

    game: str
    rules: object  # the game's own Rules: only its definition and its match look inside
    seats: list[SeatSpec]
    seed: int
    first_player: int = 0
    options: dict[str, object] = field(default_factory=dict)  # the lobby's chosen option values, for play again
    rows: tuple[int, ...] = ()  # the lobby row each seat came from (empty rows between are skipped)
    profiles: tuple[int | None, ...] = ()  # each seat's player profile id (game.history); None: a guest or a bot

    def with_seed(self, seed: int) -> TableConfig:
        return dataclasses.replace(self, seed=seed)

    def next_round(self) -> TableConfig:
        """Play again: same seats and rules, the first turn one seat on (the lobby deals a fresh seed)."""
        return dataclasses.replace(self, first_player=(self.first_player + 1) % len(self.seats))


class FairStart(Protocol):
    """How a game whose seats race (GameDef.fair_start) turns measured reactions into head starts: a bot
    level's known median, a remembered player's median from their history's medians per rule ({rule:
    (median ms, slaps)}), the head starts (ms) of a table's medians (None: unknown), and a short reaction
    check for a guest (a scene calling `done(median ms or None)`)."""

    def bot_median_ms(self, level: str | None) -> float | None: ...

    def player_median_ms(self, per_rule: Mapping[str, tuple[float, int]]) -> float | None: ...

    def head_starts(self, medians: Sequence[float | None], rules: object) -> list[int]: ...

    def reaction_check(self, seat: int, name: str, done: Callable[[float | None], None]) -> Screen: ...


# ---- the contract between the shell and a game's match -------------------------------------------------


@dataclass(frozen=True, slots=True)
class Result:
    """How a game came out, in words every game shares: the winning seats (none: a draw, or not over),
    each seat's score where the game has points (else None), why it ended (the engine's end reason, e.g.
    "last_player" or "limit"; None when it ended the ordinary way), and per-seat figures by name
    ({"cards": (12, 40)}: a figure a results screen or sim may show, one value per seat)."""

    winners: tuple[int, ...] = ()
    scores: tuple[int, ...] | None = None
    end: str | None = None
    figures: Mapping[str, tuple[int, ...]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class EventRow:
    """One event of a seat that a game gives the history (generic, so the history knows no game):
    its `kind` ("slap", "missed", …), when (`t_ns`, the match's clock), its `outcome` ("won", "too late",
    "wrong", …), the `rule` (pattern) it was about, and a reaction time where it has one."""

    seat: int
    kind: str
    t_ns: int
    outcome: str
    rule: str | None = None
    reaction_ms: float | None = None


PHOTO_FINISH, CHALLENGE, BIG_TAKE = "photo_finish", "challenge", "big_take"  # Marker kinds the viewer knows


@dataclass(frozen=True, slots=True)
class Marker:
    """A moment a replay can jump to: `line`, the index (in the log's body) of the line that made it;
    `kind` (PHOTO_FINISH, CHALLENGE, BIG_TAKE, …); a short `label`; and what a viewer draws of it
    (`presses`: (seat, t_ns on the match's clock, verdict) first first, and `lines` of text), where it has them."""

    line: int
    kind: str
    label: str = ""
    presses: tuple[tuple[int, int, str], ...] = ()
    lines: tuple[str, ...] = ()


@runtime_checkable
class GameState(Protocol):
    """What the shell reads of any game's engine state: how many play, whether it is over, and its digest
    (for replay checks). Every engine's state answers the whole engine protocol (game.core.engine.EngineState:
    legal_actions, apply, refusal, observation, clone too); only the game's own code applies actions."""

    @property
    def players(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    def digest(self) -> str: ...


@runtime_checkable
class Match(Protocol):
    """What the shell may call and read of a game's match (its driver): the table, the results screen,
    the history, replays, sim and bench use nothing else."""

    game: str
    seats: list[SeatSpec]
    log: MatchLog

    @property
    def state(self) -> GameState: ...

    @property
    def is_over(self) -> bool: ...

    def submit(self, cmd: Command) -> str | None:
        """Queue a human's command; a one-line reason if it was refused at once, else None."""
        ...

    def next_due_ns(self) -> int | None: ...

    def advance(self, now_ns: int) -> list[Timed]:
        """Apply everything due by `now_ns`; the events it caused, in order."""
        ...

    def replay(self, entry: LogLine) -> list[Timed]:
        """Apply one logged line (replays never run a bot)."""
        ...

    def replace_seat(self, seat: int, spec: SeatSpec) -> None: ...

    def can_hand_back(self, seat: int) -> bool: ...

    def close(self) -> None: ...

    def result(self) -> Result: ...

    def history_events(self) -> list[EventRow]:
        """The events of each seat this game gives the history (e.g. slaps, missed patterns), in time order."""
        ...


class ResultsBody(Protocol):
    """A game's part of the results screen (GameDef.results_body): the screen gives it the card art, asks
    its headline, lays it out in the rectangle left for it, and draws it."""

    art: CardArt | None

    def headline(self) -> str: ...

    def layout(self, size: tuple[int, int], area: pygame.Rect) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


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
    def sim(self) -> ModuleType:
        """Its sim module: `main(argv) -> int` (only asked when `sim_name` is set)."""
        raise NotImplementedError


class GameDef(ABC):
    """Everything game-specific the shell needs. Each game folder subclasses this once.

    Class attributes: `id` (as on the command line and in settings), `engine` (the pure rules module),
    `buttons` (the game actions of a seat's first and second button), bot levels, layout hints.
    Methods give translated text (called when drawn, so a language change shows at once) and load the
    heavier parts (match, table scene, results body, sim) on demand.
    """

    id: str = ""
    engine: ModuleType
    buttons: tuple[str, str] = ("", "")
    bot_levels: tuple[str, ...] = ()
    sim_levels: tuple[str, ...] = ()  # levels only `sim` seats (besides bot_levels); no table offers them
    default_level: str = ""  # a new lobby's bots
    stand_in_level: str = ""  # a bot that takes over a seat whose player left
    demo_levels: tuple[str, ...] = ()
    busiest_level: str = ""  # the bot level that keeps a table busiest (the render and input benches)
    lobby_seats: int = 2  # seats a new lobby starts with: a human, then bots
    summary_lines: int = 2  # lines the lobby gives the rules summary
    # Per-seat settings the lobby offers: "head_start" (0-1,000 ms, SeatSpec.head_start_ms; for games whose
    # seats race to slap) and "learner" (a hint delay, SeatSpec.hint_ms: how long before the game's help shows).
    seat_options: tuple[str, ...] = ()
    layout = LayoutHints()
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

    def rules_pictures(self, art: CardArt, width: int, rules: object) -> list[tuple[str, list[pygame.Surface]]]:
        """The rules screen's small pictures: (caption, card and token pictures left to right) each, drawn
        with `art` (a CardArt) at card width `width`."""
        return []

    @abstractmethod
    def rules_text(self, rules: object) -> list[str]:
        """Paragraphs of the rules for people who have never played, for this table's rules."""
        raise NotImplementedError

    @abstractmethod
    def rules_summary(self, rules: object) -> str:
        """One line: every option, compactly."""
        raise NotImplementedError

    def lobby_note(self, rules: object = None) -> str | None:
        """A line the lobby shows under the summary for these rules (e.g. a tie-break the published rules
        lack), or None."""
        return None

    # -- rules ----------------------------------------------------------------------------------------
    # A game's rules are its engine's own `Rules`; to the shell they are opaque (`object`): it gets them
    # from `rules_from_values` and hands them back. The options are described once, by the engine's
    # specs (`option_specs`); the lobby's rows (`rule_options`: the specs in words), presets' check
    # (`check_options`) and `sim --rule` (game.simkit.rule_values) are made from them.
    @abstractmethod
    def option_specs(self, rules: object = None, players: int | None = None) -> list[OptionSpec]:
        """The engine's option specs: for a table of `rules` (and `players`), those that change anything
        there, with that table's choices and defaults; with no rules, every option."""
        raise NotImplementedError

    @abstractmethod
    def rule_options(self, rules: object = None, players: int | None = None) -> list[RuleOption]:
        """The lobby's rows: `option_specs(rules, players)`, each in words."""
        raise NotImplementedError

    @abstractmethod
    def rules_from_values(self, values: Mapping[str, object], players: int | None = None) -> object:
        """Rules from chosen option values; options not chosen take the defaults (raises ValueError, or
        BadOption for a value of the wrong kind, naming the option)."""
        raise NotImplementedError

    def rules_from_log(self, values: Mapping[str, object], players: int | None = None) -> object:
        """The rules a match log's header names (a game whose options grew may read an older log's
        missing option the old way); by default as `rules_from_values`."""
        return self.rules_from_values(values, players)

    @abstractmethod
    def option_values(self, rules: object) -> dict[str, OptionValue]:
        """These rules as {option name: value}, in the option names of `rule_options`."""
        raise NotImplementedError

    def values_after_change(self, changed: str, values: dict[str, object]) -> dict[str, object]:
        """The lobby's option values after option `changed` took a new value (a game may reset others)."""
        return values

    def table_values(self, values: Mapping[str, object]) -> tuple[dict[str, object], str]:
        """Option values a new table may play (the lobby's, a preset's, `sim --rule`'s): a game may raise some
        that would make it unfair; with one line saying what was raised ("" when nothing was)."""
        return dict(values), ""

    def player_range(self, rules: object) -> tuple[int, int]:
        return MIN_SEATS, MAX_SEATS

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

    # -- players --------------------------------------------------------------------------------------
    @abstractmethod
    def make_bot(self, level: str | None, rng: random.Random, *, seat: int = 0, rules: object = None,
                 **tuning: int | None) -> object:
        """The one way a bot of this game is made (its match, sim, bench and tournaments all ask here): a bot
        at `level` (one of `bot_levels` or `sim_levels`) for `seat` at a table of `rules` (None: the
        default rules), drawing all its randomness from `rng`; `tuning`: the game's own knobs (a search
        bot's `iterations`, `time_budget_ms`). ValueError naming the known levels for any other level."""
        raise NotImplementedError

    def level_words(self, level: str) -> str:
        """A bot level as the lobby and the tables name it (by default the level's own word, translated)."""
        return t(level)

    def check_level(self, level: str | None) -> None:
        """ValueError (one line, naming the known levels) unless a bot of `level` can be made."""
        known = (*self.bot_levels, *self.sim_levels)
        if level not in known:
            raise ValueError(f"unknown {self.id} bot level {level!r}; known: {', '.join(known)}")

    # -- parts loaded on demand -----------------------------------------------------------------------
    @abstractmethod
    def make_match(self, config: TableConfig, start_ns: int, **options: Unpack[MatchOptions]) -> Match:
        """The game's match for `config` (see `Match`); `options`: see `MatchOptions` (replay, digest_every, a
        fixed deal, …)."""
        raise NotImplementedError

    @abstractmethod
    def table_scene(self, config: TableConfig) -> Screen:
        """The table scene for `config`."""
        raise NotImplementedError

    @abstractmethod
    def results_body(self, config: TableConfig, match: Match) -> ResultsBody:
        """The game's part of the results screen."""
        raise NotImplementedError

    def fair_start(self) -> FairStart | None:
        """How this game sets fair head starts from measured reactions (the lobby's Fair start), or None."""
        return None

    def replay_markers(self, line: int, events: Sequence[Timed], name: Callable[[int], str]) -> list[Marker]:
        """The moments a replay can jump to among the `events` that body line `line` caused (a photo finish,
        a challenge, a big take), with seats named by `name`; none by default."""
        return []

    @abstractmethod
    def sim(self) -> ModuleType:
        """The game's `sim` module: `add_arguments(group)`, `run(args, recorder=None) -> dict`,
        `format(result) -> str` (see game.sim)."""
        raise NotImplementedError

    @abstractmethod
    def bench(self) -> ModuleType:
        """The game's engine bench module: `GAMES` (label, players, play(seed)), `clone_apply_states()`,
        `TARGET` ((name, games/s) or None), `against_pypi(seconds) -> dict` and `format_against_pypi` (or
        `against_pypi = None`), and `bot_timing(games) -> dict` (or None)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<GameDef {self.id}>"


def seat_name(seat: SeatSpec, index: int) -> str:
    """The name a seat shows: its own, else "Player 3" / "Bot 3"."""
    if seat.name:
        return seat.name
    return t("Bot {n}", n=index + 1) if seat.is_bot else t("Player {n}", n=index + 1)


def make_seats(humans: int, bots: list[str]) -> list[SeatSpec]:
    """`humans` human seats, then one bot seat per level in `bots`."""
    return [SeatSpec("human") for _ in range(humans)] + [SeatSpec("bot", level) for level in bots]
