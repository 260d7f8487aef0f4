"""Snap's engine bench (`GameDef.bench()`): whole games of random legal actions, and mid-game states."""

from __future__ import annotations

import random

from game.games.base import StateAction

from . import engine as sn


def play(seed: int, players: int = 2, rules: sn.Rules | None = None) -> sn.State:
    st = sn.new_game(rules or sn.Rules(), players=players, seed=seed)
    rng = random.Random(seed)
    while not st.is_over:
        legal = st.legal_actions()
        claims = [a for a in legal if isinstance(a, sn.Claim)]
        st.apply(rng.choice(claims) if st.pair or rng.random() < 0.05 else next(a for a in legal if isinstance(a, sn.Play)))
    return st


GAMES = (("standard deck", 2, lambda seed: play(seed, 2)), ("standard deck", 4, lambda seed: play(seed, 4)))
TARGET = None
against_pypi = None
bot_timing = None


def clone_apply_states(count: int = 64) -> list[StateAction[sn.Play]]:
    out: list[StateAction[sn.Play]] = []
    for seed in range(count):
        st = sn.new_game(sn.Rules(), players=3, seed=seed)
        for _ in range(seed % 20):
            st.apply(sn.Play(st.current_player))
        out.append(StateAction(st, sn.Play(st.current_player)))
    return out
