"""The number school's questions, made from the No Thanks engine's own rules (issue 39). Pure and seeded.

Every card is an engine value; its rank and suit are read back from the engine's `card_code`, and every
answer is the engine's: a card's worth is its value, a run is one `runs` group, a hand scores `score`.
Nothing here computes a card's value a second way, so the school can never teach another game than the
table plays.

A step (`STEPS`) asks one kind of question: which of two cards is worth more (within a suit, then across
suits), what a card is worth (three choices, then dialled), whether two or three cards make a run, what a
taken hand scores, and what a card is worth with 5, 7, 10, 12 or 13 cards in each suit. Answers that are a
side or a choice come out balanced (as often left as right, each choice place as often as the others), so
always picking the same side is right exactly as often as guessing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.cards import RANKS
from game.games.nothanks import engine as nt

QUESTIONS = 10  # a round
MORE, WORTH, RUN, COUNT, BASE = "more", "worth", "run", "count", "base"
KINDS = (MORE, WORTH, RUN, COUNT, BASE)
OTHER_BASES = (5, 7, 10, 12, 13)
YES, NO = 1, 0
SEED_EXAMPLE = ((28, 27, 3), 5)  # the seed's hand at 9 a suit, clubs low: ♠1, ♥9, ♣3 and 5 matches = −25


@dataclass(frozen=True, slots=True)
class Step:
    """One rung of the ladder: its id (as kept in the history), the kind of question, how it is answered
    ("side": ← or → between two cards or yes/no; "pick": one of three; "dial": the number itself)."""

    id: str
    kind: str
    answer: str

    @property
    def choices(self) -> int:
        """How many answers there are to pick from (0: dialled, any number)."""
        return {"side": 2, "pick": 3}.get(self.answer, 0)

    @property
    def chance(self) -> float:
        """The share of right answers a guess gets (stars count only what is above it)."""
        return 1 / self.choices if self.choices else 0.0


STEPS = (
    Step("more_suit", MORE, "side"),
    Step("more_across", MORE, "side"),
    Step("worth_pick", WORTH, "pick"),
    Step("worth_dial", WORTH, "dial"),
    Step("run", RUN, "side"),
    Step("count", COUNT, "pick"),
    Step("base", BASE, "pick"),
)
STEP_IDS = tuple(s.id for s in STEPS)


def step(step_id: str) -> Step:
    for s in STEPS:
        if s.id == step_id:
            return s
    raise ValueError(f"the number school has no step {step_id!r}; known: {', '.join(STEP_IDS)}")


@dataclass(frozen=True, slots=True)
class Card:
    """A card as the table shows it: its engine value, its rank 1..K and suit letter, and its code ('3D')."""

    value: int
    rank: int
    suit: str
    code: str

    def as_dict(self) -> dict[str, object]:
        return {"value": self.value, "rank": self.rank, "suit": self.suit, "code": self.code}


def value_of(rules: nt.Rules, suit: str, rank: int) -> int | None:
    """The value of the card of `suit` and `rank` under `rules`, found by the engine's own names (None:
    no such card in this deck)."""
    code = RANKS[rank - 1] + suit if 1 <= rank <= len(RANKS) else ""
    return next((v for v in rules.deck_values() if nt.card_code(rules, v) == code), None)


def card(rules: nt.Rules, value: int) -> Card:
    """The card `value` is under `rules`, as the engine names it."""
    code = nt.card_code(rules, value)
    if code is None:
        raise ValueError("the number school teaches the playing-card edition")
    return Card(value, RANKS.index(code[0]) + 1, code[1], code)


@dataclass(frozen=True, slots=True)
class Question:
    """One question. `choices` are the answers offered in screen order (for a "more" question: the two
    cards' values, left then right; for a run: YES then NO; a dialled worth offers none); `answer` is the
    right one. `matches` only for a hand to count."""

    step: str
    kind: str
    rules: nt.Rules
    cards: tuple[Card, ...]
    choices: tuple[int, ...]
    answer: int
    matches: int = 0

    @property
    def ranks_per_suit(self) -> int:
        return self.rules.ranks_per_suit

    @property
    def suit_order(self) -> tuple[str, ...]:
        return self.rules.suit_order

    def right(self, given: int) -> bool:
        return given == self.answer

    def as_dict(self) -> dict[str, object]:
        return {
            "step": self.step, "kind": self.kind, "cards_per_suit": self.ranks_per_suit,
            "suit_order": "".join(self.suit_order), "cards": [c.as_dict() for c in self.cards],
            "matches": self.matches, "choices": list(self.choices), "answer": self.answer,
            "explanation": [nt.value_explanation(self.rules, c.value) for c in self.cards],
        }


# -- the answers, each the engine's -------------------------------------------------------------------
def worth_more(values: tuple[int, int]) -> int:
    """The card worth more: the higher value (the engine's values are the cards' order)."""
    return max(values)


def is_run(values: tuple[int, ...]) -> bool:
    """Whether the cards are one run by the engine's own grouping (across suit borders)."""
    return len(nt.runs(values)) == 1


def hand_score(values: tuple[int, ...], matches: int) -> int:
    return nt.score(values, matches)


# -- making questions ---------------------------------------------------------------------------------
def _places(rng: random.Random, n: int, places: int) -> list[int]:
    """Which place holds the right answer in each of n questions with `places` places: each place equally
    often (the odd ones over at random places), in a shuffled order."""
    extra = rng.sample(range(places), n % places)
    out = [i for i in range(places) for _ in range(n // places)] + extra
    rng.shuffle(out)
    return out


def _suit_of(rules: nt.Rules, value: int) -> str:
    return card(rules, value).suit


def _more(rules: nt.Rules, rng: random.Random, across: bool, bigger_left: bool) -> tuple[int, ...]:
    k = rules.ranks_per_suit
    values = rules.deck_values()
    while True:
        a, b = rng.sample(values, 2)
        same = _suit_of(rules, a) == _suit_of(rules, b)
        if same == across:
            continue
        if across and rng.random() < 0.75:
            # The lesson: a low card of a higher suit beats a high card of a lower one.
            low, high = min(a, b), max(a, b)
            if card(rules, low).rank <= card(rules, high).rank and k > 1:
                continue
        high, low = max(a, b), min(a, b)
        return (high, low) if bigger_left else (low, high)


def _offer(rng: random.Random, answer: int, wrong: list[int], place: int, places: int) -> tuple[int, ...]:
    """`places` answers with `answer` at `place`: the first distinct positive ones of `wrong` (the
    mistakes a child makes), then neighbours."""
    others: list[int] = []
    for w in [*wrong, answer + 1, answer - 1, answer + 2, answer - 2, answer + 3]:
        if w != answer and w not in others and (w > 0 or answer <= 0):
            others.append(w)
        if len(others) == places - 1:
            break
    rng.shuffle(others)
    return tuple(others[:place]) + (answer,) + tuple(others[place:])


def _worth_choices(rules: nt.Rules, rng: random.Random, value: int, place: int,
                   everyday: nt.Rules | None = None) -> tuple[int, ...]:
    c = card(rules, value)
    k = rules.ranks_per_suit
    wrong = [c.rank, value + k if rng.random() < 0.5 else value - k]
    if everyday is not None:  # the same card at 9 a suit: what it was worth on the other tables
        same = value_of(everyday, c.suit, c.rank)
        if same is not None:
            wrong.insert(0, same)
    return _offer(rng, value, wrong, place, 3)


def _run_cards(rules: nt.Rules, rng: random.Random, yes: bool) -> tuple[int, ...]:
    k = rules.ranks_per_suit
    top = rules.deck_size
    size = rng.choice((2, 3))
    if yes:
        if rng.random() < 0.6:  # most runs cross a suit border: the point of the step
            border = k * rng.randint(1, 3)  # the last card of a suit
            start = rng.randint(border - size + 2, border)
        else:
            start = rng.randint(1, top - size + 1)
        return tuple(range(start, start + size))
    while True:
        how = rng.random()
        if how < 0.4:  # across a border with a card missing: ♦9 and ♥2
            border = k * rng.randint(1, 3)
            cards = sorted({border, border + 2, *([border - 1] if size == 3 else [])})
        elif how < 0.7:  # the same rank in two suits next to each other: ♦3 and ♥3
            v = rng.randint(1, top - k)
            cards = sorted({v, v + k, *([v + 1] if size == 3 else [])})
        else:  # a gap of one
            start = rng.randint(1, top - size)
            cards = sorted({start, start + 2, *([start + 3] if size == 3 and start + 3 <= top else [])})
        if all(1 <= v <= top for v in cards) and not is_run(tuple(cards)):
            return tuple(cards)


def _hand(rules: nt.Rules, rng: random.Random) -> tuple[tuple[int, ...], int]:
    """A taken hand of 3-6 cards with at least one run of two or more, and 0-11 matches."""
    top = rules.deck_size
    while True:
        n = rng.randint(3, 6)
        start = rng.randint(1, top - 1)
        hand = {start, start + 1}
        while len(hand) < n:
            hand.add(rng.randint(1, top))
        values = tuple(sorted(hand))
        if any(len(r.cards) > 1 for r in nt.runs(values)):
            return values, rng.randint(0, 11)


def _count_choices(rng: random.Random, values: tuple[int, ...], matches: int, place: int) -> tuple[int, ...]:
    answer = hand_score(values, matches)
    every_card = matches - sum(values)  # forgetting that a run counts only its lowest card
    no_matches = hand_score(values, 0)  # forgetting the matches
    return _offer(rng, answer, [every_card, no_matches, answer - matches - matches], place, 3)


def questions(step_id: str, ranks_per_suit: int = 9, suit_order: tuple[str, ...] = nt.SUIT_ORDERS[0],
              seed: int = 0, n: int = QUESTIONS) -> list[Question]:
    """A round of `n` questions of step `step_id` with `ranks_per_suit` cards in each suit in `suit_order`
    (lowest suit first). "Other bases" draws its own deck sizes from OTHER_BASES."""
    s = step(step_id)
    rules = nt.Rules(ranks_per_suit=ranks_per_suit, suit_order=tuple(suit_order))
    rng = random.Random(seed)
    out: list[Question] = []
    if s.kind in (MORE, RUN):
        for side in _places(rng, n, 2):
            if s.kind == MORE:
                values = _more(rules, rng, across=s.id == "more_across", bigger_left=side == 0)
                out.append(Question(s.id, MORE, rules, tuple(card(rules, v) for v in values), values,
                                    worth_more((values[0], values[1]))))
            else:
                values = _run_cards(rules, rng, yes=side == 0)
                out.append(Question(s.id, RUN, rules, tuple(card(rules, v) for v in values), (YES, NO),
                                    YES if is_run(values) else NO))
        return out
    places = _places(rng, n, 3)
    for i in range(n):
        place = places[i]
        if s.kind == WORTH:
            fresh = [v for v in rules.deck_values() if v not in {q.answer for q in out}]  # no card twice
            past_first = [v for v in fresh if v > rules.ranks_per_suit]
            # mostly past the first suit, where the rows add up
            value = rng.choice(past_first if past_first and rng.random() < 0.8 else fresh)
            choices = _worth_choices(rules, rng, value, place) if s.answer == "pick" else ()
            out.append(Question(s.id, WORTH, rules, (card(rules, value),), choices, value))
        elif s.kind == BASE:
            other = nt.Rules(ranks_per_suit=rng.choice(OTHER_BASES), suit_order=rules.suit_order)
            value = rng.choice(other.deck_values()[other.ranks_per_suit:])
            out.append(Question(s.id, BASE, other, (card(other, value),),
                                _worth_choices(other, rng, value, place, everyday=rules), value))
        else:
            seed_hand = i == 0 and ranks_per_suit == 9 and tuple(suit_order) == nt.SUIT_ORDERS[0]
            values, matches = SEED_EXAMPLE if seed_hand else _hand(rules, rng)
            out.append(Question(s.id, COUNT, rules, tuple(card(rules, v) for v in values),
                                _count_choices(rng, values, matches, place), hand_score(values, matches),
                                matches))
    return out


def mixed(seed: int, n: int) -> list[Question]:
    """`n` questions of every step in turn, at every deck size 5-13 and each suit order (the command
    line's and the tests' sample)."""
    rng = random.Random(seed)
    out: list[Question] = []
    while len(out) < n:
        for s in STEPS:
            k = rng.randint(nt.MIN_RANKS, nt.MAX_RANKS)
            order = rng.choice(nt.SUIT_ORDERS)
            out.extend(questions(s.id, k, order, rng.randrange(2**31), n=min(QUESTIONS, n - len(out))))
            if len(out) >= n:
                break
    return out
