"""A PNG of every scene at 1280×720 in the temporary screenshot folder (support_app.OUT), each checked to be a real picture (not blank);
and the Ratscrew table with every overlay at once at 1280×720 and 640×360, its texts in their lanes."""

from __future__ import annotations

import pygame
import pytest
from support_app import OUT, distinct_colours, fast_forward, finished, save_png, save_shot

from game import games
from game.core.contract import TableConfig
from game.i18n import t
from game.match import SeatSpec
from game.render.text import TextRecorder
from game.scenes.choose import ChooseGameScene
from game.scenes.controls import ControlsScene
from game.scenes.dialogs import ConfirmScene, NameEntryScene
from game.scenes.join import JoinScene
from game.scenes.lobby import LobbyScene
from game.scenes.options import SettingsScene
from game.scenes.pause import PauseScene
from game.scenes.results import ResultsScene
from game.scenes.rules_view import RulesScene
from game.scenes.title import TitleScene
from game.ui import widgets as ui


def table(app, game: str, players: int):
    seats = [SeatSpec("human", None, "Ada")] + [SeatSpec("bot", "pro" if game == "ratscrew" else "easy",
                                                          f"Bot {i}") for i in range(2, players + 1)]
    app.nav.start_table(TableConfig(game, games.get(game).rules_from_values({}, players), seats, 11), push=True)
    fast_forward(app, 240)  # 4 s of bots' play (the frames before the last two are not drawn: the same picture)
    return app.top


def build(app, name: str) -> None:
    app.push(TitleScene())
    if name == "title":
        return
    if name == "choose":
        app.push(ChooseGameScene(index=1))
    elif name.startswith("lobby_"):
        app.push(LobbyScene(name.split("_")[1]))
    elif name.startswith("houserules_"):
        lobby = LobbyScene(name.split("_")[1])
        app.push(lobby)
        lobby.open_house_rules()
    elif name.startswith("rules_"):
        game = name.split("_")[1]
        app.push(RulesScene(game, games.get(game).rules_from_values({}, 4)))
    elif name == "settings":
        app.push(SettingsScene())
    elif name == "controls":
        app.push(ControlsScene())
    elif name == "join":
        app.push(JoinScene())
    elif name == "name_entry":
        app.push(LobbyScene("nothanks"))
        app.push(NameEntryScene(t("Name for seat {n}", n=1), "Ada", lambda n: None))
    elif name == "confirm":
        app.push(LobbyScene("ratscrew"))
        app.push(ConfirmScene(t("Delete the preset {name}?", name=t("House rules {n}", n=1)), lambda: None))
    elif name.startswith("table_"):
        table(app, name.split("_")[1], 5)
    elif name.startswith("pause_"):
        app.push(PauseScene(table(app, name.split("_")[1], 4)))
    elif name.startswith("results_"):
        game = name.split("_")[1]
        config, match = finished(game, players=6 if game == "ratscrew" else 5)
        app.push(ResultsScene(config, match))
    else:
        raise AssertionError(name)


SCENES = ["title", "choose", "lobby_nothanks", "lobby_ratscrew", "houserules_nothanks", "houserules_ratscrew", "rules_nothanks", "rules_ratscrew", "settings",
          "controls", "join", "name_entry", "confirm", "table_nothanks", "table_ratscrew", "pause_nothanks",
          "pause_ratscrew", "results_nothanks", "results_ratscrew"]


@pytest.mark.parametrize("name", SCENES)
def test_every_scene_draws_a_real_picture(app, name):
    build(app, name)
    path = save_shot(app, name)
    image = pygame.image.load(str(path))
    assert image.get_size() == (1280, 720)
    assert distinct_colours(image) >= 16, f"{name} looks blank"
    backdrop = ui.backdrop((1280, 720))
    differs = sum(image.get_at((x, y)) != backdrop.get_at((x, y)) for x in range(0, 1280, 40) for y in range(0, 720, 40))
    assert differs > 40, f"{name} is only the backdrop"


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
@pytest.mark.parametrize("moment", [("slap", 40), ("notes", 300), ("photo", 560)])
def test_the_ratscrew_table_with_every_overlay_at_once(size, moment):
    """A tie, a seat out of cards, a wrong slap, a late slap and the photo finish: every text in its lane
    (no two of the boxes the table drew intersect)."""
    from support_table import all_overlays

    from game.render.text import overlaps

    name, ms = moment
    _app, table = all_overlays(size, 5)
    table.app.run_ms(ms)
    surface = pygame.Surface(size)
    table.draw(surface, 0.0)
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"scene_table_ratscrew_overlays_{name}_{size[0]}x{size[1]}.png"
    save_png(surface, path)
    assert distinct_colours(surface) >= 16
    boxes = table.view.text_boxes()
    assert not overlaps(boxes), [(a.kind, a.text, b.kind, b.text) for a, b in overlaps(boxes)]
    assert {"panel", "note", "prompt"} <= {b.kind for b in boxes}
    assert ("photo" if name == "photo" else "banner") in {b.kind for b in boxes}


MENU_SCENES = [name for name in SCENES if not name.startswith("table_")]


def overlapping(boxes: list[tuple[pygame.Rect, str]]) -> list[tuple[str, str]]:
    """Pairs of texts whose boxes intersect (by more than a pixel's anti-aliasing)."""
    tight = [(rect.inflate(-2, -2), text) for rect, text in boxes if rect.w > 2 and rect.h > 2]
    return [(a, b) for i, (ra, a) in enumerate(tight) for rb, b in tight[i + 1:] if ra.colliderect(rb)]


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
@pytest.mark.parametrize("name", MENU_SCENES)
def test_no_two_texts_of_a_screen_overlap(tmp_path, name, size):
    from support_app import make_app

    app = make_app(tmp_path, size=size)
    try:
        build(app, name)
        app.frames(2)
        with TextRecorder() as boxes:
            app.top.draw(app.screen, 0.0)
        save_png(app.screen, OUT / f"boxes_{name}_{size[0]}x{size[1]}.png")
        assert len(boxes.drawn) >= 2, f"{name} drew no recorded text"
        assert overlapping(boxes.drawn) == [], f"{name} at {size}"
    finally:
        app.stack.clear()


def test_the_text_box_check_sees_texts_drawn_over_each_other(app):
    with TextRecorder() as boxes:
        ui.blit_text(app.screen, "Double!", 40, ui.TEXT, "center", (300, 200))
        ui.blit_text(app.screen, "Too late by 22 ms", 30, ui.TEXT, "center", (310, 205))
        ui.blit_text(app.screen, "elsewhere", 30, ui.TEXT, "center", (900, 600))
    assert overlapping(boxes.drawn) == [("Double!", "Too late by 22 ms")]


def test_the_quick_png_writer_keeps_every_pixel(tmp_path):
    """support_app.save_png (the screen tests' screenshots) writes a PNG that loads back pixel for pixel."""
    surface = pygame.Surface((37, 23))
    for x in range(37):
        for y in range(23):
            surface.set_at((x, y), ((x * 7) % 256, (y * 11) % 256, (x * y) % 256))
    save_png(surface, tmp_path / "shot.png", keep=True)
    back = pygame.image.load(str(tmp_path / "shot.png"))
    assert back.get_size() == (37, 23)
    assert all(back.get_at((x, y))[:3] == surface.get_at((x, y))[:3] for x in range(37) for y in range(23))


@pytest.mark.parametrize("what", ["table_ratscrew", "table_nothanks", "replay_ratscrew"])
def test_fast_forward_draws_the_same_picture_as_every_frame_drawn(tmp_path, what):
    """support_app.fast_forward (the screen tests' way to a table after 4 s or a replay at 9 s) skips drawing
    the frames before the last two: the picture it leaves is the one playing every frame drawn leaves."""
    from support_app import make_app

    def picture(step) -> bytes:
        app = make_app(tmp_path / step.__name__, size=(640, 360))
        try:
            app.push(TitleScene())
            if what.startswith("table_"):
                game = what.split("_")[1]
                seats = [SeatSpec("human", None, "Ada")] + [SeatSpec("bot", "pro" if game == "ratscrew" else "easy",
                                                                      f"Bot {i}") for i in range(2, 6)]
                app.nav.start_table(TableConfig(game, games.get(game).rules_from_values({}, 5), seats, 11), push=True)
                step(app, 240)
            else:
                import test_replayview_viewer as replay_viewer

                replay_viewer.viewer(app, "ratscrew")
                step(app, 60 * 9)
            return pygame.image.tobytes(app.screen, "RGB")
        finally:
            app.stack.clear()
            app.history.close()

    def every_frame(app, n):
        app.frames(n)

    assert picture(fast_forward) == picture(every_frame)
