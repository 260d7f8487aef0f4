"""The No Thanks match driver: the engine, one seeded rng, bots that think in a worker, commands in time order."""

from __future__ import annotations

import math
import random
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field

from game.commands import PASS, TAKE, Command
from game.engines import IllegalAction
from game.games.nothanks import engine as nt
from game.match.common import Ignored, Item, SeatSpec, Timed, TimeQueue, submit_human

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
    ) -> None:
        """`deck` (top first) replaces the shuffle, for tests; `time_budget_ms`/`iterations` bound the
        hard bot's search (`iterations` makes it deterministic)."""
        from game.bots import make_bot

        self.rules = rules
        self.seats = list(seats)
        self.seed = seed
        self.rng = random.Random(seed)
        self.state = nt.new_game(
            rules, players=len(self.seats), seed=self.rng.getrandbits(64), deck=deck, first_player=first_player
        )
        self.threaded = threaded
        self.think_scale = think_scale
        self.stats = [NothanksStats() for _ in self.seats]
        self.history = NothanksHistory()
        self.ignored: list[Ignored] = []
        self.now_ns = start_ns
        self._queue = TimeQueue(self.rng)
        self._time_budget_ms = time_budget_ms
        self._iterations = iterations
        self._bots = {
            seat: make_bot("nothanks", spec.level, random.Random(self.rng.getrandbits(64)),
                           time_budget_ms=time_budget_ms, iterations=iterations)
            for seat, spec in enumerate(self.seats)
            if spec.is_bot
        }
        self._token = 0
        self._thinking: tuple[int, Future | str] | None = None
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
        from game.bots import make_bot

        if not 0 <= seat < len(self.seats):
            raise ValueError(f"no seat {seat} at this table")
        self.seats[seat] = spec
        self._bots.pop(seat, None)
        if self._thinking is not None and self._thinking[0] == seat:
            self.close()
        if spec.is_bot:
            self._bots[seat] = make_bot(
                "nothanks", spec.level, random.Random(self.rng.getrandbits(64)),
                time_budget_ms=self._time_budget_ms, iterations=self._iterations,
            )
            self._schedule_bot(self.now_ns)

    def close(self) -> None:
        """Drop a pending bot decision (the table calls this when it leaves the match)."""
        if self._thinking is not None and isinstance(self._thinking[1], Future):
            self._thinking[1].cancel()
        self._thinking = None
        self._token += 1

    # ---- internals -------------------------------------------------------------------------------

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
            decision: Future | str = _worker().submit(bot.decide, obs)
        else:
            decision = bot.decide(obs)
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
            self._act(item.t_ns, seat, decision, "bot", out)
            return
        cmd: Command = item.payload
        self._act(cmd.t_ns, cmd.seat, cmd.action, cmd.source, out)

    def _act(self, t_ns: int, seat: int, action: str, source: str, out: list[Timed]) -> None:
        try:
            events = self.state.apply(action, seat=seat)
        except IllegalAction as exc:
            if source == "bot":
                raise  # a bot that answers with an illegal move is a bug: say so loudly
            why = self._why(seat, action)  # the engine changes nothing when it refuses
            ignored = Ignored(seat, action, f"{why}: {exc}" if why else str(exc), source)
            self._ignore(ignored)
            out.append(Timed(t_ns, ignored))
            return
        for event in events:
            if isinstance(event, nt.CardTaken):
                self.stats[event.seat].takes += 1
                self.history.takes.append(TakeRecord(t_ns, event.seat, event.card, event.matches))
            elif isinstance(event, nt.MatchPaid):
                self.stats[event.seat].passes += 1
            out.append(Timed(t_ns, event))
        self._schedule_bot(t_ns)
