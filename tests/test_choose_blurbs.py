"""The choose-game screen at 150 % text: each panel's blurb is drawn at the couch's word size at least (24 px at
1280x720, scaled with the window: 9 px at 480x270), in every language (it was drawn at the floor, 20 px: 7 px at
480x270): the fanned cards are smaller at a bigger text size and the panels reach down to the key hint."""

from __future__ import annotations

import pytest
from support_app import make_app

from game import i18n
from game.render import scale
from game.scenes.choose import ChooseGameScene
from game.ui import widgets as ui


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "da", "sv"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_blurbs_are_read_from_the_sofa_at_150_percent(tmp_path, size, language):
    app = make_app(tmp_path, size)
    i18n.set_language(language)
    scale.install(text=1.5, window=size)
    with scale.text_room(ChooseGameScene.text_room):
        scene = ChooseGameScene()
        app.push(scene)
        scene.relayout(size)
        lowest = size[1] - ui.hint_height(size, scene.hint())
        for entry, rect in zip(scene.entries, scene.rects, strict=True):
            lines, px, row, top = scene.blurb_fit(entry, rect, size)
            assert " ".join(lines).startswith(entry.shown.blurb()[0].split()[0]), (lines, language)
            assert scale.text_px(px) >= ui.px(size, 24), (entry.game, entry.mode, scale.text_px(px))
            # ... whole in its panel, the panel above the key hint
            assert top + len(lines) * row <= rect.bottom and rect.bottom <= lowest, (entry.game, rect, top)
