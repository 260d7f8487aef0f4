"""No Thanks' centre words, clear of the seats, of the corners and of each other: "N left" under the
stack, the prompt above the face-up card, and the teaching aid's sum under it. Never smaller than the
table's floor (20 px at 1280x720). Their layouts are cached per window size, text, card and corners."""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar

import pygame

from game.games.nothanks import engine as nt
from game.games.nothanks.geometry import NothanksGeometry, prompt_gap
from game.games.nothanks.view_model import NothanksModel, value_sum
from game.i18n import t
from game.render import colors
from game.render.layout import TableLayout
from game.render.room import half_room
from game.render.scale import big_min, looks_key, px, text_for, text_px
from game.render.text import TextCache, keep_together, lines_in_rooms, stack, wrap

MIN_TEXT = 10  # the centre's texts shrink to the table's floor, and never below this (px)
MAX_PROMPT_LINES = 4
SHORT_PROMPT_LINES = 3  # more lines than this: try a slightly smaller font first
SHRINK_FOR_FEWER_LINES = 0.8  # ... down to this share of the normal size
NOTE_ROOM = 100  # px at 1280x720 between the pot's count and a seat beside it, for the seat's notes


def lowest(floor: int) -> int:
    """The smallest size the centre's words shrink to: the table's floor as drawn (at a bigger text size, a
    smaller size asked of the fonts, as big as 100 % draws the floor), never below MIN_TEXT as drawn."""
    return text_for(max(MIN_TEXT, floor))


class WordsHost(Protocol):
    """What the centre's words read of their table view (game.games.nothanks.view.NothanksView)."""

    L: TableLayout
    geo: NothanksGeometry
    model: NothanksModel
    texts: TextCache
    rules: nt.Rules
    teaching_aid: bool

    def corner_rect(self, fresh: bool = False) -> pygame.Rect | None: ...

    def corners_key(self) -> tuple[object, ...]: ...

    def keep_out(self) -> list[pygame.Rect]: ...


T = TypeVar("T")  # whatever a fit remembers
Key = tuple[object, ...]  # what a fit was made from: its text, sizes, the window's size, the corners


class Fits(Generic[T]):
    """One kind of the centre words' fits, remembered by what it was made from; past KEEP of them (a window
    resized again and again) they are all made again."""

    KEEP = 64

    def __init__(self) -> None:
        self._by: dict[Key, T] = {}

    def get(self, key: Key) -> T | None:
        return self._by.get(key)

    def keep(self, key: Key, value: T) -> T:
        if len(self._by) > self.KEEP:
            self._by.clear()
        self._by[key] = value
        return value

    def clear(self) -> None:
        self._by.clear()


class CentreWords:
    """The centre's words of one No Thanks table."""

    def __init__(self, view: WordsHost) -> None:
        self.v = view
        self._pots: Fits[tuple[int, int]] = Fits()
        self._left_sizes: Fits[int] = Fits()
        self._labels: Fits[pygame.Rect] = Fits()
        self._prompts: Fits[tuple[pygame.Surface, pygame.Rect]] = Fits()
        self._aids: Fits[tuple[int, pygame.Rect]] = Fits()

    def clear(self) -> None:
        for fits in (self._pots, self._left_sizes, self._labels, self._prompts, self._aids):
            fits.clear()

    def centre_texts(self, state: nt.State, now: float) -> list[tuple[str, pygame.Surface, pygame.Rect]]:
        """The centre's words as they are drawn, each with its image and screen rect: "left" (the "N left"
        under the stack), "prompt" (above the card, while the game runs) and "aid" (the teaching aid's
        sum under the card)."""
        v = self.v
        small = v.geo.small_size
        label = v.texts.outlined(t("{n} left", n=state.cards_left), self.left_size(), colors.TEXT)
        label_rect = self.deck_label_rect(label.get_size())
        out = [("left", label, label_rect)]
        if state.is_over:
            return out
        prompt, at = self.prompt_image(v.model.prompt_text(state), small)
        out.append(("prompt", prompt, at))
        if (
            v.teaching_aid
            and v.rules.edition == "cards"
            and state.card is not None
            and not v.model.anim.hidden(("centre",), now)
        ):
            text = value_sum(v.rules, state.card)
            size, rect = self.aid_fit(text, round(small * 1.25), label_rect, at)
            out.append(("aid", v.texts.outlined(text, size, colors.GOLD), rect))
        return out

    def pot_sizes(self) -> tuple[int, int]:
        """The sizes of the pot's count beside the card: its digits (a third of a card high) and its "on the
        card", the largest that keep clear of every seat (and of NOTE_ROOM beside it) and inside the window
        (at a bigger text size they shrink where the seats leave no room, down to what 100 % draws)."""
        v = self.v
        key = ("pot", v.L.size, looks_key())
        cached = self._pots.get(key)
        if cached is not None:
            return cached
        big, small = round(v.L.card_h * 0.36), v.geo.small_size
        room = px(v.L.size, NOTE_ROOM)  # felt kept beside a seat level with the count, for its notes
        blocks = [b.inflate(2 * room, 0) for b in v.geo.keep_out(None)]
        window = pygame.Rect((0, 0), v.L.size)
        found = (big, small)
        for k in range(40):
            share = 1 - k * 0.02
            digits, under = max(text_for(big), round(big * share)), max(text_for(small), round(small * share))
            box = self._pot_box(digits, under)
            found = (digits, under)
            if window.contains(box) and box.collidelist(blocks) < 0:
                break
            if digits == text_for(big) and under == text_for(small):
                break
        return self._pots.keep(key, found)

    def left_size(self) -> int:
        """The size of the stack's "N left": the centre's small print, smaller (at a bigger text size, down
        to what 100 % draws) while, under the stack, it would come within NOTE_ROOM of a seat beside it."""
        v = self.v
        key = ("left size", v.L.size, looks_key())
        cached = self._left_sizes.get(key)
        if cached is not None:
            return cached
        small = v.geo.small_size
        room = px(v.L.size, NOTE_ROOM)
        blocks = [b.inflate(2 * room, 0) for b in v.geo.keep_out(None)]
        deck = v.geo.deck_rect()
        size = small
        for size in range(small, text_for(small) - 1, -1):
            w, h = v.texts.outlined_size(t("{n} left", n=88), size)
            under = pygame.Rect(deck.centerx - w // 2, deck.bottom + 6, w, h)
            if under.collidelist(blocks) < 0:
                break
        return self._left_sizes.keep(key, size)

    def pot_rect(self) -> pygame.Rect:
        """Where the pot's count ("88" over "on the card") lies at its sizes."""
        return self._pot_box(*self.pot_sizes())

    def _pot_box(self, digits: int, under: int) -> pygame.Rect:
        v = self.v
        spot = v.geo.pot_digits_spot
        dw, dh = v.texts.outlined_size("88", digits)
        at = pygame.Rect(0, 0, dw, dh)
        at.midleft = spot
        w, h = v.texts.font(under).size(t("on the card"))
        return at.union(pygame.Rect(spot[0], spot[1] + dh // 2, w, h))

    def deck_label_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """Where the stack's "N left" label (an image of `size`) goes: under the stack; if a seat is in
        the way there, moved sideways just clear of it (still short of the face-up card), else onto the
        stack's lower edge."""
        v = self.v
        key = ("left", size, v.L.size, v.corners_key())
        cached = self._labels.get(key)
        if cached is not None:
            return cached
        deck = v.geo.deck_rect()
        centre = v.geo.centre_rect()
        blocks = v.keep_out()
        under = pygame.Rect((0, 0), size).move(deck.centerx - size[0] // 2, deck.bottom + 6)
        spots = [under]
        for b in blocks:
            if b.colliderect(under):
                dx = b.right + 1 - under.left if b.centerx < deck.centerx else b.left - 1 - under.right
                spots.append(under.move(dx, 0))
        on = under.copy()
        on.bottom = deck.bottom - 4
        spots.append(on)
        window = pygame.Rect((0, 0), v.L.size)
        best = next(
            (
                r
                for r in spots
                if window.contains(r) and not r.colliderect(centre) and r.collidelist(blocks) < 0
            ),
            under,
        )
        return self._labels.keep(key, best)

    def _free_span(self, top: int, bottom: int, cx: int, blocks: list[pygame.Rect]) -> int:
        """How wide a text centred on x = `cx` may be in rows top..bottom without touching `blocks`."""
        half = half_room(cx, top, bottom, blocks, min(cx, self.v.L.size[0] - cx) - 2)
        return 0 if half is None else max(0, 2 * (half - 2))  # None: something lies across the middle

    def prompt_fit(self, text: str, size: int) -> tuple[int, list[str], pygame.Rect]:
        """(size, lines, rect) of the prompt ending just above the face-up card, clear of every seat: the
        largest font (from `size` down to the table's floor) at which it fits; at that size one line, else "Ada:"
        on a line of its own and the rest in even lines, else the whole text in even lines, each on as few
        lines as will do. A key label in brackets stays in one piece, and on the line of the word before
        it if that fits at this size. If nothing fits: the smallest size, as wide as the rows just above
        the card allow."""
        v = self.v
        texts = (keep_together(text, True), keep_together(text, False))
        centre = v.geo.centre_rect()
        bottom = centre.top - prompt_gap(centre.h)
        cx = centre.centerx
        blocks = v.keep_out()
        sizes = range(size, min(size, lowest(max(v.geo.floor, big_min(v.L.size)))) - 1, -1)  # the prompt: 28 px
        first: tuple[int, list[str], pygame.Rect] | None = None
        for s in sizes:
            font = v.texts.font(s, True)
            pad = 2 * max(1, text_px(s) // 14)  # the outline
            lh = font.get_height() + pad
            rooms = [
                self._free_span(bottom - k * lh, bottom, cx, blocks) - pad if bottom >= k * lh else 0
                for k in range(MAX_PROMPT_LINES + 1)
            ]
            lines = lines_in_rooms(texts[0], font, rooms) or lines_in_rooms(texts[1], font, rooms)
            if lines:
                w = max(font.size(line)[0] for line in lines) + pad
                h = len(lines) * lh
                fit = (s, lines, pygame.Rect(cx - w // 2, bottom - h, w, h))
                first = first or fit
                # A prompt in a tall narrow column reads badly: a little smaller on fewer lines wins.
                if s < size * SHRINK_FOR_FEWER_LINES:
                    return first
                if len(lines) <= SHORT_PROMPT_LINES:
                    return fit
        if first is not None:
            return first
        s = sizes[-1]
        font = v.texts.font(s, True)
        pad = 2 * max(1, text_px(s) // 14)
        lines = wrap(texts[1], font, max(80, self._free_span(bottom - font.get_height(), bottom, cx, blocks)))
        w = max(font.size(line)[0] for line in lines) + pad
        h = len(lines) * (font.get_height() + pad)
        return s, lines, pygame.Rect(cx - w // 2, max(0, bottom - h), w, h)

    def prompt_image(self, text: str, size: int) -> tuple[pygame.Surface, pygame.Rect]:
        """The prompt drawn as `prompt_fit` lays it out (cached per text, size and window size)."""
        v = self.v
        key = ("prompt", text, size, v.L.size, v.corners_key())
        cached = self._prompts.get(key)
        if cached is None:
            s, lines, rect = self.prompt_fit(text, size)
            img = stack([v.texts.outlined(line, s, colors.TEXT) for line in lines], rect.size)
            cached = self._prompts.keep(key, (img, rect))
        return cached

    def aid_fit(self, text: str, size: int, label: pygame.Rect, prompt: pygame.Rect | None = None
                ) -> tuple[int, pygame.Rect]:
        """(size, rect) of the teaching aid's sum under the face-up card, clear of the stack's "N left"
        `label`, of the `prompt` over the card and of every seat: moved below the label when they would
        meet, made smaller when it would then touch a seat."""
        v = self.v
        key = ("aid", text, size, tuple(label), None if prompt is None else tuple(prompt), v.L.size, v.corners_key())
        cached = self._aids.get(key)
        if cached is not None:
            return cached
        centre = v.geo.centre_rect()
        window = pygame.Rect((0, 0), v.L.size)
        blocks = [*v.keep_out(), self.pot_rect(), centre, *([] if prompt is None else [prompt.inflate(0, 4)])]
        best: tuple[int, pygame.Rect] | None = None
        for s in range(size, min(size, lowest(v.geo.floor)) - 1, -1):
            font = v.texts.font(s, True)
            pad = 2 * max(1, text_px(s) // 14)
            r = pygame.Rect(0, 0, font.size(text)[0] + pad, font.get_height() + pad)
            pot = self.pot_rect()
            spots = [("midtop", (centre.centerx, centre.bottom + max(4, centre.h // 20))),
                     ("midtop", (centre.centerx, label.bottom + 2)),
                     ("topleft", (pot.left, pot.bottom + max(4, centre.h // 40)))]  # beside the card
            if v.L.rows:  # seats in rows: over the card's count first (the felt over the bottom row is
                # the seats' notes'), then under the card, then under its count
                spots = [("bottomleft", (pot.left, pot.top - max(4, centre.h // 40))), *spots]
            for anchor, at in spots:
                setattr(r, anchor, at)
                if window.contains(r) and not r.colliderect(label) and r.collidelist(blocks) < 0:
                    best = (s, r.copy())
                    break
            if best is not None:
                break
        if best is None:  # no clear spot: the smallest size, below the label
            best = (s, r.copy())
        return self._aids.keep(key, best)
