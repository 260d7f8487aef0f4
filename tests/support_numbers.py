"""The number school's screens built with real data for the screen tests (issue 39): the setup with a
remembered player's stars, a question and its answer of each kind, a round's end, a parent's summary."""

from __future__ import annotations

from game import screens
from game.games.nothanks.school import mastery
from game.games.nothanks.school import questions as qs
from game.games.nothanks.school.round import Options, Round
from game.scenes.title import TitleScene

LONG = "Alexandra-Josefine"


def keep(app, profile_id: int, step_id: str, right: int, k: int = 9) -> None:
    """A finished round of `step_id` for `profile_id` with `right` answers right, kept in the history."""
    rnd = Round(step_id, k, seed=right)
    while not rnd.done:
        rnd.answer(rnd.current.answer if len(rnd.answers) < right else rnd.current.answer + 1000, 4000)
        rnd.next()
    mastery.record(app.history, profile_id, rnd, 90_000)
    app.history.flush()


def player(app) -> int:
    """A remembered player (a long name) who has mastered the first two steps and opened the third."""
    made = app.history.create(LONG)
    for step_id, right in (("more_suit", 10), ("more_across", 10), ("worth_pick", 8)):
        keep(app, made.id, step_id, right)
    return made.id


def setup(app) -> None:
    pid = player(app)
    app.push(TitleScene())
    app.nav.push(screens.Practice("nothanks", "numbers", "setup", (Options(step=2, profile=pid),)))
    app.frames(2)


def lesson(app, step_id: str, answered: bool = False, k: int = 9) -> None:
    app.push(TitleScene())
    app.nav.push(screens.Practice("nothanks", "numbers", "lesson", (Options(step=qs.STEP_IDS.index(step_id), ranks_per_suit=k),)))
    app.frames(2)
    if answered:
        scene = app.top
        q = scene.round.current
        scene._answer(q.choices[0] if q.choices and q.choices[0] != q.answer else q.answer + 1)
        app.frames(2)


def end(app) -> None:
    pid = player(app)
    app.push(TitleScene())
    app.nav.push(screens.Practice("nothanks", "numbers", "lesson", (Options(step=0, profile=pid),)))
    app.frames(2)
    scene = app.top
    while scene.menu is None:
        scene._answer(scene.round.current.answer)
        scene._next()
    app.frames(2)


def summary(app) -> None:
    pid = player(app)
    app.push(TitleScene())
    app.nav.push(screens.Practice("nothanks", "numbers", "summary", (pid,)))
    app.frames(2)


SCREENS = {  # each built as build(app, data), as the screen checks call them
    "numbers_setup": lambda app, data: setup(app),
    "numbers_more": lambda app, data: lesson(app, "more_across"),
    "numbers_worth_answer": lambda app, data: lesson(app, "worth_pick", answered=True),
    "numbers_dial": lambda app, data: lesson(app, "worth_dial"),
    "numbers_count_answer": lambda app, data: lesson(app, "count", answered=True),
    "numbers_base": lambda app, data: lesson(app, "base", answered=True, k=13),
    "numbers_end": lambda app, data: end(app),
    "numbers_summary": lambda app, data: summary(app),
}
