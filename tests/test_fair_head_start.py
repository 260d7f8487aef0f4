"""Head starts (issue 11): a seat's slaps are judged as if pressed that much earlier, at the match (human
and bot seats), in the photo finish's words, in the command log (replays reproduce it), and in the sim."""

from __future__ import annotations

import json

import pytest
from support_cli import run_main

from game import games, record, replay
from game import sim as sim_cli
from game.commands import PLAY, SLAP, Command
from game.games.ratscrew import engine as rs
from game.games.ratscrew.match import LOST_COIN, TOO_LATE, PhotoFinish, RatscrewMatch, Tie, TooLate
from game.games.ratscrew.sim import run_games
from game.match import SeatSpec
from game.match.common import seat_from_line, seat_line

MS = 1_000_000
# Seat 0 plays 5♣, seat 1 plays 5♦: a double on the pile at 200 ms; then 9♣ (seat 0) covers it.
HANDS = [["5C", "9C", "2C", "6C", "8S"], ["5D", "8D", "3D", "7D", "4S"]]


def humans(*leads: int, hands=HANDS) -> RatscrewMatch:
    seats = [SeatSpec("human", name=name, head_start_ms=lead) for name, lead in zip(("Mia", "Bo", "Cy"), leads)]
    return RatscrewMatch(rs.Rules(), seats, seed=5, start_ns=0, hands=[h[:] for h in hands])


def cmd(seat: int, action: str, ms: float, poll: int = 0) -> Command:
    return Command(seat, action, round(ms * MS), poll=poll)


def double_at_200(m: RatscrewMatch) -> None:
    m.submit(cmd(0, PLAY, 100))
    m.submit(cmd(1, PLAY, 200))
    m.advance(200 * MS)
    assert m.state.slap_rule() == "double"


def of(out, kind) -> list:
    return [x.event for x in out if isinstance(x.event, kind)]


def test_a_later_press_with_a_head_start_wins_the_pile():
    m = humans(300, 0)
    double_at_200(m)
    m.submit(cmd(1, SLAP, 640))  # Bo 440 ms after the double
    m.submit(cmd(0, SLAP, 900))  # Mia 700 ms after it, with 300 ms head start: as if at 600
    out = m.advance(2000 * MS)
    assert [e.seat for e in of(out, rs.SlapWon)] == [0]
    assert of(out, TooLate) == [TooLate(1, 40)]
    photo = m.last_photo_finish
    assert [(seat, delta, verdict) for seat, _, delta, verdict in photo.entries] == [(0, 0, "won"), (1, 40, TOO_LATE)]
    assert photo.lines(lambda s: ["Mia", "Bo"][s])[0] == "Mia by 40 ms with a 300 ms head start"
    assert m.stats[0].reactions_ms == [700.0]  # her reaction as pressed, not as judged


def test_without_the_head_start_the_same_presses_go_the_other_way():
    m = humans(0, 0)
    double_at_200(m)
    m.submit(cmd(1, SLAP, 640))
    m.submit(cmd(0, SLAP, 900))
    out = m.advance(2000 * MS)
    assert [e.seat for e in of(out, rs.SlapWon)] == [1]
    assert m.last_photo_finish is None or m.last_photo_finish.lines()[0].startswith("P2 by")


def test_a_press_judged_at_the_same_instant_as_another_is_a_tie_the_coin_decides():
    wins = set()
    for seed in range(12):
        m = RatscrewMatch(rs.Rules(), [SeatSpec("human", head_start_ms=300), SeatSpec("human")], seed=seed,
                          start_ns=0, hands=[h[:] for h in HANDS])
        double_at_200(m)
        m.submit(cmd(1, SLAP, 600))
        m.submit(cmd(0, SLAP, 900))  # 900 - 300 = 600: the same instant as Bo's
        out = m.advance(2000 * MS)
        (tie,) = of(out, Tie)
        assert tie.seats == (0, 1)
        (won,) = of(out, rs.SlapWon)
        assert won.seat == tie.winner
        verdicts = [verdict for _, _, _, verdict in m.last_photo_finish.entries]
        assert verdicts == ["won", LOST_COIN]
        wins.add(won.seat)
    assert wins == {0, 1}  # a coin, not a rule


def test_a_slap_waits_until_another_humans_head_start_has_passed():
    m = humans(300, 0)
    double_at_200(m)
    m.submit(cmd(1, SLAP, 640))
    assert m.next_due_ns() == 940 * MS  # Bo's slap, held for Mia's 300 ms
    assert not of(m.advance(939 * MS), rs.SlapWon)
    assert [e.seat for e in of(m.advance(940 * MS), rs.SlapWon)] == [1]


def test_a_seats_own_head_start_never_holds_its_own_slap():
    m = humans(300, 0)
    double_at_200(m)
    m.submit(cmd(0, SLAP, 640))  # Mia (the only head start) slaps: nobody else can come earlier
    assert [e.seat for e in of(m.advance(640 * MS), rs.SlapWon)] == [0]


def test_a_head_start_takes_a_pile_that_was_slappable_then_though_covered_since():
    m = humans(0, 600)  # Bo has the head start; Mia covers the double
    double_at_200(m)
    m.submit(cmd(0, PLAY, 650))  # 9♣ covers the double at 650 ms
    m.submit(cmd(1, SLAP, 900))  # … Bo's press, as if at 300 ms: on the double
    out = m.advance(3000 * MS)
    (won,) = of(out, rs.SlapWon)
    assert won.seat == 1 and won.rule == "double" and set(won.cards) == {"5C", "5D"}
    assert not of(out, rs.WrongSlap)


def test_a_seats_own_card_play_waits_out_its_head_start():
    # Issue 21: Mia's head start does not reach back past her own card: she covered the double herself.
    m = humans(600, 0)
    double_at_200(m)
    m.submit(cmd(0, PLAY, 650))  # Mia's 9♣ covers the double at 650 ms
    m.submit(cmd(0, SLAP, 900))  # her press, 250 ms after her own card: judged after it, on 9♣
    out = m.advance(3000 * MS)
    assert not of(out, rs.SlapWon)
    assert [w.seat for w in of(out, rs.WrongSlap)] == [0]
    (slap,) = [line for line in m.log.body if line.get("action") == SLAP]
    assert slap["t"] == 650 * MS + 1


def test_a_head_start_never_judges_a_press_against_a_pile_before_the_card_it_saw():
    m = humans(600, 0)
    m.submit(cmd(0, PLAY, 100))
    m.submit(cmd(1, PLAY, 500))  # the double appears at 500 ms
    m.submit(cmd(0, SLAP, 700))  # 200 ms later: as if at 100 ms, but the double was not there yet
    out = m.advance(3000 * MS)
    (won,) = of(out, rs.SlapWon)
    assert won.seat == 0 and not of(out, rs.WrongSlap)
    assert m.stats[0].reactions_ms == [200.0]
    (slap,) = [line for line in m.log.body if line.get("action") == SLAP]
    assert slap["t"] == 500 * MS + 1  # judged just after the card it was pressed on, as logged


def test_a_head_start_slap_on_nothing_is_still_a_wrong_slap():
    m = humans(600, 0)
    m.submit(cmd(0, PLAY, 100))
    m.submit(cmd(0, SLAP, 700))
    out = m.advance(2000 * MS)
    assert of(out, rs.WrongSlap) == [rs.WrongSlap(0, 2)]


def test_a_bots_head_start_moves_its_slaps_earlier():
    def first_slap(lead: int) -> tuple[int, int]:
        seats = [SeatSpec("bot", "kid", head_start_ms=lead), SeatSpec("human")]
        m = RatscrewMatch(rs.Rules(), seats, seed=8, start_ns=0, hands=[["5C", "9C", "2C"], ["5D", "8D", "3D"]],
                          record=False)
        m.advance(5000 * MS)  # the kid plays its 5♣
        m.submit(cmd(1, PLAY, m.now_ns / MS + 1))
        m.advance(m.now_ns + MS)
        assert m.state.slap_rule() == "double"
        return m.pending_intents(0)[SLAP], m.now_ns

    slap0, at0 = first_slap(0)
    slap500, at500 = first_slap(500)
    assert at0 == at500 and slap500 == max(at500, slap0 - 500 * MS)


def test_kid_with_a_head_start_beats_pro_more_often():
    rules = rs.Rules()
    plain = run_games(rules, ["kid", "pro"], 30, 3, True)
    helped = run_games(rules, ["kid", "pro"], 30, 3, True, leads=[600, 0])
    assert helped["entries"][0]["win_rate"] > plain["entries"][0]["win_rate"]
    assert helped["entries"][0]["head_start_ms"] == 600 and helped["head_start_ms"] == [600, 0]


def test_the_log_header_keeps_head_starts_and_the_replay_reproduces_the_game(tmp_path):
    m = humans(300, 0)
    double_at_200(m)
    m.submit(cmd(1, SLAP, 640))
    m.submit(cmd(0, SLAP, 900))
    t = 1000
    while not m.is_over and t < 60_000:
        seat = m.state.current_player
        m.submit(cmd(seat, PLAY, t))
        m.advance(int((t + 400) * MS))
        t += 500
    path = record.write_log(tmp_path / "fair.jsonl", m.log)
    log = record.read_log(path)
    assert [s.get("head_start_ms", 0) for s in log.header["seats"]] == [300, 0]
    verdict = replay.verify(log, games.GAMES)
    assert verdict.ok, verdict.line()
    rebuilt = replay.build_match(log.header, games.GAMES)
    assert [s.head_start_ms for s in rebuilt.seats] == [300, 0]


def test_seats_without_head_starts_write_the_header_as_before():
    assert seat_line(SeatSpec("bot", "pro", "Bot 2")) == {"kind": "bot", "level": "pro", "name": "Bot 2"}
    spec = SeatSpec("human", None, "Mia", head_start_ms=450, hint_ms=1000)
    assert seat_line(spec) == {"kind": "human", "level": None, "name": "Mia", "head_start_ms": 450, "hint_ms": 1000}
    assert seat_from_line(seat_line(spec)) == spec


@pytest.mark.parametrize("bad", [-50, -1, 1001, 1050, 1010, True, "300", 300.0, 227.5])
def test_a_head_start_is_a_whole_number_of_ms_from_0_to_1000(bad):
    with pytest.raises(ValueError, match="head start"):
        SeatSpec("human", head_start_ms=bad)


@pytest.mark.parametrize("ms", [0, 5, 227, 315, 1000])
def test_any_whole_ms_is_a_head_start(ms):
    """Issue 38: Fair start's figures are whole ms (at six seats 10 ms moved a casual's share by a quarter)."""
    assert SeatSpec("human", head_start_ms=ms).head_start_ms == ms


def test_a_bot_is_no_learner_and_hint_delays_are_the_lobbys():
    with pytest.raises(ValueError, match="learner"):
        SeatSpec("bot", "pro", hint_ms=1000)
    with pytest.raises(ValueError, match="hint delay"):
        SeatSpec("human", hint_ms=1234)
    assert SeatSpec("human", hint_ms=500).is_learner and not SeatSpec("human").is_learner


def test_photo_finish_words_with_head_starts():
    photo = PhotoFinish(((0, 0, 0, "won"), (1, 1, 40, TOO_LATE), (2, 2, 90, "wrong")), (300, 0, 200))
    assert photo.lines(lambda s: ["Mia", "Bo", "Cy"][s]) == [
        "Mia by 40 ms with a 300 ms head start", "Bo +40 ms, too late", "Cy +90 ms, wrong slap (200 ms head start)"]
    assert PhotoFinish(((1, 0, 0, "won"), (0, 1, 14, TOO_LATE))).lines() == ["P2 by 14 ms", "P1 +14 ms, too late"]


# -- the sim ------------------------------------------------------------------------------------------------
def test_sim_takes_head_starts_per_bot(capsys):
    code, out, err = run_main(sim_cli, capsys, "ratscrew", "--bots", "kid,pro", "--head-start", "300,0",
                              "--games", "2", "--seat-balanced", "--json")
    assert code == 0, err
    result = json.loads(out)
    assert [e["head_start_ms"] for e in result["entries"]] == [300, 0]
    code, out, _ = run_main(sim_cli, capsys, "ratscrew", "--bots", "kid,pro", "--head-start", "300,0", "--games", "2")
    assert code == 0 and "head start" in out and "300 ms" in out


@pytest.mark.parametrize("argv, message", [
    (["--bots", "kid,pro", "--head-start", "31.5,0"], "'31.5' is not a head start: a whole number of ms from 0 to 1000"),
    (["--bots", "kid,pro", "--head-start", "1001,0"], "'1001' is not a head start"),
    (["--bots", "kid,pro", "--head-start", "1050,0"], "'1050' is not a head start"),
    (["--bots", "kid,pro", "--head-start=-50,0"], "'-50' is not a head start"),
    (["--bots", "kid,pro", "--head-start", "fast,0"], "'fast' is not a head start"),
    (["--bots", "kid,pro", "--head-start", "300"], "1 values for 2 players: give one per seat"),
    (["--bots", "kid,pro", "--head-start", "0,0,0"], "3 values for 2 players"),
    (["--ladder", "--head-start", "0,0"], "--head-start does not go with --ladder"),
])
def test_sim_refuses_bad_head_starts_in_one_line(capsys, argv, message):
    code, out, err = run_main(sim_cli, capsys, "ratscrew", *argv, "--games", "1")
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("good", [0, 10, 250, 310, 680, 1000])
def test_head_starts_come_in_steps_of_10_and_the_old_steps_of_50_stay_valid(good):
    assert SeatSpec("human", head_start_ms=good).head_start_ms == good
