"""The No Thanks coach's advice: the hard bot's own choice on many seeded positions (both editions, 2-7
players, hidden matches), read from a seat's observation and nothing else, in words that count runs, the
matches on the card and the search's results for taking and for paying."""

from __future__ import annotations

import random
import time

import pytest

from game.games.nothanks import engine as nt
from game.games.nothanks.bots import HardBot
from game.games.nothanks.coach import Coach, advise, coach_lines, position_seed
from game.games.nothanks.view_model import card_name

RULESETS = [nt.Rules(), nt.Rules(edition="numbered"), nt.Rules(hidden_matches=True),
            nt.Rules(after_take="same_player")]


def position(seed: int, rules: nt.Rules) -> nt.State:
    """A game of 2-7 players (as the edition allows) played on at random for a while (by `seed`), not over."""
    rng = random.Random(seed)
    low, high = rules.player_range()
    st = nt.new_game(rules, players=max(2, low) + seed % (min(7, high) - max(2, low) + 1), seed=seed)
    for _ in range(rng.randrange(0, 60)):
        if st.is_over:
            break
        actions = st.legal_actions()
        # Pay more often than take, so that piles of matches and runs both happen.
        action = nt.PASS if nt.PASS in actions and rng.random() < 0.7 else nt.TAKE
        st.apply(action, seat=st.current_player)
    if st.is_over:
        return position(seed + 1000, rules)
    return st


@pytest.mark.parametrize("rules", RULESETS, ids=["cards", "numbered", "hidden", "same_player"])
def test_the_advice_is_the_hard_bots_choice_on_many_seeded_positions(rules):
    kinds = set()
    for seed in range(24):
        st = position(seed, rules)
        obs = st.observation(st.current_player)
        advice = advise(obs, random.Random(seed), iterations=150)
        assert advice.action == HardBot(random.Random(seed), iterations=150).decide(obs), seed
        assert advice.seat == st.current_player and advice.card == st.card and advice.pot == st.pot
        if advice.must_take:
            assert advice.take is None and advice.pay is None and advice.action == nt.TAKE
        else:
            assert advice.tries == 150 and 0 <= advice.take <= 1 and 0 <= advice.pay <= 1
        kinds.add(advice.action)
    assert kinds == {nt.TAKE, nt.PASS}  # the positions ask for both


def test_at_the_bots_full_strength_too():
    for seed in range(4):
        st = position(seed, nt.Rules())
        obs = st.observation(st.current_player)
        assert advise(obs, random.Random(seed)).action == HardBot(random.Random(seed)).decide(obs)


def test_a_tables_coach_gives_the_same_advice_threaded_or_not_and_the_same_again():
    st = position(5, nt.Rules())
    obs = st.observation(st.current_player)
    threaded = Coach(77, threaded=True, iterations=150)
    answer = None
    for _ in range(400):
        answer = threaded.ask(obs)
        if answer is not None:
            break
        time.sleep(0.01)
    assert answer is not None
    assert answer == Coach(77, threaded=False, iterations=150).ask(obs)
    expected = HardBot(random.Random(position_seed(77, obs)), iterations=150).decide(obs)
    assert answer.action == expected


# -- nothing hidden ----------------------------------------------------------------------------------------------

def test_the_coach_takes_an_observation_never_the_state():
    st = nt.new_game(nt.Rules(), players=3, seed=1)
    with pytest.raises(TypeError, match="observation"):
        advise(st, random.Random(1))
    with pytest.raises(ValueError, match="not on turn"):
        advise(st.observation(1), random.Random(1))


@pytest.mark.parametrize("hidden", [False, True])
def test_what_a_seat_cannot_see_changes_nothing_in_the_advice(hidden):
    """Two games that differ only in what seat 0 cannot see (the stack's order, which cards are set aside,
    the other seats' match counts under hidden matches) get the same advice, word for word."""
    rules = nt.Rules(hidden_matches=hidden)
    values = list(rules.deck_values())
    rng = random.Random(3)
    rng.shuffle(values)
    first, rest = values[0], values[1:]
    a = [first, *rest[:23]]
    b = [first, *reversed(rest[5:28])]  # the same first card; a different stack, other cards set aside
    games = [nt.new_game(rules, players=3, deck=a), nt.new_game(rules, players=3, deck=b)]
    for st in games:  # the same moves in both: everyone pays, round and round
        for _ in range(7):
            st.apply(nt.PASS, seat=st.current_player)
    obs = [st.observation(st.current_player) for st in games]
    assert games[0].digest() != games[1].digest()  # the games differ
    assert obs[0] == obs[1]  # ... but not in anything this seat sees
    advice = [advise(o, random.Random(9), iterations=150) for o in obs]
    assert advice[0] == advice[1]
    assert coach_lines(advice[0], rules, "Ada") == coach_lines(advice[1], rules, "Ada")
    if hidden:
        assert obs[0].matches.count(None) == 2  # the others' matches are hidden from it


# -- the words ---------------------------------------------------------------------------------------------------

CARDS = nt.Rules()


def words(advice, rules=CARDS, compact=False) -> list[str]:
    return [w.replace("\u00a0", " ") for w, _ in coach_lines(advice, rules, "Ada", compact)]


def advice_for(held: tuple[int, ...], card: int, pot: int, matches: int = 5, rules=CARDS):
    """Advice for seat 0 holding `held`, facing `card` with `pot` matches on it."""
    st = nt.new_game(rules, players=3, deck=[card, *[v for v in rules.deck_values() if v not in (*held, card)][:10]])
    st.cards[0] = list(held)
    st.pot = pot
    st.matches[0] = matches
    obs = st.observation(0)
    return advise(obs, random.Random(4), iterations=100)


def test_the_cost_counts_runs_and_the_take_line_counts_the_matches_on_the_card():
    alone = advice_for((), 20, 3)
    assert alone.cost == 20 and alone.net == -17
    text = words(alone)
    assert text[1] == "♥2 costs you 20 points" and text[2] == "Take it: −20 + 3 matches = −17"
    assert text[3] == "Pay a match: −1" and text[4].startswith("Tried both 100 times: ")
    after = advice_for((19,), 20, 0)  # ♥1 held: ♥2 goes on the run's end
    assert after.cost == 0 and words(after)[1] == "♥2 goes on your run after ♥A: it costs 0"
    assert words(after)[2] == "Take it: 0, no matches on it"
    assert "(a run counts only its lowest card)" in words(after)
    under = advice_for((21,), 20, 1)  # ♥3 held: ♥2 makes the run start lower
    assert under.cost == -1 and words(under)[1] == "♥2 goes under your ♥3: you gain 1"
    assert words(under)[2] == "Take it: +1 + 1 match = +2"
    both = advice_for((19, 21), 20, 2)
    assert both.cost == -21 and words(both)[1] == "♥2 joins ♥A and ♥3 into one run: you gain 21"


def test_the_first_and_last_cards_of_the_deck_are_advised_without_a_crash():
    """The top card has no card above it in the deck and the first none below (found playing: the coach
    named the card above ♠9 and the table crashed)."""
    for rules in (CARDS, nt.Rules(edition="numbered")):
        values = rules.deck_values()
        low, high = min(values), max(values)
        top = advice_for((), high, 2, rules=rules)
        assert words(top, rules)[1] == f"{card_name(rules, high)} costs you {high} points"
        assert words(top, rules, compact=True)[1].startswith(f"Take {card_name(rules, high)}: ")
        run_top = advice_for((high - 1,), high, 0, rules=rules)  # on the end of a run: still no card above
        assert words(run_top, rules)[1] == (f"{card_name(rules, high)} goes on your run after "
                                            f"{card_name(rules, high - 1)}: it costs 0")
        first = advice_for((), low, 0, rules=rules)
        assert words(first, rules)[1].startswith(card_name(rules, low))


def test_a_seat_with_no_matches_is_told_it_must_take_and_chips_are_chips():
    forced = advice_for((), 20, 4, matches=0)
    assert forced.must_take and forced.action == nt.TAKE
    text = words(forced)
    assert text[0] == "Coach for Ada: you must take it" and text[-1] == "No matches left to pay with"
    numbered = nt.Rules(edition="numbered")
    chip = advice_for((), 20, 1, rules=numbered)
    assert words(chip, numbered)[1] == "20 costs you 20 points"
    assert words(chip, numbered)[2] == "Take it: −20 + 1 chip = −19" and words(chip, numbered)[3] == "Pay a chip: −1"


def test_the_search_line_says_what_taking_and_paying_came_to():
    advice = advice_for((), 30, 2)
    text = words(advice)
    assert text[0] == ("Coach for Ada: take it!" if advice.action == nt.TAKE else "Coach for Ada: say No Thanks")
    gap = advice.take - advice.pay
    if abs(gap) < 0.02 or (gap > 0) != (advice.action == nt.TAKE):  # never a line against the advice
        verdict, short = "they come out about the same", "Both come out about the same"
    else:
        verdict = f"{'taking' if gap > 0 else 'paying'} does {'much' if abs(gap) >= 0.08 else 'a little'} better"
        short = verdict[0].upper() + verdict[1:]
    assert text[4] == f"Tried both 100 times: {verdict}"
    assert words(advice, compact=True) == [text[0], "Take ♠3: −30 + 2 matches = −28", short]
    ranks = [rank for _, rank in coach_lines(advice, nt.Rules(), "Ada")]
    assert ranks == [0, 0, 0, 1, 0]  # "Pay a match" goes first where there is no room


@pytest.mark.parametrize(("take", "pay", "action", "line", "short"), [
    (0.70, 0.40, nt.TAKE, "Tried both 800 times: taking does much better", "Taking does much better"),
    (0.50, 0.45, nt.TAKE, "Tried both 800 times: taking does a little better", "Taking does a little better"),
    (0.50, 0.49, nt.TAKE, "Tried both 800 times: they come out about the same", "Both come out about the same"),
    (0.45, 0.50, nt.PASS, "Tried both 800 times: paying does a little better", "Paying does a little better"),
    (0.20, 0.63, nt.PASS, "Tried both 800 times: paying does much better", "Paying does much better"),
    # chosen by its visits with a shade lower mean: never a line against the advice
    (0.45, 0.50, nt.TAKE, "Tried both 800 times: they come out about the same", "Both come out about the same"),
])
def test_the_coach_says_how_taking_and_paying_came_out_in_plain_words(take, pay, action, line, short):
    from game.games.nothanks.coach import Advice

    advice = Advice(0, action, 30, 2, 5, 30, False, False, False, take, pay, 800)
    assert coach_lines(advice, nt.Rules(), "Ada")[4][0] == line
    assert coach_lines(advice, nt.Rules(), "Ada", compact=True)[2][0] == short
    one = Advice(0, action, 30, 2, 5, 30, False, False, False, take, pay, 1)
    assert coach_lines(one, nt.Rules(), "Ada")[4][0].startswith("Tried both 1 time: ")
