"""Fair start (issue 21, item 2): head starts from measured reactions (bots' known medians, remembered players'
history, a guest's quick check), relative to the fastest, in whole ms up to 1,000 ms; the lobby's button;
the sim's --fair-start."""

from __future__ import annotations

import itertools

import pytest
from support_app import focus, make_app, press
from test_history_data import evening

from game.commands import BACK, SLAP, Command
from game.games.ratscrew import bots, fair
from game.games.ratscrew import engine as rs
from game.games.ratscrew.check import ReactionCheck
from game.games.ratscrew.sim import run_games
from game.history import queries
from game.i18n import t
from game.scenes.lobby import LobbyScene

MS = 1_000_000


def test_head_starts_are_relative_to_the_fastest_in_whole_ms_up_to_a_second():
    rules = rs.Rules()  # double, sandwich, top-bottom
    leads = fair.head_starts([900.0, 550.0, 350.0], rules)
    assert leads[2] == 0 and leads[0] > leads[1] > 0  # the fastest none, the slowest the most
    # the model's figures with `spread` added, to the nearest ms (issue 38: 10 ms steps were too coarse)
    solved = fair._solve(((350.0, 1), (550.0, 1), (900.0, 1)), rules)
    assert leads == [round(fair.spread(lead, rules, 2, 3)) for lead in solved[::-1]]
    assert fair.head_starts([3000.0, 350.0], rules) == [1000, 0]  # at most a second
    unknown = fair.head_starts([None, 550.0, 350.0], rules)
    assert unknown[0] == 0 and unknown[2] == 0 and unknown[1] > 0  # unknown: none, and left out
    assert unknown[1] == fair.head_starts([550.0, 350.0], rules)[0]  # … as if it were not at the table
    assert fair.head_starts([None, None], rules) == [0, 0]
    assert fair.head_starts([550.0], rules) == [0]
    doubles = rs.Rules(slaps={"double"})
    # Only doubles: one rule to look for is quicker, and the slower seat's gap in ms smaller.
    assert 0 < fair.head_starts([900.0, 350.0], doubles)[0] < fair.head_starts([900.0, 350.0], rules)[0]


def test_head_starts_know_the_table_they_are_for():
    """Issue 38: the head starts tuned for three seats over-compensated at bigger tables (a kid's wide spread of
    reactions wins more races against many quick hands than against one)."""
    rules = rs.Rules()
    three = fair.head_starts([900.0, 550.0, 350.0], rules)
    four = fair.head_starts([900.0, 550.0, 350.0, 350.0], rules)
    six = fair.head_starts([900.0, 550.0, 550.0, 350.0, 350.0, 350.0], rules)
    assert six[0] < four[0] < three[0]  # the kid's head start shrinks as quick hands are added
    assert four[2] == four[3] == 0 and six[1] == six[2]  # equal seats, equal head starts
    nine = rs.Rules(slaps=set(rs.SLAP_RULES))
    assert fair.head_starts([900.0, 550.0, 350.0], nine)[0] > three[0]  # more, harder rules: wider gaps
    # The model's game: every seat at parity with the head starts it chose (before rounding and `spread`).
    levels = [bots.level_at(ms) for ms in (900.0, 550.0, 350.0)]
    solved = fair._solve(((350.0, 1), (550.0, 1), (900.0, 1)), rules)
    chances = fair.game_chances(levels[::-1], [1, 1, 1], list(solved), rules)
    assert all(abs(c - 1 / 3) < 0.01 for c in chances), chances
    unfair = fair.game_chances(levels[::-1], [1, 1, 1], [0.0, 0.0, 0.0], rules)
    assert unfair[0] > 0.8 and unfair[2] < 0.02  # with none, the pro wins nearly every game


def test_the_seat_next_to_play_holds_its_card_while_it_means_to_slap():
    """Issue 38: a bot next to play keeps its card till after its own slap (`RatscrewBot._turn`), so the pile stays
    uncovered for it; the race model had every pile covered by the next card alike. Kid against casual, all nine rules,
    569 ms (`sim ratscrew --bots kid,casual --head-start 569,0 --games 400 --seat-balanced`, seeds 0, 3, 7, 99: the
    kid 1.02 x parity): the kid won 48,488 races to 46,860, 50.9 %, where the model without the hold said 57.8 %.
    Under the seed's rules at 453 ms it won 51.5 % (31,742 to 29,904): more rules did not help it, where the model
    without the hold said +4.8 points."""
    levels = [bots.LEVEL_TABLE["kid"], bots.LEVEL_TABLE["casual"]]
    nine = fair._race(fair._curves(levels, [569.0, 0.0], rs.Rules(slaps=set(rs.SLAP_RULES))), [1, 1])
    seed = fair._race(fair._curves(levels, [453.0, 0.0], rs.Rules()), [1, 1])
    assert sum(nine) == pytest.approx(1.0) and sum(seed) == pytest.approx(1.0)
    assert abs(nine[0] - 48488 / (48488 + 46860)) < 0.015, nine
    assert nine[0] - seed[0] < 0.01, (nine, seed)


def test_what_the_model_leaves_out_follows_the_table():
    """Issue 38 (fair.py's notes): the only seat slower than the fastest gets none of SPREAD_MS at up to five seats
    (a casual alone among one to three pros took 1.12-1.29 x parity with it), part of it at six to eight (alone among
    five pros, 0.89 x with none). With the seat next to play holding its card in the model (`_race`), the pace of the
    table's quickest hand needs nothing of its own (a kid against a casual at parity under the seed's rules and all
    nine), and more rules take a little off (RULES_SPREAD)."""
    rules = rs.Rules()
    alone, two, three = (fair.spread(300.0, rules, n, 4) for n in (1, 2, 3))
    assert alone < two < three and three - alone == pytest.approx(fair.SPREAD_MS)
    assert three == fair.spread(300.0, rules, 7, 8)  # the whole of it from three slower seats on
    assert fair.spread(5.0, rules, 3, 4) < 5.0 + fair.SPREAD_MS  # a seat barely slower: less
    assert alone == fair.spread(300.0, rules, 1, 2) == fair.spread(300.0, rules, 1, 5)
    crowded = [fair.spread(300.0, rules, 1, seats) - alone for seats in (6, 7, 8)]
    assert crowded == pytest.approx([fair.SPREAD_MS / 4, fair.SPREAD_MS / 2, fair.SPREAD_MS * 3 / 4])
    assert fair.spread(300.0, rules, 2, 8) == three  # two slower seats at eight: all of it
    nine = rs.Rules(slaps=set(rs.SLAP_RULES))
    assert alone * 0.98 < fair.spread(300.0, nine, 1, 2) < alone  # all nine rules: a little less (1 %)
    for table in ((1, 2), (2, 3), (3, 4), (5, 6), (1, 7)):
        for lead in (0.0, 4.0, 120.0, 700.0):
            for r in (rules, nine):
                assert fair.unspread(fair.spread(lead, r, *table), r, *table) == pytest.approx(lead)


def test_head_starts_follow_what_a_wrong_slap_costs():
    """Issue 38 (fair.py's notes, `penalty_ms`): the head starts were fitted where a wrong slap burns two cards; where it
    costs less the slower seats (who near-miss more) were over-compensated (kid,casual,pro at 688/249 ms, seeds 1-4:
    its pro 0.86 x parity under a timeout, 0.80 x where a wrong slap gives the pile away, 0.85 x under a burn of one).
    Each slower seat's head start now has a few ms taken off there at three to five seats; where it burns two cards,
    in a heads-up and at six seats or more (where the sims were at parity without it: kid,pro 0.97 x, casual,pro 1.02 x,
    kid,casual,casual,pro x3 under a timeout 1.00/1.06/0.96 x; 12 ms off gave the casual,pro heads-up 0.82 x) nothing
    moves."""
    levels = [900.0, 550.0, 350.0]
    default = fair.head_starts(levels, rs.Rules())
    assert default == [688, 249, 0] == fair.head_starts(levels, rs.Rules(burned_live=True))  # the seed's penalty: as before
    assert fair.penalty_ms(rs.Rules(), 3) == 0.0
    timeout, gives, burn_one = (fair.head_starts(levels, rs.Rules(**penalty)) for penalty in (
        {"wrong_slap": "timeout"}, {"wrong_slap": "gives_pile"}, {"burn": 1}))
    for cheaper, penalty in ((timeout, fair.TIMEOUT_PENALTY_MS[1][1]), (gives, fair.GIVES_PILE_PENALTY_MS),
                             (burn_one, fair.BURN_PENALTY_MS[1])):
        assert penalty > 0 and cheaper[2] == 0
        assert all(abs(c - (d - penalty)) <= 1 for c, d in zip(cheaper[:2], default[:2])), (cheaper, default, penalty)
    assert gives[0] < timeout[0] < default[0]  # the pile given away costs a wrong slapper least
    # a timeout's length counts: the longer, the costlier a wrong slap, the longer the head starts
    lengths = [fair.head_starts(levels, rs.Rules(wrong_slap="timeout", timeout_cards=n))[0] for n in (1, 3, 6, 10)]
    assert lengths == sorted(lengths) and lengths[0] < lengths[-1]
    # a heads-up and a big table keep their head starts under every penalty
    for penalty in ({"wrong_slap": "timeout"}, {"wrong_slap": "gives_pile"}, {"burn": 1}):
        for table in ([900.0, 350.0], [550.0, 350.0], [900.0, 550.0, 550.0, 350.0, 350.0, 350.0]):
            assert fair.head_starts(table, rs.Rules(**penalty)) == fair.head_starts(table, rs.Rules()), (penalty, table)
    four = [900.0, 550.0, 350.0, 350.0]
    assert fair.head_starts(four, rs.Rules(wrong_slap="gives_pile"))[:2] == [
        d - round(fair.GIVES_PILE_PENALTY_MS) for d in fair.head_starts(four, rs.Rules())[:2]]
    # in proportion to how much more often the slowest seat near-misses than the fastest (a kid over a pro: all of it);
    # casual,casual,pro with the pile given away was at parity as it was (1.02/0.96 x), 12 ms off gave 0.90/1.17 x
    assert fair.near_misses(350.0, 900.0) == 1.0 and fair.near_misses(350.0, 550.0) == pytest.approx(0.4)
    casuals = [550.0, 550.0, 350.0]
    assert fair.head_starts(casuals, rs.Rules(wrong_slap="gives_pile"))[:2] == [
        d - round(0.4 * fair.GIVES_PILE_PENALTY_MS) for d in fair.head_starts(casuals, rs.Rules())[:2]]
    # what is not in play changes nothing (a burn's size under a timeout)
    assert fair.head_starts(levels, rs.Rules(wrong_slap="timeout", burn=1)) == timeout
    # a seat barely slower than the fastest loses at most PENALTY_SHARE of its head start, never all of it
    nearly = rs.Rules(wrong_slap="gives_pile")
    assert fair.spread(20.0, nearly, 1, 3) == pytest.approx(fair.spread(20.0, rs.Rules(), 1, 3) - 20.0 * fair.PENALTY_SHARE)
    for table in ((1, 2), (2, 3), (3, 4), (1, 5), (1, 7)):
        for lead in (0.0, 4.0, 60.0, 120.0, 700.0):
            for r in (nearly, rs.Rules(burn=1), rs.Rules(wrong_slap="timeout", timeout_cards=7)):
                assert fair.unspread(fair.spread(lead, r, *table), r, *table) == pytest.approx(lead)


def test_a_seats_equals_count_for_less_in_what_the_model_leaves_out():
    """Issue 38 (fair.py's notes): SPREAD_MS counts every other seat as slow as a seat as ALIKE_SHARE of one. Counted
    whole, three casuals and a pro gave each casual 235 ms (1.07 x parity) and left the pro 0.79 x; counted as none,
    225 ms and the pro 1.06 x, but four casuals (218 ms) left their pro 1.19 x."""
    rules = rs.Rules()
    solved = fair._solve(((350.0, 1), (550.0, 3)), rules)
    alone = fair.spread(solved[1], rules, 1, 4)  # none of SPREAD_MS
    alike = fair.head_starts([550.0, 550.0, 550.0, 350.0], rules)
    # two equals, ALIKE_SHARE of a seat each, over the SPREAD_SEATS that give all of it (as whole seats: half of it)
    assert alike[:3] == [round(alone + fair.SPREAD_MS * 2 * fair.ALIKE_SHARE / fair.SPREAD_SEATS)] * 3
    solved = fair._solve(((350.0, 1), (550.0, 2), (900.0, 1)), rules)
    mixed = fair.head_starts([900.0, 550.0, 550.0, 350.0], rules)
    assert mixed[1] == round(fair.spread(solved[1], rules, 2 + fair.ALIKE_SHARE, 4))  # the kid counts whole, the equal less
    assert mixed[0] == round(fair.spread(solved[2], rules, 3, 4))  # both casuals count whole for the kid


def test_bots_known_medians_and_players_as_doubles():
    assert fair.bot_median_ms("kid") == 900 and fair.bot_median_ms("pro") == 350
    assert fair.bot_median_ms("adaptive") is None and fair.bot_median_ms("masher") is None
    # A sandwich (1.2 × a double) at 720 ms is a double at 600 ms; weighted by slaps.
    assert fair.as_double_ms({"sandwich": (720.0, 3), "double": (500.0, 1)}) == 600.0
    assert fair.as_double_ms({"double": (500.0, 2)}) is None  # too few slaps to say


def test_a_guests_quick_check_ignores_guesses():
    assert fair.check_median_ms([40.0, 600.0, 700.0, 650.0]) == 650.0  # 40 ms: too early to be a reaction
    assert fair.check_median_ms([600.0, 50.0]) is None


def test_remembered_players_median_per_rule_from_the_history(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    app = make_app(tmp_path)
    ids = evening(app.history)
    per_rule = app.history.read(lambda c: queries.median_reactions(c, ids["Mia"], "ratscrew"))
    assert set(per_rule) >= {"double", "sandwich"} and all(n > 0 for _, n in per_rule.values())
    assert app.history.read(lambda c: queries.median_reactions(c, ids["Mia"], "nothanks")) == {}


def test_the_lobbys_fair_start_sets_every_seat_from_history_and_levels(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    app = make_app(tmp_path)
    ids = evening(app.history)
    app.push(LobbyScene("ratscrew"))
    app.frames(2)
    scene = app.top
    scene.seating.seats[0], scene.seating.profiles[0] = ("human", None), ids["Mia"]
    scene.seating.seats[1] = ("bot", "pro")
    scene.seating.seats[2] = ("bot", "kid")
    scene.rebuild()
    focus(app, t("Fair start"))
    press(app, "enter")
    mia = fair.as_double_ms(app.history.read(lambda c: queries.median_reactions(c, ids["Mia"], "ratscrew")))
    assert mia is not None
    expected = fair.head_starts([mia, 350.0, 900.0], scene.rules)
    assert scene.seating.leads[:3] == expected and expected[1] == 0 and expected[2] > 0
    assert "Fair start" in scene.note
    config = scene.table_config()
    assert [s.head_start_ms for s in config.seats] == expected


def guest_and_kid(tmp_path):
    app = make_app(tmp_path)
    app.push(LobbyScene("ratscrew"))
    app.frames(2)
    scene = app.top
    scene.seating.seats[1] = ("bot", "kid")
    scene.rebuild()
    return app, scene


def test_a_guest_skipping_the_check_is_named_and_keeps_no_head_start(tmp_path):
    app, scene = guest_and_kid(tmp_path)
    scene.seating.fair_start()
    assert isinstance(app.top, ReactionCheck)  # a guest: the 20-second check first
    app.top.handle(Command(None, BACK, app.now_ns(), device="kb"))
    assert app.top is scene and scene.seating.checked == {0: None}
    assert scene.seating.leads[0] == 0 and scene.seating.leads[1] == 0  # the kid is the only one known: the fastest known
    assert scene.seating.player_name(0) in scene.note


def test_a_check_that_gave_no_figure_is_offered_again_at_the_next_press(tmp_path):
    """A newcomer who slapped too few doubles in time (or skipped) was stuck at 0: Fair start never asked again."""
    app, scene = guest_and_kid(tmp_path)
    scene.seating.fair_start()
    app.top._finish(None)  # under three doubles slapped in time: no figure
    assert app.top is scene and scene.seating.checked == {0: None}  # not asked again at once
    assert "Fair start again" in scene.note
    scene.seating.fair_start()  # the family presses it again
    assert isinstance(app.top, ReactionCheck) and app.top.seat == 0
    app.top._finish(700.0)
    assert app.top is scene and scene.seating.checked == {0: 700.0}
    assert scene.seating.leads[:2] == fair.head_starts([700.0, 900.0], scene.rules)


def test_a_guests_check_sets_their_head_start(tmp_path):
    app, scene = guest_and_kid(tmp_path)
    scene.seating.fair_start()
    app.top._finish(700.0)  # the check's median: a double in 700 ms
    assert app.top is scene and scene.seating.checked == {0: 700.0}
    expected = fair.head_starts([700.0, 900.0], scene.rules)
    assert scene.seating.leads[:2] == expected and expected[0] == 0 and expected[1] > 0  # the kid, slower, gets one
    assert "Fair start" in scene.note


def test_the_check_times_doubles_from_the_frame_and_ends_by_itself(tmp_path):
    app, scene = guest_and_kid(tmp_path)
    got = []
    check = ReactionCheck(0, "Mia", got.append)
    app.push(check)
    pressed = set()
    for _ in range(4000):
        app.frames(1)
        card = check.session.current if hasattr(check, "session") else None
        if (card is not None and card.rule is not None and card.shown_ns is not None and card.index not in pressed
                and app.now_ns() - card.shown_ns >= 400 * MS):
            check.handle(Command(0, SLAP, app.now_ns()))
            pressed.add(card.index)
        if got:
            break
    assert got and app.top is scene
    assert pressed and 400 <= got[0] < 600  # each double slapped 400 ms (and a frame) after it was shown


@pytest.mark.slow
def test_fair_start_in_the_sim_keeps_every_seat_between_20_and_47_percent():
    # 300 games and the bounds the name says (it was 60 games within 15-52 %): with the sim's seat balance dealing
    # first to each entry alike (issue 38), 60 games put the kid at 53 %, where 1,800 games give it 40 %.
    result = run_games(rs.Rules(), ["kid", "casual", "pro"], 300, 0, True,
                       leads=fair.head_starts([900.0, 550.0, 350.0], rs.Rules()))
    shares = [e["win_rate"] for e in result["entries"]]
    assert all(0.20 <= s <= 0.47 for s in shares), shares


@pytest.mark.parametrize("groups", range(2, 9))
def test_every_reaction_at_a_table_of_different_players_gets_its_fair_chance(groups):
    """A family's remembered players each have a median of their own: at six or more different ones the old solve
    (each head start moved on its own seat's error alone) overshot and never settled: six seats of 330-700 ms gave
    the 380 ms seat 228 ms and the fastest no chance at all in the model's own game; seven gave the 520 ms seat
    less than the 450 ms one."""
    rules = rs.Rules()
    medians = [330.0, 380.0, 450.0, 520.0, 600.0, 700.0, 820.0, 950.0][:groups]
    solved = fair._solve(tuple((m, 1) for m in medians), rules)
    assert solved[0] == 0.0 and all(a < b for a, b in itertools.pairwise(solved))  # slower, more
    chances = fair.game_chances([bots.level_at(m) for m in medians], [1] * groups, list(solved), rules)
    assert all(abs(c * groups - 1) < 0.01 for c in chances), [round(c * groups, 3) for c in chances]
    leads = fair.head_starts(medians[::-1], rules)[::-1]  # (any order of seats)
    assert leads == [round(fair.spread(lead, rules, groups - 1, groups)) for lead in solved]
