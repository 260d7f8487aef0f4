"""The coach at the No Thanks table: ↑ past the teaching aid turns it on (↓ off again), by keyboard or pad; it
speaks on a person's turn only, always for a learner (after the learner's hint delay), from that seat's
observation alone; its box keeps clear of every other word at every table size, in 20 px at 1280x720."""

from __future__ import annotations

import random

import pygame
import pytest
from support_table import nothanks_table, press, screenshot

from game.commands import DOWN, PASS, TAKE, UP, Command
from game.games.nothanks import coach as coach_mod
from game.games.nothanks import engine as nt
from game.games.nothanks.bots import HardBot
from game.games.nothanks.coach import position_seed
from game.match import SeatSpec
from game.render.text import overlaps
from game.scenes.lobby import LobbyScene


def humans(n: int, learner: int | None = None) -> list[SeatSpec]:
    return [SeatSpec("human", name=name, hint_ms=learner if i == 0 else None)
            for i, name in enumerate(["Ada", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal"][:n])]


def up(app, table, device: str = "") -> None:
    table.handle(Command(None, UP, app.clock(), device=device))
    app.step()


def down(app, table) -> None:
    table.handle(Command(None, DOWN, app.clock()))
    app.step()


def coach_box(table):
    return [b for b in table.view.text_boxes() if b.kind == "coach"]


def test_up_past_the_teaching_aid_turns_the_coach_on_and_down_turns_it_off_first():
    app, table = nothanks_table(nt.Rules(), humans(3))
    assert table.view.teaching_aid and not table.coaching and table.view.coach is None
    up(app, table)
    assert table.coaching and table.view.teaching_aid
    seat, lines, _ = table.view.coach
    assert seat == 0 and lines[0][0].startswith("Coach for Ada: ")
    screenshot(table, "coach_table_3.png")
    assert len(coach_box(table)) == 1
    down(app, table)
    assert not table.coaching and table.view.teaching_aid and table.view.coach is None
    down(app, table)
    assert not table.view.teaching_aid and app.settings["teaching_aid"] is False
    up(app, table)
    assert table.view.teaching_aid and not table.coaching  # one step at a time
    up(app, table, device="pad:1")  # a pad's d-pad up is the same key
    assert table.coaching and table.view.coach is not None


def test_the_coach_follows_the_turn_and_says_what_the_hard_bot_would_do_there():
    app, table = nothanks_table(nt.Rules(), humans(3), seed=11)
    up(app, table)
    for _ in range(5):
        st = table.match.state
        seat = st.current_player
        obs = st.observation(seat)
        expected = HardBot(random.Random(position_seed(table.config.seed, obs))).decide(obs)
        coached, lines, _ = table.view.coach
        assert coached == seat
        head = lines[0][0]
        assert head.endswith("take it!" if expected == nt.TAKE else ("say No Thanks", "must take it")[
            nt.PASS not in st.legal_actions()])
        press(app, table, seat, expected, after_ms=200)
        app.run_ms(600)


def test_no_coach_on_a_bots_turn():
    seats = [SeatSpec("human", name="Ada"), SeatSpec("bot", "easy"), SeatSpec("bot", "easy")]
    app, table = nothanks_table(nt.Rules(), seats)
    up(app, table)
    assert table.view.coach is not None
    press(app, table, 0, PASS, after_ms=100)
    app.step()
    assert table.match.state.current_player == 1 and table.view.coach is None


def test_a_learner_has_the_coach_after_its_hint_delay_without_asking_and_others_do_not():
    app, table = nothanks_table(nt.Rules(), humans(3, learner=1000))
    assert not table.coaching
    app.run_ms(500)
    assert table.view.coach is None  # it gets to think first
    app.run_ms(600)
    assert table.view.coach is not None and table.view.coach[0] == 0
    press(app, table, 0, PASS, after_ms=10)
    app.run_ms(1500)
    assert table.match.state.current_player == 1 and table.view.coach is None  # Bo is no learner


def test_the_learner_flag_comes_from_the_lobby(app):
    app.push(LobbyScene("nothanks"))
    app.frames(2)
    lobby = app.top
    lobby.seating.cycle_hint(0, 1)
    assert lobby.table_config().seats[0].hint_ms == 500


def test_the_table_asks_the_coach_with_the_seats_observation_only(monkeypatch):
    seen = []
    real = coach_mod.advise

    def spy(obs, rng, iterations=None):
        seen.append(obs)
        return real(obs, rng, 60)

    monkeypatch.setattr(coach_mod, "advise", spy)
    app, table = nothanks_table(nt.Rules(hidden_matches=True), humans(3))
    up(app, table)
    press(app, table, 0, PASS, after_ms=100)
    app.step(2)
    assert len(seen) == 2
    for obs, seat in zip(seen, (0, 1), strict=True):
        assert type(obs) is nt.Observation and obs.seat == seat
        assert [m is None for m in obs.matches] == [s != seat for s in range(3)]  # others' matches unseen
    assert seen[1] == table.match.state.observation(1)


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
@pytest.mark.parametrize("n", range(2, 9))
def test_the_coachs_box_keeps_clear_of_every_other_word(n, size):
    app, table = nothanks_table(nt.Rules(), humans(n), size=size)
    for seat in range(n):  # a round of payments, then Ada takes: a pot, a card in hand
        press(app, table, seat, PASS, after_ms=200)
        app.step()
    press(app, table, 0, TAKE, after_ms=200)
    app.run_ms(800)
    for seat in range(1, n):
        press(app, table, seat, PASS, after_ms=200)
        app.step()
    table.handle(Command(None, "left", app.clock()))  # the move log asked for too: it gives way
    up(app, table)
    app.run_ms(800)
    surface = screenshot(table, f"coach_table_{n}_{size[0]}x{size[1]}.png")
    boxes = table.view.text_boxes()
    coach = coach_box(table)
    assert len(coach) == 1, f"no room for the coach at {n} seats"
    assert table.view.show_log and table.view.log_rect() is None
    assert overlaps(boxes) == []
    assert pygame.Rect((0, 0), size).contains(coach[0].rect)
    if size == (1280, 720):
        assert coach[0].px >= 20
    assert surface.get_at(coach[0].rect.center) != surface.get_at((coach[0].rect.centerx, 0))
    assert "Coach for Ada" in coach[0].text
