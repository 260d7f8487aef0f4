"""`python -m game bench memory`: resident memory of the real app (dummy video driver) through a long
evening of window resizes: RSS at 1280x720, its peak during `--sizes` random window sizes between
640x360 and 3840x2160 (on a table of each game, the lobby and the title), and again back at 1280x720.

Every per-size cache (fonts, card faces, felt, text, panels) is bounded, so after the sweep memory comes
back near where it was. Target: RSS after the sweep within 20% of before.
"""

from __future__ import annotations

import os
import random
import resource
import sys
import tempfile
from pathlib import Path

from game import argtypes

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


def make_app(seed: int):
    """The real app on a fake clock and the dummy video driver, settings in a throwaway folder."""
    argtypes.headless_drivers()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game import games
    from game import settings as settings_mod
    from game.app import App, SilentAudio
    from game.loop import FakeClock

    pygame.display.init()
    pygame.font.init()
    with tempfile.TemporaryDirectory() as tmp:
        settings = settings_mod.load(Path(tmp) / "settings.json", games=games.GAMES)
    clock = FakeClock()
    return App(settings, size=HOME, clock=clock, sleep=clock.sleep, audio=SilentAudio(), rng_seed=seed)


def resize(app, size: tuple[int, int], frames: int = 2) -> None:
    """The window becomes `size`, as a window manager would do it, and the app draws a few frames."""
    import pygame

    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.frames(frames)


def screens(app, seed: int):
    """Set up each screen in turn on an empty stack (the title, then each game's lobby and an 8-seat
    table of its busiest bots); yields after each."""
    from game import games
    from game.tables import demo_config

    app.stack.clear()
    app.nav.push("title")
    yield
    for definition in games.all_games():
        app.nav.push("lobby", definition.id)
        yield
        app.stack.clear()
        app.nav.push("title")
        app.nav.start_table(demo_config(definition.id, 8, [definition.busiest_level], seed), push=True)
        yield
        app.stack.clear()
        app.nav.push("title")


def screen_count() -> int:
    from game import games

    return 1 + 2 * len(games.all_games())


def visit_all(app, seed: int, size: tuple[int, int], frames: int) -> None:
    """Every screen in turn at `size`, `frames` frames each; ends on the title."""
    for _ in screens(app, seed):
        resize(app, size, frames)
    app.stack.clear()
    app.nav.push("title")
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
    app.nav.push("title")
    visit_all(app, seed, HOME, 30)
    gc.collect()
    after = rss_mib()
    app.stack.clear()
    return {"before": before, "peak": peak, "after": after}


def main(argv: list[str] | None = None) -> int:
    p = argtypes.OneLineParser(prog="couchcards bench memory", description=__doc__.splitlines()[0])
    p.add_argument("--sizes", type=argtypes.POSITIVE, default=300, help="random window sizes to go through (default 300)")
    p.add_argument("--seed", type=argtypes.SEED, default=1)
    p.add_argument("--check", action="store_true", help="exit 1 if the target is missed")
    args = p.parse_args(sys.argv[1:] if argv is None else argv)
    if args.sizes < 1:
        p.error(f"--sizes must be 1 or more, not {args.sizes}")
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
