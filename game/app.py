"""The app: window, scene stack, the services scenes use, and `run(args)` for the command line."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import random
import sys
import time
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep stdout for what the user asked for
import pygame

from game import record, screens
from game.audio import Audio, no_sound_line
from game.commands import PAUSE, Command
from game.games import REGISTRY
from game.history import History, SessionTally, Tally, game_record, open_history, table_key
from game.i18n import set_language, t
from game.input import InputRouter
from game.loop import FixedLoop
from game.render import cache as render_cache
from game.render import scale
from game.render.icon import window_icon
from game.render.text import TextRecorder, get_font
from game.scenes.navigator import Navigator
from game.scenes.stack import SceneStack
from game.services import MIN_WINDOW, InputPort
from game.services import Audio as AudioPort
from game.ui import widgets as ui

if TYPE_CHECKING:
    from game.core.contract import Match, TableConfig
    from game.input.router import TextEdit
    from game.record import MatchLog
    from game.services import DemoPort, Scene
    from game.settings import Settings

NO_DISPLAY_DRIVERS = ("dummy", "offscreen")
FIRST_FRAME_ENV = "COUCHCARDS_REPORT_FIRST_FRAME"  # bench: print the wall time of the first frame


def own_peak_kb() -> int | None:
    """This program's peak resident memory (kB) since it started, or None where the system does not say.
    Linux's VmHWM starts afresh with the program (getrusage's ru_maxrss keeps the peak of the process that
    started it, before it ran this one)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return None


def load_pad_mappings(warn: Callable[[str], None]) -> None:
    """SDL learns the bundled pad mappings and the player's own (the data folder's gamecontrollerdb.txt)
    before the first pad opens: once a run. (Imported here: a start with no pad never reads the database.)"""
    from game.input.mappings import FILENAME, load_once

    load_once(record.data_dir() / FILENAME, warn)


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


def set_minimum_size(size: tuple[int, int]) -> None:
    """Tell SDL the window may not be made smaller than `size` (where the driver can say so)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # pygame-ce nudges towards its Window API
            pygame.Window.from_display_module().minimum_size = size
    except (pygame.error, AttributeError):
        pass  # no window object (dummy driver, older pygame): the canvas in App._canvas still copes


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

    def wait_ready(self, timeout: float | None = None) -> bool:
        return True


def make_audio(volume: float) -> AudioPort:
    """The table helper's synthesised sounds, or silence if they (or the device) are unavailable."""
    try:
        return Audio(volume=volume)
    except (pygame.error, OSError, ValueError, NotImplementedError) as exc:  # no device: play on, silent
        print(no_sound_line(exc), file=sys.stderr)
        return SilentAudio()


# A still picture is presented again at least this often anyway (a window uncovered by another one
# shows the game again within this time even where the system does not ask for a redraw).
STILL_REFRESH_NS = 250_000_000
# A 1280x720 frame takes ~0.7 ms (p99 ~1.4 ms) to present through X11's shared memory: in 4 bands
# no stretch without reading input is longer than ~0.35 ms.
PRESENT_BANDS = 4
# Rumble patterns the table asks for: (start ms, low motor, high motor, length ms) pulses.
RUMBLE: dict[str, tuple[tuple[int, float, float, int], ...]] = {
    "short": ((0, 0.45, 0.8, 110),),  # a won slap
    "double": ((0, 1.0, 0.5, 90), (180, 1.0, 0.5, 90)),  # a wrong slap
    "long": ((0, 0.7, 1.0, 320),),  # a won challenge
}

class App:
    """Owns the window and the scene stack; runs frames through the fixed-timestep loop.

    The services every scene gets as `scene.app` (see game.services.Services): the stack and `nav`
    (screens by name), now_ns(), settings + save_settings(), audio, fonts, size, games (the registry),
    rng_seed / next_seed(), input (the InputRouter, the only reader of pygame events).
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
        router: InputPort | None = None,
        audio: AudioPort | None = None,
        rng_seed: int | None = None,
        history: History | None = None,
    ) -> None:
        self.settings = settings
        set_language(settings["language"])  # "auto": the system's; before any text (and the letters)
        scale.apply_settings(settings)  # text size, large cards, card letters
        render_cache.fix_mmap_threshold()
        self._clock = clock
        self._windowed_size = size
        self.fullscreen = False
        prefer_native_framebuffer()
        pygame.display.set_icon(window_icon())  # the card fan; before the window opens, as SDL asks
        self._window: pygame.Surface | None = None  # the real window while it is below the minimum
        self.screen = self._open_window(size, fullscreen)
        scale.install(window=self.size)
        self.bands = present_bands()
        pygame.display.set_caption(t("Couch Cards"))
        if router is None:
            router = InputRouter(settings_bindings=settings["bindings"], clock=clock, warn=settings.warn,
                                 learn_pads=lambda: load_pad_mappings(settings.warn))
        self.input: InputPort = router
        self.audio = audio if audio is not None else make_audio(settings["volume"])
        self.no_sound = audio is None and isinstance(self.audio, SilentAudio)  # said on the title too
        self.fonts = Fonts()
        self.rng_seed = rng_seed if rng_seed is not None else random.SystemRandom().randrange(2**31)
        self._seeds = random.Random(self.rng_seed)
        self.games = REGISTRY
        self.demo: DemoPort | None = None  # a DemoLoop while --demo deals game after game
        self.stack = SceneStack(self, lambda: self.size, on_change=self._sync_text_input, on_empty=self.quit)
        self.nav = Navigator(self.stack)
        self.running = True
        self.loop = FixedLoop(self._update, self._draw, self.input.poll, clock=clock, sleep=sleep,
                              presses=lambda: self.input.presses)
        self.frames_presented = 0
        self._presented_top: Scene | None = None
        self._presented_ns = 0
        self.toasts = ui.Toasts()
        # The players' history, opened (or created) now; a disk that refuses costs the history, never the game.
        self.history = history if history is not None else open_history()
        self.tally = SessionTally()  # the evening's running score, while Play again keeps the table
        self._history_failures = self.history.failures  # the history's refused writes already told
        self._toasted = False  # the last frame drawn showed a notice
        self._rumbles: list[tuple[int, int, float, float, int]] = []  # (due ns, seat, low, high, ms)
        self._presses = self.input.presses
        self._pad_news: dict[str, tuple[int, list[int]]] = {}  # notice kind -> (when, pad numbers in it)
        self._idle_seen: tuple[int, ...] = ()  # the pads without a seat when the notices were last made

    # -- services ---------------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def top(self) -> Scene | None:
        return self.stack.top

    def now_ns(self) -> int:
        return self._clock()

    def next_seed(self) -> int:
        """A fresh table seed from the app's own seeded source (reproducible with --seed)."""
        return self._seeds.randrange(2**31)

    def push(self, scene: Scene) -> None:
        self.stack.push(scene)

    def pop(self) -> None:
        self.stack.pop()

    def replace(self, scene: Scene) -> None:
        self.stack.replace(scene)

    def reset(self, scene: Scene) -> None:
        """Empty the stack (exiting every scene) and start again from `scene`, e.g. quit to menu."""
        self.stack.reset(scene)

    def quit(self) -> None:
        self.running = False

    def save_settings(self) -> bool:
        looks = scale.looks()
        set_language(self.settings["language"])
        self.audio.set_volume(self.settings["volume"])
        scale.apply_settings(self.settings)
        if scale.looks() != looks:  # a new language, text size, card size or letters: every screen lays out anew
            self._relayout(resized=False)
        return self._write_settings()

    def _write_settings(self) -> bool:
        """Write the settings file; whether the disk took it."""
        if self.settings.save():
            return True
        # The stderr line reaches no one in a windowed build: a family that saved a preset, typed a name or pressed
        # F11 on a full or read-only disk hears now that it lasts only until the game closes.
        self.notice(lambda: t("Settings not saved \u2014 they last until the game closes"), ui.WARN,
                    key="unsaved_settings")
        return False

    def keep_replay(self, log: MatchLog) -> None:
        """Save a finished game's command log among the recent replays (the newest 50 are kept); a disk
        that refuses costs the replay, never the game: one line on stderr and a notice."""
        saved = record.save_recent(log)
        if isinstance(saved, str):
            print(f"couchcards: {saved}".splitlines()[0], file=sys.stderr)
            self.notice(lambda: t("This game's replay was not saved \u2014 the disk refused it"), ui.WARN,
                        key="unsaved_replay")

    def record_history(self, config: TableConfig, match: Match) -> None:
        """A finished game joins the evening's tally and the players' history. Taking its record is cheap;
        the writing happens on the history's own thread. A demo is neither."""
        if self.demo is not None:
            return
        try:
            found = game_record(config, match)
        except Exception as exc:  # noqa: BLE001 - the history must never cost the game: say why instead
            print(f"couchcards: history: the game was not recorded ({type(exc).__name__}: {exc})".splitlines()[0],
                  file=sys.stderr)
            return
        self.tally.add(found)
        self.history.record_game(found)

    def session_tally(self, config: TableConfig) -> Tally | None:
        """The running tally of the table `config` (None if the last game recorded was another table)."""
        return self.tally.current(table_key(config))

    def notice(self, text: str | Callable[[], str], colour: tuple[int, int, int] | None = None, key: str = "") -> None:
        """A short notice over whatever scene is on (a pad plugged in or out), read from the sofa: `text`, or what
        `text()` words when drawn (so it follows a change of language); a notice with the `key` of one still shown
        replaces it."""
        self.toasts.add(self._clock(), text, colour, key)

    def rumble(self, seat: int, pattern: str) -> None:
        """Rumble the pad that plays `seat` in a pattern of RUMBLE ("short", "double", "long"), unless
        rumble is off in Settings; nothing for a keyboard seat, a bot or a pad without motors."""
        if not self.settings.get("rumble", True) or self.input.pad_of(seat) is None:
            return
        now = self._clock()
        for start_ms, low, high, ms in RUMBLE.get(pattern, ()):
            # Each pulse is stopped on time by the game too, so the pulses of a pattern stay apart.
            self._rumbles.append((now + start_ms * 1_000_000, seat, low, high, ms))
            self._rumbles.append((now + (start_ms + ms) * 1_000_000, seat, 0.0, 0.0, 0))

    def _rumble_due(self, now: int) -> None:
        due = sorted((r for r in self._rumbles if r[0] <= now), key=lambda r: r[0])
        if due:
            self._rumbles = [r for r in self._rumbles if r[0] > now]
            for _, seat, low, high, ms in due:
                self.input.rumble(seat, low, high, ms)

    def pause_game(self) -> None:
        """Push the pause menu over the table on top (Esc, a pad's Start, focus loss)."""
        top = self.top
        if top is not None and top.wants_pause_on_focus_loss:
            self.nav.push(screens.Pause(top))

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.screen = self._open_window(self._windowed_size, False)
        else:
            self._windowed_size = self.size
            self.screen = self._open_window(self._windowed_size, True)
        self.settings["fullscreen"] = self.fullscreen
        self._write_settings()  # the next start opens the same way
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
        self.stack.clear()
        self.history.flush()  # what the last game queued is written before the process ends
        if report_first:
            peak = own_peak_kb()
            if peak is not None:
                print(f"peak-rss-kb {peak}", file=sys.stderr, flush=True)
        return code

    def frames(self, n: int) -> None:
        """Run exactly `n` frames (tests and benches with an injected clock)."""
        for _ in range(n):
            if not (self.running and self.stack):
                return
            self.loop.frame()

    def _sync_text_input(self) -> None:
        """The router types text exactly while a scene that wants text is on top."""
        top = self.top
        want = top is not None and top.wants_text
        if self.input.text_input != want:
            self.input.set_text_input(want)

    def _update(self, now_ns: int, dt_ns: int) -> None:
        self._system_events()
        items: list[Command | TextEdit] = [*self.input.drain()]
        items += self.input.drain_text()
        if self._demo_interrupted():
            return  # the press that ended the demo does nothing else
        items.sort(key=lambda item: (item.t_ns, item.poll))  # stable: a read keeps its order
        for item in items:
            room = self.top.text_room if self.top is not None else 2.0
            with scale.text_room(room):  # a scene may lay out again as it handles a command
                self._dispatch(item)
        top = self.top
        if top is not None:
            with scale.text_room(top.text_room):
                top.update(now_ns, dt_ns)
        if self._rumbles:
            self._rumble_due(self._clock())
        if self.history.failures != self._history_failures:  # the writer thread's batch the disk refused
            self._history_failures = self.history.failures
            self.notice(lambda: t("Not saved to the history \u2014 the disk refused it"), ui.WARN, key="unsaved_history")
        if "pad_added" in self._pad_news:
            idle = tuple(p.number for p in self.input.idle_pads())
            if idle != self._idle_seen:  # a pad took a seat: it is no longer asked to press A
                self._idle_seen = idle
                self._say_pads("pad_added", self._clock())

    def _demo_interrupted(self) -> bool:
        """Any key or button at a demo table returns to the title (the demo's results keep their menu)."""
        pressed = self.input.presses != self._presses
        self._presses = self.input.presses
        top = self.top
        if not (pressed and self.demo is not None and top is not None and top.wants_pause_on_focus_loss):
            return False
        self.demo = None
        self.nav.reset(screens.Title())
        return True

    def _dispatch(self, cmd: Command | TextEdit) -> None:
        """A Command to the top scene's `handle`, a TextEdit to its `text_edit` (dropped if it has none)."""
        top = self.top
        if top is None:
            return
        if not isinstance(cmd, Command):
            if top.wants_text:
                top.text_edit(cmd)
        elif cmd.device == "mouse":
            if top.wants_pointer:  # the mouse only where a screen takes it
                top.handle(self._on_canvas(cmd))
        elif cmd.action == PAUSE and top.wants_pause_on_focus_loss and not self._unseated_pad(cmd):
            self.pause_game()
        else:
            top.handle(cmd)  # a pad with no seat pressing Start at a table: the table may seat it

    def _on_canvas(self, cmd: Command) -> Command:
        """`cmd` with its mouse position on the frame the scenes draw (scaled down into a smaller window)."""
        if cmd.pos is None or self._window is None:
            return cmd
        (w, h), (cw, ch) = self._window.get_size(), self.screen.get_size()
        return dataclasses.replace(cmd, pos=(cmd.pos[0] * cw // max(1, w), cmd.pos[1] * ch // max(1, h)))

    def _unseated_pad(self, cmd: Command) -> bool:
        return cmd.device.startswith("pad:") and self.input.seat_of(cmd.device) is None

    def _system_events(self) -> None:
        for event in self.input.system_events():
            if self.nav.pad_removed(self.input, event):  # a pad that held a seat was unplugged: the table waits
                continue
            if event.startswith(("pad_added:", "pad_removed:")):
                self._pad_notice(event)
            elif event == "quit":
                self.quit()
            elif event == "focus_lost":
                self.pause_game()
            elif event == "resized":
                window = pygame.display.get_surface()
                if window is not None:
                    self.screen = self._canvas(window)
                if not self.fullscreen:
                    self._windowed_size = self.size
                self._relayout()
            elif event == "fullscreen":
                self.toggle_fullscreen()

    def _pad_notice(self, event: str) -> None:
        """"Pad 3 connected — press A to join" (pads plugged in together share one notice), "Pad 1 is
        Player 2 again", "Pad 3 disconnected"."""
        kind, _, iid = event.partition(":")
        device = f"pad:{iid}"
        number = self.input.pad_number(device)
        if number is None:
            return
        seat = self.input.seat_of(device) if kind == "pad_added" else None
        # Each notice is worded when drawn: one on show follows a change of language from the pause menu.
        if seat is not None:
            # Named as the table names the seat: a seat's number there can differ from its name's ("Player 7" sits
            # at the fifth seat when the lobby had two empty seats before it), and a remembered player has a name.
            def again(seat: int = seat) -> str:
                name = self._seat_label(seat)
                return (t("Controller {n} is {name} again", n=number, name=name) if name is not None
                        else t("Controller {n} is Player {p} again", n=number, p=seat + 1))

            self.notice(again, ui.seat_colour(seat), key=f"back{number}")
            return
        lent = self.input.returning(device) if kind == "pad_added" else None
        if lent is not None:  # its seat went to the keyboard meanwhile: only its A takes it back (not "press A to join")
            a = self.input.button("a", device)

            def back(lent: int = lent) -> str:
                return t("Controller {n} is back — press {a} to play {name}", n=number, a=a,
                         name=self._seat_label(lent) or t("Player {n}", n=lent + 1))

            self.notice(back, ui.seat_colour(lent), key=f"back{number}")
            return
        now = self._clock()
        other = "pad_added" if kind == "pad_removed" else "pad_removed"
        since, numbers = self._pad_news.get(other, (0, []))
        if number in numbers:  # a pad plugged in and out (or back): the older notice is no longer true
            self._pad_news[other] = (since, [n for n in numbers if n != number])
            self._say_pads(other, now)
        since, numbers = self._pad_news.get(kind, (0, []))
        numbers = [n for n in (numbers if now - since < ui.TOAST_NS else []) if n != number] + [number]
        self._pad_news[kind] = (now, numbers)
        self._say_pads(kind, now)

    def _seat_label(self, seat: int) -> str | None:
        """Seat `seat` as the topmost scene that seats people names it ("Bo"); None if none does."""
        return next((label for scene in reversed(list(self.stack)) if (label := scene.seat_label(seat))), None)

    def _say_pads(self, kind: str, now: int) -> None:
        """The one notice for the pads plugged in (or out) lately: "Pads 1, 2 connected — press A to join"."""
        since, numbers = self._pad_news.get(kind, (0, []))
        offer = "now"
        if kind == "pad_added":  # only pads that still wait for a seat are told to press A
            idle = {p.number for p in self.input.idle_pads() if self.input.returning(p.id) is None}
            numbers = [n for n in numbers if n in idle]
            top = self.stack.top
            offer = top.join_offer() if top is not None else "now"
        if not numbers:
            self.toasts.drop(kind)
            return
        pads = ", ".join(str(n) for n in sorted(numbers))
        many, first = len(numbers) > 1, numbers[0]
        new = [p for p in self.input.pads.by_id.values() if p.number in numbers]  # named as printed on them
        a, start = self.input.button("a", None, new), self.input.button("start", None, new)
        # Worded when drawn (see `_pad_notice`).
        if kind == "pad_removed":
            self.toasts.add(since, lambda: (t("Controllers {list} disconnected", list=pads) if many
                                            else t("Controller {n} disconnected", n=first)), ui.WARN, kind)
        elif offer == "now":
            self.toasts.add(since, lambda: (t("Controllers {list} connected — press {a} to join", list=pads, a=a)
                                            if many else t("Controller {n} connected — press {a} to join", n=first, a=a)),
                            None, kind)
        elif offer == "pause":  # a game under way: its bots' seats are taken from the pause menu
            self.toasts.add(since, lambda: (t("Controllers {list} connected — press {start}, then {a}, to join",
                                              list=pads, start=start, a=a) if many
                                            else t("Controller {n} connected — press {start}, then {a}, to join",
                                                   n=first, start=start, a=a)), None, kind)
        else:  # no seat to offer, or the screen itself says how to join ("said"): only the news
            self.toasts.add(since, lambda: (t("Controllers {list} connected", list=pads) if many
                                            else t("Controller {n} connected", n=first)), None, kind)

    def _draw(self, alpha: float) -> None:
        drawn = self.stack.drawn()
        top = drawn[-1]
        now = self._clock()
        toasting = self.toasts.active(now)
        if (
            len(drawn) == 1
            and top is self._presented_top
            and now - self._presented_ns < STILL_REFRESH_NS
            and not toasting
            and not self._toasted
            and top.unchanged(self.size, alpha)
        ):
            # The picture would not change: skip drawing and presenting. Presenting blocks input
            # reading for milliseconds on some displays, and slap races happen on a still pile.
            return
        # While a notice is up the frame's words are recorded: the notice goes where it covers none of them.
        with TextRecorder(self.screen) if toasting else contextlib.nullcontext(None) as words:
            for scene in drawn:
                with scale.text_room(scene.text_room):
                    scene.draw(self.screen, alpha)
                self.input.poll()  # drawing takes time: keep stamping presses while it runs
        demo = self.demo is not None and top.wants_pause_on_focus_loss
        avoid, said = top.covered() if demo or words is not None else ([], [])
        if demo:
            said = [*said, ui.demo_label(self.screen, t("Demo — press any key"), avoid, said)]
        if words is not None:
            self.toasts.draw(self.screen, now, avoid, [*said, *(rect for rect, _ in words.drawn)])
        self._toasted = bool(toasting)
        self._present()
        for scene in drawn:
            scene.presented()  # what the frame showed is on screen from now
        self.frames_presented += 1
        self._presented_top = top
        self._presented_ns = now

    def _present(self) -> None:
        """Show the frame: one flip, or band by band with input read between bands. A canvas bigger
        than the window (the system made the window smaller than the game's minimum) is scaled down
        into it first."""
        if self._window is not None:
            size = self._window.get_size()
            if size[0] > 0 and size[1] > 0:
                pygame.transform.smoothscale(self.screen, size, self._window)
            pygame.display.flip()
            return
        if self.bands <= 1:
            pygame.display.flip()
            return
        w, h = self.screen.get_size()
        step = -(-h // self.bands)
        for y in range(0, h, step):
            pygame.display.update((0, y, w, min(step, h - y)))
            self.input.poll()

    def _relayout(self, resized: bool = True) -> None:
        scale.install(window=self.size)
        if resized:
            render_cache.window_resized()  # pictures drawn for the old size are never asked for again
        else:
            render_cache.looks_changed()  # the same size: the felt and the cards' blanks still fit
        self.stack.relayout(self.size)

    def _open_window(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        """Open (or reopen) the window; SDL is told the game's minimum size. Returns the surface scenes
        draw on (see `_canvas`)."""
        if pygame.display.get_driver() == "x11":
            # On X11 SDL presents a window surface through an OpenGL texture unless told otherwise; its own
            # shared-memory framebuffer shows the same pixels without that round trip (measured under Xvfb:
            # the present 18 ms -> 2 ms, a real key's p99 to its frame 90 -> 28 ms). Read when the window's
            # surface is made; a value in the environment wins.
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        with warnings.catch_warnings():
            # A system without a window manager (Xvfb) keeps a window that left full screen at the screen's
            # size, and pygame says so in a 3-line warning: the game lays out for whatever size it gets.
            warnings.filterwarnings("ignore", "Requested window was forcibly resized", RuntimeWarning)
            try:
                if fullscreen:
                    screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
                else:
                    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
                self.fullscreen = fullscreen
            except pygame.error:
                screen = pygame.display.set_mode(size, pygame.RESIZABLE)
                self.fullscreen = False
        set_minimum_size(MIN_WINDOW)
        return self._canvas(screen)

    def _canvas(self, window: pygame.Surface) -> pygame.Surface:
        """What scenes draw on: the window itself, or, when the system made the window smaller than
        the game's minimum anyway (some window managers ignore SDL's minimum), a canvas of at least
        the minimum size that `_present` scales into the window. Layouts never see a size below the
        minimum, so no scene has to cope with a 150x80 window."""
        w, h = window.get_size()
        if w >= MIN_WINDOW[0] and h >= MIN_WINDOW[1]:
            self._window = None
            return window
        self._window = window
        # The window's own pixel format: smoothscale into the window needs source and target alike.
        return pygame.Surface((max(w, MIN_WINDOW[0]), max(h, MIN_WINDOW[1])), 0, window)
