"""Menu scenes driven by keys: settings saved at once, presets saved/loaded/deleted, names, rules, join, demo."""

from __future__ import annotations

import json

from test_app_support import app, finished, focus, press, run_until, set_value, top_name  # noqa: F401

from game.i18n import t
from game.scenes.config import DemoLoop, rules_from_values
from game.scenes.lobby import LobbyScene
from game.scenes.options import SettingsScene
from game.scenes.results import DEMO_PAUSE_NS, ResultsScene
from game.scenes.title import TitleScene


def saved(app):  # noqa: F811
    return json.loads(app.settings.path.read_text())


def test_settings_change_with_arrows_and_are_saved_at_once(app):  # noqa: F811
    app.push(TitleScene())
    focus(app, t("Settings"))
    press(app, "enter")
    assert top_name(app) == "SettingsScene"
    volume = app.settings["volume"]
    press(app, "left")
    assert app.settings["volume"] == round(volume - 0.1, 1)
    assert saved(app)["volume"] == app.settings["volume"]
    for label, key in ((t("Four-colour suits"), "four_colour_suits"), (t("Reduced motion"), "reduced_motion"),
                       (t("Teaching aid (No Thanks card values)"), "teaching_aid")):
        before = app.settings[key]
        focus(app, label)
        press(app, "enter")
        assert app.settings[key] is (not before)
        assert saved(app)[key] is (not before)
    focus(app, t("Controls…"))
    press(app, "enter")
    assert top_name(app) == "ControlsScene"


def test_volume_stops_at_its_ends(app):  # noqa: F811
    app.push(SettingsScene())
    press(app, *["right"] * 12)
    assert app.settings["volume"] == 1.0
    press(app, *["left"] * 12)
    assert app.settings["volume"] == 0.0


def test_presets_are_saved_loaded_and_deleted_with_keys(app):  # noqa: F811
    app.push(LobbyScene("ratscrew"))
    lobby = app.top
    set_value(app, t("Slap: {name}", name=t("Tens")), t("On"))
    set_value(app, t("Claim delay"), t("{s} s", s="0.5"), key="left")
    focus(app, t("Save these rules as a preset…"))
    press(app, "enter")
    assert top_name(app) == "NameEntryScene"
    press(app, "enter")  # accept the proposed name
    name = t("House rules {n}", n=1)
    stored = saved(app)["presets"]["ratscrew"][name]
    assert stored["tens"] is True and stored["claim_delay_ms"] == 500
    assert lobby.preset == name

    set_value(app, t("Claim delay"), t("{s} s", s="2"))  # change the rules: no longer the preset
    assert lobby.preset is None and lobby.rules.claim_delay_ms == 2000
    set_value(app, t("Preset"), t("The seed's rules"))
    assert lobby.rules.claim_delay_ms == 1000 and "tens" not in lobby.rules.slaps
    set_value(app, t("Preset"), name)
    assert lobby.rules.claim_delay_ms == 500 and "tens" in lobby.rules.slaps

    focus(app, t("Delete this preset"))
    press(app, "enter")
    assert top_name(app) == "ConfirmScene"
    press(app, "right", "enter")
    assert saved(app)["presets"]["ratscrew"] == {}
    assert lobby.preset is None


def test_a_preset_survives_a_restart_of_the_app(app, tmp_path):  # noqa: F811
    from test_app_support import make_app

    app.push(LobbyScene("nothanks"))
    set_value(app, t("After taking a card"), t("the taker decides on the next card"))
    focus(app, t("Save these rules as a preset…"))
    press(app, "enter", "enter")
    again = make_app(tmp_path)  # same settings folder
    again.push(LobbyScene("nothanks"))
    set_value(again, t("Preset"), t("House rules {n}", n=1))
    assert again.top.rules.after_take == "same_player"


def type_name(app, text: str) -> None:  # noqa: F811
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


def test_a_human_seat_is_renamed_on_the_on_screen_keyboard(app):  # noqa: F811
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


def test_name_entry_cancels_without_saving(app):  # noqa: F811
    app.push(LobbyScene("nothanks"))
    focus(app, t("Player {n}", n=1))
    press(app, "enter", "back", "up", "enter")  # opened the keyboard, deleted a letter, typed another
    assert app.top.name != t("Player {n}", n=1)
    press(app, "esc")  # and cancelled
    assert top_name(app) == "LobbyScene"
    assert app.settings["names"][0] == ""


def test_start_is_refused_with_too_few_players(app):  # noqa: F811
    app.push(LobbyScene("ratscrew"))
    lobby = app.top
    set_value(app, t("Bot {n}", n=2), t("Empty"))
    assert lobby.players == 1
    assert lobby.message
    press(app, "up")  # from the seat rows up to the buttons: Start is skipped while disabled
    assert app.top.menu.current.label != t("Start")
    lobby.start()
    assert top_name(app) == "LobbyScene"


def test_numbered_edition_needs_three_players(app):  # noqa: F811
    app.push(LobbyScene("nothanks"))
    lobby = app.top
    set_value(app, t("Bot {n}", n=3), t("Empty"))
    assert not lobby.message
    set_value(app, t("Edition"), t("Numbered cards 3–35"))
    assert lobby.message == t("This game needs {low} to {high} players.", low=3, high=7)
    assert t("Cards per suit (K)") not in [i.label for i in lobby.menu.items]  # only the edition's options


def test_rules_viewer_scrolls_and_closes(app):  # noqa: F811
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


def test_join_screen_seats_become_the_human_rows(app):  # noqa: F811
    app.push(LobbyScene("ratscrew"))
    focus(app, t("Join with pads…"))
    press(app, "enter")
    assert top_name(app) == "JoinScene"
    press(app, "p", "q")  # seat keys of rows 2 and 1 claim the first two free seats
    press(app, "enter")
    lobby = app.top
    assert top_name(app) == "LobbyScene"
    assert [kind for kind, _ in lobby.seats[:3]] == ["human", "human", "bot"]
    assert app.input.seat_of("kb:1") == 0 and app.input.seat_of("kb:0") == 1


def test_demo_results_deal_the_next_game_by_themselves(app):  # noqa: F811
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


def test_back_at_the_menu_ends_the_demo(app):  # noqa: F811
    app.push(TitleScene())
    app.demo = DemoLoop(alternate=False)
    config, match = finished("nothanks")
    app.push(ResultsScene(config, match))
    press(app, "right", "enter")  # Menu
    assert [type(s).__name__ for s in app.stack] == ["TitleScene"]
    assert app.demo is None


def test_ratscrew_rules_explain_exactly_the_slaps_switched_on():
    from game.scenes.rules_view import rules_text

    seed_rules = rules_from_values("ratscrew", {})
    house = rules_from_values("ratscrew", {"tens": True, "sandwich": False})
    tens = t("• Tens: the top two cards add up to ten (ace = 1; J, Q, K count nothing).")
    sandwich = t("• Sandwich: the top card has the rank of the third card from the top.")
    assert sandwich in rules_text("ratscrew", seed_rules) and tens not in rules_text("ratscrew", seed_rules)
    assert tens in rules_text("ratscrew", house) and sandwich not in rules_text("ratscrew", house)
