"""The slap school with pads only, through SDL's virtual joystick (real SDL controller events): one pad from
the title to a drill (A through the menus, B slaps, the pad rumbles), a second pad joining on the setup
screen by pressing A and slapping its own seat's pile, the pause overlay and the stars screen's buttons."""

from __future__ import annotations

import dataclasses

import pytest
from support_app import run_until, top_name
from support_pads import PLAYSTATION, device, tap

from game import screens
from game.games.ratscrew.school.session import RIGHT, WRONG
from game.input.virtualpad import VirtualPad

pytestmark = pytest.mark.skipif(not VirtualPad.available(), reason="SDL's virtual joystick is out of reach")


def to_setup(app, pad: VirtualPad, entry: tuple[str, str] = ("ratscrew", "school")) -> None:
    """From the title to a practice mode's setup (the slap school's by default) with the pad alone."""
    app.nav.push(screens.Title())
    app.frames(3)
    tap(app, pad, "a")  # Play: this pad is Player 1
    assert top_name(app) == "ChooseGameScene"
    entries = [(e.game, e.mode) for e in app.top.entries]
    for _ in range(entries.index(entry)):
        tap(app, pad, "dpright")
    tap(app, pad, "a")
    assert top_name(app) == "SetupScene"


def focus(app, pad: VirtualPad, label: str, button: str) -> None:
    """Move the menu with the d-pad until `label` is focused."""
    for _ in range(12):
        if app.top.menu.current.label == label:
            return
        tap(app, pad, button)
    raise AssertionError(f"no row {label!r}")


def script(drill, cards: list[str]) -> None:
    queue = list(cards)
    real = drill.session.dealer.next_card
    drill.session.dealer.next_card = lambda pile: (queue.pop(0), "scripted") if queue else real(pile)


def shown(app, drill, index: int) -> None:
    run_until(app, lambda: drill.session.current is not None and drill.session.current.index == index
              and drill.session.current.shown_ns is not None, max_seconds=30, step_frames=1)


def test_one_pad_alone_reaches_a_drill_and_slaps_with_b(app, pads):
    pad = pads()
    to_setup(app, pad)
    setup = app.top
    assert setup.devices[0] == device(pad) and setup.player_items[0].value() == "Controller 1: A / B"
    focus(app, pad, "Pace", "dpup")
    tap(app, pad, "dpright")  # Adaptive -> Slow
    assert setup.options.pace == "slow"
    focus(app, pad, "Cards", "dpdown")
    tap(app, pad, "dpleft")  # Cards 30 -> 20
    assert setup.options.cards == 20
    focus(app, pad, "Start", "dpdown")
    assert setup.menu.current.label == "Start"
    tap(app, pad, "a")
    drill = app.top
    assert top_name(app) == "DrillScene" and drill.phase == "example"
    script(drill, ["3C", "JH", "JS", "4D", "9C", "TS"])
    tap(app, pad, "b")  # B (the slap button) goes on: to the untimed first step (a guest: the pattern is new)
    assert drill.phase == "quiz" and top_name(app) == "DrillScene"  # B did not leave the screen
    tap(app, pad, "start")
    tap(app, pad, "dpdown")
    tap(app, pad, "dpdown")
    assert drill.pause_menu.current.label == "Skip to the drill"
    tap(app, pad, "a")
    assert drill.phase == "ready" and not drill.paused
    shown(app, drill, 2)
    app.frames(15)
    tap(app, pad, "b")
    assert drill.session.cards[2].answers[0][0] == RIGHT
    assert pad.rumbles and max(low for low, _ in pad.rumbles) > 0  # the pad felt the right slap
    shown(app, drill, 4)
    app.frames(10)
    tap(app, pad, "leftshoulder")  # a shoulder slaps too: 4D 9C is nothing
    assert drill.session.cards[4].answers[0][0] == WRONG
    tap(app, pad, "start")
    assert drill.paused
    tap(app, pad, "b")  # B closes the pause overlay
    assert not drill.paused
    tap(app, pad, "start")
    tap(app, pad, "dpdown")
    tap(app, pad, "dpdown")
    tap(app, pad, "a")  # Back to setup
    assert app.top is setup


def test_a_second_pad_joins_on_the_setup_screen_and_plays_its_own_seat(app, pads):
    one = pads()
    to_setup(app, one)
    two = pads(PLAYSTATION)
    app.frames(3)
    setup = app.top
    assert setup._pad_line() == "Controller 2: press ✕ to join"  # a PlayStation pad: its ✕
    tap(app, two, "a")
    assert top_name(app) == "SetupScene" and setup.players == 2
    assert setup.devices[:2] == [device(one), device(two)] and app.input.seat_of(device(two)) == 1
    assert setup.player_items[1].value() == "Controller 2: ✕ / ○"
    setup.options = dataclasses.replace(setup.options, cards=6, pace="fast")  # a short session
    tap(app, one, "a")  # Start
    drill = app.top
    drill.quiz = None  # the untimed first step has its own tests (test_school_quiz.py)
    script(drill, ["8C", "8D", "5S"])
    tap(app, two, "b")
    shown(app, drill, 1)
    app.frames(12)
    tap(app, two, "b")
    assert list(drill.session.current.answers) == [1]  # Player 2's slap, not Player 1's
    run_until(app, lambda: top_name(app) == "StarsScene", max_seconds=60)
    stars = app.top
    tap(app, two, "leftshoulder")  # Player 2's shoulder: their table
    assert stars.focus == 1 and top_name(app) == "StarsScene"
    assert stars.menu.current.label == "Again"
    tap(app, one, "a")
    assert top_name(app) == "DrillScene" and app.top.players == 2
