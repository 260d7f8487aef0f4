"""Seat layout: 2–8 seats never overlap each other or the pile, at common window sizes; tween maths."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import games
from game.render.layout import table_layout
from game.render.tween import Tween, ease_out, shake


def check_layout(size, n, game):
    L = table_layout(size, n, games.get(game).layout)
    window = pygame.Rect(0, 0, *size)
    rects = [s.rect for s in L.seats]
    assert len(rects) == n
    for i, a in enumerate(rects):
        assert window.contains(a), f"seat {i} leaves the window at {size}"
        assert not a.colliderect(L.pile), f"seat {i} covers the pile at {size}"
        assert a.contains(L.seats[i].stack) and a.contains(L.seats[i].info)
        for j, b in enumerate(rects[i + 1 :], i + 1):
            assert not a.colliderect(b), f"seats {i} and {j} overlap at {size} with {n} seats"
    return L


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
@pytest.mark.parametrize("n", range(2, 9))
@pytest.mark.parametrize("game", ["ratscrew", "nothanks"])
def test_seats_do_not_overlap(size, n, game):
    L = check_layout(size, n, game)
    assert L.seats[0].rect.centery > L.centre[1], "seat 0 sits at the bottom"
    if n >= 3:  # clockwise on screen: seat 1 is to the left of seat 0
        assert L.seats[1].rect.centerx < L.seats[0].rect.centerx


@settings(max_examples=40, deadline=None)
@given(
    w=st.integers(640, 2560),
    h=st.integers(360, 1440),
    n=st.integers(2, 8),
    game=st.sampled_from(["ratscrew", "nothanks"]),
)
def test_seats_do_not_overlap_at_any_size(w, h, n, game):
    check_layout((w, h), n, game)


def test_sizes_scale_with_the_window():
    small = table_layout((800, 600), 4)
    big = table_layout((1920, 1080), 4)
    assert big.card_w > small.card_w
    assert big.seats[0].rect.w > small.seats[0].rect.w


def test_ease_out_and_tween():
    assert ease_out(0) == 0 and ease_out(1) == 1
    values = [ease_out(i / 20) for i in range(21)]
    assert values == sorted(values)
    assert ease_out(0.5) > 0.5  # fast start, gentle landing
    tw = Tween(1000, 200)
    assert tw.progress(900) == 0 and tw.progress(1300) == 1
    assert not tw.started(999) and tw.started(1000)
    assert not tw.done(1199) and tw.done(1200)
    assert Tween(5, 0).progress(0) == 1.0
    assert shake(0, 10) == 0 and shake(1, 10) == 0 and abs(shake(0.1, 10)) > 0


@pytest.mark.parametrize("game", ["ratscrew", "nothanks"])
def test_no_table_size_leaves_its_panels_much_smaller_than_four_seats_get(game):
    """Five seats round a tall centre used to shrink to 164x82 at 720p; panels may now shrink more one
    way than the other, so every table keeps more than half the panel area four seats get."""
    hints = games.get(game).layout
    four = table_layout((1280, 720), 4, hints).seats[0].rect
    for n in range(2, 9):
        rect = table_layout((1280, 720), n, hints).seats[0].rect
        assert rect.w * rect.h > 0.55 * four.w * four.h, (n, rect.size, four.size)
        assert 1 / 3 <= rect.h / rect.w <= 1, (n, rect.size)
