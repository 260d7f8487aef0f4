"""Mash-proof (issue 21, item 1): a wrong slap locks that seat's slap for the table's lockout (0.5 s by
default, doubled for wrong slaps in a row), judged on the match clock and replayed from the log; no penalty
as a learner seat's setting; logs recorded before the lockout still verify; the masher bot does not pay."""

from __future__ import annotations

import itertools
import signal
from pathlib import Path

import pytest

from game import games, record, replay
from game.commands import PLAY, SLAP, Command
from game.games.ratscrew import engine as rs
from game.games.ratscrew import text as rs_text
from game.games.ratscrew.match import RatscrewMatch
from game.games.ratscrew.sim import run_games
from game.match import Ignored, SeatSpec
from game.match.common import seat_from_line, seat_line

MS = 1_000_000
_polls = itertools.count(1)
HUMAN = SeatSpec("human")
# Seat 0 plays 5S, seat 1 plays 9D: no slap; then 7C, 3C …
HANDS = [["5S", "7C", "8C", "2D", "KC"], ["9D", "3C", "4S", "6H", "QD"]]
LONG = [["5S", "7C", "8C", "2D", "KC", "4H", "3S", "6C", "9H", "TD"],
        ["9D", "3C", "4S", "6H", "QD", "2H", "8S", "TC", "JH", "5C"]]
BEFORE = Path(__file__).resolve().parent / "golden" / "before-lockout"


def cmd(seat: int, action: str, ms: float) -> Command:
    return Command(seat, action, int(ms * MS), poll=next(_polls))


def match(rules: rs.Rules | None = None, seats=None, hands=HANDS) -> RatscrewMatch:
    return RatscrewMatch(rules or rs.Rules(), seats or [HUMAN, HUMAN], seed=3, start_ns=0,
                         hands=[h[:] for h in hands])


def ignored(out) -> list[str]:
    return [x.event.reason for x in out if isinstance(x.event, Ignored)]


def wrongs(out) -> list[rs.WrongSlap]:
    return [x.event for x in out if isinstance(x.event, rs.WrongSlap)]


def test_a_wrong_slap_locks_that_seats_slap_for_half_a_second():
    m = match()
    m.submit(cmd(0, PLAY, 100))
    m.submit(cmd(1, PLAY, 200))
    m.advance(200 * MS)
    m.submit(cmd(1, SLAP, 300))  # wrong: burns 2
    out = m.advance(300 * MS)
    assert len(wrongs(out)) == 1
    assert m.slap_locked_until(1) == 800 * MS
    m.submit(cmd(1, SLAP, 799))
    out = m.advance(799 * MS)
    assert ignored(out) == ["slap locked after a wrong slap"] and not wrongs(out)
    assert len(m.state.hands[1]) == 2  # the locked slap burned nothing
    m.submit(cmd(0, SLAP, 700))  # the other seat is not locked
    m.advance(800 * MS)
    assert m.stats[0].wrong == 1
    m.submit(cmd(1, SLAP, 1700))  # after its lock (1 s later: no streak doubling needed to be over)
    m.advance(1700 * MS)
    assert m.stats[1].wrong == 2 and m.stats[1].ignored == 1


def test_wrong_slaps_in_a_row_double_the_lock_up_to_eight_times():
    m = match(rs.Rules(burn=1), hands=LONG)
    m.submit(cmd(0, PLAY, 100))
    m.submit(cmd(1, PLAY, 200))
    m.advance(200 * MS)
    locks = []
    at = 300
    for _ in range(5):
        m.submit(cmd(1, SLAP, at))
        m.advance(at * MS)
        until = m.slap_locked_until(1)
        locks.append((until - at * MS) // MS)
        at = until // MS  # pressed the moment it unlocks
    assert locks == [500, 1000, 2000, 4000, 4000]


def test_an_odd_wrong_slap_costs_only_the_base_lock():
    m = match(hands=LONG)
    m.submit(cmd(0, PLAY, 100))
    m.submit(cmd(1, PLAY, 200))
    m.advance(200 * MS)
    m.submit(cmd(1, SLAP, 300))
    m.advance(300 * MS)
    m.submit(cmd(1, SLAP, 6000))  # more than 5 s later: no streak
    m.advance(6000 * MS)
    assert m.slap_locked_until(1) == 6500 * MS


def test_lockout_zero_is_the_old_way():
    m = match(rs.Rules(slap_lockout_ms=0))
    m.submit(cmd(0, PLAY, 100))
    m.submit(cmd(1, PLAY, 200))
    m.submit(cmd(1, SLAP, 300))
    m.submit(cmd(1, SLAP, 350))
    out = m.advance(400 * MS)
    assert len(wrongs(out)) == 2 and m.slap_locked_until(1) is None


def test_the_lockout_is_a_house_rule_with_words_and_not_in_the_digest():
    spec = {o.name: o for o in rs.rule_options()}["slap_lockout_ms"]
    assert spec.default == 500 and 0 in spec.choices
    row = next(o for o in rs_text.rule_options() if o.name == "slap_lockout_ms")
    assert row.label_of(0) == "Never"
    assert rs.Rules.from_options({"slap_lockout_ms": 1000}).slap_lockout_ms == 1000
    with pytest.raises(ValueError):
        rs.Rules(slap_lockout_ms=5000)
    a = rs.new_game(rs.Rules(), hands=[h[:] for h in HANDS])
    b = rs.new_game(rs.Rules(slap_lockout_ms=0), hands=[h[:] for h in HANDS])
    assert a.digest() == b.digest()  # the engine never reads it: older logs keep their digests


def test_a_log_without_the_lockout_replays_the_old_way_and_a_new_one_with_it():
    assert rs.rules_from_log({}).slap_lockout_ms == 0
    assert rs.rules_from_log({"slap_lockout_ms": 500}).slap_lockout_ms == 500
    m = match()
    for ms, seat, action in ((100, 0, PLAY), (200, 1, PLAY), (300, 1, SLAP), (500, 1, SLAP), (900, 1, SLAP)):
        m.submit(cmd(seat, action, ms))
        m.advance(ms * MS)
    m.advance(2000 * MS)
    assert m.stats[1].wrong == 2 and m.stats[1].ignored == 1
    text = record.dumps(m.log.lines())
    path = Path(__file__).resolve().parent / ".tmp-lockout.jsonl"
    try:
        path.write_text(text)
        verdict = replay.verify(record.read_log(path), games.GAMES)
    finally:
        path.unlink(missing_ok=True)
    assert verdict.ok, verdict.line()


@pytest.mark.parametrize("path", sorted(BEFORE.glob("*.jsonl")), ids=lambda p: p.stem)
def test_logs_recorded_before_the_lockout_still_verify(path):
    verdict = replay.verify(record.read_log(path), games.GAMES)
    assert verdict.ok, verdict.line()


def test_no_penalty_is_a_learner_seats_own_setting():
    seats = [SeatSpec("human", hint_ms=1000, no_penalty=True), HUMAN]
    m = match(seats=seats)
    m.submit(cmd(0, PLAY, 100))
    m.submit(cmd(1, PLAY, 200))
    m.submit(cmd(0, SLAP, 300))  # the learner: no cards lost
    m.submit(cmd(1, SLAP, 310))  # the other: burns 2
    out = m.advance(400 * MS)
    assert [(w.seat, w.burned) for w in wrongs(out)] == [(0, 0), (1, 2)]
    assert len(m.state.hands[0]) == 4 and len(m.state.hands[1]) == 2
    assert m.slap_locked_until(0) is not None  # the lock holds for everyone
    assert seat_from_line(seat_line(seats[0])) == seats[0]
    assert "no_penalty" not in seat_line(HUMAN)
    with pytest.raises(ValueError):
        SeatSpec("bot", "pro", no_penalty=True)


def test_an_old_no_penalty_table_still_loads_and_keeps_its_row():
    rules = rs.Rules.from_options({"burn": 0})
    assert rules.burn == 0
    burn = next(o for o in rs_text.rule_options(rules) if o.name == "burn")
    assert burn.label_of(0) == "No penalty"
    fresh = next(o for o in rs_text.rule_options(rs.Rules()) if o.name == "burn")
    assert 0 not in [v for v, _ in fresh.choices]  # a new table sets no penalty per learner seat


@pytest.mark.parametrize("rule", [{}, {"burn": 0}, {"wrong_slap": "timeout"}])
def test_a_masher_loses_to_a_pro(rule):
    result = run_games(rs.Rules.from_options(rule), ["masher", "pro"], 6, 5, True)
    assert result["entries"][0]["win_rate"] <= 0.2


@pytest.mark.parametrize("rule", [{}, {"wrong_slap": "timeout"}])
def test_a_masher_with_a_head_start_presses_at_its_own_pace(rule):
    """Found by a helper: a masher with a head start, at a table where a wrong slap times the seat out,
    pressed again and again at one instant (each press judged "now", the next planned for the same tick)
    and the match never moved on. A head start moves each press earlier but keeps its distance from the
    one before: the masher's presses are judged no closer together than it makes them (every 50 ms)."""
    m = RatscrewMatch(rs.Rules.from_options(rule), [SeatSpec("bot", "masher", head_start_ms=300),
                                                    SeatSpec("bot", "pro")], seed=4, start_ns=0)
    judged: dict[str, list[int]] = {PLAY: [], SLAP: []}
    real_apply = m._apply

    def spy(item, out):
        if item.kind == "bot" and item.seat == 0 and item.action in judged:
            judged[item.action].append(item.t_ns)
        real_apply(item, out)

    m._apply = spy

    def stuck(signum, frame):
        raise AssertionError("the match is stuck at one instant")

    # A bound, so that a match stuck at one instant fails instead of hanging the run (where there are alarms).
    old = signal.signal(signal.SIGALRM, stuck) if hasattr(signal, "SIGALRM") else None
    if old is not None:
        signal.alarm(20)
    try:
        for _ in range(200_000):
            if m.is_over:
                break
            m.advance(m.next_due_ns())
    finally:
        if old is not None:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, old)
    assert m.is_over
    slaps = judged[SLAP]
    assert len(slaps) > 5  # it mashed (a wrong slap locks its slap for a while: fewer under the burn rule)
    # 50 ms apart at least (less the nanosecond that orders a press just after a change of the pile)
    gaps = [b - a for a, b in itertools.pairwise(slaps)]
    assert min(gaps) >= 50 * MS - 1, [(a // MS, b // MS) for a, b in itertools.pairwise(slaps) if b - a < 50 * MS - 1]
    assert any(abs(gap - 50 * MS) <= 1 for gap in gaps)  # at its own pace, not slower
