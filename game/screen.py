"""A screen as the app, its stack and the games' definitions see it: the scene contract as a Protocol.

Every screen subclasses game.ui.scene.Scene, which answers it; this Protocol lives below the scenes, the
services and the games, so a game's definition can say "returns a screen" without importing the scenes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pygame

    from game.commands import Command
    from game.input.router import TextEdit


class Screen(Protocol):
    """What the stack and the app call of a scene (see game.ui.scene.Scene for what each means)."""

    wants_pause_on_focus_loss: bool
    draws_below: bool
    text_room: float
    wants_text: bool
    holds_lost_pads: bool
    wants_pointer: bool

    def join_offer(self) -> str: ...

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def handle(self, cmd: Command) -> None: ...

    def update(self, now_ns: int, dt_ns: int) -> None: ...

    def text_edit(self, edit: TextEdit) -> None: ...

    def draw(self, surface: pygame.Surface, alpha: float) -> None: ...

    def presented(self) -> None: ...

    def relayout(self, size: tuple[int, int]) -> None: ...

    def seat_label(self, seat: int) -> str | None: ...

    def covered(self) -> tuple[list[list[pygame.Rect]], list[pygame.Rect]]: ...

    def unchanged(self, size: tuple[int, int], alpha: float) -> bool: ...
