"""The No Thanks part of the results screen: runs with the counted card marked, matches (chips in the
numbered edition), totals, takes. Every word at the lists' size (ui.figures.WORD_PX, read from a sofa), the
cards as tabs whose index is as tall as those words, who took what a page of at most LIST_ROWS takes at once."""

from __future__ import annotations

import math
import re

import pygame

from game.core.contract import TableConfig, seat_name
from game.games.base import rules_as
from game.games.nothanks import engine as nt
from game.games.nothanks.geometry import run_step, token_kind
from game.games.nothanks.match import NothanksMatch, TakeRecord
from game.games.nothanks.text import card_name, chips, score_rule, score_sum, tie_break_note
from game.games.nothanks.view_model import card_key
from game.i18n import t
from game.render import card_art, hud
from game.render.card_art import CardArt
from game.render.tokens import Tokens
from game.ui import widgets as ui
from game.ui.figures import (
    LIST_ROWS,
    WORD_PX,
    draw_mark,
    fit_row,
    mark_side,
    whole_name,
    winners_line,
    word_floor,
)

TAKE_LINE = 50  # a take's row at most, at 1280×720 (its matchstick as long)
EXPLAIN_LINES = 12  # a paragraph of how the totals are made wraps onto as many lines as it takes (up to this)
WIDEN_STEP = 16  # the right-hand column widens for how the totals are made by this much at a time (1280×720)
PARAGRAPH_GAP = 6  # between the paragraphs of how the totals are made, at 1280×720
TAKES_LEAST = 3  # who took what keeps at least this many takes a page when how the totals are made goes over it,
TAKES_FEWEST = 2  # or this many where the whole of it (a tie-break too) needs the room
TAB = 0.74  # a card in a row shows this much of its height (of its width): its index and suit, the rest tucked


def bound_sum(text: str) -> str:
    """A worked-out total with each sign held to the figure after it, and the matches' count to its word (no-break
    spaces): wrapped in a narrow panel it breaks before a sign ("Bot 3: −10" / "+ 1 match = −9"), never after
    one ("−10 +" / "1 match") nor inside "+ 1 match"."""
    held = re.sub(r" ([+−=]) ", " \\1\u00a0", text)
    return re.sub(r"\+\u00a0(\d+) ", "+\u00a0\\1\u00a0", held)


def thumb_width(size: tuple[int, int]) -> int:
    """A results card's width in a window of `size`: its index (VALUE_INDEX of the width) as tall as the ink of
    the lists' words (WORD_PX), so a family reads it from the sofa."""
    return math.ceil(card_art.INK_SHARE * ui.px(size, WORD_PX) / card_art.VALUE_INDEX)


class NothanksResults:
    """Each player's runs with the counted card marked, matches and total; the set-aside cards; who took what."""

    def __init__(self, config: TableConfig, match: NothanksMatch) -> None:
        st = match.state
        self.rules = rules_as(config.rules, nt.Rules, "nothanks")
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
        self.take_page = 0  # the page of who took what shown (↑ ↓)
        self.names_fit = True  # (laid out) every name at its size in the players' table
        self.explain: list[str] = []  # (laid out) the lines of how the totals are made
        self.explain_breaks: set[int] = set()  # the lines that begin a paragraph of them
        self.explain_rect: pygame.Rect | None = None  # their own panel over who took what, or None: under the rows
        self.take_rows = LIST_ROWS

    def headline(self) -> str:
        return winners_line(self.names, self.winners)

    def explanation(self) -> list[str]:
        """How the totals are made and why the winner won, each its own paragraph: the scoring rule, the
        winner's total worked out from the cards that count, and the tie-break where it decided (equal totals,
        fewer winners)."""
        parts = [score_rule(self.rules)]
        if len(self.winners) == 1:
            w = self.winners[0]
            parts.append(bound_sum(score_sum(self.rules, self.names[w], [r.counted for r in self.runs[w]],
                                             self.matches[w], self.total(w))))
        best = max(self.scores, default=0)
        if sum(score == best for score in self.scores) > len(self.winners):
            parts.append(tie_break_note(self.rules))
        return parts

    def card(self, value: int, width: int) -> pygame.Surface:
        assert self.art is not None, "the results screen gives the card art before it lays out"
        return self.art.surface(card_key(self.rules, value, mini=True), width)

    def scroll(self, step: int) -> None:
        """The next or the previous page of who took what, round from the last to the first."""
        self.take_page = (self.take_page + step) % self.take_pages()

    def take_pages(self) -> int:
        return max(1, -(-len(self.takes) // self.take_rows))

    def shown_takes(self) -> list[tuple[int, TakeRecord]]:
        """(row, take) of the page shown."""
        first = self.take_page * self.take_rows
        return list(enumerate(self.takes[first:first + self.take_rows]))

    def layout(self, size: tuple[int, int], area: pygame.Rect) -> None:
        """The players' table over the set-aside cards on the left, who took what on the right: the takes'
        panel as wide as its takes need with their takers' names (else without, the seat's mark says who), up
        to 2/5 of the area; each part fits its words at the lists' size or bigger (see _layout_players,
        _layout_aside, _layout_takes). How the totals are made goes under the rows where they keep their
        height, else in its own panel over who took what, the right-hand column widened for it (no more than it
        takes, up to 2/5 of the area) while the names keep their size (_place_explanation); TAKES_LEAST takes a
        page before TAKES_FEWEST, the rule and the winner's sum before the sum alone."""
        self.size = size
        self.thumb_w = thumb_width(size)
        # how much of a card's face its index (rank and suit) takes, the tallest of the table's: a line of runs
        # lower than that draws its cards as chips (_line_chips), every line of the table alike
        self.index_h = max([round(self.thumb_w * TAB)] + [self.index_box(v, self.thumb_w).bottom
                                                          for v in [*self.aside, *(v for r in self.runs for run in r
                                                                                   for v in run.cards)]])
        most = area.w * 2 // 5
        wanted = [w for w in (self._takes_wanted(size, names) for names in (True, False)) if w <= most]
        side_w = max(ui.px(size, 300), min(most, wanted[0] if wanted else most))
        self.head_px = word_floor()  # the headers at the lists' size whatever the text size: it grows the rows
        parts = self.explanation()
        widths = [*range(side_w, most, ui.px(size, WIDEN_STEP)), max(side_w, most)]  # no wider than it takes
        tries = [(shown, width, takes) for shown in (parts, parts[1:]) if shown for takes in (TAKES_LEAST, TAKES_FEWEST)
                 for width in dict.fromkeys(widths)]
        for shown, width, takes in [*tries, ([], side_w, TAKES_LEAST)]:  # short of room, the sum without the rule
            self._columns(size, area, width)
            if not self._place_explanation(size, shown, takes):
                continue
            self._layout_players(size, self.players_rect)
            if width == side_w or self.names_fit:  # widened only while every name keeps its size
                break
        self._layout_takes(size, self.takes_rect)

    def _columns(self, size: tuple[int, int], area: pygame.Rect, side_w: int) -> None:
        """The panels' rects with the right-hand column `side_w` wide."""
        gap = ui.px(size, 20)
        left_w = area.w - side_w - gap
        aside_h = self._layout_aside(size, left_w)
        self.players_rect = pygame.Rect(area.x, area.y, left_w, area.h - aside_h - gap // 2)
        self.aside_rect = pygame.Rect(area.x, self.players_rect.bottom + gap // 2, left_w, aside_h)
        self.takes_rect = pygame.Rect(self.players_rect.right + gap, area.y, side_w, area.h)

    def _place_explanation(self, size: tuple[int, int], shown: list[str], takes: int) -> bool:
        """Put the paragraphs `shown` of how the totals are made (self.explain, its lines) under the rows while
        they keep at least least_row; else in its own panel (self.explain_rect) at the top of the right-hand
        column, over who took what, while that keeps `takes` takes a page (it then begins under it). Every
        line at the lists' size (head_px). False, and nothing shown, where neither has the room."""
        pad = ui.px(size, 14)
        players, side = self.players_rect, self.takes_rect
        room = players.h - 2 * pad - 2 * ui.TEXTS.line_height(self.head_px) - ui.px(size, 8)
        self.explain_rect = None
        self.explain = self._wrapped(shown, players.w - 2 * pad)
        if not shown or (room - self.explain_height() - ui.px(size, 8)) // max(1, len(self.names)) >= self.least_row():
            return True
        self.explain = self._wrapped(shown, side.w - 2 * pad)
        height = self.explain_height() + 2 * pad
        gap = ui.px(size, 20) // 2
        if side.h - height - gap < self._takes_least(size, side.w, takes):
            self.explain = []
            return False
        self.explain_rect = pygame.Rect(side.x, side.y, side.w, height)
        self.takes_rect = pygame.Rect(side.x, self.explain_rect.bottom + gap, side.w, side.bottom - height - gap - side.y)
        return True

    def explain_height(self) -> int:
        """How high the lines of how the totals are made are, with a little room between their paragraphs."""
        return (len(self.explain) * ui.TEXTS.line_height(self.explain_px)
                + len(self.explain_breaks) * ui.px(self.size, PARAGRAPH_GAP))

    def least_row(self) -> int:
        """The lowest a player's row goes: a line of the lists' words, its cards' index and suit (TAB)."""
        return max(ui.TEXTS.line_height(word_floor(), True) + 4, self.index_h + 8)

    def _wrapped(self, parts: list[str], width: int) -> list[str]:
        """The explanation's paragraphs as lines of `width` at the lists' size (as many lines as they take),
        each paragraph on a new line; sets explain_px, their size (smaller only for a word wider than `width`)."""
        fitted = [ui.TEXTS.wrap_fit(part, self.head_px, width, lines=EXPLAIN_LINES, least=1.0) for part in parts]
        self.explain_px = min([self.head_px] + [px for px, _ in fitted])
        starts = [sum(len(lines) for _, lines in fitted[:i]) for i in range(len(fitted))]
        self.explain_breaks = set(starts[1:])
        return [line for _, lines in fitted for line in lines]

    def _takes_least(self, size: tuple[int, int], width: int, takes: int) -> int:
        """How high who took what must be for its title, `takes` takes and the page's line under them."""
        pad = ui.px(size, 14)
        px, title = self._takes_title(size, width - 2 * pad, True)
        return (2 * pad + len(title) * ui.TEXTS.line_height(px, True) + ui.px(size, 8)
                + takes * self._least_take(size) + ui.TEXTS.line_height(word_floor()) + ui.px(size, 6))

    def _least_take(self, size: tuple[int, int]) -> int:
        """The lowest a take's row goes: a line of the lists' words."""
        return ui.TEXTS.line_height(min(ui.px(size, WORD_PX), word_floor()), True) + ui.px(size, 4)

    def _layout_aside(self, size: tuple[int, int], width: int) -> int:
        """The set-aside cards' strip: its label on the left (two lines if it must), the cards' tabs right of
        it, each far enough from the next for its whole index (rank and suit), on as many lines as that takes.
        Returns its height."""
        pad = ui.px(size, 14)
        self.aside_label_px, self.aside_label = ui.TEXTS.wrap_fit(t("Set aside, never seen:"), word_floor(),
                                                                  width * 2 // 5, least=1.0)
        label_h = len(self.aside_label) * ui.TEXTS.line_height(self.aside_label_px)
        self.aside_label_w = max(ui.TEXTS.font(self.aside_label_px).size(line)[0] for line in self.aside_label)
        cw = self.thumb_w
        self.aside_tab = self.index_h
        self.aside_gap = ui.px(size, 4)
        room = width - 3 * pad - self.aside_label_w
        needs = [self.index_box(v, cw).right + 2 for v in self.aside]  # each tab: its own index and a hair
        self.aside_lines = 1
        while True:
            per_line = max(1, -(-len(self.aside) // self.aside_lines))  # the lines evenly filled
            chunks = [needs[i:i + per_line] for i in range(0, len(needs), per_line)]
            if self.aside_lines >= max(1, len(self.aside)) or all(sum(c[:-1]) + cw <= room for c in chunks):
                break
            self.aside_lines += 1
        self.aside_per_line = per_line
        # on each line the room over the tabs' own spread evenly, no card further than a card and a gap on
        self.aside_steps: list[float] = []
        for chunk in chunks:
            extra = max(0.0, (room - sum(chunk[:-1]) - cw) / max(1, len(chunk) - 1))
            self.aside_steps += [min(max(need, cw + self.aside_gap), need + extra) for need in chunk]
        cards_h = self.aside_lines * self.aside_tab + (self.aside_lines - 1) * self.aside_gap
        return max(label_h, cards_h) + 2 * ui.px(size, 6) + pad // 2

    def index_box(self, value: int, width: int) -> pygame.Rect:
        """Where the index (rank and suit) of `value`'s small card `width` px wide lies on its face."""
        assert self.art is not None, "the results screen gives the card art before it lays out"
        key = card_key(self.rules, value, mini=True)
        parts = self.art.index_parts(key, width)
        return parts[0].unionall(parts[1:])

    def _layout_players(self, size: tuple[int, int], box: pygame.Rect) -> None:
        """Columns: name, cards, matches, total. The figures and names as big as the rows' height allows,
        never under the lists' floor (fit_row); the two figure columns are as wide as their header or figures
        need, the name column as its longest name (a long one shrinks to fit whole), the cards take the rest.
        The cards' header goes over the names' and the cards' columns, on two lines if it must."""
        pad = ui.px(size, 14)
        inner = box.w - 2 * pad
        n = max(1, len(self.names))
        head_font = ui.TEXTS.font(self.head_px)
        col_gap = ui.px(size, 16)
        self.matches_header = t("Chips") if chips(self.rules) else t("Matches")
        # under the rows, how the totals are made (so a family sees who won and why) where _place_explanation put
        # it there
        room = box.h - 2 * pad - 2 * ui.TEXTS.line_height(self.head_px) - ui.px(size, 8)
        explain_h = self.explain_height() + ui.px(size, 8) if self.explain and self.explain_rect is None else 0
        guess = (room - explain_h) // n
        row_h = min(ui.px(size, 62), guess)
        self.total_px = fit_row(size, 28, row_h - 4, True)
        self.matches_px = fit_row(size, 26, row_h - 4)
        self.name_px = fit_row(size, 26, row_h - 4, True)
        self.stick = self.tokens.sprite(self.token_kind, self._token_unit(max(10, row_h * 2 // 3)), 70)
        self.num_w = max(ui.TEXTS.font(self.matches_px).size(str(m))[0] for m in self.matches)
        # the matches' column as wide as its figures: a longer header ("Tændstikker") reaches left over the
        # cards' column in the header's row (never over the total's), so the rows' cards keep the width
        matches_w = self.stick.get_width() + ui.px(size, 6) + self.num_w + col_gap
        self.matches_head_w = head_font.size(self.matches_header)[0]
        total_w = max([head_font.size(t("Total"))[0]]
                      + [ui.TEXTS.font(self.total_px, True).size(self.total(seat))[0] for seat in range(n)]) + col_gap
        self.mark = mark_side(size, self.name_px, row_h)
        name_font = ui.TEXTS.font(self.name_px, True)
        name_need = max(name_font.size("★ " + name)[0] for name in self.names) + self.mark + 18 + ui.px(size, 8)
        self.name_w = min(name_need, max(ui.px(size, 170), inner * 2 // 5))  # long names: up to 2/5
        self.names_fit = name_need <= self.name_w
        cards_w = inner - self.name_w - matches_w - total_w
        left = box.x + pad
        self.cards_x = left + self.name_w
        self.matches_col = pygame.Rect(self.cards_x + cards_w, 0, matches_w, 0)
        self.total_col = pygame.Rect(self.matches_col.right, 0, total_w, 0)
        self.cards_head_x = left
        self.matches_head_x = min(self.matches_col.centerx - self.matches_head_w // 2,
                                  self.matches_col.right - col_gap // 2 - self.matches_head_w)
        self.cards_head_w = min(self.matches_col.x, self.matches_head_x) - col_gap - left
        self.cards_head_px, self.cards_head = ui.TEXTS.wrap_fit(t("Cards (the counted card of each run is marked)"),
                                                                self.head_px, self.cards_head_w, least=1.0)
        head_h = max(ui.TEXTS.line_height(self.head_px), len(self.cards_head) * ui.TEXTS.line_height(self.cards_head_px))
        self.rows_top = box.y + pad + head_h + ui.px(size, 8)
        room_row = (box.bottom - pad - explain_h - self.rows_top) // n
        self.row_h = min(ui.px(size, 62), room_row)
        # few players leave the panel room below the rows: a row may then hold its runs on up to 3 lines of tabs
        # (each line its cards' index and suit), so a long row's cards close up less (run_cards)
        self.card_gap = ui.px(size, 4)
        tab = self.index_h
        self.card_lines = max([1] + [k for k in (2, 3) if k * (tab + self.card_gap) + 8 <= room_row])
        if self.card_lines > 1:
            self.row_h = max(self.row_h, min(room_row, self.card_lines * (tab + self.card_gap) + 8))
        self.explain_top = self.rows_top + n * self.row_h + ui.px(size, 8)

    def total(self, seat: int) -> str:
        return f"{self.scores[seat]:+d}".replace("-", "−")

    def _layout_takes(self, size: tuple[int, int], box: pygame.Rect) -> None:
        """Who took what, a take a row: the seat's mark, the card, the taker's name (where the panel has the
        room; else the mark alone says who), the matches on it. At most LIST_ROWS takes at once, as many as
        rows of the lists' size fit; more take pages, turned with ↑ ↓, the page told under them."""
        pad = ui.px(size, 14)
        inner = box.w - 2 * pad
        self.takes_title_px, self.takes_title = self._takes_title(size, inner, self.explain_rect is not None)
        self.takes_top = (box.y + pad + len(self.takes_title) * ui.TEXTS.line_height(self.takes_title_px, True)
                          + ui.px(size, 8))
        self.pager_px = word_floor()
        least_line = self._least_take(size)
        room = box.bottom - pad - self.takes_top
        fits = max(1, room // least_line)
        self.take_rows = max(1, min(LIST_ROWS, fits if fits >= len(self.takes) else
                                    (room - ui.TEXTS.line_height(self.pager_px) - ui.px(size, 6)) // least_line))
        paged = len(self.takes) > self.take_rows
        self.pager_y = box.bottom - pad - ui.TEXTS.line_height(self.pager_px) if paged else box.bottom - pad
        self.take_line = min(ui.px(size, TAKE_LINE), (self.pager_y - ui.px(size, 6 if paged else 0) - self.takes_top)
                             // self.take_rows)
        self.take_px = fit_row(size, 28, self.take_line - ui.px(size, 4), True)
        self.take_names = self._take_width(self.take_px, self.take_line, True) <= inner
        self._take_width(self.take_px, self.take_line, self.take_names)  # keeps the chosen measures
        self.take_page = min(self.take_page, self.take_pages() - 1)

    def _takes_title(self, size: tuple[int, int], width: int, under: bool) -> tuple[int, list[str]]:
        """(font size, lines) of who took what's title: grown by the text size, on two lines if it must; under
        how the totals are made, on one line at the growth it has room for (down to its standard size)."""
        return ui.TEXTS.wrap_fit(t("Who took what"), ui.px(size, 26), width, lines=1 if under else 2, bold=True,
                                 least=1.0)

    def _takes_wanted(self, size: tuple[int, int], names: bool) -> int:
        """How wide the takes' panel must be for every take (with its taker's name or without) at the lists'
        size grown by the text size in force."""
        px = ui.px(size, 28)
        return 2 * ui.px(size, 14) + self._take_width(px, max(ui.px(size, TAKE_LINE), ui.TEXTS.line_height(px, True)),
                                                      names)

    def _take_width(self, px: int, line: int, names: bool) -> int:
        """How wide a take's row must be at font size `px` (with the takers' names or without); keeps the
        measures (take_label_w, take_stick, …) for drawing: the last size measured is the one chosen."""
        bold, plain = ui.TEXTS.font(px, True), ui.TEXTS.font(px)
        self.take_label_w = max((bold.size(card_name(self.rules, take.card))[0] for take in self.takes), default=0)
        self.take_name_w = max((plain.size(self.names[take.seat])[0] for take in self.takes), default=0)
        self.take_stick = self.tokens.sprite(self.token_kind, self._token_unit(max(10, line)), 35)
        self.take_count_w = max((plain.size(str(take.matches))[0] for take in self.takes if take.matches),
                                default=0)
        gap = max(4, px // 3)
        mark = self._take_mark(px, line)
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
        ui.blit_text(surface, self.matches_header, self.head_px, ui.TEXT_DIM, "topleft", (self.matches_head_x, y0),
                     max_w=self.matches_head_w)
        ui.blit_text(surface, t("Total"), self.head_px, ui.TEXT_DIM, "midtop", (self.total_col.centerx, y0),
                     max_w=self.total_col.w)
        stick_w = self.stick.get_width()
        num_x = self.matches_col.centerx - (stick_w + ui.px(size, 6) + self.num_w) // 2 + stick_w + ui.px(size, 6)
        for seat in range(len(self.names)):
            row = pygame.Rect(box.x + pad, self.rows_top + seat * self.row_h, box.w - 2 * pad, self.row_h - 4)
            won = seat in self.winners
            if won:
                hud.shade(surface, row, 70, ui.GOLD, radius=row.h // 5)
            right = draw_mark(surface, seat, row.x + 4, row.centery, min(self.mark, row.h - 2))
            label = ("★ " if won else "") + self.names[seat]
            whole_name(surface, label, self.name_w - self.mark - 14, self.name_px, ui.GOLD if won else ui.TEXT, won,
                       (right + 8, row.centery), row.h)
            cards_area = pygame.Rect(self.cards_x, row.y + 2, self.matches_col.x - ui.px(size, 8) - self.cards_x,
                                     row.h - 4)
            self._draw_runs(surface, self.runs[seat], cards_area)
            surface.blit(self.stick, self.stick.get_rect(midright=(num_x - ui.px(size, 4), row.centery)))
            ui.blit_text(surface, str(self.matches[seat]), self.matches_px, ui.TEXT, "midleft", (num_x, row.centery))
            ui.blit_text(surface, self.total(seat), self.total_px, ui.GOLD if won else ui.TEXT, "center",
                         (self.total_col.centerx, row.centery), bold=True)
        self._draw_explanation(surface)

    def _draw_explanation(self, surface: pygame.Surface) -> None:
        """How the totals are made: under the rows, or in its own panel over who took what."""
        pad = ui.px(self.size, 14)
        box, y = self.players_rect, self.explain_top
        if self.explain_rect is not None:
            box, y = self.explain_rect, self.explain_rect.y + pad
            ui.panel(surface, box)
        for i, line in enumerate(self.explain):
            y += ui.px(self.size, PARAGRAPH_GAP) if i in self.explain_breaks else 0
            y = ui.blit_text(surface, line, self.explain_px, ui.TEXT, "topleft", (box.x + pad, y),
                             max_w=box.w - 2 * pad).bottom

    def _draw_runs(self, surface: pygame.Surface, runs: list[nt.Run], area: pygame.Rect) -> None:
        """Runs left to right, lowest run first. Within a run the uncounted higher cards are tucked in behind the
        counted (lowest) card, highest at the back: each shows its index corner, and the counted card lies on top,
        bright and outlined. Each card shows the top of its face the row has room for (its index at least)."""
        for img, rect, counted in self.run_cards(runs, area):
            surface.blit(img, rect, pygame.Rect(0, 0, rect.w, rect.h))
            if counted:
                pygame.draw.rect(surface, ui.GOLD, rect.inflate(4, 4), width=2, border_radius=max(2, rect.w // 12))
            else:
                hud.shade(surface, rect, 120, radius=max(2, rect.w // 14))
        if not runs:
            ui.blit_text(surface, t("no cards"), ui.px(self.size, WORD_PX), ui.TEXT_DIM, "midleft",
                         (area.x, area.centery), max_w=area.w)

    def run_cards(self, runs: list[nt.Run], area: pygame.Rect) -> list[tuple[pygame.Surface, pygame.Rect, bool]]:
        """(card image, the rect of the part shown: the face's top as high as `area`, is the counted card) in
        drawing order, back to front. Short of room, the runs go on more lines where the row has them (_run_lines),
        then on each line they close up (down to a step, as in a run), then everything is squeezed evenly."""
        if not runs:
            return []
        lines = self._run_lines(runs, area.w)
        if len(lines) == 1:
            return self._line_cards(runs, area)
        line_h = (area.h - self.card_gap * (len(lines) - 1)) // len(lines)
        top = area.centery - (line_h * len(lines) + self.card_gap * (len(lines) - 1)) // 2
        return [card for i, line in enumerate(lines)
                for card in self._line_cards(line, pygame.Rect(area.x, top + i * (line_h + self.card_gap), area.w,
                                                               line_h))]

    def _run_width(self, runs: list[nt.Run]) -> float:
        """How wide `runs` are on one line unsqueezed: tucked within a run, the runs 1.3 cards apart."""
        count = sum(len(r.cards) for r in runs)
        return self.thumb_w * (run_step(self.rules) * (count - len(runs)) + 1 + 1.3 * (len(runs) - 1))

    def _run_lines(self, runs: list[nt.Run], width: int) -> list[list[nt.Run]]:
        """The runs on one line where they fit unsqueezed, else cut (never within a run) into as few of the row's
        lines (card_lines) as fit them, or all of them: lowest run first, filling each line in turn."""
        for k in range(1, min(self.card_lines, len(runs)) + 1):
            lines: list[list[nt.Run]] = [[]]
            for run in runs:
                if lines[-1] and self._run_width(lines[-1] + [run]) > width and len(lines) < k:
                    lines.append([])
                lines[-1].append(run)
            if k == min(self.card_lines, len(runs)) or all(self._run_width(line) <= width for line in lines):
                return lines
        return [runs]

    def _line_cards(self, runs: list[nt.Run], area: pygame.Rect) -> list[tuple[pygame.Surface, pygame.Rect, bool]]:
        """run_cards for one line of runs: tabs where the line is high enough for their index (rank and suit),
        else chips (_line_chips)."""
        cw = self.thumb_w
        if area.h < self.index_h:
            return self._line_chips(runs, area)
        shown = min(card_art.card_height(cw), area.h)
        cards = [(value, i == len(r.cards) - 1, value == r.counted) for r in runs for i, value in enumerate(r.cards[::-1])]
        out = []
        x = float(area.x)
        for (value, _, counted), step in zip(cards, [*self._tab_steps(cards, area.w), 0.0]):
            out.append((self.card(value, cw), pygame.Rect(round(x), area.centery - shown // 2, cw, shown), counted))
            x += step
        return out

    def _tab_steps(self, cards: list[tuple[int, bool, bool]], width: int) -> list[float]:
        """How far each of a line's tabs (value, ends its run, counted) but the last lies from the next, for
        `width`: in a run a step as at the table (run_step), the runs 1.3 cards apart; short of room the runs
        close up to a hair past their counted card (whole), then each tucked card to its own index and a hair,
        then a counted card to its index too; only past that (a row that long) everything is squeezed evenly."""
        cw = self.thumb_w
        gap = max(2, ui.px(self.size, 4))
        needs = [self.index_box(v, cw).right + 2 for v, _, _ in cards[:-1]]
        step_in = cw * run_step(self.rules)
        pref = [cw * 1.3 if ends else max(need, step_in) for need, (_, ends, _) in zip(needs, cards)]
        whole = [float(cw + gap) if ends else step for step, (_, ends, _) in zip(pref, cards)]
        tucked = [float(cw + gap) if ends else need for need, (_, ends, _) in zip(needs, cards)]
        least = [float(need) for need in needs]
        room = width - cw
        prev = pref
        for level in (pref, whole, tucked, least):
            total = sum(level)
            if total <= room:
                if level is pref:
                    return pref
                k = (room - total) / max(1e-9, sum(prev) - total)  # between the last level too wide and this
                return [b + (a - b) * k for a, b in zip(prev, level)]
            prev = level
        k = room / max(1.0, sum(least))
        return [step * k for step in least]

    def chip(self, value: int, width: int) -> pygame.Surface:
        assert self.art is not None, "the results screen gives the card art before it lays out"
        return self.art.chip(card_key(self.rules, value, mini=True), width)

    def _line_chips(self, runs: list[nt.Run], area: pygame.Rect) -> list[tuple[pygame.Surface, pygame.Rect, bool]]:
        """run_cards for a line too low for a card's tab (eight seats, big text, a long language): each card a
        chip, its rank and suit side by side at the tabs' size (smaller only where the line is lower than a chip),
        a run's chips a hair apart in the tabs' order, the runs further apart; short of width the runs close
        up to a hair too, then (the last resort) everything is squeezed evenly."""
        cw = self.thumb_w
        values = [v for r in runs for v in r.cards]
        tall = max(self.chip(v, cw).get_height() for v in values)
        if tall > area.h:  # a row lower than a chip (the smallest windows): the chips as much smaller
            cw = max(12, cw * area.h // tall)
            while cw > 12 and max(self.chip(v, cw).get_height() for v in values) > area.h:
                cw -= 1
        gap_in = max(1, round(cw * 0.04))
        gap_run = max(gap_in, cw // 4)
        inside = gap_in * (len(values) - len(runs))
        while cw > 12 and sum(self.chip(v, cw).get_width() for v in values) + inside + gap_in * (len(runs) - 1) > area.w:
            cw -= 1  # a row of many courts and tens, wider than the row even close up: its chips a little smaller
        widths = sum(self.chip(v, cw).get_width() for v in values)
        if widths + inside + gap_run * (len(runs) - 1) > area.w:
            gap_run = max(gap_in, (area.w - widths - inside) // max(1, len(runs) - 1))
        needed = widths + inside + gap_run * (len(runs) - 1)
        squeeze = min(1.0, area.w / needed) if needed else 1.0
        out = []
        x = float(area.x)
        for r in runs:
            order = r.cards[::-1]  # highest first, the counted (lowest) card last, as the tabs
            for i, value in enumerate(order):
                img = self.chip(value, cw)
                out.append((img, img.get_rect(midleft=(round(x), area.centery)), value == r.counted))
                x += (img.get_width() + (gap_in if i < len(order) - 1 else gap_run)) * squeeze
        return out

    def _draw_aside(self, surface: pygame.Surface) -> None:
        size, box = self.size, self.aside_rect
        ui.panel(surface, box)
        pad = ui.px(size, 14)
        line_h = ui.TEXTS.line_height(self.aside_label_px)
        y = box.centery - len(self.aside_label) * line_h // 2
        for line in self.aside_label:
            y = ui.blit_text(surface, line, self.aside_label_px, ui.TEXT_DIM, "topleft", (box.x + pad, y)).bottom
        left = box.x + pad + self.aside_label_w + pad
        if not self.aside:
            ui.blit_text(surface, t("none"), self.aside_label_px, ui.TEXT, "midleft", (left, box.centery))
            return
        for value, rect in self.aside_cards():
            surface.blit(self.card(value, rect.w), rect, pygame.Rect(0, 0, rect.w, rect.h))

    def aside_cards(self) -> list[tuple[int, pygame.Rect]]:
        """(value, the rect of its tab) of each set-aside card in drawing order, right of the strip's label:
        lowest first, each the next's step apart (its index whole), on aside_lines lines."""
        box, pad = self.aside_rect, ui.px(self.size, 14)
        left = box.x + pad + self.aside_label_w + pad
        cw, tab, gap = self.thumb_w, self.aside_tab, self.aside_gap
        top = box.centery - (self.aside_lines * tab + (self.aside_lines - 1) * gap) // 2
        out = []
        x = float(left)
        for i, value in enumerate(self.aside):
            if i and not i % self.aside_per_line:
                x = float(left)
            out.append((value, pygame.Rect(round(x), top + i // self.aside_per_line * (tab + gap), cw, tab)))
            x += self.aside_steps[i]
        return out

    def _draw_takes(self, surface: pygame.Surface) -> None:
        size, box = self.size, self.takes_rect
        ui.panel(surface, box)
        pad = ui.px(size, 14)
        y = box.y + pad
        for line in self.takes_title:
            y = ui.blit_text(surface, line, self.takes_title_px, ui.GOLD, "topleft", (box.x + pad, y), bold=True,
                             max_w=box.w - 2 * pad).bottom
        px, step = self.take_px, self.take_line
        gap = max(4, px // 3)
        mark_w = self._take_mark(px, step)
        for row, take in self.shown_takes():
            x, cy = box.x + pad, self.takes_top + row * step + step // 2
            x = draw_mark(surface, take.seat, x, cy, mark_w) + gap
            ui.blit_text(surface, card_name(self.rules, take.card), px, ui.TEXT, "midleft", (x, cy), bold=True)
            x += self.take_label_w + gap
            if self.take_names:
                ui.blit_text(surface, self.names[take.seat], px, ui.TEXT_DIM, "midleft", (x, cy))
            if take.matches:
                num = ui.blit_text(surface, str(take.matches), px, ui.TEXT, "midright", (box.right - pad - gap, cy))
                surface.blit(self.take_stick, self.take_stick.get_rect(midright=(num.x - 2, num.centery)))
        if self.take_pages() > 1:
            first = self.take_page * self.take_rows + 1
            last = min(len(self.takes), first + self.take_rows - 1)
            ui.blit_text(surface, t("↑ ↓ {first}–{last} of {count}", first=first, last=last, count=len(self.takes)),
                         self.pager_px, ui.TEXT_DIM, "midtop", (box.centerx, self.pager_y), max_w=box.w - 2 * pad)

    def _take_mark(self, px: int, line: int) -> int:
        """The taker's mark before a take (its shape in its colour: where the row has no room for the name, it
        alone says who took the card)."""
        return max(6, min(line - 4, round(ui.TEXTS.line_height(px, True) * 0.62)))

    def _token_unit(self, stick: int) -> int:
        """A token's size for a place a matchstick `stick` px long fits: a chip is round, so smaller."""
        return max(8, round(stick * 0.6)) if chips(self.rules) else stick
