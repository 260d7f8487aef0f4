"""Key and pad-control names: pygame key codes <-> saved names, and short labels for the screen."""

from __future__ import annotations

import pygame

from game.i18n import t
from game.input import families

# AltGr on Nordic and German layouts arrives as MODE (ISO_Level3_Shift): it is the right Alt key.
ALIASES = {pygame.K_MODE: pygame.K_RALT}

_SHORT = {
    "left shift": "L-Shift", "right shift": "R-Shift", "left ctrl": "L-Ctrl", "right ctrl": "R-Ctrl",
    "left alt": "L-Alt", "right alt": "R-Alt", "space": "Space", "return": "Enter", "escape": "Esc",
    "backspace": "Backspace", "tab": "Tab", "up": "↑", "down": "↓", "left": "←", "right": "→",
    "[+]": "Num +", "[-]": "Num −", "[*]": "Num ×", "[/]": "Num ÷", "[.]": "Num .",
    "enter": "Num Enter",
}


def key_name(code: int) -> str:
    """The saved name of key `code` (pygame's own name, which `key_code` reads back)."""
    return pygame.key.name(ALIASES.get(code, code))


def key_code(name: str) -> int | None:
    """The key code for a saved name, or None if pygame doesn't know it."""
    try:
        code = pygame.key.key_code(name)
    except ValueError:
        return None
    return code if code != pygame.K_UNKNOWN else None


def is_known_key(name: str) -> bool:
    return key_code(name) is not None


def key_label(name: str) -> str:
    """Short label for a key name: "left shift" -> "L-Shift", "q" -> "Q", "[1]" -> "Num 1"."""
    if name in _SHORT:
        return t(_SHORT[name])
    if len(name) == 3 and name.startswith("[") and name.endswith("]"):
        return t("Num {key}", key=name[1])
    return name.upper() if len(name) == 1 else name.title()


def pad_label(control: str) -> str:
    """`control` as the generic pad prints it (the Xbox words); a given pad's own: `Pad.label`."""
    return families.label(control)


# Where keys sit on a full-size US keyboard (a keyboard layout renames keys, not where they are): each
# key's centre, in key widths from the left edge. The main block spans 0–15, the arrows and the keys
# above them 15.25–18.25, the keypad 18.5–22.5.
MAIN_MIDDLE = 7.5  # the middle of the main block: left of it is the keyboard's left side


def _row(start: float, keys: str, width: float = 1.0) -> dict[str, float]:
    return {key: start + width * (i + 0.5) for i, key in enumerate(keys.split())}


_KEY_X: dict[str, float] = {
    "escape": 0.5, "f1": 2.5, "f2": 3.5, "f3": 4.5, "f4": 5.5, "f5": 7.0, "f6": 8.0, "f7": 9.0, "f8": 10.0,
    "f9": 11.5, "f10": 12.5, "f11": 13.5, "f12": 14.5,
    **_row(0.0, "` 1 2 3 4 5 6 7 8 9 0 - ="), "backspace": 14.0,
    "tab": 0.75, **_row(1.5, "q w e r t y u i o p [ ]"), "\\": 14.25,
    "caps lock": 0.875, **_row(1.75, "a s d f g h j k l ; '"), "return": 13.875,
    "left shift": 1.125, **_row(2.25, "z x c v b n m , . /"), "right shift": 13.625,
    "left ctrl": 0.625, "left meta": 1.875, "left alt": 3.125, "space": 6.875,
    "right alt": 10.625, "alt gr": 10.625, "right meta": 11.875, "menu": 13.125, "right ctrl": 14.375,
    "print screen": 15.75, "scroll lock": 16.75, "break": 17.75,
    "insert": 15.75, "home": 16.75, "page up": 17.75, "delete": 15.75, "end": 16.75, "page down": 17.75,
    "up": 16.75, "left": 15.75, "down": 16.75, "right": 17.75,
    "numlock": 19.0, "[/]": 20.0, "[*]": 21.0, "[-]": 22.0,
    "[7]": 19.0, "[8]": 20.0, "[9]": 21.0, "[+]": 22.0,
    "[4]": 19.0, "[5]": 20.0, "[6]": 21.0,
    "[1]": 19.0, "[2]": 20.0, "[3]": 21.0, "enter": 22.0,
    "[0]": 19.5, "[.]": 21.0,
}


def key_x(name: str) -> float | None:
    """Where key `name` (a saved key name) sits across a full-size US keyboard: its centre in key widths
    from the left edge (see MAIN_MIDDLE); None for a key whose place is not known."""
    return _KEY_X.get(name)
