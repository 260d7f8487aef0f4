"""A family that quits to the menu mid-game and comes back (Play, the same game) found the lobby's defaults again:
one person and the game's bots, standard rules, the seats and edition it had set up gone. The lobby now opens with
the table it last started this run."""

from __future__ import annotations

from support_app import focus, house_rules, make_app, press, set_seat, set_value, top_name

from game import screens
from game.i18n import t


def _to_lobby(app, game_presses: int = 0) -> None:
    press(app, "enter")  # Play
    assert top_name(app) == "ChooseGameScene"
    press(app, *["right"] * game_presses, "enter")
    assert top_name(app) == "LobbyScene"


def test_quit_to_menu_mid_game_and_back_finds_the_table_set_up(tmp_path):
    app = make_app(tmp_path)
    app.nav.push(screens.Title())
    app.frames(2)
    _to_lobby(app)
    lobby = app.top
    set_seat(app, 3, t("Bot · medium"), key="left")  # a fourth seat, a bot
    set_seat(app, 1, t("Empty"))
    house_rules(app)
    set_value(app, t("Edition"), t("Numbered cards 3–35"))
    press(app, "back")
    assert top_name(app) == "LobbyScene"
    seats, values = list(lobby.seating.seats), dict(lobby.house.values)
    focus(app, t("Start"))
    press(app, "enter")
    assert top_name(app) == "NothanksTable"
    app.frames(30)
    press(app, "esc")  # pause
    focus(app, t("Quit to menu"))
    press(app, "enter", "right", "enter")  # Yes
    assert top_name(app) == "TitleScene"
    _to_lobby(app)
    assert app.top.seating.seats == seats and seats[1][0] == "empty" and seats[3][0] == "bot"
    assert app.top.house.values == values
    press(app, "back", "back")  # the other game's lobby keeps its own defaults
    assert top_name(app) == "TitleScene"
    _to_lobby(app, 1)
    assert app.top.game == "ratscrew" and app.top.seating.seats[1][0] == "bot"


def test_play_opens_the_game_list_on_the_game_last_set_up(tmp_path):
    """A family that quit a Ratscrew table to the menu and pressed Play, A found No Thanks' lobby (the list always
    opened on the first game): it opens on the game whose table is remembered, so A goes back to that table."""
    app = make_app(tmp_path)
    app.nav.push(screens.Title())
    app.frames(2)
    _to_lobby(app, 1)
    assert app.top.game == "ratscrew"
    set_seat(app, 1, t("Empty"))
    seats = list(app.top.seating.seats)
    assert seats[1][0] == "empty"
    press(app, "back", "back")
    assert top_name(app) == "TitleScene"
    _to_lobby(app)
    assert app.top.game == "ratscrew" and app.top.seating.seats == seats
    press(app, "back", "left", "enter")  # the other game: remembered last now
    assert app.top.game == "nothanks"
    press(app, "back", "back")
    _to_lobby(app)
    assert app.top.game == "nothanks"


def test_back_out_of_a_lobby_before_any_game_finds_it_set_up(tmp_path, monkeypatch):
    """B on a pad by mistake in a lobby no game was started from: its seats, bots' levels, the pad that joined and
    the house rules are all there again on the way back in (the Quit to menu remembering, on Back too)."""
    from test_input_pads import PostedPad

    app = make_app(tmp_path)
    app.nav.push(screens.Title())
    app.frames(2)
    _to_lobby(app)
    lobby = app.top
    set_seat(app, 3, t("Bot · medium"), key="left")
    set_seat(app, 1, t("Empty"))
    house_rules(app)
    set_value(app, t("Edition"), t("Numbered cards 3–35"))
    press(app, "back")
    pad = PostedPad(monkeypatch)
    pad.plug()
    app.frames(2)
    pad.press("a")  # the pad joins: it takes the first bot's row
    pad.release("a")
    app.frames(2)
    joined = [d for d in lobby.seating.devices if d is not None and d.startswith("pad:")]
    assert len(joined) == 1
    seats, values, devices = list(lobby.seating.seats), dict(lobby.house.values), list(lobby.seating.devices)
    pad.press("b")  # back out, no game started
    pad.release("b")
    app.frames(2)
    assert top_name(app) == "ChooseGameScene"
    press(app, "enter")
    assert top_name(app) == "LobbyScene" and app.top is not lobby
    assert app.top.seating.seats == seats and seats[1][0] == "empty" and seats[3] == ("bot", "medium")
    assert app.top.seating.devices == devices  # the pad plays its row still
    assert app.top.house.values == values
