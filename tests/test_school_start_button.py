"""The practice schools' setup screens start on a pad's Start and on Tab, as the lobby plays on them: their
focused button says "Start", and a child pressing the pad's Start went back to the games instead. Esc and B
still go back; the hint names Tab / Start."""

from __future__ import annotations

import pygame
import pytest
from support_app import top_name
from support_pads import PLAYSTATION, tap
from test_school_pad import to_setup

from game import screens
from game.input.virtualpad import VirtualPad
from game.render.text import TextRecorder

SCHOOLS = {("nothanks", "numbers"): "LessonScene", ("ratscrew", "school"): "DrillScene"}  # entry: its first screen

needs_pads = pytest.mark.skipif(not VirtualPad.available(), reason="SDL's virtual joystick is out of reach")


def key(app, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
    app.frames(2)


def keyboard_setup(app, entry: tuple[str, str]) -> None:
    app.nav.push(screens.Title())
    app.frames(3)
    key(app, pygame.K_RETURN)  # Play
    entries = [(e.game, e.mode) for e in app.top.entries]
    for _ in range(entries.index(entry)):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert top_name(app) == "SetupScene"


@needs_pads
@pytest.mark.parametrize("entry", SCHOOLS, ids=lambda e: e[0])
def test_a_pads_start_starts_the_school_from_anywhere_on_its_setup(app, pads, entry):
    pad = pads(PLAYSTATION, "DualSense Wireless Controller")
    to_setup(app, pad, entry)
    tap(app, pad, "dpup")  # off the Start button: Start starts from any row, as in the lobby
    assert app.top.menu.current.label != "Start"
    tap(app, pad, "start")
    assert top_name(app) == SCHOOLS[entry]


@needs_pads
@pytest.mark.parametrize("entry", SCHOOLS, ids=lambda e: e[0])
def test_a_pads_b_still_goes_back(app, pads, entry):
    pad = pads(PLAYSTATION, "DualSense Wireless Controller")
    to_setup(app, pad, entry)
    tap(app, pad, "b")
    assert top_name(app) == "ChooseGameScene"


@pytest.mark.parametrize("entry", SCHOOLS, ids=lambda e: e[0])
def test_tab_starts_and_esc_goes_back_on_the_keyboard(app, entry):
    keyboard_setup(app, entry)
    with TextRecorder() as boxes:
        app.frames(1)
    assert any("Tab / Start start" in text for _, text in boxes.drawn), [text for _, text in boxes.drawn]
    key(app, pygame.K_TAB)
    assert top_name(app) == SCHOOLS[entry]
    app.nav.reset(screens.Title())
    app.frames(2)
    keyboard_setup(app, entry)
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "ChooseGameScene"
