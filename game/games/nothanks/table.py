"""The No Thanks table scene: a NothanksMatch on the game clock, drawn by NothanksView; ↑/↓ give more or
less help: the teaching aid (how a card's value is made, and everyone's running score), then the coach (what
the hard bot would do on a person's turn, and why: game.games.nothanks.coach); ←/→ the move log (the last
takes and passes). A learner's seat (SeatSpec.hint_ms) always has the coach, its words showing that long
after its turn begins."""

from __future__ import annotations

import pygame

from game.commands import DOWN, LEFT, RIGHT, UP, Command
from game.core.contract import TableConfig, seat_name
from game.games.nothanks import engine as nt
from game.games.nothanks.coach import Coach, coach_lines
from game.games.nothanks.match import NothanksMatch
from game.games.nothanks.view import NothanksView
from game.games.table_scene import TableScene
from game.render.text import TextCache


class NothanksTable(TableScene[nt.Rules, NothanksMatch]):
    """`NothanksTable(config)`: take the card or pay a match, until the stack is gone."""

    rules_type = nt.Rules

    def __init__(self, config: TableConfig, *, threaded: bool = True) -> None:
        """`threaded=False` lets bots decide in the calling thread (headless tests with a fake clock)."""
        super().__init__(config)
        self.threaded = threaded
        self.coaching = False  # the coach on for every person's turn (↑ past the teaching aid)
        self.coach = Coach(config.seed, threaded=threaded)
        self._turn: tuple[int, int | None, int, int] | None = None  # the turn on now, and when it began
        self._turn_at = 0

    def make_match(self, start_ns: int) -> NothanksMatch:
        c = self.config
        return NothanksMatch(self.rules, c.seats, c.seed, start_ns, c.first_player, threaded=self.threaded)

    def _view(self) -> NothanksView:
        view = self._table()
        assert isinstance(view, NothanksView), "a No Thanks table draws with its own view"
        return view

    def make_view(self, names: list[str], controls: list[str], texts: TextCache) -> NothanksView:
        return NothanksView(self.rules, names, controls, self.config.seed, texts=texts)

    def apply_settings(self) -> None:
        super().apply_settings()
        self._view().teaching_aid = bool(self.setting("teaching_aid", True))

    def on_menu(self, cmd: Command) -> None:
        if cmd.action in (UP, DOWN):
            # ↑ more help: the teaching aid, then the coach too; ↓ less: the coach goes first.
            aid = self._view().teaching_aid
            if cmd.action == UP:
                self.coaching = self.coaching or aid
                aid = True
            elif self.coaching:
                self.coaching = False
            else:
                aid = False
            if aid != self._view().teaching_aid:
                self._view().teaching_aid = aid
                try:
                    self.app.settings["teaching_aid"] = aid
                except (TypeError, KeyError):
                    pass  # a settings object that refuses the key: the toggle still works for this table
            self.update_coach()
            self._version += 1
        elif cmd.action in (LEFT, RIGHT):  # the move log, for this table only
            self._view().show_log = not self._view().show_log
            self._version += 1

    def update(self, now_ns: int, dt_ns: int) -> None:
        super().update(now_ns, dt_ns)
        self.update_coach()

    def exit(self) -> None:
        self.coach.close()
        super().exit()

    def update_coach(self) -> None:
        """The coach's words for the person on turn when the coach is on (or for a learner, once its hint
        delay has passed since its turn began), from that seat's observation only; else none."""
        st = self.match.state
        words = None
        if not st.is_over:
            seat = st.current_player
            spec = self.config.seats[seat]
            turn = (seat, st.card, st.pot, st.cards_left)
            if turn != self._turn:
                self._turn, self._turn_at = turn, self.now_ns
            wait = 0 if self.coaching or spec.hint_ms is None else spec.hint_ms * 1_000_000
            if not spec.is_bot and (self.coaching or spec.is_learner) and self.now_ns - self._turn_at >= wait:
                advice = self.coach.ask(st.observation(seat))
                if advice is not None:
                    name = seat_name(spec, seat)
                    words = (seat, coach_lines(advice, self.rules, name),
                             coach_lines(advice, self.rules, name, compact=True))
        if words != self._view().coach:
            self._view().coach = words
            self._version += 1

    def moving(self) -> bool:
        return self.match.thinking_seat is not None  # the thinking dots breathe

    def draw_view(self, surface: pygame.Surface, now: float) -> None:
        self._view().draw(surface, self.match.state, now, self.match.thinking_seat)
