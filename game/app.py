"""The app: window, scene stack, the services scenes use, and `run(args)` for the command line."""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep stdout for what the user asked for
import pygame

from game import settings as settings_mod
from game.audio import Audio
from game.commands import PAUSE, Command
from game.i18n import set_language, t
from game.loop import FixedLoop
from game.render.fonts import get_font
from game.scenes.config import MAX_SEATS, MIN_SEATS, DemoLoop, UsageError, config_from_args, start_table
from game.scenes.join import on_system_event
from game.scenes.pause import PauseScene
from game.scenes.title import TitleScene

if TYPE_CHECKING:
    import argparse

    from game.scenes.base import Scene
    from game.scenes.config import TableConfig
    from game.settings import Settings

MIN_SIZE = (640, 360)
MAX_SIDE = 16384
MAX_SEED = 2**63 - 1
NO_DISPLAY_DRIVERS = ("dummy", "offscreen")
FIRST_FRAME_ENV = "COUCHCARDS_REPORT_FIRST_FRAME"  # bench: print the wall time of the first frame


class Fonts:
    """`get(size, bold)`: the vendored DejaVu font, one cached Font per (size, bold)."""

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        return get_font(size, bold)


def prefer_native_framebuffer() -> None:
    """On X11, present through the X server's shared-memory framebuffer, not SDL's OpenGL one.

    SDL 2 gives a plain window surface an OpenGL texture framebuffer on X11 by default. Where OpenGL
    is software (Mesa's llvmpipe: no GPU, Xvfb, some VMs) presenting a 1280x720 frame then blocks
    the loop for ~6 ms (~2.5 ms even for a 20x20 update), and no press can be read meanwhile; X11's
    own MIT-SHM framebuffer presents the same frame in ~0.5 ms. Only on x11: drivers with no native
    framebuffer (Wayland) need SDL's texture one. Call after `pygame.display.init()` and before the
    first window: SDL decides once per video init. The environment variable, if set, wins.
    """
    if pygame.display.get_init() and pygame.display.get_driver() == "x11":
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def present_bands() -> int:
    """How many horizontal bands a frame is presented in: 1 (one flip) unless the window surface is
    the driver's own framebuffer, where each band is a cheap copy of just its pixels and input is
    read between bands. (With SDL's texture framebuffer every update re-presents the whole window.)"""
    if not pygame.display.get_init():
        return 1
    driver = pygame.display.get_driver()
    native = os.environ.get("SDL_FRAMEBUFFER_ACCELERATION", "").lower() in ("0", "false", "software")
    return PRESENT_BANDS if driver in NO_DISPLAY_DRIVERS or (driver == "x11" and native) else 1


class SilentAudio:
    """Stands in when there is no audio device: every sound is silence."""

    def play(self, name: str) -> None:
        pass

    def set_volume(self, volume: float) -> None:
        pass


def make_audio(volume: float) -> Any:
    """The table helper's synthesised sounds, or silence if they (or the device) are unavailable."""
    try:
        return Audio(volume=volume)
    except (pygame.error, OSError, ValueError, NotImplementedError) as exc:  # no device: play on, silent
        print(f"couchcards: no sound ({type(exc).__name__}: {exc})".splitlines()[0], file=sys.stderr)
        return SilentAudio()


# A still picture is presented again at least this often anyway (a window uncovered by another one
# shows the game again within this time even where the system does not ask for a redraw).
STILL_REFRESH_NS = 250_000_000
# A 1280x720 frame takes ~0.7 ms (p99 ~1.4 ms) to present through X11's shared memory: in 4 bands
# no stretch without reading input is longer than ~0.35 ms.
PRESENT_BANDS = 4

class App:
    """Owns the window and the scene stack; runs frames through the fixed-timestep loop.

    Services for scenes: push/pop/replace/quit, now_ns(), settings + save_settings(), audio, fonts,
    size, rng_seed / next_seed(), input (the InputRouter, the only reader of pygame events).
    A scene with `wants_text = True` on top gets the physical keyboard as text: the router's text entry
    is on while it is on top, and its `text_edit(edit)` gets each TextEdit (typed text, Backspace,
    Enter, Esc) in order with the Commands.
    """

    def __init__(
        self,
        settings: Settings,
        *,
        size: tuple[int, int] = (1280, 720),
        fullscreen: bool = False,
        clock: Callable[[], int] = time.perf_counter_ns,
        sleep: Callable[[float], None] = time.sleep,
        router: Any = None,
        audio: Any = None,
        rng_seed: int | None = None,
    ) -> None:
        self.settings = settings
        self._clock = clock
        self._windowed_size = size
        self.fullscreen = False
        prefer_native_framebuffer()
        self.screen = self._open_window(size, fullscreen)
        self.bands = present_bands()
        pygame.display.set_caption(t("Couch Cards"))
        if router is None:
            from game.input import InputRouter

            router = InputRouter(settings_bindings=settings["bindings"], clock=clock, warn=settings.warn)
        self.input = router
        self.audio = audio if audio is not None else make_audio(settings["volume"])
        self.fonts = Fonts()
        self.rng_seed = rng_seed if rng_seed is not None else random.SystemRandom().randrange(2**31)
        self._seeds = random.Random(self.rng_seed)
        self.demo: Any = None  # a DemoLoop while --demo deals game after game
        self.stack: list[Scene] = []
        self.running = True
        self.loop = FixedLoop(self._update, self._draw, self.input.poll, clock=clock, sleep=sleep)
        self.frames_presented = 0
        self._presented_top: Scene | None = None
        self._presented_ns = 0

    # -- services ---------------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def now_ns(self) -> int:
        return self._clock()

    def next_seed(self) -> int:
        """A fresh table seed from the app's own seeded source (reproducible with --seed)."""
        return self._seeds.randrange(2**31)

    def push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].pause()
        self._enter(scene)
        self._sync_text_input()

    def pop(self) -> None:
        scene = self.stack.pop()
        scene.exit()
        if self.stack:
            self.stack[-1].resume()
        else:
            self.quit()
        self._sync_text_input()

    def replace(self, scene: Scene) -> None:
        self.stack.pop().exit()
        self._enter(scene)
        self._sync_text_input()

    def reset(self, scene: Scene) -> None:
        """Empty the stack (exiting every scene) and start again from `scene`, e.g. quit to menu."""
        while self.stack:
            self.stack.pop().exit()
        self._enter(scene)
        self._sync_text_input()

    def quit(self) -> None:
        self.running = False

    def save_settings(self) -> bool:
        set_language(self.settings["language"])
        if hasattr(self.audio, "set_volume"):
            self.audio.set_volume(self.settings["volume"])
        return self.settings.save()

    def pause_game(self) -> None:
        """Push the pause menu over the table on top (Esc, a pad's Start, focus loss)."""
        top = self.top
        if top is not None and top.wants_pause_on_focus_loss:
            self.push(PauseScene(top))

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.screen = self._open_window(self._windowed_size, False)
        else:
            self._windowed_size = self.size
            self.screen = self._open_window(self._windowed_size, True)
        self.settings["fullscreen"] = self.fullscreen
        self.settings.save()  # the next start opens the same way
        self._relayout()

    # -- running ----------------------------------------------------------------------------------
    def run(self, frames: int | None = None, screenshot: str | None = None) -> int:
        """Run until quit (or `frames` frames); save the last frame to `screenshot` if given."""
        report_first = bool(os.environ.get(FIRST_FRAME_ENV))
        while self.running and self.stack and (frames is None or self.loop.frames < frames):
            self.loop.frame()
            if report_first and self.loop.frames == 1:
                print(f"first-frame-wall {time.time():.6f}", file=sys.stderr, flush=True)
        code = 0
        if screenshot:
            try:
                pygame.image.save(self.screen, screenshot)
            except (pygame.error, OSError) as exc:  # e.g. a folder that does not exist: one line, not a traceback
                print(f"couchcards: cannot save the screenshot: {exc}".splitlines()[0], file=sys.stderr)
                code = 2
        for scene in reversed(self.stack):
            scene.exit()
        self.stack.clear()
        return code

    def frames(self, n: int) -> None:
        """Run exactly `n` frames (tests and benches with an injected clock)."""
        for _ in range(n):
            if not (self.running and self.stack):
                return
            self.loop.frame()

    def _enter(self, scene: Scene) -> None:
        scene.app = self
        self.stack.append(scene)
        scene.enter()
        scene.relayout(self.size)

    def _sync_text_input(self) -> None:
        """The router types text exactly while a scene that wants text is on top."""
        want = bool(getattr(self.top, "wants_text", False))
        if hasattr(self.input, "set_text_input") and self.input.text_input != want:
            self.input.set_text_input(want)

    def _update(self, now_ns: int, dt_ns: int) -> None:
        self._system_events()
        items: list[Any] = self.input.drain()
        if hasattr(self.input, "drain_text"):
            items += self.input.drain_text()
            items.sort(key=lambda item: (item.t_ns, item.poll))  # stable: a read keeps its order
        for item in items:
            self._dispatch(item)
        if self.stack:
            self.stack[-1].update(now_ns, dt_ns)

    def _dispatch(self, cmd: Any) -> None:
        """A Command to the top scene's `handle`, a TextEdit to its `text_edit` (dropped if it has none)."""
        top = self.top
        if top is None:
            return
        if not isinstance(cmd, Command):
            text_edit = getattr(top, "text_edit", None)
            if text_edit is not None:
                text_edit(cmd)
        elif cmd.action == PAUSE and top.wants_pause_on_focus_loss:
            self.pause_game()
        else:
            top.handle(cmd)

    def _system_events(self) -> None:
        for event in self.input.system_events():
            if on_system_event(self, event):  # a pad that held a seat was unplugged: the table waits
                continue
            if event == "quit":
                self.quit()
            elif event == "focus_lost":
                self.pause_game()
            elif event == "resized":
                self.screen = pygame.display.get_surface()
                if not self.fullscreen:
                    self._windowed_size = self.size
                self._relayout()
            elif event == "fullscreen":
                self.toggle_fullscreen()

    def _draw(self, alpha: float) -> None:
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].draws_below:
            first -= 1
        top = self.stack[-1]
        now = self._clock()
        if (
            first == len(self.stack) - 1
            and top is self._presented_top
            and now - self._presented_ns < STILL_REFRESH_NS
            and top.unchanged(self.size, alpha)
        ):
            # The picture would not change: skip drawing and presenting. Presenting blocks input
            # reading for milliseconds on some displays, and slap races happen on a still pile.
            return
        for scene in self.stack[max(first, 0):]:
            scene.draw(self.screen, alpha)
            self.input.poll()  # drawing takes time: keep stamping presses while it runs
        self._present()
        self.frames_presented += 1
        self._presented_top = top
        self._presented_ns = now

    def _present(self) -> None:
        """Show the frame: one flip, or band by band with input read between bands."""
        if self.bands <= 1:
            pygame.display.flip()
            return
        w, h = self.screen.get_size()
        step = -(-h // self.bands)
        for y in range(0, h, step):
            pygame.display.update((0, y, w, min(step, h - y)))
            self.input.poll()

    def _relayout(self) -> None:
        for scene in self.stack:
            scene.relayout(self.size)

    def _open_window(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        try:
            if fullscreen:
                screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            self.fullscreen = fullscreen
        except pygame.error:
            screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            self.fullscreen = False
        return screen


# -- command line ---------------------------------------------------------------------------------
def no_display_reason() -> str | None:
    """Why no window can be shown here, or None. Checked before anything is opened."""
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        if os.environ.get("SDL_VIDEODRIVER", "") not in ("kmsdrm", "fbcon", "directfb"):
            return "no display found (neither DISPLAY nor WAYLAND_DISPLAY is set)"
    if os.environ.get("SDL_VIDEODRIVER", "") in NO_DISPLAY_DRIVERS:
        return f"SDL_VIDEODRIVER={os.environ['SDL_VIDEODRIVER']} shows no window"
    return None


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise UsageError(f"--size must look like 1280x720, not {text!r}") from None
    if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
        raise UsageError(f"--size must be at least {MIN_SIZE[0]}x{MIN_SIZE[1]}, not {text!r}")
    if w > MAX_SIDE or h > MAX_SIDE:
        raise UsageError(f"--size must be at most {MAX_SIDE}x{MAX_SIDE}, not {text!r}")
    return w, h


def check_args(args: argparse.Namespace) -> tuple[tuple[int, int], TableConfig | None]:
    """The window size and the table the options ask for; raises UsageError (one line) for a bad option.

    Needs no display, so bad options are reported before the display is looked at."""
    if args.frames is not None and args.frames < 1:
        raise UsageError(f"--frames must be 1 or more, not {args.frames}")
    if args.players is not None and not MIN_SEATS <= args.players <= MAX_SEATS:
        raise UsageError(f"--players must be {MIN_SEATS} to {MAX_SEATS}, not {args.players}")
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        raise UsageError(f"--seed must be a whole number from 0 to {MAX_SEED}, not {args.seed}")
    return parse_size(args.size), config_from_args(args)


def run(args: argparse.Namespace) -> int:
    """Play from the command line; returns the exit code (2 for bad options or no display)."""
    try:
        size, start_config = check_args(args)
    except UsageError as exc:
        print(f"couchcards: {exc}", file=sys.stderr)
        return 2
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    else:
        reason = no_display_reason()
        if reason:
            print(f"couchcards: {reason}; run with --headless to play with no window.", file=sys.stderr)
            return 2
    try:
        pygame.display.init()
    except pygame.error as exc:
        print(f"couchcards: cannot open a window ({exc}); run with --headless to play with no window.",
              file=sys.stderr)
        return 2
    if not args.headless and pygame.display.get_driver() in NO_DISPLAY_DRIVERS:
        print(f"couchcards: no display (video driver {pygame.display.get_driver()!r}); "
              "run with --headless to play with no window.", file=sys.stderr)
        pygame.quit()
        return 2
    pygame.font.init()
    settings = settings_mod.load()
    set_language(settings["language"])
    app = App(settings, size=size, fullscreen=args.fullscreen or settings["fullscreen"],
              rng_seed=args.seed)
    app.push(TitleScene())
    if args.demo:
        levels = tuple(seat.level for seat in start_config.seats) if args.bots else ()
        app.demo = DemoLoop(alternate=not (args.game or args.bots), levels=levels)
    if start_config is not None:
        if args.seed is None:
            start_config = start_config.with_seed(app.next_seed())
        start_table(app, start_config, push=True)
    try:
        return app.run(frames=args.frames, screenshot=args.screenshot)
    finally:
        pygame.quit()
