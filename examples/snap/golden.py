"""Snap's golden logs (examples/snap/golden/): `python examples/snap/golden.py` writes them again. Two games: three
random bots, one seat handed from a human to a bot mid-game; and a fixed deck of humans with snaps right,
wrong (a penalty of 2) and refused presses."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from game import record
from game.commands import PLAY, Command
from game.match.common import SeatSpec
from snap import engine as sn
from snap.match import GAME_ID, SNAP, SnapMatch
from snap.sim import play_out

GOLDEN = HERE / "golden"
MS = 1_000_000


def bots_and_a_hand_over() -> SnapMatch:
    seats = [SeatSpec("human", name="Ada"), SeatSpec("bot", "random"), SeatSpec("bot", "random")]
    m = SnapMatch(sn.Rules(ranks=9), seats, seed=21, start_ns=0, first_player=1)
    m.advance(2_000 * MS)
    m.submit(Command(0, PLAY, 2_100 * MS))
    m.advance(2_500 * MS)
    m.replace_seat(0, SeatSpec("bot", "random", "Ada"))
    play_out(m)
    return m


def humans_on_a_fixed_deck() -> SnapMatch:
    deck = ["5C", "5D", "9H", "2S", "2C", "KD", "7H", "7S", "QC"]
    m = SnapMatch(sn.Rules(penalty=2), [SeatSpec("human"), SeatSpec("human")], seed=3, start_ns=0, deck=deck)
    presses = [(0, PLAY), (1, PLAY), (0, SNAP), (1, SNAP), (0, PLAY), (0, PLAY), (1, PLAY), (0, PLAY), (1, SNAP),
               (1, "jump"), (0, SNAP), (1, PLAY), (0, PLAY), (1, PLAY), (0, SNAP), (0, PLAY)]
    t = 0
    for seat, action in presses:
        t += 300 * MS
        m.submit(Command(seat, action, t))
        m.advance(t)
    assert m.is_over
    return m


SCENARIOS = {f"{GAME_ID}-bots-hand-over": bots_and_a_hand_over, f"{GAME_ID}-humans-fixed-deck": humans_on_a_fixed_deck}


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for name, play in SCENARIOS.items():
        print(record.write_log(GOLDEN / f"{name}.jsonl", play().log))
