"""The results screen: Play again deals the next game at once, the lobby and the menu stay one press away; the
Ratscrew chart shows burns and slaps even when no card was played; one header font; No Thanks runs show the
counted card whole."""

from __future__ import annotations

import dataclasses
import itertools

import pygame
import pytest
from support_app import finished, make_app, press, run_until, top_name

from game import games
from game.commands import BACK, CONFIRM, LEFT, PLAY, RIGHT, SLAP, Command
from game.core.contract import TableConfig
from game.games.ratscrew.match import RatscrewMatch
from game.games.ratscrew.results import hand_steps
from game.i18n import t
from game.match import SeatSpec
from game.scenes.results import DEMO_PAUSE_NS, SETTLE_NS, ResultsScene
from game.scenes.title import TitleScene
from game.tables import DemoLoop
from game.ui import widgets as ui
from game.ui.figures import WORD_PX

MS = 1_000_000
WATCH, PLAY_AGAIN, CHANGE, MENU = t("Watch again"), t("Play again"), t("Change seats or rules…"), t("Menu")


def results_for(app, game: str = "nothanks", players: int = 3, first_player: int = 0, humans: int = 1):
    """Title, then the results of a finished match whose table had `humans` human seats first."""
    config, match = finished(game, players)
    seats = [SeatSpec("human", None, f"Kid {i + 1}") for i in range(humans)] + config.seats[humans:]
    config = dataclasses.replace(config, seats=seats, first_player=first_player)
    app.push(TitleScene())
    app.push(ResultsScene(config, match))
    app.frames(2)
    return config


def labels(app) -> list[str]:
    return [item.label for item in app.top.menu.items]


def pad(app, action: str) -> None:
    """What a pad's d-pad / A / B sends to the scene on top (the router maps the buttons; see test_input_pads)."""
    app.top.handle(Command(None, action, app.now_ns(), device="pad:1"))
    app.frames(2)


# -- Play again, Change seats or rules, Menu -------------------------------------------------------------------

@pytest.mark.parametrize("game, table", [("nothanks", "NothanksTable"), ("ratscrew", "RatscrewTable")])
def test_play_again_deals_the_next_game_at_once_with_the_same_seats_and_rules(app, game, table):
    config = results_for(app, game)
    assert labels(app) == [WATCH, PLAY_AGAIN, CHANGE, MENU]
    assert app.top.menu.current.label == PLAY_AGAIN  # focused: one press plays again
    press(app, "enter")
    assert top_name(app) == table  # no lobby stop
    assert [type(s).__name__ for s in app.stack] == ["TitleScene", table]
    again = app.top.config
    assert again.seats == config.seats  # the same seats, names and bots
    assert again.rules == config.rules and again.game == game
    assert again.first_player == 1  # the first turn one seat on
    assert app.top.match.state.current_player == 1
    assert again.seed != config.seed  # a fresh deal


def test_play_again_moves_the_first_turn_round_the_table(app):
    results_for(app, "nothanks", players=3, first_player=2)
    press(app, "enter")
    assert app.top.config.first_player == 0
    assert app.top.match.state.current_player == 0


def test_change_seats_or_rules_opens_the_lobby_with_this_table(app):
    config = results_for(app, "nothanks", humans=2)
    press(app, "right")
    assert app.top.menu.current.label == CHANGE
    press(app, "enter")
    assert top_name(app) == "LobbyScene"
    lobby = app.top
    assert lobby.game == "nothanks"
    assert lobby.config.first_player == 1  # the first turn one seat on, as Play again
    assert [kind for kind, _ in lobby.seating.seats[:4]] == ["human", "human", "bot", "empty"]
    assert lobby.rules == config.rules
    assert lobby.menu.current.label == t("Start")
    press(app, "enter")
    assert top_name(app) == "NothanksTable" and app.top.config.first_player == 1


def test_menu_is_the_third_button_and_back_goes_there_too(app):
    results_for(app)
    press(app, "right", "right")
    assert app.top.menu.current.label == MENU
    press(app, "right")  # the row ends here
    assert app.top.menu.current.label == MENU
    press(app, "enter")
    assert [type(s).__name__ for s in app.stack] == ["TitleScene"]
    results_for(app)
    press(app, "esc")
    assert [type(s).__name__ for s in app.stack] == ["TitleScene"]
    results_for(app)
    press(app, "back")
    assert [type(s).__name__ for s in app.stack] == ["TitleScene"]


def settled(app) -> None:
    """A pad's confirm and back wait this long after the results come up (SETTLE_NS)."""
    app.frames(round(SETTLE_NS / 1e9 * 60) + 2)


def test_every_button_by_pad(app):
    results_for(app)
    pad(app, RIGHT)
    pad(app, RIGHT)
    assert app.top.menu.current.label == MENU
    pad(app, LEFT)
    assert app.top.menu.current.label == CHANGE
    settled(app)
    pad(app, CONFIRM)
    assert top_name(app) == "LobbyScene"
    app.reset(TitleScene())
    results_for(app)
    settled(app)
    pad(app, CONFIRM)
    assert top_name(app) == "NothanksTable"
    app.reset(TitleScene())
    results_for(app)
    settled(app)
    pad(app, BACK)
    assert [type(s).__name__ for s in app.stack] == ["TitleScene"]


def test_a_pads_press_as_the_results_come_up_is_not_taken_for_play_again(app):
    """Issue: players hammering ✕ / A (play, slap) through the last cards of a Ratscrew dealt the next game the
    moment the results came up: nobody saw who won. A pad's confirm and back wait a second; its d-pad does not, nor
    does the keyboard (whose seats play with keys that are no menu keys)."""
    results_for(app, "ratscrew")
    for _ in range(12):  # four frames a round: most of the second
        pad(app, CONFIRM)
        pad(app, BACK)
    assert top_name(app) == "ResultsScene"
    pad(app, RIGHT)
    assert app.top.menu.current.label == CHANGE  # the d-pad moves at once
    pad(app, LEFT)
    settled(app)
    pad(app, CONFIRM)
    assert top_name(app) == "RatscrewTable"
    app.reset(TitleScene())
    results_for(app)
    press(app, "enter")  # the keyboard's Enter at once
    assert top_name(app) == "NothanksTable"


def test_a_pads_start_and_the_keyboards_tab_play_again_as_in_the_lobby(app):
    """Issue: a pad's Start (Options, +, Menu) plays in the lobby and is "done" on the join screen, but on the results
    it went to the title, and the table set up for the evening with it; the keyboard's Tab did nothing. Both play
    again now, and the hint says so in the pads' own words."""
    from game.commands import PAUSE, START

    results_for(app)
    assert "Tab / Start play again" in app.top._hint()  # no pad connected: the generic words
    settled(app)
    pad(app, PAUSE)
    assert top_name(app) == "NothanksTable"
    app.reset(TitleScene())
    results_for(app, "ratscrew")
    app.top.handle(Command(None, START, app.now_ns(), device="kb"))
    app.frames(2)
    assert top_name(app) == "RatscrewTable"


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (640, 360), (480, 700), (1920, 1080)])
def test_the_four_buttons_sit_in_one_row_on_screen_below_the_figures(tmp_path, size):
    a = make_app(tmp_path, size)
    try:
        results_for(a, "ratscrew")
        scene = a.top
        rects = scene.menu.rects
        assert len(rects) == 4
        screen = pygame.Rect((0, 0), a.size)  # what scenes lay out for (never below the game's minimum)
        assert all(screen.contains(r) for r in rects)
        assert len({r.y for r in rects}) == 1 and len({r.h for r in rects}) == 1
        assert all(left.right < right.x for left, right in itertools.pairwise(rects))  # in order, apart
        assert scene.body.chart_rect.bottom < rects[0].y and scene.body.table_rect.bottom < rects[0].y
        if size[0] >= 800:  # room enough: every label whole at the menu's own font size
            font = ui.TEXTS.font(max(10, round(rects[0].h * 0.48)), True)
            for item, rect in zip(scene.menu.items, rects):
                assert font.size(item.label)[0] <= rect.w - rect.h // 2, item.label
    finally:
        a.reset(TitleScene())
        a.stack.clear()


def test_in_a_demo_play_again_deals_at_once_and_the_demo_goes_on(app):
    app.push(TitleScene())
    app.demo = demo = DemoLoop(alternate=True)
    config, match = finished("nothanks")
    app.push(ResultsScene(config, match))
    app.frames(30)
    assert top_name(app) == "ResultsScene"  # shows the results for a while first
    press(app, "enter")
    assert top_name(app) == "NothanksTable"  # the same game again, not the demo's alternation
    assert app.top.config.seats == config.seats and app.top.config.first_player == 1
    assert app.demo is demo  # and the demo keeps dealing after it


def test_a_demo_still_deals_its_next_game_by_itself(app):
    app.push(TitleScene())
    app.demo = DemoLoop(alternate=True)
    config, match = finished("ratscrew")
    app.push(ResultsScene(config, match))
    run_until(app, lambda: top_name(app) != "ResultsScene", max_seconds=DEMO_PAUSE_NS / 1e9 + 1)
    assert top_name(app) == "NothanksTable"
    assert all(seat.is_bot for seat in app.top.config.seats)


def test_change_seats_in_a_demo_ends_the_demo(app):
    app.push(TitleScene())
    app.demo = DemoLoop(alternate=True)
    config, match = finished("nothanks")
    app.push(ResultsScene(config, match))
    press(app, "right", "enter")
    assert top_name(app) == "LobbyScene"
    assert app.demo is None  # someone is setting up a table: the results after it wait for them


# -- Ratscrew: the chart over burns and slaps, one header font -----------------------------------------------

def burned_out() -> tuple[TableConfig, RatscrewMatch]:
    """QA #14: seat 1 never plays and slaps the empty pile until out of cards (26 cards, burns of 2); with no
    lockout after a wrong slap (the old way), so the burns come as fast as the slaps."""
    rules = games.get("ratscrew").rules_from_values({"slap_lockout_ms": 0})
    seats = [SeatSpec("human", None, "Kid"), SeatSpec("bot", "kid", "Bot 2")]
    match = RatscrewMatch(rules, seats, 30, 0)
    t_ns = 0
    while not match.is_over:
        t_ns += 50 * MS
        match.submit(Command(0, SLAP, t_ns))
        match.advance(t_ns)
        assert t_ns < 10**10
    return TableConfig("ratscrew", rules, seats, 30), match


def spy_text(monkeypatch) -> list[tuple[str, int, int | None]]:
    """(text, font size, max_w) of every ui.blit_text call from now on."""
    drawn: list[tuple[str, int, int | None]] = []
    real = ui.blit_text

    def spy(surface, s, size_px, *args, **kwargs):
        drawn.append((s, size_px, kwargs.get("max_w")))
        return real(surface, s, size_px, *args, **kwargs)

    monkeypatch.setattr(ui, "blit_text", spy)
    return drawn


def test_a_burn_out_with_no_card_played_is_charted_burn_by_burn():
    _config, match = burned_out()
    assert match.state.cards_played == 0 and match.state.winner == 1 and match.stats[0].wrong == 14
    steps = hand_steps(match.history)
    assert steps == [(26 - 2 * k, 26) for k in range(14)]  # 13 burns of 2; the 14th slap, with no cards, ends it


def test_the_burn_out_chart_runs_across_the_plot_and_says_what_the_axis_counts(app, monkeypatch):
    config, match = burned_out()
    app.push(TitleScene())
    app.push(ResultsScene(config, match))
    app.frames(2)
    body = app.top.body
    plot, lines = body.plot, body.lines
    for line in lines:
        assert line[0][0] == plot.x and line[-1][0] == plot.right  # not a vertical line at x = 0
    ys = [y for _, y in lines[0]]
    assert ys == sorted(ys) and ys[0] == plot.bottom - round(26 / body.top * plot.h) and ys[-1] == plot.bottom
    assert len({y for _, y in lines[1]}) == 1  # Bot 2 held 26 throughout
    colour = tuple(pygame.Color(ui.seat_colour(0)))[:3]
    mid_x = (plot.x + plot.right) // 2
    column = [tuple(app.screen.get_at((mid_x, y)))[:3] for y in range(plot.y, plot.bottom + 1)]
    assert colour in column  # seat 1's falling line is drawn mid-plot
    drawn = spy_text(monkeypatch)
    app.top.draw(app.screen, 0.0)
    assert t("{n} cards played and {s} slaps →", n=0, s=14) in [s for s, _, _ in drawn]


def test_steps_follow_plays_won_slaps_and_burns_in_order():
    rules = games.get("ratscrew").rules_from_values({})
    seats = [SeatSpec("human"), SeatSpec("human")]
    match = RatscrewMatch(rules, seats, 1, 0, hands=[["2C", "5D", "6H", "7S", "8C"], ["2D", "9H", "TC"]])
    for t_ms, seat, action in [(10, 0, PLAY), (20, 1, PLAY),  # 2 on 2: a double
                               (30, 0, SLAP),  # seat 1 slaps it: wins the 2 cards
                               (1000, 1, SLAP),  # seat 2 slaps the empty pile (not "too late"): burns 2
                               (1100, 0, PLAY)]:
        assert match.submit(Command(seat, action, t_ms * MS)) is None
        match.advance(t_ms * MS)
    steps = hand_steps(match.history)
    assert steps == [(5, 3), (4, 3), (4, 2), (6, 2), (6, 0), (5, 0)]
    assert steps[-1] == tuple(len(h) for h in match.state.hands)
    assert all(s.counts in steps for s in match.history.counts)  # every sampled count is a step


def test_steps_of_a_whole_game_end_at_the_final_hands_and_never_lose_a_card():
    for players, seed in [(2, 3), (3, 4), (5, 9)]:
        _config, match = finished("ratscrew", players, seed)
        steps = hand_steps(match.history)
        total = sum(steps[0])
        assert steps[-1] == tuple(len(h) for h in match.state.hands)
        assert all(min(c) >= 0 and sum(c) <= total for c in steps)
        assert all(a != b for a, b in itertools.pairwise(steps))  # only events that changed a hand
        assert len(steps) > match.state.cards_played  # a step per card played, and more for slaps


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (640, 360)])
def test_ratscrew_column_headers_share_one_font_and_are_shown_whole(tmp_path, monkeypatch, size):
    a = make_app(tmp_path, size)
    try:
        results_for(a, "ratscrew")
        headers = [t("Slaps won"), t("Wrong"), t("Late"), t("Reaction"), t("Cards")]
        rendered: list[tuple[str, int]] = []  # (text, font size) as finally rendered, after any fitting
        real = ui.TEXTS.render

        def spy(text, size_px, *args, **kwargs):
            rendered.append((text, int(size_px)))
            return real(text, size_px, *args, **kwargs)

        monkeypatch.setattr(ui.TEXTS, "render", spy)
        a.top.draw(a.screen, 0.0)
        dim = [(s, px) for s, px in rendered if px <= ui.px(size, WORD_PX)]  # headers, axis, notes
        words = {w for h in headers for w in h.split(" ")}  # a header of two words may take two lines
        shown = [(s, px) for s, px in dim if s in headers or set(s.split(" ")) <= words
                 or any(s.endswith("…") and h.startswith(s[:-1]) for h in headers)]
        assert " ".join(s for s, _ in shown) == " ".join(headers)  # every header whole (none cut with "…")
        assert len({px for _, px in shown}) == 1  # one size for all
        if size[0] >= 800:
            assert shown[0][1] == ui.px(size, WORD_PX)  # room enough: not shrunk at all
    finally:
        a.reset(TitleScene())
        a.stack.clear()


# -- No Thanks: the counted card of a run in full ----------------------------------------------------------------

def test_the_counted_card_of_each_run_lies_on_top_whole_and_each_tucked_card_shows_its_corner(app):
    config, match = finished("nothanks", 4, seed=7)
    app.push(TitleScene())
    app.push(ResultsScene(config, match))
    app.frames(2)
    body = app.top.body
    long_runs = 0
    for runs in body.runs:
        cards = body.run_cards(runs, pygame.Rect(0, 0, 600, 50))
        assert sum(counted for _, _, counted in cards) == len(runs)
        i = 0
        for run in runs:
            group = cards[i:i + len(run.cards)]
            i += len(run.cards)
            long_runs += len(run.cards) > 1
            *tucked, (_, top_rect, counted) = group
            assert counted  # the counted card is drawn last of its run: on top
            assert not any(top_rect.colliderect(r) for _, r, _ in cards[i:])  # and nothing after covers it
            for k, (_, rect, is_counted) in enumerate(tucked):
                assert not is_counted
                corner = pygame.Rect(rect.x, rect.y, max(1, round(rect.w * 0.3)), rect.h // 3)
                assert not any(corner.colliderect(r) for _, r, _ in group[k + 1:])  # its index stays in view
        assert i == len(cards)
        xs = [rect.x for _, rect, _ in cards]
        assert xs == sorted(xs)  # left to right, each run grouped
    assert long_runs >= 3  # the match has runs to check


def test_on_screen_the_counted_card_is_not_greyed_and_the_tucked_ones_are(app, monkeypatch):
    config, match = finished("nothanks", 4, seed=7)
    app.push(TitleScene())
    app.push(ResultsScene(config, match))
    app.frames(2)
    body = app.top.body
    placed = []
    real = body.run_cards

    def record(runs, area):
        out = real(runs, area)
        placed.extend(out)
        return out

    monkeypatch.setattr(body, "run_cards", record)
    screen = app.screen
    app.top.draw(screen, 0.0)
    checked = 0
    for img, rect, counted in placed:
        # a point low in the card's left part: under any card tucked behind, never under the next run
        x, y = rect.x + rect.w // 8, rect.y + rect.h * 7 // 8
        card_px = pygame.Color(img.get_at((x - rect.x, y - rect.y)))
        seen = pygame.Color(screen.get_at((x, y)))
        if counted:
            assert seen == card_px  # the counted card's face exactly as drawn: whole, bright
        else:
            assert sum(seen[:3]) < sum(card_px[:3]) - 120  # the tucked card is shaded
        checked += 1
    assert checked == sum(len(r.cards) for runs in body.runs for r in runs)
