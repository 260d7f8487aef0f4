"""The slap school's first step ("Is this a slap?") said "slap key: yes" even to pad players: it now names each
player's own slap key or button as their device calls it (an Xbox pad's B, a PlayStation pad's ○, a keyboard's
L-Shift), and so does the hint after an answer."""

from __future__ import annotations

import pytest
from support_app import top_name
from support_pads import PLAYSTATION, tap
from test_school_pad import focus, script, to_setup

from game.games.ratscrew.school import text
from game.input.virtualpad import VirtualPad

pytestmark = pytest.mark.skipif(not VirtualPad.available(), reason="SDL's virtual joystick is out of reach")


def quiz_prompts(app, pads, second=None):
    """Pads to the slap school's first step; the prompts its frames drew, and the first pad."""
    pad = pads()
    to_setup(app, pad)
    if second is not None:
        other = pads(second)
        app.frames(3)
        tap(app, other, "a")  # the second pad joins
        assert app.top.players == 2
    focus(app, pad, "Start", "dpdown")
    tap(app, pad, "a")
    assert top_name(app) == "DrillScene"
    drill = app.top
    script(drill, ["3C", "JH", "JS", "4D", "9C", "TS"])
    tap(app, pad, "b")  # from the example to the quiz
    assert drill.phase == "quiz"
    said: list[str] = []
    real = drill._prompt
    drill._prompt = lambda surface, size, words, colour: (said.append(words), real(surface, size, words, colour))
    app.frames(2)
    return said, pad


def test_the_quiz_names_a_pads_own_slap_button(app, pads):
    said, _ = quiz_prompts(app, pads)
    assert said[-1] == "← → choose   Enter / A answer   B: yes"


def test_the_quiz_names_each_players_slap_button_and_the_next_pile_hint_too(app, pads):
    said, pad = quiz_prompts(app, pads, PLAYSTATION)
    assert said[-1] == text.quiz_keys(app.input.buttons(), ["B", "○"])
    assert said[-1].endswith("B / ○: yes")
    tap(app, pad, "b")  # Player 1 answers yes with the slap button
    app.frames(2)
    assert said[-1].endswith("or B / ○: next pile")
