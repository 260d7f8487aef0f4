"""The app around the tables: slaps from the keyboard, pause (Esc, focus loss), restart, quit, window close."""

from __future__ import annotations

import os

import pygame
import pytest
from support_app import fast_forward, finished, focus, press, record_commands, run_until, top_name

from game import games
from game.core.contract import TableConfig
from game.i18n import t
from game.match import SeatSpec
from game.scenes.title import TitleScene


def ratscrew_table(app, level: str = "kid", seed: int = 5, human: bool = True):
    app.push(TitleScene())
    seats = [SeatSpec("human", None, "Ada") if human else SeatSpec("bot", level, "Bot 1"), SeatSpec("bot", level, "Bot")]
    app.nav.start_table(TableConfig("ratscrew", games.get("ratscrew").rules_from_values({}), seats, seed), push=True)
    return app.top


def test_ratscrew_valid_and_wrong_slaps_from_the_keyboard(app):
    table = ratscrew_table(app)
    assert top_name(app) == "RatscrewTable"
    stats = table.match.stats[0]

    def act():
        st = table.match.state
        if st.is_over:
            return
        if st.slap_rule() is not None and stats.slaps_won == 0:
            press(app, "lshift")  # seat 1's second key: slap
        elif stats.wrong == 0 and st.pile and st.slap_rule() is None and not st.awaiting_claim:
            press(app, "lshift")
        elif st.current_player == 0 and not st.awaiting_claim or st.awaiting_claim and st.challenger == 0:
            press(app, "q")  # play (or claim)

    run_until(app, lambda: (stats.slaps_won >= 1 and stats.wrong >= 1) or table.match.state.is_over,
              max_seconds=600, each=act, step_frames=2)
    verdicts = {(rec.seat, rec.verdict) for rec in table.match.history.slaps}
    assert stats.slaps_won >= 1, verdicts
    assert stats.wrong >= 1, verdicts
    assert any(seat == 0 for seat, _ in verdicts)


def test_esc_pauses_the_table_and_freezes_it_then_resumes(app):
    # (fast_forward: the same frames on the same clock, only the last two drawn; what is drawn is not this test's)
    table = ratscrew_table(app, level="pro", human=False)
    fast_forward(app, 120)
    assert table.match.state.cards_played > 0
    press(app, "esc")
    assert top_name(app) == "PauseScene"
    played = table.match.state.cards_played
    fast_forward(app, 600)  # ten seconds paused: bots wait too
    assert table.match.state.cards_played == played
    press(app, "esc")
    assert app.top is table
    fast_forward(app, 600)
    assert table.match.state.cards_played > played


def test_focus_loss_pauses_a_table_but_not_a_menu(app):
    app.push(TitleScene())
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    app.frames(2)
    assert top_name(app) == "TitleScene"
    table = ratscrew_table(app)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    app.frames(2)
    assert top_name(app) == "PauseScene"
    assert app.top.table is table
    assert app.stack[-2] is table  # the pause is a push over the table


def test_pause_menu_restart_asks_first_and_deals_a_fresh_game(app):
    table = ratscrew_table(app)
    press(app, "esc")
    focus(app, t("Restart"))
    press(app, "enter")
    assert top_name(app) == "ConfirmScene"
    press(app, "enter")  # the default answer is No
    assert top_name(app) == "PauseScene"
    press(app, "enter")  # Restart again
    press(app, "right", "enter")  # Yes
    assert top_name(app) == "RatscrewTable"
    assert app.top is not table
    assert app.top.config.seats == table.config.seats
    assert app.top.config.seed != table.config.seed
    assert [type(s).__name__ for s in app.stack] == ["TitleScene", "RatscrewTable"]


def test_pause_menu_rules_and_quit_to_menu(app):
    ratscrew_table(app)
    press(app, "esc")
    focus(app, t("Rules"))
    press(app, "enter")
    assert top_name(app) == "RulesScene"
    assert app.top.game == "ratscrew"
    press(app, "back")
    assert top_name(app) == "PauseScene"
    pause = app.top
    pause.menu.select(len(pause.menu.items) - 1)
    assert pause.menu.current.label == t("Quit to menu")
    press(app, "enter", "right", "enter")
    assert [type(s).__name__ for s in app.stack] == ["TitleScene"]


def test_pause_menu_shows_the_last_photo_finish_again(app):
    from game.games.ratscrew.match import PhotoFinish

    table = ratscrew_table(app)
    table.match.last_photo_finish = None
    press(app, "esc")
    assert t("Last photo finish") not in [i.label for i in app.top.menu.items]
    press(app, "esc")
    table.match.last_photo_finish = PhotoFinish(((1, 0, 0, "won"), (0, 14_000_000, 14, "too late")))
    press(app, "esc")
    focus(app, t("Last photo finish"))
    press(app, "enter")
    assert app.top.photo[0] == t("{who} by {ms} ms", who="Bot", ms=14)
    assert "Ada" in app.top.photo[1]


def test_closing_the_window_from_a_table_quits_cleanly(app):
    table = ratscrew_table(app)
    closed = []
    table.exit = lambda: closed.append(True)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run(frames=10) == 0
    assert not app.running
    assert closed == [True]  # every scene left the stack through exit()
    assert len(app.stack) == 0


def test_closing_the_window_from_a_menu_quits(app):
    app.push(TitleScene())
    press(app, "enter")
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run(frames=10) == 0
    assert app.loop.frames < 10


def test_a_lost_players_seat_given_to_a_bot_plays_on(app):
    table = ratscrew_table(app)  # seat 0 is a human (Ada), seat 1 a kid bot
    app.frames(120)
    assert table.match.state.cards_played == 0  # the human has not played: the table waits
    table.give_seat_to_bot(0)
    assert table.config.seats[0].is_bot and table.config.seats[0].name == "Ada"
    assert 0 in table.view.bots
    fast_forward(app, 600)  # (only the last two frames drawn: the bot's play is this test's, not the picture)
    assert table.match.state.cards_played > 0
    first = table.match.history.counts[1]  # the first card played after the hand-over
    assert first.counts[0] == 25  # it was seat 0's: the bot played it


def test_pause_menu_draws_its_hint_inside_its_panel_not_over_the_seats(app):
    from game.ui import widgets as ui

    table = ratscrew_table(app)
    app.frames(10)
    press(app, "esc")
    pause = app.top
    assert top_name(app) == "PauseScene"
    below = pygame.Surface(app.size)
    table.draw(below, 0.0)
    expected = below.copy()
    ui.dim(expected, 150)
    pause.draw(below, 0.0)
    w, h = app.size
    outside = pygame.Rect(0, pause.rect.bottom + 1, w, h - pause.rect.bottom - 1)  # the bottom seat's panel
    assert outside.h > 100
    assert pygame.image.tobytes(below.subsurface(outside), "RGB") == pygame.image.tobytes(
        expected.subsurface(outside), "RGB")


def test_a_still_table_is_not_presented_again_until_something_changes(app):
    table = ratscrew_table(app)  # Ada (seat 0) is on turn: nothing moves until she plays
    app.frames(60)
    before = app.frames_presented
    app.frames(120)  # two more seconds of a still table
    still = app.frames_presented - before
    assert 1 <= still <= 10  # refreshed a few times a second, not 120 times
    shown = app.screen.copy()
    fresh = pygame.Surface(app.size)
    table.draw(fresh, 0.0)
    assert pygame.image.tobytes(fresh, "RGB") == pygame.image.tobytes(shown, "RGB")  # skipping hid nothing
    press(app, "q")  # Ada plays: the card flies at once
    before = app.frames_presented
    app.frames(6)
    assert app.frames_presented - before == 6
    assert table.match.state.cards_played == 1


def test_a_moving_claim_countdown_is_presented_every_frame(app):
    table = ratscrew_table(app, level="pro", human=False)

    def awaiting() -> bool:
        return table.match.state.awaiting_claim

    run_until(app, awaiting, max_seconds=600, step_frames=1)
    before = app.frames_presented
    app.frames(5)
    assert app.frames_presented - before == 5


def test_a_press_made_while_the_table_is_drawn_is_stamped_during_the_drawing(app, monkeypatch):
    table = ratscrew_table(app, level="pro", human=False)
    app.frames(30)
    view = table.view
    read = record_commands(app, monkeypatch)
    posted_at: list[int] = []
    draw_pile, draw_status = view._draw_pile, view._draw_status

    def pile_then_press(*args):
        draw_pile(*args)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RSHIFT, mod=0, unicode="",
                                             scancode=0))
        posted_at.append(app.now_ns())

    def slow_status(*args):
        app._clock.advance(4_000_000)  # the rest of the frame takes 4 ms
        draw_status(*args)

    view._draw_pile, view._draw_status = pile_then_press, slow_status
    before = app.frames_presented
    app.frames(1)
    assert app.frames_presented == before + 1 and posted_at
    view._draw_pile, view._draw_status = draw_pile, draw_status
    app.frames(1)
    (slap,) = [c for c in read if c.device == "kb:1"]
    assert slap.t_ns == posted_at[0]  # read between drawing stages, not 4 ms later when the frame ended


@pytest.mark.parametrize("game", ["ratscrew", "nothanks"])
def test_a_finished_game_is_kept_as_a_replay_that_verifies(app, tmp_path, monkeypatch, game):
    from game import record, replay

    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    config, match = finished(game, players=3, seed=21)  # bots played it to the end off-screen
    app.push(TitleScene())
    table = app.nav.start_table(config, push=True)
    table.match.close()
    table.match = match
    run_until(app, lambda: top_name(app) == "ResultsScene")
    saved = sorted((tmp_path / "data" / "replays").glob("*.jsonl"))
    assert len(saved) == 1 and saved[0].name.endswith(f"-{game}.jsonl")
    log = record.read_log(saved[0])
    assert log.footer["over"] is True and log.header["seed"] == 21
    verdict = replay.verify(log, games.GAMES)
    assert verdict.ok, verdict.line()
    assert verdict.commands == log.footer["commands"] > 10


def test_only_the_newest_fifty_replays_are_kept(tmp_path):
    from game import record
    from game.games.ratscrew.match import RatscrewMatch

    match = RatscrewMatch(games.get("ratscrew").rules_from_values({}), [SeatSpec("bot", "kid")] * 2, 3, 0)
    for _ in range(53):
        assert isinstance(record.save_recent(match.log, tmp_path), type(tmp_path))
    assert len(list((tmp_path / "replays").glob("*.jsonl"))) == record.RECENT_KEPT == 50


DATA_DIR = os.environ["COUCHCARDS_DATA_DIR"]


def test_a_disk_that_refuses_the_replay_costs_only_the_replay(tmp_path, capsys):
    from support_app import make_app

    from game.games.ratscrew.match import RatscrewMatch

    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    os.environ["COUCHCARDS_DATA_DIR"] = str(blocked)  # a file where the folder should be
    try:
        app = make_app(tmp_path)
        match = RatscrewMatch(games.get("ratscrew").rules_from_values({}), [SeatSpec("bot", "kid")] * 2, 3, 0)
        app.keep_replay(match.log)
    finally:
        os.environ["COUCHCARDS_DATA_DIR"] = DATA_DIR
    err = capsys.readouterr().err.strip().splitlines()
    err = [line for line in err if not line.startswith("couchcards: history: ")]  # the history's own one line
    assert len(err) == 1 and err[0].startswith("couchcards: the replay was not saved")
