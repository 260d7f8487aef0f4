"""Fair at every table (issue 38): no lockout a masher can use (the floor where a wrong slap costs no card, in the
lobby, presets and `sim --rule`), the lobby's head starts that follow the table and say so, "Match my speed" on a
bot's seat and as new tables' bots, the results' suggestion after a one-sided game, the school's pace for every
child (to 5 s, false slaps slow it, a parent's notes), a guest's progress tonight, and Progress by d-pad."""

from __future__ import annotations

import json

import pytest
from support_app import focus, house_rules, make_app, press, set_value
from support_cli import run_main
from test_presetio_lobby import exports, with_presets  # noqa: F401 - a fixture, and its helper
from test_school_mastery import remember

from game import cli, presets_io, screens
from game.core.contract import TableConfig
from game.games.ratscrew import DEFINITION, fair
from game.games.ratscrew import engine as rs
from game.games.ratscrew import text as rs_text
from game.games.ratscrew.match import RatscrewStats
from game.games.ratscrew.results import one_sided
from game.games.ratscrew.school import pace, sim
from game.games.ratscrew.school.scoring import SeatScore
from game.games.ratscrew.school.stars import many_false
from game.games.ratscrew.sim import run_games
from game.i18n import t
from game.match.common import SeatSpec
from game.presets_io import Preset
from game.scenes.lobby import LobbyScene


# ---- no mashable setting --------------------------------------------------------------------------------
@pytest.mark.parametrize("values", [{"wrong_slap": "timeout"}, {"burn": 0}, {"wrong_slap": "gives_pile"},
                                    {"wrong_slap": "timeout", "timeout_cards": 1, "burn": 1}])
def test_where_a_wrong_slap_costs_no_card_the_lockout_has_a_floor(values):
    rules = rs.Rules.from_options(values)
    assert rs.lockout_floor_ms(rules) == rs.MASH_FLOOR_MS
    lockouts = next(o for o in rs.rule_options(rules) if o.name == "slap_lockout_ms").choices
    assert lockouts == (rs.MASH_FLOOR_MS, rs.Rules().slap_lockout_ms)  # the floor, and the table's own (a log's)
    raised = rs.Rules.from_options(rs.mash_proof(values)[0])
    lockouts = next(o for o in rs.rule_options(raised) if o.name == "slap_lockout_ms").choices
    assert lockouts and min(lockouts) >= rs.MASH_FLOOR_MS  # a new table is offered nothing under it
    raised, old = rs.mash_proof(dict(values, slap_lockout_ms=250))
    assert old == 250 and raised["slap_lockout_ms"] == rs.MASH_FLOOR_MS
    assert rs.mash_proof(dict(values, slap_lockout_ms=rs.MASH_FLOOR_MS))[1] is None  # already there: nothing


def test_where_a_wrong_slap_burns_cards_every_lockout_is_offered():
    rules = rs.Rules.from_options({"burn": 1})
    assert rs.lockout_floor_ms(rules) == 0
    assert next(o for o in rs.rule_options(rules) if o.name == "slap_lockout_ms").choices == rs.SLAP_LOCKOUTS_MS
    assert rs.mash_proof({"slap_lockout_ms": 0}) == ({"slap_lockout_ms": 0}, None)
    assert rs.mash_proof({"burn": "two"})[1] is None  # refused values are left for the rules to name


def test_a_replay_keeps_its_logs_lockout():
    """The floor is for new tables: a log's rules are played as recorded."""
    assert rs.rules_from_log({"wrong_slap": "timeout", "slap_lockout_ms": 250}).slap_lockout_ms == 250


def test_the_lobby_raises_the_lockout_when_the_penalty_stops_costing_cards(app):
    app.push(LobbyScene("ratscrew"))
    app.frames(2)
    scene = app.top
    house_rules(app)
    set_value(app, t("Wrong slap locks the slap"), "0.25 s")
    assert scene.rules.slap_lockout_ms == 250
    set_value(app, t("Wrong slap"), t("Timeout"))
    assert scene.rules.wrong_slap == "timeout" and scene.rules.slap_lockout_ms == rs.MASH_FLOOR_MS
    assert scene.note == rs_text.lockout_raised(250, scene.rules)  # one line says so
    focus(app, t("Wrong slap locks the slap"))
    assert set(app.top.menu.current.choices()[0]) == {"2 s"}  # nothing shorter to pick


def test_a_preset_asking_for_a_mashable_table_loads_raised_with_one_line(app, exports):  # noqa: F811
    presets_io.write(Preset("ratscrew", "Quick hands", {"wrong_slap": "timeout", "slap_lockout_ms": 250}),
                     exports / "quick.json")
    with_presets(app, Loose={"burn": 0, "slap_lockout_ms": 0})
    app.push(LobbyScene("ratscrew"))
    app.frames(2)
    scene = app.top
    house_rules(app)
    focus(app, t("Import"))
    press(app, "enter")
    assert scene.house.preset == "Quick hands" and scene.rules.slap_lockout_ms == rs.MASH_FLOOR_MS
    assert scene.house.told == ("Imported the preset Quick hands", rs_text.lockout_raised(250, scene.rules))
    # the lobby's one line: two sentences (it ran on, "… Quick hands Slap lockout raised …", issue 38's audit)
    assert scene.note == f"Imported the preset Quick hands. {rs_text.lockout_raised(250, scene.rules)}"
    set_value(app, t("Preset"), "Loose")
    assert scene.rules.burn == 0 and scene.rules.slap_lockout_ms == rs.MASH_FLOOR_MS
    assert scene.house.told == (rs_text.lockout_raised(0, scene.rules),)
    assert scene.table_config().rules.slap_lockout_ms == rs.MASH_FLOOR_MS  # and the table plays it


def test_sim_raises_the_lockout_and_says_so_on_stderr(capsys):
    code, out, err = run_main(cli, capsys, "sim", "ratscrew", "--bots", "masher,kid", "--games", "2", "--json",
                              "--rule", "wrong_slap=timeout", "--rule", "slap_lockout_ms=250")
    assert code == 0 and json.loads(out)["games"] == 2
    assert err.strip() == "couchcards sim: Slap lockout raised from 0.25 s to 2 s: a wrong slap costs no card at this table."


@pytest.mark.parametrize("values", [{"wrong_slap": "timeout", "timeout_cards": 1}, {"burn": 0}])
def test_a_masher_at_the_floor_loses_to_a_kid(values):
    rules = rs.Rules.from_options(rs.mash_proof(values)[0])
    result = run_games(rules, ["masher", "kid"], 8, 3, True)
    assert result["entries"][0]["win_rate"] <= 0.25  # 8 games: the 400-game table is in the notes (≤ 16 %)


# ---- the lobby: head starts for this table, Match my speed ------------------------------------------------
def test_new_tables_seat_bots_that_match_the_players_speed(app):
    app.push(LobbyScene("ratscrew"))
    app.frames(2)
    scene = app.top
    assert scene.seating.seats[1] == ("bot", "adaptive")
    assert scene.seating.seat_value(1, short=True) == t("Bot · {level}", level="Match my speed")
    labels, at = scene.seating.level_choices(1)
    assert labels[at] == "Match my speed" and "kid" in labels and "pro" in labels
    assert DEFINITION.level_words("pro") == "pro"


def kid_casual_pro_fair(app) -> LobbyScene:
    """The Ratscrew lobby with a kid, a casual and a pro bot and Fair start switched on by its button."""
    app.push(LobbyScene("ratscrew"))
    app.frames(2)
    scene = app.top
    scene.seating.seats[:3] = [("bot", "kid"), ("bot", "casual"), ("bot", "pro")]
    scene.rebuild()
    focus(app, t("Fair start"))
    press(app, "enter")
    return scene


def test_fair_start_follows_the_table_and_each_card_says_so(app):
    scene = kid_casual_pro_fair(app)
    three = fair.head_starts([900.0, 550.0, 350.0], scene.rules)
    assert scene.seating.leads[:3] == three and scene.seating.fair_on
    head = next(c for c in scene.card_cells[0] if c.label == t("Head start"))
    assert head.value() == f"{three[0]} ms"
    fair_button = next(item for item in scene.button_items if item.label == t("Fair start"))
    assert fair_button.value is not None and fair_button.value() == t("On")  # Fair start sets them: said once
    scene.seating.set_kind(3, ("bot", "pro"))  # a fourth seat: the head starts are worked out again for four
    four = fair.head_starts([900.0, 550.0, 350.0, 350.0], scene.rules)
    assert scene.seating.leads[:4] == four and four[0] < three[0]
    focus(app, t("Head start"))
    press(app, "right")  # set by hand: no longer Fair start's, and the others stay put
    assert not scene.seating.fair_on and scene.seating.leads[1:4] == four[1:]
    assert next(item for item in scene.button_items if item.label == t("Fair start")).value is None
    scene.seating.set_kind(4, ("bot", "kid"))
    assert scene.seating.leads[1:4] == four[1:] and scene.seating.leads[4] == 0


def test_fair_start_follows_the_wrong_slap_penalty_in_the_house_rules(app):
    """Issue 38: a cheaper wrong-slap penalty gives slower seats less of a head start (`fair.penalty_ms`): changing it
    in the house rules works the head starts out again, and changing it back gives the old ones."""
    scene = kid_casual_pro_fair(app)
    burn = fair.head_starts([900.0, 550.0, 350.0], rs.Rules())
    assert scene.seating.leads[:3] == burn
    house_rules(app)
    set_value(app, t("Wrong slap"), t("Timeout"))
    assert scene.rules.wrong_slap == "timeout"
    timeout = fair.head_starts([900.0, 550.0, 350.0], scene.rules)
    assert scene.seating.leads[:3] == timeout and timeout[0] < burn[0] and timeout[1] < burn[1]
    set_value(app, t("Wrong slap"), t("Pile to the next player"))
    assert scene.rules.wrong_slap == "gives_pile"
    assert scene.seating.leads[:3] == fair.head_starts([900.0, 550.0, 350.0], scene.rules) != timeout
    press(app, "back")
    assert app.top is scene and scene.seating.leads[:3] == fair.head_starts([900.0, 550.0, 350.0], scene.rules)


# ---- the results: a one-sided game suggests Match my speed -------------------------------------------------
def stats(*won: int) -> list[RatscrewStats]:
    return [RatscrewStats(slaps_won=n) for n in won]


def config(*levels: str | None) -> TableConfig:
    seats = [SeatSpec("human") if level is None else SeatSpec("bot", level) for level in levels]
    return TableConfig("ratscrew", rs.Rules(), seats, 1)


def test_a_game_won_or_lost_by_more_than_3_to_1_in_slaps_suggests_a_matching_bot():
    assert one_sided(config(None, "casual", "kid"), stats(14, 0, 0)) == (14, 0)  # the newcomer
    assert one_sided(config(None, "pro"), stats(2, 9)) == (2, 9)  # flattened by a pro
    assert one_sided(config(None, "pro"), stats(3, 9)) is None  # 3:1 is still a game
    assert one_sided(config(None, "kid"), stats(3, 0)) is None  # too few slaps to say
    assert one_sided(config(None, "adaptive"), stats(14, 0)) is None  # the bot matches them already
    assert one_sided(config("kid", "pro"), stats(0, 14)) is None  # bots only: nobody to suggest it to
    assert one_sided(config(None, None), stats(14, 0)) is None


# ---- the school's pace for every child ----------------------------------------------------------------
def test_the_pace_reaches_five_seconds():
    p = pace.Pace("adaptive")
    for _ in range(100):
        p.judged(False)
    assert p.ms == pace.SLOWEST_MS == 5000


def test_a_child_who_needs_1800_ms_hits_80_percent_and_earns_stars():
    result = sim.run("casual", 400, "adaptive", 0, reaction_ms=1800)
    assert result["hit_rate"] >= 0.8 and result["stars_accuracy"] >= 1
    assert result["pace_ms_end"] > 3000  # past the old slowest pace


def test_a_student_who_slaps_everything_gets_a_slower_pace_than_a_casual_player():
    everything = sim.run("everything", 200, "adaptive", 1)
    casual = sim.run("casual", 200, "adaptive", 1)
    assert everything["hit_rate"] == 1.0 and everything["false_slaps"] > 100  # every pattern "hit" …
    assert everything["pace_ms_end"] > casual["pace_ms_end"]  # … and still no quicker pace
    assert everything["pace_slowed_by_false_slaps"] == everything["false_slaps"]
    assert everything["stars_accuracy"] == 0


def test_a_parent_is_told_of_many_false_slaps():
    assert many_false(SeatScore(0, hits=10, patterns=12, false_slaps=40))
    assert not many_false(SeatScore(0, hits=60, patterns=70, false_slaps=6))  # a careful child's odd slip
    assert not many_false(SeatScore(0, hits=2, patterns=12, false_slaps=3))


def test_a_guests_sessions_tonight_are_kept_for_the_run_only(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    app = make_app(tmp_path)
    history = app.history
    history.note_guest_practice("ratscrew", "Player 1", 6, 10, 0)
    history.note_guest_practice("ratscrew", "Player 1", 9, 12, 0)
    assert history.guest_practice("ratscrew", "Player 1") == [(6, 10, 0), (9, 12, 0)]
    assert history.guest_practice("ratscrew", "Player 2") == []
    from game.games.ratscrew.school import text as school_text

    assert school_text.tonight(history.guest_practice("ratscrew", "Player 1")) == "Tonight: 60% → 75% of patterns"
    assert school_text.tonight([(3, 4, 0)]) == "Tonight: 75% of patterns" and school_text.tonight([]) == ""
    app.history.close()


def test_progress_is_reached_by_arrows_from_the_stats_and_the_schools_setup(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    app = make_app(tmp_path)
    mia = remember(app, "Mia", [("2026-11-20T16:00:00+00:00", "double", [("double", "right", 500.0)] * 5)])
    app.nav.push(screens.Title())
    app.nav.push(screens.Stats())
    app.frames(2)
    slap_school = (t("Progress…"), t("{title}: progress…", title=t("Slap school")))  # alone, or beside another
    for _ in range(len(app.top.menu.items)):
        if app.top.menu.current.label in slap_school:
            break
        press(app, "down")
    press(app, "enter")
    assert type(app.top).__name__ == "SummaryScene" and app.top.profile_id == mia.id
    press(app, "back")
    app.nav.push(screens.Practice("ratscrew", "school"))
    setup = app.top
    setup._picked(0, mia.id)
    for _ in range(len(setup.menu.items)):
        if setup.menu.current.label == "Progress…":
            break
        press(app, "down")
    press(app, "enter")
    assert type(app.top).__name__ == "SummaryScene" and app.top.profile_id == mia.id
    app.stack.clear()
    app.history.close()
