"""A guest seat added after an empty one was named "Player 7" while its badge said 5 (the table seat it becomes):
a family could not tell who is who. The badge now carries the number the seat's name has (its place in the lobby),
in the colour of the table seat it becomes."""

from __future__ import annotations

from support_app import make_app

from game import screens
from game.scenes.lobby import cards
from game.ui import widgets as ui


def test_a_seat_after_an_empty_one_has_its_names_number_on_its_badge(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    lobby = app.nav.push(screens.Lobby("nothanks"))
    app.frames(2)
    seating = lobby.seating
    for row, seat in enumerate([("human", None)] * 4 + [("empty", None)] * 2 + [("human", None), ("bot", "medium")]):
        seating.set_kind(row, seat)
    lobby.rebuild()
    faces: list[cards.Face] = []
    monkeypatch.setattr(cards, "draw_face", lambda surface, spot, face: faces.append(face))
    app.frames(2)
    drawn = faces[-8:]
    assert [seating.seat_label(row) for row in (6, 7)] == ["Player 7", "Bot 8"]
    assert [drawn[row].number for row in (0, 3, 6, 7)] == [1, 4, 7, 8]
    assert drawn[6].colour == ui.seat_colour(4) and drawn[7].colour == ui.seat_colour(5)  # the table's seats 5, 6
    assert drawn[4].colour is None and drawn[5].colour is None  # the empty seats: no badge
