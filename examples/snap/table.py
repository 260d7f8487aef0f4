"""Snap's table scene: a SnapMatch on the game clock, drawn by SnapView (the shell's TableScene does the rest)."""

from __future__ import annotations

import pygame

from game.games.table_scene import TableScene
from game.render.text import TextCache

from . import engine as sn
from .match import SnapMatch
from .view import SnapView


class SnapTable(TableScene[sn.Rules, SnapMatch]):
    rules_type = sn.Rules

    def make_match(self, start_ns: int) -> SnapMatch:
        c = self.config
        return SnapMatch(self.rules, c.seats, c.seed, start_ns, c.first_player)

    def make_view(self, names: list[str], controls: list[str], texts: TextCache) -> SnapView:
        return SnapView(self.rules, names, controls, self.config.seed, texts=texts)

    def rumbles(self, event: object) -> list[tuple[int, str]]:
        if isinstance(event, sn.PileClaimed):
            return [(event.seat, "short")]
        if isinstance(event, sn.WrongClaim):
            return [(event.seat, "double")]
        return []

    def draw_view(self, surface: pygame.Surface, now: float) -> None:
        assert isinstance(self.view, SnapView)  # TableScene.view is a TableView, which declares no draw()
        self.view.draw(surface, self.match.state, now)
