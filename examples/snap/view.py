"""Snap's table view: the shell's TableView with a deck, a pile and the words under them, all inside the layout's
pile area (which no seat covers and the notes keep off)."""

from __future__ import annotations

from typing import Any

import pygame

from game.render import colors
from game.render.scale import px
from game.render.table_view import TableView
from game.render.text import wrap

from . import engine as sn
from .text import summary, w
from .view_model import LAYOUT, SnapModel


class SnapView(TableView):
    layout_hints = LAYOUT
    model: SnapModel

    def __init__(self, rules: sn.Rules, names: list[str], controls: list[str], seed: int, **kw: Any) -> None:
        super().__init__(SnapModel(rules, names), controls, seed, **kw)
        self.rules = rules

    # -- geometry: the deck on the left of the pile area, the pile beside it, the words under them --------
    def deck_rect(self) -> pygame.Rect:
        p, cw = self.L.pile, self.L.card_w
        return pygame.Rect(p.x + (p.w - round(2.8 * cw)) // 2, p.y, cw, self.L.card_h)

    def pile_rect(self, top: bool = True) -> pygame.Rect:
        cw = self.L.card_w
        return self.deck_rect().move(round(1.2 * cw) + (round(0.6 * cw) if top else 0), 0)

    def anchor(self, a: Any) -> tuple[float, float]:
        if a[0] == "deck":
            return self.deck_rect().center
        if a[0] == "pile":
            return self.pile_rect().center
        return super().anchor(a)

    def keep_clear(self) -> list[pygame.Rect]:
        return [self.L.pile]

    def corner_text(self) -> str:
        return summary(self.rules)

    # -- the seats ----------------------------------------------------------------------------------------
    def seat_key(self, seat: int, state: sn.State, now: float) -> tuple[Any, ...]:
        active = seat == state.current_player and not state.is_over
        ctrl = self.controls[seat] if seat < len(self.controls) else ""
        return (active, len(state.won[seat]), ctrl)

    def build_panel(self, seat: int, content: tuple[Any, ...]) -> pygame.Surface:
        count = content[0]
        font_px = self.panels.controls_size(seat)
        surf, y = self.panels.base(seat, below=self.texts.font(font_px, True).get_height())
        box = self.L.seats[seat]
        info = box.info.move(-box.rect.x, -box.rect.y)
        if count:  # the cards won, as a back in the seat's stack
            stack = box.stack.move(-box.rect.x, -box.rect.y)
            back = self.art.back(self.L.seat_card_w)
            surf.blit(back, back.get_rect(center=stack.center))
        img = self.texts.fit(str(count), info.w, font_px, colors.GOLD, bold=True)
        surf.blit(img, (info.x, min(y, info.bottom - img.get_height())))
        return surf

    # -- the centre ---------------------------------------------------------------------------------------
    def words(self, state: sn.State) -> tuple[list[str], int, pygame.Rect]:
        """The prompt and the counts under the cards: (lines, font size, their area), fitted to the area."""
        p, deck = self.L.pile, self.deck_rect()
        room = pygame.Rect(p.x, deck.bottom + 2, p.w, p.bottom - deck.bottom - 2)
        counts = w("{n} in the pile \u00b7 {d} in the deck", n=len(state.pile), d=len(state.deck))
        text = " \u00b7 ".join(part for part in (self.model.prompt(state), counts) if part)
        for size in range(px(self.L.size, 22), 5, -1):
            font = self.texts.font(size, True)
            lines = wrap(text, font, room.w)
            if all(font.size(ln)[0] <= room.w for ln in lines) and len(lines) * font.get_linesize() <= room.h:
                return lines, size, room
        return [], 6, room

    def draw(self, surface: pygame.Surface, state: sn.State, now: float) -> None:
        self.draw_table(surface, state, now)
        cw = self.L.card_w
        if state.deck:
            surface.blit(self.art.back(cw), self.deck_rect())
        hidden = self.anim.hidden(("pile",), now)
        shown = state.pile[: max(0, len(state.pile) - hidden)]
        if len(shown) >= 2:
            surface.blit(self.art.card(shown[-2], cw), self.pile_rect(top=False))
        if shown:
            surface.blit(self.art.card(shown[-1], cw), self.pile_rect(top=len(shown) >= 2))
        lines, size, room = self.words(state)
        y = room.y
        for ln in lines:
            img = self.texts.render(ln, size, colors.TEXT, bold=True)
            at = img.get_rect(midtop=(room.centerx, y))
            surface.blit(img, at)
            self.boxes.add("prompt", at, ln, px=size)
            y += self.texts.font(size, True).get_linesize()
        for f in self.anim.flyers:
            self.draw_flying_card(surface, f, now, cw)
        self.draw_notes(surface, now)
