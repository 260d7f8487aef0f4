"""How the No Thanks totals are made (the scoring rule, the winner's total worked out, the tie-break where it
decided) is on the results screen at every table size: eight seats at 1280×720 left the rows no room under
them, and the explanation was dropped. Where the rows cannot spare it, it has its own panel over who took
what. Every panel inside the screen and clear of the others and of the buttons; every line of the
explanation drawn whole, in English, Danish and Swedish, at 100, 125 and 150 % text, at 1920×1080, 1280×720
and 640×360; the playing-card edition from three to eight seats and the numbered edition (3–35)."""

from __future__ import annotations

import itertools

import pygame
import pytest
from support_app import finished
from test_access_results import numbered, show, standard_looks  # noqa: F401  (the fixture resets the looks)
from test_access_screens import LANGUAGES, PERCENTS, app_with, assert_fits

from game.games.nothanks import results as nt_results
from game.games.nothanks.results import NothanksResults
from game.history import GameRecord, SessionTally, table_key
from game.history.summary import SeatResult
from game.render import scale
from game.render.text import TextRecorder
from game.scenes.results import ResultsScene
from game.scenes.title import TitleScene
from game.ui import widgets as ui

SIZES = [(1280, 720), (1920, 1080), (640, 360)]
_FINISHED: dict[tuple[str, int], tuple] = {}


def played(edition: str, players: int) -> tuple:
    if (edition, players) not in _FINISHED:  # bots play each table once for the module
        _FINISHED[edition, players] = numbered(players) if edition == "numbered" else finished("nothanks", players)
    return _FINISHED[edition, players]


def drawn(app) -> list[tuple[pygame.Rect, str]]:
    """Every text of a frame of the top scene as drawn: (rect, text)."""
    with TextRecorder() as boxes, scale.text_room(app.top.text_room):
        app.top.draw(app.screen, 0.0)
    return list(boxes.drawn)


def words(text: str) -> list[str]:
    return text.split()


def assert_explained(app, label: str) -> NothanksResults:
    """The whole explanation drawn (every paragraph, every word, in order), its lines inside its panel and the
    screen; the panels inside the screen, none over another, all above the buttons."""
    part = app.top.body
    assert isinstance(part, NothanksResults)
    paragraphs = part.explanation()
    assert len(paragraphs) >= 2, label  # the rule and the winner's sum at least
    assert words(" ".join(part.explain)) == words(" ".join(paragraphs)), f"{label}: {part.explain} ≠ {paragraphs}"
    dangling = [line for line in part.explain if line.endswith(("+", "−", "="))]
    assert not dangling, f"{label}: a sum's line ends on a sign: {part.explain}"  # "Bot 3: −10 +" / "1 match = −9"
    texts = drawn(app)
    lines = [(rect, text) for rect, text in texts if text in part.explain]
    assert [text for _, text in lines] == part.explain, f"{label}: drawn {[text for _, text in lines]}"
    screen = app.screen.get_rect()
    panel = part.explain_rect
    if panel is None:  # under the rows, in the players' panel
        panel = pygame.Rect(part.players_rect.x, part.explain_top, part.players_rect.w,
                            part.players_rect.bottom - part.explain_top)
        assert part.rows_top + len(part.names) * part.row_h <= part.explain_top, label
    for rect, text in lines:
        assert panel.contains(rect), f"{label}: {text!r} at {rect} outside {panel}"
    assert lines[-1][0].bottom <= panel.bottom, label
    panels = {"players": part.players_rect, "aside": part.aside_rect, "takes": part.takes_rect}
    if part.explain_rect is not None:
        panels["explain"] = part.explain_rect
    buttons_top = min(rect.y for rect in app.top.menu.rects)
    for name, rect in panels.items():
        assert screen.contains(rect), f"{label}: {name} {rect} off the screen"
        assert rect.bottom <= buttons_top, f"{label}: {name} {rect} over the buttons"
    for (a, ra), (b, rb) in itertools.combinations(panels.items(), 2):
        assert not ra.colliderect(rb), f"{label}: {a} {ra} over {b} {rb}"
    return part


@pytest.mark.parametrize("percent", PERCENTS)
@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_eight_seats_say_how_the_totals_are_made(tmp_path, size, code, percent):
    """The case main dropped it in: eight seats, the rows at their least height."""
    config, match = played("cards", 8)
    app = show(tmp_path, size, code, percent, config, match)
    try:
        label = f"8 seats in {code} at {size} and {percent} %"
        part = assert_explained(app, label)
        assert_fits(app, label, f"results_explained8_{code}_{size[0]}_{percent}.png")
        assert part.row_h >= ui.px(size, 30), label  # the rows kept (as they were): not squeezed for it
    finally:
        app.stack.clear()


@pytest.mark.parametrize("percent", [100, 150])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("edition", "players"), [("cards", 3), ("cards", 5), ("cards", 7), ("numbered", 3),
                                                  ("numbered", 5), ("numbered", 7)])
def test_every_table_size_says_how_the_totals_are_made(tmp_path, edition, players, size, percent):
    config, match = played(edition, players)
    code = "da" if players == 5 else "sv" if players == 7 else "en"
    app = show(tmp_path, size, code, percent, config, match)
    try:
        label = f"{edition}, {players} seats in {code} at {size} and {percent} %"
        assert_explained(app, label)
        assert_fits(app, label)
    finally:
        app.stack.clear()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_eight_seats_with_a_tie_say_the_tie_break_too(tmp_path, size):
    """Three paragraphs (the rule, the winner's sum, the tie-break) at the biggest text in Swedish."""
    config, match = finished("nothanks", 8)
    state = match.state
    for seat in range(8):
        state.cards[seat], state.matches[seat] = [30 - seat, 40 - seat], 0
    state.cards[0], state.matches[0] = [10], 5  # -5
    state.cards[1], state.matches[1] = [20], 15  # -5, more matches: the winner
    assert state.winners() == [1]
    app = show(tmp_path, size, "sv", 150, config, match)
    try:
        label = f"a tie at 8 seats at {size}"
        part = assert_explained(app, label)
        assert len(part.explanation()) == 3, label
        assert part.take_rows >= nt_results.TAKES_FEWEST, label
        assert_fits(app, label, f"results_tie8_sv_{size[0]}_150.png")
    finally:
        app.stack.clear()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_who_took_what_under_the_explanation_keeps_its_rows_and_pages(tmp_path, size):
    """With the explanation over it, who took what still shows TAKES_LEAST takes or more a page, each inside its
    panel, and ↓ turns to the next page."""
    config, match = played("cards", 8)
    app = show(tmp_path, size, "da", 150, config, match)
    try:
        part = app.top.body
        assert part.explain_rect is not None and part.explain_rect.bottom < part.takes_rect.y
        assert part.take_rows >= nt_results.TAKES_LEAST
        shown = part.shown_takes()
        assert len(shown) == part.take_rows
        rows = [pygame.Rect(part.takes_rect.x, part.takes_top + row * part.take_line, part.takes_rect.w,
                            part.take_line) for row, _ in shown]
        assert all(part.takes_rect.contains(row) for row in rows), (rows, part.takes_rect)
        assert rows[-1].bottom <= part.pager_y
        first = shown[0][1]
        part.scroll(1)
        assert part.shown_takes()[0][1] is not first
    finally:
        app.stack.clear()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_eight_seats_with_the_evenings_tally_still_say_it(tmp_path, monkeypatch, size):
    """From the second game on the evening's tally takes a line over the buttons: the explanation stays."""
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    config, match = played("cards", 8)
    tally = SessionTally()
    for _ in range(3):
        tally.add(GameRecord("nothanks", {}, "", 1, tuple(SeatResult(i, s.name, "bot", None, None, i == 0, -30 + i)
                                                          for i, s in enumerate(config.seats)), (0,),
                             tuple(-30 + i for i in range(8)), None, key=table_key(config)))
    app = app_with(tmp_path, size, "da", 150)
    try:
        app.tally = tally
        app.push(TitleScene())
        app.push(ResultsScene(config, match))
        app.frames(2)
        assert app.top.tally_parts, "no tally drawn"
        label = f"8 seats with the tally at {size}"
        part = assert_explained(app, label)
        assert part.takes_rect.bottom <= app.top.tally_y, label
        assert_fits(app, label)
    finally:
        app.stack.clear()
