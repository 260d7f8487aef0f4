"""Issue 37: seats told apart by more than colour, mats with character, notes that stay to be read.

- every seat has its own shape (drawn in code), and the shapes differ in outline alone (no colour needed);
- the shape is on the seat's mat, its slap paw, beside its notes and in the photo finish;
- notes read in full for at least 2 s before they fade;
- mats are cloth (not flat), drawn once per size and colour in a byte-bounded cache; the seat on its turn lit;
- the moves (Ratscrew's flip to the pile, No Thanks' take to the taker's mat) last under 400 ms, and reduced
  motion turns them all off."""

from __future__ import annotations

import itertools

import pygame
import pytest
from support_table import MS, FakeApp, FixedHands, all_overlays, nothanks_table, press
from test_coach_table import humans

from game.commands import PASS, TAKE
from game.core.contract import TableConfig
from game.games.nothanks import engine as nt
from game.games.ratscrew import engine as rs
from game.games.ratscrew import paint as rs_paint
from game.games.ratscrew.view_model import PhotoFinish
from game.match import SeatSpec
from game.render import cache, colors, hud, seat_marks
from game.render.effects import NOTE_HOLD_MS, Face, Flip, Note
from game.render.notes import Notes
from game.seat_colors import SEAT_COLORS, SEAT_SHAPES

MOVE_MS = 400


def mask(surface: pygame.Surface) -> set[tuple[int, int]]:
    return {(x, y) for y in range(surface.get_height()) for x in range(surface.get_width())
            if surface.get_at((x, y)).a > 128}


def test_every_seat_has_its_own_shape_and_the_outlines_alone_tell_them_apart():
    assert len(SEAT_SHAPES) == len(SEAT_COLORS) == len(set(SEAT_SHAPES))
    outlines = [mask(seat_marks.image(seat, 24, (255, 255, 255), (255, 255, 255))) for seat in range(8)]
    for a, b in itertools.combinations(range(8), 2):
        overlap = len(outlines[a] & outlines[b]) / len(outlines[a] | outlines[b])
        assert overlap < 0.85, (SEAT_SHAPES[a], SEAT_SHAPES[b], overlap)
    # one colour, eight shapes: drawn once per shape, size and colours
    assert seat_marks.image(3, 24) is seat_marks.image(3, 24)
    assert seat_marks.image(3, 24) is not seat_marks.image(11, 24, (1, 2, 3))


@pytest.mark.parametrize("under", [colors.FELT, colors.PANEL, colors.on_plate()], ids=["felt", "mat", "plate"])
def test_every_shapes_outline_stands_out_at_3_to_1(under):
    """WCAG 1.4.11 (a graphic's outline): its edge or, for a light colour, its fill against what it lies on."""
    for seat, fill in enumerate(SEAT_COLORS):
        edge = seat_marks.default_edge(fill)
        assert max(colors.contrast(edge, under), colors.contrast(fill, under)) >= 3, (seat, fill, edge)


def test_an_unknown_shape_is_refused_clearly():
    with pytest.raises(ValueError, match="no such seat shape"):
        seat_marks.outline("blob", 10.0)


def palm_ink(seat: int) -> int:
    """How many pixels of the seat's paw differ from the same paw without its shape."""
    plain = hud.hand(60, colors.seat_color(seat))
    marked = hud.hand(60, colors.seat_color(seat), 0, seat)
    return sum(plain.get_at((x, y)) != marked.get_at((x, y)) for y in range(60) for x in range(60))


@pytest.mark.parametrize("seat", range(8))
def test_the_slap_paw_carries_the_seats_shape(seat):
    assert palm_ink(seat) > 60
    # and a different shape on another seat's paw of the same colour
    a = hud.hand(60, (200, 200, 200), 0, seat)
    b = hud.hand(60, (200, 200, 200), 0, (seat + 1) % 8)
    assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")


def seat_pixels(surface: pygame.Surface, rect: pygame.Rect, colour) -> int:
    rect = rect.clip(surface.get_rect())
    return sum(tuple(surface.get_at((x, y)))[:3] == tuple(colour)
               for y in range(rect.top, rect.bottom) for x in range(rect.left, rect.right))


@pytest.mark.parametrize("n", [3, 5, 8])
def test_each_note_has_its_seats_mark_beside_it(n):
    size = (1280, 720)
    app, table = all_overlays(size, n)
    app.run_ms(200)
    surface = pygame.Surface(size)
    table.draw(surface, 0.0)
    notes = [b for b in table.view.boxes.all() if b.kind == "note"]
    assert notes
    for box in notes:
        lane = table.view.notes.lane(box.seat).rect
        beside = pygame.Rect(lane.left, box.rect.top, box.rect.left - lane.left, box.rect.h)
        assert seat_pixels(surface, beside, colors.seat_color(box.seat)) >= 12, (box.text, box.seat)


def test_the_photo_finish_shows_each_contenders_mark():
    size = (1280, 720)
    app, table = all_overlays(size, 3)
    app.run_ms(560)
    view = table.view
    (photo,) = [e for e in view.anim.effects if isinstance(e, PhotoFinish) and e.tween.started(app.clock())
                and not e.tween.done(app.clock())]
    surface = pygame.Surface(size)
    table.draw(surface, 0.0)
    _, marks, _ = rs_paint.photo_layout(view, photo, view.headline_lane())
    assert {seat for _, seat in marks} == {seat for seat, _, _ in photo.cells}
    for rect, seat in marks:
        assert seat_pixels(surface, rect, colors.seat_color(seat)) >= rect.w, (seat, rect)


def three_hands(reduced: bool = False):
    """A Ratscrew table of three human seats with four cards each (no slap in the first three cards)."""
    app = FakeApp((1280, 720), reduced_motion=reduced)
    seats = [SeatSpec("human", name=f"Player {i + 1}") for i in range(3)]
    table = FixedHands(TableConfig("ratscrew", rs.Rules(), seats, seed=1),
                       [["5C", "9C", "2C", "6C"], ["5D", "8D", "3D", "7D"], ["2H", "3H", "4H", "6H"]])
    app.push(table)
    return app, table


def wrong_slap(app, table) -> None:
    """Seat 1 plays, and seat 3 slaps with nothing to slap: "Wrong slap! Burns 2" at seat 3."""
    press(app, table, 0, "play")
    app.run_ms(250)
    press(app, table, 2, "slap")


def test_notes_read_in_full_for_two_seconds_before_they_fade():
    size = (1280, 720)
    app, table = three_hands()
    wrong_slap(app, table)
    app.step()
    notes = [e for e in table.view.anim.effects if isinstance(e, Note)]
    assert any(e.text.startswith("Wrong slap") for e in notes), [e.text for e in notes]
    for e in notes:
        assert e.tween.dur_ns > NOTE_HOLD_MS * MS
        assert Notes.fade(e, e.tween.start_ns + NOTE_HOLD_MS * MS) == 1.0
        assert Notes.fade(e, e.tween.end_ns) == 0.0
    app.run_ms(1900)  # still there, still whole, on the table
    surface = pygame.Surface(size)
    table.draw(surface, 0.0)
    assert any(b.kind == "note" and b.text.startswith("Wrong slap") for b in table.view.boxes.all())


def test_no_thanks_notes_hold_two_seconds_too():
    app, table = nothanks_table(nt.Rules(), humans(3))
    app.run_ms(400)
    seat = (table.match.state.current_player + 1) % 3
    press(app, table, seat, PASS)  # not this seat's turn: a note
    app.step()
    notes = [e for e in table.view.anim.effects if isinstance(e, Note)]
    assert notes
    assert all(Notes.fade(e, e.tween.start_ns + NOTE_HOLD_MS * MS) == 1.0 for e in notes)


# -- mats ----------------------------------------------------------------------------------------------------------
def test_a_mat_is_cloth_not_a_flat_plate_and_is_drawn_once_per_size_and_colour():
    mat = hud.mat_cloth((300, 120), colors.seat_color(1))
    assert mat is hud.mat_cloth((300, 120), colors.seat_color(1))
    assert mat is not hud.mat_cloth((300, 120), colors.seat_color(2))
    inside = [tuple(mat.get_at((x, y)))[:3] for y in range(20, 100) for x in range(40, 260)]
    assert len(set(inside)) > 20  # a grain, a mottling and light: many tones
    top = sum(sum(mat.get_at((x, 12))[:3]) for x in range(40, 260))
    bottom = sum(sum(mat.get_at((x, 108))[:3]) for x in range(40, 260))
    assert top > bottom  # lit from above
    assert mat.get_at((0, 0)).a == 0  # its rounded corners stay see-through
    # the cloth is held in a cache bounded by bytes, emptied with the window's size
    assert any(c.name == "mat cloth" for c in cache.per_size_caches())
    found = next(c for c in cache.per_size_caches() if c.name == "mat cloth")
    assert found.limit() > 0


def test_the_seat_on_its_turn_is_lit():
    app, table = nothanks_table(nt.Rules(), humans(3))
    app.run_ms(400)
    _, frame = table.view.panels._turn_overlays(table.match.state.current_player)
    w, h = frame.get_size()
    assert frame.get_at((w // 2, h // 4)).a > 0  # light over the mat's upper middle, where the frame is open
    assert frame.get_at((w // 2, h - h // 6)).a == 0


# -- moves ---------------------------------------------------------------------------------------------------------
def ratscrew_flips(reduced: bool) -> list:
    app, table = three_hands(reduced)
    seen = []
    for seat in (0, 1, 2):
        press(app, table, seat, "play")
        app.step()
        seen += [f for f in table.view.anim.flyers if isinstance(f.art, Flip)]
        app.run_ms(300)
    return seen


def test_ratscrew_flips_each_card_to_the_pile_in_under_400_ms_and_not_at_all_with_reduced_motion():
    flips = ratscrew_flips(False)
    assert len(flips) >= 3
    assert all(0 < f.tween.dur_ns < MOVE_MS * MS for f in flips)
    assert ratscrew_flips(True) == []


def nothanks_take(reduced: bool) -> list:
    app, table = nothanks_table(nt.Rules(), humans(3), reduced_motion=reduced)
    app.run_ms(400)
    press(app, table, table.match.state.current_player, TAKE)
    app.step()
    return [f for f in table.view.anim.flyers if isinstance(f.art, Face) or f.dst[0] in ("seat", "matches", "cards")]


def test_no_thanks_slides_a_take_to_the_takers_mat_in_under_400_ms_and_not_at_all_with_reduced_motion():
    moves = nothanks_take(False)
    assert moves
    assert all(0 < f.tween.dur_ns < MOVE_MS * MS for f in moves)
    assert nothanks_take(True) == []
