"""The `random` Ratscrew bot: plays on its turn and slaps at random moments, valid or not."""

from __future__ import annotations

import random

from game.commands import PLAY, SLAP
from game.games.ratscrew import engine as rs
from game.games.ratscrew.seat_bot import SeatBot

CLAIM = "claim"
SLAP_WITHIN_MS = (20.0, 3000.0)  # a slap is always pending, due at a random moment in this range


class RandomRatscrewBot(SeatBot):
    """Exercises every slap path: right, wrong, late, tied; plays and claims after random delays."""

    def __init__(self, rng: random.Random, seat: int, rules: rs.Rules) -> None:
        self.rng = rng
        self.seat = seat
        self.rules = rules

    def _in_ns(self, low_ms: float, high_ms: float, now_ns: int) -> int:
        return now_ns + int(self.rng.uniform(low_ms, high_ms) * 1e6)

    def plan(self, obs: rs.Observation, now_ns: int, pending: dict[str, int]) -> dict[str, int | None]:
        seat = self.seat
        if obs.is_over or not obs.in_game[seat]:
            return {action: None for action in pending}
        changes: dict[str, int | None] = {}
        if SLAP not in pending:
            changes[SLAP] = self._in_ns(*SLAP_WITHIN_MS, now_ns)
        my_play = obs.current_player == seat and not obs.awaiting_claim and obs.hand_counts[seat] > 0
        if my_play and PLAY not in pending:
            changes[PLAY] = self._in_ns(100, 900, now_ns)
        elif not my_play and PLAY in pending:
            changes[PLAY] = None
        claimer = obs.awaiting_claim and obs.challenger == seat
        if claimer and CLAIM not in pending:
            changes[CLAIM] = self._in_ns(100, 1500, now_ns)
        elif not claimer and CLAIM in pending:
            changes[CLAIM] = None
        return changes
