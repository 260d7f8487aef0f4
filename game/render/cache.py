"""Bounded caches of drawn things (fonts, card faces, text, shades): least recently used entries go first,
and every cache of pictures made for one window size is emptied when the window changes size.

Pictures are drawn for the window's size, so after a resize the old ones are never asked for again; a
long evening of resizes would otherwise keep hundreds of megabytes of them. `window_resized()` (the app
calls it on every new window size) empties them all and hands the freed memory back to the system.
"""

from __future__ import annotations

import ctypes
import sys
import weakref
from collections import OrderedDict
from collections.abc import Hashable, Iterator
from typing import Generic, Protocol, TypeVar

V = TypeVar("V")

class _Emptied(Protocol):
    """A cache emptied on a resize, as the functions below see it."""

    size_only: bool

    def clear(self) -> None: ...

    def __iter__(self) -> Iterator[Hashable]: ...


_PER_SIZE: weakref.WeakSet[_Emptied] = weakref.WeakSet()


class LRU(Generic[V]):
    """At most `capacity` entries; reading one makes it the newest, adding one past the bound drops the
    oldest. With `per_size` (the default) it is emptied on every window resize, and on a change of language
    or looks (text size, card size, letters) too unless `size_only`: its pictures depend on nothing but
    the window's size and their keys (the felt, a card's blank)."""

    def __init__(self, capacity: int, per_size: bool = True, size_only: bool = False) -> None:
        if capacity < 1:
            raise ValueError(f"capacity must be 1 or more, not {capacity}")
        self.capacity = capacity
        self.size_only = size_only
        self._items: OrderedDict[Hashable, V] = OrderedDict()
        if per_size:
            _PER_SIZE.add(self)

    def get(self, key: Hashable, default: V | None = None) -> V | None:
        value = self._items.get(key)
        if value is None:
            return default
        self._items.move_to_end(key)
        return value

    def __getitem__(self, key: Hashable) -> V:
        value = self._items[key]
        self._items.move_to_end(key)
        return value

    def __setitem__(self, key: Hashable, value: V) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.capacity:
            self._items.popitem(last=False)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._items)

    def values(self) -> list[V]:
        return list(self._items.values())

    def clear(self) -> None:
        self._items.clear()


def per_size_caches() -> list[_Emptied]:
    """Every live cache that is emptied on a resize (for tests and the memory bench)."""
    return list(_PER_SIZE)


def window_resized() -> None:
    """The window has a new size: drop every picture drawn for the old one and give the memory back."""
    for cache in list(_PER_SIZE):
        cache.clear()
    release_memory()


def looks_changed() -> None:
    """The language or the looks changed at the same window size: drop every picture that shows words or
    depends on the looks; the ones of the size alone (`size_only`: the felt, the cards' blanks) stay."""
    for cache in list(_PER_SIZE):
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
