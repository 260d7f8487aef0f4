"""Issue 39, the number school's questions: every step at every deck size 5-13 and each suit order, answers
that are the No Thanks engine's (10,000 questions), the seed's own examples, balanced sides, stars that need
right answers, and `python -m game practice numbers`."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from support_cli import run_main

from game import cli
from game.games.nothanks import engine as nt
from game.games.nothanks.school import questions as qs
from game.games.nothanks.school import round as rounds
from game.games.nothanks.school import sim

SIZES = range(nt.MIN_RANKS, nt.MAX_RANKS + 1)


def label(q: qs.Question, c: qs.Card) -> str:
    return nt.card_label(q.rules, c.value)


def agrees_with_the_engine(q: qs.Question) -> None:
    """Each card is the engine's (its code, its label from rank and suit), and the answer is the engine's."""
    values = tuple(c.value for c in q.cards)
    for c in q.cards:
        assert nt.card_code(q.rules, c.value) == c.code
        assert label(q, c) == nt.card_label(q.rules, c.value)
        assert nt.value_explanation(q.rules, c.value).endswith(f"= {c.value}")
        assert 1 <= c.rank <= q.ranks_per_suit and c.suit in q.suit_order
    if q.kind == qs.MORE:
        assert len(values) == 2 and q.choices == values
        assert q.answer == max(values)  # the engine's order is the cards' worth
    elif q.kind in (qs.WORTH, qs.BASE):
        (c,) = q.cards
        assert q.answer == c.value
        # the value in the engine's own sum: rows of the lower suits, then the rank
        suit_index = q.suit_order.index(c.suit)
        assert nt.value_explanation(q.rules, q.answer) == \
            f"{label(q, c)} = {suit_index} \u00d7 {q.ranks_per_suit} + {c.rank} = {q.answer}"
    elif q.kind == qs.RUN:
        assert 2 <= len(values) <= 3 and q.choices == (qs.YES, qs.NO)
        assert q.answer == (qs.YES if len(nt.runs(values)) == 1 else qs.NO)
    else:
        assert q.answer == nt.score(list(values), q.matches)
        assert q.answer == q.matches - sum(r.counted for r in nt.runs(values))
    if q.choices:
        assert q.answer in q.choices and len(set(q.choices)) == len(q.choices)


@pytest.mark.parametrize("order", nt.SUIT_ORDERS, ids=["".join(o) for o in nt.SUIT_ORDERS])
@pytest.mark.parametrize("k", SIZES)
@pytest.mark.parametrize("step_id", qs.STEP_IDS)
def test_every_step_at_every_deck_size_and_suit_order(step_id, k, order):
    made = qs.questions(step_id, k, order, seed=k * 7 + len(step_id))
    step = qs.step(step_id)
    assert len(made) == qs.QUESTIONS
    for q in made:
        assert q.step == step_id and q.kind == step.kind and q.suit_order == order
        if step.kind == qs.BASE:
            assert q.ranks_per_suit in qs.OTHER_BASES
        else:
            assert q.ranks_per_suit == k
        assert len(q.choices) == step.choices
        agrees_with_the_engine(q)
    if step_id == "more_suit":
        assert all(made[0].cards[0].suit == made[0].cards[1].suit for _ in made)
        assert all(q.cards[0].suit == q.cards[1].suit for q in made)
    if step_id == "more_across":
        assert all(q.cards[0].suit != q.cards[1].suit for q in made)
        # the lesson: mostly a low card of a higher suit against a high card of a lower one
        lessons = [q for q in made if max(q.cards, key=lambda c: c.value).rank < min(q.cards, key=lambda c: c.value).rank]
        assert len(lessons) >= qs.QUESTIONS // 2
    if step_id == "run":
        values = [tuple(c.value for c in q.cards) for q in made]
        across = [v for v in values if len({nt.card_code(made[0].rules, x)[1] for x in v}) > 1]
        assert across, "runs and near runs across a suit border are the point of the step"


def test_ten_thousand_questions_agree_with_the_engine():
    made = qs.mixed(seed=39, n=10_000)
    assert len(made) == 10_000
    for q in made:
        agrees_with_the_engine(q)
    kinds = Counter(q.kind for q in made)
    assert set(kinds) == set(qs.KINDS)
    assert {q.ranks_per_suit for q in made} == set(SIZES)
    assert {q.suit_order for q in made} == set(nt.SUIT_ORDERS)


def test_the_seeds_hand_is_one_of_the_questions_and_scores_minus_25():
    q = qs.questions("count", 9, ("C", "D", "H", "S"), seed=5)[0]
    assert [label(q, c) for c in q.cards] == ["\u26601", "\u26659", "\u26633"]  # ♠1, ♥9, ♣3
    assert q.matches == 5 and q.answer == -25 and -25 in q.choices
    # the other two choices are the seed's lesson: forgetting the run (-53), forgetting the matches (-30)
    assert sorted(q.choices) == [-53, -30, -25]


def test_the_seeds_card_sums_and_other_bases():
    nine = nt.Rules()
    assert qs.value_of(nine, "D", 3) == 12  # ♦3 = one whole row of 9 (♣) + 3
    assert qs.value_of(nine, "S", 7) == 34  # ♠7 = 3 × 9 + 7
    assert qs.value_of(nt.Rules(ranks_per_suit=5), "D", 3) == 8  # with 5 a suit: 5 + 3
    assert qs.value_of(nt.Rules(ranks_per_suit=10), "H", 4) == 24  # 10 a suit: our everyday base
    assert qs.value_of(nine, "S", 10) is None  # no ♠10 in a deck of 9 a suit
    reverse = nt.Rules(suit_order=("S", "H", "D", "C"))
    assert qs.value_of(reverse, "D", 3) == 21  # spades and hearts below: two whole rows + 3


def test_a_base_question_offers_the_everyday_worth_as_the_mistake():
    made = qs.questions("base", 9, seed=3, n=60)
    nine = nt.Rules()
    with_mistake = [q for q in made if (v := qs.value_of(nine, q.cards[0].suit, q.cards[0].rank)) is not None
                    and v != q.answer and v in q.choices]
    assert len(with_mistake) >= len(made) // 2


@pytest.mark.parametrize("step_id", qs.STEP_IDS)
def test_right_answers_sit_in_every_place_equally_often(step_id):
    step = qs.step(step_id)
    if not step.choices:
        return
    places = Counter()
    for seed in range(30):
        for q in qs.questions(step_id, 9, seed=seed):
            places[q.choices.index(q.answer)] += 1
    share = [places[i] / sum(places.values()) for i in range(step.choices)]
    assert all(abs(s - 1 / step.choices) < 0.03 for s in share), share
    if step.choices == 2:  # exactly half in every round: always one side is a guess
        for seed in range(30):
            made = qs.questions(step_id, 9, seed=seed)
            assert sum(q.choices.index(q.answer) == 0 for q in made) == qs.QUESTIONS // 2


def play(step_id: str, seed: int, pick) -> rounds.Round:
    rnd = rounds.Round(step_id, 9, seed=seed)
    while not rnd.done:
        rnd.answer(pick(rnd.current))
        rnd.next()
    return rnd


@pytest.mark.parametrize("step_id", qs.STEP_IDS)
def test_stars_need_right_answers(step_id):
    rng = random.Random(step_id)
    right = play(step_id, 1, lambda q: q.answer)
    assert right.stars == 3 and right.right == qs.QUESTIONS
    step = qs.step(step_id)
    if step.choices:
        for place in range(step.choices):  # always the same side or place: never a star
            for seed in range(20):
                assert play(step_id, seed, lambda q, p=place: q.choices[p]).stars == 0
        guesses = [play(step_id, seed, lambda q: rng.choice(q.choices)).stars for seed in range(400)]
    else:
        guesses = [play(step_id, seed, lambda q: rng.randint(1, 4 * 13)).stars for seed in range(400)]
    assert Counter(guesses)[0] >= 0.9 * len(guesses)  # a guesser earns nothing in nine rounds of ten
    assert sum(g >= rounds.OPEN_AT for g in guesses) <= 0.02 * len(guesses)  # and opens no step
    first = qs.questions(step_id, 9, seed=2)[0]
    one_wrong = play(step_id, 2, lambda q: q.answer + (1 if q == first else 0))
    assert one_wrong.right == qs.QUESTIONS - 1 and one_wrong.stars >= rounds.OPEN_AT


def test_a_paced_round_misses_a_question_whose_time_ran_out_and_slows_down():
    rnd = rounds.Round("worth_pick", 9, seed=1, timed=True)
    start = rnd.limit_ms
    assert start == rounds.PACE_START_MS
    rnd.time_up()
    assert rnd.answered.outcome == rounds.MISSED and rnd.limit_ms > start
    rnd.answer(rnd.current.answer)  # too late: the question is over
    assert rnd.right == 0
    rnd.next()
    for _ in range(6):
        rnd.answer(rnd.current.answer)
        rnd.next()
    assert rnd.limit_ms < rounds.PACE_START_MS * 1.3
    untimed = rounds.Round("worth_pick", 9, seed=1)
    untimed.time_up()
    assert untimed.limit_ms is None and untimed.answered is None  # an untimed round waits


def test_the_command_line_prints_the_screens_questions(capsys):
    code, out, err = run_main(sim, capsys, "--questions", "12", "--seed", "4", "--json")
    assert code == 0 and not err
    got = json.loads(out)
    assert len(got) == 12
    assert got == [q.as_dict() for q in qs.mixed(4, 12)]
    first = got[0]
    assert set(first) >= {"step", "kind", "cards", "cards_per_suit", "suit_order", "choices", "answer"}
    assert set(first["cards"][0]) >= {"rank", "suit", "value"}
    code, out, _ = run_main(sim, capsys, "--step", "count", "--questions", "1", "--json")
    assert json.loads(out)[0]["answer"] == -25
    code, out, err = run_main(sim, capsys, "--questions", "0")
    assert code == 2 and "--questions" in err and not out
    code, out, _ = run_main(sim, capsys, "--step", "run", "--questions", "3")
    assert code == 0 and len(out.splitlines()) == 3


def test_practice_numbers_is_reached_from_the_games_command_line(capsys):
    assert cli.main(["practice", "numbers", "--questions", "3", "--seed", "1", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 3
