"""Egyptian Ratscrew engine: one test per rule and per option, the seed's example, illegal actions."""

import dataclasses
import subprocess
import sys

import pytest

from game.engines import IllegalAction
from game.games.ratscrew import engine as rs
from game.games.ratscrew import text as rs_text

ALL = frozenset(rs.SLAP_RULES)


def game(*hands: str, players: int | None = None, **rule_options) -> rs.State:
    """A game from hands written top card first: game("QS 9H", "9C 2D")."""
    return rs.new_game(rs.Rules(**rule_options), hands=[h.split() for h in hands], players=players)




def play_all(st: rs.State, seats: str) -> list:
    """Play one card for each seat in `seats` ("0101"), asserting each is that seat's turn."""
    events = []
    for ch in seats:
        seat = int(ch)
        assert st.current_player == seat, (seat, st)
        events += st.apply(rs.Play(seat))
    return events


def judge(view: str, *slaps: str, either: bool = False) -> str | None:
    rules = rs.Rules(slaps=frozenset(slaps) if slaps else ALL, marriage_either_order=either)
    return rs.slap_rule_for(view.split(), rules)


# --- slap rules ------------------------------------------------------------------------------------


@pytest.mark.parametrize("view", ["5C 9H 9C", "9H 9C", "2C 3D KH KS"])
def test_double(view):
    assert judge(view, "double") == "double"


@pytest.mark.parametrize("view", ["9H 8C", "9H 5C 9C", "9H 8C 8D 5S"])
def test_double_near_misses(view):
    assert judge(view, "double") is None


@pytest.mark.parametrize("view", ["9H 5C 9C", "2D 7H KS 7C"])
def test_sandwich(view):
    assert judge(view, "sandwich") == "sandwich"


@pytest.mark.parametrize("view", ["9H 9C", "9H 5C 4D 9C", "5C 9H 4D"])
def test_sandwich_near_misses(view):
    assert judge(view, "sandwich") is None


@pytest.mark.parametrize("view", ["7H 2C 3D 7S", "7H 2C 4S 5D 7C", "7H 7C"])
def test_top_bottom(view):
    assert judge(view, "top_bottom") == "top_bottom"


@pytest.mark.parametrize("view", ["7H 2C 3D 8S", "2C 7H 3D 7S"])
def test_top_bottom_near_misses(view):
    assert judge(view, "top_bottom") is None


@pytest.mark.parametrize("view", ["9H", "QS", "AH"])
def test_a_pile_of_one_card_is_never_slappable(view):
    assert judge(view) is None
    assert rs.slap_rule_for([], rs.Rules(slaps=ALL)) is None


def test_marriage_is_a_queen_directly_on_a_king():
    assert judge("KH QS", "marriage") == "marriage"
    assert judge("2C KH QS", "marriage") == "marriage"
    assert judge("QS KH", "marriage") is None  # king on queen: not by default
    assert judge("KH 5C QS", "marriage") is None  # not adjacent
    assert judge("KH QS 5C", "marriage") is None  # not on top


def test_marriage_either_order_option():
    assert judge("QS KH", "marriage", either=True) == "marriage"
    assert judge("KH QS", "marriage", either=True) == "marriage"
    assert judge("QS QH", "marriage", either=True) is None
    assert judge("KS KH", "marriage", either=True) is None


@pytest.mark.parametrize("view", ["3H 7C", "7C 3H", "AH 9C", "9C AH", "2S 8D", "4D 6S", "5H 5C"])
def test_tens(view):
    assert judge(view, "tens") == "tens"


@pytest.mark.parametrize("view", ["JH QC", "TH KC", "TH JC", "KH QC", "4H 5C", "TH TC", "AH TC", "6C 3D"])
def test_tens_near_misses(view):
    assert judge(view, "tens") is None


def test_tens_uses_the_top_two_cards_only():
    assert judge("3H 7C 5D", "tens") is None
    assert judge("5D 3H 7C", "tens") == "tens"


@pytest.mark.parametrize("view", ["KH 5C QS", "QH 5C KS", "2D KH 9C QS"])
def test_divorce_either_order(view):
    assert judge(view, "divorce") == "divorce"


@pytest.mark.parametrize("view", ["KH QS", "QH KS", "KH 5C 4D QS", "KH 5C KS", "KH QS 5C"])
def test_divorce_near_misses(view):
    assert judge(view, "divorce") is None


@pytest.mark.parametrize(
    "view",
    ["4C 5D 6H", "6H 5D 4C", "AC 2D 3H", "3H 2D AC", "QC KD AH", "AH KD QC", "9S TC JD", "8D 9S TC JD"],
)
def test_run_up_or_down_ace_low_or_high(view):
    assert judge(view, "run") == "run"


@pytest.mark.parametrize(
    "view", ["KC AD 2H", "2H AD KC", "4C 6D 5H", "4C 5D 5H", "4C 5D 7H", "5D 6H", "JD QC AH"]
)
def test_run_near_misses_no_wrap(view):
    assert judge(view, "run") is None


@pytest.mark.parametrize("view", ["6C 9D", "9D 6C", "2H 6C 9D"])
def test_six_nine(view):
    assert judge(view, "six_nine") == "six_nine"


@pytest.mark.parametrize("view", ["6C 6D", "9C 9D", "6C 5D 9H", "6C 9D 5H"])
def test_six_nine_near_misses(view):
    assert judge(view, "six_nine") is None


def test_disabled_rules_do_not_count():
    rules = rs.Rules()
    assert rules.slaps == frozenset({"double", "sandwich", "top_bottom"})
    for view in ["KH QS", "3H 7C", "KH 5C QS", "4C 5D 6H", "6C 9D"]:
        assert rs.slap_rule_for(view.split(), rules) is None


def test_the_first_rule_in_order_names_a_pile_that_several_rules_make_slappable():
    assert judge("5H 5C") == "double"  # also tens
    assert judge("5C 8H 5D", "top_bottom", "sandwich") == "sandwich"  # also top-bottom


def test_slap_cards_points_at_the_cards_that_make_the_rule():
    view = ["7H", "2C", "KH", "5C", "QS"]
    assert rs.slap_cards(view, "divorce") == (2, 4)
    assert rs.slap_cards(view, "top_bottom") == (0, 4)
    assert rs.slap_cards(["4C", "5D", "6H"], "run") == (0, 1, 2)


def test_slap_won_carries_the_cards_that_framed_the_slap():
    # Positional construction still works; the framed cards are an extra field (derived from the state).
    assert rs.SlapWon(1, "double").cards == ()
    cases = [
        (("9C 2C", "9D 3C"), "01", {}, "double", ("9C", "9D")),
        (("2C 5D 3C", "9C 9D"), "0101", {}, "sandwich", ("9C", "9D")),  # [2C 9C 5D 9D]
        (("KC 2C", "QD 3C"), "01", {"slaps": {"marriage"}}, "marriage", ("KC", "QD")),
        (("4C 2C", "5D 3C", "6H 7H"), "012", {"slaps": {"run"}}, "run", ("4C", "5D", "6H")),
    ]
    for hands, order, options, rule, framed in cases:
        st = game(*hands, **options)
        play_all(st, order)
        view = st.slap_view()
        event = st.apply(rs.Slap(0))[0]
        assert event == rs.SlapWon(0, rule)
        assert event.cards == framed == tuple(view[i] for i in rs.slap_cards(view, rule))
    # Top-bottom frames the bottom card and the top one, bottom first.
    st = game("7C 2C 3C", "5D 7D", slaps={"top_bottom"})
    play_all(st, "0101")  # [7C, 5D, 2C, 7D]
    assert st.pile == ["7C", "5D", "2C", "7D"]
    assert st.apply(rs.Slap(1))[0].cards == ("7C", "7D")
    # With live burned cards the frame may include a burned card (the lowest of the heap).
    st = game("9H 2C", "9C 3D", burn=1, burned_live=True)
    st.apply(rs.Slap(1))  # burns 9C
    st.apply(rs.Play(0))  # 9H on it
    assert st.apply(rs.Slap(0))[0].cards == ("9C", "9H")


def test_slap_labels_are_words():
    assert rs_text.slap_label("top_bottom") == "Top-bottom"
    assert {rs_text.slap_label(r) for r in rs.SLAP_RULES} >= {"Double", "Sandwich", "Six-nine"}


# --- the deal and new games ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "counts"),
    [
        (2, [26, 26]),
        (3, [18, 17, 17]),
        (4, [13] * 4),
        (5, [11, 11, 10, 10, 10]),
        (6, [9, 9, 9, 9, 8, 8]),
        (7, [8, 8, 8, 7, 7, 7, 7]),
        (8, [7, 7, 7, 7, 6, 6, 6, 6]),
    ],
)
def test_deal_one_at_a_time_first_seats_hold_one_more(players, counts):
    st = rs.new_game(rs.Rules(), players=players, seed=11)
    assert [len(h) for h in st.hands] == counts
    everything = [c for h in st.hands for c in h]
    assert sorted(everything) == sorted(rs.cards.full_deck())
    assert st.current_player == 0 and st.pile == [] and st.burned == [] and st.owed == 0
    assert st.challenger is None and not st.awaiting_claim and not st.is_over
    assert all(st.in_game(s) for s in range(players))


def test_the_deal_is_a_function_of_the_seed():
    a = rs.new_game(rs.Rules(), players=4, seed=5)
    b = rs.new_game(rs.Rules(), players=4, seed=5)
    c = rs.new_game(rs.Rules(), players=4, seed=6)
    assert a.hands == b.hands
    assert a.hands != c.hands


def test_first_player_deals_from_that_seat_and_plays_first():
    st = rs.new_game(rs.Rules(), players=3, seed=3, first_player=2)
    assert [len(h) for h in st.hands] == [17, 17, 18]
    assert st.current_player == 2


def test_hands_are_parsed_top_first_any_size():
    st = rs.new_game(rs.Rules(), players=2, hands=[["qs", "10h"], ["9C"]])
    assert st.hands == [["QS", "TH"], ["9C"]]
    assert st.players == 2
    assert rs.new_game(rs.Rules(), 2, hands=["QS 10h", "9C"]).hands == [["QS", "TH"], ["9C"]]


def test_a_first_seat_with_no_cards_is_skipped():
    st = game("", "5C", "6D")
    assert st.current_player == 1
    assert st.in_game(0)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 1, "seed": 1}, "2 to 8"),
        ({"players": 9, "seed": 1}, "2 to 8"),
        ({"players": 3}, "seed"),
        ({"hands": [["QS"]]}, "2 to 8"),
        ({"hands": [["QS"], ["QS"]]}, "twice"),
        ({"hands": [["QS"], ["10S", "TS"]]}, "twice"),
        ({"hands": [["QX"], ["9C"]]}, "not a card"),
        ({"hands": [[], []]}, "no cards"),
        ({"hands": [["QS"], ["9C"]], "players": 3}, "players=3"),
        ({"hands": [["QS"], ["9C"]], "seed": 4}, "not both"),
        ({"players": 2, "seed": 1, "first_player": 2}, "first_player"),
    ],
)
def test_new_game_rejects_bad_setups(kwargs, message):
    with pytest.raises(ValueError, match=message):
        rs.new_game(rs.Rules(), **kwargs)


# --- play and challenges ---------------------------------------------------------------------------


def test_turns_go_round_the_table_and_cards_land_on_the_pile():
    st = game("2C 3C", "4C 5C", "6C 7C")
    events = play_all(st, "012")
    assert events == [rs.CardPlayed(0, "2C"), rs.CardPlayed(1, "4C"), rs.CardPlayed(2, "6C")]
    assert st.pile == ["2C", "4C", "6C"]
    assert st.hands == [["3C"], ["5C"], ["7C"]]
    assert st.cards_played == 3
    assert st.current_player == 0


@pytest.mark.parametrize(("card", "owed"), [("JC", 1), ("QC", 2), ("KC", 3), ("AC", 4)])
def test_challenge_cards_demand_their_count_from_the_next_player(card, owed):
    st = game(f"{card} 2C", "3C 4C 5C 6C 7C", "8C 9C")
    events = st.apply(rs.Play(0))
    assert events == [rs.CardPlayed(0, card), rs.ChallengeStarted(1, owed, 0)]
    assert (st.owed, st.challenger, st.current_player) == (owed, 0, 1)


def test_challenge_paid_in_full_awaits_the_challengers_claim():
    st = game("KC 2C", "3C 4D 5H 6S", "8C 9C")
    play_all(st, "0")
    events = play_all(st, "111")
    assert events[-1] == rs.PileAwaitingClaim(0)
    assert st.awaiting_claim and st.challenger == 0 and st.owed == 0 and st.current_player == 0
    events = st.apply(rs.Claim(0))
    assert events == [rs.PileWon(0, 4, "claim")]
    assert st.hands[0] == ["2C", "KC", "3C", "4D", "5H"]
    assert st.pile == [] and not st.awaiting_claim and st.challenger is None
    assert st.current_player == 0


def test_a_challenge_card_while_paying_passes_the_challenge_on_from_scratch():
    st = game("KC 2C", "3C AH 4C", "5C 6C 7C 8C 9C")
    play_all(st, "01")
    events = st.apply(rs.Play(1))
    assert events == [rs.CardPlayed(1, "AH"), rs.ChallengePassed(2, 4, 1)]
    assert (st.owed, st.challenger, st.current_player) == (4, 1, 2)
    play_all(st, "2222")
    assert st.awaiting_claim and st.challenger == 1


def test_with_two_players_the_challenge_passes_back():
    st = game("JC 2C 3C", "QD 4D")
    play_all(st, "01")
    assert (st.owed, st.challenger, st.current_player) == (2, 1, 0)


@pytest.mark.parametrize("counts", [{"J": 3, "Q": 1, "K": 2, "A": 5}, (3, 1, 2, 5)])
def test_challenge_counts_option(counts):
    rules = rs.Rules(challenge_counts=counts)
    assert rules.challenge_counts == (3, 1, 2, 5)
    assert rules.challenge_counts["J"] == 3 and rules.challenge_counts.A == 5
    assert rules.owed_for("JS") == 3 and rules.owed_for("AS") == 5 and rules.owed_for("TS") == 0
    st = rs.new_game(rules, hands=[["JC"], ["2C", "3C", "4C", "5C"]])
    st.apply(rs.Play(0))
    assert st.owed == 3


def test_players_with_no_cards_are_skipped_and_never_owe():
    st = game("JC 2C", "", "3C 4C")
    events = st.apply(rs.Play(0))
    assert events[-1] == rs.ChallengeStarted(2, 1, 0)
    st2 = game("2C 5C", "", "3C 4C")
    play_all(st2, "020")


def test_if_nobody_but_the_challenger_can_pay_the_pile_awaits_their_claim():
    st = game("KC 2C", "")
    events = st.apply(rs.Play(0))
    assert events == [rs.CardPlayed(0, "KC"), rs.PileAwaitingClaim(0)]
    assert st.awaiting_claim and st.challenger == 0


def test_payer_runs_out_next_player_pays_the_rest():
    st = game("KC 2C", "3C", "4C 5C 6C 7C")
    play_all(st, "0")
    events = st.apply(rs.Play(1))
    assert events == [rs.CardPlayed(1, "3C"), rs.RanOut(1), rs.PaymentPassed(2, 2, 1)]
    assert (st.owed, st.challenger, st.current_player) == (2, 0, 2)
    assert st.in_game(1)
    play_all(st, "22")
    assert st.awaiting_claim and st.challenger == 0
    assert st.hands[2] == ["6C", "7C"]


def test_payer_runs_out_and_only_the_challenger_has_cards():
    st = game("KC 2C", "3C")
    play_all(st, "01")
    assert st.awaiting_claim and st.challenger == 0 and st.owed == 0


def test_payer_runs_out_option_challenger_wins_at_once():
    st = game("KC 2C", "3C", "4C 5C 6C 7C", payer_out_rule="challenger_wins")
    play_all(st, "0")
    events = st.apply(rs.Play(1))
    assert events == [rs.CardPlayed(1, "3C"), rs.RanOut(1), rs.PileAwaitingClaim(0)]
    assert st.awaiting_claim and st.challenger == 0 and st.owed == 0
    st.apply(rs.Claim(0))
    assert st.hands[0] == ["2C", "KC", "3C"]


def test_a_burn_that_empties_the_payers_hand_applies_the_payer_out_rule():
    for rule, expected in (("next_pays", (2, 3, False)), ("challenger_wins", (0, 0, True))):
        st = game("KC 2C", "3C 4C", "5C 6C 7C 8C", payer_out_rule=rule)
        play_all(st, "0")
        events = st.apply(rs.Slap(1))  # pile [KC]: not slappable
        assert events[:2] == [rs.WrongSlap(1, 2), rs.RanOut(1)]
        assert (st.current_player, st.owed, st.awaiting_claim) == expected


# --- the seed's example and slaps ------------------------------------------------------------------


def test_seed_example_bo_queen_cleo_two_nines_first_slap_takes_the_pile():
    bo, cleo = 0, 1
    st = game("QS 2C 3D", "9H 9C 4S")
    assert st.apply(rs.Play(bo)) == [rs.CardPlayed(bo, "QS"), rs.ChallengeStarted(cleo, 2, bo)]
    st.apply(rs.Play(cleo))
    assert st.slap_rule() is None
    events = st.apply(rs.Play(cleo))
    assert events == [rs.CardPlayed(cleo, "9C"), rs.PileAwaitingClaim(bo)]
    assert st.slap_rule() == "double"
    # Until it is claimed the pile can still be slapped; the first slap takes it, the queen included.
    events = st.apply(rs.Slap(cleo))
    assert events == [rs.SlapWon(cleo, "double"), rs.ChallengeEnded(bo, "slap"), rs.PileWon(cleo, 3, "slap")]
    assert events[0].cards == ("9H", "9C")
    assert st.hands[cleo] == ["4S", "QS", "9H", "9C"]
    assert st.pile == [] and not st.awaiting_claim and st.challenger is None and st.owed == 0
    assert st.current_player == cleo
    with pytest.raises(IllegalAction):
        st.apply(rs.Claim(bo))


def test_seed_example_bo_slaps_first_or_claims():
    st = game("QS 2C 3D", "9H 9C 4S")
    play_all(st, "011")
    st.apply(rs.Slap(0))
    assert st.hands[0] == ["2C", "3D", "QS", "9H", "9C"]
    st = game("QS 2C 3D", "9H 9C 4S")
    play_all(st, "011")
    assert st.apply(rs.Claim(0)) == [rs.PileWon(0, 3, "claim")]


def test_a_slap_beats_a_challenge_mid_payment():
    st = game("KC 2C", "5C 5D 6H 7H", "8C 9C")
    play_all(st, "011")
    assert st.owed == 1 and st.slap_rule() == "double"
    events = st.apply(rs.Slap(2))
    assert events[0] == rs.SlapWon(2, "double")
    assert st.hands[2] == ["8C", "9C", "KC", "5C", "5D"]
    assert (st.owed, st.challenger, st.awaiting_claim, st.current_player) == (0, None, False, 2)


def test_anyone_may_slap_on_their_turn_or_not():
    for seat in range(3):
        st = game("9C 2C", "9D 3C", "4C 5C")
        play_all(st, "01")
        assert st.apply(rs.Slap(seat))[0] == rs.SlapWon(seat, "double")
        assert st.current_player == seat


def test_wrong_slap_burns_two_from_the_top_under_the_pile():
    st = game("2C 3C", "4H 5H 6H 7H")
    play_all(st, "0")
    events = st.apply(rs.Slap(1))
    assert events == [rs.WrongSlap(1, 2)]
    assert st.burned == ["4H", "5H"]
    assert st.hands[1] == ["6H", "7H"]
    assert st.pile == ["2C"]
    assert st.current_player == 1  # a wrong slap does not change whose turn it is


def test_wrong_slap_burn_one_option():
    st = game("2C 3C", "4H 5H 6H 7H", burn=1)
    play_all(st, "0")
    assert st.apply(rs.Slap(1)) == [rs.WrongSlap(1, 1)]
    assert st.burned == ["4H"]
    assert st.hands[1] == ["5H", "6H", "7H"]


def test_a_player_with_fewer_cards_burns_what_they_have_and_has_run_out():
    st = game("2C 3C 8D", "4H", "9S 7S")
    play_all(st, "0")
    events = st.apply(rs.Slap(1))
    assert events == [rs.WrongSlap(1, 1), rs.RanOut(1)]
    assert st.burned == ["4H"] and st.hands[1] == []
    assert st.in_game(1)
    assert st.current_player == 2  # it was seat 1's turn: the turn passes on


def test_the_winner_puts_the_pile_bottom_first_then_the_burned_cards_in_burn_order():
    st = game("QC 2C 3C", "4H 5H 6H 7H", "KD 9S 8S")
    play_all(st, "0")  # QC: seat 1 owes 2
    assert st.apply(rs.Slap(2)) == [rs.WrongSlap(2, 2)]  # burns KD then 9S
    play_all(st, "1")
    assert st.apply(rs.Slap(0)) == [rs.WrongSlap(0, 2), rs.RanOut(0)]  # the challenger burns 2C 3C
    assert st.burned == ["KD", "9S", "2C", "3C"]
    play_all(st, "1")
    assert st.awaiting_claim and st.challenger == 0
    assert st.apply(rs.Claim(0)) == [rs.PileWon(0, 7, "claim"), rs.PlayerBackIn(0)]
    assert st.hands[0] == ["QC", "4H", "5H", "KD", "9S", "2C", "3C"]
    assert st.pile == [] and st.burned == []


def test_pile_and_burned_cards_go_to_the_slapper_in_order():
    st = game("2C 9C 3C", "5H 9D 6H 7H", "KD 8S 4S 3S")
    play_all(st, "0")
    st.apply(rs.Slap(2))  # wrong: burns KD 8S
    play_all(st, "1201")  # [2C, 5H, 4S, 9C, 9D]: a double
    events = st.apply(rs.Slap(2))
    assert events == [rs.SlapWon(2, "double"), rs.PileWon(2, 7, "slap")]
    assert st.hands[2] == ["3S", "2C", "5H", "4S", "9C", "9D", "KD", "8S"]
    assert st.burned == [] and st.pile == []


def test_burned_dead_versus_live_for_top_bottom():
    for live, expected in ((False, None), (True, "top_bottom")):
        st = game("2C 3D", "7H 5S 7D", "4C 6C", burn=1, burned_live=live)
        play_all(st, "0")
        st.apply(rs.Slap(1))  # burns 7H: the lowest card of the heap
        play_all(st, "12")  # pile [2C, 5S, 4C]
        st.apply(rs.Play(0))  # 3D
        st.apply(rs.Play(1))  # 7D on top: matches the burned 7H at the very bottom
        assert st.pile == ["2C", "5S", "4C", "3D", "7D"]
        assert st.slap_rule() == expected, live


def test_live_burned_cards_form_patterns_with_the_pile():
    for live, expected in ((False, None), (True, "double")):
        st = game("9H 2C", "9C 3D", burn=1, burned_live=live)
        st.apply(rs.Slap(1))  # nothing on the pile: wrong, burns 9C
        st.apply(rs.Play(0))  # 9H on the burned 9C
        assert st.slap_rule() == expected, live


def test_the_lowest_burned_card_is_the_bottom_card_when_live():
    st = game("2C 8H", "8C 5D 3S", burn=2, burned_live=True)
    st.apply(rs.Slap(1))  # burns 8C, then 5D goes under it: 5D lowest
    assert st.burned == ["8C", "5D"]
    st.apply(rs.Play(0))  # 2C
    assert st.slap_view() == ("5D", "8C", "2C")
    st.apply(rs.Play(1))  # 3S
    st.apply(rs.Play(0))  # 8H: 8C lies above 5D, so no top-bottom
    assert st.slap_rule() is None


def test_a_later_burn_lies_lowest_when_live():
    st = game("2C 5H", "8C 5D 3S", burn=1, burned_live=True)
    st.apply(rs.Slap(1))  # burns 8C
    st.apply(rs.Slap(1))  # burns 5D under it
    assert st.burned == ["8C", "5D"] and st.slap_view() == ("5D", "8C")
    st.apply(rs.Play(0))  # 2C
    st.apply(rs.Play(1))  # 3S
    st.apply(rs.Play(0))  # 5H: top-bottom with 5D, the lowest card
    assert st.slap_rule() == "top_bottom"


# --- running out -----------------------------------------------------------------------------------


def test_running_out_stays_in_until_the_next_opportunity_passes_by_a_card_on_top():
    st = game("5C", "9H 9C 2D 3D")
    assert st.apply(rs.Play(0)) == [rs.CardPlayed(0, "5C"), rs.RanOut(0)]
    assert st.in_game(0) and st.current_player == 1
    play_all(st, "11")  # [5C, 9H, 9C]: a double
    assert st.in_game(0) and st.slap_rule() == "double"
    events = st.apply(rs.Play(1))
    assert events == [rs.CardPlayed(1, "2D"), rs.PlayerOut(0, "missed"), rs.GameOver(1, "last_player")]
    assert not st.in_game(0) and st.is_over and st.winner == 1 and st.end_reason == "last_player"


def test_running_out_then_slapping_back_in():
    st = game("5C", "9H 9C 2D 3D")
    play_all(st, "011")
    events = st.apply(rs.Slap(0))
    assert events == [rs.SlapWon(0, "double"), rs.PileWon(0, 3, "slap"), rs.PlayerBackIn(0)]
    assert st.hands[0] == ["5C", "9H", "9C"] and st.current_player == 0 and st.in_game(0)


def test_running_out_and_someone_else_slaps_the_opportunity():
    st = game("5C", "9H 9C 2D 3D", "4S 6S")
    play_all(st, "0")
    play_all(st, "12")  # [5C, 9H, 4S]
    play_all(st, "1")  # 9C: sandwich
    events = st.apply(rs.Slap(2))
    assert events == [rs.SlapWon(2, "sandwich"), rs.PileWon(2, 4, "slap"), rs.PlayerOut(0, "missed")]
    assert events[0].cards == ("9H", "9C")
    assert not st.is_over


def test_a_claim_ends_the_opportunity_for_players_who_ran_out():
    st = game("2S QC 8H", "3S 5C 5D 7D", "4S")
    play_all(st, "012")  # seat 2 runs out on [2S, 3S, 4S]
    assert st.in_game(2) and st.hands[2] == []
    play_all(st, "0")  # QC: seat 1 owes 2 (seat 2 has no cards)
    assert st.current_player == 1
    play_all(st, "11")  # 5C 5D: double, awaiting claim
    assert st.awaiting_claim and st.slap_rule() == "double"
    events = st.apply(rs.Claim(0))
    assert events == [rs.PileWon(0, 6, "claim"), rs.PlayerOut(2, "missed")]


def test_a_claim_of_an_unslappable_pile_ends_no_opportunity():
    st = game("2S QC 8H", "3S 5C 6D 7D", "4S")
    play_all(st, "0120")
    play_all(st, "11")
    assert st.awaiting_claim and st.slap_rule() is None
    assert st.apply(rs.Claim(0)) == [rs.PileWon(0, 6, "claim")]
    assert st.in_game(2)


def test_own_last_card_making_the_pile_slappable_is_their_opportunity():
    st = game("2C 9D", "9H 3C 4C")
    play_all(st, "01")
    events = st.apply(rs.Play(0))  # 9D on 9H, their last card
    assert events == [rs.CardPlayed(0, "9D"), rs.RanOut(0)]
    assert st.slap_rule() == "double" and st.in_game(0)
    events = st.apply(rs.Play(1))
    assert rs.PlayerOut(0, "missed") in events and st.is_over and st.winner == 1


def test_an_opportunity_that_ends_with_ones_last_card_is_not_theirs():
    st = game("9C 5D", "9H 2C 3C 4C")
    play_all(st, "01")  # double
    events = st.apply(rs.Play(0))  # last card on top of the double
    assert events == [rs.CardPlayed(0, "5D"), rs.RanOut(0)]
    assert st.in_game(0)
    play_all(st, "1")  # 2C: [9C, 9H, 5D, 2C], not slappable
    assert st.in_game(0)


def test_a_card_on_top_ends_the_opportunity_even_if_the_pile_stays_slappable():
    st = game("5C", "9H 9C 9D 3D")
    play_all(st, "011")
    st.apply(rs.Play(1))  # 9D: still a double, but a new opportunity
    assert st.is_over and st.winner == 1


def test_a_player_with_no_cards_who_slaps_wrongly_is_out_at_once():
    st = game("5C", "9H 2C", "3D 4D")
    play_all(st, "0")
    events = st.apply(rs.Slap(0))
    assert events == [rs.WrongSlap(0, 0), rs.PlayerOut(0, "wrong_slap")]
    assert not st.in_game(0) and st.burned == [] and not st.is_over


def test_a_player_who_is_out_cannot_slap():
    st = game("5C", "9H 2C", "3D 4D")
    play_all(st, "0")
    st.apply(rs.Slap(0))
    before = st.digest()
    with pytest.raises(IllegalAction, match="out"):
        st.apply(rs.Slap(0))
    assert st.digest() == before


def test_a_burn_that_empties_a_hand_counts_like_playing_the_last_card():
    st = game("2C 9C 3C 4C", "5H", "9D 6S 7S")
    play_all(st, "0")  # [2C]; seat 1's turn
    assert st.apply(rs.Slap(1)) == [rs.WrongSlap(1, 1), rs.RanOut(1)]
    assert st.current_player == 2 and st.in_game(1)
    play_all(st, "20")  # [2C, 9D, 9C]: double
    st.apply(rs.Play(2))  # card on top: seat 1's opportunity passed
    assert not st.in_game(1)


def test_a_challenger_with_no_cards_who_goes_out_ends_the_challenge_and_play_goes_on():
    st = game("KC", "5C 5D 7H 8H", "2S 3S")
    events = st.apply(rs.Play(0))
    assert events == [rs.CardPlayed(0, "KC"), rs.RanOut(0), rs.ChallengeStarted(1, 3, 0)]
    play_all(st, "11")  # 5C 5D: a double mid-payment
    events = st.apply(rs.Play(1))  # 7H on top: the challenger's opportunity passed
    assert events == [
        rs.CardPlayed(1, "7H"),
        rs.PlayerOut(0, "missed"),
        rs.ChallengeEnded(0, "challenger_out"),
    ]
    assert (st.owed, st.challenger, st.awaiting_claim, st.current_player) == (0, None, False, 2)
    assert st.pile == ["KC", "5C", "5D", "7H"] and not st.is_over
    play_all(st, "21")


def test_a_challenger_with_no_cards_who_slaps_wrongly_while_awaiting_the_claim():
    st = game("QC", "5C 6D 7H", "2S 3S")
    play_all(st, "011")
    assert st.awaiting_claim and st.challenger == 0 and st.slap_rule() is None
    events = st.apply(rs.Slap(0))
    assert events == [
        rs.WrongSlap(0, 0),
        rs.PlayerOut(0, "wrong_slap"),
        rs.ChallengeEnded(0, "challenger_out"),
    ]
    assert (st.awaiting_claim, st.challenger, st.current_player) == (False, None, 1)
    assert st.pile == ["QC", "5C", "6D"]


def test_a_challenger_who_ran_out_and_claims_is_back_in():
    st = game("QC", "2C 3D 4H")
    play_all(st, "011")
    assert st.awaiting_claim
    assert st.apply(rs.Claim(0)) == [rs.PileWon(0, 3, "claim"), rs.PlayerBackIn(0)]
    assert st.hands[0] == ["QC", "2C", "3D"] and st.current_player == 0


# --- winning ----------------------------------------------------------------------------------------


def test_the_game_ends_when_only_one_player_is_still_in():
    st = game("5C", "9H", "9C 2S 3S")
    play_all(st, "01")  # both ran out; [5C, 9H]
    assert not st.is_over
    events = st.apply(rs.Slap(0))  # wrong: out at once
    assert not st.is_over
    events = st.apply(rs.Slap(1))
    assert events[-1] == rs.GameOver(2, "last_player")
    assert st.winner == 2 and st.end_reason == "last_player"


def test_limit_rule_most_cards_in_hand_wins():
    st = game("2C 3C 4C 5C", "6D 7D", "8H 9H TH", card_limit=3)
    play_all(st, "01")
    events = st.apply(rs.Play(2))
    assert events[-1] == rs.GameOver(0, "limit")
    assert st.is_over and st.winner == 0 and st.cards_played == 3


def test_limit_rule_tie_is_a_draw():
    st = game("2C 3C 4C", "6D 7D 8D", card_limit=2)
    play_all(st, "01")
    assert st.is_over and st.winner is None and st.end_reason == "limit"


def test_nobody_holds_a_card_and_the_pile_cannot_be_slapped_is_a_draw():
    st = game("2C", "5D")
    play_all(st, "0")
    events = st.apply(rs.Play(1))
    assert events == [rs.CardPlayed(1, "5D"), rs.RanOut(1), rs.GameOver(None, "draw")]
    assert st.is_over and st.winner is None and st.end_reason == "draw"


def test_nobody_holds_a_card_but_the_pile_is_slappable_only_a_slap_moves_on():
    st = game("5C", "5D")
    play_all(st, "01")
    assert not st.is_over and st.slap_rule() == "double"
    with pytest.raises(IllegalAction, match="no cards"):
        st.apply(rs.Play(st.current_player))
    events = st.apply(rs.Slap(1))
    assert events[-1] == rs.GameOver(1, "last_player")
    assert st.hands[1] == ["5C", "5D"]


def test_default_limit_is_five_thousand_cards():
    assert rs.Rules().card_limit == 5000


# --- illegal actions -------------------------------------------------------------------------------


def _awaiting_claim() -> rs.State:
    st = game("QC 2C", "3D 4H 5S", "6C 7C 8C")
    play_all(st, "011")
    assert st.awaiting_claim
    return st


@pytest.mark.parametrize(
    ("make", "action", "message"),
    [
        (lambda: game("2C", "3C"), rs.Play(1), "turn"),
        (lambda: game("2C", "3C"), rs.Claim(0), "nothing to claim"),
        (lambda: game("2C", "3C"), rs.Play(2), "no seat"),
        (lambda: game("2C", "3C"), rs.Slap(-1), "no seat"),
        (lambda: game("2C", "3C"), "play", "not a Ratscrew action"),
        (_awaiting_claim, rs.Claim(1), "only seat 0"),
        (_awaiting_claim, rs.Play(0), "Claim"),
        (_awaiting_claim, rs.Play(2), "awaits its claim"),
    ],
)
def test_illegal_actions_raise_and_change_nothing(make, action, message):
    st = make()
    before = st.digest()
    assert not st.is_legal(action)
    with pytest.raises(IllegalAction, match=message):
        st.apply(action)
    assert st.digest() == before


def test_anything_after_game_over_is_illegal():
    st = game("2C", "5D")
    play_all(st, "01")
    assert st.is_over
    before = st.digest()
    for action in (rs.Play(0), rs.Play(1), rs.Slap(0), rs.Slap(1), rs.Claim(0)):
        with pytest.raises(IllegalAction, match="over"):
            st.apply(action)
    assert st.digest() == before


def test_a_wrong_slap_while_awaiting_claim_burns_and_the_claim_stands():
    st = _awaiting_claim()
    assert st.apply(rs.Slap(2)) == [rs.WrongSlap(2, 2)]
    assert st.awaiting_claim and st.challenger == 0
    st.apply(rs.Claim(0))
    assert st.hands[0] == ["2C", "QC", "3D", "4H", "6C", "7C"]


# --- rules, options, observation, clone ------------------------------------------------------------


def test_rules_defaults_are_the_seeds():
    rules = rs.Rules()
    assert rules.slaps == {"double", "sandwich", "top_bottom"}
    assert rules.burn == 2 and rules.burned_live is False and rules.marriage_either_order is False
    assert rules.challenge_counts == (1, 2, 3, 4)
    assert rules.payer_out_rule == "next_pays"
    assert rules.claim_delay_ms == 1000 and rules.late_grace_ms == 300 and rules.card_limit == 5000


def test_rules_accept_sets_and_hyphenated_names_and_stay_hashable():
    rules = rs.Rules(slaps={"double", "top-bottom", "six-nine"})
    assert rules.slaps == frozenset({"double", "top_bottom", "six_nine"})
    assert hash(rules) == hash(rs.Rules(slaps=["six_nine", "top_bottom", "double"]))
    assert dataclasses.replace(rules, burn=1).burn == 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"slaps": {"triple"}}, "unknown slap"),
        ({"burn": -1}, "burn"),
        ({"payer_out_rule": "sudden_death"}, "payer_out_rule"),
        ({"challenge_counts": (1, 2, 3)}, "4 numbers"),
        ({"challenge_counts": (1, 0, 3, 4)}, "Q"),
        ({"challenge_counts": {"T": 1}}, "keys"),
        ({"card_limit": 0}, "card_limit"),
        ({"claim_delay_ms": -1}, "claim_delay_ms"),
    ],
)
def test_rules_reject_bad_values(kwargs, message):
    with pytest.raises(ValueError, match=message):
        rs.Rules(**kwargs)


def test_rules_summary_is_one_line_naming_every_option():
    text = rs_text.summary(rs.Rules(
        slaps={"double", "marriage"},
        marriage_either_order=True,
        burn=1,
        burned_live=True,
        challenge_counts=(2, 2, 3, 4),
        payer_out_rule="challenger_wins",
        card_limit=2000,
    ))
    assert "\n" not in text
    for part in (
        "Double",
        "Marriage (either order)",
        "burns 1",
        "burns 1 card (it counts for slaps)",
        "J2 Q2 K3 A4",
        "challenger wins",
        "2000",
    ):
        assert part in text
    assert "Sandwich" not in text
    default = rs_text.summary(rs.Rules())
    assert "Top-bottom" in default and "burns 2 cards (they don't count for slaps)" in default and "next pays" in default
    assert "1 s" in default and "300 ms" in default and "5000" in default


def test_rule_options_cover_every_option_and_round_trip():
    specs = rs.rule_options()
    options = rs_text.rule_options()
    assert [(o.name, tuple(v for v, _ in o.choices), o.default) for o in options] == [
        (o.name, tuple(o.choices), o.default) for o in specs
    ]
    names = [o.name for o in options]
    assert len(names) == len(set(names))
    assert set(names) == set(rs.Rules().option_values())
    assert rs.Rules.from_options({o.name: o.default for o in options}) == rs.Rules()
    for option in options:
        values = [v for v, _ in option.choices]
        assert option.label and option.default in values
        for choice in values:
            rules = rs.Rules.from_options({option.name: choice})
            assert rules.option_values()[option.name] == choice
            assert option.label_of(choice)
    burn = next(o for o in options if o.name == "burn")
    # 0 ("no penalty") is a learner seat's setting now (issue 21), offered only to a table that already has it
    assert tuple(v for v, _ in burn.choices) == (2, 1) and burn.label_of(1) == "1 card"
    assert burn.label_of(2) == "2 cards"


def test_from_options_rejects_unknown_names():
    with pytest.raises(ValueError, match="unknown rule option"):
        rs.Rules.from_options({"jokers": True})


def test_option_values_round_trip_a_house_preset():
    rules = rs.Rules(slaps={"tens", "run"}, burn=1, challenge_counts=(1, 1, 1, 1), late_grace_ms=150)
    assert rs.Rules.from_options(rules.option_values()) == rules


def test_observation_shows_counts_and_faces_never_hands():
    st = game("2C 3C 4C", "5H 6H 7H 8H", "9S TS")
    play_all(st, "0")
    st.apply(rs.Slap(2))  # burns 9S TS face down
    obs = st.observation(1)
    assert obs.seat == 1 and obs.pile == ("2C",) and obs.burned_count == 2 and obs.burned == ()
    assert obs.hand_counts == (2, 4, 0) and obs.in_game == (True, True, True)
    assert (obs.current_player, obs.owed, obs.challenger, obs.awaiting_claim) == (1, 0, None, False)
    assert obs.rules == st.rules and obs.cards_played == 1
    hidden = {c for h in st.hands for c in h} | set(st.burned)
    assert not any(f"'{code}'" in repr(obs) for code in hidden)
    assert "'2C'" in repr(obs)
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.owed = 3


def test_observation_shows_live_burned_faces_and_judges_slaps_like_the_state():
    st = game("2C 9H", "9C 3D", burn=1, burned_live=True)
    st.apply(rs.Slap(1))
    st.apply(rs.Play(0))
    st.apply(rs.Play(1))
    st.apply(rs.Play(0))  # [9C | 2C 3D 9H]: top-bottom with the live burned 9C
    obs = st.observation(0)
    assert obs.burned == ("9C",) and obs.slap_view() == ("9C", "2C", "3D", "9H")
    assert obs.slap_rule() == st.slap_rule() == "top_bottom"


def test_clone_is_independent():
    st = game("KC 2C 3C", "5C 5D 6H", "7S 8S")
    play_all(st, "01")
    copy = st.clone()
    assert copy.digest() == st.digest()
    before = st.digest()
    copy.apply(rs.Slap(2))
    copy.apply(rs.Play(1))
    assert st.digest() == before
    assert copy.digest() != before


def test_engine_imports_without_pygame():
    code = (
        "import sys; sys.modules['pygame'] = None\n"
        "from game.games.ratscrew import engine as rs\n"
        "st = rs.new_game(rs.Rules(), players=4, seed=1)\n"
        "st.apply(rs.Play(0))\n"
        "assert 'pygame' not in [m for m in sys.modules if sys.modules[m] is not None]\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
