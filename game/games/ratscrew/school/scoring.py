"""A session's results per seat: right decisions, accuracy, reaction times, a row per rule, and stars.
Pure: computed from the session's cards (`session.Card`), which hold every answer.

A decision is a pile where the right move mattered: a pattern (right: slapped in time), a near miss
(right: left alone), or any other pile a seat slapped (wrong). Plain piles left alone are not counted.

Reported apart (issue 21): hits (patterns slapped in time), correct rejections (near misses left alone) and
false slaps (slaps on a near miss or on nothing, and presses too early to be reactions). Stars need hits: the
accuracy stars count the thresholds both the hit rate (hits / patterns) and the precision (hits / all slaps)
reach, so pressing nothing, or everything, earns none.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.games.ratscrew.school.drills import LADDER
from game.games.ratscrew.school.session import EARLY, RIGHT, Card
from game.games.school.stars import stars_for

# Stars: accuracy (share of right decisions, the schools' SHARES) and speed (median reaction to patterns, ms).
SPEED_STARS_MS = (1300, 900, 600)  # at most this median for 1, 2, 3 stars


def accuracy_stars(hits: int, patterns: int, false_slaps: int) -> int:
    """0-3: each of the schools' SHARES (game.games.school.stars) that both the hit rate (hits / patterns) and the precision (hits / all
    slaps) reach; none without a hit (pressing nothing, or everything, earns no star)."""
    if hits <= 0 or patterns <= 0:
        return 0
    return stars_for(hits / patterns, hits / (hits + max(0, false_slaps)))


def speed_stars(median_ms: float | None, hits: int, accuracy: int) -> int:
    """0-3: each of SPEED_STARS_MS the median reaction is within, once there are hits and an accuracy star."""
    if median_ms is None or hits <= 0 or accuracy <= 0:
        return 0
    return sum(median_ms <= limit for limit in SPEED_STARS_MS)


@dataclass(slots=True)
class RuleRow:
    """One rule's line: patterns shown, slapped in time, missed; near misses shown, left alone, slapped."""

    rule: str
    patterns: int = 0
    right: int = 0
    missed: int = 0
    near: int = 0
    held: int = 0
    wrong: int = 0
    reactions_ms: list[int] = field(default_factory=list)

    @property
    def median_ms(self) -> int | None:
        return round(statistics.median(self.reactions_ms)) if self.reactions_ms else None

    def as_dict(self) -> dict[str, int | None]:
        return {"patterns": self.patterns, "right": self.right, "missed": self.missed, "near_misses": self.near,
                "held": self.held, "wrong": self.wrong, "reaction_ms_median": self.median_ms}


@dataclass(slots=True)
class SeatScore:
    seat: int
    right: int = 0
    decisions: int = 0
    wrong_plain: int = 0  # slaps on piles that made nothing, not even a near miss
    late: int = 0
    patterns: int = 0  # patterns shown (whose window closed, or that it answered)
    hits: int = 0  # patterns slapped in time
    correct_rejections: int = 0  # near misses left alone
    false_slaps: int = 0  # slaps on a near miss or on nothing, and presses too early
    early: int = 0  # presses under EARLY_MS after the pattern was shown (among the false slaps)
    reactions: list[tuple[int, str, int]] = field(default_factory=list)  # (card index, rule, ms), in order
    rows: dict[str, RuleRow] = field(default_factory=dict)

    @property
    def accuracy(self) -> float:
        return self.right / self.decisions if self.decisions else 0.0

    @property
    def median_ms(self) -> int | None:
        return round(statistics.median(ms for _, _, ms in self.reactions)) if self.reactions else None

    @property
    def hit_rate(self) -> float:
        return self.hits / self.patterns if self.patterns else 0.0

    @property
    def precision(self) -> float:
        slaps = self.hits + self.false_slaps
        return self.hits / slaps if slaps else 0.0

    @property
    def accuracy_stars(self) -> int:
        """Stars need hits: each threshold both the hit rate and the precision reach."""
        return accuracy_stars(self.hits, self.patterns, self.false_slaps)

    @property
    def speed_stars(self) -> int:
        """Speed counts once the slaps are right (an accuracy star): fast guesses are no speed."""
        return speed_stars(self.median_ms, self.hits, self.accuracy_stars)

    def table(self) -> list[RuleRow]:
        """The rows of the rules that came up, in ladder order."""
        return [self.rows[rule] for rule in LADDER if rule in self.rows]


def tally(cards: Sequence[Card], players: int) -> list[SeatScore]:
    """Each seat's score over the cards whose window has closed (and any slaps on the open one)."""
    scores = [SeatScore(seat) for seat in range(players)]
    for card in cards:
        closed = card.closed_ns is not None
        for score in scores:
            answer = card.answers.get(score.seat)
            if card.rule is not None:
                if answer is None and not closed:
                    continue
                row = score.rows.setdefault(card.rule, RuleRow(card.rule))
                row.patterns += 1
                score.decisions += 1
                score.patterns += 1
                if answer is not None and answer[0] == RIGHT:
                    row.right += 1
                    score.right += 1
                    score.hits += 1
                    row.reactions_ms.append(answer[1])
                    score.reactions.append((card.index, card.rule, answer[1]))
                else:
                    row.missed += 1
                    score.late += score.seat in card.late
                    if answer is not None and answer[0] == EARLY:
                        score.early += 1
                        score.false_slaps += 1
            elif card.near is not None:
                if answer is None and not closed:
                    continue
                row = score.rows.setdefault(card.near, RuleRow(card.near))
                row.near += 1
                score.decisions += 1
                if answer is None:
                    row.held += 1
                    score.right += 1
                    score.correct_rejections += 1
                else:
                    row.wrong += 1
                    score.false_slaps += 1
            elif answer is not None:
                score.decisions += 1
                score.wrong_plain += 1
                score.false_slaps += 1
    return scores
