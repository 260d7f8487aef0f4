"""A start with no audio device (a TV whose sound does not come from the computer, headphones unplugged, a
driver that is not there): the game plays silent and says why on the title screen, since the stderr line
reaches no one in a windowed build. (No display at all: tests/test_app_cli.py; no sound device in a
subprocess: tests/test_audio.py.)"""

from __future__ import annotations

import pygame
from support_app import make_app
from test_start_news import news_under_the_menu, title_words

from game import app as app_mod
from game import settings as settings_mod
from game.app import App, SilentAudio
from game.games import GAMES
from game.i18n import t
from game.loop import FakeClock
from game.scenes.title import start_news

NO_SOUND = "No sound this time: no audio device was found."


def test_no_audio_device_is_said_on_the_title_and_the_game_plays_silent(tmp_path, monkeypatch, capsys):
    def no_device(volume: float) -> None:
        raise pygame.error("Audio target 'nosuch' not available")  # what SDL answers for SDL_AUDIODRIVER=nosuch

    monkeypatch.setattr(app_mod, "Audio", no_device)
    pygame.display.init()
    pygame.font.init()
    settings = settings_mod.load(tmp_path / "settings.json", warn=lambda m: None, games=GAMES)
    clock = FakeClock()
    app = App(settings, clock=clock, sleep=clock.sleep, rng_seed=1)
    try:
        assert isinstance(app.audio, SilentAudio) and app.no_sound
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "no sound" in err and "Traceback" not in err
        news = start_news(app.settings, app.history, app.no_sound)
        assert news == [t(NO_SOUND)]
        news_under_the_menu(app, title_words(app), news)
        app.audio.play("slap")  # silence, not an error
    finally:
        app.stack.clear()
        app.history.close()


def test_a_silent_audio_given_by_a_test_or_a_bench_is_no_news(tmp_path):
    """Only the app's own look for a device that found none is news: the tests' and benches' silence is not."""
    app = make_app(tmp_path)
    try:
        assert not app.no_sound
        assert t(NO_SOUND) not in " ".join(text for _, text in title_words(app))
    finally:
        app.stack.clear()
        app.history.close()
