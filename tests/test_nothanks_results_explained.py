"""The No Thanks results say how a total is made and why the winner won, where a family reads it: the
scoring rule (each match +1, each card minus its value, a run only its lowest card, highest total wins), the
winner's total worked out from the cards that count, and the tie-break where it decided."""

from __future__ import annotations

import re

import pytest
from support_app import finished
from test_access_results import show, standard_looks  # noqa: F401  (the fixture resets the looks)
from test_access_screens import assert_fits

from game.games.nothanks import engine as nt
from game.render.text import TextRecorder


def drawn_texts(app) -> list[str]:
    with TextRecorder() as boxes:
        app.frames(1)
    return [text for _, text in boxes.drawn]


def worked_sum(texts: list[str], name: str) -> tuple[list[int], int, int]:
    """(the card values subtracted, the matches added, the total) of `name`'s worked-out total as drawn."""
    first = next(i for i, text in enumerate(texts) if text.startswith(f"{name}: "))
    line = texts[first]
    for more in texts[first + 1:]:  # wrapped in a narrow panel: its lines one after the other
        if "=" in line:
            break
        line += " " + more
    found = re.fullmatch(rf"{re.escape(name)}: (.*) \+\s(\d+)\s\w+ =\s([+−]\d+)", line)  # (\s: a no-break space)
    assert found, line
    cards = [int(v) for v in found[1].replace("−", " ").split()]
    return cards, int(found[2]), int(found[3].replace("−", "-"))


@pytest.mark.parametrize(("size", "percent"), [((1280, 720), 100), ((1920, 1080), 150)])
@pytest.mark.parametrize("players", [3, 5])
def test_the_winners_total_is_worked_out_from_the_cards_that_count(tmp_path, size, percent, players):
    """The rule where the rows leave room for it; the winner's own sum always, checked against the engine."""
    config, match = finished("nothanks", players)
    state = match.state
    (winner,) = state.winners()
    app = show(tmp_path, size, "en", percent, config, match)
    try:
        texts = drawn_texts(app)
        joined = " ".join(texts)
        if players == 3:  # (five rows at 150 % may leave room for the worked-out total only)
            assert "a run only its lowest card" in joined and "Highest total wins." in joined, texts
        cards, matches, total = worked_sum(texts, config.seats[winner].name)
        assert cards == [run.counted for run in nt.runs(state.cards[winner])]
        assert matches == state.matches[winner]
        assert total == state.scores()[winner] == matches - sum(cards)
        assert_fits(app, f"results explained, {players} seats at {size} and {percent} %")
    finally:
        app.stack.clear()


def test_a_tie_decided_by_matches_left_says_so(tmp_path):
    config, match = finished("nothanks", 3)
    state = match.state
    state.cards[0], state.matches[0] = [10], 5  # -5
    state.cards[1], state.matches[1] = [20], 15  # -5, more matches: the winner
    state.cards[2], state.matches[2] = [30, 31], 0  # -30
    assert state.winners() == [1]
    app = show(tmp_path, (1280, 720), "en", 100, config, match)
    try:
        texts = drawn_texts(app)
        assert "Ties: the tied player with more matches left wins" in " ".join(texts), texts
        assert worked_sum(texts, config.seats[1].name) == ([20], 15, -5)
    finally:
        app.stack.clear()


def test_the_numbered_edition_counts_chips(tmp_path):
    from test_access_results import numbered

    config, match = numbered(5)
    (winner,) = match.state.winners()
    app = show(tmp_path, (1280, 720), "en", 100, config, match)
    try:
        texts = drawn_texts(app)
        assert any(text.startswith("Each chip left scores +1") for text in texts), texts
        line = next(text for text in texts if text.startswith(f"{config.seats[winner].name}: "))
        assert re.search(r"\schips?\s=\s", line), line  # (\s: a no-break space holds the sum together)
    finally:
        app.stack.clear()
