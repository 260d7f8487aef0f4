"""The No Thanks part of the results screen: runs with the counted card marked, matches (chips in the
numbered edition), totals, takes."""

from __future__ import annotations

import pygame

from game.core.contract import TableConfig, seat_name
from game.games.nothanks import engine as nt
from game.games.nothanks.geometry import run_step, token_kind
from game.games.nothanks.match import NothanksMatch
from game.games.nothanks.text import chips
from game.games.nothanks.view_model import card_key, card_name
from game.i18n import t
from game.render.card_art import CardArt
from game.render.tokens import Tokens
from game.ui import widgets as ui
from game.ui.figures import whole_name, winners_line


class NothanksResults:
    """Each player's runs with the counted card marked, matches and total; the set-aside cards; who took what."""

    def __init__(self, config: TableConfig, match: NothanksMatch) -> None:
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
        """The players' table over the set-aside cards on the left, who took what on the right; each part
        fits its words at the text size in force (see _layout_players, _layout_aside, _layout_takes)."""
        self.size = size
        gap = ui.px(size, 20)
        side_w = min(ui.px(size, 380), area.w // 3)
        most = max(side_w, area.w * 2 // 5)  # grown text: the takes' panel widens up to this
        wanted = [w for w in (self._takes_wanted(size, area.h, names) for names in (True, False)) if w <= most]
        side_w = max(side_w, wanted[0] if wanted else most)
        self.aside_label_px = ui.px(size, ui.FLOOR_PX)
        label_h = ui.TEXTS.line_height(self.aside_label_px)
        aside_h = max(ui.px(size, 96), ui.px(size, 74) + label_h)  # the label above the cards
        self.aside_inline = area.h - aside_h - gap // 2 < self._players_wanted(size)
        if self.aside_inline:  # the players' rows want the room: the label left of the cards, smaller cards
            aside_h = max(ui.px(size, 56), label_h + ui.px(size, 16))
        self.players_rect = pygame.Rect(area.x, area.y, area.w - side_w - gap, area.h - aside_h - gap // 2)
        self.aside_rect = pygame.Rect(area.x, self.players_rect.bottom + gap // 2, self.players_rect.w, aside_h)
        self.takes_rect = pygame.Rect(self.players_rect.right + gap, area.y, side_w, area.h)
        self._layout_players(size, self.players_rect)
        self._layout_takes(size, self.takes_rect)

    def _players_wanted(self, size: tuple[int, int]) -> int:
        """The players' table's height with its header on two lines and every row's figures at full size."""
        row = ui.TEXTS.line_height(ui.px(size, 26), True) + ui.px(size, 8)
        return 2 * ui.px(size, 14) + 2 * ui.TEXTS.line_height(ui.px(size, ui.FLOOR_PX)) + ui.px(size, 8) + len(self.names) * row

    def _layout_players(self, size: tuple[int, int], box: pygame.Rect) -> None:
        """Columns: name, cards, matches, total. The figures and names keep their size as far as the rows'
        height allows (see fit_height); the two figure columns are as wide as
        their header or figures need, the name column as its longest name (a long one shrinks to fit whole),
        the cards take the rest. The cards' header wraps over its column (two lines), or over the names'
        and the cards' columns when two lines of its size are not enough there."""
        pad = ui.px(size, 14)
        inner = box.w - 2 * pad
        n = max(1, len(self.names))
        self.head_px = ui.px(size, ui.FLOOR_PX)
        guess = (box.h - 2 * pad - 2 * ui.TEXTS.line_height(self.head_px) - ui.px(size, 8)) // n
        row_h = min(ui.px(size, 62), guess)
        self.total_px = ui.TEXTS.fit_height(ui.px(size, 26), row_h - 4, True)
        self.matches_px = ui.TEXTS.fit_height(ui.px(size, 22), row_h - 4)
        self.name_px = ui.TEXTS.fit_height(ui.px(size, 21), row_h - 4, True)
        head_font = ui.TEXTS.font(self.head_px)
        col_gap = ui.px(size, 12)
        self.stick = self.tokens.sprite(self.token_kind, self._token_unit(max(10, row_h * 2 // 3)), 70)
        self.num_w = max(ui.TEXTS.font(self.matches_px).size(str(m))[0] for m in self.matches)
        self.matches_header = t("Chips") if chips(self.rules) else t("Matches")
        matches_w = max(head_font.size(self.matches_header)[0],
                        self.stick.get_width() + ui.px(size, 6) + self.num_w) + col_gap
        total_w = max([head_font.size(t("Total"))[0]]
                      + [ui.TEXTS.font(self.total_px, True).size(self.total(seat))[0] for seat in range(n)]) + col_gap
        dot = ui.px(size, 12)
        name_font = ui.TEXTS.font(self.name_px, True)
        name_need = max(name_font.size("★ " + name)[0] for name in self.names) + dot + 18 + ui.px(size, 8)
        self.name_w = min(name_need, max(ui.px(size, 170), inner // 2))  # long names: up to half
        cards_w = inner - self.name_w - matches_w - total_w
        left = box.x + pad
        self.cards_x = left + self.name_w
        self.matches_col = pygame.Rect(self.cards_x + cards_w, 0, matches_w, 0)
        self.total_col = pygame.Rect(self.matches_col.right, 0, total_w, 0)
        header = t("Cards (the counted card of each run is marked)")
        self.cards_head_x = self.cards_x
        self.cards_head_px, self.cards_head = ui.TEXTS.wrap_fit(header, self.head_px, cards_w - col_gap, least=1.0)
        if len(self.cards_head) > 2 or self.cards_head_px < self.head_px:  # too narrow a column: over the names too
            self.cards_head_x = left
            self.cards_head_px, self.cards_head = ui.TEXTS.wrap_fit(header, self.head_px, self.name_w + cards_w - col_gap)
        self.cards_head_w = self.matches_col.x - col_gap - self.cards_head_x
        head_h = max(ui.TEXTS.line_height(self.head_px), len(self.cards_head) * ui.TEXTS.line_height(self.cards_head_px))
        self.rows_top = box.y + pad + head_h + ui.px(size, 8)
        self.row_h = min(ui.px(size, 62), (box.bottom - pad - self.rows_top) // n)

    def total(self, seat: int) -> str:
        return f"{self.scores[seat]:+d}".replace("-", "−")

    def _layout_takes(self, size: tuple[int, int], box: pygame.Rect) -> None:
        """Who took what in columns, top to bottom then left to right: each take a seat mark, the card, the
        taker's name, and the matches on it. The largest size from the text size in force down to the
        standard one at which every take fits; at a size where the names do not, the seat's mark alone says
        who (as in the evening's tally), before the text shrinks."""
        pad = ui.px(size, 14)
        inner = box.w - 2 * pad
        self.takes_title_px, self.takes_title = ui.TEXTS.wrap_fit(t("Who took what"), ui.px(size, 21), inner, bold=True)
        top = box.y + pad + len(self.takes_title) * ui.TEXTS.line_height(self.takes_title_px, True) + ui.px(size, 8)
        self.takes_top = top
        base = ui.px(size, ui.FLOOR_PX)
        sizes = list(range(base, min(base, ui.TEXTS.least_px(base)) - 1, -1))
        count = max(1, len(self.takes))
        for px in sizes:
            for names in (True, False):
                line = ui.TEXTS.line_height(px, True)
                rows = max(1, (box.bottom - pad - top) // line)
                cols = -(-count // rows)
                col_w = inner // cols
                if self._take_width(px, line, names) <= col_w:
                    break
            else:
                continue
            break
        self.take_px, self.take_line, self.take_rows, self.take_col_w, self.take_names = px, line, rows, col_w, names

    def _takes_wanted(self, size: tuple[int, int], height: int, names: bool) -> int:
        """How wide the takes' panel must be for every take (with its taker's name or without) at the text
        size in force."""
        pad = ui.px(size, 14)
        px = ui.px(size, ui.FLOOR_PX)
        line = ui.TEXTS.line_height(px, True)
        top = pad + ui.TEXTS.line_height(ui.px(size, 21), True) + ui.px(size, 8)
        cols = -(-max(1, len(self.takes)) // max(1, (height - pad - top) // line))
        return 2 * pad + cols * self._take_width(px, line, names)

    def _take_width(self, px: int, line: int, names: bool) -> int:
        """How wide a column of takes must be at font size `px` (with the takers' names or without); keeps
        the measures (take_label_w, take_stick, …) for drawing: the last size measured is the one chosen."""
        bold, plain = ui.TEXTS.font(px, True), ui.TEXTS.font(px)
        self.take_label_w = max((bold.size(card_name(self.rules, take.card))[0] for take in self.takes), default=0)
        self.take_name_w = max((plain.size(self.names[take.seat])[0] for take in self.takes), default=0)
        self.take_stick = self.tokens.sprite(self.token_kind, self._token_unit(max(10, line)), 35)
        self.take_count_w = max((plain.size(str(take.matches))[0] for take in self.takes if take.matches),
                                default=0)
        gap = max(4, px // 3)
        mark = max(6, line // 3)
        counted = self.take_stick.get_width() + 2 + self.take_count_w if self.take_count_w else 0
        return mark + gap + self.take_label_w + (gap + self.take_name_w if names else 0) + gap + counted + gap

    def draw(self, surface: pygame.Surface) -> None:
        self._draw_players(surface)
        self._draw_aside(surface)
        self._draw_takes(surface)

    def _draw_players(self, surface: pygame.Surface) -> None:
        size, box = self.size, self.players_rect
        ui.panel(surface, box)
        pad = ui.px(size, 14)
        y0 = box.y + pad
        y = y0
        for line in self.cards_head:
            y = ui.blit_text(surface, line, self.cards_head_px, ui.TEXT_DIM, "topleft", (self.cards_head_x, y),
                             max_w=self.cards_head_w).bottom
        ui.blit_text(surface, self.matches_header, self.head_px, ui.TEXT_DIM, "midtop",
                     (self.matches_col.centerx, y0), max_w=self.matches_col.w)
        ui.blit_text(surface, t("Total"), self.head_px, ui.TEXT_DIM, "midtop", (self.total_col.centerx, y0),
                     max_w=self.total_col.w)
        stick_w = self.stick.get_width()
        num_x = self.matches_col.centerx - (stick_w + ui.px(size, 6) + self.num_w) // 2 + stick_w + ui.px(size, 6)
        for seat in range(len(self.names)):
            row = pygame.Rect(box.x + pad, self.rows_top + seat * self.row_h, box.w - 2 * pad, self.row_h - 4)
            won = seat in self.winners
            if won:
                ui.hud.shade(surface, row, 70, ui.GOLD, radius=row.h // 5)
            dot = pygame.Rect(row.x + 4, 0, ui.px(size, 12), ui.px(size, 12))
            dot.centery = row.centery
            pygame.draw.rect(surface, ui.seat_colour(seat), dot, border_radius=3)
            label = ("★ " if won else "") + self.names[seat]
            whole_name(surface, label, self.name_w - dot.w - 14, self.name_px, ui.GOLD if won else ui.TEXT, won,
                       (dot.right + 8, row.centery), row.h)
            cards_area = pygame.Rect(self.cards_x, row.y + 2, self.matches_col.x - ui.px(size, 8) - self.cards_x,
                                     row.h - 4)
            self._draw_runs(surface, self.runs[seat], cards_area)
            surface.blit(self.stick, self.stick.get_rect(midright=(num_x - ui.px(size, 4), row.centery)))
            ui.blit_text(surface, str(self.matches[seat]), self.matches_px, ui.TEXT, "midleft", (num_x, row.centery))
            ui.blit_text(surface, self.total(seat), self.total_px, ui.GOLD if won else ui.TEXT, "center",
                         (self.total_col.centerx, row.centery), bold=True)

    def _draw_runs(self, surface: pygame.Surface, runs: list[nt.Run], area: pygame.Rect) -> None:
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
            ui.blit_text(surface, t("no cards"), ui.px(self.size, ui.FLOOR_PX), ui.TEXT_DIM, "midleft",
                         (area.x, area.centery), max_w=area.w)

    def run_cards(self, runs: list[nt.Run], area: pygame.Rect) -> list[tuple[pygame.Surface, pygame.Rect, bool]]:
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
        text = t("Set aside, never seen:")
        if self.aside_inline:
            label = ui.blit_text(surface, text, self.aside_label_px, ui.TEXT_DIM, "midleft",
                                 (box.x + pad, box.centery), max_w=box.w // 2)
            left, top = label.right + pad, box.y + ui.px(size, 6)
        else:
            label = ui.blit_text(surface, text, self.aside_label_px, ui.TEXT_DIM, "topleft",
                                 (box.x + pad, box.y + ui.px(size, 6)), max_w=box.w - 2 * pad)
            left, top = box.x + pad, label.bottom + ui.px(size, 4)
        if not self.aside:
            ui.blit_text(surface, t("none"), self.aside_label_px, ui.TEXT, "topleft", (left, top))
            return
        cw = max(8, min(ui.px(size, 40), round((box.bottom - ui.px(size, 6) - top) / 1.397)))
        step = min(cw + 4, (box.right - pad - left - cw) / max(1, len(self.aside) - 1))
        for i, value in enumerate(self.aside):
            img = self.card(value, cw)
            surface.blit(img, img.get_rect(bottomleft=(round(left + i * step), box.bottom - ui.px(size, 6))))

    def _draw_takes(self, surface: pygame.Surface) -> None:
        size, box = self.size, self.takes_rect
        ui.panel(surface, box)
        pad = ui.px(size, 14)
        y = box.y + pad
        for line in self.takes_title:
            y = ui.blit_text(surface, line, self.takes_title_px, ui.GOLD, "topleft", (box.x + pad, y), bold=True,
                             max_w=box.w - 2 * pad).bottom
        px, line, col_w = self.take_px, self.take_line, self.take_col_w
        gap = max(4, px // 3)
        mark_w = max(6, line // 3)
        for i, take in enumerate(self.takes):
            c, r = divmod(i, self.take_rows)
            x, y = box.x + pad + c * col_w, self.takes_top + r * line
            mark = pygame.Rect(x, y + (line - mark_w) // 2, mark_w, mark_w)
            pygame.draw.rect(surface, ui.seat_colour(take.seat), mark, border_radius=2)
            x += mark_w + gap
            ui.blit_text(surface, card_name(self.rules, take.card), px, ui.TEXT, "topleft", (x, y), bold=True)
            x += self.take_label_w + gap
            if self.take_names:
                ui.blit_text(surface, self.names[take.seat], px, ui.TEXT_DIM, "topleft", (x, y))
            if take.matches:
                right = box.x + pad + (c + 1) * col_w - gap
                num = ui.blit_text(surface, str(take.matches), px, ui.TEXT, "topright", (right, y))
                surface.blit(self.take_stick, self.take_stick.get_rect(midright=(num.x - 2, num.centery)))

    def _token_unit(self, stick: int) -> int:
        """A token's size for a place a matchstick `stick` px long fits: a chip is round, so smaller."""
        return max(8, round(stick * 0.6)) if chips(self.rules) else stick
