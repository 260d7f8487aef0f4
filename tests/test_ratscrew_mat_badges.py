"""A Ratscrew mat's badge ("owes 3", "Q to claim", "wait 2 cards", "out") lies wholly inside the mat, clear of its
edge and of the thick frame drawn round it on its turn, and covers none of the mat's words: at 1920x1080 "owes 3"
beside a count of 19 ran under the orange turn frame (it was kept only 2 px inside the mat's outer edge). Every
window size (16:9 and 16:10, 640x360 to 1920x1080), text size, seat count, language, keys or pads, and one- and
two-digit counts. The frame is measured from its drawn pixels (game.render.hud.turn_frame), the words from theirs."""

from __future__ import annotations

import pygame
import pytest
from support_table import FakeApp
from test_ratscrew_table_text import _ink, _marked

from game import i18n
from game.core.contract import TableConfig
from game.games.ratscrew import engine as rs
from game.games.ratscrew.table import RatscrewTable
from game.games.table_scene import TableScene
from game.i18n import t
from game.match import SeatSpec
from game.render import colors, hud, scale
from game.render.seat_keys import SeatKeys, controls_line

SIZES = [(640, 360), (854, 480), (1280, 720), (1920, 1080), (1280, 800), (1680, 1050)]
# (count, out, owed, claim, wait): a debt beside a one- and a two-digit count, a claim, a slap timeout, out
BADGES = [(9, False, 1, False, 0), (19, False, 3, False, 0), (52, False, 3, False, 0), (26, False, 0, True, 0),
          (13, False, 0, False, 2), (0, True, 0, False, 0)]


@pytest.fixture(autouse=True)
def standard_looks():
    yield
    scale.install(text=1.0)
    scale.install(window=(1280, 720))
    i18n.set_language("en")


def _table(n, size, pads):
    app = FakeApp(size)
    seats = [SeatSpec("human", name=f"Player {i + 1}") for i in range(n)]
    table = RatscrewTable(TableConfig("ratscrew", rs.Rules(), seats, seed=1))
    app.push(table)
    app.run_ms(100)
    if pads:  # the longer line a pad's seat shows ("Controller 3: A play · B slap")
        keys = [SeatKeys("A", "B", t("Controller {n}", n=i + 1), "+") for i in range(n)]
        table.view.set_controls([controls_line(k, table.definition.button_words()) for k in keys], keys)
    return table


def _frame_mask(size):
    """The turn's frame as drawn on a mat of `size`, grown by a pixel each way (a badge keeps clear of it)."""
    frame = pygame.mask.from_surface(hud.turn_frame(size, colors.seat_color(0)), 1)
    grown = pygame.mask.Mask(size)
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            grown.draw(frame, (dx, dy))
    return grown


def _pill(size, tag):
    """The badge's shape on a mat of `size` (a pill round `tag`, as build_panel draws it)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (255, 255, 255, 255), tag, border_radius=tag.h // 2)
    return pygame.mask.from_surface(surf, 1)


def _badges_clear(n, size, percent, language, pads):
    i18n.set_language(language)
    scale.install(window=size)
    scale.install(text=percent / 100)
    bad = []
    with scale.text_room(TableScene.text_room):
        table = _table(n, size, pads)
        view = table.view
        for seat in range(n):
            rect = view.L.seats[seat].rect
            frame = _frame_mask(rect.size)
            for count, out, owed, claim, wait in BADGES:
                content = (count, out, owed, claim, wait, view.controls[seat], view.keys_of(seat), 0)
                made = _marked(view.texts)
                view.badges.pop(seat, None)
                panel = view.build_panel(seat, content)
                if seat not in view.badges:
                    continue  # (no room for it: the line at the mat says the key)
                _, tag = view.badges[seat]
                said = view.model.badge(seat, out, owed, claim, wait)[0]
                where = (seat, rect.size, count, said, tag)
                if not pygame.Rect((0, 0), rect.size).contains(tag) or _pill(rect.size, tag).overlap(frame, (0, 0)):
                    bad.append(("on the edge", *where))
                for text, color, pixels in made:
                    shown, box = _ink(panel, color)
                    if text != said and shown and box.colliderect(tag):
                        bad.append(("over " + text, *where))
                    if shown not in (0, pixels):
                        bad.append(("cut " + text, *where))
    return bad


@pytest.mark.parametrize("pads", [False, True], ids=["keys", "pads"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", [2, 4])
def test_a_badge_beside_a_two_digit_count_keeps_inside_the_turn_frame(n, size, pads):
    """The audit's case: two and four seats at 100 % in English, "owes 3" beside a count of 19."""
    assert not _badges_clear(n, size, 100, "en", pads)


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "da", "sv"])
@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_badge_keeps_inside_its_mat_and_off_its_words(size, percent, language):
    bad = [(n, pads, *b) for n in range(2, 9) for pads in (False, True)
           for b in _badges_clear(n, size, percent, language, pads)]
    assert not bad, bad[:20]
