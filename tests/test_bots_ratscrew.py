"""Ratscrew bots: see only the visible pile, deterministic per seed, finish under every option, and react
as the documented parameter table says."""

from __future__ import annotations

import random
import statistics

import pytest

from game.commands import PLAY, SLAP
from game.games.ratscrew import DEFINITION
from game.games.ratscrew import engine as rs
from game.games.ratscrew.bots import (
    CLAIM,
    LEVEL_TABLE,
    RULE_DIFFICULTY,
    RatscrewBot,
    near_miss_rule,
    rules_factor,
)
from game.games.ratscrew.match import RatscrewMatch
from game.match import SeatSpec

MS = 1_000_000


def obs_of(pile: tuple[str, ...], *, seat: int = 1, turn: int = 0, rules: rs.Rules | None = None,
           awaiting_claim: bool = False, challenger: int | None = None, played: int = 10) -> rs.Observation:
    return rs.Observation(
        seat=seat, rules=rules or rs.Rules(), pile=pile, burned_count=0, burned=(), hand_counts=(10, 10, 10),
        in_game=(True, True, True), current_player=turn, owed=0, challenger=challenger,
        awaiting_claim=awaiting_claim, cards_played=played, is_over=False, winner=None,
    )


def play_out(m: RatscrewMatch) -> list:
    out = []
    while not m.is_over:
        out += m.advance(m.next_due_ns())
    return out


def test_levels_and_factory():
    assert DEFINITION.bot_levels == ("random", "kid", "casual", "pro", "adaptive")
    for level in DEFINITION.bot_levels:
        bot = DEFINITION.make_bot(level, random.Random(1), seat=0, rules=rs.Rules())
        assert hasattr(bot, "plan")
    with pytest.raises(ValueError, match="unknown ratscrew bot level 'ace'"):
        DEFINITION.make_bot("ace", random.Random(1), seat=0, rules=rs.Rules())


def _poisoned(st: rs.State) -> rs.State:
    """The same visible game, but every hidden card replaced by garbage that breaks any use of it."""
    other = st.clone()
    other.hands = [["??"] * len(hand) for hand in st.hands]
    return other


@pytest.mark.parametrize("level", DEFINITION.bot_levels)
def test_bots_decide_only_from_what_their_seat_sees(level):
    rules = rs.Rules(slaps=frozenset(rs.SLAP_RULES), burned_live=True)
    walk = random.Random(3)
    for seed in range(25):
        st = rs.new_game(rules, players=3, seed=seed)
        for _ in range(walk.randrange(0, 60)):
            if st.is_over:
                break
            actions = [a for a in (rs.Play(st.current_player), rs.Claim(st.current_player),
                                   rs.Slap(walk.randrange(3))) if st.is_legal(a)]
            st.apply(walk.choice(actions))
        real = DEFINITION.make_bot(level, random.Random(seed), seat=1, rules=rules)
        blind = DEFINITION.make_bot(level, random.Random(seed), seat=1, rules=rules)
        pending = {SLAP: 5 * MS} if seed % 2 else {}
        plan = real.plan(st.observation(1), 0, dict(pending))
        assert blind.plan(_poisoned(st).observation(1), 0, dict(pending)) == plan


def test_a_match_hands_bots_observations_only():
    seen = []
    m = RatscrewMatch(rs.Rules(), [SeatSpec("bot", "casual"), SeatSpec("bot", "random")], seed=2, start_ns=0)
    for bot in m.bots.values():
        real = bot.plan

        def spy(obs, now_ns, pending, real=real):
            seen.append(obs)
            return real(obs, now_ns, pending)

        bot.plan = spy
    for _ in range(50):
        m.advance(m.next_due_ns())
    assert seen and all(type(obs) is rs.Observation for obs in seen)
    assert not any(hasattr(obs, "hands") for obs in seen)


@pytest.mark.parametrize("level", ["kid", "casual", "pro", "random"])
def test_games_are_deterministic_per_seed(level):
    def log(seed):
        m = RatscrewMatch(rs.Rules(), [SeatSpec("bot", level)] * 3, seed=seed, start_ns=0)
        return [(x.t_ns, x.event) for x in play_out(m)]

    assert log(7) == log(7)
    assert log(7) != log(8)


OPTION_SETS = [
    {},
    {"slaps": frozenset(rs.SLAP_RULES)},
    {"slaps": frozenset({"double"}), "burn": 1},
    {"slaps": frozenset({"tens", "run", "six_nine"}), "burned_live": True},
    {"slaps": frozenset({"marriage", "divorce", "sandwich"}), "marriage_either_order": True},
    {"slaps": frozenset()},
    {"payer_out_rule": "challenger_wins", "challenge_counts": (2, 3, 4, 5)},
    {"claim_delay_ms": 0, "late_grace_ms": 500, "card_limit": 400},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(sorted(o)) or "seed")
def test_every_level_finishes_games_under_every_option(options):
    rules = rs.Rules(**options)
    for i, level in enumerate(DEFINITION.bot_levels):
        players = 2 + i % 3
        seats = [SeatSpec("bot", level)] * (players - 1) + [SeatSpec("bot", "casual")]
        m = RatscrewMatch(rules, seats, seed=100 + i, start_ns=0, first_player=i % players)
        play_out(m)
        st = m.state
        assert st.is_over and st.end_reason in ("last_player", "limit", "draw")
        assert sum(len(h) for h in st.hands) + len(st.pile) + len(st.burned) == 52


def test_reaction_medians_follow_the_table():
    rules = rs.Rules()
    for name, level in LEVEL_TABLE.items():
        bot = RatscrewBot(level, random.Random(4), seat=0, rules=rules)
        medians = {rule: statistics.median(bot.reaction_ms(rule) for _ in range(3000))
                   for rule in RULE_DIFFICULTY}
        assert medians["double"] == pytest.approx(level.react_median_ms, rel=0.05)
        for rule in ("top_bottom", "tens", "marriage", "divorce", "run"):
            assert medians[rule] > 1.2 * medians["double"], (name, rule)
    assert LEVEL_TABLE["kid"].react_median_ms == 900
    assert LEVEL_TABLE["casual"].react_median_ms == 550
    assert LEVEL_TABLE["pro"].react_median_ms == 350
    assert rules_factor(1) < rules_factor(3) == 1.0 < rules_factor(5) < rules_factor(8) < 1.2
    many = RatscrewBot(LEVEL_TABLE["pro"], random.Random(4), seat=0, rules=rs.Rules(slaps=frozenset(rs.SLAP_RULES)))
    assert statistics.median(many.reaction_ms("double") for _ in range(3000)) > 1.1 * 350


def test_measured_behaviour_in_games_matches_the_table():
    """Miss and near-miss rates the bots showed in real games stay near their parameters."""
    for name, level in LEVEL_TABLE.items():
        opportunities = missed = near = near_slaps = 0
        noticed = []
        for seed in range(12):
            m = RatscrewMatch(rs.Rules(), [SeatSpec("bot", name)] * 3, seed=seed, start_ns=0)
            play_out(m)
            for bot in m.bots.values():
                opportunities += bot.log.opportunities
                missed += bot.log.missed
                near += bot.log.near_misses
                near_slaps += bot.log.near_miss_slaps
                noticed += bot.log.reactions_ms
        assert opportunities > 300
        assert abs(missed / opportunities - level.miss) < 0.05, name
        assert abs(near_slaps / near - level.near_miss) < 0.04, name
        # Mostly doubles, some sandwiches and top-bottoms: a little above the double median.
        assert level.react_median_ms < statistics.median(noticed) < 1.3 * level.react_median_ms, name


def test_near_misses_are_one_rank_off_a_slap():
    rules = rs.Rules()
    assert near_miss_rule(("5S", "6H"), rules) == "double"
    assert near_miss_rule(("3C", "7D", "8H"), rules) == "double"
    assert near_miss_rule(("5S", "5H"), rules) is None  # a real double is no near miss
    assert near_miss_rule(("2C", "9D"), rules) is None
    assert near_miss_rule(("4C", "9D", "5H"), rules) == "sandwich"
    assert near_miss_rule(("KC", "JD"), rs.Rules(slaps=frozenset({"marriage"}))) == "marriage"


def test_a_slap_far_off_is_dropped_when_the_pile_changes_but_a_moving_hand_is_not():
    bot = RatscrewBot(LEVEL_TABLE["pro"], random.Random(1), seat=1, rules=rs.Rules(slaps=frozenset({"double"})))
    bot.plan(obs_of(("5S", "5H"), played=2), 0, {})
    stop = LEVEL_TABLE["pro"].stop_ms * MS
    far = {SLAP: int(stop) + 10 * MS}
    assert bot.plan(obs_of(("5S", "5H", "9C"), played=3), 0, dict(far)) == {SLAP: None}
    near = {SLAP: int(stop) - 10 * MS}
    assert SLAP not in bot.plan(obs_of(("5S", "5H", "9C", "2D"), played=4), 0, dict(near))
    # The pile did not change (someone's wrong slap burned cards under it): the plan stands.
    assert bot.plan(obs_of(("5S", "5H", "9C", "2D"), played=4), 100 * MS, dict(far)) == {}


def test_the_bot_slaps_before_playing_and_claims_after_a_delay():
    rules = rs.Rules(slaps=frozenset({"double"}))
    level = LEVEL_TABLE["casual"]
    missed = False
    for seed in range(60):
        bot = RatscrewBot(level, random.Random(seed), seat=1, rules=rules)
        plan = bot.plan(obs_of(("7S", "7H"), turn=1, played=2), 0, {})
        if bot.log.missed:  # noticed only late: it plays on at its usual pace, which covers the double
            assert plan[PLAY] < plan[SLAP]
            missed = True
        else:
            assert plan[PLAY] > plan[SLAP]
    assert missed
    bot = RatscrewBot(level, random.Random(2), seat=1, rules=rules)
    plan = bot.plan(obs_of(("JS", "4H"), turn=1, awaiting_claim=True, challenger=1), 0, {})
    assert PLAY not in plan and 180 * MS <= plan[CLAIM] <= 3000 * MS
    assert bot.plan(obs_of(("JS", "4H"), turn=1, awaiting_claim=True, challenger=1), 0, plan) == {}


def test_random_bots_always_have_a_slap_coming_and_never_stall():
    bot = DEFINITION.make_bot("random", random.Random(1), seat=0, rules=rs.Rules())
    plan = bot.plan(obs_of((), seat=0, turn=0, played=0), 0, {})
    assert SLAP in plan and PLAY in plan
    m = RatscrewMatch(rs.Rules(), [SeatSpec("bot", "random")] * 4, seed=1, start_ns=0)
    out = play_out(m)
    kinds = {type(x.event).__name__ for x in out}
    assert {"SlapWon", "WrongSlap", "CardPlayed"} <= kinds
