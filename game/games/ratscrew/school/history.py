"""What the players' history (game.history) keeps of a slap-school session: for each player with a profile,
the drill (the rule it adds: "double", "sandwich", …), every slap in card order, the right decisions out of
all decisions (as the stars screen counts them) and the session's length (game time: pauses left out).

A slap is (rule, outcome, reaction ms): "right" (a pattern slapped in time), "late" (a pattern slapped after
its window closed; the time still counts from the card being shown), "missed" (a pattern not slapped: no
time), "wrong" (a slap on a pile that makes nothing: the rule it almost made, or None), "early" (a press on a
pattern under 100 ms after it was shown: a guess, a false slap; sessions kept before issue 21 say "wrong").
From these the session's stars can be told again (school/mastery.py): hits, patterns, false slaps, reactions.

A session is kept once it is over, when its stars screen comes; one left halfway (Back to setup, Start over,
the window closed) is not: half a session would skew the player's accuracy and their trend. Guests are not
kept: their sessions are noted in memory for the run (`History.note_guest_practice`), shown as tonight's. `record` only queues (History writes on its own thread), so it costs the frame nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.games.ratscrew.school.names import GAME
from game.games.ratscrew.school.scoring import tally
from game.games.ratscrew.school.session import EARLY, MS, RIGHT, WRONG, Card, Session

LATE, MISSED = "late", "missed"

if TYPE_CHECKING:
    from game.history.store import History

Slap = tuple[str | None, str, int | None]


def seat_slaps(cards: Sequence[Card], seat: int) -> list[Slap]:
    """`seat`'s slaps over `cards` (and the patterns it missed), in card order."""
    out: list[Slap] = []
    for card in cards:
        answer = card.answers.get(seat)
        if card.rule is not None:
            if answer is not None and answer[0] == EARLY:  # a guess before the card could be seen
                out.append((card.rule, EARLY, answer[1]))
            elif answer is not None:  # a slap on a pattern's pile, in its window, after EARLY_MS: right
                out.append((card.rule, RIGHT, answer[1]))
            elif seat in card.late and card.closed_ns is not None:
                out.append((card.rule, LATE, (card.closed_ns - card.opens_ns) // MS + card.late[seat]))
            elif card.closed_ns is not None:
                out.append((card.rule, MISSED, None))
        elif answer is not None:
            out.append((card.near, WRONG, answer[1]))
    return out


def record(history: History, session: Session, profiles: Sequence[int | None], started: str | None = None,
           names: Sequence[str] = ()) -> list[int]:
    """Queue the finished `session` in `history` (game.history.History) for each player with a profile;
    the seats queued. Nothing for a session that is not over, or without a database; a guest's (by its name in
    `names`) is noted for this run only, for the results' "tonight" line."""
    if not session.over:
        return []
    scores = tally(session.cards, session.players)
    queued: list[int] = []
    for seat in range(session.players):
        profile_id = profiles[seat] if seat < len(profiles) else None
        if profile_id is None:
            if seat < len(names):
                history.note_guest_practice(GAME, names[seat], scores[seat].hits, scores[seat].patterns,
                                            scores[seat].false_slaps)
            continue
        try:
            kept = history.record_practice(profile_id, game=GAME, drill=session.drill.newest,
                                           slaps=seat_slaps(session.cards, seat), correct=scores[seat].right,
                                           decisions=scores[seat].decisions, length_ms=session.length_ms,
                                           started=started, seat=seat)
        except Exception as exc:  # noqa: BLE001 - the history must never cost the school: say why instead
            print(f"couchcards: history: the practice was not recorded ({type(exc).__name__}: {exc})".splitlines()[0],
                  file=sys.stderr)
            return queued
        if kept:
            queued.append(seat)
    return queued
