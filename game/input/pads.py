"""Gamepads by instance_id: opens each as an SDL game controller (or a plain joystick when SDL has no
mapping for it) and turns its events into named control presses, one event family per pad.

An opened controller sends CONTROLLER* and JOY* events for the same press; a pad listens to one family
only, so a press is counted once. Sticks, hats and triggers become virtual buttons with hysteresis.

Each pad knows its family (game.input.families: Xbox, PlayStation, Nintendo, Steam Deck or generic), from
SDL's type for it, so its buttons are named as printed. SDL's button names follow the printed labels
(SDL_GAMECONTROLLER_USE_BUTTON_LABELS is set to 1 before the first pad opens, not left to SDL's default).

A Steam virtual pad and the physical pad it mirrors are one player: `twin` pairs a pad with the pad whose
presses it repeats (the same control at the same moment), and the router then hears only one of them.

Feedback to the pad, where it has it (harmless where not): `rumble` (pygame's rumble on the open
controller or joystick) and `light` (its LED in the seat's colour, and SDL's player index, which lights
the player lamps of Xbox and Switch pads).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame
import pygame._sdl2.controller as sdl_controller

from game.input import families
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
Device = sdl_controller.Controller | pygame.joystick.JoystickType  # an open pad: a game controller or a joystick
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
BUTTON_LABELS_HINT = "SDL_GAMECONTROLLER_USE_BUTTON_LABELS"
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
    events: str  # CONTROLLER or JOYSTICK: the event family it listens to
    device: Device | None = None  # the open Controller or Joystick (kept so SDL keeps it open)
    held: set[str] = field(default_factory=set)
    family: str = families.GENERIC  # whose buttons it has (game.input.families)
    model: int = 0  # SDL's SDL_GameControllerType for it
    vendor: int = 0
    product: int = 0

    @property
    def id(self) -> str:
        return f"pad:{self.instance_id}"

    @property
    def steam_virtual(self) -> bool:
        """Steam Input's virtual pad (it stands in for a physical pad, which may be seen too)."""
        return (self.vendor, self.product) == (families.VALVE, families.STEAM_VIRTUAL) or "Steam Virtual" in self.name

    def label(self, control: str) -> str:
        """`control` as printed on this pad: "✕", "ZR", "Options"."""
        return families.label(control, self.family, self.model)


class Pads:
    """The connected pads and the translation of their events into (pad, control, pressed) triples."""

    def __init__(self, learn: Callable[[], None] | None = None) -> None:
        self.by_id: dict[int, Pad] = {}
        self.twins: dict[int, int] = {}  # a pad's instance id -> the pad it mirrors (heard instead)
        # What SDL must know before a pad opens (the mapping database: game.input.mappings), told by the first
        # pad to arrive, whether plugged in before the start or later: a start with no pad never reads it.
        self._learn = learn
        set_button_labels()
        if not pygame.joystick.get_init():
            pygame.joystick.init()
        if not sdl_controller.get_init():
            sdl_controller.init()

    def add(self, device_index: int) -> Pad | None:
        """Open the device at `device_index` (from a *DEVICEADDED event); None if already open or gone."""
        if self._learn is not None:
            learn, self._learn = self._learn, None
            learn()  # before SDL is asked whether the pad is a game controller: its mapping may be in there
        try:
            joystick = pygame.joystick.Joystick(device_index)
            instance_id = joystick.get_instance_id()
            if instance_id in self.by_id:
                return None
            device: Device
            if sdl_controller.is_controller(device_index):
                device, events = sdl_controller.Controller(device_index), CONTROLLER
            else:
                device, events = joystick, JOYSTICK
            name, guid = joystick.get_name(), joystick.get_guid()
        except pygame.error:
            return None  # unplugged again before we got to it
        model, vendor, product = device_kind(device_index)
        used = {p.number for p in self.by_id.values()}
        number = next(n for n in range(1, len(used) + 2) if n not in used)
        pad = Pad(instance_id, number, name, guid, events, device, family=families.family_of(model, vendor, product),
                  model=model, vendor=vendor, product=product)
        self.by_id[instance_id] = pad
        return pad

    def remove(self, instance_id: int) -> Pad | None:
        """Forget a pad (from a *DEVICEREMOVED event); None if it was already gone."""
        for twin in [i for i, of in self.twins.items() if instance_id in (i, of)]:
            del self.twins[twin]
        return self.by_id.pop(instance_id, None)

    def twin(self, pressed: list[tuple[Pad, str]], seated: set[int]) -> tuple[Pad, Pad, str] | None:
        """Of the (pad, control) presses of the last moments, a pad that only mirrors another: a Steam
        virtual pad and a physical pad pressing the same control together are one pad seen twice (Steam
        Input shows both). The physical one is kept (it knows its own buttons); the Steam one becomes its
        twin and is not heard again. Returns the newly found (twin, the pad it mirrors, the control).

        Two pads that both play a seat (`seated`: their instance ids) are two people, never a pair: a
        copy gives itself away at its first press, before it has a seat of its own (two friends slapping
        in the same instant, one on the Deck's own controls, stay two players)."""
        steam = [(p, c) for p, c in pressed if p.steam_virtual and p.instance_id not in self.twins]
        for virtual, control in steam:
            mirror = next((p for p, c in pressed if c == control and not p.steam_virtual
                           and p.instance_id not in self.twins.values()
                           and not {p.instance_id, virtual.instance_id} <= seated), None)
            if mirror is not None:
                self.twins[virtual.instance_id] = mirror.instance_id
                return virtual, mirror, control
        return None

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
        instance_id = event.dict.get("instance_id")  # (a keyboard or window event has none)
        pad = self.by_id.get(instance_id) if isinstance(instance_id, int) else None
        if pad is None or event.type not in PAD_EVENTS[pad.events]:
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


def set_button_labels() -> None:
    """SDL names a Nintendo pad's face buttons by their printed labels (its "a" is the right-hand A), as the
    labels this game draws assume: said explicitly, before a pad opens, not left to SDL's default."""
    os.environ[BUTTON_LABELS_HINT] = "1"
    sdl = load_sdl()
    if sdl is not None:
        sdl.SDL_SetHint(BUTTON_LABELS_HINT.encode(), b"1")


def device_kind(device_index: int) -> tuple[int, int, int]:
    """SDL's (type, vendor id, product id) of the pad at `device_index`; zeros where SDL can't be reached."""
    sdl = load_sdl()
    if sdl is None:
        return 0, 0, 0
    return (sdl.SDL_GameControllerTypeForIndex(device_index), sdl.SDL_JoystickGetDeviceVendor(device_index),
            sdl.SDL_JoystickGetDeviceProduct(device_index))


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
