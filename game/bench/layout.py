"""`python -m game bench layout`: how long laying out a slap-game table of human seats takes (what a table's
opening, a window resized or a new text size freezes the screen for), at 2-8 seats, 100/125/150 % text and three
windows; target: no case over 0.3 s.

Each case lays out a fresh view of the table (as a table opening does) with what earlier layouts searched forgotten
(TableView.forget_searches: what a window size not seen before in this run finds), the median of `--repeat` layouts,
wall time and this thread's CPU time (the machine's load left out); the font and text caches are warm, as after
the first table of a run.
"""

from __future__ import annotations

import statistics
import sys
import time

from game import argtypes

SIZES = ((640, 360), (1280, 720), (1920, 1080))
PERCENTS = (100, 125, 150)
TARGET_S = 0.3


def layout_times(size: tuple[int, int], percent: int, seats: int, repeat: int) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of each of `repeat` layouts of a fresh `seats`-seat table view at `size` and `percent`."""
    from game.bench.memory import make_app
    from game.core.contract import TableConfig, make_seats
    from game.games import BENCH_GAME, get
    from game.games.table_scene import TableScene
    from game.render import scale
    from game.render.text import TextCache

    app = make_app(1, size=size)
    scale.install(text=percent / 100, window=size)
    definition = get(BENCH_GAME)
    config = TableConfig(BENCH_GAME, definition.rules_from_values({}, seats), make_seats(seats, []), 1)
    app.nav.start_table(config, push=True)
    table = app.top
    assert isinstance(table, TableScene) and table.view is not None, "the table is on top"
    shown = table.view
    walls: list[float] = []
    cpus: list[float] = []
    with scale.text_room(table.text_room):
        for _ in range(repeat):
            view = table.make_view(list(shown.names), list(shown.controls), TextCache())
            view.set_controls(list(shown.controls), list(shown.keys))
            view.places = shown.places
            view.forget_searches()
            start, start_cpu = time.perf_counter(), time.thread_time()
            view.relayout(size)
            walls.append(time.perf_counter() - start)
            cpus.append(time.thread_time() - start_cpu)
    return walls, cpus


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    p = argtypes.OneLineParser(prog="couchcards bench layout", description=argtypes.lead(__doc__))
    p.add_argument("--repeat", type=argtypes.POSITIVE, default=3, help="layouts timed per case (default 3)")
    p.add_argument("--check", action="store_true", help="exit 1 if a case is over the target")
    args = p.parse_args(argv)
    worst = 0.0
    print(f"layout bench: median of {args.repeat} layouts of a fresh slap table of human seats, wall s (CPU s)")
    print(f"{'window':>10} {'text':>5} " + " ".join(f"{n:>13}" for n in range(2, 9)))
    for size in SIZES:
        for percent in PERCENTS:
            cells = []
            for n in range(2, 9):
                walls, cpus = layout_times(size, percent, n, args.repeat)
                wall, cpu = statistics.median(walls), statistics.median(cpus)
                worst = max(worst, cpu)
                cells.append(f"{wall:6.3f} ({cpu:.3f})")
            print(f"{size[0]:>5}x{size[1]:<4} {percent:>4}% " + " ".join(cells), flush=True)
    ok = worst <= TARGET_S
    print(f"slowest case (CPU): {worst:.3f} s (target <= {TARGET_S:g} s) {'ok' if ok else 'MISSED'}")
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
