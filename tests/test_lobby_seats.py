"""Lobby rows and keys: seat N plays with PN's keys (as the Controls screen says) wherever it sits at
the table, a joined device stays with its row, and coming back to the lobby keeps every row in place."""

from __future__ import annotations

import pygame
from support_app import focus, house_rules, press, record_commands, set_seat, set_value, top_name

from game.i18n import t
from game.render.text import TextRecorder
from game.scenes.lobby import LobbyScene


def _kp_plus() -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_KP_PLUS, mod=0, unicode="+", scancode=0))


def test_seat_8_made_human_plays_with_p8s_keys_at_the_fourth_table_seat(app, monkeypatch):
    app.push(LobbyScene("nothanks"))
    set_seat(app, 7, t("Human · {keys}", keys="Num + / Num Enter"))
    focus(app, t("Start"))
    press(app, "enter")
    table = app.top
    assert top_name(app) == "NothanksTable"
    assert table.seat_names() == ["Player 1", "Bot 2", "Bot 3", "Player 8"]  # (worded when shown: game.core.contract.seat_name)
    assert table.config.rows == (0, 1, 2, 7)
    assert app.input.seat_of("kb:7") == 3 and app.input.seat_of("kb:0") == 0
    assert app.input.seat_of("kb:3") is None  # P4's keys play nobody: there is no Player 4
    assert table.view.controls[3].startswith("Num + ")
    seen = record_commands(app, monkeypatch)
    _kp_plus()
    press(app, "p")  # P2's keys: a bot sits there, so nothing
    app.frames(2)
    assert [(c.seat, c.device) for c in seen] == [(3, "kb:7")]


def test_back_in_the_lobby_every_row_is_where_it_was(app):
    app.push(LobbyScene("nothanks"))
    set_seat(app, 7, t("Human · {keys}", keys="Num + / Num Enter"))
    focus(app, t("Start"))
    press(app, "enter")
    config = app.top.config
    app.replace(LobbyScene("nothanks", config.next_round()))
    lobby = app.top
    assert [kind for kind, _ in lobby.seating.seats] == ["human", "bot", "bot"] + ["empty"] * 4 + ["human"]
    assert lobby.seating.seat_value(7) == t("Human · {keys}", keys="Num + / Num Enter")
    assert lobby.seat_items[7].label == "Player 8"


def test_a_row_whose_own_keys_are_taken_gets_the_first_free_keys(app):
    app.push(LobbyScene("ratscrew"))
    focus(app, t("Join with controllers…"))
    press(app, "enter")
    press(app, "p")  # P2's keys join first: they play row 1 ("Player 1")
    press(app, "enter")
    lobby = app.top
    assert lobby.seating.seat_value(0) == t("Human · {keys}", keys="P / R-Shift")
    set_seat(app, 1, t("Human · {keys}", keys="Q / L-Shift"), key="left")
    focus(app, t("Start"))
    press(app, "enter")
    assert app.input.seat_of("kb:1") == 0 and app.input.seat_of("kb:0") == 1


def test_switching_the_edition_starts_from_that_editions_defaults_but_keeps_hidden_matches(app):
    app.push(LobbyScene("nothanks"))
    lobby = app.top
    house_rules(app)
    set_value(app, t("Match counts"), t("hidden: you see only your own"))
    set_value(app, t("Matches each"), "15")
    set_value(app, t("Edition"), t("Numbered cards 3–35"))
    assert lobby.rules.after_take == "same_player"
    set_value(app, t("After taking a card"), t("the turn passes to the next player"))
    set_value(app, t("Edition"), t("Playing cards, four suits"))
    assert lobby.house.values == {"hidden_matches": True}  # the rest are the playing-card edition's defaults
    assert lobby.rules.after_take == "next_player"  # the seed's rule for its own edition
    assert lobby.house.option_value("matches") == "11"
    assert lobby.rules.hidden_matches is True


def test_a_long_rules_summary_shows_in_one_line_of_whole_parts_and_says_how_many_more(app):
    from game.ui import widgets as ui

    app.push(LobbyScene("ratscrew"))
    lobby = app.top
    house_rules(app)
    for name in ("Marriage", "Tens", "Divorce", "Run", "Six-nine"):
        set_value(app, t("Slap: {name}", name=t(name)), t("On"))
    press(app, "back")
    whole = lobby.definition.rules_summary(lobby.rules)
    parts = whole.split(" \u00b7 ")
    for size in ((1280, 720), (640, 360)):
        px, room = ui.px(size, 20), size[0] - 2 * ui.px(size, 24)
        line = lobby.house.summary_line(lambda s, px=px, room=room: ui.TEXTS.width(s, px) <= room)
        assert ui.TEXTS.width(line, px) <= room
        shown = next(k for k in range(len(parts), 0, -1)
                     if line in (whole, t("{rules} · +{n} more", rules=" · ".join(parts[:k]), n=len(parts) - k)))
        assert 0 < shown < len(parts)  # whole parts only, and the count of the rest: nothing dropped unsaid
    with TextRecorder() as boxes:
        lobby.draw(app.screen, 0.0)
    room = app.size[0] - 2 * ui.px(app.size, 24)
    assert lobby.house.summary_line(lambda s: ui.TEXTS.width(s, 20) <= room) in [text for _, text in boxes.drawn]


def test_a_focused_human_row_shows_its_keys_whole(app, monkeypatch):
    from game.ui import widgets as ui

    app.push(LobbyScene("nothanks"))
    set_seat(app, 7, t("Human · {keys}", keys="Num + / Num Enter"))
    assert app.top.menu.group_of(app.top.menu.index) == 7  # a cell of its card focused
    drawn: list[tuple[str, int, bool, int | None]] = []
    real = ui.blit_text

    def spy(*args, **kwargs):
        drawn.append((args[1], args[2], kwargs.get("bold", False), kwargs.get("max_w")))
        return real(*args, **kwargs)

    monkeypatch.setattr(ui, "blit_text", spy)
    app.top.draw(app.screen, 0.0)
    (value, size, bold, max_w), = [d for d in drawn if "Num + / Num Enter" in d[0]]
    assert ui.TEXTS.fitted(value, max_w, size, bold)[0] == value  # whole, not cut with "…"


def test_rules_set_back_to_their_defaults_are_the_standard_rules_again(app):
    app.push(LobbyScene("nothanks"))
    lobby = app.top
    house_rules(app)
    set_value(app, t("Edition"), t("Numbered cards 3–35"))
    assert app.top.preset_item.value() == t("Standard 3–35 rules")  # that edition at its own defaults
    set_value(app, t("Edition"), t("Playing cards, four suits"))
    assert lobby.house.values == {}
    assert app.top.preset_item.value() == t("Standard rules")
    press(app, "back")
    assert lobby.button_items[0].value() == t("Standard rules")  # "House rules…" names the preset


def test_a_human_row_whose_pad_is_gone_cannot_start_and_says_so(app):
    app.push(LobbyScene("ratscrew"))
    lobby = app.top
    lobby.seating.devices[0] = "pad:999"  # joined with a pad that has since been unplugged
    assert lobby.seating.seat_value(0) == t("Human · press A to join")
    focus(app, t("Start"))
    press(app, "enter")
    assert top_name(app) == "LobbyScene"
    assert lobby.message == t("{name} has no keys or controller: join again, or make the seat a bot.", name="Player 1")
    set_seat(app, 0, t("Bot · {level}", level=t("kid")))  # the seat goes to a bot
    assert not lobby.message
    focus(app, t("Start"))
    press(app, "enter")
    assert top_name(app) == "RatscrewTable"
