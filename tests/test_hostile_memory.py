"""Long evenings: every cache of pictures, fonts and text is bounded, and a window that went through many
sizes and came back to 1280x720 holds no more pictures or fonts than before (issue 15, item 4).

Counted, not timed: the pictures (bytes of pixels) and fonts reachable from the game's modules and the
app are added up before and after a sweep of window sizes. `python -m game bench memory` measures the
process's memory over 300 sizes."""

from __future__ import annotations

import random
import sys
import types

import pygame
import pytest

from game.bench import memory as bench_memory
from game.render import cache
from game.render import text as render_text
from game.render.scale import install

SIZES = [(3840, 2160), (640, 360), (2561, 1439), (1917, 1203), (777, 555), (3333, 1000)]


def held(app) -> tuple[int, int]:
    """(bytes of pixels in every Surface, number of Fonts) reachable from the game's modules and `app`,
    not counting the window itself."""
    window = pygame.display.get_surface()
    seen: set[int] = set()
    pixels = fonts_held = 0
    todo: list[object] = [app] + [m for name, m in list(sys.modules.items()) if name.startswith("game.")]
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, pygame.Surface):
            if obj is not window:
                pixels += obj.get_bytesize() * obj.get_width() * obj.get_height()
            continue
        if isinstance(obj, pygame.font.Font):
            fonts_held += 1
            continue
        if isinstance(obj, types.ModuleType):
            if obj.__name__.startswith("game."):
                todo.extend(vars(obj).values())
            continue
        if isinstance(obj, dict):
            todo.extend(obj.values())
            todo.extend(obj.keys())
            continue
        if isinstance(obj, (list, tuple, set, frozenset)):
            todo.extend(obj)
            continue
        if isinstance(obj, (type, types.FunctionType, types.MethodType, str, bytes, int, float)):
            continue
        if type(obj).__module__.startswith(("game.", "collections")):
            if hasattr(obj, "__dict__"):
                todo.extend(vars(obj).values())
            for slot in getattr(type(obj), "__slots__", ()):
                todo.append(getattr(obj, slot, None))
            if hasattr(obj, "values") and callable(obj.values):
                todo.extend(obj.values())
    return pixels, fonts_held


def visit(app, size, frames=3):
    for _ in bench_memory.screens(app, 3):
        bench_memory.resize(app, size, frames)


@pytest.mark.parametrize("seed", [1])
def test_a_sweep_of_window_sizes_leaves_no_more_pictures_or_fonts_than_before(app, seed):
    visit(app, (1280, 720))
    pixels_before, fonts_before = held(app)
    sizes = SIZES[:]
    random.Random(seed).shuffle(sizes)
    steps = bench_memory.screens(app, 3)
    for i, size in enumerate(sizes):
        if i % 2 == 0:  # three screens (title, a lobby, a table), two sizes each
            next(steps, None)
        bench_memory.resize(app, size, frames=1)
    visit(app, (1280, 720))
    pixels_after, fonts_after = held(app)
    assert fonts_after <= fonts_before + 4, (fonts_before, fonts_after)
    assert pixels_after <= 1.2 * pixels_before + 2**20, (pixels_before / 2**20, pixels_after / 2**20)
    for each in cache.per_size_caches():
        assert each.bytes <= each.limit(), each.name


def test_fonts_are_kept_in_a_cache_bounded_by_their_bytes():
    bound = render_text._FONTS.limit()
    for size in range(6, 200):
        render_text.get_font(size, bold=size % 2 == 0)
    assert 0 < render_text._FONTS.bytes <= bound
    assert len(render_text._FONTS) < 194  # the big ones pushed the first out


def surface(w: int, h: int = 1) -> pygame.Surface:
    return pygame.Surface((w, h), pygame.SRCALPHA)


def test_a_cache_drops_its_least_recently_used_entry_by_bytes_and_empties_on_a_resize():
    install(window=(1280, 720))
    per_px = cache.picture_size("a", surface(100, 100))  # one entry: 40 KB of pixels and its key
    lru = cache.LRU("test", cache.Bound(fixed=3 * per_px))
    for key in "abc":
        lru[key] = surface(100, 100)
    assert lru.bytes == 3 * per_px
    assert lru.get("a") is not None  # now the newest
    lru["d"] = surface(100, 100)
    assert "b" not in lru and list(lru) == ["c", "a", "d"] and lru.bytes <= lru.limit()
    lru["big"] = surface(100, 250)  # two and a half entries' worth: the three oldest go
    assert list(lru) == ["big"] and lru.bytes <= lru.limit()
    lru["huge"] = surface(1000, 100)  # bigger than the bound alone: not kept (its caller still has it)
    assert "huge" not in lru and lru.bytes <= lru.limit()
    kept = cache.LRU("test kept", cache.Bound(fixed=3 * per_px), per_size=False)
    kept["x"] = surface(100, 100)
    cache.window_resized()
    assert len(lru) == 0 and lru.bytes == 0 and len(kept) == 1


def test_a_cache_bound_in_screens_follows_the_window():
    lru = cache.LRU("test screens", cache.Bound(screens=0.5), per_size=False)
    install(window=(1920, 1080))
    assert lru.limit() == 1920 * 1080 * 4 // 2
    for i in range(8):  # a little under a quarter screen each at 1920x1080: two fit
        lru[i] = surface(900, 500)
    assert len(lru) == 2 and lru.bytes <= lru.limit()
    install(window=(1280, 720))  # a smaller window: its bound gives back what it no longer allows
    cache.window_resized()
    assert lru.limit() == 1280 * 720 * 4 // 2 and lru.bytes <= lru.limit() and list(lru) == [7]  # the newest stays

