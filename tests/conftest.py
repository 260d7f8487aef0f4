"""Shared fixtures: a headless SDL, a data folder of this run, the real app on a fake clock (`app`)."""

from __future__ import annotations

import atexit
import gc
import os
import shutil
import tempfile
from pathlib import Path


def _temporary_files_in_memory() -> None:
    """The tests' temporary files (tmp_path, the data folders, each screen case's history database) in a memory
    filesystem where the system has one at /dev/shm, for this process and the programs the tests start. SQLite
    waits for the disk at every commit, some 18 times a screen case (each opens a new history): on a busy disk
    that wait was as long as the screen checks' drawing. The screenshots stay in the disk's temporary folder
    (support_app.OUT: a plain run writes a gigabyte of them). A TMPDIR the developer set is kept."""
    os.environ.setdefault("COUCHCARDS_TEST_SHOTS", str(Path(tempfile.gettempdir()) / "couchcards-shots"))
    shm = Path("/dev/shm")
    if "TMPDIR" in os.environ or not (shm.is_dir() and os.access(shm, os.W_OK | os.X_OK)):
        return
    ours = shm / f"couchcards-tests-{os.getuid()}"
    try:
        ours.mkdir(mode=0o700, exist_ok=True)
    except OSError:
        return
    os.environ["TMPDIR"] = tempfile.tempdir = str(ours)


_temporary_files_in_memory()
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Games the tests finish are saved as replays: into a folder of this run, never the user's (removed at its end).
if "COUCHCARDS_DATA_DIR" not in os.environ:
    os.environ["COUCHCARDS_DATA_DIR"] = tempfile.mkdtemp(prefix="couchcards-test-data-")
    atexit.register(shutil.rmtree, os.environ["COUCHCARDS_DATA_DIR"], ignore_errors=True)
# The language setting defaults to the system's (game.i18n): the tests read English on any machine.
os.environ["LANGUAGE"] = "en"

import pygame
import pytest
from hypothesis import settings as hypothesis_settings
from support_app import make_app

from game.render import cache as render_cache

M_TRIM_THRESHOLD = -1  # glibc's mallopt parameter

# The game fixes glibc's threshold for mapping a block alone at 128 KiB and trims the heap on every resize, so
# a long evening of resizes hands its memory back (`python -m game bench memory` measures it; no test reads
# the process's memory). Under that policy every card, panel and text picture a test draws is a fresh mapping
# whose pages all fault in: a fifth of the suite's time went to the kernel. The tests do not take that policy
# (_LIBC None), and keep what they free: under glibc's own, each picture of a few MB (a window, a felt) is still
# mapped alone and handed back when freed, and each picture after it faults its pages in again. Blocks up to
# 32 MiB (glibc's most) from the heap and no trim under 256 MiB: a fifth of the page faults (test_access_screens
# and test_seat_words: 0.39-0.45 M -> 0.094 M, the kernel's time 1.3 s -> 0.7 s), the same peak memory.
if render_cache._LIBC is not None:
    render_cache._LIBC.mallopt(M_TRIM_THRESHOLD, 256 * 2**20)
    render_cache._LIBC.mallopt(render_cache.M_MMAP_THRESHOLD, 32 * 2**20)
render_cache._LIBC = None

# No example database between runs: every run does the same work whatever earlier runs saved (a 3.8 MB
# database kept over a few weeks replayed enough to add a sixth to the suite's time). A failure still prints
# the example that fails and the seed to reproduce it.
hypothesis_settings.register_profile("couchcards", database=None)
hypothesis_settings.load_profile("couchcards")
from support_pads import pads  # noqa: F401 - the virtual pads fixture, for every test


@pytest.fixture
def app(tmp_path):
    """The real App (real InputRouter, scene stack and navigator) on a fake clock, settings in tmp_path."""
    a = make_app(tmp_path)
    yield a
    a.stack.clear()
    pygame.event.clear()


@pytest.fixture(autouse=True)
def pygame_running():
    """Every test starts with pygame's display and fonts up, as the modules that draw set them up when
    imported: a test before it in the same worker may have run the real command line (`game.cli.main`),
    which ends with pygame.quit(), and what runs next in a worker depends on how pytest-xdist shares out."""
    if not pygame.display.get_init():
        pygame.display.init()
    if not pygame.font.get_init():
        pygame.font.init()
    yield


@pytest.fixture(autouse=True)
def standard_looks():
    """Every test starts from the standard looks (text size 100 %, standard cards, the reference window and
    text room, English), whatever a test before it in the same worker left set: the screens' checks must not depend
    on which tests ran first."""
    from game import i18n
    from game.render import scale

    def reset() -> None:
        scale.install(scale.RenderContext())
        i18n.set_language("en")

    reset()
    yield
    reset()


_SIZES = ("640x360", "1280x720", "1920x1080", "3840x2160")


def _size_rank(nodeid: str) -> int:
    """Which window size a test's parameters name (1280x720, the apps' default, for none)."""
    params = nodeid.partition("[")[2]
    return next((k for k, size in enumerate(_SIZES) if size in params), 1)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tests run grouped by the window size they use (each group in the order collected): a resize
    empties every picture drawn for the old size, so alternating sizes drew the felt, the cards and the
    words again and again (sorting by text size and language as well measured no better). Every test sets
    up its own size and looks (`standard_looks`)."""
    items.sort(key=lambda item: _size_rank(item.nodeid))
    _xdist_groups(config, items)



def pytest_collection_finish(session: pytest.Session) -> None:
    """What is made by now lives for the whole run (the modules, the game's tables, the tests collected): kept
    out of the collector's full passes (gc.freeze), and the young objects looked at every 7,000 made, not 700.
    Pictures are freed by their count of references, never by the collector; a test that needs a cycle gone
    calls gc.collect(). The collector's time over test_access_screens, test_seat_words and test_hostile_files:
    0.68 s -> 0.29 s (of 29 CPU-s)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(7000, 10, 10)

def _xdist_groups(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Give each test marked `xdist_group` its group's "@name" suffix, as pytest-xdist's worker does for
    `--dist loadgroup`: xdist 3.8 writes it to `item._nodeid`, which pytest 9.2 no longer reads (the id is
    `item._id`), so every group was shared out test by test and each screen case built on both workers.
    Nothing is done where xdist's own suffix took (or outside an xdist worker)."""
    if not hasattr(config, "workerinput") or not config.getvalue("loadgroup"):
        return
    from _pytest.nodeid import NodeId

    for item in items:
        names = sorted({str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
                        for mark in item.iter_markers("xdist_group")})
        if names and not item.nodeid.endswith("@" + "_".join(names)):
            item._id = NodeId.parse(f"{item.nodeid}@{'_'.join(names)}")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """`--dist loadgroup` as pytest-xdist shares it out, without the controller's cost that grows with the
    square of the tests (see _load_group_scheduling)."""
    import xdist

    # Written against 3.8's internals: any other version shares out with its own scheduler.
    if config.getvalue("dist") != "loadgroup" or not xdist.__version__.startswith("3.8."):
        return None
    return _load_group_scheduling()(config, log)


def _load_group_scheduling() -> type:
    """pytest-xdist 3.8's LoadGroupScheduling, the same work units handed out in the same order, where the
    controller counted a worker's tests still to run over every unit it ever had (at each test's end: some
    ten million steps over the suite) and found each test's index by a search of the whole collection: a unit
    leaves the count once all its tests are done, and the indices come from a table. The controller shares the
    two cores with the workers, so its CPU time was the workers' (some 7 CPU-s of the suite's 300)."""
    from xdist.scheduler import LoadGroupScheduling

    class LoadGroup(LoadGroupScheduling):
        def __init__(self, config: pytest.Config, log: object = None) -> None:
            super().__init__(config, log)
            self.indices: dict[object, dict[str, int]] = {}  # worker → its collection's index of each test id

        def mark_test_complete(self, node, item_index: int, duration: float = 0) -> None:
            nodeid = self.registered_collections[node][item_index]
            scope = self._split_scope(nodeid)
            units = self.assigned_work[node]
            units[scope][nodeid] = True
            if all(units[scope].values()):
                del units[scope]
            self._reschedule(node)

        def _assign_work_unit(self, node) -> None:
            scope, work_unit = self.workqueue.popitem(last=False)
            self.assigned_work.setdefault(node, {})[scope] = work_unit
            if node not in self.indices:
                self.indices[node] = {nodeid: i for i, nodeid in enumerate(self.registered_collections[node])}
            index = self.indices[node]
            node.send_runtest_some([index[nodeid] for nodeid, done in work_unit.items() if not done])

    return LoadGroup
