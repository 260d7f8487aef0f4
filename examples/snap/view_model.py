"""Snap's view-model: its events as typed effects, and what its table says. Pure: no pygame, no drawing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from game.core.contract import LayoutHints
from game.match.common import Ignored
from game.render import colors
from game.render.effects import Back, Flip, Flyer, Note, Shake
from game.render.tween import Tween
from game.render.view_model import MS, Handler, ViewModel, pressed, who

from . import engine as sn
from .match import NOT_YOUR_TURN
from .text import w


@dataclass(frozen=True)
class SnapLayout(LayoutHints):
    pile_tall: float = 1.9  # the pile area: a row of cards, then the words under them


LAYOUT = SnapLayout(pile_cards=3.0, panel_wide=1.45)


def card_key(code: str) -> tuple[Literal["card"], str, bool]:
    return ("card", code, False)


class SnapModel(ViewModel):
    """The effects of one Snap table, and what it says."""

    def __init__(self, rules: sn.Rules, names: list[str], *, reduced_motion: bool = False) -> None:
        super().__init__(names, reduced_motion=reduced_motion)
        self.rules = rules

    def _played(self, e: sn.CardPlayed, t_ns: int, state: Any) -> list[str]:
        self.fly(Flyer(Tween(t_ns, self.dur(220)), ("deck",), ("pile",), Flip(card_key(e.card)), hides=("pile",)))
        return ["flip"]

    def _claimed(self, e: sn.PileClaimed, t_ns: int, state: Any) -> list[str]:
        self.anim.add(Note(Tween(t_ns, 1200 * MS), e.seat, w("Snap! +{n}", n=len(e.cards)), colors.GOLD))
        self.fly(Flyer(Tween(t_ns, self.dur(320)), ("pile",), ("seat", e.seat), Back()))
        return ["pile_won"]

    def _wrong(self, e: sn.WrongClaim, t_ns: int, state: Any) -> list[str]:
        self.anim.add(Note(Tween(t_ns, 1200 * MS), e.seat, w("Wrong snap"), colors.TEXT))
        self.anim.add(Shake(Tween(t_ns, self.dur(300)), e.seat))
        return ["wrong"]

    def _over(self, e: sn.GameOver, t_ns: int, state: Any) -> list[str]:
        return ["game_over"]

    def _ignored(self, e: Ignored, t_ns: int, state: Any) -> list[str]:
        if e.seat is not None and 0 <= e.seat < self.n and e.reason.startswith(NOT_YOUR_TURN):
            self.anim.add(Note(Tween(t_ns, 900 * MS), e.seat, w("Not your turn"), colors.TEXT_DIM))
        return []

    handlers: ClassVar[dict[type, Handler]] = {
        sn.CardPlayed: _played, sn.PileClaimed: _claimed, sn.WrongClaim: _wrong, sn.GameOver: _over,
        Ignored: _ignored,
    }

    def prompt(self, state: sn.State) -> str:
        if state.is_over:
            return ""
        if state.pair:
            return w("A pair! Snap!")
        seat = state.current_player
        keys = self.keys_of(seat)
        name = who(self.names[seat], keys)
        return w("{name}: play ({key})", name=name, key=pressed(keys)) if keys else w("{name} plays", name=name)
