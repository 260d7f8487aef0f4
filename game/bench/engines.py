"""`python -m game bench engines`: games per second for each engine with random players (no driver, no
clock), and clone()+apply() operations per second, what a search bot lives on."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable

from game.games.nothanks import engine as nt
from game.games.ratscrew import engine as rs

NOTHANKS_TARGET = 3000  # games/s with 4 random players (issue 2)
RS_SLAP_CHANCE = 0.08  # per step, a random seat slaps at random: valid or not


def nothanks_game(seed: int, players: int = 4, rules: nt.Rules | None = None) -> nt.State:
    """One game of random takes and passes (the playing-card edition unless `rules` says otherwise)."""
    st = nt.new_game(rules or nt.Rules(), players=players, seed=seed)
    rand = random.Random(seed).random
    take, pay = nt.TAKE, nt.PASS
    matches = st.matches
    while not st.is_over:
        st.apply(take if not matches[st.current_player] or rand() < 0.5 else pay)
    return st


def ratscrew_game(seed: int, players: int = 2, rules: rs.Rules | None = None) -> rs.State:
    """One game: the player on turn plays, random seats slap at random moments, claims are made."""
    st = rs.new_game(rules or rs.Rules(), players=players, seed=seed)
    rng = random.Random(seed)
    rand, choose = rng.random, rng.randrange
    while not st.is_over:
        if rand() < RS_SLAP_CHANCE:
            seat = choose(players)
            if st.in_game(seat):
                st.apply(rs.Slap(seat))
                continue
        if st.awaiting_claim:
            st.apply(rs.Claim(st.challenger))
        elif st.hands[st.current_player]:
            st.apply(rs.Play(st.current_player))
        else:  # nobody on turn holds a card: only a slap moves the game on
            st.apply(rs.Slap(next(s for s in range(players) if st.in_game(s))))
    return st


def _rate(run: Callable[[int], object], seconds: float) -> tuple[float, int]:
    """Calls per second of run(i) over about `seconds`."""
    n = 0
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        for _ in range(20):
            run(n)
            n += 1
        now = time.perf_counter()
        if now >= deadline:
            return n / (now - started), n


def _midgame_states(make: Callable[[int], object], step: Callable[[object, random.Random], None],
                    count: int = 64) -> list:
    rng = random.Random(1)
    states = []
    for seed in range(count):
        st = make(seed)
        for _ in range(rng.randrange(5, 25)):
            if st.is_over:
                break
            step(st, rng)
        if not st.is_over:
            states.append(st)
    return states


def _nt_step(st: nt.State, rng: random.Random) -> None:
    st.apply(rng.choice(st.legal_actions()))


def _rs_action(st: rs.State) -> rs.Play | rs.Claim | rs.Slap:
    if st.awaiting_claim:
        return rs.Claim(st.challenger)
    if st.hands[st.current_player]:
        return rs.Play(st.current_player)
    return rs.Slap(next(s for s in range(st.players) if st.in_game(s)))


def _rs_step(st: rs.State, rng: random.Random) -> None:
    st.apply(_rs_action(st))


def clone_apply_rate(game: str, seconds: float) -> float:
    """clone() then one legal apply() on mid-game states, per second."""
    if game == "nothanks":
        states = _midgame_states(lambda s: nt.new_game(nt.Rules(), players=4, seed=s), _nt_step)
        actions = [st.legal_actions()[-1] for st in states]

        def run(i: int) -> None:
            k = i % len(states)
            states[k].clone().apply(actions[k])
    else:
        states = _midgame_states(lambda s: rs.new_game(rs.Rules(), players=4, seed=s), _rs_step)
        actions = [_rs_action(st) for st in states]

        def run(i: int) -> None:
            k = i % len(states)
            states[k].clone().apply(actions[k])

    return _rate(run, seconds)[0]


def measure(seconds: float) -> dict:
    results = []
    for name, players, label, play in (
        ("nothanks", 4, "playing cards", lambda i: nothanks_game(i, 4)),
        ("nothanks", 3, "numbered", lambda i: nothanks_game(i, 3, nt.Rules.numbered())),
        ("ratscrew", 2, "seed's rules", lambda i: ratscrew_game(i, 2)),
        ("ratscrew", 4, "seed's rules", lambda i: ratscrew_game(i, 4)),
    ):
        rate, games = _rate(play, seconds)
        results.append({"engine": name, "players": players, "rules": label, "games_per_second": rate,
                        "games": games})
    ops = {game: clone_apply_rate(game, seconds) for game in ("nothanks", "ratscrew")}
    nt4 = results[0]["games_per_second"]
    return {"seconds_each": seconds, "games": results, "clone_apply_per_second": ops,
            "nothanks_target": NOTHANKS_TARGET, "nothanks_ok": nt4 >= NOTHANKS_TARGET}


def format_result(result: dict) -> str:
    lines = [f"Engine benchmarks: random players, engine only, {result['seconds_each']:g} s each"]
    for r in result["games"]:
        lines.append(f"  {r['engine']:<9} {r['players']} players  {r['games_per_second']:>10,.0f} games/s"
                     f"  ({r['games']:,} games, {r['rules']})")
    for game, rate in result["clone_apply_per_second"].items():
        lines.append(f"  {game:<9} clone()+apply()  {rate:>10,.0f} ops/s")
    verdict = "ok" if result["nothanks_ok"] else "BELOW TARGET"
    lines.append(f"target: No Thanks >= {result['nothanks_target']:,} games/s with 4 players: {verdict}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="couchcards bench engines", description=__doc__)
    p.add_argument("--seconds", type=float, default=2.0, help="time per measurement (default 2)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(sys.argv[1:] if argv is None else argv)
    if args.seconds <= 0:
        p.error("--seconds must be positive")
    result = measure(args.seconds)
    print(json.dumps(result, indent=2) if args.json else format_result(result))
    return 0
