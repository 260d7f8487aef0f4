"""Windows of any size: SDL is told the game's minimum, and a window the system makes smaller anyway is
drawn through a canvas of the minimum size, so no scene ever lays out below it (and nothing crashes)."""

from __future__ import annotations

import pygame
import pytest
from support_app import run_until, top_name

from game import games, screens
from game.core.contract import TableConfig
from game.match import SeatSpec
from game.services import MIN_WINDOW


def resize(app, size):
    """The window becomes `size` (as a window manager would do it) and the app hears of it."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.frames(3)


@pytest.mark.parametrize("where", ["lobby", "table", "pause"])
def test_a_tiny_window_and_back_leaves_the_game_running(app, where):
    app.nav.push(screens.Title())
    if where == "lobby":
        app.nav.push(screens.Lobby("ratscrew"))
    else:
        seats = [SeatSpec("bot", "pro", "A"), SeatSpec("bot", "pro", "B"), SeatSpec("human", None, "C")]
        app.nav.start_table(TableConfig("ratscrew", games.get("ratscrew").rules_from_values({}), seats, 4),
                            push=True)
        if where == "pause":
            app.pause_game()
    expected = top_name(app)
    for size in ((150, 80), (1, 1), (639, 700), (2000, 200), (1280, 800), (1280, 720)):  # 1280×800: a Steam Deck
        resize(app, size)
        assert app.running and top_name(app) == expected
        w, h = app.size
        assert w >= MIN_WINDOW[0] and h >= MIN_WINDOW[1]  # scenes never see less than the minimum
        assert app.screen.get_size() == (max(size[0], MIN_WINDOW[0]), max(size[1], MIN_WINDOW[1]))
    assert app.size == (1280, 720) and app.screen is pygame.display.get_surface()  # back to the window itself


def test_a_tiny_window_still_shows_the_whole_frame_scaled_down(app):
    app.nav.push(screens.Title())
    resize(app, (320, 180))
    window = pygame.display.get_surface()
    assert window.get_size() == (320, 180) and app.size == (640, 360)
    colours = {tuple(window.get_at((x, y)))[:3] for x in range(0, 320, 8) for y in range(0, 180, 6)}
    assert len(colours) > 20  # the title, scaled down, not a blank window
    run_until(app, lambda: True)
