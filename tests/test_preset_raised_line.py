"""Issue 38's audit: a preset file that asks for a table a masher could use loads raised, and the lobby's line
says so in two sentences. Its two lines (the house-rules screen shows them one under the other) ran on in the
lobby's one line: "Imported the preset Quick hands Slap lockout raised from 0.25 s to 2 s: …"."""

from __future__ import annotations

from support_app import focus, house_rules, press
from test_presetio_lobby import exports  # noqa: F401 - a fixture

from game import presets_io
from game.games.ratscrew import engine as rs
from game.games.ratscrew import text as rs_text
from game.i18n import t
from game.presets_io import Preset
from game.scenes.lobby import LobbyScene


def test_the_lobby_says_the_import_and_what_was_raised_as_two_sentences(app, exports):  # noqa: F811
    presets_io.write(Preset("ratscrew", "Quick hands", {"wrong_slap": "timeout", "slap_lockout_ms": 250}),
                     exports / "quick.json")
    app.push(LobbyScene("ratscrew"))
    app.frames(2)
    scene = app.top
    house_rules(app)
    focus(app, t("Import"))
    press(app, "enter")
    raised = rs_text.lockout_raised(250, scene.rules)
    assert scene.rules.slap_lockout_ms == rs.MASH_FLOOR_MS
    assert scene.house.told == ("Imported the preset Quick hands", raised)  # the house-rules screen: two lines
    press(app, "back")
    assert type(app.top) is LobbyScene
    assert scene.news() == f"Imported the preset Quick hands. {raised}"


def test_the_lockouts_offered_read_shortest_to_longest(app):
    """The house rules listed "0.5 s · 0.25 s · 1 s · 2 s · Never" (the default first), and ← → went 0.5 s, 0.25 s,
    1 s: every other timing there reads in order."""
    app.push(LobbyScene("ratscrew"))
    app.frames(2)
    house_rules(app)
    focus(app, t("Wrong slap locks the slap"))
    labels, at = app.top.menu.current.choices()
    assert labels == ["0.25 s", "0.5 s", "1 s", "2 s", t("Never")] and labels[at] == "0.5 s"  # the default still
