"""The InputRouter: the one reader of pygame events. Stamps each press with the clock when the queue was
read, numbers the read (same number = a tie), and turns presses into per-seat Commands.

Devices: the keyboard rows "kb:0".."kb:7" (seat i's two keys by default belong to seat i) and pads
"pad:<instance_id>". `assign(device, seat)` changes who plays which seat (the join screen does it);
a pad unplugged while it holds a seat leaves the seat "lost" until a pad is plugged in again.

What a press becomes (see README "Controls"):
- a seat key or a pad's first/second button: the seat's FIRST or SECOND button (the table maps them to
  its game's actions); devices without a seat only while `claiming`;
- keyboard Esc/arrows/Enter/Backspace and pad Start/d-pad/stick/A/B/Back: menu actions (a pad's A and B
  also give CONFIRM/BACK, same stamp, so every menu works with a pad alone: scenes take what they know);
- F11, window close, focus and size changes, pad plugs: `system_events()`.

Text entry: while `text_input` is on (`set_text_input(True)`, the app does it when the top scene has
`wants_text`), the physical keyboard types instead: typed text (TEXTINPUT) and Backspace / Enter / Esc
become `TextEdit`s (`drain_text()`), arrows stay menu actions, and no other key makes a Command, so a
letter is never a seat's key or a menu action. Pads work as always.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.commands import BACK, BUTTONS, CONFIRM, DOWN, LEFT, PAUSE, RIGHT, UP, Command
from game.i18n import t
from game.input import keys as keynames
from game.input.bindings import MAX_SEATS, Bindings
from game.input.pads import ADDED, ALL_PAD_EVENTS, REMOVED, Pad, Pads

MENU_KEYS = {
    pygame.K_UP: UP, pygame.K_DOWN: DOWN, pygame.K_LEFT: LEFT, pygame.K_RIGHT: RIGHT,
    pygame.K_RETURN: CONFIRM, pygame.K_BACKSPACE: BACK, pygame.K_ESCAPE: PAUSE,
}
PAD_MENU = {
    "a": CONFIRM, "b": BACK, "back": BACK, "start": PAUSE,
    "dpup": UP, "dpdown": DOWN, "dpleft": LEFT, "dpright": RIGHT,
    "stickup": UP, "stickdown": DOWN, "stickleft": LEFT, "stickright": RIGHT,
}
TEXT_KEYS = {
    pygame.K_BACKSPACE: "backspace", pygame.K_RETURN: "enter", pygame.K_KP_ENTER: "enter",
    pygame.K_ESCAPE: "escape",
}
ARROWS = {pygame.K_UP: UP, pygame.K_DOWN: DOWN, pygame.K_LEFT: LEFT, pygame.K_RIGHT: RIGHT}
RESIZE_EVENTS = {pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED}


@dataclass(frozen=True)
class LostPad:
    """A seat whose pad was unplugged: what it was, so a pad plugged in again can take the seat back."""

    seat: int
    instance_id: int
    number: int
    name: str
    guid: str


@dataclass(frozen=True)
class TextEdit:
    """One edit from the physical keyboard in text entry: typed `text`, or a `key` ("backspace", "enter",
    "escape") with text "". Stamped and numbered like a Command, so the two sort together."""

    text: str
    key: str
    t_ns: int
    poll: int


class InputRouter:
    """Reads pygame events (`poll`), hands out Commands (`drain`) and window/pad events (`system_events`)."""

    def __init__(self, settings_bindings: Any = None, clock: Callable[[], int] = time.perf_counter_ns,
                 warn: Callable[[str], None] = lambda message: None) -> None:
        self._clock = clock
        self.bindings = Bindings.from_dict(settings_bindings, known_key=keynames.is_known_key, warn=warn)
        self.pads = Pads()
        self.claiming = False  # the join screen is open: presses from devices without a seat count too
        self.capturing = False  # the Controls screen waits for "press a key": presses go to `captured`
        self.captured: list[tuple[str, str]] = []  # (device, key name or pad control)
        self.text_input = False  # a text-entry scene is on top: the keyboard types (see `set_text_input`)
        self.owner: dict[str, int] = {}
        self.lost: dict[int, LostPad] = {}
        self.polls = 0
        self._commands: list[Command] = []
        self._text: list[TextEdit] = []
        self._system: list[str] = []
        self._keys_held: dict[int, str] = {}
        self._key_rows: dict[int, tuple[int, int]] = {}
        self.reset_seats()
        self.rebuild()

    # -- reading ----------------------------------------------------------------------------------
    def poll(self) -> int:
        """Read the event queue once; every press in this read gets the same stamp and poll number.

        Returns how many Commands the read produced."""
        events = pygame.event.get()
        now = self._clock()
        self.polls += 1
        before = len(self._commands)
        resized = False
        for event in events:
            kind = event.type
            if kind == pygame.KEYDOWN:
                self._key_down(event, now)
            elif kind == pygame.KEYUP:
                self._keys_held.pop(keynames.ALIASES.get(event.key, event.key), None)
            elif kind == pygame.TEXTINPUT:
                if self.text_input and event.text:
                    self._text.append(TextEdit(event.text, "", now, self.polls))
            elif kind in ALL_PAD_EVENTS:
                for pad, control, pressed in self.pads.translate(event):
                    if pressed:
                        self._pad_press(pad, control, now)
            elif kind in ADDED:
                self._pad_added(event.device_index)
            elif kind in REMOVED:
                self._pad_removed(event.instance_id)
            elif kind == pygame.QUIT:
                self._system.append("quit")
            elif kind == pygame.WINDOWFOCUSLOST:
                self._keys_held.clear()
                self._system.append("focus_lost")
            elif kind == pygame.WINDOWFOCUSGAINED:
                self._system.append("focus_gained")
            elif kind in RESIZE_EVENTS and not resized:
                resized = True  # one resize arrives as three events
                self._system.append("resized")
        return len(self._commands) - before

    def drain(self) -> list[Command]:
        """Commands since the last drain, in stamp order (a tie keeps the order it was read in)."""
        out = sorted(self._commands, key=lambda c: (c.t_ns, c.poll))
        self._commands = []
        return out

    def drain_text(self) -> list[TextEdit]:
        """Text edits since the last drain, in the order they were typed."""
        out, self._text = self._text, []
        return out

    def set_text_input(self, on: bool) -> None:
        """Turn text entry on or off (SDL's text input with it, so typed text arrives as TEXTINPUT)."""
        self.text_input = on
        try:
            if on:
                pygame.key.start_text_input()
            else:
                pygame.key.stop_text_input()
        except pygame.error:  # no video: posted events still reach the router
            pass

    def system_events(self) -> list[str]:
        out, self._system = self._system, []
        return out

    # -- bindings ---------------------------------------------------------------------------------
    def rebuild(self) -> None:
        """Refresh the key lookup after the bindings changed."""
        self._key_rows = {}
        for seat, row in enumerate(self.bindings.keyboard):
            for slot, name in enumerate(row):
                code = keynames.key_code(name) if name else None
                if code is not None:
                    self._key_rows[code] = (seat, slot)

    def bind(self, seat: int, action: str, key: str) -> str:
        """Rebind seat `seat`'s keyboard action to key name `key`; raises BindingRefused with a message."""
        message = self.bindings.bind(seat, action, key, label=keynames.key_label)
        self.rebuild()
        return message

    def bind_pad(self, action: str, control: str) -> str:
        message = self.bindings.bind_pad(action, control, label=keynames.pad_label)
        self.rebuild()
        return message

    def reset_bindings(self) -> None:
        self.bindings.reset()
        self.rebuild()

    # -- seats ------------------------------------------------------------------------------------
    def reset_seats(self) -> None:
        """Keyboard row i plays seat i; pads have no seat until they join."""
        self.owner = {f"kb:{seat}": seat for seat in range(MAX_SEATS)}
        self.lost.clear()

    def assign(self, device: str, seat: int) -> None:
        """`device` ("kb:3", "pad:7") now plays `seat`; whatever played it before lets go."""
        self.release(seat)
        self.owner.pop(device, None)
        self.owner[device] = seat

    def release(self, seat: int) -> None:
        """Nobody plays `seat` any more (and nobody waits to take it back)."""
        for device in [d for d, s in self.owner.items() if s == seat]:
            del self.owner[device]
        self.lost.pop(seat, None)

    def clear_seats(self) -> None:
        """No device plays any seat (the join screen starts from here)."""
        self.owner.clear()
        self.lost.clear()

    def seat_devices(self, devices: dict[int, str]) -> None:
        """Exactly these devices play these seats ({seat: device}); every other device plays none."""
        self.owner = {device: seat for seat, device in devices.items()}
        self.lost.clear()

    def seat_of(self, device: str) -> int | None:
        return self.owner.get(device)

    def device_of(self, seat: int) -> str | None:
        return next((d for d, s in self.owner.items() if s == seat), None)

    def pad_of(self, seat: int) -> Pad | None:
        device = self.device_of(seat)
        if device and device.startswith("pad:"):
            return self.pads.by_id.get(int(device[4:]))
        return None

    def seat_controls(self, seat: int) -> str:
        """What seat `seat` presses, for drawing: "Q / L-Shift", "Pad 2: A / B", "pad unplugged"."""
        if seat in self.lost:
            return t("Pad {n} unplugged", n=self.lost[seat].number)
        return self.device_controls(self.device_of(seat))

    def device_controls(self, device: str | None) -> str:
        """What `device` presses, for drawing: "Q / L-Shift", "Pad 2: A / B"; "" for none or a gone pad."""
        if device is None:
            return ""
        if device.startswith("pad:"):
            pad = self.pads.by_id.get(int(device[4:]))
            if pad is None:
                return ""
            first, second = self.bindings.pad["first"][0], self.bindings.pad["second"][0]
            return t("Pad {n}: {a} / {b}", n=pad.number, a=keynames.pad_label(first),
                     b=keynames.pad_label(second))
        first, second = self.bindings.keys_of(int(device[3:]))
        return f"{keynames.key_label(first)} / {keynames.key_label(second)}"

    def held_keys(self) -> list[str]:
        """Labels of every key and pad control held right now ("Q", "L-Shift", "Pad 1 A")."""
        return [label for _, _, label in self.held_controls()]

    def held_controls(self) -> list[tuple[str, str, str]]:
        """(device, key name or control, label) for everything held now: keys first, then each pad."""
        out = [("kb", name, keynames.key_label(name)) for name in self._keys_held.values()]
        for pad in sorted(self.pads.by_id.values(), key=lambda p: p.number):
            out += [(pad.id, c, t("Pad {n} {button}", n=pad.number, button=keynames.pad_label(c)))
                    for c in sorted(pad.held)]
        return out

    # -- presses ----------------------------------------------------------------------------------
    def _emit(self, seat: int | None, action: str, now: int, device: str) -> None:
        self._commands.append(Command(seat, action, now, "human", device, self.polls))

    def _game_press(self, device: str, slot: int, now: int) -> None:
        seat = self.owner.get(device)
        if seat is not None or self.claiming:
            self._emit(seat, BUTTONS[slot], now, device)

    def _key_down(self, event: pygame.event.Event, now: int) -> None:
        code = keynames.ALIASES.get(event.key, event.key)
        name = keynames.key_name(code)
        self._keys_held[code] = name
        if code == pygame.K_F11:
            self._system.append("fullscreen")
        elif self.capturing:
            self.captured.append(("kb", name))
        elif self.text_input:
            if code in TEXT_KEYS:
                self._text.append(TextEdit("", TEXT_KEYS[code], now, self.polls))
            elif code in ARROWS:
                self._emit(None, ARROWS[code], now, "kb")
        elif code in MENU_KEYS:
            self._emit(None, MENU_KEYS[code], now, "kb")
        elif code in self._key_rows:
            row, slot = self._key_rows[code]
            self._game_press(f"kb:{row}", slot, now)

    def _pad_press(self, pad: Pad, control: str, now: int) -> None:
        if self.capturing:
            if not control.startswith("stick"):
                self.captured.append((pad.id, control))
            return
        slot = self.bindings.pad_slot(control)
        if slot is not None:
            self._game_press(pad.id, slot, now)
        menu = PAD_MENU.get(control)
        if menu is not None:
            self._emit(self.owner.get(pad.id), menu, now, pad.id)

    def _pad_added(self, device_index: int) -> None:
        pad = self.pads.add(device_index)
        if pad is None:
            return
        if self.lost:
            # The same kind of pad takes back its own seat first; any pad will do for the others.
            seat = min(self.lost, key=lambda s: (self.lost[s].guid != pad.guid, s))
            del self.lost[seat]
            self.owner[pad.id] = seat
        self._system.append(f"pad_added:{pad.instance_id}")

    def _pad_removed(self, instance_id: int) -> None:
        pad = self.pads.remove(instance_id)
        if pad is None:
            return
        seat = self.owner.pop(pad.id, None)
        if seat is not None:
            self.lost[seat] = LostPad(seat, pad.instance_id, pad.number, pad.name, pad.guid)
        self._system.append(f"pad_removed:{instance_id}")

    def lost_seat(self, instance_id: int) -> int | None:
        """The seat that pad `instance_id` held when it was unplugged, if it is still waiting for a pad."""
        return next((s for s, lost in self.lost.items() if lost.instance_id == instance_id), None)

