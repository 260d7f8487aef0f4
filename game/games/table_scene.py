"""What every table scene shares: the match on a pausable clock, commands in, events to the view, the end beat.

Game time is the app clock minus the time spent paused, so a pause menu freezes bot timers and the
claim window; commands are re-stamped into game time before they reach the match. The table never
drops a command, whatever is animating: the match orders everything by its stamp.

Seats change hands at the table: a pad that plays no seat takes one by pressing A (or Start) — before
the first card any bot's, later a seat a bot took over when its pad was unplugged (or, from the pause
menu, any bot's). A bot hands its seat over at the next moment the match calls safe (`can_hand_back`:
never in the middle of paying a challenge). The table tells the app which moments rumble (`rumbles`).
"""

from __future__ import annotations

import dataclasses
from typing import Generic, TypeVar

import pygame

from game import screens
from game.commands import BUTTONS, CONFIRM, PAUSE, SEAT_ACTIONS, Command
from game.core.contract import Match, TableConfig, seat_name
from game.games.base import RulesT, SomeGame, rules_as
from game.i18n import t
from game.match.common import SeatSpec
from game.render import colors
from game.render.scale import words_key
from game.render.seat_keys import SeatKeys, controls_line, seat_keys
from game.render.seat_order import router_places
from game.render.table_view import MS, TableView
from game.render.text import TextCache
from game.ui.scene import Scene

END_BEAT_MS = 2200  # after the last event: time to see the winning pile and the banner
STEP_NS = 1_000_000_000 // 120


MatchT = TypeVar("MatchT", bound=Match)


class TableScene(Scene, Generic[RulesT, MatchT]):
    """Subclasses name their rules and match (`TableScene[snap.Rules, SnapMatch]`, `rules_type`), implement
    `make_match()` and `make_view()`, and may override `draw_view`. The game's definition (`self.definition`)
    comes from the registry the app hands over, by `config.game`; `rules` are the table's own, typed."""

    rules_type: type[RulesT]

    # The largest text size a table's lanes take without overlaps or cut words, 2 to 8 seats, at 1280×720
    # and 640×360 (tests/test_access_text.py, tests/test_access_tables.py): the full 150 %.
    text_room = 1.5

    definition: SomeGame
    wants_pause_on_focus_loss = True

    def __init__(self, config: TableConfig) -> None:
        self.config = config
        self._match: MatchT | None = None
        self.view: TableView | None = None
        self.now_ns = 0  # game time of the last update
        self._dt_ns = STEP_NS
        self._offset_ns = 0  # time spent paused
        self._paused_at: int | None = None
        self._end_at: int | None = None
        self._finished = False
        self._version = 0  # bumped whenever what the table shows may have changed
        self._drawn: tuple[object, ...] | None = None  # what the last frame showed, if it did not move with time
        self.started = False  # the first card (or move) has been played: bots' seats are no longer free
        self.stand_ins: dict[int, SeatSpec] = {}  # seats a bot took over from an unplugged pad: who sat there
        self.handing: dict[int, str] = {}  # seat -> the pad waiting for its bot to hand it over
        self._seats_shown: tuple[object, ...] | None = None  # what the panels' controls lines were made from

    @property
    def match(self) -> MatchT:
        """The table's match (made when it enters; a replay's viewer hands it one of its own)."""
        assert self._match is not None, "a table's match is made when it enters"
        return self._match

    @match.setter
    def match(self, match: MatchT) -> None:
        self._match = match

    @property
    def rules(self) -> RulesT:
        """The table's rules as its game's own (TypeError for another game's)."""
        return rules_as(self.config.rules, self.rules_type, self.config.game)

    def _table(self) -> TableView:
        """The view (made on enter)."""
        assert self.view is not None, "a table's view is made when it enters"
        return self.view

    # -- what subclasses provide ------------------------------------------------------------------
    def make_match(self, start_ns: int) -> MatchT:
        raise NotImplementedError

    def make_view(self, names: list[str], controls: list[str], texts: TextCache) -> TableView:
        raise NotImplementedError

    def on_menu(self, cmd: Command) -> None:
        """A menu action that is not Pause (the app handles Pause)."""

    def rumbles(self, event: object) -> list[tuple[int, str]]:
        """(seat, pattern) for each pad that should rumble at `event` ("short" a won slap, "double" a wrong
        slap, "long" a won challenge); the app rumbles only pads, and only with rumble on."""
        return []

    # -- scene ------------------------------------------------------------------------------------
    @property
    def game(self) -> str:
        return self.config.game

    def enter(self) -> None:
        app = self.app
        self.definition = app.games.get(self.config.game)
        start = app.now_ns()
        self.now_ns = start
        self.match = self.make_match(start)
        view = self.view = self.make_view(self.seat_names(), self.seat_controls(), TextCache(app.fonts.get))
        view.bots = {seat for seat, spec in enumerate(self.config.seats) if spec.is_bot}

        def poll() -> None:  # between drawing stages: presses get their stamps while a frame draws
            app.input.poll()

        view.poll = poll
        view.set_controls(view.controls, self.seat_keys())
        view.set_faces(self.seat_faces())
        view.places = router_places(app.input, len(self.config.seats), view.bots)  # keys' sides
        self.apply_settings()
        # No layout here: the scene stack lays every scene out right after entering it (SceneStack._enter),
        # and a table's layout is the costliest thing it does.
        self._version += 1

    def exit(self) -> None:
        self.match.close()

    def pause(self) -> None:
        self._paused_at = self.app.now_ns()

    def resume(self) -> None:
        if self._paused_at is not None:
            self._offset_ns += max(0, self.app.now_ns() - self._paused_at)
            self._paused_at = None
        self.apply_settings()
        view = self._table()
        view.names[:] = self.seat_names()  # a default "Player 2" in the language the pause menu's settings chose
        view.model.reword()  # and the notes on show
        view.set_controls(self.seat_controls(), self.seat_keys())
        self._version += 1

    def relayout(self, size: tuple[int, int]) -> None:
        if self.view is not None:
            self.view.relayout((size[0], size[1]))
        self._version += 1

    def handle(self, cmd: Command) -> None:
        if cmd.action in (CONFIRM, PAUSE) and self.is_unseated_pad(cmd.device):
            # A pad that plays no seat: A or Start takes one while it can; else Start pauses as usual.
            if self.take_seat(cmd.device) is None:
                if cmd.action == PAUSE:
                    self.app.pause_game()
                else:
                    self._join_hint(cmd.device)
            return
        if cmd.action in SEAT_ACTIONS:
            if cmd.seat is not None:
                action = cmd.action
                if action in BUTTONS:  # a seat's first or second button: this game's action for it
                    action = self.definition.buttons[BUTTONS.index(action)]
                # Submitted whatever is animating: the match judges it at its stamp (in game time).
                self.match.submit(dataclasses.replace(cmd, action=action, t_ns=cmd.t_ns - self._offset_ns))
        else:
            self.on_menu(cmd)

    def update(self, now_ns: int, dt_ns: int) -> None:
        if self.app.top is self and self.lost_seats():
            # A seat's pad went while no table was up (unplugged on the results, then Play again): the game waits
            # here as it does for a pad unplugged mid-game, or that seat's turn would never come to an end.
            self.app.nav.push(screens.PadLost(self))
            return
        game_now = now_ns - self._offset_ns
        self._dt_ns = dt_ns
        state = self.match.state
        events = self.match.advance(game_now)
        for timed in events:
            # Tweens start when the event happened, but never so far back that they are skipped.
            start = max(timed.t_ns, game_now - 50 * MS)
            for sound in self._table().on_event(timed.event, start, state):
                self.play(sound)
            for seat, pattern in self.rumbles(timed.event):
                self.app.rumble(seat, pattern)
        if events:
            self._version += 1
            self.started = True
        if self.handing:
            self.hand_over_due()
        self.refresh_seats()
        self._table().anim.prune(game_now)
        self.now_ns = game_now
        if self.match.is_over and not self._finished:
            if self._end_at is None:
                self._end_at = game_now + END_BEAT_MS * MS
            elif game_now >= self._end_at:
                self._finished = True
                self.show_results()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = surface.get_size()
        view = self._table()
        if size != view.L.size:
            view.relayout(size)
            self._version += 1
        now = self.now_ns + alpha * self._dt_ns
        self.draw_view(surface, now)
        self._drawn = self._still_key(size, now)

    def covered(self) -> tuple[list[list[pygame.Rect]], list[pygame.Rect]]:
        return ([], []) if self.view is None else self._table().covered()

    def moving(self) -> bool:
        """Something on the table changes with time alone (a countdown, a bot thinking)."""
        return False

    def _still_key(self, size: tuple[int, int], now: float) -> tuple[object, ...] | None:
        """What the picture depends on while nothing on it moves; None while something does."""
        if self._table().anim.busy_until() > now or self.moving():
            return None
        return (self._version, size, words_key())

    def unchanged(self, size: tuple[int, int], alpha: float) -> bool:
        key = self._still_key(size, self.now_ns + alpha * self._dt_ns)
        return key is not None and key == self._drawn

    def draw_view(self, surface: pygame.Surface, now: float) -> None:
        raise NotImplementedError

    def give_seat_to_bot(self, seat: int) -> None:
        """A seat whose pad was unplugged plays on as a bot (offered by the pad-unplugged screen); a pad
        pressing A takes it back later (`take_seat`)."""
        old = self.config.seats[seat]
        # the stand-in keeps the person's name; a default "Player 2" stays one (worded when shown, in the language
        # of the moment), not "Bot 2"
        spec = SeatSpec("bot", self.definition.stand_in_level, old.name, number=old.number,
                        stand_in=old.stand_in or not old.is_bot)
        if not old.is_bot:
            self.stand_ins[seat] = old
        self.match.replace_seat(seat, spec)
        self._set_spec(seat, spec)
        view = self._table()
        view.bots = view.bots | {seat}
        self.refresh_seats(force=True)

    # -- seats taken at the table -----------------------------------------------------------------
    def lost_seats(self) -> list[int]:
        """This table's people whose pad is unplugged (the router waits for it) while the game waits for them: none
        once it is over (its results come up whoever is left)."""
        if self._match is None or self._match.is_over:
            return []
        lost = self.app.input.lost
        return [seat for seat, spec in enumerate(self.config.seats) if seat in lost and not spec.is_bot]

    def is_unseated_pad(self, device: str) -> bool:
        router = self.app.input
        return device.startswith("pad:") and router.seat_of(device) is None and bool(router.device_controls(device))

    def joinable(self, anytime: bool = False) -> list[int]:
        """Seats a pad can take now, first first: a human seat nobody plays (and no pad waits for), a seat
        a bot took over from an unplugged pad, then any bot's seat before the first card (or `anytime`)."""
        if self._match is None or self._match.is_over:
            return []
        router = self.app.input
        seats = self.config.seats
        free = [s for s, spec in enumerate(seats)
                if not spec.is_bot and router.device_of(s) is None and s not in router.lost]
        back = [s for s in sorted(self.stand_ins) if seats[s].is_bot]
        bots = [s for s, spec in enumerate(seats) if spec.is_bot] if anytime or not self.started else []
        return [s for s in dict.fromkeys(free + back + bots) if s not in self.handing]

    def join_offer(self) -> str:
        if self.joinable():
            return "now"
        return "pause" if self.joinable(anytime=True) else ""

    def take_seat(self, device: str, anytime: bool = False) -> str | None:
        """Pad `device` takes the first seat `joinable` gives (its bot hands it over at the next safe
        moment); what to tell the players, or None if there is no seat to take."""
        router = self.app.input
        back = router.take_back(device) if not self.match.is_over else None
        if back is not None:  # its owner's pad plugged in again: the seat the keyboard played meanwhile
            self.refresh_seats(force=True)
            n = router.pad_number(device)
            def plays() -> str:  # worded when drawn: it follows a change of language
                return t("Controller {n} plays {name}", n=n, name=self.seat_names()[back])

            self.app.notice(plays, colors.seat_color(back), key=f"back{n}")  # in place of "Controller 3 is back — press A"
            return plays()
        if device in self.handing.values():
            return t("Controller {n} takes its seat at the next safe moment", n=self.app.input.pad_number(device))
        seats = self.joinable(anytime)
        if not seats:
            return None
        seat = seats[0]
        self.handing[seat] = device
        self.hand_over_due()
        n = self.app.input.pad_number(device)
        name = self.seat_names()[seat]
        if seat in self.handing:
            return t("Controller {n} takes {name}'s seat at the next safe moment", n=n, name=name)
        return t("Controller {n} plays {name}", n=n, name=name)

    def can_hand_back(self, seat: int) -> bool:
        """Whether a bot may hand `seat` over now (the match says)."""
        return bool(self.match.can_hand_back(seat))

    def hand_over_due(self) -> None:
        """Seats whose pad waits: handed over where the moment is safe (a pad gone meanwhile waits no more)."""
        router = self.app.input
        for seat, device in list(self.handing.items()):
            if not router.device_controls(device) or router.seat_of(device) is not None:
                del self.handing[seat]
            elif not self.config.seats[seat].is_bot or self.can_hand_back(seat):
                del self.handing[seat]
                self._seat_pad(seat, device)

    def _seat_pad(self, seat: int, device: str) -> None:
        old = self.config.seats[seat]
        spec = self.stand_ins.pop(seat, None) or old
        if spec.is_bot:
            # a bot's seat; a stand-in Play again dealt on (the table that knew who sat there is gone) gives its
            # player's name back
            spec = SeatSpec("human", name=old.name, number=old.number) if old.stand_in else SeatSpec("human")
        if old.is_bot:
            self.match.replace_seat(seat, spec)
        self._set_spec(seat, spec)
        self.app.input.assign(device, seat)
        view = self._table()
        view.bots = view.bots - {seat}
        names = view.names
        if seat < len(names):
            names[seat] = seat_name(spec, seat)
        self.refresh_seats(force=True)
        n = self.app.input.pad_number(device)
        self.app.notice(lambda: t("Controller {n} plays {name}", n=n, name=seat_name(spec, seat)),  # worded when drawn
                        colors.seat_color(seat), key="join_hint")

    def _set_spec(self, seat: int, spec: SeatSpec) -> None:
        seats = list(self.config.seats)
        seats[seat] = spec
        self.config = dataclasses.replace(self.config, seats=seats)

    def _join_hint(self, device: str) -> None:
        """A pad with no seat pressed A where it can't join: how it can."""
        if any(spec.is_bot for spec in self.config.seats) and not self.match.is_over:
            n, start, a = (self.app.input.pad_number(device), self.app.input.button("start", device),
                           self.app.input.button("a", device))
            self.app.notice(lambda: t("Controller {n} \u2014 press {start}, then {a}, to join", n=n, start=start, a=a),
                            key="join_hint")  # worded when drawn: it follows a change of language

    def refresh_seats(self, force: bool = False) -> None:
        """The panels' controls lines again when who plays what, or who may join, changed."""
        router = self.app.input
        key = (tuple(sorted(router.owner.items())), tuple(sorted(router.lost)), tuple(p.id for p in router.idle_pads()),
               self.started, self._paused_at is not None, tuple(self.stand_ins), tuple(self.handing),
               tuple(spec.kind for spec in self.config.seats))
        if force or key != self._seats_shown:
            self._seats_shown = key
            self._table().set_controls(self.seat_controls(), self.seat_keys())
            self._version += 1

    def photo_finish_lines(self) -> list[str]:
        """The last close call's lines for the pause menu ("P2 by 14 ms", …); [] if the game has none."""
        return []

    # -- helpers ----------------------------------------------------------------------------------
    def show_results(self) -> None:
        self.app.keep_replay(self.match.log)  # the finished game joins the recent replays
        self.app.record_history(self.config, self.match)  # and the tally and history (written on another thread)
        self.app.nav.replace(screens.Results(self.config, self.match))

    def play(self, sound: str) -> None:
        self.app.audio.play(sound)

    def setting(self, name: str, default: bool) -> bool:
        """One of the settings' switches (`default` where the settings have none)."""
        try:
            value = self.app.settings[name]
        except KeyError:
            return default
        return value if isinstance(value, bool) else default

    def apply_settings(self) -> None:
        """Four-colour suits and reduced motion, read again after the pause menu's settings."""
        view = self._table()
        view.set_four_colour(bool(self.setting("four_colour_suits", False)))
        view.reduced_motion = bool(self.setting("reduced_motion", False))

    def seat_names(self) -> list[str]:
        return [seat_name(spec, i) for i, spec in enumerate(self.config.seats)]

    def seat_label(self, seat: int) -> str | None:
        names = self.seat_names()
        return names[seat] if 0 <= seat < len(names) else None

    def seat_faces(self) -> list[int | None]:
        """Each seat's face on its mat: the avatar of the profile that plays it (TableConfig.profiles); None for
        a guest, a bot, or a profile forgotten since."""
        faces: list[int | None] = []
        for seat in range(len(self.config.seats)):
            pid = self.config.profiles[seat] if seat < len(self.config.profiles) else None
            profile = self.app.history.profile(pid) if pid is not None else None
            faces.append(profile.avatar if profile is not None else None)
        return faces

    def seat_keys(self) -> list[SeatKeys | None]:
        """Each human seat's two key labels (from the input router, read only); None for bots."""
        router = self.app.input
        return [None if spec.is_bot else seat_keys(router, seat) for seat, spec in enumerate(self.config.seats)]

    def seat_controls(self) -> list[str]:
        """What each seat's panel says it presses ("Q take · L-Shift pass"), or the bot's level."""
        out = []
        router = self.app.input
        paused = self._paused_at is not None and not router.lost  # the pause menu: any bot's seat
        joinable = set(self.joinable(anytime=paused)) if router.idle_pads() else set()
        back = {seat: pad for pad in router.idle_pads() if (seat := router.returning(pad.id)) is not None}
        for seat, (spec, keys) in enumerate(zip(self.config.seats, self.seat_keys(), strict=True)):
            level = self.definition.level_words(spec.level) if spec.level else ""  # as the lobby named it
            if spec.is_bot and seat in self.handing:
                out.append(t("bot: {level} · controller {n} next", level=level,
                             n=router.pad_number(self.handing[seat])))
            elif spec.is_bot and seat in joinable:
                out.append(t("bot: {level} · press {a} to join", level=level,
                             a=router.button("a", None, router.idle_pads())))
            elif spec.is_bot:
                out.append(t("bot: {level}", level=level))
            elif seat in back:  # the keyboard plays it until its own pad, plugged in again, presses A
                out.append(t("Controller {n} is back: press {a} to play", n=back[seat].number, a=back[seat].label("a")))
            elif keys is not None:
                out.append(controls_line(keys, self.definition.button_words()))
            else:
                out.append(self.app.input.seat_controls(seat))  # "Pad 1 unplugged", or nothing
        return out
