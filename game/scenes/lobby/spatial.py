"""Focus that moves in space, for a d-pad: ↑ ↓ ← → go to the nearest item in that direction, and ← → change
a value only where a value cell is focused (it draws ‹ › round its value to say so). Items may belong to a
group (a seat's card): a move into another group lands on that group's first item, never inside it."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.commands import CLICK, CONFIRM, DOWN, LEFT, POINT, RIGHT, UP, Command
from game.ui import widgets as ui

DIRECTIONS = {UP: (0, -1), DOWN: (0, 1), LEFT: (-1, 0), RIGHT: (1, 0)}
HIDDEN = pygame.Rect(-10_000, -10_000, 0, 0)  # an item scrolled out of view: not drawn


@dataclass
class Cell(ui.Item):
    """A menu item that knows its seat (`group`, None outside the cards) and, for a value, its list:
    `choices()` gives the labels of every choice and the index of the current one."""

    group: int | None = None
    choices: Callable[[], tuple[list[str], int]] | None = None
    full: Callable[[], str] | None = None  # the current value in full where it is shown alone (the list of
    # choices shows short labels: "no · hint 1 s · …" beside "no penalty · hint 1 s")

    def is_value(self) -> bool:
        return self.change is not None and self.enabled()


def is_value(item: ui.Item) -> bool:
    return isinstance(item, Cell) and item.is_value()


def nearest(here: pygame.Rect, others: list[tuple[int, pygame.Rect]], action: str) -> int | None:
    """The index of the rect in `others` nearest to `here` in direction `action`: only rects that lie that
    way (past `here`'s far edge, less a quarter of the smaller one's size); those overlapping `here` across
    the direction (in its beam) first, by the gap, then by how far off centre; then the rest by gap + 2 × off."""
    dx, dy = DIRECTIONS[action]
    best: tuple[tuple[int, int, int], int] | None = None
    for index, rect in others:
        if dx:
            tol = min(here.w, rect.w) // 4
            gap = rect.left - here.right if dx > 0 else here.left - rect.right
            overlap = min(here.bottom, rect.bottom) - max(here.top, rect.top)
            off = abs(rect.centery - here.centery)
        else:
            tol = min(here.h, rect.h) // 4
            gap = rect.top - here.bottom if dy > 0 else here.top - rect.bottom
            overlap = min(here.right, rect.right) - max(here.left, rect.left)
            off = abs(rect.centerx - here.centerx)
        if gap < -tol:
            continue
        gap = max(0, gap)
        key = (0, gap, off) if overlap > 0 else (1, gap + 2 * off, 0)
        if best is None or key < best[0]:
            best = (key, index)
    return None if best is None else best[1]


class SpatialMenu(ui.Menu):
    """A menu whose items sit anywhere on screen. `places` are where the items are for moving (the whole
    layout, scrolled or not); `rects` where they are drawn now (HIDDEN when scrolled out of view);
    `follow()` runs after every move (the scene scrolls the focused item into view)."""

    def __init__(self, items: list[ui.Item], index: int = 0) -> None:
        self.places: list[pygame.Rect] = []
        self.follow: Callable[[], None] | None = None
        super().__init__(items, index)

    def group_of(self, index: int) -> int | None:
        item = self.items[index]
        return item.group if isinstance(item, Cell) else None

    def entry(self, group: int) -> int:
        """The item a move into `group` lands on: its first that can be chosen."""
        return next(i for i, item in enumerate(self.items) if self.group_of(i) == group and item.selectable())

    def target(self, index: int, action: str) -> int | None:
        """Where a press of `action` moves the focus from item `index` (None: nowhere that way)."""
        if len(self.places) != len(self.items):
            return None
        others = [(i, rect) for i, (item, rect) in enumerate(zip(self.items, self.places, strict=True))
                  if i != index and rect.w > 0 and item.selectable()]
        found = nearest(self.places[index], others, action)
        if found is None:
            return None
        group = self.group_of(found)
        if group is not None and group != self.group_of(index):
            return self.entry(group)
        return found

    def moves(self, index: int) -> list[str]:
        """The presses that move the focus from item `index`: ← → change a value cell instead."""
        return [UP, DOWN] if is_value(self.items[index]) else [UP, DOWN, LEFT, RIGHT]

    def route(self, goal: int) -> list[str] | None:
        """The fewest presses (UP, DOWN, LEFT, RIGHT) that bring the focus to item `goal`; None if none do."""
        came: dict[int, tuple[int, str] | None] = {self.index: None}
        todo = deque([self.index])
        while todo:
            at = todo.popleft()
            if at == goal:
                path: list[str] = []
                step = came[at]
                while step is not None:
                    path.append(step[1])
                    step = came[step[0]]
                return path[::-1]
            for action in self.moves(at):
                nxt = self.target(at, action)
                if nxt is not None and nxt not in came:
                    came[nxt] = (at, action)
                    todo.append(nxt)
        return None

    def under(self, pos: tuple[int, int]) -> int | None:
        """The item that can be chosen drawn at `pos` (a mouse's), if any."""
        return next((i for i, (item, rect) in enumerate(zip(self.items, self.rects, strict=False))
                     if rect.collidepoint(pos) and item.selectable()), None)

    def handle(self, cmd: Command) -> bool:
        if cmd.action in (POINT, CLICK) and cmd.pos is not None:  # the mouse: focus what it is on; a click is Enter
            found = self.under(cmd.pos)
            if found is None:
                return False
            self.index = found
            if self.follow is not None:
                self.follow()
            return cmd.action == POINT or self.handle(Command(cmd.seat, CONFIRM, cmd.t_ns, cmd.source, cmd.device,
                                                              cmd.poll))
        item = self.current
        if item is None:
            return False
        if cmd.action in (LEFT, RIGHT) and is_value(item):
            assert item.change is not None
            item.change(-1 if cmd.action == LEFT else 1)
            return True
        if cmd.action in DIRECTIONS:
            found = self.target(self.index, cmd.action)
            if found is None:
                return False
            self.index = found
            if self.follow is not None:
                self.follow()
            return True
        if cmd.action == CONFIRM and item.enabled():
            if item.on_confirm is not None:
                item.on_confirm()
            elif item.change is not None:
                item.change(1)
            else:
                return False
            return True
        return False
