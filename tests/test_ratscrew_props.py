"""Egyptian Ratscrew engine properties: random plays and slaps (valid and not) to the end of the game.

Across seeds, player counts and every option: the 52 cards are conserved (hands + pile + burned) at
every step, the state stays coherent, illegal actions raise IllegalAction and change nothing, legal
ones never raise, and every game ends (the limit rule included). The house rules of issue 26 (four of
a suit, tens stop a challenge, the timeout and gives-the-pile penalties) are fuzzed against every old
option in `test_fuzz_every_new_option_with_every_old_one` (slow: `pytest -m slow`).
"""

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import cards
from game.engines import IllegalAction
from game.games.ratscrew import engine as rs

DECK = sorted(cards.full_deck())

rules_strategy = st.builds(
    rs.Rules,
    slaps=st.frozensets(st.sampled_from(rs.SLAP_RULES)),
    marriage_either_order=st.booleans(),
    burn=st.sampled_from([0, 1, 2]),
    burned_live=st.booleans(),
    challenge_counts=st.tuples(*[st.integers(1, 5)] * 4),
    payer_out_rule=st.sampled_from(rs.PAYER_OUT_RULES),
    card_limit=st.sampled_from([1, 25, 200, 1000]),
    ten_stops=st.booleans(),
    wrong_slap=st.sampled_from(rs.WRONG_SLAPS),
    timeout_cards=st.integers(1, 10),
)


def snapshot(s: rs.State) -> tuple:
    return (
        tuple(map(tuple, s.hands)),
        tuple(s.pile),
        tuple(s.burned),
        tuple(s.out),
        s.current_player,
        s.owed,
        s.challenger,
        s.awaiting_claim,
        s.cards_played,
        s.is_over,
        s.winner,
        s.end_reason,
        tuple(s.timeouts),
    )


def all_cards(s: rs.State) -> list[str]:
    return sorted([c for h in s.hands for c in h] + s.pile + s.burned)


def check_invariants(s: rs.State) -> None:
    assert all_cards(s) == DECK, "cards not conserved"
    assert s.cards_played <= s.rules.card_limit
    still_in = [seat for seat in range(s.players) if s.in_game(seat)]
    assert still_in
    for seat in range(s.players):
        if not s.in_game(seat):
            assert not s.hands[seat], "a player who is out holds cards"
            assert not s.timeouts[seat], "a player who is out waits out a timeout"
        assert 0 <= s.timeouts[seat] <= (s.rules.timeout_cards if s.rules.wrong_slap == "timeout" else 0)
    if s.is_over:
        if s.end_reason == "last_player":
            assert still_in == [s.winner]
        elif s.end_reason == "limit":
            counts = [len(h) for h in s.hands]
            leaders = [seat for seat, c in enumerate(counts) if c == max(counts)]
            assert s.winner == (leaders[0] if len(leaders) == 1 else None)
            assert s.cards_played == s.rules.card_limit
        else:
            assert s.end_reason == "draw" and s.winner is None
            assert not any(s.hands) and not s.awaiting_claim
            assert s.slap_rule() is None or all(s.timeouts[seat] for seat in still_in)
        return
    assert len(still_in) > 1
    if s.awaiting_claim:
        assert s.challenger is not None and s.in_game(s.challenger)
        assert s.current_player == s.challenger and s.owed == 0
    elif s.owed:
        assert s.challenger is not None and s.in_game(s.challenger)
        assert s.current_player != s.challenger and s.hands[s.current_player]
    else:
        assert s.challenger is None
    if not s.awaiting_claim and any(s.hands):
        assert s.hands[s.current_player], "the player to play holds no card"
    if not any(s.hands) and not s.awaiting_claim:
        # otherwise it is a draw: someone may slap a slappable pile
        assert s.slap_rule() is not None and any(not s.timeouts[seat] for seat in still_in)
    for seat in range(s.players):
        assert (rs.Slap(seat) in s.legal_actions()) == (s.in_game(seat) and not s.timeouts[seat])


def check_events(before: tuple, s: rs.State, events: list) -> None:
    assert events, "a legal action always reports what happened"
    overs = [e for e in events if isinstance(e, rs.GameOver)]
    if s.is_over:
        assert overs == [rs.GameOver(s.winner, s.end_reason)] and events[-1] == overs[0]
    else:
        assert not overs
    for e in events:
        if isinstance(e, (rs.PileWon, rs.PileGiven)):
            assert e.cards == len(before[1]) + len(before[2])
            assert s.current_player == e.seat and not s.pile and not s.burned
        if isinstance(e, rs.PileGiven):
            assert s.rules.wrong_slap == "gives_pile" and e.seat != e.from_seat
        if isinstance(e, rs.TimedOut):
            assert s.rules.wrong_slap == "timeout" and e.cards == s.rules.timeout_cards
        if isinstance(e, rs.WrongSlap) and s.rules.wrong_slap != "burn":
            assert e.burned == 0
        if isinstance(e, rs.ChallengeEnded) and e.reason == "ten":
            assert s.rules.ten_stops and s.pile[-1][0] == "T" and before[5] > 0
        if isinstance(e, rs.PlayerOut):
            assert not s.in_game(e.seat)


def pick_action(s: rs.State, rng: random.Random, slap_rate: float, junk: float = 0.05) -> rs.Action:
    """A 'random bot table': plays on turn, claims, slaps at random moments (valid or not), slaps
    slappable piles half the time, and now and then presses something illegal."""
    x = rng.random()
    n = s.players
    if x < slap_rate:
        return rs.Slap(rng.randrange(n))
    if x < slap_rate + junk:
        return rng.choice((rs.Play, rs.Slap, rs.Claim))(rng.randrange(-1, n + 1))
    if rng.random() < 0.5 and s.slap_rule() is not None:
        return rs.Slap(rng.choice([seat for seat in range(n) if s.in_game(seat)]))
    if s.awaiting_claim:
        return rs.Claim(s.challenger)
    if s.hands[s.current_player]:
        return rs.Play(s.current_player)
    # Nobody holds a card and the pile is slappable: only a slap moves the game on.
    return rs.Slap(rng.choice([seat for seat in range(n) if s.in_game(seat)]))


def play_out(
    s: rs.State, rng: random.Random, slap_rate: float, check: bool = True, junk: float = 0.05
) -> list:
    log = []
    legal_steps = 0
    bound = 60 * (s.rules.card_limit + 60)
    while not s.is_over:
        action = pick_action(s, rng, slap_rate, junk)
        before = snapshot(s)
        if s.is_legal(action):
            events = s.apply(action)
            legal_steps += 1
            assert legal_steps < bound, "the game does not end"
            log.append((action, events))
            if check:
                check_events(before, s, events)
        else:
            with pytest.raises(IllegalAction):
                s.apply(action)
            assert snapshot(s) == before, "an illegal action changed the state"
        if check:
            check_invariants(s)
    with pytest.raises(IllegalAction):
        s.apply(rs.Slap(0))
    return log


@settings(max_examples=300, deadline=None)
@given(
    rules=rules_strategy,
    players=st.integers(2, 8),
    seed=st.integers(0, 2**32 - 1),
    driver=st.integers(0, 2**32 - 1),
    slap_rate=st.sampled_from([0.0, 0.001, 0.01, 0.05, 0.2, 0.5]),
    junk=st.sampled_from([0.0, 0.05]),
)
def test_random_games_conserve_cards_and_end(rules, players, seed, driver, slap_rate, junk):
    s = rs.new_game(rules, players=players, seed=seed)
    check_invariants(s)
    play_out(s, random.Random(driver), slap_rate, junk=junk)
    assert s.is_over


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**32 - 1), driver=st.integers(0, 2**32 - 1))
def test_default_rules_games_end_within_the_default_limit(players, seed, driver):
    s = rs.new_game(rs.Rules(), players=players, seed=seed)
    play_out(s, random.Random(driver), 0.02, check=False)
    assert s.is_over and s.cards_played <= 5000


@settings(max_examples=40, deadline=None)
@given(
    rules=rules_strategy,
    players=st.integers(2, 8),
    seed=st.integers(0, 2**32 - 1),
    driver=st.integers(0, 2**32 - 1),
    split=st.integers(0, 400),
)
def test_clone_then_the_same_actions_give_the_same_game(rules, players, seed, driver, split):
    rng = random.Random(driver)
    s = rs.new_game(rules, players=players, seed=seed)
    for _ in range(split):
        if s.is_over:
            break
        action = pick_action(s, rng, 0.1)
        if s.is_legal(action):
            s.apply(action)
    copy = s.clone()
    state = rng.getstate()
    log_a = play_out(s, rng, 0.1, check=False)
    rng.setstate(state)
    log_b = play_out(copy, rng, 0.1, check=False)
    assert log_a == log_b
    assert snapshot(s) == snapshot(copy)


@settings(max_examples=40, deadline=None)
@given(
    rules=rules_strategy,
    players=st.integers(2, 8),
    seed=st.integers(0, 2**32 - 1),
    driver=st.integers(0, 2**32 - 1),
)
def test_observations_never_show_hands_or_dead_burned_cards(rules, players, seed, driver):
    rng = random.Random(driver)
    s = rs.new_game(rules, players=players, seed=seed)
    while not s.is_over:
        action = pick_action(s, rng, 0.2)
        if s.is_legal(action):
            s.apply(action)
        seat = rng.randrange(players)
        obs = s.observation(seat)
        assert obs.pile == tuple(s.pile)
        assert obs.hand_counts == tuple(len(h) for h in s.hands)
        assert obs.burned_count == len(s.burned)
        assert obs.burned == (tuple(s.burned) if rules.burned_live else ())
        assert obs.slap_rule() == s.slap_rule()
        hidden = [c for h in s.hands for c in h] + ([] if rules.burned_live else s.burned)
        text = repr(obs)
        assert not any(f"'{code}'" in text for code in hidden)


def test_a_sweep_of_seeds_reaches_every_ending():
    reasons = Counter()
    events = Counter()
    for seed in range(120):
        rng = random.Random(seed)
        rules = rs.Rules(
            slaps=frozenset(rng.sample(rs.SLAP_RULES, seed % 4)),
            burned_live=seed % 3 == 0,
            card_limit=400,
            payer_out_rule=rs.PAYER_OUT_RULES[seed % 2],
        )
        s = rs.new_game(rules, players=2 + seed % 7, seed=seed)
        for _, evs in play_out(s, rng, (0.0, 0.01, 0.1)[seed % 3], check=False):
            events.update(type(e).__name__ for e in evs)
        reasons[s.end_reason] += 1
    assert reasons["last_player"] and reasons["limit"]
    for name in (
        "ChallengeStarted",
        "ChallengePassed",
        "PaymentPassed",
        "PileAwaitingClaim",
        "ChallengeEnded",
        "SlapWon",
        "PileWon",
        "WrongSlap",
        "RanOut",
        "PlayerOut",
        "PlayerBackIn",
    ):
        assert events[name], name


def test_a_sweep_of_seeds_reaches_every_house_rule_of_issue_26():
    """Four of a suit slapped, a 10 stopping a challenge, timeouts given and slaps refused in them,
    piles given away (to a seat that had run out too), all in a few hundred random games."""
    events = Counter()
    refused = Counter()
    for seed in range(240):
        rng = random.Random(seed)
        rules = rs.Rules(
            slaps=frozenset({"four_of_a_suit", *rng.sample(rs.SLAP_RULES[:-1], seed % 3)}),
            ten_stops=True,
            wrong_slap=rs.WRONG_SLAPS[1 + seed % 2],
            timeout_cards=1 + seed % 10,
            card_limit=400,
        )
        s = rs.new_game(rules, players=2 + seed % 7, seed=seed)
        while not s.is_over:
            action = pick_action(s, rng, (0.01, 0.1)[seed % 2])
            problem = s.refusal(action)
            if problem is not None:
                refused[problem.code] += 1
                continue
            evs = s.apply(action)
            events.update(type(e).__name__ for e in evs)
            events.update(f"slap:{e.rule}" for e in evs if isinstance(e, rs.SlapWon))
            events.update(f"ended:{e.reason}" for e in evs if isinstance(e, rs.ChallengeEnded))
            events.update("given:back_in" for e in evs if isinstance(e, rs.PlayerBackIn) and
                          any(isinstance(g, rs.PileGiven) and g.seat == e.seat for g in evs))
    for name in ("TimedOut", "PileGiven", "slap:four_of_a_suit", "ended:ten", "ended:pile_given", "given:back_in"):
        assert events[name], name
    assert refused["timeout"]


# Every value of every new option (issue 26), crossed with every value of every old one in the fuzz below.
NEW_OPTIONS = {
    "four_of_a_suit": (False, True),
    "ten_stops": (False, True),
    "wrong_slap": rs.WRONG_SLAPS,
    "timeout_cards": tuple(range(1, 11)),
}
OLD_OPTIONS = {
    **{rule: (False, True) for rule in rs.SLAP_RULES if rule != "four_of_a_suit"},
    "marriage_either_order": (False, True),
    "burn": (0, 1, 2),
    "burned_live": (False, True),
    "payer_out_rule": rs.PAYER_OUT_RULES,
    "challenge_j": (1, 2, 4),
    "challenge_a": (1, 4, 6),
    "card_limit": (100, 1000, 5000),
    "players": tuple(range(2, 9)),
}
# Each new combination (four of a suit, tens stop, penalty; timeouts of 1, 3 and 10 cards) in turn.
NEW_COMBINATIONS = [
    {"four_of_a_suit": four, "ten_stops": ten, "wrong_slap": penalty, "timeout_cards": cards}
    for four, ten, penalty in itertools.product((False, True), (False, True), rs.WRONG_SLAPS)
    for cards in ((1, 3, 10) if penalty == "timeout" else (3,))
]


FUZZ_GAMES = 10_080
FUZZ_PARTS = 8  # the fuzz's games in parts the test workers share out (the whole took a third of the slow run)


def fuzz_options(index: int) -> tuple[random.Random, dict, dict]:
    """Game `index`'s options: a combination of the new options in turn, every old option (and the table
    size) drawn at random; with the game's random source, which then plays it."""
    rng = random.Random(index)
    new = NEW_COMBINATIONS[index % len(NEW_COMBINATIONS)]
    if new["wrong_slap"] == "timeout" and index // len(NEW_COMBINATIONS) % 2:
        new = dict(new, timeout_cards=rng.randint(1, 10))
    old = {name: rng.choice(values) for name, values in OLD_OPTIONS.items()}
    return rng, new, old


def fuzz_game(index: int) -> None:
    """Game `index` of the fuzz (fuzz_options), played out by the random table with every check."""
    rng, new, old = fuzz_options(index)
    players = old.pop("players")
    rules = rs.Rules.from_options({**old, **new})
    s = rs.new_game(rules, players=players, seed=index, first_player=rng.randrange(players))
    play_out(s, rng, rng.choice((0.0, 0.001, 0.01, 0.1)), junk=rng.choice((0.0, 0.02)))
    assert s.is_over


def test_fuzz_a_few_games_of_every_new_combination():
    for index in range(len(NEW_COMBINATIONS)):
        fuzz_game(index)


@pytest.mark.slow
@pytest.mark.parametrize("part", range(FUZZ_PARTS))
def test_fuzz_every_new_option_with_every_old_one(part):
    """10,080 random games with every check (a part of them here), and not one game fails."""
    size = FUZZ_GAMES // FUZZ_PARTS
    for index in range(part * size, (part + 1) * size):
        fuzz_game(index)


def test_the_fuzz_meets_every_value_of_each_new_option_with_every_value_of_each_old_one():
    """The fuzz's 10,080 games, by the options each is dealt (drawn before it is played: none is played
    here), meet every value of each new option with every value of each old option and every table size."""
    pairs = {(n, new[n], o, old[o]) for rng, new, old in map(fuzz_options, range(FUZZ_GAMES)) for n in new for o in old}
    wanted = {(n, nv, o, ov) for n, nvs in NEW_OPTIONS.items() for nv in nvs
              for o, ovs in OLD_OPTIONS.items() for ov in ovs}
    assert wanted <= pairs, sorted(wanted - pairs)[:5]
