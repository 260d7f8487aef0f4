"""Issue 20 item 9, seats as player mats: a seat played by a remembered player (a profile) shows that player's
face beside its name, large (as tall as the name's line), and a guest's or a bot's seat its shape in its colour,
at both tables. The face comes to the table through the typed view-model (TableConfig.profiles -> the table
scene -> ViewModel.faces); a replay (which remembers no profiles) draws each seat's shape. The mark never touches
the name, the cards, the matches or any other words, at 2-8 seats, 640x360 to 1920x1080, 100/125/150 % text,
en/da/sv."""

from __future__ import annotations

import pygame
import pytest
from support_table import FakeApp

from game import i18n, screens
from game.core.contract import TableConfig
from game.games.nothanks import engine as nt
from game.games.nothanks.table import NothanksTable
from game.games.ratscrew import engine as rs
from game.games.ratscrew.table import RatscrewTable
from game.games.table_scene import TableScene
from game.match import SeatSpec
from game.render import colors, faces, scale, seat_marks
from game.render.text import overlaps

CAT, OWL = 1, 4  # game.render.faces.AVATARS


@pytest.fixture(autouse=True)
def _restore():
    yield
    scale.install(text=1.0)
    scale.install(window=(1280, 720))
    i18n.set_language("en")


def table(game: str, n: int, size=(1280, 720), profiled=(1,), avatar=CAT, bots=(2,)):
    """A table of `n` seats: those in `profiled` played by remembered players (each with the face `avatar`),
    those in `bots` by bots, the rest by guests."""
    scale.install(window=size)
    app = FakeApp(size)
    seats, profiles = [], []
    for seat in range(n):
        if seat in bots:
            seats.append(SeatSpec("bot", "easy" if game == "nothanks" else "pro", f"Bot {seat + 1}"))
        else:
            seats.append(SeatSpec("human", None, f"Player {seat + 1}"))
        pid = None
        if seat in profiled:
            profile = app.history.create(f"Player {seat + 1}")
            assert not isinstance(profile, str), profile
            app.history.change(profile.id, avatar=avatar)
            pid = profile.id
        profiles.append(pid)
    if game == "nothanks":
        scene: TableScene = NothanksTable(TableConfig("nothanks", nt.Rules(), seats, seed=3, profiles=tuple(profiles)),
                                          threaded=False)
    else:
        scene = RatscrewTable(TableConfig("ratscrew", rs.Rules(), seats, seed=1, profiles=tuple(profiles)))
    app.push(scene)
    app.run_ms(100)
    return app, scene


def frame(scene, size) -> pygame.Surface:
    surface = pygame.Surface(size)
    scene.draw(surface, 0.0)
    return surface


def opaque_match(surface: pygame.Surface, at: pygame.Rect, mark: pygame.Surface) -> tuple[int, int]:
    """(pixels of `mark` that are opaque, how many of them `surface` shows exactly at `at`)."""
    opaque = same = 0
    for y in range(mark.get_height()):
        for x in range(mark.get_width()):
            c = mark.get_at((x, y))
            if c.a == 255:
                opaque += 1
                same += surface.get_at((at.x + x, at.y + y))[:3] == tuple(c)[:3]
    return opaque, same


def expected_mark(seat: int, face: int | None, size: int) -> pygame.Surface:
    """A seat's mark as its mat should show it: a bot's or a guest's, its seat's shape in its colour (issue 37);
    a profile's, its face with the seat's shape on its corner."""
    if face is None:
        return seat_marks.image(seat, size)
    drawn = faces.mark(size, face, colors.seat_color(seat)).copy()
    seat_marks.draw(drawn, seat, seat_marks.badge(drawn.get_rect()))
    return drawn


def screen_mark(view, seat: int) -> pygame.Rect:
    return view.panels.mark_box(seat).move(view.L.seats[seat].rect.topleft)


GAMES = ["nothanks", "ratscrew"]


# -- the face comes through the view-model ----------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_view_model_carries_each_seats_face(game):
    _app, scene = table(game, 4, profiled=(0, 3), avatar=OWL)
    assert scene.view.model.faces == [OWL, None, None, OWL]
    assert scene.view.faces == [OWL, None, None, OWL]
    # no profiles (a table set up in code, an old config): every seat's colour
    _, plain = table(game, 3, profiled=())
    assert plain.view.model.faces == [None, None, None]


@pytest.mark.parametrize("game", GAMES)
def test_a_profile_forgotten_before_the_game_shows_the_seats_colour(game):
    scale.install(window=(1280, 720))
    app = FakeApp((1280, 720))
    gone = app.history.create("Gone")
    assert not isinstance(gone, str)
    app.history.delete(gone.id)
    seats = [SeatSpec("human", None, "A"), SeatSpec("human", None, "B")]
    rules = nt.Rules() if game == "nothanks" else rs.Rules()
    config = TableConfig(game, rules, seats, seed=2, profiles=(gone.id, None))
    scene = NothanksTable(config, threaded=False) if game == "nothanks" else RatscrewTable(config)
    app.push(scene)
    assert scene.view.faces == [None, None]


# -- what the mat shows -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", [3, 5, 8])
@pytest.mark.parametrize("game", GAMES)
def test_a_profile_seats_mat_shows_its_face_and_a_bots_its_colour(game, n, size):
    _, scene = table(game, n, size, profiled=(1,), avatar=CAT, bots=(2,))
    view = scene.view
    surface = frame(scene, size)
    name_px = view.texts.font(view.panels.name_fit(1)[1], True).get_height()
    for seat, face in ((1, CAT), (2, None)):
        at = screen_mark(view, seat)
        assert at.h >= min(view.panels.mark_size(seat), name_px) and at.h >= 24, (seat, at)  # as tall as the name
        drawn = expected_mark(seat, face, at.w)
        opaque, same = opaque_match(surface, at, drawn)
        assert opaque > at.w * at.h // 3 and same == opaque, (seat, face, opaque, same)
    # the face is no seat shape, and the shape no face
    at = screen_mark(view, 1)
    disc = seat_marks.image(1, at.w)
    opaque, same = opaque_match(surface, at, disc)
    assert same < opaque * 0.9, (opaque, same)
    # the face is the one draw_avatar draws (game.profiles): where draw_avatar, drawn straight at the mark's
    # size, colours a pixel, the mat shows (nearly) that colour but at some of its shapes' edges (the mark is
    # drawn bigger and scaled down), and it matches the cat better than any other face
    def likeness(avatar: int) -> float:
        direct = pygame.Surface((at.w, at.w), pygame.SRCALPHA)
        faces.draw_avatar(direct, direct.get_rect(), avatar, colors.seat_color(1))
        inked = near = 0
        for y in range(at.h):
            for x in range(at.w):
                c = direct.get_at((x, y))
                if c.a == 255:
                    inked += 1
                    shown = surface.get_at((at.x + x, at.y + y))
                    near += max(abs(shown[i] - c[i]) for i in range(3)) <= 12
        return near / inked

    cat = likeness(CAT)
    assert cat >= 0.75, cat
    others = {a: likeness(a) for a in range(len(faces.AVATARS)) if a != CAT}
    assert all(cat > other for other in others.values()), (cat, others)


def test_each_face_is_its_own_and_no_colour_disc():
    size = 36
    colour = colors.seat_color(0)
    marks = [faces.mark(size, a, colour) for a in range(len(faces.AVATARS))] + [faces.mark(size, None, colour)]
    pictures = [pygame.image.tobytes(m, "RGBA") for m in marks]
    assert len(set(pictures)) == len(pictures)
    assert faces.mark(size, 2, colour) is faces.mark(size, 2, colour)  # drawn once per size, face and colour
    for m in marks:  # in the seat's colour: it is the most common opaque colour
        counts: dict[tuple[int, int, int], int] = {}
        for y in range(size):
            for x in range(size):
                c = m.get_at((x, y))
                if c.a == 255:
                    counts[tuple(c)[:3]] = counts.get(tuple(c)[:3], 0) + 1
        common = max(counts, key=lambda k: counts[k])
        assert max(abs(common[i] - colour[i]) for i in range(3)) <= 3, (common, colour)  # scaled down: within 3


# -- nothing overlaps -----------------------------------------------------------------------------------------------
def _clear_of_the_rest(view, seat: int) -> None:
    """The seat's mark lies on its panel, left of its name, and off its cards and its match count."""
    panels = view.panels
    box = view.L.seats[seat]
    mark = panels.mark_box(seat)
    row, name, ny = panels._name_line(seat)
    name_rect = name.get_rect(topleft=(row.x + panels.mark_width(seat), ny))
    name_rect.w = view.texts.font(panels.name_fit(seat)[1], True).size(panels.name_fit(seat)[0])[0]
    assert pygame.Rect((0, 0), box.rect.size).contains(mark), (seat, mark, box.rect.size)
    assert mark.right < name_rect.left, (seat, mark, name_rect)
    assert mark.top >= ny - 1 and mark.bottom <= ny + name.get_height() + 1, (seat, mark, ny, name.get_height())
    assert not mark.colliderect(box.stack.move(-box.rect.x, -box.rect.y)), (seat, mark, box.stack)
    assert panels.name_fit(seat)[0] == view.names[seat]  # the name shows whole beside its face
    reserve = view.name_reserve(seat)
    if box.name is None:  # the name's line is the words' row: the game's things right of the name keep clear
        assert name_rect.right <= box.info.right - box.rect.x - reserve, (seat, name_rect, reserve)


SIZES = [(640, 360), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("language", ["en", "da", "sv"])
@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", [2, 5, 8])
@pytest.mark.parametrize("game", GAMES)
def test_faces_on_every_mat_overlap_nothing(game, n, size, percent, language):
    i18n.set_language(language)
    scale.install(text=percent / 100)
    with scale.text_room(TableScene.text_room):
        _, scene = table(game, n, size, profiled=tuple(range(0, n, 2)), avatar=OWL, bots=(1,))
        view = scene.view
        view.relayout(size)
        frame(scene, size)
        assert overlaps(view.text_boxes()) == []
        for seat in range(n):
            _clear_of_the_rest(view, seat)


# -- replays ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_replay_without_faces_loads_and_draws_colour_discs(game):
    from support_app import finished

    from game.scenes.replays import Film, ReplayScene, log_of

    scale.install(window=(1280, 720))
    app = FakeApp((1280, 720))
    _, match = finished(game, 3, 4)
    film = Film(log_of(match.log.lines()))
    scene = ReplayScene(film)
    app.push(scene)
    surface = pygame.Surface((1280, 720))
    scene.draw(surface, 0.0)
    view = scene.table.view
    assert view.faces == [None, None, None]
    for seat in range(3):
        content = view.seat_key(seat, scene.table.match.state, 0.0)[1:]
        panel = view.build_panel(seat, content)
        at = view.panels.mark_box(seat)
        shown = panel.get_at(at.center)  # the seat's colour, shape or dot (scaled down: within 3)
        assert max(abs(shown[i] - colors.seat_color(seat)[i]) for i in range(3)) <= 3, (seat, shown)
        if view.panels.big_mark(seat):  # a mat: the big shape
            opaque, same = opaque_match(panel, at, expected_mark(seat, None, at.w))
            assert opaque > 0 and same == opaque, (seat, opaque, same)


# -- from the lobby ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_player_picked_in_the_lobby_sits_at_the_table_with_their_face(tmp_path, monkeypatch, game):
    """The whole way: a seat of the lobby picks a remembered player (its picker), Start, and the table's mat of
    that seat shows the player's face; the other seats their colours."""
    from support_app import focus, make_app, press

    from game.i18n import t
    from game.scenes.title import TitleScene

    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    app = make_app(tmp_path, size=(1280, 720))
    app.push(TitleScene())
    try:
        mia = app.history.create("Mia")
        assert not isinstance(mia, str)
        app.history.change(mia.id, avatar=OWL)
        lobby = app.nav.push(screens.Lobby(game))
        focus(app, t("Guest: {name}", name=t("Player {n}", n=1)))  # (players remembered: a guest says so)
        press(app, "enter")
        focus(app, "Mia")
        press(app, "enter")
        assert app.top is lobby and lobby.table_config().profiles[0] == mia.id
        lobby.start()
        app.frames(2)
        table = app.top
        assert isinstance(table, TableScene), type(table).__name__
        view = table.view
        assert view.faces[0] == OWL and all(face is None for face in view.faces[1:]), view.faces
        surface = pygame.Surface(app.size)
        table.draw(surface, 0.0)
        for seat, face in ((0, OWL), (1, None)):
            if not view.panels.big_mark(seat):  # a guest's seat round the ellipse: the small dot
                continue
            content = view.seat_key(seat, table.match.state, 0.0)[1:]
            panel = view.build_panel(seat, content)
            at = view.panels.mark_box(seat)
            opaque, same = opaque_match(panel, at, expected_mark(seat, face, at.w))
            assert opaque > 0 and same == opaque, (seat, face, opaque, same)
    finally:
        app.stack.clear()
