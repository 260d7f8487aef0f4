"""Issue 21, the slap school that teaches: stars told again from a kept session equal the stars screen's,
mastery per pattern (stars per drill; the next drill opens at two stars; guests have every drill open),
progress by day and by week, the parent's summary, and the history query they are read with."""

from __future__ import annotations

import datetime

import pygame
import pytest
from support_app import OUT, make_app, press, save_png
from test_school_scenes import overlapping

from game import screens
from game.games.ratscrew import bots
from game.games.ratscrew.school import history as school_history
from game.games.ratscrew.school import mastery
from game.games.ratscrew.school.drills import LADDER
from game.games.ratscrew.school.scoring import tally
from game.games.ratscrew.school.sim import play
from game.history import queries
from game.render.text import TextRecorder

UTC = datetime.UTC
TODAY = datetime.date(2026, 12, 2)  # a Wednesday


def kept(started: str, drill: str, slaps, length_ms: int = 60_000) -> mastery.Kept:
    return mastery.Kept(started, drill, length_ms, 0, 0, tuple(slaps))


def good(n: int = 10) -> list:
    """n patterns all hit at 500 ms and nothing slapped wrong: 3 accuracy stars, 3 speed stars."""
    return [("double", "right", 500.0)] * n


@pytest.mark.parametrize("student", ["kid", "casual", "pro", "none"])
@pytest.mark.parametrize("seed", [1, 2])
def test_stars_told_from_the_kept_slaps_equal_the_stars_screens(student, seed):
    level = None if student == "none" else bots.LEVEL_TABLE[student]
    session = play(level, 60, "adaptive", seed, drill=2)
    score = tally(session.cards, 1)[0]
    slaps = school_history.seat_slaps(session.cards, 0)
    assert mastery.session_stars(slaps) == (score.accuracy_stars, score.speed_stars)
    c = mastery.counts(slaps)
    assert (c.hits, c.patterns, c.false_slaps) == (score.hits, score.patterns, score.false_slaps)


def test_a_press_too_early_is_kept_as_early_and_counts_as_a_false_slap_on_a_pattern():
    c = mastery.counts([("double", "early", 40.0), ("double", "right", 700.0), (None, "wrong", 300.0),
                        ("sandwich", "missed", None), ("double", "late", 2000.0)])
    assert (c.hits, c.patterns, c.false_slaps, c.reactions) == (1, 4, 2, (700.0,))


def test_pressing_nothing_earns_no_star_and_a_good_session_three():
    assert mastery.session_stars([("double", "missed", None)] * 10) == (0, 0)
    assert mastery.session_stars(good()) == (3, 3)


def test_a_drills_stars_are_its_best_session_and_the_next_drill_opens_at_two():
    sessions = [kept("2026-12-01T10:00:00+00:00", "double", good(3) + [("double", "missed", None)] * 3),  # 50%: 1
                kept("2026-12-01T11:00:00+00:00", "double", good(8) + [("double", "missed", None)] * 2)]  # 80%: 2
    stars = mastery.drill_stars(sessions)
    assert stars == {"double": 2}
    assert mastery.opened(stars)[:3] == [True, True, False]
    assert mastery.opened({"double": 1}) == [True] + [False] * (len(LADDER) - 1)
    assert mastery.opened({}) == [True] + [False] * (len(LADDER) - 1)
    assert mastery.opened({"double": 0, "sandwich": 1})[1]  # a drill once played stays open
    assert mastery.next_drill(stars) == 1 and mastery.next_drill({}) == 0
    assert mastery.next_drill({rule: 3 for rule in LADDER}) == len(LADDER) - 1


def test_players_at_the_setup_share_what_they_opened_and_guests_have_every_drill_open():
    assert mastery.merged([None, None]) is None
    assert mastery.merged([{"double": 2}, None, {"double": 1, "sandwich": 3}]) == {"double": 2, "sandwich": 3}


def test_progress_by_day_and_by_week_in_local_time():
    sessions = [kept("2026-12-02T08:00:00+00:00", "double", good(4), 120_000),
                kept("2026-12-02T09:00:00+00:00", "double", [("double", "missed", None)] * 4, 60_000),
                kept("2026-11-30T23:30:00+00:00", "double", good(2), 30_000),  # Monday
                kept("2026-11-29T23:30:00+00:00", "double", good(2), 30_000),  # Sunday: the week before
                kept("2026-10-01T12:00:00+00:00", "double", good(2), 30_000)]  # long ago
    days = mastery.by_day(sessions, TODAY, tz=UTC)
    assert len(days) == 14 and days[-1].start == TODAY and days[0].start == TODAY - datetime.timedelta(days=13)
    assert (days[-1].sessions, days[-1].minutes, days[-1].hits, days[-1].patterns) == (2, 3.0, 4, 8)
    assert days[-1].hit_rate == 0.5 and days[-1].stars == 3
    assert [d.sessions for d in days[-4:]] == [1, 1, 0, 2]
    weeks = mastery.by_week(sessions, TODAY, tz=UTC)
    assert len(weeks) == 8 and weeks[-1].start == datetime.date(2026, 11, 30) and weeks[-1].days == 7
    assert [w.sessions for w in weeks[-2:]] == [1, 3]
    # Two hours east the Sunday night session falls on Monday: this week
    plus2 = datetime.timezone(datetime.timedelta(hours=2))
    assert [w.sessions for w in mastery.by_week(sessions, TODAY, tz=plus2)[-2:]] == [0, 4]
    assert mastery.by_day([kept("not a date", "double", good())], TODAY, tz=UTC)[-1].sessions == 0


def test_the_parents_summary_says_what_goes_well_and_what_to_practise():
    slaps = good(9) + [("double", "missed", None)] + [("sandwich", "right", 900.0)] * 3 + \
        [("sandwich", "missed", None)] * 3
    sessions = [kept("2026-12-01T10:00:00+00:00", "sandwich", slaps, 300_000),
                kept("2026-11-25T10:00:00+00:00", "double", good(10), 120_000)]
    s = mastery.summary(sessions, TODAY, tz=UTC)
    assert s.stars == {"sandwich": 2, "double": 3}  # the sandwich drill: 12 of 16 patterns hit (75%), no false slap
    assert s.open[:4] == [True, True, True, False]
    assert s.next_drill == 2
    assert (s.this_week.sessions, s.last_week.sessions, s.days_practised) == (1, 1, 2)
    assert s.best_rule == "double" and s.practise_rule == "sandwich"
    assert s.sessions == 2 and s.minutes == 7.0


def test_the_history_gives_back_a_profiles_practice_in_order(tmp_path):
    from game.history.store import open_history

    history = open_history(tmp_path / "h.sqlite3")
    mia = history.create("Mia")
    history.record_practice(mia.id, game="ratscrew", drill="sandwich", started="2026-12-02T10:00:00+00:00",
                            slaps=[("sandwich", "right", 600), ("sandwich", "early", 30), (None, "wrong", 400)],
                            correct=2, decisions=4, length_ms=90_000)
    history.record_practice(mia.id, game="ratscrew", drill="double", started="2026-12-01T10:00:00+00:00",
                            slaps=[("double", "missed", None)], correct=0, decisions=1, length_ms=30_000)
    got = history.read(lambda c: queries.practice(c, mia.id, "ratscrew"))
    assert [p.drill for p in got] == ["double", "sandwich"]
    assert got[1].slaps == (("sandwich", "right", 600.0), ("sandwich", "early", 30.0), (None, "wrong", 400.0))
    assert (got[1].length_ms, got[1].correct, got[1].decisions) == (90_000, 2, 4)
    _, wrong, total = history.read(lambda c: queries.accuracy(c, mia.id))
    assert wrong == 2 and total == 3  # the press too early is a false slap
    assert history.read(lambda c: queries.practice(c, mia.id, "nothanks")) == []
    history.close()


# -- on screen ----------------------------------------------------------------------------------------
@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def app(tmp_path, data):
    a = make_app(tmp_path)
    yield a
    a.stack.clear()
    a.history.close()
    pygame.event.clear()


def remember(app, name: str, sessions: list[tuple[str, str, list]]):
    profile = app.history.create(name)
    for started, drill, slaps in sessions:
        app.history.record_practice(profile.id, game="ratscrew", drill=drill, started=started, slaps=slaps,
                                    correct=0, decisions=len(slaps), length_ms=120_000)
    return profile


def test_the_setup_shows_stars_per_drill_and_locks_the_drills_not_open(app):
    mia = remember(app, "Mia", [("2026-12-01T10:00:00+00:00", "double", good(8) + [("double", "missed", None)] * 2)])
    app.nav.push(screens.Title())
    app.nav.push(screens.Practice("ratscrew", "school"))
    setup = app.top
    app.frames(2)
    assert setup.mastery is None and all(setup.is_open(i) for i in range(len(LADDER)))  # a guest: all open
    setup._picked(0, mia.id)
    assert setup.drill_stars(0) == 2 and setup.drill_stars(1) == 0
    assert [setup.is_open(i) for i in range(3)] == [True, True, False]
    setup._change_drill(1)
    assert setup.options.drill == 1
    setup._change_drill(1)  # past the last open drill: round to the first
    assert setup.options.drill == 0
    setup._change_drill(-1)
    assert setup.options.drill == 1
    app.frames(2)
    with TextRecorder() as boxes:
        setup.draw(app.screen, 0.0)
    assert not overlapping(boxes.drawn)
    OUT.mkdir(parents=True, exist_ok=True)
    save_png(app.screen, OUT / "school_mastery_setup.png")


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_progress_opens_the_parents_summary_and_it_fits_one_screen(tmp_path, data, size):
    app = make_app(tmp_path, size)
    mia = remember(app, "Mia", [
        (f"2026-11-{d:02d}T16:00:00+00:00", "double", good(8) + [("double", "missed", None)] * 2) for d in (20, 24, 28)
    ] + [("2026-12-01T16:00:00+00:00", "sandwich", [("sandwich", "right", 900.0)] * 5 + [("sandwich", "missed", None)] * 5)])
    app.nav.push(screens.Title())
    app.nav.push(screens.Practice("ratscrew", "school"))
    setup = app.top
    setup._picked(0, mia.id)
    progress = next(item for item in setup.button_items if item.label == "Progress…")
    assert progress.enabled()
    progress.on_confirm()
    app.frames(2)
    scene = app.top
    assert type(scene).__name__ == "SummaryScene" and scene.profile_id == mia.id
    scene.today = TODAY
    scene.load()
    assert scene.summary.stars == {"double": 2, "sandwich": 1} and scene.summary.next_drill == 1
    surface = app.screen
    with TextRecorder() as boxes:
        scene.draw(surface, 0.0)
    texts = {text for _, text in boxes.drawn}
    assert "Slap school: Mia" in texts and "Stars per pattern" in texts and "This week" in texts
    assert "1" in texts and "50%" in texts and "900 ms" in texts  # this week: one session, the sandwich drill
    assert "Next: 2 · + Sandwich" in texts and "To practise: Sandwich" in texts
    assert not overlapping(boxes.drawn)
    for rect, text in boxes.drawn:
        assert rect.w and surface.get_rect().contains(rect), text
    OUT.mkdir(parents=True, exist_ok=True)
    save_png(surface, OUT / f"school_summary_{size[0]}x{size[1]}.png")
    press(app, "back")
    assert app.top is setup
    app.stack.clear()
    app.history.close()


def test_a_guest_only_setup_has_no_progress_to_show(app):
    app.nav.push(screens.Title())
    app.nav.push(screens.Practice("ratscrew", "school"))
    setup = app.top
    assert not next(item for item in setup.button_items if item.label == "Progress…").enabled()
