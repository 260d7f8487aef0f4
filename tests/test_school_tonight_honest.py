"""A guest who slaps every card is not told "Tonight: 100% of patterns" in gold (found playing issue 38's parts
with a pad): the share counted the patterns hit only, so beside "6 of 30 right" it read as praise. Tonight's
line now says the false slaps beside the share, and is drawn as plainly as the figures (not in gold) when the
false slaps are many, over the parent's note "Many false slaps: the pace slowed to give time to look"."""

from __future__ import annotations

import pygame
import pytest
from support_app import make_app

from game.games.ratscrew import bots
from game.games.ratscrew.school import history as school_history
from game.games.ratscrew.school import sim
from game.games.ratscrew.school import text as school_text
from game.games.ratscrew.school.scoring import tally
from game.games.ratscrew.school.session import Options
from game.games.ratscrew.school.stars import StarsScene
from game.render import colors
from game.render.text import TextRecorder
from game.scenes.title import TitleScene


def test_tonight_says_the_false_slaps_beside_the_share():
    assert school_text.tonight([(8, 8, 22)]) == "Tonight: 100% of patterns, 22 false slaps"
    assert school_text.tonight([(8, 8, 1)]) == "Tonight: 100% of patterns, 1 false slap"
    assert school_text.tonight([(6, 10, 9), (9, 12, 2)]) == "Tonight: 60% → 75% of patterns, 9 → 2 false slaps"
    assert school_text.tonight([(6, 10, 0), (9, 12, 0)]) == "Tonight: 60% → 75% of patterns"  # none: nothing to say


def gold_pixels(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """How many of `rect`'s pixels are the notes' gold (the text drawn in it)."""
    area = surface.subsurface(rect.clip(surface.get_rect()))
    return sum(1 for x in range(area.get_width()) for y in range(area.get_height())
               if sum(abs(a - b) for a, b in zip(area.get_at((x, y))[:3], colors.GOLD, strict=True)) < 40)


def results_of(app, session, guest: bool):
    """The stars screen after `session`, kept as the history keeps it (a guest's for this run): tonight's line
    as drawn ((rect, text) or None) and every text drawn."""
    profiles = (None,) if guest else (app.history.create("Mia").id,)
    school_history.record(app.history, session, profiles, names=(app.settings.player_name(0),))
    app.push(TitleScene())
    app.push(StarsScene(Options(drill=session.options.drill, cards=session.options.cards), 1, session,
                        profiles=profiles))
    app.frames(2)
    with TextRecorder() as boxes:
        app.top.draw(app.screen, 0.0)
    line = next(((rect, text) for rect, text in boxes.drawn if text.startswith("Tonight")), None)
    return line, [text for _, text in boxes.drawn]


@pytest.fixture
def make(tmp_path, monkeypatch):
    """make(size) -> an app on a fresh data folder, closed after the test."""
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    made = []

    def app_of(size=(1280, 720)):
        made.append(make_app(tmp_path, size=size))
        return made[-1]

    yield app_of
    for app in made:
        app.stack.clear()
        app.history.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_guest_who_slaps_everything_reads_the_false_slaps_not_praise(make, size):
    app = make(size)
    session = sim.play(None, 30, "adaptive", 3, drill=0, everything=True)
    score = tally(session.cards, 1)[0]
    assert score.hits == score.patterns and score.false_slaps >= 10  # every pattern "hit", and every card slapped
    line, texts = results_of(app, session, guest=True)
    assert line is not None, texts
    rect, said = line
    assert said == f"Tonight: 100% of patterns, {score.false_slaps} false slaps"  # whole, on one line
    assert school_text.false_slaps_note() in texts
    assert gold_pixels(app.screen, rect) == 0, "a masher's share drawn in gold, as if praised"
    heading = next(text for text in texts if " — " in text)
    assert heading.endswith(school_text.stars_heading(0, True)) and "Good practice" not in heading, heading


def test_a_careful_guests_tonight_stays_gold(make):
    app = make()
    session = sim.play(bots.LEVEL_TABLE["pro"], 30, "adaptive", 3, drill=0)
    assert tally(session.cards, 1)[0].false_slaps <= 1
    line, texts = results_of(app, session, guest=True)
    assert line is not None and school_text.false_slaps_note() not in texts
    assert gold_pixels(app.screen, line[0]) > 20  # praise where it is earned
    heading = next(text for text in texts if " — " in text)
    assert heading.endswith(("Good practice!", "Well played!")), heading


def test_a_saved_player_has_no_tonight_line_but_is_told_of_the_false_slaps(make):
    app = make()
    session = sim.play(None, 30, "adaptive", 3, drill=0, everything=True)
    line, texts = results_of(app, session, guest=False)
    assert line is None and school_text.false_slaps_note() in texts  # their progress is under Progress…
