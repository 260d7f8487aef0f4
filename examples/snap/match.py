"""Snap's match driver (the contract's `Match`): the engine, one seeded rng, human commands in time order, the
`random` bot's intents on the same queue, a log every replay re-runs (bots never re-run in a replay)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.commands import PLAY, Command
from game.core.contract import EventRow, Result
from game.core.engine_protocol import IllegalAction
from game.jsonsafe import JSON
from game.match.common import (
    Ignored,
    Item,
    ReplayMismatch,
    SeatSpec,
    Timed,
    TimeQueue,
    log_header,
    replay_refused,
    replay_seat,
    submit_human,
)
from game.record import DIGEST_EVERY, MatchLog

from . import engine as sn

GAME_ID = "snap"  # the game's id: on the command line, in settings, in every log's header (a copy changes it here)
SNAP = "snap"  # the second button's action (Snap's own: the shell maps buttons through GameDef.buttons)
ACTIONS = (PLAY, SNAP)
LEVELS = ("random",)
NOT_YOUR_TURN = "not your turn"


class RandomBot:
    """Plays on its turn after a pause, snaps a pair after a reaction time, and now and then snaps wrongly."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, obs: sn.Observation) -> tuple[str, int] | None:
        """(action, delay in ms) for what it sees, or None."""
        if obs.is_over:
            return None
        if obs.pair:
            return SNAP, self.rng.randrange(250, 900)
        if obs.current_player == obs.seat:
            return (SNAP if self.rng.random() < 0.05 else PLAY), self.rng.randrange(300, 800)
        return None


def make_bot(level: str | None, rng: random.Random) -> RandomBot:
    if level not in LEVELS:
        raise ValueError(f"unknown snap bot level {level!r}; known: {', '.join(LEVELS)}")
    return RandomBot(rng)


@dataclass(slots=True)
class SnapStats:
    won: int = 0  # piles snapped
    wrong: int = 0
    ignored: int = 0


class SnapMatch:
    game = GAME_ID

    def __init__(self, rules: sn.Rules, seats: list[SeatSpec], seed: int, start_ns: int, first_player: int = 0, *,
                 deck: list[str] | None = None, replay: bool = False, record: bool = True,
                 digest_every: int = DIGEST_EVERY) -> None:
        self.rules = rules
        self.seats = list(seats)
        self.seed = seed
        self.rng = random.Random(seed)
        self.state = sn.new_game(rules, len(self.seats), self.rng.getrandbits(64), first_player, deck)
        self.replaying = replay
        self._start_ns = start_ns
        deal: dict[str, JSON] | None = None if deck is None else {"deck": list[JSON](deck)}
        self.log = MatchLog(log_header(self, dict[str, JSON](rules.option_values()), start_ns, first_player, {}, deal),
                            lambda: self.state.digest(), self._result, digest_every=digest_every, enabled=record)
        self.stats = [SnapStats() for _ in self.seats]
        self.events: list[EventRow] = []
        self.ignored: list[Ignored] = []
        self.now_ns = start_ns
        self._queue = TimeQueue(self.rng)
        self._bots: dict[int, RandomBot] = {}
        self._token = 0
        for seat, spec in enumerate(self.seats):
            if spec.is_bot:
                self._add_bot(seat, spec)
        self._schedule(start_ns)

    # ---- the contract ------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def submit(self, cmd: Command) -> str | None:
        return submit_human(self, cmd, ACTIONS, "Snap")

    def next_due_ns(self) -> int | None:
        return self._queue.next_t()

    def advance(self, now_ns: int) -> list[Timed]:
        out: list[Timed] = []
        while True:
            group, _ = self._queue.pop_group(now_ns)
            if not group:
                break
            for item in group:
                if item.kind == "bot":
                    if item.token == self._token and item.seat is not None:
                        self._act(item.t_ns, item.seat, item.action, "bot", out)
                elif (cmd := item.payload) is not None and cmd.seat is not None:  # a human's press
                    self._act(cmd.t_ns, cmd.seat, cmd.action, cmd.source, out)
        self.now_ns = max(self.now_ns, now_ns)
        return out

    def replay(self, entry: dict[str, Any]) -> list[Timed]:
        out: list[Timed] = []
        kind = entry["k"]
        if kind == "cmd":
            seat, action = entry["seat"], entry["action"]
            if action not in ACTIONS or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
                raise ReplayMismatch(f"seat {seat!r} cannot {action!r} at this table")
            self._act(self._start_ns + entry["t"], seat, action, entry["source"], out)
        elif kind == "seat":
            replay_seat(self, entry, self._start_ns)
        elif kind == "refused":
            replay_refused(self, entry, self._start_ns)
        else:
            raise ReplayMismatch(f"a Snap log has no {kind!r} lines")
        return out

    def replace_seat(self, seat: int, spec: SeatSpec) -> None:
        if not 0 <= seat < len(self.seats):
            raise ValueError(f"no seat {seat} at this table")
        self.log.seat(self.now_ns, seat, spec.kind, spec.level, spec.name)
        self.seats[seat] = spec
        self._bots.pop(seat, None)
        if spec.is_bot:
            self._add_bot(seat, spec)
        self._schedule(self.now_ns)

    def can_hand_back(self, seat: int) -> bool:
        return True

    def close(self) -> None:
        self._token += 1  # every intent queued goes stale

    def result(self) -> Result:
        st = self.state
        counts = tuple(st.counts())
        return Result(tuple(st.winners()) if st.is_over else (), counts, None,
                      {"cards": counts, "wrong": tuple(st.wrong)})

    def history_events(self) -> list[EventRow]:
        return list(self.events)

    # ---- internals ---------------------------------------------------------------------------------
    def _add_bot(self, seat: int, spec: SeatSpec) -> None:
        bot_rng = random.Random(self.rng.getrandbits(64))  # drawn in a replay too: the same rng after it
        if not self.replaying:
            self._bots[seat] = make_bot(spec.level, bot_rng)

    def _result(self) -> tuple[bool, dict[str, Any]]:
        st = self.state
        return st.is_over, {"counts": st.counts(), "winners": st.winners(), "wrong": list(st.wrong)}

    def _ignore(self, ignored: Ignored) -> None:
        self.ignored.append(ignored)
        if ignored.seat is not None and 0 <= ignored.seat < len(self.stats):
            self.stats[ignored.seat].ignored += 1

    def _schedule(self, now_ns: int) -> None:
        """Every bot's intent for the state as it is now (earlier intents go stale)."""
        self._token += 1
        if self.state.is_over:
            return
        for seat, bot in sorted(self._bots.items()):
            decision = bot.decide(self.state.observation(seat))
            if decision is not None:
                action, ms = decision
                self._queue.push(Item(now_ns + ms * 1_000_000, "bot", seat, action, token=self._token))

    def _act(self, t_ns: int, seat: int, action: str, source: str, out: list[Timed]) -> None:
        engine_action = sn.Play(seat) if action == PLAY else sn.Claim(seat)
        try:
            events = self.state.apply(engine_action)
        except IllegalAction as exc:
            if source == "bot":
                raise
            why = NOT_YOUR_TURN if exc.code == "not_your_turn" else exc.code
            ignored = Ignored(seat, action, f"{why}: {exc}", source)
            self._ignore(ignored)
            out.append(Timed(t_ns, ignored))
            self.log.command(t_ns, seat, action, source)
            return
        for event in events:
            if isinstance(event, sn.PileClaimed):
                self.stats[seat].won += 1
                self.events.append(EventRow(seat, "snap", t_ns, "won"))
            elif isinstance(event, sn.WrongClaim):
                self.stats[seat].wrong += 1
                self.events.append(EventRow(seat, "snap", t_ns, "wrong"))
            out.append(Timed(t_ns, event))
        self.log.command(t_ns, seat, action, source)
        self._schedule(t_ns)
