"""No Thanks! rules engine: both editions, every lobby option; pure, deterministic, fast for search bots."""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.cards import RANKS, SUIT_SYMBOLS
from game.commands import PASS, TAKE
from game.engines import IllegalAction
from game.i18n import t

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
    "RuleOption",
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
    "tie_break_note",
    "value_explanation",
]

EDITIONS = ("cards", "numbered")
AFTER_TAKE = ("next_player", "same_player")
# Orders offered in the lobby: the seed's (bridge) order, its reverse, and colours alternating.
SUIT_ORDERS = (("C", "D", "H", "S"), ("S", "H", "D", "C"), ("C", "H", "S", "D"))
NUMBERED_LOW, NUMBERED_HIGH, NUMBERED_ASIDE = 3, 35, 9
MIN_RANKS, MAX_RANKS = 5, 13
PLAYERS = {"cards": (2, 8), "numbered": (3, 7)}


def _standard_matches(players: int) -> int:
    """The published table: 11 each for up to 5 players, 9 for 6, 7 for 7; 55 chips shared beyond."""
    if players <= 5:
        return 11
    return {6: 9, 7: 7}.get(players, 55 // players)


@dataclass(frozen=True, slots=True)
class Rules:
    """One table's rules. `set_aside=None` means the edition's own count (a third of a deck of cards,
    9 in the numbered edition); `matches=None` means the published 11/9/7 by player count."""

    edition: str = "cards"
    ranks_per_suit: int = 9
    suit_order: tuple[str, ...] = ("C", "D", "H", "S")
    set_aside: int | None = None
    matches: int | None = 11
    after_take: str = "next_player"
    hidden_matches: bool = False

    def __post_init__(self) -> None:
        if self.edition not in EDITIONS:
            raise ValueError(f"edition must be one of {EDITIONS}, not {self.edition!r}")
        if not MIN_RANKS <= self.ranks_per_suit <= MAX_RANKS:
            raise ValueError(f"ranks_per_suit must be {MIN_RANKS}..{MAX_RANKS}, not {self.ranks_per_suit}")
        order = tuple(self.suit_order)
        if sorted(order) != sorted("CDHS"):
            raise ValueError(f"suit_order must order the four suits C, D, H, S once each, not {order!r}")
        object.__setattr__(self, "suit_order", order)
        if self.after_take not in AFTER_TAKE:
            raise ValueError(f"after_take must be one of {AFTER_TAKE}, not {self.after_take!r}")
        size = self.deck_size
        if self.set_aside is None:
            aside = NUMBERED_ASIDE if self.edition == "numbered" else round(size / 3)
            object.__setattr__(self, "set_aside", aside)
        if not 0 <= self.set_aside < size:
            raise ValueError(f"set_aside must leave one of the {size} cards in play, not {self.set_aside}")
        if self.matches is not None and self.matches < 0:
            raise ValueError(f"matches must not be negative, not {self.matches}")

    @classmethod
    def numbered(cls, **changes: object) -> Rules:
        """The published 3–35 edition: 9 set aside, 11/9/7 matches, the taker decides again."""
        base = {
            "edition": "numbered", "set_aside": NUMBERED_ASIDE, "matches": None, "after_take": "same_player",
        }
        base.update(changes)
        return cls(**base)

    @classmethod
    def from_options(cls, values: dict[str, object], players: int | None = None) -> Rules:
        """Rules from the lobby's chosen option values; anything not chosen takes the edition's default
        (for `players`, if given: a bigger deck for bigger tables)."""
        base = cls.numbered() if values.get("edition", "cards") == "numbered" else cls()
        defaults = {o.name: o.default for o in rule_options(base, players)}
        defaults.update(values)
        return cls(**defaults)

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
        return _standard_matches(players) if self.matches is None else self.matches

    def summary(self) -> str:
        """One line for the lobby and the results screen."""
        if self.edition == "numbered":
            parts = [t("Numbers {low}–{high}", low=NUMBERED_LOW, high=NUMBERED_HIGH)]
        else:
            order = " < ".join(SUIT_SYMBOLS[s] for s in self.suit_order)
            parts = [t("Cards 1–{k} in {order}", k=self.ranks_per_suit, order=order)]
        parts.append(t("{n} set aside", n=self.set_aside))
        if self.matches is None:
            parts.append(t("11/9/7 matches by players"))
        else:
            parts.append(t("1 match each") if self.matches == 1 else t("{n} matches each", n=self.matches))
        if self.after_take == "same_player":
            parts.append(t("the taker decides again"))
        else:
            parts.append(t("after a take the turn passes"))
        if self.hidden_matches:
            parts.append(t("hidden matches"))
        return " · ".join(parts)


@dataclass(frozen=True, slots=True)
class RuleOption:
    """One lobby setting: `choices` are (value, label) pairs; `Rules(**{name: value})` applies it."""

    name: str
    label: str
    choices: tuple[tuple[object, str], ...]
    default: object


def proposed_ranks_per_suit(players: int) -> int:
    """The lobby's deck size K for a table: the seed's 9 up to 5 players, then about 5 cards in play each."""
    if players <= 5:
        return 9

    def in_play(k: int) -> int:
        return 4 * k - round(4 * k / 3)

    return min(range(9, MAX_RANKS + 1), key=lambda k: (abs(in_play(k) - 5 * players), -k))


def tie_break_note() -> str:
    """Our tie-break (the published rules name none); the lobby states it."""
    return t("Ties: the tied player with more matches left wins; if still tied, they share the win.")


def rule_options(rules: Rules | None = None, players: int | None = None) -> list[RuleOption]:
    """The lobby's settings for `rules`' edition, defaults as that edition (and table size) proposes.

    The set-aside choices depend on the deck size, so the lobby asks again after a setting changes.
    """
    rules = Rules() if rules is None else rules
    numbered = rules.edition == "numbered"
    options = [
        RuleOption("edition", t("Edition"), (
            ("cards", t("Playing cards (1–K in four suits)")),
            ("numbered", t("Numbered cards 3–35")),
        ), "numbered" if numbered else "cards"),
    ]
    if not numbered:
        k_default = proposed_ranks_per_suit(players) if players else 9
        options.append(RuleOption("ranks_per_suit", t("Cards per suit (K)"), tuple(
            (k, t("1–{k} ({n} cards)", k=k, n=4 * k)) for k in range(MIN_RANKS, MAX_RANKS + 1)
        ), k_default))
        options.append(RuleOption("suit_order", t("Suit order"), tuple(
            (order, " < ".join(SUIT_SYMBOLS[s] for s in order)) for order in SUIT_ORDERS
        ), SUIT_ORDERS[0]))
    third = NUMBERED_ASIDE if numbered else round(4 * rules.ranks_per_suit / 3)
    options.append(RuleOption("set_aside", t("Cards set aside unseen"), (
        (None, t("Standard ({n})", n=third)),
        *((n, str(n)) for n in (0, 3, 6, 9, 12, 15) if n < rules.deck_size // 2 and n != third),
    ), None))
    options.append(RuleOption("matches", t("Matches each"), (
        (None, t("Standard: 11, or 9 for 6 players, 7 for 7")),
        *((n, str(n)) for n in (5, 7, 9, 11, 13, 15)),
    ), None if numbered else 11))
    options.append(RuleOption("after_take", t("After taking a card"), (
        ("next_player", t("the turn passes to the next player")),
        ("same_player", t("the taker decides on the next card")),
    ), "same_player" if numbered else "next_player"))
    options.append(RuleOption("hidden_matches", t("Match counts"), (
        (False, t("everyone's matches are public")),
        (True, t("hidden: you see only your own")),
    ), False))
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


def _check_players(rules: Rules, players: int) -> None:
    low, high = rules.player_range()
    if not low <= players <= high:
        raise ValueError(f"the {rules.edition} edition is for {low} to {high} players, not {players}")


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
    _check_players(rules, players)
    if not 0 <= first_player < players:
        raise ValueError(f"first_player must be a seat 0..{players - 1}, not {first_player}")
    values = rules.deck_values()
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
    st = State.__new__(State)
    st.rules = rules
    st.players = players
    st.current_player = first_player
    st.card = stack.pop()
    st.pot = 0
    start = rules.matches_for(players)
    st.matches = [start] * players
    st.cards = [[] for _ in range(players)]
    st.is_over = False
    st.aside = tuple(sorted(aside))
    st.take_log = []
    st._stack = stack
    st._same_player = rules.after_take == "same_player"
    st._start_matches = start
    return st


class State:
    """A game in progress. Read the public attributes; change it only through apply().

    `cards[seat]` lists the cards a seat took in the order taken; `take_log` lists every CardTaken;
    `aside` is the set-aside cards (hidden until the end: bots never see the State, only observation()).
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

    @property
    def cards_left(self) -> int:
        """Face-down cards still in the stack (the face-up card is not counted)."""
        return len(self._stack)

    @property
    def start_matches(self) -> int:
        return self._start_matches

    def legal_actions(self) -> list[str]:
        if self.is_over:
            return []
        if self.matches[self.current_player]:
            return [TAKE, PASS]
        return [TAKE]

    def apply(self, action: str, seat: int | None = None) -> list[object]:
        """Take the face-up card or pay a match onto it (for `seat`, if given, which must be on turn)."""
        if self.is_over:
            raise IllegalAction("the game is over: the last card has been taken")
        cp = self.current_player
        if seat is not None and seat != cp:
            raise IllegalAction(f"it is seat {cp}'s turn, not seat {seat}'s")
        if action == PASS:
            matches = self.matches
            if not matches[cp]:
                raise IllegalAction(f"seat {cp} has no matches left and must take the card")
            matches[cp] -= 1
            pot = self.pot + 1
            self.pot = pot
            nxt = cp + 1
            self.current_player = 0 if nxt == self.players else nxt
            return [MatchPaid(cp, pot)]
        if action != TAKE:
            raise IllegalAction(f"{action!r} is not a No Thanks action: use TAKE or PASS")
        card = self.card
        pot = self.pot
        self.cards[cp].append(card)
        self.matches[cp] += pot
        self.pot = 0
        taken = CardTaken(cp, card, pot)
        self.take_log.append(taken)
        stack = self._stack
        if stack:
            self.card = stack.pop()
            if not self._same_player:
                cp += 1
                self.current_player = 0 if cp == self.players else cp
            return [taken, CardTurned(self.card, len(stack))]
        self.card = None
        self.is_over = True
        return [taken, GameOver(tuple(self.scores()), tuple(self.winners()), self.aside)]

    def scores(self) -> list[int]:
        return [score(c, m) for c, m in zip(self.cards, self.matches)]

    def winners(self) -> list[int]:
        """Highest score; among those tied, most matches left; still tied, all of them share the win."""
        keys = [(s, m) for s, m in zip(self.scores(), self.matches)]
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

    def observation(self, seat: int) -> Observation:
        """What `seat` may see: never the stack order or which unseen cards are set aside."""
        if not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0..{self.players - 1}, not {seat}")
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
