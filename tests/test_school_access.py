"""Issue 21's new school screens at every text size (100/125/150 %), in English, Danish and Swedish, at
1280×720 and 640×360: the untimed first step (asking, told, done), the setup with a remembered player's stars
and locks, the parent's summary with a month of practice, the stats with their slap-school button. No two
texts overlap, none runs off the screen, none is cut with "…" (test_access_screens.problems)."""

from __future__ import annotations

import datetime

import pytest
import support_screens as screens
from test_access_screens import assert_frame_fits, cases

from game import i18n
from game import screens as factories
from game.games.ratscrew.school.session import Options
from game.render import scale

GOOD = [("double", "right", 600.0)] * 8 + [("double", "missed", None)] * 2


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    yield tmp_path / "data"
    i18n.set_language("en")
    scale.install(text=1.0)
    scale.install(large_cards=False)
    scale.install(window=(1280, 720))


def a_month(app, name: str = "Alexandra-Josefine"):
    """A remembered player with a month of practice (two stars on doubles, one on sandwiches)."""
    kid = app.history.create(name)
    today = datetime.date.today()
    for days in (1, 2, 5, 9, 16, 23, 30):
        when = datetime.datetime.combine(today - datetime.timedelta(days=days), datetime.time(16, 0),
                                         datetime.UTC).isoformat()
        app.history.record_practice(kid.id, game="ratscrew", drill="double", slaps=GOOD, started=when,
                                    correct=8, decisions=10, length_ms=150_000)
    app.history.record_practice(kid.id, game="ratscrew", drill="sandwich", started=datetime.datetime.now(
        datetime.UTC).isoformat(), slaps=[("sandwich", "right", 900.0)] * 5 + [("sandwich", "missed", None)] * 5,
                                correct=5, decisions=10, length_ms=120_000)
    return kid


def quiz(step: str):
    def build(app) -> None:
        app.nav.push(factories.Title())
        app.input.seat_devices({0: "kb:0"})
        app.nav.push(factories.Practice("ratscrew", "school", "drill", (Options(drill=8), 1), {"quiz": True}))
        drill = app.top
        drill.phase = "quiz"
        if step in ("told", "done"):
            drill._answer(not drill.quiz.current.slap)
        if step == "done":
            for _ in range(len(drill.quiz.items)):
                drill.quiz.answered = drill.quiz.answered if drill.quiz.answered is not None else True
                drill.quiz.next()
    return build


def setup(app) -> None:
    kid = a_month(app)
    app.nav.push(factories.Title())
    app.input.seat_devices({0: "kb:0"})
    app.nav.push(factories.Practice("ratscrew", "school"))
    app.top._picked(0, kid.id)


def summary(app) -> None:
    kid = a_month(app)
    app.nav.push(factories.Title())
    app.nav.push(factories.Practice("ratscrew", "school", "summary", (kid.id,)))


def stats(app) -> None:
    kid = a_month(app, "Mia")  # (the selector's own room for a long name is the stats screen's, not this issue's)
    app.nav.push(factories.Title())
    app.nav.push(factories.Stats(kid.id))


SCREENS = {"quiz_ask": quiz("ask"), "quiz_told": quiz("told"), "quiz_done": quiz("done"), "setup": setup,
           "summary": summary, "stats": stats}


@screens.family("school21", "school21")
def _school21(app, name: str, data) -> None:
    SCREENS[name](app)


@pytest.mark.parametrize(("name", "code", "size", "percent"), cases("school21", list(SCREENS)))
def test_the_new_school_screens_fit_at_every_text_size_and_language(name, code, size, percent):
    assert_frame_fits(screens.frame("school21", name, code, size, percent), name, code, size, percent)
