"""Issue 38's audit: the house rules' slap lockouts read in order, as every other timing there does."""

from __future__ import annotations

from support_app import focus, house_rules

from game.i18n import t
from game.scenes.lobby import LobbyScene


def test_the_lockouts_offered_read_shortest_to_longest(app):
    """The house rules listed "0.5 s · 0.25 s · 1 s · 2 s · Never" (the default first), and ← → went 0.5 s, 0.25 s,
    1 s."""
    app.push(LobbyScene("ratscrew"))
    app.frames(2)
    house_rules(app)
    focus(app, t("Wrong slap locks the slap"))
    labels, at = app.top.menu.current.choices()
    assert labels == ["0.25 s", "0.5 s", "1 s", "2 s", t("Never")] and labels[at] == "0.5 s"  # the default still
