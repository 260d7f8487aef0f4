"""The small menus at 150 % text: the key hint takes two lines where one would be cut (and what sits above
it keeps clear), a dialog's question wraps, the on-screen keyboard's keys grow with their labels, and the
Controls screen's last line holds Reset and Back side by side (so the table fits above the hint)."""

from __future__ import annotations

import json

import pygame
import pytest
from support_app import make_app, press

from game import i18n
from game.render import scale
from game.render import text as render_text
from game.render.text import TextRecorder
from game.scenes.controls import BACK_ROW, PAD_ROW, RESET_ROW, ControlsScene
from game.scenes.dialogs import KEYBOARD, ConfirmScene, NameEntryScene
from game.scenes.title import TitleScene
from game.ui import widgets as ui

GENERIC_BUTTONS = {"a": "A", "b": "B", "start": "Start", "lb": "LB"}  # no pad connected: the generic words
LONG_HINT = ("* may ghost on a cheap keyboard with other seats' keys held   ↑ ↓ ← → choose   Enter / A change   "
             "Backspace / B back")  # cut on one line in 640×360 at 150 % (shrunk as far as fit_text goes)


@pytest.fixture(autouse=True)
def standard_looks():
    yield
    i18n.set_language("en")
    scale.install(text=1.0)
    scale.install(window=(1280, 720))


@pytest.fixture
def cuts():
    render_text.CUTS = []
    yield render_text.CUTS
    render_text.CUTS = None


def app_with(tmp_path, size, percent, code="en"):
    (tmp_path / "settings.json").write_text(json.dumps({"language": code, "text_size": percent}))
    return make_app(tmp_path, size=size)


def recorded(draw) -> list[tuple[pygame.Rect, str]]:
    with TextRecorder() as boxes:
        draw()
    return boxes.drawn


def test_a_hint_too_long_for_one_line_takes_two_instead_of_a_cut(tmp_path, cuts):
    app = app_with(tmp_path, (640, 360), 150)
    try:
        screen = app.screen
        area = ui.hint_area(screen.get_size())
        assert len(ui.hint_lines(LONG_HINT, area.w, ui.px(screen.get_size(), ui.HINT_PX))) == 2
        drawn = sorted(recorded(lambda: ui.hint(screen, LONG_HINT)), key=lambda box: box[0].top)
        assert cuts == []
        texts = [text for _, text in drawn]
        assert len(texts) == 2 and " ".join(texts).split() == LONG_HINT.split()
        assert texts[0].startswith("* may ghost") and texts[1].startswith("↑ ↓")  # broken at a wide gap
        assert drawn[0][0].bottom <= drawn[1][0].top + 2 and all(area.contains(r) for r, _ in drawn)
    finally:
        app.stack.clear()


def test_a_hint_that_fits_stays_on_one_line_where_it_always_was(tmp_path, cuts):
    app = app_with(tmp_path, (1280, 720), 100)
    try:
        drawn = recorded(lambda: ui.hint(app.screen, ui.menu_hint(GENERIC_BUTTONS)))
        assert [text for _, text in drawn] == [ui.menu_hint(GENERIC_BUTTONS)] and cuts == []
        assert drawn[0][0].bottom == 720 - ui.px((1280, 720), ui.HINT_MARGIN)
    finally:
        app.stack.clear()


@pytest.mark.parametrize("text", [LONG_HINT, ui.menu_hint(GENERIC_BUTTONS)])
def test_the_hint_height_a_layout_keeps_clear_is_the_height_the_hint_takes(tmp_path, text):
    app = app_with(tmp_path, (640, 360), 150)
    try:
        drawn = ui.hint(app.screen, text)
        assert 360 - drawn.top <= ui.hint_height((640, 360), text) <= 360 - drawn.top + 4
    finally:
        app.stack.clear()


def test_a_menu_panel_keeps_clear_of_a_two_line_hint(tmp_path, monkeypatch):
    monkeypatch.setattr(TitleScene, "hint", lambda self: LONG_HINT + "   " + LONG_HINT)
    app = app_with(tmp_path, (640, 360), 150)
    try:
        app.push(TitleScene())
        app.frames(2)
        assert len(ui.hint_lines(app.top.hint(), ui.hint_area((640, 360)).w, ui.px((640, 360), ui.HINT_PX))) >= 2
        hint = ui.hint(app.screen, app.top.hint())
        assert app.top.panel_rect.bottom <= hint.top
    finally:
        app.stack.clear()


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_a_long_question_wraps_in_its_dialog_and_is_never_cut(tmp_path, cuts, size):
    app = app_with(tmp_path, size, 150)
    try:
        question = "Delete the preset with a rather long name, House rules 12?"
        app.push(ConfirmScene(question, lambda: None))
        app.frames(2)
        drawn = recorded(lambda: app.top.draw(app.screen, 0.0))
        lines = [(rect, text) for rect, text in drawn if text not in ("No", "Yes")]
        assert len(lines) >= 2 and " ".join(text for _, text in lines) == question and cuts == []
        buttons = app.top.menu.rects
        assert all(app.top.rect.contains(rect) and rect.bottom <= buttons[0].top for rect, _ in lines)
    finally:
        app.stack.clear()


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_every_on_screen_key_shows_its_label_whole_at_150_percent(tmp_path, cuts, size):
    app = app_with(tmp_path, size, 150, "sv")
    try:
        app.push(NameEntryScene("Name", "Ada", lambda name: None))
        app.frames(2)
        entry = app.top
        drawn = recorded(lambda: entry.draw(app.screen, 0.0))
        assert cuts == []
        rects = [rect for row in entry.key_rects(size) for rect in row]
        assert len(rects) == sum(len(row) for row in KEYBOARD)
        assert all(entry.rect.contains(r) for r in rects)
        assert not [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]
        hint = [rect for rect, text in drawn if "Enter" in text]
        assert hint and min(r.top for r in hint) >= max(r.bottom for r in rects)
    finally:
        app.stack.clear()


def test_reset_and_back_share_the_controls_last_line(tmp_path):
    app = app_with(tmp_path, (1280, 720), 100)
    try:
        app.push(ControlsScene())
        app.frames(2)
        controls = app.top
        controls.row = PAD_ROW
        press(app, "down")
        assert controls.row == RESET_ROW  # under the first column
        press(app, "right")
        assert controls.row == BACK_ROW
        press(app, "left")
        assert controls.row == RESET_ROW
        press(app, "down")
        assert controls.row == 0  # round to the top
        press(app, "right", "up")  # from the second column, up past the top: Back
        assert controls.row == BACK_ROW
        press(app, "up")
        assert controls.row == PAD_ROW
    finally:
        app.stack.clear()


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_the_controls_table_message_and_held_keys_keep_clear_of_the_hint(tmp_path, cuts, size):
    app = app_with(tmp_path, size, 150, "sv")
    try:
        app.push(ControlsScene())
        app.frames(2)
        controls = app.top
        controls.message = "Press a key for P1 · Play / Take   (Esc or Start: cancel)"  # a message shown too
        drawn = recorded(lambda: controls.draw(app.screen, 0.0))
        hint = ui.hint(app.screen, controls.hint())
        above = [rect for rect, text in drawn if rect.bottom <= hint.top + 1]
        assert len(drawn) - len(above) == len(ui.hint_lines(controls.hint(), ui.hint_area(size).w,
                                                            ui.px(size, ui.HINT_PX)))
        assert controls.table_rect.bottom < min(r.top for r, text in drawn if text == controls.message)
        assert cuts == []
    finally:
        app.stack.clear()
