"""The scene stack (a pushdown automaton): only the top scene gets input; overlays draw over the scenes
under them. The app owns one; tests use the same class."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from game.render.scale import text_room

if TYPE_CHECKING:
    from game.services import Scene, Services


class SceneStack:
    """push/pop/replace/reset with explicit enter/exit/pause/resume.

    `services` is what every scene entering the stack gets as `scene.app`; `size()` gives the window
    size a scene is laid out for when it enters; `on_change()` runs after every change (the app syncs
    text entry with the top scene there); `on_empty()` runs when the last scene is popped.
    """

    def __init__(self, services: Services, size: Callable[[], tuple[int, int]],
                 on_change: Callable[[], None] = lambda: None, on_empty: Callable[[], None] = lambda: None
                 ) -> None:
        self._services = services
        self._size = size
        self._on_change = on_change
        self._on_empty = on_empty
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def __len__(self) -> int:
        return len(self.scenes)

    def __iter__(self) -> Iterator[Scene]:
        return iter(self.scenes)

    def __getitem__(self, index: int) -> Scene:
        return self.scenes[index]

    def __contains__(self, scene: object) -> bool:
        return scene in self.scenes

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self._enter(scene)
        self._on_change()

    def pop(self) -> None:
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        else:
            self._on_empty()
        self._on_change()

    def replace(self, scene: Scene) -> None:
        self.scenes.pop().exit()
        self._enter(scene)
        self._on_change()

    def reset(self, scene: Scene) -> None:
        """Empty the stack (exiting every scene) and start again from `scene`, e.g. quit to menu."""
        self.clear()
        self._enter(scene)
        self._on_change()

    def clear(self) -> None:
        """Exit every scene, top first."""
        while self.scenes:
            self.scenes.pop().exit()

    def drawn(self) -> list[Scene]:
        """The scenes to draw this frame, bottom first: the top and every scene an overlay draws over."""
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].draws_below:
            first -= 1
        return self.scenes[max(first, 0):]

    def relayout(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            with text_room(scene.text_room):
                scene.relayout(size)

    def _enter(self, scene: Scene) -> None:
        scene.app = self._services
        self.scenes.append(scene)
        with text_room(scene.text_room):
            scene.enter()
            scene.relayout(self._size())
