"""Gamepads end to end: SDL's virtual joystick (real SDL controller events) where the SDL library can be
reached, posted events otherwise: plug, join a seat, slap, unplug mid-game, plug back into the same seat."""

from __future__ import annotations

import itertools

import pygame
import pytest
import support_table

from game.commands import BACK, CONFIRM, DOWN, FIRST, LEFT, PAUSE, SECOND, UP
from game.input import InputRouter
from game.input.pads import CONTROLLER, JOYSTICK, Pad, Pads
from game.input.virtualpad import BUTTONS, VirtualPad
from game.scenes.join import JoinScene, PadLostScene
from game.ui.scene import Scene

_ids = itertools.count(1000)


class PostedPad:
    """Stand-in where SDL's virtual joystick is out of reach: posts what SDL would, both event families."""

    def __init__(self, monkeypatch) -> None:
        monkeypatch.setattr(Pads, "add", PostedPad._add)
        self.instance_id: int | None = None

    @staticmethod
    def _add(pads: Pads, device_index: int) -> Pad | None:
        if device_index in pads.by_id:
            return None
        number = next(n for n in itertools.count(1) if n not in {p.number for p in pads.by_id.values()})
        pad = Pad(device_index, number, "Posted pad", "posted-guid", CONTROLLER)
        pads.by_id[device_index] = pad
        return pad

    def plug(self) -> int:
        self.instance_id = next(_ids)
        for kind in (pygame.CONTROLLERDEVICEADDED, pygame.JOYDEVICEADDED):
            pygame.event.post(pygame.event.Event(kind, device_index=self.instance_id))
        return self.instance_id

    def _button(self, name: str, down: bool) -> None:
        button = BUTTONS.index(name)
        kinds = ((pygame.CONTROLLERBUTTONDOWN, pygame.JOYBUTTONDOWN) if down
                 else (pygame.CONTROLLERBUTTONUP, pygame.JOYBUTTONUP))
        for kind in kinds:
            pygame.event.post(pygame.event.Event(kind, instance_id=self.instance_id, button=button))

    def press(self, name: str) -> None:
        self._button(name, True)

    def release(self, name: str) -> None:
        self._button(name, False)

    def axis(self, name: str, value: float) -> None:
        axis = ("leftx", "lefty", "rightx", "righty", "lefttrigger", "righttrigger").index(name)
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=self.instance_id,
                                             axis=axis, value=round(value * 32767)))
        pygame.event.post(pygame.event.Event(pygame.JOYAXISMOTION, instance_id=self.instance_id,
                                             axis=axis, value=value))

    def unplug(self) -> None:
        for kind in (pygame.CONTROLLERDEVICEREMOVED, pygame.JOYDEVICEREMOVED):
            pygame.event.post(pygame.event.Event(kind, instance_id=self.instance_id))


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((1280, 720))
    yield


@pytest.fixture(params=["sdl", "posted"])
def make_pad(request, monkeypatch):
    """Real SDL virtual pads ("sdl", when the library is reachable; else posted ones too) and posted
    pads; unplugged afterwards."""
    made = []
    real = request.param == "sdl" and VirtualPad.available()

    def make():
        pad = VirtualPad() if real else PostedPad(monkeypatch)
        made.append(pad)
        return pad

    yield make
    for pad in made:
        if isinstance(pad, VirtualPad):
            pad.unplug()
    pygame.event.pump()
    pygame.event.clear()


class FakeApp(support_table.FakeApp):
    """The table services on a given router."""

    def __init__(self, router: InputRouter) -> None:
        super().__init__()
        self.input = router


class Table(Scene):
    """A table stand-in: records game commands; can hand a seat to a bot."""

    wants_pause_on_focus_loss = True

    def __init__(self) -> None:
        self.commands = []
        self.bots = []

    def handle(self, cmd) -> None:
        self.commands.append(cmd)

    def seat_names(self) -> list[str]:
        return [f"Player {n}" for n in range(1, 9)]

    def give_seat_to_bot(self, seat: int) -> None:
        self.bots.append(seat)

    def lost_seats(self) -> list[int]:
        return sorted(self.app.input.lost)  # a game under way: it waits for every seat whose pad went

    def refresh_seats(self, force: bool = False) -> None:
        pass


@pytest.fixture
def app():
    pygame.event.clear()
    router = InputRouter()
    a = FakeApp(router)
    a.frame()
    return a


def test_plugged_pad_announces_itself_and_joins_the_next_free_seat(app, make_pad):
    pad = make_pad()
    iid = pad.plug()
    app.input.poll()
    assert f"pad_added:{iid}" in app.input.system_events()
    assert f"pad:{iid}" not in app.input.owner  # no seat until it joins
    joined = {}
    app.push(JoinScene(on_done=joined.update))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p))  # keyboard row P2 joins: seat P1
    app.frame()
    pad.press("a")
    app.frame()
    pad.release("a")
    assert app.input.seat_of("kb:1") == 0 and app.input.seat_of(f"pad:{iid}") == 1
    pad.press("start")
    app.frame()
    assert app.top is None and joined == {0: "kb:1", 1: f"pad:{iid}"}
    assert app.input.seat_controls(1) == "Controller 1: A / B"


def test_pad_slap_is_one_command_for_its_seat(app, make_pad):
    pad = make_pad()
    iid = pad.plug()
    app.frame()
    app.input.assign(f"pad:{iid}", 3)
    table = Table()
    app.push(table)
    pad.press("b")
    app.frame()
    pad.release("b")
    pad.press("rightshoulder")
    app.frame()
    pad.release("rightshoulder")
    pad.axis("lefttrigger", 1.0)
    app.frame()
    game = [(c.seat, c.action) for c in table.commands if c.action in (FIRST, SECOND)]
    assert game == [(3, SECOND), (3, SECOND), (3, SECOND)]  # B, a shoulder, a trigger: one press each
    assert [c.action for c in table.commands if c.action not in (FIRST, SECOND)] == [BACK]  # B is also "back"
    pad.press("a")
    app.frame()
    assert [(c.seat, c.action) for c in table.commands[-2:]] == [(3, FIRST), (3, CONFIRM)]


def test_controller_and_joystick_families_count_once(monkeypatch):
    pygame.event.clear()
    router = InputRouter()
    pad = PostedPad(monkeypatch)
    iid = pad.plug()
    router.claiming = True
    router.poll()
    pad.press("x")  # bound to nothing: no command from either family
    pad.press("b")
    router.poll()
    assert [(c.action, c.device) for c in router.drain()] == [(SECOND, f"pad:{iid}"), (BACK, f"pad:{iid}")]
    # An unmapped pad listens to the joystick family instead.
    router.pads.by_id[iid].events = JOYSTICK
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=iid, button=0))
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=iid, button=0))
    pygame.event.post(pygame.event.Event(pygame.JOYHATMOTION, instance_id=iid, hat=0, value=(0, 1)))
    router.poll()
    assert [c.action for c in router.drain()] == [FIRST, CONFIRM, UP]


def test_menus_by_pad_alone(app, make_pad):
    pad = make_pad()
    pad.plug()
    app.frame()
    got = []
    for press in ("dpdown", "dpup", "dpleft", "a", "b", "start"):
        pad.press(press)
        got += [c.action for c in app.frame()]
        pad.release(press)
    pad.axis("lefty", 1.0)  # stick down
    got += [c.action for c in app.frame()]
    pad.axis("lefty", 0.1)  # back to rest (below the release threshold), then down again
    app.frame()
    pad.axis("lefty", 0.9)
    got += [c.action for c in app.frame()]
    assert got == [DOWN, UP, LEFT, CONFIRM, BACK, PAUSE, DOWN, DOWN]


def test_unplug_mid_game_pauses_and_plugging_back_restores_the_seat(app, make_pad):
    pad = make_pad()
    iid = pad.plug()
    app.frame()
    app.input.assign(f"pad:{iid}", 2)
    table = Table()
    app.push(table)
    pad.unplug()
    app.frame()
    assert isinstance(app.top, PadLostScene)
    assert app.input.lost_seat(iid) == 2 and app.input.seat_controls(2) == "Controller 1 unplugged"
    surface = pygame.Surface(app.size)
    app.top.draw(surface, 0.0)  # the overlay draws (over whatever is below)
    back = make_pad()
    new_iid = back.plug()
    app.frame()
    assert app.top is table  # the overlay went away by itself
    assert app.input.seat_of(f"pad:{new_iid}") == 2 and not app.input.lost
    back.press("b")
    app.frame()
    assert (table.commands[-2].seat, table.commands[-2].action) == (2, SECOND)


def key(code: int, down: bool = True) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=code))


def hold_enter(app, seconds: float) -> None:
    """Hold Enter for `seconds` of the app's clock, then let go."""
    key(pygame.K_RETURN)
    app.frame()
    app.clock.advance(round(seconds * 1e9))
    app.frame()
    key(pygame.K_RETURN, down=False)
    app.frame()


def test_lost_seat_can_go_to_a_bot_or_the_keyboard(app, make_pad):
    pads = [make_pad(), make_pad()]
    ids = [p.plug() for p in pads]
    app.frame()
    app.input.clear_seats()
    app.input.assign(f"pad:{ids[0]}", 0)
    app.input.assign(f"pad:{ids[1]}", 1)
    table = Table()
    app.push(table)
    for p in pads:
        p.unplug()
    app.frame()
    overlay = app.top
    assert isinstance(overlay, PadLostScene) and len(app.stack) == 2  # one overlay for both seats
    labels = [item.label for item in overlay.menu.items]
    # No pad is left to hold A on: the keyboard's Enter is named (found playing: a keyboard household read "Hold A")
    assert labels == ["Wait", "Give Player 1 to a bot? Hold Enter", "Play Player 1 with Q / L-Shift? Hold Enter",
                      "Give Player 2 to a bot? Hold Enter", "Play Player 2 with P / R-Shift? Hold Enter"]
    assert overlay.menu.current.label == "Wait"  # focus starts on Wait
    key(pygame.K_DOWN)
    app.frame()
    hold_enter(app, 0.5)  # a press shorter than a second changes nothing
    assert table.bots == [] and app.input.lost.keys() == {0, 1}
    assert overlay.said == "Hold Enter for a second to confirm"
    hold_enter(app, 1.01)
    assert table.bots == [0] and app.input.device_of(0) is None
    assert [item.label for item in overlay.menu.items] == [
        "Wait", "Give Player 2 to a bot? Hold Enter", "Play Player 2 with P / R-Shift? Hold Enter"]
    for _ in range(2):
        key(pygame.K_DOWN)
        app.frame()
    hold_enter(app, 1.01)  # P2's keyboard option
    assert app.top is table and app.input.device_of(1) == "kb:1"


def test_unplugging_a_pad_without_a_seat_changes_nothing(app, make_pad):
    pad = make_pad()
    iid = pad.plug()
    app.frame()
    app.push(Table())
    pad.unplug()
    app.frame()
    assert isinstance(app.top, Table) and app.input.lost_seat(iid) is None
