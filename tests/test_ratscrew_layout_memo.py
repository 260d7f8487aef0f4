"""Laying out the Ratscrew table fast changes nothing (issue: a 150 % table of six to eight seats took 0.5-1.6 s to
lay out once the small print kept both its parts): each seat's offered lanes are kept per layout by the obstacles
within its reach (Notes._offered_at), and the small print reads what it keeps off once per layout (CornerPrint
._avoided). A view that finds every seat's lanes afresh against every obstacle, and asks the table what to keep
off for every block it tries (as before), lays every table out exactly the same: the table, the pile, its lanes,
every seat's notes lane and the small print (where, which parts, what size)."""

from __future__ import annotations

import pygame
import pytest
from test_ratscrew_relayout import _record

from game import i18n
from game.games.ratscrew import engine as rs
from game.games.ratscrew.view import CornerPrint, RatscrewView
from game.games.table_scene import TableScene
from game.render import scale
from game.render.notes import Candidate, Notes
from game.render.text import TextCache


class PlainNotes(Notes):
    """Every seat's lanes offered afresh, against every obstacle, at every search."""

    def _offered_at(self, layout, seat, obstacles, window, memo, holds) -> list[Candidate]:
        return self._candidates(seat, obstacles, window, memo, holds)


class PlainPrint(CornerPrint):
    """What the small print keeps off, asked of the table for every block it tries."""

    def _avoided(self) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        return self._keep(), self._clear()


class PlainView(RatscrewView):
    def __init__(self, *args, **kw) -> None:
        super().__init__(*args, **kw)
        self.notes = PlainNotes(self)

    def corner_print(self) -> CornerPrint:
        return PlainPrint(self.print_clear, self.print_avoid, self.print_spots, self.print_needs, self.print_leaves,
                          self._whole_print)


def _recorded(v: RatscrewView) -> dict:
    """Everything test_ratscrew_relayout compares, and the small print: which parts it shows, at what size."""
    return {**_record(v), "whole print": v._whole_print, "print": (v.small_print.shown(), v.small_print.size())}


@pytest.fixture(autouse=True)
def english_after():
    yield  # (the looks are reset by conftest's standard_looks)
    i18n.set_language("en")


def _laid_out(cls, n: int, size: tuple[int, int], percent: int) -> dict:
    scale.install(text=percent / 100)
    scale.install(window=size)
    with scale.text_room(TableScene.text_room):
        v = cls(rs.Rules(), [f"Player {i + 1}" for i in range(n)], ["kb:0"] * n, 1, texts=TextCache())
        v.relayout(size)
        return _recorded(v)


SIZES = [(640, 360), (1280, 720), (1920, 1080)]
# the crowded tables whose layout tries the most piles and places (what was slow), in three languages
CROWDED = [(lang, n, size, 150) for lang in ("en", "da", "sv") for n in (6, 7, 8) for size in SIZES]
EVERY = [("en", n, size, percent) for n in range(2, 9) for size in [*SIZES, (854, 480)] for percent in (100, 125, 150)]


def _case_id(case) -> str:
    lang, n, size, percent = case
    return f"{lang}-{n}-{size[0]}x{size[1]}-{percent}"


@pytest.mark.parametrize("case", CROWDED, ids=_case_id)
def test_the_crowded_tables_lay_out_as_found_afresh(case):
    lang, n, size, percent = case
    i18n.set_language(lang)
    assert _laid_out(RatscrewView, n, size, percent) == _laid_out(PlainView, n, size, percent)


@pytest.mark.slow
@pytest.mark.parametrize("case", EVERY, ids=_case_id)
def test_every_table_lays_out_as_found_afresh(case):
    lang, n, size, percent = case
    i18n.set_language(lang)
    assert _laid_out(RatscrewView, n, size, percent) == _laid_out(PlainView, n, size, percent)
