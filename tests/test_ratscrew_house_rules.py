"""The house rules of issue 26 in the Ratscrew engine, one test per sentence of shared/rules/ratscrew.md:
a slap on four of a suit, a 10 that stops a challenge, and the wrong-slap penalties `timeout` and
`gives_pile`; their option names, values, defaults and refusals. Hands are written top card first."""

from __future__ import annotations

import pytest

from game.core.options import BadOption
from game.engines import IllegalAction
from game.games.ratscrew import engine as rs


def game(*hands: str, **options) -> rs.State:
    return rs.new_game(rs.Rules(**options), hands=[h.split() for h in hands])


def play(st: rs.State, *seats: int) -> list:
    events = []
    for seat in seats:
        assert st.current_player == seat, (seat, st)
        events += st.apply(rs.Play(seat))
    return events


def kinds(events: list) -> list[str]:
    return [type(e).__name__ for e in events]


def snapshot(st: rs.State) -> tuple:
    return (tuple(map(tuple, st.hands)), tuple(st.pile), tuple(st.burned), tuple(st.out), st.current_player,
            st.owed, st.challenger, st.awaiting_claim, st.cards_played, tuple(st.timeouts), st.digest())


# --- the options ----------------------------------------------------------------------------------------


def test_the_options_their_values_and_defaults():
    rules = rs.Rules()
    assert "four_of_a_suit" in rs.SLAP_RULES and "four_of_a_suit" not in rules.slaps
    assert rules.ten_stops is False and rules.wrong_slap == "burn" and rules.timeout_cards == 3
    assert rules.burn == 2
    assert rs.WRONG_SLAPS == ("burn", "timeout", "gives_pile")
    values = rules.option_values()
    assert {k: values[k] for k in ("four_of_a_suit", "ten_stops", "wrong_slap", "timeout_cards")} == {
        "four_of_a_suit": False, "ten_stops": False, "wrong_slap": "burn", "timeout_cards": 3}
    specs = {o.name: o for o in rs.rule_options()}
    assert specs["four_of_a_suit"].default is False and set(specs["four_of_a_suit"].choices) == {True, False}
    assert specs["ten_stops"].default is False and set(specs["ten_stops"].choices) == {True, False}
    assert specs["wrong_slap"].default == "burn" and specs["wrong_slap"].choices == rs.WRONG_SLAPS
    assert specs["timeout_cards"].default == 3 and specs["timeout_cards"].choices == tuple(range(1, 11))
    assert specs["burn"].choices == (2, 1)  # issue 21: no penalty is a learner seat's setting now


@pytest.mark.parametrize("values", [
    {"four_of_a_suit": True}, {"ten_stops": True}, {"wrong_slap": "timeout", "timeout_cards": 10},
    {"wrong_slap": "gives_pile"}, {"wrong_slap": "timeout", "timeout_cards": 1, "burn": 1},
])
def test_the_options_round_trip(values):
    rules = rs.Rules.from_options(values)
    assert rs.Rules.from_options(rules.option_values()) == rules
    for name, value in values.items():
        assert rules.option_values()[name] == value


@pytest.mark.parametrize(("values", "kind", "message"), [
    ({"wrong_slap": "sudden_death"}, ValueError, "wrong_slap must be one of burn, timeout, gives_pile"),
    ({"wrong_slap": 1}, BadOption, "wrong_slap"),
    ({"wrong_slap": None}, BadOption, "wrong_slap"),
    ({"timeout_cards": 0}, ValueError, "timeout_cards must be 1..10, not 0"),
    ({"timeout_cards": 11}, ValueError, "timeout_cards must be 1..10, not 11"),
    ({"timeout_cards": 2.0}, BadOption, "timeout_cards must be a whole number"),
    ({"timeout_cards": True}, BadOption, "timeout_cards must be a whole number"),
    ({"timeout_cards": "3"}, BadOption, "timeout_cards must be a whole number"),
    ({"ten_stops": "yes"}, BadOption, "ten_stops must be true or false"),
    ({"ten_stops": 1}, BadOption, "ten_stops must be true or false"),
    ({"four_of_a_suit": "on"}, BadOption, "four_of_a_suit must be true or false"),
    ({"four_of_a_suit": 0}, BadOption, "four_of_a_suit must be true or false"),
])
def test_bad_values_are_refused_naming_the_option(values, kind, message):
    with pytest.raises(kind, match=message):
        rs.Rules.from_options(values)
    if "four_of_a_suit" not in values:
        with pytest.raises(kind, match=message):
            rs.Rules(**values)


def test_a_timeout_is_refused_out_of_range_whatever_the_penalty():
    with pytest.raises(ValueError, match="timeout_cards"):
        rs.Rules(wrong_slap="burn", timeout_cards=12)


# --- four of a suit -------------------------------------------------------------------------------------


@pytest.mark.parametrize("view", ["2H 5H 9H KH", "3C 2H 5H 9H KH", "AS 4S 8S JS"])
def test_four_of_a_suit(view):
    rules = rs.Rules(slaps={"four_of_a_suit"})
    assert rs.slap_rule_for(view.split(), rules) == "four_of_a_suit"
    cards = view.split()
    assert [cards[i] for i in rs.slap_cards(cards, "four_of_a_suit")] == cards[-4:]


@pytest.mark.parametrize("view", ["5H 9H KH", "2H 5H 9H KD", "2H 5H 9D KH", "2D 5H 9H KH 3H 4C"])
def test_four_of_a_suit_near_misses(view):
    assert rs.slap_rule_for(view.split(), rs.Rules(slaps={"four_of_a_suit"})) is None


def test_four_of_a_suit_is_off_by_default():
    assert rs.slap_rule_for(["2H", "5H", "9H", "KH"], rs.Rules()) is None


def test_a_slap_on_four_of_a_suit_takes_the_pile():
    st = game("2H 9H 4C", "5H KH 6C", slaps={"four_of_a_suit"})
    play(st, 0, 1, 0, 1)
    assert st.slap_rule() == "four_of_a_suit"
    events = st.apply(rs.Slap(0))
    assert events[0] == rs.SlapWon(0, "four_of_a_suit") and events[0].cards == ("2H", "5H", "9H", "KH")
    assert st.hands[0] == ["4C", "2H", "5H", "9H", "KH"] and st.current_player == 0


@pytest.mark.parametrize("live", [False, True])
def test_four_of_a_suit_counts_live_burned_cards_never_dead_ones(live):
    st = game("2H 9H KH 4C", "6H 7D", slaps={"four_of_a_suit"}, burn=1, burned_live=live)
    st.apply(rs.Slap(0))  # burns 2H
    play(st, 0, 1, 0)  # 9H 6H KH: three hearts face up, the burned heart under them
    assert st.burned == ["2H"] and st.pile == ["9H", "6H", "KH"]
    assert st.slap_rule() == ("four_of_a_suit" if live else None)


def test_a_rank_rule_is_named_before_four_of_a_suit():
    rules = rs.Rules(slaps={"double", "four_of_a_suit"})
    assert rs.slap_rule_for(["2H", "5H", "9H", "9H"], rules) == "double"  # (a made-up pile: both apply)
    assert rs.slap_rule_for(["2H", "5H", "8H", "9H"], rules) == "four_of_a_suit"


# --- a 10 stops a challenge -----------------------------------------------------------------------------


def test_a_ten_paid_to_a_challenge_is_an_ordinary_card_by_default():
    st = game("KS 2C", "3D TD 5D 6D", "8H 9H")
    play(st, 0, 1, 1)
    assert st.owed == 1 and st.challenger == 0 and st.current_player == 1


def test_a_ten_turned_by_the_payer_ends_the_challenge():
    st = game("KS 2C", "3D TD 5D 6D", "8H 9H", ten_stops=True)
    play(st, 0, 1)
    events = play(st, 1)
    assert events == [rs.CardPlayed(1, "TD"), rs.ChallengeEnded(0, "ten")]
    assert st.owed == 0 and st.challenger is None and not st.awaiting_claim
    assert st.current_player == 2  # the player after the one who turned the 10
    assert st.pile == ["KS", "3D", "TD"] and st.hands == [["2C"], ["5D", "6D"], ["8H", "9H"]]
    with pytest.raises(IllegalAction):
        st.apply(rs.Claim(0))
    play(st, 2, 0, 1)  # play goes on


def test_after_a_ten_with_two_players_the_challenger_plays_next():
    st = game("QS 2C 3C", "4D TD 5D", ten_stops=True)
    play(st, 0, 1, 1)
    assert st.challenger is None and st.current_player == 0


def test_a_ten_as_the_last_card_owed_stops_the_challenge_too():
    st = game("JS 2C", "TD 5D", "8H 9H", ten_stops=True)
    events = play(st, 0, 1)
    assert "PileAwaitingClaim" not in kinds(events) and rs.ChallengeEnded(0, "ten") in events
    assert st.current_player == 2 and not st.awaiting_claim


def test_a_ten_outside_a_challenge_is_an_ordinary_card():
    st = game("TS 2C", "TD 5D", "8H 9H", ten_stops=True, slaps=set())
    events = play(st, 0, 1)
    assert kinds(events) == ["CardPlayed", "CardPlayed"] and st.current_player == 2


def test_a_slap_may_still_take_the_pile_a_ten_stopped():
    st = game("KS 2C", "TD 5D", "TH 9H", ten_stops=True)
    play(st, 0, 1)  # K, then 10 stops it
    play(st, 2)  # TH on TD: a double
    events = st.apply(rs.Slap(0))
    assert events[0] == rs.SlapWon(0, "double") and st.hands[0] == ["2C", "KS", "TD", "TH"]


def test_a_payer_whose_last_card_is_a_ten_ran_out_and_the_turn_goes_on():
    st = game("KS 2C", "TD", "8H 9H", ten_stops=True)
    events = play(st, 0, 1)
    assert kinds(events)[-2:] == ["RanOut", "ChallengeEnded"]
    assert st.current_player == 2 and st.in_game(1)


def test_a_challenge_card_paid_still_passes_the_challenge_with_tens_stopping():
    st = game("KS 2C", "3D JD", "TH 9H", ten_stops=True)
    play(st, 0, 1, 1)  # J passes the challenge to seat 2
    assert st.challenger == 1 and st.current_player == 2
    play(st, 2)  # the 10 stops the new challenge
    assert st.challenger is None and st.current_player == 0


# --- wrong slap: timeout --------------------------------------------------------------------------------


def test_a_wrong_slap_in_timeout_burns_nothing_and_starts_a_timeout():
    st = game("2C 3C 4C 5C", "6D 7D 8D 9D", "2H 3H 4H 5H", wrong_slap="timeout")
    play(st, 0)
    events = st.apply(rs.Slap(1))
    assert events == [rs.WrongSlap(1, 0), rs.TimedOut(1, 3)]
    assert st.hands[1] == ["6D", "7D", "8D", "9D"] and st.burned == [] and st.timeouts == [0, 3, 0]
    assert st.observation(2).timeouts == (0, 3, 0)


def test_a_seat_in_timeout_that_slaps_is_refused_and_nothing_changes():
    st = game("2C 3C 4C 5C", "6D 7D 8D 9D", "2H 3H 4H 5H", wrong_slap="timeout", timeout_cards=2)
    st.apply(rs.Slap(1))
    before = snapshot(st)
    assert rs.Slap(1) not in st.legal_actions() and rs.Slap(1) not in st.legal_actions(1)
    with pytest.raises(IllegalAction) as err:
        st.apply(rs.Slap(1))
    assert err.value.code == "timeout" and "2" in str(err.value)
    assert snapshot(st) == before


def test_a_timeout_counts_every_card_played_by_anyone_and_a_slappable_pile_does_not_end_it():
    st = game("2C 9S 4C 5C", "6D 9D 8D", "2H 3H 4H", wrong_slap="timeout", timeout_cards=3)
    st.apply(rs.Slap(0))
    play(st, 0)
    assert st.timeouts[0] == 2
    play(st, 1)
    assert st.timeouts[0] == 1
    play(st, 2, 0, 1)  # 2H, then 9S 9D: a double, but seat 0 waits one more card? no: three were played
    assert st.timeouts[0] == 0 and st.slap_rule() == "double"
    assert st.apply(rs.Slap(0))[0] == rs.SlapWon(0, "double")


def test_a_seat_in_timeout_cannot_slap_even_a_slappable_pile():
    st = game("2C 9S 4C", "9D 8D 7D", "5H 6H", wrong_slap="timeout", timeout_cards=3)
    play(st, 0)
    st.apply(rs.Slap(2))
    play(st, 1)  # 2C 9D
    play(st, 2)  # 5H
    play(st, 0)  # 9S: a sandwich? 9D 5H 9S yes
    assert st.slap_rule() == "sandwich" and st.timeouts[2] == 0
    st2 = game("2C 9S 4C", "9D 8D 7D", "5H 6H", wrong_slap="timeout", timeout_cards=5)
    play(st2, 0)
    st2.apply(rs.Slap(2))
    play(st2, 1, 2, 0)
    assert st2.slap_rule() == "sandwich" and st2.timeouts[2] == 2
    with pytest.raises(IllegalAction, match="timeout"):
        st2.apply(rs.Slap(2))
    assert st2.apply(rs.Slap(1))[0] == rs.SlapWon(1, "sandwich")


def test_a_won_pile_does_not_reset_a_timeout():
    st = game("2C 7S 4C 5C", "7D 3D 8D", "2H 9H", wrong_slap="timeout", timeout_cards=5)
    st.apply(rs.Slap(2))
    play(st, 0, 1)  # 2C 7D
    play(st, 2)  # 2H
    play(st, 0)  # 7S: a sandwich (7D 2H 7S)
    assert st.timeouts[2] == 1
    st.apply(rs.Slap(1))
    assert st.timeouts[2] == 1  # taken by a slap: still one card to wait


def test_a_seat_with_no_cards_that_slaps_wrongly_in_timeout_play_is_out():
    st = game("2C 3C", "4D", "5H 6H", wrong_slap="timeout")
    play(st, 0, 1)  # seat 1 ran out
    events = st.apply(rs.Slap(1))
    assert events == [rs.WrongSlap(1, 0), rs.PlayerOut(1, "wrong_slap")]
    assert st.timeouts == [0, 0, 0]


def test_when_every_seat_still_in_is_in_timeout_and_nobody_holds_a_card_it_is_a_draw():
    st = game("9C 2C", "3D 9D", wrong_slap="timeout", timeout_cards=2, slaps={"double", "sandwich"})
    play(st, 0)
    st.apply(rs.Slap(1))  # seat 1 waits two cards
    play(st, 1)  # 3D
    st.apply(rs.Slap(0))  # seat 0 waits two cards
    play(st, 0)  # 2C: seat 0 ran out; seat 1 waits 0, seat 0 waits 1
    assert st.timeouts == [1, 0]
    play(st, 1)  # 9D: 9C 3D 2C 9D - top-bottom is off; no
    assert st.is_over and st.end_reason == "draw"


# --- wrong slap: the pile goes to the next player -------------------------------------------------------


def test_a_wrong_slap_gives_the_pile_to_the_next_player_who_plays_next():
    st = game("2C 3C 4C", "5D 6D 7D", "8H 9H TH", wrong_slap="gives_pile")
    play(st, 0, 1)
    events = st.apply(rs.Slap(2))
    assert events == [rs.WrongSlap(2, 0), rs.PileGiven(0, 2, 2)]
    assert events[1].pile == ("2C", "5D")
    assert st.hands == [["3C", "4C", "2C", "5D"], ["6D", "7D"], ["8H", "9H", "TH"]]
    assert st.pile == [] and st.current_player == 0


def test_the_pile_skips_seats_that_are_out_but_not_seats_that_ran_out():
    st = game("2C 3C 4C", "5D", "8H 9H TH", "6S", wrong_slap="gives_pile", slaps=set())
    play(st, 0, 1, 2, 3)  # seats 1 and 3 ran out
    events = st.apply(rs.Slap(3))  # no cards: out, and the pile still goes on, to seat 0
    assert events == [rs.WrongSlap(3, 0), rs.PlayerOut(3, "wrong_slap"), rs.PileGiven(0, 4, 3)]
    play(st, 0, 2)  # 3C 9H (seat 1 has no card to play)
    events = st.apply(rs.Slap(0))  # goes to seat 1, who ran out but is still in: back in
    assert events == [rs.WrongSlap(0, 0), rs.PileGiven(1, 2, 0), rs.PlayerBackIn(1)]
    assert st.hands[1] == ["3C", "9H"] and st.current_player == 1
    play(st, 1, 2)
    events = st.apply(rs.Slap(2))
    assert events[-1] == rs.PileGiven(0, 2, 2)  # past seat 3, who is out


def test_a_pile_given_away_cancels_a_pending_challenge():
    st = game("KS 2C", "3D 4D 5D", "8H 9H", wrong_slap="gives_pile")
    play(st, 0, 1)
    events = st.apply(rs.Slap(0))
    assert events == [rs.WrongSlap(0, 0), rs.ChallengeEnded(0, "pile_given"), rs.PileGiven(1, 2, 0)]
    assert st.owed == 0 and st.challenger is None and st.current_player == 1
    assert st.hands[1] == ["4D", "5D", "KS", "3D"]


def test_a_pile_given_away_while_it_awaits_its_claim_goes_all_the_same():
    st = game("JS 2C", "3D 4D", "8H 9H", wrong_slap="gives_pile")
    play(st, 0, 1)
    assert st.awaiting_claim
    events = st.apply(rs.Slap(2))
    assert rs.PileGiven(0, 2, 2) in events and not st.awaiting_claim and st.current_player == 0


def test_gives_pile_by_a_slapper_with_no_cards_puts_them_out_and_the_pile_still_goes_on():
    st = game("2C 3C", "4D", "5H 6H", wrong_slap="gives_pile")
    play(st, 0, 1)
    events = st.apply(rs.Slap(1))
    assert events == [rs.WrongSlap(1, 0), rs.PlayerOut(1, "wrong_slap"), rs.PileGiven(2, 2, 1)]
    assert st.hands[2] == ["5H", "6H", "2C", "4D"] and st.current_player == 2


def test_gives_pile_to_the_last_player_ends_the_game():
    st = game("2C 3C", "4D", wrong_slap="gives_pile")
    play(st, 0, 1)
    events = st.apply(rs.Slap(1))
    assert kinds(events) == ["WrongSlap", "PlayerOut", "PileGiven", "GameOver"]
    assert st.winner == 0 and len(st.hands[0]) == 3


def test_gives_pile_takes_burned_cards_under_it_none_burned_by_the_slap():
    st = game("2C 3C", "4D 5D", "6H 7H", wrong_slap="gives_pile")
    before = list(st.hands[1])
    st.apply(rs.Slap(1))  # an empty pile: nothing to give, nothing moves
    assert st.hands[1] == before and st.current_player == 0 and st.burned == []


def test_digests_of_games_at_the_old_defaults_are_as_before():
    """The new options at their defaults leave a digest as it was before they existed (old replays)."""
    st = rs.new_game(rs.Rules(), players=3, seed=7)
    for _ in range(5):
        st.apply(rs.Play(st.current_player))
    assert st.digest() == "3a01e0fd99c4836a"  # as the engine before issue 26 made it
    changed = rs.new_game(rs.Rules(wrong_slap="timeout"), players=3, seed=7)
    for _ in range(5):
        changed.apply(rs.Play(changed.current_player))
    assert changed.digest() != st.digest()
