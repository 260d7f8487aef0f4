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

import datetime
from collections.abc import Callable

import pygame

from game import screens
from game.commands import BACK, BUTTONS, CONFIRM, LEFT, PAUSE, SLAP, Command
from game.commands import RIGHT as ARROW_RIGHT
from game.games.ratscrew.school import history, mastery, text, who
from game.games.ratscrew.school.drills import DRILLS, EXAMPLES, near_miss, slappable
from game.games.ratscrew.school.feedback import Feedback
from game.games.ratscrew.school.names import GAME, MODE
from game.games.ratscrew.school.paint import TONES, card_width, cross, draw_pile, slap_hand
from game.games.ratscrew.school.quiz import Quiz
from game.games.ratscrew.school.scoring import tally
from game.games.ratscrew.school.session import (
    LATE,
    MS,
    RIGHT,
    Dealt,
    Event,
    Finished,
    Judged,
    Options,
    Session,
)
from game.games.ratscrew.text import slap_label
from game.games.school.paint import (
    DONE,
    NOW,
    TO_COME,
    Words,
    draw_pause,
    fit_px,
    layout_pause,
    line_h,
    progress,
    progress_height,
)
from game.i18n import t
from game.render import colors
from game.render.card_art import CardArt, card_height
from game.render.seat_keys import seat_keys
from game.ui import widgets as ui
from game.ui.scene import Scene

SLAP_BUTTON = BUTTONS[1]  # a seat's second button slaps, as at the Ratscrew table
READY_MS = 1000  # "Get ready…" before the first card
END_MS = 900  # after the last card's feedback, before the stars
HAND_MS = 220  # the slap hand's way down
# The example: its pattern's cards one by one, the pattern framed (slap!), then the near miss (don't!).
EX_START_MS, EX_CARD_MS, EX_SHOW_MS, EX_HOLD_MS = 300, 450, 350, 1700
PX = 20
# The header (px at 720p): the drill's name from HEAD_Y down the left (the first step's pattern in a child's words
# LOOK_GAP under it), its progress from PROGRESS_Y down the right; the banner's words BANNER_PX tall, centred at
# BANNER_Y at the least (and the first step's a clear QUIZ_CLEAR under the header and over its pile).
HEAD_Y, HEAD_PX, LOOK_GAP, LOOK_PX, PROGRESS_Y = 14, 30, 4, 24, 16
BANNER_PX, BANNER_Y, QUIZ_CLEAR = 44, 132, 24


def example_timeline(pattern: int, near: int) -> tuple[int, int, int, int]:
    """(pattern framed at, near miss starts at, near miss crossed at, loop length) in ms."""
    framed = EX_START_MS + (pattern - 1) * EX_CARD_MS + EX_SHOW_MS
    near_start = framed + EX_HOLD_MS
    crossed = near_start + EX_START_MS + (near - 1) * EX_CARD_MS + EX_SHOW_MS
    return framed, near_start, crossed, crossed + EX_HOLD_MS


def example_words(ms: int, pattern: int, near: int) -> tuple[str | None, bool]:
    """What the example says `ms` into its loop: its banner ("slap" over the framed pattern, "dont" over the
    crossed near miss, or None) and whether the start prompt shows. The prompt ("Slap to start!") shows only
    while the pattern is dealt and framed, never beside "Don't slap!" (issue 21: a child reads both at once
    and does not know which to do)."""
    framed, near_start, crossed, loop = example_timeline(pattern, near)
    ms %= loop
    if ms < near_start:
        return ("slap" if ms >= framed else None), True
    return ("dont" if ms >= crossed else None), False


class DrillScene(Scene):
    text_room = 1.5  # the drill's words keep their size at a bigger text size (its rows have no room yet)

    def __init__(self, options: Options, players: int = 1,
                 remember: Callable[[Options], None] | None = None, profiles: tuple[int | None, ...] = (),
                 quiz: bool | None = False) -> None:
        self.options = options
        # The untimed first step ("Is this a slap?") before the timed drill? None (the setup's Start, the
        # next drill): when the pattern is new to a player here (a guest, or no star on it yet).
        self.ask_quiz = quiz
        self.players = players
        self.remember = remember
        self.profiles = tuple(profiles)  # each player's profile (game.history), None for a guest
        self.started: str | None = None  # when the first card came (UTC, as the history keeps it)
        self.drill = DRILLS[options.drill]
        self.phase = "example"  # example, quiz (untimed: "Is this a slap?"), ready, play, done
        self.paused = False
        self.now_ns = 0  # game time of the last update
        self._offset_ns = 0
        self._paused_at: int | None = None
        self._drawn: dict[int, int] = {}  # card index -> game time of the frame that first showed it
        self._showing: int | None = None  # a card drawn in the frame not yet presented
        self._end_at: int | None = None
        self._size: tuple[int, int] | None = None  # the window size last laid out for
        self._press: tuple[str, int] | None = None  # the press that opened the first step

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
                                   ui.Item(text.quiz_skip(), self._skip_quiz, enabled=lambda: self.phase == "quiz"),
                                   ui.Item(t("Back to setup"), self._quit)])
        if self.ask_quiz is None:
            self.ask_quiz = self._new_pattern()
        self.quiz = Quiz(self.drill, self.app.next_seed()) if self.ask_quiz else None
        self.quiz_menu = ui.Menu([ui.Item(text.quiz_yes(), lambda: self._answer(True), button=True),
                                  ui.Item(text.quiz_no(), lambda: self._answer(False), button=True)])
        self.quiz_end = ui.Menu([ui.Item(text.quiz_go(), self._quiz_go, button=True),
                                 ui.Item(text.quiz_again(), self._quiz_again, button=True)])

    def _new_pattern(self) -> bool:
        """Whether the drill's pattern is new here: a guest plays, or a remembered player has no star on it
        yet (their kept sessions: school/mastery.py)."""
        for seat in range(self.players):
            pid = self.profiles[seat] if seat < len(self.profiles) else None
            if pid is None or who.profile_of(self.app, self.profiles, seat) is None:
                return True
            kept = self.app.history.practice(pid, GAME)
            if mastery.drill_stars(kept).get(self.drill.newest, 0) < 1:
                return True
        return False

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
                if self.quiz is not None:
                    self._press = (cmd.device, cmd.t_ns)  # a pad's A is two commands: one press, one step
                    self.phase = "quiz"
                    self.quiz_menu.select(0)
                else:
                    self._get_ready()
            return
        if self.phase == "quiz":
            self._handle_quiz(cmd)
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
            self.started = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
            self._take(self.session.start(self.ready_at))
        if self.phase == "play":
            self._flush_drawn()
            self._take(self.session.advance(game_now))
            if self.session.over:
                self.phase = "done"
                self._end_at = game_now + END_MS * MS
        if self.phase == "done" and self._end_at is not None and game_now >= self._end_at:
            self._end_at = None
            history.record(self.app.history, self.session, self.profiles, self.started,  # queued, not written
                           who.names(self.app, self.profiles, self.players))
            self.app.nav.replace(screens.Practice(
                GAME, MODE, "stars", (self.options, self.players, self.session, self.remember),
                {"profiles": self.profiles}))

    def _take(self, events: list[Event]) -> None:
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

    # -- the first step: "Is this a slap?" ----------------------------------------------------------
    def _handle_quiz(self, cmd: Command) -> None:
        """Untimed: ← → choose, Enter / A answer (a pad's A also sends its first button: not used here), a
        seat's slap button says yes; then Enter / A or slap: the next pile. Backspace: back to the setup."""
        quiz = self.quiz
        assert quiz is not None
        if (cmd.device, cmd.t_ns) == self._press:
            return  # the other half of the press that brought the first step (a pad's A: first button + confirm)
        slap = cmd.seat is not None and cmd.action in (SLAP_BUTTON, SLAP)
        if cmd.action == BACK and cmd.device == "kb":
            self.app.pop()
        elif quiz.done:
            if cmd.action in (LEFT, ARROW_RIGHT, CONFIRM):
                self.quiz_end.handle(cmd)
            elif slap:
                chosen = self.quiz_end.current
                if chosen is not None and chosen.on_confirm is not None:
                    chosen.on_confirm()
        elif quiz.answered is None:
            if cmd.action in (LEFT, ARROW_RIGHT, CONFIRM):
                self.quiz_menu.handle(cmd)
            elif slap:
                self._answer(True)
        elif cmd.action == CONFIRM or slap:
            quiz.next()
            self.quiz_menu.select(0)
            if quiz.done:
                self.quiz_end.select(0 if quiz.passed else 1)

    def _answer(self, yes: bool) -> None:
        quiz = self.quiz
        if quiz is None or quiz.answered is not None:
            return
        right = quiz.answer(yes)
        self.app.audio.play("slap_win" if right else "wrong")

    def _quiz_go(self) -> None:
        self._get_ready()

    def _quiz_again(self) -> None:
        if self.quiz is not None:
            self.quiz.again()
        self.quiz_menu.select(0)

    def _skip_quiz(self) -> None:
        self._resume()
        if self.phase == "quiz":
            self._get_ready()

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
        self.app.nav.replace(screens.Practice(
            GAME, MODE, "drill", (self.options, self.players, self.remember),
            {"profiles": self.profiles, "quiz": self.ask_quiz and self.phase in ("example", "quiz")}))

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
        # The first step (no seat panels: the players answer together): its question ("Is this a slap?") a clear
        # gap under the header as tall as the player's text size draws it (at 150 % it sat 6 px under what to look
        # for and 21 under the pile count's pills), its pile a clear gap under that (lower than the drill's where
        # it must: the first step has the room), its prompt under the pile, the two buttons under it, as tall as
        # their words at the player's text size, above the pause line.
        clear = ui.px(size, QUIZ_CLEAR)
        header = max(ui.px(size, HEAD_Y) + line_h(ui.px(size, HEAD_PX), True) + ui.px(size, LOOK_GAP)
                     + line_h(ui.px(size, LOOK_PX), True), ui.px(size, PROGRESS_Y) + progress_height(size))
        banner_h = line_h(ui.px(size, BANNER_PX), True)
        self.quiz_banner_y = max(ui.px(size, BANNER_Y), header + clear + banner_h // 2)
        self.quiz_pile_centre = (w // 2, max(self.pile_centre[1], self.quiz_banner_y + banner_h - banner_h // 2
                                             + clear + card_height(self.card_w) // 2))
        pile_bottom = self.quiz_pile_centre[1] + card_height(self.card_w) // 2
        prompt_h = line_h(ui.px(size, 26), True)
        self.quiz_prompt_y = max(ui.px(size, 440), pile_bottom + ui.px(size, 10) + prompt_h // 2)
        by = self.quiz_prompt_y + prompt_h // 2 + ui.px(size, 10)
        bottom = h - ui.px(size, 10) - line_h(ui.px(size, PX)) - ui.px(size, 8)
        bh = max(ui.px(size, 40), min(ui.px(size, 64), round(line_h(ui.px(size, 26), True) * 1.5), bottom - by))
        font = ui.TEXTS.font(max(10, round(bh * 0.48)), True)  # as the menu draws its buttons
        need = max(font.size(item.label)[0] for m in (self.quiz_menu, self.quiz_end) for item in m.items) + bh
        bw = min(max(ui.px(size, 240), need), (w - ui.px(size, 60)) // 2)
        self.quiz_menu.rects = [pygame.Rect(w // 2 - ui.px(size, 12) - bw, by, bw, bh),
                                pygame.Rect(w // 2 + ui.px(size, 12), by, bw, bh)]
        self.quiz_end.rects = [r.copy() for r in self.quiz_menu.rects]
        self.pause_rect = layout_pause(size, self.pause_menu)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = surface.get_size()
        if self._size != size:
            self._size = size
            self.relayout(size)
        self.words.reset()
        surface.blit(ui.backdrop(size), (0, 0))
        now = self.game_time() if not self.paused else self.now_ns
        self._draw_header(surface, size)
        if self.phase == "example":
            self._draw_example(surface, size, now)
        elif self.phase == "quiz":
            self._draw_quiz(surface, size)
        else:
            self._draw_pile(surface, size, now)
        if self.phase != "quiz":  # the first step is answered together: no seat panels under its buttons
            self._draw_seats(surface, size, now)
        self.words.text(surface, t("Esc / {start}: pause", **self.app.input.buttons()), ui.px(size, PX), ui.TEXT_DIM, "midbottom",
                        (size[0] // 2, size[1] - ui.px(size, 10)))
        if self.paused:
            draw_pause(surface, self.words, self.pause_rect, self.pause_menu, t("Paused"))
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
        # where the round is, at the right (as wide as it is, at most half the width): the words and a row of
        # pills, the piles answered or the cards dealt, then the one now
        if self.phase == "quiz" and self.quiz is not None:  # which pile of the first step
            quiz = self.quiz
            n = len(quiz.items)
            box = progress(surface, self.words, text.quiz_count(min(quiz.index + 1, n), n),
                           self._marks(n if quiz.done else quiz.index + (quiz.answered is not None), n,
                                       asking=quiz.answered is None),
                           (w - m, ui.px(size, PROGRESS_Y)), w // 2 - m)
            right_w = box.w + ui.px(size, 24)
        elif self.phase != "example":  # the card count and the pace
            dealt = self.feedback.dealt
            box = progress(surface, self.words, text.card_count(max(1, dealt), self.options.cards),
                           self._marks(dealt - 1 if self.phase == "play" else dealt, self.options.cards,
                                       asking=self.phase in ("ready", "play")),
                           (w - m, ui.px(size, PROGRESS_Y)), w // 2 - m)
            pace = text.pace_now(self.session.pace.ms, self.session.pace.adaptive)
            under = self.words.text(surface, pace, ui.px(size, PX), ui.TEXT_DIM, "topright",
                                    (w - m, box.bottom + ui.px(size, 4)), max_w=w // 2 - m)
            right_w = max(box.w, under.w) + ui.px(size, 24)
        room = w - 2 * m - right_w
        name = text.drill_name(self.drill.index)
        head = self.words.text(surface, name, fit_px(name, room, ui.px(size, HEAD_PX), True), ui.GOLD, "topleft",
                               (m, ui.px(size, HEAD_Y)), bold=True, max_w=room)
        if self.phase == "quiz":  # the first step: the pattern in a child's words, where the rules go
            look = text.look_for(self.drill.newest)
            self.words.text(surface, look, fit_px(look, room, ui.px(size, LOOK_PX), True), ui.GOLD, "topleft",
                            (m, head.bottom + ui.px(size, LOOK_GAP)), bold=True, max_w=room)
            return
        rules = t("Slap on: {names}", names=", ".join(slap_label(r) for r in self.drill.slaps))
        self.words.text(surface, rules, fit_px(rules, room, ui.px(size, PX)), ui.TEXT, "topleft",
                        (m, head.bottom + ui.px(size, 6)), max_w=room)

    @staticmethod
    def _marks(done: int, total: int, asking: bool) -> list[tuple[int, int, int]]:
        """The progress row's colours: `done` piles or cards behind, the one now (if `asking`), those to come."""
        done = max(0, min(total, done))
        now = [NOW] * (asking and done < total)
        return [DONE] * done + now + [TO_COME] * (total - done - len(now))

    def _banner(self, surface: pygame.Surface, size: tuple[int, int], s: str, tone: str) -> None:
        y = self.quiz_banner_y if self.phase == "quiz" else ui.px(size, BANNER_Y)
        self.words.shadow(surface, s, ui.px(size, BANNER_PX), TONES[tone], "center", (size[0] // 2, y),
                          max_w=size[0] - ui.px(size, 80))

    def _prompt(self, surface: pygame.Surface, size: tuple[int, int], s: str, colour: tuple[int, int, int]) -> None:
        y = self.quiz_prompt_y if self.phase == "quiz" else ui.px(size, 440)
        self.words.text(surface, s, ui.px(size, 26), colour, "center", (size[0] // 2, y), bold=True,
                        max_w=size[0] - ui.px(size, 80))

    def _draw_example(self, surface: pygame.Surface, size: tuple[int, int], now: int) -> None:
        pattern, near = EXAMPLES[self.drill.newest]
        framed, near_start, crossed, loop = example_timeline(len(pattern), len(near))
        ms = ((now - self.example_at) // MS) % loop
        _, prompt = example_words(ms, len(pattern), len(near))
        if ms < near_start:
            shown = pattern[: max(0, min(len(pattern), 1 + (ms - EX_START_MS) // EX_CARD_MS))] if ms >= EX_START_MS else ()
            rule, cells = slappable(pattern, self.drill.rules)
            frames = [(cells, "right")] if ms >= framed else []
            rects = draw_pile(surface, self.art, shown, self.pile_centre, self.card_w, frames)
            if ms >= framed and rects and rule is not None:  # (an example pile is one to slap)
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
        if prompt:  # never beside "Don't slap!"
            self._prompt(surface, size, text.start_prompt(), ui.GOLD)

    def _draw_quiz(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        """The first step: the pattern in a child's words, a real pile, "Is this a slap?" and Yes / No; once
        answered, what it was (the pattern framed, or the near miss crossed) and the way on."""
        quiz = self.quiz
        assert quiz is not None
        q = quiz.current
        if quiz.done:
            self._banner(surface, size, text.score_line(quiz.right, len(quiz.items)), "right" if quiz.passed else "info")
            self._prompt(surface, size, text.quiz_done(quiz.passed), ui.TEXT)
            self.quiz_end.draw(surface)
            return
        frames = []
        if quiz.answered is not None:
            frames = [(q.cells, "right" if q.slap else "wrong")]
        rects = draw_pile(surface, self.art, q.pile, self.quiz_pile_centre, self.card_w, frames)
        if quiz.answered is None:
            self._banner(surface, size, text.quiz_question(), "info")
            self.quiz_menu.draw(surface)
            hint = text.quiz_keys(self.app.input.buttons(), self._slap_names())
        else:
            right = bool(quiz.correct)
            if not q.slap and rects:
                cross(surface, rects[-1].inflate(-rects[-1].w // 4, -rects[-1].h // 4), colors.WARN)
            self._banner(surface, size, text.quiz_told(q.slap, right), "right" if right else "missed")
            hint = text.quiz_next(self.app.input.buttons(), self._slap_names())
        self._prompt(surface, size, hint, ui.TEXT)

    def _slap_names(self) -> list[str]:
        """The players' slap keys and buttons as their devices name them ("L-Shift", "○", "B"), each once."""
        keys = (seat_keys(self.app.input, seat) for seat in range(self.players))
        return list(dict.fromkeys(k.second for k in keys if k is not None))

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
        elif hint and (card := self.session.current) is not None and card.rule is not None:  # (a hint is for a rule)
            self._prompt(surface, size, text.hint(card.rule), TONES["hint"])
        elif self.phase in ("ready", "play") and fb.dealt <= 3:
            self._prompt(surface, size, text.slap_when(), ui.TEXT_DIM)

    def _draw_seats(self, surface: pygame.Surface, size: tuple[int, int], now: int) -> None:
        fb = self.feedback
        pad = ui.px(size, 12)
        scores = tally(self.session.cards, self.players) if self.phase not in ("example", "quiz") else None
        for seat, rect in enumerate(self.seat_rects):
            colour = self.colours[seat]
            ui.panel(surface, rect, alpha=200, border=colour)
            inner = rect.w - 2 * pad
            who = self.name(seat)
            name_h = line_h(ui.px(size, 26), True)
            self.words.text(surface, who, ui.TEXTS.whole_size(who, inner, ui.px(size, 26), True), colour, "midleft",
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


