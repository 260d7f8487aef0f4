"""Ratscrew's table view: its view-model (events to effects), its geometry (made once per window size)
and its painting, put together; `draw` draws the table in stages, reading input between them.

Lanes: the headline lane above the pile (a banner, the photo finish, or the pile's count), the pile, the
prompt lane and the claim bar under it (see game.games.ratscrew.geometry), a notes lane per seat (see
game.render.notes) and the corner's small print; every text drawn is in `text_boxes()`."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame

from game import cards
from game.games.ratscrew import engine as rs
from game.games.ratscrew import paint
from game.games.ratscrew import text as rs_text
from game.games.ratscrew.geometry import RatscrewGeometry
from game.games.ratscrew.layout import LAYOUT, RatscrewLayout
from game.games.ratscrew.panel import build_panel
from game.games.ratscrew.view_model import RatscrewModel, Sweep
from game.render.effects import Anchor, Flyer
from game.render.fonts import TextCache, wrap
from game.render.layout import TableLayout
from game.render.scale import px, text_min, text_scale, unit
from game.render.small_print import WIDTH_SHARE, SmallPrint, rules_key_hint
from game.render.table_view import TableView


class CornerPrint(SmallPrint):
    """The table's small print (its rules in short) in a free corner; where no corner is free (a big text
    size round many seats), against the window's left or right edge between two seats, off what `clear`
    gives (the seats as they can be drawn, the pile and the centre's lanes as wide as it)."""

    def __init__(self, clear: Callable[[], list[pygame.Rect]]) -> None:
        super().__init__()
        self._clear = clear

    def layout(self, L: TableLayout, texts: TextCache, text: str) -> tuple[pygame.Surface, pygame.Rect]:
        key = (L.size, text)
        if self._placed is None or self._placed[0] != key:
            _, rect = super().layout(L, texts, text)
            found = self._edge(L, texts, text) if rect.top >= L.size[1] else None
            if found is not None:
                self._placed = (key, *found)
        assert self._placed is not None
        return self._placed[1], self._placed[2]

    def _edge(self, L: TableLayout, texts: TextCache, text: str) -> tuple[pygame.Surface, pygame.Rect] | None:
        w, h = L.size
        size = text_min(L.size)
        font = texts.font(size)
        parts = [p for p in text.split("\n") if p]
        m = max(4, h // 90)
        keep_off = [r.inflate(m, m) for r in self._clear()]
        for keep in range(len(parts), 0, -1):
            lines = [ln for part in parts[:keep] for ln in wrap(part, font, round(w * WIDTH_SHARE))]
            block = self._block(texts, lines, size)
            for y in range(m, h - m - block.get_height() + 1, 2):
                for spot in (block.get_rect(topleft=(m, y)), block.get_rect(topright=(w - m, y))):
                    if spot.collidelist(keep_off) < 0:
                        return block, spot
        return None


PANEL_GROW = 0.6  # per unit of text scale over 1: how much wider the panels are made (at 1280×720 and up)
CARD_SHRINK = 0.3  # ... and how much smaller the centre's cards


class RatscrewView(TableView):
    """View-model, geometry and drawing of one Ratscrew table."""

    text_aspect = 1.6
    model: RatscrewModel
    _tall = LAYOUT.pile_tall  # the centre's height in card heights, as tall as its column needs
    _roomy = 1.0  # how much of PANEL_GROW the window takes

    @property
    def layout_hints(self) -> RatscrewLayout:  # type: ignore[override]
        """LAYOUT, at a bigger text size with wider panels (room for a seat's keys on one line beside its
        cards) and smaller centre cards (room for taller panels round a centre whose lanes grew)."""
        grow = max(0.0, text_scale() - 1.0)
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
        **kw,
    ) -> None:
        super().__init__(
            RatscrewModel(rules, names, seed, reduced_motion=reduced_motion), controls, seed, **kw
        )
        self.rules = rules
        self.geo = RatscrewGeometry(self.L, seed)
        # seat: (its count, its badge) in its panel, as last built
        self.badges: dict[int, tuple[pygame.Rect, pygame.Rect]] = {}
        # the corner: the slaps in one short line and the rules key (the rest is behind it: issue 20)
        self._corner = "\n".join([rs_text.table_corner(rules).split("\n")[0], rules_key_hint()])
        self.small_print = CornerPrint(self.print_clear)
        self._lanes: tuple[tuple, tuple[pygame.Rect, pygame.Rect]] | None = None  # (what they came from, lanes)
        self._clear: tuple[RatscrewGeometry, list[pygame.Rect]] | None = None

    def relayout(self, size: tuple[int, int]) -> None:
        self.small_print = CornerPrint(self.print_clear)  # laid out again (at the text size in force)
        self._tall = LAYOUT.pile_tall
        self._roomy = min(1.0, max(0.0, (unit(size) - 0.5) * 2))  # 0 at 640×360, 1 from 1280×720 up
        super().relayout(size)
        column = RatscrewGeometry(self.L, self.seed).column()
        if column > self.L.pile.h:  # a bigger text size: the lanes above and below the pile grew
            self._tall = (column + 1) / self.L.card_h
            super().relayout(size)
        self.geo = RatscrewGeometry(self.L, self.seed)
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

    # -- geometry -----------------------------------------------------------------------------------
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
        claim bar."""
        if self._clear is None or self._clear[0] is not self.geo:
            headline, prompt = self.geo.core_lanes()
            self._clear = (self.geo, [self.geo.pile_zone.copy(), headline, prompt.union(self.geo.claim_bar())])
        return self._clear[1]

    def print_clear(self) -> list[pygame.Rect]:
        """What the small print keeps off where no corner is free: every seat as it can be drawn (lifted,
        shaken), the pile and the lanes above and below it as wide as it."""
        headline, prompt = self.geo.core_lanes()
        half = self.geo.pile_zone.w // 2
        headline = pygame.Rect(self.geo.centre[0] - half, headline.y, 2 * half, headline.h)
        return [*(self.notes.panel_zone(s) for s in range(self.n)), self.geo.pile_zone, headline,
                prompt.union(self.geo.claim_bar())]

    def panel_text_rect(self, seat: int) -> pygame.Rect:
        """A seat's words (name, keys, count, badge) are in its panel's info column."""
        box = self.L.seats[seat]
        words = box.info if box.name is None else box.info.union(box.name)
        return words.move(-box.rect.x, -box.rect.y)

    # -- the seats ----------------------------------------------------------------------------------
    def corner_text(self) -> str:
        return self._corner

    def seat_key(self, seat: int, state: rs.State, now: float) -> tuple:
        count = len(state.hands[seat])
        out = not state.in_game(seat)
        active = seat == state.current_player and not state.is_over and not out
        owed = state.owed if active and state.owed else 0
        claim = state.awaiting_claim and seat == state.challenger
        ctrl = self.controls[seat] if seat < len(self.controls) else ""
        wait = 0 if out else state.timeouts[seat]
        return (active, count, out, owed, claim, wait, ctrl, self.keys_of(seat))

    def build_panel(self, seat: int, content: tuple) -> pygame.Surface:
        count, out, owed, claim, wait, _, _ = content
        return build_panel(self, seat, count, out, owed, claim, wait=wait)

    # -- drawing ------------------------------------------------------------------------------------
    def draw(
        self, surface: pygame.Surface, state: rs.State, now: float, claim_left: float | None = None
    ) -> None:
        """The whole table at `now`; `claim_left` is the claim window's remaining share (1..0) if open."""
        self.draw_table(surface, state, now)
        self.poll()
        pile_size = len(state.pile)
        under = [f for f in self.anim.flyers if f.hides and f.hides[0] == "burn"]
        for f in under:  # burned cards slide in under the pile
            self.draw_flying_card(surface, f, now, self.L.card_w, pile_size)
        self._draw_pile(surface, state, now)
        self.poll()
        self._draw_pile_count(surface, state, now)
        paint.headline(self, surface, now)
        self.poll()
        for f in self.anim.flyers:
            if f not in under:
                self.draw_flying_card(surface, f, now, self.L.card_w, pile_size)
                self.poll()  # each card in the air is turned and scaled: keep stamping presses between them
        self.poll()
        paint.slaps(self, surface, now)
        self.poll()
        self._draw_status(surface, state, claim_left)
        self.poll()
        self.draw_notes(surface, now)

    def draw_flying_card(
        self, surface: pygame.Surface, f: Flyer, now: float, width: int, pile_size: int = 0
    ) -> None:
        """A card in the air, or a won pile swept to its winner; pile slots as in a pile of `pile_size`."""
        if isinstance(f.art, Sweep):
            paint.sweep(self, surface, f, now)
        else:
            super().draw_flying_card(surface, f, now, width, lambda a: self.anchor(a, pile_size))

    def _draw_pile(self, surface: pygame.Surface, state: rs.State, now: float) -> None:
        paint.pile(self, surface, state, now)

    def _draw_pile_count(self, surface: pygame.Surface, state: rs.State, now: float | None = None) -> None:
        paint.pile_count(self, surface, state, now)

    def _draw_status(self, surface: pygame.Surface, state: rs.State, claim_left: float | None) -> None:
        paint.status(self, surface, state, claim_left)
