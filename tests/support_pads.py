"""SDL's virtual gamepads for tests (real controller events): the `pads` fixture plugs pads of a given model
and unplugs them afterwards; `tap`, `hold` and `device` drive them through an app's frames."""

from __future__ import annotations

import pygame
import pytest

from game.input.virtualpad import VirtualPad

XBOX, PLAYSTATION, SWITCH = (0x045E, 0x028E), (0x054C, 0x09CC), (0x057E, 0x2009)


@pytest.fixture
def pads():
    """make(model) plugs a new virtual pad of that model (vendor, product); all unplugged afterwards."""
    made: list[VirtualPad] = []

    def make(model=XBOX, name="Virtual pad"):
        pad = VirtualPad(name, *model)
        pad.plug()
        made.append(pad)
        return pad

    yield make
    for pad in made:
        pad.unplug()
    pygame.event.pump()
    pygame.event.clear()


def tap(app, pad: VirtualPad, button: str) -> None:
    pad.press(button)
    app.frames(2)
    pad.release(button)
    app.frames(2)


def hold(app, pad: VirtualPad, button: str, seconds: float) -> None:
    """Hold `button` for `seconds` of the app's clock (frames of ~1/60 s), then let go."""
    pad.press(button)
    app.frames(max(2, round(seconds * 60)))
    pad.release(button)
    app.frames(2)


def device(pad: VirtualPad) -> str:
    return f"pad:{pad.instance_id}"
