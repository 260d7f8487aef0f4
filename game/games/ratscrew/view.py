"""Ratscrew's table view: its view-model (events to effects), its geometry (made once per window size)
and its painting, put together; `draw` draws the table in stages, reading input between them.

Lanes: the headline lane above the pile (a banner, the photo finish, or the pile's count), the pile, the
prompt lane and the claim bar under it (see game.games.ratscrew.geometry), a notes lane per seat (see
game.render.notes) and the corner's small print; every text drawn is in `text_boxes()`."""

from __future__ import annotations

import pygame

from game import cards
from game.games.ratscrew import engine as rs
from game.games.ratscrew import paint
from game.games.ratscrew import text as rs_text
from game.games.ratscrew.geometry import RatscrewGeometry
from game.games.ratscrew.layout import LAYOUT
from game.games.ratscrew.panel import build_panel
from game.games.ratscrew.view_model import RatscrewModel, Sweep
from game.render.effects import Anchor, Flyer
from game.render.scale import px, text_min
from game.render.table_view import TableView


class RatscrewView(TableView):
    """View-model, geometry and drawing of one Ratscrew table."""

    layout_hints = LAYOUT
    text_aspect = 1.6
    model: RatscrewModel

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
        self._corner = rs_text.table_corner(rules)
        self._lanes: tuple[tuple, tuple[pygame.Rect, pygame.Rect]] | None = None  # (what they came from, lanes)
        self._clear: tuple[RatscrewGeometry, list[pygame.Rect]] | None = None

    def relayout(self, size: tuple[int, int]) -> None:
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
        return (active, count, out, owed, claim, ctrl, self.keys_of(seat))

    def build_panel(self, seat: int, content: tuple) -> pygame.Surface:
        count, out, owed, claim, _, _ = content
        return build_panel(self, seat, count, out, owed, claim)

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
