"""Gamepads by instance_id: opens each as an SDL game controller (or a plain joystick when SDL has no
mapping for it) and turns its events into named control presses, one event family per pad.

An opened controller sends CONTROLLER* and JOY* events for the same press; a pad listens to one family
only, so a press is counted once. Sticks, hats and triggers become virtual buttons with hysteresis.

Feedback to the pad, where it has it (harmless where not): `rumble` (pygame's rumble on the open
controller or joystick) and `light` (its LED in the seat's colour, and SDL's player index, which lights
the player lamps of Xbox and Switch pads).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame
import pygame._sdl2.controller as sdl_controller

from game.input.virtualpad import load_sdl

CONTROLLER, JOYSTICK = "controller", "joystick"

# SDL game-controller buttons (pygame.CONTROLLER_BUTTON_*) by their mapping names.
CONTROLLER_BUTTONS = {
    pygame.CONTROLLER_BUTTON_A: "a", pygame.CONTROLLER_BUTTON_B: "b",
    pygame.CONTROLLER_BUTTON_X: "x", pygame.CONTROLLER_BUTTON_Y: "y",
    pygame.CONTROLLER_BUTTON_BACK: "back", pygame.CONTROLLER_BUTTON_GUIDE: "guide",
    pygame.CONTROLLER_BUTTON_START: "start",
    pygame.CONTROLLER_BUTTON_LEFTSTICK: "leftstick", pygame.CONTROLLER_BUTTON_RIGHTSTICK: "rightstick",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "leftshoulder",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rightshoulder",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "dpup", pygame.CONTROLLER_BUTTON_DPAD_DOWN: "dpdown",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "dpleft", pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "dpright",
}
# Pads SDL can't map: the common XInput-like and generic-USB orders (faces 0-3, shoulders 4-5,
# back 6 or 8, start 7 or 9).
JOYSTICK_BUTTONS = {0: "a", 1: "b", 2: "x", 3: "y", 4: "leftshoulder", 5: "rightshoulder",
                    6: "back", 7: "start", 8: "back", 9: "start"}
# Axes as (negative-side control, positive-side control); triggers have only a positive side.
CONTROLLER_AXES = {
    pygame.CONTROLLER_AXIS_LEFTX: ("stickleft", "stickright"),
    pygame.CONTROLLER_AXIS_LEFTY: ("stickup", "stickdown"),
    pygame.CONTROLLER_AXIS_TRIGGERLEFT: (None, "lefttrigger"),
    pygame.CONTROLLER_AXIS_TRIGGERRIGHT: (None, "righttrigger"),
}
JOYSTICK_AXES = {0: ("stickleft", "stickright"), 1: ("stickup", "stickdown")}
PRESS_AT, RELEASE_AT = 0.6, 0.3  # of full deflection: hysteresis so a resting stick never chatters

PAD_EVENTS = {
    CONTROLLER: {pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION},
    JOYSTICK: {pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP, pygame.JOYAXISMOTION, pygame.JOYHATMOTION},
}
ALL_PAD_EVENTS = PAD_EVENTS[CONTROLLER] | PAD_EVENTS[JOYSTICK]
ADDED = {pygame.JOYDEVICEADDED, pygame.CONTROLLERDEVICEADDED}
REMOVED = {pygame.JOYDEVICEREMOVED, pygame.CONTROLLERDEVICEREMOVED}


@dataclass
class Pad:
    """One connected pad. `number` is the friendly "Pad 1", reused after the pad leaves."""

    instance_id: int
    number: int
    name: str
    guid: str
    family: str
    device: object = None  # the open Controller or Joystick (kept so SDL keeps it open)
    held: set[str] = field(default_factory=set)

    @property
    def id(self) -> str:
        return f"pad:{self.instance_id}"


class Pads:
    """The connected pads and the translation of their events into (pad, control, pressed) triples."""

    def __init__(self) -> None:
        self.by_id: dict[int, Pad] = {}
        if not pygame.joystick.get_init():
            pygame.joystick.init()
        if not sdl_controller.get_init():
            sdl_controller.init()

    def add(self, device_index: int) -> Pad | None:
        """Open the device at `device_index` (from a *DEVICEADDED event); None if already open or gone."""
        try:
            joystick = pygame.joystick.Joystick(device_index)
            instance_id = joystick.get_instance_id()
            if instance_id in self.by_id:
                return None
            if sdl_controller.is_controller(device_index):
                device, family = sdl_controller.Controller(device_index), CONTROLLER
            else:
                device, family = joystick, JOYSTICK
            name, guid = joystick.get_name(), joystick.get_guid()
        except pygame.error:
            return None  # unplugged again before we got to it
        used = {p.number for p in self.by_id.values()}
        number = next(n for n in range(1, len(used) + 2) if n not in used)
        pad = Pad(instance_id, number, name, guid, family, device)
        self.by_id[instance_id] = pad
        return pad

    def remove(self, instance_id: int) -> Pad | None:
        """Forget a pad (from a *DEVICEREMOVED event); None if it was already gone."""
        return self.by_id.pop(instance_id, None)

    def rumble(self, instance_id: int, low: float, high: float, ms: int) -> bool:
        """Rumble pad `instance_id` (motor strengths 0..1) for `ms` (both 0: stop); False where it can't."""
        pad = self.by_id.get(instance_id)
        if pad is None or pad.device is None:
            return False
        try:
            if low <= 0 and high <= 0:
                pad.device.stop_rumble()
                return True
            return bool(pad.device.rumble(low, high, max(1, int(ms))))
        except (pygame.error, AttributeError, TypeError, ValueError):
            return False

    def light(self, instance_id: int, colour: tuple[int, int, int] | None, seat: int | None) -> None:
        """Show a pad's seat on the pad: its LED in `colour` (a dim white for no seat) and SDL's player
        index `seat` (-1 for none). Pads without an LED or player lamps ignore it."""
        pad = self.by_id.get(instance_id)
        if pad is None or pad.device is None:
            return
        try:
            pad.device.set_led(colour if colour is not None else (40, 40, 40))
        except (pygame.error, AttributeError, TypeError, ValueError):
            pass
        set_player_index(instance_id, -1 if seat is None else seat)

    def translate(self, event: pygame.event.Event) -> list[tuple[Pad, str, bool]]:
        """Control presses (True) and releases (False) in one pad event; [] for the other family."""
        pad = self.by_id.get(event.dict.get("instance_id"))  # (a keyboard or window event has none)
        if pad is None or event.type not in PAD_EVENTS[pad.family]:
            return []
        kind = event.type
        if kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            control = CONTROLLER_BUTTONS.get(event.button)
            return self._set(pad, control, kind == pygame.CONTROLLERBUTTONDOWN) if control else []
        if kind in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP):
            control = JOYSTICK_BUTTONS.get(event.button)
            return self._set(pad, control, kind == pygame.JOYBUTTONDOWN) if control else []
        if kind == pygame.CONTROLLERAXISMOTION:
            sides = CONTROLLER_AXES.get(event.axis)
            return self._axis(pad, sides, event.value / 32767) if sides else []
        if kind == pygame.JOYAXISMOTION:
            sides = JOYSTICK_AXES.get(event.axis)
            return self._axis(pad, sides, float(event.value)) if sides else []
        x, y = event.value  # JOYHATMOTION: y = +1 is up
        out: list[tuple[Pad, str, bool]] = []
        for control, on in (("dpleft", x < 0), ("dpright", x > 0), ("dpup", y > 0), ("dpdown", y < 0)):
            out += self._set(pad, control, on)
        return out

    def _axis(self, pad: Pad, sides: tuple[str | None, str], value: float) -> list[tuple[Pad, str, bool]]:
        out: list[tuple[Pad, str, bool]] = []
        for control, amount in ((sides[0], -value), (sides[1], value)):
            if control is None:
                continue
            if control in pad.held:
                if amount < RELEASE_AT:
                    out += self._set(pad, control, False)
            elif amount >= PRESS_AT:
                out += self._set(pad, control, True)
        return out

    @staticmethod
    def _set(pad: Pad, control: str, pressed: bool) -> list[tuple[Pad, str, bool]]:
        if pressed == (control in pad.held):
            return []  # no change (a hat reporting the other axis, a repeated button state)
        if pressed:
            pad.held.add(control)
        else:
            pad.held.discard(control)
        return [(pad, control, pressed)]


def set_player_index(instance_id: int, index: int) -> bool:
    """SDL's player index of an open joystick (pygame has no call for it): lights the player lamps of
    the pads that have them. False where SDL's library can't be reached."""
    sdl = load_sdl()
    if sdl is None:
        return False
    handle = sdl.SDL_JoystickFromInstanceID(instance_id)
    if not handle:
        return False
    sdl.SDL_JoystickSetPlayerIndex(handle, index)
    return True
