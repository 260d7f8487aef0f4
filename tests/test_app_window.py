"""Window events and app services: resize relayouts every scene, F11, silent audio, the stack's rules."""

from __future__ import annotations

from itertools import pairwise

import pygame
from support_app import press, top_name

from game import app as app_mod
from game import games
from game.core.contract import TableConfig
from game.scenes.title import TitleScene
from game.ui.scene import Scene


class Probe(Scene):
    def __init__(self, draws_below: bool = False) -> None:
        self.draws_below = draws_below
        self.calls: list[str] = []
        self.sizes: list[tuple[int, int]] = []

    def enter(self):
        self.calls.append("enter")

    def exit(self):
        self.calls.append("exit")

    def pause(self):
        self.calls.append("pause")

    def resume(self):
        self.calls.append("resume")

    def handle(self, cmd):
        self.calls.append(f"handle:{cmd.action}")

    def update(self, now_ns, dt_ns):
        if not self.calls or self.calls[-1] != "update":
            self.calls.append("update")

    def draw(self, surface, alpha):
        self.calls.append("draw")

    def relayout(self, size):
        self.sizes.append(tuple(size))


def test_resize_relayouts_every_scene_on_the_stack(app):
    from game.match import SeatSpec

    app.push(TitleScene())
    seats = [SeatSpec("bot", "kid"), SeatSpec("bot", "kid"), SeatSpec("bot", "kid")]
    app.nav.start_table(TableConfig("ratscrew", games.get("ratscrew").rules_from_values({}), seats, 1), push=True)
    table = app.top
    probe = Probe(draws_below=True)
    app.push(probe)
    pygame.display.set_mode((1024, 600), pygame.RESIZABLE)  # what the window manager does
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1024, 600), w=1024, h=600))
    app.frames(2)
    assert app.size == (1024, 600)
    assert probe.sizes[-1] == (1024, 600)
    assert table.view.L.size == (1024, 600)
    title = app.stack[0]
    assert title.panel_rect.right <= 1024 and title.panel_rect.bottom <= 600


def test_f11_toggles_fullscreen_and_back(app):
    app.push(TitleScene())
    probe = Probe()
    app.push(probe)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    app.frames(2)
    assert app.settings["fullscreen"] is app.fullscreen
    assert len(probe.sizes) >= 2  # relayout after the switch
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    app.frames(2)
    assert app.fullscreen is False
    assert app.size == (1280, 720)


def test_only_the_top_scene_gets_input_and_updates_and_overlays_draw_below(app):
    below, middle, top = Probe(), Probe(), Probe(draws_below=True)
    app.push(below)
    app.push(middle)
    app.push(top)
    assert below.calls == ["enter", "pause"] and middle.calls == ["enter", "pause"]
    for p in (below, middle, top):
        p.calls.clear()
    press(app, "down")
    assert "handle:down" in top.calls and "update" in top.calls
    assert not any(c.startswith("handle") or c == "update" for c in middle.calls + below.calls)
    assert "draw" in middle.calls  # the overlay's scene below draws first
    assert "draw" not in below.calls  # but not the one under an opaque scene
    app.pop()
    assert top.calls[-1] == "exit" and middle.calls[-1] == "resume"
    below.calls.clear()
    app.replace(Probe())
    assert middle.calls[-1] == "exit" and below.calls == []  # a replace leaves the scene below alone
    app.pop()
    app.pop()
    assert not app.running  # popping the last scene quits


def test_no_audio_device_means_silence(monkeypatch):
    class Broken:
        def __init__(self, volume):
            raise pygame.error("no audio device")

    monkeypatch.setattr(app_mod, "Audio", Broken)
    audio = app_mod.make_audio(0.5)
    audio.play("slap")  # and it does nothing
    assert isinstance(audio, app_mod.SilentAudio)


def test_real_audio_on_the_dummy_driver_plays_without_error():
    audio = app_mod.make_audio(0.5)
    for name in ("flip", "slap", "wrong", "pile_won", "match", "take", "game_over"):
        audio.play(name)


def test_esc_in_a_menu_goes_back_and_on_the_title_points_at_quit(app):
    app.push(TitleScene())
    press(app, "enter")
    assert top_name(app) == "ChooseGameScene"
    press(app, "esc")
    assert top_name(app) == "TitleScene"
    press(app, "esc")
    assert app.top.menu.current.label == "Quit"
    press(app, "enter")  # asks first, like quitting a game: "No" focused
    assert top_name(app) == "ConfirmScene" and app.top.menu.current.label == "No" and app.running
    press(app, "enter")
    assert top_name(app) == "TitleScene" and app.running
    press(app, "enter", "right")  # ← → move between No and Yes
    assert app.top.menu.current.label == "Yes"
    press(app, "enter")
    assert not app.running


# -- presenting: the framebuffer SDL uses, and frames presented in bands --------------------------------
def _driver(monkeypatch, name: str) -> None:
    monkeypatch.setattr(pygame.display, "get_init", lambda: True)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: name)


def test_on_x11_the_game_asks_for_the_servers_own_framebuffer_unless_the_user_chose(monkeypatch):
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    _driver(monkeypatch, "x11")
    app_mod.prefer_native_framebuffer()
    assert app_mod.os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    assert app_mod.present_bands() == app_mod.PRESENT_BANDS
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "1")  # the user's own choice wins
    app_mod.prefer_native_framebuffer()
    assert app_mod.os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "1"
    assert app_mod.present_bands() == 1  # SDL's texture framebuffer: one flip


def test_drivers_without_a_native_framebuffer_keep_sdls_choice_and_one_flip(monkeypatch):
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    for name in ("wayland", "cocoa", "windows"):
        _driver(monkeypatch, name)
        app_mod.prefer_native_framebuffer()
        assert "SDL_FRAMEBUFFER_ACCELERATION" not in app_mod.os.environ, name
        assert app_mod.present_bands() == 1, name


def test_a_frame_is_presented_band_by_band_reading_input_between_bands(app, monkeypatch):
    app.push(Probe())
    assert app.bands == app_mod.PRESENT_BANDS  # the dummy driver's framebuffer is its own
    w, h = app.size
    bands: list[pygame.Rect] = []
    posted_at: list[int] = []
    real_update = pygame.display.update

    def update(rect):
        bands.append(pygame.Rect(rect))
        real_update(rect)
        if len(bands) == 2:  # a press made while the second band is being copied
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=0, unicode="",
                                                 scancode=0))
            posted_at.append(app.now_ns())
        app._clock.advance(1_000_000)  # each band takes 1 ms

    monkeypatch.setattr(pygame.display, "update", update)
    app._present()
    assert len(bands) == app_mod.PRESENT_BANDS
    assert all(b.x == 0 and b.w == w for b in bands)
    assert [b.y for b in bands] == sorted(b.y for b in bands)
    assert sum(b.h for b in bands) == h and bands[0].y == 0
    assert all(a.bottom == b.top for a, b in pairwise(bands))  # no gap, no overlap
    (cmd,) = app.input.drain()
    assert cmd.t_ns - posted_at[0] == 1_000_000  # read after that band, not when the frame was shown
