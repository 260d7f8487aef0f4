"""Issue 38's audit: a Fair start's head starts show on every seated card at once. With "226 ms · fair" on each
card the value no longer fitted beside its label, every card grew a line, and at six seats the second row of cards
(two bots' head starts) went out of view at 1920x1080 and at 1280x720 alike; now each card shows "226 ms" beside
"Head start", and the Fair start button says once that Fair start sets them ("Fair start  On")."""

from __future__ import annotations

import pytest
from support_app import make_app

from game import i18n
from game.i18n import t
from game.render.text import TextRecorder
from game.scenes.lobby import LobbyScene

LEVELS = ("casual", "kid", "casual", "pro", "pro")  # a person and five bots of three levels


def six_seats(app, median: float | None) -> LobbyScene:
    """The lobby of a person (whose reaction check gave `median`; None: skipped) and LEVELS, after Fair start."""
    app.push(LobbyScene("ratscrew"))
    app.frames(2)
    scene = app.top
    for row, level in enumerate(LEVELS, start=1):
        scene.seating.seats[row] = ("bot", level)
    scene.seating.checked[0] = median
    scene.rebuild()
    scene.seating._fair_from_checks()  # Fair start with the check taken (as pressing it after the check does)
    scene.seating.poll_fair(wait=True)
    app.frames(2)
    return scene


@pytest.mark.parametrize("language", ["en", "da", "sv"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
@pytest.mark.parametrize("median", [433.0, None])  # None: the news takes two lines ("no reaction times yet …")
def test_every_seats_fair_head_start_shows_at_once_at_six_seats(tmp_path, size, median, language):
    app = make_app(tmp_path, size=size)
    i18n.set_language(language)
    try:
        scene = six_seats(app, median)
        leads = scene.seating.leads[:6]
        assert scene.seating.fair_on and any(leads)
        assert scene.layout is not None
        assert all(scene.layout.shift(row) is not None for row in range(6)), "a seat's card is out of view"
        with TextRecorder() as boxes:
            scene.draw(app.screen, 0.0)
        texts = [text for _, text in boxes.drawn]
        assert texts.count(t("Head start")) == 6
        for lead in set(leads):
            assert texts.count(f"{lead} ms") == leads.count(lead)  # each card's own head start
        assert f"{t('Fair start')}  {t('On')}" in texts
    finally:
        i18n.set_language("en")
        app.stack.clear()
