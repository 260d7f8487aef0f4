"""No Thanks' view-model: engine and match events as typed effects (a match paid onto the card, the card
and its matches flying to the taker, the next card turned, the winners' banner, a note for an ignored
press) and the words the table says. Pure: no drawing, no layout."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.games.nothanks import engine as nt
from game.games.nothanks.match import NO_MATCHES, NOT_YOUR_TURN, ignored_why
from game.i18n import t
from game.match.common import Ignored
from game.render import colors
from game.render.effects import Banner, Face, Flip, Flyer, Note
from game.render.tween import Tween
from game.render.view_model import MS, Handler, ViewModel


@dataclass(frozen=True, slots=True)
class Token:
    """A flyer's art: one match (or chip)."""


@dataclass(frozen=True, slots=True)
class Tokens:
    """A flyer's art: a handful of matches (the flyer's `count`)."""


def card_key(rules: nt.Rules, value: int, mini: bool = False) -> tuple:
    """The card art's key for `value` (its suit and rank in the cards edition, the number alone in the
    numbered one); `mini` for the small cards in a seat's runs."""
    code = nt.card_code(rules, value)
    if code is None:
        return ("nt", value, None, "", mini)
    return ("nt", value, code[1], nt.card_label(rules, value)[1:], mini)


class NothanksModel(ViewModel):
    """The effects of one No Thanks table."""

    def __init__(self, rules: nt.Rules, names: list[str], *, reduced_motion: bool = False) -> None:
        super().__init__(names, reduced_motion=reduced_motion)
        self.rules = rules

    # -- events -----------------------------------------------------------------------------------------
    def _match_paid(self, e: nt.MatchPaid, t_ns: int, state: nt.State) -> list[str]:
        self.fly(
            Flyer(Tween(t_ns, self.dur(260)), ("matches", e.seat), ("pot",), Token(), ("pot",), (0.5, 1.0))
        )
        return ["match"]

    def _card_taken(self, e: nt.CardTaken, t_ns: int, state: nt.State) -> list[str]:
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
        names = ", ".join(self.names[s] for s in e.winners)
        text = (
            t("{names} wins!", names=names)
            if len(e.winners) == 1
            else t("{names} share the win!", names=names)
        )
        self.anim.add(Banner(Tween(t_ns + self.dur(300), 2500 * MS), text, scale=0.08))
        return ["game_over"]

    def _ignored(self, e: Ignored, t_ns: int, state: nt.State) -> list[str]:
        if e.seat is not None and 0 <= e.seat < self.n:
            note = self.ignored_note(e)
            if note is not None:
                self.anim.add(Note(Tween(t_ns, 900 * MS), e.seat, *note))
        return []

    handlers: ClassVar[dict[type, Handler]] = {
        nt.MatchPaid: _match_paid,
        nt.CardTaken: _card_taken,
        nt.CardTurned: _card_turned,
        nt.GameOver: _game_over,
        Ignored: _ignored,
    }

    @staticmethod
    def ignored_note(event: Ignored) -> tuple[str, colors.Color] | None:
        """What the seat is told about a press the match ignored, and in which colour (None: nothing,
        e.g. a press after the last card, while the winner's banner shows)."""
        why = ignored_why(event)
        if why == NO_MATCHES:  # their own turn: say why the pass did nothing, brightly
            return t("No matches left: you must take"), colors.TEXT
        if why == NOT_YOUR_TURN:
            return t("Not your turn"), colors.TEXT_DIM
        return None

    # -- what the table says ------------------------------------------------------------------------------
    def shown_matches(self, state: nt.State, seat: int) -> int | None:
        """A seat's match count as the table shows it (None when hidden from the others)."""
        if self.rules.hidden_matches and not (seat == state.current_player and not state.is_over):
            return None
        return state.matches[seat]

    def prompt_text(self, state: nt.State) -> str:
        """Above the card: whose turn, and (for a human) which key takes and which pays."""
        seat = state.current_player
        name = self.names[seat]
        keys = self.keys_of(seat)
        # No matches: the only move is to take. Under hidden matches this gives nothing away: the table
        # shows the count of the seat whose turn it is (and only theirs) anyway.
        if not state.matches[seat]:
            if keys is None:
                return t("{name}: no matches left \u2014 must take it", name=name)
            return t("{name}: no matches left \u2014 take it ({key})", name=name, key=keys.first)
        if keys is None:
            return t("{name}: take it or pay a match?", name=name)
        return t(
            "{name}: take it ({take}) or pay a match ({pay})?", name=name, take=keys.first, pay=keys.second
        )
