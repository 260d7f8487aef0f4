"""Players who are remembered: a profile is a name, a colour, an avatar drawn in code, and the key set or
pad it plays with when it joins. Guests (today's "Player N" and typed names) have no profile.

Profiles live in the history database (game.history), beside the games they played, so a rename keeps a
player's history and a delete takes it away in one transaction. This module is the model (the faces are
drawn in game.render.faces); it reads no file.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.i18n import t
from game.input.bindings import DEFAULT_KEYBOARD
from game.names import MAX_NAME, clean_name  # noqa: F401 - profiles' names follow game.names
from game.seat_colors import SEAT_COLORS, Color

if TYPE_CHECKING:
    from game.input.pads import Pad

MAX_PROFILES = 12  # the players screen and the lobby's picker list them all without scrolling
PALETTE: tuple[Color, ...] = SEAT_COLORS  # the colour-blind-safe seat colours
# The avatars a profile picks from, by name (game.render.faces draws each).
AVATARS: tuple[str, ...] = ("smile", "cat", "bear", "robot", "owl", "star")


def colour_name(index: int) -> str:
    names = (t("orange"), t("sky blue"), t("green"), t("yellow"), t("blue"), t("red"), t("purple"), t("white"))
    return names[index % len(names)]


def avatar_name(index: int) -> str:
    names = {"smile": t("smiley"), "cat": t("cat"), "bear": t("bear"), "robot": t("robot"), "owl": t("owl"),
             "star": t("star")}
    return names[AVATARS[index % len(AVATARS)]]


@dataclass(frozen=True, slots=True)
class Profile:
    """A remembered player. `device` is the key set ("kb:2": Player 3's keys on the Controls screen) or the
    kind of pad ("pad:<SDL guid>") it joins with, or None; `device_name` names that pad."""

    id: int
    name: str
    colour: int = 0
    avatar: int = 0
    device: str | None = None
    device_name: str = ""

    @property
    def rgb(self) -> Color:
        return PALETTE[self.colour % len(PALETTE)]


def name_problem(name: str, taken: list[str]) -> str | None:
    """Why `name` can't be a profile's name (one line), or None. `taken`: the other profiles' names."""
    name = clean_name(name)
    if not name:
        return t("A player needs a name.")
    if name.casefold() in {other.casefold() for other in taken}:
        return t("There is already a player called {name}.", name=name)
    return None


def clean_device(value: object) -> str | None:
    """A remembered device as read from the history: "kb:<n>" for one of the seats' key sets (n from 0),
    "pad:<SDL guid>" (hex digits), or None for anything else (a row edited by hand, a key set that is gone),
    as if nothing was remembered."""
    if not isinstance(value, str):
        return None
    kind, _, rest = value.partition(":")
    if kind == "kb" and rest.isascii() and rest.isdigit() and int(rest) < len(DEFAULT_KEYBOARD):
        return f"kb:{int(rest)}"
    if kind == "pad" and rest and len(rest) <= 64 and all(ch in "0123456789abcdefABCDEF" for ch in rest):
        return value
    return None


def device_label(device: str | None, device_name: str = "") -> str:
    """What a remembered device is, in words: "P3's keys", "Pad (Xbox Controller)", "nothing"."""
    device = clean_device(device)
    if not device:
        return t("nothing")
    if device.startswith("kb:"):
        return t("P{n}'s keys", n=int(device[3:]) + 1)
    return t("Controller ({name})", name=device_name) if device_name else t("A controller")


def remembered_device(profile: Profile | None, pads: Iterable[Pad], taken: Collection[str | None]) -> str | None:
    """The device `profile` plays with, if nobody in `taken` plays it: its key set, or a plugged-in pad (of
    `pads`, the router's) of the kind it remembers, the lowest-numbered such pad that is free."""
    device = profile.device if profile is not None else None
    if device and device.startswith("pad:"):
        device = next((p.id for p in sorted(pads, key=lambda p: p.number)
                       if f"pad:{p.guid}" == device and p.id not in taken), None)
    return device if device and device not in taken else None
