"""Corner notices about pads ("Controller 2 connected — press Start, then A, to join") are worded when drawn: one on
show follows a change of language made meanwhile on the pause menu's settings, as the table's banners do."""

from __future__ import annotations

import pytest
from support_pads import SWITCH, XBOX, device, tap
from test_default_names_language import _language, english_after  # noqa: F401 - the fixture, named in usefixtures
from test_pad_only_play import HANDS, notices, ratscrew_table

from game import screens
from game.input.virtualpad import VirtualPad
from game.match import SeatSpec
from game.ui import widgets as ui

pytestmark = [pytest.mark.skipif(not VirtualPad.available(), reason="SDL's virtual joystick is out of reach"),
              pytest.mark.usefixtures("english_after")]


def _language_from_the_pause_menu(app, code: str) -> None:
    table = app.top
    app.nav.push(screens.Settings())
    app.frames(2)
    _language(app, code)
    app.pop()
    app.frames(2)
    assert app.top is table


def test_a_pad_plugged_in_mid_game_is_told_how_to_join_in_the_language_chosen_since(app, pads):
    one = pads()
    app.frames(3)
    table = ratscrew_table(app, [SeatSpec("human", name="Ann"), SeatSpec("bot", "pro")], {0: device(one)}, HANDS[:2])
    tap(app, one, "a")  # the first card: bots' seats only from the pause menu now
    app.toasts.drop("back1")  # "Controller 1 is Ann again"
    pads(SWITCH)
    app.frames(3)
    assert table.join_offer() == "pause"
    assert notices(app) == ["Controller 2 connected \u2014 press +, then A, to join"]
    _language_from_the_pause_menu(app, "da")
    assert notices(app) == ["Controller 2 tilsluttet \u2014 tryk + og s\u00e5 A for at v\u00e6re med"]
    _language_from_the_pause_menu(app, "sv")
    assert notices(app) == ["Kontroll 2 ansluten \u2014 tryck + och sedan A f\u00f6r att vara med"]


def test_a_pad_that_took_a_seat_is_said_to_play_it_in_the_new_language_and_the_seats_new_name(app, pads):
    one, two = pads(), pads(XBOX)
    app.frames(3)
    ratscrew_table(app, [SeatSpec("human", name="Ann"), SeatSpec("bot", "casual")], {0: device(one)}, HANDS[:2])
    tap(app, two, "a")  # before the first card: it takes the bot's seat
    assert "Controller 2 plays Player 2" in notices(app)
    _language_from_the_pause_menu(app, "da")
    assert "Controller 2 spiller Spiller 2" in notices(app), notices(app)  # the default name too
    assert not [n for n in notices(app) if "plays" in n or "Player" in n]


def test_a_pad_with_no_seat_mid_game_is_told_how_to_join_in_the_new_language(app, pads):
    one = pads()
    app.frames(3)
    ratscrew_table(app, [SeatSpec("human", name="Ann"), SeatSpec("bot", "pro")], {0: device(one)}, HANDS[:2])
    tap(app, one, "a")  # the first card
    other = pads(SWITCH)
    app.frames(3)
    app.toasts.drop("pad_added")
    app.toasts.drop("back1")  # "Controller 1 is Ann again"
    tap(app, other, "a")  # A where it can't join: how it can
    assert notices(app) == ["Controller 2 \u2014 press +, then A, to join"]
    _language_from_the_pause_menu(app, "sv")
    assert notices(app) == ["Kontroll 2 \u2014 tryck + och sedan A f\u00f6r att vara med"]


def test_a_notice_is_worded_each_time_it_is_drawn():
    said = ["one"]
    toasts = ui.Toasts()
    toasts.add(0, lambda: said[0], key="k")
    toasts.add(1, "fixed")
    assert [text for _, text, _, _ in toasts.active(2)] == ["one", "fixed"]
    said[0] = "two"
    assert [text for _, text, _, _ in toasts.active(2)] == ["two", "fixed"]
    toasts.add(3, "two")  # the same words as one on show: that one makes way
    assert [text for _, text, _, _ in toasts.active(4)] == ["fixed", "two"]
