"""An audit of the Ratscrew engine and match against every settled detail of shared/rules/ratscrew.md: the
details no other test pins exactly, and the ones other implementations got wrong (slaps dropped while the
pile animates, a bot's stale timer firing after a restart, burned cards shifting the pattern check, the wrong
number of cards burned, runs, option names and defaults). Hands are written top card first; the pile is
bottom card first."""

from __future__ import annotations

import re

import pygame
import pytest
from support_table import MS, FakeApp, FixedHands, press

from game import screens
from game.cards import full_deck
from game.commands import PLAY, SLAP, Command
from game.core.contract import TableConfig
from game.engines import IllegalAction
from game.games import GAMES
from game.games.ratscrew import engine as rs
from game.games.ratscrew.match import RatscrewMatch, TooLate
from game.games.ratscrew.view_model import Framed, Sweep
from game.match import Ignored, SeatSpec
from game.resources import asset_path
from game.simkit import SimError, rule_values


def game(*hands: str, **options: object) -> rs.State:
    return rs.new_game(rs.Rules(**options), hands=[h.split() for h in hands])  # type: ignore[arg-type]


def play(st: rs.State, *seats: int) -> list[object]:
    events: list[object] = []
    for seat in seats:
        assert st.current_player == seat, (seat, st)
        events += st.apply(rs.Play(seat))
    return events


# --- options: names and defaults as the rules file gives them --------------------------------------------

# Every option the rules file names, with its default there (the engine's own names for the unnamed ones).
SETTLED_DEFAULTS: dict[str, object] = {
    "double": True, "sandwich": True, "top_bottom": True,  # "the seed's three, on by default"
    "marriage": False, "tens": False, "divorce": False, "run": False, "six_nine": False, "four_of_a_suit": False,
    "marriage_either_order": False,  # "a queen directly on a king (option: K and Q adjacent in either order)"
    "challenge_j": 1, "challenge_q": 2, "challenge_k": 3, "challenge_a": 4,  # "default 1/2/3/4"
    "payer_out_rule": "next_pays",  # "(Option: the challenger wins the pile at once.)"
    "claim_delay_ms": 1000,  # "default 1.0 s"
    "late_grace_ms": 300,  # "default 300 ms"
    "burn": 2,  # "2 cards (option: 1)"
    "burned_live": False,  # "Burned cards are dead … (option: burned cards are live)"
    "wrong_slap": "burn", "timeout_cards": 3,  # "`burn` (the default)", "default 3, 1–10"
    "ten_stops": False,  # "off by default"
    "card_limit": 5000,  # "default 5,000 cards played"
}
# The other choice each option must offer in the lobby (the rules file names it).
SETTLED_CHOICES: dict[str, tuple[object, ...]] = {
    "marriage_either_order": (True,), "burn": (1,), "burned_live": (True,), "payer_out_rule": ("challenger_wins",),
    "wrong_slap": ("timeout", "gives_pile"), "timeout_cards": tuple(range(1, 11)), "ten_stops": (True,),
}


def test_every_option_the_rules_name_has_its_default_in_the_engine_and_the_lobby():
    values = rs.Rules().option_values()
    assert {name: values[name] for name in SETTLED_DEFAULTS} == SETTLED_DEFAULTS
    lobby = {o.spec.name: o.spec for o in GAMES["ratscrew"].rule_options()}  # the lobby's labelled rows
    for name, default in SETTLED_DEFAULTS.items():
        assert lobby[name].default == default, name
        assert default in lobby[name].choices, name
        assert set(SETTLED_CHOICES.get(name, ())) <= set(lobby[name].choices), name
    for rank in "jqka":  # "challenge counts editable"
        assert len(lobby[f"challenge_{rank}"].choices) > 1


# The options as the rules file writes them (`sim --rule NAME=VALUE`), and what each must set.
SIM_RULES = [
    ("double=off", "double", False), ("sandwich=off", "sandwich", False), ("top_bottom=off", "top_bottom", False),
    ("top-bottom=off", "top_bottom", False), ("marriage=on", "marriage", True),
    ("marriage_either_order=on", "marriage_either_order", True), ("tens=on", "tens", True),
    ("divorce=on", "divorce", True), ("run=on", "run", True), ("six_nine=on", "six_nine", True),
    ("six-nine=on", "six_nine", True), ("four_of_a_suit=on", "four_of_a_suit", True),
    ("four-of-a-suit=on", "four_of_a_suit", True), ("burn=1", "burn", 1), ("burned_live=true", "burned_live", True),
    ("challenge_j=2", "challenge_j", 2), ("challenge_q=3", "challenge_q", 3), ("challenge_k=4", "challenge_k", 4),
    ("challenge_a=5", "challenge_a", 5), ("payer_out_rule=challenger_wins", "payer_out_rule", "challenger_wins"),
    ("claim_delay_ms=500", "claim_delay_ms", 500), ("late_grace_ms=200", "late_grace_ms", 200),
    ("card_limit=1000", "card_limit", 1000), ("ten_stops=true", "ten_stops", True),
    ("wrong_slap=timeout", "wrong_slap", "timeout"), ("wrong_slap=gives_pile", "wrong_slap", "gives_pile"),
    ("wrong_slap=burn", "wrong_slap", "burn"), ("timeout_cards=10", "timeout_cards", 10),
]


@pytest.mark.parametrize(("pair", "name", "value"), SIM_RULES)
def test_sim_rule_takes_every_option_the_rules_name(pair, name, value):
    values = rule_values([pair], GAMES["ratscrew"].option_specs())
    assert values == {name: value}
    assert rs.Rules.from_options(values).option_values()[name] == value


def test_sim_rule_still_refuses_an_unknown_name_as_it_was_written():
    specs = GAMES["ratscrew"].option_specs()
    with pytest.raises(SimError, match="unknown rule option 'top--bottom'; known: double, sandwich, top_bottom"):
        rule_values(["top--bottom=off"], specs)
    with pytest.raises(SimError, match="unknown rule option 'four of a suit'"):
        rule_values(["four of a suit=on"], specs)


# --- wrong slaps: how many cards go, from where ------------------------------------------------------------


@pytest.mark.parametrize(("options", "hand", "burned", "left"), [
    ({}, "2C 3C 4C 5C 6C", ["2C", "3C"], ["4C", "5C", "6C"]),  # two, from the top
    ({"burn": 1}, "2C 3C 4C 5C 6C", ["2C"], ["3C", "4C", "5C", "6C"]),  # option: one
    ({}, "2C 3C", ["2C", "3C"], []),
    ({}, "2C", ["2C"], []),  # fewer cards: what they have
    ({"burned_live": True}, "2C 3C 4C", ["2C", "3C"], ["4C"]),  # live or dead, the same cards go
    ({"wrong_slap": "timeout"}, "2C 3C 4C 5C 6C", [], ["2C", "3C", "4C", "5C", "6C"]),  # nothing burned
    ({"wrong_slap": "gives_pile"}, "2C 3C 4C 5C 6C", [], ["2C", "3C", "4C", "5C", "6C"]),  # nor here
])
def test_a_wrong_slap_removes_exactly_the_settled_cards_from_the_top(options, hand, burned, left):
    st = game("9S 8S", "7H 5H", hand, **options)
    play(st, 0)  # 9♠ alone: nothing to slap
    events = st.apply(rs.Slap(2))
    assert rs.WrongSlap(2, len(burned)) in events
    assert st.burned == burned
    if options.get("wrong_slap") == "gives_pile":
        assert st.pile == [] and st.hands[0] == ["8S", "9S"]  # the pile went to the next seat after seat 2
    else:
        assert st.pile == ["9S"]
    assert st.hands[2] == left
    assert sum(map(len, st.hands)) + len(st.pile) + len(st.burned) == 4 + len(hand.split())  # none lost or made
    assert (rs.RanOut(2) in events) == (not left)


def test_wrong_slaps_on_a_pile_awaiting_its_claim_burn_and_the_claimer_takes_them_under_the_pile():
    st = game("JS 2S", "4D 6D", "7C 8C 9C")
    play(st, 0, 1)  # J, paid by the 4♦: the pile awaits seat 0's claim
    assert st.awaiting_claim and st.challenger == 0
    st.apply(rs.Slap(2))  # 7♣ 8♣ under the pile
    st.apply(rs.Slap(1))  # seat 1 burns its last card, 6♦ (it has run out)
    assert st.burned == ["7C", "8C", "6D"] and st.hands[1] == [] and st.awaiting_claim
    events = st.apply(rs.Claim(0))
    assert rs.PileWon(0, 5, "claim") in events
    assert st.hands[0] == ["2S", "JS", "4D", "7C", "8C", "6D"]  # pile bottom first, then the burned cards
    assert st.current_player == 0


# --- burned cards never shift the pattern check --------------------------------------------------------


def test_dead_burned_cards_under_the_pile_leave_every_pattern_to_the_face_up_cards():
    st = game("9C 4S 2S", "4D 5D", "4H 9S 7H 8H")
    play(st, 0, 1)  # 9♣ 4♦
    st.apply(rs.Slap(2))  # burns 4♥ 9♠ under the pile
    assert st.burned == ["4H", "9S"] and st.slap_view() == ("9C", "4D")
    assert st.slap_rule() is None  # dead: no sandwich 4♥-9♣-4♦, no top-bottom 9♠…4♦
    play(st, 2)  # 7♥
    assert st.slap_rule() is None
    play(st, 0)  # 4♠: 4♦ 7♥ 4♠ is a sandwich of face-up cards
    assert st.slap_rule() == "sandwich"
    (won,) = [e for e in st.apply(rs.Slap(1)) if isinstance(e, rs.SlapWon)]
    assert won.cards == ("4D", "4S")  # framed on the pile, not on the burned cards
    assert st.hands[1] == ["5D", "9C", "4D", "7H", "4S", "4H", "9S"]


def test_live_burned_cards_lie_at_the_very_bottom_and_make_patterns_with_the_pile():
    st = game("9C 4S 2S", "4D 5D", "4H 9S 7H 8H", burned_live=True)
    play(st, 0)  # 9♣ alone
    st.apply(rs.Slap(2))  # burns 4♥ then 9♠: the heap, bottom first, is 9♠ 4♥ 9♣
    assert st.slap_view() == ("9S", "4H", "9C")
    assert st.slap_rule() == "sandwich"  # 9♠ 4♥ 9♣
    (won,) = [e for e in st.apply(rs.Slap(1)) if isinstance(e, rs.SlapWon)]
    assert won.cards == ("9S", "9C")
    assert st.hands[1] == ["4D", "5D", "9C", "4H", "9S"]  # pile bottom first, then the burned cards


@pytest.mark.parametrize(("live", "rule"), [(False, "top_bottom"), (True, None)])
def test_top_bottom_reads_the_pile_bottom_card_when_dead_and_the_lowest_burned_card_when_live(live, rule):
    st = game("7C 6H 2S", "5D 7H 3S", "2D 3D 9D", burned_live=live)
    play(st, 0, 1)  # 7♣ 5♦
    st.apply(rs.Slap(2))  # 2♦ 3♦ burned
    play(st, 2, 0, 1)  # 9♦ 6♥ 7♥
    assert st.pile == ["7C", "5D", "9D", "6H", "7H"]
    assert st.slap_rule() == rule  # live: the bottom card is 3♦ (the lowest burned), not 7♣


# --- runs: the top three cards, from the third card on ---------------------------------------------------


# Runs only, and challenges long enough (6 cards) that no face card's payment ends within a test's pile.
RUN: dict[str, object] = {"slaps": frozenset({"run"}), "challenge_counts": (6, 6, 6, 6)}


def pile_of(seq: list[str], **options: object) -> rs.State:
    """Two seats; each card of `seq` (bottom first) played by whoever is on turn when it comes; each seat keeps
    six plain cards after its share, so nobody runs out."""
    plain = [c for c in full_deck() if c not in seq and c[0] in "2345678"]
    owners: list[int] = []
    for k in range(len(seq) + 1):
        hands = [[seq[i] for i in range(k) if owners[i] == s] + plain[s * 6:(s + 1) * 6] for s in range(2)]
        st = rs.new_game(rs.Rules(**options), hands=hands)  # type: ignore[arg-type]
        for _ in range(k):
            st.apply(rs.Play(st.current_player))
        owners.append(st.current_player)
    assert st.pile == seq
    return st


def test_a_run_counts_as_soon_as_three_cards_are_on_the_pile():
    st = game("4C 6H 8S", "5D 9S TS", **RUN)
    play(st, 0, 1)
    assert st.slap_rule() is None  # two cards are no run
    play(st, 0)
    assert st.pile == ["4C", "5D", "6H"] and st.slap_rule() == "run"
    (won,) = [e for e in st.apply(rs.Slap(1)) if isinstance(e, rs.SlapWon)]
    assert won.rule == "run" and won.cards == ("4C", "5D", "6H")


@pytest.mark.parametrize(("pile", "run"), [
    ("KS 9C 3H 4S 5D", True),  # the top three of a longer pile
    ("KS 2C 3H 4S 5D", True),  # a run of four is a run (its top three)
    ("3H 4S 5D 8C", False),  # the run is under the top card: it passed
    ("AH 2C 3S", True), ("3S 2C AH", True), ("QH KC AS", True), ("AS KC QH", True),  # up or down, A low or high
    ("KC AS 2H", False), ("2H AS KC", False), ("AS 2H KC", False),  # no wrap
    ("9C TD JH", True), ("JH TD 9C", True),
    ("4C 5D 5H", False), ("4C 6D 5H", False),  # consecutive, in order, three different ranks
])
def test_runs_on_piles_of_any_length(pile, run):
    st = pile_of(pile.split(), **RUN)
    assert (st.slap_rule() == "run") is run


def test_a_run_made_with_live_burned_cards_and_never_with_dead_ones():
    for live in (False, True):
        st = game("7C 2S", "6H 5H 3D", "9D", burned_live=live, **RUN)
        st.apply(rs.Slap(1))  # on an empty pile: 6♥ 5♥ burned, 5♥ lowest
        assert st.burned == ["6H", "5H"]
        play(st, 0)  # 7♣: live, the heap is 5♥ 6♥ 7♣
        assert (st.slap_rule() == "run") is live


# --- the match: slaps while the pile animates, a bot's timers after a restart ---------------------------


def _table(hands: list[list[str]], rules: rs.Rules | None = None) -> tuple[FakeApp, FixedHands]:
    seats = [SeatSpec("human", name=f"P{i + 1}") for i in range(len(hands))]
    app = FakeApp()
    table = FixedHands(TableConfig("ratscrew", rules or rs.Rules(), seats, seed=1), hands)
    app.push(table)
    return app, table


def test_slaps_while_a_won_pile_is_still_on_show_or_sweeping_all_reach_the_match():
    app, table = _table([["5C", "9C", "2C"], ["5D", "8D", "3D", "4D"], ["6H", "7H", "TH", "JH"]])
    press(app, table, 0, PLAY)
    app.run_ms(250)
    press(app, table, 1, PLAY)
    app.run_ms(100)
    press(app, table, 0, SLAP)  # the double: seat 0 takes it
    app.step()
    m = table.match
    assert m.stats[0].slaps_won == 1 and m.state.pile == []
    assert any(isinstance(f.art, Sweep) for f in table.view.anim.flyers), "the won pile is on its way"
    press(app, table, 2, SLAP, after_ms=100)  # 100 ms after: too late, no penalty
    app.step()
    assert m.stats[2].late == 1 and m.state.hands[2] == ["6H", "7H", "TH", "JH"]
    press(app, table, 1, SLAP, after_ms=350)  # past the grace, the pile still sweeping: judged, wrong
    app.step()
    assert any(isinstance(f.art, Sweep) for f in table.view.anim.flyers), "the pile still moves"
    assert m.stats[1].wrong == 1 and m.state.burned == ["8D", "3D"] and m.state.hands[1] == ["4D"]
    verdicts = [(r.seat, r.verdict) for r in m.history.slaps]
    assert verdicts == [(0, "won"), (2, "too late"), (1, "wrong")]


def test_a_slap_on_the_card_in_the_air_that_a_sweep_follows_is_judged_on_that_card():
    app, table = _table([["5C", "9C", "2C"], ["5D", "9D", "3D", "4D"]])
    press(app, table, 0, PLAY)
    app.run_ms(250)
    press(app, table, 1, PLAY)
    app.run_ms(100)
    press(app, table, 1, SLAP)  # seat 1 takes the double and plays next, while its pile sweeps
    app.step()
    press(app, table, 1, PLAY, after_ms=50)  # its own top card, 9♦
    app.step()
    assert table.match.state.pile == ["9D"]
    press(app, table, 0, PLAY, after_ms=20)  # 9♣ on it: a double while the swept pile still flies
    press(app, table, 1, SLAP, after_ms=10)
    app.step()
    assert any(isinstance(f.art, Sweep) for f in table.view.anim.flyers)
    assert [(r.seat, r.verdict, r.rule) for r in table.match.history.slaps][-1] == (1, "won", "double")


def _bot_table(app_seed: int = 4) -> tuple[FakeApp, FixedHands]:
    seats = [SeatSpec("human", name="P1"), SeatSpec("bot", "casual", "Bot")]
    app = FakeApp()
    config = TableConfig("ratscrew", rs.Rules(), seats, seed=app_seed, first_player=1)
    table = FixedHands(config, [["5S", "7C", "8C", "2D"], ["3H", "9D", "3C", "4S"]])
    app.push(table)
    return app, table


def test_restart_from_the_pause_menu_leaves_no_bot_timer_of_the_old_game_alive():
    app, table = _bot_table()
    app.step()
    old = table.match
    stale = dict(old.pending_intents(1))
    assert PLAY in stale  # the bot (first to play) has its card planned
    app.pause_game()
    pause = app.top
    app.run_ms(10)
    pause._restart()  # (the menu's Restart, once confirmed)
    new_table = app.top
    assert new_table is not table and type(new_table).__name__ == "RatscrewTable"
    restart_at = app.clock()
    assert old.pending_intents(1) == {} and old.pending_claim_deadline_ns is None
    assert old.advance(restart_at + 60_000 * MS) == []  # nothing of the old game can fire
    assert all(t >= restart_at for t in new_table.match.pending_intents(1).values())
    app.run_ms(3000)
    assert new_table.match.state.cards_played >= 1


def test_play_again_deals_a_new_match_and_the_old_ones_timers_never_fire():
    app, table = _bot_table()
    app.step()
    old = table.match
    app.nav.replace(screens.Results(table.config, old))  # the results in the old table's place (show_results)
    assert old.pending_intents(1) == {}
    app.top.play_again()
    new_table = app.top
    assert type(new_table).__name__ == "RatscrewTable" and new_table.match is not old
    assert new_table.config.first_player == 0  # the first turn one seat on
    now = app.clock()
    assert old.advance(now + 60_000 * MS) == []
    assert all(t >= now for intents in map(new_table.match.pending_intents, range(2)) for t in intents.values())


# --- challenges: who pays the rest, and a 10 that stops it -----------------------------------------------


def test_the_rest_of_a_payment_goes_to_the_next_seat_with_cards_skipping_empty_seats_and_round_the_table():
    st = game("2C 4C", "3D", "5H KH", "6S 7S 8S 9S")
    play(st, 0, 1)  # seat 1 has run out
    play(st, 2)  # 5♥
    play(st, 3)  # 6♠
    play(st, 0)  # 4♣
    events = play(st, 2)  # K♥: seat 3 owes 3
    assert rs.ChallengeStarted(3, 3, 2) in events
    play(st, 3, 3, 3)  # 7♠ 8♠ 9♠: paid in full
    assert st.awaiting_claim and st.challenger == 2
    st = game("2C 4C 5C", "3D", "KH", "6S")
    play(st, 0, 1)  # seat 1 has run out
    events = play(st, 2)  # K♥, seat 2's last card: seat 3 owes 3
    assert rs.ChallengeStarted(3, 3, 2) in events
    events = play(st, 3)  # 6♠, seat 3's last: the next with cards after it is seat 0 (past seat 1, empty)
    assert rs.PaymentPassed(0, 2, 3) in events and st.current_player == 0 and st.owed == 2
    play(st, 0, 0)  # 4♣ 5♣
    assert st.awaiting_claim and st.challenger == 2
    st.apply(rs.Claim(2))
    assert st.hands[2] == ["2C", "3D", "KH", "6S", "4C", "5C"] and st.current_player == 2


def test_nobody_but_the_challenger_left_to_pay_the_rest_the_pile_awaits_their_claim():
    st = game("KS 2C 3C", "4D", "5H")
    assert rs.PaymentPassed(2, 2, 1) in play(st, 0, 1)  # seat 1 pays its only card: seat 2 pays on
    events = play(st, 2)  # seat 2's only card: one still owed, and nobody but the challenger holds cards
    assert rs.PileAwaitingClaim(0) in events
    assert st.awaiting_claim and st.challenger == 0 and st.owed == 0 and st.current_player == 0
    with pytest.raises(IllegalAction) as refused:
        st.apply(rs.Play(0))
    assert refused.value.code == "awaiting_claim"
    st.apply(rs.Claim(0))
    assert st.hands[0] == ["2C", "3C", "KS", "4D", "5H"]


def test_a_ten_turned_by_the_seat_paying_the_rest_stops_the_challenge_and_the_turn_goes_after_it():
    st = game("KS 2C", "4D", "TH 5H", "6S 7S", ten_stops=True)
    play(st, 0)
    assert rs.PaymentPassed(2, 2, 1) in play(st, 1)
    events = play(st, 2)
    assert events == [rs.CardPlayed(2, "TH"), rs.ChallengeEnded(0, "ten")]
    assert st.current_player == 3 and st.challenger is None and st.owed == 0 and not st.awaiting_claim


def test_a_seat_in_timeout_slapping_just_after_a_won_slap_is_told_to_wait_not_too_late():
    """`timeout`: "a seat in timeout that slaps is ignored (no penalty, 'wait N cards' shown)", also within the
    grace after someone else's valid slap: it could not slap that pile at all."""
    rules = rs.Rules(wrong_slap="timeout", timeout_cards=3, slap_lockout_ms=0)
    seats = [SeatSpec("human")] * 3
    m = RatscrewMatch(rules, seats, seed=1, start_ns=0, hands=[["5C", "7C"], ["5D", "8D"], ["6H", "9H"]])
    for seat, action, ms in [(0, PLAY, 100), (2, SLAP, 150), (1, PLAY, 200), (0, SLAP, 300), (2, SLAP, 350)]:
        m.submit(Command(seat, action, ms * MS, poll=ms))
    out = [x.event for x in m.advance(400 * MS)]
    assert rs.TimedOut(2, 3) in out and rs.SlapWon(0, "double") in out
    assert not [e for e in out if isinstance(e, TooLate)]
    (ignored,) = [e for e in out if isinstance(e, Ignored) and e.seat == 2]
    assert "timeout" in ignored.reason and "2 more cards" in ignored.reason
    assert m.stats[2].late == 0 and m.stats[2].ignored == 1 and m.state.hands[2] == ["6H", "9H"]
    # Where a wrong slap burns instead, the same slap is too late, as any other.
    m = RatscrewMatch(rs.Rules(slap_lockout_ms=0), seats, seed=1, start_ns=0,
                      hands=[["5C", "7C"], ["5D", "8D"], ["6H", "9H", "2H"]])
    for seat, action, ms in [(0, PLAY, 100), (2, SLAP, 150), (1, PLAY, 200), (0, SLAP, 300), (2, SLAP, 350)]:
        m.submit(Command(seat, action, ms * MS, poll=ms))
    out = [x.event for x in m.advance(400 * MS)]
    assert TooLate(2, 50) in out and m.state.hands[2] == ["2H"]


# --- the rules shipped with the game -----------------------------------------------------------------------


def test_the_shipped_rules_name_every_option_of_the_house_rules_and_nothing_the_engine_lacks():
    text = asset_path("rules", "ratscrew.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([a-z_]+)`", text))
    assert {"four_of_a_suit", "ten_stops", "wrong_slap", "timeout_cards", "burn", "timeout", "gives_pile"} <= named
    known = set(rs.Rules().option_values()) | set(rs.WRONG_SLAPS)
    assert named <= known, named - known


# --- live burned cards are seen by everyone (the bottom card for top-bottom) -------------------------------


@pytest.mark.parametrize("live", [False, True])
def test_burned_cards_show_their_faces_at_the_table_only_when_they_are_live(live):
    rules = rs.Rules(burned_live=live, slap_lockout_ms=0)
    app, table = _table([["7C", "6H", "2S", "9S"], ["5D", "3S", "4H"], ["2D", "3D", "9D", "8D"]], rules)
    press(app, table, 0, PLAY)
    app.run_ms(300)
    press(app, table, 2, SLAP)  # nothing to slap: 2♦ 3♦ go under the pile (3♦ lowest)
    app.run_ms(600)
    assert table.match.state.burned == ["2D", "3D"]
    drawn: list[object] = []
    original = table.view.card_image

    def recording(key, *args, **kwargs):
        drawn.append(key)
        return original(key, *args, **kwargs)

    table.view.card_image = recording
    table.draw(pygame.Surface(app.size), 0.0)
    faces = {key[1] for key in drawn if key[0] == "card"}
    assert faces == ({"7C", "2D", "3D"} if live else {"7C"})
    assert (("back",) in drawn) is not live  # (the seats' stacks are drawn otherwise)
    # 5♦ 9♦ 6♥ 3♠: with live burned cards 3♦ is the bottom card, and the won pile frames it as it sweeps
    for seat in (1, 2, 0, 1):
        press(app, table, seat, PLAY)
        app.run_ms(300)
    assert table.match.state.slap_rule() == ("top_bottom" if live else None)
    if live:
        press(app, table, 0, SLAP)
        app.step()
        (sweep,) = [f.art for f in table.view.anim.flyers if isinstance(f.art, Sweep)]
        assert sweep.faces == ("2D", "3D") and sweep.burned == 2
        (framed,) = [e for e in table.view.anim.effects if isinstance(e, Framed)]
        assert framed.cards == ("3D", "3S")


@pytest.mark.parametrize("live", [False, True])
def test_a_won_pile_tells_the_faces_of_live_burned_cards_and_of_no_others(live):
    st = game("7C 2S", "7D 4S", "2D 3D 9D", burned_live=live)
    play(st, 0)
    st.apply(rs.Slap(2))  # 2♦ 3♦ under the pile
    play(st, 1)  # 7♦ on 7♣
    (won,) = [e for e in st.apply(rs.Slap(0)) if isinstance(e, rs.PileWon)]
    assert won == rs.PileWon(0, 4, "slap") and won.pile == ("7C", "7D")
    assert won.burned == (("2D", "3D") if live else ())
    assert st.hands[0] == ["2S", "7C", "7D", "2D", "3D"]
