"""What a family met in an evening of pads (PS5, Switch Pro, Xbox and the keyboard) switching language between
games and mid-game: words the table kept in the language it was dealt in, and how a pad gets through the
screens around the games."""

from __future__ import annotations

import pytest

from game import i18n, screens
from game.core.contract import TableConfig
from game.games.ratscrew import engine as rs
from game.match import SeatSpec


@pytest.fixture
def english_after():
    yield
    i18n.set_language("en")  # the app installs the settings' language for the whole worker


def _language(app, code: str) -> None:
    """As the settings' Language row does it (from the pause menu, over the table)."""
    app.settings["language"] = code
    app.save_settings()


def _small_print(table) -> str:
    table.app.frames(2)
    return "\n".join(box.text for box in table.view.boxes.all() if box.kind == "small_print")


def test_the_ratscrew_corner_follows_a_change_of_language_mid_game(app, english_after):
    """Issue: after Settings → Language in the pause menu the Ratscrew table's corner still read "Slap on: Double,
    Sandwich, Top-bottom" under a Danish "Regler: …" line: its slaps line was worded once, when dealt."""
    config = TableConfig("ratscrew", rs.Rules(), [SeatSpec("human"), SeatSpec("bot", "casual")], 7)
    app.nav.push(screens.Title())
    app.nav.push(screens.Table(config))
    app.frames(2)
    table = app.top
    assert _small_print(table).startswith("Slap on: Double, Sandwich, Top-bottom")
    app.nav.push(screens.Settings())
    _language(app, "da")
    app.pop()
    assert app.top is table
    assert _small_print(table).startswith("Slå på: Par, Sandwich")
    _language(app, "sv")
    assert _small_print(table).startswith("Slå på: ")
    assert "Slap on" not in _small_print(table)
