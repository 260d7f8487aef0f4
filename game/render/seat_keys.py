"""Which keys a seat presses, read from the input router without changing it, and the hints built on them.

`seat_keys(router, seat, game)` gives the labels of a seat's first and second control ("Q", "L-Shift";
a pad's "A", "B" with "Pad 1"). It reads the router's bindings and seat owners; a router without them
(a test double) is read through its `seat_controls` text ("Q / L-Shift", "Pad 1: A / B").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from game.i18n import t

_TEXT = re.compile(r"^(?:(?P<pad>[^:]+):\s*)?(?P<first>.+?)\s+/\s+(?P<second>.+)$")


@dataclass(frozen=True, slots=True)
class SeatKeys:
    """A seat's two controls as shown on screen; `pad` names the pad ("Pad 1"), "" for keys."""

    first: str
    second: str
    pad: str = ""


def seat_keys(router: Any, seat: int, game: str) -> SeatKeys | None:
    """The labels of `seat`'s first and second control, or None (nobody plays it, a lost pad, no router)."""
    if router is None:
        return None
    bindings = getattr(router, "bindings", None)
    device_of = getattr(router, "device_of", None)
    if bindings is not None and callable(device_of):
        from game.input import keys as keynames

        if seat in getattr(router, "lost", {}):
            return None
        device = device_of(seat)
        if not device:
            return None
        pad = router.pad_of(seat) if hasattr(router, "pad_of") else None
        if pad is not None:
            return SeatKeys(
                keynames.pad_label(bindings.pad["first"][0]),
                keynames.pad_label(bindings.pad["second"][0]),
                t("Pad {n}", n=pad.number),
            )
        if device.startswith("kb:"):
            first, second = bindings.keys_of(int(device[3:]))
            return SeatKeys(keynames.key_label(first), keynames.key_label(second))
        return None
    text = router.seat_controls(seat, game) if hasattr(router, "seat_controls") else ""
    m = _TEXT.match(text or "")
    if m is None:
        return None
    return SeatKeys(m["first"], m["second"], m["pad"] or "")


def controls_line(keys: SeatKeys, game: str) -> str:
    """What a seat's panel says about its controls: "Q take · L-Shift pass", "Pad 1: A play · B slap"."""
    if game == "nothanks":
        line = t("{first} take \u00b7 {second} pass", first=keys.first, second=keys.second)
    else:
        line = t("{first} play \u00b7 {second} slap", first=keys.first, second=keys.second)
    return t("{pad}: {controls}", pad=keys.pad, controls=line) if keys.pad else line
