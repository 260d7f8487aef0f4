"""Issue 37: the demo's "press any key" label covered the bottom-right mat's level line. It now goes where it covers
no mat, no notes lane and no word the table drew (on the felt the centre keeps for words said there now and then,
where nothing else is free), at every seat count and window size, in both games."""

from __future__ import annotations

import pygame
import pytest
from support_table import FakeApp, nothanks_table

from game.core.contract import TableConfig
from game.games.nothanks import engine as nt
from game.games.ratscrew import engine as rs
from game.games.ratscrew.table import RatscrewTable
from game.i18n import t
from game.match import SeatSpec
from game.render import scale
from game.ui import widgets as ui


@pytest.fixture(autouse=True)
def standard_looks():
    yield
    scale.install(window=(1280, 720))


def _bots(n, level):
    return [SeatSpec("bot", level=level, name=f"Bot {i + 1}") for i in range(n)]


@pytest.mark.parametrize("game", ["ratscrew", "nothanks"])
@pytest.mark.parametrize("size", [(640, 360), (1280, 720), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", [2, 5, 8])
def test_the_demo_label_covers_no_mat_and_no_word(game, size, n):
    if game == "ratscrew":
        app = FakeApp(size)
        table = RatscrewTable(TableConfig("ratscrew", rs.Rules(), _bots(n, "casual"), seed=2))
        app.push(table)
    else:
        app, table = nothanks_table(nt.Rules(), _bots(n, "medium"), size=size)
    surface = pygame.Surface(size)
    for _ in range(12):  # a few moments of the bots' game
        app.run_ms(250)
        table.draw(surface, 0.0)
        view = table.view
        label = ui.demo_label(surface, t("Demo \u2014 press any key"), *table.covered())
        assert pygame.Rect(0, 0, *size).contains(label)
        words = [b for b in view.text_boxes() if label.colliderect(b.rect)]
        assert not words, (label, words)
        mats = [s for s in range(n) if label.colliderect(view.L.seats[s].rect)]
        assert not mats, (label, mats)
