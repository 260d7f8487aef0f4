"""Acceptance scenarios for Egyptian Ratscrew: one per sentence / settled detail of shared/rules/ratscrew.md.

Written against the contract API only (issue 2): `rs.new_game(rules, players=, hands=[...])`, `apply`,
and the public attributes. Hands are written top card first; the pile is bottom card first.
"""

from __future__ import annotations

import pytest

from game import cards
from game.engines import IllegalAction
from game.games.ratscrew import engine as rs

ALL_SLAPS = frozenset({"double", "sandwich", "top_bottom", "marriage", "tens", "divorce", "run", "six_nine"})


# --- helpers -----------------------------------------------------------------------------------------


def new(hands: list[str], **options) -> rs.State:
    """A game from hands written as strings, top card first: new(["QS 9H", "9C 2D"])."""
    return rs.new_game(rs.Rules(**options), players=len(hands), hands=[h.split() for h in hands])


def play(st: rs.State, seat: int) -> list:
    assert st.current_player == seat, f"expected seat {seat} on turn, got {st.current_player}"
    return st.apply(rs.Play(seat))


def of_type(events: list, name: str) -> list:
    return [e for e in events if type(e).__name__ == name]




def pile_game(seq: list[str], rules: rs.Rules | None = None, players: int = 2, spare: int = 3) -> rs.State:
    """A game whose pile is exactly `seq` (bottom first), each card played by whoever was on turn.

    Every seat keeps `spare` plain cards (2-10, not in `seq`) after its share, so nobody runs out.
    """
    rules = rules or rs.Rules()
    plain = [c for c in cards.full_deck() if c not in seq and c[0] in "23456789T"]
    owners: list[int] = []

    def make(k: int) -> rs.State:
        hands = [[seq[i] for i in range(k) if owners[i] == s] + plain[s * spare:(s + 1) * spare]
                 for s in range(players)]
        st = rs.new_game(rules, players=players, hands=hands)
        for _ in range(k):
            st.apply(rs.Play(st.current_player))
        return st

    for k in range(len(seq)):
        # who is on turn after seq[:k] does not depend on seq[k] itself
        owners.append(make(k).current_player)
    st = make(len(seq))
    assert st.pile == list(seq)
    return st


def only(*names: str, **extra) -> rs.Rules:
    return rs.Rules(slaps=frozenset(names), **extra)


# --- Deal --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
@pytest.mark.parametrize("seed", [0, 1, 12345])
def test_deal_all_52_cards_sizes_differ_by_at_most_one(players, seed):
    st = rs.new_game(rs.Rules(), players=players, seed=seed)
    dealt = [c for h in st.hands for c in h]
    assert len(dealt) == 52
    assert sorted(dealt) == sorted(cards.full_deck())
    sizes = [len(h) for h in st.hands]
    assert max(sizes) - min(sizes) <= 1
    if 52 % players:  # 3, 5, 6, 7, 8 players: some hold one card more
        assert max(sizes) == min(sizes) + 1
    else:
        assert max(sizes) == min(sizes) == 52 // players
    assert st.pile == [] and st.burned == [] and not st.is_over


def test_deal_is_deterministic_per_seed():
    a = rs.new_game(rs.Rules(), players=4, seed=99)
    b = rs.new_game(rs.Rules(), players=4, seed=99)
    assert a.hands == b.hands


def test_seat_zero_plays_first():
    st = rs.new_game(rs.Rules(), players=3, seed=5)
    assert st.current_player == 0
    with pytest.raises(IllegalAction):
        st.apply(rs.Play(1))


def test_nobody_sees_their_own_cards_in_observation():
    st = new(["2C 3C 4C", "5D 6D 7D"])
    for seat in (0, 1):
        text = repr(st.observation(seat))
        for code in st.hands[0] + st.hands[1]:
            assert f"'{code}'" not in text


# --- Play --------------------------------------------------------------------------------------------


def test_players_turn_top_card_onto_pile_in_turn():
    st = new(["2C 3C", "4D 5D", "6H 7H"])
    for seat, card in [(0, "2C"), (1, "4D"), (2, "6H"), (0, "3C")]:
        events = play(st, seat)
        assert of_type(events, "CardPlayed")[0].card == card
        assert st.pile[-1] == card
    assert st.pile == ["2C", "4D", "6H", "3C"]
    assert st.hands == [[], ["5D"], ["7H"]]
    assert st.cards_played == 4


# --- Challenge ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("card,owed", [("JS", 1), ("QS", 2), ("KS", 3), ("AS", 4)])
def test_challenge_card_makes_next_player_owe(card, owed):
    st = new([f"{card} 2C", "3D 4D 5D 6D 7D", "8H 9H"])
    events = play(st, 0)
    assert st.owed == owed
    assert st.challenger == 0
    assert st.current_player == 1
    assert of_type(events, "ChallengeStarted")


def test_payer_turns_cards_one_at_a_time():
    st = new(["KS 2C", "3D 4D 5D 6D", "8H 9H"])
    play(st, 0)
    play(st, 1)
    assert st.owed == 2 and st.current_player == 1 and st.pile == ["KS", "3D"]
    play(st, 1)
    assert st.owed == 1 and st.current_player == 1
    with pytest.raises(IllegalAction):
        st.apply(rs.Play(2))


def test_challenge_card_while_paying_passes_challenge_with_new_count():
    st = new(["KS 2C", "3D JD 5D", "8H 9H TH"])
    play(st, 0)  # K: seat 1 owes 3
    play(st, 1)  # 3D
    events = play(st, 1)  # JD: challenge passes to seat 2, who owes 1 (from scratch)
    assert st.challenger == 1
    assert st.current_player == 2
    assert st.owed == 1
    assert of_type(events, "ChallengePassed")
    play(st, 2)  # 8H pays in full
    assert st.awaiting_claim and st.challenger == 1
    assert st.current_player == 1


def test_challenge_passing_back_to_original_player_owes_new_count():
    st = new(["QS 2C 3C 4C 5C", "6D KD"])
    play(st, 0)  # Q: seat 1 owes 2
    play(st, 1)  # 6D
    play(st, 1)  # KD: challenge passes to seat 0, owes 3
    assert st.challenger == 1 and st.current_player == 0 and st.owed == 3


def test_paid_in_full_challenger_claims_whole_pile_and_plays_next():
    st = new(["QS 2C", "3D 4D 5D", "8H 9H"])
    play(st, 0)
    play(st, 1)
    events = play(st, 1)
    assert st.awaiting_claim and st.challenger == 0 and st.owed == 0
    assert of_type(events, "PileAwaitingClaim")
    events = st.apply(rs.Claim(0))
    won = of_type(events, "PileWon")
    assert won and won[0].seat == 0 and won[0].by == "claim" and won[0].cards == 3
    assert st.hands[0] == ["2C", "QS", "3D", "4D"]
    assert st.pile == [] and not st.awaiting_claim and st.challenger is None and st.owed == 0
    assert st.current_player == 0


def test_claim_only_by_challenger_while_awaiting():
    st = new(["QS 2C", "3D 4D 5D", "8H 9H"])
    play(st, 0)
    with pytest.raises(IllegalAction):  # not awaiting yet: payment under way
        st.apply(rs.Claim(0))
    play(st, 1)
    play(st, 1)
    for seat in (1, 2):
        before = st.digest()
        with pytest.raises(IllegalAction):
            st.apply(rs.Claim(seat))
        assert st.digest() == before
    st.apply(rs.Claim(0))
    with pytest.raises(IllegalAction):  # nothing left to claim
        st.apply(rs.Claim(0))


def test_claim_illegal_with_no_challenge_at_all():
    st = new(["2C 3C", "4D 5D"])
    play(st, 0)
    with pytest.raises(IllegalAction):
        st.apply(rs.Claim(0))


def test_seed_example_bo_queen_cleo_two_nines_first_slap_takes_pile_queen_included():
    # Bo (seat 0) plays a queen; Cleo (seat 1) owes two: a nine and a nine -> a double.
    st = new(["QS 2C", "9H 9C 4D", "5S 6S"])
    play(st, 0)
    play(st, 1)
    play(st, 1)
    assert st.slap_rule() == "double"
    events = st.apply(rs.Slap(2))  # Dan slaps first
    assert of_type(events, "SlapWon")[0].rule == "double"
    assert of_type(events, "PileWon")[0].seat == 2 and of_type(events, "PileWon")[0].by == "slap"
    assert st.hands[2] == ["5S", "6S", "QS", "9H", "9C"]
    assert st.pile == [] and not st.awaiting_claim and st.challenger is None and st.owed == 0
    assert st.current_player == 2
    with pytest.raises(IllegalAction):  # the later claim is gone
        st.apply(rs.Claim(0))


def test_pile_awaiting_claim_can_still_be_slapped_by_challenger():
    st = new(["QS 2C", "9H 9C 4D", "5S 6S"])
    play(st, 0)
    play(st, 1)
    play(st, 1)
    st.apply(rs.Slap(0))
    assert st.hands[0] == ["2C", "QS", "9H", "9C"]
    assert st.current_player == 0


def test_payer_runs_out_next_player_pays_the_rest():
    st = new(["KS 2C", "3D", "4H 5H 6H 7H"])
    play(st, 0)  # seat 1 owes 3
    events = play(st, 1)  # 3D, their last card: seat 2 pays the remaining 2
    assert st.current_player == 2 and st.owed == 2 and st.challenger == 0
    assert not st.awaiting_claim
    assert st.in_game(1)
    play(st, 2)
    play(st, 2)
    assert st.awaiting_claim and st.challenger == 0
    assert not of_type(events, "PileAwaitingClaim")
    st.apply(rs.Claim(0))
    assert st.hands[0] == ["2C", "KS", "3D", "4H", "5H"]


def test_payer_runs_out_option_challenger_wins_at_once():
    st = new(["KS 2C", "3D", "4H 5H 6H 7H"], payer_out_rule="challenger_wins")
    play(st, 0)
    play(st, 1)
    assert st.awaiting_claim and st.challenger == 0 and st.owed == 0
    st.apply(rs.Claim(0))
    assert st.hands[0] == ["2C", "KS", "3D"]
    assert st.current_player == 0


@pytest.mark.parametrize("option", ["next_pays", "challenger_wins"])
def test_nobody_but_challenger_can_pay_challenger_wins_at_once(option):
    st = new(["KS 2C", "3D"], payer_out_rule=option)
    play(st, 0)
    play(st, 1)  # seat 1's only card; only the challenger has cards now
    assert st.awaiting_claim and st.challenger == 0 and st.owed == 0
    assert not st.is_over
    st.apply(rs.Claim(0))
    assert st.hands[0] == ["2C", "KS", "3D"]


def test_challenge_card_with_nobody_else_holding_cards_awaits_claim():
    st = new(["2C JS 4C", "3D"])
    play(st, 0)
    play(st, 1)  # seat 1 ran out (still in)
    assert st.in_game(1)
    play(st, 0)  # J: nobody else can pay
    assert st.awaiting_claim and st.challenger == 0
    assert st.owed == 0


def test_players_with_no_cards_never_owe_a_challenge_and_are_skipped():
    st = new(["2C JS 4C", "3D", "5H 6H 7H"])
    play(st, 0)
    play(st, 1)  # seat 1 ran out
    play(st, 2)
    play(st, 0)  # J: seat 1 has no cards, so seat 2 owes
    assert st.current_player == 2 and st.owed == 1 and st.challenger == 0


def test_players_with_no_cards_are_skipped_in_turn_order():
    st = new(["2C 4C 6C", "3D", "5H 7H 9H"])
    play(st, 0)
    play(st, 1)  # seat 1 ran out, stays in
    play(st, 2)
    play(st, 0)
    assert st.current_player == 2  # seat 1 skipped
    assert st.in_game(1)


def test_challenge_counts_are_editable():
    rules = rs.Rules(challenge_counts=(2, 3, 1, 5))
    st = rs.new_game(rules, players=2, hands=[["JS", "2C"], ["3D", "4D", "5D", "6D"]])
    st.apply(rs.Play(0))
    assert st.owed == 2
    st.apply(rs.Play(1))
    assert not st.awaiting_claim
    st.apply(rs.Play(1))
    assert st.awaiting_claim
    rules = rs.Rules(challenge_counts={"J": 1, "Q": 1, "K": 1, "A": 1})
    st = rs.new_game(rules, players=2, hands=[["AS", "2C"], ["3D", "4D"]])
    st.apply(rs.Play(0))
    assert st.owed == 1


def test_default_challenge_counts_are_1_2_3_4():
    r = rs.Rules()
    assert tuple(r.challenge_counts) == (1, 2, 3, 4)


# --- Slap rules: positive and negative ---------------------------------------------------------------


@pytest.mark.parametrize(
    "rule,seq",
    [
        ("double", ["5C", "9H", "9C"]),
        ("double", ["9H", "9C"]),
        ("sandwich", ["9H", "5C", "9C"]),
        ("sandwich", ["2D", "7H", "5C", "7C"]),
        ("top_bottom", ["5C", "2D", "3H", "5H"]),
        ("top_bottom", ["9C", "5D", "2S", "9D"]),
        ("marriage", ["2C", "KH", "QH"]),
        ("tens", ["4C", "6D"]),
        ("tens", ["AC", "9D"]),
        ("tens", ["9D", "AC"]),
        ("tens", ["3H", "7D"]),
        ("divorce", ["KH", "5C", "QD"]),
        ("divorce", ["QH", "5C", "KD"]),
        ("run", ["AC", "2D", "3H"]),
        ("run", ["3H", "2D", "AC"]),
        ("run", ["QC", "KD", "AH"]),
        ("run", ["AH", "KD", "QC"]),
        ("run", ["5C", "6D", "7H"]),
        ("run", ["9C", "8D", "7H"]),
        ("run", ["JC", "QD", "KH"]),
        ("six_nine", ["6C", "9D"]),
        ("six_nine", ["9D", "6C"]),
    ],
)
def test_slap_rule_positive(rule, seq):
    st = pile_game(seq, only(rule))
    assert st.slap_rule() == rule
    taker = 1 - st.current_player if len(st.hands) == 2 else 0
    events = st.apply(rs.Slap(taker))
    assert of_type(events, "SlapWon")[0].rule == rule
    assert not of_type(events, "WrongSlap")
    assert st.pile == []


@pytest.mark.parametrize(
    "rule,seq",
    [
        ("double", ["9H", "8C"]),
        ("double", ["9H", "5C", "9C"]),
        ("sandwich", ["9H", "9C"]),
        ("sandwich", ["9H", "5C", "4D", "9C"]),
        ("top_bottom", ["5C", "2D", "3H", "6H"]),
        ("marriage", ["2C", "QH", "KH"]),  # king on queen: only with the either-order option
        ("marriage", ["KH", "5C", "QH"]),
        ("tens", ["TC", "JD"]),  # J, Q, K never make ten
        ("tens", ["JD", "TC"]),
        ("tens", ["TC", "QD"]),
        ("tens", ["TC", "KD"]),
        ("tens", ["KD", "TC"]),
        ("tens", ["5C", "4D"]),
        ("tens", ["4C", "3H", "6D"]),  # not the top two
        ("divorce", ["KH", "QD"]),  # adjacent, not one card between
        ("divorce", ["QH", "KD"]),
        ("divorce", ["KH", "5C", "KD"]),
        ("divorce", ["KH", "5C", "4D", "QD"]),
        ("run", ["KC", "AD", "2H"]),  # no wrap
        ("run", ["2H", "AD", "KC"]),
        ("run", ["AD", "KC", "2H"]),
        ("run", ["2C", "3D"]),  # two cards are no run
        ("run", ["2C", "3D", "5H"]),
        ("run", ["2C", "4D", "3H"]),
        ("six_nine", ["6C", "5H", "9D"]),
        ("six_nine", ["6C", "6D"]),
        ("six_nine", ["9C", "9D"]),
    ],
)
def test_slap_rule_negative(rule, seq):
    st = pile_game(seq, only(rule))
    assert st.slap_rule() is None
    seat = st.current_player
    n = len(st.hands[seat])
    events = st.apply(rs.Slap(seat))
    assert of_type(events, "WrongSlap")
    assert not of_type(events, "SlapWon")
    assert st.pile == seq
    assert len(st.hands[seat]) == n - 2


def test_marriage_either_order_option():
    st = pile_game(["2C", "QH", "KH"], only("marriage", marriage_either_order=True))
    assert st.slap_rule() == "marriage"
    st = pile_game(["2C", "KH", "QH"], only("marriage", marriage_either_order=True))
    assert st.slap_rule() == "marriage"


def test_default_rules_are_double_sandwich_top_bottom():
    assert rs.Rules().slaps == frozenset({"double", "sandwich", "top_bottom"})
    assert rs.Rules().burn == 2 and rs.Rules().burned_live is False
    # optional rules are off by default
    for seq in (["2C", "KH", "QH"], ["4C", "6D"], ["KH", "5C", "QD"], ["5C", "6D", "7H"], ["6C", "9D"]):
        assert pile_game(seq).slap_rule() is None, seq


@pytest.mark.parametrize("card", ["5C", "KS", "QH", "AS"])
def test_one_card_pile_never_slappable_even_with_every_rule(card):
    st = rs.new_game(rs.Rules(slaps=ALL_SLAPS, marriage_either_order=True), players=2,
                     hands=[[card, "2C", "3C"], ["4D", "7D", "8D"]])
    st.apply(rs.Play(0))
    assert st.slap_rule() is None
    events = st.apply(rs.Slap(1))
    assert of_type(events, "WrongSlap") and st.pile == [card]


def test_empty_pile_slap_is_wrong():
    st = new(["2C 3C 4C", "5D 6D 7D"])
    events = st.apply(rs.Slap(0))
    assert of_type(events, "WrongSlap")[0].burned == 2
    assert st.hands[0] == ["4C"]


# --- valid slaps -------------------------------------------------------------------------------------


def test_valid_slap_takes_pile_to_bottom_of_slapper_stack_and_slapper_plays_next():
    st = new(["7C 2C", "7D 3D", "4H 5H"])
    play(st, 0)
    play(st, 1)
    events = st.apply(rs.Slap(2))  # not their turn: anyone may slap
    assert of_type(events, "PileWon")[0].cards == 2
    assert st.hands[2] == ["4H", "5H", "7C", "7D"]
    assert st.current_player == 2
    play(st, 2)


def test_slap_on_own_turn_is_allowed():
    st = new(["7C 2C", "7D 3D"])
    play(st, 0)
    play(st, 1)
    assert st.current_player == 0
    st.apply(rs.Slap(0))
    assert st.hands[0] == ["2C", "7C", "7D"]


def test_a_slap_beats_a_challenge():
    st = new(["KS 2C", "4D 4C 5D 6D", "8H 9H"])
    play(st, 0)  # K: seat 1 owes 3
    play(st, 1)
    play(st, 1)  # 4D 4C: a double mid-payment
    assert st.owed == 1
    events = st.apply(rs.Slap(2))
    assert of_type(events, "SlapWon")
    assert st.owed == 0 and st.challenger is None and not st.awaiting_claim
    assert st.hands[2] == ["8H", "9H", "KS", "4D", "4C"]
    assert st.current_player == 2
    with pytest.raises(IllegalAction):
        st.apply(rs.Claim(0))


def test_slap_judged_against_pile_as_it_is_when_applied():
    st = new(["7C 2C", "7D 3D", "4H 5H"])
    play(st, 0)
    play(st, 1)
    play(st, 2)  # 4H on top: no longer a double
    assert st.slap_rule() is None
    events = st.apply(rs.Slap(0))
    assert of_type(events, "WrongSlap")


# --- wrong slaps and burned cards --------------------------------------------------------------------


def test_wrong_slap_burns_two_from_top_of_slappers_stack_under_pile():
    st = new(["2C 3C", "4D 5D 6D 8D"])
    play(st, 0)
    events = st.apply(rs.Slap(1))
    assert of_type(events, "WrongSlap")[0].burned == 2
    assert st.hands[1] == ["6D", "8D"]
    assert sorted(st.burned) == ["4D", "5D"]
    assert st.pile == ["2C"]  # the pile itself is unchanged
    assert st.current_player == 1


def test_wrong_slap_burn_one_option():
    st = new(["2C 3C", "4D 5D 6D"], burn=1)
    play(st, 0)
    events = st.apply(rs.Slap(1))
    assert of_type(events, "WrongSlap")[0].burned == 1
    assert st.burned == ["4D"] and st.hands[1] == ["5D", "6D"]


def test_player_with_fewer_cards_burns_what_they_have():
    st = new(["2C 3C 4C", "5D 6D", "7H"])
    play(st, 0)
    events = st.apply(rs.Slap(2))
    assert of_type(events, "WrongSlap")[0].burned == 1
    assert st.burned == ["7H"] and st.hands[2] == []
    assert st.in_game(2)


def test_dead_burned_cards_are_not_the_bottom_card_for_top_bottom():
    # seat 1 burns 4H; then the live pile 9C 5D 2S 9D is a top-bottom on its own live bottom card
    st = new(["9C 2S 3C 3S", "4H 5D 9D 6D"], burn=1)
    st.apply(rs.Slap(1))  # empty pile: wrong, burns 4H
    assert st.burned == ["4H"]
    play(st, 0)  # 9C
    play(st, 1)  # 5D
    play(st, 0)  # 2S
    play(st, 1)  # 9D
    assert st.pile == ["9C", "5D", "2S", "9D"]
    assert st.slap_rule() == "top_bottom"


def test_dead_burned_card_never_bottom_card_matching_top():
    st = new(["4C 2S 3C", "4H 5D 4D 6D"], burn=1)
    play(st, 0)  # 4C
    st.apply(rs.Slap(1))  # one card: wrong, burns 4H under the pile
    play(st, 1)  # 5D
    play(st, 0)  # 2S
    play(st, 1)  # 4D: top-bottom with the live bottom 4C
    assert st.slap_rule() == "top_bottom"
    st2 = new(["7C 2S 3C", "4H 5D 4D 6D"], burn=1)
    play(st2, 0)  # 7C
    st2.apply(rs.Slap(1))  # burns 4H
    play(st2, 1)
    play(st2, 0)
    play(st2, 1)  # 4D: would match only the dead burned 4H
    assert st2.pile == ["7C", "5D", "2S", "4D"]
    assert st2.slap_rule() is None
    assert of_type(st2.apply(rs.Slap(0)), "WrongSlap")


def test_dead_burned_cards_never_form_a_pattern_double():
    st2 = new(["7C 2C 3C", "7H 5D 6D"], burn=1)
    st2.apply(rs.Slap(1))  # burns 7H
    play(st2, 0)  # 7C alone on burned 7H: a one-card live pile
    assert st2.pile == ["7C"]
    assert st2.slap_rule() is None
    events = st2.apply(rs.Slap(1))
    assert of_type(events, "WrongSlap")


def test_dead_burned_cards_never_form_a_pattern_sandwich():
    st = new(["5C 2S", "9H 9C 6D"], burn=1)
    st.apply(rs.Slap(1))  # burns 9H
    play(st, 0)  # 5C
    play(st, 1)  # 9C: burned 9H, 5C, 9C would be a sandwich if burned were live
    assert st.pile == ["5C", "9C"]
    assert st.slap_rule() is None


def test_live_burned_lowest_is_bottom_card_for_top_bottom():
    st = new(["3C 5D 7C 8C", "7H 4D 6D"], burn=1, burned_live=True)
    st.apply(rs.Slap(1))  # burns 7H, now the very bottom of the pile
    assert st.burned == ["7H"]
    play(st, 0)  # 3C
    play(st, 1)  # 4D
    play(st, 0)  # 5D
    play(st, 1)  # 6D -> run? not on; no pattern yet
    assert st.slap_rule() is None
    play(st, 0)  # 7C: top-bottom with the burned 7H
    assert st.slap_rule() == "top_bottom"
    events = st.apply(rs.Slap(1))
    assert of_type(events, "SlapWon")[0].rule == "top_bottom"


def test_live_burned_two_cards_same_rank_bottom_is_burned():
    # a burn of two same-rank cards makes the lowest burned card's rank unambiguous
    st = new(["3C 5C 8C", "8H 8D 4D 6D"], burned_live=True)
    st.apply(rs.Slap(1))  # burns 8H and 8D
    play(st, 0)  # 3C
    play(st, 1)  # 4D
    play(st, 0)  # 5C
    play(st, 1)  # 6D
    play(st, 0)  # 8C
    assert st.slap_rule() == "top_bottom"


def test_live_burned_cards_form_patterns():
    st = new(["7C 2C 3C", "7H 5D 6D"], burn=1, burned_live=True)
    st.apply(rs.Slap(1))  # burns 7H
    play(st, 0)  # 7C directly on the live burned 7H
    assert st.slap_rule() == "double"


def test_dead_burned_same_setup_not_slappable():
    st = new(["3C 5D 7C 8C", "7H 4D 6D"], burn=1)
    st.apply(rs.Slap(1))
    for seat in (0, 1, 0, 1, 0):
        play(st, seat)
    assert st.pile == ["3C", "4D", "5D", "6D", "7C"]
    assert st.slap_rule() is None


def test_slap_winner_takes_pile_bottom_first_then_burned_cards():
    st = new(["4C 2S 9C 3C", "5H 6H 7D 9D 8D"])
    play(st, 0)  # 4C
    st.apply(rs.Slap(1))  # wrong: burns 5H 6H
    play(st, 1)  # 7D
    play(st, 0)  # 2S
    play(st, 1)  # 9D
    play(st, 0)  # 9C: double
    events = st.apply(rs.Slap(0))
    assert of_type(events, "PileWon")[0].cards == 7
    assert st.hands[0][:6] == ["3C", "4C", "7D", "2S", "9D", "9C"]  # pile bottom card first
    assert sorted(st.hands[0][6:]) == ["5H", "6H"]  # then the burned cards
    assert st.burned == [] and st.pile == []
    assert st.current_player == 0


def test_claim_winner_takes_pile_bottom_first_then_burned_cards():
    st = new(["JS 2S 3S", "5H 6H 7D 8D", "9C TC"], burn=1)
    play(st, 0)  # J: seat 1 owes 1
    st.apply(rs.Slap(2))  # wrong: burns 9C
    play(st, 1)  # 5H pays in full
    assert st.awaiting_claim
    events = st.apply(rs.Claim(0))
    assert of_type(events, "PileWon")[0].cards == 3
    assert st.hands[0] == ["2S", "3S", "JS", "5H", "9C"]
    assert st.burned == []
    assert st.current_player == 0


def test_wrong_slap_does_not_end_turn_or_challenge():
    st = new(["QS 2S 3S", "4H 5H 6H 7H", "8C 9C TC"])
    play(st, 0)
    st.apply(rs.Slap(2))
    assert st.owed == 2 and st.current_player == 1 and st.challenger == 0


# --- running out -------------------------------------------------------------------------------------


def test_last_card_player_stays_in_until_opportunity_passes_by_card_on_top():
    st = new(["2C", "3D 5D 4D", "5H 6H 7H"])
    events = play(st, 0)  # seat 0's last card
    assert st.in_game(0) and not st.is_over
    play(st, 1)  # 3D
    play(st, 2)  # 5H
    assert st.in_game(0)
    play(st, 1)  # 5D: a double: an opportunity
    assert st.slap_rule() == "double"
    assert st.in_game(0)
    events = play(st, 2)  # 6H on top: the opportunity has passed
    out = of_type(events, "PlayerOut")
    assert out and out[0].seat == 0
    assert not st.in_game(0)


def test_opportunity_passes_by_valid_slap_of_someone_else():
    st = new(["2C", "3D 5D 4D", "5H 6H 7H"])
    play(st, 0)
    play(st, 1)
    play(st, 2)
    play(st, 1)  # double
    events = st.apply(rs.Slap(2))
    assert [e.seat for e in of_type(events, "PlayerOut")] == [0]
    assert not st.in_game(0)


def test_opportunity_passes_by_a_claim():
    # seat 0 ran out; seat 1 plays Q, seat 2 pays 7H 4C on the pile 4H ... making a sandwich? use a double
    st = new(["2C", "QD 3D", "7H 7C 8C"])
    play(st, 0)  # 2C, seat 0 ran out
    play(st, 1)  # QD: seat 2 owes 2
    play(st, 2)  # 7H
    play(st, 2)  # 7C: a double; pile awaits seat 1's claim
    assert st.awaiting_claim and st.slap_rule() == "double"
    assert st.in_game(0)
    events = st.apply(rs.Claim(1))
    assert [e.seat for e in of_type(events, "PlayerOut")] == [0]


def test_unslappable_claim_does_not_put_ran_out_player_out():
    st = new(["2C", "QD 3D", "7H 8C 9C"])
    play(st, 0)
    play(st, 1)
    play(st, 2)
    play(st, 2)
    assert st.slap_rule() is None
    st.apply(rs.Claim(1))
    assert st.in_game(0)


def test_wrong_slap_and_unslappable_plays_do_not_pass_an_opportunity():
    st = new(["2C", "3D 5D 4D 9D", "6H 7H 8H 9H TH"])
    play(st, 0)  # seat 0 ran out
    events = st.apply(rs.Slap(2))  # wrong slap by someone else
    assert of_type(events, "WrongSlap") and not of_type(events, "PlayerOut")
    assert st.in_game(0)
    play(st, 1)  # 3D
    play(st, 2)  # 8H
    play(st, 1)  # 5D
    assert st.slap_rule() is None
    assert st.in_game(0)


def test_ran_out_player_slaps_back_in_with_the_pile():
    st = new(["2C", "3D 5D 4D", "5H 6H 7H"])
    play(st, 0)
    play(st, 1)
    play(st, 2)
    play(st, 1)  # double
    events = st.apply(rs.Slap(0))
    assert of_type(events, "PlayerBackIn")
    assert st.in_game(0)
    assert st.hands[0] == ["2C", "3D", "5H", "5D"]
    assert st.current_player == 0
    play(st, 0)


def test_own_last_card_making_pile_slappable_is_their_opportunity():
    st = new(["2C 5C", "5D 3D 4D", "6H 7H 8H"])
    play(st, 0)  # 2C
    play(st, 1)  # 5D
    play(st, 2)  # 6H
    play(st, 0)  # 5C: seat 0's last card makes a sandwich (5D 6H 5C)
    assert st.slap_rule() == "sandwich"
    assert st.in_game(0)
    events = play(st, 1)  # a card on top: seat 0's opportunity has passed
    assert [e.seat for e in of_type(events, "PlayerOut")] == [0]


def test_own_last_card_opportunity_can_be_taken_by_them():
    st = new(["2C 5C", "5D 3D 4D", "6H 7H 8H"])
    play(st, 0)
    play(st, 1)
    play(st, 2)
    play(st, 0)  # last card makes a sandwich
    events = st.apply(rs.Slap(0))
    assert of_type(events, "SlapWon") and st.in_game(0)
    assert st.hands[0] == ["2C", "5D", "6H", "5C"]


def test_burn_that_empties_hand_counts_like_playing_last_card():
    st = new(["2C 6C 7C", "3D 4D", "5H 5S 8H 9H"])
    play(st, 0)  # 2C
    events = st.apply(rs.Slap(1))  # wrong: burns 3D 4D, seat 1's hand is empty
    assert of_type(events, "WrongSlap")[0].burned == 2
    assert st.in_game(1)  # stays in, like playing their last card
    assert st.current_player == 2  # seat 1 was on turn: skipped
    play(st, 2)  # 5H
    play(st, 0)  # 6C
    play(st, 2)  # 5S: sandwich
    assert st.slap_rule() == "sandwich" and st.in_game(1)
    events = play(st, 0)  # 7C on top: seat 1 is out
    assert [e.seat for e in of_type(events, "PlayerOut")] == [1]


def test_payer_burn_emptying_hand_next_player_pays_the_rest():
    st = new(["KS 2C", "3D 4D", "5H 6H 7H 8H"])
    play(st, 0)  # K: seat 1 owes 3
    events = st.apply(rs.Slap(1))  # one-card pile: wrong, burns seat 1's two cards
    assert of_type(events, "WrongSlap")[0].burned == 2
    assert st.in_game(1)
    assert st.current_player == 2 and st.owed == 3 and st.challenger == 0
    play(st, 2)
    play(st, 2)
    play(st, 2)
    assert st.awaiting_claim and st.challenger == 0


def test_payer_burn_emptying_hand_option_challenger_wins():
    st = new(["KS 2C", "3D 4D", "5H 6H 7H 8H"], payer_out_rule="challenger_wins")
    play(st, 0)
    st.apply(rs.Slap(1))
    assert st.awaiting_claim and st.challenger == 0 and st.owed == 0


def test_wrong_slap_with_no_cards_is_out_at_once():
    st = new(["2C 6C 7C", "3D", "5H 8H 9H"])
    play(st, 0)
    play(st, 1)  # seat 1's last card
    assert st.in_game(1)
    events = st.apply(rs.Slap(1))  # pile 2C 3D: not slappable
    assert of_type(events, "WrongSlap")
    assert [e.seat for e in of_type(events, "PlayerOut")] == [1]
    assert not st.in_game(1)
    assert st.pile == ["2C", "3D"]
    with pytest.raises(IllegalAction):  # out players may not slap
        st.apply(rs.Slap(1))


def test_challenger_with_no_cards_going_out_ends_the_challenge():
    # seat 0 plays Q as their last card making a double with 9... use QC on QD: a double at once
    st = new(["2C QC", "QD 3D 4D 5D", "6H 7H 8H"])
    play(st, 0)  # 2C
    play(st, 1)  # QD: seat 2 owes 2
    play(st, 2)  # 6H
    play(st, 2)  # 7H: paid; awaits seat 1's claim
    st.apply(rs.Claim(1))
    play(st, 1)  # 3D
    play(st, 2)  # 8H
    play(st, 0)  # QC, seat 0's last card: a challenge; seat 1 owes 2
    assert st.challenger == 0 and st.owed == 2 and st.current_player == 1
    play(st, 1)  # 4D
    assert st.owed == 1
    # seat 0 slaps wrongly with no cards: out at once, the challenge ends
    events = st.apply(rs.Slap(0))
    assert [e.seat for e in of_type(events, "PlayerOut")] == [0]
    assert st.challenger is None and st.owed == 0 and not st.awaiting_claim
    assert not st.is_over
    # play simply goes on with ordinary plays
    seat = st.current_player
    assert seat in (1, 2)
    events = st.apply(rs.Play(seat))
    assert not of_type(events, "PileAwaitingClaim") and not st.awaiting_claim


def test_challenger_out_by_missed_opportunity_ends_challenge_play_goes_on():
    st = new(["2C QC", "3D 4D 5D 6D", "QH 7H 8H"])
    play(st, 0)  # 2C
    play(st, 1)  # 3D
    play(st, 2)  # QH: seat 0 owes 2
    play(st, 0)  # QC, seat 0's last card: a double, and the challenge passes to seat 1 (owes 2)
    assert st.challenger == 0 and st.current_player == 1 and st.owed == 2
    assert st.slap_rule() == "double" and st.in_game(0)
    events = play(st, 1)  # 4D on top: seat 0's opportunity has passed
    assert [e.seat for e in of_type(events, "PlayerOut")] == [0]
    assert st.challenger is None and st.owed == 0 and not st.awaiting_claim
    assert not st.is_over
    seat = st.current_player
    assert seat in (1, 2)
    events = st.apply(rs.Play(seat))
    assert not of_type(events, "PileAwaitingClaim") and not st.awaiting_claim


def test_ran_out_challenger_claims_and_is_back():
    st = new(["9C QC", "9D 3D 4D 5D", "6H 7H 8H"])
    play(st, 0)  # 9C
    play(st, 1)  # 9D: double (seat 0 not ran out yet)
    play(st, 2)  # 6H
    play(st, 0)  # QC: seat 0's last card; sandwich? 9D 6H QC: no. Challenge: seat 1 owes 2
    assert st.challenger == 0
    play(st, 1)  # 3D
    play(st, 1)  # 4D: paid in full; awaits seat 0's claim
    assert st.awaiting_claim and st.challenger == 0
    # not slappable: seat 0 (no cards) may still claim and is back
    events = st.apply(rs.Claim(0))
    assert of_type(events, "PileWon")
    assert st.in_game(0) and st.hands[0] == ["9C", "9D", "6H", "QC", "3D", "4D"]


# --- winning -----------------------------------------------------------------------------------------


def test_game_ends_when_only_one_player_is_still_in():
    st = new(["2C", "5D 5H 3D"])
    play(st, 0)  # seat 0's last card
    assert st.in_game(0)
    play(st, 1)  # 5D
    assert st.current_player == 1  # seat 0 has no cards: skipped
    play(st, 1)  # 5H: double
    events = play(st, 1)  # card on top: seat 0 out
    over = of_type(events, "GameOver")
    assert over and over[0].winner == 1
    assert st.is_over and st.winner == 1
    with pytest.raises(IllegalAction):
        st.apply(rs.Play(1))
    with pytest.raises(IllegalAction):
        st.apply(rs.Slap(1))


def test_game_ends_by_slap_putting_last_opponent_out():
    st = new(["2C", "5D 5H 3D"])
    play(st, 0)
    play(st, 1)
    play(st, 1)
    events = st.apply(rs.Slap(1))
    assert of_type(events, "GameOver")[0].winner == 1
    assert st.is_over and st.winner == 1 and len(st.hands[1]) == 4


def test_game_ends_when_wrong_slap_puts_last_opponent_out():
    st = new(["2C", "5D 3H 3D"])
    play(st, 0)
    events = st.apply(rs.Slap(0))
    assert of_type(events, "GameOver")[0].winner == 1
    assert st.is_over and st.winner == 1


def test_limit_rule_most_cards_in_hand_wins():
    st = new(["2C 3C 4C 5C", "6D 7D"], card_limit=3)
    play(st, 0)
    play(st, 1)
    assert not st.is_over
    events = play(st, 0)
    assert st.cards_played == 3
    over = of_type(events, "GameOver")
    assert over and over[0].winner == 0
    assert st.is_over and st.winner == 0


def test_limit_rule_tie_is_a_draw():
    st = new(["2C 3C", "6D 7D"], card_limit=2)
    play(st, 0)
    events = play(st, 1)
    over = of_type(events, "GameOver")
    assert over and over[0].winner is None
    assert st.is_over and st.winner is None


def test_limit_default_is_5000():
    assert rs.Rules().card_limit == 5000


def test_draw_when_nobody_holds_a_card_and_pile_unslappable():
    st = new(["2C", "3D"])
    play(st, 0)
    events = play(st, 1)
    over = of_type(events, "GameOver")
    assert over and over[0].winner is None
    assert st.is_over and st.winner is None


def test_nobody_holds_a_card_but_pile_slappable_is_not_over():
    st = new(["3C", "3D"])
    play(st, 0)
    play(st, 1)
    assert not st.is_over
    assert st.slap_rule() == "double"
    events = st.apply(rs.Slap(1))
    assert of_type(events, "PlayerBackIn")
    assert st.is_over and st.winner == 1


# --- illegal actions change nothing ------------------------------------------------------------------


def test_illegal_actions_raise_and_change_nothing():
    st = new(["QS 2C 3C", "4D 5D 6D", "7H 8H"])
    before = st.digest()
    for action in (rs.Play(1), rs.Play(2), rs.Claim(0), rs.Claim(1)):
        with pytest.raises(IllegalAction):
            st.apply(action)
        assert st.digest() == before
    play(st, 0)  # Q: seat 1 owes 2
    before = st.digest()
    for action in (rs.Play(0), rs.Play(2), rs.Claim(0)):
        with pytest.raises(IllegalAction):
            st.apply(action)
        assert st.digest() == before


def test_play_with_no_cards_is_illegal():
    st = new(["2C 4C", "3D", "5H 6H"])
    play(st, 0)
    play(st, 1)
    before = st.digest()
    with pytest.raises(IllegalAction):
        st.apply(rs.Play(1))
    assert st.digest() == before


def test_clone_is_independent():
    st = new(["2C 4C", "3D 5D"])
    other = st.clone()
    play(other, 0)
    assert st.pile == [] and st.hands[0] == ["2C", "4C"]


# --- live burned cards: which one is lowest ----------------------------------------------------------
# "the slapper puts 2 cards (option: 1) face down under the centre pile"; "burned cards lie at the very
# bottom of the pile and the lowest one is the bottom card for top-bottom". Cards put *under* the pile
# (which, live, already includes earlier burned cards) end up below everything already there.


def test_live_burned_later_burn_lies_lowest():
    st = new(["2C 3C 4C", "7H 4H 5D 6D 8D"], burn=1, burned_live=True)
    st.apply(rs.Slap(1))  # wrong: 7H goes under the (empty) pile
    st.apply(rs.Slap(1))  # wrong: 4H goes under the pile, below 7H: now the very bottom
    play(st, 0)  # 2C
    play(st, 1)  # 5D
    play(st, 0)  # 3C
    play(st, 1)  # 6D
    play(st, 0)  # 4C: top-bottom with the lowest burned card, 4H
    assert st.pile == ["2C", "5D", "3C", "6D", "4C"]
    assert st.slap_rule() == "top_bottom"


def test_live_burned_two_at_once_second_card_lies_lowest():
    # burn of two from the top of the stack, 8C then 5D, put face down under the pile: 5D ends lowest
    st = new(["2C 3H 5S 6S", "8C 5D 4S 9D 7D"], burned_live=True)
    st.apply(rs.Slap(1))  # burns 8C, 5D
    play(st, 0)  # 2C
    play(st, 1)  # 4S
    play(st, 0)  # 3H
    play(st, 1)  # 9D
    play(st, 0)  # 5S: top-bottom with the lowest burned card, 5D
    assert st.slap_rule() == "top_bottom"
