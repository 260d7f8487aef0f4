"""The notes lanes: every seat has a lane of its own on the felt next to its panel, where its notes ("Too
late by 14 ms", "Owes 3") are shown, newest nearest the panel; and banners ("Sandwich!") for the whole
table, in the table's banner lane if it has one.

A lane is found once per layout (and again when what it keeps off changes): on felt off every panel
(lifted on its turn, shaken, with its tags), off what the table asks to keep clear (its pile, its prompt,
its banner lane), off the corner's small print, off the other seats' lanes and inside the window. Seats
whose felt is scarce choose first; each takes the side that holds its notes best (two short notes and a
long one at full size, each on few lines), towards the middle of the table first.

A note is fitted to its lane: one line at the note size, else balanced lines, else a size smaller (never
below the smallest text a player needs mid-game while there is any way to fit it). Notes do not move: a
lane is a fixed place, so two notes are never drawn over each other or over anything else.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import Protocol

import pygame

from game.core.memo import Memo
from game.i18n import language, t
from game.render import colors, hud, seat_marks
from game.render.cache import LRU, Bound
from game.render.effects import NOTE_FADE_MS, Anchor, Banner, Effect, Note
from game.render.layout import TableLayout
from game.render.scale import big_min, looks_key, px, text_for, text_min, text_px, unit
from game.render.text import TextBoxes, TextCache, balanced, stack, wrap
from game.render.tween import ease_out

Place = tuple[pygame.Rect, tuple[int, int], bool]  # (where it rests, its rise (dx, dy), on clear felt)

NOTE_PX = 24  # a seat's note at 1280×720
# What a lane should hold: a long note and a short one (their widths at the note size decide the lanes)
REF_LONG = "Out of cards: slap (L-Shift) to stay in!"
REF_SHORT = "Too late by 167 ms"
REF_SHORT_2 = "Wrong slap! Burns 2"
MARK_SHARE = 0.8  # the seat's mark before a note: its size as a share of the note's text size
MARK_LEAST = 8  # a mark smaller than this (px) would not read as a shape: left out
MEASURED_LOOKS = 8  # a table's lane measures kept for so many windows and looks at most (see Notes._measured)
# A lane a seat may take: its score (best first), its rect and its side (see Notes._candidates)
Candidate = tuple[tuple[int, ...], pygame.Rect, str]
# Notes._find: a seat's lane chosen first (the seat, the lane, its score); every seat's lane and score chosen, and
# how good that is (lower is better: see its `quality`)
Forced = tuple[int, "Lane", tuple[int, ...]]
Choice = tuple[dict[int, "Lane"], dict[int, tuple[int, ...]], tuple[int, int, list[tuple[int, ...]]]]
SIDES = ("in_v", "in_h", "out_v", "out_h")  # towards the middle, above/below first; then away from it


class NotesHost(Protocol):
    """What the notes lanes ask of their table."""

    L: TableLayout
    texts: TextCache
    reduced_motion: bool
    poll: Callable[[], None]
    boxes: TextBoxes
    short_notes: tuple[str, ...]  # msgids of notes said as they are: a lane too narrow for a word of one is not offered
    notes_in_column: bool  # with mats in rows, a seat's notes keep to the felt over (or under) its own mat

    def keep_clear(self) -> list[pygame.Rect]: ...

    def corner_rect(self) -> pygame.Rect | None: ...

    def tag_overhang(self, seat: int) -> tuple[int, int]: ...

    def own_lane(self, seat: int) -> pygame.Rect: ...

    def mat_words(self, seat: int, whole: bool = False, named: bool = False) -> pygame.Rect | None: ...

    def anchor(self, a: Anchor) -> tuple[float, float]: ...

    def banner_lane(self) -> pygame.Rect | None: ...


@dataclass(frozen=True, slots=True)
class Pin:
    """Words about one seat that its notes lane holds nearest its mat, before its notes (issue 37: the turn
    prompt, a slap's banner naming its winner): drawn `top` px at most and `low` at the least (where the
    lane holds it at no readable size, it goes over the seat's own cards on a plate; where even they cannot
    hold it, it is not pinned: the table draws it in its centre lanes)."""

    kind: str  # its text box's kind ("prompt", "banner")
    text: str
    color: colors.Color
    top: int
    low: int
    fade: float = 1.0
    plate: bool = False  # on a dark plate (inside the lane), so a seat's colour reads on the felt
    short: str = ""  # what it says where the lane is too small for `text`
    tiny: str = ""  # and where it is too small for `short` (a mat in the middle of a row: "Your turn!")
    on_mat: bool = False  # fitted over the seat's own cards (on a plate): its lane had no room left for it
    mat_whole: bool = False  # ... over the mat's whole place for words (`mat_words(seat, whole=True)`): its first
    # was too low for it
    urgent: bool = False  # a key to press now (a claim, a debt; said by the mat's badge too, which a plate over the
    # mat stands in for): where it fits nowhere else at the seat, it takes the room its lane keeps for the newest note
    mat_tiny: bool = False  # over the mat, `tiny` first: the mat's own words still say the keys, its cards show more


Pinned = dict[int, list[tuple[Pin, pygame.Surface, int]]]  # seat: its pins as fitted, with their sizes


@dataclass(frozen=True, slots=True)
class Lane:
    """A seat's notes lane: `rect` on screen, on which `side` of the panel ("above", "below", "left",
    "right", or "own": over the seat's own cards when no felt is free), and whether it is clear felt."""

    seat: int
    rect: pygame.Rect
    side: str
    clear: bool


class Notes:
    """One table's notes lanes; lanes and fitted notes are cached until `clear`."""

    def __init__(self, host: NotesHost) -> None:
        self.host = host
        # Lanes by what they were found from (the seats' blocks: a few KB an entry; a few dozen kept).
        self._lanes: Memo[tuple[Hashable, ...], tuple[Lane, ...]] = Memo("note lanes", 2**17)
        # ... and by all they are found from, kept over `clear`: a table lays itself out again and again with
        # the same few sizes (a pile shrunk, a panel grown; a third of the lanes it finds it has found before).
        self._kept: Memo[tuple[Hashable, ...], tuple[Lane, ...]] = Memo("kept note lanes", 2**17)
        # Notes fitted to their room (a line or two of words each): a table's notes of the last seconds in
        # a quarter of a screen's worth.
        self._fitted: LRU[tuple[pygame.Surface, int, str]] = LRU("fitted notes", Bound(screens=0.25))
        # How well lanes of each size hold notes (_score) and whether lanes of each width hold every word
        # (_holds_words), by what they are measured with (the table's fonts are its own for good): a table finds
        # its lanes again for every layout it tries (a pile shrunk, a panel grown) with the same few sizes. A
        # few windows and looks per table, a few KB each.
        self._measured: dict[Hashable, tuple[dict[tuple[int, int], tuple[int, int, int, int]], dict[int, bool]]] = {}
        # Each seat's lanes offered (_candidates) at one layout, by the seat and the obstacles within its reach (the
        # felt its lanes and free spans may take: `_reach`): a layout weighs where the small print goes by finding
        # every seat's lanes with it here and there, and most seats' reach holds neither place. Kept for the layout
        # last asked about only (a few dozen lists).
        self._offered: tuple[Hashable, dict[Hashable, list[Candidate]], dict[int, pygame.Rect]] = ((), {}, {})

    def clear(self) -> None:
        self._lanes.clear()
        self._fitted.clear()
        # (_measured stays: keyed by all it is measured with, it serves the next layout, as in _shrink_for_notes)

    def _measures(self) -> tuple[dict[tuple[int, int], tuple[int, int, int, int]], dict[int, bool]]:
        """The scores and word checks measured so far with the window, looks and notes in force (see _measured)."""
        host = self.host
        key = (host.L.size, looks_key(), bool(host.L.rows and host.notes_in_column),
               tuple(t(text) for text in host.short_notes))
        found = self._measured.get(key)
        if found is None:
            if len(self._measured) >= MEASURED_LOOKS:
                self._measured.clear()
            found = self._measured[key] = ({}, {})
        return found

    # -- sizes ------------------------------------------------------------------------------------------
    def size(self, box: pygame.Rect | None = None) -> int:
        """A seat's note size (px): NOTE_PX at 1280×720, scaled with the window (`box` is not used: every
        seat's notes are the same size)."""
        return px(self.host.L.size, NOTE_PX)

    def min_size(self) -> int:
        return text_min(self.host.L.size)

    def floor(self) -> int:
        """The smallest size a note is fitted at while it reads: the smallest text a player needs mid-game
        as drawn (at a bigger text size, a smaller size asked of the fonts: never smaller than at 100 %)."""
        return text_for(self.min_size())

    def _line(self, size: int) -> int:
        """The height of one outlined line at `size`, and the step between lines."""
        font = self.host.texts.font(size, True)
        return max(font.get_linesize(), font.size("Ag")[1]) + 2 * max(1, size // 14)

    def _gap(self) -> int:
        return max(2, px(self.host.L.size, 6))

    # -- what the lanes keep off ----------------------------------------------------------------------
    def blocks(self) -> list[pygame.Rect]:
        """What the seats' notes keep off besides the panels: `keep_clear` (a table with a banner lane
        names it there, at least as wide as it always is) and the corner's small print."""
        host = self.host
        blocks = [pygame.Rect(r) for r in host.keep_clear()]
        corner = host.corner_rect()
        if corner is not None:
            blocks.append(pygame.Rect(corner))
        return blocks

    def _tags(self) -> tuple[tuple[int, int], ...]:
        return tuple(self.host.tag_overhang(s) for s in range(len(self.host.L.seats)))

    def panel_zone(self, seat: int) -> pygame.Rect:
        """Where a seat's panel can be: lifted on its turn (a lift's height kept free below it too), shaken
        aside by a wrong press, with its tags above and below."""
        box = self.host.L.seats[seat].rect
        over, under = self.host.tag_overhang(seat)
        lift = max(2, box.h // 22) + 2
        shake = round(box.h * 0.09) + 1
        zone = box.inflate(2 * shake, 0)
        zone.top -= lift + over
        zone.height += 2 * lift + over + under
        return zone

    # -- the lanes ------------------------------------------------------------------------------------
    def lanes(self) -> tuple[Lane, ...]:
        """Every seat's lane (see the module's words)."""
        return self._found(self.blocks())

    def lanes_off(self, extra: list[pygame.Rect]) -> tuple[Lane, ...]:
        """Every seat's lane were the corner's small print at `extra` (none: nowhere): off `keep_clear` and it (what
        a table weighs where to put it by)."""
        return self._found([*(pygame.Rect(r) for r in self.host.keep_clear()), *extra])

    def _found(self, blocks: list[pygame.Rect]) -> tuple[Lane, ...]:
        """Every seat's lane off `blocks` (see `_find`)."""
        host = self.host
        # (the short notes by their msgids in the language in force: the same lanes as by their translations, without
        # translating them on each of the many calls a frame makes)
        key = (host.L.size, tuple(tuple(s.rect) for s in host.L.seats), tuple(map(tuple, blocks)), self._tags(),
               language(), host.short_notes)
        found = self._lanes.get(key)
        if found is None:
            # (what else _find reads: the looks its sizes are measured with, the table's middle and rows, and
            # where a seat with no free felt has its notes)
            full = (key, looks_key(), host.L.centre, bool(host.L.rows), host.notes_in_column,
                    tuple(tuple(host.own_lane(s)) for s in range(len(host.L.seats))))
            found = self._kept.get(full)
            if found is None:
                found = self._kept[full] = self._find(blocks)
            self._lanes[key] = found
        return found

    def lane(self, seat: int) -> Lane:
        return self.lanes()[seat]

    def zone(self, seat: int) -> pygame.Rect:
        """Where a seat's notes appear (other things keep out)."""
        return self.lane(seat).rect.copy()

    def _rows(self, text: str, size: int, width: int) -> int:
        """How many lines `text` takes at `size` in `width` px (a big number if a word is wider)."""
        font = self.host.texts.font(size, True)
        r = 2 * max(1, size // 14)
        if font.size(text)[0] + r <= width:
            return 1
        lines = wrap(text, font, width - r)
        if any(font.size(line)[0] + r > width for line in lines):
            return 99
        return len(lines)

    def _holds_words(self, width: int) -> bool:
        """Whether a lane `width` px wide holds every word of the table's short notes at the smallest note size
        (a narrower one would cut a long word with "…": "udfordringen!" between two mats at 640x360)."""
        return all(self._rows(t(text), self.floor(), width) < 99 for text in self.host.short_notes)

    def _score(self, w: int, h: int, memo: dict[tuple[int, int], tuple[int, int, int, int]]) -> tuple[int, int, int, int]:
        """How well a lane w × h holds notes, best first: how many of a short note, another short one and a
        long one fit in turn at the note size (a short note on two lines at most, a long one on three: a
        narrow lane that stacks a note a word a line reads badly), whether a short one fits on one line,
        how many lines it holds (up to four), and how many notes fit at the smallest size."""
        key = (w, h)
        if key not in memo:
            s, low = self.size(), self.floor()

            def count(size: int) -> int:
                used = 0
                for k, (text, most) in enumerate(((REF_SHORT, 2), (REF_SHORT_2, 2), (REF_LONG, 3))):
                    rows = self._rows(text, size, w)
                    used += rows * self._line(size)
                    if rows > most or used > h:
                        return k
                return 3

            one_line = int(self._rows(REF_SHORT, s, w) == 1 and self._line(s) <= h)
            # room for more notes at once (four lines are plenty; five beside a mat keeping its notes to its own
            # column, narrower than a short note's line as 100 % draws it: there a short note takes two lines)
            column = self.host.L.rows and self.host.notes_in_column
            narrow = column and self._rows(REF_SHORT_2, text_for(s), w) > 1
            rows = min(5 if narrow else 4, h // self._line(s))
            # ... and, as many lines, one that holds a line of the big words said at a seat (see `pin`), or two
            # (beside such a mat: a winner's banner wrapped)
            big_line = self._line(text_for(big_min(self.host.L.size)))
            big = int(h >= big_line) + int(column and h >= 2 * big_line)
            memo[key] = (-count(s), -one_line, -(2 * rows + big), -count(low))
        return memo[key]

    def _offered_at(self, layout: Hashable, seat: int, obstacles: list[pygame.Rect], window: pygame.Rect,
                    memo: dict[tuple[int, int], tuple[int, int, int, int]], holds: dict[int, bool]) -> list[Candidate]:
        """`_candidates` at the layout `layout` (all it reads but the obstacles), found once for the obstacles
        within the seat's reach: one outside it meets none of the lanes it weighs nor the free spans it looks along
        (those are the same whatever the obstacles: see `_candidates`)."""
        if self._offered[0] != layout:
            self._offered = (layout, {}, {})
        _, found, reach = self._offered
        fresh: list[Candidate] | None = None
        if seat not in reach:
            seen: list[pygame.Rect] = []
            fresh = self._candidates(seat, obstacles, window, memo, holds, seen)
            reach[seat] = seen[0].unionall(seen) if seen else pygame.Rect(0, 0, 0, 0)
        r = reach[seat]
        # (overlapping it as _free_span reads a block: one of no width inside a stretch cuts it)
        near = tuple(tuple(o) for o in obstacles
                     if not (o.bottom <= r.top or o.top >= r.bottom or o.right <= r.left or o.left >= r.right))
        offered = found.get((seat, near))
        if offered is None:
            offered = found[seat, near] = fresh if fresh is not None else self._candidates(seat, obstacles, window,
                                                                                            memo, holds)
        return offered

    def _candidates(self, seat: int, obstacles: list[pygame.Rect], window: pygame.Rect,
                    memo: dict[tuple[int, int], tuple[int, int, int, int]], holds: dict[int, bool],
                    seen: list[pygame.Rect] | None = None) -> list[Candidate]:
        """Every lane `seat` may take, best first: (its score, its rect, its side; a Lane is made of the one taken).
        `holds`: whether a lane so wide holds every word, by width (a seat offers a hundred lanes of a dozen
        widths). `seen`: every lane weighed against the obstacles and every stretch of felt looked along for a free
        span is added to it (which lanes and stretches those are does not depend on the obstacles)."""
        L = self.host.L
        box = L.seats[seat].rect
        zone = self.panel_zone(seat)
        g = self._gap()
        line = self._line(self.size())
        cx, cy = L.centre
        up_is_in = box.centery >= cy  # a seat in the lower half has the middle above it
        left_is_in = box.centerx >= cx
        out: list[tuple[tuple[int, ...], pygame.Rect, str]] = []
        order = 0
        inside, most_w, most_h = window.contains, window.w, window.h  # (a seat offers a hundred lanes: looked up once)

        def offer(rect: pygame.Rect, side: str, rank: int) -> None:
            nonlocal order
            order += 1
            w, h = rect.size
            if w < 8 or h < 8:
                return
            fits = holds.get(w)
            if fits is None:
                fits = holds[w] = self._holds_words(w)
            if not fits:
                return
            if not inside(rect):
                if w > most_w or h > most_h:
                    return
                rect = rect.clamp(window)  # slid inside the window (as it fits, clamped it is inside: what it then covers
                # is checked below)
            if seen is not None:
                seen.append(rect)
            if rect.collidelist(obstacles) != -1:
                return
            score = memo.get((w, h)) or self._score(w, h, memo)
            out.append(((*score, rank, w * h, order), rect, side))

        def free_span(y0: int, y1: int, x: int, lo: int, hi: int) -> tuple[int, int] | None:
            if seen is not None and lo <= x <= hi:
                seen.append(pygame.Rect(lo, y0, hi - lo, y1 - y0))
            return _free_span(obstacles, y0, y1, x, lo, hi)

        low = self._line(self.floor())  # at a bigger text size, a note may shrink to what 100 % draws
        # (and a line of the couch's big words: a seat's turn prompt, its slap's banner, see `pin`)
        big = self._line(text_for(big_min(L.size)))
        heights = sorted({*(k * line for k in (3, 2, 1)), big}, reverse=True) + [k * low for k in (2, 1) if k * low < line]
        if L.rows and self.host.notes_in_column:
            # mats in rows: the felt over (or under) a mat beside the centre may be narrow and tall
            # (and two lines of the big words: a slap's banner naming its winner, wrapped, in a lane between two mats)
            heights = sorted({*(k * line for k in (5, 4)), 2 * big}, reverse=True) + heights
            if unit(L.size) < 1:  # (and, in a window under 1280×720, two or three lines at the smallest size)
                heights += [k * low for k in (3, 2) if line <= k * low < 3 * line]
        for vertical_above in (up_is_in, not up_is_in):
            rank = SIDES.index("in_v" if vertical_above == up_is_in else "out_v")
            side = "above" if vertical_above else "below"
            for lh in heights:
                y = zone.top - g - lh if vertical_above else zone.bottom + g
                # (a table whose mats in rows keep to their own columns says so: notes_in_column)
                for f in ((1.0,) if L.rows and self.host.notes_in_column else (1.6, 1.0)):
                    lw = round(box.w * f)
                    for x in (box.centerx - lw // 2, box.left, box.right - lw):
                        offer(pygame.Rect(x, y, lw, lh), side, rank)
                # ... and as much of the felt there as is free, round the panel's middle
                reach = 0 if L.rows else box.w // 3  # seats in rows: each keeps to the felt over its own mat
                span = free_span(y, y + lh, box.centerx, max(window.left, box.left - reach),
                                 min(window.right, box.right + reach))
                if span is not None:
                    offer(pygame.Rect(span[0], y, span[1] - span[0], lh), side, rank)
        for towards_left in (left_is_in, not left_is_in):
            rank = SIDES.index("in_h" if towards_left == left_is_in else "out_h")
            side = "left" if towards_left else "right"
            for lh in [zone.h, *heights]:
                for y in (zone.top, zone.centery - lh // 2, zone.bottom - lh):
                    lw = box.w
                    x = zone.left - g - lw if towards_left else zone.right + g
                    offer(pygame.Rect(x, y, lw, lh), side, rank)
                    # ... and as wide as the felt beside it is free
                    edge = zone.left - g - 1 if towards_left else zone.right + g
                    lo = max(window.left, edge - round(box.w * 1.3)) if towards_left else edge
                    hi = edge + 1 if towards_left else min(window.right, edge + round(box.w * 1.3))
                    span = free_span(y, y + lh, edge, lo, hi)
                    if span is not None:
                        offer(pygame.Rect(span[0], y, span[1] - span[0], lh), side, rank)
        out.sort(key=lambda c: c[0])
        return out

    def _find(self, blocks: list[pygame.Rect]) -> tuple[Lane, ...]:
        L = self.host.L
        n = len(L.seats)
        w, h = L.size
        g = self._gap()
        window = pygame.Rect(2, 2, w - 4, h - 4)
        panels = [self.panel_zone(s).inflate(2 * g, 2 * g) for s in range(n)]
        obstacles = panels + [b.inflate(g, g) for b in blocks]
        memo, holds = self._measures()
        host = self.host
        # (all _candidates reads but the obstacles: the window, the seats and their tags, the centre, the rows, the
        # looks and the notes measured)
        layout = (L.size, tuple(tuple(s.rect) for s in L.seats), self._tags(), L.centre, bool(L.rows),
                  host.notes_in_column, looks_key(), language(), host.short_notes)
        cands = {s: self._offered_at(layout, s, obstacles, window, memo, holds) for s in range(n)}
        self.host.poll()
        # The most crowded seats choose first (their best lane is the poorest), then seat order.
        order = sorted(range(n), key=lambda s: (len(cands[s]), s))
        order.sort(key=lambda s: cands[s][0][0][:4] if cands[s] else (9, 9, 9, 9), reverse=True)

        # (each seat's lanes ranked, its own lane and its best lanes, once: `choose` is tried a few hundred times)
        ranked = {s: sorted(cands[s], key=lambda c: c[0][3] >= 0) for s in range(n)}
        own: dict[int, pygame.Rect] = {}
        firsts: dict[int, list[Forced]] = {}
        made: dict[tuple[Hashable, ...], Choice] = {}

        def choose(*forced: Forced) -> Choice:
            """Every seat's lane, the `forced` ones (seat, lane, score) first, the others in `order`, and how good
            that is (`quality`); each choice made once (a later round tries many of the same lanes first)."""
            key = tuple((seat, tuple(lane.rect), lane.side, score) for seat, lane, score in forced)
            found = made.get(key)
            if found is None:
                chosen, scores = choose_afresh(forced)
                found = made[key] = (chosen, scores, quality(scores))
            return found

        def choose_afresh(forced: tuple[Forced, ...]) -> tuple[dict[int, Lane], dict[int, tuple[int, ...]]]:
            chosen: dict[int, Lane] = {}
            scores: dict[int, tuple[int, ...]] = {}
            taken: list[pygame.Rect] = []
            for seat, lane, score in forced:
                if lane.rect.inflate(g, g).collidelist(taken) != -1:  # two forced lanes too close: no table at all
                    return {}, {s: (9, 9, 9, 9) for s in range(n)}
                chosen[seat], scores[seat] = lane, score
                taken.append(lane.rect)
            for seat in order:
                if seat in chosen:
                    continue
                # a lane holding a note at the smallest size before one that holds none
                for score, rect, side in ranked[seat]:
                    if rect.inflate(g, g).collidelist(taken) == -1:
                        chosen[seat], scores[seat] = Lane(seat, rect, side, True), score[:4]
                        taken.append(rect)
                        break
                else:  # no felt at all: over the seat's own cards (on a plate), never over anyone's words
                    if seat not in own:
                        own[seat] = self.host.own_lane(seat)
                    chosen[seat], scores[seat] = Lane(seat, own[seat].copy(), "own", False), (9, 9, 9, 9)
            return chosen, scores

        def quality(scores: dict[int, tuple[int, ...]]) -> tuple[int, int, list[tuple[int, ...]]]:
            """Lower is better: seats with no felt, seats whose lane holds no note at the smallest size,
            then the poorest lanes first."""
            return (sum(sc[0] == 9 for sc in scores.values()), sum(sc[3] >= 0 for sc in scores.values()),
                    sorted(scores.values(), reverse=True))

        def forced(seat: int) -> list[Forced]:
            if seat not in firsts:
                firsts[seat] = [(seat, Lane(seat, rect, side, True), score[:4]) for score, rect, side in cands[seat][:12]]
            return firsts[seat]

        # The poorest seat (one with no felt, one whose lane holds no note: another took the felt it needed; else
        # the one with the poorest lane) tries its own best lanes first, the others choosing round it, while that
        # makes the table's lanes better.
        chosen, scores, now = choose()
        for _ in range(3):
            worst = max(range(n), key=lambda s: (scores[s][0] == 9, scores[s][3] >= 0, scores[s], -s))
            tries = forced(worst)
            trials = [choose(first) for first in tries]
            better = min(trials, key=lambda c: c[2], default=None)
            if better is None or better[2] >= now:
                # ... and where none of them does, two seats give way: with each of those lanes, the first seat that
                # trial left with no felt tries its own best lanes too (seven mats at 1280x720: the left column's
                # middle mat, its lane one line between its neighbours' lanes of three, takes the gap above it; the
                # top mat then takes the felt right of it, where the right column's top mat had its lane, which
                # has none until it takes the gap under its own mat)
                trials = [choose(first, second) for first, (_, tried, _) in zip(tries, trials, strict=True)
                          for left in [s for s in range(n) if tried[s][0] == 9][:1]
                          for second in forced(left)]
                better = min(trials, key=lambda c: c[2], default=None)
            if better is None or better[2] >= now:
                break
            chosen, scores, now = better
        return tuple(chosen[s] for s in range(n))

    # -- fitting a note into its lane -----------------------------------------------------------------
    def fit(self, text: str, color: colors.Color, width: int, height: int) -> pygame.Surface:
        """`text` outlined, as big as it goes up to the note size within `width` × `height` (see
        `fitted`)."""
        return self.fitted(text, color, width, height)[0]

    def fitted(self, text: str, color: colors.Color, width: int, height: int, short: str = "",
               readable_only: bool = False, sizes: tuple[int, int] | None = None,
               tiny: str = "") -> tuple[pygame.Surface, int, str]:
        """`text` outlined, as big as it goes up to the note size within `width` × `height`: one line,
        else as few even lines as will do, else smaller, down to the smallest text needed mid-game; then
        `short` (its short form) the same way, then `tiny` (a shorter one still); below that size only if nothing else fits (and cut with
        "…" as the very last resort), and with `readable_only` not at all (an empty image). `sizes`: (the
        biggest, the smallest readable) in place of the note's. The image, its size and the words it says."""
        key = (text, short, tuple(color), width, height, self.host.L.size, readable_only, sizes, tiny)
        cached = self._fitted.get(key)
        if cached is not None:
            return cached
        texts = self.host.texts
        top, low = sizes or (self.size(), self.floor())
        readable = list(range(top, low - 1, -1))
        smaller = list(range(low - 1, max(6, round(low * 0.7)) - 1, -1))
        tries = [(said, s) for said in dict.fromkeys(w for w in (text, short, tiny) if w) for s in readable]
        if not readable_only:
            tries += [(short or text, s) for s in smaller]
        img: pygame.Surface | None = None
        s = top
        said = text
        for said, s in tries:  # measured first, drawn once
            w, h = texts.outlined_size(said, s)
            if w <= width and h <= height:
                img = texts.outlined(said, s, color)
                break
            font = texts.font(s, True)
            r = 2 * max(1, s // 14)
            rows = max(1, height // self._line(s))
            for k in range(2, rows + 1):  # as few lines as will do, as even as the words allow
                lines = balanced(said, font, width - r, k)
                # (measured outlined: at a bigger text size the outline is the drawn size's, wider than `r`)
                if (lines and len(lines) * h <= height
                        and max(texts.outlined_size(line, s)[0] for line in lines) <= width):
                    img = stack([texts.outlined(line, s, color) for line in lines])
                    break
            if img is not None:
                break
        if img is None and readable_only:
            img, s, said = pygame.Surface((0, 0), pygame.SRCALPHA), 0, ""
        elif img is None:  # nothing fits whole: one line, cut
            said, s = tries[-1]
            said, s = texts.fitted(said, width - 2 * max(1, s // 14), s, True)
            img = texts.outlined(said, s, color)
        self._fitted[key] = (img, s, said)
        return img, s, said

    def _least_height(self, text: str, short: str, width: int) -> int:
        """The height a note needs at the smallest size it reads at (its short form if that is less); 0 if
        it does not read in `width` at all."""
        low = self.floor()
        rows = min(self._rows(said, low, width) for said in (text, short or text))
        return 0 if rows >= 99 else rows * self._line(low)

    def _at(self, lane: Lane, img: pygame.Surface | pygame.Rect, offset: int) -> pygame.Rect:
        """Where a note image rests in `lane`, `offset` px further from the panel than the newest note."""
        r = lane.rect
        rect = img.get_rect() if isinstance(img, pygame.Surface) else img.copy()
        if lane.side == "above":
            rect.midbottom = (r.centerx, r.bottom - offset)
        elif lane.side == "below":
            rect.midtop = (r.centerx, r.top + offset)
        elif lane.side == "left":
            rect.topright = (r.right, r.top + offset)
        elif lane.side == "right":
            rect.topleft = (r.left, r.top + offset)
        else:
            rect.midtop = (r.centerx, r.top + offset)
        return rect

    def _marked(self, lane: Lane, img: pygame.Surface, offset: int, size: int) -> tuple[pygame.Rect, pygame.Rect | None]:
        """Where a note drawn at `size` rests in `lane` and where the seat's mark goes before it (centred on
        its first line), if the lane has the room beside the words (else None: the words as they are)."""
        m = round(text_px(size) * MARK_SHARE)
        gap = max(2, m // 3)
        whole = img.get_rect()
        whole.w += m + gap
        if whole.w > lane.rect.w or m < MARK_LEAST:
            return self._at(lane, img, offset), None
        whole = self._at(lane, whole, offset)
        rect = img.get_rect(topright=whole.topright)
        mark = pygame.Rect(0, 0, m, m)
        mark.center = (whole.left + m // 2, whole.top + self._line(size) // 2)
        return rect, mark

    def place(self, seat: int, size: tuple[int, int], side: bool = False) -> Place:
        """Where a note of `size` px rests at `seat` (its lane's place nearest the panel), how far it rises
        (never: lanes are fixed), and whether it fits clear felt (`side` is not used)."""
        lane = self.lane(seat)
        rect = self._at(lane, pygame.Surface(size, pygame.SRCALPHA), 0)
        fits = lane.clear and size[0] <= lane.rect.w and size[1] <= lane.rect.h
        return rect, (0, 0), fits

    def image(self, seat: int, text: str, color: colors.Color) -> tuple[pygame.Surface, Place]:
        """A note's image fitted to its seat's lane, and where it rests as the seat's only note."""
        lane = self.lane(seat)
        img = self.fit(text, color, lane.rect.w, lane.rect.h)
        rect = self._at(lane, img, 0)
        return img, (rect, (0, 0), lane.clear and lane.rect.contains(rect))

    # -- drawing --------------------------------------------------------------------------------------
    @staticmethod
    def fade(e: Note | Banner, now: float) -> float:
        """How opaque a note or banner is at `now`: a note fades in its last NOTE_FADE_MS, a banner in its
        last 30 %."""
        if isinstance(e, Note):
            left = (e.tween.end_ns - now) / (NOTE_FADE_MS * 1_000_000)
            return max(0.0, min(1.0, left))
        raw = e.tween.raw(now)
        return 1.0 if raw < 0.7 else max(0.0, 1.0 - (raw - 0.7) / 0.3)

    def sprite(self, e: Note | Banner, now: float) -> tuple[pygame.Surface, pygame.Rect, float, bool]:
        """A note (as its seat's only one) or a banner at `now`: its image, where it is drawn, its opacity
        and whether it sits on a dark plate (a banner asking for one, a note with no clear felt)."""
        host = self.host
        fade = self.fade(e, now)
        if isinstance(e, Note):
            img, (rect, _, clear) = self.image(e.seat, e.text, self.ink(e.color, not self.lane(e.seat).clear))
            return img, rect, fade, not clear
        lane = host.banner_lane()
        if lane is not None:
            img = self.banner_image(e, lane)
            return img, img.get_rect(center=lane.center), fade, e.plate
        h = host.L.size[1]
        rise = 0.0 if host.reduced_motion else ease_out(e.tween.raw(now))
        img = host.texts.outlined(e.text, round(h * e.scale), self.ink(e.color, e.plate))
        x, y = host.L.centre if e.at is None else host.anchor(e.at)
        y -= rise * h * 0.08
        return img, img.get_rect(center=(round(x), round(y))), fade, e.plate

    def banner_image(self, e: Banner, lane: pygame.Rect) -> pygame.Surface:
        """A banner as big as asked, but within `lane` (with room for its plate)."""
        return self.banner_fit(e, lane)[0]

    def banner_fit(self, e: Banner, lane: pygame.Rect) -> tuple[pygame.Surface, int]:
        """A banner's image as big as asked, but within `lane` (with room for its plate), and its size."""
        # Measured first, drawn once, and kept with the fitted notes: drawing every size tried (a slap's banner
        # tries some fifty at 1920x1080) pushed the seats' words out of the table's cache.
        key = ("banner", e.text, e.scale, tuple(e.color), e.plate, lane.w, lane.h, self.host.L.size)
        cached = self._fitted.get(key)
        if cached is not None:
            return cached[0], cached[1]
        texts = self.host.texts
        size = round(self.host.L.size[1] * e.scale)
        while size > 8:
            w, h = texts.outlined_size(e.text, size)
            pad = max(3, h // 6) if e.plate else 0
            if w + 4 * pad <= lane.w and h + pad <= lane.h:
                break
            size -= 1
        img = texts.outlined(e.text, size, self.ink(e.color, e.plate))
        self._fitted[key] = (img, size, e.text)
        return img, size

    @staticmethod
    def ink(color: colors.Color, plated: bool) -> colors.Color:
        """The colour words asked in `color` are drawn in: made to read at 4.5:1 on what they lie on (the dark
        plate, else the felt)."""
        return colors.readable(color, colors.on_plate()) if plated else colors.on_felt(color)

    def plate_margin(self, size: int) -> int:
        """A plate's margin round words of `size` (at least what draw_plate gives one line of them)."""
        return max(3, self._line(size) // 6)

    def draw_plate(self, surface: pygame.Surface, rect: pygame.Rect, img_h: int, fade: float,
                   pad: int | None = None) -> pygame.Rect:
        pad = max(3, img_h // 6) if pad is None else pad
        plate = rect.inflate(2 * pad, pad)
        hud.shade(surface, plate, round(colors.PLATE_ALPHA * fade), colors.PLATE, radius=pad * 2)
        return plate

    def _by_seat(self, effects: list[Effect], now: float) -> dict[int, list[Note]]:
        """The notes showing at `now`, by seat, newest first (of notes made at once, the last made)."""
        by_seat: dict[int, list[tuple[int, Note]]] = {}
        for k, e in enumerate(effects):
            if (isinstance(e, Note) and 0 <= e.seat < len(self.host.L.seats) and e.tween.started(now)
                    and not e.tween.done(now)):
                by_seat.setdefault(e.seat, []).append((k, e))
        return {seat: [e for _, e in sorted(kn, key=lambda kn: (kn[1].tween.start_ns, kn[0]), reverse=True)]
                for seat, kn in by_seat.items()}

    def pin(self, pins: dict[int, list[Pin]], effects: list[Effect], now: float
            ) -> tuple[Pinned, list[tuple[int, Pin]]]:
        """Each seat's `pins` fitted into its lane nearest its mat, in order, each at `low` px at the least,
        leaving the seat's newest note room to read (all at `low` where that lets more of them in; what the lane
        cannot hold, over the seat's own mat), but for an `urgent` one that is said nowhere else at the seat then
        (a key to press now goes before the seat's notes): (what went, by seat; what did not, with its seat)."""
        notes = self._by_seat(effects, now)
        placed: Pinned = {}
        homeless: list[tuple[int, Pin]] = []
        lanes = self.lanes()  # (fitting words moves no lane: found once for every seat)
        for seat, wanted in pins.items():
            lane = lanes[seat]
            reserve = sum(self._least_height(e.text, e.short, lane.rect.w) for e in notes.get(seat, [])[:1])
            went, lost = self._seat_fit(seat, lane, wanted, lane.rect.h - min(reserve, lane.rect.h))
            if reserve and any(p.urgent for p in lost):
                went, lost = self._seat_fit(seat, lane, wanted, lane.rect.h)
            homeless += [(seat, p) for p in lost]
            if went:
                placed[seat] = went
        return placed, homeless

    def _seat_fit(self, seat: int, lane: Lane, wanted: list[Pin], room: int
                  ) -> tuple[list[tuple[Pin, pygame.Surface, int]], list[Pin]]:
        """`wanted` fitted into `room` px of the seat's lane, what it cannot hold over the seat's mat: (those that
        went, as fitted; those that did not)."""
        went, left = self._lane_fit(lane, wanted, room)
        lost: list[Pin] = []
        for p in left:
            mat = self._on_mat(seat, p, went)
            if mat is None:
                lost.append(p)
            else:
                went.append(mat)
        if lost:  # another on the mat instead, where that lets the lane hold the rest (a slap's banner wrapped
            # in the lane, its seat's turn line over its mat's keys rows)
            for q in wanted:
                mat = None if q in lost else self._on_mat(seat, q, [])
                if mat is None:
                    continue
                rest_went, rest_left = self._lane_fit(lane, [p for p in wanted if p is not q], room)
                if len(rest_left) < len(lost):
                    went, lost = [*rest_went, mat], rest_left
                    break
        return went, lost

    def _lane_fit(self, lane: Lane, wanted: list[Pin], room: int
                  ) -> tuple[list[tuple[Pin, pygame.Surface, int]], list[Pin]]:
        """`_pin_lane`, and all at their least where that lets more of them in (a slap's banner at its least
        leaves the prompt a line)."""
        went, left = self._pin_lane(lane, wanted, room)
        if left and any(p.top > p.low for p in wanted):
            low_went, low_left = self._pin_lane(lane, [replace(p, top=p.low) for p in wanted], room)
            if len(low_left) < len(left):
                went, left = low_went, low_left
        return went, left

    def _pin_lane(self, lane: Lane, wanted: list[Pin], room: int
                  ) -> tuple[list[tuple[Pin, pygame.Surface, int]], list[Pin]]:
        """`wanted` fitted in turn into `room` px of `lane`: (those that went, as fitted; those that did not)."""
        went: list[tuple[Pin, pygame.Surface, int]] = []
        left: list[Pin] = []
        for p in wanted:
            # on its plate; where the lane has no room for one, bare, in its colour made readable on the felt
            shapes = [p] if not p.plate or not lane.clear else [p, replace(p, plate=False, color=colors.readable(
                p.color, colors.FELT_UNDER_WORDS))]
            # (its words in full in either shape before its shorter forms)
            forms = [(shape, shape.text, "", "") for shape in shapes] + [
                (shape, shape.short, shape.tiny, "") for shape in shapes if shape.short]
            said = ""
            for shape, text, short, tiny in forms:  # room left for the seat's newest note (never pushed out)
                pad = self.plate_margin(p.low) if shape.plate or not lane.clear else 0  # (as `draw` pads it)
                img, px, said = self.fitted(text, shape.color, lane.rect.w - 2 * pad, room - pad, short,
                                            readable_only=True, sizes=(max(p.top, p.low), p.low), tiny=tiny)
                if said:
                    break
            if not said:
                left.append(p)
                continue
            went.append((replace(shape, text=said), img, px))
            room -= img.get_height() + pad
        return went, left

    def _on_mat(self, seat: int, p: Pin, placed: list[tuple[Pin, pygame.Surface, int]], lane: Lane | None = None
                ) -> tuple[Pin, pygame.Surface, int] | None:
        """`p` fitted over the seat's own cards, on a plate, where its lane has no room left for it (a lane of
        one line holding a note or the seat's banner; none by a mat in the middle of a row): said at the seat
        still, never in the middle. None where the lane is that place already (over the seat's cards, and no
        lower than the mat's place), or another pin has it. `lane`: the seat's lane weighed (else as found)."""
        if any(q.on_mat for q, _, _ in placed):
            return None
        lane = lane or self.lane(seat)
        pad = self.plate_margin(p.low)  # (as `draw` pads it: a cards' row is low)
        color = colors.readable(p.color, colors.on_plate())
        # (its short form first: the mat it is on names the seat; or its tiny one, where the mat says the keys)
        first, then = (p.tiny, "") if p.mat_tiny and p.tiny else (p.short or p.text, p.tiny)
        tried: list[pygame.Rect] = []
        for whole in (False, True):  # (the mat's first place for words, then its whole: a slap's banner on two lines)
            rect = self.host.mat_words(seat, whole, p.kind == "banner")  # (a banner names the seat)
            if rect is None or rect in tried or (lane.side == "own" and rect.h <= lane.rect.h):
                continue
            tried.append(rect)
            img, px, said = self.fitted(first, color, rect.w - 2 * pad, rect.h - pad, then,
                                        readable_only=True, sizes=(max(p.top, p.low), p.low))
            if said:
                return replace(p, text=said, color=color, plate=True, on_mat=True, mat_whole=whole), img, px
        return None

    def draw(self, surface: pygame.Surface, effects: list[Effect], now: float, banners: bool = True,
             pinned: Pinned | None = None) -> None:
        """The notes among `effects` showing at `now`, each seat's in its lane (newest nearest the panel,
        older ones further out while the lane has room), after the seat's `pinned` words (see `pin`), and
        (with `banners`) the banners, over them."""
        host = self.host
        shown = [e for e in effects if isinstance(e, (Note, Banner)) and e.tween.started(now)
                 and not e.tween.done(now)]
        by_seat = self._by_seat(effects, now)
        pinned = pinned or {}
        lanes = self.lanes()  # (drawing moves no lane: found once for every seat)
        for seat in sorted(set(by_seat) | set(pinned)):
            lane = lanes[seat]
            offset = 0
            for p, img, size in pinned.get(seat, []):
                plated = p.plate or not lane.clear
                pad = self.plate_margin(p.low) if plated else 0  # (a plate as thin as at its least: a low lane holds it)
                mat = host.mat_words(seat, p.mat_whole, p.kind == "banner")
                if p.on_mat and mat is not None:  # (over its own cards, centred: not in the lane)
                    rect = img.get_rect().inflate(2 * pad, pad)
                    rect.center = mat.center
                    box = self.draw_plate(surface, rect.inflate(-2 * pad, -pad), img.get_height(), p.fade, pad)
                    hud.blit_alpha(surface, img, img.get_rect(center=rect.center), p.fade)
                    host.boxes.add(p.kind, box, p.text, seat, text_px(size))
                    continue
                rect = self._at(lane, img.get_rect().inflate(2 * pad, pad), offset)
                box = self.draw_plate(surface, rect.inflate(-2 * pad, -pad), img.get_height(), p.fade, pad) \
                    if plated else rect
                hud.blit_alpha(surface, img, img.get_rect(center=rect.center), p.fade)
                host.boxes.add(p.kind, box, p.text, seat, text_px(size))
                offset += rect.h
            newest_first = by_seat.get(seat, [])
            if lane.side == "own" and any(p.on_mat for p, _, _ in pinned.get(seat, [])):
                newest_first = []  # (its lane over its cards is under the plate: its notes show after its turn)
            start = offset
            for k, e in enumerate(newest_first):
                room = lane.rect.h - offset
                if room <= 0:
                    break
                # The newest note always shows; an older one only where it still reads (a shorter, older
                # one may fit where this one does not). The newest leaves the next one room to read, where
                # it still reads itself in the rest (a little smaller, rather than alone).
                height = room if k else lane.rect.h - start
                ink = self.ink(e.color, not lane.clear)
                if k == 0 and len(newest_first) > 1:
                    nxt = newest_first[1]
                    need = self._least_height(nxt.text, nxt.short, lane.rect.w)
                    if 0 < need < height and self.fitted(e.text, ink, lane.rect.w, height - need,
                                                         e.short, readable_only=True)[2]:
                        height -= need
                img, px, said = self.fitted(e.text, ink, lane.rect.w, height, e.short,
                                            readable_only=k > 0 or start > 0)
                if (k or start) and (not said or img.get_height() > room):
                    continue
                rect, mark = self._marked(lane, img, offset, px)
                fade = self.fade(e, now)
                box = rect
                if not lane.clear:
                    box = self.draw_plate(surface, rect.union(mark) if mark else rect, img.get_height(), fade)
                if mark:
                    hud.blit_alpha(surface, seat_marks.image(seat, mark.w), mark, fade)
                hud.blit_alpha(surface, img, rect, fade)
                host.boxes.add("note", box, said, seat, text_px(px))  # its size as drawn
                offset += box.h  # (a plated note's plate is taller than its words: the next one clears it)
            host.poll()  # a new note's text is fitted the first time: keep reading input
        if not banners:
            return
        for b in shown:
            if isinstance(b, Banner):
                img, rect, fade, plate = self.sprite(b, now)
                box = rect
                if plate:
                    box = self.draw_plate(surface, rect, img.get_height(), fade)
                hud.blit_alpha(surface, img, rect, fade)
                host.boxes.add("banner", box, b.text, px=text_px(round(host.L.size[1] * b.scale)))
        host.poll()


def _free_span(blocks: list[pygame.Rect], y0: int, y1: int, x: int, lo: int, hi: int) -> tuple[int, int] | None:
    """The free stretch lo..hi of rows y0..y1 round column `x` (cut at the first of `blocks` either side);
    None if one of them lies across `x`."""
    if not lo <= x <= hi:
        return None
    for r in blocks:
        if r.bottom <= y0 or r.top >= y1 or r.right <= lo or r.left >= hi:
            continue
        if r.right <= x:
            lo = max(lo, r.right)
        elif r.left > x:
            hi = min(hi, r.left)
        else:
            return None
    return (lo, hi) if hi - lo >= 8 else None
