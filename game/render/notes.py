"""The notes lane: where a seat's note ("Too late by 14 ms") rests on clear felt next to its panel, how
it is fitted (one line, two lines, a size smaller), and drawing notes and banners rising and fading.

Each kind of message keeps to its own lane: a note stays off the panels and their tags, off what the
table asks to keep clear (the game's prompt, the pile) and off the corner's small print; a banner is
drawn over every note.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.render import colors, hud
from game.render.effects import Anchor, Banner, Effect, Note
from game.render.fonts import TextCache
from game.render.layout import TableLayout
from game.render.textfit import two_lines
from game.render.tween import ease_out

Place = tuple[pygame.Rect, tuple[int, int], bool]  # (where it rests, its rise (dx, dy), on clear felt)


class NotesHost(Protocol):
    """What the notes lane asks of its table."""

    L: TableLayout
    texts: TextCache
    reduced_motion: bool
    poll: Callable[[], None]

    def keep_clear(self) -> list[pygame.Rect]: ...

    def corner_rect(self) -> pygame.Rect | None: ...

    def tag_overhang(self, seat: int) -> tuple[int, int]: ...

    def anchor(self, a: Anchor) -> tuple[float, float]: ...


class Notes:
    """One table's notes lane; its places and images are cached until `clear`."""

    def __init__(self, host: NotesHost) -> None:
        self.host = host
        self._places: dict[tuple, Place] = {}
        self._images: dict[tuple, tuple[pygame.Surface, Place]] = {}

    def clear(self) -> None:
        self._places.clear()
        self._images.clear()

    @staticmethod
    def size(box: pygame.Rect) -> int:
        """A seat's note size (px) for its panel `box`."""
        return max(10, round(box.h * 0.16))

    def below(self, box: pygame.Rect) -> bool:
        """Seats at the top edge show their notes below them, the others above."""
        return box.top - self.size(box) * 0.45 < self.size(box) * 0.6

    def blocks(self) -> list[pygame.Rect]:
        """What the seats' notes keep off besides the panels: `keep_clear` and the corner's small print."""
        blocks = list(self.host.keep_clear())
        corner = self.host.corner_rect()
        if corner is not None:
            blocks.append(corner)
        return blocks

    def _tags(self) -> tuple[tuple[int, int], ...]:
        return tuple(self.host.tag_overhang(s) for s in range(len(self.host.L.seats)))

    def place(self, seat: int, size: tuple[int, int], side: bool = False) -> Place:
        """Where a note of `size` px rests at `seat`, how far it rises ((dx, dy) at the end of its rise)
        and whether it found clear felt. It goes next to the panel, never on the panel itself: above it
        (below it for the top seats), else on the other side, else (with `side`, for a seat at the side
        of the table) beside it towards the middle; off the other panels and their tags, what
        `keep_clear` names and the corner's small print, inside the window. Its rise is cut short where
        something is in the way. With no clear spot at all it takes the least-covered one (and is drawn
        on a dark plate)."""
        L = self.host.L
        clear = self.blocks()
        tags = self._tags()
        over, under = tags[seat]
        key = (seat, size, side, tuple(tuple(r) for r in clear), tags)
        cached = self._places.get(key)
        if cached is not None:
            return cached
        box = L.seats[seat].rect
        window = pygame.Rect(1, 1, L.size[0] - 2, L.size[1] - 2)
        gap = max(2, box.h // 22) + 2  # the seat lifts this much on its turn
        travel = round(box.h * 0.3)
        nw, nh = size
        ups = [(0, -1), (0, 1)]
        if self.below(box):
            ups.reverse()
        spots: list[tuple[pygame.Rect, tuple[int, int]]] = []
        for dx, dy in ups:
            y = box.top - gap - over - nh if dy < 0 else box.bottom + gap + under
            for x in (box.centerx - nw // 2, box.left, box.right - nw):
                spots.append((pygame.Rect(x, y, nw, nh), (dx, dy)))
        if side and abs(box.centerx - L.centre[0]) > box.w // 4:  # towards the middle
            x = box.right + gap if box.centerx < L.centre[0] else box.left - gap - nw
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
            return self.cost(seat, r) + (1 if r.colliderect(box) else 0)  # on its own panel: a plate

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
                return self._remember(key, (rest, (dx * go, dy * go), True))
            if best is None or c < best[0]:
                best = (c, rest, (dx, dy))
        assert best is not None
        return self._remember(key, (best[1], (0, 0), False))

    def cost(self, seat: int, r: pygame.Rect) -> int:
        """How much a note of `seat` at `r` covers: other seats' panels and their tags (counted thrice),
        what `keep_clear` names (four times), its own panel's text and the world outside the window (ten
        times). 0 is clear felt."""
        L = self.host.L
        w, h = L.size
        window = pygame.Rect(1, 1, w - 2, h - 2)
        inside = r.clip(window)
        c = 10 * (r.w * r.h - inside.w * inside.h)
        own = L.seats[seat]
        words = own.info.inflate(0, 2 * (max(2, own.rect.h // 22) + 2))  # its own text, lifted on its turn
        hit = r.clip(words)
        c += 10 * hit.w * hit.h
        for s in L.seats:
            if s.seat != seat:
                over, under = self.host.tag_overhang(s.seat)
                panel = s.rect.inflate(4, 4)
                panel.top -= over
                panel.height += over + under
                hit = r.clip(panel)
                c += 3 * hit.w * hit.h
        for b in self.blocks():  # the game's live words (a prompt) matter more than a panel's edge
            hit = r.clip(b)
            c += 4 * hit.w * hit.h
        return c

    def _remember(self, key: tuple, place: Place) -> Place:
        if len(self._places) > 256:
            self._places.clear()
        self._places[key] = place
        return place

    def image(self, seat: int, text: str, color: colors.Color) -> tuple[pygame.Surface, Place]:
        """A note's image and its place (see `place`): on one line at the seat's note size if that finds
        clear felt above or below the panel, else on two lines, else a size smaller (one line, then two);
        then the same beside the panel; with no clear felt for any of them, the one that covers least."""
        L = self.host.L
        texts = self.host.texts
        clear = tuple(tuple(r) for r in self.blocks())
        key = (seat, text, tuple(color), L.size, clear, self._tags())
        cached = self._images.get(key)
        if cached is not None:
            return cached
        size = self.size(L.seats[seat].rect)
        best: tuple[int, pygame.Surface, Place] | None = None
        tries = [(s, lines) for s in (size, max(9, round(size * 0.82))) for lines in (1, 2)]
        for side in (False, True):
            for s, lines in tries:
                img = texts.outlined(text, s, color) if lines == 1 else two_lines(texts, text, s, color)
                if img is None:
                    continue
                place = self.place(seat, img.get_size(), side)
                c = 0 if place[2] else self.cost(seat, place[0])
                if best is None or c < best[0]:
                    best = (c, img, place)
                if c == 0:
                    break
            if best is not None and best[0] == 0:
                break
        assert best is not None
        if len(self._images) > 128:
            self._images.clear()
        self._images[key] = (best[1], best[2])
        return best[1], best[2]

    def zone(self, seat: int) -> pygame.Rect:
        """Where a seat's notes (as wide as its panel) appear while they rise (other things keep out)."""
        box = self.host.L.seats[seat].rect
        h = self.host.texts.font(self.size(box), True).get_linesize()
        rest, (dx, dy), _ = self.place(seat, (box.w, h))
        return rest.union(rest.move(dx, dy))

    def sprite(self, e: Note | Banner, now: float) -> tuple[pygame.Surface, pygame.Rect, float, bool]:
        """A note or banner at `now`: its image, where it is drawn, its opacity and whether it sits on a
        dark plate (a banner asking for one, a note with no clear felt)."""
        host = self.host
        h = host.L.size[1]
        raw = e.tween.raw(now)
        fade = 1.0 if raw < 0.7 else max(0.0, 1.0 - (raw - 0.7) / 0.3)
        rise = 0.0 if host.reduced_motion else ease_out(raw)
        if isinstance(e, Note):
            img, (rest, (dx, dy), clear) = self.image(e.seat, e.text, e.color)
            rect = rest.move(round(dx * rise), round(dy * rise))
            return img, rect, fade, not clear
        img = host.texts.outlined(e.text, round(h * e.scale), e.color)
        x, y = host.L.centre if e.at is None else host.anchor(e.at)
        y -= rise * h * 0.08
        return img, img.get_rect(center=(round(x), round(y))), fade, e.plate

    def draw(self, surface: pygame.Surface, effects: list[Effect], now: float) -> None:
        """The notes and banners among `effects` showing at `now`; a seat's older note moves on by a line
        for each newer one, so two never lie on each other."""
        shown = [
            e
            for e in effects
            if isinstance(e, (Note, Banner)) and e.tween.started(now) and not e.tween.done(now)
        ]
        shown.sort(key=lambda e: isinstance(e, Banner))  # banners over notes: "Sandwich!" is never hidden
        for i, e in enumerate(shown):
            img, rect, fade, plate = self.sprite(e, now)
            if isinstance(e, Note):
                newer = sum(1 for n in shown[i + 1 :] if isinstance(n, Note) and n.seat == e.seat)
                if newer:  # moved on by a line per newer note; left out where that is not clear felt
                    box = self.host.L.seats[e.seat].rect
                    way = -1 if rect.centery < box.centery else 1
                    rect = rect.move(0, way * newer * rect.h)
                    if self.cost(e.seat, rect):
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
            self.host.poll()  # a new note's text is rendered the first time: keep reading input
