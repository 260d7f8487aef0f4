"""One engine protocol for every game (game.engines): legal actions, apply/IllegalAction with a code,
refusal, observation, clone, is_over and a digest stable across processes. Parametrised over the registry."""

from __future__ import annotations

import itertools
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game import engines, games
from game.core import engine_protocol as core_engine
from game.core.engine_protocol import CODES, EngineState, IllegalAction

ROOT = Path(__file__).resolve().parents[1]
GAMES = games.all_games()
IDS = [g.id for g in GAMES]


def new_state(g, seed: int = 1, players: int | None = None):
    rules = g.rules_from_values({})
    low, high = g.player_range(rules)
    n = players if players is not None else min(max(low, 3), high)
    return g.engine.new_game(rules, players=n, seed=seed)


def walk(g, seed: int, max_steps: int = 400):
    """States of one game played by random legal actions (at most `max_steps` of them), first to last."""
    rng = random.Random(seed)
    st = new_state(g, seed, players=2 + seed % 3 if g.id == "ratscrew" else None)
    states = [st.clone()]
    for _ in range(max_steps):
        if st.is_over:
            break
        st.apply(rng.choice(st.legal_actions()))
        states.append(st.clone())
    return states


@pytest.fixture(params=GAMES, ids=IDS)
def g(request):
    return request.param


def test_illegal_action_is_a_value_error_with_a_documented_code():
    assert issubclass(IllegalAction, ValueError)
    exc = IllegalAction("it is seat 1's turn", "not_your_turn")
    assert exc.code == "not_your_turn" and str(exc) == "it is seat 1's turn" == exc.message
    assert IllegalAction("no code given").code == "bad_action"
    assert {"not_your_turn", "no_matches", "game_over", "awaiting_claim", "not_challenger", "out", "no_cards",
            "bad_action", "bad_seat"} <= set(CODES)
    for code, meaning in CODES.items():
        assert re.fullmatch(r"[a-z]+(_[a-z]+)*", code) and meaning
    assert "IllegalAction" in core_engine.__doc__ and "digest()" in core_engine.__doc__
    # the old path re-exports the very same objects
    assert (engines.IllegalAction, engines.CODES, engines.EngineState, engines.digest_of) == (
        IllegalAction, CODES, EngineState, core_engine.digest_of)


def test_every_state_answers_the_protocol(g):
    st = new_state(g)
    assert isinstance(st, EngineState)
    assert g.engine.State.__slots__  # no per-instance dict: clones stay cheap
    assert not st.is_over and isinstance(st.digest(), str) and re.fullmatch(r"[0-9a-f]{16}", st.digest())


def test_engines_carry_no_translated_text(g):
    source = Path(g.engine.__file__).read_text(encoding="utf-8")
    assert "game.i18n" not in source
    assert not re.search(r"(?<![\w.])t\(", source)


def test_old_engine_import_paths_re_export_the_engines_own_objects(g):
    """game.engines.<id> (kept for scripts from before the games had folders) is a plain re-export: every
    name it offers is the engine's own object, so isinstance and `is` agree whichever path was imported."""
    import importlib

    old = importlib.import_module(f"game.engines.{g.id}")
    assert old.__all__ and all(getattr(old, name) is getattr(g.engine, name) for name in old.__all__)
    assert old.Rules is g.engine.Rules and old.new_game is g.engine.new_game


@pytest.mark.parametrize("seed", range(6))
def test_legal_actions_apply_and_every_other_action_is_refused_without_a_change(g, seed):
    for st in walk(g, seed, max_steps=150)[::3]:
        legal = st.legal_actions()
        by_seat = [a for seat in range(st.players) for a in st.legal_actions(seat)]
        assert sorted(map(repr, by_seat)) == sorted(map(repr, legal))
        before = st.digest()
        for action in st.action_space():
            if action in legal:
                assert st.refusal(action) is None
                after = st.clone()
                events = after.apply(action)
                assert events and after.digest() != before  # a legal action always changes the state
            else:
                refusal = st.refusal(action)
                assert isinstance(refusal, IllegalAction) and refusal.code in CODES
                with pytest.raises(IllegalAction) as caught:
                    st.apply(action)
                assert isinstance(caught.value, ValueError)
                assert caught.value.code == refusal.code and str(caught.value) == str(refusal)
                assert str(caught.value)
            assert st.digest() == before


def test_a_game_over_refuses_everything_with_game_over(g):
    _, _, play = g.bench().GAMES[0]
    st = play(3)
    assert st.is_over
    assert st.legal_actions() == [] and all(st.legal_actions(s) == [] for s in range(st.players))
    before = st.digest()
    for action in st.action_space():
        with pytest.raises(IllegalAction) as caught:
            st.apply(action)
        assert caught.value.code == "game_over"
    assert st.digest() == before


def test_not_an_action_and_no_such_seat(g):
    st = new_state(g)
    before = st.digest()
    for junk in (object(), "jump", None):
        with pytest.raises(IllegalAction) as caught:
            st.apply(junk)
        assert caught.value.code == "bad_action"
        assert st.refusal(junk).code == "bad_action"
    for seat in (st.players, -1):
        with pytest.raises(IllegalAction) as caught:
            st.observation(seat)
        assert caught.value.code == "bad_seat" and isinstance(caught.value, ValueError)
        with pytest.raises(IllegalAction) as caught:
            st.legal_actions(seat)
        assert caught.value.code == "bad_seat"
    assert st.digest() == before


def test_clone_is_independent(g):
    for st in walk(g, 4, max_steps=60)[:-1]:
        if st.is_over:
            continue
        before = st.digest()
        twin = st.clone()
        assert twin.digest() == before and twin is not st
        twin.apply(twin.legal_actions()[0])
        assert twin.digest() != before
        assert st.digest() == before
        assert st.clone().digest() == before


def test_digest_equal_for_equal_states_and_different_otherwise(g):
    a, b = new_state(g, seed=7), new_state(g, seed=7)
    assert a.digest() == b.digest()
    assert new_state(g, seed=8).digest() != a.digest()
    digests = [st.digest() for st in walk(g, 5, max_steps=80)]
    assert all(x != y for x, y in itertools.pairwise(digests))
    # The same actions from the same start give the same digests.
    again = [st.digest() for st in walk(g, 5, max_steps=80)]
    assert again == digests


def test_digest_sees_hidden_parts_of_the_state():
    from game.games.nothanks import engine as nt
    from game.games.ratscrew import engine as rs

    st = nt.new_game(nt.Rules(), players=3, seed=2)
    changes = [
        lambda s: s._stack.reverse(),  # the face-down order
        lambda s: s.__setattr__("aside", s.aside[1:] + s.aside[:1]),  # which cards are set aside
        lambda s: s.matches.__setitem__(1, s.matches[1] - 1),
        lambda s: s.__setattr__("pot", s.pot + 1),
        lambda s: s.__setattr__("current_player", 1),
        lambda s: s.__setattr__("rules", nt.Rules(hidden_matches=True)),
    ]
    for change in changes:
        other = st.clone()
        change(other)
        assert other.digest() != st.digest()

    st = rs.new_game(rs.Rules(), players=2, seed=2)
    st.apply(rs.Play(0))
    changes = [
        lambda s: s.hands[0].reverse(),  # a hand's order
        lambda s: s.hands[1].append(s.hands[0].pop()),
        lambda s: s.burned.append(s.hands[0].pop()),
        lambda s: s.out.__setitem__(0, True),
        lambda s: s.__setattr__("owed", 3),
        lambda s: s.__setattr__("rules", rs.Rules(slaps={"double"})),
        lambda s: s.__setattr__("rules", rs.Rules(burn=1)),
    ]
    for change in changes:
        other = st.clone()
        change(other)
        assert other.digest() != st.digest()


def _digest_after_five_moves(game_id: str) -> str:
    g = games.get(game_id)
    st = g.engine.new_game(g.rules_from_values({}), players=3, seed=11)
    for _ in range(5):
        st.apply(st.legal_actions()[0])
    return st.digest()


def test_digest_is_the_same_in_another_process(g):
    script = (
        "import sys\n"
        f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
        "from test_engine_protocol import _digest_after_five_moves\n"
        f"print(_digest_after_five_moves({g.id!r}))\n"
    )
    here = _digest_after_five_moves(g.id)
    for hash_seed in ("1", "2"):  # string hashing differs between these processes
        env = {"PYTHONHASHSEED": hash_seed, "PYGAME_HIDE_SUPPORT_PROMPT": "1", "SDL_VIDEODRIVER": "dummy",
               "SDL_AUDIODRIVER": "dummy"}
        out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True,
                             env=env)
        assert out.stdout.strip().splitlines()[-1] == here


def test_observation_per_seat(g):
    for st in walk(g, 2, max_steps=40)[::5]:
        before = st.digest()
        for seat in range(st.players):
            obs = st.observation(seat)
            assert obs.seat == seat and obs.is_over == st.is_over
            assert obs.current_player == st.current_player
            assert obs == st.clone().observation(seat)  # what a seat sees depends only on the state
        assert st.digest() == before


def _codes_nothanks():
    from game.games.nothanks import engine as nt

    def fresh(script: str = ""):
        st = nt.new_game(nt.Rules(matches=1, after_take="same_player"), players=2, deck=[20, 5, 9])
        for step in script:
            st.apply(nt.TAKE if step == "t" else nt.PASS)
        return st

    return [
        (fresh("pp"), (nt.PASS,), {}, "no_matches"),
        (fresh(), (nt.TAKE,), {"seat": 1}, "not_your_turn"),
        (fresh(), (nt.PASS,), {"seat": 2}, "bad_seat"),
        (fresh(), ("slap",), {}, "bad_action"),
        (fresh("ppttt"), (nt.TAKE,), {}, "game_over"),
    ]


def _codes_ratscrew():
    from game.games.ratscrew import engine as rs

    def fresh(*hands: str, script: str = "", **rules):
        st = rs.new_game(rs.Rules(**rules), hands=hands)
        for seat in script:
            st.apply(rs.Play(int(seat)))
        return st

    awaiting = fresh("QS 2C", "3D 4H 5S", script="011")
    assert awaiting.awaiting_claim and awaiting.challenger == 0
    out = fresh("5C", "2D 3D", "4H 6H", script="0")
    out.apply(rs.Slap(0))  # nothing to slap, no cards to burn: out
    stuck = fresh("9C", "9D", script="01")  # nobody holds a card; the double still waits for a slap
    assert not stuck.is_over and not stuck.hands[stuck.current_player]
    over = fresh("2C", "3D", script="0")
    over.apply(rs.Slap(0))  # wrong slap with no cards: out, and seat 1 has won
    assert over.is_over
    return [
        (fresh("2C", "3D"), (rs.Play(1),), {}, "not_your_turn"),
        (fresh("2C", "3D"), (rs.Claim(0),), {}, "nothing_to_claim"),
        (awaiting, (rs.Play(1),), {}, "awaiting_claim"),
        (awaiting, (rs.Play(0),), {}, "awaiting_claim"),
        (awaiting, (rs.Claim(1),), {}, "not_challenger"),
        (out, (rs.Slap(0),), {}, "out"),
        (stuck, (rs.Play(stuck.current_player),), {}, "no_cards"),
        (fresh("2C", "3D"), (rs.Play(2),), {}, "bad_seat"),
        (fresh("2C", "3D"), ("play",), {}, "bad_action"),
        (over, (rs.Slap(1),), {}, "game_over"),
    ]


@pytest.mark.parametrize("cases", [_codes_nothanks, _codes_ratscrew], ids=["nothanks", "ratscrew"])
def test_each_refusal_has_its_code_and_changes_nothing(cases):
    for st, args, kwargs, code in cases():
        before = st.digest()
        assert st.refusal(*args, **kwargs).code == code
        with pytest.raises(IllegalAction) as caught:
            st.apply(*args, **kwargs)
        assert caught.value.code == code, (args, kwargs, str(caught.value))
        assert str(caught.value) == str(st.refusal(*args, **kwargs))
        assert st.digest() == before


def test_why_illegal_keeps_its_words():
    from game.games.ratscrew import engine as rs

    st = rs.new_game(rs.Rules(), hands=["2C", "3D"])
    assert st.why_illegal(rs.Play(1)) == "it is seat 0's turn to play, not seat 1's"
    assert st.why_illegal(rs.Claim(0)) == "there is nothing to claim: no challenge has been paid in full"
    assert st.why_illegal(rs.Play(0)) is None and st.refusal(rs.Play(0)) is None
