"""The No Thanks part of the results screen: runs with the counted card marked, matches (chips in the
numbered edition), totals, takes."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.base import TableConfig, seat_name
from game.games.nothanks import engine as nt
from game.games.nothanks.geometry import run_step, token_kind
from game.games.nothanks.text import chips
from game.games.nothanks.view_model import card_key, card_name
from game.i18n import t
from game.render.card_art import CardArt
from game.render.tokens import Tokens
from game.scenes import ui
from game.scenes.results import winners_line


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
        self.token_kind = token_kind(self.rules)  # matchsticks, or chips in the numbered edition
        self.art: CardArt | None = None

    def headline(self) -> str:
        return winners_line(self.names, self.winners)

    def card(self, value: int, width: int) -> pygame.Surface:
        return self.art.surface(card_key(self.rules, value, mini=True), width)

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
        ui.blit_text(surface, t("Chips") if chips(self.rules) else t("Matches"), small, ui.TEXT_DIM, "midtop",
                     (box.right - pad - num_w * 3 // 2, y0))
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
            stick = self.tokens.sprite(self.token_kind, self._token_unit(max(10, row.h * 2 // 3)), 70)
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
        step_in, step_run = cw * run_step(self.rules), cw * 1.3
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
        stick = self.tokens.sprite(self.token_kind, self._token_unit(max(10, line)), 35)
        label_w = max((ui.TEXTS.font(font, True).size(card_name(self.rules, take.card))[0]
                       for take in self.takes), default=0) + 6
        for i, take in enumerate(self.takes):
            c, r = divmod(i, rows)
            x, y = box.x + pad + c * col_w, top + r * line
            pygame.draw.rect(surface, ui.seat_colour(take.seat), (x, y + line // 3, 6, line // 3), border_radius=2)
            label = card_name(self.rules, take.card)
            ui.blit_text(surface, label, font, ui.TEXT, "topleft", (x + 10, y), bold=True)
            count_w = ui.px(size, 34) if take.matches else 0
            name_x = x + 10 + label_w
            ui.blit_text(surface, self.names[take.seat], font, ui.TEXT_DIM, "topleft", (name_x, y),
                         max_w=x + col_w - name_x - count_w - 4)
            if take.matches:
                right = x + col_w - 6
                num = ui.blit_text(surface, str(take.matches), font, ui.TEXT, "topright", (right, y))
                surface.blit(stick, stick.get_rect(midright=(num.x - 2, num.centery)))

    def _token_unit(self, stick: int) -> int:
        """A token's size for a place a matchstick `stick` px long fits: a chip is round, so smaller."""
        return max(8, round(stick * 0.6)) if chips(self.rules) else stick
