"""No Thanks! rules engine: both editions, every lobby option; pure, deterministic, fast for search bots."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Final, Literal

from game.cards import RANKS, SUIT_SYMBOLS
from game.commands import PASS, TAKE
from game.core.engine_protocol import IllegalAction, digest_of
from game.core.memo import Memo
from game.core.options import OptionSpec, switch, whole, word
from game.jsonsafe import shown

__all__ = [
    "AFTER_TAKE",
    "EDITIONS",
    "PASS",
    "SUIT_ORDERS",
    "TAKE",
    "CardTaken",
    "CardTurned",
    "GameOver",
    "MatchPaid",
    "Observation",
    "OptionSpec",
    "Rules",
    "Run",
    "State",
    "card_code",
    "card_label",
    "new_game",
    "penalty",
    "proposed_ranks_per_suit",
    "rule_options",
    "runs",
    "score",
    "standard_set_aside",
    "value_explanation",
]

EDITIONS = ("cards", "numbered")
AFTER_TAKE = ("next_player", "same_player")
# Orders offered in the lobby: the seed's (bridge) order, its reverse, and colours alternating.
SUIT_ORDERS = (("C", "D", "H", "S"), ("S", "H", "D", "C"), ("C", "H", "S", "D"))
NUMBERED_LOW, NUMBERED_HIGH, NUMBERED_ASIDE = 3, 35, 9
MIN_RANKS, MAX_RANKS = 5, 13
PLAYERS = {"cards": (2, 8), "numbered": (3, 7)}
# `matches` and `after_take` left at this take their edition's own default (the rules file's table), so
# `Rules(edition="numbered")` is the published edition (11/9/7 chips, the taker decides again), as
# `Rules.numbered()` is, and not the playing-card edition's 11 matches with the turn passing on.
EDITION_DEFAULT: Final = "edition"


def _standard_matches(players: int) -> int:
    """The published table: 11 each for up to 5 players, 9 for 6, 7 for 7; 55 chips shared beyond."""
    if players <= 5:
        return 11
    return {6: 9, 7: 7}.get(players, 55 // players)


def _suit_order(value: object) -> tuple[str, ...]:
    """`value` (any sequence) as an order of the four suits C, D, H, S, each once."""
    order = tuple(value) if isinstance(value, Iterable) else ()  # not a sequence at all: a number, a switch
    suits = tuple(suit for suit in order if isinstance(suit, str))
    if len(suits) != len(order) or sorted(suits) != sorted("CDHS"):
        raise ValueError(f"suit_order must order the four suits C, D, H, S once each, not {shown(value)}")
    return suits


@dataclass(frozen=True, slots=True)
class Rules:
    """One table's rules. `set_aside=None` means the edition's own count (a third of a deck of cards,
    9 in the numbered edition); `matches=None` means the published 11/9/7 by player count. `matches` and
    `after_take` not given (EDITION_DEFAULT) are the edition's: 11 matches and the turn passing on with
    cards, 11/9/7 chips and the taker deciding again when numbered."""

    edition: str = "cards"
    ranks_per_suit: int = 9
    suit_order: tuple[str, ...] = ("C", "D", "H", "S")
    set_aside: int | None = None
    matches: int | None | Literal["edition"] = EDITION_DEFAULT
    after_take: str = EDITION_DEFAULT
    hidden_matches: bool = False

    def __post_init__(self) -> None:
        # Kinds first (a bool is no number, 9.5 no count, "no" no switch), then ranges; each names its option.
        word("edition", self.edition, EDITIONS)
        numbered = self.edition == "numbered"
        if self.matches == EDITION_DEFAULT:
            object.__setattr__(self, "matches", None if numbered else 11)
        if self.after_take == EDITION_DEFAULT:
            object.__setattr__(self, "after_take", "same_player" if numbered else "next_player")
        whole("ranks_per_suit", self.ranks_per_suit, MIN_RANKS, MAX_RANKS)
        object.__setattr__(self, "suit_order", _suit_order(self.suit_order))
        word("after_take", self.after_take, AFTER_TAKE)
        switch("hidden_matches", self.hidden_matches)
        if self.matches is not None:
            whole("matches", self.matches, 0)  # also refuses any other word than the edition's default
        size = self.deck_size
        if self.set_aside is None:
            aside = NUMBERED_ASIDE if self.edition == "numbered" else round(size / 3)
            object.__setattr__(self, "set_aside", aside)
        aside = whole("set_aside", self.set_aside)
        if not 0 <= aside < size:
            raise ValueError(f"set_aside must leave one of the {size} cards in play, not {self.set_aside}")

    @classmethod
    def numbered(cls, **changes: object) -> Rules:
        """The published 3–35 edition: 9 set aside, 11/9/7 matches, the taker decides again."""
        return cls.of({"edition": "numbered", "set_aside": NUMBERED_ASIDE, "matches": None, "after_take": "same_player",
                       **changes})

    @classmethod
    def from_options(cls, values: Mapping[str, object], players: int | None = None) -> Rules:
        """Rules from the lobby's chosen option values; anything not chosen takes the edition's default
        (for `players`, if given: a bigger deck for bigger tables)."""
        base = cls.numbered() if values.get("edition", "cards") == "numbered" else cls()
        defaults: dict[str, object] = {o.name: o.default for o in rule_options(base, players)}
        return cls.of({**defaults, **values})

    @classmethod
    def of(cls, values: Mapping[str, object]) -> Rules:
        """Rules from {field: value} as a preset or the command line gives them (fields not named take their
        defaults; ValueError for a name that is no field): each value's kind is checked as it is handed on,
        its range and the rest by the rules themselves."""
        unknown = set(values) - {f.name for f in fields(cls)}
        if unknown:
            raise ValueError(f"unknown rule option(s) {shown(sorted(unknown))}")
        given: dict[str, object] = {f.name: f.default for f in fields(cls)} | dict(values)
        aside, matches, after = given["set_aside"], given["matches"], given["after_take"]
        return cls(edition=word("edition", given["edition"], EDITIONS),
                   ranks_per_suit=whole("ranks_per_suit", given["ranks_per_suit"]),
                   suit_order=_suit_order(given["suit_order"]),
                   set_aside=None if aside is None else whole("set_aside", aside),
                   matches=(None if matches is None else EDITION_DEFAULT if matches == EDITION_DEFAULT
                            else whole("matches", matches)),
                   after_take=EDITION_DEFAULT if after == EDITION_DEFAULT else word("after_take", after, AFTER_TAKE),
                   hidden_matches=switch("hidden_matches", given["hidden_matches"]))

    @property
    def aside(self) -> int:
        """How many cards are set aside (`set_aside` as the rules settled it when made: never None)."""
        assert self.set_aside is not None, "settled in __post_init__"
        return self.set_aside

    @property
    def each(self) -> int | None:
        """Matches (chips) each player starts with, None for the published 11/9/7 by player count (`matches`
        as the rules settled it when made: never EDITION_DEFAULT)."""
        assert self.matches != EDITION_DEFAULT, "settled in __post_init__"
        return self.matches if isinstance(self.matches, int) else None

    @property
    def deck_size(self) -> int:
        if self.edition == "numbered":
            return NUMBERED_HIGH - NUMBERED_LOW + 1
        return 4 * self.ranks_per_suit

    def deck_values(self) -> list[int]:
        """Every card's value, lowest first."""
        if self.edition == "numbered":
            return list(range(NUMBERED_LOW, NUMBERED_HIGH + 1))
        return list(range(1, self.deck_size + 1))

    def player_range(self) -> tuple[int, int]:
        return PLAYERS[self.edition]

    def matches_for(self, players: int) -> int:
        """Matches each player starts with at a table of `players`."""
        each = self.each
        return _standard_matches(players) if each is None else each


def proposed_ranks_per_suit(players: int) -> int:
    """The lobby's deck size K for a table: the seed's 9 up to 5 players, then about 5 cards in play each."""
    if players <= 5:
        return 9

    def in_play(k: int) -> int:
        return 4 * k - round(4 * k / 3)

    return min(range(9, MAX_RANKS + 1), key=lambda k: (abs(in_play(k) - 5 * players), -k))


def standard_set_aside(rules: Rules) -> int:
    """The edition's own set-aside count for `rules`' deck: 9 when numbered, else a third of the deck."""
    return NUMBERED_ASIDE if rules.edition == "numbered" else round(4 * rules.ranks_per_suit / 3)


def rule_options(rules: Rules | None = None, players: int | None = None) -> list[OptionSpec]:
    """The lobby's settings for `rules`' edition, defaults as that edition (and table size) proposes.

    The set-aside choices depend on the deck size, so the lobby asks again after a setting changes.
    Data only: the labels are made in the game's text layer.
    """
    rules = Rules() if rules is None else rules
    numbered = rules.edition == "numbered"
    options = [OptionSpec("edition", EDITIONS, "numbered" if numbered else "cards")]
    if not numbered:
        k_default = proposed_ranks_per_suit(players) if players else 9
        options.append(OptionSpec("ranks_per_suit", tuple(range(MIN_RANKS, MAX_RANKS + 1)), k_default))
        options.append(OptionSpec("suit_order", SUIT_ORDERS, SUIT_ORDERS[0]))
    third = standard_set_aside(rules)
    options.append(OptionSpec("set_aside", (
        None, *(n for n in (0, 3, 6, 9, 12, 15) if n < rules.deck_size // 2 and n != third),
    ), None))
    options.append(OptionSpec("matches", (None, 5, 7, 9, 11, 13, 15), None if numbered else 11))
    options.append(OptionSpec("after_take", AFTER_TAKE, "same_player" if numbered else "next_player"))
    options.append(OptionSpec("hidden_matches", (False, True), False))
    return options


# ---- cards and scoring -------------------------------------------------------------------------------


def card_label(rules: Rules, value: int) -> str:
    """'♠1' in the playing-card edition (suit symbol and rank 1..K), the number in the numbered edition."""
    if rules.edition == "numbered":
        return str(value)
    suit_index, rank = divmod(value - 1, rules.ranks_per_suit)
    return f"{SUIT_SYMBOLS[rules.suit_order[suit_index]]}{rank + 1}"


def card_code(rules: Rules, value: int) -> str | None:
    """The real playing card ('AS', 'TD') a value is in the playing-card edition; None when numbered."""
    if rules.edition == "numbered":
        return None
    suit_index, rank = divmod(value - 1, rules.ranks_per_suit)
    return RANKS[rank] + rules.suit_order[suit_index]


def value_explanation(rules: Rules, value: int) -> str:
    """How a card's value is made: '♠1 = 3 × 9 + 1 = 28' (the numbered edition just prints the number)."""
    if rules.edition == "numbered":
        return str(value)
    suit_index, rank = divmod(value - 1, rules.ranks_per_suit)
    return f"{card_label(rules, value)} = {suit_index} \u00d7 {rules.ranks_per_suit} + {rank + 1} = {value}"


@dataclass(frozen=True, slots=True)
class Run:
    """Consecutive card values, lowest first; only `counted` (the lowest) scores."""

    cards: tuple[int, ...]

    @property
    def counted(self) -> int:
        return self.cards[0]


def runs(cards: list[int] | tuple[int, ...]) -> list[Run]:
    """Group cards into runs of consecutive values (across suit borders), lowest run first."""
    out: list[Run] = []
    current: list[int] = []
    for v in sorted(cards):
        if current and v != current[-1] + 1:
            out.append(Run(tuple(current)))
            current = []
        current.append(v)
    if current:
        out.append(Run(tuple(current)))
    return out


def penalty(cards: list[int] | tuple[int, ...] | set[int]) -> int:
    """Sum of the lowest card of each run (a positive number: the points lost)."""
    held = set(cards)
    return sum(v for v in held if v - 1 not in held)


def score(cards: list[int] | tuple[int, ...], matches: int) -> int:
    """Minus each run's lowest card, plus one per match: score(cards=[28, 27, 3], matches=5) == -25."""
    return matches - penalty(cards)


# ---- events ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardTurned:
    """The top card of the stack was turned face up; `cards_left` face-down cards remain."""

    card: int
    cards_left: int


@dataclass(frozen=True, slots=True)
class MatchPaid:
    """`seat` paid a match onto the face-up card, which now carries `pot` matches."""

    seat: int
    pot: int


@dataclass(frozen=True, slots=True)
class CardTaken:
    """`seat` took `card` and the `matches` lying on it."""

    seat: int
    card: int
    matches: int


@dataclass(frozen=True, slots=True)
class GameOver:
    """The last card was taken. `winners` share the win; `set_aside` is revealed."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    set_aside: tuple[int, ...]


# ---- observation -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may see. `matches[s]` is None for other seats under hidden matches; `unseen` is every
    card not yet turned up (the stack and the set-aside cards together, in value order: which is which and
    in what order is hidden)."""

    rules: Rules
    seat: int
    players: int
    current_player: int
    legal_actions: tuple[str, ...]
    card: int | None
    pot: int
    my_matches: int
    matches: tuple[int | None, ...]
    cards: tuple[tuple[int, ...], ...]
    cards_left: int
    unseen: tuple[int, ...]
    start_matches: int
    is_over: bool

    @property
    def total_matches(self) -> int:
        """All matches in the game (public: everyone starts with the same number)."""
        return self.start_matches * self.players

    @property
    def set_aside_count(self) -> int:
        return len(self.unseen) - self.cards_left


# ---- state -------------------------------------------------------------------------------------------

# Events are immutable values, so the hot paths share them: each distinct event is built once (by its
# dataclass) and kept in a table indexed by its small-int fields, and apply() returns the kept one. Same
# class, fields, equality, repr and hash as a fresh one; no allocation on the paths search bots live on.
# Tables: MatchPaid by [seat][pot], CardTurned by [card][cards_left], CardTaken by [seat][card][matches];
# a value beyond a table's size (huge house-rule match counts) just builds a fresh event.
_SEATS, _CARDS, _POTS = 8, 64, 256
_PAID: list[list[MatchPaid | None]] = [[None] * _POTS for _ in range(_SEATS)]
_TURNED: list[list[CardTurned | None]] = [[None] * _CARDS for _ in range(_CARDS + 1)]
_TAKEN: list[list[list[CardTaken | None] | None]] = [[None] * (_CARDS + 1) for _ in range(_SEATS)]


def _paid(seat: int, pot: int) -> MatchPaid:
    event = MatchPaid(seat, pot)
    if pot < _POTS:
        _PAID[seat][pot] = event
    return event


def _turned(card: int, left: int) -> CardTurned:
    event = CardTurned(card, left)
    if card <= _CARDS and left < _CARDS:
        _TURNED[card][left] = event
    return event


def _taken(seat: int, card: int, matches: int) -> CardTaken:
    event = CardTaken(seat, card, matches)
    if card <= _CARDS and matches < _POTS:
        row = _TAKEN[seat][card]
        if row is None:
            row = _TAKEN[seat][card] = [None] * _POTS
        row[matches] = event
    return event


def _check_players(rules: Rules, players: int) -> None:
    low, high = rules.player_range()
    if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
        raise ValueError(f"the {rules.edition} edition is for {low} to {high} players, not {players}")


# What new_game sets up for a table, by its rules and players (values: equal rules share it): (deck values,
# start matches, same player). An entry is about 1.6 KB (the deck's values): 16 KiB keeps ten tables' worth.
_SETUPS: Memo[tuple[Rules, int], tuple[tuple[int, ...], int, bool]] = Memo("no thanks setups", 2**14)


def _setup(rules: Rules, players: int) -> tuple[tuple[int, ...], int, bool]:
    key = (rules, players)
    setup = _SETUPS.get(key)
    if setup is None:
        _check_players(rules, players)
        setup = _SETUPS[key] = (tuple(rules.deck_values()), rules.matches_for(players),
                                rules.after_take == "same_player")
    return setup


def new_game(
    rules: Rules,
    players: int = 3,
    seed: int = 0,
    deck: list[int] | None = None,
    first_player: int = 0,
) -> State:
    """Shuffle with random.Random(seed), set aside `rules.set_aside` cards and turn the first card up.

    With `deck`, that list is the face-down stack, top first (its first card is turned up at once) and
    every other card of the edition is set aside; `seed` is then unused.
    """
    deck_values, start, same_player = _setup(rules, players)
    if not 0 <= first_player < players:
        raise ValueError(f"first_player must be a seat 0..{players - 1}, not {first_player}")
    values = list(deck_values)
    if deck is None:
        random.Random(seed).shuffle(values)
        aside = values[: rules.set_aside]
        stack = values[rules.set_aside:]
    else:
        stack = list(deck)
        known = set(values)
        bad = [v for v in stack if v not in known]
        if bad:
            raise ValueError(f"cards {bad} are not in the {rules.edition} edition's deck")
        if len(set(stack)) != len(stack):
            raise ValueError("a card appears twice in the given deck")
        if not stack:
            raise ValueError("the given deck is empty")
        chosen = set(stack)
        aside = [v for v in values if v not in chosen]
    # Held bottom first so taking the top card is a cheap pop().
    stack.reverse()
    aside.sort()
    st = State.__new__(State)
    st.rules = rules
    st.players = players
    st.current_player = first_player
    st.card = stack.pop()
    st.pot = 0
    st.matches = [start] * players
    st.cards = [[] for _ in range(players)]
    st.is_over = False
    st.aside = tuple(aside)
    st.take_log = []
    st._stack = stack
    st._same_player = same_player
    st._start_matches = start
    return st


class State:
    """A game in progress. Read the public attributes; change it only through apply().

    `cards[seat]` lists the cards a seat took in the order taken; `take_log` lists every CardTaken;
    `aside` is the set-aside cards (hidden until the end: bots never see the State, only observation()).

    The engine protocol (`game.core.engine_protocol`): `legal_actions(seat=None)`, `apply(action, seat=None)` raising
    `IllegalAction` with a code ("game_over", "not_your_turn", "no_matches", "bad_action", "bad_seat"),
    `refusal`, `action_space`, `observation(seat)`, `clone()`, `is_over` and `digest()`.
    """

    __slots__ = (
        "_same_player",
        "_stack",
        "_start_matches",
        "aside",
        "card",
        "cards",
        "current_player",
        "is_over",
        "matches",
        "players",
        "pot",
        "rules",
        "take_log",
    )

    rules: Rules
    players: int
    current_player: int
    card: int | None
    pot: int
    matches: list[int]
    cards: list[list[int]]
    is_over: bool
    aside: tuple[int, ...]
    take_log: list[CardTaken]
    _stack: list[int]  # the face-down cards, bottom first
    _same_player: bool
    _start_matches: int

    @property
    def cards_left(self) -> int:
        """Face-down cards still in the stack (the face-up card is not counted)."""
        return len(self._stack)

    @property
    def start_matches(self) -> int:
        return self._start_matches

    def legal_actions(self, seat: int | None = None) -> list[str]:
        """TAKE and PASS (just TAKE with no matches left) for the seat on turn; nothing once the game is
        over, or for `seat` when it is not on turn."""
        if self.is_over:
            return []
        cp = self.current_player
        if seat is not None and (seat != cp or type(seat) is not int):  # True and 1.0 are not seat 1
            self._check_seat(seat)
            return []
        if self.matches[cp]:
            return [TAKE, PASS]
        return [TAKE]

    def action_space(self) -> list[str]:
        """Every No Thanks action, legal now or not."""
        return [TAKE, PASS]

    def _check_seat(self, seat: object) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction(f"there is no seat {seat!r} at a table of {self.players}", "bad_seat")

    def refusal(self, action: str, seat: int | None = None) -> IllegalAction | None:
        """The IllegalAction that apply(action, seat) would raise now, or None if it is legal."""
        if self.is_over:
            return IllegalAction("the game is over: the last card has been taken", "game_over")
        cp = self.current_player
        if seat is not None and (seat != cp or type(seat) is not int):  # True and 1.0 are not seat 1
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
                return IllegalAction(f"it is seat {cp}'s turn; there is no seat {seat!r} at a table of "
                                     f"{self.players}", "bad_seat")
            return IllegalAction(f"it is seat {cp}'s turn, not seat {seat}'s", "not_your_turn")
        if action == PASS:
            if not self.matches[cp]:
                return IllegalAction(f"seat {cp} has no matches left and must take the card", "no_matches")
            return None
        if action != TAKE:
            return IllegalAction(f"{action!r} is not a No Thanks action: use TAKE or PASS", "bad_action")
        return None

    def _refused(self, action: str, seat: int | None) -> IllegalAction:
        """The refusal of what `apply` found illegal (`refusal` names one for every action it refuses)."""
        refused = self.refusal(action, seat)
        assert refused is not None, f"apply refused {action!r} for seat {seat}, which refusal allows"
        return refused

    def apply(self, action: str, seat: int | None = None) -> list[object]:
        """Take the face-up card or pay a match onto it (for `seat`, if given, which must be on turn)."""
        cp = self.current_player
        if self.is_over or (seat is not None and (seat != cp or type(seat) is not int)):
            raise self._refused(action, seat)
        if action == PASS:
            matches = self.matches
            left = matches[cp]
            if not left:
                raise self._refused(action, seat)
            matches[cp] = left - 1
            pot = self.pot + 1
            self.pot = pot
            nxt = cp + 1
            self.current_player = 0 if nxt == self.players else nxt
            try:
                paid = _PAID[cp][pot]
            except IndexError:
                paid = None
            return [paid or _paid(cp, pot)]
        if action != TAKE:
            raise self._refused(action, seat)
        card = self.card
        assert card is not None  # (a card is up until the game is over, and then TAKE was refused above)
        pot = self.pot
        self.cards[cp].append(card)
        if pot:
            self.matches[cp] += pot
            self.pot = 0
        try:
            row = _TAKEN[cp][card]
            taken = (None if row is None else row[pot]) or _taken(cp, card, pot)  # (None: its row not made yet)
        except IndexError:  # beyond the table
            taken = _taken(cp, card, pot)
        self.take_log.append(taken)
        stack = self._stack
        if stack:
            card = self.card = stack.pop()
            if not self._same_player:
                cp += 1
                self.current_player = 0 if cp == self.players else cp
            left = len(stack)
            try:
                turned = _TURNED[card][left]
            except IndexError:
                turned = None
            return [taken, turned or _turned(card, left)]
        self.card = None
        self.is_over = True
        scores = self.scores()
        return [taken, GameOver(tuple(scores), tuple(self._winners(scores)), self.aside)]

    def scores(self) -> list[int]:
        return [score(c, m) for c, m in zip(self.cards, self.matches)]

    def winners(self) -> list[int]:
        """Highest score; among those tied, most matches left; still tied, all of them share the win."""
        return self._winners(self.scores())

    def _winners(self, scores: list[int]) -> list[int]:
        keys = list(zip(scores, self.matches))
        best = max(keys)
        return [seat for seat, k in enumerate(keys) if k == best]

    def clone(self) -> State:
        st = State.__new__(State)
        st.rules = self.rules
        st.players = self.players
        st.current_player = self.current_player
        st.card = self.card
        st.pot = self.pot
        st.matches = self.matches[:]
        st.cards = [c[:] for c in self.cards]
        st.is_over = self.is_over
        st.aside = self.aside
        st.take_log = self.take_log[:]
        st._stack = self._stack[:]
        st._same_player = self._same_player
        st._start_matches = self._start_matches
        return st

    def digest(self) -> str:
        """16 hex digits over the whole state (rules, stack order, set-aside cards, every take): equal
        in every process for equal states; any difference changes it."""
        log = [(e.seat, e.card, e.matches) for e in self.take_log]
        return digest_of(repr((
            "nothanks", self.rules, self.players, self.current_player, self.card, self.pot, self.matches,
            self.cards, self.is_over, self.aside, self._stack, log, self._start_matches,
        )))

    def observation(self, seat: int) -> Observation:
        """What `seat` may see: never the stack order or which unseen cards are set aside."""
        self._check_seat(seat)
        seen = {c for hand in self.cards for c in hand}
        if self.card is not None:
            seen.add(self.card)
        if self.rules.hidden_matches:
            matches = tuple(m if s == seat else None for s, m in enumerate(self.matches))
        else:
            matches = tuple(self.matches)
        on_turn = not self.is_over and seat == self.current_player
        return Observation(
            rules=self.rules,
            seat=seat,
            players=self.players,
            current_player=self.current_player,
            legal_actions=tuple(self.legal_actions()) if on_turn else (),
            card=self.card,
            pot=self.pot,
            my_matches=self.matches[seat],
            matches=matches,
            cards=tuple(tuple(sorted(hand)) for hand in self.cards),
            cards_left=self.cards_left,
            unseen=tuple(v for v in self.rules.deck_values() if v not in seen),
            start_matches=self._start_matches,
            is_over=self.is_over,
        )
