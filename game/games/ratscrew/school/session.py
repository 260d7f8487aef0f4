"""One slap-school session, as a pure model: cards dealt onto one pile at the pace, slaps judged, feedback
events, the pace adapting, the results. No pygame and no clock: every call says what time it is (ns).

The timeline: a card is dealt; the window to slap it runs from the moment it was *shown* (the frame that
first drew it: the scene reports it with `presented`; with `presenting=False`, as in the sim, a card is
shown when dealt) for the pace's time. A slap is judged against the pile as it was shown at the slap's
stamp, so a press made before the next card reached the screen counts for the pile the player saw.

- A pile that makes a pattern: each seat that slaps within the window is right (its reaction time is
  stamp − shown); the window closes when everyone has slapped, or at its end, where every seat that
  did not is told what it missed. The pile then stays a moment (`FEEDBACK_MS`) with the pattern framed,
  and is swept. A slap in that moment is "too late" (and still a miss).
- Any other pile: a slap is wrong (no penalty: this is practice); the next card comes at the window's end.
- Near misses are piles that almost make a pattern: leaving them alone is a right decision.
- A pile of `MAX_PILE` cards with nothing on it is swept before the next card.

Every seat answers each card at most once. Decisions (patterns, near misses, wrong slaps) feed the pace.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from game.games.ratscrew.school.deal import Dealer, spread
from game.games.ratscrew.school.drills import DRILLS, near_miss, slappable
from game.games.ratscrew.school.pace import Pace

MS = 1_000_000
FEEDBACK_MS = 1100  # a pattern's pile stays this long after its window closed, framed, then is swept
MAX_PILE = 8
MIN_CARDS, MAX_CARDS = 1, 100_000
MAX_PLAYERS = 4
RIGHT, WRONG, LATE, EARLY = "right", "wrong", "late", "early"
EARLY_MS = 100  # a press this soon after the card was shown is a guess, not a reaction: "too early"


@dataclass(slots=True)
class Dealt:
    """Card `index` (from 0) of the session, `card`, went on the pile."""

    index: int
    card: str


@dataclass(slots=True)
class Judged:
    """`seat` slapped card `index`'s pile: `verdict` RIGHT (with the rule and `ms` its reaction time), WRONG
    (with the near miss's rule, or None for nothing at all; `ms` its reaction time), EARLY (a pattern's pile
    pressed under EARLY_MS after it was shown: a guess, not a hit) or LATE (the rule it missed; `ms` how long
    after the window closed). `cells`: the pile's cards to frame."""

    seat: int
    verdict: str
    rule: str | None
    ms: int
    cells: tuple[int, ...]
    index: int


@dataclass(slots=True)
class Missed:
    """`seat` did not slap card `index`'s pattern `rule` in time ("You missed a Double!")."""

    seat: int
    rule: str
    cells: tuple[int, ...]
    index: int


@dataclass(slots=True)
class Swept:
    """The pile was cleared: after a pattern ("pattern") or because it was full ("full")."""

    reason: str


@dataclass(slots=True)
class PaceChanged:
    ms: int
    faster: bool


@dataclass(slots=True)
class Finished:
    pass


Event = Dealt | Judged | Missed | Swept | PaceChanged | Finished


@dataclass(slots=True)
class Card:
    """One card dealt and what came of it."""

    index: int
    card: str
    view: tuple[str, ...]  # the pile with this card on top, bottom first
    rule: str | None  # the pattern the pile makes, if any
    near: str | None  # else the pattern it almost makes, if any
    cells: tuple[int, ...]  # the cards that make (or almost make) it
    dealt_ns: int
    pace_ms: int
    shown_ns: int | None = None
    closed_ns: int | None = None
    answers: dict[int, tuple[str, int]] = field(default_factory=dict)  # seat -> (RIGHT | WRONG, reaction ms)
    late: dict[int, int] = field(default_factory=dict)  # seat -> ms after the window closed

    @property
    def opens_ns(self) -> int:
        return self.shown_ns if self.shown_ns is not None else self.dealt_ns

    @property
    def deadline_ns(self) -> int:
        return self.opens_ns + self.pace_ms * MS


@dataclass(frozen=True, slots=True)
class Options:
    """What the setup screen chose: the drill (0-based), the pace mode, hints (ms after a pattern is
    shown; None: off) and the number of cards."""

    drill: int = 0
    pace: str = "adaptive"
    hint_ms: int | None = None
    cards: int = 30


class Session:
    """`start(now)`, then `advance(now)` and `slap(seat, t)` in time order; each returns the events."""

    def __init__(self, options: Options, players: int, seed: int, presenting: bool = False,
                 sure_patterns: int = 0) -> None:
        """`sure_patterns`: that many patterns, spread over the cards (deal.spread), and no others: the Fair
        start's check, whose figure needs a few slaps; 0: as many as the dealer's shares deal, at random."""
        if not 0 <= options.drill < len(DRILLS):
            raise ValueError(f"drill must be 0 to {len(DRILLS) - 1}, not {options.drill}")
        if not MIN_CARDS <= options.cards <= MAX_CARDS:
            raise ValueError(f"cards must be {MIN_CARDS} to {MAX_CARDS}, not {options.cards}")
        if not 1 <= players <= MAX_PLAYERS:
            raise ValueError(f"the school is for 1 to {MAX_PLAYERS} players, not {players}")
        if options.hint_ms is not None and options.hint_ms < 0:
            raise ValueError(f"hint delay must be 0 ms or more, not {options.hint_ms}")
        self.options = options
        self.drill = DRILLS[options.drill]
        self.rules = self.drill.rules
        self.players = players
        self.presenting = presenting
        self.pace = Pace(options.pace)
        rng = random.Random(seed)
        self.dealer = Dealer(self.drill, rng, spread(options.cards, sure_patterns, rng) if sure_patterns else None)
        self.pile: list[str] = []
        self.cards: list[Card] = []
        self.phase = "idle"  # idle, deal (a window is open), feedback (a pattern's pile stays), over
        self.feedback_until = 0
        self.pile_start = 0  # index of the pile's bottom card among `cards`
        self.ended_ns: int | None = None  # when the last card's window closed (the session is over)

    # -- reading --------------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def current(self) -> Card | None:
        return self.cards[-1] if self.cards else None

    @property
    def length_ms(self) -> int:
        """From the first card dealt to the end (or to the last card dealt, before the end), in ms."""
        if not self.cards:
            return 0
        end = self.ended_ns if self.ended_ns is not None else self.cards[-1].dealt_ns
        return (end - self.cards[0].dealt_ns) // MS

    def next_due(self) -> int | None:
        """When the session changes by itself next (a window's end, a sweep), or None."""
        card = self.current
        if self.phase == "deal" and card is not None:
            return card.deadline_ns
        if self.phase == "feedback":
            return self.feedback_until
        return None

    def seen_at(self, t_ns: int) -> Card | None:
        """The card on top of the pile as it was shown at `t_ns` (None before the first was shown)."""
        for card in reversed(self.cards):
            if card.shown_ns is not None and card.shown_ns <= t_ns:
                return card
        return None

    def shown_pile(self, t_ns: int) -> tuple[str, ...]:
        """The pile as it was shown at `t_ns`, bottom first (what a player sees)."""
        card = self.seen_at(t_ns)
        return card.view if card is not None else ()

    def hint(self, now_ns: int) -> tuple[int, ...]:
        """With hints on: the cards to outline once the pattern on top has been shown for the hint delay."""
        card = self.current
        delay = self.options.hint_ms
        if delay is None or self.phase != "deal" or card is None or card.rule is None or card.shown_ns is None:
            return ()
        if now_ns - card.shown_ns < delay * MS or len(card.answers) == self.players:
            return ()
        return card.cells

    # -- time -----------------------------------------------------------------------------------------
    def start(self, now_ns: int) -> list[Event]:
        if self.phase != "idle":
            return []
        events: list[Event] = []
        self._deal(now_ns, events)
        return events

    def presented(self, index: int, t_ns: int) -> None:
        """Card `index` was first drawn on screen at `t_ns`: its window opens then."""
        if 0 <= index < len(self.cards) and self.cards[index].shown_ns is None:
            self.cards[index].shown_ns = max(t_ns, self.cards[index].dealt_ns)

    def advance(self, now_ns: int) -> list[Event]:
        events: list[Event] = []
        while True:
            card = self.current
            if self.phase == "deal" and card is not None and now_ns >= card.deadline_ns:
                self._close(card, card.deadline_ns, events)
            elif self.phase == "feedback" and now_ns >= self.feedback_until:
                at = self.feedback_until
                self._sweep("pattern", events)
                self._next(at, events)
            else:
                return events

    def slap(self, seat: int, t_ns: int) -> list[Event]:
        """`seat` slapped at `t_ns` (its press's stamp)."""
        if not 0 <= seat < self.players:
            return []
        events = self.advance(t_ns)
        card = self.seen_at(t_ns)
        if card is None or seat in card.answers or seat in card.late:
            return events
        closed_ns = card.closed_ns
        closed = closed_ns is not None and t_ns > closed_ns
        if card.rule is not None and closed_ns is not None and closed:
            late = (t_ns - closed_ns) // MS
            card.late[seat] = late
            events.append(Judged(seat, LATE, card.rule, late, card.cells, card.index))
            return events
        ms = (t_ns - card.opens_ns) // MS
        if card.rule is not None and ms < EARLY_MS:  # nobody sees and slaps that fast: a guess
            card.answers[seat] = (EARLY, ms)
            events.append(Judged(seat, EARLY, card.rule, ms, card.cells, card.index))
            return events
        if card.rule is not None:
            card.answers[seat] = (RIGHT, ms)
            events.append(Judged(seat, RIGHT, card.rule, ms, card.cells, card.index))
            if card is self.current and self.phase == "deal" and len(card.answers) == self.players:
                self._close(card, t_ns, events)
            return events
        card.answers[seat] = (WRONG, ms)
        events.append(Judged(seat, WRONG, card.near, ms, card.cells if card.near else (), card.index))
        if closed:  # judged against a pile already gone by (the next card was not on screen yet)
            self._decided(False, events, pattern=False)
        return events

    # -- mechanics ------------------------------------------------------------------------------------
    def _deal(self, at: int, events: list[Event]) -> None:
        if len(self.pile) >= MAX_PILE:
            self._sweep("full", events)
        card, _ = self.dealer.next_card(self.pile)
        self.pile.append(card)
        view = tuple(self.pile)
        rule, cells = slappable(view, self.rules)
        near = None
        if rule is None:
            near, cells = near_miss(view, self.rules)
        record = Card(len(self.cards), card, view, rule, near, cells, at, self.pace.ms,
                      shown_ns=None if self.presenting else at)
        self.cards.append(record)
        self.phase = "deal"
        events.append(Dealt(record.index, card))

    def _close(self, card: Card, at: int, events: list[Event]) -> None:
        card.closed_ns = at
        for seat in range(self.players):
            answer = card.answers.get(seat)
            if card.rule is not None:
                if answer is None:
                    events.append(Missed(seat, card.rule, card.cells, card.index))
                self._decided(answer is not None and answer[0] == RIGHT, events)
            elif card.near is not None or answer is not None:
                self._decided(answer is None, events, pattern=False)
        if card.rule is not None:
            self.phase = "feedback"
            self.feedback_until = at + FEEDBACK_MS * MS
        else:
            self._next(at, events)

    def _decided(self, right: bool, events: list[Event], pattern: bool = True) -> None:
        before = self.pace.told_ms
        new = self.pace.judged(right, pattern)
        if new is not None:
            events.append(PaceChanged(new, new < before))

    def _next(self, at: int, events: list[Event]) -> None:
        if len(self.cards) >= self.options.cards:
            self.phase = "over"
            self.ended_ns = at
            events.append(Finished())
        else:
            self._deal(at, events)

    def _sweep(self, reason: str, events: list[Event]) -> None:
        self.pile = []
        self.pile_start = len(self.cards)
        events.append(Swept(reason))
