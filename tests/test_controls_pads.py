"""With three pad families connected (PlayStation, Switch, Xbox) the Controls screen's Controllers row was cut
("○ / B · L1 / L / LB · R1 / R…"): it now wraps between buttons onto more lines, whole, at every window size and
text size, in every language."""

from __future__ import annotations

import pytest
from support_pads import PLAYSTATION, SWITCH, XBOX
from test_access_screens import app_with, assert_fits, recording

from game import i18n, screens
from game.scenes.controls import PAD_ROW


@pytest.fixture(autouse=True)
def english_after():
    """The app set the case's language: the next test starts in English (conftest resets the looks)."""
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("code", ["en", "da", "sv"])
def test_the_controllers_row_shows_whole_with_three_pad_families(tmp_path, pads, code, size, percent):
    app = app_with(tmp_path, size, code, percent)
    for model in (PLAYSTATION, SWITCH, XBOX):
        pads(model)
    app.nav.push(screens.Controls())
    app.frames(3)
    scene = app.top
    cells = [scene._cell(PAD_ROW, col) for col in (0, 1)]
    assert all(name in cells[1] for name in ("○ / B", "L1 / L / LB", "R1 / R / RB")), cells  # three families
    assert_fits(app, f"controls {code} {size} {percent}")
    _, boxes, _ = recording(app)
    drawn = " ".join(text for _, text in boxes)
    for cell in cells:
        for button in cell.split(" \u00b7 "):
            assert button in drawn, (button, drawn)  # every button's names whole, on one line or another
