"""No Thanks' table view: its view-model (events to effects), its geometry (made once per window size),
its centre words, its move log (on demand, in a corner) and its painting, put together; `draw` draws the table in stages, reading input between them."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pygame

from game.core.memo import Key
from game.games.nothanks import engine as nt
from game.games.nothanks import paint
from game.games.nothanks import text as nt_text
from game.games.nothanks.coach_box import CoachBox, Placed
from game.games.nothanks.geometry import NothanksGeometry, token_kind
from game.games.nothanks.layout import SHRINK_STEPS, NothanksLayout, hints
from game.games.nothanks.move_log import MoveLog
from game.games.nothanks.view_model import SHORT_NOTES, CardKey, NothanksModel, card_key
from game.games.nothanks.words import CentreWords
from game.i18n import t
from game.render import colors
from game.render.effects import Anchor
from game.render.layout import TAG_ROOM
from game.render.notes import Pin, Pinned
from game.render.scale import big_min, looks_key, text_for, text_scale
from game.render.small_print import SmallPrint, rules_key_hint
from game.render.table_view import TableView


def key_hint() -> str:
    """The keys the table names in its corner: more or less help, the last moves."""
    return t("\u2191 / \u2193: more or less help \u00b7 \u2190 / \u2192: last moves")


class NothanksView(TableView):
    """View-model, geometry and drawing of one No Thanks table; `teaching_aid` shows how a card's value is
    made and everyone's running score, `show_log` the last takes and passes."""

    text_aspect = 1.9
    model: NothanksModel
    short_notes = SHORT_NOTES

    def __init__(
        self,
        rules: nt.Rules,
        names: list[str],
        controls: list[str],
        seed: int,
        *,
        reduced_motion: bool = False,
        **kw: Any,
    ) -> None:
        self.rules = rules  # (before the base lays the table out: layout_hints reads it, and _shrink)
        self._shrink = 1.0
        self._tags: dict[int, tuple[Hashable, tuple[int, int, int]]] = {}  # per seat: tag_fit's answer, what from
        super().__init__(NothanksModel(rules, names, reduced_motion=reduced_motion), controls, seed, **kw)
        self.token_kind = token_kind(rules)
        self.teaching_aid = True
        self.show_log = False
        self.geo = NothanksGeometry(self.L, rules, self.token_kind)
        self.words = CentreWords(self)
        self.log = MoveLog(self)
        # While the coach's words show: the coached seat, its words (each with its rank) and their compact form.
        self.coach: tuple[int, list[tuple[str, int]], list[tuple[str, int]]] | None = None
        self.coach_box = CoachBox(self)
        self._centre_drawn: list[pygame.Rect] = []  # where the centre's words were last drawn
        self.pinned: Pinned = {}  # what the frame last drawn said at the seats' mats (see pins)

    @property
    def layout_hints(self) -> NothanksLayout:  # type: ignore[override]
        """The game's layout at the text size in force (smaller centre cards at a bigger text size)."""
        return hints(text_scale(), self._shrink, nt_text.chips(self.rules))

    def relayout(self, size: tuple[int, int]) -> None:
        self.small_print = SmallPrint(self.print_avoid)  # laid out again (at the text size in force)
        for shrink in SHRINK_STEPS:  # smaller centre cards only while the prompt lacks room above them
            self._shrink = shrink
            super().relayout(size)
            self.geo = NothanksGeometry(self.L, self.rules, self.token_kind)
            if self.geo.prompt_short <= 0:
                break
        self.words.clear()
        self.log.clear()
        self.coach_box.clear()

    def card_key(self, value: int, mini: bool = False) -> CardKey:
        return card_key(self.rules, value, mini)

    # -- geometry -----------------------------------------------------------------------------------
    def anchor(self, a: Anchor) -> tuple[float, float]:
        if a[0] == "matches":
            return self.matches_point(a[1])
        at = self.geo.anchor(a)
        return super().anchor(a) if at is None else at

    def card_scale(self, a: Anchor) -> float:
        return self.geo.card_scale(a)

    def log_rect(self) -> pygame.Rect | None:
        """Where the move log lies while it is shown (None: hidden, or no room)."""
        return self.log.placed(self.log_shown()).rect

    def log_shown(self) -> bool:
        """The move log is shown when asked for, unless the coach's words have its corner."""
        return self.show_log and self.coach_rect() is None

    def coach_placed(self) -> Placed | None:
        """Where the coach's words lie while they are shown (None: not shown, or no room)."""
        return self.coach_box.placed(self.coach[1], self.coach[2]) if self.coach else None

    def coach_rect(self) -> pygame.Rect | None:
        placed = self.coach_placed()
        return None if placed is None else placed.rect

    def coach_blocks(self) -> tuple[list[pygame.Rect], pygame.Rect]:
        """What the coach's box keeps off (what the move log does), and where the whole small print lies."""
        _, corner = self.small_print.layout(self.L, self.texts, "\n".join(self.corner_texts()))
        return [*self.log.blocks(), self.prompt_zone()], corner

    def keep_out(self) -> list[pygame.Rect]:
        """Where the centre's texts must not go: the seats (see NothanksGeometry.keep_out), the corner's
        small print and the move log or the coach's words when shown."""
        shown = [r for r in (self.log_rect(), self.coach_rect()) if r is not None]
        return [*self.geo.keep_out(self.corner_rect(fresh=True)), *shown]

    def keep_clear(self) -> list[pygame.Rect]:
        """The stack (as thick as it is drawn), the card, the pot's count ("12 on the card", room for two
        digits even before the first frame) and the words round them as last drawn, and the move log or the
        coach's words when shown: seats' notes stay off them (and off the corner's small print)."""
        shown = [r for r in (self.log_rect(), self.coach_rect()) if r is not None]
        (_, digits), (_, word) = paint.pot_count(self, 88)
        return [self.geo.deck_rect(), paint.deck_drawn(self), self.geo.centre_rect(), digits.union(word), *self._centre_drawn,
                *shown]

    def print_avoid(self) -> list[pygame.Rect]:
        """What the small print keeps off besides the seats: the stack with its "N left", the card, the
        pot's count and the prompt's rows over the card."""
        geo = self.geo
        deck = geo.deck_rect()
        w, h = self.texts.outlined_size(t("{n} left", n=88), self.words.left_size())
        label = pygame.Rect(deck.centerx - w // 2, deck.bottom + 6, w, h)
        pot = self.words.pot_rect()
        aid = pygame.Rect(pot.left, pot.bottom, round(self.L.size[0] * 0.3), 2 * geo.small_size)  # the sum beside
        return [deck.union(label).inflate(8, 8), geo.centre_rect().inflate(8, 8), pot.union(aid).inflate(8, 8),
                self.prompt_zone()]

    def coach_room(self) -> pygame.Rect | None:
        """The felt kept for the coach's box (issue 24 item 9: a place of its own, never over the rim or a
        seat): at seats in rows, the tallest stretch of felt left of the stack (and its "N left") between
        the seats (with their tags and lift) and the prompt's rows; None round an ellipse."""
        L = self.L
        if not L.rows:
            return None
        W, H = L.size
        m = max(4, H // 90)
        x1 = min(r.left for r in self.print_avoid()[:1]) - m  # the stack and its "N left", as kept clear
        if x1 - m < W * 0.15:
            return None
        column = pygame.Rect(m, 0, x1 - m, H)
        blocks = [r for r in (*self.geo.keep_out(None), self.prompt_zone()) if r.colliderect(column)]
        cuts = sorted((max(0, r.top - m), min(H, r.bottom + m)) for r in blocks)
        best, y = None, m
        for top, bottom in [*cuts, (H - m, H)]:
            if top > y and (best is None or top - y > best.h):
                best = pygame.Rect(column.x, y, column.w, top - y)
            y = max(y, bottom)
        return best

    def coach_rooms(self) -> list[pygame.Rect]:
        """The felt kept for the coach's box, best first: `coach_room`, and where no seat sits below the centre
        (two seats face each other at the sides), the felt under the centre across the window."""
        rooms = [r for r in (self.coach_room(),) if r is not None]
        if self.L.rows:
            W, H = self.L.size
            m = max(4, H // 90)
            y = max(r.bottom for r in self.print_avoid()[:3]) + m
            strip = pygame.Rect(m, y, W - 2 * m, H - m - y)
            if strip.h > 0 and strip.collidelist(self.geo.keep_out(None)) < 0:
                rooms.append(strip)
        return rooms

    def prompt_zone(self) -> pygame.Rect:
        """The prompt's rows over the card (the small print, the log and the coach's box keep off them)."""
        w = self.L.size[0]
        return pygame.Rect(round(w * 0.2), 0, round(w * 0.6), self.geo.centre_rect().top)

    # -- the corner and the log ----------------------------------------------------------------------
    def corner_texts(self) -> list[str]:
        """The small print's parts, most needed first: the rules in short, the keys' hints."""
        keys = [rules_key_hint(self.model.keys), key_hint()] if self.key_hints else []
        return [nt_text.corner_line(self.rules), *keys]

    def corner_text(self) -> str:
        """The small print: all of `corner_texts`, or less while the move log needs its room (none while the
        coach's words need it)."""
        placed = self.coach_placed()
        if placed is not None and placed.covers_print:
            return ""
        return self.log.placed(self.log_shown()).corner_text

    def corners_key(self) -> tuple[tuple[int, ...] | None, ...]:
        """What the corner and the log cover, for the centre words' caches."""
        return tuple(tuple(r) if r is not None else None
                     for r in (self.corner_rect(fresh=True), self.log_rect(), self.coach_rect()))

    # -- the seats: what a panel shows and where ------------------------------------------------------

    def seat_key(self, seat: int, state: nt.State, now: float) -> Key:
        """(on turn, its count as shown, its cards on the mat, its score, its keys, its pile): the count, the
        cards and the score are the state's at once (motion never holds information back); its cards still
        flying to it, and its pile less what is still flying to it, show when they land."""
        active = seat == state.current_player and not state.is_over
        held = tuple(
            sorted(v for v in state.cards[seat] if not self.anim.hidden(("seat_card", seat, v), now))
        )
        shown = self.model.shown_matches(state, seat)
        piled = None if shown is None else max(0, shown - self.anim.hidden(("matches", seat), now))
        score = nt.score(state.cards[seat], shown) if self.teaching_aid and shown is not None else None
        return (active, shown, held, score, self.controls[seat] if seat < len(self.controls) else "", piled)

    def build_panel(self, seat: int, content: Key) -> pygame.Surface:
        shown, held, _, _, piled = content
        return paint.panel(self, seat, shown, list(held), piled)

    def panel_extras(self, seat: int, content: Key, image: pygame.Surface, rect: pygame.Rect) -> bool:
        return paint.score_tag(self, seat, content[2], image, rect)

    def panel_text_rect(self, seat: int) -> pygame.Rect:
        """A mat's words: its name, matches and keys on top (its cards' row has none: a seat's notes, where
        no felt near it is free, go over that row on a plate); while its turn's prompt is on a plate over the mat
        (see `mat_words`), down to that plate only."""
        box = self.L.seats[seat]
        words = box.info.move(-box.rect.x, -box.rect.y)
        if any(p.on_mat for p, _, _ in self.pinned.get(seat, [])):
            words.height = max(1, min(words.h, self.panels.words_bottom(seat) - words.y))
        return words

    def mat_words(self, seat: int, whole: bool = False, named: bool = False) -> pygame.Rect | None:
        """Where the seat's turn prompt goes when its lane has no room for it: on a plate over its mat under its
        words (its name, matches and keys), over its cards' row too (a mat's words grow at a bigger text size,
        its cards' row shrinks: that row alone is lower than a line of the couch's big words on its plate);
        as the mat is drawn on its turn, lifted (`whole`: the same). None where the mat has no room under its words."""
        box = self.L.seats[seat]
        lift = max(2, box.rect.h // 22)  # (as Panels.draw lifts the seat whose turn it is)
        top = box.rect.y + self.panels.words_bottom(seat) + 1 - lift
        rows = pygame.Rect(box.stack.x, top, box.stack.w, box.stack.bottom - lift - top)
        return rows if rows.h > 0 else None

    def match_unit(self, seat: int) -> float:
        """The size the match count and its icon scale with (the info row's height, less if narrow; on the
        name's row of a mat, about as tall as that row: the name keeps the width)."""
        return self._unit(seat, self.count_compact(seat))

    def _unit(self, seat: int, compact: bool) -> float:
        unit = min(self.L.seats[seat].info.h, self.text_unit(seat) * 0.36)
        if self.count_on_name_row(seat):
            name = self.panels.name_size(seat)
            unit = min(unit, 1.25 * self.texts.font(text_for(name) if compact else name, True).get_height())
        return unit

    def count_room(self, seat: int) -> float:
        """How far left of the info row's right edge the match count's icon is centred: far enough that two
        digits (at the text size in force: bigger at 150 %) end inside the panel."""
        return self._room(seat, self.count_compact(seat))

    def _room(self, seat: int, compact: bool) -> float:
        s = self._unit(seat, compact)
        digits = self.texts.font(self._count_size(seat, compact), True).size("88")[0]
        return max(s * 0.9, digits + s * 0.11 + max(2, s * 0.1))

    def count_compact(self, seat: int) -> bool:
        """Whether the seat's match count (and its pile) is drawn as big as 100 % draws it at a bigger text
        size: where the name beside it would otherwise be drawn under the couch's BIG_MIN as 100 % draws it
        (a long name on a narrow mat), so the name shows whole."""
        if text_scale() <= 1.0 or not self.count_on_name_row(seat):
            return False
        fits: dict[tuple[Hashable, ...], bool] = self.__dict__.setdefault("_compact", {})
        key = (seat, self.names[seat], self.L.size, looks_key())
        if key not in fits:
            width = self.L.seats[seat].info.w - self._reserve(seat, False) - 3 * self.panels.dot_radius(seat)
            name = self.texts.font(text_for(big_min(self.L.size)), True).size(self.names[seat])[0]
            if len(fits) > 64:
                fits.clear()
            fits[key] = name > width
        return fits[key]

    def matches_point(self, seat: int) -> tuple[float, float]:
        box = self.L.seats[seat]
        s = self.match_unit(seat)
        room = self.count_room(seat)
        if self.count_on_name_row(seat):
            # Beside the name, its digits just clear of the score tag on the panel's top edge.
            name_h = self.texts.font(self.panels.name_fit(seat)[1], True).get_height()
            _, tag_top, tag_h = self.tag_fit(seat)
            tag_bottom = box.rect.top + tag_top + tag_h
            # how far a digit's top is above the middle of its line, as drawn (bigger at a bigger text size)
            digit = self.texts.render("0", self.count_size(seat), colors.TEXT, bold=True)
            rise = digit.get_height() / 2 - digit.get_bounding_rect().top
            return (
                box.info.right - room,
                max(box.info.y + name_h / 2 + 1, tag_bottom + max(2, digit.get_height() // 14) + rise),
            )
        return (box.info.right - room, box.info.centery + s * 0.12)

    def count_on_name_row(self, seat: int) -> bool:
        """Whether the match count sits on the name's row, leaving the controls line the panel's full width:
        always where the seat has a controls line (a mat: the name and the matches on top, the keys or the
        bot's level under them across the mat, then the cards), so the keys keep the couch's word size."""
        return bool(self.controls[seat] if seat < len(self.controls) else "")

    def controls_width(self, seat: int) -> int:
        # With the count moved up to the name's row, the controls run under it: the panel's full width.
        if self.count_on_name_row(seat):
            return self.L.seats[seat].info.w
        return super().controls_width(seat)

    def name_reserve(self, seat: int) -> int:
        return self._reserve(seat, self.count_compact(seat))

    def _reserve(self, seat: int, compact: bool) -> int:
        # the icon starts about 0.47 units left of its centre (count_room left of the edge)
        return round(self._room(seat, compact) + self._unit(seat, compact) * 0.6) + 4

    def count_size(self, seat: int) -> int:
        """The match count's digits (px)."""
        return self._count_size(seat, self.count_compact(seat))

    def _count_size(self, seat: int, compact: bool) -> int:
        size = max(big_min(self.L.size), round(self._unit(seat, compact) * 0.5))
        return text_for(size) if compact else size

    def tag_fit(self, seat: int) -> tuple[int, int, int]:
        """(size, top, height) of the score tag on the seat's mat: its words' size, and its top and height in px
        from the mat's top edge (top < 0: above it). As tall as its words' letters (ascenders and descenders) and
        a little more; centred on the edge where that keeps it clear of the name's letters under it, else higher
        (at 150 % text it sat on the name), as far as the room kept above a mat lets it (its share of the layout,
        the composed image's margin); where even that is too little, a size smaller, down to the couch's floor
        as drawn (a tiny mat: there, at the floor and clear of the name)."""
        box = self.L.seats[seat]
        key = (box.rect.size, self.L.size, looks_key(), self.panels.name_fit(seat), self.text_unit(seat))
        known = self._tags.get(seat)
        if known is not None and known[0] == key:
            return known[1]
        letters = self.texts.render("Hd", self.panels.name_fit(seat)[1], colors.TEXT, bold=True).get_bounding_rect()
        # the lowest the tag's bottom may come: a gap over the name's capitals and ascenders (not a capital's accent)
        lowest = self.panels.name_top(seat) + letters.top - max(3, letters.h // 9)
        above = round(box.rect.h * TAG_ROOM)
        first = max(self.geo.floor, round(self.text_unit(seat) * 0.12))
        fit = None
        for size in range(first, min(first, text_for(self.geo.floor)) - 1, -1):
            height = self._tag_height(size)
            top = min(-(height // 2), lowest - height)
            fit = (size, top, height)
            if top >= -above:
                break
        assert fit is not None  # (one size at least is tried)
        size, top, height = fit
        fit = (size, max(top, -self.panels.margin(seat)), height)  # (never cut off by the image's edge)
        self._tags[seat] = (key, fit)
        return fit

    def _tag_height(self, size: int) -> int:
        """The score tag's height for words of `size`: their letters (ascenders to descenders, in any language)
        and a little room over and under them."""
        ink = self.texts.render("dp", size, colors.INK, bold=True).get_bounding_rect()
        return ink.h + 2 * max(2, ink.h // 12)

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, state: nt.State, now: float, thinking: int | None = None) -> None:
        """The whole table at `now`; `thinking` is the seat whose bot is deciding (its dots breathe)."""
        # the turn prompt at its seat's mat (issue 37), in its lane off the centre's words (laid out first); where
        # the lane cannot hold it, on a plate over the mat under its words (fitted first: the mat's words box ends
        # over it, see panel_text_rect); over the card where neither can
        self._centre_drawn = [rect for _, _, rect in self.words.centre_texts(state, now)]
        for seat in range(self.n):  # (the mats as this frame draws them: their tags' overhang moves the lanes)
            self.panels.image(seat, self.seat_key(seat, state, now)[1:])
        self.pinned, homeless = self.notes.pin(self.pins(state), self.anim.effects, now)
        rects = self.draw_table(surface, state, now)
        if thinking is not None and not state.is_over:
            paint.thinking(surface, rects[thinking], now)
        self.poll()
        log, words = self.log.draw(surface, state, self.log_shown())
        if log is not None:
            self.boxes.add("log", log, words)
        if self.coach is not None:
            seat, lines, compact = self.coach
            coach = self.coach_box.draw(surface, lines, compact, seat)
            if coach is not None:
                self.boxes.add("coach", coach, "\n".join(words for words, _ in lines), seat, self.coach_box.size())
        paint.centre(self, surface, state, now, prompt=bool(homeless))
        self.poll()
        for f in self.anim.flyers:
            paint.flyer(self, surface, f, now)
        self.poll()
        self.draw_notes(surface, now, self.pinned)

    def pins(self, state: nt.State) -> dict[int, list[Pin]]:
        """What is said at a seat's mat before its notes (issue 37): whose turn and which keys (the short form
        where the lane is narrow)."""
        if state.is_over:
            return {}
        seat = state.current_player
        low = text_for(big_min(self.L.size))  # (the couch's big words: where the lane cannot hold them, over the card)
        return {seat: [Pin("prompt", self.model.prompt_text(state), colors.TEXT, self.geo.small_size, low,
                           short=self.model.prompt_short(state), tiny=self.model.prompt_tiny(state),
                           mat_tiny=True)]}
