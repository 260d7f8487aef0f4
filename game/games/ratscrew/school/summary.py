"""A parent's one-screen summary of a remembered player's slap school (school/mastery.py): the stars per
pattern (the drill ladder, drills not open yet locked), this week against the last, practice by day (the last
14 days: minutes) and by week (the last 8: the share of patterns slapped), what goes well, what to practise
and the drill to play next. Opened from the school's setup (Progress…) and from the player's stats;
← → change the player, Esc / Backspace / a pad's B go back. Read once from the history when shown."""

from __future__ import annotations

import datetime
from collections.abc import Sequence

import pygame

from game.commands import LEFT, RIGHT, Command
from game.games.ratscrew.school import mastery, text
from game.games.ratscrew.school.drills import DRILLS, LADDER
from game.games.ratscrew.school.names import GAME
from game.games.ratscrew.text import slap_label
from game.games.school.kept import KeptSession
from game.games.school.paint import Words, fit_px, line_h, lock, stars
from game.i18n import decimal, short_weekday, t
from game.render import colors
from game.render.faces import draw_avatar
from game.ui import widgets as ui
from game.ui.scene import Scene

PX = 20
GRID = (40, 80, 56)


def minutes(value: float) -> str:
    return t("{m} min", m=decimal(round(value, 1), "g"))


def week_cells(period: mastery.Period) -> list[str]:
    """A week's row of the table: sessions, minutes, patterns slapped, median reaction ("–": none)."""
    if not period.sessions:
        return [t("no practice"), "", "", ""]
    rate = f"{round(100 * period.hits / period.patterns)}%" if period.patterns else "–"
    median = text.ms(round(period.median_ms)) if period.median_ms is not None else "–"
    return [str(period.sessions), minutes(period.minutes), rate, median]


class SummaryScene(Scene):
    text_room = 1.5  # its words at the player's text size up to 150 % (tests/test_school_access.py)

    def __init__(self, profile_id: int | None = None, today: datetime.date | None = None) -> None:
        self.profile_id = profile_id
        self.today = today

    def enter(self) -> None:
        self.words = Words()
        ids = [p.id for p in self.app.history.profiles]
        if self.profile_id not in ids:
            self.profile_id = ids[0] if ids else None
        self.load()

    def load(self) -> None:
        kept = []
        self.other_schools: list[str] = []  # the other practice modes' lines (the number school's mastered steps)
        profile_id = self.profile_id
        if profile_id is not None:
            kept = self.app.history.practice(profile_id, GAME)

            def sessions(game: str, kind: str) -> Sequence[KeptSession]:
                return self.app.history.practice(profile_id, game, kind)

            self.other_schools = [line for d in self.app.games.all() for mode in d.practice
                                  if (line := mode.progress_line(sessions))]
        today = self.today or datetime.date.today()
        self.summary = mastery.summary(kept, today)
        self.days = mastery.by_day(kept, today)
        self.weeks = mastery.by_week(kept, today)

    def handle(self, cmd: Command) -> None:
        if ui.is_back(cmd):
            self.app.pop()
        elif cmd.action in (LEFT, RIGHT):
            profiles = self.app.history.profiles
            if profiles:
                i = next((k for k, p in enumerate(profiles) if p.id == self.profile_id), 0)
                self.profile_id = profiles[(i + (1 if cmd.action == RIGHT else -1)) % len(profiles)].id
                self.load()

    # -- drawing ------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = w, h = surface.get_size()
        self.words.reset()
        surface.blit(ui.backdrop(size), (0, 0))
        profile = self.app.history.profile(self.profile_id)
        name = profile.name if profile is not None else t("none yet")
        title = t("Slap school: {name}", name=name)
        head = self.words.shadow(surface, title, ui.px(size, 40), ui.TEXT, "midtop", (w // 2, ui.px(size, 16)),
                                 max_w=w - ui.px(size, 200))
        if profile is not None:
            face = pygame.Rect(0, 0, head.h, head.h)
            face.midright = (head.x - ui.px(size, 12), head.centery)
            draw_avatar(surface, face, profile.avatar, profile.rgb)
        colour = profile.rgb if profile is not None else ui.GOLD
        m, gap = ui.px(size, 30), ui.px(size, 16)
        top = head.bottom + ui.px(size, 14)
        bottom = h - ui.px(size, 40) - line_h(ui.px(size, PX)) - ui.px(size, 10)
        left = pygame.Rect(m, top, (w - 2 * m - gap) * 2 // 5, bottom - top)
        right_x = left.right + gap
        right_w = w - m - right_x
        week_h = ui.px(size, 16) + 4 * line_h(ui.px(size, PX)) + line_h(ui.px(size, 22), True)
        week = pygame.Rect(right_x, top, right_w, week_h)
        charts_h = (bottom - week.bottom - 2 * gap) // 2
        days = pygame.Rect(right_x, week.bottom + gap, right_w, charts_h)
        weeks = pygame.Rect(right_x, days.bottom + gap, right_w, bottom - days.bottom - gap)
        self._draw_patterns(surface, size, left)
        self._draw_week(surface, size, week)
        self._draw_days(surface, size, days, colour)
        self._draw_weeks(surface, size, weeks, colour)
        hint = t("← → player   Esc / {b} back", **self.app.input.buttons())
        self.words.text(surface, hint, ui.px(size, PX), ui.TEXT_DIM, "midbottom", (w // 2, h - ui.px(size, 10)),
                        max_w=w - ui.px(size, 40))

    def _title(self, surface: pygame.Surface, size: tuple[int, int], rect: pygame.Rect, title: str) -> int:
        ui.panel(surface, rect)
        box = self.words.text(surface, title, ui.px(size, 22), ui.GOLD, "topleft",
                              (rect.x + ui.px(size, 12), rect.y + ui.px(size, 6)), bold=True,
                              max_w=rect.w - ui.px(size, 24))
        return box.bottom + ui.px(size, 4)

    def _draw_patterns(self, surface: pygame.Surface, size: tuple[int, int], rect: pygame.Rect) -> None:
        """The ladder: each drill's stars (or a lock), then what goes well, what to practise, what next."""

        s = self.summary
        y = self._title(surface, size, rect, t("Stars per pattern"))
        pad = ui.px(size, 12)
        # a note too long for a line (the number school's mastered steps) takes two
        notes = [(px, part, tone) for line, tone in self._notes()
                 for px, lines in [ui.TEXTS.wrap_fit(line, ui.px(size, PX), rect.w - 2 * pad, lines=2, least=1.0)]
                 for part in lines]
        note_h = sum(line_h(px) for px, _, _ in notes) + ui.px(size, 8)
        row = max(line_h(ui.px(size, PX)), (rect.bottom - pad - note_h - y) // len(DRILLS))
        radius = max(4, min(ui.px(size, 9), row // 3))
        star_w = round(radius * 2 + 2 * radius * 2.3)
        name_w = rect.w - 2 * pad - star_w - ui.px(size, 10)
        px = min(fit_px(text.drill_name(i), name_w, ui.px(size, PX)) for i in range(len(DRILLS)))
        for i, rule in enumerate(LADDER):
            cy = y + i * row + row // 2
            shut = not s.open[i]
            self.words.text(surface, text.drill_name(i), px, (110, 130, 115) if shut else ui.TEXT, "midleft",
                            (rect.x + pad, cy), bold=i == s.next_drill, max_w=name_w)
            x = rect.right - pad - star_w
            if shut:
                lock(surface, pygame.Rect(x, cy - radius, 2 * radius, 2 * radius))
            else:
                stars(surface, x, cy, radius, s.stars.get(rule, 0))
        ny = y + len(DRILLS) * row + ui.px(size, 8)
        for px, line, tone in notes:
            self.words.text(surface, line, px, tone, "topleft", (rect.x + pad, ny), max_w=rect.w - 2 * pad)
            ny += line_h(px)

    def _notes(self) -> list[tuple[str, tuple[int, int, int]]]:
        s = self.summary
        out = [(t("Next: {drill}", drill=text.drill_name(s.next_drill)), ui.GOLD)]
        if s.best_rule is not None:
            out.append((t("Going well: {rule}", rule=slap_label(s.best_rule)), ui.TEXT))
        if s.practise_rule is not None:
            out.append((t("To practise: {rule}", rule=slap_label(s.practise_rule)), ui.TEXT))
        out += [(line, ui.TEXT) for line in self.other_schools]
        return out

    def _draw_week(self, surface: pygame.Surface, size: tuple[int, int], rect: pygame.Rect) -> None:
        """This week against the last: a small table (sessions, minutes, patterns slapped, median), then the
        days practised of the last 14."""
        s = self.summary
        y = self._title(surface, size, rect, t("Practice"))
        pad = ui.px(size, 12)
        px = ui.px(size, PX)
        if not s.sessions:  # a player who has not practised yet (from the setup or the stats): said, not a table of blanks
            head = self.words.text(surface, text.no_practice_yet(), ui.px(size, 26), ui.GOLD, "topleft",
                                   (rect.x + pad, y), bold=True, max_w=rect.w - 2 * pad)
            hint_px, lines = ui.TEXTS.wrap_fit(text.no_practice_hint(), px, rect.w - 2 * pad, lines=2, least=1.0)
            for line in lines:
                head = self.words.text(surface, line, hint_px, ui.TEXT, "topleft",
                                       (rect.x + pad, head.bottom + ui.px(size, 4)), max_w=rect.w - 2 * pad)
            return
        rows = [["", t("Sessions"), t("Minutes"), t("Slapped"), t("Median")],
                [t("This week")] + week_cells(s.this_week), [t("Last week")] + week_cells(s.last_week)]
        bold = ui.TEXTS.font(px, True)
        first = max(bold.size(row[0])[0] for row in rows) + ui.px(size, 14)
        col = (rect.w - 2 * pad - first) // 4
        for r, row in enumerate(rows):
            for c, cell in enumerate(row):
                if not cell:
                    continue
                tone = ui.TEXT_DIM if r == 0 else (ui.GOLD if c == 0 else ui.TEXT)
                if c == 0:
                    self.words.text(surface, cell, px, tone, "topleft", (rect.x + pad, y), bold=True, max_w=first)
                else:
                    x = rect.x + pad + first + (c - 1) * col
                    alone = all(not rest for rest in row[c + 1:])  # "no practice": the row is its own
                    room = rect.right - pad - x if alone else col - ui.px(size, 6)
                    self.words.text(surface, cell, px, tone, "topleft", (x, y), max_w=room)
            y += line_h(px)
        days = t("Practised on {days} of the last 14 days", days=s.days_practised)  # "3 of 14": no noun to agree
        self.words.text(surface, days, px, ui.TEXT_DIM, "topleft", (rect.x + pad, y), max_w=rect.w - 2 * pad)

    def _bars(self, surface: pygame.Surface, size: tuple[int, int], rect: pygame.Rect, top: int,
              values: list[float | None], labels: list[str], colour: tuple[int, int, int], most: float,
              shown: list[str]) -> None:
        """A bar per value (under its label), its figure (`shown`) over it."""
        pad = ui.px(size, 12)
        plot = pygame.Rect(rect.x + pad, top + ui.px(size, 4) + line_h(ui.px(size, PX)), rect.w - 2 * pad, 0)
        plot.h = rect.bottom - pad - line_h(ui.px(size, PX)) - plot.y
        n = len(values)
        bar_w = plot.w / n
        widest = max((ui.TEXTS.font(ui.px(size, PX)).size(label)[0] for label in labels if label), default=0)
        every = 1
        while every < n and widest + ui.px(size, 6) > bar_w * every:  # labels that would meet: every other one
            every += 1
        pygame.draw.line(surface, GRID, (plot.x, plot.bottom), (plot.right, plot.bottom), 2)
        for i, value in enumerate(values):
            if value:
                hgt = max(2, round(min(1.0, value / most) * plot.h)) if most else 0
                bar = pygame.Rect(round(plot.x + i * bar_w) + 2, plot.bottom - hgt, max(1, round(bar_w) - 4), hgt)
                pygame.draw.rect(surface, colour, bar, border_top_left_radius=3, border_top_right_radius=3)
                if shown[i]:
                    self.words.text(surface, shown[i], ui.px(size, PX), ui.TEXT, "midbottom",
                                    (bar.centerx, bar.y - ui.px(size, 1)))
            if labels[i] and (n - 1 - i) % every == 0:
                self.words.text(surface, labels[i], ui.px(size, PX), ui.TEXT_DIM, "midtop",
                                (round(plot.x + (i + 0.5) * bar_w), plot.bottom + ui.px(size, 2)))

    def _draw_days(self, surface: pygame.Surface, size: tuple[int, int], rect: pygame.Rect,
                   colour: tuple[int, int, int]) -> None:
        top = self._title(surface, size, rect, t("Minutes a day, the last 14 days"))
        values: list[float | None] = [d.minutes for d in self.days]
        labels = [short_weekday(d.start.weekday()) if (len(self.days) - 1 - i) % 2 == 0 else ""
                  for i, d in enumerate(self.days)]
        most = max([v for v in values if v] or [1.0])
        shown = [str(round(d.minutes)) if d.minutes >= 0.5 else "" for d in self.days]
        self._bars(surface, size, rect, top, values, labels, colour, most, shown)

    def _draw_weeks(self, surface: pygame.Surface, size: tuple[int, int], rect: pygame.Rect,
                    colour: tuple[int, int, int]) -> None:
        top = self._title(surface, size, rect, t("Patterns slapped, week by week"))
        values: list[float | None] = [p.hit_rate for p in self.weeks]
        labels = [t("wk {week}", week=p.start.isocalendar()[1]) for p in self.weeks]
        shown = [f"{round(100 * v)}%" if v else "" for v in values]
        self._bars(surface, size, rect, top, values, labels, colors.GOLD if colour is None else colour, 1.0, shown)
