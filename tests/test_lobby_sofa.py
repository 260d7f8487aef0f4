"""Issue 37, the lobby read from the sofa: at 1920×1080 scaled to a TV at 3 m (480×270) the seats' cards' names
were 39 px (under 10 px on the TV) and their levels and keys 30 px. The cards' words now grow into the cards' room:
a No Thanks name at 48 px or more at 1080p (12 on the TV), every other word on its card at 34 px or more, with both
rows of four cards still on screen (the grid the d-pad moves in) and what plays each seat listed whole."""

from __future__ import annotations

import pytest
from test_access_lobby import lobby, standard_looks  # noqa: F401 (its autouse fixture: the looks put back)

from game.i18n import t
from game.render.text import TextRecorder


# (a Ratscrew card has a line more, its head start: its words grow less)
@pytest.mark.parametrize("game, size, name_px, word_px", [
    ("nothanks", (1920, 1080), 48, 34), ("nothanks", (1280, 720), 32, 22),
    ("ratscrew", (1920, 1080), 45, 31), ("ratscrew", (1280, 720), 30, 21)], ids=str)
def test_the_seats_cards_words_are_big_and_the_grid_stays_whole(tmp_path, game, size, name_px, word_px):
    app = lobby(tmp_path, game, "en", size, 100)
    try:
        scene = app.top
        assert scene.layout.rows_fit == 2  # all eight cards at once: the grid the arrows move in
        with TextRecorder() as boxes:
            scene.draw(app.screen, 0.0)
        cards = [card.move(0, -(scene.layout.shift(seat) or 0)) for seat, card in enumerate(scene.layout.card_rects)]
        on_card = [[(text, px) for rect, text, px in boxes.sized if card.contains(rect)] for card in cards]
        kinds = {t("Human"), t("Bot"), t("Empty")}
        for seat, words in enumerate(on_card):
            name = words[0]  # the name heads its card
            assert name[1] >= name_px, (seat, name)
            assert all(px >= word_px for _, px in words[1:]), (seat, words)
            assert kinds <= {text for text, _ in words}, (seat, words)  # what plays it: every choice shown
        levels = [px for words in on_card for text, px in words if text == t("Level")]
        assert levels and min(levels) >= word_px
    finally:
        app.stack.clear()


# Every language and text size at the smallest and the standard window (their words are longest there), English
# at 100 % at the others.
ONE_LIST_CASES = [(size, code, percent) for size in [(640, 360), (1280, 720), (1280, 800), (1920, 1080)]
                  for code in ["en", "da", "sv"] for percent in [100, 125, 150]
                  if (code == "en" and percent == 100) or size in ((640, 360), (1280, 720))]


@pytest.mark.parametrize(("size", "code", "percent"), ONE_LIST_CASES,
                         ids=[f"{s[0]}x{s[1]}-{c}-{p}" for s, c, p in ONE_LIST_CASES])
def test_what_plays_a_seat_reads_as_one_list(tmp_path, size, code, percent):
    """The list with no label on each seat's card (what plays it: "Human · Bot · Empty") is on one line, or one
    choice a line where it cannot be: never wrapped in the middle ("Human · Bot" over "Empty" reads as two lists)."""
    app = lobby(tmp_path, "nothanks", code, size, percent)
    try:
        scene = app.top
        with TextRecorder() as boxes:
            scene.draw(app.screen, 0.0)
        kinds = [t("Human"), t("Bot"), t("Empty")]
        checked = 0
        for seat, card in enumerate(scene.layout.card_rects):
            card = card.move(0, -(scene.layout.shift(seat) or 0))
            if not app.screen.get_rect().contains(card):
                continue  # (scrolled out of view)
            rows = {}
            for rect, text, _ in boxes.sized:
                for kind in kinds:
                    if card.contains(rect) and text in (kind, f"‹ {kind} ›", f"‹\u2009{kind}\u2009›"):
                        rows[kind] = rect.centery
            assert set(rows) == set(kinds), (seat, rows)
            assert len(set(rows.values())) in (1, len(kinds)), (seat, rows)
            checked += 1
        assert checked
    finally:
        app.stack.clear()
