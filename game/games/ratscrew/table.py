"""The Ratscrew table scene: a RatscrewMatch on the game clock, drawn by RatscrewView."""

from __future__ import annotations

import pygame

from game.games.ratscrew import clock
from game.games.ratscrew import engine as rs
from game.games.ratscrew.match import RatscrewMatch
from game.games.ratscrew.view import RatscrewView
from game.games.table_scene import TableScene
from game.render.text import TextCache


class RatscrewTable(TableScene[rs.Rules, RatscrewMatch]):
    """`RatscrewTable(config)`: play, slap, claim (play again), until one player holds every card."""

    rules_type = rs.Rules

    def make_match(self, start_ns: int) -> RatscrewMatch:
        c = self.config
        return RatscrewMatch(self.rules, c.seats, c.seed, start_ns, c.first_player)

    def make_view(self, names: list[str], controls: list[str], texts: TextCache) -> RatscrewView:
        view = RatscrewView(self.rules, names, controls, self.config.seed, texts=texts)
        # Learner seats: their hints show this long after the pile becomes slappable.
        view.model.hints = {seat: spec.hint_ms for seat, spec in enumerate(self.config.seats) if spec.hint_ms is not None}
        return view

    def claim_left(self, now: float) -> float | None:
        """The claim window's remaining share (1 → 0), or None when no pile awaits its claim."""
        deadline = self.match.pending_claim_deadline_ns
        delay = self.rules.claim_delay_ms * 1_000_000
        if deadline is None or not self.match.state.awaiting_claim or delay <= 0:
            return None
        return max(0.0, min(1.0, (deadline - now) / delay))

    def photo_finish_lines(self) -> list[str]:
        photo = self.match.last_photo_finish
        if photo is None:
            return []
        names = self.seat_names()
        return photo.lines(lambda seat: names[seat])

    def moving(self) -> bool:
        m = self.match  # the claim countdown bar, the game clock or a slap lock runs down
        return (m.state.awaiting_claim or m.clock_end_ns is not None
                or any(m.slap_locked_until(seat) is not None for seat in range(len(m.seats))))

    def rumbles(self, event: object) -> list[tuple[int, str]]:
        """A won slap: a short rumble; a wrong slap: a double pulse; a won challenge: a long one."""
        if isinstance(event, rs.SlapWon):
            return [(event.seat, "short")]
        if isinstance(event, rs.WrongSlap):
            return [(event.seat, "double")]
        if isinstance(event, rs.PileAwaitingClaim):
            return [(event.challenger, "long")]
        return []

    def _view(self) -> RatscrewView:
        view = self._table()
        assert isinstance(view, RatscrewView), "a Ratscrew table draws with its own view"
        return view

    def draw_view(self, surface: pygame.Surface, now: float) -> None:
        view = self._view()
        view.model.clock_text = clock.clock_text(self.match, int(now))  # the game clock (issue 21)
        view.draw(surface, self.match.state, now, self.claim_left(now))
        clock.draw_locks(surface, [seat.rect for seat in view.L.seats], self.match, int(now))
