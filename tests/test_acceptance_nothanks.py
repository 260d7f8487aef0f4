"""Acceptance scenarios for No Thanks!: one per sentence / settled detail of shared/rules/nothanks.md.

Written against the contract API only (issue 2): `nt.new_game(rules, players=, deck=[...])`, `apply`,
and the public attributes. `deck` is the face-down stack, top card first; the rest is set aside.
"""

from __future__ import annotations

import pytest

from game.engines import IllegalAction
from game.games.nothanks import engine as nt


def of_type(events: list, name: str) -> list:
    return [e for e in events if type(e).__name__ == name]




# --- editions and setup ------------------------------------------------------------------------------


def test_default_rules_are_the_seeds_playing_card_edition():
    r = nt.Rules()
    assert r.ranks_per_suit == 9
    assert r.set_aside == 12
    assert r.matches == 11
    assert r.after_take == "next_player"
    assert tuple(r.suit_order) == ("C", "D", "H", "S")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_playing_card_edition_36_cards_12_aside_11_matches(players):
    st = nt.new_game(nt.Rules(), players=players, seed=3)
    assert st.matches == [11] * players
    # 36 cards, 12 set aside: 24 in play, one face up and 23 face down
    assert st.card is not None
    assert st.cards_left == 23
    assert st.pot == 0


@pytest.mark.parametrize("k", [5, 6, 7, 8, 9, 10, 11, 12, 13])
def test_set_aside_is_a_third_rounded(k):
    rules = nt.Rules(ranks_per_suit=k)
    aside = round(4 * k / 3)
    assert rules.set_aside == aside
    st = nt.new_game(rules, players=3, seed=1)
    assert 1 + st.cards_left == 4 * k - aside
    assert 1 <= st.card <= 4 * k


def test_numbered_edition_3_to_35_nine_aside():
    rules = nt.Rules.numbered()
    assert rules.set_aside == 9
    assert rules.after_take == "same_player"
    seen = set()
    for seed in range(30):
        st = nt.new_game(rules, players=4, seed=seed)
        assert 1 + st.cards_left == 33 - 9
        seen.add(st.card)
    assert seen <= set(range(3, 36))
    st = nt.new_game(rules, players=3, deck=[3, 35])
    assert st.card == 3


@pytest.mark.parametrize("players,matches", [(3, 11), (4, 11), (5, 11), (6, 9), (7, 7)])
def test_numbered_edition_matches_11_9_7(players, matches):
    st = nt.new_game(nt.Rules.numbered(), players=players, seed=0)
    assert st.matches == [matches] * players


@pytest.mark.parametrize("players", [6, 7, 8])
def test_playing_card_edition_keeps_11_matches_for_bigger_tables(players):
    st = nt.new_game(nt.Rules(ranks_per_suit=13), players=players, seed=0)
    assert st.matches == [11] * players


def test_numbered_edition_is_for_3_to_7_players():
    for players in (2, 8):
        with pytest.raises((ValueError, IllegalAction)):
            nt.new_game(nt.Rules.numbered(), players=players, seed=0)


def test_playing_card_edition_allows_2_to_8_players():
    for players in (2, 6, 7, 8):
        st = nt.new_game(nt.Rules(ranks_per_suit=13), players=players, seed=0)
        assert len(st.matches) == players
    with pytest.raises((ValueError, IllegalAction)):
        nt.new_game(nt.Rules(), players=9, seed=0)


def test_numbered_deck_values_outside_3_35_rejected():
    with pytest.raises((ValueError, IllegalAction)):
        nt.new_game(nt.Rules.numbered(), players=3, deck=[2, 10])
    with pytest.raises((ValueError, IllegalAction)):
        nt.new_game(nt.Rules.numbered(), players=3, deck=[36])
    with pytest.raises((ValueError, IllegalAction)):
        nt.new_game(nt.Rules(), players=3, deck=[37])


@pytest.mark.parametrize("players", [6, 7])
def test_lobby_proposes_bigger_deck_for_more_players(players):
    options = {o.name: o for o in nt.rule_options(nt.Rules(), players)}
    k = options["ranks_per_suit"].default
    assert k > 9
    in_play = 4 * k - round(4 * k / 3)
    assert abs(in_play / players - 5) <= 1


def test_rule_options_cover_every_setting():
    names = {o.name for o in nt.rule_options()}
    assert {"ranks_per_suit", "suit_order", "set_aside", "matches", "after_take", "hidden_matches"} <= names


# --- card values ---------------------------------------------------------------------------------------


def test_values_in_default_suit_order():
    r = nt.Rules()
    assert nt.card_label(r, 1) == "\u26631"
    assert nt.card_label(r, 9) == "\u26639"
    assert nt.card_label(r, 10) == "\u26661"
    assert nt.card_label(r, 19) == "\u26651"
    assert nt.card_label(r, 27) == "\u26659"
    assert nt.card_label(r, 28) == "\u26601"
    assert nt.card_label(r, 36) == "\u26609"
    assert nt.value_explanation(r, 28) == "\u26601 = 3 \u00d7 9 + 1 = 28"


def test_values_follow_the_agreed_suit_order():
    r = nt.Rules(suit_order=("S", "H", "D", "C"))
    assert nt.card_label(r, 1) == "\u26601"
    assert nt.card_label(r, 28) == "\u26631"
    assert nt.value_explanation(r, 28) == "\u26631 = 3 \u00d7 9 + 1 = 28"


def test_value_is_suit_index_times_k_plus_rank():
    r = nt.Rules(ranks_per_suit=10)
    assert nt.card_label(r, 31) == "\u26601"
    assert nt.value_explanation(r, 31) == "\u26601 = 3 \u00d7 10 + 1 = 31"
    assert nt.card_label(r, 40) == "\u266010"
    assert nt.card_label(nt.Rules.numbered(), 17) == "17"


# --- a turn --------------------------------------------------------------------------------------------


def test_seat_zero_starts():
    st = nt.new_game(nt.Rules(), players=4, seed=11)
    assert st.current_player == 0


def test_first_card_face_up_at_start_and_deck_is_top_first():
    st = nt.new_game(nt.Rules(), players=3, deck=[28, 27, 3])
    assert st.card == 28
    assert st.cards_left == 2  # face-down only, the face-up card not counted
    assert st.pot == 0 and st.current_player == 0


def test_pay_puts_a_match_on_the_card_and_turn_passes():
    st = nt.new_game(nt.Rules(), players=3, deck=[20, 5, 6])
    events = st.apply(nt.PASS)
    assert st.matches == [10, 11, 11]
    assert st.pot == 1 and st.card == 20 and st.cards_left == 2
    assert st.current_player == 1
    assert of_type(events, "MatchPaid")
    st.apply(nt.PASS)
    st.apply(nt.PASS)
    assert st.current_player == 0  # round the table
    assert st.pot == 3 and st.matches == [10, 10, 10]


def test_take_gets_card_and_every_match_and_next_card_turns_up():
    st = nt.new_game(nt.Rules(), players=3, deck=[20, 5, 6])
    st.apply(nt.PASS)
    st.apply(nt.PASS)
    events = st.apply(nt.TAKE)  # seat 2 takes 20 with 2 matches
    assert st.cards[2] == [20]
    assert st.matches == [10, 10, 13]
    assert st.pot == 0
    assert st.card == 5 and st.cards_left == 1
    taken = of_type(events, "CardTaken")
    assert taken and taken[0].seat == 2 and taken[0].card == 20 and taken[0].matches == 2


@pytest.mark.parametrize("edition", ["cards", "numbered"])
@pytest.mark.parametrize("after_take", ["next_player", "same_player"])
def test_after_take_option_in_both_editions(edition, after_take):
    if edition == "numbered":
        rules = nt.Rules.numbered(after_take=after_take)
        deck = [10, 11, 12]
    else:
        rules = nt.Rules(after_take=after_take)
        deck = [10, 11, 12]
    st = nt.new_game(rules, players=3, deck=deck)
    st.apply(nt.PASS)  # seat 0 pays; seat 1 on turn
    st.apply(nt.TAKE)  # seat 1 takes 10 and turns the next card
    assert st.card == 11
    assert st.current_player == (2 if after_take == "next_player" else 1)


def test_default_after_take_differs_by_edition():
    st = nt.new_game(nt.Rules(), players=3, deck=[10, 11])
    st.apply(nt.TAKE)
    assert st.current_player == 1  # the seed's text: the turn passes
    st = nt.new_game(nt.Rules.numbered(), players=3, deck=[10, 11])
    st.apply(nt.TAKE)
    assert st.current_player == 0  # published rule: the taker decides again


def test_player_with_no_matches_must_take():
    st = nt.new_game(nt.Rules(matches=1), players=3, deck=[30, 31, 32])
    st.apply(nt.PASS)
    st.apply(nt.PASS)
    st.apply(nt.PASS)
    assert st.current_player == 0 and st.matches == [0, 0, 0]
    assert st.legal_actions() == [nt.TAKE]
    before = st.digest()
    with pytest.raises(IllegalAction):
        st.apply(nt.PASS)
    assert st.digest() == before
    st.apply(nt.TAKE)
    assert st.matches[0] == 3


def test_legal_actions_with_matches():
    st = nt.new_game(nt.Rules(), players=3, seed=0)
    assert set(st.legal_actions()) == {nt.TAKE, nt.PASS}


def test_never_more_than_one_card_face_up_and_cards_left_counts_face_down():
    st = nt.new_game(nt.Rules(), players=3, deck=[1, 2, 3, 4])
    lefts = []
    while not st.is_over:
        assert isinstance(st.card, int)
        lefts.append(st.cards_left)
        st.apply(nt.TAKE)
    assert lefts == [3, 2, 1, 0]


def test_game_ends_when_last_card_taken_and_card_is_none():
    st = nt.new_game(nt.Rules(), players=3, deck=[10, 20])
    st.apply(nt.TAKE)
    assert not st.is_over and st.card == 20 and st.cards_left == 0
    st.apply(nt.PASS)  # passing on the last card does not end the game
    assert not st.is_over and st.card == 20
    events = st.apply(nt.TAKE)
    assert st.is_over and st.card is None
    assert of_type(events, "GameOver")
    assert nt.TAKE not in st.legal_actions() and nt.PASS not in st.legal_actions()
    for action in (nt.TAKE, nt.PASS):
        before = st.digest()
        with pytest.raises(IllegalAction):
            st.apply(action)
        assert st.digest() == before


def test_whole_seeded_game_takes_exactly_the_cards_in_play():
    for rules in (nt.Rules(), nt.Rules.numbered(), nt.Rules(ranks_per_suit=12, after_take="same_player")):
        st = nt.new_game(rules, players=4, seed=42)
        in_play = 1 + st.cards_left
        total_matches = sum(st.matches)
        turn = 0
        while not st.is_over:
            st.apply(nt.PASS if (turn % 3 and nt.PASS in st.legal_actions()) else nt.TAKE)
            turn += 1
            assert sum(st.matches) + st.pot == total_matches
        taken = [c for hand in st.cards for c in hand]
        assert len(taken) == in_play == len(set(taken))


def test_deck_argument_sets_aside_the_rest_of_the_deck():
    st = nt.new_game(nt.Rules(), players=3, deck=[28, 27, 3])
    events = []
    while not st.is_over:
        events += st.apply(nt.TAKE)
    over = of_type(events, "GameOver")[0]
    assert sorted(over.set_aside) == sorted(set(range(1, 37)) - {28, 27, 3})
    assert sorted(c for hand in st.cards for c in hand) == [3, 27, 28]


def test_seeded_game_reveals_set_aside_at_end_disjoint_from_taken():
    st = nt.new_game(nt.Rules(), players=3, seed=9)
    events = []
    while not st.is_over:
        events += st.apply(nt.TAKE)
    over = of_type(events, "GameOver")[0]
    taken = {c for hand in st.cards for c in hand}
    assert len(over.set_aside) == 12
    assert taken | set(over.set_aside) == set(range(1, 37))
    assert not taken & set(over.set_aside)


# --- scoring -------------------------------------------------------------------------------------------


def test_seed_example_minus_25():
    assert nt.score(cards=[28, 27, 3], matches=5) == -25


def test_seed_example_in_a_game():
    st = nt.new_game(nt.Rules(matches=5, after_take="same_player"), players=3, deck=[28, 27, 3])
    for _ in range(3):
        st.apply(nt.TAKE)
    assert st.is_over
    assert st.scores() == [-25, 5, 5]


def test_run_of_two_counts_only_lowest():
    assert nt.score(cards=[5, 6], matches=0) == -5
    assert nt.score(cards=[6, 5], matches=0) == -5
    assert nt.score(cards=[5, 7], matches=0) == -12
    assert nt.score(cards=[5, 6, 7], matches=2) == -3
    assert nt.score(cards=[1, 2, 4, 5, 6, 9], matches=0) == -(1 + 4 + 9)


def test_runs_cross_suit_borders():
    assert nt.score(cards=[27, 28], matches=0) == -27
    assert nt.score(cards=[9, 10], matches=0) == -9
    assert nt.score(cards=[18, 19, 20], matches=1) == -17


def test_each_match_scores_plus_one():
    assert nt.score(cards=[], matches=11) == 11
    assert nt.score(cards=[3], matches=4) == 1


def test_highest_total_wins():
    st = nt.new_game(nt.Rules(), players=3, deck=[10, 20, 30])
    for _ in range(3):
        st.apply(nt.TAKE)
    assert st.scores() == [1, -9, -19]
    assert st.winners() == [0]


def test_tie_broken_by_more_matches_left():
    # seat 1: 10 and 11 (a run, -10) with 2 matches = -8; seat 2: 9 with 1 match = -8
    st = nt.new_game(nt.Rules(matches=1), players=3, deck=[10, 9, 20, 11])
    st.apply(nt.PASS)  # seat 0 pays on 10
    st.apply(nt.TAKE)  # seat 1 takes 10 + 1 match
    st.apply(nt.TAKE)  # seat 2 takes 9
    assert st.legal_actions() == [nt.TAKE]
    st.apply(nt.TAKE)  # seat 0 (no matches) takes 20
    st.apply(nt.TAKE)  # seat 1 takes 11
    assert st.is_over
    assert st.scores() == [-20, -8, -8]
    assert st.matches == [0, 2, 1]
    assert st.winners() == [1]


def test_tie_on_score_and_matches_shares_the_win():
    st = nt.new_game(nt.Rules(matches=0), players=3, deck=[10, 4, 30, 11, 6, 31])
    for _ in range(6):
        st.apply(nt.TAKE)
    assert st.scores() == [-10, -10, -30]
    assert sorted(st.winners()) == [0, 1]


# --- hidden information ---------------------------------------------------------------------------------


def test_match_counts_public_by_default():
    st = nt.new_game(nt.Rules(), players=3, deck=[10, 11, 12])
    st.apply(nt.PASS)
    obs = st.observation(1)
    assert list(obs.matches) == [10, 11, 11]


def test_hidden_matches_shows_only_own_count():
    st = nt.new_game(nt.Rules(hidden_matches=True), players=3, deck=[10, 11, 12])
    st.apply(nt.PASS)
    for seat in range(3):
        obs = st.observation(seat)
        own = st.matches[seat]
        assert obs.matches[seat] == own
        for other in range(3):
            if other != seat:
                assert obs.matches[other] is None


def test_observation_never_reveals_deck_order_or_set_aside_cards():
    rules = nt.Rules()
    a = nt.new_game(rules, players=3, deck=[5, 6, 7, 8])
    b = nt.new_game(rules, players=3, deck=[5, 8, 7, 6])
    c_stack = [5, 30, 31, 32]
    c = nt.new_game(rules, players=3, deck=c_stack)
    for seat in range(3):
        assert a.observation(seat) == b.observation(seat)  # order hidden
        assert a.observation(seat) == c.observation(seat)  # which cards are aside hidden
    text = repr(a.observation(0))
    assert "[6, 7, 8]" not in text and "[8, 7, 6]" not in text


def test_illegal_actions_raise_and_change_nothing():
    st = nt.new_game(nt.Rules(), players=3, deck=[10, 11])
    before = st.digest()
    with pytest.raises(IllegalAction):
        st.apply("slap")
    assert st.digest() == before


def test_clone_is_independent():
    st = nt.new_game(nt.Rules(), players=3, deck=[10, 11])
    other = st.clone()
    other.apply(nt.TAKE)
    assert st.card == 10 and st.cards == [[], [], []]
