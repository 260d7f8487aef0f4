"""Issue 38's audit: a parent's notes on the slap school's stars screen (a guest's progress tonight, many false
slaps) read on a line or two each. In the seat's panel as wide as its stars need, "Tonight: 100% → 100% of
patterns" broke after "→" and the two notes took five lines down a narrow panel, the screen's width free beside."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from support_app import make_app

from game import i18n
from game.games.ratscrew.school import text as school_text
from game.games.ratscrew.school.session import RIGHT, WRONG, Card, Options
from game.games.ratscrew.school.stars import StarsScene
from game.render.text import TextRecorder
from game.scenes.title import TitleScene


def slapped_everything() -> SimpleNamespace:
    """A session of 30 cards where the student slapped every one: 8 doubles hit, 22 false slaps."""
    cards = []
    for i in range(30):
        pair = i % 4 == 3 and i < 32
        rule = "double" if pair and len([c for c in cards if c.rule]) < 8 else None
        answers = {0: (RIGHT, 300)} if rule else {0: (WRONG, 300)}
        cards.append(Card(i, "9S", ("9H", "9S") if rule else ("4H", "9S"), rule, None, (0, 1) if rule else (),
                          i * 2000, 2000, i * 2000, None, answers))
    return SimpleNamespace(cards=cards)


@pytest.mark.parametrize("language", ["en", "da", "sv"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_parents_notes_read_on_a_line_or_two_each(tmp_path, monkeypatch, size, language):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    app = make_app(tmp_path, size=size)
    i18n.set_language(language)
    try:
        name = app.settings.player_name(0)
        app.history.note_guest_practice("ratscrew", name, 8, 8, 22)  # a first session tonight, this one's as well
        app.history.note_guest_practice("ratscrew", name, 8, 8, 22)
        app.push(TitleScene())
        app.push(StarsScene(Options(drill=0, cards=30), 1, slapped_everything()))
        app.frames(2)
        stars = app.top
        tonight = school_text.tonight([(8, 8, 22), (8, 8, 22)])
        assert [note for note, _ in stars.notes[0]] == [tonight, school_text.false_slaps_note()]  # both for the parent
        with TextRecorder() as boxes:
            stars.draw(app.screen, 0.0)
        texts = [text for _, text in boxes.drawn]
        assert tonight in texts, repr(texts)  # whole, on one line
        lines = stars._note_lines(size, stars.seat_rects[0].w, 0)
        assert len(lines) <= 3, lines  # the two notes: a line and two at most
    finally:
        i18n.set_language("en")
        app.stack.clear()
        app.history.close()
