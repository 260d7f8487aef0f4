"""A bot's level reads the same at the table as in the lobby (found playing: the lobby offers "Match my speed", the
table's panel then said "bot: adaptive", and in Danish "følger dig" where the lobby said "følg min fart")."""

from __future__ import annotations

import pytest

from game import games, i18n, screens
from game.core.contract import TableConfig
from game.games.ratscrew import engine as rs
from game.i18n import t
from game.match import SeatSpec


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("code", ["en", "da", "sv"])
def test_the_tables_panel_names_the_adaptive_bot_as_the_lobby_does(app, code):
    i18n.set_language(code)
    definition = games.get("ratscrew")
    config = TableConfig("ratscrew", rs.Rules(), [SeatSpec("human", name="Mia"), SeatSpec("bot", "adaptive", "Bot 2"),
                                                 SeatSpec("bot", "kid", "Bot 3")], seed=3)
    app.input.seat_devices({0: "kb:0"})
    app.nav.push(screens.Title())
    app.push(definition.table_scene(config))
    app.frames(2)
    lines = app.top.seat_controls()
    assert lines[1] == t("bot: {level}", level=t("Match my speed"))
    assert lines[2] == t("bot: {level}", level=t("kid"))
    assert definition.level_words("adaptive") == t("Match my speed")  # the lobby's word for it


def test_a_replay_names_the_adaptive_bot_as_the_lobby_does():
    from game.scenes.replays import Film, log_of

    definition = games.get("ratscrew")
    config = TableConfig("ratscrew", definition.rules_from_values({}, 2),
                         [SeatSpec("bot", "pro", "Bot 1"), SeatSpec("bot", "adaptive", "Bot 2")], seed=5)
    match = definition.make_match(config, 0)
    t_ns = 0
    while not match.is_over:
        t_ns += 10**7
        match.advance(t_ns)
    assert Film(log_of(match.log.lines())).controls() == ["bot: pro", "bot: Match my speed"]
