"""Key and pad-control names: pygame key codes <-> saved names, and short labels for the screen."""

from __future__ import annotations

import pygame

from game.i18n import t

# AltGr on Nordic and German layouts arrives as MODE (ISO_Level3_Shift): it is the right Alt key.
ALIASES = {pygame.K_MODE: pygame.K_RALT}

_SHORT = {
    "left shift": "L-Shift", "right shift": "R-Shift", "left ctrl": "L-Ctrl", "right ctrl": "R-Ctrl",
    "left alt": "L-Alt", "right alt": "R-Alt", "space": "Space", "return": "Enter", "escape": "Esc",
    "backspace": "Backspace", "tab": "Tab", "up": "↑", "down": "↓", "left": "←", "right": "→",
    "[+]": "Num +", "[-]": "Num −", "[*]": "Num ×", "[/]": "Num ÷", "[.]": "Num .",
    "enter": "Num Enter",
}
_PAD_SHORT = {
    "a": "A", "b": "B", "x": "X", "y": "Y", "start": "Start", "back": "Back", "guide": "Guide",
    "leftshoulder": "LB", "rightshoulder": "RB", "lefttrigger": "LT", "righttrigger": "RT",
    "leftstick": "L-stick", "rightstick": "R-stick",
    "dpup": "↑", "dpdown": "↓", "dpleft": "←", "dpright": "→",
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
    return t(_PAD_SHORT.get(control, control))
