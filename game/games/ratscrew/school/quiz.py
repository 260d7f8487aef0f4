"""The untimed first step of a drill: "Is this a slap?" on real piles, yes or no, with the drill's newest
pattern said in words a 7-year-old knows (text.kid_words). No clock: a pile stays until it is answered, the
answer is told (the pattern's cards framed, or the near miss's crossed), and the next pile comes when the
player goes on. Pure and seeded.

Half the piles make the drill's newest pattern, half almost make it (its near miss, slappable by nothing of
the drill), in a shuffled order that starts with a pattern; `PASS` right answers of `QUESTIONS` pass it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from game.games.ratscrew.school.deal import NEAR, SLAP, Dealer
from game.games.ratscrew.school.drills import EXAMPLES, Drill, near_miss, slappable

QUESTIONS = 6
PASS = 5
TRIES = 200  # piles tried for each question before the drill's own example is used


@dataclass(frozen=True, slots=True)
class Question:
    """A pile (bottom first), whether it is a slap, the rule it makes (or almost makes) and those cards."""

    pile: tuple[str, ...]
    slap: bool
    rule: str
    cells: tuple[int, ...]


def make_pile(drill: Drill, rng: random.Random, slap: bool) -> tuple[str, ...]:
    """A real pile of 2-6 cards that makes the drill's newest pattern (slap) or only almost does."""
    dealer = Dealer(drill, rng)
    kind = SLAP if slap else NEAR
    for _ in range(TRIES):
        pile = dealer.pile_for(kind, drill.newest, lead=rng.randint(1, 3))
        if pile is not None and len(pile) <= 6:
            return pile
    pattern, near = EXAMPLES[drill.newest]
    return pattern if slap else near


def questions(drill: Drill, seed: int, n: int = QUESTIONS) -> list[Question]:
    rng = random.Random(seed)
    answers = [True] * ((n + 1) // 2) + [False] * (n // 2)
    rest = answers[1:]
    rng.shuffle(rest)
    out = []
    for slap in [answers[0], *rest]:
        pile = make_pile(drill, rng, slap)
        if slap:
            rule, cells = slappable(pile, drill.rules)
        else:
            rule, cells = near_miss(pile, drill.rules)
        out.append(Question(pile, slap, rule or drill.newest, cells))
    return out


@dataclass(slots=True)
class Quiz:
    """`answer(yes)` the current pile (True: it is right), then `next()`; `done` after the last."""

    drill: Drill
    seed: int
    n: int = QUESTIONS
    items: list[Question] = field(default_factory=list)
    index: int = 0
    answered: bool | None = None  # the answer given to the current pile (None: not yet)
    right: int = 0
    done: bool = False

    def __post_init__(self) -> None:
        self.items = questions(self.drill, self.seed, self.n)

    @property
    def current(self) -> Question:
        return self.items[min(self.index, len(self.items) - 1)]

    @property
    def correct(self) -> bool | None:
        """Whether the answer given to the current pile was right (None: not answered)."""
        return None if self.answered is None else self.answered == self.current.slap

    @property
    def passed(self) -> bool:
        return self.done and self.right >= min(PASS, self.n)

    def answer(self, yes: bool) -> bool:
        if self.done or self.answered is not None:
            return bool(self.correct)
        self.answered = yes
        self.right += yes == self.current.slap
        return yes == self.current.slap

    def next(self) -> None:
        if self.answered is None or self.done:
            return
        if self.index + 1 >= len(self.items):
            self.done = True
            return
        self.index += 1
        self.answered = None

    def again(self) -> None:
        """New piles, from the start."""
        self.seed += 1
        self.items = questions(self.drill, self.seed, self.n)
        self.index, self.answered, self.right, self.done = 0, None, 0, False
