"""Ratscrew engine benchmarks, for `python -m game bench engines`: whole games with random players
(engine only: no driver, no clock) and mid-game states for clone()+apply()."""

from __future__ import annotations

import random

from game.games.base import StateAction
from game.games.ratscrew import engine as rs

SLAP_CHANCE = 0.08  # per step, a random seat slaps at random: valid or not


def play(seed: int, players: int = 2, rules: rs.Rules | None = None) -> rs.State:
    """One game: the player on turn plays, random seats slap at random moments, claims are made."""
    st = rs.new_game(rules or rs.Rules(), players=players, seed=seed)
    rng = random.Random(seed)
    rand, choose = rng.random, rng.randrange
    while not st.is_over:
        if rand() < SLAP_CHANCE:
            seat = choose(players)
            if st.in_game(seat) and not st.timeouts[seat]:
                st.apply(rs.Slap(seat))
                continue
        if st.awaiting_claim and st.challenger is not None:  # (awaiting its claim: the challenger's)
            st.apply(rs.Claim(st.challenger))
        elif st.hands[st.current_player]:
            st.apply(rs.Play(st.current_player))
        else:  # nobody on turn holds a card: only a slap moves the game on
            st.apply(rs.Slap(next(s for s in range(players) if st.in_game(s) and not st.timeouts[s])))
    return st


# (label, players, play(seed) -> a finished state): the games `bench engines` times, in its order.
HOUSE = rs.Rules(slaps=rs.DEFAULT_SLAPS | {"four_of_a_suit"}, ten_stops=True, wrong_slap="timeout")
GIVING = rs.Rules(slaps=rs.DEFAULT_SLAPS | {"four_of_a_suit"}, ten_stops=True, wrong_slap="gives_pile")
GAMES = (
    ("seed's rules", 2, lambda seed: play(seed, 2)),
    ("seed's rules", 4, lambda seed: play(seed, 4)),
    ("four of a suit, 10 stops, timeout", 4, lambda seed: play(seed, 4, HOUSE)),
    ("four of a suit, 10 stops, pile given", 4, lambda seed: play(seed, 4, GIVING)),
)
TARGET = None  # no games/s target for this engine
against_pypi = None  # no published engine to compare with (game.bench.engine_speed --against-pypi)
bot_timing = None  # its bots do not search: no decision time to measure (game.bench.bots)


def turn_action(st: rs.State) -> rs.Play | rs.Claim | rs.Slap:
    """What moves the game on: the claim, else the play of the seat on turn, else a slap."""
    if st.awaiting_claim and st.challenger is not None:
        return rs.Claim(st.challenger)
    if st.hands[st.current_player]:
        return rs.Play(st.current_player)
    return rs.Slap(next(s for s in range(st.players) if st.in_game(s)))


def clone_apply_states(count: int = 64) -> list[StateAction[rs.Action]]:
    """Mid-game states of 4 players (5 to 24 moves in) and one legal action for each."""
    rng = random.Random(1)
    out: list[StateAction[rs.Action]] = []
    for seed in range(count):
        st = rs.new_game(rs.Rules(), players=4, seed=seed)
        for _ in range(rng.randrange(5, 25)):
            if st.is_over:
                break
            st.apply(turn_action(st))
        if not st.is_over:
            out.append(StateAction(st, turn_action(st)))
    return out
