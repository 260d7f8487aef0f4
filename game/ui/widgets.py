"""Menu look and widgets shared by the menu scenes: felt backdrop, panels, text, and a pad-friendly menu."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.commands import BACK, CONFIRM, DOWN, LEFT, PAUSE, RIGHT, START, UP, Command
from game.i18n import t
from game.render import colors, hud, texture
from game.render.cache import LRU, Bound
from game.render.scale import looks_key, text_for, text_px
from game.render.text import TEXT_BOUND, TextCache, TextRecorder, break_lines

Colour = tuple[int, int, int]

# The table's palette (felt, Okabe–Ito seat colours) so menus and tables look like one game.
TEXT = colors.TEXT
TEXT_DIM = colors.TEXT_DIM
GOLD = colors.GOLD
WARN = colors.WARN
PANEL = colors.MENU_PANEL
HILITE = colors.HILITE

# The menus' words (a menu screen draws up to a few hundred, most small): one screen's worth. The screens'
# words shrink no further than the floor.
TEXTS = TextCache(bound=TEXT_BOUND, floor=lambda: floor_size(), name="menu words")
# The menus' backdrop: one window-sized picture, of the current size (a resize empties it).
_BACKDROPS: LRU[pygame.Surface] = LRU("menu backdrop", Bound(screens=1.0, fixed=2**16), size_only=True)


def seat_colour(seat: int) -> Colour:
    return colors.seat_color(seat)


def unit(size: tuple[int, int]) -> float:
    """Layout scale: 1.0 at 1280×720, smaller or larger with the window (the smaller axis decides)."""
    return max(0.45, min(size[0] / 1280, size[1] / 720))


def px(size: tuple[int, int], n: float) -> int:
    return max(1, round(n * unit(size)))


def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """Felt cloth with a soft vignette and the tables' texture, drawn once per window size."""
    surf = _BACKDROPS.get(size)
    if surf is None:
        _BACKDROPS.clear()
        w, h = size
        sw, sh = max(8, w // 8), max(8, h // 8)
        small = pygame.Surface((sw, sh))
        small.fill(colors.FELT_DARK)
        steps = 30
        for i in range(steps):
            p = i / (steps - 1)
            c = colors.mix(colors.FELT_DARK, colors.FELT, min(1.0, p * 1.4) ** 0.9)
            r = pygame.Rect(0, 0, round(sw * (1.5 - 1.1 * p)), round(sh * (1.5 - 1.1 * p)))
            r.center = (sw // 2, sh // 2)
            pygame.draw.ellipse(small, c, r)
        surf = pygame.transform.smoothscale(small, size)
        texture.roughen(surf, 8, seed=21, cell=32)  # the same cloth as the tables': a soft mottling
        texture.roughen(surf, 6, seed=23)  # and its fibres
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        _BACKDROPS[size] = surf
    return surf


def above_floor(size: tuple[int, int], font_px: int) -> bool:
    """Whether text of `font_px` is drawn at FLOOR_PX or more in a window of `size` (a screen that shrinks
    its words to fit stops there)."""
    return text_px(font_px) >= px(size, FLOOR_PX)


def floor_size() -> int:
    """The smallest text size (as a screen passes it to TEXTS) that is drawn at FLOOR_PX or more in the window
    in force (the render context's window), at the text size in force: where a screen shrinks words to fit, it stops here."""
    return text_for(max(1, round(FLOOR_PX * looks_key()[1])))


def blit_text(surface: pygame.Surface, s: str, size: int, colour: Colour, anchor: str, pos: tuple[int, int],
              bold: bool = False, max_w: int | None = None, record: bool = True) -> pygame.Rect:
    """Draw `s` with its `anchor` ("center", "midleft", "topright", …) at `pos`; returns its rect."""
    img = TEXTS.fit(s, max_w, size, colour, bold) if max_w else TEXTS.render(s, size, colour, bold)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    if record:
        TextRecorder.add(surface, rect, s)
        TextRecorder.measure(surface, rect, s, img)
    return rect


def blit_image_text(surface: pygame.Surface, img: pygame.Surface, rect: pygame.Rect, s: str) -> None:
    """Blit an already rendered text image at `rect` (recorded like `blit_text`)."""
    surface.blit(img, rect)
    TextRecorder.add(surface, rect, s)
    TextRecorder.measure(surface, rect, s, img)


def shadow_text(surface: pygame.Surface, s: str, size: int, colour: Colour, anchor: str, pos: tuple[int, int],
                bold: bool = True) -> pygame.Rect:
    """Big headings: the text over a soft dark offset copy, readable on the felt."""
    off = max(2, size // 18)
    blit_text(surface, s, size, colors.SHADOW, anchor, (pos[0] + off, pos[1] + off), bold, record=False)
    return blit_text(surface, s, size, colour, anchor, pos, bold)


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 190, border: Colour | None = None,
          radius: int | None = None) -> None:
    """A translucent dark-green rounded panel (menus, tables of figures)."""
    radius = radius if radius is not None else max(6, rect.h // 24 if rect.h < 400 else 16)
    hud.shade(surface, rect, alpha, PANEL, radius)
    if border:
        pygame.draw.rect(surface, border, rect, width=2, border_radius=radius)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken whatever is drawn (overlays over a table)."""
    hud.shade(surface, surface.get_rect(), alpha)


FLOOR_PX = 20  # no word off the tables is drawn smaller, at 1280×720 (scaled with the window): read from a sofa
HINT_PX = 20  # the key hint's font at 1280×720 (the floor of every word off the tables)
HINT_MARGIN = 14  # from its last line to the bottom edge, at 1280×720
HINT_BREAKS = ("   ·   ", "   ", " ")  # where a hint breaks onto another line: between its groups, between
# its key-and-word pairs, and only last inside a pair


def hint_lines(s: str, max_w: int, size: int) -> list[str]:
    """`s` (a hint at font `size`) on one line if it fits at that size (a hint is never shrunk: it is at the
    floor already); else broken at its wide gaps into as few lines as fit `max_w`, about equally long."""
    if not s or TEXTS.font(size).size(s)[0] <= max_w:
        return [s] if s else []
    return break_lines(s, TEXTS.font(size), max_w, HINT_BREAKS)


def hint_area(size: tuple[int, int]) -> pygame.Rect:
    """Where the bottom hint of a screen goes: the window less a side margin."""
    return pygame.Rect(px(size, 20), 0, size[0] - 2 * px(size, 20), size[1])


def hint_height(size: tuple[int, int], s: str, area: pygame.Rect | None = None, size_px: int = HINT_PX,
                margin: int = HINT_MARGIN) -> int:
    """How far above the bottom of `area` (the window by default) the hint `s` reaches: what a layout keeps
    clear for it (the hint takes two lines or more where one would be cut)."""
    area = hint_area(size) if area is None else area
    font_px = px(size, size_px)
    return px(size, margin) + len(hint_lines(s, area.w, font_px)) * TEXTS.line_height(font_px)


def hint(surface: pygame.Surface, s: str, area: pygame.Rect | None = None, size_px: int = HINT_PX,
         margin: int = HINT_MARGIN) -> pygame.Rect:
    """The key/button hint along the bottom edge (of the window, or of `area`: a panel's inside), centred;
    on more lines where one would cut it. Returns the rect its lines take."""
    size = surface.get_size()
    area = hint_area(size) if area is None else area
    font_px = px(size, size_px)
    step = TEXTS.line_height(font_px)
    y = area.bottom - px(size, margin)
    drawn = pygame.Rect(area.centerx, y, 0, 0)
    for line in reversed(hint_lines(s, area.w, font_px)):
        drawn.union_ip(blit_text(surface, line, font_px, TEXT_DIM, "midbottom", (area.centerx, y),
                                 max_w=area.w))
        y -= step
    return drawn


def menu_hint(buttons: dict[str, str]) -> str:
    """The menus' hint line; `buttons` names the pads' buttons (InputPort.buttons)."""
    return t("↑ ↓ choose   ← → change   Enter / {a} select   Backspace / {b} back", **buttons)


def setup_hint(buttons: dict[str, str]) -> str:
    """The hint line of a setup screen whose Start button begins (the practice schools'): `menu_hint`, and the
    pad's Start or the keyboard's Tab to start (`is_start`)."""
    return t("↑ ↓ choose   ← → change   Enter / {a} select   Tab / {start} start   Backspace / {b} back", **buttons)


def is_start(cmd: Command) -> bool:
    """Start on a screen that starts or plays (the lobby, its house rules, the results, the schools' setups): a pad's
    Start or the keyboard's Tab (a pad's Start is `is_back` in other menus: on a screen with a Start button, going
    back on it left the child where they were)."""
    return (cmd.action == PAUSE and cmd.device.startswith("pad:")) or cmd.action == START


def is_back(cmd: Command) -> bool:
    """Back in a menu: the back action, or Esc / a pad's Start (pause) outside a game."""
    return cmd.action in (BACK, PAUSE)


@dataclass
class Item:
    """One menu row. `value()` shows a setting on the right; `change(±1)` cycles it with ← →."""

    label: str
    on_confirm: Callable[[], object] | None = None  # (what it returns is not used)
    value: Callable[[], str] | None = None
    change: Callable[[int], None] | None = None
    enabled: Callable[[], bool] = field(default=lambda: True)
    colour: Colour | None = None  # a seat's colour mark at the left
    button: bool = False  # drawn boxed even when not selected (Start, Play again, Yes/No)
    short: Callable[[], str] | None = None  # a shorter value, shown when `value()` does not fit
    whole_label: bool = False  # the label is a name: shrunk to fit whole, never cut (the value gives way)

    def selectable(self) -> bool:
        return self.enabled() and (self.on_confirm is not None or self.change is not None)


class Menu:
    """A vertical list of Items, driven by menu actions only (so pads work): ↑ ↓ move, ← → change, confirm."""

    def __init__(self, items: list[Item], index: int = 0, columns: int = 1) -> None:
        self.items = items
        self.columns = columns
        self.index = 0
        self.rects: list[pygame.Rect] = []
        self.select(index)

    @property
    def current(self) -> Item | None:
        return self.items[self.index] if self.items else None

    def select(self, index: int) -> None:
        if not self.items:
            return
        n = len(self.items)
        for k in range(n):
            i = (index + k) % n
            if self.items[i].selectable():
                self.index = i
                return

    def settle(self) -> None:
        """If the focused row can no longer be chosen (e.g. "Delete this preset" once it is gone),
        focus the nearest row above it that can."""
        if self.items and not self.items[self.index].selectable():
            self.move(-1)

    def move(self, step: int) -> None:
        n = len(self.items)
        i = self.index
        for _ in range(n):
            i = (i + step) % n
            if self.items[i].selectable():
                self.index = i
                return

    def handle(self, cmd: Command) -> bool:
        """Apply a menu action; True if the menu used it."""
        item = self.current
        if item is None:
            return False
        if cmd.action == UP:
            self.move(-1)
        elif cmd.action == DOWN:
            self.move(1)
        elif cmd.action in (LEFT, RIGHT) and item.change is not None and item.enabled():
            item.change(-1 if cmd.action == LEFT else 1)
        elif cmd.action in (LEFT, RIGHT) and len(self.rects) == len(self.items):
            target = self.beside(self.index, -1 if cmd.action == LEFT else 1)
            if target is None:
                return False
            self.index = target
        elif cmd.action in (LEFT, RIGHT) and self.columns > 1:
            per_col = -(-len(self.items) // self.columns)
            target = self.index + (per_col if cmd.action == RIGHT else -per_col)
            if 0 <= target < len(self.items) and self.items[target].selectable():
                self.index = target
        elif cmd.action == CONFIRM and item.enabled():
            if item.on_confirm is not None:
                item.on_confirm()
            elif item.change is not None:
                item.change(1)
            else:
                return False
        else:
            return False
        return True

    def beside(self, index: int, step: int) -> int | None:
        """The nearest row that can be chosen on the same line on screen, left (`step` -1) or right (+1)
        of row `index` (buttons side by side, the other column): ← → move there where they change nothing."""
        here = self.rects[index]
        best: tuple[int, int] | None = None
        for i, (item, rect) in enumerate(zip(self.items, self.rects)):
            if i == index or not item.selectable() or not here.top <= rect.centery < here.bottom:
                continue
            gap = (rect.centerx - here.centerx) * step
            if gap > 0 and (best is None or gap < best[0]):
                best = (gap, i)
        return None if best is None else best[1]

    def layout(self, area: pygame.Rect, row_h: int) -> None:
        """Rows top-down, filling `columns` columns left to right."""
        per_col = -(-len(self.items) // self.columns)
        gap = row_h // 3
        col_w = (area.w - gap * (self.columns - 1)) // self.columns
        self.rects = []
        for i in range(len(self.items)):
            col, row = divmod(i, per_col)
            self.rects.append(pygame.Rect(area.x + col * (col_w + gap), area.y + row * row_h, col_w, row_h - 4))

    def draw(self, surface: pygame.Surface) -> None:
        for i, (item, rect) in enumerate(zip(self.items, self.rects)):
            font_px = max(10, round(rect.h * 0.48))
            selected = i == self.index
            enabled = item.enabled()
            if selected:
                pygame.draw.rect(surface, HILITE, rect, border_radius=rect.h // 4)
                pygame.draw.rect(surface, GOLD, rect, width=2, border_radius=rect.h // 4)
            elif item.button:
                panel(surface, rect, alpha=200, border=colors.BUTTON_EDGE, radius=rect.h // 4)
            colour = (TEXT if selected else TEXT_DIM) if enabled else colors.DISABLED
            selected = selected and enabled  # a row that can't be chosen never looks chosen
            x = rect.x + rect.h // 2
            if item.button and not item.value:
                label_img = TEXTS.fit(item.label, rect.w - rect.h // 2, font_px, colour, selected)
                blit_image_text(surface, label_img, label_img.get_rect(center=rect.center), item.label)
                continue
            if item.colour is not None:
                dot = pygame.Rect(0, 0, rect.h // 3, rect.h // 3)
                dot.midleft = (rect.x + rect.h // 3, rect.centery)
                pygame.draw.rect(surface, item.colour, dot, border_radius=dot.h // 3)
                x = dot.right + rect.h // 4
            value = item.value() if item.value else ""
            room = rect.right - x - rect.h // 2
            label_w = room
            if value:
                bold = selected
                font = TEXTS.font(font_px, bold)
                label_need = font.size(item.label)[0]
                if item.whole_label:  # a name: up to 3/5 of the row before it shrinks
                    free = room - min(label_need, int(room * 0.6)) - rect.h // 2
                else:
                    free = max(room - label_need - rect.h // 2, int(room * 0.55))
                # The first that fits whole: with the ‹ › of a focused setting, without them, then the
                # short form the same two ways; else the first that fits in a slightly smaller font;
                # else the shortest, cut to fit.
                plain = [value] + ([item.short()] if item.short is not None else [])
                arrows = item.change is not None and selected and enabled
                choices = [c for v in plain for c in ((f"‹ {v} ›", v) if arrows else (v,))]
                shown = next((c for c in choices if font.size(c)[0] <= free), None)
                if shown is None:
                    whole = (c for c in choices if TEXTS.fitted(c, free, font_px, bold, record=False)[0] == c)
                    shown = next(whole, choices[-1])
                natural = font.size(shown)[0]
                value_w = min(natural, free)
                label_w = room - value_w - rect.h // 3
                blit_text(surface, shown, font_px, GOLD if selected else colour, "midright",
                          (rect.right - rect.h // 2, rect.centery), bold=bold, max_w=value_w)
            if item.whole_label:
                label_img = TEXTS.fit_whole(item.label, label_w, font_px, colour, selected)
                blit_image_text(surface, label_img, label_img.get_rect(midleft=(x, rect.centery)), item.label)
            else:
                blit_text(surface, item.label, font_px, colour, "midleft", (x, rect.centery), bold=selected,
                          max_w=label_w)


def fan(images: list[pygame.Surface], angles: Sequence[float]) -> list[pygame.Surface]:
    """Rotated copies of card images for a decorative fan (made once per layout, not per frame)."""
    return [pygame.transform.rotozoom(img, angle, 1.0) for img, angle in zip(images, angles)]


def on_off(flag: bool) -> str:
    return t("On") if flag else t("Off")


# -- over every scene: notices and the demo's label ------------------------------------------------------
TOAST_NS = 3_200_000_000  # a notice stays this long
TOAST_FADE_NS = 400_000_000  # and fades out over the last part
TOAST_MAX = 2


class Toasts:
    """Short notices over whatever scene is on ("Pad 3 connected — press A to join"): in the top right
    corner, the newest rightmost, two lines in 20 px at 720p (the part after " — " on the second; either on
    more where one would cut it), read from a sofa. Where that corner holds words (a lobby's player count, a seat's score) a notice goes where it covers
    none (`layout`), and stays there while it is up. A notice with the `key` of one still shown replaces it;
    two at most. A notice is worded when drawn (`add` takes its wording), so one on show follows a change of
    language."""

    def __init__(self) -> None:
        self.items: list[tuple[int, Callable[[], str], Colour | None, str]] = []
        self._spots: dict[tuple[int, str], tuple[int, int]] = {}  # where each notice shown was put (its top left)
        self._flat: set[tuple[int, str]] = set()  # the notices shown on one line (where two found no room)

    def add(self, now: int, text: str | Callable[[], str], colour: Colour | None = None, key: str = "") -> None:
        """Show a notice from `now`: `text`, or what `text()` words each time it is drawn."""
        words = text if callable(text) else functools.partial(str, text)
        new = (now, words, colour, key)
        same = [i for i, item in enumerate(self.items) if key and item[3] == key]
        if same:  # an update of a notice shown: in its place
            self.items[same[0]] = new
            return
        said = words()
        kept = [item for item in self.items if item[1]() != said]
        self.items = kept[-(TOAST_MAX - 1):] + [new]

    def drop(self, key: str) -> None:
        """Take the notice with `key` away (what it said is no longer true)."""
        self.items = [item for item in self.items if item[3] != key]

    def active(self, now: int) -> list[tuple[int, str, Colour | None, str]]:
        """(start, words in the language of now, colour, key) of each notice shown at `now`."""
        self.items = [item for item in self.items if now - item[0] < TOAST_NS]
        return [(start, words(), colour, key) for start, words, colour, key in self.items]

    def layout(self, size: tuple[int, int], now: int, avoid: Sequence[Sequence[pygame.Rect]] = (),
               words: Sequence[pygame.Rect] = ()) -> list[tuple[pygame.Rect, list[pygame.Surface], float, Colour]]:
        """(box, line images, opacity, border colour) of each notice shown at `now`, right to left: each off every
        word in `words` and off the places in `avoid` (see Scene.covered, as `demo_label`), in the top right corner
        where that is free, else at the free place nearest along the top, then down the right side. A notice keeps
        its place while that covers no word."""
        out = []
        font = px(size, 20)
        pad_x, pad_y = px(size, 16), px(size, 8)
        right = size[0] - px(size, 8)
        taken = list(words)
        shown = self.active(now)
        self._spots = {k: v for k, v in self._spots.items() if any(k == (i[0], i[1]) for i in shown)}
        self._flat &= set(self._spots)
        places = [r for rects in avoid for r in rects]
        for start, text, colour, _ in reversed(shown):
            head, sep, rest = text.partition(" \u2014 ")
            room = max(px(size, 160), int(size[0] * 0.3))
            # Each part on more lines where one would cut it (a long Swedish head at 150 %).
            lines = [TEXTS.fit(line, room, font, colour or GOLD, True)
                     for line in break_lines(head, TEXTS.font(font, True), room)]
            if sep:
                lines += [TEXTS.fit(line, room, font, TEXT, True)
                          for line in break_lines(rest, TEXTS.font(font, True), room)]
            key = (start, text)
            flat = _one_line(size, head, rest if sep else "", font, colour or GOLD) if key in self._flat else None
            box = _notice_box([flat] if flat is not None else lines, pad_x, pad_y)
            box.topleft = self._spots.get(key, (0, 0))
            if key in self._spots and box.collidelist(taken) == -1:  # it keeps its place (and its lines)
                lines = [flat] if flat is not None else lines
            else:
                self._flat.discard(key)
                box = _notice_box(lines, pad_x, pad_y)
                box.topright = (right, px(size, 6))
                if box.collidelist(taken) != -1 or box.collidelist(places) != -1:
                    # Off the places where it can, off the words in any case (over as little of the places as may be).
                    spot = free_place(size, box, avoid, taken, top=True)
                    flat = _one_line(size, head, rest if sep else "", font, colour or GOLD) \
                        if spot is None and avoid else None
                    if flat is not None:
                        # Nowhere off the places on its lines (the lobby at 1080p: the strip beside its title is too
                        # low for two lines over the seats' cards): on one line, where that finds a free place.
                        wide = _notice_box([flat], pad_x, pad_y)
                        wide.topright = box.topright
                        free = wide.topleft if wide.collidelist([*taken, *places]) == -1 else \
                            free_place(size, wide, avoid, taken, top=True)
                        if free is not None:
                            box, lines, spot = wide, [flat], free
                            self._flat.add(key)
                    box.topleft = spot or _least_covered(size, box, avoid[0] if avoid else (), taken) or box.topleft
            self._spots[(start, text)] = box.topleft
            fade = min(1.0, (TOAST_NS - (now - start)) / TOAST_FADE_NS)
            out.append((box, lines, fade, colour or GOLD))
            taken.append(box)
            right = box.left - px(size, 8) if box.top == px(size, 6) else right
        return out

    def draw(self, surface: pygame.Surface, now: int, avoid: Sequence[Sequence[pygame.Rect]] = (),
             words: Sequence[pygame.Rect] = ()) -> None:
        """Draw the notices shown at `now`, off `words` and `avoid` (see `layout`)."""
        for box, lines, fade, colour in self.layout(surface.get_size(), now, avoid, words):
            radius = max(4, box.h // 4)
            hud.shade(surface, box, round(235 * fade), PANEL, radius)
            if fade > 0.5:
                pygame.draw.rect(surface, colour, box, width=max(2, box.h // 24), border_radius=radius)
            y = box.y + (box.h - sum(i.get_height() for i in lines)) // 2
            for img in lines:
                hud.blit_alpha(surface, img, img.get_rect(midtop=(box.centerx, y)), fade)
                y += img.get_height()


def _notice_box(lines: Sequence[pygame.Surface], pad_x: int, pad_y: int) -> pygame.Rect:
    return pygame.Rect(0, 0, max(i.get_width() for i in lines) + 2 * pad_x, sum(i.get_height() for i in lines) + 2 * pad_y)


def _one_line(size: tuple[int, int], head: str, rest: str, font: int, colour: Colour) -> pygame.Surface | None:
    """A notice's two parts on one line ("Controller 2 connected — press A to join", each part in its colour), or
    None where that line is wider than the window allows."""
    first = TEXTS.render(head, font, colour, True)
    second = TEXTS.render(f" \u2014 {rest}", font, TEXT, True) if rest else None
    width = first.get_width() + (second.get_width() if second is not None else 0)
    if width > size[0] - 2 * px(size, 40):
        return None
    line = pygame.Surface((width, max(first.get_height(), second.get_height() if second else 0)), pygame.SRCALPHA)
    line.blit(first, (0, 0))
    if second is not None:
        line.blit(second, (first.get_width(), 0))
    return line


def demo_label(surface: pygame.Surface, text: str, avoid: Sequence[Sequence[pygame.Rect]] = (),
               words: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """The demo's label ("Demo — press any key"), in a box off every word in `words` and off the places in `avoid`
    (see Scene.covered): off all of them where it can, else off all but the last list, and so on (the first list
    it always keeps off); in the bottom right corner where nowhere is free. Returns the box."""
    size = w, h = surface.get_size()
    img = TEXTS.render(text, px(size, 24), GOLD, True)
    box = img.get_rect().inflate(px(size, 28), px(size, 14))
    box.bottomright = (w - px(size, 10), h - px(size, 10))
    box.topleft = free_place(size, box, avoid, words) or box.topleft
    hud.shade(surface, box, 215, PANEL, box.h // 3)
    surface.blit(img, img.get_rect(center=box.center))
    return box


def free_place(size: tuple[int, int], box: pygame.Rect, avoid: Sequence[Sequence[pygame.Rect]],
               words: Sequence[pygame.Rect], top: bool = False) -> tuple[int, int] | None:
    """The top left of the first place (see `_free_spots`) where a box the size of `box` covers no word in `words`
    and none of the places in `avoid`: off all of them where it can, else off all but the last list, and so on
    (the first list it always keeps off). None where nowhere is free."""
    lists = [tuple(tuple(r) for r in rects) for rects in avoid]
    for k in range(len(lists), 0, -1) if lists else (0,):
        spots = _free_spots(size, box.size, tuple(r for rects in lists[:k] for r in rects), top)
        free = next((spot for spot in spots if box.move_to(topleft=spot).collidelist(words) == -1), None)
        if free is not None:
            return free
    return None


def _least_covered(size: tuple[int, int], box: pygame.Rect, places: Sequence[pygame.Rect],
                   words: Sequence[pygame.Rect]) -> tuple[int, int] | None:
    """Where a box the size of `box` covers no word in `words` and the least of `places` (the first place found
    of the least), or None where every place covers a word."""
    here = box.copy()
    best: tuple[int, int] | None = None
    least = -1
    for spot in _free_spots(size, box.size, (), True):
        here.topleft = spot
        if here.collidelist(words) != -1:
            continue
        covered = sum(c.w * c.h for c in (here.clip(r) for r in places))
        if best is None or covered < least:
            best, least = spot, covered
            if not covered:
                break
    return best


@functools.lru_cache(maxsize=8)
def _free_spots(size: tuple[int, int], box: tuple[int, int], avoid: tuple[tuple[int, ...], ...], top: bool = False
                ) -> tuple[tuple[int, int], ...]:
    """Where a box of `box` size covers none of `avoid`, best first: along the bottom edge from the right, then the
    top edge, then down the sides, then anywhere (rows from the bottom) (`demo_label`); `top`: along the top edge
    from the right, down the right side, along the bottom edge, down the left side, then anywhere (rows from the
    top) (notices, whose place is the top right corner). (Kept for the few layouts a screen shows: a search of
    the whole window takes milliseconds.)"""
    w, h = size
    bw, bh = box
    m, step = px(size, 10), max(2, px(size, 8))
    xs = range(w - m - bw, m - 1, -step)
    ys = range(m, h - m - bh + 1, step)
    bottom, upper = [(x, h - m - bh) for x in xs], [(x, m) for x in xs]
    right, left = [(w - m - bw, y) for y in ys], [(m, y) for y in ys]
    rows = [(x, y) for y in (ys if top else reversed(ys)) for x in xs]
    order = [*upper, *right, *bottom, *left] if top else [*bottom, *upper, *right, *left]
    taken = [pygame.Rect(r) for r in avoid]
    here = pygame.Rect(0, 0, bw, bh)
    free = []
    for spot in dict.fromkeys([*order, *rows]):
        here.topleft = spot
        if here.collidelist(taken) == -1:
            free.append(spot)
    return tuple(free)
