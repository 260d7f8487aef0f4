"""No Thanks engine properties: random legal play across seeds, table sizes and options always ends,
conserves cards and matches, never raises, and clones never share state."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engines import IllegalAction
from game.games.nothanks import engine as nt


@st.composite
def tables(draw):
    """(rules, players) for any lobby combination."""
    edition = draw(st.sampled_from(nt.EDITIONS))
    matches = draw(st.one_of(st.none(), st.integers(0, 15)))
    after = draw(st.sampled_from(nt.AFTER_TAKE))
    hidden = draw(st.booleans())
    if edition == "numbered":
        aside = draw(st.one_of(st.none(), st.integers(0, 32)))
        rules = nt.Rules.numbered(set_aside=aside, matches=matches, after_take=after, hidden_matches=hidden)
    else:
        k = draw(st.integers(5, 13))
        aside = draw(st.one_of(st.none(), st.integers(0, 4 * k - 1)))
        order = draw(st.sampled_from(nt.SUIT_ORDERS))
        rules = nt.Rules(ranks_per_suit=k, suit_order=order, set_aside=aside, matches=matches,
                         after_take=after, hidden_matches=hidden)
    low, high = rules.player_range()
    return rules, draw(st.integers(low, high))


def check_invariants(state: nt.State, total_matches: int, deck: list[int]) -> None:
    held = [c for hand in state.cards for c in hand]
    face_up = [] if state.card is None else [state.card]
    assert sorted(held + face_up + list(state._stack) + list(state.aside)) == deck
    assert sum(state.matches) + state.pot == total_matches
    assert all(m >= 0 for m in state.matches)
    assert len(state.take_log) == len(held)


@settings(max_examples=150, deadline=None)
@given(tables(), st.integers(0, 2**32), st.integers(0, 2**32), st.floats(0.0, 1.0))
def test_random_legal_play_ends_and_conserves(table, seed, play_seed, take_bias):
    rules, players = table
    state = nt.new_game(rules, players=players, seed=seed, first_player=seed % players)
    deck = rules.deck_values()
    total = rules.matches_for(players) * players
    rng = random.Random(play_seed)
    in_play = rules.deck_size - rules.set_aside
    # Every pass moves one match to the pot, so a card is taken at the latest after `total` passes.
    for _ in range(in_play * (total + 1)):
        if state.is_over:
            break
        check_invariants(state, total, deck)
        legal = state.legal_actions()
        assert legal in ([nt.TAKE, nt.PASS], [nt.TAKE])
        assert (nt.PASS in legal) == (state.matches[state.current_player] > 0)
        obs = state.observation(state.current_player)
        assert obs.legal_actions == tuple(legal) and obs.cards_left == state.cards_left
        assert len(obs.unseen) == state.cards_left + len(state.aside)
        action = nt.TAKE if rng.random() < take_bias or len(legal) == 1 else nt.PASS
        state.apply(action)
    assert state.is_over and state.card is None and state.cards_left == 0
    check_invariants(state, total, deck)
    assert sum(len(h) for h in state.cards) == in_play
    assert state.winners() and all(0 <= s < players for s in state.winners())
    for action in (nt.TAKE, nt.PASS):
        try:
            state.apply(action)
        except IllegalAction:
            pass
        else:
            raise AssertionError("an action after the game is over was accepted")


@settings(max_examples=60, deadline=None)
@given(tables(), st.integers(0, 2**32), st.lists(st.booleans(), min_size=1, max_size=60))
def test_clone_is_independent_of_the_original(table, seed, script):
    rules, players = table
    state = nt.new_game(rules, players=players, seed=seed)
    twin = state.clone()
    copy = state.clone()
    for take in script:
        if copy.is_over:
            break
        copy.apply(nt.TAKE if take or not copy.matches[copy.current_player] else nt.PASS)
    assert (state.card, state.pot, state.matches, state.cards, state.cards_left, state.current_player,
            state.take_log) == (twin.card, twin.pot, twin.matches, twin.cards, twin.cards_left,
                                twin.current_player, twin.take_log)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 60), max_size=20, unique=True), st.integers(0, 40))
def test_score_is_matches_minus_each_runs_lowest_card(cards, matches):
    expected = matches - sum(r.counted for r in nt.runs(cards))
    assert nt.score(cards=cards, matches=matches) == expected
    assert sorted(c for r in nt.runs(cards) for c in r.cards) == sorted(cards)
    assert nt.score(cards=cards, matches=matches) >= matches - sum(cards)
