"""Presets and --rule values are held to the engines' own strictness: a bool is no number, 1.5 is no whole
number, "no" is no switch; each message names the option. A bad preset in the settings file is named on
one line, never offered and never applied, and kept in the file (issue 15, item 2)."""

from __future__ import annotations

import json

import pytest
from support_app import make_app, press, top_name
from support_cli import run_main

from game import screens, sim
from game import settings as S
from game.games import GAMES
from game.games.nothanks import engine as nt
from game.games.ratscrew import engine as rs

NOTHANKS_BAD = [
    ({"set_aside": 1.5}, "set_aside"),
    ({"ranks_per_suit": 9.5}, "ranks_per_suit"),
    ({"ranks_per_suit": 9.0}, "ranks_per_suit"),
    ({"matches": 2.5}, "matches"),
    ({"hidden_matches": "no"}, "hidden_matches"),
    ({"hidden_matches": 1}, "hidden_matches"),
    ({"ranks_per_suit": True}, "ranks_per_suit"),
    ({"matches": True}, "matches"),
    ({"set_aside": False}, "set_aside"),
    ({"suit_order": 4}, "suit_order"),
]
RATSCREW_BAD = [
    ({"tens": "no"}, "tens"),
    ({"sandwich": None}, "sandwich"),
    ({"double": 1}, "double"),
    ({"burned_live": "yes"}, "burned_live"),
    ({"burn": True}, "burn"),
    ({"burn": 1.0}, "burn"),
    ({"challenge_j": 1.5}, "challenge_j"),
    ({"claim_delay_ms": 500.0}, "claim_delay_ms"),
]


@pytest.mark.parametrize(("values", "option"), NOTHANKS_BAD)
def test_nothanks_rules_refuse_the_wrong_kind_of_value_naming_the_option(values, option):
    with pytest.raises((TypeError, ValueError), match=option):
        nt.Rules.from_options(values, players=4)


@pytest.mark.parametrize(("values", "option"), RATSCREW_BAD)
def test_ratscrew_rules_refuse_the_wrong_kind_of_value_naming_the_option(values, option):
    with pytest.raises((TypeError, ValueError), match=option):
        rs.Rules.from_options(values)


def test_a_value_of_the_wrong_kind_is_both_a_type_and_a_value_error():
    for make in (lambda: nt.Rules(matches=True), lambda: rs.Rules(burn=1.5),
                 lambda: rs.Rules.from_options({"tens": "no"}), lambda: nt.Rules(hidden_matches="no")):
        with pytest.raises(TypeError):
            make()
        with pytest.raises(ValueError):
            make()


def test_good_values_still_make_the_same_rules():
    rules = nt.Rules.from_options({"ranks_per_suit": 7, "suit_order": ("S", "H", "D", "C"), "set_aside": 3,
                                   "matches": None, "hidden_matches": True}, players=3)
    assert (rules.ranks_per_suit, rules.set_aside, rules.matches, rules.hidden_matches) == (7, 3, None, True)
    assert nt.Rules(suit_order="SHDC").suit_order == ("S", "H", "D", "C")
    assert nt.Rules.numbered().set_aside == 9
    assert rs.Rules.from_options({"tens": True, "burn": 1}).slaps >= {"tens"}
    assert rs.Rules.from_options({"tens": False}).slaps == rs.Rules().slaps - {"tens"}
    with pytest.raises(ValueError, match="unknown rule option"):
        nt.Rules.from_options({"wings": 3})


@pytest.mark.parametrize(("argv", "option"), [
    (["ratscrew", "--rule", "tens=maybe"], "tens"),
    (["ratscrew", "--rule", "burn=1.5"], "burn"),
    (["nothanks", "--rule", "matches=2.5"], "matches"),
    (["nothanks", "--rule", "hidden_matches=7"], "hidden_matches"),
])
def test_sim_refuses_a_rule_value_of_the_wrong_kind_in_one_line(capsys, argv, option):
    code, out, err = run_main(sim, capsys, *argv, "--games", "1")
    assert code == 2 and out == ""
    assert option in err and len(err.strip().splitlines()) == 1


BAD_PRESETS = {
    "nothanks": {"Half": {"set_aside": 1.5}, "Ninish": {"ranks_per_suit": 9.5}, "Halves": {"matches": 2.5},
                 "Shy": {"hidden_matches": "no"}, "Family": {"ranks_per_suit": 7, "suit_order": ["S", "H", "D", "C"]}},
    "ratscrew": {"Tenless": {"tens": "no"}, "Fast": {"tens": True, "claim_delay_ms": 500}},
}


def write(tmp_path, data) -> None:
    (tmp_path / "settings.json").write_text(json.dumps(data))


def test_bad_presets_are_named_one_line_each_skipped_and_kept_in_the_file(tmp_path):
    write(tmp_path, {"volume": 0.5, "presets": BAD_PRESETS})
    warnings: list[str] = []
    s = S.load(tmp_path / "settings.json", warn=warnings.append, games=GAMES)
    assert s["volume"] == 0.5
    assert sorted(s["presets"]["nothanks"]) == ["Family"]
    assert sorted(s["presets"]["ratscrew"]) == ["Fast"]
    assert len(warnings) == 5 and all("\n" not in w for w in warnings)
    for name, option in [("Half", "set_aside"), ("Ninish", "ranks_per_suit"), ("Halves", "matches"),
                         ("Shy", "hidden_matches"), ("Tenless", "tens")]:
        assert any(repr(name) in w and option in w for w in warnings), (name, warnings)
    assert s.save()
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["presets"] == BAD_PRESETS  # what this version cannot use is still there for the user


def test_a_bad_preset_cannot_be_chosen_and_start_plays_standard_rules(tmp_path):
    write(tmp_path, {"presets": {"nothanks": {"Half": {"set_aside": 1.5}, "Matchless": {"matches": 2.5}},
                                 "ratscrew": {"Tenless": {"tens": "no"}}}})
    app = make_app(tmp_path)
    try:
        for game in ("nothanks", "ratscrew"):
            app.stack.clear()
            app.nav.push(screens.Title())
            app.nav.push(screens.Lobby(game))
            lobby = app.top
            lobby.house.cycle_preset(1)  # there is no preset to cycle to: standard rules again
            assert lobby.house.preset is None and lobby.house.values == {}
            assert lobby.rules == app.games.get(game).rules_from_values({}, lobby.seating.players)
            lobby.start()
            app.frames(3)
            assert top_name(app).endswith("Table"), top_name(app)
            press(app, "esc")  # the table runs: pausing it works
    finally:
        app.stack.clear()


@pytest.mark.parametrize(("values", "option"), NOTHANKS_BAD[:5])
def test_settings_refuse_to_store_a_bad_preset(tmp_path, values, option):
    s = S.load(tmp_path / "settings.json", warn=lambda m: None, games=GAMES)
    with pytest.raises(ValueError, match=option):
        s["presets"] = {"nothanks": {"Mine": values}}
