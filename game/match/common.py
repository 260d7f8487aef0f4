"""What both match drivers share: seats, timed events, the time-ordered queue with fair ties, and
replaying a logged command."""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from game.commands import Command

if TYPE_CHECKING:
    from game.record import LogLine, MatchLog

# Presses read in one poll of the event queue share a poll number. Poll numbers are only compared
# between presses stamped within one polling interval, so a default poll of 0 on commands from
# different reads is never mistaken for a tie.
POLL_WINDOW_NS = 2_000_000


HEAD_START_MAX_MS = 1000  # a seat's head start: 0 to this, in steps of HEAD_START_STEP_MS
# A whole ms (issue 38): at a big table a few ms decide a seat's share (six seats: 10 ms of a casual's head start
# against three pros moves its wins by about a quarter), so Fair start's figures are not rounded to coarser steps.
HEAD_START_STEP_MS = 1
HEAD_STARTS_MS = tuple(range(0, HEAD_START_MAX_MS + 1, HEAD_START_STEP_MS))
HINT_DELAYS_MS = (500, 1000, 2000, 3000)  # a learner seat's hint shows this long after a slap chance


def check_head_start(value: object) -> int:
    """`value` as a head start in ms (a whole number, 0–1,000: the old steps of 10 and 50 stay valid); ValueError
    (one line) otherwise."""
    if not isinstance(value, int) or isinstance(value, bool) or value not in HEAD_STARTS_MS:
        raise ValueError(f"a head start is a whole number of ms from 0 to {HEAD_START_MAX_MS}, "
                         f"not {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who sits in a seat: a human, or a bot of some level; and what makes the table fair for them.

    `head_start_ms`: the seat's slaps are judged as if pressed that much earlier (0–1,000 ms in steps
    of 10), but never before the seat's own card play. `hint_ms`: a learner seat (humans only) whose table outlines a slappable pattern this long
    after the pile became slappable; None for a seat that is no learner. `no_penalty` (a learner's setting,
    humans only): the seat's wrong slaps cost it no cards (the slap lockout still holds). `number`: the number a
    seat without a name of its own is called by ("Player 8" sitting fourth: the lobby row, whose keys it plays
    with); None: its seat's. Such a name is worded when shown (`seat_name`), so it follows the language.
    `stand_in` (bots only): a bot playing on for a person whose pad was unplugged; without a name of its own it is
    still called "Player 2" (worded when shown, like the person's), not "Bot 2".
    """

    kind: str = "human"
    level: str | None = None
    name: str = ""
    head_start_ms: int = 0
    hint_ms: int | None = None
    no_penalty: bool = False
    number: int | None = None
    stand_in: bool = False

    def __post_init__(self) -> None:
        if self.kind not in ("human", "bot"):
            raise ValueError(f"seat kind must be 'human' or 'bot', not {self.kind!r}")
        if self.kind == "bot" and not self.level:
            raise ValueError("a bot seat needs a level")
        check_head_start(self.head_start_ms)
        if self.hint_ms is not None:
            if self.kind == "bot":
                raise ValueError("a bot seat cannot be a learner")
            if self.hint_ms not in HINT_DELAYS_MS or isinstance(self.hint_ms, bool):
                raise ValueError(f"a learner's hint delay is one of {HINT_DELAYS_MS} ms, not {self.hint_ms!r}")
        if not isinstance(self.no_penalty, bool):
            raise TypeError(f"no_penalty is true or false, not {self.no_penalty!r}")
        if self.no_penalty and self.kind == "bot":
            raise ValueError("a bot seat cannot play without penalty")
        if self.number is not None and (isinstance(self.number, bool) or not isinstance(self.number, int)
                                        or not 1 <= self.number <= 99):
            raise ValueError(f"a seat's number is a whole number from 1 to 99, not {self.number!r}")
        if not isinstance(self.stand_in, bool):
            raise TypeError(f"stand_in is true or false, not {self.stand_in!r}")
        if self.stand_in and self.kind != "bot":
            raise ValueError("only a bot stands in for a player")

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    @property
    def is_learner(self) -> bool:
        return self.hint_ms is not None


@dataclass(frozen=True, slots=True)
class Timed:
    """An engine event or a driver event, with the time (ns) it happened."""

    t_ns: int
    event: object  # the engine's event (or a driver's); readers narrow it by its class


@dataclass(frozen=True, slots=True)
class Ignored:
    """A command that could not be applied (not your turn, game over, …); `reason` says why."""

    seat: int | None
    action: str
    reason: str
    source: str = "human"


@dataclass(slots=True)
class Item:
    """One thing due at `t_ns`: a human command, a bot intent or a timer.

    `poll` is set for human presses only (None otherwise); `token` lets a timer or intent be
    superseded without digging it out of the heap.
    """

    t_ns: int
    kind: str
    seat: int | None = None
    action: str = ""
    poll: int | None = None
    token: int = 0
    payload: Command | None = None  # a human press: the command itself
    seq: int = field(default=0, compare=False)
    real_ns: int | None = None  # a slap with a head start: when it was really pressed (t_ns: as judged)

    def seated(self) -> int:
        """A press's seat (a person's or a bot's: only a timer has none)."""
        if self.seat is None:
            raise ValueError(f"a {self.kind} item with no seat")
        return self.seat

    def press(self) -> Command:
        """A person's press, as the queue carries it."""
        if self.payload is None:
            raise ValueError(f"a {self.kind} item with no press")
        return self.payload


class TimeQueue:
    """Items applied in time order; items at the same instant, or human presses of the same poll,
    form a tie group whose order is a coin from the match's rng."""

    def __init__(self, rng: random.Random) -> None:
        self._heap: list[tuple[int, int, Item]] = []
        self._seq = 0
        self._rng = rng

    def push(self, item: Item) -> Item:
        self._seq += 1
        item.seq = self._seq
        heapq.heappush(self._heap, (item.t_ns, self._seq, item))
        return item

    def next_t(self) -> int | None:
        return self._heap[0][0] if self._heap else None

    def peek(self) -> Item | None:
        """The next item due (not taken off the queue), or None."""
        return self._heap[0][2] if self._heap else None

    def first_after(self, low_ns: int, high_ns: int, wanted: Callable[[Item], bool]) -> Item | None:
        """The earliest queued item due in (low_ns, high_ns] that `wanted` accepts, or None."""
        found = [item for t, _, item in self._heap if low_ns < t <= high_ns and wanted(item)]
        return min(found, key=lambda item: (item.t_ns, item.seq), default=None)

    def __len__(self) -> int:
        return len(self._heap)

    @staticmethod
    def _ties(a: Item, b: Item) -> bool:
        if a.t_ns == b.t_ns:
            return True
        return (
            a.poll is not None
            and a.poll == b.poll
            and abs(a.t_ns - b.t_ns) <= POLL_WINDOW_NS
        )

    def pop_group(self, now_ns: int) -> tuple[list[Item], bool]:
        """The next tie group due by `now_ns`, in applied order, and whether a coin ordered it."""
        if not self._heap or self._heap[0][0] > now_ns:
            return [], False
        group = [heapq.heappop(self._heap)[2]]
        horizon = min(now_ns, group[0].t_ns + POLL_WINDOW_NS)
        put_back: list[Item] = []
        while self._heap and self._heap[0][0] <= horizon:
            item = heapq.heappop(self._heap)[2]
            if any(self._ties(member, item) for member in group):
                group.append(item)
            else:
                put_back.append(item)
        for item in put_back:
            heapq.heappush(self._heap, (item.t_ns, item.seq, item))
        if len(group) == 1:
            return group, False
        self._rng.shuffle(group)
        return group, True


class Driver(Protocol):
    """What the helpers below use of a match driver (both games' matches answer it)."""

    game: str
    seats: list[SeatSpec]
    seed: int
    now_ns: int
    log: MatchLog
    _queue: TimeQueue

    def _ignore(self, ignored: Ignored) -> None: ...

    def submit(self, cmd: Command) -> str | None: ...

    def replace_seat(self, seat: int, spec: SeatSpec) -> None: ...


def submit_human(match: Driver, cmd: Command, actions: tuple[str, ...], game_name: str,
                 judged_ns: int | None = None) -> str | None:
    """Queue a stamped human command on `match` (never dropped); a reason at once if it can never apply
    (then it is logged as refused, since it still counts in the seat's stats). `judged_ns`: the time it
    is ordered and judged at, when that is not its stamp (a head start).

    Shared by both drivers: `match` has `seats`, `log`, `_queue` and `_ignore(Ignored)`.
    """
    reason = None
    if cmd.action not in actions:
        reason = f"{cmd.action!r} is not a {game_name} action"
    elif cmd.seat is None or not 0 <= cmd.seat < len(match.seats):
        reason = f"no seat {cmd.seat} at this table"
    elif match.seats[cmd.seat].is_bot:
        reason = f"seat {cmd.seat} is played by a bot"
    if reason is not None:
        match.log.refused(cmd.t_ns, cmd.seat, cmd.action, cmd.source)
        match._ignore(Ignored(cmd.seat, cmd.action, reason, cmd.source))
        return reason
    if judged_ns is None or judged_ns == cmd.t_ns:
        match._queue.push(Item(cmd.t_ns, "human", cmd.seat, cmd.action, poll=cmd.poll, payload=cmd))
    else:
        match._queue.push(Item(judged_ns, "human", cmd.seat, cmd.action, poll=cmd.poll, payload=cmd,
                               real_ns=cmd.t_ns))
    return None


class ReplayMismatch(Exception):
    """A logged command the match cannot apply as logged (its timer is not there, a seat is wrong, …):
    the replay has parted from the recorded game."""


def seat_line(spec: SeatSpec) -> LogLine:
    """A seat as a log's header writes it (a head start and a learner's hint delay only when set)."""
    line: LogLine = {"kind": spec.kind, "level": spec.level, "name": spec.name}
    if spec.head_start_ms:
        line["head_start_ms"] = spec.head_start_ms
    if spec.hint_ms is not None:
        line["hint_ms"] = spec.hint_ms
    if spec.no_penalty:
        line["no_penalty"] = True
    if spec.number is not None:
        line["number"] = spec.number
    if spec.stand_in:
        line["stand_in"] = True
    return line


def seat_from_line(line: LogLine) -> SeatSpec:
    """The seat a log's header (or seat change) line describes: the inverse of `seat_line`; ValueError or
    TypeError (as SeatSpec says them) for a value of the wrong kind."""
    kind, hint, no_penalty = line["kind"], line.get("hint_ms"), line.get("no_penalty", False)
    stand_in = line.get("stand_in", False)
    head = line.get("head_start_ms", 0)
    if isinstance(head, bool) or not isinstance(head, int):
        head = check_head_start(head)  # raises: a head start is a whole number of ms
    if not isinstance(kind, str):
        raise ValueError(f"seat kind must be 'human' or 'bot', not {kind!r}")  # noqa: TRY004 - as SeatSpec says it
    if hint is not None and (isinstance(hint, bool) or not isinstance(hint, int)):
        raise ValueError(f"a learner's hint delay is one of {HINT_DELAYS_MS} ms, not {hint!r}")
    if not isinstance(no_penalty, bool):
        raise TypeError(f"no_penalty is true or false, not {no_penalty!r}")
    if not isinstance(stand_in, bool):
        raise TypeError(f"stand_in is true or false, not {stand_in!r}")
    number = line.get("number")
    if number is not None and (isinstance(number, bool) or not isinstance(number, int)):
        raise ValueError(f"a seat's number is a whole number from 1 to 99, not {number!r}")
    return SeatSpec(kind, _text_or_none(line.get("level")), str(line.get("name") or ""),
                    head_start_ms=head, hint_ms=hint, no_penalty=no_penalty, number=number,
                    stand_in=stand_in)


def _text_or_none(value: object) -> str | None:
    return None if value is None else str(value)


def _whole(value: object) -> int:
    """A logged whole number (a log's lines are checked when it is read: game.record)."""
    if isinstance(value, int):
        return value
    raise TypeError(f"not a whole number: {value!r}")


def log_header(match: Driver, rules: LogLine, start_ns: int, first_player: int,
               options: LogLine, deal: LogLine | None) -> LogLine:
    """The header of `match`'s log (everything a replay needs to build the same match)."""
    header: LogLine = {"game": match.game, "rules": rules, "players": len(match.seats),
              "seats": [seat_line(s) for s in match.seats], "seed": match.seed, "first_player": first_player,
              "start_ns": start_ns, "options": {k: v for k, v in options.items() if v is not None}}
    if deal:
        header["deal"] = deal
    return header


def replay_seat(match: Driver, entry: LogLine, start_ns: int) -> None:
    """Replay a logged seat change: the match's clock where it was, then `replace_seat`."""
    match.now_ns = start_ns + _whole(entry["t"])
    match.replace_seat(_whole(entry["seat"]), SeatSpec(str(entry["kind"]), _text_or_none(entry.get("level")),
                                                       str(entry.get("name", ""))))


def replay_refused(match: Driver, entry: LogLine, start_ns: int) -> None:
    """Replay a command refused at submit time: it must be refused again."""
    seat = entry["seat"]
    cmd = Command(None if seat is None else _whole(seat), str(entry["action"]), start_ns + _whole(entry["t"]),
                  source=str(entry.get("source", "human")))
    if match.submit(cmd) is None:
        raise ReplayMismatch(f"seat {cmd.seat}'s {cmd.action!r} was refused when recorded, "
                             "but is accepted now")
