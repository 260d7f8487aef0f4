"""Bindings as data: each seat's two keyboard keys, the gamepad layout, and the rules for rebinding them.

Saved in settings["bindings"] as plain JSON:

    {"version": 1,
     "keyboard": [["q", "left shift"], ["p", "right shift"], ...],   # row i = seat i: [first, second]
     "pad": {"first": ["a"], "second": ["b", "leftshoulder", ...]}}

Keys are pygame key names (`pygame.key.name`), pad controls are SDL game-controller button names plus
"lefttrigger"/"righttrigger". A seat's two keys are its *first* and *second* control; what they do is up to
the game at the table. No pygame here: names are checked against pygame by the router.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from game.commands import FIRST as FIRST_BUTTON
from game.commands import PASS, PLAY, SLAP, TAKE
from game.commands import SECOND as SECOND_BUTTON
from game.i18n import t
from game.jsonsafe import shown

VERSION = 1
MAX_SEATS = 8
FIRST, SECOND = 0, 1

ACTION_SLOT = {FIRST_BUTTON: FIRST, SECOND_BUTTON: SECOND, PLAY: FIRST, TAKE: FIRST, SLAP: SECOND, PASS: SECOND}

# Slap/pass keys are the six modifiers: keyboards wire them outside the key matrix, so any number of
# them can be held with anything else without ghosting. Seats 7 and 8 use big ordinary keys.
DEFAULT_KEYBOARD: tuple[tuple[str, str], ...] = (
    ("q", "left shift"),
    ("p", "right shift"),
    ("z", "left ctrl"),
    ("m", "right ctrl"),
    ("e", "left alt"),
    ("u", "right alt"),
    ("g", "space"),
    ("[+]", "enter"),  # keypad + and keypad Enter (pygame names it "enter"; the main key is "return")
)
DEFAULT_PAD: dict[str, tuple[str, ...]] = {
    "first": ("a",),
    "second": ("b", "leftshoulder", "rightshoulder", "lefttrigger", "righttrigger"),
}
# Menu keys are fixed (Esc pauses, arrows/Enter/Backspace drive menus, Tab starts the game from the lobby,
# F11 fullscreen) and never a seat's.
MENU_KEYS: frozenset[str] = frozenset({"escape", "up", "down", "left", "right", "return", "backspace", "tab",
                                       "f11"})
# Pad controls that always mean the menu (Start pauses; the d-pad moves) and so can't be a seat action.
PAD_RESERVED: frozenset[str] = frozenset({"start", "guide", "back", "dpup", "dpdown", "dpleft", "dpright"})
PAD_CONTROLS: tuple[str, ...] = ("a", "b", "x", "y", "leftshoulder", "rightshoulder", "lefttrigger",
                                 "righttrigger", "leftstick", "rightstick")
# Seats whose keys are all modifiers or big keys apart from each other: safe together on any keyboard.
SAFE_TOGETHER = tuple(range(6))


class BindingRefused(ValueError):
    """A rebinding that would make one key do two things; the message is for the player."""


def slot_of(action: str) -> int:
    try:
        return ACTION_SLOT[action]
    except KeyError:
        raise ValueError(f"not a seat action: {action!r} (use play/slap, take/pass, first/second)") from None


class Bindings:
    """Keyboard rows per seat and the pad layout; edit with `bind`/`bind_pad`, save with `to_dict`."""

    def __init__(self, keyboard: list[list[str]] | None = None, pad: dict[str, list[str]] | None = None):
        self.keyboard: list[list[str]] = [list(row) for row in (keyboard or DEFAULT_KEYBOARD)]
        self.pad: dict[str, list[str]] = {k: list(v) for k, v in (pad or DEFAULT_PAD).items()}

    # -- data -------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        return {"version": VERSION, "keyboard": copy.deepcopy(self.keyboard), "pad": copy.deepcopy(self.pad)}

    @classmethod
    def from_dict(cls, data: object, known_key: Callable[[str], bool] = lambda name: True,
                  warn: Callable[[str], None] = lambda message: None) -> Bindings:
        """Bindings from saved data; anything missing, unknown or doubled falls back to the defaults,
        with one line to `warn` for each part that was saved but could not be used.

        `known_key(name)` says whether a key name exists (the router passes a pygame check)."""
        if not isinstance(data, dict) or not data:
            return cls()
        out = cls()
        rows = data.get("keyboard")
        if isinstance(rows, list):
            for seat, row in enumerate(rows[:MAX_SEATS]):
                if (isinstance(row, list) and len(row) == 2 and all(isinstance(k, str) and k for k in row)
                        and row[0] != row[1] and all(known_key(k) and k not in MENU_KEYS for k in row)):
                    out.keyboard[seat] = list(row)
                else:
                    warn(f"settings: the keys saved for P{seat + 1} ({shown(row)}) can't be used; "
                         f"P{seat + 1} plays with the default keys")
            if len(rows) > MAX_SEATS:
                warn(f"settings: keys are saved for {len(rows)} seats; the game has {MAX_SEATS}, the rest are ignored")
        elif rows is not None:
            warn("settings: the saved keyboard layout is not a list of seats; using the default keys")
        keys = [key for row in out.keyboard for key in row]
        if len(keys) != len(set(keys)):  # a key saved for two seats: the saved layout can't be trusted
            out.keyboard = [list(row) for row in DEFAULT_KEYBOARD]
            warn("settings: the saved keys would give one key to two seats; using the default keys for every seat")
        pad = data.get("pad")
        if isinstance(pad, dict):
            for slot in ("first", "second"):
                names = pad.get(slot)
                if isinstance(names, list) and all(n in PAD_CONTROLS for n in names) and names:
                    out.pad[slot] = list(dict.fromkeys(names))
                elif names is not None:
                    warn(f"settings: the pad buttons saved for {shown(slot)} ({shown(names)}) can't be used; "
                         "using the default")
            if set(out.pad["first"]) & set(out.pad["second"]):
                out.pad = {k: list(v) for k, v in DEFAULT_PAD.items()}
                warn("settings: one pad button is saved for both actions; using the default pad buttons")
        elif pad is not None:
            warn("settings: the saved pad buttons are not usable; using the default pad buttons")
        return out

    def reset(self) -> None:
        """Every seat and the pad layout back to the defaults."""
        self.keyboard = [list(row) for row in DEFAULT_KEYBOARD]
        self.pad = {k: list(v) for k, v in DEFAULT_PAD.items()}

    # -- questions --------------------------------------------------------------------------------
    def keys_of(self, seat: int) -> tuple[str, str]:
        first, second = self.keyboard[seat]
        return first, second

    def owner_of(self, key: str) -> tuple[int, int] | None:
        """(seat, slot) that `key` belongs to, or None."""
        for seat, row in enumerate(self.keyboard):
            for slot, name in enumerate(row):
                if name == key:
                    return seat, slot
        return None

    def pad_slot(self, control: str) -> int | None:
        if control in self.pad["first"]:
            return FIRST
        if control in self.pad["second"]:
            return SECOND
        return None

    # -- rebinding --------------------------------------------------------------------------------
    def bind(self, seat: int, action: str, key: str, label: Callable[[str], str] = str) -> str:
        """Give seat `seat`'s action (play/slap, take/pass or first/second) the key `key`.

        Refuses (BindingRefused) a menu key or a key another seat uses; pressing the seat's own other
        key swaps the two. Returns a message for the screen. `label(name)` shows key names."""
        if not 0 <= seat < MAX_SEATS:
            raise ValueError(f"seat must be 0..{MAX_SEATS - 1}, not {seat}")
        slot = slot_of(action)
        if key in MENU_KEYS:
            raise BindingRefused(t("{key} is a menu key and can't be a seat's key.", key=label(key)))
        owner = self.owner_of(key)
        if owner is not None and owner[0] != seat:
            raise BindingRefused(t("{key} is already P{n}'s key. Pick another, or change P{n} first.",
                                   key=label(key), n=owner[0] + 1))
        row = self.keyboard[seat]
        if owner is not None and owner[1] != slot:
            row[0], row[1] = row[1], row[0]
            return t("P{n}: swapped {a} and {b}.", n=seat + 1, a=label(row[0]), b=label(row[1]))
        row[slot] = key
        return t("P{n} now uses {key}.", n=seat + 1, key=label(key))

    def bind_pad(self, action: str, control: str, label: Callable[[str], str] = str) -> str:
        """Make pad control `control` do `action` (first/second) on every pad."""
        slot = slot_of(action)
        if control in PAD_RESERVED or control not in PAD_CONTROLS:
            raise BindingRefused(t("{button} is kept for the menus and pause.", button=label(control)))
        mine, other = ("first", "second") if slot == FIRST else ("second", "first")
        if self.pad[other] == [control]:
            raise BindingRefused(t("{button} is the controllers' only button for the other action; "
                                   "give that action another button first.", button=label(control)))
        self.pad[other] = [c for c in self.pad[other] if c != control]
        if control not in self.pad[mine]:
            self.pad[mine].insert(0, control)
        return t("Controllers: {button} now does this.", button=label(control))
