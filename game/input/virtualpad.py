"""A virtual gamepad through SDL's own virtual-joystick API (ctypes on the SDL2 library that pygame-ce
loaded), so tests and benches get real SDL controller events: attach, press, unplug, plug back.

`VirtualPad.available()` says whether the library and the API could be reached; when not, tests fall
back to posted events.
"""

from __future__ import annotations

import ctypes
import glob
import os

import pygame

SDL_JOYSTICK_TYPE_GAMECONTROLLER = 1
# Layout of SDL's virtual game controller: buttons in SDL_GameControllerButton order, then six axes.
BUTTONS = ("a", "b", "x", "y", "back", "guide", "start", "leftstick", "rightstick", "leftshoulder",
           "rightshoulder", "dpup", "dpdown", "dpleft", "dpright")
AXES = ("leftx", "lefty", "rightx", "righty", "lefttrigger", "righttrigger")

_sdl: ctypes.CDLL | None = None


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
    global _sdl
    if _sdl is not None:
        return _sdl
    for path in _library_candidates():
        try:
            lib = ctypes.CDLL(path)
            lib.SDL_JoystickAttachVirtual.argtypes = [ctypes.c_int] * 4
        except (OSError, AttributeError):
            continue
        lib.SDL_JoystickAttachVirtual.restype = ctypes.c_int
        lib.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
        lib.SDL_JoystickOpen.argtypes = [ctypes.c_int]
        lib.SDL_JoystickOpen.restype = ctypes.c_void_p
        lib.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
        lib.SDL_JoystickInstanceID.argtypes = [ctypes.c_void_p]
        lib.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
        lib.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int16]
        lib.SDL_GetError.restype = ctypes.c_char_p
        _sdl = lib
        return lib
    return None


class VirtualPad:
    """One virtual game controller. `plug()` attaches it (SDL then posts the *DEVICEADDED events),
    `press(name)`/`release(name)` set a button, `unplug()` detaches it."""

    def __init__(self) -> None:
        sdl = load_sdl()
        if sdl is None:
            raise RuntimeError("the SDL2 library inside pygame-ce could not be loaded")
        self._sdl = sdl
        self._index = -1
        self._handle: int | None = None
        self.instance_id: int | None = None

    @staticmethod
    def available() -> bool:
        return load_sdl() is not None

    def plug(self) -> int:
        """Attach; returns the SDL instance id the router will see."""
        pygame.joystick.init()
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
