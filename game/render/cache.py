"""Caches of drawn things (fonts, card faces, text, shades), each bounded by the bytes it holds (a number
of window-sized pictures' worth, see Bound): least recently used entries go first, and every cache of
pictures made for one window size is emptied when the window changes size.

Pictures are drawn for the window's size, so after a resize the old ones are never asked for again; a
long evening of resizes would otherwise keep hundreds of megabytes of them. `window_resized()` (the app
calls it on every new window size) empties them all and hands the freed memory back to the system.
"""

from __future__ import annotations

import ctypes
import sys
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TypeVar

import pygame

from game.core.memo import DICT_SLOT, Table, deep_size, register
from game.render import scale

V = TypeVar("V")

BYTES_PER_PIXEL = 4  # the window's pictures are 32-bit
# What a Font costs besides its pictures (measured: 64 fonts of 10-73 px, each having drawn a line, took 13 MB;
# 64 bold ones of 74-137 px, 20 MB): its face and its glyph cache, growing with its size.
FONT_BYTES = 160 * 1024
FONT_BYTES_PER_PX = 2 * 1024


@dataclass(frozen=True)
class Bound:
    """A cache's bound in bytes: `screens` window-sized pictures' worth (the pictures grow with the window,
    so the bound does too: one screen is 3.7 MB at 1280x720, 8.3 MB at 1920x1080) plus `fixed` bytes."""

    screens: float = 0.0
    fixed: int = 0

    def at(self, size: tuple[int, int]) -> int:
        return self.fixed + round(self.screens * size[0] * size[1] * BYTES_PER_PIXEL)


def picture_size(key: object, value: object) -> int:
    """Bytes one entry of a picture cache holds: its pixels (every Surface in the value), a Font's own
    memory, and the key and slot."""
    return DICT_SLOT + deep_size(key) + _held(value)


def _held(value: object) -> int:
    if isinstance(value, pygame.Surface):
        return value.get_pitch() * value.get_height() + sys.getsizeof(value)
    if isinstance(value, pygame.font.Font):
        return FONT_BYTES + FONT_BYTES_PER_PX * value.get_height()
    if isinstance(value, (tuple, list)):
        return sys.getsizeof(value) + sum(_held(item) for item in value)
    return deep_size(value)


class LRU(Table[Hashable, V]):
    """At most `bound` bytes (at the window's size, see Bound): reading an entry makes it the newest,
    adding one past the bound drops the oldest (the newest too, if it alone is bigger than the bound: its
    caller still has it for this frame). With `per_size` (the default) it is emptied on every window
    resize, and on a change of language or looks (text size, card size, letters) too unless `size_only`:
    its pictures depend on nothing but the window's size and their keys (the felt, a card's blank).
    `name` says whose it is in the memory bench."""

    def __init__(self, name: str, bound: Bound, per_size: bool = True, size_only: bool = False) -> None:
        self.name = name
        self.bound = bound
        self.per_size = per_size
        self.size_only = size_only
        self._items: OrderedDict[Hashable, V] = OrderedDict()
        self._sizes: dict[Hashable, int] = {}
        self._bytes = 0
        self.misses = 0
        register(self)

    def limit(self) -> int:
        """The bound in bytes now: at the window of the render context in force (or the bigger canvas its
        pictures are drawn for: see RenderContext.canvas)."""
        return self.bound.at(scale.current().drawn_for)

    def get(self, key: Hashable, default: V | None = None) -> V | None:
        value = self._items.get(key)
        if value is None:
            self.misses += 1
            return default
        self._items.move_to_end(key)
        return value

    def __getitem__(self, key: Hashable) -> V:
        value = self._items[key]
        self._items.move_to_end(key)
        return value

    def __setitem__(self, key: Hashable, value: V) -> None:
        if key in self._items:
            self._drop(key)
        size = picture_size(key, value)
        self._items[key] = value
        self._sizes[key] = size
        self._bytes += size
        self.trim()

    def trim(self) -> None:
        """Drop the oldest entries until the cache is within its bound (at the window's size now)."""
        limit = self.limit()
        while self._bytes > limit and self._items:
            self._drop(next(iter(self._items)))

    def _drop(self, key: Hashable) -> None:
        del self._items[key]
        self._bytes -= self._sizes.pop(key)

    def values(self) -> list[V]:
        return list(self._items.values())

    def clear(self) -> None:
        super().clear()
        self._sizes.clear()


def _caches() -> list[LRU[object]]:
    from game.core.memo import tables

    return [table for table in tables() if isinstance(table, LRU)]


def per_size_caches() -> list[LRU[object]]:
    """Every live cache that is emptied on a resize (for tests and the memory bench)."""
    return [cache for cache in _caches() if cache.per_size]


def window_resized() -> None:
    """The window has a new size (the render context in force says which): drop every picture drawn for
    the old one, hold every cache kept across sizes to its bound at the new size, and give the memory back."""
    for cache in _caches():
        if cache.per_size:
            cache.clear()
        else:
            cache.trim()
    release_memory()


def looks_changed() -> None:
    """The language or the looks changed at the same window size: drop every picture that shows words or
    depends on the looks; the ones of the size alone (`size_only`: the felt, the cards' blanks) stay."""
    for cache in per_size_caches():
        if not cache.size_only:
            cache.clear()
    release_memory()


def _libc() -> ctypes.CDLL | None:
    """glibc, or None elsewhere (other systems' allocators hand big freed blocks back by themselves)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        # glibc's own name: ctypes.util.find_library would load subprocess and run ldconfig at every start.
        libc = ctypes.CDLL("libc.so.6")
        libc.malloc_trim.argtypes = [ctypes.c_size_t]
        libc.mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    except (OSError, AttributeError):  # musl and others: no malloc_trim
        return None
    return libc


_LIBC = _libc()
M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter
MMAP_THRESHOLD = 128 * 1024  # glibc's own starting value, kept fixed


def release_memory() -> None:
    """Hand freed memory back to the system.

    glibc raises its threshold for giving a block its own mapping to the size of the biggest block
    freed (up to 32 MB; a 4K window's felt is 33 MB) and then keeps up to twice that of freed memory
    in its heap, and freed blocks in the middle of the heap until asked: after one evening of resizes
    the game would hold hundreds of megabytes it no longer uses. So the threshold is fixed at its
    starting value (every picture of 128 KB or more is mapped alone and unmapped when freed) and the
    heap is trimmed."""
    if _LIBC is not None:
        _LIBC.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)
        _LIBC.malloc_trim(0)


def fix_mmap_threshold() -> None:
    """From the start, every picture of 128 KB or more gets its own mapping (see release_memory): the first
    big picture freed (a layout's scratch, a felt of another size) no longer raises glibc's threshold, so
    the pictures made after it are not carved out of a heap that keeps what they free. The app calls it
    once as it opens."""
    if _LIBC is not None:
        _LIBC.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)
