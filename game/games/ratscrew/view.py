"""Ratscrew's table view: its view-model (events to effects), its geometry (made once per window size)
and its painting, put together; `draw` draws the table in stages, reading input between them.

Lanes: the headline lane above the pile (a banner, the photo finish, or the pile's count), the pile, the
prompt lane and the claim bar under it (see game.games.ratscrew.geometry), a notes lane per seat (see
game.render.notes) and the corner's small print; every text drawn is in `text_boxes()`."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from typing import Any

import pygame

from game import cards
from game.core.contract import LayoutHints
from game.core.memo import Key, Memo
from game.games.ratscrew import engine as rs
from game.games.ratscrew import paint
from game.games.ratscrew import text as rs_text
from game.games.ratscrew.geometry import CARD_MAX, COLUMNS_CARD_MAX, MODES, RatscrewGeometry
from game.games.ratscrew.layout import LAYOUT, ROWS_LAYOUT
from game.games.ratscrew.panel import build_panel, count_fits, name_bottom, stack_place
from game.games.ratscrew.view_model import SHORT_NOTES, SLAP_BANNER_SCALE, RatscrewModel, Sweep
from game.render import colors, hud
from game.render.card_art import RATIO
from game.render.effects import Anchor, Banner, Flyer
from game.render.layout import COLUMN_PAIRS, TableLayout, table_layout
from game.render.notes import Lane, Pin, Pinned
from game.render.scale import (
    big_min,
    card_boost,
    looks_key,
    px,
    seat_card_boost,
    text_for,
    text_min,
    text_scale,
    unit,
    word_min,
)
from game.render.small_print import (
    NARROWER,
    WIDTH_SHARE,
    Shown,
    SmallPrint,
    felt_span,
    on_rail,
    rules_key_hint,
)
from game.render.table_view import TableView
from game.render.text import TextCache, wrap


class CornerPrint(SmallPrint):
    """The table's small print (its rules in short: the slaps' line and the rules key) where it shows both, at the
    couch's word size or smaller (`sizes`, never under the tables' floor): beside the centre's lanes, else in a free
    corner, else against the window's left or right edge between two seats, off what `clear` gives (the seats as they
    can be drawn, the pile and the centre's lanes as wide as it); each part wrapped or (a wide free strip) on a line
    of its own. Only where neither finds room anywhere does it show less (the rules key first). Where the place found
    takes felt a seat's notes need (`needs`: the felt next to each mat the seats' lanes found without it have, where
    those found off it fall short), it goes where it covers none of that felt and shows as much, if anywhere; else it
    stays, as small as leaves every seat's lane felt of its own (`leaves`) if any of its sizes does, and the pile is
    laid out smaller where the lanes then fall short (see RatscrewView._shrink_for_notes). The table laid out, it grows
    to the biggest size between those its parts find room at off the seats' notes (see `grow`)."""

    def __init__(self, clear: Callable[[], list[pygame.Rect]],
                 avoid: Callable[[], list[pygame.Rect]],
                 spots: Callable[[tuple[int, int]], list[pygame.Rect]],
                 needs: Callable[[pygame.Rect], list[pygame.Rect]],
                 leaves: Callable[[pygame.Rect], bool], whole: bool = True) -> None:
        super().__init__(avoid)
        self._whole = whole  # (not: where it takes felt a seat's notes need, it shows less elsewhere if it must)
        self._grow = False  # (the table laid out: as big as it finds room for, see `grow`)
        self._clear, self._keep = clear, avoid
        self._spots = spots  # mats in rows: places beside the centre's lanes, best first
        self._needs, self._leaves = needs, leaves
        self._needed: list[pygame.Rect] = []  # the seats' lanes it keeps off (see `needs`)
        self._rail = True  # (while it lays itself out) it keeps off the table's rail (see `_place`)
        self._railed = False  # ... and left a place free but for the rail at the size it tries
        # what `avoid` and `clear` give while it lays itself out (the table does not change meanwhile, and it tries
        # a few dozen blocks against them)
        self._now: tuple[list[pygame.Rect], list[pygame.Rect]] | None = None

    def layout(self, L: TableLayout, texts: TextCache, text: str) -> tuple[pygame.Surface, pygame.Rect]:
        key = (L.size, text)
        if self._placed is None or self._placed[0] != key:
            self._needed = []
            self._now = (self._keep(), self._clear())
            found = self._place(L, texts, text)
            window = pygame.Rect((0, 0), L.size)
            if window.colliderect(found[1]):
                self._needed = self._needs(found[1])
                if self._needed:
                    moved = self._place(L, texts, text)
                    self._needed = []
                    if window.colliderect(moved[1]) and (len(moved[2]) >= len(found[2]) or not self._whole):
                        found = moved
                    elif not self._leaves(found[1]):
                        # (eight seats at 150 % in Danish: the slaps' line at 24 px took a corner mat's only felt,
                        # at 20 it leaves the mat a line of its own, as in English)
                        smaller = (self._place(L, texts, text, [size]) for size in self.sizes(L.size) if size < found[3])
                        found = next((f for f in smaller if len(f[2]) >= len(found[2]) and window.colliderect(f[1])
                                      and self._leaves(f[1])), found)
            if self._grow and window.colliderect(found[1]):
                found = self._grown(L, texts, text, found)
            # kept under this key whichever way it was found (the corner's own key differs: without this, a table
            # whose print goes in a corner searched beside the centre again every frame, ~5 ms of a frame at 720p)
            self._placed = (key, *found)
            self._now = None
        return self._placed[1], self._placed[2]

    def draw(self, surface: pygame.Surface, L: TableLayout, texts: TextCache, text: str) -> None:
        """The block; where it crosses the table's rail (six seats at 640x360: no place clear of the seats and the
        pile keeps off it), on the notes' dark plate, so its words read as on the felt, not over the wood's stripes.
        Wholly on the felt or wholly off the table, bare as ever."""
        block, rect = self.layout(L, texts, text)
        if on_rail(L, rect, 0):
            pad = max(3, texts.line_height(self.size()) // 6)  # (as Notes.draw_plate pads a line of words)
            plate = rect.inflate(2 * pad, pad).clamp(pygame.Rect((0, 0), L.size))
            hud.shade(surface, plate, colors.PLATE_ALPHA, colors.PLATE, radius=2 * pad)
        surface.blit(block, rect)

    def grow(self, L: TableLayout, texts: TextCache, text: str) -> None:
        """The table's pile and mats found (with the print at its `sizes`): from now on as big as it finds room for
        (see `_grown`), where it is already laid out too (not laid out afresh: the layout bench's small windows took
        a third longer)."""
        self._grow = True
        placed = self._placed
        if placed is not None and placed[0] == (L.size, text) and pygame.Rect((0, 0), L.size).colliderect(placed[2]):
            self._now = (self._keep(), self._clear())
            self._placed = (placed[0], *self._grown(L, texts, text, placed[1:]))
            self._now = None

    def _grown(self, L: TableLayout, texts: TextCache, text: str, found: Shown) -> Shown:
        """(layout) `found` as big as its parts find room up to the next of `sizes` (which they did not, or only where
        they took felt a seat's notes need, at the table as it was: the prompt lane may have given the print a line
        since, see RatscrewView._prompt_to_print), found by halving the gap: the biggest size whose placement shows
        the same parts in the window and leaves every seat's lanes what the layout asks of them (1280x720 at 150 %,
        six seats: both parts at 24 px under the prompt's bar, 21 px under its three lines, 20 px at the sizes
        alone)."""
        window = pygame.Rect((0, 0), L.size)
        m = max(4, L.size[1] // 90)
        # (off the rail where it was found off it: not bigger over it)
        rails = (True,) if found[1].top == m or found[1].bottom == L.size[1] - m or not on_rail(L, found[1], m) else (
            True, False)
        lo, hi = found[3], min((s for s in self.sizes(L.size) if s > found[3]), default=found[3])
        if hi > lo:  # (the next size first)
            tried = self._place(L, texts, text, [hi], [list(found[2])], rails)
            if window.contains(tried[1]) and not self._needs(tried[1]):
                return tried
        while hi - lo > 1:
            mid = (lo + hi) // 2
            tried = self._place(L, texts, text, [mid], [list(found[2])], rails)
            if window.contains(tried[1]) and not self._needs(tried[1]):
                found, lo = tried, mid
            else:
                hi = mid
        return found

    def _avoided(self) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """(what `avoid` gives, what `clear` gives): as they were when this layout began."""
        return self._now if self._now is not None else (self._keep(), self._clear())

    def _options(self, parts: list[str]) -> list[list[str]]:
        """The parts to find room for: every part, then (nowhere room for them) the rules key alone, then the first
        part alone (the rules key is how a newcomer opens the whole rules, the slaps among them, and the menu)."""
        if len(parts) < 2:
            return [parts]
        return [parts, parts[-1:], parts[:1]]

    @staticmethod
    def sizes(window: tuple[int, int]) -> list[int]:
        """The text sizes (as asked of the fonts) the small print tries, biggest first: the couch's word size at
        the text size in force, then as big as 100 % draws it, then the tables' floor as drawn (TEXT_MIN)."""
        return list(dict.fromkeys((word_min(window), text_for(word_min(window)), text_for(text_min(window)))))

    def _shapes(self, texts: TextCache, kept: list[str], size: int, width: int) -> list[list[str]]:
        """The lines to try `kept` in, at `size`: each part wrapped to WIDTH_SHARE of the window's `width` (then
        narrower, on more lines), then each part on a line of its own (for a wide, low strip of felt)."""
        font = texts.font(size)
        shapes: list[list[str]] = []
        for lines in ([ln for part in kept for ln in wrap(part, font, round(width * share))]
                      for share in (WIDTH_SHARE, *NARROWER)):
            if lines not in shapes:
                shapes.append(lines)
        if kept not in shapes:
            shapes.append(list(kept))
        return shapes

    def _place(self, L: TableLayout, texts: TextCache, text: str, sizes: list[int] | None = None,
               options: list[list[str]] | None = None, rails: tuple[bool, ...] = (True, False)) -> Shown:
        """(layout) As many parts as find room (of `options`, else of `_options`), at the biggest size they do (of
        `sizes`, else of `self.sizes`): beside the centre, else in a corner, else against an edge (nowhere: below the
        window)."""
        parts = [p for p in text.split("\n") if p]
        # (at each size off the rail first, then over it: never smaller for it, as main drew it)
        for kept in options or self._options(parts):
            for size in sizes or self.sizes(L.size):
                self._railed = False
                for self._rail in rails:
                    if not self._rail and not self._railed:
                        break  # (no place was left for the rail: over it finds none either)
                    for lines in self._shapes(texts, kept, size, L.size[0]):
                        block = self._block_size(texts, lines, size)  # (drawn once it has a place)
                        spot = self._beside(L, block) or self._corner(L, block) or self._edge(L, block)
                        if spot is not None:
                            return self._block(texts, lines, size), spot, tuple(kept), size
        return self.nowhere(L, texts, parts, word_min(L.size))

    def _beside(self, L: TableLayout, block: tuple[int, int]) -> pygame.Rect | None:
        """Mats in rows: the first of `spots` free of the seats (lifted), their notes' rows and the centre (and the
        lanes it keeps off)."""
        h = L.size[1]
        m = max(4, h // 90)
        window = pygame.Rect((0, 0), L.size)
        keep_off = [*self._avoided()[0], *self._needed, *(s.rect.inflate(m, m + 2 * max(2, s.rect.h // 22)) for s in L.seats)]
        return next((spot for spot in self._spots(block) if window.contains(spot) and spot.collidelist(keep_off) < 0
                     and self._off_rail(L, spot, m)), None)

    def _off_rail(self, L: TableLayout, spot: pygame.Rect, m: int) -> bool:
        """Whether a free `spot` may take the block while it keeps off the rail (noting where one was left for it)."""
        if not self._rail or not on_rail(L, spot, m):
            return True
        self._railed = True
        return False

    def _corner(self, L: TableLayout, block: tuple[int, int]) -> pygame.Rect | None:
        h = L.size[1]
        m = max(4, h // 90)
        # (a block against the window's top or bottom edge lies in the room beyond the table's end, the rail behind
        # it where its print is biggest; any other keeps off the rail: on the felt or off the table)
        free = [r for r in self.corner_spots(L, block, [*self._avoided()[0], *self._needed])
                if r.top == m or r.bottom == h - m or self._off_rail(L, r, m)]
        return free[0] if free else None

    def _edge(self, L: TableLayout, block: tuple[int, int]) -> pygame.Rect | None:
        """Against the window's left or right edge, the highest place off `clear` (and the lanes it keeps off)."""
        w, h = L.size
        bw, bh = block
        m = max(4, h // 90)
        keep_off = [r.inflate(m, m) for r in [*self._avoided()[1], *self._needed]]
        # (lanes beside the pile: off the rail, as those spots are, else a wide block took the window's edge over the
        # rail before a narrower one the felt under the prompt; elsewhere as before, the felt there too narrow)
        beside = self._rail and bool(self._spots(block))
        # (the first y, in steps of 2 from the top, where the block meets none of them: each blocks the ys whose
        # block would overlap it, over its columns; worked out from those spans, not tried y by y, which took
        # a tenth of a second a layout in the crowded ones, laid out a hundred times in their search)
        found = []
        for x in (m, w - m - bw):  # left, right
            spans = sorted((r.top - bh + 1, r.bottom) for r in keep_off
                           if r.right > x and r.left < x + bw and r.h > 0 and r.w > 0)
            y = m
            for top, bottom in spans:
                if y < top:
                    break
                if y < bottom:
                    y = bottom + (bottom - m) % 2  # (on the steps of 2 from the top)
            if y <= h - m - bh and (not beside or self._off_rail(L, pygame.Rect(x, y, bw, bh), m)):
                found.append(pygame.Rect(x, y, bw, bh))
        return min(found, key=lambda r: r.y, default=None)  # (the left first, at the same height)


# The windows (their unit: 640x360) where mats in columns of four may say a slap's banner on a plate over its winner's
# mat (its lane too low for it on two lines: a big text size), where the rows would leave the pile a third of the
# window; a bigger window's seats sit in rows there (measured, 1280x720 at 125 %: the columns' lanes of one line
# leave a seat's debt or claim no room beside its note, which rows do).
SMALL_WINDOW = 0.5
PANEL_GROW = 0.6  # per unit of text scale over 1: how much wider the panels are made (at 1280×720 and up)
CARD_SHRINK = 0.3  # ... and how much smaller the centre's cards
SHRINK_MOST = 0.65  # mats in rows: the pile at most this much smaller for the seats' notes (see _shrink_for_notes)
SHRINK_HALVINGS = 4  # ... found in 5 % steps, then to within 0.3 % of the size that did not fit
# Mats in rows: what RatscrewView._fit_rows found (the centre cards' scale and the lanes' mode; None: nothing
# fits between the rows) by everything its search reads: the view's class (its layout hints), the window, the
# seats and their places, and the looks in force (the text size as drawn, the window's unit, the cards' sizes:
# what table_layout and RatscrewGeometry's lanes and reach depend on; neither the names, the language, the
# seed nor the notes are read by it).
# An answer is about a kilobyte with its key: 256 KiB keeps the searches of a few hundred windows and looks.
_FITS: Memo[tuple[object, ...], tuple[float, str] | None] = Memo("ratscrew rows fits", 2**18)


class RatscrewView(TableView):
    """View-model, geometry and drawing of one Ratscrew table."""

    text_aspect = 1.6
    model: RatscrewModel
    _tall = LAYOUT.pile_tall  # the centre's height in card heights, as tall as its column needs
    _roomy = 1.0  # how much of PANEL_GROW the window takes
    # Seats as mats in rows (ROWS_LAYOUT) where the window is wide enough and every seat's notes find felt beside
    # its mat (else round the ellipse: see relayout); COUCHCARDS_RATSCREW_MATS=0 turns them off (the ellipse).
    mats_in_rows = os.environ.get("COUCHCARDS_RATSCREW_MATS", "1") != "0"
    notes_in_column = True  # mats in rows: a seat's notes keep to the felt over (or under) its own mat
    short_notes = SHORT_NOTES
    _card: float | None = None  # mats in rows: the centre cards' scale that fits between the rows
    _mode = "stack"  # mats in rows: where the lanes lie (see geometry.MODES)
    _columns = True  # mats in rows: in columns at the sides where the seats are few (else in rows: see relayout)
    _stack_beside = False  # mats in columns: each mat's stack of backs down its left, beside its name (see relayout)
    _whole_print = True  # the small print shows every part wherever it has room (see CornerPrint, relayout)
    _tall_prompt = True  # lanes beside the pile: the prompt lane three lines high at a bigger text size (see relayout)

    @property
    def layout_hints(self) -> LayoutHints:  # type: ignore[override]
        """LAYOUT, at a bigger text size with wider panels (room for a seat's keys on one line beside its
        cards) and smaller centre cards (room for taller panels round a centre whose lanes grew)."""
        grow = max(0.0, text_scale() - 1.0)
        if self._card is not None:  # mats in rows: the pile as big as the felt between them takes (see _fit_rows)
            return dataclasses.replace(ROWS_LAYOUT, card_scale=self._card, stack_beside=self._stack_beside,
                                       columns_upto=ROWS_LAYOUT.columns_upto if self._columns else 0)
        wider = PANEL_GROW * grow * self._roomy  # a small window's felt is needed for the notes' lanes
        return dataclasses.replace(LAYOUT, panel_wide=LAYOUT.panel_wide * (1 + wider),
                                   card_scale=LAYOUT.card_scale * (1 - CARD_SHRINK * grow), pile_tall=self._tall)

    def __init__(
        self,
        rules: rs.Rules,
        names: list[str],
        controls: list[str],
        seed: int,
        *,
        reduced_motion: bool = False,
        **kw: Any,
    ) -> None:
        self.rules = rules  # (before the base lays the table out)
        self.clock = rs.GAME_LENGTHS_S[rules.game_length] is not None  # the rules have a game clock
        super().__init__(
            RatscrewModel(rules, names, seed, reduced_motion=reduced_motion), controls, seed, **kw
        )
        self.pinned: Pinned = {}  # what the frame last drawn said at the seats' mats (see pins)
        self.geo = self.geometry(self.L)
        # seat: (its count, its badge) in its panel, as last built
        self.badges: dict[int, tuple[pygame.Rect, pygame.Rect]] = {}
        # the corner: the slaps in one short line and the rules key (the rest is behind it: issue 20)
        self._corner = self.corner_line()
        self.small_print = self.corner_print()
        self._lanes: tuple[tuple[RatscrewGeometry, tuple[Lane, ...]], tuple[pygame.Rect, pygame.Rect]] | None = None  # (what they came from, lanes)
        self._clear: tuple[RatscrewGeometry, list[pygame.Rect]] | None = None

    def corner_line(self) -> str:
        """The corner's slaps line, in the language in force."""
        return rs_text.table_corner(self.rules).split("\n")[0]

    def relayout(self, size: tuple[int, int]) -> None:
        # laid out again (at the text size in force; in the language in force: a change of language lays every
        # screen out anew, so the corner is worded again here)
        self._corner = self.corner_line()
        self.small_print = self.corner_print()
        self._tall = LAYOUT.pile_tall
        self._tall_prompt = True
        self._roomy = min(1.0, max(0.0, (unit(size) - 0.5) * 2))  # 0 at 640×360, 1 from 1280×720 up
        self._card, self._mode = None, "stack"
        if self.mats_in_rows:
            # mats (see _mats) with the small print whole; else mats with less of it, where it took felt the seats'
            # notes need at every pile size tried (eight seats at 150 % in a small window: their words round the
            # ellipse are under the floors); else round an ellipse
            self._whole_print = True
            if not self._mats(size):
                self._whole_print = False
                if not self._mats(size):
                    self._whole_print = True
                    self._round(size)  # too crowded for mats: as round an ellipse
        else:
            super().relayout(size)
        if not self.L.rows:
            column = self.geometry(self.L).column()
            if column > self.L.pile.h:  # a bigger text size: the lanes above and below the pile grew
                self._tall = (column + 1) / self.L.card_h
                super().relayout(size)
        self.geo = self.geometry(self.L, self._mode)
        # the pile and mats found (with the print at its sizes), the print as big as it then finds room for
        self.small_print.grow(self.L, self.texts, self.corner_text())
        self._prompt_to_print()
        # Draw every face now, not in the middle of a game (a new card would cost a frame its budget).
        for code in cards.full_deck():
            self.art.card(code, self.L.card_w)
        self.art.back(self.L.card_w)
        self.art.back(self.L.seat_card_w)
        # ... and load every text size the lanes may fit words at (a font is loaded the first time a size
        # is asked for: not in the middle of a photo finish).
        for text_px in range(max(6, round(text_min(self.L.size) * 0.7)), px(self.L.size, 40) + 1):
            self.texts.font(text_px, True)
        self.lanes()

    def _prompt_to_print(self) -> None:
        """(relayout) Lanes beside the pile at a bigger text size, where the small print shows less than its whole
        text or is drawn under the couch's word size as 100 % draws it (six seats at 1280x720 and 150 %: 21 px
        under the prompt's bar, or the rules key alone where it keeps off the rail; the felt right of the pile is
        mostly the prompt lane's three lines, which a prompt needs only where its seat's mat cannot say it): the
        prompt lane keeps two lines where the print then shows more at that size at least, or as much bigger (a
        prompt said there on three lines is drawn a size smaller); else it keeps its three. The pile and the mats
        stay as found."""
        corner, text, want = self.small_print, self.corner_text(), text_for(word_min(self.L.size))
        parts = len([p for p in text.split("\n") if p])
        m = max(4, self.L.size[1] // 90)
        railed = on_rail(self.L, corner.layout(self.L, self.texts, text)[1], m)
        if self.geo.mode != "sides" or text_scale() <= 1 or (
                corner.size() >= want and len(corner.shown()) >= parts and not railed):
            return
        self._tall_prompt = False
        self.geo = self.geometry(self.L, self._mode)
        self._lanes = self._clear = None
        self.small_print = self.corner_print()
        self.small_print.grow(self.L, self.texts, text)  # (laid out as big as it finds room for from the start)
        self.small_print.layout(self.L, self.texts, text)
        window = pygame.Rect((0, 0), self.L.size)
        short = self.small_print
        at = short.layout(self.L, self.texts, text)[1]
        more = len(short.shown()) > len(corner.shown()) and short.size() >= want
        same = len(short.shown()) == len(corner.shown())
        if not window.colliderect(at) or not (more or same and (short.size() > corner.size() or railed and (
                short.size() == corner.size() and not on_rail(self.L, at, m)))):
            # no better, or more of it but under that size (eight seats at 640x360: both parts at 10 px, the rules key
            # alone at 12): the prompt keeps its lines
            self._tall_prompt = True
            self.geo = self.geometry(self.L, self._mode)
            self._lanes = self._clear = None
            self.small_print = corner

    def forget_searches(self) -> None:
        _FITS.clear()

    def _mats(self, size: tuple[int, int]) -> bool:
        """Lays the seats out as mats in columns at the sides (the pile tall between them), their stacks of backs under
        their names or (short mats: a small window's columns of four) beside them, else in rows, the first where every
        seat's notes find felt beside its mat; whether any did."""
        for self._columns, self._stack_beside in ((True, False), (True, True), (False, False)):
            self._fit_rows(size)
            if self.L.rows and self._shrink_for_notes(size):
                return True
        return False

    def _round(self, size: tuple[int, int]) -> None:
        """Lays the seats out round the ellipse."""
        self._card, self._mode = None, "stack"
        self._lanes = self._clear = None
        self.small_print = self.corner_print()
        super().relayout(size)

    def _shrink_for_notes(self, size: tuple[int, int]) -> bool:
        """Mats in rows where a seat's notes find no felt beside its mat: the pile a little smaller (the lanes
        beside it shorter, the small print room under them) until every seat's notes find a line of felt at
        the notes' size, down to SHRINK_MOST of the size that fitted the rows. Whether every seat's notes then
        have felt of their own (`_notes_fit`), at the layout made; False where they have none at any of those
        sizes (the caller then lays the seats out round the ellipse)."""
        if not self.L.rows or self._card is None or (self._notes_fit() and self._banners_fit()):
            return True
        first = self._card
        while self._card > first * SHRINK_MOST:
            tried = self._card
            self._card *= 0.95
            if self._fits_at(size, self._card):
                # then back up towards the size that did not fit, halving the step (a 5 % step is ~9 px of pile
                # at 640x360: five seats' pile half the window's height or a little under it)
                fits, short = self._card, tried
                for _ in range(SHRINK_HALVINGS):
                    between = (fits + short) / 2
                    if self._fits_at(size, between):
                        fits = between
                    else:
                        short = between
                if self._card != fits:
                    self._fits_at(size, fits)
                return True
            if not self.L.rows:
                break
        self._card = first
        return False

    def _fits_at(self, size: tuple[int, int], card: float) -> bool:
        """(_shrink_for_notes) Laid out with the centre cards at `card`: whether the seats are still mats and every
        seat's notes lane holds a line of notes at their size (and, in columns of three or four, a winner's banner)."""
        self._card = card
        self.small_print = self.corner_print()
        super().relayout(size)
        return self.L.rows and self._notes_fit() and self._notes_full() and self._banners_fit()

    def _banners_fit(self, lanes: tuple[Lane, ...] | None = None) -> bool:
        """Mats in columns of three or four (five to eight seats): whether every seat's notes lane holds two lines
        of the couch's big words (a slap's banner naming its winner, wrapped, said at the winner's mat: issue 37),
        or (the smallest windows: SMALL_WINDOW) each of its slap banners fits on a plate over its own mat (as `Notes`
        puts one its lane cannot hold); where neither does, the seats sit in rows. (Two a column leave their mats
        more felt than that, but for the lanes beside the pile.) `lanes`: the seats' lanes weighed (as found)."""
        if not self._columns or self.n <= COLUMN_PAIRS:
            return True
        low = text_for(big_min(self.L.size))
        line = self.notes._line(low)
        lanes = self.notes.lanes() if lanes is None else lanes
        # (and the short mats of a column of four keep a full stack of backs, 2/3 of its size at least, under a long
        # name; or, in a small window, beside it: see relayout; its top card as wide as a two-digit count, "26": at
        # 150 % in 640x360, 22 px over a 15 px card under the name, inside the 26 px one beside it)
        small = unit(self.L.size) <= SMALL_WINDOW
        return (all(lanes[s].rect.h >= 2 * line or small and self._banner_on_mat(s, low, lanes[s]) for s in range(self.n))
                and all(sw >= 2 / 3 * self.L.seat_card_w and count_fits(self, sw)
                        for sw in (stack_place(self, s, 6)[0] for s in range(self.n))))

    def _banner_on_mat(self, seat: int, low: int, lane: Lane) -> bool:
        """Whether every slap banner naming `seat` (one for each slap of the table's rules) fits on a plate over
        the seat's mat at the big words' least size `low`, beside its `lane` (see `Notes._on_mat`: none for a mat
        with no keys)."""
        top = round(self.L.size[1] * SLAP_BANNER_SCALE)
        color = colors.banner_color(seat)
        return all(self.notes._on_mat(seat, Pin("banner", text, color, top, low, plate=True), [], lane) is not None
                   for text in (rs_text.slap_banner(self.names[seat], rule) for rule in self.rules.slaps))

    def _banners_in(self, seat: int, rect: pygame.Rect, low: int) -> bool:
        """Whether every slap banner naming `seat` fits `rect` on its plate at the big words' least size `low` (as
        `Notes._on_mat` fits one)."""
        pad = self.notes.plate_margin(low)
        top = round(self.L.size[1] * SLAP_BANNER_SCALE)
        return all(self.notes.fitted(text, colors.TEXT, rect.w - 2 * pad, rect.h - pad, readable_only=True,
                                     sizes=(max(top, low), low))[2]
                   for text in (rs_text.slap_banner(self.names[seat], rule) for rule in self.rules.slaps))

    def _notes_full(self, lanes: tuple[Lane, ...] | None = None) -> bool:
        """Whether every seat's notes lane (of `lanes`, else as found) holds a line of notes at their size (not only
        at the smallest)."""
        line = self.notes._line(self.notes.size())
        return all(lane.rect.h >= line for lane in (self.notes.lanes() if lanes is None else lanes))

    def _notes_fit(self) -> bool:
        """Mats in rows: whether every seat's notes have felt of their own beside its mat; where one has none
        (a big text size with large cards, or eight seats), the seats sit round an ellipse, whose felt holds them."""
        self.geo = self.geometry(self.L, self._mode)
        self._lanes = self._clear = None
        self.small_print = self.corner_print()
        return all(lane.clear for lane in self.notes.lanes())

    def _fit_rows(self, size: tuple[int, int]) -> None:
        """Mats in rows: the biggest centre cards (a pile card at most CARD_MAX of the height, COLUMNS_CARD_MAX between columns) whose pile and
        lanes fit between the rows, with the lanes beside the pile or above and under it, whichever lets the
        pile be bigger (the first where both are as big). Searched once per window, seats, places and looks
        (see _FITS), then laid out."""
        key = (type(self), tuple(size), self.n, None if self.places is None else tuple(self.places), looks_key(),
               card_boost(), seat_card_boost(), self._columns, self._stack_beside, self.clock)
        if key in _FITS:
            found = _FITS[key]
        else:
            found = _FITS[key] = self._search_rows(size)
        if found is None:  # nothing fits between the rows: as round an ellipse
            self._card = None
        else:
            self._card, self._mode = found
        super().relayout(size)

    def _search_rows(self, size: tuple[int, int]) -> tuple[float, str] | None:
        """(_fit_rows) The centre cards' scale and the lanes' mode, down a grid of scales from the largest in
        3 % steps for each mode; None where nothing fits between the rows."""
        w, h = size
        base = max(28, round(min(h * 0.15, w * 0.085)))
        most = (COLUMNS_CARD_MAX if self._columns else CARD_MAX) * h / RATIO / base
        best: tuple[float, float, str] | None = None  # (share, scale, mode)
        layouts: dict[float, TableLayout] = {}  # by scale: each mode tries the same scales (nothing changes L)
        for mode in MODES:
            scale = most
            while scale > 0.5:
                if best is not None and scale <= best[1]:
                    # (no smaller pile can beat the best found: a smaller scale never makes the centre's
                    # cards bigger, nor bigger cards a smaller share: tests/test_ratscrew_relayout.py)
                    break
                self._card = scale
                L = layouts.get(scale)
                if L is None:
                    L = layouts[scale] = table_layout(size, self.n, self.layout_hints, self.places)
                if not L.rows:  # the pile too big for the rows' felt
                    scale *= 0.97
                    continue
                geo = self.geometry(L, mode)
                if geo.ok:
                    if best is None or geo.share() > best[0] + 1e-6:
                        best = (geo.share(), scale, mode)
                    break
                scale *= 0.97
        best = self._finer(size, best)
        return None if best is None else (best[1], best[2])

    def _finer(self, size: tuple[int, int], best: tuple[float, float, str] | None) -> tuple[float, float, str] | None:
        """(_search_rows) The best (share, scale, mode) found in 3 % steps, then up in finer steps towards the
        next size tried while the pile and its lanes still fit (a 3 % step is ~10 px of pile at 720p)."""
        if best is None:
            return None
        share, scale, mode = best
        for k in range(1, 6):
            self._card = finer = scale * (1 + 0.006 * k)
            L = table_layout(size, self.n, self.layout_hints, self.places)
            geo = self.geometry(L, mode)
            if not (L.rows and geo.ok and geo.share() > share):
                break
            best = (geo.share(), finer, mode)
        return best

    # -- geometry -----------------------------------------------------------------------------------
    def geometry(self, L: TableLayout, mode: str = "stack") -> RatscrewGeometry:
        """The centre's geometry at layout `L` with its lanes in `mode` (a row for the clock if the rules have one)."""
        return RatscrewGeometry(L, self.seed, mode, self.clock, self._tall_prompt)

    def anchor(self, a: Anchor, pile_size: int = 0) -> tuple[float, float]:
        at = self.geo.anchor(a, pile_size, self.model.pile_gen)
        return super().anchor(a) if at is None else at

    def card_scale(self, a: Anchor) -> float:
        return self.geo.card_scale(a)

    def lanes(self) -> tuple[pygame.Rect, pygame.Rect]:
        """(headline lane, prompt lane) at this layout: off the seats, their notes lanes and the corner's
        small print."""
        seats = self.notes.lanes()
        if self._lanes is None or self._lanes[0][0] is not self.geo or self._lanes[0][1] is not seats:
            corner = self.corner_rect()
            blocks = [lane.rect for lane in seats] + ([] if corner is None else [corner])
            self._lanes = ((self.geo, seats), self.geo.lanes(blocks))
        return self._lanes[1]

    def headline_lane(self) -> pygame.Rect:
        return self.lanes()[0]

    def prompt_lane(self) -> pygame.Rect:
        return self.lanes()[1]

    def banner_lane(self) -> pygame.Rect | None:
        return self.headline_lane()

    def spotlight(self) -> pygame.Rect | None:
        return self.geo.pile_zone

    def keep_clear(self) -> list[pygame.Rect]:
        """What the seats' notes lanes keep off: the pile (wherever its cards can reach) and the headline
        and prompt lanes as wide as the pile (then those grow into the felt the notes leave), with the
        claim bar, and the clock's row under the pile (lanes beside the pile)."""
        if self._clear is None or self._clear[0] is not self.geo:
            headline, prompt = self.geo.core_lanes()
            self._clear = (self.geo, [self.geo.pile_zone.copy(), headline, prompt.union(self.geo.claim_bar()),
                                      *([self.geo.clock_lane()] if self.geo.clock_h else [])])
        return self._clear[1]

    def centre_felt(self) -> list[pygame.Rect]:
        """The pile (wherever its cards reach) and the headline lane (the photo finish): the prompt's lane, empty
        while every seat's words are said at its mat, is felt a label may take (`covered`)."""
        return [self.geo.pile_zone.copy(), self.geo.core_lanes()[0]]

    def print_avoid(self) -> list[pygame.Rect]:
        """What the small print keeps off between rows of mats: the pile, the centre's lanes, and a line of
        notes beside each mat (under a mat of the top row, over one of the bottom row), as the notes need it."""
        if not self.L.rows:
            return []
        h = self.L.size[1]
        # (the notes keep their gap off the small print too: the print grown by it, see Notes._find)
        gap = self.notes._gap()
        line = self._row_line() + gap + (gap + 1) // 2
        rows = []
        for s in self.L.seats:
            r, zone = s.rect, self.notes.panel_zone(s.seat)
            top = zone.bottom if r.centery < h / 2 else zone.top - line
            rows.append(pygame.Rect(r.x, top, r.w, line))
        return [*self.keep_clear(), *rows]

    def corner_print(self) -> CornerPrint:
        """The small print, laid out again (at the text size in force, off the seats' notes as they need it)."""
        return CornerPrint(self.print_clear, self.print_avoid, self.print_spots, self.print_needs, self.print_leaves,
                           self._whole_print)

    def print_leaves(self, rect: pygame.Rect) -> bool:
        """Whether every seat's lane has felt of its own were the small print at `rect`."""
        return all(lane.clear for lane in self.notes.lanes_off([rect]))

    def print_needs(self, rect: pygame.Rect) -> list[pygame.Rect]:
        """What the small print keeps off where at `rect` it takes felt a seat's notes need (the lanes found off it
        fall short of what the layout asks of them, `_lanes_hold`: in a gap between two mats at 150 %, where a mat's
        lane had the only felt for two lines of its notes): each seat's lane as found without it, as much of it next
        to the mat as the layout asks for (see `print_avoid`), with the gap the lanes keep; none where they hold."""
        if self._lanes_hold(self.notes.lanes_off([rect])):
            return []
        gap = self.notes._gap()
        line = self._row_line()
        needed = []
        for lane in self.notes.lanes_off([]):
            r = lane.rect.copy()
            if lane.side in ("above", "below") and r.h > line:
                r = pygame.Rect(r.x, r.bottom - line if lane.side == "above" else r.y, r.w, line)
            needed.append(r.inflate(gap, gap))
        return needed

    def _lanes_hold(self, lanes: tuple[Lane, ...]) -> bool:
        """Whether `lanes` are what the layout asks of every seat's (see _fits_at): felt of its own, a line of notes
        at their size, and (columns of three or four) a winner's banner."""
        return all(lane.clear for lane in lanes) and self._notes_full(lanes) and self._banners_fit(lanes)

    def _row_line(self) -> int:
        """How much felt a seat's lane needs beside its mat: a line of notes, or (see _banners_fit) a winner's banner
        on two lines."""
        line = self.notes._line(self.notes.size())
        if self._columns and self.n > COLUMN_PAIRS:
            line = max(line, 2 * self.notes._line(text_for(big_min(self.L.size))))
        return line

    def print_spots(self, size: tuple[int, int]) -> list[pygame.Rect]:
        """Where the small print may go between rows of mats, best first: the top edge's middle (between
        two mats), under the prompt and its bar, under the headline lane, over the prompt, over the headline
        lane (none round an ellipse, or with the lanes over and under the pile)."""
        if self.geo.mode != "sides":
            return []
        bw, bh = size
        w, h = self.L.size
        m = max(4, h // 90)
        gap = self.geo.gap
        head, prompt = self.geo.core_lanes()
        bar = self.geo.claim_bar()
        spots = [pygame.Rect((w - bw) // 2, m, bw, bh)]
        for lane, under in ((prompt.union(bar), True), (head, True), (prompt, False), (head, False)):
            r = pygame.Rect(0, 0, bw, bh)
            if under:
                r.top = lane.bottom + gap // 2
            else:
                r.bottom = lane.top - gap // 2
            # centred on the lane, moved in to keep on the felt (not over the rail: the lane beside the pile reaches
            # the window's edge, as the mats do); none where the felt is narrower than the block there
            left, right = felt_span(self.L, r.top, r.bottom, m)
            r.centerx = lane.centerx
            r.clamp_ip(pygame.Rect(left, 0, right - left, h))
            if r.w <= right - left:
                spots.append(r)
        return spots

    def print_clear(self) -> list[pygame.Rect]:
        """What the small print keeps off where no corner is free: every seat as it can be drawn (lifted,
        shaken), the pile and the lanes above and below it as wide as it."""
        headline, prompt = self.geo.core_lanes()
        half = self.geo.pile_zone.w // 2
        if self.geo.mode != "sides":
            headline = pygame.Rect(self.geo.centre[0] - half, headline.y, 2 * half, headline.h)
        return [*(self.notes.panel_zone(s) for s in range(self.n)), self.geo.pile_zone, headline,
                prompt.union(self.geo.claim_bar())]

    def own_lane(self, seat: int) -> pygame.Rect:
        """Where a seat's notes go when no felt near it is free: over its own stack of backs, under its name
        (a mat's name has a row across it)."""
        box = self.L.seats[seat]
        if not self.L.rows:
            return super().own_lane(seat)
        lane = box.stack.copy()
        if box.name is not None:
            lane.top = max(lane.top, box.rect.y + name_bottom(self, seat) + 1)
            lane.height = max(1, box.stack.bottom - lane.top)
        return lane

    def mat_words(self, seat: int, whole: bool = False, named: bool = False) -> pygame.Rect | None:
        """A mat's keys rows (its info column over its count): where its turn's line goes, on a plate, while its
        lane of one line holds a note or its banner (the line says the key the rows say, and the mat is drawn
        without them meanwhile: see `mat_said`; its stack of backs, among its words, is too narrow for it); `whole`:
        its keys and its count's rows (a slap's banner on two lines, where its lane holds the turn's line); and,
        for words `named` for the seat (a slap's banner), its name's row too where those are lower than the banner
        on two lines. None for a seat with no keys."""
        return self._mat_rows(seat, whole, named)[0]

    def _mat_rows(self, seat: int, whole: bool = False, named: bool = False) -> tuple[pygame.Rect | None, int]:
        """(`mat_words`, what of the mat's words those rows take: see `mat_said`)."""
        box = self.L.seats[seat]
        if box.name is None or not (seat < len(self.controls) and self.controls[seat]):
            return None, 0  # (a mat's name has a row across it; a panel's heads its info column)
        info = box.info.copy()
        # its keys' lines as build_panel fits them over the count's row (which rises with the mat on its turn)
        low = max(9, word_min(self.L.size) if self.panels.mats else text_min(self.L.size))
        # (measured, not drawn: the mat's keys are drawn as build_panel fits them)
        lines, size = self.panels.controls_fit(seat, info.h - self.texts.font(low, True).get_height(), record=False)
        keys = pygame.Rect(info.x, info.y, info.w, len(lines) * self.texts.font(size).get_height() - self._lift(seat))
        # ... over the count's row too where they are lower than a line of the big words on its plate (a small
        # window at a big text size), while it is said
        big = text_for(big_min(self.L.size))
        line = self.texts.font(big, True).get_linesize()
        rows = keys if keys.h >= line * 3 // 2 and not whole else info
        said = 1 if rows is keys else 2
        small = unit(self.L.size) <= SMALL_WINDOW
        if whole and named and (info.h < 2 * self.notes._line(big) + self.notes.plate_margin(big)
                                or small and not self._banners_in(seat, info, big)):
            # ... and its name's row too where its info column is lower than a slap's banner on two lines on its
            # plate (a small window's short mats at a big text size), or (a small window) narrower than one (a
            # column of three's, 81 px at 640x360 and 125 %: "Player 6: Top-bottom!" needs 107): the banner names
            # the seat
            rows, said = info.union(box.name), 3
            if small and not self._banners_in(seat, rows, big):
                # ... and its stack of backs too where that stands beside them (a column of four's at 150 %: 109 px
                # for "Player 6: Topp-botten!", 112)
                rows = rows.union(box.stack)
        badge = self.badges.get(seat)
        if badge is not None:  # (over its rows, not over its badge, as the mat was last built: a debt's, a claim's)
            tag = badge[1].move(box.rect.x, box.rect.y - self._lift(seat))
            if tag.colliderect(rows):
                rows = pygame.Rect(rows.x, rows.y, rows.w, tag.top - rows.y)
        return (rows, said) if rows.h > 0 and rows.w > 0 else (None, 0)

    def _lift(self, seat: int) -> int:
        """How far a mat rises on its turn (as Panels.draw lifts it)."""
        return max(2, self.L.seats[seat].rect.h // 22)

    def mat_said(self, seat: int) -> int:
        """What of a mat's words its pinned turn's line stands in for this frame: 0 nothing, 1 its keys rows,
        2 its keys and its count, 3 its name too (a slap's banner naming it: see `mat_words`)."""
        on = [p for p, _, _ in self.pinned.get(seat, []) if p.on_mat]
        if not on:
            return 0
        return self._mat_rows(seat, on[0].mat_whole, on[0].kind == "banner")[1]

    def panel_text_rect(self, seat: int) -> pygame.Rect:
        """A seat's words (name, keys, count, badge) are in its panel's info column (but for the rows its pinned
        turn's line stands in for: see `mat_said`)."""
        box = self.L.seats[seat]
        words = box.info if box.name is None else box.info.union(box.name)
        said = self.mat_said(seat)
        if said and box.name is not None:  # its name's row (its count's row: see `_count_row`); none under a banner
            words = box.name if said < 3 else pygame.Rect(box.name.topleft, (0, 0))  # naming the seat
        return words.move(-box.rect.x, -box.rect.y)

    def _count_row(self, seat: int) -> pygame.Rect | None:
        """A mat's count's row under its keys rows while its pinned turn's line stands in for those (in the mat's
        own coordinates; None while it does not, or stands in for the count too)."""
        rows = self.mat_words(seat) if self.mat_said(seat) == 1 else None  # (measured only while it is said)
        if rows is None:
            return None
        box = self.L.seats[seat]
        top = rows.bottom + self._lift(seat)
        return pygame.Rect(box.info.x, top, box.info.w, box.info.bottom - top).move(-box.rect.x, -box.rect.y)

    # -- the seats ----------------------------------------------------------------------------------
    def corner_text(self) -> str:
        return "\n".join([self._corner, *([rules_key_hint(self.model.keys)] if self.key_hints else [])])

    def seat_key(self, seat: int, state: rs.State, now: float) -> Key:
        count = len(state.hands[seat])
        out = not state.in_game(seat)
        active = seat == state.current_player and not state.is_over and not out
        owed = state.owed if active and state.owed else 0
        claim = state.awaiting_claim and seat == state.challenger
        ctrl = self.controls[seat] if seat < len(self.controls) else ""
        wait = 0 if out else state.timeouts[seat]
        return (active, count, out, owed, claim, wait, ctrl, self.keys_of(seat), self.mat_said(seat))

    def build_panel(self, seat: int, content: Key) -> pygame.Surface:
        count, out, owed, claim, wait, _, _, said = content
        return build_panel(self, seat, count, out, owed, claim, wait=wait, hidden=said)

    # -- drawing ------------------------------------------------------------------------------------
    def draw(
        self, surface: pygame.Surface, state: rs.State, now: float, claim_left: float | None = None
    ) -> None:
        """The whole table at `now`; `claim_left` is the claim window's remaining share (1..0) if open."""
        # (fitted first: a mat whose keys rows hold its turn's line is drawn without them, see `mat_said`; the mats
        # built as this frame shows them first: their badges and tags keep the words pinned over them clear)
        for seat in range(self.n):
            self.panels.image(seat, self.seat_key(seat, state, now)[1:])
        self.pinned, homeless = self.notes.pin(self.pins(state, now), self.anim.effects, now)
        for seat, rect in enumerate(self.draw_table(surface, state, now)):
            row = self._count_row(seat)
            if row is not None:  # (its name's row is the panel's words: see panel_text_rect)
                size = min(self.panels.name_fit(seat)[1], self.panels.controls_size(seat))
                self.boxes.add("panel", row.move(rect.topleft), self.names[seat], seat, size)
        self.poll()
        pile_size = len(state.pile)
        under = [f for f in self.anim.flyers if f.hides and f.hides[0] == "burn"]
        for f in under:  # burned cards slide in under the pile
            self._draw_flyer(surface, f, now, pile_size)
        self._draw_pile(surface, state, now)
        self.poll()
        self._draw_pile_count(surface, state, now)
        paint.headline(self, surface, now)
        self.poll()
        for f in self.anim.flyers:
            if f not in under:
                self._draw_flyer(surface, f, now, pile_size)
                self.poll()  # each card in the air is turned and scaled: keep stamping presses between them
        self.poll()
        paint.slaps(self, surface, now)
        self.poll()
        self._draw_status(surface, state, claim_left, any(p.kind == "prompt" for _, p in homeless))
        self.poll()
        self.draw_notes(surface, now, self.pinned)

    def pins(self, state: rs.State, now: float) -> dict[int, list[Pin]]:
        """What is said at a seat's mat before its notes (issue 37): a slap's banner naming its winner, in the
        winner's colour on its plate, then the line about the seat to press now (its turn, its debt, its claim),
        each at least as big as the centre's banners and prompt. A debt or a claim (a key to press now) goes before
        the seat's notes; a turn's line goes over the seat's keys rows, on a plate, while the seat's lane of one line
        holds a note or its banner (see `mat_words`)."""
        pins: dict[int, list[Pin]] = {}
        low = text_for(big_min(self.L.size))
        for e in self.anim.effects:
            if isinstance(e, Banner) and e.seat is not None and e.tween.started(now) and not e.tween.done(now):
                pins.setdefault(e.seat, []).append(Pin("banner", e.text, e.color, round(self.L.size[1] * e.scale), low,
                                                       self.notes.fade(e, now), e.plate))
        seat = self.model.status_seat(state)
        text = self.model.status_text(state)
        if seat is not None and text:
            color = colors.GOLD if state.awaiting_claim or state.owed else colors.TEXT
            pins.setdefault(seat, []).append(Pin("prompt", text, color, self.geo.status_size, low,
                                                 short=self.model.status_short(state),
                                                 tiny=self.model.status_tiny(state),
                                                 urgent=bool(state.awaiting_claim or state.owed)))
        return pins

    def _draw_flyer(self, surface: pygame.Surface, f: Flyer, now: float, pile_size: int) -> None:
        """A card in the air, or a won pile swept to its winner; pile slots as in a pile of `pile_size`."""
        if isinstance(f.art, Sweep):
            paint.sweep(self, surface, f, now)
        else:
            self.draw_flying_card(surface, f, now, self.L.card_w, lambda a: self.anchor(a, pile_size))

    def _draw_pile(self, surface: pygame.Surface, state: rs.State, now: float) -> None:
        paint.pile(self, surface, state, now)

    def _draw_pile_count(self, surface: pygame.Surface, state: rs.State, now: float | None = None) -> None:
        paint.pile_count(self, surface, state, now)

    def _draw_status(self, surface: pygame.Surface, state: rs.State, claim_left: float | None,
                     centred: bool = True) -> None:
        paint.status(self, surface, state, claim_left, centred)
