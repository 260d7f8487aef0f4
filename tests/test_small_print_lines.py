"""The table's small print (the rules in short, the keys' hints) broken onto lines sensibly: at 1920x1080 in
Danish the hint "↑ / ↓: mere eller mindre hjælp" left "hjælp" alone on a line under "↑ / ↓: mere eller mindre"
(greedy wrapping); its lines are now as even as they go, and a choice of keys ("Esc / Start") is never split."""

from __future__ import annotations

import pygame
import pytest
from support_table import nothanks_table

from game import i18n
from game.games.nothanks import engine as nt
from game.match import SeatSpec
from game.render import small_print
from game.render.small_print import print_lines
from game.render.text import get_font, wrap

HINT_DA = "↑ / ↓: mere eller mindre hjælp · ← / →: seneste træk"


def words(lines):
    return " ".join(lines).replace(" · ", " ").split()


def test_a_hint_too_wide_for_its_line_is_broken_evenly():
    font = get_font(36)
    width = font.size("↑ / ↓: mere eller mindre")[0] + 4  # as the 1080p corner had it
    assert wrap(HINT_DA, font, width)[1] == "hjælp"  # greedy: the last word alone
    lines = print_lines(HINT_DA, font, width)
    assert len(lines) == len(wrap(HINT_DA, font, width))  # no more lines than greedy takes ...
    assert all(len(line.split()) > 1 for line in lines), lines  # ... and no word alone on one
    assert all(font.size(line)[0] <= width for line in lines)
    assert words(lines) == words([HINT_DA])


def test_a_choice_of_keys_is_never_split():
    font = get_font(36)
    width = font.size("Regler: Esc /")[0] + 2  # greedy: "Regler: Esc /" over "Start"
    assert wrap("Regler: Esc / Start", font, width) == ["Regler: Esc /", "Start"]
    assert print_lines("Regler: Esc / Start", font, width) == ["Regler:", "Esc / Start"]


@pytest.mark.parametrize("language", ["en", "da", "sv"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", [3, 5, 7, 8])
def test_no_word_of_the_tables_hints_sits_alone_on_a_line(language, size, n, monkeypatch):
    drawn: list[list[str]] = []
    block = small_print.SmallPrint._block

    def spy(texts, lines, px):
        drawn.append(list(lines))
        return block(texts, lines, px)

    monkeypatch.setattr(small_print.SmallPrint, "_block", staticmethod(spy))
    i18n.set_language(language)
    try:
        rules = nt.Rules.numbered() if n in (5, 7) else nt.Rules()
        seats = [SeatSpec("human", None, f"Player {i + 1}") if i < 2 else SeatSpec("bot", "medium", f"Bot {i + 1}")
                 for i in range(n)]
        app, table = nothanks_table(rules, seats, size=size)
        app.run_ms(300)
        table.draw(pygame.Surface(size), 0.0)
    finally:
        i18n.set_language("en")
    lines = drawn[-1]
    assert len(lines) >= 3, lines  # the rules in short, where they are, the keys' hint (on one line or more)
    assert all(len(line.split()) > 1 for line in lines), lines
