"""What both tables draw alike: felt, seat panels, notes and banners, flyer positions, motion settings."""

from __future__ import annotations

import pygame

from game.render import colors, felt, hud
from game.render.anim import Anchor, Anim, Flyer
from game.render.card_art import CardArt
from game.render.fonts import TextCache
from game.render.layout import TableLayout, table_layout
from game.render.tokens import Tokens
from game.render.tween import ease_out, lerp, lerp_point, shake

MS = 1_000_000


class TableView:
    """The view-model and drawer base: subclasses add the game's centre, seat contents and event handling."""

    game = ""

    def __init__(self, names: list[str], controls: list[str], seed: int, *, texts: TextCache | None = None,
                 four_colour: bool = False, reduced_motion: bool = False) -> None:
        self.names = list(names)
        self.controls = list(controls)
        self.n = len(names)
        self.seed = seed
        self.art = CardArt(four_colour)
        self.texts = texts or TextCache()
        self.tokens = Tokens()
        self.reduced_motion = reduced_motion
        self.anim = Anim()
        self.L: TableLayout = table_layout((1280, 720), self.n, self.game)
        self._panels: dict[int, tuple[tuple, pygame.Surface, pygame.Rect]] = {}
        self._corner: tuple[tuple, pygame.Surface, pygame.Rect] | None = None
        self._layer: tuple[tuple, pygame.Surface] | None = None

    # -- settings and layout ------------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        self.L = table_layout(size, self.n, self.game)
        self._panels.clear()
        self._layer = None
        self.art.clear()
        self.tokens.clear()

    def set_controls(self, controls: list[str]) -> None:
        if controls != self.controls:
            self.controls = list(controls)
            self._panels.clear()

    def set_four_colour(self, on: bool) -> None:
        self.art.set_four_colour(on)
        self._panels.clear()

    def dur(self, ms: float) -> int:
        """A decoration's duration in ns: shortened to nothing with reduced motion."""
        return 0 if self.reduced_motion else int(ms * MS)

    def fly(self, flyer: Flyer) -> None:
        """Add a flyer unless motion is reduced (then things simply appear where they land)."""
        if flyer.tween.dur_ns > 0:
            self.anim.fly(flyer)

    # -- geometry ---------------------------------------------------------------------------------
    def anchor(self, a: Anchor) -> tuple[float, float]:
        """Screen position of a named anchor; subclasses add their own names."""
        if a[0] == "seat":
            return self.L.seats[a[1]].stack.center
        if a[0] == "info":
            return self.L.seats[a[1]].info.center
        return self.L.centre

    def flyer_pos(self, f: Flyer, now: float) -> tuple[tuple[float, float], float, float, float]:
        """(position, eased progress, width scale, angle) of a flyer at `now`."""
        p = f.tween.progress(now)
        pos = lerp_point(self.anchor(f.src), self.anchor(f.dst), p)
        return pos, p, lerp(f.scale[0], f.scale[1], p), lerp(f.angle[0], f.angle[1], p)

    def shake_dx(self, seat: int, now: float) -> int:
        dx = 0.0
        for e in self.anim.effects:
            if e.kind == "shake" and e.data["seat"] == seat and e.tween.started(now):
                dx += shake(e.tween.raw(now), self.L.seats[seat].rect.h * 0.09)
        return round(dx)

    # -- drawing ----------------------------------------------------------------------------------
    def seat_key(self, seat: int, state, now: float) -> tuple:
        """Everything a seat's panel shows (it is rebuilt when this changes); first item: is it active."""
        raise NotImplementedError

    def build_panel(self, seat: int, key: tuple) -> pygame.Surface:
        """The panel for `key`, the size of the seat's rect."""
        raise NotImplementedError

    def panel_extras(self, seat: int, key: tuple, image: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw what sticks out of the panel (tags) onto the composed image; `rect` is the panel in it."""

    def corner_text(self) -> str:
        """Small print for a free corner (the house rules)."""
        return ""

    def seat_image(self, seat: int, key: tuple) -> tuple[pygame.Surface, pygame.Rect]:
        """The seat's panel with its shadow or glow (and lift when active) composed once; the image
        and where the panel sits in it."""
        cached = self._panels.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1], cached[2]
        rect = self.L.seats[seat].rect
        active = bool(key[0])
        m = max(8, rect.h // 8)
        image = pygame.Surface((rect.w + 2 * m, rect.h + 2 * m), pygame.SRCALPHA)
        inner = pygame.Rect(m, m, rect.w, rect.h)
        radius = max(6, rect.h // 8)
        if active:  # lifted, with a glow in the seat's colour
            inner = inner.move(0, -max(2, rect.h // 22))
            glow = inner.inflate(rect.h // 7, rect.h // 7)
            pygame.draw.rect(image, (*colors.seat_color(seat), 70), glow, border_radius=glow.h // 6)
        else:
            pygame.draw.rect(image, (0, 0, 0, 90), inner.move(0, max(2, rect.h // 30)), border_radius=radius)
        image.blit(self.build_panel(seat, key), inner)
        self.panel_extras(seat, key, image, inner)
        if pygame.display.get_surface() is not None:
            image = image.convert_alpha()
        self._panels[seat] = (key, image, inner)
        return image, inner

    def blit_seat(self, surface: pygame.Surface, seat: int, key: tuple, now: float) -> pygame.Rect:
        """Blit a seat (shaken if it is shaking); returns where its panel is on screen."""
        image, inner = self.seat_image(seat, key)
        rect = self.L.seats[seat].rect
        m = (image.get_width() - rect.w) // 2
        pos = (rect.x - m + self.shake_dx(seat, now), rect.y - m)
        surface.blit(image, pos)
        return inner.move(pos)

    def draw_table(self, surface: pygame.Surface, state, now: float) -> list[pygame.Rect]:
        """Felt, small print and every seat: composed into one opaque layer that is rebuilt only when a
        seat changes; shaking seats are drawn on top each frame. Returns the panels' screen rects."""
        keys = [self.seat_key(seat, state, now) for seat in range(self.n)]
        shaking = frozenset(s for s in range(self.n) if self.shake_dx(s, now))
        note = self.corner_text()
        layer_key = (self.L.size, note, tuple(keys), shaking)
        if self._layer is None or self._layer[0] != layer_key:
            layer = self._layer[1] if self._layer is not None else None
            background = felt.background(self.L.size, self.L.felt, self.L.rim)
            if layer is None or layer.get_size() != background.get_size():
                layer = background.copy()
            else:
                layer.blit(background, (0, 0))
            if note:
                self.draw_corner_note(layer, note)
            for seat in range(self.n):
                if seat not in shaking:
                    self.blit_seat(layer, seat, keys[seat], now)
            self._layer = (layer_key, layer)
        surface.blit(self._layer[1], (0, 0))
        rects = []
        for seat in range(self.n):
            if seat in shaking:
                rects.append(self.blit_seat(surface, seat, keys[seat], now))
            else:
                image, inner = self.seat_image(seat, keys[seat])
                m = (image.get_width() - self.L.seats[seat].rect.w) // 2
                rects.append(inner.move(self.L.seats[seat].rect.x - m, self.L.seats[seat].rect.y - m))
        return rects

    def panel_base(self, seat: int, active: bool, subtitle: str = "", reserve: int = 0
                   ) -> tuple[pygame.Surface, int]:
        """A seat panel with its name (after a dot in the seat colour) and controls, leaving `reserve` px
        free on the right; returns it and the y below the text."""
        box = self.L.seats[seat]
        rect = box.rect
        surf = hud.panel(rect, colors.seat_color(seat), active)
        info = box.info.move(-rect.x, -rect.y)
        info.w -= reserve
        size = max(11, round(rect.h * 0.15))
        dot_r = max(3, size // 3)
        pygame.draw.circle(surf, colors.seat_color(seat), (info.x + dot_r, info.y + size // 2 + 2), dot_r)
        name = self.texts.fit(self.names[seat], info.w - 3 * dot_r, size, colors.TEXT, bold=True)
        surf.blit(name, (info.x + 3 * dot_r, info.y))
        y = info.y + name.get_height()
        ctrl = self.controls[seat] if seat < len(self.controls) else ""
        small = max(9, round(rect.h * 0.11))
        line = " · ".join(p for p in (ctrl, subtitle) if p)
        if line:
            img = self.texts.fit(line, info.w, small, colors.TEXT_DIM)
            surf.blit(img, (info.x, y))
            y += img.get_height()
        return surf, y

    def draw_flying_card(self, surface: pygame.Surface, f: Flyer, now: float, width: int) -> None:
        """A card in the air: face, back, or flipping (back first, the face from halfway, readable at once)."""
        if not f.tween.started(now):
            return
        pos, _, scale, angle = self.flyer_pos(f, now)
        w = max(12, round(width * scale))
        kind = f.art[0]
        raw = f.tween.raw(now)
        if kind == "flip" and raw < 0.5:
            img = self.art.back(w)
            squash = 1.0 - ease_out(max(0.0, raw - 0.3) / 0.2) * 0.9 if raw > 0.3 else 1.0
            if squash < 1.0:
                img = pygame.transform.scale(img, (max(1, round(img.get_width() * squash)), img.get_height()))
        elif kind == "back":
            img = self.art.surface(("back",), w, round(angle))
        else:
            img = self.art.surface(f.art[1], w, round(angle))
        surface.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))

    @staticmethod
    def note_size(box: pygame.Rect) -> int:
        return max(12, round(box.h * 0.16))

    def notes_below(self, box: pygame.Rect) -> bool:
        """Seats at the top edge show their notes below them, the others above."""
        return box.top - self.note_size(box) * 0.45 < self.note_size(box) * 0.6

    def note_zone(self, seat: int) -> pygame.Rect:
        """Where a seat's notes can appear while they rise (other things keep out of it)."""
        box = self.L.seats[seat].rect
        reach = round(self.note_size(box) * 1.4 + box.h * 0.3)
        if self.notes_below(box):
            return pygame.Rect(box.x, box.bottom, box.w, reach)
        return pygame.Rect(box.x, box.top - reach, box.w, reach)

    def draw_notes(self, surface: pygame.Surface, now: float) -> None:
        """Texts at seats ("Too late by 14 ms") and centre banners ("Sandwich!"), rising and fading."""
        h = self.L.size[1]
        for e in self.anim.effects:
            if e.kind not in ("note", "banner") or not e.tween.started(now):
                continue
            raw = e.tween.raw(now)
            fade = 1.0 if raw < 0.7 else max(0.0, 1.0 - (raw - 0.7) / 0.3)
            rise = 0.0 if self.reduced_motion else ease_out(raw)
            if e.kind == "note":
                box = self.L.seats[e.data["seat"]].rect
                img = self.texts.outlined(e.data["text"], self.note_size(box), e.data.get("color", colors.TEXT))
                x = box.centerx
                if self.notes_below(box):
                    y = box.bottom + img.get_height() * 0.6 + rise * box.h * 0.3
                else:
                    y = box.top - img.get_height() * 0.2 - rise * box.h * 0.3
            else:
                size = round(h * e.data.get("scale", 0.075))
                img = self.texts.outlined(e.data["text"], size, e.data.get("color", colors.GOLD))
                x, y = e.data.get("at", self.L.centre)
                y -= rise * h * 0.08
            hud.blit_alpha(surface, img, img.get_rect(center=(round(x), round(y))), fade)

    def draw_corner_note(self, surface: pygame.Surface, text: str) -> None:
        """Small print (the house rules, a hint) in a corner no seat covers; cached per size and text."""
        key = (self.L.size, text)
        if self._corner is None or self._corner[0] != key:
            w, h = self.L.size
            size = max(10, round(h * 0.018))
            lines = [ln for part in text.split("\n") for ln in wrap(part, self.texts.font(size), round(w * 0.3))]
            imgs = [self.texts.render(line, size, colors.TEXT_DIM) for line in lines]
            block = pygame.Surface((max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs)),
                                   pygame.SRCALPHA)
            y = 0
            for img in imgs:
                block.blit(img, (0, y))
                y += img.get_height()
            m = max(4, h // 90)
            spots = [block.get_rect(bottomleft=(m, h - m)), block.get_rect(topleft=(m, m)),
                     block.get_rect(bottomright=(w - m, h - m)), block.get_rect(topright=(w - m, m))]
            free = [r for r in spots if not any(r.colliderect(s.rect) for s in self.L.seats)]
            self._corner = (key, block, free[0] if free else spots[0].move(0, h))  # no room: not shown
        _, block, rect = self._corner
        surface.blit(block, rect)


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Split `text` at " · " (then at spaces) into lines at most `width` px wide."""
    lines: list[str] = []
    line = ""
    for part in text.split(" \u00b7 "):
        trial = f"{line} \u00b7 {part}" if line else part
        if line and font.size(trial)[0] > width:
            lines.append(line)
            line = part
        else:
            line = trial
    if line:
        lines.append(line)
    out: list[str] = []
    for line in lines:  # a single part still too wide: break it at spaces
        words, cur = line.split(" "), ""
        for word in words:
            trial = f"{cur} {word}" if cur else word
            if cur and font.size(trial)[0] > width:
                out.append(cur)
                cur = word
            else:
                cur = trial
        out.append(cur)
    return out
