"""Memo tables bounded by the bytes they hold, not by how many entries: a table of small answers and a
table of window-sized pictures are kept to what they cost in memory, whatever their entries weigh.

Every live table is listed (`tables()`) with its name, so the memory bench can say who holds what and
the tests can fill each one past its bound and check its bytes. The sizes are estimates from
`sys.getsizeof` (what Python allocated for the object, its items counted once), enough to bound a table
within a few per cent; a table of pictures gives its own sizer (game.render.cache counts pixels).

No pygame and no game here: the engines' memos use it too (see game.core).
"""

from __future__ import annotations

import sys
import weakref
from collections.abc import Callable, Hashable, Iterator
from typing import Any, Generic, Protocol, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

# What a seat's panel is drawn from, as the key it is kept under: a tuple of plain hashable values (its count,
# its score, its controls), compared whole and never taken apart by the cache. Its parts differ by game, so the
# game's view that builds a key is the one that reads it back; here it is only a key. (A card's key is typed:
# game.render.effects.CardKey.)
Key = tuple[Any, ...]

DICT_SLOT = 3 * 8  # a dict entry beyond the key and the value themselves: its hash and two pointers
_MISSING = object()


_STR = sys.getsizeof("")


def deep_size(obj: object, _depth: int = 0) -> int:
    """Bytes `obj` holds: its own size plus its items' (tuples, lists, sets, dicts; four levels down).
    A text counts as its characters at four bytes each unless they are all ASCII: the same whenever it is
    asked (Python's own size of a text grows once it has been encoded, as drawing it does)."""
    if isinstance(obj, str):
        return _STR + len(obj) * (1 if obj.isascii() else 4)
    size = sys.getsizeof(obj)
    if _depth >= 4:
        return size
    # Plain loops, not sum() over a generator: every entry a memo adds (and drops) is sized here, and the
    # engines' memos add entries in their hottest calls (a generator a level was half of a slap check's time).
    depth = _depth + 1
    if isinstance(obj, (tuple, list, set, frozenset)):
        for item in obj:
            size += _STR + len(item) * (1 if item.isascii() else 4) if isinstance(item, str) else deep_size(item, depth)
        return size
    if isinstance(obj, dict):
        for k, v in obj.items():
            size += deep_size(k, depth) + deep_size(v, depth)
    return size


def entry_size(key: object, value: object) -> int:
    """What one entry of a memo costs: its key, its value and the dict's slot for them."""
    return deep_size(key) + deep_size(value) + DICT_SLOT


class Sized(Protocol):
    """What the memory bench and the tests read of every bounded table."""

    name: str

    @property
    def bytes(self) -> int: ...
    def limit(self) -> int: ...
    def __len__(self) -> int: ...


_TABLES: weakref.WeakSet[Sized] = weakref.WeakSet()


def register(table: Sized) -> None:
    _TABLES.add(table)


def tables() -> list[Sized]:
    """Every live bounded table (for the memory bench and the tests)."""
    return list(_TABLES)


class Table(Generic[K, V]):
    """What every bounded table shares: its name, its entries and the bytes they hold."""

    __slots__ = ("__weakref__", "_bytes", "_items", "name")
    _items: dict[K, V]

    @property
    def bytes(self) -> int:
        return self._bytes

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def clear(self) -> None:
        self._items.clear()
        self._bytes = 0


class Memo(Table[K, V]):
    """A memo of at most `max_bytes` (keys, values and slots as `sizer` counts them): past it the oldest
    entries go first. Reading is a plain dict's `get` (the engines read theirs in their hottest calls);
    only adding an entry pays for the bookkeeping."""

    __slots__ = ("_dropped", "_sizer", "get", "max_bytes")

    def __init__(self, name: str, max_bytes: int,
                 sizer: Callable[[object, object], int] = entry_size) -> None:
        if max_bytes < 1:
            raise ValueError(f"{name}: max_bytes must be 1 or more, not {max_bytes}")
        self.name = name
        self.max_bytes = max_bytes
        self._sizer = sizer
        self._items: dict[K, V] = {}
        self._bytes = 0
        self._dropped = 0  # entries dropped since the dict was last made anew (see __setitem__)
        self.get = self._items.get
        register(self)

    def limit(self) -> int:
        return self.max_bytes

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __setitem__(self, key: K, value: V) -> None:
        items = self._items
        old = items.pop(key, _MISSING)
        if old is not _MISSING:
            self._bytes -= self._sizer(key, old)
        items[key] = value
        self._bytes += self._sizer(key, value)
        while self._bytes > self.max_bytes and items:
            oldest = next(iter(items))
            self._bytes -= self._sizer(oldest, items.pop(oldest))
            self._dropped += 1
        # A dict keeps the places of the entries dropped from its front until it grows, and finding the oldest
        # entry walks past all of them: a full memo (the slap answers of a school session, most asked once) spent
        # more time there than in the rest of adding. Made anew (the same entries, in the same order) once an
        # eighth of it has been dropped, the walk stays short.
        if self._dropped > 64 and self._dropped * 8 > len(items):
            self._items = dict(items)
            self.get = self._items.get
            self._dropped = 0
