"""A table scene on the app's real services (scene stack, navigator, registry, input router) with a fake
clock and a recording audio: drive it with `press`, `step`, `run_ms`; `screenshot` saves a frame into
the temporary screenshot folder (support_app.OUT)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
from support_app import OUT, save_png

from game import screens
from game.commands import Command
from game.core.contract import TableConfig
from game.games import REGISTRY
from game.games.nothanks.table import NothanksTable
from game.games.ratscrew import engine as rs
from game.games.ratscrew.match import RatscrewMatch
from game.games.ratscrew.table import RatscrewTable
from game.history import History
from game.input.router import InputRouter
from game.loop import FakeClock
from game.match import SeatSpec
from game.render import scale
from game.render.text import get_font
from game.scenes.navigator import Navigator
from game.scenes.stack import SceneStack

STEP = 1_000_000_000 // 120
MS = 1_000_000

pygame.init()


class Fonts:
    def get(self, size, bold=False):
        return get_font(size, bold)


class Audio:
    """Records every sound played."""

    def __init__(self):
        self.played: list[str] = []

    def play(self, name):
        self.played.append(name)

    def set_volume(self, volume):
        pass

    def wait_ready(self, timeout=None):
        return True


class FakeApp:
    """The services a table scene gets (game.services.Services), on a fake clock: the real SceneStack,
    Navigator, registry and InputRouter (seat N plays with keyboard row N's keys), plain-dict settings."""

    def __init__(self, size=(1280, 720), **settings):
        pygame.event.clear()
        self.clock = FakeClock()
        self.size = size
        # The window's size in force, as the app installs it (game.app): the caches' bounds are sized by it, so a
        # 1920x1080 table drawn under the 1280x720 default would draw its felt anew every frame (too big to keep).
        scale.install(window=size)
        self.settings = {"four_colour_suits": False, "reduced_motion": False, "teaching_aid": True, "bindings": {}}
        self.saves = 0  # save_settings() calls
        self.settings.update(settings)
        self.audio = Audio()
        self.fonts = Fonts()
        self.input = InputRouter(clock=self.clock)
        self.games = REGISTRY
        self.demo = None
        self.fullscreen = False
        self.no_sound = False
        self.replays = []  # the command logs of finished games
        self.recorded = []  # record_history(config, match) calls
        self.history = History()  # no database: profiles in memory only
        self.notices: list[str] = []  # app.notice() texts
        self.rumbles: list[tuple[int, str]] = []  # app.rumble() calls: (seat, pattern)
        self.stack = SceneStack(self, lambda: self.size)
        self.nav = Navigator(self.stack)

    @property
    def top(self):
        return self.stack.top

    def now_ns(self):
        return self.clock()

    def next_seed(self):
        return 99

    def push(self, scene):
        self.stack.push(scene)

    def replace(self, scene):
        self.stack.replace(scene)

    def pop(self):
        self.stack.pop()

    def reset(self, scene):
        self.stack.reset(scene)

    def quit(self):
        pass

    def save_settings(self):
        self.saves += 1
        return True

    def frame(self) -> list:
        """Read input the way the app does: poll, system events (an unplugged pad), commands to the top
        scene, one update. Returns the commands read."""
        self.input.poll()
        for event in self.input.system_events():
            self.nav.pad_removed(self.input, event)
        got = self.input.drain()
        for cmd in got:
            if self.top is not None:
                self.top.handle(cmd)
        if self.top is not None:
            self.top.update(self.clock(), STEP)
        return got

    def keep_replay(self, log):
        self.replays.append(log)

    def record_history(self, config, match):
        self.recorded.append((config, match))  # the games a table sent to the history

    def session_tally(self, config):
        return None

    def pause_game(self):
        self.nav.push(screens.Pause(self.top))

    def notice(self, text, colour=None, key=""):
        self.notices.append(text if isinstance(text, str) else text())

    def rumble(self, seat, pattern):
        self.rumbles.append((seat, pattern))

    def toggle_fullscreen(self):
        self.fullscreen = not self.fullscreen

    def step(self, n=1):
        for _ in range(n):
            self.clock.advance(STEP)
            self.stack.top.update(self.clock(), STEP)

    def run_ms(self, ms):
        self.step(max(1, round(ms * MS / STEP)))


def record_events(table):
    """Wrap the view's event handler to log (event class name, start time)."""
    seen = []
    original = table.view.on_event

    def hook(event, t_ns, state):
        seen.append(type(event).__name__)
        return original(event, t_ns, state)

    table.view.on_event = hook
    return seen


def screenshot(table, name, size=None):
    surf = pygame.Surface(size or table.app.size)
    table.draw(surf, 0.0)
    OUT.mkdir(parents=True, exist_ok=True)
    save_png(surf, OUT / name)
    colours = {
        tuple(surf.get_at((x, y)))
        for x in range(0, surf.get_width(), 17)
        for y in range(0, surf.get_height(), 13)
    }
    assert len(colours) > 40, f"{name} looks blank"
    return surf


class FixedHands(RatscrewTable):
    """A Ratscrew table dealt from given hands (the match driver's test hook)."""

    def __init__(self, config, hands):
        super().__init__(config)
        self.hands = hands

    def make_match(self, start_ns):
        c = self.config
        return RatscrewMatch(c.rules, c.seats, c.seed, start_ns, c.first_player, hands=self.hands)


def human_table(hands, **settings):
    seats = [SeatSpec("human", name=f"P{i + 1}") for i in range(len(hands))]
    app = FakeApp(**settings)
    table = FixedHands(TableConfig("ratscrew", rs.Rules(), seats, seed=1), hands)
    app.push(table)
    return app, table


def press(app, table, seat, action, after_ms=0):
    app.clock.advance(after_ms * MS)
    table.handle(Command(seat, action, app.clock()))


def nothanks_table(rules, seats, seed=3, size=(1280, 720), **settings):
    app = FakeApp(size, **settings)
    table = NothanksTable(TableConfig("nothanks", rules, seats, seed=seed), threaded=False)
    app.push(table)
    return app, table


def all_overlays(size=(1280, 720), n=3, watch=None, rules=None, **settings):
    """A Ratscrew table of human seats ("Player 1", ...) driven into every overlay at once: seat 3 slaps
    wrong and burns its last two cards (a wrong slap, out of cards), seats 1 and 2 slap a double in the
    same instant (a tie: a coin decides), seat 3 slaps about 22 ms after them (too late; out), and the
    photo finish follows when its window closes (about 500 ms after the slap). Returns (app, table) just
    after the late slap; `watch(table)`, if given, is called every 40 ms of game time on the way."""
    extra = [[r + "S"] for r in "46789TJQ"[: max(0, n - 3)]]
    hands = [["5C", "9C", "2C", "6C"], ["5D", "8D", "3D", "7D"], ["2H", "3H"], *extra][:n]
    seats = [SeatSpec("human", name=f"Player {i + 1}") for i in range(n)]
    app = FakeApp(size, **settings)
    # By default no lockout after a wrong slap (the old way): seat 3's wrong slap and its too-late slap 150 ms on
    # both land. `rules`: another table (the default rules lock seat 3's slap after its wrong one).
    rules = rs.Rules(slap_lockout_ms=0) if rules is None else rules
    table = FixedHands(TableConfig("ratscrew", rules, seats, seed=1), hands)
    app.push(table)

    def run(ms):
        if watch is None:
            app.run_ms(ms)
            return
        for _ in range(max(1, ms // 40)):
            app.run_ms(40)
            watch(table)

    press(app, table, 0, "play")
    run(250)
    press(app, table, 2, "slap")  # nothing to slap: burns its two cards, and it has no more
    app.step()
    run(50)
    press(app, table, 1, "play")  # 5♣ 5♦: a double
    run(100)
    now = app.clock()
    table.handle(Command(0, "slap", now))  # the same instant: a tie, the coin orders them
    table.handle(Command(1, "slap", now))
    app.run_ms(22)
    press(app, table, 2, "slap")  # too late
    app.step()
    return app, table


def drawn_frames(app, table, ms, every_ms=40, size=None):
    """Run the table for `ms`, drawing a frame every `every_ms`; yields (game time, surface, text boxes)."""
    surface = pygame.Surface(size or app.size)
    for _ in range(max(1, ms // every_ms)):
        app.run_ms(every_ms)
        table.draw(surface, 0.0)
        yield table.now_ns, surface, table.view.text_boxes()
