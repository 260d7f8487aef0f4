"""A Fair start for a big table is worked out a slice a frame (issue 38c): the lobby keeps drawing and answering
while its sums run, the head starts that come are exactly `fair.head_starts`' for the table, an answer for a
table that has changed since is never applied, and leaving the lobby drops the sums."""

from __future__ import annotations

import time

import pytest
from support_app import focus, press

from game.games.ratscrew import check, fair
from game.i18n import t
from game.scenes.lobby import LobbyScene, seating

MEDIANS = [250 + row * 137.0 for row in range(8)]  # eight different reactions: seconds of sums


def eight_guests(app, medians=MEDIANS) -> LobbyScene:
    """A lobby of eight people whose reaction checks gave `medians` (guests: no history needed)."""
    app.push(LobbyScene("ratscrew"))
    app.frames(2)
    scene = app.top
    scene.seating.seats[:8] = [("human", None)] * 8
    scene.seating.checked = dict(enumerate(medians))
    scene.rebuild()
    return scene


class Held:
    """The game's head starts, held back (their steps yield without summing) till `go`: a request is certainly
    still being worked out when the table changes."""

    def __init__(self) -> None:
        self.go, self.asked, self.steps_taken = False, 0, 0

    def steps(self, real):
        def held(medians, rules):
            self.asked += 1
            while not self.go:
                self.steps_taken += 1
                yield
            return (yield from real(medians, rules))
        return held


@pytest.fixture
def held(monkeypatch):
    hold = Held()
    monkeypatch.setattr(check.fair, "head_start_steps", hold.steps(fair.head_start_steps))
    return hold


def test_the_lobby_keeps_drawing_while_eight_different_reactions_are_worked_out(app):
    fair._SOLVED.clear()  # (worked out for real, not remembered from another test)
    scene = eight_guests(app)
    before = list(scene.seating.leads[:8])
    focus(app, t("Fair start"))
    press(app, "enter", frames=1)
    assert scene.seating.fair_pending and scene.seating.fair_on
    head = next(c for c in scene.card_cells[7] if c.label == t("Head start"))
    assert head.value() == f"{before[7]} ms …"  # the last value, and "…" for now
    working = t("Fair start: working out the head starts from everyone's reaction times…")
    assert scene.news() == working  # not "set" while the cards still show "…"
    times: list[float] = []
    end = time.monotonic() + 300  # (the sums are seconds of CPU: a loaded 2-core machine needs more than a minute)
    while scene.seating.fair_pending and time.monotonic() < end:
        at = time.thread_time()  # (the frame's own work: a loaded machine's waits for a core are not its)
        app.frames(1)
        times.append(time.thread_time() - at)
        if len(times) == 3:
            press(app, "left", frames=1)  # the focus still moves while the sums run
            assert scene.menu.current.label != t("Fair start")
    assert not scene.seating.fair_pending
    # Frames went on (some hundreds) while the sums ran, each well within 100 ms of work (but for a garbage
    # collection or two of the whole test run's heap): the sums take seconds, a frame waiting for them all of it.
    assert len(times) > 10 and sorted(times)[-3] < 0.1, (len(times), sorted(times)[-3:])
    expected = fair.head_starts(MEDIANS, scene.rules)
    assert scene.seating.leads[:8] == expected and expected[0] == 0 and expected[7] > 0
    assert head.value() == f"{expected[7]} ms"
    assert scene.news() == t("Fair start: head starts set from everyone's reaction times")  # once they are


def test_an_answer_for_a_table_changed_since_is_never_applied(app, held):
    scene = eight_guests(app)
    scene.seating.fair_start()
    app.frames(3)
    assert held.asked == 1 and scene.seating.fair_pending  # the first table's sums are being worked out
    newer = [*MEDIANS[:7], 2100.0]
    scene.seating.checked[7] = 2100.0  # (as a check taken again would)
    scene.rebuild()  # a change: the head starts are worked out for the table as it is now
    app.frames(1)
    assert held.asked == 2 and scene.seating.fair_pending  # the newer table's own request, now worked on
    seen = []
    held.go = True
    end = time.monotonic() + 300  # (the sums are seconds of CPU: a loaded 2-core machine needs more than a minute)
    while scene.seating.fair_pending and time.monotonic() < end:
        app.frames(1)
        seen.append(list(scene.seating.leads[:8]))
    old, new = fair.head_starts(MEDIANS, scene.rules), fair.head_starts(newer, scene.rules)
    assert old != new and old not in seen and scene.seating.leads[:8] == new


def test_a_head_start_set_by_hand_while_pending_stays(app, held):
    scene = eight_guests(app)
    scene.seating.fair_start()
    app.frames(3)
    assert scene.seating.fair_pending
    scene.seating.cycle_lead(3, 1)  # by hand: Fair start is off, and its answer must not undo this
    hand = list(scene.seating.leads[:8])
    assert not scene.seating.fair_pending and not scene.seating.fair_on
    held.go = True
    app.frames(30)
    assert scene.seating.leads[:8] == hand


def test_leaving_the_lobby_while_pending_drops_its_sums(app, held):
    scene = eight_guests(app)
    scene.seating.fair_start()
    app.frames(3)
    assert held.steps_taken > 0 and scene.seating.fair_pending
    leads = list(scene.seating.leads)
    app.replace(LobbyScene("ratscrew"))  # the lobby made again (as Play again does), the old one left
    taken = held.steps_taken
    held.go = True
    app.frames(30)
    again = app.top
    assert again is not scene and not scene.seating.fair_pending
    assert held.steps_taken == taken  # nothing works on for the lobby left …
    assert scene.seating.leads == leads  # … nor is anything applied to it …
    assert not again.seating.fair_on and again.seating.leads == [0] * 8  # … nor to the new one


def test_start_while_pending_waits_for_the_fair_head_starts(app, monkeypatch):
    monkeypatch.setattr(seating, "FAIR_AT_ONCE", 1)  # two different reactions are worked out over frames too
    app.push(LobbyScene("ratscrew"))
    app.frames(2)
    scene = app.top
    scene.seating.seats[1:] = [("bot", "kid")] + [("empty", None)] * 6  # a guest (keys of their own) and a kid
    scene.seating.checked = {0: 700.0}
    scene.rebuild()
    fair._SOLVED.clear()
    scene.seating.fair_start()
    assert scene.seating.fair_pending
    scene.start()  # before a frame has worked on it
    expected = fair.head_starts([700.0, 900.0], scene.rules)
    assert type(app.top).__name__ == "RatscrewTable"
    assert [s.head_start_ms for s in app.top.match.seats] == expected and expected[1] > 0
