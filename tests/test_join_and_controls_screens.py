"""The join screen and the Controls screen, driven by posted key presses through the real router."""

from __future__ import annotations

import pygame
import pytest
import support_table

from game.scenes.controls import BACK_ROW, PAD_ROW, RESET_ROW, ControlsScene
from game.scenes.join import JoinScene
from game.ui.scene import Scene


class App(support_table.FakeApp):
    """The app's services on the real router (FakeApp: the real scene stack), driven by posted keys."""

    def __init__(self) -> None:
        super().__init__()
        self.frame()

    def keys(self, *codes: int) -> None:
        for code in codes:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code))
            self.frame()


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((1280, 720))
    yield


def drawn(scene: Scene) -> pygame.Surface:
    surface = pygame.Surface((1280, 720))
    scene.draw(surface, 0.0)
    return surface


def not_blank(surface: pygame.Surface) -> bool:
    colours = {surface.get_at((x, y))[:3] for x in range(0, 1280, 37) for y in range(0, 720, 29)}
    return len(colours) > 3


# -- join ---------------------------------------------------------------------------------------------
def test_keyboard_seats_join_in_press_order_and_can_leave():
    app = App()
    done = []
    app.push(JoinScene(seats=4, min_players=2, on_done=done.append))
    app.keys(pygame.K_z)  # row P3's first key: takes the first free seat, P1
    app.keys(pygame.K_q)  # row P1's first key: P2
    assert app.top.joined() == {0: "kb:2", 1: "kb:0"}
    app.keys(pygame.K_LCTRL)  # row P3's second key: leaves P1
    assert app.top.joined() == {1: "kb:0"}
    app.keys(pygame.K_RETURN)  # one player is not enough
    assert app.top is not None and "At least 2" in app.top.message
    app.keys(pygame.K_m)  # row P4 takes the free P1
    assert not_blank(drawn(app.top))
    app.keys(pygame.K_RETURN)
    assert app.top is None and done == [{0: "kb:3", 1: "kb:0"}]
    assert app.input.seat_controls(0) == "M / R-Ctrl" and not app.input.claiming


def test_seats_close_up_when_done():
    app = App()
    done = []
    app.push(JoinScene(on_done=done.append))
    app.keys(pygame.K_q, pygame.K_p, pygame.K_z)  # P1, P2, P3
    app.keys(pygame.K_RSHIFT)  # P2 leaves
    app.keys(pygame.K_RETURN)
    assert done == [{0: "kb:0", 1: "kb:2"}] and app.input.seat_of("kb:2") == 1


def test_join_back_keeps_the_seats_as_they_were():
    app = App()
    before = dict(app.input.owner)
    app.push(JoinScene())
    app.keys(pygame.K_q)
    app.keys(pygame.K_BACKSPACE)
    assert app.top is None and app.input.owner == before


def test_a_seat_that_leaves_is_named_as_its_box_names_it():
    app = App()
    app.history.create("Bo")
    app.push(JoinScene(seats=4))
    app.keys(pygame.K_q, pygame.K_p)  # P1's row takes seat 1, P2's seat 2
    app.keys(pygame.K_RIGHT)  # the last keyboard seat (seat 2) is played by Bo
    assert app.top.profiles == {1: app.history.by_name("Bo").id} and app.top.message == "Bo joined."
    app.keys(pygame.K_RSHIFT)  # P2's second key: Bo leaves
    assert app.top.message == "Bo left." and app.top.joined() == {0: "kb:0"}
    app.keys(pygame.K_LSHIFT)  # a guest's seat is named by its number, as its box names it
    assert app.top.message == "Player 1 left."


def test_full_table_says_so():
    app = App()
    app.push(JoinScene(seats=2))
    app.keys(pygame.K_q, pygame.K_p, pygame.K_z)
    assert app.top.joined() == {0: "kb:0", 1: "kb:1"} and "All 2 seats" in app.top.message


# -- controls -----------------------------------------------------------------------------------------
def test_press_a_key_to_bind_it_and_it_is_saved():
    app = App()
    app.push(ControlsScene())
    app.keys(pygame.K_DOWN, pygame.K_RIGHT, pygame.K_RETURN)  # P2, slap/pass column: wait for a key
    assert app.top.waiting
    app.keys(pygame.K_k)
    assert app.input.bindings.keys_of(1) == ("p", "k")
    assert app.settings["bindings"]["keyboard"][1] == ["p", "k"] and app.saves == 1
    assert "P2 now uses K" in app.top.message


def test_duplicate_key_is_refused_with_a_message():
    app = App()
    app.push(ControlsScene())
    app.keys(pygame.K_RETURN, pygame.K_RSHIFT)  # P1 play <- P2's slap key
    assert app.top.refused and "already P2's key" in app.top.message
    assert app.input.bindings.keys_of(0) == ("q", "left shift") and app.saves == 0
    assert not_blank(drawn(app.top))
    assert app.top.waiting  # "Pick another": the next key is taken without pressing Enter again
    app.keys(pygame.K_w)
    assert app.input.bindings.keys_of(0) == ("w", "left shift") and app.saves == 1
    assert not app.top.waiting and not app.top.refused


def test_escape_cancels_and_reset_restores_defaults():
    app = App()
    app.push(ControlsScene())
    app.keys(pygame.K_RETURN, pygame.K_ESCAPE)
    assert not app.top.waiting and app.input.bindings.keys_of(0) == ("q", "left shift")
    app.input.bind(0, "play", "k")
    app.top.row = RESET_ROW
    app.keys(pygame.K_RETURN)
    assert app.input.bindings.keys_of(0) == ("q", "left shift") and app.saves == 1
    app.top.row = PAD_ROW
    app.keys(pygame.K_RETURN, pygame.K_j)  # the pads row wants a pad button
    assert app.top.refused and app.input.bindings.owner_of("j") is None
    app.keys(pygame.K_ESCAPE)  # still listening after a refusal: Esc gives up
    assert not app.top.waiting and "Nothing changed" in app.top.message
    app.top.row = BACK_ROW
    app.keys(pygame.K_RETURN)
    assert app.top is None


def test_held_keys_are_shown_with_their_owner():
    app = App()
    app.push(ControlsScene())
    for code in (pygame.K_LSHIFT, pygame.K_k):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code))
    app.frame()
    assert sorted(app.top.held_lines()) == ["K (nobody's)", "L-Shift (P1 Slap / Pass)"]
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_k))
    app.frame()
    assert app.top.held_lines() == ["L-Shift (P1 Slap / Pass)"]
    assert not_blank(drawn(app.top))


def test_the_controls_hint_names_the_connected_pads_buttons(app, pads):
    """Found playing: with a PS5 pad connected the Controls screen still said "Enter / A change   Backspace / B
    back" (the Xbox words); it names each connected pad's own, as every other hint does."""
    from support_pads import PLAYSTATION

    app.push(ControlsScene())
    app.frames(2)
    assert app.top.hint().endswith("Enter / A change   Backspace / B back")  # no pad: the generic words
    pads(PLAYSTATION, "Wireless Controller")
    app.frames(2)
    assert app.top.hint().endswith("Enter / \u2715 change   Backspace / \u25cb back")
