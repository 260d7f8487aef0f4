"""What the drill screen says and frames after each event of the session: a line per seat (right, wrong,
missed, too late), the banner over the pile, the frames round the pattern's cards, the pace's news.
Pure: driven by the session's events and their times; the screen draws what it holds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.games.ratscrew.school import text
from game.games.ratscrew.school.session import (
    EARLY,
    LATE,
    MS,
    RIGHT,
    Dealt,
    Event,
    Judged,
    Missed,
    PaceChanged,
    Swept,
)

BANNER_MS = 1600
NEWS_MS = 1400


@dataclass(slots=True)
class Said:
    text: str
    tone: str  # right, wrong, missed, late, info (paint.TONES)
    at_ns: int


class Feedback:
    """Holds the latest words and frames; `on_events(events, now_ns)` takes the session's news."""

    def __init__(self, players: int, names: Callable[[int], str]) -> None:
        self.players = players
        self.names = names
        self.seats: list[Said | None] = [None] * players
        self.banner: Said | None = None
        self.news: Said | None = None  # the pace changed
        self.frames: dict[tuple[int, ...], str] = {}  # cards of the pile (indexes) -> tone
        self.dealt = 0
        self.last_slap: tuple[int, int] | None = None  # (seat, ns) of the last right slap (the hand)

    def banner_now(self, now_ns: int) -> Said | None:
        b = self.banner
        return b if b is not None and now_ns - b.at_ns < BANNER_MS * MS else None

    def news_now(self, now_ns: int) -> Said | None:
        n = self.news
        return n if n is not None and now_ns - n.at_ns < NEWS_MS * MS else None

    def on_events(self, events: list[Event], now_ns: int) -> None:
        for event in events:
            self.on_event(event, now_ns)

    def on_event(self, e: Event, now_ns: int) -> None:
        solo = self.players == 1
        if isinstance(e, Dealt):
            self.dealt = e.index + 1
            self.frames = {cells: tone for cells, tone in self.frames.items() if tone != "wrong"}
        elif isinstance(e, Swept):
            self.frames = {}
        elif isinstance(e, Judged):
            cells = e.cells  # indexes into the pile as it is: it only grows until it is swept
            if e.verdict == RIGHT and e.rule is not None:  # (a right slap always has its rule)
                said = Said(text.right(e.rule, e.ms), "right", now_ns)
                self.frames[cells] = "right"
                self.banner = Said(text.praise(e.rule, e.ms), "right", now_ns) if solo else Said(
                    text.pattern(e.rule), "right", now_ns)  # the ms small in the player's box
                self.last_slap = (e.seat, now_ns)
            elif e.verdict == LATE:
                said = Said(text.late(e.ms), "late", now_ns)
            elif e.verdict == EARLY:  # under 100 ms after the card was shown: a guess
                said = Said(text.too_early(), "wrong", now_ns)
                if solo:
                    self.banner = said
            else:
                said = Said(text.wrong(e.rule), "wrong", now_ns)
                if cells:
                    self.frames[cells] = "wrong"
                if solo:
                    self.banner = said
            self.seats[e.seat] = said
        elif isinstance(e, Missed):
            self.frames.setdefault(e.cells, "missed")
            self.seats[e.seat] = Said(text.missed_short(e.rule), "missed", now_ns)
            if solo:
                self.banner = Said(text.missed(e.rule), "missed", now_ns)
            elif self.banner is None or self.banner.tone != "right" or now_ns - self.banner.at_ns > BANNER_MS * MS:
                self.banner = Said(text.pattern(e.rule), "missed", now_ns)
        elif isinstance(e, PaceChanged):
            self.news = Said(text.pace_changed(e.faster), "info", now_ns)
