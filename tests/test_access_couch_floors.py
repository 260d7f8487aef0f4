"""Issue 20 items 1 and 4, as far as they hold today: every text a Ratscrew table draws (recorded by the view's
TextBoxes with its pixel size and box) at 3 to 8 seats, at 100/125/150 % text, at 1280×720 and 1920×1080:
the prompt, the banners and the photo finish at least 28 px at 720p (scaled with the window), the seats'
notes at least 24 (at 150 % the photo finish's head and a long note may still shrink to fit, down to the
floor), nothing under the tables' floor (scale.TEXT_MIN); and both tables' rules corner is one
short line and the rules key, not the whole rules in small type. (Still short of the issue: every word ≥ 24
and the seats' names ≥ 28 px — see the note in docs/screens/couch20/README.md.)"""

from __future__ import annotations

import pygame
import pytest
from support_table import all_overlays, drawn_frames, nothanks_table

from game.games.nothanks import engine as nt
from game.games.ratscrew import engine as rs
from game.games.table_scene import TableScene
from game.match import SeatSpec
from game.render import scale
from game.render.small_print import rules_key_hint

BIG = ("prompt", "banner", "photo")  # 28 px at 720p
SIZES = [(1280, 720), (1920, 1080)]


@pytest.fixture(autouse=True)
def standard_looks():
    yield
    scale.set_text_scale(1.0)
    scale.set_window((1280, 720))


@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", [3, 5, 8])
def test_the_ratscrew_table_draws_its_big_words_at_28_px_and_notes_at_24(n, size, percent):
    scale.set_window(size)
    scale.set_text_scale(percent / 100)
    # At 150 % a long note and the photo finish's head in the narrow lane between the top seats still shrink
    # to fit (down to the tables' floor): issue 20 left open there.
    big = BIG if percent < 150 else ("prompt", "banner")
    notes = ("note",) if percent < 150 else ()
    with scale.text_room(TableScene.text_room):
        app, table = all_overlays(size, n, rules=rs.Rules())  # the default table (wrong slaps lock)
        seen: dict[str, int] = {}
        small = []
        for _now, _surface, boxes in drawn_frames(app, table, 2600, 40):
            for b in boxes:
                seen[b.kind] = min(seen.get(b.kind, 10**6), b.px)
                floor = scale.px(size, 28) if b.kind in big else scale.px(size, 24) if b.kind in notes \
                    else scale.text_min(size)
                if b.px and b.px < floor:
                    small.append((b.kind, b.text, b.px, floor))
    assert set(BIG) | {"note", "panel", "small_print"} <= set(seen), seen
    assert not small, sorted(set(small))


@pytest.mark.parametrize("n", [3, 8])
def test_both_tables_corners_are_a_short_line_and_the_rules_key(n):
    size = (1280, 720)
    app, table = all_overlays(size, n, rules=rs.Rules())  # the default table (wrong slaps lock)
    lines = table.view.corner_text().split("\n")
    assert lines[-1] == rules_key_hint() and len(lines) == 2
    seats = [SeatSpec("human", name=f"Player {i + 1}") for i in range(n)]
    app, nt_table = nothanks_table(nt.Rules(), seats, size=size)
    app.run_ms(300)
    nt_table.draw(pygame.Surface(size), 0.0)
    parts = nt_table.view.corner_texts()
    assert parts[1] == rules_key_hint()
    assert " · " not in parts[0]  # one short line, not every option
    corner = [b for b in nt_table.view.text_boxes() if b.kind == "small_print"]
    assert corner and rules_key_hint() in corner[0].text


@pytest.mark.parametrize("language", ["en", "da"])
@pytest.mark.parametrize("percent", [100, 150])
@pytest.mark.parametrize("size", [(1280, 720), (640, 360)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", [2, 5, 8])
def test_a_seats_own_keys_are_never_drawn_smaller_than_the_bots_labels(n, size, percent, language):
    from game import i18n

    i18n.set_language(language)
    scale.set_window(size)
    scale.set_text_scale(percent / 100)
    try:
        with scale.text_room(TableScene.text_room):
            seats = [SeatSpec("human", name="Ada")] + [SeatSpec("bot", "easy", f"Bot {i}") for i in range(2, n + 1)]
            app, table = nothanks_table(nt.Rules(), seats, size=size)
            app.run_ms(300)
            table.draw(pygame.Surface(size), 0.0)
            panels = table.view.panels
            sizes = [panels.controls_fit(s, panels.controls_room(s))[1] for s in range(n)]
    finally:
        i18n.set_language("en")
    assert table.view.controls[0] and table.view.controls[1], table.view.controls
    assert sizes[0] >= max(sizes[1:]), sizes
