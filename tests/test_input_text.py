"""The router's text entry: typed text and Backspace / Enter / Esc become TextEdits, never seat or menu
Commands, while it is on; off again, the same keys are seat keys and menu actions as before."""

from __future__ import annotations

import pygame
import pytest

from game.commands import BACK, CONFIRM, DOWN, FIRST, PAUSE, UP
from game.input import InputRouter, TextEdit


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000

    def __call__(self) -> int:
        return self.now


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((320, 200))
    yield


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def router(clock):
    pygame.event.clear()
    r = InputRouter(clock=clock)
    r.poll()
    r.drain()
    r.drain_text()
    r.system_events()
    yield r
    r.set_text_input(False)


def key(code: int, text: str = "") -> None:
    """What SDL sends for one key stroke: KEYDOWN, the TEXTINPUT it types (if any), KEYUP."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=text, scancode=0))
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode=text, scancode=0))


def test_typed_letters_are_text_not_seat_keys_while_text_entry_is_on(router, clock):
    router.set_text_input(True)
    clock.now = 7_000_000
    for code, text in ((pygame.K_SPACE, " "), (pygame.K_LSHIFT, ""), (pygame.K_f, "F"), (pygame.K_q, "q")):
        key(code, text)
    router.poll()
    assert router.drain() == []  # q is seat 1's play key and L-Shift its slap key, but not while typing
    edits = router.drain_text()
    assert [e.text for e in edits] == [" ", "F", "q"]
    assert all(e.key == "" and e.t_ns == 7_000_000 and e.poll == router.polls for e in edits)


def test_backspace_enter_escape_are_edits_and_arrows_stay_menu_actions(router):
    router.set_text_input(True)
    for code in (pygame.K_BACKSPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
        key(code)
    key(pygame.K_UP)
    key(pygame.K_DOWN)
    router.poll()
    assert [e.key for e in router.drain_text()] == ["backspace", "enter", "enter", "escape"]
    assert [(c.seat, c.action) for c in router.drain()] == [(None, UP), (None, DOWN)]


def test_text_entry_off_again_gives_the_old_commands_and_ignores_typed_text(router):
    router.set_text_input(True)
    router.set_text_input(False)
    key(pygame.K_q, "q")
    key(pygame.K_BACKSPACE)
    key(pygame.K_RETURN)
    key(pygame.K_ESCAPE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="x"))  # e.g. an IME that still sends text
    router.poll()
    assert router.drain_text() == []
    assert [(c.seat, c.action) for c in router.drain()] == [(0, FIRST), (None, BACK), (None, CONFIRM),
                                                            (None, PAUSE)]


def test_f11_still_toggles_fullscreen_while_typing(router):
    router.set_text_input(True)
    key(pygame.K_F11)
    router.poll()
    assert router.system_events() == ["fullscreen"]
    assert router.drain() == [] and router.drain_text() == []


def test_text_edits_are_stamped_like_commands(router, clock):
    router.set_text_input(True)
    clock.now = 2_000_000
    key(pygame.K_a, "a")
    router.poll()
    clock.now = 3_000_000
    key(pygame.K_BACKSPACE)
    router.poll()
    first, second = router.drain_text()
    assert first == TextEdit("a", "", 2_000_000, first.poll)
    assert second == TextEdit("", "backspace", 3_000_000, first.poll + 1)
