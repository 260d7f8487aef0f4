"""Menu scenes driven by keys: settings saved at once, presets saved/loaded/deleted, names, rules, join, demo."""

from __future__ import annotations

import json

import pygame
from support_app import (
    finished,
    focus,
    house_rules,
    press,
    record_commands,
    run_until,
    set_seat,
    set_value,
    top_name,
)

from game import games
from game.commands import DOWN
from game.i18n import t, tn
from game.scenes.lobby import LobbyScene
from game.scenes.options import SettingsScene
from game.scenes.results import DEMO_PAUSE_NS, ResultsScene
from game.scenes.title import TitleScene
from game.tables import DemoLoop


def saved(app):
    return json.loads(app.settings.path.read_text())


def test_settings_change_with_arrows_and_are_saved_at_once(app):
    app.push(TitleScene())
    focus(app, t("Settings"))
    press(app, "enter")
    assert top_name(app) == "SettingsScene"
    volume = app.settings["volume"]
    press(app, "left")
    assert app.settings["volume"] == round(volume - 0.1, 1)
    assert saved(app)["volume"] == app.settings["volume"]
    for label, key in ((t("Four-colour suits"), "four_colour_suits"), (t("Reduced motion"), "reduced_motion"),
                       (t("No Thanks teaching aid"), "teaching_aid")):
        before = app.settings[key]
        focus(app, label)
        press(app, "enter")
        assert app.settings[key] is (not before)
        assert saved(app)[key] is (not before)
    focus(app, t("Controls…"))
    press(app, "enter")
    assert top_name(app) == "ControlsScene"


def test_volume_stops_at_its_ends(app):
    app.push(SettingsScene())
    press(app, *["right"] * 12)
    assert app.settings["volume"] == 1.0
    press(app, *["left"] * 12)
    assert app.settings["volume"] == 0.0


def test_presets_are_saved_loaded_and_deleted_with_keys(app):
    app.push(LobbyScene("ratscrew"))
    lobby = app.top
    house_rules(app)
    set_value(app, t("Slap: {name}", name=t("Tens")), t("On"))
    set_value(app, t("Challenger takes the pile after"), t("{s} s", s="0.5"), key="left")
    focus(app, t("Save these rules as a preset…"))
    press(app, "enter")
    assert top_name(app) == "NameEntryScene"
    press(app, "enter")  # accept the proposed name
    name = t("House rules {n}", n=1)
    stored = saved(app)["presets"]["ratscrew"][name]
    assert stored["tens"] is True and stored["claim_delay_ms"] == 500
    assert lobby.house.preset == name

    set_value(app, t("Challenger takes the pile after"), t("{s} s", s="2"))  # change the rules: no longer the preset
    assert lobby.house.preset is None and lobby.rules.claim_delay_ms == 2000
    set_value(app, t("Preset"), t("Standard rules"))
    assert lobby.rules.claim_delay_ms == 1000 and "tens" not in lobby.rules.slaps
    set_value(app, t("Preset"), name)
    assert lobby.rules.claim_delay_ms == 500 and "tens" in lobby.rules.slaps

    focus(app, t("Delete this preset"))
    press(app, "enter")
    assert top_name(app) == "ConfirmScene"
    press(app, "right", "enter")
    assert saved(app)["presets"]["ratscrew"] == {}
    assert lobby.house.preset is None
    assert app.top.menu.current.label == t("Save these rules as a preset…")  # not the dead delete row


def test_a_preset_survives_a_restart_of_the_app(app, tmp_path):
    from support_app import make_app

    app.push(LobbyScene("nothanks"))
    house_rules(app)
    set_value(app, t("After taking a card"), t("the taker decides on the next card"))
    focus(app, t("Save these rules as a preset…"))
    press(app, "enter", "enter")
    again = make_app(tmp_path)  # same settings folder
    again.push(LobbyScene("nothanks"))
    lobby = again.top
    house_rules(again)
    set_value(again, t("Preset"), t("House rules {n}", n=1))
    assert lobby.rules.after_take == "same_player"


def type_name(app, text: str) -> None:
    """Type on the on-screen keyboard with arrows and Enter only."""
    from game.scenes.dialogs import DONE, KEYBOARD

    entry = app.top
    for ch in [*text, DONE]:
        row = next(r for r, keys in enumerate(KEYBOARD) if ch in keys)
        while entry.row != row:
            press(app, "down")
        col = KEYBOARD[row].index(ch)
        while entry.col != col:
            press(app, "right" if entry.col < col else "left")
        press(app, "enter")


def test_a_human_seat_is_renamed_on_the_on_screen_keyboard(app):
    app.push(LobbyScene("nothanks"))
    focus(app, t("Player {n}", n=1))
    press(app, "enter")
    assert top_name(app) == "NameEntryScene"
    assert app.top.name == t("Player {n}", n=1)
    press(app, *["back"] * len(app.top.name))  # Backspace deletes letter by letter
    assert app.top.name == ""
    type_name(app, "Åse")
    assert top_name(app) == "LobbyScene"
    assert app.settings["names"][0] == "Åse"
    assert saved(app)["names"][0] == "Åse"
    assert app.top.menu.items[0].label == "Åse"
    assert app.top.table_config().seats[0].name == "Åse"


def test_name_entry_cancels_without_saving(app):
    app.push(LobbyScene("nothanks"))
    focus(app, t("Player {n}", n=1))
    press(app, "enter", "back", "up", "enter")  # opened the keyboard, deleted a letter, typed another
    assert app.top.name != t("Player {n}", n=1)
    press(app, "esc")  # and cancelled
    assert top_name(app) == "LobbyScene"
    assert app.settings["names"][0] == ""


def keystroke(key: int, text: str = "", shift: bool = False) -> None:
    """Post what SDL sends for one key stroke on a real keyboard: (Shift down,) KEYDOWN, the TEXTINPUT
    it types, KEYUP (, Shift up)."""
    if shift:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=text, scancode=0))
    if shift:
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0))


def type_keys(app, text: str) -> None:
    """Type `text` on the real keyboard (letters, digits, space), all in one read, then run two frames."""
    for ch in text:
        code = pygame.K_SPACE if ch == " " else pygame.key.key_code(ch.lower())
        keystroke(code, ch, shift=ch.isupper())
    app.frames(2)


def stroke(app, key: int, times: int = 1) -> None:
    for _ in range(times):
        keystroke(key)
        app.frames(2)


def open_name_entry(app):
    app.push(LobbyScene("nothanks"))
    focus(app, t("Player {n}", n=1))
    press(app, "enter")
    assert top_name(app) == "NameEntryScene"
    assert app.input.text_input  # the router types while the entry is on top
    return app.top


def test_a_name_is_typed_on_the_real_keyboard(app, monkeypatch):
    entry = open_name_entry(app)
    seen = record_commands(app, monkeypatch)
    stroke(app, pygame.K_BACKSPACE, len(entry.name) + 3)  # deletes letter by letter, and stays when empty
    assert app.top is entry and entry.name == ""
    type_keys(app, " Fam q")  # what `xdotool type` sends; q is seat 1's key, Shift its slap key
    assert entry.name == " Fam q"
    stroke(app, pygame.K_BACKSPACE, 2)
    assert entry.name == " Fam" and app.top is entry
    assert seen == []  # no seat action and no menu action from any of it
    stroke(app, pygame.K_RETURN)
    assert top_name(app) == "LobbyScene"
    assert app.settings["names"][0] == "Fam" and saved(app)["names"][0] == "Fam"
    assert app.top.menu.items[0].label == "Fam"
    assert not app.input.text_input  # back in the menu: keys are menu and seat keys again
    press(app, "down")
    assert [c.action for c in seen] == [DOWN]


def test_typing_stops_at_the_longest_name(app):
    entry = open_name_entry(app)
    stroke(app, pygame.K_BACKSPACE, len(entry.name))
    type_keys(app, "Bartholomew the Third")
    assert entry.max_len == 20 and entry.name == "Bartholomew the Thir"


def test_escape_cancels_typing_without_saving(app):
    entry = open_name_entry(app)
    type_keys(app, "Zed")
    assert entry.name.endswith("Zed")
    stroke(app, pygame.K_ESCAPE)
    assert top_name(app) == "LobbyScene"
    assert app.settings["names"][0] == ""
    assert not app.input.text_input


def test_enter_types_the_key_the_arrows_chose_until_something_is_typed(app):
    entry = open_name_entry(app)
    stroke(app, pygame.K_BACKSPACE, len(entry.name))
    press(app, "down")  # from OK to the last letter of the top row
    assert entry.key == "M"
    stroke(app, pygame.K_RETURN)
    assert entry.name == "M" and app.top is entry
    type_keys(app, "ia")
    stroke(app, pygame.K_RETURN)  # typed last: Enter finishes
    assert top_name(app) == "LobbyScene" and app.settings["names"][0] == "Mia"


def test_a_pad_still_types_on_the_on_screen_keyboard_while_the_keyboard_types(app, monkeypatch):
    from test_input_pads import PostedPad

    pad = PostedPad(monkeypatch)
    pad.plug()
    app.frames(2)
    entry = open_name_entry(app)
    type_keys(app, "Al")
    for button in ("dpdown", "a"):  # from OK to M, typed by the pad's A
        pad.press(button)
        pad.release(button)
        app.frames(2)
    assert entry.name == "AlM"  # the proposed "Player 1" was selected: typing replaced it
    pad.press("start")
    pad.release("start")
    app.frames(2)
    assert top_name(app) == "LobbyScene"
    pad.unplug()
    app.frames(2)


def test_a_pads_start_keeps_the_name_typed_with_the_d_pad_and_esc_still_cancels(app, monkeypatch):
    """A pad's Start cancelled, losing a name typed letter by letter; it is the pad's "done" elsewhere."""
    from test_input_pads import PostedPad

    pad = PostedPad(monkeypatch)
    pad.plug()
    app.frames(2)
    entry = open_name_entry(app)
    for button in ("dpdown", "a", "dpright", "a"):  # from OK to M: the proposed name is replaced, then M, A
        pad.press(button)
        pad.release(button)
        app.frames(2)
    assert entry.name == "MA"
    assert f"{app.input.button('start')} done" in entry.hint()
    pad.press("start")
    pad.release("start")
    app.frames(2)
    assert top_name(app) == "LobbyScene" and app.settings["names"][0] == "MA"
    focus(app, "MA")
    press(app, "enter")
    assert top_name(app) == "NameEntryScene"
    type_keys(app, "Zed")
    stroke(app, pygame.K_ESCAPE)  # the keyboard's Esc still cancels
    assert top_name(app) == "LobbyScene" and app.settings["names"][0] == "MA"
    pad.unplug()
    app.frames(2)


def test_the_space_key_label_fits_at_every_size(app):
    from game.render.text import get_font
    from game.scenes.dialogs import KEYBOARD, SPACE, NameEntryScene
    from game.ui import widgets as ui

    entry = NameEntryScene("Name", "", lambda name: None)
    app.push(entry)
    for size in ((1280, 720), (960, 540), (640, 360), (1920, 1080)):
        entry.relayout(size)
        rects = entry.key_rects(size)
        row = next(r for r, keys in enumerate(KEYBOARD) if SPACE in keys)
        cell = rects[row][KEYBOARD[row].index(SPACE)]
        label_w = get_font(ui.px(size, 22), bold=True).size(entry._label(SPACE))[0]
        assert label_w <= cell.w - 4, (size, label_w, cell.w)
        for keys in rects:
            for rect in keys:
                assert entry.rect.contains(rect), (size, rect, entry.rect)


def test_start_is_refused_with_too_few_players(app):
    app.push(LobbyScene("ratscrew"))
    lobby = app.top
    set_seat(app, 1, t("Empty"))
    assert lobby.seating.players == 1
    assert lobby.message
    before_start = lobby.button_items[-2].label
    focus(app, before_start)
    press(app, "right")  # along the buttons: Start is skipped while disabled
    assert app.top.menu.current.label == before_start
    lobby.start()
    assert top_name(app) == "LobbyScene"


def test_numbered_edition_needs_three_players(app):
    app.push(LobbyScene("nothanks"))
    lobby = app.top
    set_seat(app, 2, t("Empty"))
    assert not lobby.message
    house_rules(app)
    set_value(app, t("Edition"), t("Numbered cards 3–35"))
    assert lobby.message == t("{edition}: {fix}.", edition=t("The 3–35 edition is for {low} to {high} players", low=3,
                                                             high=7),
                              fix=t("{fix}, or choose the playing-card edition",
                                    fix=tn("add {n} player or bot", "add {n} players or bots", 1)))
    assert t("Cards per suit") not in [i.label for i in app.top.menu.items]  # only the edition's options


def test_rules_viewer_scrolls_and_closes(app):
    app.push(LobbyScene("nothanks"))
    focus(app, t("How to play"))
    press(app, "enter")
    assert top_name(app) == "RulesScene"
    rules = app.top
    assert rules.max_scroll > 0
    press(app, "down", "down")
    assert rules.scroll > 0
    press(app, "back")
    assert top_name(app) == "LobbyScene"


def test_join_screen_seats_become_the_human_rows(app):
    app.push(LobbyScene("ratscrew"))
    focus(app, t("Join with controllers…"))
    press(app, "enter")
    assert top_name(app) == "JoinScene"
    press(app, "p", "q")  # seat keys of rows 2 and 1 claim the first two free seats
    press(app, "enter")
    lobby = app.top
    assert top_name(app) == "LobbyScene"
    assert [kind for kind, _ in lobby.seating.seats[:3]] == ["human", "human", "bot"]
    assert app.input.seat_of("kb:1") == 0 and app.input.seat_of("kb:0") == 1


def test_demo_results_deal_the_next_game_by_themselves(app):
    app.push(TitleScene())
    app.demo = DemoLoop(alternate=True)
    config, match = finished("nothanks")
    app.push(ResultsScene(config, match))
    app.frames(60)
    assert top_name(app) == "ResultsScene"
    run_until(app, lambda: top_name(app) != "ResultsScene", max_seconds=DEMO_PAUSE_NS / 1e9 + 1)
    assert top_name(app) == "RatscrewTable"  # the games alternate
    assert all(seat.is_bot for seat in app.top.config.seats)
    assert len(app.top.config.seats) == 3


def test_back_at_the_menu_ends_the_demo(app):
    app.push(TitleScene())
    app.demo = DemoLoop(alternate=False)
    config, match = finished("nothanks")
    app.push(ResultsScene(config, match))
    press(app, "right", "right")  # Play again · Change seats or rules… · Menu
    assert app.top.menu.current.label == t("Menu")
    press(app, "enter")
    assert [type(s).__name__ for s in app.stack] == ["TitleScene"]
    assert app.demo is None


def test_ratscrew_rules_explain_exactly_the_slaps_switched_on():
    
    seed_rules = games.get("ratscrew").rules_from_values({})
    house = games.get("ratscrew").rules_from_values({"tens": True, "sandwich": False})
    tens = t("• Tens: the top two cards add up to ten (ace = 1; J, Q, K never make ten).")
    sandwich = t("• Sandwich: the top card has the rank of the third card from the top.")
    assert sandwich in games.get("ratscrew").rules_text(seed_rules) and tens not in games.get("ratscrew").rules_text(seed_rules)
    assert tens in games.get("ratscrew").rules_text(house) and sandwich not in games.get("ratscrew").rules_text(house)


def test_full_screen_is_a_settings_row_and_is_saved(app):
    app.push(TitleScene())
    app.push(SettingsScene())
    set_value(app, t("Full screen (F11)"), t("On"))
    assert app.fullscreen is True and saved(app)["fullscreen"] is True
    set_value(app, t("Full screen (F11)"), t("Off"))
    assert app.fullscreen is False and saved(app)["fullscreen"] is False
    assert app.size == (1280, 720)
    assert top_name(app) == "SettingsScene"
