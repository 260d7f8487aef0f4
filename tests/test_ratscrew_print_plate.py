"""Six seats at 640x360: no place for the Ratscrew table's small print clear of the seats and the pile keeps off the
table's rail, and its words lay over the wood's stripes. Where it crosses the rail it now lies on the notes' dark
plate, so it reads as on the felt; where it lies wholly on the felt (six seats at 1280x720 and 150 % text) it is
drawn exactly as before."""

from __future__ import annotations

import pygame
import pytest
from support_table import drawn_frames
from test_ratscrew_mats import table

from game import i18n
from game.games.ratscrew.view import CornerPrint
from game.games.table_scene import TableScene
from game.render import colors, felt, scale
from game.render.small_print import SmallPrint, on_rail


@pytest.fixture(autouse=True)
def english_after():
    yield  # (the looks are reset by conftest's standard_looks)
    i18n.set_language("en")


def _drawn(n, size, percent):
    """A table of `n` human seats at `size` and `percent` text: (its view, the frame drawn)."""
    scale.install(text=percent / 100)
    with scale.text_room(TableScene.text_room):
        app, t = table(n, size)
        (_now, surface, _boxes), = drawn_frames(app, t, 40)
    return t.view, surface.copy()


def _on_the_rail(L, x, y):
    """Whether pixel (x, y) is the rail's, a pixel clear of its edges (outside the felt, inside the rim)."""
    cx, cy = L.felt.center
    a, b = L.felt.w / 2, L.felt.h / 2

    def inside(da):
        return ((x + 0.5 - cx) / (a + da)) ** 2 + ((y + 0.5 - cy) / (b + da)) ** 2 <= 1

    return not inside(1.5) and inside(L.rim - 1.5)


@pytest.mark.parametrize("language", ["en", "da", "sv"])
@pytest.mark.parametrize("percent", [100, 150])
def test_six_seats_at_640x360_the_small_print_lies_on_a_plate_over_the_rail(language, percent):
    i18n.set_language(language)
    view, surface = _drawn(6, (640, 360), percent)
    L, corner = view.L, view.small_print
    block, rect = corner.layout(L, view.texts, view.corner_text())
    assert pygame.Rect((0, 0), L.size).contains(rect) and on_rail(L, rect, 0), rect  # (the case: over the rail)
    bare = felt.background(L.size, L.felt, L.rim, view.spotlight())
    plated = colors.mix  # the plate over what lies under it, as the notes' plate is drawn
    behind = [(x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
              if block.get_at((x - rect.x, y - rect.y)).a == 0 and _on_the_rail(L, x, y)]
    assert len(behind) > 100, (rect, len(behind))  # the words' background over the rail
    away = 0
    for x, y in behind:
        rail = bare.get_at((x, y))[:3]
        want = plated(rail, colors.PLATE, colors.PLATE_ALPHA / 255)
        got = surface.get_at((x, y))[:3]
        assert max(abs(g - w) for g, w in zip(got, want, strict=True)) <= 3, ((x, y), got, want, rail)
        away += sum(abs(g - r) for g, r in zip(got, rail, strict=True))
    assert away / len(behind) > 60, away / len(behind)  # not the wood's stripes (its dark edge is near the plate)


def test_on_the_felt_the_small_print_is_drawn_as_before(monkeypatch):
    view, now = _drawn(6, (1280, 720), 150)
    _block, rect = view.small_print.layout(view.L, view.texts, view.corner_text())
    assert pygame.Rect((0, 0), view.L.size).contains(rect) and not on_rail(view.L, rect, 0), rect
    monkeypatch.setattr(CornerPrint, "draw", SmallPrint.draw)  # as it was drawn before the plate
    _view, before = _drawn(6, (1280, 720), 150)
    assert pygame.image.tobytes(now, "RGB") == pygame.image.tobytes(before, "RGB")
