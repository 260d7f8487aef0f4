"""Two things found playing issue 38's parts with a pad, on the schools' setups:

- a guest named Mia and the remembered Mia: the "who plays?" picker tells them apart ("Guest: Mia", "Mia"),
  the slap school's setup showed both as "Mia" (a parent could not tell whose history a session went to);
- Progress… was greyed on the slap school's setup while only guests sat there, though the player's stats open
  the same summary for anyone remembered; now both open it, and a player who has not practised yet is told so
  ("No practice yet") instead of a table of blanks ("no practice", "0 rounds kept, …")."""

from __future__ import annotations

import pygame
import pytest
from support_app import focus, make_app, press, top_name

from game import i18n, screens
from game.games.nothanks.school import text as numbers_text
from game.games.ratscrew.school import text as school_text
from game.i18n import t
from game.render.text import TextRecorder


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    a = make_app(tmp_path)
    yield a
    i18n.set_language("en")
    a.stack.clear()
    a.history.close()
    pygame.event.clear()


def drawn(app) -> list[str]:
    with TextRecorder() as boxes:
        app.top.draw(app.screen, 0.0)
    return [text for _, text in boxes.drawn]


def slap_setup(app):
    app.nav.push(screens.Title())
    app.nav.push(screens.Practice("ratscrew", "school"))
    app.frames(2)
    return app.top


@pytest.mark.parametrize("language", ["en", "da", "sv"])
def test_a_guest_and_the_remembered_player_of_one_name_read_apart_as_on_the_picker(app, language):
    i18n.set_language(language)
    mia = app.history.create("Mia")
    app.settings["names"] = ["Mia", *list(app.settings["names"])[1:]]  # Player 1's guest is called Mia too
    setup = slap_setup(app)
    setup._change_players(1)
    setup._picked(1, mia.id)
    guest = t("Guest: {name}", name="Mia")
    assert guest != "Mia" and [item.label for item in setup.player_items] == [guest, "Mia"]
    assert {guest, "Mia"} <= set(drawn(app))
    setup.pick_player(0)  # the picker says them the same way
    assert top_name(app) == "ProfilePickScene" and guest in [item.label for item in app.top.menu.items]


def test_a_setup_of_guests_opens_the_progress_of_a_player_who_never_practised(app):
    mia = app.history.create("Mia")
    setup = slap_setup(app)
    assert setup.profiles[0] is None  # a guest plays; Mia is remembered but has never practised
    focus(app, school_text.progress_button())
    press(app, "enter")
    assert top_name(app) == "SummaryScene" and app.top.profile_id == mia.id
    said = drawn(app)
    assert school_text.no_practice_yet() in said and t("no practice") not in said  # said once, not in blanks
    # The stats' Progress… shows the same.
    press(app, "back")
    app.nav.push(screens.Stats())
    app.frames(2)
    focus(app, t("{title}: progress…", title=school_text.title()))
    press(app, "enter")
    assert top_name(app) == "SummaryScene" and app.top.profile_id == mia.id
    assert school_text.no_practice_yet() in drawn(app)


def test_with_nobody_remembered_progress_stays_greyed_on_the_setup_and_the_stats(app):
    setup = slap_setup(app)
    assert not setup.button_items[0].enabled()
    app.nav.push(screens.Stats())
    app.frames(2)
    assert not any(item.enabled() for item in app.top.menu.items if item.label.endswith(("Progress…", "progress…")))


def test_the_number_schools_summary_says_no_practice_yet(app):
    mia = app.history.create("Mia")
    app.nav.push(screens.Title())
    app.nav.push(screens.Practice("nothanks", "numbers"))
    app.frames(2)
    setup = app.top
    setup._change_who(1)  # Mia plays
    assert setup.options.profile == mia.id
    focus(app, t("Progress…"))
    press(app, "enter")
    said = drawn(app)
    assert top_name(app) == "SummaryScene" and numbers_text.no_rounds_yet() in said
    assert not any(line.startswith("0 rounds") for line in said)
