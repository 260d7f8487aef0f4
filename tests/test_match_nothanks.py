"""NothanksMatch: time-ordered commands, bots that see only their seat, thinking off the main thread."""

from __future__ import annotations

import threading
import time

from game.commands import PASS, PLAY, TAKE, Command
from game.games.nothanks import DEFINITION
from game.games.nothanks import engine as nt
from game.games.nothanks import match as nothanks_match
from game.games.nothanks.match import NothanksMatch
from game.match import Ignored, SeatSpec, Timed

MS = 1_000_000
HUMAN = SeatSpec("human")


def bot(level: str) -> SeatSpec:
    return SeatSpec("bot", level)


def play_out(m: NothanksMatch) -> list[Timed]:
    out = []
    while not m.is_over:
        t = m.next_due_ns()
        assert t is not None, "nothing scheduled but the game is not over"
        out += m.advance(t)
    return out


def test_bots_only_game_is_deterministic_per_seed_in_synchronous_mode():
    seats = [bot("greedy"), bot("medium"), bot("easy"), bot("random")]
    logs = []
    for _ in range(2):
        m = NothanksMatch(nt.Rules(), seats, seed=21, start_ns=0, threaded=False)
        out = play_out(m)
        logs.append([(x.t_ns, x.event) for x in out])
        assert isinstance(out[-1].event, nt.GameOver)
        assert [(r.seat, r.card, r.matches) for r in m.history.takes] == [
            (e.seat, e.card, e.matches) for e in m.state.take_log
        ]
        assert sum(s.takes for s in m.stats) == len(m.history.takes)
    assert logs[0] == logs[1]
    other = NothanksMatch(nt.Rules(), seats, seed=22, start_ns=0, threaded=False)
    assert [(x.t_ns, x.event) for x in play_out(other)] != logs[0]


def test_hard_bot_with_fixed_iterations_is_deterministic():
    seats = [bot("hard"), bot("greedy"), bot("greedy")]
    runs = []
    for _ in range(2):
        m = NothanksMatch(nt.Rules.numbered(), seats, seed=3, start_ns=0, threaded=False, iterations=60)
        play_out(m)
        runs.append(m.history.takes)
    assert runs[0] == runs[1]


def test_bot_moves_come_after_a_human_looking_pause():
    m = NothanksMatch(nt.Rules(), [bot("greedy"), HUMAN, HUMAN], seed=1, start_ns=5_000 * MS,
                      threaded=False)
    due = m.next_due_ns()
    assert 5_450 * MS <= due <= 8_500 * MS
    assert m.advance(due - 1) == []
    out = m.advance(due)
    assert out and out[0].t_ns == due and getattr(out[0].event, "seat", None) == 0


def test_humans_play_in_time_order_and_illegal_commands_are_ignored_with_a_reason():
    m = NothanksMatch(nt.Rules(matches=1), [HUMAN, HUMAN, HUMAN], seed=2, start_ns=0)
    assert "not a No Thanks action" in m.submit(Command(0, PLAY, 1))
    assert "no seat" in m.submit(Command(5, TAKE, 1))
    m.submit(Command(1, PASS, 30 * MS))  # submitted first, pressed later
    m.submit(Command(0, PASS, 20 * MS))
    m.submit(Command(2, TAKE, 10 * MS))  # not seat 2's turn yet
    out = m.advance(100 * MS)
    kinds = [type(x.event).__name__ for x in out]
    assert kinds == ["Ignored", "MatchPaid", "MatchPaid"]
    assert "seat 0's turn" in out[0].event.reason
    m.submit(Command(0, PASS, 200 * MS))  # not seat 0's turn: it is seat 2's
    m.submit(Command(2, TAKE, 210 * MS))
    m.submit(Command(0, PASS, 300 * MS))  # seat 0 has no matches left
    out = m.advance(400 * MS)
    assert [type(x.event).__name__ for x in out] == ["Ignored", "CardTaken", "CardTurned", "Ignored"]
    assert "no matches" in out[-1].event.reason
    assert m.stats[0].ignored == 3 and m.stats[2].takes == 1  # the PLAY refused at submit counts too
    assert m.history.takes[0].seat == 2 and m.history.takes[0].matches == 2


def test_a_human_cannot_play_a_bot_seat():
    m = NothanksMatch(nt.Rules(), [bot("greedy"), HUMAN, HUMAN], seed=1, start_ns=0, threaded=False)
    assert "played by a bot" in m.submit(Command(0, TAKE, 10))


class _SpyBot:
    """Records what it was given; sleeps to look like a slow search."""

    last_capped = False

    def __init__(self, sleep_s: float = 0.0) -> None:
        self.seen: list[object] = []
        self.threads: list[str] = []
        self.sleep_s = sleep_s

    def decide(self, obs):
        self.seen.append(obs)
        self.threads.append(threading.current_thread().name)
        time.sleep(self.sleep_s)
        return nt.TAKE


def _with_spy(monkeypatch, spy: _SpyBot) -> None:
    real = nothanks_match.make_bot

    def fake(level, rng, **options):
        return spy if level == "hard" else real(level, rng, **options)

    monkeypatch.setattr(nothanks_match, "make_bot", fake)


def test_bots_see_only_their_observation(monkeypatch):
    spy = _SpyBot()
    _with_spy(monkeypatch, spy)
    rules = nt.Rules(hidden_matches=True)
    m = NothanksMatch(rules, [HUMAN, bot("hard"), HUMAN], seed=4, start_ns=0, first_player=1, threaded=False)
    m.advance(10_000 * MS)
    (obs,) = spy.seen
    assert isinstance(obs, nt.Observation) and obs.seat == 1
    assert obs.matches[0] is None and obs.matches[2] is None  # hidden matches stay hidden
    assert not hasattr(obs, "aside") and not hasattr(obs, "_stack")


class _HeldBot(_SpyBot):
    """Thinks until the test lets it go (or 10 s pass): `released` says which came first."""

    def __init__(self) -> None:
        super().__init__()
        self.go = threading.Event()
        self.released: bool | None = None

    def decide(self, obs):
        self.threads.append(threading.current_thread().name)
        self.released = self.go.wait(10)
        return nt.TAKE


def test_slow_thinking_runs_in_a_worker_and_never_blocks_advance(monkeypatch):
    # No stopwatch: the bot thinks until the test releases it, so `advance` can only come back while it
    # still thinks if it does not wait for it (it would sit out the bot's 10 s otherwise, and fail).
    spy = _HeldBot()
    _with_spy(monkeypatch, spy)
    m = NothanksMatch(nt.Rules(), [bot("hard"), HUMAN, HUMAN], seed=4, start_ns=0, think_scale=0.0)
    out = m.advance(10_000 * MS)  # the pause is over but the bot is still thinking
    assert spy.released is None  # came back while the bot thinks
    assert out == [] and m.thinking_seat == 0
    m.submit(Command(1, TAKE, 10_001 * MS))  # pressed while the bot thinks: not seat 1's turn
    out = m.advance(10_002 * MS)
    assert [type(x.event) for x in out] == [Ignored]
    assert spy.released is None and m.thinking_seat == 0
    spy.go.set()
    deadline = time.perf_counter() + 5
    while not m.history.takes and time.perf_counter() < deadline:
        m.advance(m.now_ns + MS)
        time.sleep(0.01)
    assert spy.released is True  # let go by the test, not by its own 10 s
    assert m.history.takes[0].seat == 0 and m.thinking_seat is None
    assert spy.threads[0] != threading.current_thread().name


def test_restart_never_applies_the_old_matchs_decision(monkeypatch):
    spy = _SpyBot(sleep_s=0.2)
    _with_spy(monkeypatch, spy)
    seats = [bot("hard"), HUMAN, HUMAN]
    old = NothanksMatch(nt.Rules(), seats, seed=4, start_ns=0, think_scale=0.0)
    old.advance(1)
    old.close()
    new = NothanksMatch(nt.Rules(), seats, seed=4, start_ns=50_000 * MS, think_scale=0.0)
    deadline = time.perf_counter() + 5
    while not new.history.takes and time.perf_counter() < deadline:
        new.advance(new.now_ns + MS)
        time.sleep(0.01)
    assert len(new.history.takes) == 1 and new.history.takes[0].t_ns >= 50_000 * MS
    assert old.advance(100_000 * MS) == [] and old.history.takes == []


def test_every_level_finishes_in_both_editions_and_with_every_after_take_rule():
    levels = DEFINITION.bot_levels
    for rules in (nt.Rules(), nt.Rules.numbered(), nt.Rules(after_take="same_player", hidden_matches=True)):
        seats = [bot(level) for level in levels]
        if rules.edition == "numbered":
            seats = seats[:4]
        m = NothanksMatch(rules, seats, seed=9, start_ns=0, threaded=False, iterations=30)
        play_out(m)
        assert m.is_over and len(m.history.takes) == rules.deck_size - rules.set_aside


def test_a_seat_handed_to_a_bot_mid_game_takes_its_turn():
    m = NothanksMatch(nt.Rules(), [HUMAN, HUMAN, HUMAN], seed=3, start_ns=0, threaded=False)
    assert m.state.current_player == 0
    assert m.advance(60_000 * MS) == []  # humans: nothing happens by itself
    m.replace_seat(0, bot("greedy"))
    assert m.thinking_seat == 0
    out = m.advance(m.next_due_ns())
    acted = [x.event for x in out if isinstance(x.event, (nt.CardTaken, nt.MatchPaid))]
    assert acted and acted[0].seat == 0
