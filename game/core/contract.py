"""The contract's value types, below everything that reads them: what a table is (`TableConfig`), what a
match answers (`Match`, `GameState`, `Result`, `EventRow`, `Marker`), how a table wants its space
(`LayoutHints`), and a rule option in words (`RuleOption`). The history, replays, sim and the layouts read
a game only through these; they import no game (the games' definitions, `game.games.base.GameDef`, build
on them)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, TypedDict, Unpack, runtime_checkable

from game.core.options import OptionSpec, OptionValue
from game.i18n import t
from game.jsonsafe import JSONObject
from game.match.common import SeatSpec, Timed
from game.screen import Screen

if TYPE_CHECKING:
    from game.commands import Command
    from game.record import LogLine, MatchLog

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


@dataclass(frozen=True)
class LayoutHints:
    """How a game's table wants its space (game.render.layout.table_layout reads every field, and nothing
    else): the defaults are a plain table of panels round an ellipse.

    A game may subclass it to add what its own view reads (and `words_room`), never a field the layout
    reads: those are all here."""

    pile_cards: float = 3.2  # the centre pile's width in card widths
    panel_wide: float = 1.45  # seat panels' width next to the standard
    info_above: bool = False  # panels stack their info above their cards (else beside them)
    tag_room: bool = False  # the top seat needs room above it for a tag
    card_scale: float = 1.0  # the centre's cards next to the standard size
    pile_tall: float = 1.45  # the centre's height in its cards' heights
    name_above: bool = False  # the seat's name across its panel above its cards (room for 20 characters)
    rows_from: int = 0  # this many seats and more sit as mats in rows along the window's top and bottom (0: never)
    mats: bool = False  # the seats are mats: names at the couch's BIG_MIN, their words at its WORD_MIN
    crowd_from: int = 0  # in rows, this many seats and more: the centre's cards are rows_card_scale of card_scale
    rows_card_scale: float = 1.0
    ellipse_card_scale: float = 1.0  # a game seating rows, round an ellipse (a tall window): its cards this much
    ellipse_pile_cards: float | None = None  # ... and its centre this many cards wide (None: pile_cards)
    rows_shrink: float = 1.0  # where the rows leave too little room round them, the centre's cards shrink to this at most
    columns_upto: int = 0  # in rows, up to this many seats sit as mats in two columns at the sides (a tall centre)
    stack_beside: bool = False  # name_above: each seat's cards at its panel's left, as tall as it, its name's row right of
    # them (a short mat: a small window's column of four, where the cards under the name would be too small)

    def words_room(self, pile_h: int, line: int) -> tuple[int, int, int, int] | None:
        """In rows, the felt (px) the centre's words need round a pile `pile_h` high, `line` a line of the
        couch's BIG_MIN as drawn: (above, below, a narrow prompt's width, its height); None where the centre
        has no words of its own to keep clear of the mats."""
        return None


@dataclass(frozen=True)
class TableConfig:
    """One table: the game (its id), its rules, who sits where, the seed, and who plays first."""

    game: str
    rules: object  # the game's own Rules: its definition (GameDef[RulesT].rules_of) gives them their type back
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

    def head_start_steps(self, medians: Sequence[float | None], rules: object) -> Generator[None, None, list[int]]:
        """`head_starts` worked out a little at a time (each step well under a frame), for a screen to spread
        over its frames."""
        ...

    def reaction_check(self, seat: int, name: str, done: Callable[[float | None], None]) -> Screen: ...


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
class SeatEvent(Protocol):
    """An event that names the seat it happened to (most do: a card played, a slap won, a wrong slap); a tool
    that follows one seat (the input latency bench) tells them from the rest with isinstance."""

    seat: int


@runtime_checkable
class GameState(Protocol):
    """What the shell reads of any game's engine state: how many play, whether it is over, and its digest
    (for replay checks). Every engine's state answers the whole engine protocol (game.core.engine_protocol.EngineState:
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


class ReplayedGame(Protocol):
    """What a replay asks of the game a log names (game.replay is handed the games, so it imports none): the
    rules its header names (in words, for a summary) and a match to feed the log to. Its rules are opaque
    here: handed back only to the definition that made them."""

    @property
    def id(self) -> str: ...

    def rules_from_values(self, values: Mapping[str, object], players: int | None = None) -> object: ...

    def rules_from_log(self, values: Mapping[str, object], players: int | None = None) -> object: ...

    def rules_summary(self, rules: object) -> str: ...

    def make_match(self, config: TableConfig, start_ns: int, **options: Unpack[MatchOptions]) -> Match: ...


def seat_name(seat: SeatSpec, index: int) -> str:
    """The name a seat shows: its own, else "Player 3" / "Bot 3" (its number, else its seat's) in the language of
    the moment; a bot standing in for a player is called as the player was."""
    if seat.name:
        return seat.name
    n = index + 1 if seat.number is None else seat.number
    return t("Bot {n}", n=n) if seat.is_bot and not seat.stand_in else t("Player {n}", n=n)


def make_seats(humans: int, bots: list[str]) -> list[SeatSpec]:
    """`humans` human seats, then one bot seat per level in `bots`."""
    return [SeatSpec("human") for _ in range(humans)] + [SeatSpec("bot", level) for level in bots]
