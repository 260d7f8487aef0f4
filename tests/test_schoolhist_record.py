"""A finished slap-school session goes to the players' history: for each player with a profile, the drill,
every slap (rule, right / wrong / late / missed, reaction ms), right decisions out of all and the length;
the stats screen's trend shows it as a practice session. Guests and a session left halfway are not kept,
and a history that is off, refuses writes or is busy costs the school nothing (and no frame waits for it)."""

from __future__ import annotations

import re
import sqlite3
import threading

import pygame
import pytest
from support_app import make_app, press, run_until, top_name
from test_school_scenes import SCHOOL_CARDS, overlapping, until_shown

from game import screens
from game.games.ratscrew.school import history as school_history
from game.games.ratscrew.school.drills import near_miss
from game.games.ratscrew.school.scoring import tally
from game.games.ratscrew.school.session import MS, Options, Session
from game.history import queries
from game.render.text import TextRecorder

OPTIONS = Options(drill=0, pace="slow", cards=len(SCHOOL_CARDS))


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def app(tmp_path, data):
    a = make_app(tmp_path)
    a.nav.push(screens.Title())
    yield a
    a.stack.clear()
    a.history.close()
    pygame.event.clear()


def scripted_drill(app, cards: list[str], options: Options, players: int = 1, profiles: tuple = ()):
    """The drill screen for `players` with `profiles` (as the setup opens it), dealing `cards` in order."""
    app.nav.push(screens.Practice("ratscrew", "school", "drill", (options, players), {"profiles": profiles}))
    drill = app.top
    queue = list(cards)
    real = drill.session.dealer.next_card
    drill.session.dealer.next_card = lambda pile: (queue.pop(0), "scripted") if queue else real(pile)
    return drill


def practice_rows(app) -> list[tuple]:
    return app.history.read(lambda c: c.execute(
        "SELECT profile_id, game, drill, correct, decisions, length_ms, started FROM practice ORDER BY id").fetchall())


def practice_slaps(app) -> list[tuple]:
    return app.history.read(lambda c: c.execute(
        "SELECT profile_id, seat, rule, outcome, reaction_ms FROM events WHERE practice_id IS NOT NULL ORDER BY id"
    ).fetchall())


def play_right_wrong_missed(app, drill) -> int:
    """Player 1 slaps the double (card 2) and the near miss (card 5) and lets the double at card 7 go; on to the
    stars. Player 1's reaction to the double, in ms."""
    press(app, "lshift")  # starts it
    until_shown(app, drill, 2)  # 4C 9H 9S: a double
    app.frames(20)
    press(app, "lshift")
    right_ms = drill.session.cards[2].answers[0][1]
    until_shown(app, drill, 5)  # 2D 8H 7S: almost a double
    app.frames(10)
    press(app, "lshift")
    run_until(app, lambda: top_name(app) == "StarsScene", max_seconds=60)
    return right_ms


# -- what a session's record holds (pure) --------------------------------------------------------------------

def test_every_slap_of_a_seat_is_kept_right_late_missed_and_wrong_in_card_order():
    session = Session(Options(drill=0, pace="slow", cards=6), players=2, seed=1)
    queue = ["5C", "5D", "KH", "KS", "3C", "4D"]
    session.dealer.next_card = lambda pile: (queue.pop(0), "scripted")
    session.start(0)
    session.advance(session.next_due())  # 5C: nothing, left alone by both
    double = session.current
    assert double.rule == "double"
    session.slap(0, double.opens_ns + 300 * MS)  # seat 0: right in 300 ms
    session.advance(session.next_due())  # the window closes: seat 1 missed it
    session.advance(session.next_due())  # swept: KH
    session.advance(session.next_due())  # KS: a double nobody slaps in time
    missed = session.current
    session.advance(missed.deadline_ns)
    session.slap(0, missed.closed_ns + 200 * MS)  # too late by 200 ms
    session.advance(session.next_due())  # swept: 3C
    session.slap(0, session.current.opens_ns + 100 * MS)  # a slap on nothing
    session.slap(1, session.current.opens_ns + 150 * MS)
    session.advance(session.next_due())  # 4D on 3C: almost a double, left alone
    assert session.current.near == near_miss(("3C", "4D"), session.rules)[0] == "double"
    session.advance(session.next_due())
    assert session.over
    pace = missed.pace_ms
    assert school_history.seat_slaps(session.cards, 0) == [
        ("double", "right", 300), ("double", "late", pace + 200), (None, "wrong", 100)]
    assert school_history.seat_slaps(session.cards, 1) == [
        ("double", "missed", None), ("double", "missed", None), (None, "wrong", 150)]
    assert session.length_ms == (session.ended_ns - session.cards[0].dealt_ns) // MS > 0
    scores = tally(session.cards, 2)
    assert (scores[0].right, scores[0].decisions) == (2, 4)  # the double, and the near miss left alone
    assert (scores[1].right, scores[1].decisions) == (1, 4)


def test_a_session_not_over_or_played_by_guests_is_not_queued():
    calls = []

    class History:
        def record_practice(self, profile_id, **fields):
            calls.append((profile_id, fields))
            return True

    session = Session(Options(cards=3), players=2, seed=3)
    session.start(0)
    assert school_history.record(History(), session, (7, 8)) == [] and calls == []  # halfway
    while not session.over:
        session.advance(session.next_due())
    assert school_history.record(History(), session, (None, None)) == [] and calls == []
    assert school_history.record(History(), session, (None, 8), "2024-05-01T18:00:00+00:00") == [1]
    (profile_id, fields), = calls
    assert profile_id == 8 and fields["seat"] == 1 and fields["drill"] == "double" and fields["game"] == "ratscrew"
    assert fields["started"] == "2024-05-01T18:00:00+00:00" and fields["length_ms"] == session.length_ms


# -- on screen, into the database -----------------------------------------------------------------------------

def test_a_finished_session_of_a_profile_is_recorded_with_its_counts_and_shows_in_the_stats(app):
    mia = app.history.create("Mia")
    drill = scripted_drill(app, SCHOOL_CARDS, OPTIONS, profiles=(mia.id,))
    assert drill.names == ["Mia"] and drill.colours == [mia.rgb]
    right_ms = play_right_wrong_missed(app, drill)
    assert app.top.names == ["Mia"]
    assert practice_rows(app) == [(mia.id, "ratscrew", "double", 1, 3, drill.session.length_ms, drill.started)]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", drill.started)
    wrong_ms = drill.session.cards[5].answers[0][1]
    assert practice_slaps(app) == [(mia.id, 0, "double", "right", right_ms), (mia.id, 0, "double", "wrong", wrong_ms),
                                   (mia.id, 0, "double", "missed", None)]
    assert 10 * 1000 < drill.session.length_ms < 60 * 1000  # ten cards at the slow pace, in game time
    # The stats: one practice session in the trend, the double's accuracy, the reaction in the histogram.
    stats = app.history.read(lambda c: queries.profile_stats(c, mia.id))
    assert [(s.kind, s.game, s.median_ms, s.slaps) for s in stats.sessions] == [("practice", "ratscrew", right_ms, 1)]
    assert [(r.rule, r.right, r.late, r.missed) for r in stats.rules] == [("double", 1, 0, 1)]
    assert stats.wrong == 1 and stats.reactions == [right_ms]
    screen = app.nav.push(screens.Stats(mia.id))
    app.frames(2)
    with TextRecorder() as boxes:
        screen.draw(app.screen, 0.0)
    texts = {text for _, text in boxes.drawn}
    assert "1 session, oldest to newest → (○ practice)" in texts and overlapping(boxes.drawn) == []


def test_each_profile_player_gets_their_own_session_and_a_guest_none(app):
    mia, leo = app.history.create("Mia"), app.history.create("Leo")
    app.input.seat_devices({0: "kb:0", 1: "kb:1", 2: "kb:2"})
    drill = scripted_drill(app, ["6C", "6D", "2H"], Options(pace="slow", cards=3), players=3,
                           profiles=(leo.id, None, mia.id))
    press(app, "rshift")  # Player 2 (the guest) starts it
    until_shown(app, drill, 1)
    app.frames(12)
    press(app, "rshift")  # the guest slaps the double; Leo and Mia miss it
    run_until(app, lambda: top_name(app) == "StarsScene", max_seconds=30)
    assert sorted(row[:5] for row in practice_rows(app)) == [(mia.id, "ratscrew", "double", 0, 1),
                                                             (leo.id, "ratscrew", "double", 0, 1)]
    assert sorted(practice_slaps(app)) == [(mia.id, 2, "double", "missed", None), (leo.id, 0, "double", "missed", None)]
    assert app.history.read(lambda c: c.execute("SELECT count(*) FROM practice").fetchone()[0]) == 2


def test_a_session_of_guests_only_is_not_recorded(app):
    app.history.create("Mia")
    drill = scripted_drill(app, SCHOOL_CARDS, OPTIONS)
    play_right_wrong_missed(app, drill)
    assert practice_rows(app) == [] and practice_slaps(app) == []


@pytest.mark.parametrize("how", ["back to setup", "start over", "after the last card, before the stars"])
def test_a_session_left_before_its_stars_is_not_recorded(app, how):
    mia = app.history.create("Mia")
    drill = scripted_drill(app, ["4C", "9H", "9S", "2D"], Options(pace="fast", cards=4), profiles=(mia.id,))
    press(app, "lshift")
    until_shown(app, drill, 2)
    app.frames(10)
    press(app, "lshift")
    assert drill.session.cards[2].answers[0][0] == "right"
    if how == "after the last card, before the stars":
        run_until(app, lambda: drill.phase == "done", max_seconds=30, step_frames=1)
        assert drill.session.over
    press(app, "esc")
    assert drill.paused
    if how == "start over":
        press(app, "down", "enter")
        assert top_name(app) == "DrillScene" and app.top is not drill and app.top.profiles == (mia.id,)
    else:
        press(app, "down", "down", "enter")
        assert top_name(app) == "TitleScene"
    app.frames(120)
    assert practice_rows(app) == [] and practice_slaps(app) == []


# -- a history that can't be written costs the school nothing ------------------------------------------------

def test_without_a_database_a_profile_still_plays_and_reaches_the_stars(tmp_path, data, monkeypatch):
    def refuse(*args, **kwargs):
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(sqlite3, "connect", refuse)
    app = make_app(tmp_path)
    try:
        app.nav.push(screens.Title())
        assert not app.history.enabled
        mia = app.history.create("Mia")  # in memory this run
        drill = scripted_drill(app, SCHOOL_CARDS, OPTIONS, profiles=(mia.id,))
        play_right_wrong_missed(app, drill)
        stars = app.top
        assert stars.names == ["Mia"] and stars.scores[0].decisions == 3
        assert school_history.record(app.history, drill.session, (mia.id,)) == []  # nothing queued
    finally:
        app.stack.clear()


def test_a_database_that_refuses_the_write_loses_the_session_with_one_line(tmp_path, data, capsys):
    said = []
    app = make_app(tmp_path)
    try:
        app.history._warn = said.append
        app.nav.push(screens.Title())
        mia = app.history.create("Mia")
        app.history.flush()
        with app.history._db:  # what a read-only file answers
            app.history._conn.execute("PRAGMA query_only = ON")
        drill = scripted_drill(app, SCHOOL_CARDS, OPTIONS, profiles=(mia.id,))
        play_right_wrong_missed(app, drill)
        assert top_name(app) == "StarsScene" and app.running
        assert app.history.flush() and app.history.failures == 1
        assert len(said) == 1 and "practice was not saved" in said[0] and "\n" not in said[0]
        with app.history._db:
            app.history._conn.execute("PRAGMA query_only = OFF")
        assert practice_rows(app) == []
    finally:
        app.stack.clear()
        app.history.close()


class WatchedLock:
    """The history's database lock, noting every thread that takes it."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.takers: list[str] = []

    def __enter__(self):
        self.lock.acquire()
        self.takers.append(threading.current_thread().name)
        return self

    def __exit__(self, *exc):
        self.lock.release()


def test_no_frame_of_the_school_touches_the_database_the_writer_thread_does(app):
    mia = app.history.create("Mia")
    app.history.flush()
    watched = WatchedLock()
    app.history._db = watched
    drill = scripted_drill(app, SCHOOL_CARDS, OPTIONS, profiles=(mia.id,))
    play_right_wrong_missed(app, drill)
    assert app.history.flush()
    frames = threading.current_thread().name
    assert watched.takers and frames not in watched.takers  # only the writer took the database
    assert set(watched.takers) == {"couchcards-history"}
    assert len(practice_rows(app)) == 1
