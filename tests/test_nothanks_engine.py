"""No Thanks engine: one test per rule and option, the seed's example, and the public contract."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from game.engines import IllegalAction
from game.games.nothanks import engine as nt
from game.games.nothanks import text as nt_text

ROOT = Path(__file__).resolve().parents[1]


def play(st: nt.State, actions: str) -> list[object]:
    """Apply a script of 't' (take) and 'p' (pass); return all events."""
    events: list[object] = []
    for a in actions:
        events += st.apply(nt.TAKE if a == "t" else nt.PASS)
    return events


# ---- rules and editions -------------------------------------------------------------------------------


def test_default_rules_are_the_seeds():
    r = nt.Rules()
    assert (r.edition, r.ranks_per_suit, r.suit_order) == ("cards", 9, ("C", "D", "H", "S"))
    assert (r.set_aside, r.matches, r.after_take, r.hidden_matches) == (12, 11, "next_player", False)
    assert r.deck_values() == list(range(1, 37))


def test_numbered_edition_rules():
    r = nt.Rules.numbered()
    assert r.edition == "numbered" and r.set_aside == 9 and r.after_take == "same_player"
    assert r.deck_values() == list(range(3, 36))
    assert [r.matches_for(n) for n in (3, 4, 5, 6, 7)] == [11, 11, 11, 9, 7]


def test_naming_the_numbered_edition_alone_gives_its_own_defaults():
    """`Rules(edition="numbered")` is the published edition, as `Rules.numbered()` is: 11/9/7 chips and the
    taker deciding again, not the playing-card edition's 11 matches with the turn passing on."""
    for rules in (nt.Rules(edition="numbered"), nt.Rules.of({"edition": "numbered"})):
        assert rules == nt.Rules.numbered()
        assert rules.after_take == "same_player" and rules.matches is None
        assert [rules.matches_for(n) for n in (3, 5, 6, 7)] == [11, 11, 9, 7]
        st = nt.new_game(rules, 3, seed=1)
        st.apply(nt.TAKE)
        assert st.current_player == 0  # the taker decides again
    # either edition may still choose the other's after-take and a fixed count, when it says so
    chosen = nt.Rules(edition="numbered", after_take="next_player", matches=11)
    assert (chosen.after_take, chosen.matches_for(7)) == ("next_player", 11)
    assert nt.Rules(after_take="same_player", matches=None).matches_for(6) == 9
    assert (nt.Rules().after_take, nt.Rules().matches) == ("next_player", 11)


def test_set_aside_defaults_to_a_third_of_the_deck():
    assert [nt.Rules(ranks_per_suit=k).set_aside for k in (5, 9, 10, 13)] == [7, 12, 13, 17]


@pytest.mark.parametrize("k", range(5, 14))
def test_ranks_per_suit_sets_deck_and_stack(k):
    r = nt.Rules(ranks_per_suit=k)
    st = nt.new_game(r, players=3, seed=k)
    assert r.deck_values() == list(range(1, 4 * k + 1))
    assert 1 + st.cards_left == 4 * k - r.set_aside
    assert len(st.aside) == r.set_aside
    assert sorted(st.aside + (st.card,) + tuple(st._stack)) == r.deck_values()


@pytest.mark.parametrize("bad", [
    {"ranks_per_suit": 4}, {"ranks_per_suit": 14}, {"suit_order": ("C", "C", "H", "S")},
    {"after_take": "later"}, {"edition": "tarot"}, {"set_aside": 36}, {"matches": -1},
])
def test_bad_rules_are_refused(bad):
    with pytest.raises(ValueError):
        nt.Rules(**bad)


def test_explicit_rules_from_the_issue():
    r = nt.Rules(ranks_per_suit=10, suit_order=("C", "D", "H", "S"), set_aside=12, matches=11,
                 after_take="same_player")
    st = nt.new_game(r, players=4, seed=3)
    assert st.cards_left == 40 - 12 - 1 and st.matches == [11] * 4


def test_player_counts_per_edition():
    for n in range(2, 9):
        assert nt.new_game(nt.Rules(), players=n, seed=1).players == n
    for n in range(3, 8):
        nt.new_game(nt.Rules.numbered(), players=n, seed=1)
    numbered = nt.Rules.numbered()
    for bad_rules, n in ((nt.Rules(), 1), (nt.Rules(), 9), (numbered, 2), (numbered, 8)):
        with pytest.raises(ValueError):
            nt.new_game(bad_rules, players=n, seed=1)


def test_lobby_proposes_a_bigger_deck_for_more_players():
    assert [nt.proposed_ranks_per_suit(n) for n in range(2, 9)] == [9, 9, 9, 9, 11, 13, 13]
    for n in (6, 7):
        r = nt.Rules(ranks_per_suit=nt.proposed_ranks_per_suit(n))
        assert abs((r.deck_size - r.set_aside) / n - 5) < 0.5
    k_option = next(o for o in nt.rule_options(players=7) if o.name == "ranks_per_suit")
    assert k_option.default == 13
    assert nt.Rules.from_options({}, players=7).ranks_per_suit == 13


def test_matches_option_and_standard_table():
    st = nt.new_game(nt.Rules(matches=5), players=3, seed=1)
    assert st.matches == [5, 5, 5]
    assert nt.new_game(nt.Rules.numbered(), players=6, seed=1).matches == [9] * 6
    assert nt.new_game(nt.Rules.numbered(), players=7, seed=1).matches == [7] * 7
    assert nt.new_game(nt.Rules(matches=None), players=8, seed=1).matches == [6] * 8


def test_rule_options_cover_every_rule_and_build_rules():
    for edition in ("cards", "numbered"):
        base = nt.Rules.numbered() if edition == "numbered" else nt.Rules()
        options = nt_text.rule_options(base)
        assert [(o.name, tuple(v for v, _ in o.choices), o.default) for o in options] == [
            (o.name, tuple(o.choices), o.default) for o in nt.rule_options(base)
        ]
        assert all(isinstance(o.label, str) and o.label for o in options)
        assert all(o.default in [v for v, _ in o.choices] for o in options)
        assert nt.Rules.from_options({"edition": edition}) == base
        for o in options:
            for value, label in o.choices:
                assert label
                nt.Rules.from_options({"edition": edition, o.name: value})
    names = {o.name for o in nt.rule_options()}
    assert names == {f.name for f in dataclasses.fields(nt.Rules)}


def test_rule_option_labels_go_through_i18n(monkeypatch):
    from game import i18n

    monkeypatch.setitem(i18n.CATALOGUES, "xx", {"Edition": "Udgave", "{n} cards set aside": "{n} kort lagt til side"})
    i18n.set_language("xx")
    try:
        assert nt_text.rule_options()[0].label == "Udgave"
        assert "12 kort lagt til side" in nt_text.summary(nt.Rules())
    finally:
        i18n.set_language("en")


def test_summary_is_one_line_naming_the_options():
    s = nt_text.summary(nt.Rules(hidden_matches=True, after_take="same_player"))
    assert "\n" not in s and "12" in s and "hidden" in s and "again" in s
    assert "3–35" in nt_text.summary(nt.Rules.numbered())
    assert "more matches" in nt_text.tie_break_note(nt.Rules())
    assert "more chips" in nt_text.tie_break_note(nt.Rules.numbered())  # the numbered edition's word
    assert "matches" not in nt_text.tie_break_note() and "chips" not in nt_text.tie_break_note()
    assert "· 1 match each ·" in nt_text.summary(nt.Rules(matches=1))
    assert "· 11 matches each ·" in nt_text.summary(nt.Rules())



# ---- card values ---------------------------------------------------------------------------------------


def test_card_values_follow_the_suit_order():
    r = nt.Rules()
    assert [nt.card_label(r, v) for v in (1, 9, 10, 18, 19, 27, 28, 36)] == [
        "♣1", "♣9", "♦1", "♦9", "♥1", "♥9", "♠1", "♠9"]
    assert nt.card_code(r, 28) == "AS" and nt.card_code(r, 18) == "9D"
    reversed_order = nt.Rules(suit_order=("S", "H", "D", "C"))
    assert nt.card_label(reversed_order, 1) == "♠1" and nt.card_label(reversed_order, 36) == "♣9"
    thirteen = nt.Rules(ranks_per_suit=13)
    assert nt.card_label(thirteen, 14) == "♦1" and nt.card_code(thirteen, 13) == "KC"


def test_value_explanation():
    assert nt.value_explanation(nt.Rules(), 28) == "♠1 = 3 × 9 + 1 = 28"
    assert nt.value_explanation(nt.Rules(), 5) == "♣5 = 0 × 9 + 5 = 5"
    assert nt.value_explanation(nt.Rules(ranks_per_suit=10), 25) == "♥5 = 2 × 10 + 5 = 25"
    assert nt.value_explanation(nt.Rules.numbered(), 28) == "28"
    assert nt.card_label(nt.Rules.numbered(), 28) == "28" and nt.card_code(nt.Rules.numbered(), 28) is None


# ---- scoring -------------------------------------------------------------------------------------------


def test_seed_example_scores_minus_25():
    assert nt.score(cards=[28, 27, 3], matches=5) == -25


def test_run_across_suit_border_counts_only_its_lowest_card():
    r = nt.Rules()
    heart9, spade1 = 27, 28
    assert (nt.card_label(r, heart9), nt.card_label(r, spade1)) == ("♥9", "♠1")
    assert nt.score(cards=[spade1, heart9], matches=0) == -27
    assert nt.score(cards=[spade1], matches=0) == -28


def test_scoring_runs_and_matches():
    assert nt.score(cards=[], matches=7) == 7
    assert nt.score(cards=[5, 6, 7, 9], matches=0) == -14
    assert nt.score(cards=[20, 18, 19, 3, 35], matches=2) == -18 - 3 - 35 + 2


def test_runs_group_with_the_counted_card():
    rs = nt.runs([28, 3, 27, 30, 4, 5])
    assert [r.cards for r in rs] == [(3, 4, 5), (27, 28), (30,)]
    assert [r.counted for r in rs] == [3, 27, 30]
    assert nt.runs([]) == []


# ---- play ----------------------------------------------------------------------------------------------


def test_first_card_is_face_up_at_start_and_cards_left_counts_the_stack():
    st = nt.new_game(nt.Rules(), players=3, deck=[28, 27, 3])
    assert st.card == 28 and st.cards_left == 2 and st.pot == 0 and st.current_player == 0
    assert not st.is_over
    assert st.aside == tuple(v for v in range(1, 37) if v not in (28, 27, 3))


def test_given_deck_is_checked():
    for bad in ([], [1, 1], [0], [37]):
        with pytest.raises(ValueError):
            nt.new_game(nt.Rules(), players=3, deck=bad)
    with pytest.raises(ValueError):
        nt.new_game(nt.Rules.numbered(), players=3, deck=[2])


def test_shuffle_is_seeded():
    a, b = (nt.new_game(nt.Rules(), players=3, seed=7) for _ in range(2))
    assert (a.card, a._stack, a.aside) == (b.card, b._stack, b.aside)
    c = nt.new_game(nt.Rules(), players=3, seed=8)
    assert (a.card, a._stack) != (c.card, c._stack)


def test_pass_pays_a_match_onto_the_card_and_moves_the_turn():
    st = nt.new_game(nt.Rules(), players=3, deck=[20, 5])
    assert st.apply(nt.PASS) == [nt.MatchPaid(seat=0, pot=1)]
    assert st.matches == [10, 11, 11] and st.pot == 1 and st.current_player == 1
    play(st, "pp")
    assert st.current_player == 0 and st.pot == 3 and st.matches == [10, 10, 10]


def test_take_gets_card_and_pot_and_turns_next_card():
    st = nt.new_game(nt.Rules(), players=3, deck=[20, 5, 9])
    play(st, "pp")
    events = st.apply(nt.TAKE)
    assert events == [nt.CardTaken(seat=2, card=20, matches=2), nt.CardTurned(card=5, cards_left=1)]
    assert st.cards[2] == [20] and st.matches == [10, 10, 13] and st.pot == 0 and st.card == 5


def test_after_take_next_player_passes_the_turn():
    st = nt.new_game(nt.Rules(), players=3, deck=[20, 5, 9])
    st.apply(nt.TAKE)
    assert st.current_player == 1


def test_after_take_same_player_decides_again():
    st = nt.new_game(nt.Rules(after_take="same_player"), players=3, deck=[20, 5, 9])
    st.apply(nt.TAKE)
    assert st.current_player == 0


def test_turn_after_take_differs_between_editions():
    cards = nt.new_game(nt.Rules(), players=4, deck=[20, 5, 9])
    numbered = nt.new_game(nt.Rules.numbered(), players=4, deck=[20, 5, 9])
    play(cards, "pt")
    play(numbered, "pt")
    assert (cards.current_player, numbered.current_player) == (2, 1)


def test_turn_wraps_around_the_table():
    st = nt.new_game(nt.Rules(), players=3, deck=[20, 5], first_player=2)
    assert st.current_player == 2
    st.apply(nt.PASS)
    assert st.current_player == 0


def test_player_with_no_matches_can_only_take():
    st = nt.new_game(nt.Rules(matches=1), players=2, deck=[20, 5, 9])
    play(st, "pp")
    assert st.matches == [0, 0] and st.legal_actions() == [nt.TAKE]
    with pytest.raises(IllegalAction, match="no matches"):
        st.apply(nt.PASS)
    st.apply(nt.TAKE)
    assert st.matches == [2, 0]


def test_matches_are_kept_across_turns_and_only_the_current_seat_pays():
    st = nt.new_game(nt.Rules(matches=3), players=3, deck=[30, 4, 6])
    play(st, "ppt")
    assert st.matches == [2, 2, 5]


def test_game_ends_when_the_last_card_is_taken():
    st = nt.new_game(nt.Rules(), players=3, deck=[28, 27, 3])
    events = play(st, "ppppt")
    assert st.card == 27 and not st.is_over
    events = play(st, "t")
    events = play(st, "t")
    assert st.is_over and st.card is None and st.cards_left == 0 and st.legal_actions() == []
    assert isinstance(events[-1], nt.GameOver)
    assert events[-1].set_aside == st.aside and len(st.aside) == 33


def test_seed_example_in_play_and_game_over_event():
    # Seat 0 takes ♠1 (28), ♥9 (27) and ♣3 (3) with 5 matches: the seed's -25, played out.
    st = nt.new_game(nt.Rules(matches=5, after_take="same_player"), players=3, deck=[28, 27, 3])
    events = play(st, "ttt")
    assert st.cards == [[28, 27, 3], [], []]
    assert st.scores() == [-25, 5, 5]
    assert events[-1] == nt.GameOver(scores=(-25, 5, 5), winners=(1, 2), set_aside=st.aside)
    st2 = nt.new_game(nt.Rules(matches=6), players=3, deck=[28, 27, 3])
    play(st2, "tpt")  # seat 0 takes 28; seat 1 pays; seat 2 takes 27 with 1 match; seat 0 on turn
    assert st2.cards == [[28], [], [27]] and st2.current_player == 0
    events = play(st2, "pt")  # seat 0 pays, seat 1 takes 3 with 1 match
    assert st2.scores() == [5 - 28, 6 - 3, 7 - 27]
    assert events[-1] == nt.GameOver(scores=(-23, 3, -20), winners=(1,), set_aside=st2.aside)


def test_tie_break_more_matches_wins_then_shared():
    st = nt.new_game(nt.Rules(matches=2), players=3, deck=[3, 4])
    st.cards = [[5], [4], [10]]
    st.matches = [1, 0, 6]
    assert st.scores() == [-4, -4, -4] and st.winners() == [2]
    st.matches = [6, 2, 6]
    st.cards = [[5], [4], [5]]
    assert st.scores() == [1, -2, 1] and st.winners() == [0, 2]


def test_take_log_records_who_took_what_for_how_many():
    st = nt.new_game(nt.Rules(), players=3, deck=[20, 5, 9])
    play(st, "ppt" "t" "pt")
    assert st.take_log == [nt.CardTaken(2, 20, 2), nt.CardTaken(0, 5, 0), nt.CardTaken(2, 9, 1)]


def test_events_are_frozen():
    ev = nt.CardTaken(0, 5, 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        ev.seat = 1  # type: ignore[misc]


# ---- illegal actions -----------------------------------------------------------------------------------




@pytest.mark.parametrize("setup,action,seat,why", [
    ("", "slap", None, "not a No Thanks action"),
    ("", nt.TAKE, 1, "turn"),
    ("", nt.PASS, 2, "turn"),
    ("pp", nt.PASS, None, "no matches"),
    ("ppttt", nt.TAKE, None, "over"),
    ("ppttt", nt.PASS, None, "over"),
])
def test_illegal_actions_raise_and_change_nothing(setup, action, seat, why):
    st = nt.new_game(nt.Rules(matches=1, after_take="same_player"), players=2, deck=[20, 5, 9])
    play(st, setup)
    before = st.digest()
    with pytest.raises(IllegalAction, match=why):
        st.apply(action, seat=seat)
    assert st.digest() == before


def test_apply_with_the_right_seat_is_fine():
    st = nt.new_game(nt.Rules(), players=3, deck=[20, 5])
    st.apply(nt.PASS, seat=0)
    st.apply(nt.TAKE, seat=1)
    assert st.cards[1] == [20]


# ---- clone and observation -----------------------------------------------------------------------------


def test_clone_is_independent():
    st = nt.new_game(nt.Rules(), players=3, seed=4)
    play(st, "pptp")
    before = st.digest()
    c = st.clone()
    play(c, "tttpt")
    assert st.digest() == before
    assert st.clone().digest() == before


def test_observation_shows_what_the_seat_may_see():
    st = nt.new_game(nt.Rules(), players=3, deck=[20, 5, 9, 30])
    play(st, "pt")  # seat 1 takes 20 with 1 match; 5 is up, seat 2 on turn
    obs = st.observation(2)
    assert obs.seat == 2 and obs.current_player == 2 and obs.legal_actions == (nt.TAKE, nt.PASS)
    assert obs.card == 5 and obs.pot == 0 and obs.cards_left == 2
    assert obs.my_matches == 11 and obs.matches == (10, 12, 11)
    assert obs.cards == ((), (20,), ())
    assert obs.unseen == tuple(v for v in range(1, 37) if v not in (20, 5))
    assert obs.set_aside_count == 32 and obs.total_matches == 33
    assert st.observation(0).legal_actions == ()
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.pot = 3  # type: ignore[misc]
    with pytest.raises(ValueError):
        st.observation(3)


def test_observation_hides_stack_order_and_set_aside():
    a = nt.new_game(nt.Rules(), players=3, deck=[20, 5, 9, 30])
    b = nt.new_game(nt.Rules(), players=3, deck=[20, 30, 1, 2])
    assert a.observation(1) == b.observation(1)
    assert not any(hasattr(a.observation(1), name) for name in ("stack", "_stack", "aside", "deck"))


def test_hidden_matches_shows_only_own_count():
    st = nt.new_game(nt.Rules(hidden_matches=True), players=3, deck=[20, 5, 9])
    play(st, "pt")
    assert st.observation(0).matches == (10, None, None)
    assert st.observation(1).matches == (None, 12, None)
    assert st.observation(1).my_matches == 12
    open_st = nt.new_game(nt.Rules(), players=3, deck=[20, 5, 9])
    assert open_st.observation(0).matches == (11, 11, 11)


def test_observation_at_game_over():
    st = nt.new_game(nt.Rules(), players=2, deck=[20])
    st.apply(nt.TAKE)
    obs = st.observation(0)
    assert obs.is_over and obs.card is None and obs.legal_actions == () and obs.cards_left == 0


# ---- purity --------------------------------------------------------------------------------------------


def test_engines_import_with_pygame_unavailable():
    code = (
        "import sys\n"
        "sys.modules['pygame'] = None\n"
        "from game.games.nothanks import engine as nt\n"
        "st = nt.new_game(nt.Rules(), players=3, seed=1)\n"
        "while not st.is_over:\n"
        "    st.apply(st.legal_actions()[-1])\n"
        "assert 'pygame' not in [m for m in sys.modules if sys.modules[m] is not None]\n"
        "print('ok')\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], check=False, cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_engine_source_has_no_clock_io_or_module_random():
    src = (ROOT / "game" / "engines" / "nothanks.py").read_text()
    for banned in ("import pygame", "import time", "open(", "print(", "random.random(", "random.shuffle("):
        assert banned not in src
