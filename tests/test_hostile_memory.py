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
        assert len(each) <= each.capacity


def test_fonts_are_kept_in_a_bounded_cache():
    for size in range(6, 6 + 3 * render_text.FONT_CAPACITY):
        render_text.get_font(size, bold=size % 2 == 0)
    assert len(render_text._FONTS) <= render_text.FONT_CAPACITY


def test_a_cache_drops_its_least_recently_used_entry_and_empties_on_a_resize():
    lru = cache.LRU(3)
    for key in "abc":
        lru[key] = key.upper()
    assert lru.get("a") == "A"  # now the newest
    lru["d"] = "D"
    assert "b" not in lru and list(lru) == ["c", "a", "d"]
    kept = cache.LRU(3, per_size=False)
    kept["x"] = "X"
    cache.window_resized()
    assert len(lru) == 0 and len(kept) == 1
    with pytest.raises(ValueError):
        cache.LRU(0)
