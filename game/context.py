"""A value a frame is drawn with (game.render.scale's RenderContext: the text size, the window; game.i18n's
LanguageContext: the language), held for the code running now instead of in a module's globals.

The app installs one (from its settings) and a block changes it for as long as it runs (`using`): a test or the
replay viewer draws a frame with other looks or in another language, and when the block ends the one before is
back, whatever happens. A ContextVar holds it, so a block in one context (a thread, a task) leaves the others
as they were; a worker thread starts from the default (the game's threads draw and translate nothing).

No game import here: game.i18n, below the data layer, keeps its language in one too.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import fields, replace
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

C = TypeVar("C", bound="DataclassInstance")  # a frozen dataclass: a value, changed by `replace`

# A block's changes: field name -> value
Changes = dict[str, object]


def _changed(base: C, changes: tuple[Changes, ...]) -> C:
    merged: Changes = {}
    for change in changes:
        merged.update(change)
    return replace(base, **merged) if merged else base


class Layered(Generic[C]):
    """A context value in force: the one installed, with the changes of the `using` blocks open round the code
    running now (innermost last). `var` holds (installed, open changes, in force), in force computed once per
    change, so reading it (`current`, every text drawn) is one ContextVar get."""

    __slots__ = ("var",)

    def __init__(self, name: str, default: C) -> None:
        self.var: ContextVar[tuple[C, tuple[Changes, ...], C]] = ContextVar(name, default=(default, (), default))

    def current(self) -> C:
        """The value in force."""
        return self.var.get()[2]

    def installed(self) -> C:
        """The value installed (outside every `using` block)."""
        return self.var.get()[0]

    @contextmanager
    def using(self, context: C | None = None, **changes: object) -> Iterator[C]:
        """Draw with `context` (every field of it), or the value in force with `changes`, until the block
        ends; then the one before is back, whatever happens. A value installed inside the block (the player
        changed a setting) stays installed: only the block's changes end."""
        # (its fields: not what an instance keeps worked out from them, see RenderContext.grown)
        change: Changes = {f.name: getattr(context, f.name) for f in fields(context)} if context is not None else {}
        change.update(changes)
        base, open_changes, _ = self.var.get()
        self.var.set((base, (*open_changes, change), _changed(base, (*open_changes, change))))
        try:
            yield self.var.get()[2]
        finally:
            base, open_changes, _ = self.var.get()
            kept = open_changes[:-1] if open_changes and open_changes[-1] is change else tuple(
                c for c in open_changes if c is not change)
            self.var.set((base, kept, _changed(base, kept)))

    def install(self, context: C | None = None, **changes: object) -> None:
        """Make `context` (or the one installed with `changes`) the one in force outside any `using` block.
        Blocks open now keep their changes over it."""
        base, open_changes, _ = self.var.get()
        new = _changed(context if context is not None else base, (changes,))
        self.var.set((new, open_changes, _changed(new, open_changes)))
