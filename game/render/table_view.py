"""What both tables draw alike: felt, seat panels, notes and banners, flyer positions, motion settings."""

from __future__ import annotations

from collections.abc import Callable

from typing import Any

import pygame

from game.render import colors, felt, hud
from game.render.anim import Anchor, Anim, Flyer
from game.render.card_art import CardArt
from game.render.fonts import TextCache, wrap
from game.render.layout import TableLayout, table_layout
from game.render.seat_keys import SeatKeys
from game.render.tokens import Tokens
from game.render.tween import ease_out, lerp, lerp_point, shake

MS = 1_000_000


def _no_poll() -> None:
    pass


class TableView:
    """The view-model and drawer base: subclasses add the game's centre, seat contents and event handling."""

    layout_hints: Any = None  # the game's LayoutHints (game.games.base), for table_layout
    text_aspect = 2.0  # a panel narrower than this many heights sizes its text by its width

    def __init__(
        self,
        names: list[str],
        controls: list[str],
        seed: int,
        *,
        texts: TextCache | None = None,
        four_colour: bool = False,
        reduced_motion: bool = False,
    ) -> None:
        self.names = list(names)
        self.bots: set[int] = set()  # seats played by bots (they get no "press" hints)
        self.controls = list(controls)
        self.keys: list[SeatKeys | None] = [None] * len(names)  # each human seat's key labels
        self.n = len(names)
        self.seed = seed
        self.art = CardArt(four_colour)
        self.texts = texts or TextCache()
        self.tokens = Tokens()
        self.reduced_motion = reduced_motion
        self.anim = Anim()
        # Called between drawing stages: the table scene sets it to the input router's poll, so a
        # press made while a frame is being drawn is read (and stamped) within a fraction of a ms.
        # Reading input changes nothing in the game; the drawing stays a pure function of the state.
        self.poll: Callable[[], None] = _no_poll
        self.L: TableLayout = table_layout((1280, 720), self.n, self.layout_hints)
        self._panels: dict[int, tuple] = {}
        self._corner: tuple[tuple, pygame.Surface, pygame.Rect] | None = None
        self._layer: pygame.Surface | None = None  # felt + idle seats, patched where they change
        self._layer_note = ""
        self._in_layer: dict[int, tuple] = {}
        self._turn: dict[tuple, tuple[pygame.Surface, pygame.Surface]] = {}
        self._labels: dict[tuple, tuple[pygame.Surface, pygame.Rect]] = {}
        self._note_places: dict[tuple, tuple[pygame.Rect, tuple[int, int], bool]] = {}
        self._note_imgs: dict[tuple, tuple[pygame.Surface, tuple]] = {}
        self._overhangs: dict[int, tuple[pygame.Surface, tuple[int, int]]] = {}

    # -- settings and layout ------------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        self.L = table_layout(size, self.n, self.layout_hints)
        self._panels.clear()
        self._layer = None
        self._turn.clear()
        self._labels.clear()
        self._note_places.clear()
        self._note_imgs.clear()
        self.art.clear()
        self.tokens.clear()

    def set_controls(self, controls: list[str], keys: list[SeatKeys | None] | None = None) -> None:
        """The panels' controls lines and (if given) each seat's key labels for the prompts."""
        keys = list(keys) if keys is not None else self.keys
        if controls != self.controls or keys != self.keys:
            self.controls = list(controls)
            self.keys = keys
            self._panels.clear()
            self._layer = None

    def keys_of(self, seat: int) -> SeatKeys | None:
        """A human seat's key labels (None for bots and seats nobody plays)."""
        if seat in self.bots or not 0 <= seat < len(self.keys):
            return None
        return self.keys[seat]

    def set_four_colour(self, on: bool) -> None:
        if on != self.art.four_colour:
            self.art.set_four_colour(on)
            self._panels.clear()
            self._layer = None

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
        """(is it this seat's turn, *everything its panel shows*): the panel is rebuilt when the rest
        changes; the turn only changes how it is drawn (lifted, glowing)."""
        raise NotImplementedError

    def build_panel(self, seat: int, content: tuple) -> pygame.Surface:
        """The panel for `content` (a seat key without its first item), the size of the seat's rect."""
        raise NotImplementedError

    def panel_extras(self, seat: int, content: tuple, image: pygame.Surface, rect: pygame.Rect) -> bool:
        """Draw what sticks out of the panel (tags) onto `image`, a transparent overlay the size of the
        seat's composed image; `rect` is the panel in it. Returns whether anything was drawn."""
        return False

    def corner_text(self) -> str:
        """Small print for a free corner (the house rules)."""
        return ""

    def margin(self, seat: int) -> int:
        """Room around a seat's panel for its shadow, glow and tags."""
        return max(8, self.L.seats[seat].rect.h // 8)

    def seat_area(self, seat: int) -> pygame.Rect:
        """Where a seat's composed image (panel, shadow, tags) lies on screen when not lifted."""
        m = self.margin(seat)
        return self.L.seats[seat].rect.inflate(2 * m, 2 * m)

    def seat_image(
        self, seat: int, content: tuple
    ) -> tuple[pygame.Surface, pygame.Rect, pygame.Surface | None]:
        """The seat's panel with its shadow, composed once per content: the image, where the panel sits
        in it, and an overlay of what sticks out (tags, drawn over everything else of the seat)."""
        cached = self._panels.get(seat)
        if cached is not None and cached[0] == content:
            return cached[1], cached[2], cached[3]
        rect = self.L.seats[seat].rect
        m = self.margin(seat)
        image = pygame.Surface((rect.w + 2 * m, rect.h + 2 * m), pygame.SRCALPHA)
        inner = pygame.Rect(m, m, rect.w, rect.h)
        radius = max(6, rect.h // 8)
        pygame.draw.rect(image, (0, 0, 0, 90), inner.move(0, max(2, rect.h // 30)), border_radius=radius)
        image.blit(self.build_panel(seat, content), inner)
        tags: pygame.Surface | None = pygame.Surface(image.get_size(), pygame.SRCALPHA)
        if not self.panel_extras(seat, content, tags, inner):
            tags = None
        if pygame.display.get_surface() is not None:
            image = image.convert_alpha()
            tags = tags.convert_alpha() if tags is not None else None
        self._panels[seat] = (content, image, inner, tags)
        return image, inner, tags

    def _turn_overlays(self, seat: int) -> tuple[pygame.Surface, pygame.Surface]:
        """The glow behind and the thick frame on top of the seat whose turn it is (cached per seat)."""
        rect = self.L.seats[seat].rect
        key = ("turn", seat, rect.size)
        cached = self._turn.get(key)
        if cached is None:
            glow_rect = rect.inflate(rect.h // 7, rect.h // 7)
            glow = pygame.Surface(glow_rect.size, pygame.SRCALPHA)
            pygame.draw.rect(
                glow, (*colors.seat_color(seat), 70), glow.get_rect(), border_radius=glow_rect.h // 6
            )
            frame = hud.turn_frame(rect.size, colors.seat_color(seat))
            cached = (glow, frame)
            self._turn[key] = cached
        return cached

    def draw_seat(self, surface: pygame.Surface, seat: int, key: tuple, now: float) -> pygame.Rect:
        """A seat drawn on its own (its turn: lifted, glowing, framed; shaking: shaken); its panel rect."""
        image, inner, tags = self.seat_image(seat, key[1:])
        area = self.seat_area(seat)
        x, y = area.x + self.shake_dx(seat, now), area.y
        if key[0]:
            y -= max(2, inner.h // 22)
            glow, frame = self._turn_overlays(seat)
            surface.blit(glow, glow.get_rect(center=inner.move(x, y).center))
            surface.blit(image, (x, y))
            surface.blit(frame, inner.move(x, y))
        else:
            surface.blit(image, (x, y))
        if tags is not None:
            surface.blit(tags, (x, y))
        return inner.move(x, y)

    def _blit_idle(self, layer: pygame.Surface, seat: int, content: tuple) -> None:
        image, _, tags = self.seat_image(seat, content)
        area = self.seat_area(seat)
        layer.blit(image, area)
        if tags is not None:
            layer.blit(tags, area)

    def draw_table(self, surface: pygame.Surface, state, now: float) -> list[pygame.Rect]:
        """Felt, small print and the seats. Idle seats live in one opaque layer that is patched only
        where a seat changed; the seat whose turn it is and shaking seats are drawn on top each frame.
        Returns the panels' screen rects."""
        keys = [self.seat_key(seat, state, now) for seat in range(self.n)]
        self.poll()
        dynamic = {s for s in range(self.n) if keys[s][0] or self.shake_dx(s, now)}
        want = {s: keys[s][1:] for s in range(self.n) if s not in dynamic}
        background = felt.background(self.L.size, self.L.felt, self.L.rim)
        note = self.corner_text()
        layer = self._layer
        if layer is None or layer.get_size() != surface.get_size() or note != self._layer_note:
            layer = background.convert(surface)  # the screen's own pixel format: the cheapest blit
            if note:
                self.draw_corner_note(layer, note)
            for seat, content in want.items():
                self._blit_idle(layer, seat, content)
            self._layer, self._layer_note, self._in_layer = layer, note, want
        elif want != self._in_layer:
            dirty = [self.seat_area(s) for s in range(self.n) if want.get(s) != self._in_layer.get(s)]
            for r in dirty:
                layer.set_clip(r)
                layer.blit(background, r, r)
                if note:
                    self.draw_corner_note(layer, note)
                for seat, content in want.items():
                    if self.seat_area(seat).colliderect(r):
                        self._blit_idle(layer, seat, content)
                self.poll()
            layer.set_clip(None)
            self._in_layer = want
        w, h = layer.get_size()
        for band in (pygame.Rect(0, 0, w, h // 2), pygame.Rect(0, h // 2, w, h - h // 2)):
            surface.blit(layer, band, band)  # the whole-window copy is the longest step: read input halfway
            self.poll()
        rects = []
        for seat in range(self.n):
            if seat in dynamic:
                rects.append(self.draw_seat(surface, seat, keys[seat], now))
                self.poll()
            else:
                m = self.margin(seat)
                rects.append(self.seat_area(seat).inflate(-2 * m, -2 * m))
        return rects

    def text_unit(self, seat: int) -> float:
        """What a seat's text sizes scale with: the panel's height, or less when the panel is narrow."""
        rect = self.L.seats[seat].rect
        return min(rect.h, rect.w / self.text_aspect)

    def name_reserve(self, seat: int) -> int:
        """Room (px) kept free right of the name for what the game shows there."""
        return 0

    def controls_size(self, seat: int) -> int:
        """The font size of a seat's controls line ("Q play · L-Shift slap")."""
        return max(9, round(self.text_unit(seat) * 0.11))

    def controls_width(self, seat: int) -> int:
        """How wide a seat's controls line may be: beside what the game shows right of the name."""
        return self.L.seats[seat].info.w - self.name_reserve(seat)

    def name_fit(self, seat: int) -> tuple[str, int]:
        """(text, size) of the name as its panel shows it (cut with "…" only when nothing else fits)."""
        info = self.L.seats[seat].info
        size = max(11, round(self.text_unit(seat) * 0.15))
        dot_r = max(3, size // 3)
        return self.texts.fitted(self.names[seat], info.w - self.name_reserve(seat) - 3 * dot_r, size, True)

    def panel_base(self, seat: int) -> tuple[pygame.Surface, int]:
        """A seat panel with its name (after a dot in the seat colour) and controls (wrapped when the
        panel is narrow); returns it and the y below the text."""
        box = self.L.seats[seat]
        rect = box.rect
        surf = hud.panel(rect, colors.seat_color(seat))
        info = box.info.move(-rect.x, -rect.y)
        text, size = self.name_fit(seat)
        dot_r = max(3, round(self.text_unit(seat) * 0.15) // 3)
        name = self.texts.render(text, size, colors.TEXT, bold=True)
        pygame.draw.circle(
            surf, colors.seat_color(seat), (info.x + dot_r, info.y + name.get_height() // 2 + 1), dot_r
        )
        surf.blit(name, (info.x + 3 * dot_r, info.y))
        y = info.y + name.get_height()
        ctrl = self.controls[seat] if seat < len(self.controls) else ""
        if ctrl:
            width = self.controls_width(seat)
            small = self.controls_size(seat)
            imgs = [self.texts.fit(ctrl, width, small, colors.TEXT_DIM)]
            if self.texts.font(small).size(ctrl)[0] > width:  # two lines if the panel has the room
                wrapped = [
                    self.texts.fit(line, width, small, colors.TEXT_DIM)
                    for line in wrap(ctrl, self.texts.font(small), width)
                ]
                if y + sum(img.get_height() for img in wrapped) <= info.bottom:
                    imgs = wrapped
            for img in imgs:
                surf.blit(img, (info.x, y))
                y += img.get_height()
        return surf, y

    def card_image(
        self, key: tuple, width: int, angle: float = 0.0, scale: float = 1.0, squash: float = 1.0
    ) -> pygame.Surface:
        """A card at `width` turned by `angle`, then scaled by `scale` (and squashed sideways by `squash`).

        The art is drawn once per width and angle; in-between sizes of a moving card are a quick scale
        of it, so no card is ever redrawn in the middle of an animation.
        """
        img = self.art.surface(key, width, round(angle))
        if abs(scale - 1.0) > 0.01 or squash < 1.0:
            w, h = img.get_size()
            img = pygame.transform.scale(img, (max(1, round(w * scale * squash)), max(1, round(h * scale))))
        return img

    def draw_flying_card(self, surface: pygame.Surface, f: Flyer, now: float, width: int) -> None:
        """A card in the air: face, back, or flipping.

        A flipping card shows its face from its first frame (nothing a player must react to hides behind
        an animation: slaps are judged from the moment a card is played); the flip is the face opening
        out from edge-on over the first quarter of the flight.
        """
        if not f.tween.started(now):
            return
        pos, _, scale, angle = self.flyer_pos(f, now)
        kind = f.art[0]
        raw = f.tween.raw(now)
        if kind == "flip" and raw < 0.25:
            squash = 0.35 + 0.65 * ease_out(raw / 0.25)
            img = self.card_image(f.art[1], width, 0.0, scale, squash)
        elif kind == "back":
            img = self.card_image(("back",), width, angle, scale)
        else:
            img = self.card_image(f.art[1], width, angle, scale)
        surface.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))

    def free_width(self, y0: int, y1: int) -> int:
        """How wide a label centred on the table may be between rows y0..y1 without touching a seat."""
        cx = self.L.centre[0]
        half = cx
        for seat in self.L.seats:
            r = seat.rect
            if r.bottom <= y0 or r.top >= y1:
                continue
            if r.right <= cx:
                half = min(half, cx - r.right)
            elif r.left >= cx:
                half = min(half, r.left - cx)
        return max(40, 2 * half - 16)

    def centre_label(
        self, text: str, size: int, color: colors.Color, pos: tuple[int, int], below: bool = False
    ) -> tuple[pygame.Surface, pygame.Rect]:
        """An outlined label ending at `pos` (its middle bottom; its middle top if `below`), wrapped onto
        more lines if a seat is in the way; cached per text, size and place. The image and its rect."""
        key = (text, size, tuple(color), pos, below, self.L.size)
        cached = self._labels.get(key)
        if cached is None:
            img = self.texts.outlined(text, size, color)
            h = img.get_height()
            rows = (pos[1], pos[1] + 3 * h) if below else (pos[1] - 3 * h, pos[1])
            width = self.free_width(*rows)
            if img.get_width() > width:
                font = self.texts.font(size, True)
                head, sep, rest = text.partition(": ")  # "Ada:" on a line of its own first
                parts = [head + sep.strip(), rest] if sep else [text]
                lines = [line for part in parts for line in wrap(part, font, width)]
                imgs = [self.texts.outlined(line, size, color) for line in lines]
                img = pygame.Surface(
                    (max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs)), pygame.SRCALPHA
                )
                y = 0
                for line in imgs:
                    img.blit(line, line.get_rect(midtop=(img.get_width() // 2, y)))
                    y += line.get_height()
            if len(self._labels) > 64:
                self._labels.clear()
            cached = (img, img.get_rect(midtop=pos) if below else img.get_rect(midbottom=pos))
            self._labels[key] = cached
        return cached

    @staticmethod
    def note_size(box: pygame.Rect) -> int:
        return max(10, round(box.h * 0.16))

    def notes_below(self, box: pygame.Rect) -> bool:
        """Seats at the top edge show their notes below them, the others above."""
        return box.top - self.note_size(box) * 0.45 < self.note_size(box) * 0.6

    def keep_clear(self) -> list[pygame.Rect]:
        """Felt the seats' notes stay off when there is room (the game's prompt, the pile); none here."""
        return []

    def _note_blocks(self) -> list[pygame.Rect]:
        """What the seats' notes keep off besides the panels: `keep_clear` and the corner's small print."""
        blocks = list(self.keep_clear())
        if self._corner is not None:
            blocks.append(self._corner[2])
        return blocks

    def note_place(
        self, seat: int, size: tuple[int, int], side: bool = False
    ) -> tuple[pygame.Rect, tuple[int, int], bool]:
        """Where a note of `size` px rests at `seat`, how far it rises ((dx, dy) at the end of its rise)
        and whether it found clear felt. It goes next to the panel, never on the panel itself: above it
        (below it for the top seats), else on the other side, else (with `side`, for a seat at the side
        of the table) beside it towards the middle; off the other panels and their tags, what
        `keep_clear` names and the corner's small print, inside the window. Its rise is cut short where
        something is in the way. With no clear spot at all it takes the least-covered one (and is drawn
        on a dark plate)."""
        clear = self._note_blocks()
        tags = tuple(self.tag_overhang(s) for s in range(self.n))
        over, under = tags[seat]
        key = (seat, size, side, tuple(tuple(r) for r in clear), tags)
        cached = self._note_places.get(key)
        if cached is not None:
            return cached
        box = self.L.seats[seat].rect
        window = pygame.Rect(1, 1, self.L.size[0] - 2, self.L.size[1] - 2)
        gap = max(2, box.h // 22) + 2  # the seat lifts this much on its turn
        travel = round(box.h * 0.3)
        nw, nh = size
        ups = [(0, -1), (0, 1)]
        if self.notes_below(box):
            ups.reverse()
        spots: list[tuple[pygame.Rect, tuple[int, int]]] = []
        for dx, dy in ups:
            y = box.top - gap - over - nh if dy < 0 else box.bottom + gap + under
            for x in (box.centerx - nw // 2, box.left, box.right - nw):
                spots.append((pygame.Rect(x, y, nw, nh), (dx, dy)))
        if side and abs(box.centerx - self.L.centre[0]) > box.w // 4:  # towards the middle
            x = box.right + gap if box.centerx < self.L.centre[0] else box.left - gap - nw
            spots.append((pygame.Rect(x, box.centery - nh // 2, nw, nh), (0, -1)))
        for x in (box.right + gap, box.left - gap - nw):  # beside the panel, on felt between the seats
            spots.append((pygame.Rect(x, box.centery - nh // 2, nw, nh), (0, -1)))
        dy = ups[0][1]  # last resort: snug against the panel's edge, covering as little as it can
        y = box.top - over - nh if dy < 0 else box.bottom + under
        spots.append((pygame.Rect(box.centerx - nw // 2, y, nw, nh), (0, 0)))
        # ... or inside its own panel, over the seat's own cards below its words (never counted clear:
        # it gets a plate), rather than over the game's live words or another seat
        inside = pygame.Rect(box.centerx - nw // 2, box.bottom - nh - max(2, box.h // 22), nw, nh)
        spots.append((inside, (0, 0)))

        def clamp(r: pygame.Rect) -> pygame.Rect:
            r = r.copy()
            if r.w <= window.w:
                r.left = max(window.left, min(r.left, window.right - r.w))
            return r

        def cost(r: pygame.Rect) -> int:
            return self.note_cost(seat, r) + (1 if r.colliderect(box) else 0)  # on its own panel: a plate

        best: tuple[int, pygame.Rect, tuple[int, int]] | None = None
        for rest, (dx, dy) in spots:
            rest = clamp(rest)
            c = cost(rest)
            if c == 0:
                step = max(1, travel // 8)
                for go in range(travel, -1, -step):
                    if cost(rest.union(rest.move(dx * go, dy * go))) == 0:
                        break
                else:
                    go = 0
                return self._remember_place(key, (rest, (dx * go, dy * go), True))
            if best is None or c < best[0]:
                best = (c, rest, (dx, dy))
        assert best is not None
        return self._remember_place(key, (best[1], (0, 0), False))

    def tag_overhang(self, seat: int) -> tuple[int, int]:
        """How far the seat's tags (see `panel_extras`), as last drawn, stick out above and below its
        panel: its notes keep off them too."""
        cached = self._panels.get(seat)
        if cached is None or cached[3] is None:
            return (0, 0)
        _, _, inner, tags = cached
        found = self._overhangs.get(id(tags))
        if found is None or found[0] is not tags:
            ink = tags.get_bounding_rect()
            found = (tags, (max(0, inner.top - ink.top), max(0, ink.bottom - inner.bottom)))
            if len(self._overhangs) > 32:
                self._overhangs.clear()
            self._overhangs[id(tags)] = found
        return found[1]

    def note_cost(self, seat: int, r: pygame.Rect) -> int:
        """How much a note of `seat` at `r` covers: other seats' panels and their tags (counted thrice),
        what `keep_clear` names (four times), its own panel's text and the world outside the window (ten
        times). 0 is clear felt."""
        w, h = self.L.size
        window = pygame.Rect(1, 1, w - 2, h - 2)
        inside = r.clip(window)
        c = 10 * (r.w * r.h - inside.w * inside.h)
        own = self.L.seats[seat]
        words = own.info.inflate(0, 2 * (max(2, own.rect.h // 22) + 2))  # its own text, lifted on its turn
        hit = r.clip(words)
        c += 10 * hit.w * hit.h
        for s in self.L.seats:
            if s.seat != seat:
                over, under = self.tag_overhang(s.seat)
                panel = s.rect.inflate(4, 4)
                panel.top -= over
                panel.height += over + under
                hit = r.clip(panel)
                c += 3 * hit.w * hit.h
        for b in self._note_blocks():  # the game's live words (a prompt) matter more than a panel's edge
            hit = r.clip(b)
            c += 4 * hit.w * hit.h
        return c

    def _remember_place(self, key: tuple, place: tuple) -> tuple[pygame.Rect, tuple[int, int], bool]:
        if len(self._note_places) > 256:
            self._note_places.clear()
        self._note_places[key] = place
        return place

    def note_image(
        self, seat: int, text: str, color: colors.Color
    ) -> tuple[pygame.Surface, tuple[pygame.Rect, tuple[int, int], bool]]:
        """A note's image and its place (see `note_place`): on one line at the seat's note size if that
        finds clear felt above or below the panel, else on two lines, else a size smaller (one line, then
        two); then the same beside the panel; with no clear felt for any of them, the one that covers
        least."""
        clear = tuple(tuple(r) for r in self._note_blocks())
        tags = tuple(self.tag_overhang(s) for s in range(self.n))
        key = (seat, text, tuple(color), self.L.size, clear, tags)
        cached = self._note_imgs.get(key)
        if cached is not None:
            return cached
        size = self.note_size(self.L.seats[seat].rect)
        best: tuple[int, pygame.Surface, tuple] | None = None
        tries = [(s, lines) for s in (size, max(9, round(size * 0.82))) for lines in (1, 2)]
        for side in (False, True):
            for s, lines in tries:
                img = self.texts.outlined(text, s, color) if lines == 1 else self._two_lines(text, s, color)
                if img is None:
                    continue
                place = self.note_place(seat, img.get_size(), side)
                c = 0 if place[2] else self.note_cost(seat, place[0])
                if best is None or c < best[0]:
                    best = (c, img, place)
                if c == 0:
                    break
            if best is not None and best[0] == 0:
                break
        assert best is not None
        if len(self._note_imgs) > 128:
            self._note_imgs.clear()
        self._note_imgs[key] = (best[1], best[2])
        return best[1], best[2]

    def _two_lines(self, text: str, size: int, color: colors.Color) -> pygame.Surface | None:
        """`text` outlined on two centred lines split at the space that makes them most even (None for
        a single word)."""
        words = text.split(" ")
        if len(words) < 2:
            return None
        font = self.texts.font(size, True)
        cut = min(
            range(1, len(words)),
            key=lambda i: max(font.size(" ".join(words[:i]))[0], font.size(" ".join(words[i:]))[0]),
        )
        imgs = [self.texts.outlined(" ".join(part), size, color) for part in (words[:cut], words[cut:])]
        step = font.get_linesize()
        out = pygame.Surface((max(i.get_width() for i in imgs), step + imgs[1].get_height()), pygame.SRCALPHA)
        for k, img in enumerate(imgs):
            out.blit(img, img.get_rect(midtop=(out.get_width() // 2, k * step)))
        return out

    def note_zone(self, seat: int) -> pygame.Rect:
        """Where a seat's notes (as wide as its panel) appear while they rise (other things keep out)."""
        box = self.L.seats[seat].rect
        h = self.texts.font(self.note_size(box), True).get_linesize()
        rest, (dx, dy), _ = self.note_place(seat, (box.w, h))
        return rest.union(rest.move(dx, dy))

    def note_sprite(self, e, now: float) -> tuple[pygame.Surface, pygame.Rect, float, bool]:
        """A note or banner effect at `now`: its image, where it is drawn, its opacity and whether it
        sits on a dark plate (a banner asking for one, a note with no clear felt)."""
        h = self.L.size[1]
        raw = e.tween.raw(now)
        fade = 1.0 if raw < 0.7 else max(0.0, 1.0 - (raw - 0.7) / 0.3)
        rise = 0.0 if self.reduced_motion else ease_out(raw)
        if e.kind == "note":
            img, (rest, (dx, dy), clear) = self.note_image(
                e.data["seat"], e.data["text"], e.data.get("color", colors.TEXT)
            )
            rect = rest.move(round(dx * rise), round(dy * rise))
            return img, rect, fade, not clear
        size = round(h * e.data.get("scale", 0.075))
        img = self.texts.outlined(e.data["text"], size, e.data.get("color", colors.GOLD))
        x, y = e.data.get("at", self.L.centre)
        y -= rise * h * 0.08
        return img, img.get_rect(center=(round(x), round(y))), fade, bool(e.data.get("plate"))

    def draw_notes(self, surface: pygame.Surface, now: float) -> None:
        """Texts at seats ("Too late by 14 ms") and centre banners ("Sandwich!"), rising and fading; a
        seat's older note moves on by a line for each newer one, so two never lie on each other."""
        shown = [
            e
            for e in self.anim.effects
            if e.kind in ("note", "banner") and e.tween.started(now) and not e.tween.done(now)
        ]
        shown.sort(key=lambda e: e.kind == "banner")  # banners over notes: "Sandwich!" is never hidden
        for i, e in enumerate(shown):
            img, rect, fade, plate = self.note_sprite(e, now)
            if e.kind == "note":
                newer = sum(
                    1 for n in shown[i + 1 :] if n.kind == "note" and n.data["seat"] == e.data["seat"]
                )
                if newer:  # moved on by a line per newer note; left out where that is not clear felt
                    box = self.L.seats[e.data["seat"]].rect
                    way = -1 if rect.centery < box.centery else 1
                    rect = rect.move(0, way * newer * rect.h)
                    if self.note_cost(e.data["seat"], rect):
                        continue
            if plate:
                pad = max(3, img.get_height() // 6)
                hud.shade(
                    surface,
                    rect.inflate(2 * pad, pad),
                    round(colors.PLATE_ALPHA * fade),
                    colors.PLATE,
                    radius=pad * 2,
                )
            hud.blit_alpha(surface, img, rect, fade)
            self.poll()  # a new note's text is rendered the first time: keep reading input

    def draw_corner_note(self, surface: pygame.Surface, text: str) -> None:
        """Small print (the house rules, a hint) in a corner no seat covers; cached per size and text."""
        key = (self.L.size, text)
        if self._corner is None or self._corner[0] != key:
            w, h = self.L.size
            size = max(10, round(h * 0.018))
            lines = [
                ln for part in text.split("\n") for ln in wrap(part, self.texts.font(size), round(w * 0.3))
            ]
            imgs = [self.texts.render(line, size, colors.TEXT_DIM) for line in lines]
            block = pygame.Surface(
                (max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs)), pygame.SRCALPHA
            )
            y = 0
            for img in imgs:
                block.blit(img, (0, y))
                y += img.get_height()
            m = max(4, h // 90)
            spots = [
                block.get_rect(bottomleft=(m, h - m)),
                block.get_rect(topleft=(m, m)),
                block.get_rect(bottomright=(w - m, h - m)),
                block.get_rect(topright=(w - m, m)),
            ]
            free = [r for r in spots if not any(r.colliderect(s.rect) for s in self.L.seats)]
            self._corner = (key, block, free[0] if free else spots[0].move(0, h))  # no room: not shown
        _, block, rect = self._corner
        surface.blit(block, rect)
