"""Snap's rules (a game defined only under tests/, to prove the shell's seam): pure, deterministic.

One shared face-down deck. In turn, the seat on turn turns the deck's top card onto a shared face-up pile.
Anyone may claim the pile at any moment: when its top two cards have the same rank the claimer takes the
whole pile; otherwise the claim is wrong and puts `penalty` of the claimer's won cards under the pile.
The game ends when the deck's last card is turned; the most cards won wins (ties share the win).

The engine protocol (game.engines): legal_actions, action_space, apply/refusal with IllegalAction codes,
observation, clone, is_over, digest.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, fields

from game.cards import RANKS, SUITS
from game.core.engine_protocol import IllegalAction, digest_of
from game.core.options import OptionSpec, whole

RANK_CHOICES = (13, 9, 6)  # ranks per suit in the deck (a smaller deck: a shorter game)
PENALTY_CHOICES = (1, 2, 0)  # cards a wrong claim puts under the pile
PLAYERS = (2, 6)


@dataclass(frozen=True, slots=True)
class Rules:
    ranks: int = 13
    penalty: int = 1

    def __post_init__(self) -> None:
        whole("ranks", self.ranks)
        whole("penalty", self.penalty)
        if self.ranks not in RANK_CHOICES:
            raise ValueError(f"ranks must be one of {RANK_CHOICES}, not {self.ranks}")
        if self.penalty not in PENALTY_CHOICES:
            raise ValueError(f"penalty must be one of {PENALTY_CHOICES}, not {self.penalty}")

    @classmethod
    def from_options(cls, values: Mapping[str, object]) -> Rules:
        """Rules from option values of any kind (a preset's, `sim --rule`'s): each one's kind is checked as it is
        handed on (`whole`), its choices by the rules themselves; options not given keep their defaults."""
        unknown = set(values) - {f.name for f in fields(cls)}
        if unknown:
            raise ValueError(f"unknown rule option(s) {sorted(unknown)}")
        base = cls()
        return cls(ranks=whole("ranks", values.get("ranks", base.ranks)),
                   penalty=whole("penalty", values.get("penalty", base.penalty)))

    def option_values(self) -> dict[str, int]:
        return {"ranks": self.ranks, "penalty": self.penalty}

    def deck(self) -> list[str]:
        return [r + s for s in SUITS for r in RANKS[: self.ranks]]


OPTIONS = (OptionSpec("ranks", RANK_CHOICES, 13), OptionSpec("penalty", PENALTY_CHOICES, 1))


# ---- actions and events ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Play:
    seat: int


@dataclass(frozen=True, slots=True)
class Claim:
    seat: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: str
    deck_left: int


@dataclass(frozen=True, slots=True)
class PileClaimed:
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class WrongClaim:
    seat: int
    given: tuple[str, ...]  # the claimer's cards put under the pile


@dataclass(frozen=True, slots=True)
class GameOver:
    winners: tuple[int, ...]
    counts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Observation:
    seat: int
    players: int
    current_player: int
    top: tuple[str, ...]  # the pile's top two cards (fewer on a short pile), the top last
    pile: int
    deck_left: int
    won: tuple[int, ...]
    is_over: bool

    @property
    def pair(self) -> bool:
        return len(self.top) == 2 and self.top[0][0] == self.top[1][0]


def new_game(rules: Rules, players: int = 2, seed: int = 0, first_player: int = 0,
             deck: list[str] | None = None) -> State:
    """Shuffle with random.Random(seed) (or take `deck`, top first) and give the first turn."""
    if isinstance(players, bool) or not isinstance(players, int) or not PLAYERS[0] <= players <= PLAYERS[1]:
        raise ValueError(f"Snap is for {PLAYERS[0]} to {PLAYERS[1]} players, not {players}")
    if not 0 <= first_player < players:
        raise ValueError(f"first_player must be a seat 0..{players - 1}, not {first_player}")
    if deck is None:
        cards = rules.deck()
        random.Random(seed).shuffle(cards)
    else:
        cards = list(deck)
        if not cards or len(set(cards)) != len(cards) or not set(cards) <= set(rules.deck()):
            raise ValueError("a given deck holds cards of this deck, each once, at least one")
    st = State.__new__(State)
    st.rules, st.players, st.current_player = rules, players, first_player
    st.deck = cards[::-1]  # top last: a play is a pop()
    st.pile, st.won, st.wrong = [], [[] for _ in range(players)], [0] * players
    st.is_over = False
    return st


class State:
    __slots__ = ("current_player", "deck", "is_over", "pile", "players", "rules", "won", "wrong")

    rules: Rules
    players: int
    current_player: int
    deck: list[str]
    pile: list[str]
    won: list[list[str]]
    wrong: list[int]
    is_over: bool

    @property
    def pair(self) -> bool:
        return len(self.pile) >= 2 and self.pile[-1][0] == self.pile[-2][0]

    def counts(self) -> list[int]:
        return [len(w) for w in self.won]

    def winners(self) -> list[int]:
        counts = self.counts()
        best = max(counts)
        return [s for s, c in enumerate(counts) if c == best]

    def action_space(self) -> list[object]:
        return [a for s in range(self.players) for a in (Play(s), Claim(s))]

    def _check_seat(self, seat: object) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(f"there is no seat {seat!r} at a table of {self.players}", "bad_seat")

    def legal_actions(self, seat: int | None = None) -> list[object]:
        """Play for the seat on turn, Claim for every seat (right or wrong: a wrong claim costs); none once over."""
        if seat is not None:
            self._check_seat(seat)
        if self.is_over:
            return []
        cp = self.current_player
        if seat is not None:
            return [Play(seat), Claim(seat)] if seat == cp else [Claim(seat)]
        return [a for s in range(self.players) for a in ((Play(s), Claim(s)) if s == cp else (Claim(s),))]

    def refusal(self, action: object) -> IllegalAction | None:
        if not isinstance(action, (Play, Claim)):
            return IllegalAction(f"{action!r} is not a Snap action: use Play(seat) or Claim(seat)", "bad_action")
        seat = action.seat
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            return IllegalAction(f"there is no seat {seat!r} at a table of {self.players}", "bad_seat")
        if self.is_over:
            return IllegalAction("the game is over: the deck is out", "game_over")
        if isinstance(action, Play) and seat != self.current_player:
            return IllegalAction(f"it is seat {self.current_player}'s turn, not seat {seat}'s", "not_your_turn")
        return None

    def apply(self, action: object) -> list[object]:
        refused = self.refusal(action)
        if refused is not None:
            raise refused
        if isinstance(action, Claim):
            seat = action.seat
            if self.pair:
                cards = tuple(self.pile)
                self.won[seat].extend(cards)
                self.pile = []
                return [PileClaimed(seat, cards)]
            self.wrong[seat] += 1
            mine = self.won[seat]
            given = tuple(mine[len(mine) - min(len(mine), self.rules.penalty):])
            del mine[len(mine) - len(given):]
            self.pile[:0] = given
            return [WrongClaim(seat, given)]
        seat = self.current_player
        card = self.deck.pop()
        self.pile.append(card)
        events: list[object] = [CardPlayed(seat, card, len(self.deck))]
        if self.deck:
            self.current_player = (seat + 1) % self.players
        else:
            self.is_over = True
            events.append(GameOver(tuple(self.winners()), tuple(self.counts())))
        return events

    def observation(self, seat: int) -> Observation:
        self._check_seat(seat)
        return Observation(seat, self.players, self.current_player, tuple(self.pile[-2:]), len(self.pile),
                           len(self.deck), tuple(self.counts()), self.is_over)

    def clone(self) -> State:
        st = State.__new__(State)
        st.rules, st.players, st.current_player, st.is_over = self.rules, self.players, self.current_player, self.is_over
        st.deck, st.pile, st.wrong = self.deck[:], self.pile[:], self.wrong[:]
        st.won = [w[:] for w in self.won]
        return st

    def digest(self) -> str:
        return digest_of(repr(("snap", self.rules.ranks, self.rules.penalty, self.players, self.current_player,
                                self.deck, self.pile, self.won, self.wrong, self.is_over)))
