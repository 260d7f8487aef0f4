"""The Ratscrew match driver: slaps judged by input time, bots on the same clock, auto-claim, photo finish.

Everything that can happen is an item on one time-ordered queue: human commands (stamped when they
were read), bot intents (scheduled at human-looking times) and timers (the auto-claim, the end of a
photo finish). `advance(now_ns)` applies what is due in time order, so a slap is judged against the
pile as it stood at its timestamp. Illegal commands are ignored with a reason and change nothing: in
particular they never move or cancel anybody's pending slap. A restart is a new match object, so no
timer of an old match can ever fire in it.

Too late: a slap landing within `rules.late_grace_ms` after the pile was taken by a valid slap (or
claimed while it was slappable), before another card is played, never reaches the engine and costs
nothing; it is reported as TooLate (but a seat in a slap timeout, which may not slap at all, is told to
wait, as at any other time: Ignored). A late command (stamped before something already applied, which
the table's loop avoids by submitting before advancing) is applied at once, against the pile as it is,
and counted in `late_arrivals`.

Bots plan after every change of the state, from their seat's observation only; the match never moves
a bot's intent by itself. A bot's slap already due within its stop time when the pile changes still
lands (a hand in motion), so it may be too late or wrong, as a person's would.

Head starts (`SeatSpec.head_start_ms`): a seat's slap is ordered and judged as if pressed that much
earlier, `head_start_ms` before the press: it takes a pile that was slappable at that time (though
covered since); if the pile was not slappable then, it is judged at the next change of the pile before
the press instead (a pile made slappable by a card played meanwhile), and never before the pile it is
judged on appeared. Since a press with a head start can arrive after what it beats, while another human
seat has a head start the match holds a slap, and a card played (or a claim) on a slappable pile, until
that head start has passed since it (bots' intents are known in advance). With no head starts at the
table nothing waits.

Mash-proof: a wrong slap locks that seat's slap for `rules.slap_lockout_ms` (on the match clock, from the
press): a slap pressed before then is ignored ("slap locked") and changes nothing; bots plan no slap before
their lock ends. A wrong slap within `LOCK_STREAK_NS` of the seat's previous one doubles the lock (up to
2**LOCK_DOUBLINGS times), so pressing all the time locks a seat out for seconds at a time while a child's
odd wrong slap costs half a second. The lock is the match's state, rebuilt in a replay by the same commands. A seat with
`no_penalty` (a learner) loses no cards for a wrong slap (the engine never sees it: `WrongSlap(seat, 0)`).

The match also reports what the table names for learners: `Slappable` when the pile becomes slappable,
and `Missed` when a slappable pile passes with nobody slapping it (a card on top, or a claim).

Every item the match applies goes into its log (`match.log`, see `game.record`) in applied order, with
the coin's verdict on a tie. `replay=True` builds the match with no bots, and `replay(entry)` applies a
logged item through the same code (too-late window, photo finish, auto-claim, stats), so a replay needs
neither the bots nor the coin.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.commands import PLAY, SLAP, Command
from game.core.contract import EventRow, Result
from game.core.options import to_json
from game.games.ratscrew import engine as rs
from game.games.ratscrew import history_events
from game.games.ratscrew import text as rs_text
from game.games.ratscrew.bots import CLAIM, make_bot
from game.games.ratscrew.seat_bot import SlapBot
from game.i18n import t as tr
from game.jsonsafe import as_int, as_list, as_str
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

LOCK_STREAK_NS = 5_000_000_000  # a wrong slap this soon after the seat's last one doubles its lock …
LOCK_DOUBLINGS = 3  # … up to 2**3 = 8 times the table's lockout (4 s at the default 0.5 s)
PHOTO_WINDOW_NS = 500_000_000  # a second hand within this of a valid slap makes it a photo finish

WON, TOO_LATE, WRONG, LOST_COIN = "won", "too late", "wrong", "lost the coin"


@dataclass(frozen=True, slots=True)
class TooLate:
    """`seat` slapped `after_ms` after the pile was taken: no penalty."""

    seat: int
    after_ms: int


@dataclass(frozen=True, slots=True)
class Tie:
    """Slaps of `seats` were read in the same poll (or at the same instant): a coin made `winner` first."""

    seats: tuple[int, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class PhotoFinish:
    """The hands of a contested slap, first first: (seat, t_ns, delta_ms after the winner, verdict), the
    times as judged; `head_starts` the ms of head start each entry's seat had (empty: none had any)."""

    entries: tuple[tuple[int, int, int, str], ...]
    head_starts: tuple[int, ...] = ()

    @property
    def winner(self) -> int:
        return self.entries[0][0]

    def head_start(self, index: int) -> int:
        """The head start (ms) of the seat of entry `index`."""
        return self.head_starts[index] if index < len(self.head_starts) else 0

    def lines(self, name: Callable[[int], str] | None = None) -> list[str]:
        """'P2 by 14 ms', 'Mia by 40 ms with a 300 ms head start', 'P4 +120 ms, too late' …
        (`name(seat)` defaults to 'P1', 'P2', …)."""
        name = name or (lambda seat: f"P{seat + 1}")
        first, *rest = self.entries
        if rest and rest[0][3] == LOST_COIN:  # a tie: the toss is told once
            out = [tr("Tie \u2014 {who} won the coin toss", who=name(first[0]))]
        else:
            out = [rs_text.photo_winner(name(first[0]), rest[0][2] if rest else 0, self.head_start(0))]
        for i, (seat, _, delta, verdict) in enumerate(rest, 1):
            if verdict == LOST_COIN:
                line = tr("{who} same instant", who=name(seat))
            elif verdict == TOO_LATE:
                line = tr("{who} +{ms} ms, too late", who=name(seat), ms=delta)
            else:
                line = tr("{who} +{ms} ms, wrong slap", who=name(seat), ms=delta)
            out.append(rs_text.with_head_start(line, self.head_start(i)))
        return out


@dataclass(frozen=True, slots=True)
class TimeUp:
    """The game clock ran out with `leaders` (seats) sharing the most cards: the next slap that takes a pile
    wins the game. (With one leader the engine's `GameOver(seat, "time")` says it all.)"""

    leaders: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Slappable:
    """The pile became slappable by `rule`; `cards` are the faces that make it (as `SlapWon` frames them)."""

    rule: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Missed:
    """A slappable pile passed with nobody slapping it: a card was played on top, or it was claimed."""

    rule: str
    cards: tuple[str, ...]


@dataclass(slots=True)
class RatscrewStats:
    """Per seat: slaps that took a pile, wrong slaps, too-late slaps, claims, ignored commands, and the
    reaction times (ms from the pile becoming slappable) of slaps that were right or too late."""

    slaps_won: int = 0
    wrong: int = 0
    late: int = 0
    claims: int = 0
    ignored: int = 0
    reactions_ms: list[float] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class CountSample:
    """Cards in each seat's hand at `t_ns` (after `cards_played` cards)."""

    t_ns: int
    cards_played: int
    counts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SlapRecord:
    t_ns: int
    seat: int
    verdict: str
    rule: str | None
    reaction_ms: float | None


@dataclass(frozen=True, slots=True)
class MissedRecord:
    """A slappable pile nobody slapped (`rule`), passed at `t_ns`, and the seats that could have slapped it
    (in the game then)."""

    t_ns: int
    rule: str
    seats: tuple[int, ...]


@dataclass(slots=True)
class RatscrewHistory:
    """For the results screen: card counts over time (a sample at the deal, after every change of a hand
    and at the end) and every slap; for the players' history, every slappable pile nobody took."""

    counts: list[CountSample] = field(default_factory=list)
    slaps: list[SlapRecord] = field(default_factory=list)
    missed: list[MissedRecord] = field(default_factory=list)



@dataclass(slots=True)
class _Taken:
    """The pile was taken at `t_ns` by `seat` (slap, or claim of a slappable pile)."""

    t_ns: int
    seat: int
    cards_played: int
    onset_ns: int | None


@dataclass(slots=True)
class _Photo:
    t_ns: int
    cards_played: int
    entries: list[tuple[int, int, str]]
    timer: Item


# What watching bots are told of (see RatscrewMatch._tell_bots).
SEEN: dict[type, str] = {rs.SlapWon: WON, rs.WrongSlap: WRONG, TooLate: TOO_LATE, Missed: "missed"}


class RatscrewMatch:
    """One Ratscrew game at a table: submit human commands, advance the clock, read the events."""

    game = "ratscrew"

    def __init__(
        self,
        rules: rs.Rules,
        seats: list[SeatSpec],
        seed: int,
        start_ns: int,
        first_player: int = 0,
        *,
        hands: list[list[str]] | None = None,
        replay: bool = False,
        record: bool = True,
        digest_every: int = DIGEST_EVERY,
    ) -> None:
        """`hands` (each top card first) replaces the shuffled deal: for tests and puzzles. `replay` makes
        a match with no bots, to be fed logged items by `replay(entry)`; `record=False` keeps no log."""
        self.rules = rules
        self.seats = list(seats)
        self.seed = seed
        self.rng = random.Random(seed)
        deal_seed = self.rng.getrandbits(64)
        if hands is None:
            self.state = rs.new_game(rules, players=len(self.seats), seed=deal_seed,
                                     first_player=first_player)
        else:
            self.state = rs.new_game(rules, hands=hands, first_player=first_player)
        self.replaying = replay
        deal: LogLine | None = None if hands is None else {"hands": [[*h] for h in self.state.hands]}
        self._start_ns = start_ns
        self.log = MatchLog(
            log_header(self, {name: to_json(value) for name, value in rules.option_values().items()}, start_ns,
                       first_player, {}, deal),
            lambda: self.state.digest(), self._result, digest_every=digest_every, enabled=record,
        )
        self.stats = [RatscrewStats() for _ in self.seats]
        self.history = RatscrewHistory()
        self.ignored: deque[Ignored] = deque(maxlen=200)
        self.last_photo_finish: PhotoFinish | None = None
        self.now_ns = start_ns
        self.bots: dict[int, SlapBot] = {}
        for seat, spec in enumerate(self.seats):
            if spec.is_bot:
                self._add_bot(seat, spec)
        self._queue = TimeQueue(self.rng)
        self._pending: list[dict[str, Item]] = [{} for _ in self.seats]
        self._claim_timer: Item | None = None
        self._photo: _Photo | None = None
        self._taken: _Taken | None = None
        self._pile_key: tuple[object, ...] = ()
        self._onset_ns: int | None = None
        self._changed_ns = start_ns  # when the pile (as judged) last changed
        self._slappable: Slappable | None = None  # the pile's slap chance, until it is taken or passes
        self._slappable_seats: tuple[int, ...] = ()  # the seats in the game when it came
        self._tied: frozenset[int] = frozenset()
        self._locked_until: list[int | None] = [None] * len(self.seats)  # a seat's slap lock (judged ns)
        self._last_wrong: list[int | None] = [None] * len(self.seats)  # its last wrong slap (judged ns)
        self._own_play_ns: list[int | None] = [None] * len(self.seats)  # its last card play (pressed)
        self._streak = [0] * len(self.seats)  # wrong slaps in a row, each within LOCK_STREAK_NS
        self._applied_ns = start_ns
        self._leads_for: tuple[SeatSpec, ...] = ()
        self._leads: tuple[int, ...] = ()
        self._closed = False
        self.late_arrivals = 0  # human commands applied after something stamped later (see module doc)
        length = rs.GAME_LENGTHS_S[rules.game_length]
        self._clock: Item | None = None  # the game clock's end (Rules.game_length), a timer like the claim's
        if length is not None:
            self._clock = self._queue.push(Item(start_ns + length * 1_000_000_000, "clock"))
        self._sudden = False  # time is up on a tie: the next slap that takes a pile wins
        self._sample(start_ns)
        self._settle(start_ns)

    # ---- public ----------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def pending_claim_deadline_ns(self) -> int | None:
        """When the pile awaiting its claim goes to the challenger by itself, or None."""
        return None if self._claim_timer is None else self._claim_timer.t_ns

    def slap_locked_until(self, seat: int) -> int | None:
        """When `seat`'s slap lock (after a wrong slap) ends, or None: for the mat's lock and tests."""
        until = self._locked_until[seat]
        return until if until is not None and until > self.now_ns else None

    @property
    def clock_end_ns(self) -> int | None:
        """When the game clock runs out (None: no clock, or it has run out)."""
        return None if self._clock is None else self._clock.t_ns

    @property
    def sudden_slap(self) -> bool:
        """Time is up on a tie: the next slap that takes a pile wins."""
        return self._sudden and not self.state.is_over

    def pending_intents(self, seat: int) -> dict[str, int]:
        """A bot seat's scheduled actions {action: t_ns} (for tests and the debug overlay)."""
        return {action: item.t_ns for action, item in self._pending[seat].items()}

    def submit(self, cmd: Command) -> str | None:
        """Queue a stamped human command (never dropped); returns a reason at once if it can never apply.
        A slap from a seat with a head start is queued at the time it is judged at."""
        judged = None
        if isinstance(cmd.seat, int) and 0 <= cmd.seat < len(self.seats) and not self.seats[cmd.seat].is_bot:
            own = self._own_play_ns[cmd.seat]
            if cmd.action == PLAY:
                self._own_play_ns[cmd.seat] = cmd.t_ns if own is None else max(own, cmd.t_ns)
            elif cmd.action == SLAP:
                lead = self._head_start_ns(cmd.seat)
                if lead:  # never judged before the seat's own card play (it covered that pile itself)
                    judged = cmd.t_ns - lead if own is None or own >= cmd.t_ns else max(cmd.t_ns - lead, own + 1)
        return submit_human(self, cmd, (PLAY, SLAP), "Ratscrew", judged)

    def next_due_ns(self) -> int | None:
        """When the next queued thing is due (a virtual clock jumps there), or None; a slap waits until
        the other seats' head starts have passed since it."""
        top = self._queue.peek()
        if top is None:
            return None
        wait = self._held_until(top)
        return top.t_ns if wait is None else max(top.t_ns, wait)

    def advance(self, now_ns: int) -> list[Timed]:
        """Apply everything due up to `now_ns`, human and bot, in time order.

        Pass a `now_ns` no later than the read time of the last input poll whose commands were
        submitted: then no command stamped before `now_ns` can still arrive.
        """
        out: list[Timed] = []
        while not self._closed:
            top = self._queue.peek()
            wait = None if top is None else self._held_until(top)
            if wait is not None and now_ns < wait:
                break  # a press with a head start may still come and beat this slap
            group, coin = self._queue.pop_group(now_ns)
            if not group:
                break
            group = self._retimed(group)
            if not group:
                continue
            tied = coin and self._announce_tie(group, out)
            for item in group:
                if self._alive(item):
                    self._apply(item, out)
                    self._logged(item, tied)
            self._tied = frozenset()
        self.now_ns = max(self.now_ns, now_ns)
        return out

    def replace_seat(self, seat: int, spec: SeatSpec) -> None:
        """Hand `seat` to a bot or back to a human mid-game (a pad was unplugged, or came back).

        A new bot starts from what the seat can see now, with randomness from the match's rng;
        a seat given back to a human drops the bot and its pending intents.
        """
        if not 0 <= seat < len(self.seats):
            raise ValueError(f"no seat {seat} at this table")
        self.log.seat(self.now_ns, seat, spec.kind, spec.level, spec.name)
        self.seats[seat] = spec
        self._pending[seat].clear()
        self.bots.pop(seat, None)
        if spec.is_bot:
            self._add_bot(seat, spec)
        if not self._closed:
            self._settle(self.now_ns)

    def can_hand_back(self, seat: int) -> bool:
        """Whether `seat` may change hands now (a bot gives it back to a pad that asked): never while a
        challenge it takes part in is being paid, or its won pile waits for its claim."""
        st = self.state
        return not (st.challenger is not None and seat in (st.challenger, st.current_player))

    def result(self) -> Result:
        """The contract's result: the winner (none for a draw or while playing), why it ended, cards held."""
        st = self.state
        return Result(() if st.winner is None else (st.winner,), None, st.end_reason,
                      {"cards": tuple(len(hand) for hand in st.hands)})

    def history_events(self) -> list[EventRow]:
        """Every slap and every pile nobody slapped, for the players' history (history_events.events)."""
        return history_events.events(self.history)

    def close(self) -> None:
        """Stop this match for good (the table leaves it): nothing queued in it will ever fire."""
        self._closed = True
        for pending in self._pending:
            pending.clear()
        self._claim_timer = None
        self._photo = None
        self._clock = None

    def replay(self, entry: LogLine) -> list[Timed]:
        """Apply one logged line (a command, a tie, a seat change, a refused command) as the match first
        applied it; ReplayMismatch if the match as it stands could not have applied it."""
        out: list[Timed] = []
        kind = entry["k"]
        t = self._start_ns + as_int(entry.get("t", 0), "t")
        if kind == "tie":
            seats = tuple(as_int(seat, "a seat") for seat in as_list(entry["seats"], "seats"))
            self._tied = frozenset(seats)
            self.log.tie(t, seats)
            out.append(Timed(t, Tie(tuple(sorted(seats)), seats[0])))
        elif kind == "cmd":
            tied = bool(entry.get("tie"))
            if not tied:
                self._tied = frozenset()
            item = self._logged_item(entry, t)
            self._apply(item, out)
            self._logged(item, tied)
        elif kind == "seat":
            replay_seat(self, entry, self._start_ns)
        elif kind == "refused":
            replay_refused(self, entry, self._start_ns)
        return out

    def _logged_item(self, entry: LogLine, t: int) -> Item:
        seat, action, source = entry["seat"], as_str(entry["action"], "action"), as_str(entry["source"], "source")
        if source == "timer":
            if action not in (CLAIM, "photo", "clock"):
                raise ReplayMismatch(f"there is no {action!r} timer")
            if action == "clock":
                timer = self._clock
            else:
                timer = self._claim_timer if action == CLAIM else self._photo.timer if self._photo else None
            if timer is None or timer.t_ns != t:
                due = None if timer is None else timer.t_ns - self._start_ns
                raise ReplayMismatch(f"the log's {action} timer at {t - self._start_ns} ns is not due "
                                     f"(due: {due})")
            return timer
        if source == "bot":
            if action not in (PLAY, SLAP, CLAIM) or not (isinstance(seat, int) and 0 <= seat < len(self.seats)):
                raise ReplayMismatch(f"a bot in seat {seat!r} cannot {action!r} at this table")
            item = Item(t, "bot", seat, action)
            self._pending[seat][action] = item
            return item
        if action not in (PLAY, SLAP) or not (isinstance(seat, int) and 0 <= seat < len(self.seats)):
            raise ReplayMismatch(f"seat {seat!r} cannot {action!r} at this table")
        return Item(t, "human", seat, action, payload=Command(seat, action, t, source=source))

    def _logged(self, item: Item, tied: bool) -> None:
        if item.kind == "human":
            self.log.command(item.t_ns, item.seat, item.action, item.press().source, tie=tied)
        elif item.kind == "bot":
            self.log.command(item.t_ns, item.seat, item.action, "bot", tie=tied)
        else:
            self.log.command(item.t_ns, None, CLAIM if item.kind == "claim" else item.kind, "timer", tie=tied)

    # ---- head starts -----------------------------------------------------------------------------

    def _head_start_ns(self, seat: int) -> int:
        return self.seats[seat].head_start_ms * 1_000_000

    def _held_until(self, item: Item) -> int | None:
        """Until when `item` must wait for presses of other human seats with a head start that could come
        before it: a slap, or a change of a slappable pile (None: it need not wait)."""
        leads = self._human_leads()
        if not any(leads):  # (the common table: no human seat has a head start)
            return None
        if item.kind in ("human", "bot") and item.action == SLAP:
            if not self._alive(item):
                return None
        elif self._slappable is None or not self._changes_pile(item):
            return None
        lead = max((ns for s, ns in enumerate(leads) if s != item.seat), default=0)
        return item.t_ns + lead if lead else None

    def _human_leads(self) -> tuple[int, ...]:
        """Each seat's head start in ns if a human sits there, else 0 (made again when the seats change)."""
        seats = tuple(self.seats)
        if seats != self._leads_for:
            self._leads_for = seats
            self._leads = tuple(0 if spec.is_bot else self._head_start_ns(s) for s, spec in enumerate(seats))
        return self._leads

    def _changes_pile(self, item: Item) -> bool:
        """Whether queued `item` may change the pile (a play, a claim, the claim timer)."""
        if item.kind == "claim":
            return item is self._claim_timer
        return item.kind in ("human", "bot") and item.action in (PLAY, CLAIM) and self._alive(item)

    def _retimed(self, group: list[Item]) -> list[Item]:
        """`group` less the head-start slaps that find the pile not slappable while a change of it is
        queued before their press: those go back on the queue just after that change."""
        keep = []
        for item in group:
            real = item.real_ns
            if real is not None and real > item.t_ns and item.action == SLAP and self.state.slap_rule() is None:
                change = self._queue.first_after(item.t_ns, real, self._changes_pile)
                if change is not None:
                    item.t_ns = change.t_ns + 1
                    item.poll = None  # after the change, never in a tie with it
                    self._queue.push(item)
                    continue
            keep.append(item)
        return keep

    def _tell_bots(self, t: int, events: list[object]) -> None:
        """Bots that watch the table see its public slap events: `watch(what, seat, t_ns)` with `what`
        one of SEEN (a slap won, a wrong slap, a slap too late, a chance nobody took: seat None)."""
        seen = [(SEEN[type(e)], None if isinstance(e, Missed) else e.seat) for e in events
                if isinstance(e, rs.SlapWon | rs.WrongSlap | TooLate | Missed)]
        if not seen:
            return
        for bot in self.bots.values():
            for what, seat in seen:
                bot.watch(what, seat, t)

    def _add_bot(self, seat: int, spec: SeatSpec) -> None:
        """A bot for `seat`; every bot takes one draw from the match's rng, even in a replay (no bot)."""
        bot_rng = random.Random(self.rng.getrandbits(64))
        if not self.replaying:
            if spec.level is None:
                raise ValueError(f"seat {seat + 1} is a bot with no level")
            self.bots[seat] = make_bot(spec.level, bot_rng, seat=seat, rules=self.rules)

    def _result(self) -> tuple[bool, LogLine]:
        st = self.state
        return st.is_over, {"winner": st.winner, "end": st.end_reason, "cards_played": st.cards_played,
                            "hands": [len(h) for h in st.hands]}

    # ---- applying items --------------------------------------------------------------------------

    def _alive(self, item: Item) -> bool:
        if item.kind == "bot":
            return self._pending[item.seated()].get(item.action) is item
        if item.kind == "claim":
            return item is self._claim_timer
        if item.kind == "photo":
            return self._photo is not None and item is self._photo.timer
        if item.kind == "clock":
            return item is self._clock
        return True

    def _announce_tie(self, group: list[Item], out: list[Timed]) -> bool:
        """Announce slaps of two or more seats in a coin-ordered group; True if there were."""
        seats: list[int] = []
        for item in group:
            if item.action == SLAP and self._alive(item) and item.seat not in seats:
                seats.append(item.seated())
        if len(seats) < 2:
            return False
        t = min(i.t_ns for i in group)
        self._tied = frozenset(seats)
        self.log.tie(t, seats)
        out.append(Timed(t, Tie(tuple(sorted(seats)), seats[0])))
        return True

    def _apply(self, item: Item, out: list[Timed]) -> None:
        if item.real_ns is not None:  # never judged before the pile it meets appeared
            item.t_ns = max(item.t_ns, min(self._changed_ns, item.real_ns))
        t = item.t_ns
        real = t if item.real_ns is None else item.real_ns
        if item.kind == "human" and real < self._applied_ns:
            self.late_arrivals += 1
        self._applied_ns = max(self._applied_ns, t)
        self.now_ns = max(self.now_ns, t)
        if self._photo is not None and t > self._photo.t_ns + PHOTO_WINDOW_NS:
            self._close_photo(self._photo.t_ns + PHOTO_WINDOW_NS, out)
        kind = item.kind
        if kind == "photo":
            self._close_photo(t, out)
            return
        if kind == "clock":
            self._clock = None
            events = self.state.time_up()
            if events:
                self._record(events, t, out)
            elif not self.state.is_over:
                self._sudden = True
                counts = [len(h) for h in self.state.hands]
                out.append(Timed(t, TimeUp(tuple(s for s, c in enumerate(counts) if c == max(counts)))))
            return
        if kind == "claim":
            self._claim_timer = None
            challenger = self.state.challenger
            if self.state.awaiting_claim and challenger is not None:  # (a pile awaits its challenger's claim)
                self._take_turn(rs.Claim(challenger), t, "timer", out)
            return
        if kind == "bot":
            del self._pending[item.seated()][item.action]
            source = "bot"
        else:
            source = item.press().source
        seat, action = item.seated(), item.action
        if self.state.is_over:
            if source != "bot":
                self._ignored_now(Ignored(seat, action, "the game is over", source), t, out)
            return
        if action == SLAP:
            self._slap(seat, t, source, out, real)
        elif action == CLAIM or (self.state.awaiting_claim and seat == self.state.challenger):
            self._take_turn(rs.Claim(seat), t, source, out)
        else:
            self._take_turn(rs.Play(seat), t, source, out)
        if kind == "bot" and (bot := self.bots.get(seat)) is not None and bot.restless and action not in self._pending[seat]:
            # A masher presses again, whatever became of its press: counted from when it really pressed (a
            # head start judges a press earlier; the next one does not come sooner for it).
            self._plan(seat, bot, t, since=real)

    def _take_turn(self, action: rs.Play | rs.Claim, t: int, source: str, out: list[Timed]) -> None:
        """A play or a claim: legal ones end any photo finish first (the pile changes under it)."""
        st = self.state
        reason = st.why_illegal(action)
        if reason is not None:
            if source != "bot":  # a bot's stale intent is simply dropped
                self._ignored_now(Ignored(action.seat, PLAY, reason, source), t, out)
            return
        if self._photo is not None:
            self._close_photo(t, out)
        if type(action) is rs.Play:
            own = self._own_play_ns[action.seat]
            self._own_play_ns[action.seat] = t if own is None else max(own, t)
        if type(action) is rs.Claim:
            self.stats[action.seat].claims += 1
            if st.slap_rule() is not None:
                self._taken = _Taken(t, action.seat, st.cards_played, self._onset_ns)
        self._record(st.apply(action), t, out)

    def _slap(self, seat: int, t: int, source: str, out: list[Timed], real: int | None = None) -> None:
        """A slap judged at `t` (pressed at `real`, later with a head start)."""
        real = t if real is None else real
        st = self.state
        locked = self._locked_until[seat]
        if locked is not None and t < locked:  # judged times: the log's, so a replay locks the same
            self._ignored_now(Ignored(seat, SLAP, "slap locked after a wrong slap", source), t, out)
            return
        if st.timeouts[seat]:  # a seat in a slap timeout may not slap at all: "wait N cards", never "too late"
            self._ignored_now(Ignored(seat, SLAP, st.why_illegal(rs.Slap(seat)) or "", source), t, out)
            return
        taken = self._taken
        if taken is not None and st.cards_played == taken.cards_played and t - taken.t_ns <= self._grace_ns:
            if seat == taken.seat:
                self._ignored_now(Ignored(seat, SLAP, "this pile is already yours", source), t, out)
                return
            after_ms = max(0, round((t - taken.t_ns) / 1e6))
            reaction = self._reaction(real, taken.onset_ns)
            self.stats[seat].late += 1
            if reaction is not None:
                self.stats[seat].reactions_ms.append(reaction)
            self.history.slaps.append(SlapRecord(t, seat, TOO_LATE, None, reaction))
            tied = seat in self._tied and taken.seat in self._tied
            self._photo_entry(seat, t, LOST_COIN if tied else TOO_LATE)
            late = TooLate(seat, after_ms)
            out.append(Timed(t, late))
            self._tell_bots(t, [late])
            return
        reason = st.why_illegal(rs.Slap(seat))
        if reason is not None:
            self._ignored_now(Ignored(seat, SLAP, reason, source), t, out)
            return
        rule = st.slap_rule()
        onset = self._onset_ns
        cards_played = st.cards_played
        if rule is None and self.seats[seat].no_penalty:
            events: Sequence[object] = [rs.WrongSlap(seat, 0, len(st.burned))]  # a learner's: no cards, no timeout
        else:
            events = st.apply(rs.Slap(seat))
        if rule is not None:
            self._slappable = None  # taken: not missed
            reaction = self._reaction(real, onset)
            self.stats[seat].slaps_won += 1
            if reaction is not None:
                self.stats[seat].reactions_ms.append(reaction)
            self.history.slaps.append(SlapRecord(t, seat, WON, rule, reaction))
            self._taken = _Taken(t, seat, cards_played, onset)
            if self._photo is not None:
                self._close_photo(t, out)
            timer = self._queue.push(Item(t + PHOTO_WINDOW_NS, "photo"))
            self._photo = _Photo(t, cards_played, [(seat, t, WON)], timer)
            if self._sudden:
                events = [*events, *st.slap_decides(seat)]
        else:
            self.stats[seat].wrong += 1
            if self.rules.slap_lockout_ms:
                last = self._last_wrong[seat]
                self._streak[seat] = self._streak[seat] + 1 if last is not None and t - last <= LOCK_STREAK_NS else 0
                self._last_wrong[seat] = t
                lock = self.rules.slap_lockout_ms * 1_000_000 << min(self._streak[seat], LOCK_DOUBLINGS)
                self._locked_until[seat] = t + lock
            self.history.slaps.append(SlapRecord(t, seat, WRONG, None, None))
            self._photo_entry(seat, t, WRONG)
        self._record(events, t, out)

    @property
    def _grace_ns(self) -> int:
        return self.rules.late_grace_ms * 1_000_000

    def _reaction(self, t: int, onset: int | None) -> float | None:
        if onset is None:
            return None
        return (t - onset) / 1e6

    # ---- after every change ----------------------------------------------------------------------

    def _record(self, events: Sequence[object], t: int, out: list[Timed]) -> None:
        out.extend(Timed(t, event) for event in events)
        hands = tuple(map(len, self.state.hands))
        if hands != self.history.counts[-1].counts or self.state.is_over:
            self._sample(t)  # a card played, a burn, a pile won: every change of a hand
        self._settle(t, out, events)

    def _settle(self, t: int, out: list[Timed] | None = None, events: Sequence[object] = ()) -> None:
        """Bring timers, the slappable onset (and its Slappable / Missed events) and the bots' plans up
        to date with the state; bots that watch the table see `events` first."""
        st = self.state
        if st.is_over:
            for pending in self._pending:
                pending.clear()
            self._claim_timer = None
            self._clock = None
            return
        news = list(events)
        key = (st.cards_played, len(st.pile), len(st.burned))
        if key != self._pile_key:
            self._pile_key = key
            self._changed_ns = t
            rule = st.slap_rule()
            self._onset_ns = t if rule is not None else None
            if self._slappable is not None:
                missed = Missed(self._slappable.rule, self._slappable.cards)
                news.append(missed)
                self.history.missed.append(MissedRecord(t, missed.rule, self._slappable_seats))
                if out is not None:
                    out.append(Timed(t, missed))
            self._slappable = None
            if rule is not None:
                view = st.slap_view()
                self._slappable = Slappable(rule, tuple(view[i] for i in rs.slap_cards(view, rule)))
                self._slappable_seats = tuple(i for i in range(st.players) if st.in_game(i))
                if out is not None:
                    out.append(Timed(t, self._slappable))
        self._tell_bots(t, news)
        if st.awaiting_claim:
            if self._claim_timer is None:
                self._claim_timer = self._queue.push(Item(t + self.rules.claim_delay_ms * 1_000_000, "claim"))
        else:
            self._claim_timer = None
        bots = self.bots
        if bots:  # every bot sees the same state: their observations are built together
            for (seat, bot), obs in zip(list(bots.items()), st.observations(list(bots))):
                self._plan(seat, bot, t, obs)

    def _plan(self, seat: int, bot: SlapBot, t: int, obs: rs.Observation | None = None,
              since: int | None = None) -> None:
        """Ask the bot of `seat` for its intents at `t` (seeing `obs`, default its observation now) and queue
        them. `since`: the bot's own now, when later than the match's (it pressed then, that press judged at
        `t` by a head start); its presses come no sooner, and are judged no closer to `t` than to `since`."""
        st = self.state
        if st.is_over:
            return
        pending = self._pending[seat]
        planned = {a: item.t_ns if item.real_ns is None else item.real_ns for a, item in pending.items()}
        now = t if since is None else max(t, since)
        changes = bot.plan(st.observation(seat) if obs is None else obs, now, planned)
        if not changes:
            return
        for action, when in changes.items():
            pending.pop(action, None)
            if when is None:
                continue
            at = max(when, now)
            lead = self._head_start_ns(seat) if action == SLAP else 0
            if lead:  # a bot's head start, like a person's: judged earlier, never before now
                # nor, after a press of its own (since), closer to that press than it really is
                floor = t if since is None else t + at - now
                pending[action] = self._queue.push(Item(max(at - lead, floor), "bot", seat, action, real_ns=at))
            else:
                pending[action] = self._queue.push(Item(at, "bot", seat, action))
        slap, play = pending.get(SLAP), pending.get(PLAY)
        locked = self._locked_until[seat]
        if slap is not None and SLAP in changes:
            floor = locked or 0  # no slap judged while locked
            if slap.real_ns is not None and play is not None and slap.t_ns < play.t_ns < slap.real_ns:
                floor = max(floor, play.t_ns + 1)  # nor before its own card play (it covers the pile)
            if slap.t_ns < floor:
                real = None if slap.real_ns is None else max(slap.real_ns, floor)
                pending[SLAP] = self._queue.push(Item(floor, "bot", seat, SLAP, real_ns=real))

    def _sample(self, t: int) -> None:
        st = self.state
        self.history.counts.append(CountSample(t, st.cards_played, tuple(map(len, st.hands))))

    # ---- photo finish and ignored commands -------------------------------------------------------

    def _photo_entry(self, seat: int, t: int, verdict: str) -> None:
        photo = self._photo
        if photo is None or self.state.cards_played != photo.cards_played:
            return
        if t - photo.t_ns > PHOTO_WINDOW_NS or any(e[0] == seat for e in photo.entries):
            return
        photo.entries.append((seat, t, verdict))

    def _close_photo(self, t: int, out: list[Timed]) -> None:
        photo, self._photo = self._photo, None
        if photo is None or len(photo.entries) < 2:
            return
        first = photo.t_ns
        leads = tuple(self.seats[seat].head_start_ms for seat, _, _ in photo.entries)
        finish = PhotoFinish(tuple(
            (seat, ts, max(0, round((ts - first) / 1e6)), verdict) for seat, ts, verdict in photo.entries
        ), leads if any(leads) else ())
        self.last_photo_finish = finish
        out.append(Timed(t, finish))

    def _ignore(self, ignored: Ignored) -> None:
        self.ignored.append(ignored)
        if ignored.seat is not None and 0 <= ignored.seat < len(self.stats):
            self.stats[ignored.seat].ignored += 1

    def _ignored_now(self, ignored: Ignored, t: int, out: list[Timed]) -> None:
        self._ignore(ignored)
        out.append(Timed(t, ignored))
