"""Issue 20 items 3 and 4 on every screen but the tables: results (both games, with their charts and notes),
the replays and the replay viewer, the stats, the players' screens, the slap school, the menus (title,
choose, settings, pause, controls, join, the dialogs, the rules) and their footers. Every text each screen
draws is recorded with its font size in pixels and its box (TextRecorder.sized), and every text a TextCache is
asked for in that frame with its size (render_text.DRAWN, which also sees words drawn outside the boxes: chart
labels, notices); none is under 20 px at 1280×720 (scaled with the window), at 100/125/150 % text, in English,
Danish and Swedish, beside the overlap, off-screen and cut checks of test_access_screens.problems."""

from __future__ import annotations

import pygame
import pytest
import support_screens as screens
import test_scenes_screenshots as shots
from test_access_more_screens import SCREENS
from test_access_screens import LANGUAGES, PERCENTS, app_with, problems

from game import i18n
from game.render import scale
from game.render import text as render_text
from game.render.text import TextRecorder
from game.ui import widgets as ui

FLOOR = 20  # px at 1280×720
NAMES = [n for n in shots.MENU_SCENES] + list(SCREENS)
# Known short of the floor (issue 20, left open): the slap school's full rules table (13 rows) only fits its
# panel at 17–18 px (its layout, being reworked by the school's own pass, needs the room first).
KNOWN: set[tuple[str, int]] = set()  # (screen, text size) pairs known to draw a word under the floor: none


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    yield tmp_path / "data"
    i18n.set_language("en")
    scale.install(text=1.0)
    scale.install(large_cards=False)
    scale.install(window=(1280, 720))


def build(app, name: str, data) -> None:
    if name in SCREENS:
        SCREENS[name](app, data)
    else:
        shots.build(app, name)
    app.frames(2)


def recorded(app) -> tuple[dict[str, list], list[tuple[pygame.Rect, str, int]], list[tuple[str, int]]]:
    """Draw the top scene once (as `problems` does) and return its problems, every boxed text with its font
    size, and every text a TextCache was asked for with its size."""
    sized: list[tuple[pygame.Rect, str, int]] = []
    measure = TextRecorder.measure

    def recording(surface, rect, text, img):
        if TextRecorder.current is not None and surface is pygame.display.get_surface():
            sized.append((pygame.Rect(rect), text, render_text.px_of(img)))

    render_text.DRAWN = []
    TextRecorder.measure = staticmethod(recording)
    try:
        if hasattr(app.top, "relayout"):  # words drawn once per layout (the rules' page) are recorded too
            with scale.text_room(app.top.text_room):
                app.top.relayout(app.size)
        found = problems(app)
        drawn = list(render_text.DRAWN)
    finally:
        TextRecorder.measure = staticmethod(measure)
        render_text.DRAWN = None
    viewer = app.top
    if getattr(viewer, "table", None) is not None and hasattr(viewer, "table_boxes"):
        # The replay viewer's table draws in its own boxes (game.render.text.TextBoxes: each with the text size it
        # asked for, drawn at the text size in force while the viewer drew its table); on screen scaled like
        # the table was. They join the floor and the overlap checks.
        k = viewer.table_rect.h / viewer.render_size()[1]
        table = viewer.table_boxes()
        with scale.text_room(viewer.text_room), viewer.table_words(app.size):
            for (rect, text), box in zip(table, viewer.table.view.text_boxes(), strict=True):
                sized.append((rect, text, round(scale.text_px(box.px) * k) if box.px else 0))
        found["overlap"] += shots.overlapping([(r, t) for r, t, _px in sized])
    return found, sized, drawn


def under_floor(app, sized, drawn) -> list[tuple[str, int]]:
    """The texts drawn under the floor (in px for this window): boxed ones by their font size (a box whose
    image is not a TextCache's by its height against a line of the floor's size), and every text asked of a
    TextCache in the frame."""
    floor = scale.px(app.size, FLOOR)
    line = ui.TEXTS.font(floor).get_height() - 1
    with scale.text_room(1.0):
        line = ui.TEXTS.font(floor).get_height() - 1  # a line of 20 px type, at the standard text size
    small = {(text, px) for _rect, text, px in sized if px and px < floor}
    small |= {(text, rect.h) for rect, text, px in sized if not px and rect.h < line}
    small |= {(text, px) for text, px in drawn if text.strip() and px < floor}
    return sorted(small)


def family(name: str) -> str:
    return "more" if name in SCREENS else "menu"


def _marks(name: str, code: str, size, percent: int) -> list:
    known = [pytest.mark.xfail(reason="known: see KNOWN")] if (name, percent) in KNOWN else []
    return [*known, screens.case_mark(family(name), name, code, size, percent)]


@pytest.mark.parametrize(("name", "percent", "code"), [
    pytest.param(name, percent, code, id=f"{name}-{percent}-{code}", marks=_marks(name, code, (1280, 720), percent))
    for name in NAMES for percent in PERCENTS for code in LANGUAGES])
def test_every_word_of_every_other_screen_is_20_px_or_more(name, code, percent):
    """Each case built once (support_screens) for this check and test_access_screens/more_screens' own."""
    made = screens.frame(family(name), name, code, (1280, 720), percent)
    found, sized, drawn = made.floor_found, made.sized, made.drawn
    assert len(sized) >= 2 and len(drawn) >= 3, f"{name}: too few texts recorded"
    assert all(px for _r, _t, px in sized if _t) or name.startswith("replay_"), [t for _r, t, px in sized
                                                                                 if not px]
    wrong = {k: v for k, v in found.items() if v}
    assert not wrong, f"{name} in {code} at {percent} %: {wrong}"
    assert made.under == [], f"{name} in {code} at {percent} %"


@pytest.mark.parametrize("name", [pytest.param(name, marks=_marks(name, "en", (1920, 1080), 100)) for name in NAMES])
def test_the_floor_scales_with_the_window(name):
    """At 1920×1080 the same screens draw nothing under 30 px (20 px at 720p, scaled)."""
    made = screens.frame(family(name), name, "en", (1920, 1080), 100)
    assert made.under == []


@pytest.mark.parametrize(("name", "percent"), [
    pytest.param(name, percent, id=f"{name}-{percent}", marks=_marks(name, "en", (1280, 800), percent))
    for name in NAMES for percent in PERCENTS])
def test_every_other_screen_holds_the_floor_on_a_steam_decks_16_10_screen(name, percent):
    """At 1280×800 (a Steam Deck) the same screens draw nothing under the floor, and nothing is cut off."""
    made = screens.frame(family(name), name, "en", (1280, 800), percent)
    assert not {k: v for k, v in made.floor_found.items() if v}, name
    assert made.under == [], f"{name} at {percent} %"


def test_the_recording_sees_a_small_word_boxed_or_not(tmp_path, data):
    """The check is not blind: a word drawn at 16 px through ui.blit_text, and one rendered by a TextCache
    and blitted directly (a chart's label), are both reported with their sizes."""
    app = app_with(tmp_path, (1280, 720), "en", 100)

    class Small:
        text_room = 2.0

        def draw(self, surface, alpha):
            ui.blit_text(surface, "boxed", 16, ui.TEXT, "topleft", (10, 10))
            ui.blit_text(surface, "big enough", 20, ui.TEXT, "topleft", (10, 100))
            surface.blit(ui.TEXTS.render("axis", 14, ui.TEXT), (10, 200))

    fake = type("FakeApp", (), {"top": Small(), "screen": app.screen, "size": (1280, 720)})()
    _found, sized, drawn = recorded(fake)
    assert [(t, px) for _r, t, px in sized] == [("boxed", 16), ("big enough", 20)]
    assert under_floor(fake, sized, drawn) == [("axis", 14), ("boxed", 16)]
