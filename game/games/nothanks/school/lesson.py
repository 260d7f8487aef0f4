"""The number school's lesson: one round of a step's questions, pictures first. The cards are drawn as the
No Thanks table draws them; the child answers with ← → (which card, yes or no), a choice of three, or a
number dialled (↑ ↓ one more or less, ← → a whole row) or typed (the number row or the keypad, Backspace
taking a digit back: the keyboard types while a dial step is on); then the answer is shown under the picture the
seed's way, with the deck's suits laid out in rows and the cards a worth counts lit. The round ends on its
stars: again, the next step (at two stars), "Play it" (a No Thanks table with this deck, the teaching aid on
and easy bots, once the step is mastered) or back to the setup. A remembered player's round is kept."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame

from game.commands import CONFIRM, DOWN, LEFT, PAUSE, RIGHT, UP, Command
from game.core.contract import TableConfig, make_seats
from game.games.nothanks import engine as nt
from game.games.nothanks.school import mastery, text
from game.games.nothanks.school import questions as qs
from game.games.nothanks.school.names import GAME
from game.games.nothanks.school.paint import GOLD, RIGHT_C, WRONG_C, card_row, suit_rows
from game.games.nothanks.school.round import MASTERED_AT, OPEN_AT, Options, Round
from game.games.nothanks.school.round import RIGHT as OK
from game.games.school.paint import NOW, TO_COME, Words, draw_pause, layout_pause, line_h, progress, stars
from game.i18n import pt, t
from game.input.router import TextEdit
from game.match.common import SeatSpec
from game.render.card_art import CardArt
from game.ui import widgets as ui
from game.ui.scene import Scene

PX = 20
MS = 1_000_000
PLAY_IT_BOTS = ("easy", "easy")


class LessonScene(Scene):
    text_room = 1.5

    def __init__(self, options: Options, remember: Callable[[Options], None] | None = None) -> None:
        self.options = options
        self.remember = remember
        self.now_ns = 0
        self.device = ""  # the keys or pad that answered last: they play "Play it"

    # -- state ---------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.art = CardArt(self.app.settings["four_colour_suits"])
        self.words = Words()
        # Esc, B or Start mid-round pauses (as the slap school's drill does): a stray press loses no answers
        self.paused_at: int | None = None
        self.pause_menu = ui.Menu([ui.Item(t("Go on"), self._resume), ui.Item(t("Start over"), self._again),
                                   ui.Item(t("Back to setup"), self.back)])
        self.pause_rect = layout_pause(self.app.size, self.pause_menu)
        self._new_round()

    @property
    def profile(self) -> int | None:
        pid = self.options.profile
        return pid if pid is not None and self.app.history.profile(pid) is not None else None

    def _best(self) -> dict[tuple[str, int], int] | None:
        if self.profile is None:
            return None
        return mastery.step_stars(self.app.history.practice(self.profile, GAME, mastery.KIND))

    def _new_round(self) -> None:
        best = self._best()
        o = self.options
        self.round = Round(o.step_id, o.ranks_per_suit, o.suit_order, self.app.next_seed(),
                           timed=mastery.timed(best, o.step_id, o.ranks_per_suit))
        self.started_ns: int | None = None
        self.menu: ui.Menu | None = None
        # the keyboard types while a dial step's questions and answers are up (arrows still dial, Enter goes
        # on); the end's menu and the other steps take the keys as menu keys
        self.wants_text = self.round.step.answer == "dial"
        self._ask()

    def _ask(self) -> None:
        """A new question: the focus on the first choice, the dial on the card's own number."""
        self.asked_ns: int | None = None
        self.focus = 0
        q = self.round.current
        self.dial = q.cards[0].rank if q.kind in (qs.WORTH, qs.BASE) else 0
        self.typed: str | None = None  # the digits typed so far (None: the number is dialled)

    def text_edit(self, edit: TextEdit) -> None:
        """A digit typed, Backspace taking one back, Enter as the A button, Esc pausing (or going on)."""
        if edit.key == "escape":
            self.handle(Command(None, PAUSE, edit.t_ns, device="kb"))
        elif edit.key == "enter":
            self.handle(Command(None, CONFIRM, edit.t_ns, device="kb"))
        elif self.round.answered is None and self.paused_at is None:
            typed = self.typed or ""
            if edit.key == "backspace":
                typed = typed[:-1]
            else:  # room for the deck's biggest number: more digits are not taken
                room = len(str(self.round.current.rules.deck_size))
                typed = (typed + "".join(c for c in edit.text if c.isdigit()))[:room]
            self.typed = typed
            if typed:
                self.dial = int(typed)

    def update(self, now_ns: int, dt_ns: int) -> None:
        self.now_ns = now_ns
        if self.paused_at is not None:
            return  # the question's time and the round's length stand still
        if self.started_ns is None:
            self.started_ns = now_ns
        if self.asked_ns is None:
            self.asked_ns = now_ns
        limit = self.round.limit_ms
        if limit is not None and self.round.answered is None and not self.round.done \
                and (now_ns - self.asked_ns) // MS >= limit:
            self.round.time_up()

    def handle(self, cmd: Command) -> None:
        if cmd.device:
            self.device = cmd.device
        if self.paused_at is not None:
            if ui.is_back(cmd):
                self._resume()
            else:
                self.pause_menu.handle(cmd)
            return
        if ui.is_back(cmd):
            if self.menu is None:  # mid-round: a pause, not a way out (a child's stray Start lost the lesson)
                self._pause()
            else:  # the round is over and kept: back to the setup
                self.back()
            return
        if self.menu is not None:
            self.menu.handle(cmd)
            return
        if self.round.answered is not None:
            if cmd.action == CONFIRM:
                self._next()
            return
        q, how = self.round.current, self.round.step.answer
        if how == "side" and cmd.action in (LEFT, RIGHT):
            self._answer(q.choices[0 if cmd.action == LEFT else 1])
        elif how == "pick" and cmd.action in (LEFT, RIGHT, UP, DOWN):
            self.focus = (self.focus + (-1 if cmd.action in (LEFT, UP) else 1)) % len(q.choices)
        elif how == "pick" and cmd.action == CONFIRM:
            self._answer(q.choices[self.focus])
        elif how == "dial" and cmd.action in (UP, DOWN, LEFT, RIGHT):
            step = {UP: 1, DOWN: -1, RIGHT: q.ranks_per_suit, LEFT: -q.ranks_per_suit}[cmd.action]
            self.dial = max(0, min(q.rules.deck_size, self.dial + step))
            self.typed = None
        elif how == "dial" and cmd.action == CONFIRM and self.typed != "":  # all typed digits taken back: no number
            self._answer(self.dial)

    def _answer(self, given: int) -> None:
        ms = None if self.asked_ns is None else (self.now_ns - self.asked_ns) // MS
        self.round.answer(given, ms)

    def _next(self) -> None:
        self.round.next()
        if self.round.done:
            self._finish()
        else:
            self._ask()

    def _finish(self) -> None:
        length = 0 if self.started_ns is None else (self.now_ns - self.started_ns) // MS
        mastery.record(self.app.history, self.profile, self.round, length)
        got = self.round.stars
        last = self.options.step >= len(qs.STEPS) - 1
        best = self._best() or {}
        mastered = max(got, best.get((self.options.step_id, self.options.ranks_per_suit), 0)) >= MASTERED_AT
        self.wants_text = False
        self.menu = ui.Menu([
            ui.Item(t("Again"), self._again, button=True),
            ui.Item(t("Next step"), self._next_step, button=True, enabled=lambda: not last and got >= OPEN_AT),
            ui.Item(t("Play it"), self._play_it, button=True, enabled=lambda: mastered),
            ui.Item(pt("menu", "Back"), self.back, button=True),
        ])
        self.menu.select(2 if mastered else (1 if not last and got >= OPEN_AT else 0))
        self.relayout(self.app.size)

    def _pause(self) -> None:
        self.paused_at = self.now_ns
        self.pause_menu.select(0)

    def _resume(self) -> None:
        """Back to the question where it was: the time paused is not counted against it."""
        if self.paused_at is not None:
            held = max(0, self.now_ns - self.paused_at)  # `update` keeps the clock while paused
            self.asked_ns = None if self.asked_ns is None else self.asked_ns + held
            self.started_ns = None if self.started_ns is None else self.started_ns + held
        self.paused_at = None

    def _again(self) -> None:
        self.paused_at = None
        self._new_round()

    def _next_step(self) -> None:
        self.options = dataclasses.replace(self.options, step=min(len(qs.STEPS) - 1, self.options.step + 1))
        self._new_round()

    def _play_it(self) -> None:
        """A No Thanks table with this deck: the child and two easy bots, the teaching aid on."""
        o = self.options
        rules = nt.Rules(ranks_per_suit=o.ranks_per_suit, suit_order=o.suit_order)
        self.app.settings["teaching_aid"] = True
        profile = self.app.history.profile(self.profile)
        child = SeatSpec("human", name=profile.name if profile is not None else self.app.settings.typed_name(0))
        config = TableConfig("nothanks", rules, [child, *make_seats(0, list(PLAY_IT_BOTS))], self.app.next_seed(),
                             options={"ranks_per_suit": o.ranks_per_suit, "suit_order": o.suit_order},
                             profiles=(self.profile, *[None] * len(PLAY_IT_BOTS)))
        # the pad that answered plays the child's seat; the keys' menu presses come as "kb": key set 1 plays it
        self.app.input.seat_devices({0: self.device if self.device.startswith("pad:") else "kb:0"})
        self.app.nav.start_table(config, push=True)

    def back(self) -> None:
        self.paused_at = None
        if self.remember is not None:
            self.remember(self.options)
        self.app.pop()

    # -- drawing -------------------------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.pause_rect = layout_pause(size, self.pause_menu)
        bh = ui.px(size, 56)
        gap = ui.px(size, 16)
        if self.menu is not None:
            bh = max(bh, line_h(round(bh * 0.48), True) + ui.px(size, 10))
            bw = min(ui.px(size, 260), (w - ui.px(size, 60) - 3 * gap) // 4)
            x = (w - 4 * bw - 3 * gap) // 2
            y = h - ui.hint_height(size, t("← → choose   Enter / {a} select", **self.app.input.buttons())) - ui.px(size, 10) - bh
            self.menu.rects = [pygame.Rect(x + i * (bw + gap), y, bw, bh) for i in range(4)]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = surface.get_size()
        self.words.reset()
        surface.blit(ui.backdrop(size), (0, 0))
        if self.menu is not None:
            self._draw_end(surface, size)
            return
        self._draw_round(surface, size)
        if self.paused_at is not None:
            draw_pause(surface, self.words, self.pause_rect, self.pause_menu, t("Paused"))

    def _draw_round(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        """The question (or its answer) as the child sees it."""
        w, h = size
        rnd, q = self.round, self.round.current
        answered = rnd.answered
        m = ui.px(size, 30)
        top = ui.px(size, 14)
        head = self.words.text(surface, text.step_name(rnd.step_id), ui.px(size, 26), ui.GOLD, "topleft", (m, top),
                               bold=True, max_w=w // 2 - m)
        count = progress(surface, self.words, text.question_of(rnd.index, len(rnd.items)), self._marks(),
                         (w - m, top), w // 2 - m)
        pace = self.words.text(surface, text.pace_line(rnd.limit_ms), ui.px(size, PX), ui.TEXT_DIM, "topright",
                               (w - m, count.bottom + ui.px(size, 4)), max_w=w // 2 - m)
        y = max(head.bottom, pace.bottom) + ui.px(size, 6)
        px, lines = ui.TEXTS.wrap_fit(text.prompt(q), ui.px(size, 34), w - 2 * m, lines=2, bold=True)
        for line in lines:
            y = self.words.shadow(surface, line, px, ui.TEXT, "midtop", (w // 2, y), max_w=w - 2 * m).bottom
        self._draw_time(surface, size, y + ui.px(size, 4))
        buttons = self.app.input.buttons()
        hint = text.keys(q, rnd.step.answer, buttons) if answered is None else t("Enter / {a}: next", **buttons)
        hint += "   " + t("Esc / {start}: pause", **buttons)  # as the slap school's drill says it
        bottom = h - ui.hint_height(size, hint) - ui.px(size, 8)
        ui.hint(surface, hint)
        room = pygame.Rect(m, y + ui.px(size, 16), w - 2 * m, bottom - y - ui.px(size, 16))
        if answered is None:
            self._draw_question(surface, size, q, room)
        else:
            self._draw_answer(surface, size, q, room, answered.given, answered.outcome == OK, answered.given is None)

    def _marks(self) -> list[tuple[int, int, int]]:
        """The progress row's colours: each question answered right or not, the one asked, those to come."""
        rnd = self.round
        done = [RIGHT_C if a.outcome == OK else WRONG_C for a in rnd.answers]
        now = [NOW] * (len(done) <= rnd.index)  # (an answered question shows how it went)
        return done + now + [TO_COME] * (len(rnd.items) - len(done) - len(now))

    def _draw_time(self, surface: pygame.Surface, size: tuple[int, int], y: int) -> None:
        """A paced question's time, as a bar that shortens (none while untimed)."""
        limit = self.round.limit_ms
        if limit is None or self.asked_ns is None or self.round.answered is not None:
            return
        share = max(0.0, 1 - (self.now_ns - self.asked_ns) / MS / limit)
        full = pygame.Rect(size[0] // 4, y, size[0] // 2, ui.px(size, 8))
        pygame.draw.rect(surface, (40, 70, 50), full, border_radius=full.h // 2)
        pygame.draw.rect(surface, GOLD, (full.x, full.y, round(full.w * share), full.h), border_radius=full.h // 2)

    def _button_h(self, size: tuple[int, int]) -> int:
        return max(ui.px(size, 64), line_h(ui.px(size, 32), True) + ui.px(size, 12))

    def _draw_question(self, surface: pygame.Surface, size: tuple[int, int], q: qs.Question,
                       room: pygame.Rect) -> None:
        """The cards as big as the room leaves, and under them the ways to answer."""
        how = self.round.step.answer
        below = 0  # the height the answers take under the cards
        if q.kind == qs.COUNT:
            below += line_h(ui.px(size, 28), True) + ui.px(size, 8)
        if q.kind == qs.MORE:
            below += line_h(ui.px(size, 40), True) + ui.px(size, 6)
        elif how == "dial":
            below += max(ui.px(size, 80), line_h(ui.px(size, 56), True)) + ui.px(size, 12)
        else:
            below += self._button_h(size) + ui.px(size, 12)
        picture = pygame.Rect(room.x, room.y, room.w, max(ui.px(size, 40), room.h - below))
        rects = card_row(surface, self.art, q.rules, [c.value for c in q.cards], picture, ui.px(size, 210))
        y = max(r.bottom for r in rects) + ui.px(size, 8)
        cx = room.centerx
        if q.kind == qs.COUNT:
            y = self.words.text(surface, text.matches(q.matches), ui.px(size, 28), GOLD, "midtop", (cx, y),
                                bold=True).bottom + ui.px(size, 8)
        if q.kind == qs.MORE:
            for r, arrow in zip(rects, ("←", "→"), strict=True):
                self.words.text(surface, arrow, ui.px(size, 40), GOLD, "midtop", (r.centerx, y), bold=True)
            return
        if how == "dial":
            box = pygame.Rect(0, 0, ui.px(size, 200), max(ui.px(size, 80), line_h(ui.px(size, 56), True)))
            box.midtop = (cx, y + ui.px(size, 4))
            ui.panel(surface, box, alpha=230, border=GOLD)
            shown = str(self.dial) if self.typed is None else self.typed + "_"  # a typed number shows its caret
            self.words.text(surface, shown, ui.px(size, 56), ui.TEXT, "center", box.center, bold=True)
            beside = pygame.Rect(box.right + ui.px(size, 14), box.y, ui.px(size, 24), box.h)
            up = [(beside.centerx, beside.y + beside.h // 8), (beside.left, beside.centery - 3),
                  (beside.right, beside.centery - 3)]
            down = [(beside.centerx, beside.bottom - beside.h // 8), (beside.left, beside.centery + 3),
                    (beside.right, beside.centery + 3)]
            for points in (up, down):  # ▲ ▼ drawn: one more, one less
                pygame.draw.polygon(surface, GOLD, points)
            return
        labels = [text.choice(q, c) for c in q.choices]
        keys = ["← ", "→ "] if how == "side" else [""] * len(labels)
        self._draw_buttons(surface, size, [k + s for k, s in zip(keys, labels, strict=True)], y + ui.px(size, 4),
                           self.focus if how == "pick" else None)

    def _draw_buttons(self, surface: pygame.Surface, size: tuple[int, int], labels: list[str], top: int,
                      focus: int | None) -> None:
        n = len(labels)
        gap = ui.px(size, 24)
        bw = min(ui.px(size, 220), (size[0] - ui.px(size, 60) - (n - 1) * gap) // n)
        bh = self._button_h(size)
        x = (size[0] - n * bw - (n - 1) * gap) // 2
        for i, label in enumerate(labels):
            r = pygame.Rect(x + i * (bw + gap), top, bw, bh)
            edge = GOLD if i == focus else (120, 150, 130)
            ui.panel(surface, r, alpha=235 if i == focus else 190, border=edge)
            if i == focus:
                pygame.draw.rect(surface, edge, r, width=max(3, bh // 14), border_radius=max(6, bh // 4))
            self.words.text(surface, label, ui.px(size, 32), ui.TEXT, "center", r.center, bold=True,
                            max_w=bw - ui.px(size, 12))

    def _draw_answer(self, surface: pygame.Surface, size: tuple[int, int], q: qs.Question, room: pygame.Rect,
                     given: int | None, right: bool, late: bool) -> None:
        """The picture again, now showing why, and under it the verdict and the seed's sums."""
        w = room.w
        verdict = text.verdict(None if late else right, "" if given is None or right else text.choice(q, given))
        v_px, v_lines = ui.TEXTS.wrap_fit(verdict, ui.px(size, 32), w, lines=2, bold=True)
        explained = [ui.TEXTS.wrap_fit(line, ui.px(size, 34), w, lines=2) for line in text.explain(q)]
        words_h = len(v_lines) * line_h(v_px, True) + ui.px(size, 6) + sum(
            len(lines) * line_h(px) + ui.px(size, 2) for px, lines in explained)
        picture = pygame.Rect(room.x, room.y, room.w, max(ui.px(size, 40), room.h - words_h - ui.px(size, 12)))
        values = [c.value for c in q.cards]
        if q.kind in (qs.WORTH, qs.BASE, qs.MORE):  # the deck in its rows: what the card is worth, counted
            shown = suit_rows(surface, self.art, q.rules, picture, counted=q.answer, lit=values)
        else:
            frames = {}
            if q.kind == qs.COUNT:
                counted = {r.counted for r in nt.runs(values)}
                frames = {i: GOLD for i, v in enumerate(values) if v in counted}
            elif q.answer == qs.YES:
                frames = dict.fromkeys(range(len(values)), RIGHT_C)
            rects = card_row(surface, self.art, q.rules, values, picture, ui.px(size, 150), frames)
            shown = rects[0].unionall(rects)
        y = min(shown.bottom, picture.bottom) + ui.px(size, 12)
        tone = RIGHT_C if right else WRONG_C
        for line in v_lines:
            y = self.words.text(surface, line, v_px, tone, "midtop", (room.centerx, y), bold=True, max_w=w).bottom
        y += ui.px(size, 6)
        for px, lines in explained:
            for line in lines:
                y = self.words.text(surface, line, px, ui.TEXT, "midtop", (room.centerx, y), max_w=w).bottom
            y += ui.px(size, 2)

    def _draw_end(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        w, h = size
        rnd = self.round
        got = rnd.stars
        m = ui.px(size, 40)
        y = self.words.shadow(surface, text.stars_heading(got), ui.px(size, 48), ui.TEXT, "midtop",
                              (w // 2, ui.px(size, 30)), max_w=w - 2 * m).bottom + ui.px(size, 6)
        y = self.words.text(surface, text.step_name(rnd.step_id), ui.px(size, 28), ui.GOLD, "midtop", (w // 2, y),
                            bold=True, max_w=w - 2 * m).bottom + ui.px(size, 12)
        buttons_top = min(r.y for r in self.menu.rects) if self.menu is not None and self.menu.rects else h
        lines = [text.right_of(rnd.right, len(rnd.items)), text.lesson(rnd.step_id)]
        if self.profile is None:
            lines.append(t("Guests play, but nothing is kept."))
        wrapped = [ui.TEXTS.wrap_fit(line, ui.px(size, 28), w - 2 * m, lines=2) for line in lines]
        words_h = sum(len(ls) * line_h(px) + ui.px(size, 8) for px, ls in wrapped)
        radius = max(8, min(ui.px(size, 44), (buttons_top - y - words_h - ui.px(size, 24)) // 2))
        row_w = round(radius * 2 + 2 * radius * 2.3)
        stars(surface, w // 2 - row_w // 2, y + radius, radius, got)
        y += 2 * radius + ui.px(size, 16)
        for px, ls in wrapped:
            for line in ls:
                y = self.words.text(surface, line, px, ui.TEXT, "midtop", (w // 2, y), max_w=w - 2 * m).bottom
            y += ui.px(size, 8)
        if self.menu is not None:
            self.menu.draw(surface)
        ui.hint(surface, t("← → choose   Enter / {a} select", **self.app.input.buttons()))
