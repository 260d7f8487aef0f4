"""Issue 20 items 1, 2, 9 and 11 at the Ratscrew table with its seats as player mats in rows
(RatscrewView.mats_in_rows, on by default; where a seat's notes would find no felt beside its mat the seats
sit round the ellipse instead): the pile is
the star (40% of the window's height at two to five seats, a third at six to eight), every word drawn is
recorded (render_text.DRAWN, its size as drawn) and meets the couch floors, no two texts overlap, a seat's own keys
are never smaller than the bots' labels, and a won pile lands inside its winner's stack."""

from __future__ import annotations

import pygame
import pytest
from support_table import FakeApp, all_overlays, drawn_frames, press

from game import i18n
from game.core.contract import TableConfig
from game.games.ratscrew import engine as rs
from game.games.ratscrew.table import RatscrewTable
from game.games.ratscrew.view import RatscrewView
from game.games.ratscrew.view_model import SHORT_NOTES, WRONG_SLAPS
from game.games.table_scene import TableScene
from game.match import SeatSpec
from game.render import colors, scale
from game.render import text as render_text
from game.render.text import overlaps


@pytest.fixture(autouse=True)
def mats(monkeypatch):
    monkeypatch.setattr(RatscrewView, "mats_in_rows", True)
    yield
    scale.install(text=1.0)
    scale.install(window=(1280, 720))
    i18n.set_language("en")


def table(n, size=(1280, 720), seats=None, rules=None):
    scale.install(window=size)
    app = FakeApp(size)
    seats = seats or [SeatSpec("human", name=f"Player {i + 1}") for i in range(n)]
    t = RatscrewTable(TableConfig("ratscrew", rules or rs.Rules(), seats, seed=1))
    app.push(t)
    app.run_ms(300)
    return app, t


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", range(2, 9))
def test_the_pile_is_the_star_between_the_rows_of_mats(n, size):
    _app, t = table(n, size)
    view = t.view
    assert view.L.rows
    share = 0.40 if n <= 5 else 1 / 3
    zone = view.geo.pile_zone
    assert zone.h >= share * size[1], (zone.h, share * size[1])
    assert not [s.seat for s in view.L.seats if s.rect.colliderect(zone)]
    assert zone.collidelist(list(view.geo.core_lanes())) < 0


# Issue 37 item 2: the pile fills the table.
SIZES = ((640, 360), (1280, 720), (1280, 800), (1920, 1080))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", range(2, 9))
def test_the_pile_fills_the_table(n, size):
    """The mats sit in columns at the sides (two to four a side) and the pile (wherever its cards can reach) takes
    half the window's height at two to five seats, 40 % at six to eight, at 16:9 and 16:10 (at 640x360 a column of
    four mats is 49 px tall: each mat's stack of backs down its left beside its name, whole)."""
    _app, t = table(n, size)
    _fills(t.view, n, size)


@pytest.mark.parametrize("language", ["en", "da", "sv"])
@pytest.mark.parametrize("n", range(2, 9))
def test_the_pile_fills_a_small_window_at_125_percent(n, language):
    """At 640x360 with 125 % text, five to eight seats too sit in columns (of three or four) with a pile half the
    window's height at five seats, 40 % at six to eight (51 % each): their lanes between two mats hold one line, so
    a slap's banner, on two lines, goes on a plate over its winner's name and words (a column of three's words are
    81 px wide, "Player 6: Top-bottom!" on two lines needs 107: its name's row is 128), which the layout measures.
    (Five and six seats sat in rows there: 35 %.)"""
    size = (640, 360)
    i18n.set_language(language)
    scale.install(text=1.25)
    with scale.text_room(TableScene.text_room):
        _app, t = table(n, size)
        _fills(t.view, n, size)


@pytest.mark.parametrize("language", ["en", "da", "sv"])
def test_seven_seats_fill_a_small_window_at_150_percent(language):
    """At 640x360 with 150 % text, seven seats sit in columns of four mats 63 px tall (grown with the text to 130 %:
    at 73 px, four left 20 px between two, no line of a seat's notes) with the pile over 40 % of the window's height
    (46 %; it was 31 % in rows, 24 % in Danish and Swedish), its words at the floors and none over another (the slow
    conformance test draws every look)."""
    size = (640, 360)
    i18n.set_language(language)
    scale.install(text=1.5)
    with scale.text_room(TableScene.text_room):
        _app, t = table(7, size)
        _fills(t.view, 7, size)
        assert {s.rect.h for s in t.view.L.seats} == {63}


@pytest.mark.parametrize("language", ["en", "da", "sv"])
@pytest.mark.parametrize("size", [(640, 360), (854, 480), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_six_seats_pile_takes_half_the_window_at_100_percent(size, language):
    """Six seats in columns of three at 100 %: the pile half the window's height (51 %; it was 43-48 %): where the
    middle mat's lane and its neighbours' want the same gaps, two seats give way (Notes._find), each lane on felt."""
    i18n.set_language(language)
    _app, t = table(6, size)
    view = t.view
    assert view.geo.pile_zone.h >= 0.5 * size[1], view.geo.pile_zone.h / size[1]
    assert all(lane.clear for lane in view.notes.lanes())


@pytest.mark.parametrize("language", ["en", "da", "sv"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", range(2, 9))
def test_the_rules_corner_is_shown_at_100_percent(n, size, language):
    """At 100 % text the small print ("Rules: Esc / Start") is shown at every window and seat count, off every seat's
    notes lane (see CornerPrint)."""
    i18n.set_language(language)
    _app, t = table(n, size)
    view = t.view
    corner = view.corner_rect()
    assert corner is not None and pygame.Rect((0, 0), size).contains(corner), corner
    assert corner.collidelist([lane.rect for lane in view.notes.lanes()]) < 0


@pytest.mark.parametrize("language", ["en", "da", "sv"])
@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("n", range(5, 9))
def test_a_two_digit_count_fits_on_a_mats_stack_in_a_small_window(n, percent, language):
    """At 640x360, mats in columns of three or four: every seat's stack of backs has a top card that holds a
    two-digit count ("26") at the least size it is drawn at, its outline at most 2 px over each edge (seven seats at
    150 %: a 15 px card under the name held a 22 px count; their stacks stand beside their names, 26 px)."""
    from game.games.ratscrew.panel import stack_place

    size = (640, 360)
    i18n.set_language(language)
    scale.install(text=percent / 100)
    with scale.text_room(TableScene.text_room):
        _app, t = table(n, size)
        view = t.view
        if not (view.L.rows and len({s.rect.x for s in view.L.seats}) == 2):
            pytest.skip("the mats sit in rows here")
        digits = view.texts.outlined("26", 9, colors.TEXT).get_width()
        for box in view.L.seats:
            assert digits <= stack_place(view, box.seat, 6)[0] + 4, (box.seat, digits, stack_place(view, box.seat, 6))


@pytest.mark.parametrize("language", ["en", "da", "sv"])
@pytest.mark.parametrize("n, percent", [(5, 125), (6, 125), (7, 150)])
def test_a_slap_banner_wider_than_a_mats_words_is_said_whole_on_its_winners_mat(n, percent, language, monkeypatch):
    """At 640x360 with 125 % text, five and six seats in columns of three (and seven at 150 %, in columns of four):
    each slap of the rules won says its banner naming its winner in full, at the big words' floor at least, in its
    lane or on a plate over the winner's mat (its name's row and words column, 81 px wide at five and six seats, and
    its stack of backs where that stands beside them: "Player 6: Topp-botten!" is 112 px wide on its plate), inside
    the mat, over no other words, none cut."""
    from game.games.ratscrew import text as rs_text
    from game.render.effects import Banner
    from game.render.scale import big_min, text_for

    monkeypatch.setattr(render_text, "CUTS", [])
    size = (640, 360)
    i18n.set_language(language)
    scale.install(text=percent / 100)
    slaps = ("double", "sandwich", "top_bottom", "marriage", "divorce")
    with scale.text_room(TableScene.text_room):
        app, t = table(n, size, rules=rs.Rules(slaps=frozenset(slaps)))
        view = t.view
        assert view.L.rows and len({s.rect.x for s in view.L.seats}) == 2  # (in two columns)
        surface = pygame.Surface(size)
        low = text_for(big_min(view.L.size))
        on_mat = 0
        for k, rule in enumerate(slaps):
            winner = (k + 1) % n
            text = rs_text.slap_banner(view.names[winner], rule)
            view.model.on_event(rs.SlapWon(winner, rule), t.now_ns, t.match.state)  # (as the match says it)
            app.run_ms(200)
            t.draw(surface, 0.0)
            boxes = view.text_boxes()
            said = [b for b in boxes if b.kind == "banner"]
            assert [(b.text, b.seat) for b in said] == [(text, winner)], (rule, said)
            mat = view.L.seats[winner].rect.inflate(0, 2 * view._lift(winner))  # (risen on its turn)
            lane = view.notes.lane(winner).rect
            # (in its lane where that holds it: on one line, or a corner mat's lane over the bottom of the pile)
            assert lane.contains(said[0].rect) or mat.contains(said[0].rect), (rule, said[0], mat, lane)
            assert said[0].px >= low, (rule, said[0])
            on_mat += not lane.contains(said[0].rect)
            assert overlaps(boxes) == [], rule
            view.anim.clear((Banner,))
    assert on_mat and render_text.CUTS == []


def _fills(view, n, size):
    """The mats in columns at the sides, the pile half the window's height at two to five seats, 40 % at six to
    eight, clear of the mats and the centre's lanes."""
    zone = view.geo.pile_zone
    assert view.L.rows and (zone.h >= (0.5 if n <= 5 else 0.4) * size[1]), (zone.h / size[1], view.geo.mode)
    w = size[0]
    assert all(s.rect.right < w * 0.3 or s.rect.left > w * 0.7 for s in view.L.seats)
    assert not [s.seat for s in view.L.seats if s.rect.colliderect(zone)]
    assert zone.collidelist(list(view.geo.core_lanes())) < 0


@pytest.mark.parametrize("n", [7, 8])
def test_a_short_mats_stack_of_backs_stands_whole_beside_its_name(n):
    """At 640x360 seven and eight seats sit in columns of four mats 49 px tall: under its name a mat's stack of
    backs would shrink under 2/3 of its size, so it stands down the mat's left beside its name, at the seats' card
    size, its six layers inside the mat and clear of the mark, the name and the words."""
    from game.games.ratscrew.panel import stack_place
    from game.render.card_art import card_height

    _app, t = table(n, (640, 360))
    view = t.view
    assert view.L.rows and len({s.rect.x for s in view.L.seats}) == 2  # (two columns)
    for box in view.L.seats:
        sw, top = stack_place(view, box.seat, 6)
        assert sw == view.L.seat_card_w >= 18, (box.seat, sw)
        x = box.stack.x - box.rect.x
        cards = pygame.Rect(x, top - 10, sw + 10, card_height(sw) + 10)  # (each layer 2 px up and right)
        assert pygame.Rect((0, 0), box.rect.size).contains(cards), (box.seat, cards, box.rect.size)
        row, name, ny = view.panels._name_line(box.seat)
        words = [view.panels.mark_box(box.seat), name.get_rect(topleft=(row.x + view.panels.mark_width(box.seat), ny)),
                 box.info.move(-box.rect.x, -box.rect.y)]
        assert cards.collidelist(words) < 0, (box.seat, cards, words)
        assert view.panels.name_fit(box.seat)[0] == view.names[box.seat]  # the name whole beside it


def _words(n, percent, language, size=(1280, 720)):
    i18n.set_language(language)
    scale.install(window=size)
    scale.install(text=percent / 100)
    words: list[tuple[str, int]] = []
    notes: set[str] = set()
    with scale.text_room(TableScene.text_room):
        app, t = table(n, size)
        surface = pygame.Surface(size)

        def record():
            t.view.relayout(size)
            render_text.DRAWN = []
            try:
                t.draw(surface, 0.0)
                words.extend(render_text.DRAWN)
                notes.update(b.text for b in t.view.text_boxes() if b.kind == "note")
                assert overlaps(t.view.text_boxes()) == []
            finally:
                render_text.DRAWN = None

        record()
        for _ in range(3):
            press(app, t, t.match.state.current_player, "play", after_ms=200)
            app.run_ms(100)
        record()
        names = list(t.view.names)
        keys = {part for c in t.view.controls for part in (c, *c.split(" \u00b7 "))}
    return words, names, keys, notes


@pytest.mark.parametrize("language", ["en", "da", "sv"])
@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("n", range(2, 9))
def test_every_word_at_the_mats_is_24_px_and_the_names_28(n, percent, language):
    """At 1280x720: the seats' names at 28 px, every other word at 24 at least -- but where the felt or a mat
    is crowded, a seat's keys (the narrowest mat) and a seat's note may fit down to the tables' floor (20 px),
    never under it (as at the No Thanks table). At eight seats and 150 % text the pile is a little smaller, so
    that every mat's notes find felt beside it and the seats stay mats (round the ellipse their keys would be
    drawn at 15-18 px)."""
    words, names, keys, notes = _words(n, percent, language)

    def in_note(text: str) -> bool:  # a note, or a line of one wrapped in its lane
        return any(text == note or text in note.split("\n") or (text and text in note) for note in notes)

    small = []
    for text, px in words:
        floor = 20 if text in keys or in_note(text) else 28 if text in names else 24
        if px < floor:
            small.append((text, px, floor))
    assert words and not small, sorted(set(small))
    assert set(names) <= {text for text, _ in words}


@pytest.mark.parametrize("language", ["en", "da", "sv"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_eight_seats_at_150_percent_stay_mats_and_every_word_meets_the_floors(size, language):
    """Eight seats at 150 % text: the pile a little smaller, the seats stay mats (round the ellipse their keys
    were 15-18 px at 720p), and at 720p and 1080p alike the names are 28 px (at 720p, scaled with the window),
    the keys and notes 20 at least, every other word 24."""
    words, names, keys, notes = _words(8, 150, language, size)
    scale.install(window=size)
    scale.install(text=1.5)
    with scale.text_room(TableScene.text_room):
        _app, t = table(8, size)
        assert t.view.L.rows

    def in_note(text: str) -> bool:
        return any(text == note or text in note.split("\n") or (text and text in note) for note in notes)

    small = []
    for text, px in words:
        floor = scale.px(size, 20 if text in keys or in_note(text) else 28 if text in names else 24)
        if px < floor:
            small.append((text, px, floor))
    assert words and not small, sorted(set(small))
    assert set(names) <= {text for text, _ in words}


@pytest.mark.parametrize("language", ["en", "da"])
@pytest.mark.parametrize("percent", [100, 150])
@pytest.mark.parametrize("n", [2, 5, 8])
def test_a_seats_own_keys_are_never_smaller_than_the_bots_labels_on_a_mat(n, percent, language):
    i18n.set_language(language)
    scale.install(text=percent / 100)
    with scale.text_room(TableScene.text_room):
        seats = [SeatSpec("human", name="Ada")] + [SeatSpec("bot", "pro", f"Bot {i}") for i in range(2, n + 1)]
        _app, t = table(n, seats=seats)
        t.draw(pygame.Surface((1280, 720)), 0.0)
        panels = t.view.panels
        sizes = [panels.controls_fit(s, panels.controls_room(s))[1] for s in range(n)]
    assert sizes[0] >= max(sizes[1:]), sizes


@pytest.mark.parametrize("n", [3, 5, 8])
def test_the_overlays_never_overlap_and_notes_stay_at_their_seat(n):
    """Item 11: "Too late by N ms" beside the seat that was late (over or under its own mat, never in a
    corner of the screen), and no text over another."""
    size = (1280, 720)
    app, t = all_overlays(size, n)
    late = []
    for _now, _surface, boxes in drawn_frames(app, t, 1200, 40):
        assert overlaps(boxes) == []
        late += [b for b in boxes if b.kind == "note" and b.text.startswith("Too late")]
    assert late
    for b in late:
        mat = t.view.L.seats[b.seat].rect
        assert mat.left - 8 <= b.rect.centerx <= mat.right + 8, (b.rect, mat)
        assert abs(b.rect.centery - mat.centery) < mat.h + 3 * b.rect.h, (b.rect, mat)


def test_a_won_pile_lands_inside_its_winners_stack():
    """Item 11: the swept pile ends inside the winner's stack of backs, never over its count or keys."""
    from game.games.ratscrew import paint
    from game.games.ratscrew.view_model import Sweep
    from game.render.effects import Flyer
    from game.render.tween import Tween

    _app, t = table(3)
    view = t.view
    f = Flyer(Tween(0, 100), ("pile",), ("seat", 1), Sweep(("5C", "9D", "2H", "7S"), 2, 0), scale=None)
    layer = pygame.Surface((1280, 720), pygame.SRCALPHA)
    paint.sweep(view, layer, f, 100)
    ink = pygame.mask.from_surface(layer).get_bounding_rects()
    drawn = ink[0].unionall(ink[1:])
    assert view.L.seats[1].stack.inflate(4, 4).contains(drawn), (drawn, view.L.seats[1].stack)


def test_mats_are_on_by_default_and_the_ellipse_is_unchanged_without_them(monkeypatch):
    monkeypatch.undo()  # (the fixture's mats on)
    assert RatscrewView.mats_in_rows  # (COUCHCARDS_RATSCREW_MATS=0 would turn them off)
    monkeypatch.setattr(RatscrewView, "mats_in_rows", False)
    _app, t = table(5)
    assert not t.view.L.rows and t.view.geo.mode == "stack"


# ---- item 8: a slap's impact in the very next frame; reduced motion keeps the information ----------------


def _double(reduced=False):
    from support_table import human_table

    app, t = human_table([["5C", "9C"], ["5D", "8D"]], reduced_motion=reduced)
    t.view.reduced_motion = reduced
    press(app, t, 0, "play")
    app.run_ms(250)
    press(app, t, 1, "play")  # 5♣ 5♦: a double
    app.run_ms(250)
    return app, t


@pytest.mark.parametrize("mats_on", [False, True])
@pytest.mark.parametrize("reduced", [False, True])
def test_a_slap_shows_its_impact_at_the_pile_in_the_very_next_frame(reduced, mats_on, monkeypatch):
    from game.games.ratscrew import paint
    from game.games.ratscrew.view_model import Flash, Impact
    from game.render import colors

    monkeypatch.setattr(RatscrewView, "mats_in_rows", mats_on)
    app, t = _double(reduced)
    before = pygame.Surface((1280, 720))
    t.draw(before, 0.0)
    press(app, t, 1, "slap")
    app.step()  # the very next frame
    after = pygame.Surface((1280, 720))
    t.draw(after, 0.0)
    view = t.view
    (hit,) = [e for e in view.anim.effects if isinstance(e, Impact)]
    assert hit.seat == 1 and hit.tween.started(t.now_ns)
    zone = view.geo.pile_zone.inflate(view.L.card_w, view.L.card_w)
    seat = colors.seat_color(1)
    changed = [(x, y) for x in range(zone.left, zone.right, 3) for y in range(zone.top, zone.bottom, 3)
               if 0 <= x < 1280 and 0 <= y < 720 and after.get_at((x, y)) != before.get_at((x, y))]
    assert changed, "the pile shows the slap"
    near = [(x, y) for x, y in changed if sum(abs(after.get_at((x, y))[i] - seat[i]) for i in range(3)) < 90]
    assert near, "in the slapper's colour"
    if reduced:
        assert paint.pile_shake(view, t.now_ns) == 0 and not [e for e in view.anim.effects if isinstance(e, Flash)]
        app.run_ms(120)
        t.draw(after, 0.0)  # the burst is still there (it does not move), until it is done
        assert [e for e in view.anim.active(Impact, t.now_ns)]


def test_a_slap_is_judged_while_a_pile_is_still_flying():
    """Slaps are never dropped while anything animates: the engine judges them (input is not gated)."""
    from game.games.ratscrew.view_model import Sweep

    app, t = _double()
    press(app, t, 1, "slap")  # wins the pile: it is held, then swept
    app.step()
    assert [f for f in t.view.anim.flyers if isinstance(f.art, Sweep)]
    events = []
    original = t.view.on_event
    t.view.on_event = lambda e, t_ns, st: (events.append(type(e).__name__), original(e, t_ns, st))[1]
    press(app, t, 0, "slap")  # during the sweep: nothing to slap, a wrong slap, judged at once
    app.step()
    assert {"WrongSlap", "TooLate", "Ignored"} & set(events), events


@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("language", ["en", "da", "sv"])
@pytest.mark.parametrize("n", range(2, 9))
def test_every_seats_lane_holds_every_short_note_whole(n, language, percent, monkeypatch):
    """A notes lane is never narrower than a word of a note it may have to say: at 640x360 with seven seats a
    lane between two bottom mats was 61 px wide and cut the Danish "Vinder udfordringen!" with "…". (The notes
    of the default rules: with the house rule that a wrong slap gives the pile away, its Danish note at 150 %
    takes two lines a one-line lane over a bottom mat at seven and eight seats has no room for.)"""
    size = (640, 360)
    monkeypatch.setattr(render_text, "CUTS", [])
    i18n.set_language(language)
    scale.install(window=size, text=percent / 100)
    with scale.text_room(TableScene.text_room):
        _app, t = table(n, size)
        notes = t.view.notes
        for seat in range(n):
            lane = notes.lane(seat).rect
            for msgid in (m for m in SHORT_NOTES if m != WRONG_SLAPS[2]):
                said = i18n.t(msgid)
                assert notes.fitted(said, colors.GOLD, lane.w, lane.h)[2] == said, (seat, lane)
    assert render_text.CUTS == []


@pytest.mark.parametrize("n", [3, 5, 8])
def test_the_corner_print_is_placed_once_per_layout(n, monkeypatch):
    """The small print's place is searched once per layout, in a corner (mats in columns) as beside the centre
    (rows): a corner's place was searched again every frame (~5 ms a frame at 720p)."""
    from game.games.ratscrew.view import CornerPrint

    _app, t = table(n)
    surface = pygame.Surface((1280, 720))
    t.draw(surface, 0.0)
    calls = []
    original = CornerPrint._beside
    monkeypatch.setattr(CornerPrint, "_beside", lambda self, *a: (calls.append(1), original(self, *a))[1])
    for _ in range(5):
        t.draw(surface, 0.0)
    assert calls == []
    t.view.relayout((1280, 720))
    t.draw(surface, 0.0)
    assert calls  # placed again for the new layout (its trial layouts too) ...
    calls.clear()
    for _ in range(3):
        t.draw(surface, 0.0)
    assert calls == []  # ... and then kept
