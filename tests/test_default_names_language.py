"""A guest's and a bot's default name ("Player 1", "Bot 2") is worded when shown, so it follows a change of
language: the lobby used to write the name of the moment into the seat ("Spiller 1" at a Swedish table after a
switch from Danish), and the replay and the history kept it. A name of a seat's own (a remembered player's, one
typed, one an old file kept) is shown as it is."""

from __future__ import annotations

import pytest
from support_app import focus, press, set_seat, top_name

from game import i18n, record, screens
from game.core.contract import seat_name
from game.i18n import t
from game.match import SeatSpec
from game.match.common import seat_from_line, seat_line
from game.scenes.lobby import LobbyScene
from game.scenes.replays import Film


@pytest.fixture
def english_after():
    yield
    i18n.set_language("en")  # the app installs the settings' language for the whole worker


def _language(app, code: str) -> None:
    app.settings["language"] = code
    app.save_settings()


def _table_with_player_8(app):
    """Player 1, two bots and Player 8 (P8's keys, in the table's fourth seat) from the lobby."""
    app.push(LobbyScene("nothanks"))
    set_seat(app, 7, t("Human · {keys}", keys="Num + / Num Enter"))
    focus(app, t("Start"))
    press(app, "enter")
    assert top_name(app) == "NothanksTable"
    return app.top


def test_default_names_at_the_table_follow_a_change_of_language(app, english_after):
    table = _table_with_player_8(app)
    assert table.seat_names() == ["Player 1", "Bot 2", "Bot 3", "Player 8"]
    app.nav.push(screens.Settings())  # the pause menu's settings, say: the table resumes under them
    _language(app, "sv")
    app.pop()
    assert app.top is table
    assert table.seat_names() == table.view.names == ["Spelare 1", "Bot 2", "Bot 3", "Spelare 8"]
    _language(app, "da")
    assert table.seat_names() == ["Spiller 1", "Bot 2", "Bot 3", "Spiller 8"]


def test_the_replay_words_default_names_in_the_language_it_is_watched_in(app, english_after):
    table = _table_with_player_8(app)
    lines = table.match.log.lines()
    assert [s["name"] for s in lines[0]["seats"]] == ["", "", "", ""]  # no language in the file
    _language(app, "sv")
    film = Film(record.parse_log(record.dumps(lines).splitlines()))
    assert film.names == ["Spelare 1", "Bot 2", "Bot 3", "Spelare 8"]


def test_a_name_an_old_file_kept_still_loads_as_it_was(app, english_after):
    table = _table_with_player_8(app)
    lines = table.match.log.lines()
    header = lines[0]
    header["seats"][0]["name"] = "Spiller 1"  # written by an older version in Danish
    header["seats"][3]["number"] = "eight"  # a damaged number costs the number only: the seat's own is used
    _language(app, "sv")
    film = Film(record.parse_log(record.dumps(lines).splitlines()))
    assert film.names == ["Spiller 1", "Bot 2", "Bot 3", "Spelare 4"]


def test_a_seat_number_goes_through_the_log_and_a_bad_one_is_refused():
    spec = SeatSpec("bot", "easy", number=5)
    assert seat_from_line(seat_line(spec)) == spec and seat_name(spec, 1) == t("Bot {n}", n=5)
    assert "number" not in seat_line(SeatSpec("human"))  # a seat called by its own number writes none
    assert seat_name(SeatSpec("human", name="Åse", number=5), 0) == "Åse"  # an own name is never reworded
    for bad in (0, 100, True, "5"):
        with pytest.raises(ValueError, match="number"):
            SeatSpec("human", number=bad)


def test_the_proposed_default_name_taken_as_it_is_stays_a_default(app, english_after):
    app.push(LobbyScene("nothanks"))
    focus(app, t("Player {n}", n=1))
    press(app, "enter")
    assert top_name(app) == "NameEntryScene" and app.top.name == "Player 1"
    from test_scenes_menus import type_name

    type_name(app, "")  # OK with the proposed name
    assert top_name(app) == "LobbyScene"
    assert app.settings["names"][0] == ""  # not "Player 1": that would stay English after a switch
    _language(app, "da")
    assert app.top.seating.player_name(0) == "Spiller 1"


def test_the_evenings_tally_goes_on_across_a_change_of_language(english_after):
    """The same table in another language is the same table: its running score is not started again."""
    from game.core.contract import TableConfig
    from game.engines import nothanks as nt
    from game.history.summary import table_key

    config = TableConfig("nothanks", nt.Rules(), [SeatSpec("human"), SeatSpec("bot", "easy", number=3)], 1)
    before = table_key(config)
    i18n.set_language("da")
    assert table_key(config) == before
    assert table_key(TableConfig("nothanks", nt.Rules(), [SeatSpec("human", name="Åse"),
                                                        SeatSpec("bot", "easy", number=3)], 1)) != before


def test_the_numbers_lessons_table_words_a_guests_default_name_when_shown(app, english_after):
    """Play it, after a lesson, seats a guest child under the default name: worded at the table, not written in."""
    from test_numbers_scenes import play_round

    from game.games.nothanks.school.round import Options
    from game.scenes.title import TitleScene

    app.push(TitleScene())
    app.nav.push(screens.Practice("nothanks", "numbers", "lesson", (Options(step=2),)))
    app.frames(2)
    play_round(app, lambda *k: press(app, *k))
    focus(app, t("Play it"))
    press(app, "enter")
    table = app.top
    assert table.config.seats[0].name == ""
    _language(app, "da")
    assert table.seat_names()[0] == "Spiller 1"


def test_a_bot_standing_in_for_an_unplugged_default_player_follows_the_language(app, pads, english_after):
    """Issue: the bot that played on for an unplugged "Player 2" was named in the language of that moment
    ("Spelare 2" at an English table after a switch). It is called as the player was, worded when shown: at the
    table, on the results and in the next game's replay."""
    from support_pads import PLAYSTATION, device, hold, tap

    from game.core.contract import TableConfig
    from game.engines import nothanks as nt
    from game.input.virtualpad import VirtualPad

    if not VirtualPad.available():
        pytest.skip("SDL's virtual joystick is out of reach")
    one, two = pads(), pads(PLAYSTATION)
    app.frames(3)
    _language(app, "sv")
    config = TableConfig("nothanks", nt.Rules(), [SeatSpec("human"), SeatSpec("human"), SeatSpec("bot", "easy")], 3)
    app.input.seat_devices({0: device(one), 1: device(two)})
    app.nav.push(screens.Title())
    app.nav.push(screens.Table(config))
    app.frames(2)
    table = app.top
    two.unplug()
    app.frames(2)
    assert top_name(app) == "PadLostScene"
    tap(app, one, "dpdown")
    hold(app, one, "a", 1.1)  # give Spelare 2 to a bot
    assert app.top is table and table.config.seats[1].is_bot and table.match.seats[1].is_bot
    assert table.seat_names()[1] == "Spelare 2"
    app.nav.push(screens.Settings())
    _language(app, "en")
    app.pop()
    assert table.seat_names()[1] == table.view.names[1] == "Player 2"  # not "Spelare 2", nor "Bot 2"
    _language(app, "da")
    assert table.seat_names() == ["Spiller 1", "Spiller 2", "Bot 3"]
    # the next game (Play again keeps the seats): the stand-in is still called Player 2, in the log's reader too
    again = TableConfig("nothanks", nt.Rules(), table.config.seats, 4)
    app.nav.replace(screens.Table(again))
    app.frames(2)
    header = app.top.match.log.lines()[0]
    assert header["seats"][1] == {"kind": "bot", "level": "medium", "name": "", "stand_in": True}
    _language(app, "sv")
    assert Film(record.parse_log(record.dumps(app.top.match.log.lines()).splitlines())).names[1] == "Spelare 2"


def test_only_a_bot_stands_in_and_a_bad_stand_in_line_is_refused():
    assert seat_name(SeatSpec("bot", "easy", stand_in=True), 1) == t("Player {n}", n=2)
    assert seat_name(SeatSpec("bot", "easy", "Åse", stand_in=True), 1) == "Åse"
    with pytest.raises(ValueError, match="bot"):
        SeatSpec("human", stand_in=True)
    with pytest.raises(TypeError, match="stand_in"):
        seat_from_line({"kind": "bot", "level": "easy", "name": "", "stand_in": "yes"})
    assert seat_from_line(seat_line(SeatSpec("bot", "easy", stand_in=True))).stand_in
