"""Every menu scene at every text size (100/125/150 %), in English, Danish and Swedish, at 1280×720 and
640×360: no two texts overlap, none runs off the screen, none is cut with "…", and the scene draws its
words at the size the player asked for (its Scene.text_room is the full 150 %). Screenshots
(screen_<lang>_<scene>_<w>_<percent>.png) go to the temporary screenshot folder (support_app.OUT).

`problems(app)` is the check itself, for other scenes' tests (school, stats, replays) to use."""

from __future__ import annotations

import json

import pygame
import pytest
import support_screens as screens
import test_scenes_screenshots as shots
from support_app import OUT, make_app, save_png

from game import i18n
from game.render import scale
from game.render import text as render_text
from game.render.text import TextRecorder
from game.ui import widgets as ui

LANGUAGES = ["en", "da", "sv"]
SIZES = [(1280, 720), (640, 360), (1280, 800)]  # 1280×800: the Steam Deck's 16:10 screen
PERCENTS = [100, 125, 150]


@pytest.fixture(autouse=True)
def standard_looks():
    yield
    i18n.set_language("en")
    scale.install(text=1.0)
    scale.install(large_cards=False)
    scale.install(window=(1280, 720))


def app_with(tmp_path, size, code, percent):
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "settings.json").write_text(json.dumps({"language": code, "text_size": percent}))
    return make_app(tmp_path, size=size)


def english_words(code: str) -> set[str]:
    """The template's messages without fields whose translation in `code` differs from the English: drawn
    as they are on a screen in `code`, they are English left untranslated."""
    if code not in _ENGLISH:
        from babel.messages.pofile import read_po

        with i18n.po_path(code).open("rb") as f:
            template = read_po(f, locale=code)
        _ENGLISH[code] = {m.id for m in template if m.id and isinstance(m.id, str) and m.context is None
                          and not i18n.fields(m.id) and isinstance(m.string, str) and m.string
                          and m.string != m.id}
    return _ENGLISH[code]


_ENGLISH: dict[str, set[str]] = {}


def problems(app, shot: str | None = None) -> dict[str, list]:
    """Draw the top scene as the app does and return what is wrong with its words: pairs of overlapping
    texts, texts running off the screen, texts cut with "…", English words on a Danish or Swedish screen
    (each an empty list when all is well)."""
    return recording(app, shot)[0]


def recording(app, shot: str | None = None) -> tuple[dict[str, list], list[tuple[pygame.Rect, str]],
                                                     list[tuple[pygame.Rect, str]]]:
    """`problems`, with the boxes TextBoxes kept (clipped) and every box as drawn (before clipping)."""
    raw: list[tuple[pygame.Rect, str]] = []
    add = TextRecorder.add

    def recording(surface, rect, text):
        if TextRecorder.current is not None and surface is pygame.display.get_surface():
            raw.append((pygame.Rect(rect), text))
        add(surface, rect, text)

    render_text.CUTS = []
    TextRecorder.add = staticmethod(recording)
    try:
        with TextRecorder() as boxes, scale.text_room(app.top.text_room):
            app.top.draw(app.screen, 0.0)
        cuts = list(render_text.CUTS)
    finally:
        TextRecorder.add = staticmethod(add)
        render_text.CUTS = None
    if shot:
        OUT.mkdir(parents=True, exist_ok=True)
        save_png(app.screen, OUT / shot)
    screen = app.screen.get_rect()
    return ({"overlap": shots.overlapping(boxes.drawn),
             "off screen": [text for rect, text in raw if rect.w > 2 and not screen.contains(rect.inflate(-2, -2))],
             "cut": cuts,
             "english": [] if i18n.language() == "en" else sorted({text for _r, text in raw}
                                                                   & english_words(i18n.language())),
             "texts": [] if len(boxes.drawn) >= 2 else ["fewer than two texts recorded"]},
            list(boxes.drawn), raw)


def assert_fits(app, label: str, shot: str | None = None) -> None:
    found = problems(app, shot)
    wrong = {k: v for k, v in found.items() if v}
    assert not wrong, f"{label}: {wrong}"


@screens.family("menu", "screen")
def _menu(app, name: str, data) -> None:
    shots.build(app, name)


def cases(fam: str, names, codes=LANGUAGES, sizes=SIZES, percents=PERCENTS) -> list:
    """The (name, code, size, percent) cases of a family of screens, each in its case's xdist group, with the ids
    the checks always had (percent-WxH-code-name)."""
    return [pytest.param(name, code, size, percent, marks=screens.case_mark(fam, name, code, size, percent),
                         id=f"{percent}-{size[0]}x{size[1]}-{code}-{name}")
            for name in names for code in codes for size in sizes for percent in percents]


def assert_frame_fits(made, name: str, code: str, size, percent: int) -> None:
    """A recorded case (support_screens.frame): in its language at its text size, taking 150 % text, and
    nothing wrong with its words (problems)."""
    assert made.language == code and made.text_scale == percent / 100
    assert made.text_room >= 1.5, f"{name} does not take 150 % text"
    wrong = {k: v for k, v in made.found.items() if v}
    assert not wrong, f"{name} in {code} at {size} and {percent} %: {wrong}"


@pytest.mark.parametrize(("name", "code", "size", "percent"), cases("menu", shots.MENU_SCENES))
def test_every_menu_scene_fits_at_every_text_size_and_language(name, code, size, percent):
    assert_frame_fits(screens.frame("menu", name, code, size, percent), name, code, size, percent)


def test_the_check_sees_a_cut_an_overlap_and_text_off_the_screen(tmp_path):
    """The check above is not blind: a scene drawing a cut text, two texts over each other and one past the
    edge is caught on all three counts, and an English word on a Danish screen too."""
    app = app_with(tmp_path, (640, 360), "en", 100)

    class Wrong:
        text_room = 2.0

        def draw(self, surface, alpha):
            ui.blit_text(surface, "a long line that cannot fit in forty pixels", 20, ui.TEXT, "topleft", (10, 10),
                         max_w=40)
            ui.blit_text(surface, "Double!", 30, ui.TEXT, "center", (300, 200))
            ui.blit_text(surface, "Too late", 30, ui.TEXT, "center", (305, 205))
            ui.blit_text(surface, "past the edge", 30, ui.TEXT, "midleft", (600, 100))

    try:
        found = problems(type("FakeApp", (), {"top": Wrong(), "screen": app.screen})())
        assert found["cut"] == ["a long line that cannot fit in forty pixels"]
        assert ("Double!", "Too late") in found["overlap"]
        assert found["off screen"] == ["past the edge"]
        assert found["english"] == []
        i18n.set_language("da")
        found = problems(type("FakeApp", (), {"top": Wrong(), "screen": app.screen})())
        assert found["english"] == []  # none of its words is in the catalogue
        Wrong.draw = lambda self, surface, alpha: ui.blit_text(surface, "Settings", 30, ui.TEXT, "center", (300, 200))
        found = problems(type("FakeApp", (), {"top": Wrong(), "screen": app.screen})())
        assert found["english"] == ["Settings"]  # "Indstillinger" in Danish
    finally:
        app.stack.clear()
