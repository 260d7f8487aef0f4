"""`python -m game bench memory`: resident memory of the real app through a long evening.

By default (dummy video driver) a sweep of window resizes: RSS at 1280x720, its peak during `--sizes`
random window sizes between 640x360 and 3840x2160 (on a table of each game, the lobby and the title), and
again back at 1280x720. Every cache of pictures is bounded by its bytes (game.render.cache, game.core.memo),
so after the sweep memory comes back near where it was. Target: RSS after the sweep within 20% of before.

With `--soak MINUTES`: the app in real time (a real window if there is a display, else the dummy driver)
plays demo tables of both games at 2 to 8 seats, a new one every `--step` seconds, with a change of
language, of looks (text size, large cards) or a trip to another window size every few steps; RSS every
`--every` seconds. Then a resize storm and F11 twice, and RSS once it has settled again. Prints the curve,
the plateau (the most over the second half), the growth over the second half (its last quarter's peak
against its third quarter's: the games take turns, one using more than the other), and the biggest owners: every bounded
cache by bytes, the pictures reachable from each module and scene, and (with `--trace`) tracemalloc's
biggest growths. Targets (MB = 10^6 bytes): plateau <= 150 MB at 1280x720, <= 200 MB at 1920x1080; growth
<= 2 % over the second half; back within 10 % of the plateau after the storm.
"""

from __future__ import annotations

import gc
import os
import random
import resource
import sys
import tempfile
import time
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

if TYPE_CHECKING:
    import tracemalloc

    from game.app import App

from game import argtypes
from game import screens as factories

TARGET_GROWTH = 0.20
LOW, HIGH = (640, 360), (3840, 2160)
HOME = (1280, 720)


def rss_mib() -> float:
    """This process's resident memory now (MiB): /proc on Linux, else the peak so far."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / 2**20 if sys.platform == "darwin" else peak / 1024


def random_sizes(n: int, seed: int) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    return [(rng.randint(LOW[0], HIGH[0]), rng.randint(LOW[1], HIGH[1])) for _ in range(n)]


def make_app(seed: int, folder: str | None = None, size: tuple[int, int] = HOME, real_time: bool = False) -> App:
    """The real app with no sound and its settings in a throwaway folder (`folder`: kept there, so the
    app can save them): on a fake clock and the dummy video driver, or with `real_time` on the real
    clock, in a real window if there is a display."""
    if not real_time or not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        argtypes.headless_drivers()
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game import games
    from game import settings as settings_mod
    from game.app import App, SilentAudio
    from game.loop import FakeClock

    pygame.display.init()
    pygame.font.init()
    with tempfile.TemporaryDirectory() as tmp:
        settings = settings_mod.load(Path(folder or tmp) / "settings.json", games=games.GAMES)
    if real_time:
        return App(settings, size=size, audio=SilentAudio(), rng_seed=seed)
    clock = FakeClock()
    return App(settings, size=size, clock=clock, sleep=clock.sleep, audio=SilentAudio(), rng_seed=seed)


def resize(app: App, size: tuple[int, int], frames: int = 2) -> None:
    """The window becomes `size`, as a window manager would do it, and the app draws a few frames."""
    import pygame

    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.frames(frames)


def screens(app: App, seed: int) -> Iterator[None]:
    """Set up each screen in turn on an empty stack (the title, then each game's lobby and an 8-seat
    table of its busiest bots); yields after each."""
    from game import games
    from game.tables import demo_config

    app.stack.clear()
    app.nav.push(factories.Title())
    yield
    for definition in games.all_games():
        app.nav.push(factories.Lobby(definition.id))
        yield
        app.stack.clear()
        app.nav.push(factories.Title())
        app.nav.start_table(demo_config(definition.id, 8, [definition.busiest_level], seed), push=True)
        yield
        app.stack.clear()
        app.nav.push(factories.Title())


def screen_count() -> int:
    from game import games

    return 1 + 2 * len(games.all_games())


def visit_all(app: App, seed: int, size: tuple[int, int], frames: int) -> None:
    """Every screen in turn at `size`, `frames` frames each; ends on the title."""
    for _ in screens(app, seed):
        resize(app, size, frames)
    app.stack.clear()
    app.nav.push(factories.Title())
    resize(app, size, frames)


def sweep(sizes: int, seed: int) -> dict[str, float]:
    """Every screen at 1280x720, then `sizes` random sizes spread over the screens, then every screen at
    1280x720 again: RSS (MiB) after the first visit, its peak during the sweep and after the second."""
    import gc

    app = make_app(seed)
    visit_all(app, seed, HOME, 30)
    gc.collect()
    before = peak = rss_mib()
    order = random_sizes(sizes, seed)
    steps = screens(app, seed)
    per_screen = max(1, -(-len(order) // screen_count()))
    for i, size in enumerate(order):
        if i % per_screen == 0:
            next(steps, None)
        resize(app, size)
        peak = max(peak, rss_mib())
    app.stack.clear()
    app.nav.push(factories.Title())
    visit_all(app, seed, HOME, 30)
    gc.collect()
    after = rss_mib()
    app.stack.clear()
    return {"before": before, "peak": peak, "after": after}


# -- the soak ---------------------------------------------------------------------------------------------
MB = 1_000_000
PLATEAU_TARGETS = {(1280, 720): 150, (1920, 1080): 200}  # MB after 30 minutes, by window size
SOAK_GROWTH = 0.02  # over the second half of the soak
STORM_BACK = 0.10  # after the resize storm and F11 twice, within this of the plateau
STORM_SIZES = 40
LANGUAGES = ("da", "sv", "en")
LOOKS = ((125, False), (150, True), (100, True), (100, False))  # (text size %, large cards)
AWAY = ((1920, 1080), (960, 540), (1600, 900), (3840, 2160), (800, 600))


def rss_bytes() -> int:
    return round(rss_mib() * 2**20)


def surface_owners(app: App) -> dict[str, tuple[int, int]]:
    """Bytes of pixels and Surfaces reachable from each game module's names and each scene's attributes
    (owner -> (bytes, count)), each picture counted once, for the first owner found holding it (the
    bounded caches are listed by name by `cache_owners`)."""
    import pygame

    window = pygame.display.get_surface()
    roots: list[tuple[str, object]] = []
    for name, module in sorted(sys.modules.items()):
        if name.startswith("game.") and module is not None:
            roots += [(f"{name}.{attr}", value) for attr, value in vars(module).items()]
    for scene in app.stack.scenes:
        roots += [(f"{type(scene).__name__}.{attr}", value) for attr, value in vars(scene).items() if attr != "app"]
    roots += [(f"app.{attr}", value) for attr, value in vars(app).items()]
    seen: set[int] = set()
    owners: dict[str, tuple[int, int]] = {}
    todo = list(reversed(roots))
    while todo:
        owner, obj = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, pygame.Surface):
            if obj is not window:
                size, count = owners.get(owner, (0, 0))
                owners[owner] = (size + obj.get_pitch() * obj.get_height(), count + 1)
            continue
        if isinstance(obj, (types.ModuleType, type, types.FunctionType, str, bytes, int, float, pygame.Rect)):
            continue
        if isinstance(obj, dict):
            kids = [*obj.values(), *obj.keys()]
        elif isinstance(obj, (list, tuple, set, frozenset)):
            kids = list(obj)
        elif isinstance(obj, types.MethodType):
            kids = [obj.__self__]
        else:
            kids = list(vars(obj).values()) if hasattr(obj, "__dict__") else []
            for klass in type(obj).__mro__:  # slots declared anywhere up the classes; one not yet set is skipped
                declared = klass.__dict__.get("__slots__", ())
                for slot in (declared,) if isinstance(declared, str) else declared:
                    if hasattr(obj, slot):
                        kids.append(getattr(obj, slot))
            if hasattr(obj, "_items"):  # a bounded cache: a dict of its entries
                kids.append(obj._items)
        todo += [(owner, kid) for kid in reversed(kids)]
    return owners


def cache_owners() -> list[tuple[str, int, int, int]]:
    """Every bounded cache alive: (name, entries, bytes, bound), several of one name added up."""
    from game.core.memo import tables

    found: dict[str, list[int]] = {}
    for table in tables():
        row = found.setdefault(table.name, [0, 0, 0])
        row[0] += len(table)
        row[1] += table.bytes
        row[2] += table.limit()
    return sorted(((name, n, size, bound) for name, (n, size, bound) in found.items()), key=lambda r: -r[2])


class Soak:
    """The soak's programme on a running app: demo tables and changes, in real time."""

    def __init__(self, app: App, seed: int, home: tuple[int, int], say: Callable[[str], None]) -> None:
        self.app = app
        self.seed = seed
        self.home = home
        self.say = say
        self.samples: list[tuple[float, int]] = []
        self.away: set[int] = set()  # the samples whose half-minute saw the window away from home (not the plateau)
        self.moved = False
        self.start = time.monotonic()

    def run_for(self, seconds: float, every: float) -> None:
        """Run the app's frames for `seconds`, taking RSS every `every` seconds of the soak."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.app.loop.frame()
            if not self.app.stack:
                self.app.nav.push(factories.Title())
            self.unpause()
            now = time.monotonic() - self.start
            if now >= (len(self.samples) + 1) * every:
                gc.collect()
                self.samples.append((now, rss_bytes()))
                if self.moved or self.app.size != self.home:
                    self.away.add(len(self.samples) - 1)
                self.moved = self.app.size != self.home
                self.say(f"  {now / 60:5.1f} min  {self.samples[-1][1] / MB:6.1f} MB  ({type(self.app.top).__name__})"
                         + (" away" if len(self.samples) - 1 in self.away else ""))

    def unpause(self) -> None:
        """A window that lost the focus (the storm, another window on the display) pauses the table under
        it: nobody is there to press Resume, so the soak does."""
        scenes = self.app.stack.scenes
        if len(scenes) >= 2 and scenes[-2].wants_pause_on_focus_loss and not scenes[-1].wants_pause_on_focus_loss:
            self.app.stack.pop()

    def table(self, step: int) -> None:
        from game import games
        from game.tables import DemoLoop, demo_config

        ids = games.ids()
        game = ids[step % len(ids)]
        seats = 2 + step % 7
        self.app.stack.clear()
        self.app.nav.push(factories.Title())
        self.app.demo = DemoLoop(alternate=True)
        self.app.nav.start_table(demo_config(game, seats, None, self.seed + step), push=True)

    def change(self, step: int) -> str:
        """Every fifth step a new language, a new look or a trip to another window size (and back)."""
        app = self.app
        kind = step % 5
        if kind == 1:
            app.settings["language"] = LANGUAGES[step // 5 % len(LANGUAGES)]
            app.save_settings()
            return f"language {app.settings['language']}"
        if kind == 3:
            text_size, large = LOOKS[step // 5 % len(LOOKS)]
            app.settings["text_size"] = text_size
            app.settings["large_cards"] = large
            app.save_settings()
            return f"text {text_size} %, large cards {'on' if large else 'off'}"
        if kind == 4:
            return "window " + "x".join(map(str, AWAY[step // 5 % len(AWAY)]))
        return ""

    def resize(self, size: tuple[int, int]) -> None:
        import pygame

        self.app.screen = self.app._open_window(size, False)
        self.app._relayout()
        pygame.event.pump()
        self.moved = self.moved or size != self.home

    def storm(self, sizes: int) -> None:
        """Random window sizes two frames each, back home, then F11 twice."""
        for size in random_sizes(sizes, self.seed):
            self.resize(size)
            self.app.frames(2)
        self.resize(self.home)
        self.app.toggle_fullscreen()
        self.app.frames(10)
        self.app.toggle_fullscreen()
        self.resize(self.home)


class SoakFigures(TypedDict):
    """What a soak measured (`soak`), for `print_soak`."""

    samples: list[tuple[float, int]]  # (seconds in, RSS bytes)
    away: set[int]  # the samples whose half-minute saw the window away from home
    owners: list[tuple[str, int, int, int]]  # the bounded caches at the plateau: (name, entries, bytes, bound)
    pictures: dict[str, tuple[int, int]]  # pictures by owner at the plateau: (bytes, surfaces)
    growths: list[tracemalloc.StatisticDiff]  # tracemalloc's biggest, from the first minute to the plateau
    storm: int  # RSS bytes after the storm of window sizes
    after: int  # ... and settled back home


def soak(minutes: float, step_s: float, every: float, seed: int, home: tuple[int, int], trace: bool,
         settle_s: float, say: Callable[[str], None]) -> SoakFigures:
    import tracemalloc

    if trace:
        tracemalloc.start(1)
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(seed, folder, home, real_time=True)
        import pygame

        say(f"memory soak: {minutes:g} min at {home[0]}x{home[1]}, video driver {pygame.display.get_driver()}, "
            f"a new demo table every {step_s:g} s; RSS every {every:g} s")
        run = Soak(app, seed, home, say)
        first_trace = None
        steps = max(1, round(minutes * 60 / step_s))
        for step in range(steps):
            run.table(step)
            what = run.change(step)
            if what.startswith("window "):
                away = AWAY[step // 5 % len(AWAY)]
                say(f"  step {step + 1}: {app.top.__class__.__name__}, {what} for {step_s / 4:g} s")
                run.resize(away)
                run.run_for(step_s / 4, every)
                run.resize(home)
                run.run_for(step_s * 3 / 4, every)
            else:
                if what:
                    say(f"  step {step + 1}: {what}")
                run.run_for(step_s, every)
            if trace and first_trace is None and time.monotonic() - run.start >= 60:
                first_trace = tracemalloc.take_snapshot()
        growths: list[tracemalloc.StatisticDiff] = []
        if trace and first_trace is not None:
            growths = tracemalloc.take_snapshot().compare_to(first_trace, "lineno")[:8]
        owners = cache_owners()
        pictures = surface_owners(app)
        run.storm(STORM_SIZES)
        gc.collect()
        storm_peak = rss_bytes()
        run.table(steps)
        end = time.monotonic() + settle_s
        while time.monotonic() < end:
            app.loop.frame()
            run.unpause()
        gc.collect()
        after = rss_bytes()
        app.stack.clear()
    return {"samples": run.samples, "away": run.away, "owners": owners, "pictures": pictures, "growths": growths,
            "storm": storm_peak, "after": after}


def plateau_and_growth(samples: list[tuple[float, int]], minutes: float) -> tuple[int, int, int]:
    """(the plateau: the most RSS over the second half; the most over its first half, the third quarter;
    the most over the last quarter), of the samples taken at the home window. The tables take turns a step
    each, one game's table using more than the other's, so each quarter is judged by its peak, not by
    whichever table its last sample caught."""
    seconds = minutes * 60

    def peak(start: float, end: float) -> int:
        inside = [rss for t, rss in samples if start <= t <= end + 1]
        return max(inside) if inside else (samples[-1][1] if samples else 0)

    return peak(seconds / 2, seconds), peak(seconds / 2, seconds * 3 / 4), peak(seconds * 3 / 4, seconds)


def print_soak(got: SoakFigures, minutes: float, home: tuple[int, int]) -> bool:
    home_samples = [s for i, s in enumerate(got["samples"]) if i not in got["away"]]
    plateau, third, last = plateau_and_growth(home_samples, minutes)
    after = got["after"]
    growth = last / max(1, third) - 1
    back = after / plateau - 1
    target = PLATEAU_TARGETS.get(home)
    ok_plateau = target is None or plateau <= target * MB
    ok_growth = growth <= SOAK_GROWTH
    ok_back = back <= STORM_BACK  # (less than the plateau is fine: the storm emptied the caches)
    print("RSS curve (MB; * the window was away from home in that half-minute): " + ", ".join(
        f"{t / 60:.1f}m {rss / MB:.0f}{'*' if i in got['away'] else ''}" for i, (t, rss) in enumerate(got["samples"])))
    print(f"plateau (the most over the second half) at {home[0]}x{home[1]}: {plateau / MB:.1f} MB"
          + (f" (target <= {target} MB) {'ok' if ok_plateau else 'MISSED'}" if target else ""))
    print(f"growth over the second half: the most in its first half {third / MB:.1f} MB, in its second "
          f"{last / MB:.1f} MB ({growth:+.1%}; target <= +{SOAK_GROWTH:.0%}) {'ok' if ok_growth else 'MISSED'}")
    print(f"after a storm of {STORM_SIZES} window sizes and F11 twice: {got['storm'] / MB:.1f} MB; settled back at "
          f"{home[0]}x{home[1]}: {after / MB:.1f} MB ({back:+.1%} of the plateau; target at most "
          f"+{STORM_BACK:.0%}) {'ok' if ok_back else 'MISSED'}")
    print("biggest bounded caches at the plateau (entries, MB held / bound):")
    for name, n, size, bound in got["owners"][:14]:
        print(f"  {name:<24} {n:6d}  {size / MB:6.2f} / {bound / MB:6.2f}")
    print("pictures by owner at the plateau (MB, surfaces):")
    for owner, (size, count) in sorted(got["pictures"].items(), key=lambda kv: -kv[1][0])[:10]:
        print(f"  {owner:<44} {size / MB:6.2f} {count:6d}")
    if got["growths"]:
        print("tracemalloc, biggest growths from the first minute to the plateau:")
        for stat in got["growths"]:
            print(f"  {stat}")
    return bool(ok_plateau and ok_growth and ok_back)


def main(argv: list[str] | None = None) -> int:
    p = argtypes.OneLineParser(prog="couchcards bench memory", description=argtypes.lead(__doc__))
    p.add_argument("--sizes", type=argtypes.POSITIVE, default=300, help="random window sizes to go through (default 300)")
    p.add_argument("--seed", type=argtypes.SEED, default=1)
    p.add_argument("--check", action="store_true", help="exit 1 if the target is missed")
    p.add_argument("--soak", type=float, metavar="MINUTES", help="play demo tables in real time this long instead")
    p.add_argument("--size", default="1280x720", help="the soak's window, WIDTHxHEIGHT (default 1280x720)")
    p.add_argument("--step", type=float, default=60.0, help="seconds per demo table in the soak (default 60)")
    p.add_argument("--every", type=float, default=30.0, help="seconds between RSS samples in the soak (default 30)")
    p.add_argument("--settle", type=float, default=30.0, help="seconds the soak plays after the storm (default 30)")
    p.add_argument("--trace", action="store_true", help="the soak also reports tracemalloc's biggest growths")
    args = p.parse_args(sys.argv[1:] if argv is None else argv)
    if args.sizes < 1:
        p.error(f"--sizes must be 1 or more, not {args.sizes}")
    if args.soak is not None:
        from game.cli import UsageError, parse_size

        for name in ("soak", "step", "every"):
            if not getattr(args, name) > 0:
                p.error(f"--{name} must be more than 0, not {getattr(args, name)}")
        if args.settle < 0:
            p.error(f"--settle must be 0 or more, not {args.settle}")
        try:
            home = parse_size(args.size)
        except UsageError as exc:
            p.error(str(exc))
        soaked = soak(args.soak, args.step, args.every, args.seed, home, args.trace, args.settle,
                      lambda line: print(line, flush=True))
        ok = print_soak(soaked, args.soak, home)
        return 0 if ok or not args.check else 1
    got = sweep(args.sizes, args.seed)
    growth = got["after"] / got["before"] - 1
    ok = growth <= TARGET_GROWTH
    print(f"memory bench: {args.sizes} random window sizes from {LOW[0]}x{LOW[1]} to {HIGH[0]}x{HIGH[1]} "
          f"over the title, the lobbies and an 8-seat table of each game (dummy video driver)")
    print(f"RSS at {HOME[0]}x{HOME[1]} before: {got['before']:.0f} MiB; peak during the sweep: {got['peak']:.0f} MiB; "
          f"back at {HOME[0]}x{HOME[1]}: {got['after']:.0f} MiB ({growth:+.0%}; target <= +{TARGET_GROWTH:.0%}) "
          f"{'ok' if ok else 'MISSED'}")
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
