"""In the playing-card edition a card's suit sets its value, so a card on the No Thanks results whose rank or
suit is cut can't be scored by eye. At eight seats, in English, Danish and Swedish at every text size, every
card the screen draws (the players' rows and the set-aside strip) shows its whole index, rank and suit: a card's
tab at least as high and as wide as its corner index and none of the cards drawn after it over that index; a
row too low for that draws its cards as chips (rank and suit side by side), each whole.

Measured on what the screen blits (a surface that records its blits), not on the layout's own sums."""

from __future__ import annotations

import pygame
import pytest
from support_app import finished
from test_access_results import show, standard_looks  # noqa: F401  (the fixture resets the looks)
from test_access_screens import LANGUAGES, PERCENTS

from game.games.nothanks.results import NothanksResults
from game.games.nothanks.view_model import card_key

_FINISHED: dict[int, tuple] = {}


def played(seed: int) -> tuple:
    if seed not in _FINISHED:  # bots play each game once for the module
        _FINISHED[seed] = finished("nothanks", 8, seed)
    return _FINISHED[seed]


class Recorder(pygame.Surface):
    """A surface that keeps (source, the rect drawn) of every blit onto it."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size, pygame.SRCALPHA)
        self.blits: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        at = dest.topleft if isinstance(dest, pygame.Rect) else tuple(dest)
        drawn = pygame.Rect(at, pygame.Rect(area).size if area is not None else source.get_size())
        self.blits.append((source, drawn))
        return super().blit(source, dest, area, special_flags)


def drawn_cards(part: NothanksResults, size: tuple[int, int]) -> list[tuple[int, str, int, pygame.Rect]]:
    """(value, "tab" or "chip", its card's width, the rect drawn) of every card the results draw, in drawing
    order: the pictures the screen asks for (a card's face, whose top it shows as a tab, or a chip) known by
    what they are of, then found among its blits."""
    known: dict[int, tuple[int, str, int]] = {}
    kept: list[pygame.Surface] = []  # every picture held while the screen draws: no id given twice

    def asked(kind: str, ask):
        def picture(value: int, width: int) -> pygame.Surface:
            kept.append(ask(value, width))
            known[id(kept[-1])] = (value, kind, width)
            return kept[-1]
        return picture

    part.card = asked("tab", part.card)  # type: ignore[method-assign]
    part.chip = asked("chip", part.chip)  # type: ignore[method-assign]
    surface = Recorder(size)
    part.draw(surface)
    return [(*known[id(img)], rect) for img, rect in surface.blits if id(img) in known]


def cut_indices(part: NothanksResults, cards: list[tuple[int, str, int, pygame.Rect]]) -> list[str]:
    """Each card whose index (a tab's rank and suit; a chip whole) is not drawn whole: cut short by its own
    rect, or under a card drawn after it."""
    assert part.art is not None
    cut = []
    for i, (value, kind, width, rect) in enumerate(cards):
        if kind == "tab":
            parts = part.art.index_parts(card_key(part.rules, value, mini=True), width)
            index = parts[0].unionall(parts[1:]).move(rect.topleft)
        else:
            index = rect
            chip = part.art.chip(card_key(part.rules, value, mini=True), width)
            if rect.size != chip.get_size():
                cut.append(f"chip {value} drawn {rect.size} of {chip.get_size()}")
                continue
        if not rect.contains(index):
            cut.append(f"{kind} {value}: index {index.size} in {rect.size}")
        over = [other for _, _, _, other in cards[i + 1:] if other.colliderect(index)]
        if over:
            cut.append(f"{kind} {value}: index {index} under {over[0]}")
    return cut


@pytest.mark.parametrize("percent", PERCENTS)
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("seed", [4, 9])
def test_every_card_at_eight_seats_shows_its_rank_and_suit(tmp_path, seed, code, size, percent):
    config, match = played(seed)
    app = show(tmp_path, size, code, percent, config, match)
    try:
        part = app.stack.top.body
        assert isinstance(part, NothanksResults)
        cards = drawn_cards(part, size)
        held = sum(len(run.cards) for runs in part.runs for run in runs)
        assert len(cards) == held + len(part.aside), "every card drawn once"
        assert cut_indices(part, cards) == []
        # a tab at the lists' size; a chip too, but where a row of many tens and courts is wider than its room
        # even close up: at most a quarter smaller then (the bots' games here: a fifth at most)
        assert all(width == part.thumb_w for _, kind, width, _ in cards if kind == "tab")
        assert min(width for _, _, width, _ in cards) >= 0.75 * part.thumb_w
    finally:
        app.stack.clear()


@pytest.mark.parametrize("code", LANGUAGES)
def test_at_640_by_360_no_card_covers_another_ones_index(tmp_path, code):
    """The smallest window: the rows are lower than a chip at the lists' size, so the chips are smaller, but
    still none over another's rank and suit."""
    config, match = played(4)
    app = show(tmp_path, (640, 360), code, 100, config, match)
    try:
        part = app.stack.top.body
        cards = drawn_cards(part, (640, 360))
        assert len(cards) == sum(len(run.cards) for runs in part.runs for run in runs) + len(part.aside)
        assert cut_indices(part, cards) == []
    finally:
        app.stack.clear()
