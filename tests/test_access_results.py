"""The results screens at every text size (100/125/150 %), in English, Danish and Swedish, at 1280×720 and
640×360, beyond the five and six seats of test_access_screens: eight seats, twenty-character names, the
numbered edition's chips and the evening's tally. No two texts overlap, none runs off the screen, none is cut
with "…"; the buttons stay clear of the key hint, and bigger text is drawn bigger, not shrunk back.
Screenshots (results_<case>_<lang>_<w>_<percent>.png) go to the temporary screenshot folder (support_app.OUT)."""

from __future__ import annotations

import dataclasses
import itertools

import pygame
import pytest
from support_app import finished
from test_access_screens import LANGUAGES, PERCENTS, SIZES, app_with, assert_fits, problems

from game import games, i18n
from game.core.contract import TableConfig
from game.games.nothanks import engine as nt
from game.match import SeatSpec
from game.render import scale
from game.render.text import TextRecorder
from game.scenes.results import ResultsScene
from game.scenes.title import TitleScene
from game.ui import widgets as ui
from game.ui.figures import name_halves

LONG_NAMES = ["Alexandria-Maximilin", "Bo", "W" * 20]


@pytest.fixture(autouse=True)
def standard_looks():
    yield
    i18n.set_language("en")
    scale.install(text=1.0)
    scale.install(large_cards=False)
    scale.install(window=(1280, 720))


@pytest.fixture(scope="module")
def eight():
    """A finished eight-seat game of each (played once for the module: bots take a while)."""
    return {game: finished(game, 8) for game in ("nothanks", "ratscrew")}


def numbered(players: int) -> tuple[TableConfig, object]:
    """A finished No Thanks game of the numbered edition (chips, 3–35), bots only."""
    definition = games.get("nothanks")
    seats = [SeatSpec("bot", "easy", f"Bot {i + 1}") for i in range(players)]
    config = TableConfig("nothanks", nt.Rules.numbered(), seats, 5)
    match = definition.make_match(config, 0, threaded=False)
    t_ns = 0
    while not match.is_over:
        t_ns += 10**7
        match.advance(t_ns)
    return config, match


def named(config: TableConfig, names: list[str]) -> TableConfig:
    return dataclasses.replace(config, seats=[SeatSpec("human", None, names[i % len(names)])
                                              for i in range(len(config.seats))])


def show(tmp_path, size, code, percent, config, match):
    app = app_with(tmp_path, size, code, percent)
    app.push(TitleScene())
    app.push(ResultsScene(config, match))
    app.frames(2)
    return app


@pytest.mark.parametrize("percent", PERCENTS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", ["nothanks", "ratscrew"])
def test_eight_seats_fit_at_every_text_size_and_language(tmp_path, eight, game, code, size, percent):
    config, match = eight[game]
    app = show(tmp_path, size, code, percent, config, match)
    try:
        assert_fits(app, f"{game} with 8 seats in {code} at {size} and {percent} %",
                    f"results_{game}8_{code}_{size[0]}_{percent}.png")
    finally:
        app.stack.clear()


@pytest.mark.parametrize("players", [3, 8])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", ["nothanks", "ratscrew"])
def test_twenty_character_names_are_shown_whole_at_150_percent(tmp_path, eight, game, size, players):
    """Long names shrink to fit their column (and the takes list says who by the seat's colour), never cut:
    every name is drawn whole somewhere on the screen. (Twenty W's, the widest name there is, need more than
    the name column of a 640×360 window has at 8 px: there, a long name of ordinary letters.)"""
    config, match = eight[game] if players == 8 else finished(game, players)
    config = named(config, LONG_NAMES if size[0] >= 1280 else LONG_NAMES[:2])
    app = show(tmp_path, size, "da", 150, config, match)
    try:
        drawn: list[str] = []
        real = TextRecorder.add

        def recording(surface, rect, text):
            drawn.append(text)
            real(surface, rect, text)

        TextRecorder.add = staticmethod(recording)
        try:
            assert_fits(app, f"{game} with long names at {size}", f"results_{game}_names_{players}_{size[0]}.png")
        finally:
            TextRecorder.add = staticmethod(real)
        halves = set(itertools.pairwise(drawn))  # a name on two lines: one after the other
        for name in {s.name for s in config.seats}:
            assert any(name in text for text in drawn) or name_halves(name) in halves, name
    finally:
        app.stack.clear()


@pytest.mark.parametrize("percent", PERCENTS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_numbered_edition_fits_with_its_chips(tmp_path, size, percent):
    config, match = numbered(7)
    app = show(tmp_path, size, "sv", percent, config, match)
    try:
        assert_fits(app, f"numbered edition at {size} and {percent} %", f"results_numbered_sv_{size[0]}_{percent}.png")
    finally:
        app.stack.clear()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", ["nothanks", "ratscrew"])
def test_the_evenings_tally_fits_at_150_percent_with_eight_seats(tmp_path, monkeypatch, eight, game, size):
    from game.history import GameRecord, SessionTally, table_key
    from game.history.summary import SeatResult

    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    config, match = eight[game]
    points = game == "nothanks"
    tally = SessionTally()
    for _ in range(3):
        tally.add(GameRecord(game, {}, "", 1, tuple(SeatResult(i, s.name, "bot", None, None, i == 0,
                                                               -30 + i if points else None)
                                                    for i, s in enumerate(config.seats)), (0,),
                             tuple(-30 + i for i in range(8)) if points else None, None, key=table_key(config)))
    app = app_with(tmp_path, size, "da", 150)
    try:
        app.tally = tally
        app.push(TitleScene())
        app.push(ResultsScene(config, match))
        app.frames(2)
        assert app.top.tally_parts, "no tally drawn"
        assert_fits(app, f"{game} tally at {size}", f"results_{game}_tally_da_{size[0]}_150.png")
        with TextRecorder() as boxes, scale.text_room(app.top.text_room):
            app.top.draw(app.screen, 0.0)
        body = app.top.body
        figures_bottom = max(r.bottom for r in ((body.players_rect, body.aside_rect, body.takes_rect) if points
                                                else (body.chart_rect, body.table_rect)))
        parts = {text for _, text, _ in app.top.tally_parts}
        tally = [rect for rect, text in boxes.drawn if text in parts and rect.y >= figures_bottom]
        assert len(tally) == len(app.top.tally_parts) == 9  # the heading and every seat, under the figures
        assert max(r.bottom for r in tally) <= min(r.y for r in app.top.menu.rects)  # and above the buttons
    finally:
        app.stack.clear()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", ["nothanks", "ratscrew"])
def test_bigger_text_is_drawn_bigger_and_the_buttons_stay_above_the_hint(tmp_path, game, size):
    """At 150 % the rules line, the names and the figures are drawn bigger than at 100 % (the layout makes
    room rather than shrinking them back), and the buttons' labels end above the key hint's line."""
    config, match = finished(game, 5)
    heights: dict[int, dict[str, int]] = {}
    for percent in (100, 150):
        app = show(tmp_path / str(percent), size, "da", percent, config, match)
        try:
            with TextRecorder() as boxes, scale.text_room(app.top.text_room):
                app.top.draw(app.screen, 0.0)
            assert not {k: v for k, v in problems(app).items() if v}
            by_text: dict[str, pygame.Rect] = {}
            for rect, text in boxes.drawn:
                by_text.setdefault(text, rect)  # the first: a name in the players' table (before who took what)
            hint = [rect for rect, text in boxes.drawn if text.startswith("←")]
            assert len(hint) == 1
            for item, rect in zip(app.top.menu.items, app.top.menu.rects):
                assert rect.bottom <= hint[0].top, item.label
                assert by_text[item.label].bottom <= hint[0].top, item.label
            heights[percent] = {"rules": by_text[app.top.rules_lines[0]].h, "name": by_text["Bot 2"].h}
        finally:
            app.stack.clear()
    for what in ("rules", "name"):
        assert heights[150][what] > heights[100][what] * 1.2, (what, heights)


def test_a_wrapped_rules_line_is_even_and_keeps_every_part(tmp_path):
    """The rules summary wraps at " · " into lines of even length (no lone last part) and loses nothing."""
    config, match = finished("ratscrew", 4)
    app = show(tmp_path, (1280, 720), "da", 150, config, match)
    try:
        scene = app.top
        lines = scene.rules_lines
        assert len(lines) in (2, 3)  # at 150 % a third line keeps the words at their grown size
        summary = scene.definition.rules_summary(config.rules)
        assert " · ".join(lines) == summary
        font = ui.TEXTS.font(scene.rules_px)
        widths = [font.size(line)[0] for line in lines]
        assert min(widths) > max(widths) // 2
    finally:
        app.stack.clear()
        pygame.event.clear()
