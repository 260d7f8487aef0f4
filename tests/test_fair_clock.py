"""Short games (issue 21, item 3): a "Game length" house rule ends a game on the match's clock, most cards in
hand winning and a tie settled by the next slap that takes a pile; the table shows the clock and a seat's slap
lock; the adaptive bot's slow-down while ahead is bounded; quick games against a kid are short."""

from __future__ import annotations

from game.commands import PLAY, SLAP, Command
from game.games.ratscrew import bots, clock
from game.games.ratscrew import engine as rs
from game.games.ratscrew import text as rs_text
from game.games.ratscrew.match import RatscrewMatch, TimeUp
from game.games.ratscrew.sim import run_games
from game.match import SeatSpec

MS = 1_000_000
S = 1_000_000_000
HUMAN = SeatSpec("human")
QUICK = rs.Rules(game_length="quick")


def match(hands, rules=QUICK) -> RatscrewMatch:
    return RatscrewMatch(rules, [HUMAN, HUMAN], seed=2, start_ns=0, hands=[h[:] for h in hands])


def of(out, kind) -> list:
    return [x.event for x in out if isinstance(x.event, kind)]


def test_game_length_is_a_house_rule_that_leaves_digests_alone():
    spec = {o.name: o for o in rs.rule_options()}["game_length"]
    assert spec.default == "full" and spec.choices == ("full", "quick", "normal", "long")
    row = next(o for o in rs_text.rule_options() if o.name == "game_length")
    assert row.label == "Game length" and row.label_of("quick") == "Quick (3 min)"
    assert rs.GAME_LENGTHS_S["quick"] == 180 and rs.GAME_LENGTHS_S["full"] is None
    a = rs.new_game(rs.Rules(), hands=[["5C"], ["6D"]])
    b = rs.new_game(QUICK, hands=[["5C"], ["6D"]])
    assert a.digest() == b.digest()
    assert rs.rules_from_log({}).game_length == "full"  # a log from before: no clock


def test_most_cards_when_time_is_up_wins():
    m = match([["5C", "9C", "2C"], ["6D", "8D"]])
    assert m.clock_end_ns == 180 * S
    assert clock.clock_text(m, 0) == "3:00 left" and clock.clock_text(m, 179 * S + 1) == "0:01 left"
    out = m.advance(180 * S - 1)
    assert not m.is_over
    out = m.advance(180 * S)
    (over,) = of(out, rs.GameOver)
    assert (over.winner, over.reason) == (0, "time") and m.is_over
    assert m.result().winners == (0,) and m.clock_end_ns is None


def test_a_tie_when_time_is_up_is_settled_by_the_next_slap_that_takes_a_pile():
    m = match([["5C", "9C", "2C"], ["5D", "8D", "3D"]])
    out = m.advance(180 * S)
    assert of(out, TimeUp) == [TimeUp((0, 1))] and not m.is_over and m.sudden_slap
    assert clock.clock_text(m, 181 * S) == "Time's up! Next good slap wins"
    m.submit(Command(0, PLAY, 181 * S))
    m.submit(Command(1, PLAY, 182 * S))  # a double
    m.submit(Command(0, SLAP, 182 * S + 300 * MS))
    out = m.advance(183 * S)
    (over,) = of(out, rs.GameOver)
    assert (over.winner, over.reason) == (0, "time")


def test_a_wrong_slap_does_not_settle_the_tie():
    m = match([["5C", "9C", "2C"], ["6D", "8D", "3D"]])
    m.advance(180 * S)
    m.submit(Command(0, PLAY, 181 * S))
    m.submit(Command(1, PLAY, 182 * S))
    m.submit(Command(1, SLAP, 182 * S + 300 * MS))  # wrong: burns
    out = m.advance(183 * S)
    assert not of(out, rs.GameOver) and m.sudden_slap


def test_no_clock_at_a_full_game():
    m = match([["5C", "9C"], ["6D", "8D"]], rs.Rules())
    assert m.clock_end_ns is None and clock.clock_text(m, 0) == ""
    m.advance(3600 * S)
    assert not m.is_over


def test_the_mat_shows_a_seats_lock_running_down():
    m = match([["5C", "9C", "2C"], ["6D", "8D", "3D"]], rs.Rules())
    m.submit(Command(0, PLAY, 100 * MS))
    m.submit(Command(1, PLAY, 200 * MS))
    m.submit(Command(1, SLAP, 300 * MS))
    m.advance(300 * MS)
    assert clock.lock_share(m, 1, 300 * MS) == 1.0
    assert clock.lock_share(m, 1, 550 * MS) == 0.5
    assert clock.lock_share(m, 1, 800 * MS) is None and clock.lock_share(m, 0, 300 * MS) is None


def test_the_adaptive_bots_slow_down_while_ahead_is_bounded():
    bot = bots.AdaptiveBot(__import__("random").Random(1), 0, rs.Rules())
    obs = rs.new_game(rs.Rules(), hands=[["5C", "9C", "2C", "6C", "7C", "8C", "TC", "JC", "QC"], ["6D"]]).observation(0)
    bot.plan(obs, 0, {})
    assert bot._lead <= bots.AdaptiveBot.LEAD_MAX == 1.1  # issue 21: bounded so games vs a kid last no longer than two kids'


def test_quick_games_against_a_kid_are_short():
    result = run_games(QUICK, ["adaptive", "kid"], 12, 3, True)
    assert result["median_game_seconds"] <= 240  # ≤ 4 min of game time
