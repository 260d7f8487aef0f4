"""Who sits where round the table: a seat whose keys are on the right of a shared keyboard sits on the
right of the screen, and the turn still goes round the table in order.

Pure functions of data: `key_sides` reads each seat's keyboard side from the seat -> device map and the
keyboard bindings (pads and bots have none); `seat_places` picks where each seat sits for those sides,
as `places` for game.render.layout.table_layout; `router_places` puts the two together for an input
router (read only).

The rule: the seats keep their turn order round the ellipse, so the only choices are where seat 0 sits
(any of the n places, or halfway between two) and which way the turn goes (clockwise or not). Of those
2 x 2n seatings, the one whose seats' screen sides best agree with their keyboard sides wins: each
keyboard seat counts its side (-1 left, +1 right, 0 for keys in the keyboard's middle) times how far
left or right its place is (the cosine of its angle). Ties go to seat 0 at the bottom, then to the
seating that agrees best with the keys' exact places, then to whole steps, then to clockwise: with no
keyboard seats (pads, bots) that is today's table, seat 0 at the bottom and clockwise.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from game.input.keys import MAIN_MIDDLE, key_x
from game.render.layout import place_angle

if TYPE_CHECKING:
    from game.services import InputPort

MIDDLE = 1.5  # key widths either side of the keyboard's middle that count as neither side


def key_sides(
    devices: Mapping[int, str | None], keyboard: Sequence[Sequence[str]], n: int
) -> list[float | None]:
    """Each of `n` seats' keyboard side: how far (in key widths) its keys' middle lies right of the
    keyboard's middle (negative: left); None for a seat played by a pad, by nobody, or with a key whose
    place is unknown. `devices` maps seats to devices ("kb:3" is keyboard row 3 of `keyboard`, "pad:7" a
    pad); `keyboard[row]` is that row's key names."""
    out: list[float | None] = []
    for seat in range(n):
        device = devices.get(seat)
        side = None
        if device and device.startswith("kb:"):
            row = int(device[3:])
            xs = [key_x(name) for name in keyboard[row]] if 0 <= row < len(keyboard) else []
            if xs and all(x is not None for x in xs):
                side = sum(xs) / len(xs) - MAIN_MIDDLE  # type: ignore[arg-type]
        out.append(side)
    return out


def _side(offset: float | None) -> int:
    if offset is None or abs(offset) <= MIDDLE:
        return 0
    return 1 if offset > 0 else -1


def seat_places(sides: Sequence[float | None]) -> tuple[float, ...]:
    """Where each seat sits (table_layout's `places`) for seats with these keyboard `sides` (see
    key_sides; None: no keyboard): the seating that best matches them (see the module's rule)."""
    n = len(sides)
    if n < 2:
        return tuple(0.0 for _ in sides)
    signs = [_side(s) for s in sides]
    exact = [0.0 if s is None else s for s in sides]
    best: tuple[float, bool, float, bool, bool] | None = None
    best_places: tuple[float, ...] = tuple(float(i) for i in range(n))
    for half in (0, 1):
        for start in range(n):
            for direction in (1, -1):
                places = tuple((start + half / 2 + direction * i) % n for i in range(n))
                xs = [math.cos(math.radians(place_angle(p, n))) for p in places]
                key = (
                    round(sum(s * x for s, x in zip(signs, xs, strict=True)), 6),
                    start == 0 and half == 0,
                    round(sum(s * x for s, x in zip(exact, xs, strict=True)), 6),
                    half == 0,
                    direction == 1,
                )
                if best is None or key > best:
                    best, best_places = key, places
    return best_places


def router_places(router: InputPort, n: int, bots: Iterable[int] = ()) -> tuple[float, ...]:
    """`seat_places` for `n` seats as `router` assigns them (read only); `bots` have no keys."""
    skip = set(bots)
    devices = {seat: None if seat in skip else router.device_of(seat) for seat in range(n)}
    return seat_places(key_sides(devices, router.bindings.keyboard, n))
