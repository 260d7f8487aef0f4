"""Couch legibility of the seat panels and the centre (issue 10, items 1, 6, 7, 13), on both tables: the
seat's name is at least 22 px and its controls line at least 20 px at 1280×720 (scaling with the window),
a name of up to 20 characters shows whole (never cut with "…"), nothing inside a panel overlaps, and the
seats' notes keep off No Thanks' stack and pot count. Checked on the text boxes the tables drew;
screenshots (couch_panels_*.png) go to the temporary screenshot folder (support_app.OUT)."""

from __future__ import annotations

import pygame
import pytest
from support_table import OUT, nothanks_table, press

from game.commands import TAKE
from game.games.nothanks import engine as nt
from game.games.nothanks import paint as nt_paint
from game.match import SeatSpec
from game.render.textboxes import overlaps

pygame.init()


def save(surface, name):
    OUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(OUT / name))


def check(boxes, size):
    clash = overlaps(boxes)
    assert not clash, [(a.kind, a.text, a.rect, b.kind, b.text, b.rect) for a, b in clash]
    window = pygame.Rect(0, 0, *size)
    outside = [(b.kind, b.text, b.rect) for b in boxes if not window.contains(b.rect)]
    assert not outside, outside


# ---- #3 (of the brief): the notes keep off No Thanks' stack and pot count -------------------------------


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_no_thanks_notes_never_sit_on_the_pot_count_or_the_stack(size):
    seats = [SeatSpec("human", name=f"Player {i + 1}") for i in range(8)]
    app, table = nothanks_table(nt.Rules(), seats, size=size)
    app.run_ms(300)
    view = table.view
    clear = view.keep_clear()
    surface = pygame.Surface(size)
    table.draw(surface, 0.0)
    (count,) = [b for b in view.text_boxes() if b.kind == "count" and "on the card" in b.text]
    assert any(r.contains(count.rect) for r in clear), "the pot's count is kept clear"
    assert any(r.contains(nt_paint.deck_drawn(view)) for r in clear), "the stack as drawn is kept clear"
    for seat in range(8):  # every seat presses out of turn: a note at each
        if seat != table.match.state.current_player:
            press(app, table, seat, TAKE)
    app.run_ms(120)
    table.draw(surface, 0.0)
    boxes = view.text_boxes()
    notes = [b for b in boxes if b.kind == "note"]
    assert len(notes) >= 6
    check(boxes, size)
    stack = nt_paint.deck_drawn(view)
    assert not [b.text for b in notes if b.rect.colliderect(stack)]
    save(surface, f"couch_panels_nothanks_notes_8_seats_{size[0]}x{size[1]}.png")
