"""The scene contract: the app's stack calls these; only the top scene gets input."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from game.commands import Command
    from game.input.router import TextEdit
    from game.services import Services


class Scene:
    """Override what you need. `app` is set by the stack before `enter()`.

    - `handle(cmd)`: a stamped Command (game or menu action) from input/, top scene only.
    - `update(now_ns, dt_ns)`: one fixed simulation step (120 Hz); `now_ns` is the step's time.
    - `draw(surface, alpha)`: pure drawing, never changes the game; alpha in [0, 1) interpolates.
    - `wants_pause_on_focus_loss`: tables say True so losing focus pushes the pause scene.
    """

    app: Services  # set by the stack before enter()
    wants_pause_on_focus_loss = False
    draws_below = False  # overlays (pause, confirm) let the scene under them draw first
    text_room = 2.0  # the largest text scale (the Text size setting) this screen's layout takes: see render.scale
    wants_text = False  # on top, the physical keyboard types: `text_edit` gets each TextEdit
    holds_lost_pads = False  # the "pad unplugged" overlay (only one is pushed at a time)
    wants_pointer = False  # on top, the mouse moves the focus and clicks (game.commands POINT, CLICK)

    def join_offer(self) -> str:
        """What a newly plugged-in pad is told it can do here: "now" (press A to join), "pause" (press
        Start, then A: a table under way with bots' seats to take), "said" (this screen says itself, for as
        long as it is true, how to join: the notice only says the pad is connected) or "" (no seat it could
        take)."""
        return "now"

    def enter(self) -> None:
        pass

    def exit(self) -> None:
        pass

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene on top was popped."""

    def handle(self, cmd: Command) -> None:
        pass

    def update(self, now_ns: int, dt_ns: int) -> None:
        pass

    def text_edit(self, edit: TextEdit) -> None:
        """Typed text, Backspace, Enter or Esc while `wants_text` (see the App)."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        pass

    def presented(self) -> None:
        """The frame this scene last drew has just been shown (after the flip): for stamping what a player
        could first see then (the slap school's cards, issue 21)."""

    def relayout(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def seat_label(self, seat: int) -> str | None:
        """The name table seat `seat` has on this screen ("Player 7", a remembered player's name), for the app's
        notices about it; None: this screen shows no table."""
        return None

    def covered(self) -> tuple[list[list[pygame.Rect]], list[pygame.Rect]]:
        """What a label over this screen (the demo's) keeps off: places it never covers (players' places), then
        those it keeps off where it can, each list less important than the one before; and the words of the frame
        last drawn (never covered either). None said: the label takes its corner."""
        return [], []

    def unchanged(self, size: tuple[int, int], alpha: float) -> bool:
        """True when `draw` at this size and alpha would draw exactly what it drew last time.

        The app then skips drawing and presenting the frame: presenting can block for milliseconds
        on some displays, and input is not read while it does. Scenes that cannot tell say False.
        """
        return False
