"""No Thanks' view-model: engine and match events as typed effects (a match paid onto the card, the card
and its matches flying to the taker, the next card turned, the winners' banner, a note for an ignored
press), the move log (the last takes and passes) and the words the table says. Pure: no drawing, no
layout.

The engine's matches are chips in the numbered edition: one word (game.games.nothanks.text.chips) and one
picture (game.games.nothanks.geometry.token_kind) throughout each edition. In the playing-card edition rank 1
is the ace, an A, and ranks 11-13 are J, Q, K."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from typing import ClassVar, Literal

from game.games.nothanks import engine as nt
from game.games.nothanks.match import NO_MATCHES, NOT_YOUR_TURN, ignored_why
from game.games.nothanks.text import card_name, chips
from game.i18n import N_, t, tn
from game.match.common import Ignored
from game.render import colors
from game.render.effects import Banner, Face, Flip, Flyer, Note, note_tween
from game.render.tween import Tween
from game.render.view_model import MS, Handler, ViewModel, who


@dataclass(frozen=True, slots=True)
class Token:
    """A flyer's art: one match (or chip)."""


@dataclass(frozen=True, slots=True)
class Tokens:
    """A flyer's art: a handful of matches (the flyer's `count`)."""


MOVES_KEPT = 8  # the move log keeps this many of the last takes and passes

# The notes a seat is told as they are (no name in them): every notes lane must hold each of their words at
# the smallest note size, so a lane too narrow for them is never offered (a 9 px sliver beside a mat cut
# "Ikke din tur" with "…" at five seats, 1280x720, 125 %).
NOT_YOUR_TURN_NOTE = N_("Not your turn")
NO_MATCHES_LEFT = N_("No matches left: you must take")
NO_CHIPS_LEFT = N_("No chips left: you must take")
SHORT_NOTES = (NOT_YOUR_TURN_NOTE, NO_MATCHES_LEFT, NO_CHIPS_LEFT)


@dataclass(frozen=True, slots=True)
class Move:
    """One line of the move log: `seat` took `card` with `count` matches on it ("take"), or paid a match
    onto it ("pass"; `count` is then the matches on the card after paying). A pass's `card` is None
    until that card is taken: it is the face-up card."""

    kind: str
    seat: int
    card: int | None
    count: int


def value_sum(rules: nt.Rules, value: int) -> str:
    """The teaching aid's sum, "♠A = 3 × 9 + 1 = 28", "♣Q = 0 × 12 + 12 = 12": how a card's value is made
    (the engine's, with the ace and the courts written as on the card)."""
    return card_name(rules, value) + nt.value_explanation(rules, value)[len(nt.card_label(rules, value)):]


CardKey = tuple[Literal["nt"], int, str | None, str, bool]  # the card art's key for a No Thanks card (card_key)


def card_key(rules: nt.Rules, value: int, mini: bool = False) -> CardKey:
    """The card art's key for `value`: its suit and rank label in the cards edition ("A" for an ace, written
    as on the card; a court by its rank, "12", which the art draws as the court's letter with the value
    beside it), the number alone in the numbered one; `mini` for the small cards in a seat's runs."""
    code = nt.card_code(rules, value)
    if code is None:
        return ("nt", value, None, "", mini)
    rank = nt.card_label(rules, value)[1:]
    return ("nt", value, code[1], card_name(rules, value)[1:] if rank == "1" else rank, mini)


class NothanksModel(ViewModel):
    """The effects of one No Thanks table."""

    def __init__(self, rules: nt.Rules, names: list[str], *, reduced_motion: bool = False) -> None:
        super().__init__(names, reduced_motion=reduced_motion)
        self.rules = rules
        self.moves: deque[Move] = deque(maxlen=MOVES_KEPT)  # the move log, oldest first

    # -- events -----------------------------------------------------------------------------------------
    def _match_paid(self, e: nt.MatchPaid, t_ns: int, state: nt.State) -> list[str]:
        self.moves.append(Move("pass", e.seat, None, e.pot))
        self.fly(
            Flyer(Tween(t_ns, self.dur(260)), ("matches", e.seat), ("pot",), Token(), ("pot",), (0.5, 1.0))
        )
        return ["match"]

    def _card_taken(self, e: nt.CardTaken, t_ns: int, state: nt.State) -> list[str]:
        # The passes since the last take were all onto this card.
        for i, m in enumerate(self.moves):
            if m.card is None:
                self.moves[i] = replace(m, card=e.card)
        self.moves.append(Move("take", e.seat, e.card, e.matches))
        held = tuple(state.cards[e.seat])
        self.fly(
            Flyer(
                Tween(t_ns, self.dur(360)),
                ("centre",),
                ("seat_card", e.seat, e.card, held),
                Face(card_key(self.rules, e.card)),
                hides=("seat_card", e.seat, e.card),
                scale=None,
            )
        )
        if e.matches:
            self.fly(
                Flyer(
                    Tween(t_ns, self.dur(360)),
                    ("pot",),
                    ("matches", e.seat),
                    Tokens(),
                    hides=("matches", e.seat),
                    count=e.matches,
                    scale=(1.0, 0.45),
                )
            )
        return ["take"]

    def _card_turned(self, e: nt.CardTurned, t_ns: int, state: nt.State) -> list[str]:
        self.fly(
            Flyer(
                Tween(t_ns + self.dur(140), self.dur(220)),
                ("deck",),
                ("centre",),
                Flip(card_key(self.rules, e.card)),
                hides=("centre",),
                scale=None,
            )
        )
        return ["flip"]

    def _game_over(self, e: nt.GameOver, t_ns: int, state: nt.State) -> list[str]:
        def said() -> str:  # (worded again after a change of language on the pause menu: ViewModel.reword)
            names = ", ".join(self.names[s] for s in e.winners)
            return t("{names} wins!", names=names) if len(e.winners) == 1 else t("{names} share the win!", names=names)

        self.anim.add(Banner(Tween(t_ns + self.dur(300), 2500 * MS), said(), scale=0.08, words=said))
        return ["game_over"]

    def _ignored(self, e: Ignored, t_ns: int, state: nt.State) -> list[str]:
        if e.seat is not None and 0 <= e.seat < self.n:
            note = self.ignored_note(e)
            if note is not None:  # (worded again after a change of language on the pause menu, as at Ratscrew)
                self.anim.add(Note(note_tween(t_ns, 900), e.seat, *note, short=self.ignored_short(e),
                                   words=lambda: (self.ignored_note(e) or note)[0],
                                   short_words=lambda: self.ignored_short(e)))
        return []

    handlers: ClassVar[dict[type, Handler]] = {
        nt.MatchPaid: _match_paid,
        nt.CardTaken: _card_taken,
        nt.CardTurned: _card_turned,
        nt.GameOver: _game_over,
        Ignored: _ignored,
    }

    def ignored_note(self, event: Ignored) -> tuple[str, colors.Color] | None:
        """What the seat is told about a press the match ignored, and in which colour (None: nothing,
        e.g. a press after the last card, while the winner's banner shows)."""
        why = ignored_why(event)
        if why == NO_MATCHES:  # their own turn: say why the pass did nothing, brightly
            return t(NO_CHIPS_LEFT if chips(self.rules) else NO_MATCHES_LEFT), colors.TEXT
        if why == NOT_YOUR_TURN:
            return t(NOT_YOUR_TURN_NOTE), colors.TEXT_DIM
        return None

    def ignored_short(self, event: Ignored) -> str:
        """What that note says where its lane is too small for it: after a pass with nothing left to pay, the key
        that takes ("Take it: A": at five seats and more the whole of "No matches left: you must take" fitted
        only far under the couch's smallest words); "" where the note is short already."""
        keys = None if event.seat is None else self.keys_of(event.seat)
        if keys is None or ignored_why(event) != NO_MATCHES:
            return ""
        return t("Take it: {key}", key=keys.first)

    # -- what the table says ------------------------------------------------------------------------------
    def shown_matches(self, state: nt.State, seat: int) -> int | None:
        """A seat's match count as the table shows it (None when hidden from the others)."""
        if self.rules.hidden_matches and not (seat == state.current_player and not state.is_over):
            return None
        return state.matches[seat]

    def prompt_short(self, state: nt.State) -> str:
        """`prompt_text` as said at its seat's mat where its lane is too narrow for it (the mat names the seat);
        a bot's turn has none."""
        seat = state.current_player
        keys = self.keys_of(seat)
        if keys is None:
            return ""
        if not state.matches[seat]:
            return t("Take it: {key}", key=keys.first)
        return t("Take {take} \u00b7 pass {pay}", take=keys.first, pay=keys.second)

    def prompt_tiny(self, state: nt.State) -> str:
        """`prompt_short` where even that does not fit its seat's lane (a mat in the middle of a row, its lane over
        its own cards): the lit mat names the seat and its keys line says which keys, so "Your turn!" is enough."""
        return t("Thinking\u2026") if self.keys_of(state.current_player) is None else t("Your turn!")

    def prompt_text(self, state: nt.State) -> str:
        """Above the card: whose turn, and (for a human) which key takes and which pays; a bot's turn: that it is
        thinking."""
        seat = state.current_player
        keys = self.keys_of(seat)
        name = who(self.names[seat], keys)  # "Ada (Pad 1)" for a pad: the room sees which device plays it
        # No matches: the only move is to take. Under hidden matches this gives nothing away: the table
        # shows the count of the seat whose turn it is (and only theirs) anyway.
        if chips(self.rules):
            if not state.matches[seat]:
                if keys is None:
                    return t("{name}: no chips left \u2014 must take it", name=name)
                return t("{name}: no chips left \u2014 take it ({key})", name=name, key=keys.first)
            if seat in self.bots:  # a bot is asked nothing: the room reads that it is deciding
                return t("{name} is thinking\u2026", name=name)
            if keys is None:
                return t("{name}: take it or pay a chip?", name=name)
            return t(
                "{name}: take it ({take}) or pay a chip ({pay})?", name=name, take=keys.first, pay=keys.second
            )
        if not state.matches[seat]:
            if keys is None:
                return t("{name}: no matches left \u2014 must take it", name=name)
            return t("{name}: no matches left \u2014 take it ({key})", name=name, key=keys.first)
        if seat in self.bots:
            return t("{name} is thinking\u2026", name=name)
        if keys is None:
            return t("{name}: take it or pay a match?", name=name)
        return t(
            "{name}: take it ({take}) or pay a match ({pay})?", name=name, take=keys.first, pay=keys.second
        )

    def move_lines(self, state: nt.State, count: int = MOVES_KEPT) -> list[tuple[int, str]]:
        """The move log's last `count` lines, oldest first: (seat, words), e.g. "Ada took ♥4 with 3
        matches", "Bo paid a match on ♥4" (a pass onto the card still face up names `state.card`)."""
        out = []
        for m in list(self.moves)[-count:] if count > 0 else []:
            name = self.names[m.seat] if 0 <= m.seat < self.n else "?"
            value = m.card if m.card is not None else state.card
            card = card_name(self.rules, value) if value is not None else "?"
            out.append((m.seat, self._move_words(m, name, card)))
        return out

    def _move_words(self, m: Move, name: str, card: str) -> str:
        if m.kind == "pass":
            if chips(self.rules):
                return t("{name} paid a chip on {card}", name=name, card=card)
            return t("{name} paid a match on {card}", name=name, card=card)
        if m.count == 0:
            return t("{name} took {card}", name=name, card=card)
        if chips(self.rules):
            return tn("{name} took {card} with {n} chip", "{name} took {card} with {n} chips", m.count,
                      name=name, card=card)
        return tn("{name} took {card} with {n} match", "{name} took {card} with {n} matches", m.count,
                  name=name, card=card)
