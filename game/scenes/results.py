"""The end of a game: who won and why, in figures; then play again at once (same seats and rules, the first
turn one seat on), change seats or rules in the lobby, or go to the menu."""

from __future__ import annotations

from typing import Any

import pygame

from game.engines import nothanks as nt
from game.i18n import t
from game.render.card_art import CardArt
from game.render.tokens import STICK, Tokens
from game.scenes import ui
from game.scenes.base import Scene
from game.scenes.config import TableConfig, seat_name, start_table
from game.scenes.lobby import LobbyScene
from game.scenes.title import TitleScene

DEMO_PAUSE_NS = 6_000_000_000  # a demo shows its results this long, then deals the next game


def winners_line(names: list[str], winners: list[int]) -> str:
    if not winners:
        return t("A draw")
    if len(winners) == 1:
        return t("{name} wins!", name=names[winners[0]])
    return t("{names} share the win!", names=" & ".join(names[w] for w in winners))


class ResultsScene(Scene):
    """Built from the finished match: reads `match.state`, `match.history` and `match.stats`."""

    def __init__(self, config: TableConfig, match: Any) -> None:
        self.config = config
        self.match = match
        self.body = NothanksResults(config, match) if config.game == "nothanks" else RatscrewResults(config, match)
        self.shown_ns: int | None = None

    def enter(self) -> None:
        self.body.art = CardArt(self.app.settings["four_colour_suits"])
        self.menu = ui.Menu([ui.Item(t("Play again"), self.play_again, button=True),
                             ui.Item(t("Change seats or rules…"), self.change_table, button=True),
                             ui.Item(t("Menu"), self.to_menu, button=True)], columns=3)

    def play_again(self) -> None:
        """The next game at once: same seats and rules, the first turn one seat on, a fresh deal."""
        start_table(self.app, self.config.next_round().with_seed(self.app.next_seed()))

    def change_table(self) -> None:
        """The lobby with this table's seats and rules (and the first turn one seat on), Start focused."""
        self.app.demo = None  # someone is choosing a table: a demo stops dealing games by itself
        self.app.replace(LobbyScene(self.config.game, self.config.next_round()))

    def to_menu(self) -> None:
        self.app.reset(TitleScene())

    def handle(self, cmd: Any) -> None:
        if ui.is_back(cmd):
            self.to_menu()
        else:
            self.menu.handle(cmd)

    def update(self, now_ns: int, dt_ns: int) -> None:
        if self.shown_ns is None:
            self.shown_ns = now_ns
        if self.app.demo is not None and now_ns - self.shown_ns >= DEMO_PAUSE_NS:
            start_table(self.app, self.app.demo.next(self.config, self.app.next_seed()))

    def relayout(self, size: tuple[int, int]) -> None:
        w = size[0]
        bh = ui.px(size, 52)
        area = self._layout_buttons(size, bh)
        self.body.layout(size, pygame.Rect(ui.px(size, 30), ui.px(size, 96), w - ui.px(size, 60),
                                           area.y - ui.px(size, 110)))

    def _layout_buttons(self, size: tuple[int, int], bh: int) -> pygame.Rect:
        """One row of buttons, each as wide as its label needs (at least a common width), centred above the
        hint; squeezed together when the window is narrow. Returns the row's rect."""
        w, h = size
        font_px = max(10, round(bh * 0.48))  # the size ui.Menu draws button labels at
        gap = ui.px(size, 18)
        widths = [max(ui.px(size, 210), ui.TEXTS.font(font_px, True).size(item.label)[0] + bh)
                  for item in self.menu.items]
        room = w - 2 * ui.px(size, 20) - gap * (len(widths) - 1)
        if sum(widths) > room:
            widths = [max(1, wd * room // sum(widths)) for wd in widths]
        row = pygame.Rect(0, 0, sum(widths) + gap * (len(widths) - 1), bh)
        row.midbottom = (w // 2, h - ui.px(size, 40))
        x = row.x
        self.menu.rects = []
        for wd in widths:
            self.menu.rects.append(pygame.Rect(x, row.y, wd, bh))
            x += wd + gap
        return row

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = w, _ = surface.get_size()
        surface.blit(ui.backdrop(size), (0, 0))
        ui.shadow_text(surface, self.body.headline(), ui.px(size, 46), ui.GOLD, "midtop", (w // 2, ui.px(size, 16)))
        ui.blit_text(surface, self.config.rules.summary(), ui.px(size, 17), ui.TEXT_DIM, "midtop",
                     (w // 2, ui.px(size, 70)), max_w=w - ui.px(size, 60))
        self.body.draw(surface)
        self.menu.draw(surface)
        if self.app.demo is not None and self.shown_ns is not None:
            left = max(0, DEMO_PAUSE_NS - (self.app.now_ns() - self.shown_ns)) // 1_000_000_000 + 1
            ui.hint(surface, t("Demo: the next game starts in {s} s", s=min(left, DEMO_PAUSE_NS // 10**9)))
        else:
            ui.hint(surface, t("← → choose   Enter / A select   Esc / B menu"))


class NothanksResults:
    """Each player's runs with the counted card marked, matches and total; the set-aside cards; who took what."""

    def __init__(self, config: TableConfig, match: Any) -> None:
        st = match.state
        self.rules = config.rules
        self.names = [seat_name(s, i) for i, s in enumerate(config.seats)]
        self.scores = st.scores()
        self.winners = st.winners()
        self.matches = list(st.matches)
        self.runs = [nt.runs(cards) for cards in st.cards]
        self.aside = sorted(st.aside)
        self.takes = list(match.history.takes)
        self.tokens = Tokens()
        self.art: CardArt | None = None

    def headline(self) -> str:
        return winners_line(self.names, self.winners)

    def card(self, value: int, width: int) -> pygame.Surface:
        code = nt.card_code(self.rules, value)
        if code is None:
            return self.art.nt_card(value, width, mini=True)
        rank = (value - 1) % self.rules.ranks_per_suit + 1
        return self.art.nt_card(value, width, code[1], str(rank), mini=True)

    def layout(self, size: tuple[int, int], area: pygame.Rect) -> None:
        self.size = size
        gap = ui.px(size, 20)
        side_w = min(ui.px(size, 380), area.w // 3)
        aside_h = ui.px(size, 96)
        self.players_rect = pygame.Rect(area.x, area.y, area.w - side_w - gap, area.h - aside_h - gap // 2)
        self.aside_rect = pygame.Rect(area.x, self.players_rect.bottom + gap // 2, self.players_rect.w, aside_h)
        self.takes_rect = pygame.Rect(self.players_rect.right + gap, area.y, side_w, area.h)

    def draw(self, surface: pygame.Surface) -> None:
        self._draw_players(surface)
        self._draw_aside(surface)
        self._draw_takes(surface)

    def _draw_players(self, surface: pygame.Surface) -> None:
        size, box = self.size, self.players_rect
        ui.panel(surface, box)
        pad = ui.px(size, 14)
        head = ui.px(size, 30)
        n = len(self.names)
        row_h = min(ui.px(size, 62), (box.h - head - pad) // n)
        name_w, num_w = ui.px(size, 170), ui.px(size, 82)
        y0 = box.y + pad
        small = ui.px(size, 16)
        ui.blit_text(surface, t("Cards (the counted card of each run is marked)"), small, ui.TEXT_DIM, "topleft",
                     (box.x + pad + name_w, y0))
        ui.blit_text(surface, t("Matches"), small, ui.TEXT_DIM, "midtop", (box.right - pad - num_w * 3 // 2, y0))
        ui.blit_text(surface, t("Total"), small, ui.TEXT_DIM, "midtop", (box.right - pad - num_w // 2, y0))
        for seat in range(n):
            row = pygame.Rect(box.x + pad, y0 + head + seat * row_h, box.w - 2 * pad, row_h - 4)
            won = seat in self.winners
            if won:
                ui.hud.shade(surface, row, 70, ui.GOLD, radius=row.h // 5)
            dot = pygame.Rect(row.x + 4, 0, ui.px(size, 12), ui.px(size, 12))
            dot.centery = row.centery
            pygame.draw.rect(surface, ui.seat_colour(seat), dot, border_radius=3)
            label = ("★ " if won else "") + self.names[seat]
            ui.blit_text(surface, label, ui.px(size, 21), ui.GOLD if won else ui.TEXT, "midleft",
                         (dot.right + 8, row.centery), bold=won, max_w=name_w - dot.w - 14)
            cards_area = pygame.Rect(row.x + name_w, row.y + 2, row.w - name_w - 2 * num_w - pad, row.h - 4)
            self._draw_runs(surface, self.runs[seat], cards_area)
            mx = row.right - num_w * 3 // 2
            stick = self.tokens.sprite(STICK, max(10, row.h * 2 // 3), 70)
            surface.blit(stick, stick.get_rect(midright=(mx - 2, row.centery)))
            ui.blit_text(surface, str(self.matches[seat]), ui.px(size, 22), ui.TEXT, "midleft", (mx + 4, row.centery))
            ui.blit_text(surface, f"{self.scores[seat]:+d}".replace("-", "−"), ui.px(size, 26),
                         ui.GOLD if won else ui.TEXT, "center", (row.right - num_w // 2, row.centery), bold=True)

    def _draw_runs(self, surface: pygame.Surface, runs: list[Any], area: pygame.Rect) -> None:
        """Runs left to right, lowest run first. Within a run the uncounted higher cards are tucked in behind the
        counted (lowest) card, highest at the back: each shows its index corner, and the counted card lies on top,
        whole, bright and outlined."""
        for img, rect, counted in self.run_cards(runs, area):
            surface.blit(img, rect)
            if counted:
                pygame.draw.rect(surface, ui.GOLD, rect.inflate(4, 4), width=2, border_radius=max(2, rect.w // 12))
            else:
                ui.hud.shade(surface, rect, 120, radius=max(2, rect.w // 14))
        if not runs:
            ui.blit_text(surface, t("no cards"), ui.px(self.size, 17), ui.TEXT_DIM, "midleft",
                         (area.x, area.centery))

    def run_cards(self, runs: list[Any], area: pygame.Rect) -> list[tuple[pygame.Surface, pygame.Rect, bool]]:
        """(card image, rect, is the counted card) in drawing order, back to front."""
        if not runs:
            return []
        cw = max(14, min(round(area.h / 1.397), ui.px(self.size, 42)))
        count = sum(len(r.cards) for r in runs)
        step_in, step_run = cw * 0.45, cw * 1.3
        needed = step_in * (count - len(runs)) + step_run * (len(runs) - 1) + cw
        if needed > area.w:
            k = (area.w - cw) / max(1.0, needed - cw)
            step_in, step_run = step_in * k, step_run * k
        out = []
        x = float(area.x)
        for r in runs:
            order = r.cards[::-1]  # highest first; the counted (lowest) card last, on top
            for i, value in enumerate(order):
                img = self.card(value, cw)
                out.append((img, img.get_rect(midleft=(round(x), area.centery)), value == r.counted))
                x += step_in if i < len(order) - 1 else step_run
        return out

    def _draw_aside(self, surface: pygame.Surface) -> None:
        size, box = self.size, self.aside_rect
        ui.panel(surface, box)
        pad = ui.px(size, 14)
        ui.blit_text(surface, t("Set aside, never seen:"), ui.px(size, 18), ui.TEXT_DIM, "midleft",
                     (box.x + pad, box.y + ui.px(size, 18)))
        if not self.aside:
            ui.blit_text(surface, t("none"), ui.px(size, 18), ui.TEXT, "midleft", (box.x + pad, box.centery + 10))
            return
        cw = min(ui.px(size, 40), round((box.h - ui.px(size, 38)) / 1.397))
        step = min(cw + 4, (box.w - 2 * pad - cw) / max(1, len(self.aside) - 1))
        for i, value in enumerate(self.aside):
            img = self.card(value, cw)
            surface.blit(img, img.get_rect(bottomleft=(round(box.x + pad + i * step), box.bottom - ui.px(size, 8))))

    def _draw_takes(self, surface: pygame.Surface) -> None:
        size, box = self.size, self.takes_rect
        ui.panel(surface, box)
        pad = ui.px(size, 14)
        ui.blit_text(surface, t("Who took what"), ui.px(size, 21), ui.GOLD, "topleft", (box.x + pad, box.y + pad),
                     bold=True)
        top = box.y + pad + ui.px(size, 34)
        line = ui.px(size, 22)
        rows = max(1, (box.bottom - pad - top) // line)
        cols = -(-len(self.takes) // rows)
        col_w = (box.w - 2 * pad) // max(1, cols)
        font = max(10, min(ui.px(size, 17), round(col_w / 9)))
        stick = self.tokens.sprite(STICK, max(10, line), 35)
        label_w = max((ui.TEXTS.font(font, True).size(nt.card_label(self.rules, take.card))[0]
                       for take in self.takes), default=0) + 6
        for i, take in enumerate(self.takes):
            c, r = divmod(i, rows)
            x, y = box.x + pad + c * col_w, top + r * line
            pygame.draw.rect(surface, ui.seat_colour(take.seat), (x, y + line // 3, 6, line // 3), border_radius=2)
            label = nt.card_label(self.rules, take.card)
            ui.blit_text(surface, label, font, ui.TEXT, "topleft", (x + 10, y), bold=True)
            count_w = ui.px(size, 34) if take.matches else 0
            name_x = x + 10 + label_w
            ui.blit_text(surface, self.names[take.seat], font, ui.TEXT_DIM, "topleft", (name_x, y),
                         max_w=x + col_w - name_x - count_w - 4)
            if take.matches:
                right = x + col_w - 6
                num = ui.blit_text(surface, str(take.matches), font, ui.TEXT, "topright", (right, y))
                surface.blit(stick, stick.get_rect(midright=(num.x - 2, num.centery)))


def table_columns(size: tuple[int, int], headers: list[str], values: list[list[str]], value_px: list[int],
                  room: int) -> tuple[int, list[int], list[str]]:
    """Widths for columns of figures under one-line headers, all headers in one font size.

    Each column is as wide as its header or its widest value needs (at least a minimum). When they do not fit
    in `room` the header font shrinks (to 3/4 at most), then the columns are squeezed alike and a header that
    still does not fit is cut with "…". Returns (header font size, column widths, header texts).
    """
    base, gap, least = ui.px(size, 15), ui.px(size, 12), ui.px(size, 46)
    needs = [max([least] + [ui.TEXTS.font(px, False).size(v)[0] + ui.px(size, 8) for v in col])
             for col, px in zip(values, value_px)] if values else [least] * len(headers)

    def widths_at(px: int) -> list[int]:
        font = ui.TEXTS.font(px, False)
        return [max(need, font.size(h)[0] + gap) for h, need in zip(headers, needs)]

    smallest = max(8, int(base * 0.75))
    header_px = base
    while header_px > smallest and sum(widths_at(header_px)) > room:
        header_px = max(smallest, int(header_px * 0.92))
    widths = widths_at(header_px)
    if sum(widths) > room:
        widths = [max(1, w * max(1, room) // sum(widths)) for w in widths]
    font = ui.TEXTS.font(header_px, False)
    shown = []
    for h, w in zip(headers, widths):
        while font.size(h)[0] > w - 4 and len(h) > 1:
            h = h[:-2].rstrip() + "…"
        shown.append(h)
    return header_px, widths, shown


def hand_steps(history: Any) -> list[tuple[int, ...]]:
    """Every seat's cards in hand from the deal on, one entry per change (a card played, a burn, a pile
    won), as the match sampled them."""
    steps: list[tuple[int, ...]] = []
    for sample in history.counts:
        if not steps or sample.counts != steps[-1]:
            steps.append(sample.counts)
    return steps


class RatscrewResults:
    """The winner, each player's card count over the game as a line chart, and slaps won / wrong / late."""

    def __init__(self, config: TableConfig, match: Any) -> None:
        st = match.state
        self.names = [seat_name(s, i) for i, s in enumerate(config.seats)]
        self.winner = st.winner
        self.stats = list(match.stats)
        self.hands = [len(h) for h in st.hands]
        self.reason = st.end_reason
        self.played = st.cards_played
        self.slaps = sum(s.slaps_won + s.wrong for s in self.stats)
        self.steps = hand_steps(match.history)
        self.art: CardArt | None = None

    def headline(self) -> str:
        line = winners_line(self.names, [] if self.winner is None else [self.winner])
        if self.reason == "limit":
            return t("{line} (the card limit was reached)", line=line)
        return line

    def layout(self, size: tuple[int, int], area: pygame.Rect) -> None:
        self.size = size
        gap = ui.px(size, 20)
        table_w = min(ui.px(size, 520), area.w // 2)
        self.chart_rect = box = pygame.Rect(area.x, area.y, area.w - table_w - gap, area.h)
        self.table_rect = pygame.Rect(self.chart_rect.right + gap, area.y, table_w, area.h)
        pad = ui.px(size, 16)
        self.plot = pygame.Rect(box.x + pad + ui.px(size, 34), box.y + pad + ui.px(size, 40), 0, 0)
        self.plot.w = box.right - pad - self.plot.x
        self.plot.h = box.bottom - pad - ui.px(size, 26) - self.plot.y
        self.top = max([52] + [max(c) for c in self.steps if c])
        self.lines = self._lines(self.plot, self.top)

    def draw(self, surface: pygame.Surface) -> None:
        self._draw_chart(surface)
        self._draw_table(surface)

    def _draw_chart(self, surface: pygame.Surface) -> None:
        size, box = self.size, self.chart_rect
        ui.panel(surface, box)
        pad = ui.px(size, 16)
        ui.blit_text(surface, t("Cards in hand over the game"), ui.px(size, 21), ui.GOLD, "topleft",
                     (box.x + pad, box.y + pad), bold=True)
        plot, top = self.plot, self.top
        for frac in (0, 0.25, 0.5, 0.75, 1):
            y = plot.bottom - round(frac * plot.h)
            pygame.draw.line(surface, (40, 80, 56), (plot.x, y), (plot.right, y))
            ui.blit_text(surface, str(round(frac * top)), ui.px(size, 14), ui.TEXT_DIM, "midright", (plot.x - 6, y))
        axis = (t("{n} cards played and {s} slaps →", n=self.played, s=self.slaps) if self.slaps
                else t("{n} cards played →", n=self.played))
        ui.blit_text(surface, axis, ui.px(size, 14), ui.TEXT_DIM, "topright", (plot.right, plot.bottom + 4),
                     max_w=plot.w)
        for seat, points in enumerate(self.lines):
            if len(points) > 1:
                pygame.draw.lines(surface, ui.seat_colour(seat), False, points, 3 if seat == self.winner else 2)

    def _lines(self, plot: pygame.Rect, top: int) -> list[list[tuple[int, int]]]:
        """Each seat's polyline over the steps, evenly spaced, at most one point per pixel column (long games
        have thousands of steps); a game of a single step is drawn flat across the plot."""
        lines: list[list[tuple[int, int]]] = [[] for _ in self.names]
        steps = self.steps if len(self.steps) > 1 else self.steps * 2
        last = len(steps) - 1
        last_x = None
        for i, counts in enumerate(steps):
            x = plot.x + round(i / max(1, last) * plot.w)
            if x == last_x and i != last:
                continue
            last_x = x
            for seat, c in enumerate(counts):
                lines[seat].append((x, plot.bottom - round(c / top * plot.h)))
        return lines

    def _draw_table(self, surface: pygame.Surface) -> None:
        size, box = self.size, self.table_rect
        ui.panel(surface, box)
        pad = ui.px(size, 16)
        headers = [t("Slaps won"), t("Wrong"), t("Late"), t("Reaction"), t("Cards")]
        values = [[str(v) for v in (s.slaps_won, s.wrong, s.late, self.reaction(seat), self.hands[seat])]
                  for seat, s in enumerate(self.stats)]
        value_px = [ui.px(size, 22 if i != 3 else 17) for i in range(len(headers))]
        header_px, widths, shown = table_columns(size, headers, [list(col) for col in zip(*values)], value_px,
                                                 box.w - 2 * pad - ui.px(size, 150))
        name_w = box.w - 2 * pad - sum(widths)
        centres = [box.x + pad + name_w + sum(widths[:i]) + widths[i] // 2 for i in range(len(widths))]
        y = box.y + pad
        for h, x in zip(shown, centres):
            ui.blit_text(surface, h, header_px, ui.TEXT_DIM, "midtop", (x, y))
        row_h = min(ui.px(size, 50), (box.h - 2 * pad - ui.px(size, 30)) // max(1, len(self.names)))
        for seat, name in enumerate(self.names):
            row = pygame.Rect(box.x + pad, y + ui.px(size, 30) + seat * row_h, box.w - 2 * pad, row_h - 4)
            won = seat == self.winner
            if won:
                ui.hud.shade(surface, row, 70, ui.GOLD, radius=row.h // 5)
            dot = pygame.Rect(row.x + 4, 0, ui.px(size, 12), ui.px(size, 12))
            dot.centery = row.centery
            pygame.draw.rect(surface, ui.seat_colour(seat), dot, border_radius=3)
            ui.blit_text(surface, ("★ " if won else "") + name, ui.px(size, 20), ui.GOLD if won else ui.TEXT,
                         "midleft", (dot.right + 8, row.centery), bold=won, max_w=name_w - dot.w - 14)
            for i, value in enumerate(values[seat]):
                ui.blit_text(surface, value, value_px[i], ui.TEXT, "center", (centres[i], row.centery),
                             max_w=widths[i] - 2)
        ui.blit_text(surface, t("{n} cards played · slap reaction is the median from the pile becoming slappable",
                                n=self.played), ui.px(size, 15), ui.TEXT_DIM, "midbottom",
                     (box.centerx, box.bottom - pad), max_w=box.w - 2 * pad)

    def reaction(self, seat: int) -> str:
        times = sorted(self.stats[seat].reactions_ms)
        return t("{ms} ms", ms=round(times[len(times) // 2])) if times else "–"
