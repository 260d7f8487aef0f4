"""The InputRouter: the one reader of pygame events. Stamps each press with the clock when the queue was
read, numbers the read (same number = a tie), and turns presses into per-seat Commands.

Devices: the keyboard rows "kb:0".."kb:7" (seat i's two keys by default belong to seat i) and pads
"pad:<instance_id>". `assign(device, seat)` changes who plays which seat (the join screen does it);
a pad unplugged while it holds a seat leaves the seat "lost" until its owner's pad (the same model:
SDL's GUID) is plugged in again, which takes the seat back by itself (`successor(old)` names the new
device). Any other pad plugged in meanwhile is only offered the seat: a scene gives it (`assign`) when
that pad presses A. `claim_first(device)` gives Player 1 to the first device that confirms on the title.
Each pad shows its seat where it can: its LED in the seat's colour, and SDL's player index.

What a press becomes (see README "Controls"):
- a seat key or a pad's first/second button: the seat's FIRST or SECOND button (the table maps them to
  its game's actions); devices without a seat only while `claiming`;
- keyboard Esc/arrows/Enter/Backspace/Tab (the keyboard's Start) and pad Start/d-pad/stick/A/B/Back: menu actions (a pad's A and B
  also give CONFIRM/BACK, same stamp, so every menu works with a pad alone: scenes take what they know);
- F11, window close, focus and size changes, pad plugs: `system_events()`.
- every key or button press (F11 aside) counts in `presses` (a demo ends on any press);
  `holding(device, action)` says whether the control behind a menu action is still held (hold-to-confirm).

Text entry: while `text_input` is on (`set_text_input(True)`, the app does it when the top scene has
`wants_text`), the physical keyboard types instead: typed text (TEXTINPUT) and Backspace / Enter / Esc
become `TextEdit`s (`drain_text()`), arrows stay menu actions, and no other key makes a Command, so a
letter is never a seat's key or a menu action. Pads work as always.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.commands import BACK, BUTTONS, CLICK, CONFIRM, DOWN, LEFT, PAUSE, POINT, RIGHT, START, UP, Command
from game.i18n import t
from game.input import families
from game.input import keys as keynames
from game.input.bindings import MAX_SEATS, Bindings
from game.input.pads import (
    ADDED,
    ALL_PAD_EVENTS,
    CONTROLLER,
    CONTROLLER_BUTTONS,
    JOYSTICK_BUTTONS,
    PAD_EVENTS,
    REMOVED,
    Pad,
    Pads,
)
from game.seat_colors import seat_color

MENU_KEYS = {
    pygame.K_UP: UP, pygame.K_DOWN: DOWN, pygame.K_LEFT: LEFT, pygame.K_RIGHT: RIGHT,
    pygame.K_RETURN: CONFIRM, pygame.K_BACKSPACE: BACK, pygame.K_ESCAPE: PAUSE, pygame.K_TAB: START,
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
KEEP_REMOVED = 16  # unplugged pads remembered for their notices
RESIZE_EVENTS = {pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED}
# A press Steam Input repeats on its virtual pad arrives within a few ms of the pad's own (often in the same
# read); two presses this close on a Steam pad and a physical pad pair them (see _find_twins).
TWIN_NS = 60_000_000


@dataclass(frozen=True)
class LostPad:
    """A seat whose pad was unplugged: what it was, so a pad plugged in again can take the seat back."""

    seat: int
    instance_id: int
    number: int
    name: str
    guid: str


@dataclass(frozen=True)
class LentSeat:
    """A lost seat the keyboard plays meanwhile (given to key row `device` on the pad-unplugged screen): its owner's
    pad, plugged in again as `back`, may take it back with A, as it may a seat a bot took over."""

    lost: LostPad
    device: str
    back: str = ""


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

    def __init__(self, settings_bindings: object = None, clock: Callable[[], int] = time.perf_counter_ns,
                 warn: Callable[[str], None] = lambda message: None,
                 learn_pads: Callable[[], None] | None = None) -> None:
        self._clock = clock
        self.bindings = Bindings.from_dict(settings_bindings, known_key=keynames.is_known_key, warn=warn)
        self.pads = Pads(learn_pads)  # learn_pads: what SDL learns before the first pad opens (Pads)
        self.claiming = False  # the join screen is open: presses from devices without a seat count too
        self.capturing = False  # the Controls screen waits for "press a key": presses go to `captured`
        self.captured: list[tuple[str, str]] = []  # (device, key name or pad control)
        self.text_input = False  # a text-entry scene is on top: the keyboard types (see `set_text_input`)
        self.owner: dict[str, int] = {}
        self.lost: dict[int, LostPad] = {}
        self.lent: dict[int, LentSeat] = {}  # lost seats the keyboard plays until their own pad is back
        self.first_claimed = False  # a device has confirmed on the title and plays Player 1
        self.successors: dict[str, str] = {}  # an unplugged pad's device -> the same pad plugged back in
        self.removed: dict[int, Pad] = {}  # recently unplugged pads by instance id (for notices)
        self.presses = 0  # every key and button press so far (F11 aside)
        self.polls = 0
        self._lit: dict[str, int] | None = None  # the owners the pads' lights last showed
        self._commands: list[Command] = []
        self._text: list[TextEdit] = []
        self._system: list[str] = []
        self._keys_held: dict[int, str] = {}
        self._key_rows: dict[int, tuple[int, int]] = {}
        self._recent: list[tuple[int, Pad, str]] = []  # (t_ns, pad, control): pad presses lately (for twins)
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
        heard_once = self._find_twins(events, now)
        moved = next((e for e in reversed(events) if e.type == pygame.MOUSEMOTION), None)  # where it came to rest
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
                if event.dict.get("instance_id") in self.pads.twins or event is heard_once:
                    continue  # Steam's copy of a pad we already hear, or a press its copy already made
                for pad, control, pressed in self.pads.translate(event):
                    if pressed:
                        self._pad_press(pad, control, now)
            elif kind in ADDED:
                self._pad_added(event.device_index)
            elif kind in REMOVED:
                self._pad_removed(event.instance_id)
            elif kind == pygame.MOUSEMOTION and event is moved:
                self._commands.append(Command(None, POINT, now, "human", "mouse", self.polls, event.pos))
            elif kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self._commands.append(Command(None, CLICK, now, "human", "mouse", self.polls, event.pos))
            elif kind == pygame.MOUSEWHEEL and event.y:
                self._emit(None, UP if event.y > 0 else DOWN, now, "mouse")
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
        if self.pads.by_id and self.owner != self._lit:
            self._relight()
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
        message = self.bindings.bind_pad(action, control, label=self.button)
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
        self.lent.clear()

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
        self.lent.pop(seat, None)

    def clear_seats(self) -> None:
        """No device plays any seat (the join screen starts from here)."""
        self.owner.clear()
        self.lost.clear()
        self.lent.clear()

    def lend(self, seat: int, device: str) -> None:
        """Lost seat `seat` is played by key row `device` ("kb:1") until its own pad, plugged in again, takes it
        back with A (`take_back`)."""
        lost = self.lost[seat]
        self.assign(device, seat)
        self.lent[seat] = LentSeat(lost, device)

    def returning(self, device: str) -> int | None:
        """The seat lent to the keyboard that pad `device`, its owner's pad plugged in again, may take back."""
        return next((seat for seat, lent in self.lent.items() if lent.back == device and self._present(device)
                     and device not in self.owner and self.owner.get(lent.device) == seat), None)

    def take_back(self, device: str) -> int | None:
        """Pad `device` plays again the seat the keyboard played while it was unplugged; that seat, or None."""
        seat = self.returning(device)
        if seat is not None:
            self.assign(device, seat)
        return seat

    def seat_devices(self, devices: dict[int, str]) -> None:
        """Exactly these devices play these seats ({seat: device}); every other device plays none. A seat
        whose pad has been unplugged waits for that pad (it is lost, as if unplugged now)."""
        self.owner = {}
        self.lost.clear()
        self.lent.clear()
        for seat, device in devices.items():
            gone = self.removed.get(int(device[4:])) if not self._present(device) else None
            if gone is not None:
                self.lost[seat] = LostPad(seat, gone.instance_id, gone.number, gone.name, gone.guid)
            else:
                self.owner[device] = seat

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
            return t("Controller {n} unplugged", n=self.lost[seat].number)
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
            return t("Controller {n}: {a} / {b}", n=pad.number, a=pad.label(first), b=pad.label(second))
        first, second = self.bindings.keys_of(int(device[3:]))
        return f"{keynames.key_label(first)} / {keynames.key_label(second)}"

    def idle_pads(self) -> list[Pad]:
        """Connected pads that play no seat, by pad number (a Steam copy of a pad is not one)."""
        return sorted((p for p in self.pads.by_id.values() if p.id not in self.owner and p.instance_id not in
                       self.pads.twins), key=lambda p: p.number)

    def button(self, control: str, device: str | None = None, among: list[Pad] | None = None) -> str:
        """`control` ("a", "start", "leftshoulder") as printed on `device`'s pad: "✕", "Options", "L1".
        With no device, or a keyboard: as printed on each of the pads `among` (every connected pad by
        default), each wording once ("A / ✕"); the generic words when there is no pad."""
        if device and device.startswith("pad:"):
            pad = self.pads.by_id.get(int(device[4:])) or self.removed.get(int(device[4:]))
            if pad is not None:
                return pad.label(control)
        if among is None:
            among = sorted((p for p in self.pads.by_id.values() if p.instance_id not in self.pads.twins),
                           key=lambda p: p.number)
        return families.labels(control, [(p.family, p.model) for p in among])

    def buttons(self) -> dict[str, str]:
        """The menu buttons' names on every connected pad, for hint lines: confirm ({a}), back ({b}),
        pause / play ({start}) and the first shoulder ({lb})."""
        return {"a": self.button("a"), "b": self.button("b"), "start": self.button("start"),
                "lb": self.button("leftshoulder")}

    def pad_number(self, device: str | None) -> int | None:
        """The friendly number of pad `device` ("pad:7" -> 2), connected or recently unplugged."""
        if not device or not device.startswith("pad:"):
            return None
        iid = int(device[4:])
        pad = self.pads.by_id.get(iid) or self.removed.get(iid)
        return pad.number if pad is not None else None

    def successor(self, device: str) -> str | None:
        """The device that now stands for `device`: an unplugged pad's own pad plugged in again."""
        seen = set()
        while device in self.successors and device not in seen:
            seen.add(device)
            device = self.successors[device]
        return device if seen else None

    def claim_first(self, device: str) -> bool:
        """The first device that confirms on the title plays Player 1 (the keyboard's Enter: P1's keys).
        Later confirms take it only when Player 1's device is gone. True if `device` plays Player 1 now."""
        if device == "kb":
            device = "kb:0"
        if not device.startswith(("kb:", "pad:")):
            return False
        current = self.device_of(0)
        if self.first_claimed and current is not None and self._present(current) and current != device:
            return False
        self.first_claimed = True
        if current != device:
            self.assign(device, 0)
        return True

    def holding(self, device: str, action: str) -> bool:
        """Whether the control that gave `device`'s menu `action` is still held (a hold-to-confirm)."""
        if device.startswith("pad:"):
            pad = self.pads.by_id.get(int(device[4:]))
            return pad is not None and any(PAD_MENU.get(c) == action for c in pad.held)
        if device.startswith("kb"):
            return any(MENU_KEYS.get(code) == action for code in self._keys_held)
        return False

    def rumble(self, seat: int, low: float, high: float, ms: int) -> bool:
        """Rumble the pad that plays `seat` (motors 0..1, for `ms`); False for no pad or no motor."""
        pad = self.pad_of(seat)
        return pad is not None and self.pads.rumble(pad.instance_id, low, high, ms)

    def _present(self, device: str) -> bool:
        return not device.startswith("pad:") or int(device[4:]) in self.pads.by_id

    def _relight(self) -> None:
        """Every pad shows the seat it plays: LED in the seat's colour, player index = seat."""
        for pad in self.pads.by_id.values():
            seat = self.owner.get(pad.id)
            self.pads.light(pad.instance_id, None if seat is None else seat_color(seat), seat)
        self._lit = dict(self.owner)

    def held_keys(self) -> list[str]:
        """Labels of every key and pad control held right now ("Q", "L-Shift", "Pad 1 A")."""
        return [label for _, _, label in self.held_controls()]

    def held_controls(self) -> list[tuple[str, str, str]]:
        """(device, key name or control, label) for everything held now: keys first, then each pad."""
        out = [("kb", name, keynames.key_label(name)) for name in self._keys_held.values()]
        for pad in sorted(self.pads.by_id.values(), key=lambda p: p.number):
            out += [(pad.id, c, t("Controller {n} {button}", n=pad.number, button=pad.label(c)))
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
            return
        self.presses += 1
        if self.capturing:
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
        self.presses += 1
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

    def _find_twins(self, events: list[pygame.event.Event], now: int) -> pygame.event.Event | None:
        """Steam Input shows a pad twice (the pad and Steam's virtual copy of it): the two press the same
        button within a few ms, in this read or the last ones (TWIN_NS). The copy is dropped from then on; a
        seat it held goes to the pad itself (or, if that pad plays a seat already, waits as if the copy were
        unplugged). Returns the pad's own press in this read when its copy's press was already heard in an
        earlier read: the same press, not to be heard twice."""
        fresh: list[tuple[Pad, str, pygame.event.Event]] = []
        for event in events:
            if event.type in (pygame.CONTROLLERBUTTONDOWN, pygame.JOYBUTTONDOWN):
                pad = self.pads.by_id.get(event.instance_id)
                if pad is not None and event.type in PAD_EVENTS[pad.events]:
                    names = CONTROLLER_BUTTONS if pad.events == CONTROLLER else JOYSTICK_BUTTONS
                    fresh.append((pad, names.get(event.button, ""), event))
        if not fresh and not self._recent:
            return None
        earlier = [(p, c) for t_ns, p, c in self._recent if now - t_ns <= TWIN_NS and p.instance_id in self.pads.by_id]
        self._recent = [(t_ns, p, c) for t_ns, p, c in self._recent if now - t_ns <= TWIN_NS]
        self._recent += [(now, p, c) for p, c, _ in fresh if p.instance_id not in self.pads.twins]
        seated = {int(d[4:]) for d in self.owner if d.startswith("pad:")}
        found = self.pads.twin(earlier + [(p, c) for p, c, _ in fresh], seated) if len(earlier) + len(fresh) > 1 else None
        if found is None:
            return None
        copy, mirror, control = found
        copy_heard = (any(p is copy and c == control for p, c in earlier)
                      and not any(p is copy and c == control for p, c, _ in fresh))
        heard_once = next((e for p, c, e in fresh if p is mirror and c == control), None) if copy_heard else None
        seat = self.owner.pop(copy.id, None)
        if seat is not None:
            if mirror.id not in self.owner:
                self.owner[mirror.id] = seat
            else:
                self.lost[seat] = LostPad(seat, copy.instance_id, copy.number, copy.name, copy.guid)
        self._lit = None
        self._system.append(f"pad_twin:{copy.instance_id}")
        return heard_once

    def _pad_added(self, device_index: int) -> None:
        pad = self.pads.add(device_index)
        if pad is None:
            return
        # The owner's pad (the same model) takes back its seat by itself; any other pad is only offered
        # it (a scene assigns it when that pad presses A): nobody's plug decides for somebody's seat.
        mine = [s for s, lost in self.lost.items() if lost.guid == pad.guid]
        if mine:
            seat = min(mine, key=lambda s: (self.lost[s].name != pad.name, s))
            old = f"pad:{self.lost.pop(seat).instance_id}"
            self.successors[old] = pad.id
            self.owner[pad.id] = seat
        else:  # a seat lent to the keyboard meanwhile is only offered: somebody plays it
            lent = next((s for s, lent in self.lent.items() if lent.lost.guid == pad.guid
                         and not (lent.back and self._present(lent.back))), None)
            if lent is not None:
                self.lent[lent] = dataclasses.replace(self.lent[lent], back=pad.id)
        self._lit = None  # light the new pad
        self._system.append(f"pad_added:{pad.instance_id}")

    def _pad_removed(self, instance_id: int) -> None:
        pad = self.pads.remove(instance_id)
        if pad is None:
            return
        seat = self.owner.pop(pad.id, None)
        if seat is not None:
            self.lost[seat] = LostPad(seat, pad.instance_id, pad.number, pad.name, pad.guid)
        self.removed[instance_id] = pad
        while len(self.removed) > KEEP_REMOVED:
            del self.removed[next(iter(self.removed))]
        self._system.append(f"pad_removed:{instance_id}")

    def lost_seat(self, instance_id: int) -> int | None:
        """The seat that pad `instance_id` held when it was unplugged, if it is still waiting for a pad."""
        return next((s for s, lost in self.lost.items() if lost.instance_id == instance_id), None)

