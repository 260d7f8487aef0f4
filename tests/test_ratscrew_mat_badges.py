"""A Ratscrew mat's words from the sofa. Its badge ("owes 3", "Q to claim", "wait 2 cards", "out") lies wholly inside the mat, clear of its
edge and of the thick frame drawn round it on its turn, and covers none of the mat's words: at 1920x1080 "owes 3"
beside a count of 19 ran under the orange turn frame (it was kept only 2 px inside the mat's outer edge). Every
window size (16:9 and 16:10, 640x360 to 1920x1080), text size, seat count, language, keys or pads, and one- and
two-digit counts. The frame is measured from its drawn pixels (game.render.hud.turn_frame), the words from theirs.

Its keys line is drawn at the seat words' floor (scale.WORD_MIN at 720p, scaled with the window) wherever the mat
holds it there on up to three lines, the count going on the stack of backs or the keys giving way to a badge
for it: at 1280x720, 150 % text, Swedish, "Kontroll 3: A vänd · B slå" was two lines at 20 px (about 14 px tall
on screen) in a mat with room for three at 33."""

from __future__ import annotations

import pygame
import pytest
from test_ratscrew_mats import table as mats_table
from test_ratscrew_table_text import _ink, _marked

from game import i18n
from game.games.table_scene import TableScene
from game.i18n import t
from game.render import colors, hud, scale
from game.render import text as render_text
from game.render.seat_keys import SeatKeys, controls_line

SIZES = [(640, 360), (854, 480), (1280, 720), (1920, 1080), (1280, 800), (1680, 1050)]
# (count, out, owed, claim, wait): a debt beside a one- and a two-digit count, a claim, a slap timeout, out
BADGES = [(9, False, 1, False, 0), (19, False, 3, False, 0), (52, False, 3, False, 0), (26, False, 0, True, 0),
          (13, False, 0, False, 2), (0, True, 0, False, 0)]


@pytest.fixture(autouse=True)
def english_after():
    yield  # (the looks are reset by conftest's standard_looks)
    i18n.set_language("en")


def _table(n, size, pads):
    _app, table = mats_table(n, size)
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
                if out:
                    continue  # (a seat out is shaded over: its words' colours are not their own)
                if not any(text == said and _ink(panel, color)[0] for text, color, _ in made):
                    bad.append(("badge cut", *where))  # (its words whole, not cut with "…")
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
    assert not bad, bad


def _smallest_keys(n, size, percent, language, pads):
    """The smallest size (as drawn) of any line of a seat's keys drawn on its mat, with and without a debt's badge
    and a two-digit count; and how many mats drew their keys at all."""
    i18n.set_language(language)
    scale.install(window=size)
    scale.install(text=percent / 100)
    sizes, shown = [], 0
    with scale.text_room(TableScene.text_room):
        table = _table(n, size, pads)
        view = table.view
        for seat in range(n):
            ctrl = view.controls[seat]
            for count, owed in ((6, 0), (12, 0), (19, 3)):
                render_text.DRAWN = []
                try:
                    view.build_panel(seat, (count, False, owed, False, 0, ctrl, view.keys_of(seat), 0))
                    keys = [px for text, px in render_text.DRAWN if text.strip() and text in ctrl]
                finally:
                    render_text.DRAWN = None
                sizes += keys
                shown += bool(keys)
    return min(sizes, default=None), shown


@pytest.mark.parametrize(("n", "size", "percent", "language"), [
    (3, (1280, 720), 150, "sv"), (2, (1280, 720), 150, "da"), (5, (1920, 1080), 100, "en")])
def test_a_pads_keys_on_a_mat_are_drawn_at_the_seat_words_floor(n, size, percent, language):
    """The audit's case (and a pad's line at 1920x1080, five seats: 30 px for 36)."""
    smallest, shown = _smallest_keys(n, size, percent, language, True)
    assert shown and smallest >= scale.word_min(size), (smallest, scale.word_min(size))


@pytest.mark.parametrize("language", ["en", "da", "sv"])
@pytest.mark.parametrize("n", [7, 8])
def test_a_column_of_fours_keys_over_a_debt_keep_to_the_tables_floor(n, language):
    """Seven and eight seats at 1280x720 and 100 % text (mats in columns of four, their keys on one line): a seat's keys
    over a debt's badge beside a two-digit count are drawn at the tables' floor (20 px) at least, or give way to the
    badge while it shows (Swedish, "G vänd · Mellanslag slå" over "owes 3" beside 19: 18 px)."""
    smallest, shown = _smallest_keys(n, (1280, 720), 100, language, False)
    assert shown and smallest >= scale.text_min((1280, 720)), smallest


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "da", "sv"])
@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_mats_keys_are_drawn_at_the_seat_words_floor(size, percent, language):
    """Two to eight seats, keys and pads -- but seven and eight at 100 % text, whose mats in columns of four hold one
    line of keys, where the keys may go down to the tables' floor (see test_ratscrew_mats)."""
    small = []
    for n in range(2, 9 if percent > 100 else 7):
        for pads in (False, True):
            smallest, shown = _smallest_keys(n, size, percent, language, pads)
            if not shown or smallest < scale.word_min(size):
                small.append((n, pads, smallest, shown))
    assert not small, (small, scale.word_min(size))
