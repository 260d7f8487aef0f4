"""One round of a number-school step: its questions, the answers given, the pace and the stars. Pure: the
screen passes in the time an answer took; nothing here reads a clock.

A step is untimed while it is new (until it has OPEN_AT stars); after that a gentle pace gives each question
a time that the schools' staircase moves (faster after right answers, slower after wrong or missed ones).
Stars count only what is known beyond a guess (game.games.school.stars.above_chance), so answering at random
or always the same side earns none.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.games.nothanks.school import questions as qs
from game.games.school.staircase import Staircase
from game.games.school.stars import above_chance, stars_for

OPEN_AT = 2  # stars on a step that open the next one (and pace it)
MASTERED_AT = 3  # stars on a step that master it (and offer "Play it")
PACE_START_MS, FASTEST_MS, SLOWEST_MS = 20_000, 6_000, 40_000
RIGHT, WRONG, MISSED = "right", "wrong", "missed"
OUTCOMES = (RIGHT, WRONG, MISSED)


def stars(step_id: str, outcomes: list[str] | tuple[str, ...]) -> int:
    """A round's stars (0-3) from its answers' outcomes, beyond what guessing at `step_id` gets."""
    right = sum(o == RIGHT for o in outcomes)
    return stars_for(above_chance(right, len(outcomes), qs.step(step_id).chance))


@dataclass(frozen=True, slots=True)
class Options:
    """What the setup chose: the step (its place on the ladder), the deck (cards in each suit, the suits
    lowest first) and who plays (a remembered player's profile id; None: a guest)."""

    step: int = 0
    ranks_per_suit: int = 9
    suit_order: tuple[str, ...] = ("C", "D", "H", "S")
    profile: int | None = None

    @property
    def step_id(self) -> str:
        return qs.STEPS[self.step].id


@dataclass(frozen=True, slots=True)
class Answer:
    given: int | None  # None: the time ran out
    outcome: str
    ms: int | None


@dataclass(slots=True)
class Round:
    """`answer(given, ms)` the current question, then `next()`; `done` after the last. A paced round also
    takes `time_up()` when the question's time (`limit_ms`) ran out."""

    step_id: str
    ranks_per_suit: int = 9
    suit_order: tuple[str, ...] = ("C", "D", "H", "S")
    seed: int = 0
    timed: bool = False
    n: int = qs.QUESTIONS
    items: list[qs.Question] = field(default_factory=list)
    answers: list[Answer] = field(default_factory=list)
    index: int = 0
    done: bool = False
    pace: Staircase | None = None

    def __post_init__(self) -> None:
        self.items = qs.questions(self.step_id, self.ranks_per_suit, self.suit_order, self.seed, self.n)
        if self.timed:
            self.pace = Staircase(PACE_START_MS, FASTEST_MS, SLOWEST_MS)

    @property
    def step(self) -> qs.Step:
        return qs.step(self.step_id)

    @property
    def current(self) -> qs.Question:
        return self.items[min(self.index, len(self.items) - 1)]

    @property
    def answered(self) -> Answer | None:
        """The answer given to the current question (None: not yet)."""
        return self.answers[self.index] if self.index < len(self.answers) else None

    @property
    def limit_ms(self) -> int | None:
        """The time the current question has (None: untimed)."""
        return None if self.pace is None else self.pace.ms

    @property
    def right(self) -> int:
        return sum(a.outcome == RIGHT for a in self.answers)

    @property
    def outcomes(self) -> list[str]:
        return [a.outcome for a in self.answers]

    @property
    def stars(self) -> int:
        return stars(self.step_id, self.outcomes) if self.done else 0

    def answer(self, given: int, ms: int | None = None) -> bool:
        """Answer the current question; True if right. A second answer to it changes nothing."""
        if self.done or self.answered is not None:
            return self.answered is not None and self.answered.outcome == RIGHT
        right = self.current.right(given)
        self._keep(Answer(given, RIGHT if right else WRONG, ms))
        return right

    def time_up(self) -> None:
        if self.pace is not None and not self.done and self.answered is None:
            self._keep(Answer(None, MISSED, self.pace.ms))

    def _keep(self, answer: Answer) -> None:
        self.answers.append(answer)
        if self.pace is not None:
            self.pace.judged(answer.outcome == RIGHT)

    def next(self) -> None:
        """On to the next question once this one is answered (or its time ran out); the last one ends the round."""
        if self.answered is not None and not self.done:
            self.done = self.index + 1 >= len(self.items)
            self.index += not self.done

    def kept(self) -> list[tuple[str, str, int | None]]:
        """What the history keeps of each answer: (the question's kind, outcome, ms)."""
        return [(q.kind, a.outcome, a.ms) for q, a in zip(self.items, self.answers, strict=False)]
