"""Issue 39, the number school's progress: stars per step and deck size from kept rounds, the next step
opening at two stars, mastery, guests keeping nothing, progress surviving a restart and a damaged history
(the damaged row is skipped, the rest kept), and answers never counted as slaps."""

from __future__ import annotations

import datetime
import sqlite3

from game.games.nothanks.school import mastery
from game.games.nothanks.school import questions as qs
from game.games.nothanks.school.round import OPEN_AT, Round
from game.history import queries
from game.history.store import open_history

TODAY = datetime.date(2026, 12, 2)


def finished(step_id: str, right: int, k: int = 9, seed: int = 1) -> Round:
    """A round of `step_id` with the first `right` answers right and the rest wrong."""
    rnd = Round(step_id, k, seed=seed)
    while not rnd.done:
        q = rnd.current
        rnd.answer(q.answer if len(rnd.answers) < right else q.answer + 1000, ms=4000)
        rnd.next()
    return rnd


def test_the_next_step_opens_at_two_stars_and_three_master_it(tmp_path):
    history = open_history(tmp_path / "h.sqlite3")
    mia = history.create("Mia")
    assert mastery.record(history, mia.id, finished("more_suit", 9), 60_000, "2026-12-01T10:00:00+00:00")
    assert mastery.record(history, mia.id, finished("more_across", 5), 60_000, "2026-12-01T10:05:00+00:00")
    history.flush()
    kept = history.practice(mia.id, mastery.GAME, mastery.KIND)
    best = mastery.step_stars(kept)
    assert best == {("more_suit", 9): 2, ("more_across", 9): 0}  # 9 of 10 on two sides: 2 stars; 5: none
    assert mastery.opened(best, 9)[:3] == [True, True, False]
    assert mastery.opened(best, 5) == [True] + [False] * (len(qs.STEPS) - 1)  # another deck size: its own ladder
    assert mastery.opened(None, 9) == [True] * len(qs.STEPS)  # a guest: every step open, nothing kept
    assert mastery.timed(best, "more_suit", 9) and not mastery.timed(best, "more_across", 9)
    assert mastery.mastered(best) == []
    mastery.record(history, mia.id, finished("more_suit", 10), 60_000)
    history.flush()
    best = mastery.step_stars(history.practice(mia.id, mastery.GAME, mastery.KIND))
    assert mastery.mastered(best) == [("more_suit", 9)]
    assert mastery.next_step(best, 9) == 1
    # the answers are no slaps: the slap figures of the stats and the slap school see none of them
    assert all(p.slaps == () for p in history.practice(mia.id, mastery.GAME))
    _, wrong, total = history.read(lambda c: queries.accuracy(c, mia.id))
    assert (wrong, total) == (0, 0)
    history.close()


def test_a_guest_or_an_unfinished_round_keeps_nothing(tmp_path):
    history = open_history(tmp_path / "h.sqlite3")
    mia = history.create("Mia")
    assert not mastery.record(history, None, finished("run", 10), 60_000)
    half = Round("run", 9, seed=1)
    half.answer(half.current.answer)
    assert not mastery.record(history, mia.id, half, 60_000)
    history.flush()
    assert history.practice(mia.id, mastery.GAME, mastery.KIND) == []
    history.close()


def test_progress_survives_a_restart_and_a_damaged_row_is_skipped(tmp_path):
    path = tmp_path / "h.sqlite3"
    history = open_history(path)
    mia = history.create("Mia")
    for step_id, right in (("more_suit", 10), ("more_across", 9), ("worth_pick", 9), ("worth_dial", 8)):
        mastery.record(history, mia.id, finished(step_id, right), 90_000, "2026-12-01T10:00:00+00:00")
    history.close()

    again = open_history(path)  # a restart
    best = mastery.step_stars(again.practice(mia.id, mastery.GAME, mastery.KIND))
    assert best[("more_suit", 9)] == 3 and best[("worth_pick", 9)] >= OPEN_AT
    again.close()

    with sqlite3.connect(path) as db:  # three rows damaged by hand, a tool or a crash
        ids = [r[0] for r in db.execute("SELECT id FROM practice ORDER BY id")]
        db.execute("UPDATE practice SET drill = 'worth_pick@99' WHERE id = ?", (ids[2],))  # a deck size out of range
        db.execute("UPDATE events SET outcome = 'maybe' WHERE practice_id = ? AND t_ms = 0", (ids[1],))
        db.execute("UPDATE practice SET started = 'yesterday', length_ms = -5 WHERE id = ?", (ids[3],))
    reopened = open_history(path)
    kept = reopened.practice(mia.id, mastery.GAME, mastery.KIND)
    assert len(kept) == 4
    best = mastery.step_stars(kept)
    assert best == {("more_suit", 9): 3, ("worth_dial", 9): 2}  # the two unreadable rounds skipped
    s = mastery.summary(kept, TODAY, datetime.UTC)
    assert s.rounds == 3 and s.recent_rounds == 2 and s.mastered == [("more_suit", 9)]
    assert s.ranks_per_suit == 9 and s.minutes == 3.0  # a negative length counts as none
    reopened.close()


def test_stars_told_again_from_the_kept_answers_equal_the_rounds():
    for step_id in qs.STEP_IDS:
        for right in range(qs.QUESTIONS + 1):
            rnd = finished(step_id, right, seed=right)

            class Kept:
                started, drill, length_ms = "2026-12-01T10:00:00+00:00", mastery.drill_name(step_id, 9), 1
                slaps = tuple(rnd.kept())

            assert mastery.round_stars(Kept()) == (step_id, 9, rnd.stars)
