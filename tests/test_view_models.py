"""The tables' view-models, headless: engine and match events in, typed effects and sounds out (no window,
no surface, no pygame), and the events carry what the views show (a won pile's faces, the burned
cards already under the pile), so no view keeps a copy of the pile."""

from __future__ import annotations

import random
import subprocess
import sys

from game.commands import PASS, PLAY, TAKE
from game.games.nothanks import engine as nt
from game.games.nothanks.match import NO_MATCHES, NOT_YOUR_TURN
from game.games.nothanks.view_model import NothanksModel, Token, Tokens, card_key
from game.games.ratscrew import engine as rs
from game.games.ratscrew import match as rm
from game.games.ratscrew.view_model import (
    BURN_ANGLE,
    FLIP_MS,
    SLAP_HOLD_MS,
    Flash,
    Framed,
    Impact,
    PhotoFinish,
    RatscrewModel,
    SlapHand,
    Sweep,
    jitter,
)
from game.match.common import Ignored
from game.render import colors
from game.render.effects import Back, Banner, Face, Flip, Note, Shake
from game.render.seat_keys import SeatKeys

MS = 1_000_000
T = 5_000 * MS


def rs_model(n=3, **kw):
    model = RatscrewModel(rs.Rules(**kw), [f"P{i + 1}" for i in range(n)], seed=7)
    model.keys = [SeatKeys("Q", "L-Shift"), SeatKeys("P", "R-Shift"), None][:n]
    return model


def rs_state(hands, **kw):
    return rs.new_game(rs.Rules(**kw), hands=hands)


def test_the_view_models_are_pure():
    code = (
        "import sys, game.games.ratscrew.view_model, game.games.nothanks.view_model;"
        "sys.exit('pygame' in sys.modules)"
    )
    pure = subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
    assert pure, "a view-model imports pygame"


# ---- Ratscrew --------------------------------------------------------------------------------------


def test_a_played_card_flies_face_up_to_its_slot_in_the_pile():
    model = rs_model()
    st = rs_state([["5C", "9C"], ["7D", "8D"], ["2H", "3H"]])
    sounds = [s for a in (rs.Play(0), rs.Play(1)) for e in st.apply(a) for s in model.on_event(e, T, st)]
    assert sounds == ["flip", "flip"]
    first, second = model.anim.flyers
    assert first.art == Flip(("card", "5C", False)) and first.dst == ("pile_slot", 0)
    assert (first.src, first.hides) == (("seat", 0), ("pile", 0)) and second.hides == ("pile", 1)
    assert first.tween.dur_ns == FLIP_MS * MS
    assert first.scale is None  # a seat card's size, then a pile card's
    assert second.angle == (0.0, float(jitter(7, 1, 0)))
    model.reduced_motion = True
    model.on_event(st.apply(rs.Play(2))[0], T, st)
    assert len(model.anim.flyers) == 2, "with reduced motion the card is simply on the pile"


def test_a_won_slap_frames_the_cards_the_engine_judged_and_sweeps_the_pile_it_says():
    model = rs_model()
    st = rs_state([["5C", "9C"], ["5D", "8D"], ["2H", "3H"]])
    for action in (rs.Play(0), rs.Play(1)):
        for e in st.apply(action):
            model.on_event(e, T, st)
    events = st.apply(rs.Slap(2))
    sounds = [s for e in events for s in model.on_event(e, T + MS, st)]
    assert sounds == ["slap_win", "pile_won"]
    kinds = [type(e) for e in model.anim.effects]
    assert kinds == [Impact, SlapHand, Flash, Banner, Framed]
    hit, hand, flash, banner, framed = model.anim.effects
    assert hit.seat == 2 and hit.tween.start_ns == T + MS, "the impact from the slap's own time (the next frame)"
    assert hand.seat == 2 and flash.tween.start_ns == T + 61 * MS
    assert banner == Banner(banner.tween, f"{model.names[2]}: Double!", colors.banner_color(2), 0.065, ("slap_banner",),
                            True, seat=2)
    assert framed.cards == ("5C", "5D")
    (sweep,) = model.anim.flyers  # the cards' flights are dropped: the pile is on its way
    assert sweep.art == Sweep(("5C", "5D"), 0, 0) and (sweep.src, sweep.dst) == (("pile",), ("seat", 2))
    assert sweep.tween.start_ns == T + MS + SLAP_HOLD_MS * MS, "held still first, so everyone sees why"
    assert model.pile_gen == 1


def test_a_wrong_slap_burns_cards_under_those_already_burned():
    model = rs_model()
    st = rs_state([["5C", "9C", "JC"], ["7D", "8D", "3D", "4D"], ["2H", "3H", "6H", "TH"]])
    st.apply(rs.Play(0))
    first = [e for e in st.apply(rs.Slap(1)) if isinstance(e, rs.WrongSlap)]
    assert first == [rs.WrongSlap(1, 2)] and first[0].under == 0
    events = st.apply(rs.Slap(2))
    (wrong,) = [e for e in events if isinstance(e, rs.WrongSlap)]
    assert wrong.under == 2 and len(st.burned) == 4
    assert model.on_event(wrong, T, st) == ["slap", "wrong"]
    burns = model.anim.flyers
    assert [f.hides for f in burns] == [("burn", 2), ("burn", 3)]
    assert [f.tween.start_ns for f in burns] == [T, T + 50 * MS] and all(f.art == Back() for f in burns)
    assert burns[0].angle == (0.0, float(BURN_ANGLE + jitter(7, 1002, 0)))
    assert {type(e) for e in model.anim.effects} == {Impact, Shake, Note, SlapHand}
    (note,) = [e for e in model.anim.effects if isinstance(e, Note)]
    assert (note.seat, note.text, note.color) == (2, "Wrong slap! Burns 2", colors.WARN)


def test_a_won_pile_carries_its_faces_and_burned_count_whatever_happened_since_the_last_frame():
    """Random seeded games straight on the engine: every PileWon's sweep shows the pile as it lay."""
    for seed in range(6):
        rng = random.Random(seed)
        rules = rs.Rules(burned_live=seed % 2 == 1)
        st = rs.new_game(rules, players=3, seed=seed)
        model = RatscrewModel(rules, ["A", "B", "C"], seed)
        won = 0
        for _ in range(400):
            if st.is_over:
                break
            actions = st.legal_actions()
            turn = [a for a in actions if not isinstance(a, rs.Slap)]
            action = rng.choice(actions) if rng.random() < 0.2 or not turn else turn[0]
            before = (tuple(st.pile), len(st.burned))
            for e in st.apply(action):
                model.on_event(e, T, st)
                if isinstance(e, rs.PileWon):
                    won += 1
                    sweep = model.anim.flyers[-1].art
                    assert (sweep.pile, sweep.burned) == before
                    assert e == rs.PileWon(e.seat, e.cards, e.by), "the faces take no part in =="
        assert won, seed


def test_notes_for_the_match_events():
    model = rs_model()
    st = rs_state([["KC", "9C"], ["7D"], ["2H", "3H"]])
    model.on_event(rm.TooLate(1, 40), T, st)
    model.on_event(rs.ChallengeStarted(1, 3, 0), T, st)
    model.on_event(rs.PileAwaitingClaim(0), T, st)
    model.on_event(rs.RanOut(0), T, st)
    model.on_event(rs.RanOut(2), T, st)  # nobody's keys: no key named
    model.on_event(rs.PileWon(0, 4, "claim"), T, st)
    notes = [(e.seat, e.text) for e in model.anim.effects if isinstance(e, Note)]
    assert notes == [
        (1, "Too late by 40 ms"),  # (no "Owes 3": a debt is said by its seat's badge and line to press now)
        (0, "P1 wins the challenge!"),
        (0, "Out of cards: slap (L-Shift) to stay in!"),
        (2, "Out of cards: slap to stay in!"),
        (0, "Claimed 4 cards!"),
    ]
    for delta in (14, 20):
        model.on_event(rm.PhotoFinish(((2, T, 0, rm.WON), (0, T, delta, rm.TOO_LATE))), T, st)
    (photo,) = [e for e in model.anim.effects if isinstance(e, PhotoFinish)]
    assert photo.lines == ("P3 by 20 ms", "P1 +20 ms, too late") and photo.seats == (2, 0)
    assert photo.title == "Photo finish" and photo.cells == ((2, "P3", "1st"), (0, "P1", "+20 ms"))
    assert photo.tween.dur_ns >= 2000 * MS, "about two seconds: long enough for a room to read"


def test_a_tie_is_told_once_by_the_photo_finish_and_the_coins_loser_is_not_told_too_late():
    model = rs_model()
    st = rs_state([["KC", "9C"], ["7D"], ["2H", "3H"]])
    before = len(model.anim.effects)
    model.on_event(rm.Tie((0, 2), 2), T, st)
    assert len(model.anim.effects) == before, "no banner of its own: the photo finish says it"
    model.on_event(rm.TooLate(0, 0), T, st)  # the coin's loser
    model.on_event(rm.TooLate(1, 22), T + 22 * MS, st)  # a real late slap
    notes = [(e.seat, e.text) for e in model.anim.effects if isinstance(e, Note)]
    assert notes == [(1, "Too late by 22 ms")]
    model.on_event(rm.PhotoFinish(((2, T, 0, rm.WON), (0, T, 0, rm.LOST_COIN), (1, T, 22, rm.TOO_LATE))), T, st)
    (photo,) = [e for e in model.anim.effects if isinstance(e, PhotoFinish)]
    assert photo.title == "Tie \u2014 coin toss: P3"
    assert photo.cells == ((2, "P3", "1st"), (0, "P1", "tie"), (1, "P2", "+22 ms"))
    said = [photo.title, *(how for _, _, how in photo.cells)]
    assert sum("coin" in text or "toss" in text for text in said) == 1, "the toss is told once"
    assert not [e for e in model.anim.effects if isinstance(e, Banner)]


def test_an_ignored_play_is_explained_only_to_a_seat_still_in():
    model = rs_model()
    st = rs_state([["5C"], ["7D"], []])
    model.on_event(Ignored(1, PLAY, "not your turn"), T, st)
    model.on_event(Ignored(2, PLAY, "no cards"), T, st)
    model.on_event(Ignored(1, "slap", "whatever"), T, st)
    notes = [(e.seat, e.text) for e in model.anim.effects]
    assert notes == [(1, "Not your turn"), (2, "No cards: slap to get back in!")]


def test_the_prompt_under_the_pile():
    model = rs_model(2)
    st = rs_state([["KC", "2C", "3C"], ["4D", "5D", "6D", "7D"]])
    assert model.status_text(st) == "P1: press Q to play"
    st.apply(rs.Play(0))
    assert model.status_text(st) == "P2 owes 3: press P"
    for _ in range(3):
        st.apply(rs.Play(1))
    assert model.status_text(st) == "P1: press Q to claim (or wait)"
    assert model.badge(0, False, 0, True) == ("Q to claim", colors.GOLD)
    model.bots = {0}
    assert model.status_text(st) == "P1 wins the pile unless someone slaps"
    assert model.badge(0, True, 0, False) == ("out", colors.WARN)


# ---- No Thanks -------------------------------------------------------------------------------------


def nt_model(rules=None):
    rules = rules or nt.Rules()
    model = NothanksModel(rules, ["Ada", "Bo", "Cy"])
    model.keys = [SeatKeys("Q", "L-Shift"), SeatKeys("P", "R-Shift"), SeatKeys("Z", "L-Ctrl")]
    return model, nt.new_game(rules, players=3, seed=4)


def test_paying_and_taking_fly_matches_and_the_card():
    model, st = nt_model()
    card = st.card
    sounds = [s for e in st.apply(PASS) for s in model.on_event(e, T, st)]
    assert sounds == ["match"]
    (paid,) = model.anim.flyers
    assert paid.art == Token() and (paid.src, paid.dst, paid.hides) == (("matches", 0), ("pot",), ("pot",))
    model.anim.flyers.clear()
    sounds = [s for e in st.apply(TAKE) for s in model.on_event(e, T, st)]
    assert sounds == ["take", "flip"]
    taken, matches, turned = model.anim.flyers
    assert taken.art == Face(card_key(model.rules, card)) and taken.hides == ("seat_card", 1, card)
    assert taken.dst == ("seat_card", 1, card, tuple(st.cards[1])) and taken.scale is None
    assert matches.art == Tokens() and matches.count == 1 and matches.hides == ("matches", 1)
    assert turned.art == Flip(card_key(model.rules, st.card)) and turned.tween.start_ns == T + 140 * MS


def test_the_winners_banner_and_the_notes_for_ignored_presses():
    model, st = nt_model()
    model.on_event(nt.GameOver((10, 3, 3), (1, 2), ()), T, st)
    (banner,) = model.anim.effects
    assert banner.text == "Bo, Cy share the win!" and banner.tween.start_ns == T + 300 * MS
    model.on_event(Ignored(2, TAKE, f"{NOT_YOUR_TURN}: seat 0's turn"), T, st)
    model.on_event(Ignored(0, PASS, f"{NO_MATCHES}: none"), T, st)
    model.on_event(Ignored(7, PASS, f"{NO_MATCHES}: none"), T, st)  # no such seat
    notes = [(e.seat, e.text, e.color) for e in model.anim.effects if isinstance(e, Note)]
    assert notes == [
        (2, "Not your turn", colors.TEXT_DIM),
        (0, "No matches left: you must take", colors.TEXT),
    ]


def test_the_prompt_names_the_keys_and_hides_nothing_the_table_hides():
    model, st = nt_model(nt.Rules(hidden_matches=True))
    assert model.prompt_text(st) == "Ada: take it (Q) or pay a match (L-Shift)?"
    assert model.shown_matches(st, 0) == st.matches[0] and model.shown_matches(st, 1) is None
    model.bots = {0}
    assert model.prompt_text(st) == "Ada is thinking\u2026"  # a bot is not asked
    model.bots, model.keys = set(), []
    assert model.prompt_text(st) == "Ada: take it or pay a match?"  # a person nobody's keys play yet still is


def test_prompts_name_the_pad_that_plays_the_seat():
    """Issue 10 #1: a seat played by a pad is prompted with the pad's button and its name; keys as before."""
    model = rs_model(2)
    model.keys = [SeatKeys("A", "B", "Pad 1"), SeatKeys("P", "R-Shift")]
    st = rs_state([["KC", "2C", "3C"], ["4D", "5D", "6D", "7D"]])
    assert model.status_text(st) == "P1: press A (Pad 1) to play"
    st.apply(rs.Play(0))
    assert model.status_text(st) == "P2 owes 3: press P"
    model.keys = [SeatKeys("A", "B", "Pad 1"), SeatKeys("A", "B", "Pad 2")]
    assert model.status_text(st) == "P2 owes 3: press A (Pad 2)"
    for _ in range(3):
        st.apply(rs.Play(1))
    assert model.status_text(st) == "P1: press A (Pad 1) to claim (or wait)"
    nt_m, nt_st = nt_model()
    nt_m.keys = [SeatKeys("A", "B", "Pad 1"), *nt_m.keys[1:]]
    assert nt_m.prompt_text(nt_st) == "Ada (Pad 1): take it (A) or pay a match (B)?"
    nt_m.keys = [SeatKeys("Q", "L-Shift"), *nt_m.keys[1:]]
    assert nt_m.prompt_text(nt_st) == "Ada: take it (Q) or pay a match (L-Shift)?"
