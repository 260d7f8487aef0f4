"""The house rules of issue 26 through everything that knows the options: the words (lobby rows, summary,
corner, rules screens with pictures in en/da/sv), the table (the timeout badge on a seat's mat, a pile
given away flying to its new owner under a banner, "10 stops it!"), the bots, the slap school's drill,
presets (old ones load unchanged), `sim --rule`, replays of recorded games and the history's rule rows."""

from __future__ import annotations

import copy
import json
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from support_cli import run_main
from support_playthrough import GOLDEN
from support_table import FakeApp, FixedHands, press, screenshot

from game import games, i18n, record, replay, settings, sim
from game.commands import PLAY, SLAP
from game.core.contract import TableConfig
from game.games import GAMES
from game.games.ratscrew import bots
from game.games.ratscrew import engine as rs
from game.games.ratscrew import text as rs_text
from game.games.ratscrew.match import RatscrewMatch
from game.games.ratscrew.school import drills
from game.games.ratscrew.view_model import RatscrewModel, Sweep
from game.history import queries
from game.match.common import Ignored, SeatSpec
from game.presets_io import Preset, read, write
from game.render import colors
from game.render.card_art import CardArt
from game.render.effects import Banner, Note

pygame.init()
MS = 1_000_000
T = 5_000 * MS
NEW = ("four_of_a_suit", "ten_stops", "wrong_slap", "timeout_cards")
DEFINITION = games.get("ratscrew")


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def model(n=3, **rules):
    m = RatscrewModel(rs.Rules(**rules), [f"P{i + 1}" for i in range(n)], seed=7)
    return m


def notes(m):
    return [(e.seat, e.text) for e in m.anim.effects if isinstance(e, Note)]


def banners(m):
    return [e.text for e in m.anim.effects if isinstance(e, Banner)]


# --- the words --------------------------------------------------------------------------------------------


def test_the_lobby_rows_of_the_new_options():
    options = {o.name: o for o in DEFINITION.rule_options()}
    assert options["four_of_a_suit"].label == "Slap: Four of a suit"
    assert [label for _, label in options["wrong_slap"].choices] == ["Burn cards", "Timeout", "Pile to the next player"]
    assert options["wrong_slap"].label == "Wrong slap" and options["wrong_slap"].default == "burn"
    assert options["timeout_cards"].label_of(1) == "1 card" and options["timeout_cards"].label_of(3) == "3 cards"
    assert options["ten_stops"].label == "A 10 stops a challenge" and options["ten_stops"].label_of(True) == "On"
    names = [o.name for o in DEFINITION.rule_options()]
    assert names.index("wrong_slap") < names.index("burn") < names.index("timeout_cards")
    assert set(names) == set(rs.Rules().option_values())


@pytest.mark.parametrize(("rules", "shown", "hidden"), [
    (rs.Rules(), {"wrong_slap", "burn", "burned_live", "ten_stops", "four_of_a_suit"},
     {"timeout_cards", "marriage_either_order"}),
    (rs.Rules(wrong_slap="timeout"), {"wrong_slap", "timeout_cards"}, {"burn", "burned_live"}),
    (rs.Rules(wrong_slap="gives_pile"), {"wrong_slap"}, {"burn", "burned_live", "timeout_cards"}),
    (rs.Rules(slaps={"marriage"}), {"marriage_either_order", "burn"}, {"timeout_cards"}),
])
def test_the_lobby_shows_the_rows_that_change_anything_at_this_table(rules, shown, hidden):
    names = {o.name for o in DEFINITION.rule_options(rules, 3)}
    assert shown <= names and not hidden & names


def test_in_the_lobby_choosing_timeouts_brings_their_length_and_takes_the_burn_away(app):
    from support_app import house_rules, set_value

    from game.scenes.lobby import LobbyScene

    app.push(LobbyScene("ratscrew"))
    app.frames(2)
    lobby = app.top
    house_rules(app)

    def labels():
        return [item.label for item in app.top.menu.items]

    assert "Wrong slap burns" in labels() and "Slap timeout lasts" not in labels()
    set_value(app, "Wrong slap", "Timeout")
    assert "Slap timeout lasts" in labels() and "Wrong slap burns" not in labels()
    assert app.top.menu.current.label == "Wrong slap"
    set_value(app, "Slap timeout lasts", "5 cards")
    assert (lobby.rules.wrong_slap, lobby.rules.timeout_cards) == ("timeout", 5)
    assert "wrong slap: no slaps for 5 cards" in DEFINITION.rules_summary(lobby.rules)
    set_value(app, "Wrong slap", "Pile to the next player")
    assert lobby.rules.wrong_slap == "gives_pile" and "Slap timeout lasts" not in labels()
    set_value(app, "A 10 stops a challenge", "On")
    set_value(app, "Slap: Four of a suit", "On")
    assert lobby.rules.ten_stops and "four_of_a_suit" in lobby.rules.slaps


@pytest.mark.parametrize(("rules", "summary", "corner"), [
    (rs.Rules(), "wrong slap burns 2 cards (they don't count for slaps)", "Wrong slap burns 2"),
    (rs.Rules(wrong_slap="timeout", timeout_cards=2), "wrong slap: no slaps for 2 cards", "Wrong slap: wait 2 cards"),
    (rs.Rules(wrong_slap="timeout", timeout_cards=1), "wrong slap: no slaps for 1 card", "Wrong slap: wait 1 card"),
    (rs.Rules(wrong_slap="gives_pile"), "wrong slap gives the pile to the next player",
     "Wrong slap: the pile goes to the next player"),
])
def test_the_summary_and_the_corner_say_the_penalty(rules, summary, corner):
    assert summary in rs_text.summary(rules) and corner in rs_text.table_corner(rules)
    assert "\n" not in rs_text.summary(rules)


def test_the_summary_and_the_corner_name_four_of_a_suit_and_tens_stopping():
    rules = rs.Rules(slaps={"double", "four_of_a_suit"}, ten_stops=True)
    assert "Slaps: Double, Four of a suit" in rs_text.summary(rules)
    assert "J1 Q2 K3 A4, 10 stops" in rs_text.summary(rules)
    assert "Slap on: Double, Four of a suit" in rs_text.table_corner(rules)
    assert "Challenges: J1 Q2 K3 A4, 10 stops" in rs_text.table_corner(rules)
    assert "10 stops" not in rs_text.summary(rs.Rules())


@pytest.mark.parametrize("language", ["en", "da", "sv"])
def test_the_rules_screen_pictures_four_of_a_suit_and_a_ten_ending_a_challenge(language):
    i18n.set_language(language)
    art = CardArt()
    rules = rs.Rules(slaps={"double", "four_of_a_suit"}, ten_stops=True, wrong_slap="timeout", timeout_cards=4)
    pictures = DEFINITION.rules_pictures(art, 40, rules)
    captions = [caption for caption, _ in pictures]
    four = rs_text.slap_picture_caption("four_of_a_suit", rules)
    assert four in captions and len(pictures[captions.index(four)][1]) == 4
    assert captions[-1] == rs_text.ten_stops_caption(rules) and len(pictures[-1][1]) == 3
    on = {"en": "on at this table", "da": "", "sv": ""}[language]
    assert on in captions[-1]
    if language != "en":  # translated, not English left over
        i18n.set_language("en")
        english = [rs_text.ten_stops_caption(rules), rs_text.slap_picture_caption("four_of_a_suit", rules)]
        i18n.set_language(language)
        assert rs_text.ten_stops_caption(rules) not in english
        assert rs_text.slap_picture_caption("four_of_a_suit", rules) not in english
    text = " ".join(DEFINITION.rules_text(rules))
    assert rs_text.slap_label("four_of_a_suit").lower() in text.lower()
    assert "4" in text  # the timeout's length


def test_the_example_piles_are_what_they_show():
    from game.games.ratscrew import SLAP_EXAMPLES, TEN_STOPS_EXAMPLE

    pile = [c for c in SLAP_EXAMPLES["four_of_a_suit"] if c != "back"]
    assert rs.slap_rule_for(pile, rs.Rules(slaps=set(rs.SLAP_RULES))) == "four_of_a_suit"
    st = rs.new_game(rs.Rules(ten_stops=True), hands=[["KS", "2C"], ["4D", "TC", "3H"], ["5S"]])
    events = [e for _ in TEN_STOPS_EXAMPLE for e in st.apply(rs.Play(st.current_player))]
    assert st.pile == list(TEN_STOPS_EXAMPLE) and rs.ChallengeEnded(0, "ten") in events


# --- the table --------------------------------------------------------------------------------------------


def test_a_wrong_slap_in_timeout_play_says_how_long_and_the_seat_wears_a_wait_badge():
    m = model(wrong_slap="timeout", timeout_cards=3)
    st = rs.new_game(m.rules, hands=[["5C", "6C"], ["7D", "8D"], ["2H", "3H"]])
    st.apply(rs.Play(0))
    for e in st.apply(rs.Slap(1)):
        m.on_event(e, T, st)
    assert notes(m) == [(1, "Wrong slap! Wait 3 cards")]
    assert not m.anim.flyers, "nothing burned, nothing flies"
    st.apply(rs.Play(1))
    assert m.badge(1, False, 0, False, st.timeouts[1]) == ("wait 2 cards", colors.WARN)
    assert m.badge(1, False, 0, False, 1) == ("wait 1 card", colors.WARN)
    assert m.badge(1, False, 3, False, 2)[0] == "owes 3"  # what the seat must do comes first
    m.on_event(Ignored(1, SLAP, st.why_illegal(rs.Slap(1))), T, st)
    assert notes(m)[-1] == (1, "No slapping: wait 2 cards")


def test_a_pile_given_away_flies_to_its_new_owner_under_a_banner_saying_why():
    m = model(wrong_slap="gives_pile")
    st = rs.new_game(m.rules, hands=[["5C", "6C"], ["7D", "8D"], ["2H", "3H"]])
    st.apply(rs.Play(0))
    st.apply(rs.Play(1))
    events = st.apply(rs.Slap(2))
    sounds = [s for e in events for s in m.on_event(e, T, st)]
    assert "pile_won" in sounds
    (sweep,) = [f for f in m.anim.flyers if isinstance(f.art, Sweep)]
    assert sweep.src == ("pile",) and sweep.dst == ("seat", 0) and sweep.art.pile == ("5C", "7D")
    assert banners(m) == ["P3 slapped wrong: the pile goes to P1!"]
    assert (0, "Gets the pile (2)") in notes(m) and (2, "Wrong slap! The pile goes on") in notes(m)


def test_a_challenge_stopped_by_a_ten_says_so():
    m = model(ten_stops=True)
    st = rs.new_game(m.rules, hands=[["KS", "2C"], ["TD", "3D"], ["4H"]])
    st.apply(rs.Play(0))
    for e in st.apply(rs.Play(1)):
        m.on_event(e, T, st)
    assert banners(m) == ["10 stops it!"]
    m.on_event(rs.ChallengeEnded(0, "slap"), T, st)
    assert banners(m) == ["10 stops it!"]  # other ends of a challenge say nothing of tens


def table(rules, hands, size=(1280, 720)):
    seats = [SeatSpec("human", name=f"P{i + 1}") for i in range(len(hands))]
    app = FakeApp(size)
    t = FixedHands(TableConfig("ratscrew", rules, seats, seed=1), hands)
    app.push(t)
    return app, t


def test_at_the_table_a_seat_in_timeout_shows_wait_on_its_mat_until_the_cards_are_played():
    app, t = table(rs.Rules(wrong_slap="timeout", timeout_cards=2),
                   [["5C", "6C", "7C"], ["8D", "9D", "2D"], ["3H", "4H", "2H"]])
    press(app, t, 0, PLAY)
    app.run_ms(300)
    press(app, t, 1, SLAP)
    app.run_ms(300)
    assert t.match.state.timeouts == [0, 2, 0]
    screenshot(t, "house_timeout_badge.png")
    key = t.view.seat_key(1, t.match.state, 0)
    assert key[5] == 2 and 1 in t.view.badges  # the badge is on seat 1's mat
    press(app, t, 1, SLAP)  # refused: still in timeout
    app.run_ms(300)
    assert t.match.stats[1].wrong == 1 and t.match.stats[1].ignored == 1 and len(t.match.state.hands[1]) == 3
    assert any(text.startswith("No slapping") for text in (e.text for e in t.view.anim.effects if isinstance(e, Note)))
    press(app, t, 1, PLAY)
    app.run_ms(300)
    press(app, t, 2, PLAY)
    app.run_ms(300)
    assert t.match.state.timeouts == [0, 0, 0]
    screenshot(t, "house_timeout_over.png")
    assert 1 not in t.view.badges


def test_at_the_table_a_pile_given_away_is_drawn_flying_with_its_banner():
    app, t = table(rs.Rules(wrong_slap="gives_pile"), [["5C", "6C", "7C"], ["8D", "9D", "2D"], ["3H", "4H", "2H"]])
    press(app, t, 0, PLAY)
    app.run_ms(300)
    press(app, t, 1, PLAY)
    app.run_ms(300)
    press(app, t, 2, SLAP)
    app.run_ms(400)  # the hand has landed; the pile is on its way to seat 0
    screenshot(t, "house_gives_pile.png")
    boxes = [b for b in t.view.text_boxes() if b.kind == "banner"]
    assert [b.text for b in boxes] == ["P3 slapped wrong: the pile goes to P1!"]
    assert t.match.state.hands[0] == ["6C", "7C", "5C", "8D"] and t.match.state.current_player == 0


def test_at_the_table_a_ten_stopping_a_challenge_is_headlined():
    app, t = table(rs.Rules(ten_stops=True), [["KS", "5C", "7C"], ["8D", "TD", "2D"], ["3H", "4H", "2H"]])
    press(app, t, 0, PLAY)
    app.run_ms(300)
    press(app, t, 1, PLAY)
    app.run_ms(300)
    press(app, t, 1, PLAY)
    app.run_ms(200)
    screenshot(t, "house_ten_stops.png")
    assert [b.text for b in t.view.text_boxes() if b.kind == "banner"] == ["10 stops it!"]
    assert t.match.state.challenger is None and t.match.state.current_player == 2


# --- the bots ---------------------------------------------------------------------------------------------


def test_four_of_a_suit_has_its_own_difficulty_and_near_miss():
    assert bots.RULE_DIFFICULTY["four_of_a_suit"] > bots.RULE_DIFFICULTY["double"]
    rules = rs.Rules(slaps={"double", "four_of_a_suit"})
    assert bots.near_miss_rule(("2H", "5H", "9H", "KD"), rules) == "four_of_a_suit"  # a diamond on hearts
    assert bots.near_miss_rule(("2H", "5H", "9H", "KS"), rules) is None  # black on red: no near miss
    assert bots.near_miss_rule(("2H", "5H", "9H", "KD"), rs.Rules()) is None
    bot = bots.make_bot("casual", random.Random(1), seat=0, rules=rules)
    double = sorted(bot.reaction_ms("double") for _ in range(301))[150]
    four = sorted(bot.reaction_ms("four_of_a_suit") for _ in range(301))[150]
    assert four > 1.3 * double


def test_a_bot_in_timeout_plans_no_slap_until_it_may_slap_again():
    rules = rs.Rules(slaps={"double"}, wrong_slap="timeout", timeout_cards=3)
    st = rs.new_game(rules, hands=[["5C", "5D", "7C"], ["5S", "8D", "9D"], ["2H", "3H"]])
    st.apply(rs.Slap(1))
    st.apply(rs.Play(0))
    st.apply(rs.Play(1))  # 5C 5S: a double; seat 1 still waits one card
    bot = bots.make_bot("pro", random.Random(2), seat=1, rules=rules)
    assert SLAP not in bot.plan(st.observation(1), T, {})
    other = bots.make_bot("pro", random.Random(2), seat=0, rules=rules)
    assert SLAP in other.plan(st.observation(0), T, {})


def test_bots_play_whole_games_with_every_new_option():
    for values in ({"four_of_a_suit": True, "ten_stops": True}, {"wrong_slap": "timeout", "timeout_cards": 1},
                   {"wrong_slap": "gives_pile"}):
        rules = rs.Rules.from_options(values)
        seats = [SeatSpec("bot", level) for level in ("pro", "casual", "kid", "adaptive")]
        m = RatscrewMatch(rules, seats, seed=11, start_ns=0)
        while not m.is_over:
            due = m.next_due_ns()
            assert due is not None
            m.advance(due)
        assert m.state.end_reason in ("last_player", "limit", "draw")


# --- the school -------------------------------------------------------------------------------------------


def test_the_slap_school_has_a_drill_for_four_of_a_suit():
    drill = drills.drill_of("four_of_a_suit")
    assert drill.newest == "four_of_a_suit" and drill is drills.DRILLS[-1]
    pattern, near = drills.EXAMPLES["four_of_a_suit"]
    assert drills.slappable(pattern, drill.rules)[0] == "four_of_a_suit"
    assert drills.slappable(near, drill.rules)[0] is None
    assert drills.near_miss(near, drill.rules)[0] == "four_of_a_suit"


# --- presets, sim, replays, history -----------------------------------------------------------------------


def test_an_old_preset_without_the_new_keys_loads_unchanged(tmp_path):
    old = {"tens": True, "burn": 1, "claim_delay_ms": 750}
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"format": "couchcards-preset", "version": 1, "game": "ratscrew", "name": "Old",
                                "options": old}))
    preset = read(path, games=GAMES)
    assert preset == Preset("ratscrew", "Old", old)
    rules = DEFINITION.rules_from_values(preset.options, 3)
    assert (rules.ten_stops, rules.wrong_slap, rules.timeout_cards, "four_of_a_suit" in rules.slaps) == (
        False, "burn", 3, False)
    assert rules.burn == 1 and "tens" in rules.slaps
    settings.check_preset(GAMES["ratscrew"], old)
    stored = tmp_path / "settings.json"  # presets kept in the settings file by an older version
    stored.write_text(json.dumps({"presets": {"ratscrew": {"Old": old}}}))
    loaded = settings.load(stored, warn=lambda message: pytest.fail(message), games=GAMES)
    assert loaded["presets"]["ratscrew"] == {"Old": old}


def test_a_preset_with_the_new_options_round_trips_and_bad_values_are_named(tmp_path):
    values = {"four_of_a_suit": True, "ten_stops": True, "wrong_slap": "timeout", "timeout_cards": 5}
    write(Preset("ratscrew", "House", values), tmp_path / "house.json")
    assert read(tmp_path / "house.json", games=GAMES).options == values
    settings.check_preset(GAMES["ratscrew"], values)
    for bad, name in (({"timeout_cards": 11}, "timeout_cards"), ({"wrong_slap": "spank"}, "wrong_slap"),
                      ({"ten_stops": "yes"}, "ten_stops"), ({"four_of_a_suit": 1}, "four_of_a_suit")):
        with pytest.raises(ValueError, match=name):
            settings.check_preset(GAMES["ratscrew"], bad)


def test_sim_takes_the_new_options(capsys):
    code, out, _ = run_main(sim, capsys, "ratscrew", "--games", "2", "--bots", "pro,casual,kid", "--seed", "4",
                            "--rule", "four_of_a_suit=on", "--rule", "ten_stops=true", "--rule", "wrong_slap=timeout",
                            "--rule", "timeout_cards=2")
    assert code == 0
    assert "Four of a suit" in out and "no slaps for 2 cards" in out and "10 stops" in out
    code, out, _ = run_main(sim, capsys, "ratscrew", "--games", "1", "--rule", "wrong_slap=gives_pile")
    assert code == 0 and "gives the pile" in out


@pytest.mark.parametrize(("rule", "words"), [
    ("timeout_cards=11", "timeout_cards must be 1..10, not 11"),
    ("timeout_cards=0", "timeout_cards must be 1..10, not 0"),
    ("wrong_slap=spank", "wrong_slap must be one of burn, timeout, gives_pile"),
    ("ten_stops=maybe", "ten_stops must be true or false"),
    ("four_of_a_suit=2", "four_of_a_suit must be true or false"),
])
def test_sim_refuses_bad_values_in_one_line(capsys, rule, words):
    code, out, err = run_main(sim, capsys, "ratscrew", "--games", "1", "--rule", rule)
    assert code == 2 and out == "" and words in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("name", ["ratscrew-four-of-a-suit-tens-stop-timeout", "ratscrew-gives-pile-tens-stop"])
def test_the_golden_games_of_the_new_options_replay_and_verify(name):
    log = record.read_log(GOLDEN / f"{name}.jsonl")
    assert {k: log.header["rules"][k] for k in NEW}.items() >= {("ten_stops", True), ("four_of_a_suit", True)}
    assert replay.verify(log, games.GAMES).ok


def test_a_game_recorded_before_the_new_options_replays_with_the_same_digests():
    log = record.read_log(GOLDEN / "ratscrew-marriage-tens-divorce.jsonl")
    old = copy.deepcopy(log)
    for name in NEW:
        del old.header["rules"][name]  # as the header was written before issue 26
    verdict = replay.verify(old, games.GAMES)
    assert verdict.ok, verdict.line()


def test_the_history_names_four_of_a_suit_in_its_rule_rows():
    assert queries.rule_label("four_of_a_suit") == "Four of a suit" == rs_text.slap_label("four_of_a_suit")
    assert queries.rule_label("top_bottom") == "Top-bottom" and queries.rule_label("six_nine") == "Six-nine"
    i18n.set_language("da")
    assert queries.rule_label("four_of_a_suit") == rs_text.slap_label("four_of_a_suit") != "Four of a suit"
