"""Issue 37, seat marks beyond colour on the results' own lists: every row of both games' results that names a
seat (the players' table of No Thanks and of Ratscrew, No Thanks' "who took what") starts with that seat's mark
(its shape in its colour, game.render.seat_marks), not a square of colour alone; the mark sits on the row's
line left of the name, about as tall as the name's letters, and its pixels are drawn in the seat's colour."""

from __future__ import annotations

import pygame
import pytest
from support_app import finished
from test_access_results import show

from game.render import colors, scale, seat_marks
from game.render.text import TextRecorder


@pytest.fixture(autouse=True)
def standard_looks():
    yield
    scale.install(text=1.0)
    scale.install(window=(1280, 720))


@pytest.fixture(scope="module")
def games_played():
    return {game: finished(game, 5) for game in ("nothanks", "ratscrew")}


def _drawn(tmp_path, monkeypatch, size, config, match):
    """The results screen drawn once: (the marks drawn, as (seat, rect)), the texts drawn, the screen."""
    marks: list[tuple[int, pygame.Rect]] = []
    draw = seat_marks.draw

    def recording(surface, seat, rect, fill=None, edge=None):
        at = draw(surface, seat, rect, fill, edge)
        if surface is app.screen:
            marks.append((seat, pygame.Rect(at)))
        return at

    app = show(tmp_path, size, "en", 100, config, match)
    monkeypatch.setattr(seat_marks, "draw", recording)
    with TextRecorder() as boxes, scale.text_room(app.top.text_room):
        app.top.draw(app.screen, 0.0)
    return app, marks, boxes.drawn


def _inked(screen: pygame.Surface, seat: int, rect: pygame.Rect) -> int:
    """How many pixels in `rect` are the seat's colour (its shape's fill)."""
    fill = tuple(colors.seat_color(seat))[:3]
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if tuple(screen.get_at((x, y)))[:3] == fill)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", ["nothanks", "ratscrew"])
def test_every_players_row_starts_with_its_seats_mark(tmp_path, monkeypatch, games_played, game, size):
    config, match = games_played[game]
    app, marks, texts = _drawn(tmp_path, monkeypatch, size, config, match)
    try:
        body = app.top.body
        table = body.players_rect if game == "nothanks" else body.table_rect
        names = body.names
        for seat, name in enumerate(names):
            label = [r for r, text in texts if text in (name, "★ " + name) and table.contains(r)]
            assert len(label) == 1, (name, label)
            mine = [r for s, r in marks if s == seat and table.contains(r)]
            assert len(mine) == 1, (seat, mine)  # its own shape, once, on its row
            mark = mine[0]
            assert mark.right <= label[0].left and abs(mark.centery - label[0].centery) <= label[0].h // 4
            assert mark.h >= label[0].h * 0.5  # about as tall as the name's letters, not a dot
            assert _inked(app.screen, seat, mark) >= mark.w * mark.h // 10  # filled in the seat's colour (inside its edge)
        # the shapes differ from seat to seat: colour is not all that tells them apart
        assert len({seat_marks.seat_shape(s) for s, _ in marks}) == len(names)
    finally:
        app.stack.clear()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_who_took_what_marks_each_take_with_its_takers_shape(tmp_path, monkeypatch, games_played, size):
    config, match = games_played["nothanks"]
    app, marks, _texts = _drawn(tmp_path, monkeypatch, size, config, match)
    try:
        body = app.top.body
        shown = body.shown_takes()
        assert shown
        in_list = sorted(((r, s) for s, r in marks if body.takes_rect.contains(r)), key=lambda rs: rs[0].y)
        assert [s for _, s in in_list] == [take.seat for _, take in shown]  # a mark a take, its taker's
        for rect, seat in in_list:
            assert rect.h >= body.take_px * 0.5 and _inked(app.screen, seat, rect) > 0
    finally:
        app.stack.clear()
