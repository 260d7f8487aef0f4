"""A kept practice session as the schools' mastery reads it: the history's own record (game.history.queries.
Practice) or a test's stand-in. Its events are (rule or kind, outcome, ms)."""

from __future__ import annotations

from typing import Protocol

Slap = tuple[str | None, str, float | None]


class KeptSession(Protocol):
    """A kept session as mastery reads it (the slap school's `Kept`, the history's queries.Practice)."""

    @property
    def started(self) -> str: ...
    @property
    def drill(self) -> str: ...
    @property
    def length_ms(self) -> int: ...
    @property
    def correct(self) -> int: ...
    @property
    def decisions(self) -> int: ...
    @property
    def slaps(self) -> tuple[Slap, ...]: ...
