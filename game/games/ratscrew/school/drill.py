"""The drill screen: the drill's animated example (its pattern, then a near miss, with real cards), then
cards dealt onto one pile at the pace while 1–4 players slap; feedback per slap, hints, the pace; at the
end, the stars screen, and the session goes to the players' history for each player with a profile
(school/history.py: a session left halfway is not kept).

Time is game time: the app's clock less the time spent paused (a pause freezes the pace and the window).
Each card's window opens at the frame that first drew it: `draw` notes the clock when it first shows a
card, and that stamp reaches the session before anything else is judged (drawing itself changes nothing).
A slap is a seat's slap button (its second: B on a pad, L-Shift for Player 1), stamped by the input router.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.commands import BACK, BUTTONS, CONFIRM, PAUSE, SLAP, Command
from game.games.ratscrew.school import history, text, who
from game.games.ratscrew.school.drills import DRILLS, EXAMPLES, near_miss, slappable
from game.games.ratscrew.school.feedback import Feedback
from game.games.ratscrew.school.names import GAME, MODE
from game.games.ratscrew.school.paint import (
    TONES,
    Words,
    card_width,
    cross,
    draw_pile,
    fit_px,
    line_h,
    slap_hand,
)
from game.games.ratscrew.school.scoring import tally
from game.games.ratscrew.school.session import (
    LATE,
    MS,
    RIGHT,
    Dealt,
    Finished,
    Judged,
    Options,
    Session,
)
from game.games.ratscrew.text import slap_label
from game.history.summary import now_iso
from game.i18n import t
from game.render import colors
from game.render.card_art import CardArt
from game.render.seat_keys import seat_keys
from game.scenes import ui
from game.scenes.base import Scene

SLAP_BUTTON = BUTTONS[1]  # a seat's second button slaps, as at the Ratscrew table
READY_MS = 1000  # "Get ready…" before the first card
END_MS = 900  # after the last card's feedback, before the stars
HAND_MS = 220  # the slap hand's way down
# The example: its pattern's cards one by one, the pattern framed (slap!), then the near miss (don't!).
EX_START_MS, EX_CARD_MS, EX_SHOW_MS, EX_HOLD_MS = 300, 450, 350, 1700
PX = 20


def example_timeline(pattern: int, near: int) -> tuple[int, int, int, int]:
    """(pattern framed at, near miss starts at, near miss crossed at, loop length) in ms."""
    framed = EX_START_MS + (pattern - 1) * EX_CARD_MS + EX_SHOW_MS
    near_start = framed + EX_HOLD_MS
    crossed = near_start + EX_START_MS + (near - 1) * EX_CARD_MS + EX_SHOW_MS
    return framed, near_start, crossed, crossed + EX_HOLD_MS


class DrillScene(Scene):
    text_room = 1.5  # the drill's words keep their size at a bigger text size (its rows have no room yet)

    def __init__(self, options: Options, players: int = 1,
                 remember: Callable[[Options], None] | None = None, profiles: tuple[int | None, ...] = ()) -> None:
        self.options = options
        self.players = players
        self.remember = remember
        self.profiles = tuple(profiles)  # each player's profile (game.history), None for a guest
        self.started: str | None = None  # when the first card came (UTC, as the history keeps it)
        self.drill = DRILLS[options.drill]
        self.phase = "example"  # example, ready, play, done
        self.paused = False
        self.now_ns = 0  # game time of the last update
        self._offset_ns = 0
        self._paused_at: int | None = None
        self._drawn: dict[int, int] = {}  # card index -> game time of the frame that first showed it
        self._showing: int | None = None  # a card drawn in the frame not yet presented
        self._end_at: int | None = None

    # -- scene ----------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.art = CardArt(self.app.settings["four_colour_suits"])
        self.words = Words()
        self.session = Session(self.options, self.players, self.app.next_seed(), presenting=True)
        self.names = who.names(self.app, self.profiles, self.players)
        self.colours = who.colours(self.app, self.profiles, self.players)
        self.feedback = Feedback(self.players, self.name)
        self.now_ns = self.app.now_ns()
        self.example_at = self.now_ns
        self.ready_at = 0
        self.pause_menu = ui.Menu([ui.Item(t("Go on"), self._resume), ui.Item(t("Start over"), self._again),
                                   ui.Item(t("Back to setup"), self._quit)])

    @property
    def reduced_motion(self) -> bool:
        return bool(self.app.settings.get("reduced_motion", False))

    def name(self, seat: int) -> str:
        return self.names[seat]

    def game_time(self) -> int:
        return self.app.now_ns() - self._offset_ns

    def handle(self, cmd: Command) -> None:
        if self.paused:
            if cmd.action in (PAUSE, BACK):
                self._resume()
            else:
                self.pause_menu.handle(cmd)
            return
        if cmd.action == PAUSE:
            self._pause()
            return
        if self.phase == "example":
            if cmd.action == BACK and cmd.device == "kb":
                self.app.pop()
            elif cmd.action == CONFIRM or (cmd.seat is not None and cmd.action in BUTTONS):
                self._get_ready()
            return
        if self.phase == "play" and cmd.seat is not None and cmd.action in (SLAP_BUTTON, SLAP):
            self._flush_drawn()
            self._take(self.session.slap(cmd.seat, cmd.t_ns - self._offset_ns))

    def update(self, now_ns: int, dt_ns: int) -> None:
        if self.paused:
            return
        game_now = now_ns - self._offset_ns
        self.now_ns = game_now
        if self.phase == "ready" and game_now >= self.ready_at:
            self.phase = "play"
            self.started = now_iso()
            self._take(self.session.start(self.ready_at))
        if self.phase == "play":
            self._flush_drawn()
            self._take(self.session.advance(game_now))
            if self.session.over:
                self.phase = "done"
                self._end_at = game_now + END_MS * MS
        if self.phase == "done" and self._end_at is not None and game_now >= self._end_at:
            self._end_at = None
            history.record(self.app.history, self.session, self.profiles, self.started)  # queued, not written
            self.app.nav.replace("practice", GAME, MODE, "stars", self.options, self.players, self.session,
                                 self.remember, profiles=self.profiles)

    def _take(self, events: list) -> None:
        now = self.now_ns
        self.feedback.on_events(events, now)
        for e in events:
            if isinstance(e, Dealt):
                self.app.audio.play("flip")
            elif isinstance(e, Judged):
                if e.verdict == RIGHT:
                    self.app.audio.play("slap_win")
                    self.app.rumble(e.seat, "short")
                elif e.verdict != LATE:
                    self.app.audio.play("wrong")
                    self.app.rumble(e.seat, "double")
            elif isinstance(e, Finished):
                self.app.audio.play("game_over")

    def _flush_drawn(self) -> None:
        for index, shown in self._drawn.items():
            self.session.presented(index, shown)
        self._drawn.clear()

    def _get_ready(self) -> None:
        self.phase = "ready"
        self.ready_at = self.now_ns + READY_MS * MS

    def _pause(self) -> None:
        self.paused = True
        self._paused_at = self.app.now_ns()
        self.pause_menu.select(0)

    def _resume(self) -> None:
        if self._paused_at is not None:
            self._offset_ns += max(0, self.app.now_ns() - self._paused_at)
        self._paused_at = None
        self.paused = False

    def _again(self) -> None:
        self.app.nav.replace("practice", GAME, MODE, "drill", self.options, self.players, self.remember,
                             profiles=self.profiles)

    def _quit(self) -> None:
        self.app.pop()

    # -- drawing --------------------------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.card_w = card_width(size)
        self.pile_centre = (w // 2, ui.px(size, 300))
        n = self.players
        m = ui.px(size, 30)
        gap = ui.px(size, 16)
        pw = min(ui.px(size, 300), (w - 2 * m - (n - 1) * gap) // n)
        # A seat's panel: its name, its keys, what it was told and its score, each line as tall as the
        # player's text size draws it.
        self.said_y = ui.px(size, 8) + line_h(ui.px(size, 26), True) + ui.px(size, 4) + line_h(ui.px(size, PX)) \
            + ui.px(size, 2) + line_h(ui.px(size, 24), True) // 2
        self.said_y = max(self.said_y, ui.px(size, 96))  # at the standard size: where it always was
        ph = max(ui.px(size, 150), self.said_y + line_h(ui.px(size, 24), True) // 2 + ui.px(size, 2)
                 + line_h(ui.px(size, PX)) + ui.px(size, 8))
        top = h - ui.px(size, 46) - ph
        left = (w - n * pw - (n - 1) * gap) // 2
        self.seat_rects = [pygame.Rect(left + i * (pw + gap), top, pw, ph) for i in range(n)]
        pw2 = min(w - ui.px(size, 40), ui.px(size, 460))
        ph2 = ui.px(size, 52) * 3 + ui.px(size, 120)
        self.pause_rect = pygame.Rect((w - pw2) // 2, (h - ph2) // 2, pw2, ph2)
        self.pause_menu.layout(pygame.Rect(self.pause_rect.x + ui.px(size, 20), self.pause_rect.y + ui.px(size, 90),
                                           pw2 - ui.px(size, 40), ui.px(size, 52) * 3), ui.px(size, 52))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = surface.get_size()
        if getattr(self, "_size", None) != size:
            self._size = size
            self.relayout(size)
        self.words.reset()
        surface.blit(ui.backdrop(size), (0, 0))
        now = self.game_time() if not self.paused else self.now_ns
        self._draw_header(surface, size)
        if self.phase == "example":
            self._draw_example(surface, size, now)
        else:
            self._draw_pile(surface, size, now)
        self._draw_seats(surface, size, now)
        self.words.text(surface, t("Esc / Start: pause"), ui.px(size, PX), ui.TEXT_DIM, "midbottom",
                        (size[0] // 2, size[1] - ui.px(size, 10)))
        if self.paused:
            self._draw_pause(surface, size)
        current = self.session.current
        if self.phase == "play" and not self.paused and current is not None and current.shown_ns is None:
            self._drawn.setdefault(current.index, now)  # this frame shows the card …
            self._showing = current.index  # … from when it is presented (`presented`), if the app says

    def presented(self) -> None:
        """The frame that drew a new card is on screen now: its window, and reaction times, start here, not
        when drawing began (issue 21: a press must not be timed from before the card could be seen)."""
        index, self._showing = self._showing, None
        if index is not None and index in self._drawn:
            self._drawn[index] = max(self._drawn[index], self.game_time())

    def _draw_header(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        w = size[0]
        m = ui.px(size, 30)
        right_w = 0
        if self.phase != "example":  # the card count and the pace at the right, as wide as they are
            count = text.card_count(max(1, self.feedback.dealt), self.options.cards)
            box = self.words.text(surface, count, ui.px(size, 22), ui.TEXT, "topright", (w - m, ui.px(size, 16)))
            pace = text.pace_now(self.session.pace.ms, self.session.pace.adaptive)
            under = self.words.text(surface, pace, ui.px(size, PX), ui.TEXT_DIM, "topright",
                                    (w - m, max(ui.px(size, 46), box.bottom + ui.px(size, 2))))
            right_w = max(box.w, under.w) + ui.px(size, 24)
        room = w - 2 * m - right_w
        name = text.drill_name(self.drill.index)
        head = self.words.text(surface, name, fit_px(name, room, ui.px(size, 30), True), ui.GOLD, "topleft",
                               (m, ui.px(size, 14)), bold=True, max_w=room)
        rules = t("Slap on: {names}", names=", ".join(slap_label(r) for r in self.drill.slaps))
        self.words.text(surface, rules, fit_px(rules, room, ui.px(size, PX)), ui.TEXT, "topleft",
                        (m, head.bottom + ui.px(size, 6)), max_w=room)

    def _banner(self, surface: pygame.Surface, size: tuple[int, int], s: str, tone: str) -> None:
        self.words.shadow(surface, s, ui.px(size, 44), TONES[tone], "center", (size[0] // 2, ui.px(size, 132)),
                          max_w=size[0] - ui.px(size, 80))

    def _prompt(self, surface: pygame.Surface, size: tuple[int, int], s: str, colour: tuple[int, int, int]) -> None:
        self.words.text(surface, s, ui.px(size, 26), colour, "center", (size[0] // 2, ui.px(size, 440)), bold=True,
                        max_w=size[0] - ui.px(size, 80))

    def _draw_example(self, surface: pygame.Surface, size: tuple[int, int], now: int) -> None:
        pattern, near = EXAMPLES[self.drill.newest]
        framed, near_start, crossed, loop = example_timeline(len(pattern), len(near))
        ms = ((now - self.example_at) // MS) % loop
        if ms < near_start:
            shown = pattern[: max(0, min(len(pattern), 1 + (ms - EX_START_MS) // EX_CARD_MS))] if ms >= EX_START_MS else ()
            rule, cells = slappable(pattern, self.drill.rules)
            frames = [(cells, "right")] if ms >= framed else []
            rects = draw_pile(surface, self.art, shown, self.pile_centre, self.card_w, frames)
            if ms >= framed and rects:
                slap_hand(surface, rects[-1], self.colours[0], 1.0 if self.reduced_motion else (ms - framed) / HAND_MS)
                self._banner(surface, size, text.pattern(rule), "right")
        else:
            k = ms - near_start
            shown = near[: max(0, min(len(near), 1 + (k - EX_START_MS) // EX_CARD_MS))] if k >= EX_START_MS else ()
            _, cells = near_miss(near, self.drill.rules)
            frames = [(cells, "wrong")] if ms >= crossed else []
            rects = draw_pile(surface, self.art, shown, self.pile_centre, self.card_w, frames)
            if ms >= crossed and rects:
                cross(surface, rects[-1].inflate(-rects[-1].w // 4, -rects[-1].h // 4), colors.WARN)
                self._banner(surface, size, text.dont_slap(), "wrong")
        self._prompt(surface, size, text.start_prompt(), ui.GOLD)

    def _draw_pile(self, surface: pygame.Surface, size: tuple[int, int], now: int) -> None:
        fb = self.feedback
        frames = [(cells, tone) for cells, tone in fb.frames.items()]
        hint = self.session.hint(now)
        if hint and not any(tuple(hint) == cells for cells, _ in frames):
            frames.append((hint, "hint"))
        pulse = 0.0 if self.reduced_motion else now / MS  # a still hint frame with reduced motion
        rects = draw_pile(surface, self.art, self.session.pile, self.pile_centre, self.card_w, frames, pulse)
        if fb.last_slap is not None and rects and (now - fb.last_slap[1]) < 600 * MS and not self.reduced_motion:
            slap_hand(surface, rects[-1], self.colours[fb.last_slap[0]], (now - fb.last_slap[1]) / (HAND_MS * MS))
        banner = fb.banner_now(now)
        if self.phase == "ready":
            self._banner(surface, size, text.ready(), "info")
        elif banner is not None:
            self._banner(surface, size, banner.text, banner.tone)
        news = fb.news_now(now)
        if news is not None:
            self._prompt(surface, size, news.text, ui.GOLD)
        elif hint:
            self._prompt(surface, size, text.hint(self.session.current.rule), TONES["hint"])
        elif self.phase in ("ready", "play") and fb.dealt <= 3:
            self._prompt(surface, size, text.slap_when(), ui.TEXT_DIM)

    def _draw_seats(self, surface: pygame.Surface, size: tuple[int, int], now: int) -> None:
        fb = self.feedback
        pad = ui.px(size, 12)
        scores = tally(self.session.cards, self.players) if self.phase != "example" else None
        for seat, rect in enumerate(self.seat_rects):
            colour = self.colours[seat]
            ui.panel(surface, rect, alpha=200, border=colour)
            inner = rect.w - 2 * pad
            who = self.name(seat)
            name_h = line_h(ui.px(size, 26), True)
            self.words.text(surface, who, ui.whole_size(who, inner, ui.px(size, 26), True), colour, "midleft",
                            (rect.x + pad, rect.y + ui.px(size, 8) + name_h // 2), bold=True, max_w=inner)
            keys = seat_keys(self.app.input, seat)
            controls = text.slap_key(keys.second, keys.pad) if keys else self.app.input.seat_controls(seat)
            self.words.text(surface, controls, fit_px(controls, inner, ui.px(size, PX)), ui.TEXT_DIM, "topleft",
                            (rect.x + pad, rect.y + ui.px(size, 8) + name_h + ui.px(size, 4)), max_w=inner)
            said = fb.seats[seat]
            if said is not None:
                self.words.text(surface, said.text, fit_px(said.text, inner, ui.px(size, 24), True), TONES[said.tone],
                                "midleft", (rect.x + pad, rect.y + self.said_y), bold=True, max_w=inner)
            if scores is not None and scores[seat].decisions:
                score = scores[seat]
                self.words.text(surface, text.score_line(score.right, score.decisions), ui.px(size, PX), ui.TEXT,
                                "bottomleft", (rect.x + pad, rect.bottom - ui.px(size, 8)), max_w=inner)

    def _draw_pause(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        ui.dim(surface, 170)
        ui.panel(surface, self.pause_rect, alpha=240, border=ui.GOLD)
        self.words.text(surface, t("Paused"), ui.px(size, 40), ui.TEXT, "midtop",
                        (self.pause_rect.centerx, self.pause_rect.y + ui.px(size, 22)), bold=True)
        self.pause_menu.draw(surface)
