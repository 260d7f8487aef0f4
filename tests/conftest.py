"""Shared fixtures: a headless SDL, a data folder of this run, the real app on a fake clock (`app`)."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Games the tests finish are saved as replays: into a folder of this run, never the user's.
os.environ.setdefault("COUCHCARDS_DATA_DIR", tempfile.mkdtemp(prefix="couchcards-test-data-"))
# The language setting defaults to the system's (game.i18n): the tests read English on any machine.
os.environ["LANGUAGE"] = "en"

import pygame
import pytest
from support_app import make_app

from game.render import cache as render_cache

# The game fixes glibc's threshold for mapping a block alone at 128 KiB and trims the heap on every resize, so
# a long evening of resizes hands its memory back (`python -m game bench memory` measures it; no test reads
# the process's memory). Under that policy every card, panel and text picture a test draws is a fresh mapping
# whose pages all fault in: a fifth of the suite's time went to the kernel. The tests keep glibc's own policy.
render_cache._LIBC = None
from support_pads import pads  # noqa: F401 - the virtual pads fixture, for every test


@pytest.fixture
def app(tmp_path):
    """The real App (real InputRouter, scene stack and navigator) on a fake clock, settings in tmp_path."""
    a = make_app(tmp_path)
    yield a
    a.stack.clear()
    pygame.event.clear()


@pytest.fixture(autouse=True)
def standard_looks():
    """Every test starts from the standard looks (text size 100 %, standard cards, the reference window and
    text room), whatever a test before it in the same worker left set: the screens' checks must not depend on
    which tests ran first."""
    from game.render import scale

    def reset() -> None:
        scale.set_text_scale(1.0)
        scale.set_large_cards(False)
        scale.set_window(scale.REFERENCE)
        scale._room = 2.0

    reset()
    yield
    reset()
