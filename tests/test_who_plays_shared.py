"""The lobby's seats and the slap school's setup pick who plays a row with one piece of code
(game.ui.who_plays.WhoPlays): neither screen has its own copy of it, and a remembered player picked on either
takes the same keys, plays the same table seat and is named the same."""

from __future__ import annotations

import pygame
import pytest
from support_app import focus, make_app, press, top_name
from test_school_scenes import to_setup

from game import screens
from game.games.ratscrew.school.setup import SetupScene
from game.i18n import t
from game.scenes.lobby.seating import Seating
from game.ui.who_plays import WhoPlays

SHARED = ("player_name", "taken", "unplayed", "_free_keys", "_remembered", "sync_router", "joined_profiles",
          "pick_player", "cycle_profile", "_picked", "_type_name")


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    a = make_app(tmp_path)
    yield a
    a.stack.clear()
    a.history.close()
    pygame.event.clear()


def open_screen(app, screen: str):
    """The screen, and what picks who plays its rows (the lobby's seating part, the school's setup itself)."""
    if screen == "lobby":
        lobby = app.nav.push(screens.Lobby("ratscrew"))
        return lobby, lobby.seating
    to_setup(app)
    return app.top, app.top


def test_both_screens_pick_players_with_the_one_shared_code():
    for screen in (Seating, SetupScene):
        assert issubclass(screen, WhoPlays)
        own = [name for name in SHARED if getattr(screen, name) is not getattr(WhoPlays, name)]
        assert own == [], f"{screen.__name__} has its own {own}"


@pytest.mark.parametrize("screen", ["lobby", "school"])
def test_a_player_picked_plays_the_same_on_either_screen(app, screen):
    mia, leo = app.history.create("Mia"), app.history.create("Leo")
    app.history.change(mia.id, device="kb:3")
    shown, seats = open_screen(app, screen)
    assert seats.profiles[0] is None and seats.devices[0] == "kb:0"
    guest = t("Guest: {name}", name=t("Player {n}", n=1))  # either screen's row says "guest" as the picker does
    focus(app, guest)
    press(app, "enter")  # the same picker, listing the same people
    assert top_name(app) == "ProfilePickScene"
    assert [i.label for i in app.top.menu.items] == [guest, "Leo", "Mia",
                                                    t("Guest with another name…"), t("New player…")]
    focus(app, "Mia")
    press(app, "enter")
    assert app.top is shown and seats.profiles[0] == mia.id and seats.player_name(0) == "Mia"
    assert seats.devices[0] == "kb:3" and app.input.seat_of("kb:3") == 0  # her keys play her seat
    # The keys she remembers pick her only while no other row has her; Leo's are nobody's.
    assert seats._remembered("kb:3", 0) == mia.id and seats._remembered("kb:3", 1) is None
    assert seats._remembered("kb:1", 1) is None and mia.id in seats.taken(1) and seats.taken(0) == set()
    # ← → on a name go through the guest and the free remembered players (the school's name row, the same code).
    seats.cycle_profile(0, -1)
    assert seats.profiles[0] == leo.id and seats.player_name(0) == "Leo" and seats.devices[0] == "kb:3"
    seats.cycle_profile(0, -1)
    assert seats.profiles[0] is None and seats.player_name(0) == t("Player {n}", n=1)
