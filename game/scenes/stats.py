"""A player's stats ("stats"): reaction time game by game (a line chart), all reaction times (a histogram),
slaps by rule, games and wins per game (average and best score where a game has points), head to head
against the other players; ← → on the top row changes the player. "Export CSV" writes the player's history
to `exports/` in the data folder. Read once from the history when shown (after what is queued is written).
"""

from __future__ import annotations

import datetime
import statistics
from collections.abc import Callable
from pathlib import Path

import pygame

from game import i18n, screens
from game.history import export, queries
from game.history.queries import Practice, ProfileStats
from game.i18n import decimal, t, tn
from game.profiles import Profile
from game.render import colors, scale
from game.render.faces import draw_avatar
from game.ui import widgets as ui
from game.ui.figures import WORD_PX, word_floor
from game.ui.menu import MenuHandler

TEXT_PX = WORD_PX  # every text a player reads here, at 1280x720: the lists' size, read from the sofa
TITLE_PX = 26
ROW = 32
GRID = colors.GRID  # chart lines, as the results screen's chart
BIN_MS, TOP_MS = 100, 1500  # the histogram's bars: 100 ms each, the last one everything from 1.5 s


def day(started: str) -> str:
    """"3 May" for an ISO time (in local time); "" if it can't be read."""
    when = i18n.local_time(started)
    return "" if when is None else i18n.short_date(when)


def export_path(folder: Path, name: str, when: datetime.datetime) -> Path:
    """exports/<name>-<YYYYmmdd-HHMMSS>.csv, the name reduced to letters, digits and dashes."""
    safe = "".join(ch if ch.isalnum() else "-" for ch in name).strip("-") or "player"
    return folder / "exports" / f"{safe}-{when.strftime('%Y%m%d-%H%M%S')}.csv"


fit_px = ui.TEXTS.grown_whole_px  # the size a text is drawn at to fit whole (never below the standard size)


class StatsScene(MenuHandler):
    def __init__(self, profile_id: int | None = None) -> None:
        self.profile_id = profile_id
        self.message = ""
        self.folder = ""  # where the CSV went, under the message
        self.stats: ProfileStats | None = None  # the player's figures (loaded on enter)
        self.title_px: int | None = None  # the panels' titles' size, as the layout found room for it

    # -- state --------------------------------------------------------------------------------------------
    def enter(self) -> None:
        history = self.app.history
        ids = [p.id for p in history.profiles]
        if self.profile_id not in ids:
            self.profile_id = ids[0] if ids else None
        self.rule_order = tuple(r for d in self.app.games.all() for r in d.history_rules)
        modes = [(d.id, mode) for d in self.app.games.all() for mode in d.practice if mode.progress_screen]
        self.modes = [mode for d in self.app.games.all() for mode in d.practice]
        # In the order ↓ goes through them, top to bottom as they are drawn (see relayout): the player, each
        # practice mode's progress (beside the player's name, or stacked over the bottom row), the bottom row.
        self.menu = ui.Menu([
            ui.Item(t("Stats for"), value=self._name, change=self._cycle, enabled=lambda: bool(self.app.history.profiles),
                    button=True),
            # A practice mode's progress of this player (e.g. the slap school's days and weeks, for a parent):
            # "Progress…" as the school's setup calls it, named by its mode where several keep progress
            *(ui.Item(t("Progress…") if len(modes) == 1 else t("{title}: progress…", title=mode.title()),
                      self._progress(game, mode.id, mode.progress_screen), enabled=lambda: self.profile is not None,
                      button=True)
              for game, mode in modes),
            ui.Item(t("Export CSV"), self.export, enabled=lambda: self.profile is not None, button=True),
            ui.Item(t("Players…"), lambda: self.app.nav.push(screens.Profiles()), button=True),
        ])
        if not history.enabled and not self.message:  # e.g. a read-only disk: nothing is kept this time
            self.message = t("No history this time: {why}", why=history.problem or t("it can't be opened"))
        self.load()

    def _progress(self, game: str, mode: str, screen: str) -> Callable[[], object]:
        return lambda: self.app.nav.push(screens.Practice(game, mode, screen, (self.profile_id,)))

    def resume(self) -> None:
        self.enter()  # players may have been added, renamed or deleted
        self.relayout(self.app.size)

    @property
    def profile(self) -> Profile | None:
        return self.app.history.profile(self.profile_id)

    def _name(self) -> str:
        profile = self.profile
        return profile.name if profile is not None else t("none yet")

    def _cycle(self, step: int) -> None:
        profiles = self.app.history.profiles
        if not profiles:
            return
        i = next((k for k, p in enumerate(profiles) if p.id == self.profile_id), 0)
        self.profile_id = profiles[(i + step) % len(profiles)].id
        self.message = self.folder = ""
        self.load()
        self.relayout(self.app.size)

    def load(self) -> None:
        history = self.app.history
        found = None
        profile_id = self.profile_id
        if profile_id is not None:
            found = history.read(lambda c: queries.profile_stats(c, profile_id, self.rule_order))
        self.stats = found if found is not None else ProfileStats(self.profile_id or 0)
        # the practice modes' lines of this player's progress (the number school's mastered steps), told
        # by the modes from the kept sessions, so this screen names no game
        self.progress_lines: list[str] = []
        if profile_id is not None and self.profile is not None:
            def kept(game: str, kind: str) -> list[Practice]:
                return history.practice(profile_id, game, kind)

            self.progress_lines = [line for mode in self.modes if (line := mode.progress_line(kept))]

    def export(self) -> None:
        """The player's history as CSV in the data folder's exports/; the path (or the trouble) is shown."""
        from game.record import data_dir

        profile = self.profile
        if profile is None:
            return
        table = self.app.history.read(lambda c: export.rows(c, profile.id))
        if table is None:
            self.message = t("No history to export: {why}", why=self.app.history.problem or t("it can't be read"))
            return
        path = export_path(data_dir(), profile.name, datetime.datetime.now())
        try:
            export.write_csv(path, table)
        except OSError as exc:
            self.message = t("Not saved: {why}", why=exc.strerror or exc)
            return
        self.exported = path
        self.message = tn("Saved {n} row to {file}", "Saved {n} rows to {file}", len(table), file=path.name)
        self.folder = t("in {folder}", folder=path.parent)

    # -- layout -------------------------------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        w, h = size
        m, gap = ui.px(size, 30), ui.px(size, 16)
        selector = pygame.Rect(0, ui.px(size, 18), ui.px(size, 560), ui.px(size, 56))
        selector.centerx = w // 2
        bh = ui.px(size, 52)
        label_font = ui.TEXTS.font(max(10, round(bh * 0.48)), True)  # as the menu draws its buttons
        need = max(label_font.size(item.label)[0] for item in self.menu.items[-2:]) + bh  # the bottom row's
        bw = min(max(ui.px(size, 230), need), (w - 2 * m - gap) // 2)
        progress_need = max((label_font.size(item.label)[0] + bh for item in self.menu.items[1:-2]), default=0)
        hint_h = max(ui.px(size, 40), ui.px(size, 16) + ui.TEXTS.line_height(ui.px(size, TEXT_PX)))  # grown hint
        csv = pygame.Rect(w - m - 2 * bw - gap, h - hint_h - bh, bw, bh)
        players = csv.move(bw + gap, 0)
        # The practice modes' progress (the slap school's, the number school's): with one, at the top right
        # beside the player's name; with more, stacked under the left column's charts (which give up the
        # height; the right column's figures keep theirs), the bottom row keeping its room for the buttons and
        # the export's message
        schools = self.menu.items[1:-2]
        area_w = w - 2 * m
        left_w = (area_w - gap) * 11 // 20
        if len(schools) <= 1:
            school = pygame.Rect(0, selector.y, min(max(bw, progress_need), w - m - selector.right - gap), selector.h)
            school.right = w - m
            progress = [school][: len(schools)]
            above = csv.y
        else:
            above = csv.y - len(schools) * (bh + gap)
            progress = [pygame.Rect(m, above + gap + i * (bh + gap), left_w, bh) for i in range(len(schools))]
        self.menu.rects = [selector, *progress, csv, players]
        self.face = pygame.Rect(0, 0, selector.h, selector.h)
        self.face.midright = (selector.x - ui.px(size, 12), selector.centery)
        top, bottom = selector.bottom + ui.px(size, 18), csv.y - ui.px(size, 16)
        area = pygame.Rect(m, top, area_w, bottom - top)
        charts_h = above - ui.px(size, 16) - top
        half = (charts_h - gap) // 2
        self.trend_rect = pygame.Rect(area.x, area.y, left_w, half)
        self.hist_rect = pygame.Rect(area.x, area.y + half + gap, left_w, charts_h - half - gap)
        right = pygame.Rect(area.x + left_w + gap, area.y, area.w - left_w - gap, area.h)
        self.message_room = pygame.Rect(m, csv.y, csv.x - m - gap, bh)
        # the practice modes' progress lines share the bottom row's room with the export's message (which, while
        # shown, takes it), two lines each at most: the charts above keep their height
        self.progress_room = self.message_room.inflate(0, 2 * ui.px(size, 8))
        # (at the lists' size whatever the text size: the row has the buttons' height)
        self.progress_wrapped = [ui.TEXTS.wrap_fit(line, word_floor(), self.progress_room.w, lines=2, least=1.0)
                                 for line in self.progress_lines]
        # A row of figures: as tall as a line of them at the player's text size.
        self.row = row = max(ui.px(size, ROW), ui.TEXTS.line_height(ui.px(size, TEXT_PX)))
        # The right column's three panels share its height as their rows need it (each at least a share
        # of it): the rules, the games (and their scores), the rivals.
        stats = self.stats
        counts = [len(stats.rules), len(self._games_lines()), len(stats.rivals)] if stats is not None else [0, 0, 0]
        room = right.h - 2 * gap
        title_px = ui.px(size, TITLE_PX)
        standard = next(p for p in range(1, title_px + 1) if scale.text_px(p) >= title_px)
        for self.title_px, note_row in ((title_px, row), (title_px, 0), (standard, 0)):
            # Room for the wrong slaps' note under the rules' title where it must go there, else none; then
            # the panels' titles shrunk to the standard text size, if that is what it takes.
            head = ui.TEXTS.line_height(self.title_px, True) + ui.px(size, 16)
            needs = [head + max(1, n) * row for n in counts]
            needs[0] += note_row
            if sum(needs) <= room:
                break
        if sum(needs) <= room:
            spare = room - sum(needs)
            heights = [n + spare // 3 for n in needs]
        else:
            heights = [room * n // sum(needs) for n in needs]
        self.rules_rect = pygame.Rect(right.x, right.y, right.w, heights[0])
        self.games_rect = pygame.Rect(right.x, self.rules_rect.bottom + gap, right.w, heights[1])
        self.rivals_rect = pygame.Rect(right.x, self.games_rect.bottom + gap, right.w, right.bottom - self.games_rect.bottom - gap)

    # -- drawing ------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = surface.get_size()
        surface.blit(ui.backdrop(size), (0, 0))
        self.menu.draw(surface)
        profile = self.profile
        if profile is not None:
            draw_avatar(surface, self.face, profile.avatar, profile.rgb)
        if profile is None:
            self._draw_nobody(surface)
        else:
            colour = profile.rgb
            self._draw_trend(surface, colour)
            self._draw_histogram(surface, colour)
            self._draw_rules(surface, colour)
            self._draw_games(surface)
            self._draw_rivals(surface)
            self._draw_progress(surface)
        if self.message:
            room = self.message_room
            lines = [(self.message, True)] + ([(ui.TEXTS.cut_start(self.folder, room.w, ui.px(size, TEXT_PX)), False)]
                                                if self.folder else [])
            y = room.centery - (len(lines) - 1) * ui.px(size, 13)
            for line, bold in lines:
                ui.blit_text(surface, line, ui.px(size, TEXT_PX), ui.GOLD if bold else ui.TEXT, "midleft", (room.x, y),
                             bold=bold, max_w=room.w)
                y += ui.px(size, 26)
        hint = t("← → player   ↑ ↓ choose   Enter / {a} select   Esc / {b} back", **self.app.input.buttons())  # 20 px, as every word here
        ui.blit_text(surface, hint, ui.px(size, TEXT_PX), ui.TEXT_DIM, "midbottom",
                     (size[0] // 2, size[1] - ui.px(size, 10)), max_w=size[0] - ui.px(size, 40))

    def _draw_progress(self, surface: pygame.Surface) -> None:
        if self.message:
            return
        room = self.progress_room
        y = room.centery - sum(len(lines) * ui.TEXTS.line_height(px) for px, lines in self.progress_wrapped) // 2
        for px, lines in self.progress_wrapped:
            for line in lines:
                ui.blit_text(surface, line, px, ui.TEXT, "topleft", (room.x, y), max_w=room.w)
                y += ui.TEXTS.line_height(px)

    def _panel(self, surface: pygame.Surface, rect: pygame.Rect, title: str, note: str = "") -> int:
        """A panel with its title (and a note at its top right); returns the y under the title."""
        size = surface.get_size()
        ui.panel(surface, rect)
        pad = ui.px(size, 12)
        title_px = ui.px(size, TITLE_PX) if self.title_px is None else self.title_px
        px = ui.px(size, TEXT_PX)
        inner, space = rect.w - 2 * pad, ui.px(size, 16)
        if note:  # title and note on one line if they fit there (shrunk, at most to the standard text size)
            both = [(title, title_px, True), (note, px, False)]
            least = (ui.px(size, TITLE_PX), px)  # what the standard text size draws
            while sum(ui.TEXTS.font(p, b).size(s)[0] for s, p, b in both) + space > inner:
                smaller = [(s, p - 1, b) for s, p, b in both]
                if any(p < 1 or scale.text_px(p) < low for (_, p, _), low in zip(smaller, least, strict=True)):
                    break
                both = smaller
            (_, title_px, _), (_, px, _) = both
        head = ui.blit_text(surface, title, title_px, ui.GOLD, "topleft", (rect.x + pad, rect.y + pad // 2),
                            bold=True, max_w=inner)
        if note:
            room = rect.right - pad - head.right - space
            if ui.TEXTS.font(px).size(note)[0] <= room:
                beside = ui.blit_text(surface, note, px, ui.TEXT, "topright", (rect.right - pad, rect.y + pad // 2 + 1))
                return max(head.bottom, beside.bottom) + ui.px(size, 4)  # a note grown taller than its title
            else:  # no room beside the title (a bigger text size, a longer language): on a line under it
                under = ui.blit_text(surface, note, px, ui.TEXT, "topright", (rect.right - pad, head.bottom),
                                     max_w=rect.w - 2 * pad)
                return under.bottom + ui.px(size, 4)
        return head.bottom + ui.px(size, 4)

    def _empty(self, surface: pygame.Surface, rect: pygame.Rect, top: int, text: str) -> None:
        size = surface.get_size()
        ui.blit_text(surface, text, ui.px(size, TEXT_PX), ui.TEXT_DIM, "center", (rect.centerx, (top + rect.bottom) // 2),
                     max_w=rect.w - ui.px(size, 24))

    def _draw_nobody(self, surface: pygame.Surface) -> None:
        size = w, h = surface.get_size()
        ui.blit_text(surface, t("No players yet."), ui.px(size, 34), ui.TEXT, "center", (w // 2, h * 2 // 5), bold=True)
        ui.blit_text(surface, t("Choose Players… to make one: their games and slaps are kept from then on."),
                     ui.px(size, TEXT_PX), ui.TEXT_DIM, "center", (w // 2, h * 2 // 5 + ui.px(size, 50)),
                     max_w=w - ui.px(size, 60))

    @property
    def figures(self) -> ProfileStats:
        """The player's figures: loaded on entering, before anything is drawn."""
        assert self.stats is not None, "the stats screen drawn before it was entered"
        return self.stats

    def _draw_trend(self, surface: pygame.Surface, colour: colors.Color) -> None:
        size, rect = surface.get_size(), self.trend_rect
        sessions = self.figures.sessions
        latest = t("latest {ms} ms", ms=round(sessions[-1].median_ms)) if sessions else ""
        top = self._panel(surface, rect, t("Reaction time, game by game"), latest)
        if not sessions:
            self._empty(surface, rect, top, t("No slaps yet: play a slap game or the slap school."))
            return
        pad = ui.px(size, 12)
        label_w = ui.TEXTS.font(word_floor()).size("0000")[0] + ui.px(size, 8)
        plot = pygame.Rect(rect.x + pad + label_w, top + ui.px(size, 12), 0, 0)
        plot.w = rect.right - pad - ui.px(size, 8) - plot.x
        plot.h = rect.bottom - pad - self.row - plot.y
        highest = max(s.median_ms for s in sessions)
        step = 250 if highest <= 1500 else 500
        scale = max(2 * step, -(-highest * 1.1 // step) * step)
        label_px = word_floor()  # the chart's counts at the lists' size: a bigger text size grows its figures
        line = ui.TEXTS.line_height(label_px)  # a low plot: its ends counted, not its middle; lower: its top
        for value in (0, scale / 2, scale) if plot.h >= 2 * line else (0, scale) if plot.h >= line else (scale,):
            y = plot.bottom - round(value / scale * plot.h)
            pygame.draw.line(surface, GRID, (plot.x, y), (plot.right, y))
            ui.blit_text(surface, str(round(value)), label_px, ui.TEXT_DIM, "midright", (plot.x - ui.px(size, 6), y))
        n = len(sessions)
        points = [(plot.x + (round(i / (n - 1) * plot.w) if n > 1 else plot.w // 2),
                   plot.bottom - round(s.median_ms / scale * plot.h)) for i, s in enumerate(sessions)]
        if n > 1:
            pygame.draw.lines(surface, colour, False, points, max(2, ui.px(size, 3)))
        dot = max(3, ui.px(size, 6))
        for (x, y), s in zip(points, sessions):
            if s.kind == "practice":
                pygame.draw.circle(surface, colors.FELT_DARK, (x, y), dot)
                pygame.draw.circle(surface, colour, (x, y), dot, max(2, dot // 3))
            else:
                pygame.draw.circle(surface, colour, (x, y), dot)
        practice = any(s.kind == "practice" for s in sessions)
        axis = tn("{n} session, oldest to newest → (○ practice)", "{n} sessions, oldest to newest → (○ practice)", n) if practice else \
            tn("{n} game, oldest to newest →", "{n} games, oldest to newest →", n)
        axis_px = fit_px(axis, plot.w, word_floor())
        ui.blit_text(surface, axis, axis_px, ui.TEXT_DIM, "topright", (plot.right, plot.bottom + ui.px(size, 4)),
                     max_w=plot.w)

    def _draw_histogram(self, surface: pygame.Surface, colour: colors.Color) -> None:
        size, rect = surface.get_size(), self.hist_rect
        times = self.figures.reactions
        note = t("median {ms} ms of {n}", ms=round(statistics.median(times)), n=len(times)) if times else ""
        top = self._panel(surface, rect, t("Reaction times (ms)"), note)
        if not times:
            self._empty(surface, rect, top, t("Each slap's reaction time will show here."))
            return
        pad = ui.px(size, 12)
        bins = queries.histogram(times, BIN_MS, TOP_MS)
        plot = pygame.Rect(rect.x + pad + ui.px(size, 8), top + ui.px(size, 8), 0, 0)
        plot.w = rect.right - pad - ui.px(size, 8) - plot.x
        plot.h = rect.bottom - pad - self.row - plot.y
        most = max(bins) or 1
        bar_w = plot.w / len(bins)
        for i, count in enumerate(bins):
            if count:
                hgt = max(2, round(count / most * plot.h))
                bar = pygame.Rect(round(plot.x + i * bar_w) + 1, plot.bottom - hgt, max(1, round(bar_w) - 2), hgt)
                pygame.draw.rect(surface, colour, bar, border_top_left_radius=3, border_top_right_radius=3)
        pygame.draw.line(surface, GRID, (plot.x, plot.bottom), (plot.right, plot.bottom), 2)
        median_x = plot.x + min(plot.w, round(statistics.median(times) / BIN_MS * bar_w))
        for y in range(plot.y, plot.bottom, ui.px(size, 10)):  # the median, dashed across the bars
            pygame.draw.line(surface, ui.TEXT, (median_x, y), (median_x, min(plot.bottom, y + ui.px(size, 5))),
                             max(2, ui.px(size, 3)))
        for ms in range(0, TOP_MS + 1, 500):
            x = round(plot.x + ms / BIN_MS * bar_w)
            label = f"{ms}+" if ms == TOP_MS else str(ms)
            anchor = "topleft" if ms == 0 else "midtop"
            ui.blit_text(surface, label, word_floor(), ui.TEXT_DIM, anchor, (x, plot.bottom + ui.px(size, 4)))

    def _draw_rules(self, surface: pygame.Surface, colour: colors.Color) -> None:
        size, rect = surface.get_size(), self.rules_rect
        stats = self.figures
        note = t("wrong: {w} of {n}", w=stats.wrong, n=stats.slaps) if stats.slaps else ""
        top = self._panel(surface, rect, t("Slaps by rule: in time"), note)
        if not stats.rules:
            self._empty(surface, rect, top, t("No slaps on a pattern yet."))
            return
        pad = ui.px(size, 12)
        row = self.row
        font = ui.px(size, TEXT_PX)
        rows = max(1, (rect.bottom - pad // 2 - top) // row)
        shown = stats.rules[:rows]
        label_w = max(ui.TEXTS.font(font).size(queries.rule_label(r.rule))[0] for r in shown) + ui.px(size, 12)
        count_w = max(ui.TEXTS.font(font).size(self._of(r))[0] for r in shown) + ui.px(size, 10)
        for i, r in enumerate(shown):
            y = top + i * row + row // 2
            ui.blit_text(surface, queries.rule_label(r.rule), font, ui.TEXT, "midleft", (rect.x + pad, y),
                         max_w=label_w)
            bar = pygame.Rect(rect.x + pad + label_w, y - row // 4, rect.w - 2 * pad - label_w - count_w, row // 2)
            if bar.w > 4:
                pygame.draw.rect(surface, colors.FELT_DARK, bar, border_radius=bar.h // 2)
                filled = bar.copy()
                filled.w = round(bar.w * r.share)
                if filled.w:
                    pygame.draw.rect(surface, colour, filled, border_radius=bar.h // 2)
            ui.blit_text(surface, self._of(r), font, ui.TEXT, "midright", (rect.right - pad, y))

    @staticmethod
    def _of(r: queries.RuleAccuracy) -> str:
        return t("{right} of {n}", right=r.right, n=r.chances)

    def _draw_games(self, surface: pygame.Surface) -> None:
        size, rect = surface.get_size(), self.games_rect
        top = self._panel(surface, rect, t("Games and wins"))
        if not self.figures.games:
            self._empty(surface, rect, top, t("No games yet."))
            return
        pad = ui.px(size, 12)
        row = self.row
        lines = self._games_lines()
        font = ui.px(size, TEXT_PX)  # a title and its figures on one line: shrunk to the lists' size for it
        while font > word_floor() and any(
                (ui.TEXTS.font(font, True).size(title)[0] + ui.px(size, 14) if title else ui.px(size, 20))
                + ui.TEXTS.font(font).size(figures)[0] > rect.w - 2 * pad for title, figures, _ in lines):
            font -= 1
        rows = max(1, (rect.bottom - pad // 2 - top) // row)
        for i, (title, figures, main) in enumerate(lines[:rows]):
            y = top + i * row + row // 2
            if title:
                title_w = min(ui.TEXTS.font(font, True).size(title)[0], (rect.w - 2 * pad) * 3 // 5)
                ui.blit_text(surface, title, font, ui.TEXT, "midleft", (rect.x + pad, y), bold=True, max_w=title_w)
                room = rect.w - 2 * pad - title_w - ui.px(size, 14)
            else:
                room = rect.w - 2 * pad - ui.px(size, 20)
            ui.blit_text(surface, figures, font, ui.TEXT if main else ui.TEXT_DIM, "midright", (rect.right - pad, y),
                         max_w=room)

    def _games_lines(self) -> list[tuple[str, str, bool]]:
        """The games panel's lines: (a game's title, its games and wins, True), then its average and best
        score where it has points ("", the figures, False)."""
        lines: list[tuple[str, str, bool]] = []
        for g in self.figures.games:
            lines.append((self._title(g.game), t("{games} · {wins}", games=tn("{n} game", "{n} games", g.games), wins=tn("{n} win", "{n} wins", g.wins)), True))
            if g.average is not None:
                best = t("average {avg} · best {best} ({day})", avg=decimal(g.average, "+.1f").replace("-", "−"),
                         best=f"{g.best:+d}".replace("-", "−"), day=day(g.best_started))
                lines.append(("", best, False))
        return lines

    def _title(self, game: str) -> str:
        try:
            return self.app.games.get(game).title()
        except (KeyError, ValueError):
            return game

    def _draw_rivals(self, surface: pygame.Surface) -> None:
        size, rect = surface.get_size(), self.rivals_rect
        top = self._panel(surface, rect, t("Head to head"))
        rivals = self.figures.rivals
        if not rivals:
            self._empty(surface, rect, top, t("No games with other players yet."))
            return
        pad = ui.px(size, 12)
        row = self.row
        font = ui.px(size, TEXT_PX)
        rows = max(1, (rect.bottom - pad // 2 - top) // row)
        me = self.profile.name if self.profile is not None else ""
        for i, h in enumerate(rivals[:rows]):
            y = top + i * row + row // 2
            face = pygame.Rect(0, 0, row - 4, row - 4)
            face.midleft = (rect.x + pad, y)
            rival = self.app.history.profile(h.profile_id)
            draw_avatar(surface, face, rival.avatar if rival else 0, colors.SEAT_COLORS[h.colour % len(colors.SEAT_COLORS)])
            score = tn("{me} {mine} – {theirs} {them} · {n} game", "{me} {mine} – {theirs} {them} · {n} games", h.games,
                       me=me, mine=h.wins, theirs=h.their_wins, them=h.name)
            ui.blit_text(surface, score, font, ui.TEXT, "midleft", (face.right + ui.px(size, 10), y),
                         max_w=rect.right - pad - face.right - ui.px(size, 10))
