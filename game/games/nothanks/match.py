"""The No Thanks match driver: the engine, one seeded rng, bots that think in a worker, commands in time
order.

Every command the match applies (a human's, a bot's decision) goes into its log (`match.log`, see
`game.record`) in applied order. `replay=True` builds the match with no bots, and `replay(entry)`
applies a logged command through the same code, so a replay never reruns a bot's search.
"""

from __future__ import annotations

import dataclasses
import math
import random
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field

from game.commands import PASS, TAKE, Command
from game.core.contract import EventRow, Result
from game.core.engine_protocol import IllegalAction
from game.core.options import OptionValue, to_json
from game.games.nothanks import engine as nt
from game.games.nothanks.bots import Bot, make_bot
from game.jsonsafe import as_int, as_str
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
from game.record import DIGEST_EVERY, LogLine, MatchLog

# A bot's move appears after a human-looking pause (log-normal, ms): long enough to follow, short enough
# not to bore. A search bot thinks inside this pause, so its budget costs no extra waiting.
THINK_MEDIAN_MS = 1100.0
THINK_SIGMA = 0.35
THINK_MIN_MS, THINK_MAX_MS = 450.0, 3500.0

# Why a human press was ignored: an Ignored's reason starts with one of these, then ": " and the
# engine's own words. The table turns them into notes ("Not your turn", "No matches left: …").
NOT_YOUR_TURN = "not your turn"
NO_MATCHES = "no matches left"
GAME_OVER = "game over"
_WHYS = (NOT_YOUR_TURN, NO_MATCHES, GAME_OVER)

_executor: ThreadPoolExecutor | None = None


def ignored_why(ignored: Ignored) -> str | None:
    """NOT_YOUR_TURN, NO_MATCHES or GAME_OVER for a press the match ignored; None for anything else."""
    head = ignored.reason.partition(": ")[0]
    return head if head in _WHYS else None


def _decide(bot: Bot, obs: nt.Observation) -> tuple[str, bool]:
    """A bot's decision, and whether its search hit its time cap (so the log can say so)."""
    return bot.decide(obs), bot.last_capped


def rule_values(rules: nt.Rules) -> dict[str, OptionValue]:
    """The rules as option values (every field, so `Rules.from_options` rebuilds them exactly)."""
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}


def _worker() -> ThreadPoolExecutor:
    """One shared worker thread for bot thinking: a stale decision from a finished match just runs out."""
    global _executor
    if _executor is None:
        _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="couchcards-bot")
    return _executor


@dataclass(slots=True)
class NothanksStats:
    takes: int = 0
    passes: int = 0
    ignored: int = 0


@dataclass(frozen=True, slots=True)
class TakeRecord:
    """`seat` took `card` with the `matches` on it at `t_ns`."""

    t_ns: int
    seat: int
    card: int
    matches: int


@dataclass(slots=True)
class NothanksHistory:
    """For the results screen: who took which card for how many matches, in order."""

    takes: list[TakeRecord] = field(default_factory=list)


class NothanksMatch:
    """One No Thanks game at a table: submit human commands, advance the clock, read the events.

    `threaded=False` makes every bot decide at once in the calling thread (tests, sim): the match is then
    a pure function of its seed and its commands. `think_scale` stretches the bots' pauses (0 = instant).
    """

    game = "nothanks"

    def __init__(
        self,
        rules: nt.Rules,
        seats: list[SeatSpec],
        seed: int,
        start_ns: int,
        first_player: int = 0,
        *,
        threaded: bool = True,
        think_scale: float = 1.0,
        time_budget_ms: int | None = None,
        iterations: int | None = None,
        deck: list[int] | None = None,
        replay: bool = False,
        record: bool = True,
        digest_every: int = DIGEST_EVERY,
    ) -> None:
        """`deck` (top first) replaces the shuffle, for tests; `time_budget_ms`/`iterations` bound the
        hard bot's search (by default it stops after a fixed number of iterations). `replay` makes a match
        with no bots, to be fed logged commands by `replay(entry)`; `record=False` keeps no log."""
        self.rules = rules
        self.seats = list(seats)
        self.seed = seed
        self.rng = random.Random(seed)
        self.state = nt.new_game(
            rules, players=len(self.seats), seed=self.rng.getrandbits(64), deck=deck,
            first_player=first_player,
        )
        self.threaded = threaded
        self.replaying = replay
        self._start_ns = start_ns
        options: LogLine = {"time_budget_ms": time_budget_ms, "iterations": iterations}
        deal: LogLine | None = None if deck is None else {"deck": [*deck]}
        self.log = MatchLog(
            log_header(self, {name: to_json(value) for name, value in rule_values(rules).items()}, start_ns,
                       first_player, options, deal),
            lambda: self.state.digest(), self._result, digest_every=digest_every, enabled=record,
        )
        self.think_scale = think_scale
        self.stats = [NothanksStats() for _ in self.seats]
        self.history = NothanksHistory()
        self.ignored: list[Ignored] = []
        self.now_ns = start_ns
        self._queue = TimeQueue(self.rng)
        self._time_budget_ms = time_budget_ms
        self._iterations = iterations
        self._bots: dict[int, Bot] = {}
        for seat, spec in enumerate(self.seats):
            if spec.is_bot:
                self._add_bot(seat, spec)
        self._token = 0
        self._thinking: tuple[int, Future[tuple[str, bool]] | tuple[str, bool]] | None = None
        self._schedule_bot(start_ns)

    # ---- public ----------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def thinking_seat(self) -> int | None:
        """The bot seat whose move is coming, or None."""
        return None if self._thinking is None else self._thinking[0]

    def submit(self, cmd: Command) -> str | None:
        """Queue a stamped human command; returns a reason at once if it can never apply."""
        return submit_human(self, cmd, (TAKE, PASS), "No Thanks")

    def next_due_ns(self) -> int | None:
        """When the next queued thing is due (a virtual clock jumps there), or None."""
        return self._queue.next_t()

    def advance(self, now_ns: int) -> list[Timed]:
        """Apply everything due up to `now_ns` in time order; a bot still thinking waits for its answer."""
        out: list[Timed] = []
        while True:
            group, _ = self._queue.pop_group(now_ns)
            if not group:
                break
            for item in group:
                self._apply(item, now_ns, out)
        self.now_ns = max(self.now_ns, now_ns)
        return out

    def replace_seat(self, seat: int, spec: SeatSpec) -> None:
        """Hand `seat` to a bot or back to a human mid-game (a pad was unplugged, or came back)."""
        if not 0 <= seat < len(self.seats):
            raise ValueError(f"no seat {seat} at this table")
        self.log.seat(self.now_ns, seat, spec.kind, spec.level, spec.name)
        self.seats[seat] = spec
        self._bots.pop(seat, None)
        if self._thinking is not None and self._thinking[0] == seat:
            self.close()
        if spec.is_bot:
            self._add_bot(seat, spec)
            self._schedule_bot(self.now_ns)

    def result(self) -> Result:
        """The contract's result: the winners (ties share), every seat's score, the matches left."""
        st = self.state
        return Result(tuple(st.winners()), tuple(int(s) for s in st.scores()), None,
                      {"matches": tuple(st.matches)})

    def can_hand_back(self, seat: int) -> bool:
        """A seat may change hands at any moment: a bot's pending decision is simply dropped."""
        return True

    def history_events(self) -> list[EventRow]:
        """No Thanks gives the history no per-seat events (its takes are the replay's markers)."""
        return []

    def close(self) -> None:
        """Drop a pending bot decision (the table calls this when it leaves the match)."""
        if self._thinking is not None and isinstance(self._thinking[1], Future):
            self._thinking[1].cancel()
        self._thinking = None
        self._token += 1

    def replay(self, entry: LogLine) -> list[Timed]:
        """Apply one logged line (a command, a seat change, a refused command) as the match first applied
        it; ReplayMismatch if the match as it stands could not have applied it."""
        out: list[Timed] = []
        kind = entry["k"]
        if kind == "cmd":
            seat, action, source = entry["seat"], as_str(entry["action"], "action"), as_str(entry["source"], "source")
            if action not in (TAKE, PASS) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
                raise ReplayMismatch(f"seat {seat!r} cannot {action!r} at this table")
            self._act(self._start_ns + as_int(entry["t"], "t"), seat, action, source, out, bool(entry.get("capped")))
        elif kind == "seat":
            replay_seat(self, entry, self._start_ns)
        elif kind == "refused":
            replay_refused(self, entry, self._start_ns)
        else:
            raise ReplayMismatch(f"a No Thanks log has no {kind!r} lines")
        return out

    # ---- internals -------------------------------------------------------------------------------

    def _add_bot(self, seat: int, spec: SeatSpec) -> None:
        """A bot for `seat`; every bot takes one draw from the match's rng, even in a replay (no bot)."""
        bot_rng = random.Random(self.rng.getrandbits(64))
        if not self.replaying:
            self._bots[seat] = make_bot(spec.level, bot_rng, time_budget_ms=self._time_budget_ms,
                                        iterations=self._iterations)

    def _result(self) -> tuple[bool, LogLine]:
        st = self.state
        return st.is_over, {"scores": [*st.scores()], "winners": [*st.winners()], "cards_left": st.cards_left}

    def _ignore(self, ignored: Ignored) -> None:
        self.ignored.append(ignored)
        if ignored.seat is not None and 0 <= ignored.seat < len(self.stats):
            self.stats[ignored.seat].ignored += 1

    def _why(self, seat: int, action: str) -> str | None:
        """Why the state as it is now refuses `seat`'s `action` (one of _WHYS), or None."""
        st = self.state
        if st.is_over:
            return GAME_OVER
        if seat != st.current_player:
            return NOT_YOUR_TURN
        if action == PASS and not st.matches[seat]:
            return NO_MATCHES
        return None

    def _think_ns(self) -> int:
        ms = math.exp(math.log(THINK_MEDIAN_MS) + THINK_SIGMA * self.rng.gauss(0.0, 1.0))
        return int(min(THINK_MAX_MS, max(THINK_MIN_MS, ms)) * self.think_scale * 1e6)

    def _schedule_bot(self, now_ns: int) -> None:
        st = self.state
        if st.is_over or self._thinking is not None:
            return
        seat = st.current_player
        bot = self._bots.get(seat)
        if bot is None:
            return
        obs = st.observation(seat)
        if self.threaded:
            decision: Future[tuple[str, bool]] | tuple[str, bool] = _worker().submit(_decide, bot, obs)
        else:
            decision = _decide(bot, obs)
        self._token += 1
        self._thinking = (seat, decision)
        self._queue.push(Item(now_ns + self._think_ns(), "bot", seat, token=self._token))

    def _apply(self, item: Item, now_ns: int, out: list[Timed]) -> None:
        if item.kind == "bot":
            if item.token != self._token or self._thinking is None:
                return
            seat, decision = self._thinking
            if isinstance(decision, Future):
                if not decision.done():
                    # Still thinking: look again at the next advance; later human presses meet the
                    # state as it is (the bot's turn), exactly as they were pressed.
                    item.t_ns = now_ns + 1
                    self._queue.push(item)
                    return
                decision = decision.result()
            self._thinking = None
            action, capped = decision
            self._act(item.t_ns, seat, action, "bot", out, capped)
            return
        cmd = item.press()
        self._act(cmd.t_ns, item.seated(), cmd.action, cmd.source, out)

    def _act(self, t_ns: int, seat: int, action: str, source: str, out: list[Timed],
             capped: bool = False) -> None:
        try:
            events = self.state.apply(action, seat=seat)
        except IllegalAction as exc:
            if source == "bot":
                raise  # a bot that answers with an illegal move is a bug: say so loudly
            why = self._why(seat, action)  # the engine changes nothing when it refuses
            ignored = Ignored(seat, action, f"{why}: {exc}" if why else str(exc), source)
            self._ignore(ignored)
            out.append(Timed(t_ns, ignored))
            self.log.command(t_ns, seat, action, source, capped=capped)
            return
        for event in events:
            if isinstance(event, nt.CardTaken):
                self.stats[event.seat].takes += 1
                self.history.takes.append(TakeRecord(t_ns, event.seat, event.card, event.matches))
            elif isinstance(event, nt.MatchPaid):
                self.stats[event.seat].passes += 1
            out.append(Timed(t_ns, event))
        self.log.command(t_ns, seat, action, source, capped=capped)
        self._schedule_bot(t_ns)
