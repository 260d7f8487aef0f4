"""A virtual gamepad through SDL's own virtual-joystick API (ctypes on the SDL2 library that pygame-ce
loaded), so tests and benches get real SDL controller events: attach, press, unplug, plug back.

`VirtualPad(name, vendor, product)` describes the pad (two pads with different ids have different GUIDs,
like two different models); what the game sends back to it is recorded: `rumbles` (low, high motor
strengths 0..65535, as SDL hands them to the driver), `leds` (r, g, b) and `player_index`.

`VirtualPad.available()` says whether the library and the API could be reached; when not, tests fall
back to posted events. `load_sdl()` is also how the game reaches SDL calls pygame has none for.
"""

from __future__ import annotations

import ctypes
import glob
import os

import pygame

SDL_JOYSTICK_TYPE_GAMECONTROLLER = 1
SDL_VIRTUAL_JOYSTICK_DESC_VERSION = 1
# Layout of SDL's virtual game controller: buttons in SDL_GameControllerButton order, then six axes.
BUTTONS = ("a", "b", "x", "y", "back", "guide", "start", "leftstick", "rightstick", "leftshoulder",
           "rightshoulder", "dpup", "dpdown", "dpleft", "dpright")
AXES = ("leftx", "lefty", "rightx", "righty", "lefttrigger", "righttrigger")

_UPDATE = ctypes.CFUNCTYPE(None, ctypes.c_void_p)
_SET_PLAYER_INDEX = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int)
_RUMBLE = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_uint16, ctypes.c_uint16)
_SET_LED = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_uint8, ctypes.c_uint8, ctypes.c_uint8)
_SEND_EFFECT = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int)


class _Desc(ctypes.Structure):
    """SDL2's SDL_VirtualJoystickDesc (version 1)."""

    _fields_ = [
        ("version", ctypes.c_uint16), ("type", ctypes.c_uint16), ("naxes", ctypes.c_uint16),
        ("nbuttons", ctypes.c_uint16), ("nhats", ctypes.c_uint16), ("vendor_id", ctypes.c_uint16),
        ("product_id", ctypes.c_uint16), ("padding", ctypes.c_uint16), ("button_mask", ctypes.c_uint32),
        ("axis_mask", ctypes.c_uint32), ("name", ctypes.c_char_p), ("userdata", ctypes.c_void_p),
        ("Update", _UPDATE), ("SetPlayerIndex", _SET_PLAYER_INDEX), ("Rumble", _RUMBLE),
        ("RumbleTriggers", _RUMBLE), ("SetLED", _SET_LED), ("SendEffect", _SEND_EFFECT),
    ]


class SDLGuid(ctypes.Structure):
    """SDL_JoystickGUID: 16 bytes, passed by value."""

    _fields_ = [("data", ctypes.c_uint8 * 16)]


_sdl: ctypes.CDLL | None = None
_tried = False
_has_ex = False  # SDL_JoystickAttachVirtualEx (SDL 2.24+): pads with ids, a name and feedback callbacks


def _library_candidates() -> list[str]:
    here = os.path.dirname(pygame.__file__)
    found = []
    for folder in (os.path.join(here, os.pardir, "pygame_ce.libs"), here):
        found += sorted(glob.glob(os.path.join(folder, "libSDL2-2*.so*")))
        found += sorted(glob.glob(os.path.join(folder, "SDL2.dll")))
        found += sorted(glob.glob(os.path.join(folder, "libSDL2*.dylib")))
    return found


def load_sdl() -> ctypes.CDLL | None:
    """The SDL2 library pygame uses (same handle, same state), with the signatures we call."""
    global _sdl, _tried, _has_ex
    if _sdl is not None or _tried:
        return _sdl
    _tried = True
    for path in _library_candidates():
        try:
            lib = ctypes.CDLL(path)
            lib.SDL_JoystickAttachVirtual.argtypes = [ctypes.c_int] * 4
        except (OSError, AttributeError):
            continue
        lib.SDL_JoystickAttachVirtual.restype = ctypes.c_int
        try:
            lib.SDL_JoystickAttachVirtualEx.argtypes = [ctypes.POINTER(_Desc)]
            lib.SDL_JoystickAttachVirtualEx.restype = ctypes.c_int
            _has_ex = True
        except AttributeError:  # SDL older than 2.24: plain virtual pads only
            pass
        lib.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
        lib.SDL_JoystickOpen.argtypes = [ctypes.c_int]
        lib.SDL_JoystickOpen.restype = ctypes.c_void_p
        lib.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
        lib.SDL_JoystickInstanceID.argtypes = [ctypes.c_void_p]
        lib.SDL_JoystickFromInstanceID.argtypes = [ctypes.c_int]
        lib.SDL_JoystickFromInstanceID.restype = ctypes.c_void_p
        lib.SDL_JoystickSetPlayerIndex.argtypes = [ctypes.c_void_p, ctypes.c_int]
        lib.SDL_JoystickSetPlayerIndex.restype = None
        lib.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
        lib.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int16]
        lib.SDL_GetError.restype = ctypes.c_char_p
        lib.SDL_SetHint.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
        lib.SDL_GameControllerTypeForIndex.argtypes = [ctypes.c_int]
        lib.SDL_JoystickGetDeviceVendor.argtypes = [ctypes.c_int]
        lib.SDL_JoystickGetDeviceVendor.restype = ctypes.c_uint16
        lib.SDL_JoystickGetDeviceProduct.argtypes = [ctypes.c_int]
        lib.SDL_JoystickGetDeviceProduct.restype = ctypes.c_uint16
        lib.SDL_RWFromConstMem.argtypes = [ctypes.c_void_p, ctypes.c_int]
        lib.SDL_RWFromConstMem.restype = ctypes.c_void_p
        lib.SDL_GameControllerAddMappingsFromRW.argtypes = [ctypes.c_void_p, ctypes.c_int]
        lib.SDL_GameControllerAddMapping.argtypes = [ctypes.c_char_p]
        lib.SDL_GameControllerMappingForGUID.argtypes = [SDLGuid]
        lib.SDL_GameControllerMappingForGUID.restype = ctypes.c_void_p
        lib.SDL_JoystickGetGUIDFromString.argtypes = [ctypes.c_char_p]
        lib.SDL_JoystickGetGUIDFromString.restype = SDLGuid
        lib.SDL_free.argtypes = [ctypes.c_void_p]
        lib.SDL_GetPlatform.restype = ctypes.c_char_p
        _sdl = lib
        return lib
    return None


class VirtualPad:
    """One virtual game controller. `plug()` attaches it (SDL then posts the *DEVICEADDED events),
    `press(name)`/`release(name)` set a button, `unplug()` detaches it."""

    def __init__(self, name: str = "Virtual pad", vendor: int = 0, product: int = 0) -> None:
        sdl = load_sdl()
        if sdl is None:
            raise RuntimeError("the SDL2 library inside pygame-ce could not be loaded")
        self._sdl = sdl
        self._index = -1
        self._handle: int | None = None
        self.instance_id: int | None = None
        self.name, self.vendor, self.product = name, vendor, product
        self.rumbles: list[tuple[int, int]] = []
        self.leds: list[tuple[int, int, int]] = []
        self.player_index: int | None = None
        # ctypes callbacks must outlive the pad in SDL: kept here.
        self._callbacks = (_UPDATE(0), _SET_PLAYER_INDEX(self._on_player_index), _RUMBLE(self._on_rumble),
                           _RUMBLE(self._on_rumble_triggers), _SET_LED(self._on_led), _SEND_EFFECT(0))
        self._desc: _Desc | None = None
        self._name = name.encode()

    @staticmethod
    def available() -> bool:
        return load_sdl() is not None

    def plug(self) -> int:
        """Attach; returns the SDL instance id the router will see."""
        pygame.joystick.init()
        if _has_ex:
            _, set_index, rumble, triggers, led, _ = self._callbacks
            self._desc = _Desc(
                version=SDL_VIRTUAL_JOYSTICK_DESC_VERSION, type=SDL_JOYSTICK_TYPE_GAMECONTROLLER,
                naxes=len(AXES), nbuttons=len(BUTTONS), nhats=0, vendor_id=self.vendor,
                product_id=self.product, button_mask=(1 << len(BUTTONS)) - 1, axis_mask=(1 << len(AXES)) - 1,
                name=self._name, SetPlayerIndex=set_index, Rumble=rumble, RumbleTriggers=triggers, SetLED=led,
            )
            index = self._sdl.SDL_JoystickAttachVirtualEx(ctypes.byref(self._desc))
        else:
            index = self._sdl.SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, len(AXES),
                                                        len(BUTTONS), 0)
        if index < 0:
            raise RuntimeError(f"SDL_JoystickAttachVirtual failed: {self._sdl.SDL_GetError().decode()}")
        handle = self._sdl.SDL_JoystickOpen(index)
        if not handle:
            raise RuntimeError(f"SDL_JoystickOpen failed: {self._sdl.SDL_GetError().decode()}")
        self._index, self._handle = index, handle
        self.instance_id = self._sdl.SDL_JoystickInstanceID(handle)
        return self.instance_id

    def press(self, name: str) -> None:
        self._button(name, 1)

    def release(self, name: str) -> None:
        self._button(name, 0)

    def axis(self, name: str, value: float) -> None:
        """Set an axis from -1..1 (triggers 0..1)."""
        raw = max(-32768, min(32767, round(value * 32767)))
        self._check(self._sdl.SDL_JoystickSetVirtualAxis(self._handle, AXES.index(name), raw))

    def unplug(self) -> None:
        """Detach (SDL posts the *DEVICEREMOVED events with the old instance id)."""
        if self._handle is not None:
            self._sdl.SDL_JoystickClose(self._handle)
            self._handle = None
            self._check(self._sdl.SDL_JoystickDetachVirtual(self._device_index()))

    def _device_index(self) -> int:
        # Indices shift when other devices leave: find ours again by instance id.
        for index in range(pygame.joystick.get_count()):
            if pygame.joystick.Joystick(index).get_instance_id() == self.instance_id:
                return index
        return self._index

    def _button(self, name: str, state: int) -> None:
        self._check(self._sdl.SDL_JoystickSetVirtualButton(self._handle, BUTTONS.index(name), state))

    def _check(self, result: int) -> None:
        if result < 0:
            raise RuntimeError(f"SDL virtual pad: {self._sdl.SDL_GetError().decode()}")

    # -- what SDL hands the "driver" (called from SDL, in this thread) ---------------------------------
    def _on_rumble(self, userdata: int, low: int, high: int) -> int:
        self.rumbles.append((low, high))
        return 0

    def _on_rumble_triggers(self, userdata: int, left: int, right: int) -> int:
        return 0

    def _on_led(self, userdata: int, red: int, green: int, blue: int) -> int:
        self.leds.append((red, green, blue))
        return 0

    def _on_player_index(self, userdata: int, index: int) -> None:
        self.player_index = index
