"""Who plays in the slap school, with pads only (SDL's virtual joystick, real controller events): a pad of the
kind a profile remembers joins the setup as that player, a pad picks its player on the lobby's picker with the
d-pad and A (and keeps playing: the pad in hand is theirs), and the session they play is recorded for both."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from support_app import make_app, run_until, top_name
from test_school_pad import PLAYSTATION, device, focus, script, shown, tap, to_setup

from game.i18n import t
from game.input.virtualpad import VirtualPad

pytestmark = pytest.mark.skipif(not VirtualPad.available(), reason="SDL's virtual joystick is out of reach")


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    a = make_app(tmp_path)
    made: list[VirtualPad] = []
    a.plugged = made
    yield a
    a.stack.clear()
    a.history.close()
    for pad in made:
        pad.unplug()
    pygame.event.pump()
    pygame.event.clear()


def plug(app, model=(0x045E, 0x028E)) -> VirtualPad:
    pad = VirtualPad("Virtual pad", *model)
    pad.plug()
    app.plugged.append(pad)
    app.frames(3)
    return pad


def test_pads_pick_their_players_on_the_setup_and_both_sessions_are_recorded(app):
    mia, leo = app.history.create("Mia"), app.history.create("Leo")
    app.history.change(mia.id, device="kb:3")  # Mia's keys: she plays with the pad she picked with today
    one = plug(app)
    to_setup(app, one)
    setup = app.top
    assert setup.devices[0] == device(one) and setup.profiles[0] is None
    two = plug(app, PLAYSTATION)
    guid = app.input.pads.by_id[two.instance_id].guid
    app.history.change(leo.id, device=f"pad:{guid}", device_name="PlayStation pad")
    tap(app, two, "a")  # a pad of the kind Leo remembers joins: Player 2 is Leo
    assert setup.players == 2 and setup.devices[1] == device(two) and setup.profiles[1] == leo.id
    assert setup.message == t("Controller {n} joined: {name}", n=2, name="Leo")
    assert [i.label for i in setup.player_items] == ["Guest: Player 1", "Leo"]
    # Pad 1 on its own row: A opens the picker, the d-pad finds Mia, A picks her.
    focus(app, one, "Guest: Player 1", "dpdown")
    tap(app, one, "a")
    assert top_name(app) == "ProfilePickScene"
    focus(app, one, "Mia", "dpdown")
    tap(app, one, "a")
    assert app.top is setup and setup.profiles[:2] == [mia.id, leo.id]
    assert setup.devices[:2] == [device(one), device(two)]  # the pad in hand plays on; kb:3 is not taken
    assert app.input.seat_of(device(one)) == 0 and [i.label for i in setup.player_items] == ["Mia", "Leo"]
    setup.options = dataclasses.replace(setup.options, cards=3, pace="fast")
    focus(app, one, "Start", "dpdown")
    tap(app, one, "a")
    drill = app.top
    assert top_name(app) == "DrillScene" and drill.names == ["Mia", "Leo"]
    script(drill, ["8C", "8D", "5S"])
    tap(app, two, "b")  # Leo's slap button goes on: the untimed first step (the double is new to both)
    assert drill.phase == "quiz"
    tap(app, one, "start")  # … skipped here (test_school_quiz.py plays it): pause, Skip to the drill
    tap(app, one, "dpdown")
    tap(app, one, "dpdown")
    tap(app, one, "a")
    assert drill.phase == "ready"
    shown(app, drill, 1)
    app.frames(12)
    tap(app, one, "b")  # Mia slaps the double; Leo misses it
    right_ms = drill.session.cards[1].answers[0][1]
    run_until(app, lambda: top_name(app) == "StarsScene", max_seconds=60)
    rows = app.history.read(lambda c: c.execute(
        "SELECT p.profile_id, p.correct, p.decisions, s.seat, s.rule, s.outcome, s.reaction_ms "
        "FROM practice p JOIN events s ON s.practice_id = p.id ORDER BY p.profile_id").fetchall())
    assert rows == [(mia.id, 1, 1, 0, "double", "right", right_ms), (leo.id, 0, 1, 1, "double", "missed", None)]
