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
SIZES = [(1280, 720), (1920, 1080), (1280, 800)]  # 1280×800: the Steam Deck's 16:10 screen


@pytest.fixture(autouse=True)
def standard_looks():
    yield
    scale.install(text=1.0)
    scale.install(window=(1280, 720))


@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", [3, 5, 8])
def test_the_ratscrew_table_draws_its_big_words_at_28_px_and_notes_at_24(n, size, percent):
    scale.install(window=size)
    scale.install(text=percent / 100)
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
    scale.install(window=size)
    scale.install(text=percent / 100)
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


# ---- No Thanks: seats are mats (issue 20 items 1, 2 and 9; issue 24 item 9) ---------------------------------


def _nothanks_words(n, size, percent, language):
    """Every word a No Thanks table of `n` human seats draws (recorded by render_text.DRAWN, with its size as drawn)
    in a few moments of play: the first turn, notes from every other seat pressing out of turn, the move
    log shown, a card taken with matches on it. Returns (words, table)."""
    from support_table import press

    from game import i18n
    from game.commands import PASS, TAKE, Command
    from game.render import text as render_text

    i18n.set_language(language)
    scale.install(window=size)
    scale.install(text=percent / 100)
    words: list[tuple[str, int]] = []
    try:
        with scale.text_room(TableScene.text_room):
            seats = [SeatSpec("human", name=f"Player {i + 1}") for i in range(n)]
            app, table = nothanks_table(nt.Rules(), seats, size=size)
            app.run_ms(300)
            surface = pygame.Surface(size)

            def record():
                table.view.relayout(size)  # every panel, label and cached word drawn afresh
                render_text.DRAWN = []
                try:
                    table.draw(surface, 0.0)
                    words.extend(render_text.DRAWN)
                finally:
                    render_text.DRAWN = None

            record()
            for seat in range(n):
                if seat != table.match.state.current_player:
                    press(app, table, seat, TAKE)
            app.run_ms(120)
            record()
            for _ in range(n):
                press(app, table, table.match.state.current_player, PASS, after_ms=300)
                app.run_ms(200)
            press(app, table, table.match.state.current_player, TAKE, after_ms=300)
            table.handle(Command(None, "right", app.clock()))  # the move log
            app.run_ms(900)
            record()
    finally:
        i18n.set_language("en")
    return words, table


@pytest.mark.parametrize("language", ["en", "da", "sv"])
@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("n", range(2, 9))
def test_every_word_at_the_no_thanks_table_is_24_px_and_names_prompt_and_counts_28(n, percent, language):
    """At 1280x720 (the reference) the table draws the seats' names, the prompt and the counts (the pot's,
    the stack's "N left", each seat's matches) at 28 px at least, and every other word at 24 at least, at
    every seat count, text size and language -- but for two kinds still short of it where the felt or a mat
    is crowded: a seat's note ("Not your turn") may shrink to fit its lane and the seats' keys to fit the
    narrowest mat (eight seats, a long Danish or Swedish key line, 150 %), both down to the tables' floor
    (scale.TEXT_MIN, 20 px), never under it."""
    size = (1280, 720)
    words, table = _nothanks_words(n, size, percent, language)
    view = table.view
    names = set(view.names)
    prompt = {line for line in view.words.prompt_fit(view.model.prompt_text(table.match.state),
                                                     view.geo.small_size)[1]}
    big = names | prompt
    from game import i18n

    i18n.set_language(language)
    notes = {i18n.t("Not your turn")}
    keys = {part for c in view.controls for line in (c, *c.split(" \u00b7 ")) for part in (line,)}
    i18n.set_language("en")
    small = []
    for text, px in words:
        counted = text.strip().split(" ")[0].isdigit() and len(text.split()) <= 2 and "×" not in text
        if text in big or counted or text == "?":
            floor = scale.px(size, 28)
        elif text in notes or text in keys or any(text in c for c in view.controls):
            floor = scale.text_min(size)  # still short of the 24 where crowded (see above)
        else:
            floor = scale.px(size, 24)
        if px < floor:
            small.append((text, px, floor))
    assert words and not small, sorted(set(small))
    assert names <= {text for text, _ in words}


@pytest.mark.parametrize("language", ["en", "da"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", range(2, 9))
def test_the_no_thanks_card_is_the_star(n, size, language):
    """Issue 20 item 2: the face-up card (its pot on it) is 40% of the window's height at two to five seats
    and a third of it at six to eight."""
    from game import i18n

    i18n.set_language(language)
    scale.install(window=size)
    try:
        seats = [SeatSpec("human", name=f"Player {i + 1}") for i in range(n)]
        app, table = nothanks_table(nt.Rules(), seats, size=size)
        app.run_ms(300)
        table.draw(pygame.Surface(size), 0.0)
        card = table.view.geo.centre_rect()
    finally:
        i18n.set_language("en")
    share = 0.40 if n <= 5 else 1 / 3
    assert card.h >= share * size[1] - 1, (card.h, size[1] * share)
    assert not [s.seat for s in table.view.L.seats if s.rect.colliderect(card)]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", range(2, 9))
def test_the_coachs_box_has_a_place_of_its_own(n, size):
    """Issue 24 item 9: the coach's words go in felt the table keeps for them (the layout's coach room, left
    of the stack between the rows of seats), never over the rim, a seat, the centre or another word."""
    from support_table import press
    from test_coach_table import humans, up

    from game.commands import PASS, TAKE, Command
    from game.render.text import overlaps

    scale.install(window=size)
    app, table = nothanks_table(nt.Rules(), humans(n), size=size)
    for seat in range(n):
        press(app, table, seat, PASS, after_ms=200)
        app.step()
    press(app, table, 0, TAKE, after_ms=200)
    app.run_ms(800)
    for seat in range(1, n):
        press(app, table, seat, PASS, after_ms=200)
        app.step()
    table.handle(Command(None, "left", app.clock()))
    up(app, table)
    app.run_ms(800)
    table.draw(pygame.Surface(size), 0.0)
    view = table.view
    rooms = view.coach_rooms()
    (coach,) = [b for b in view.text_boxes() if b.kind == "coach"]
    assert any(room.contains(coach.rect) for room in rooms), (rooms, coach.rect)
    assert not [s.seat for s in view.L.seats if view.notes.panel_zone(s.seat).colliderect(coach.rect)]
    assert coach.rect.collidelist([view.geo.deck_rect(), view.geo.centre_rect(), view.words.pot_rect()]) < 0
    assert overlaps(view.text_boxes()) == []
    assert coach.px >= scale.px(size, 24)
