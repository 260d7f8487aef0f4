"""The Fair start's reaction check played with a pad (found playing it as a newcomer): a pad's slap button is
also its Back, so its first slap used to end the player's own check; and the check never said which button
slaps. Through SDL's virtual joystick (real controller events)."""

from __future__ import annotations

import pytest
from support_pads import PLAYSTATION, SWITCH, XBOX, tap
from test_pad_only_play import to_lobby

from game.games.ratscrew.check import ReactionCheck
from game.games.ratscrew.school.session import MS, RIGHT
from game.input.virtualpad import VirtualPad
from game.render.text import TextRecorder

pytestmark = pytest.mark.skipif(not VirtualPad.available(), reason="SDL's virtual joystick is out of reach")


def check_for_pad(app, pads, model, name):
    """Title → Ratscrew lobby with this pad alone (it plays seat 1), a kid bot beside it, Fair start."""
    pad = pads(model, name)
    to_lobby(app, pad, "ratscrew")
    lobby = app.top
    lobby.seating.seats[1] = ("bot", "kid")
    lobby.rebuild()
    lobby.seating.fair_start()
    assert isinstance(app.top, ReactionCheck) and app.top.seat == 0
    return pad, lobby, app.top


def next_double(app, check, wait_ms=350):
    """Run frames until a double has been on show for `wait_ms`."""
    for _ in range(3000):
        app.frames(1)
        card = check.session.current
        if (card is not None and card.rule is not None and card.shown_ns is not None
                and app.now_ns() - card.shown_ns >= wait_ms * MS):
            return card
    raise AssertionError("no double came up")


@pytest.mark.parametrize(("model", "name", "slap"), [(SWITCH, "Pro Controller", "B"),
                                                     (PLAYSTATION, "Wireless Controller", "\u25cb"),
                                                     (XBOX, "Xbox 360 Controller", "B")])
def test_a_pads_slap_button_slaps_in_the_check_instead_of_leaving_it(app, pads, model, name, slap):
    pad, _lobby, check = check_for_pad(app, pads, model, name)
    with TextRecorder() as boxes:
        check.draw(app.screen, 0.0)
    said = [text for _, text in boxes.drawn]
    assert f"Player 1: slap ({slap}) when you see a double!" in said  # the button, as printed on this pad
    card = next_double(app, check)
    tap(app, pad, "b")  # the seat's slap (B / ○): Back too, as everywhere in menus
    assert app.top is check, "the pad's slap ended the check"
    assert card.answers[0][0] == RIGHT


def test_a_pads_start_or_the_keyboards_backspace_skips_the_check(app, pads):
    pad, lobby, check = check_for_pad(app, pads, XBOX, "Xbox 360 Controller")
    with TextRecorder() as boxes:
        check.draw(app.screen, 0.0)
    assert "Backspace / Start: skip" in [text for _, text in boxes.drawn]  # what skips, on the pad connected
    tap(app, pad, "start")
    assert app.top is lobby and lobby.seating.checked == {0: None}
