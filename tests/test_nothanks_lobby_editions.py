"""No Thanks' two editions in the lobby (a helper's play-through in Danish and Swedish with pads): a table the
chosen edition cannot seat says which edition needs what and how to fix it (the playing-card edition seats 2-8,
the 3-35 edition 3-7: the old line "This game needs 3 to 7 players" did not say the other edition allows 8);
and a table at the 3-35 edition's own defaults reads as that edition's standard rules, not "Custom"."""

from __future__ import annotations

import pytest
from support_app import house_rules, press, set_seat, set_value, top_name

from game import games, i18n
from game.games.nothanks import engine as nt
from game.i18n import t
from game.scenes.lobby import LobbyScene
from game.scenes.lobby.house import HouseRules

NOTHANKS = games.get("nothanks")

# What a player reads, word for word, in each language: (edition, players) -> the line.
REFUSALS = {
    "en": {
        ("numbered", 8): "The 3–35 edition is for 3 to 7 players: empty 1 seat, or choose the playing-card edition.",
        ("numbered", 2): "The 3–35 edition is for 3 to 7 players: add 1 player or bot, or choose the playing-card "
                         "edition.",
        ("numbered", 1): "The 3–35 edition is for 3 to 7 players: add 2 players or bots.",
        ("cards", 1): "The playing-card edition is for 2 to 8 players: add 1 player or bot.",
    },
    "da": {
        ("numbered", 8): "3–35-udgaven er til 3 til 7 spillere: gør 1 plads tom, eller vælg spillekortudgaven.",
        ("numbered", 2): "3–35-udgaven er til 3 til 7 spillere: tilføj 1 spiller eller bot, eller vælg "
                         "spillekortudgaven.",
        ("numbered", 1): "3–35-udgaven er til 3 til 7 spillere: tilføj 2 spillere eller bots.",
        ("cards", 1): "Spillekortudgaven er til 2 til 8 spillere: tilføj 1 spiller eller bot.",
    },
    "sv": {
        ("numbered", 8): "3–35-utgåvan är för 3 till 7 spelare: gör 1 plats tom, eller välj spelkortsutgåvan.",
        ("numbered", 2): "3–35-utgåvan är för 3 till 7 spelare: lägg till 1 spelare eller bot, eller välj "
                         "spelkortsutgåvan.",
        ("numbered", 1): "3–35-utgåvan är för 3 till 7 spelare: lägg till 2 spelare eller bottar.",
        ("cards", 1): "Spelkortsutgåvan är för 2 till 8 spelare: lägg till 1 spelare eller bot.",
    },
}


@pytest.fixture
def language():
    def use(code: str) -> None:
        i18n.set_language(code)

    yield use
    i18n.set_language("en")


def house(app, players: int, values: dict[str, object] | None = None) -> HouseRules:
    count = [players]
    return HouseRules(app, NOTHANKS, dict(values or {}), lambda: count[0], lambda: None, lambda _: None)


@pytest.mark.parametrize("code", ["en", "da", "sv"])
@pytest.mark.parametrize(("edition", "players"), [("numbered", 8), ("numbered", 2), ("numbered", 1), ("cards", 1)])
def test_a_table_the_edition_cannot_seat_names_the_edition_and_the_fix(app, language, code, edition, players):
    language(code)
    rules = house(app, players, {"edition": edition} if edition == "numbered" else {})
    assert rules.message == REFUSALS[code][(edition, players)]


@pytest.mark.parametrize("players", range(2, 9))
def test_every_table_an_edition_seats_has_nothing_to_fix(app, players):
    for edition in nt.EDITIONS:
        low, high = NOTHANKS.player_range(nt.Rules(edition=edition))
        rules = house(app, players, {"edition": edition} if edition == "numbered" else {})
        assert (rules.message == "") == (low <= players <= high), (edition, players, rules.message)


def test_other_games_keep_their_plain_player_range(app):
    ratscrew = games.get("ratscrew")
    assert ratscrew.players_problem(ratscrew.rules_from_values({}, 2), 1) == t(
        "This game needs {low} to {high} players.", low=2, high=8)
    assert ratscrew.players_problem(ratscrew.rules_from_values({}, 8), 8) == ""
    assert ratscrew.standard_presets() == []


@pytest.mark.parametrize("code", ["en", "da"])
def test_eight_seats_and_the_3_35_edition_cannot_start_and_the_lobby_says_why(app, language, code):
    """As the helper played it: eight seats, then the 3-35 edition in the house rules, then Start."""
    language(code)
    app.push(LobbyScene("nothanks"))
    lobby = app.top
    for row in range(lobby.seating.players, 8):
        set_seat(app, row, t("Bot · {level}", level=NOTHANKS.level_words(NOTHANKS.default_level)))
    assert lobby.seating.players == 8 and not lobby.message
    house_rules(app)
    set_value(app, t("Edition"), t("Numbered cards 3–35"))
    press(app, "back")
    lobby.start()
    assert top_name(app) == "LobbyScene"
    assert lobby.message == lobby.news() == REFUSALS[code][("numbered", 8)]
    set_seat(app, 7, t("Empty"))  # the fix it names: a seat emptied, and the game starts
    assert lobby.message == ""
    lobby.start()
    app.frames(3)
    assert top_name(app) == "NothanksTable"


# -- the 3-35 edition at its own defaults is its standard rules ---------------------------------------------------
@pytest.mark.parametrize("code", ["en", "da", "sv"])
def test_the_3_35_edition_at_its_defaults_reads_as_its_standard_rules(app, language, code):
    language(code)
    app.push(LobbyScene("nothanks"))
    lobby = app.top
    house_rules(app)
    set_value(app, t("Edition"), t("Numbered cards 3–35"))
    assert lobby.rules == nt.Rules.numbered()  # every option at the edition's default ...
    name = {"en": "Standard 3–35 rules", "da": "Standardregler 3–35", "sv": "Standardregler 3–35"}[code]
    assert app.top.preset_item.value() == name  # ... reads as its standard rules
    labels, at = lobby.house.preset_choices()
    assert labels[at] == name and t("Custom") not in labels
    press(app, "back")
    assert lobby.button_items[0].value() == name  # "House rules…" names it too


@pytest.mark.parametrize(("option", "value"), [("hidden_matches", True), ("matches", 11), ("after_take", "next_player"),
                                               ("set_aside", 6)])
def test_the_3_35_edition_with_an_option_changed_is_custom(app, option, value):
    rules = house(app, 4)
    rules.cycle_option("edition", 1)
    assert rules.values == {"edition": "numbered"} and rules.preset_value() == t("Standard 3–35 rules")
    while rules.values.get(option) != value:
        rules.cycle_option(option, 1)
    assert rules.rules != nt.Rules.numbered()
    assert rules.preset_value() == t("Custom")
    labels, at = rules.preset_choices()
    assert labels[at] == t("Custom")
    rules.cycle_option("edition", 1)  # back to playing cards: only what the switch keeps stays
    expected = t("Custom") if option == "hidden_matches" else t("Standard rules")
    assert rules.preset_value() == expected


def test_a_chosen_preset_keeps_its_own_name_at_the_3_35_defaults(app):
    app.settings["presets"] = {"nothanks": {"Ours": {"edition": "numbered"}}}
    rules = house(app, 4)
    rules.cycle_preset(1)
    assert rules.preset == "Ours" and rules.rules == nt.Rules.numbered()
    assert rules.preset_value() == "Ours"


def test_ratscrew_rules_changed_still_read_as_custom(app):
    ratscrew = games.get("ratscrew")
    count = [3]
    rules = HouseRules(app, ratscrew, {}, lambda: count[0], lambda: None, lambda _: None)
    assert rules.preset_value() == t("Standard rules")
    for option in rules.options:
        rules.cycle_option(option.name, 1)
        if rules.values:
            break
    assert rules.values and rules.preset_value() == t("Custom")
    labels, at = rules.preset_choices()
    assert labels == [t("Custom"), t("Standard rules")] and at == 0
