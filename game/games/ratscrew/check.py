"""A guest's reaction check for the lobby's Fair start (issue 21): about 20 seconds of cards on one pile,
"slap when you see a double", timed from the frame that showed each card (the slap school's session, doubles
only, at a steady pace). Its median reaction (presses under 100 ms are guesses and do not count:
`fair.check_median_ms`) goes back to the lobby through `done(median_ms | None)`; Back leaves with None."""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence

import pygame

from game.commands import BACK, BUTTONS, PAUSE, SLAP, Command
from game.games.ratscrew import engine as rs
from game.games.ratscrew import fair
from game.games.ratscrew.school.paint import card_width, draw_pile
from game.games.ratscrew.school.session import MS, RIGHT, Options, Session
from game.games.school.paint import Words
from game.i18n import t, tn
from game.render.card_art import CardArt
from game.render.seat_keys import seat_keys
from game.ui import widgets as ui
from game.ui.scene import Scene

CHECK_CARDS = 14  # at 1.5 s a card, about 20 seconds
# The doubles the check deals, spread over it (no more: about as many as the school's shares deal): fair.MIN_SLAPS
# timed slaps give a figure, so a player who misses or guesses two still gets theirs (dealt at the shares, 1 check
# in 7 held two doubles or fewer and asked a good player to press Fair start again).
CHECK_DOUBLES = 5
PACE = "medium"
PX = 24


def reactions(session: Session, seat: int = 0) -> list[float]:
    """The reaction times (ms) of the check's right slaps (and its guesses: `check_median_ms` drops those)."""
    return [float(card.answers[seat][1]) for card in session.cards
            if card.rule is not None and seat in card.answers and card.answers[seat][0] in (RIGHT, "early")]


def check_session(seed: int) -> Session:
    """The check's cards: doubles only, at a steady pace, CHECK_DOUBLES of them spread over it (deal.spread),
    each timed from the frame that showed it."""
    return Session(Options(drill=0, pace=PACE, cards=CHECK_CARDS), 1, seed, presenting=True,
                   sure_patterns=CHECK_DOUBLES)


class ReactionCheck(Scene):
    """`ReactionCheck(seat, name, done)`: table seat `seat` (its slap button) slaps doubles for ~20 s."""

    def __init__(self, seat: int, name: str, done: Callable[[float | None], None]) -> None:
        self.seat = seat
        self.name = name
        self.done = done
        self._drawn: dict[int, int] = {}
        self._showing: int | None = None
        self._finished = False

    def enter(self) -> None:
        self.art = CardArt(self.app.settings["four_colour_suits"])
        self.words = Words()
        self.session = check_session(self.app.next_seed())
        self.session.start(self.app.now_ns())

    def _flush(self) -> None:
        for index, shown in self._drawn.items():
            self.session.presented(index, shown)
        self._drawn.clear()

    def handle(self, cmd: Command) -> None:
        # A seated pad's B is its slap as well as Back (the router sends both): only Back from a device that
        # plays no seat (the keyboard's Backspace, an idle pad) or any Start / Esc skips, else a pad player's
        # first slap would end their own check.
        if cmd.action == PAUSE or (cmd.action == BACK and cmd.seat is None):
            self._finish(None)
        elif cmd.seat == self.seat and cmd.action in (SLAP, BUTTONS[1]):
            self._flush()
            self.session.slap(0, cmd.t_ns)

    def update(self, now_ns: int, dt_ns: int) -> None:
        self._flush()
        self.session.advance(now_ns)
        if self.session.over:
            self._finish(fair.check_median_ms(reactions(self.session)))

    def _finish(self, median: float | None) -> None:
        if self._finished:
            return
        self._finished = True
        self.app.pop()
        self.done(median)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = surface.get_size()
        w, h = size
        self.words.reset()
        surface.blit(ui.backdrop(size), (0, 0))
        now = self.app.now_ns()
        keys = seat_keys(self.app.input, self.seat)
        title = (t("{name}: slap ({slap}) when you see a double!", name=self.name, slap=keys.second) if keys is not None
                 else t("{name}: slap when you see a double!", name=self.name))
        self.words.text(surface, title, ui.px(size, 30), ui.GOLD, "midtop", (w // 2, ui.px(size, 20)), bold=True,
                        max_w=w - 2 * ui.px(size, 30))
        left = max(0, CHECK_CARDS - len(self.session.cards))
        self.words.text(surface, tn("A quick check for a fair start · {n} card to go",
                                                "A quick check for a fair start · {n} cards to go", left), ui.px(size, PX),
                        ui.TEXT_DIM, "midtop", (w // 2, ui.px(size, 70)))
        draw_pile(surface, self.art, self.session.pile, (w // 2, h // 2), card_width(size))
        # A pad's Start skips (its B is the seat's slap): named as printed on the connected pads.
        self.words.text(surface, t("Backspace / {b}: skip", b=self.app.input.button("start")), ui.px(size, 20), ui.TEXT_DIM, "midbottom",
                        (w // 2, h - ui.px(size, 10)))
        current = self.session.current
        if current is not None and current.shown_ns is None:
            self._drawn.setdefault(current.index, now)
            self._showing = current.index

    def presented(self) -> None:
        index, self._showing = self._showing, None
        if index is not None and index in self._drawn:
            self._drawn[index] = max(self._drawn[index], self.app.now_ns())


__all__ = ["CHECK_CARDS", "CHECK_DOUBLES", "MS", "ReactionCheck", "check_session", "reactions"]


def _ratscrew(rules: object) -> rs.Rules:
    """`rules`: the lobby's table rules (a Ratscrew table's are always rs.Rules)."""
    if not isinstance(rules, rs.Rules):
        raise TypeError(f"not Ratscrew rules: {rules!r}")
    return rules


class RatscrewFairStart:
    """The contract's FairStart (game.games.base) for Ratscrew: game.games.ratscrew.fair's figures and this
    module's reaction check."""

    def bot_median_ms(self, level: str | None) -> float | None:
        return fair.bot_median_ms(level)

    def player_median_ms(self, per_rule: Mapping[str, tuple[float, int]]) -> float | None:
        return fair.as_double_ms(per_rule)

    def head_starts(self, medians: Sequence[float | None], rules: object) -> list[int]:
        return fair.head_starts(medians, _ratscrew(rules))

    def head_start_steps(self, medians: Sequence[float | None], rules: object) -> Generator[None, None, list[int]]:
        return fair.head_start_steps(medians, _ratscrew(rules))

    def reaction_check(self, seat: int, name: str, done: Callable[[float | None], None]) -> ReactionCheck:
        return ReactionCheck(seat, name, done)
