"""Which keys a seat presses, read from the input router without changing it, and the hints built on them.

`seat_keys(router, seat)` gives the labels of a seat's first and second control ("Q", "L-Shift";
a pad's buttons as printed on it, "A", "B" or "✕", "○", with "Pad 1"), read from the router's bindings and seat owners.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.i18n import t
from game.input import keys as keynames

if TYPE_CHECKING:
    from game.services import InputPort


@dataclass(frozen=True, slots=True)
class SeatKeys:
    """A seat's two controls as shown on screen; `pad` names the pad ("Pad 1"), "" for keys."""

    first: str
    second: str
    pad: str = ""
    start: str = ""  # the pad's Start button as printed on it ("Options", "+"); "" for keys


def seat_keys(router: InputPort | None, seat: int) -> SeatKeys | None:
    """The labels of `seat`'s first and second control, or None (nobody plays it, a lost pad, no router)."""
    if router is None or seat in router.lost:
        return None
    device = router.device_of(seat)
    if not device:
        return None
    bindings = router.bindings
    pad = router.pad_of(seat)
    if pad is not None:
        return SeatKeys(
            pad.label(bindings.pad["first"][0]),
            pad.label(bindings.pad["second"][0]),
            t("Controller {n}", n=pad.number),
            pad.label("start"),
        )
    if device.startswith("kb:"):
        first, second = bindings.keys_of(int(device[3:]))
        return SeatKeys(keynames.key_label(first), keynames.key_label(second))
    return None


def controls_line(keys: SeatKeys, words: tuple[str, str]) -> str:
    """What a seat's panel says about its controls: "Q take · L-Shift pass", "Pad 1: A play · B slap";
    `words` are what the game's first and second buttons do."""
    line = t("{first} {what} \u00b7 {second} {what2}", first=keys.first, what=words[0], second=keys.second,
             what2=words[1])
    return t("{pad}: {controls}", pad=keys.pad, controls=line) if keys.pad else line
