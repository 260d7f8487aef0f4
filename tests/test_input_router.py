"""The router with a fake clock and posted events: stamps, ties, seats, menu keys, system events."""

from __future__ import annotations

import pygame
import pytest

from game.commands import BACK, CONFIRM, DOWN, FIRST, PAUSE, PLAY, SECOND, SLAP, UP
from game.input import InputRouter


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
    r.system_events()
    return r


def key(code: int, up: bool = False) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYUP if up else pygame.KEYDOWN, key=code))


def test_presses_in_one_read_share_poll_and_stamp_and_are_a_tie(router, clock):
    key(pygame.K_RSHIFT)
    key(pygame.K_LSHIFT)
    clock.now = 5_000_000
    router.poll()
    a, b = router.drain()
    assert (a.seat, a.action, b.seat, b.action) == (1, SECOND, 0, SECOND)
    assert a.poll == b.poll and a.t_ns == b.t_ns == 5_000_000


def test_stamps_are_read_time_not_drain_time_and_order_follows_them(router, clock):
    clock.now = 2_000_000
    key(pygame.K_LSHIFT)
    router.poll()
    clock.now = 3_000_000
    key(pygame.K_RSHIFT)
    router.poll()
    clock.now = 99_000_000  # a frame later: draining doesn't restamp
    cmds = router.drain()
    assert [(c.seat, c.t_ns) for c in cmds] == [(0, 2_000_000), (1, 3_000_000)]
    assert cmds[0].poll + 1 == cmds[1].poll
    assert router.drain() == []


def test_seat_keys_report_first_and_second_buttons_whatever_the_game(router):
    key(pygame.K_q)
    key(pygame.K_LSHIFT)
    key(pygame.K_p)
    router.poll()
    assert [(c.seat, c.action) for c in router.drain()] == [(0, FIRST), (0, SECOND), (1, FIRST)]
    assert not hasattr(router, "set_game")  # input is never told which game is on


def test_menu_keys_have_no_seat(router):
    for code in (pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_BACKSPACE, pygame.K_ESCAPE):
        key(code)
    router.poll()
    cmds = router.drain()
    assert [c.action for c in cmds] == [UP, DOWN, CONFIRM, BACK, PAUSE]
    assert all(c.seat is None and c.device == "kb" for c in cmds)


def test_system_events(router):
    key(pygame.K_F11)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    for kind in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
        pygame.event.post(pygame.event.Event(kind, w=800, h=600, x=800, y=600, size=(800, 600)))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    router.poll()
    assert router.system_events() == ["fullscreen", "focus_lost", "focus_gained", "resized", "quit"]
    assert router.system_events() == []
    assert router.drain() == []  # F11 is not a command


def test_seat_follows_its_device_and_unseated_keys_wait_for_the_join_screen(router):
    router.clear_seats()
    key(pygame.K_p)
    router.poll()
    assert router.drain() == []  # row 2's key, nobody plays with it: nothing for a table
    router.claiming = True
    key(pygame.K_p)
    router.poll()
    (cmd,) = router.drain()
    assert (cmd.seat, cmd.device) == (None, "kb:1")
    router.claiming = False
    router.assign("kb:1", 0)  # P2's keys now play seat 1 (index 0)
    key(pygame.K_RSHIFT)
    router.poll()
    assert [(c.seat, c.action) for c in router.drain()] == [(0, SECOND)]
    assert router.seat_controls(0) == "P / R-Shift"
    assert router.seat_controls(1) == ""


def test_rebinding_changes_what_is_read(router):
    router.bind(0, PLAY, "k")
    key(pygame.K_q)
    key(pygame.K_k)
    router.poll()
    assert [(c.seat, c.action) for c in router.drain()] == [(0, FIRST)]
    router.reset_bindings()
    key(pygame.K_q)
    router.poll()
    assert [(c.seat, c.action) for c in router.drain()] == [(0, FIRST)]


def test_held_keys_for_the_controls_screen(router):
    key(pygame.K_LSHIFT)
    key(pygame.K_j)
    router.poll()
    assert sorted(router.held_keys()) == ["J", "L-Shift"]
    key(pygame.K_j, up=True)
    router.poll()
    assert router.held_keys() == ["L-Shift"]
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    router.poll()
    assert router.held_keys() == []


def test_altgr_counts_as_right_alt(router):
    key(pygame.K_MODE)
    router.poll()
    assert [(c.seat, c.action) for c in router.drain()] == [(5, SECOND)]


def test_capture_takes_the_next_press_instead_of_a_command(router):
    router.capturing = True
    key(pygame.K_LSHIFT)
    key(pygame.K_ESCAPE)
    router.poll()
    assert router.drain() == []
    assert router.captured == [("kb", "left shift"), ("kb", "escape")]


def test_saved_bindings_are_used(clock):
    saved = InputRouter(clock=clock).bindings
    saved.bind(3, SLAP, "h")
    r = InputRouter(settings_bindings=saved.to_dict(), clock=clock)
    pygame.event.clear()
    key(pygame.K_h)
    r.poll()
    assert [(c.seat, c.action) for c in r.drain()] == [(3, SECOND)]
