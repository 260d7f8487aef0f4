"""A Fair start for a big table is worked out off the UI thread (issue 38c): the lobby keeps drawing and
answering while it runs, the head starts that come are exactly `fair.head_starts`' for the table, an answer for a
table that has changed since is never applied, and leaving the lobby leaves no worker behind."""

from __future__ import annotations

import threading
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


@pytest.fixture
def held(monkeypatch):
    """The game's head starts, held at their start until the test lets them go (the first call, or every one
    while the event is clear): a request is certainly still running when the table changes. The test works its
own figures out with the real one."""
    go = threading.Event()
    started = threading.Event()
    real = fair.head_starts

    def slow(medians, rules):
        started.set()
        assert go.wait(30)
        return real(medians, rules)

    monkeypatch.setattr(check.fair, "head_starts", slow)
    yield started, go, real
    go.set()


def test_the_lobby_keeps_drawing_while_eight_different_reactions_are_worked_out(app):
    fair._solve.cache_clear()  # (worked out for real, not remembered from another test)
    scene = eight_guests(app)
    before = list(scene.seating.leads[:8])
    focus(app, t("Fair start"))
    press(app, "enter", frames=1)
    assert scene.seating.fair_pending and scene.seating.fair_on
    head = next(c for c in scene.card_cells[7] if c.label == t("Head start"))
    assert head.value() == t("{ms} · fair", ms=f"{before[7]} ms") + " …"  # the last value, and "…" for now
    times: list[float] = []
    end = time.monotonic() + 60
    while scene.seating.fair_pending and time.monotonic() < end:
        at = time.perf_counter()
        app.frames(1)
        times.append(time.perf_counter() - at)
        if len(times) == 3:
            press(app, "left", frames=1)  # the focus still moves while the sums run
            assert scene.menu.current.label != t("Fair start")
    assert not scene.seating.fair_pending
    # Frames went on (some hundreds) while the sums ran, each well within 100 ms (under a loaded machine's
    # odd hiccup or two: the sums take seconds, a frame waiting for them would take all of it).
    assert len(times) > 10 and sorted(times)[-3] < 0.1, (len(times), sorted(times)[-3:])
    expected = fair.head_starts(MEDIANS, scene.rules)
    assert scene.seating.leads[:8] == expected and expected[0] == 0 and expected[7] > 0
    assert head.value() == t("{ms} · fair", ms=f"{expected[7]} ms")


def test_an_answer_for_a_table_changed_since_is_never_applied(app, held):
    started, go, real = held
    scene = eight_guests(app)
    scene.seating.fair_start()
    assert started.wait(10) and scene.seating.fair_pending  # the first table's sums are running
    newer = [*MEDIANS[:7], 2100.0]
    scene.seating.checked[7] = 2100.0
    scene.seating.set_kind(0, ("human", None))  # a change of seats: refit for the table as it is now
    scene.seating.checked[0] = newer[0]
    scene.rebuild()
    seen = []
    go.set()
    end = time.monotonic() + 60
    while scene.seating.fair_pending and time.monotonic() < end:
        app.frames(1)
        seen.append(list(scene.seating.leads[:8]))
        time.sleep(0.01)
    old, new = real(MEDIANS, scene.rules), real(newer, scene.rules)
    assert old != new and old not in seen and scene.seating.leads[:8] == new


def test_a_head_start_set_by_hand_while_pending_stays(app, held):
    started, go, _ = held
    scene = eight_guests(app)
    scene.seating.fair_start()
    assert started.wait(10)
    scene.seating.cycle_lead(3, 1)  # by hand: Fair start is off, and its answer must not undo this
    hand = list(scene.seating.leads[:8])
    assert not scene.seating.fair_pending and not scene.seating.fair_on
    go.set()
    for _ in range(30):
        app.frames(1)
        time.sleep(0.01)
    assert scene.seating.leads[:8] == hand


def test_leaving_the_lobby_while_pending_leaves_no_worker(app, held):
    started, go, _ = held
    scene = eight_guests(app)
    scene.seating.fair_start()
    assert started.wait(10)
    leads = list(scene.seating.leads)
    app.replace(LobbyScene("ratscrew"))  # the lobby made again (as Play again does), the old one left
    app.frames(2)
    again = app.top
    assert again is not scene and not scene.seating.fair_pending
    go.set()
    end = time.monotonic() + 60
    while any(th.name.startswith("fair-start") for th in threading.enumerate()) and time.monotonic() < end:
        time.sleep(0.02)
    assert not any(th.name.startswith("fair-start") for th in threading.enumerate())
    app.frames(3)
    assert scene.seating.leads == leads  # nothing was applied to the lobby left …
    assert not again.seating.fair_on and again.seating.leads == [0] * 8  # … nor to the new one


def test_start_while_pending_waits_for_the_fair_head_starts(app, held, monkeypatch):
    started, go, real = held
    monkeypatch.setattr(seating, "FAIR_AT_ONCE", 1)  # two different reactions go to the worker too
    app.push(LobbyScene("ratscrew"))
    app.frames(2)
    scene = app.top
    scene.seating.seats[1:] = [("bot", "kid")] + [("empty", None)] * 6  # a guest (keys of their own) and a kid
    scene.seating.checked = {0: 700.0}
    scene.rebuild()
    scene.seating.fair_start()
    assert started.wait(10) and scene.seating.fair_pending
    threading.Timer(0.2, go.set).start()  # the sums end while Start waits for them
    scene.start()
    expected = real([700.0, 900.0], scene.rules)
    assert type(app.top).__name__ == "RatscrewTable"
    assert [s.head_start_ms for s in app.top.match.seats] == expected and expected[1] > 0
