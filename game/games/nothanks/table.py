"""The No Thanks table scene: a NothanksMatch on the game clock, drawn by NothanksView; ↑/↓ toggle the
teaching aid (how a card's value is made, and everyone's running score), ←/→ the move log (the last
takes and passes)."""

from __future__ import annotations

import pygame

from game.commands import DOWN, LEFT, RIGHT, UP, Command
from game.games.nothanks.match import NothanksMatch
from game.games.nothanks.view import NothanksView
from game.render.fonts import TextCache
from game.scenes.table import TableScene


class NothanksTable(TableScene):
    """`NothanksTable(config)`: take the card or pay a match, until the stack is gone."""

    def __init__(self, config, *, threaded: bool = True) -> None:
        """`threaded=False` lets bots decide in the calling thread (headless tests with a fake clock)."""
        super().__init__(config)
        self.threaded = threaded

    def make_match(self, start_ns: int) -> NothanksMatch:
        c = self.config
        return NothanksMatch(c.rules, c.seats, c.seed, start_ns, c.first_player, threaded=self.threaded)

    def make_view(self, names: list[str], controls: list[str], texts: TextCache) -> NothanksView:
        return NothanksView(self.config.rules, names, controls, self.config.seed, texts=texts)

    def apply_settings(self) -> None:
        super().apply_settings()
        self.view.teaching_aid = bool(self.setting("teaching_aid", True))

    def on_menu(self, cmd: Command) -> None:
        if cmd.action in (UP, DOWN):
            self.view.teaching_aid = not self.view.teaching_aid
            try:
                self.app.settings["teaching_aid"] = self.view.teaching_aid
            except (TypeError, KeyError):
                pass  # a settings object that refuses the key: the toggle still works for this table
            self._version += 1
        elif cmd.action in (LEFT, RIGHT):  # the move log, for this table only
            self.view.show_log = not self.view.show_log
            self._version += 1

    def moving(self) -> bool:
        return self.match.thinking_seat is not None  # the thinking dots breathe

    def draw_view(self, surface: pygame.Surface, now: float) -> None:
        self.view.draw(surface, self.match.state, now, self.match.thinking_seat)
