"""Issue 38's audit: on a player's stats, ↓ goes down the screen. It went from the player's name to Export CSV at
the bottom right, then Players…, then up again to the schools' progress buttons over them: a parent pressing ↓
to find "Slap school: progress…" saw the focus jump about."""

from __future__ import annotations

from support_app import make_app, press

from game import screens
from game.i18n import t


def test_down_goes_through_the_stats_buttons_top_to_bottom(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    app = make_app(tmp_path, size=(1920, 1080))
    try:
        app.history.create("Mia")
        app.nav.push(screens.Title())
        app.nav.push(screens.Stats())
        app.frames(2)
        stats = app.top
        menu = stats.menu
        assert menu.current.label == t("Stats for")
        seen = [(menu.current.label, menu.rects[menu.index])]
        for _ in range(len(menu.items) - 1):
            press(app, "down")
            seen.append((menu.current.label, menu.rects[menu.index]))
        labels = [label for label, _ in seen]
        assert labels[1:3] == [t("{title}: progress…", title=t("Number school")),
                               t("{title}: progress…", title=t("Slap school"))]
        assert labels[3:] == [t("Export CSV"), t("Players…")]
        tops = [rect.y for _, rect in seen]
        assert tops == sorted(tops), seen  # never back up the screen
        press(app, "down")
        assert menu.current.label == t("Stats for")  # round to the top
    finally:
        app.stack.clear()
        app.history.close()
