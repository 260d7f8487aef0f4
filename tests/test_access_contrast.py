"""Issue 37: every word on the felt reads at least 4.5:1 (WCAG AA) against what is behind it, measured on the
drawn pixels. The table is drawn twice at the same moment: as it is, and with every text drawn as blank (its
layout unchanged). Behind a word is the second picture; the word's own pixels are those the two pictures
differ in that are not its dark outline (one pixel, at most a fourteenth of the text's size: what the letter
sits on, the issue says, is the felt or the plate beyond it). Each colour the word's letters are drawn in
(every colour covering a fair share of them: the anti-aliased edges are left out) must reach 4.5:1 against
the pixels behind those same letters."""

from __future__ import annotations

from collections import Counter
from contextlib import contextmanager

import pygame
import pytest
from support_table import all_overlays, nothanks_table, press
from test_coach_table import humans
from test_seat_marks import three_hands, wrong_slap

from game.commands import PASS
from game.games.nothanks import engine as nt
from game.render import cache, colors
from game.render.text import TextCache

FELT_WORDS = ("note", "prompt", "count", "photo", "banner", "small_print", "clock", "log", "coach")
OUTLINE_LUMINANCE = 0.03  # darker than this: the letters' black outline (or its blend with them)
SHARE = 0.08  # a colour covering at least this share of a word's letters is one of its colours


def draw(table, size):
    surface = pygame.Surface(size)
    table.draw(surface, 0.0)
    return surface, table.view.boxes.all()


@contextmanager
def blank_text(table):
    """While in it, every text is drawn blank at its own size; drawn pictures that hold words are forgotten on
    the way in and out (none drawn blank outlives it)."""
    originals = {name: getattr(TextCache, name) for name in ("outlined", "render")}

    def blanked(original):
        def blank(self, *args, **kwargs):
            return pygame.Surface(original(self, *args, **kwargs).get_size(), pygame.SRCALPHA)
        return blank

    def forget():
        cache.looks_changed()
        table.view.relayout(table.view.L.size)  # the same layout, its pictures drawn again

    for name, original in originals.items():
        setattr(TextCache, name, blanked(original))
    forget()
    try:
        yield
    finally:
        for name, original in originals.items():
            setattr(TextCache, name, original)
        forget()


def word_contrasts(drawn: pygame.Surface, bare: pygame.Surface, rect: pygame.Rect) -> dict[tuple, float]:
    """The contrast of each colour a word is drawn in against what lies behind those letters."""
    rect = rect.clip(drawn.get_rect())
    behind: dict[tuple, list[tuple]] = {}
    for y in range(rect.top, rect.bottom):
        for x in range(rect.left, rect.right):
            a = tuple(drawn.get_at((x, y)))[:3]
            b = tuple(bare.get_at((x, y)))[:3]
            if a != b and colors.luminance(a) >= OUTLINE_LUMINANCE:
                behind.setdefault(a, []).append(b)
    letters = sum(len(v) for v in behind.values())
    out = {}
    for colour, under in behind.items():
        if len(under) >= max(6, SHARE * letters):
            common = Counter(under).most_common(1)[0][0]
            ratios = sorted(colors.contrast(colour, u) for u in under)
            out[colour] = min(colors.contrast(colour, common), ratios[len(ratios) // 2])
    return out


def check(table, size):
    drawn, boxes = draw(table, size)
    felt = [b for b in boxes if b.kind in FELT_WORDS]
    with blank_text(table):
        bare, _ = draw(table, size)
    found = []
    for box in felt:
        seen = word_contrasts(drawn, bare, box.rect)
        assert seen, f"no letters found for {box.kind} {box.text!r}: the measure is broken"
        found += [(ratio, box.kind, box.text, colour) for colour, ratio in seen.items()]
    poor = [f for f in found if f[0] < 4.5]
    assert not poor, "words under 4.5:1: " + "; ".join(f"{k} {t!r} {c} {r:.2f}:1" for r, k, t, c in poor)
    return {f[1] for f in found}


@pytest.mark.parametrize("n", [3, 5, 8])
@pytest.mark.parametrize("ms", [200, 560])
def test_every_word_on_the_ratscrew_felt_reads_at_4_5_to_1(n, ms):
    """The slap moment with every overlay (a won double on a tie, a wrong slap that burns, out of cards, a
    late slap, then the photo finish)."""
    size = (1280, 720)
    app, table = all_overlays(size, n)
    app.run_ms(ms)
    kinds = check(table, size)
    assert {"note", "prompt"} <= kinds
    assert ms < 500 or "photo" in kinds  # the photo finish, once the slap's window has closed


def test_the_wrong_slap_note_is_measured_and_reads():
    """"Wrong slap! Burns 2" was dark red on the green felt (about 2:1)."""
    size = (1280, 720)
    app, table = three_hands()
    wrong_slap(app, table)
    app.run_ms(100)
    drawn, boxes = draw(table, size)
    wrong = [b for b in boxes if b.kind == "note" and b.text.startswith("Wrong slap")]
    assert wrong, [b.text for b in boxes]
    with blank_text(table):
        bare, _ = draw(table, size)
    seen = word_contrasts(drawn, bare, wrong[0].rect)
    assert seen and min(seen.values()) >= 4.5, seen


def test_the_measure_catches_dark_red_on_the_felt():
    """The measure itself: the old note colour on the felt fails, white on the felt passes."""
    pygame.font.init()
    texts = TextCache()
    for colour, ok in (((235, 80, 60), False), (colors.TEXT, True)):
        bare = pygame.Surface((300, 60))
        bare.fill(colors.FELT)
        drawn = bare.copy()
        img = texts.outlined("Wrong slap! Burns 2", 24, colour)
        drawn.blit(img, (5, 5))
        seen = word_contrasts(drawn, bare, img.get_rect(topleft=(5, 5)))
        assert seen and (min(seen.values()) >= 4.5) == ok, (colour, seen)


@pytest.mark.parametrize("n", [3, 5, 8])
def test_every_word_on_the_nothanks_felt_reads_at_4_5_to_1(n):
    size = (1280, 720)
    app, table = nothanks_table(nt.Rules(), humans(n), size=size)
    app.run_ms(400)
    press(app, table, table.match.state.current_player, PASS)
    app.run_ms(150)
    kinds = check(table, size)
    assert "count" in kinds


def test_the_no_thanks_move_log_on_the_felt_reads_at_4_5_to_1():
    size = (1280, 720)
    app, table = nothanks_table(nt.Rules(), humans(3), size=size)
    app.run_ms(400)
    for _ in range(3):
        press(app, table, table.match.state.current_player, PASS)
        app.run_ms(400)
    table.view.show_log = True
    kinds = check(table, size)
    assert "log" in kinds
