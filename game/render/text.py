"""Text, in one module: the fonts and a cache of rendered text (so static strings are not re-rendered every
frame; both bounded, and emptied when the window changes size: see game.render.cache), the height of a line,
fitting a text to its room (a smaller font, then "…"), wrapping it into lines and into even lines, and the
boxes the drawn words are recorded in for the tests (a table's per frame, a menu screen's while recording).

One measure of a line: `TextCache.line_height` is the font's line skip (`get_linesize`), the step from one
line's top to the next's, which every stack of lines and every row of text here is built on. (For the
vendored DejaVu fonts it equals the height of a rendered line, `get_height`, at every size:
tests/test_text_module.py checks that, so neither measure moves a layout.)"""

from __future__ import annotations

import functools
import io
import re
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Self

import pygame

from game.core.memo import Memo
from game.names import clean_text
from game.render.cache import LRU, Bound
from game.render.scale import looks_key, text_px, text_scale
from game.resources import font_path

FontGetter = Callable[..., "pygame.font.Font"]

# A table at 3840x2160 uses about 40 sizes at once, one at 1280x720 about 25, and its layout tries many more
# as it fits its words: an 8-seat table of the slap game at 1920x1080 asks for 64 fonts as its panels try every size
# from the count's down to 9 px, 16.8 MB as counted (see cache.FONT_BYTES: each open font with its glyphs is
# 0.2 to 0.3 MB, bigger with the window). Fewer than a panel's sizes held reopens all of them on every rebuild
# (a least-recently-used cache scanned in order misses every time): 0.1 ms each, 6 ms a panel at 1920x1080.
# 10 MiB and a screen's worth is 14 MB at 1280x720, 19 MB at 1920x1080, 44 MB at 3840x2160.
FONT_BOUND = Bound(screens=1.0, fixed=10 * 2**20)
_FONTS: LRU[pygame.font.Font] = LRU("fonts", FONT_BOUND)


def get_font(size: int, bold: bool = False) -> pygame.font.Font:
    """The vendored DejaVu font at `size` px (the last FONT_CAPACITY used are kept)."""
    size = max(6, int(size))
    key = (size, bold)
    if not pygame.font.get_init():  # fonts made before a pygame.quit() are dead
        pygame.font.init()
        _FONTS.clear()
    font = _FONTS.get(key)
    if font is not None:
        try:
            font.get_height()
        except pygame.error:  # made before a pygame.quit() that someone followed with pygame.font.init()
            _FONTS.clear()
            font = None
    if font is None:
        font = _FONTS[key] = pygame.font.Font(io.BytesIO(_font_file(bold)), size)
    return font


@functools.cache
def _font_file(bold: bool) -> bytes:
    """The font's file, read once (two files, 1.4 MB): a font opened from a path has FreeType seek and read
    the file for each table and glyph it needs, some thousands of system calls a screen; from memory, none."""
    return font_path(bold).read_bytes()


# Widths measured, by (font face, text, px, bold): a font's glyphs never change, so neither do they. The face
# is the font's family and style by name, "DejaVu Sans Book": a value, so every TextCache of the same fonts
# (one per table and app) shares the widths measured, and no key keeps a getter (nor its app) alive. An entry
# is about 300 bytes: 2 MiB keeps some 7,000 widths, every word of a few screens at a few sizes (the layouts
# try sizes until the words fit). Kept across resizes: they depend on the px, not the window.
WIDTHS_BYTES = 2 * 2**20
_WIDTHS: Memo[tuple[str, str, int, bool], int] = Memo("text widths", WIDTHS_BYTES)
# Words drawn by one TextCache: a table's frame draws about a hundred words and numbers (a tenth of a
# screen); half a screen's worth keeps the words of the last seconds (notes fading, counts going up).
TEXT_BOUND = Bound(screens=0.5)


class TextCache:
    """Rendered text surfaces keyed by (text, size, bold, colour); least recently used ones are dropped."""

    def __init__(self, get: FontGetter | None = None, bound: Bound = TEXT_BOUND,
                 floor: Callable[[], int] | None = None, name: str = "table words") -> None:
        """`floor`: the smallest text size (as passed here) the fitting methods shrink words to, asked each
        time (the screens' floor depends on the window and the text size in force); 6 if not given."""
        self._get = get or get_font
        self._cache: LRU[pygame.Surface] = LRU(name, bound)
        self._floor = floor or (lambda: 6)
        self._face: str | None = None  # the getter's font by family and style (see width), once asked

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The font for text of `size`, at the player's text size (game.render.scale.text_scale)."""
        return self._get(max(6, text_px(int(size))), bold)

    def line_height(self, size: int, bold: bool = False) -> int:
        """The height of one line of text of `size` at the text size in force: the font's line skip, the step
        from one line's top to the next's (see the module's docstring)."""
        return self.font(size, bold).get_linesize()

    def width(self, text: str, size: int, bold: bool = False) -> int:
        """How wide `text` is drawn at `size` (at the text size in force). Measured once per font and px
        (the layouts ask for the same words' widths many times a frame)."""
        px = max(6, text_px(int(size)))
        face = self._face
        if face is None:
            font = self._get(px, False)
            face = self._face = f"{font.name} {font.style_name}"
        key = (face, text, px, bold)
        w = _WIDTHS.get(key)
        if w is None:
            w = _WIDTHS[key] = self._get(px, bold).size(text)[0]
        return w

    def render(self, text: str, size: int, color: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
        key = (text, int(size), bold, tuple(color), looks_key())
        surf = self._cache.get(key)
        if surf is None:
            font = self.font(size, bold)
            try:
                surf = font.render(text, True, color)
            except (ValueError, UnicodeError):  # a NUL or a lone surrogate that reached the screen: never a crash
                surf = font.render(clean_text(text), True, color)
            self._cache[key] = surf
            _PX[surf] = max(6, text_px(int(size)))
        if DRAWN is not None:
            DRAWN.append((text, _PX.get(surf, 0)))
        return surf

    def outlined(
        self,
        text: str,
        size: int,
        color: tuple[int, int, int],
        outline: tuple[int, int, int] = (0, 0, 0),
        bold: bool = True,
    ) -> pygame.Surface:
        """Text with a dark outline, readable on any background (banners, counts)."""
        key = ("\0outline", text, int(size), bold, tuple(color), tuple(outline), looks_key())
        surf = self._cache.get(key)
        if surf is not None:
            if DRAWN is not None:
                DRAWN.append((text, _PX.get(surf, 0)))
            return surf
        inner = self.render(text, size, color, bold)
        edge = self.font(size, bold).render(text, True, outline)
        r = max(1, text_px(int(size)) // 14)
        surf = pygame.Surface((inner.get_width() + 2 * r, inner.get_height() + 2 * r), pygame.SRCALPHA)
        for dx in (-r, 0, r):
            for dy in (-r, 0, r):
                if dx or dy:
                    surf.blit(edge, (r + dx, r + dy))
        surf.blit(inner, (r, r))
        self._cache[key] = surf
        _PX[surf] = max(6, text_px(int(size)))
        return surf

    def outlined_size(self, text: str, size: int, bold: bool = True) -> tuple[int, int]:
        """The size `outlined(text, size, ...)` has, without drawing it (for fitting text cheaply)."""
        w, h = self.font(size, bold).size(text)
        r = 2 * max(1, text_px(int(size)) // 14)
        return w + r, h + r

    def fit(
        self, text: str, max_w: int, size: int, color: tuple[int, int, int], bold: bool = False
    ) -> pygame.Surface:
        """Render at `size`, shrinking the font (to 3/4 at most) and then cutting the text with an
        ellipsis until it is at most `max_w` wide."""
        text, size = self.fitted(text, max_w, size, bold)
        return self.render(text, size, color, bold)

    def fitted(self, text: str, max_w: int, size: int, bold: bool = False, record: bool = True) -> tuple[str, int]:
        """The (text, size) `fit` draws: the font shrunk to 3/4 at most, then the text cut with "…" (counted
        in CUTS while a test records, unless `record` is off: a layout only trying a text out)."""
        smallest = max(8, int(size * 0.75))
        while size > smallest and self.font(size, bold).size(text)[0] > max_w:
            size = max(smallest, int(size * 0.92))
        return self.cut(text, max_w, size, bold, record), size

    def cut(self, text: str, max_w: int, size: int, bold: bool = False, record: bool = True) -> str:
        """`text` cut with "…" to `max_w` px at `size` (never a smaller font; as it is if it fits); a cut is
        counted in CUTS while a test records, unless `record` is off."""
        font = self.font(size, bold)
        if font.size(text)[0] <= max_w:
            return text
        if CUTS is not None and record:
            CUTS.append(text)
        while len(text) > 1 and font.size(text + "…")[0] > max_w:
            text = text[:-1]
        return text.rstrip() + "…"

    def cut_start(self, text: str, max_w: int, size: int, bold: bool = False) -> str:
        """`text` as it fits `max_w` px at `size`, cut at its start ("…/data/exports": a folder's end says most)."""
        while len(text) > 2 and self.width(text, size, bold) > max_w:
            text = "…" + text[2:]
        return text

    def fit_whole(self, text: str, max_w: int, size: int, color: tuple[int, int, int], bold: bool = False,
                  least: float = 0.55) -> pygame.Surface:
        """`text` shrunk (down to `least` of `size`) until it fits `max_w` whole; only past that cut with "…"."""
        return self.fit(text, max_w, self.whole_size(text, max_w, size, bold, least), color, bold)

    def whole_size(self, text: str, max_w: int, size: int, bold: bool = False, least: float = 0.55) -> int:
        """The largest font size from `size` down to `least` of it that shows `text` whole in `max_w` (names:
        shrunk rather than cut); the smallest if none does."""
        smallest = max(8, int(size * least))
        while size > smallest and self.width(text, size, bold) > max_w:
            size -= 1
        return size

    def grown_whole_px(self, text: str, max_w: int, size: int, bold: bool = False) -> int:
        """The size `text` of `size` is drawn at to fit `max_w` whole: grown by the player's text size, shrunk
        where it must be, but never below what the standard text size draws (`size` itself)."""
        px = size
        while px > 1 and self.width(text, px, bold) > max_w and text_px(px - 1) >= size:
            px -= 1
        return px

    def fit_px(self, text: str, room: int, size: int, bold: bool = False) -> int:
        """The largest size from `size` down to standard_px(size) at which `text` fits `room` (the smallest if
        none does)."""
        px = size
        while px > standard_px(size) and self.width(text, px, bold) > room:
            px -= 1
        return px

    def least_px(self, size: int, least: float = 1.0) -> int:
        """The smallest font size a text of `size` may shrink to when it lacks room: `least` of what the
        standard text size (100 %) draws it at, never under this cache's floor. At a bigger text size a text
        gives back its growth before it shrinks."""
        return max(6, min(size, max(self._floor(), round(size * least / text_scale()))))

    def wrap_fit(self, text: str, size: int, width: int, lines: int = 2, bold: bool = False, least: float = 0.75
                 ) -> tuple[int, list[str]]:
        """(font size, lines): `text` wrapped (see `wrap`) into at most `lines` lines of `width` px, as even
        as they go (`balanced`), at the largest size from `size` down to least_px(size, least); at that least
        size, however many lines it takes."""
        floor = self.least_px(size, least)
        px = size
        while True:
            font = self.font(px, bold)
            out = wrap(text, font, max(1, width))
            if px <= floor or (len(out) <= lines and all(font.size(line)[0] <= width for line in out)):
                return px, balanced(text, font, width, len(out)) or out
            px -= 1

    def fit_height(self, size: int, height: int, bold: bool = False, least: float = 0.75) -> int:
        """The largest font size from `size` down to least_px(size, least) whose line is at most `height` px
        high (rows of a table: a bigger text size grows them only as far as the rows have room, and many rows
        shrink them as the standard size would be shrunk to fit); rows too low even for that line (a small
        window of many seats at a big text size) get smaller words still, never rows over each other."""
        floor = self.least_px(size, least)
        while size > floor and self.line_height(size, bold) > height:
            size -= 1
        while size > 6 and self.line_height(size, bold) > height:
            size -= 1
        return size


def standard_px(size: int) -> int:
    """The size a text of `size` may shrink to where a bigger text size finds no room: its size at the standard
    (100 %) text size, as the text cache grows it by the text size."""
    return max(6, round(size / text_scale()))


# The font size (px) each text image a TextCache made was drawn at, for as long as the image lives: what a
# screen's recorded text boxes say of their size (px_of).
_PX: weakref.WeakKeyDictionary[pygame.Surface, int] = weakref.WeakKeyDictionary()


def px_of(img: pygame.Surface) -> int:
    """The font size (px) the text image `img` was drawn at by a TextCache; 0 if it was not one of theirs."""
    return _PX.get(img, 0)


# While a test records (a list here), every text a TextCache is asked for in a frame, with the font size it
# is drawn at: the floors are checked on every word drawn, boxed or not (see TextRecorder).
DRAWN: list[tuple[str, int]] | None = None

# While a test records (a list here), every text `fitted` had to cut with "…" is appended to it: the
# accessibility tests check that no screen cuts its words at any text size or language.
CUTS: list[str] | None = None


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Split `text` at " · " (then at spaces) into lines at most `width` px wide (greedy: as many as fit on each
    line; a word wider than `width` alone on its line)."""
    return [
        line
        for part in _pack(text.split(" \u00b7 "), " \u00b7 ", font, width)
        for line in _pack(part.split(" "), " ", font, width)  # a part still too wide: at its spaces
    ]


def _pack(pieces: list[str], sep: str, font: pygame.font.Font, width: int) -> list[str]:
    """Greedy: as many `pieces` joined by `sep` on each line as fit in `width` px (at least one)."""
    lines: list[str] = []
    line = ""
    for piece in pieces:
        trial = f"{line}{sep}{piece}" if line else piece
        if line and font.size(trial)[0] > width:
            lines.append(line)
            line = piece
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def _narrowest(lines_at: Callable[[int], list[str]], low: int, high: int, most: int) -> int:
    """The narrowest width from `low` to `high` whose `lines_at` takes at most `most` lines (`high` if none
    narrower does): where lines are even, with no lone word under a full line."""
    while low < high:
        mid = (low + high) // 2
        if len(lines_at(mid)) <= most:
            high = mid
        else:
            low = mid + 1
    return high


def balanced(text: str, font: pygame.font.Font, width: int, most: int) -> list[str] | None:
    """`text` wrapped (see `wrap`) onto at most `most` lines no wider than `width`, as even as they go: wrapped
    at the narrowest width, from its widest word's up to `width`, that takes no more lines. None if it takes
    more lines at `width`, or a word is wider than `width`."""
    words = [w for part in text.split(" \u00b7 ") for w in part.split(" ")]
    widest = max(font.size(w)[0] for w in words)
    if width <= 0 or widest > width or len(wrap(text, font, width)) > most:
        return None
    return wrap(text, font, _narrowest(lambda w: wrap(text, font, w), max(1, widest), width, most))


def break_lines(text: str, font: pygame.font.Font, width: int, breaks: tuple[str, ...] = (" ",)) -> list[str]:
    """`text` on one line if it fits `width`; else broken at `breaks[0]` into as few lines as fit, as even as
    they go (a line still too wide: at the next break, and so on), e.g. a hint at its wide gaps between
    groups, then between its key-and-word pairs, then at spaces."""
    if font.size(text)[0] <= width or not breaks:
        return [text]
    sep, finer = breaks[0], breaks[1:]
    pieces = text.split(sep)
    if len(pieces) == 1:
        return break_lines(text, font, width, finer)
    lines = _pack(pieces, sep, font, width)
    widest = max(font.size(p)[0] for p in pieces)
    if widest < width:
        lines = _pack(pieces, sep, font, _narrowest(lambda w: _pack(pieces, sep, font, w), widest, width,
                                                    len(lines)))
    return [out for line in lines for out in break_lines(line, font, width, finer)]


def lines_in_rooms(text: str, font: pygame.font.Font, rooms: list[int]) -> list[str] | None:
    """`text`'s lines at one size, `rooms[k]` being the width free for a block of k lines: one line if it
    fits, else "Ada:" on a line of its own and the rest in even lines, else the whole text in even lines,
    each on as few lines as will do (None if it fits in none)."""
    if font.size(text)[0] <= rooms[1]:
        return [text]
    head, sep, rest = text.partition(": ")
    if sep:
        for k in range(2, len(rooms)):
            tail = balanced(rest, font, rooms[k], k - 1)
            if tail:
                return [head + sep.strip(), *tail]
    for k in range(2, len(rooms)):
        lines = balanced(text, font, rooms[k], k)
        if lines:
            return lines
    return None


def name_first(text: str) -> list[str]:
    """ "Ada: press Q to claim" as ["Ada:", "press Q to claim"] (the name on a line of its own first);
    a text without ": " as it is."""
    head, sep, rest = text.partition(": ")
    return [head + sep.strip(), rest] if sep else [text]


def keep_together(text: str, glued: bool) -> str:
    """`text` with the spaces inside each bracketed key label made non-breaking, and if `glued` the space
    before it too: "take it (Num Enter)" never breaks inside the brackets (or before them)."""
    pattern = r" \([^()]*\)" if glued else r"\([^()]*\)"
    return re.sub(pattern, lambda m: m.group(0).replace(" ", "\u00a0"), text)


def stack(imgs: list[pygame.Surface], size: tuple[int, int] | None = None) -> pygame.Surface:
    """Lines of text one under the other, each centred, on a transparent image (of `size` if given, else
    just big enough)."""
    if size is None:
        size = (max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs))
    out = pygame.Surface(size, pygame.SRCALPHA)
    y = 0
    for line in imgs:
        out.blit(line, line.get_rect(midtop=(size[0] // 2, y)))
        y += line.get_height()
    return out


def halves(text: str, font: pygame.font.Font) -> list[str]:
    """`text` split in two at the space that makes its wider half the narrowest (a single word: [text])."""
    words = text.split(" ")
    if len(words) < 2:
        return [text]
    splits = [[" ".join(words[:k]), " ".join(words[k:])] for k in range(1, len(words))]
    return min(splits, key=lambda two: max(font.size(half)[0] for half in two))


# -- the boxes the drawn words are recorded in ----------------------------------------------------------------
# Two roles: a table keeps the TextBoxes of the frame it draws (its lanes are checked on what was really drawn),
# and while a test records, a TextRecorder collects every text a menu screen draws onto the display.


@dataclass(frozen=True, slots=True)
class TextBox:
    """One drawn text (or block of text) of a table: its `kind` ("note", "banner", "photo", "prompt", "count",
    "small_print", "panel"), where it was drawn, what it said, whose it was (a seat, or None) and its font
    size."""

    kind: str
    rect: pygame.Rect
    text: str = ""
    seat: int | None = None
    px: int = 0  # its font size (the smallest, if it has several), 0 if not told


class TextBoxes:
    """A table's boxes of the frame being drawn (`reset` at its start): tests assert that no two intersect."""

    def __init__(self) -> None:
        self._boxes: list[TextBox] = []

    def reset(self) -> None:
        self._boxes = []

    def add(self, kind: str, rect: pygame.Rect, text: str = "", seat: int | None = None, px: int = 0) -> None:
        if rect.w > 0 and rect.h > 0:
            self._boxes.append(TextBox(kind, pygame.Rect(rect), text, seat, px))

    def all(self) -> list[TextBox]:
        return list(self._boxes)


def overlaps(boxes: list[TextBox]) -> list[tuple[TextBox, TextBox]]:
    """Every pair of `boxes` that intersect."""
    out = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            if a.rect.colliderect(b.rect):
                out.append((a, b))
    return out


class TextRecorder:
    """While recording (`with TextRecorder() as boxes:`), every text a menu screen draws onto the display
    (game.ui.widgets.blit_text and blit_image_text) adds (rect, text) to `boxes.drawn` and (rect, text, font
    px) to `boxes.sized`: tests check that no two of them intersect and that none is under the floor, at any
    size. The app records a frame too (onto its canvas, `surface`) while a notice is up, to put the notice
    off the frame's words: recorders nest, each gets the texts drawn onto its surface."""

    current: TextRecorder | None = None

    def __init__(self, surface: pygame.Surface | None = None) -> None:
        self.surface = surface  # whose texts are recorded (None: the display's)
        self.outer: TextRecorder | None = None  # the recorder this one is inside of
        self.drawn: list[tuple[pygame.Rect, str]] = []
        self.sized: list[tuple[pygame.Rect, str, int]] = []

    def __enter__(self) -> Self:
        self.outer, TextRecorder.current = TextRecorder.current, self
        return self

    def __exit__(self, *exc: object) -> None:
        TextRecorder.current = self.outer

    @staticmethod
    def _onto(surface: pygame.Surface) -> Iterator[TextRecorder]:
        """The recorders recording what is drawn onto `surface`."""
        boxes = TextRecorder.current
        while boxes is not None:
            if surface is (boxes.surface or pygame.display.get_surface()):
                yield boxes
            boxes = boxes.outer

    @staticmethod
    def add(surface: pygame.Surface, rect: pygame.Rect, text: str) -> None:
        for boxes in TextRecorder._onto(surface):
            boxes.drawn.append((rect.clip(surface.get_rect()), text))

    @staticmethod
    def measure(surface: pygame.Surface, rect: pygame.Rect, text: str, img: pygame.Surface) -> None:
        """Record the font size `img` (a TextCache's text image) was drawn at, 0 if not known."""
        for boxes in TextRecorder._onto(surface):
            boxes.sized.append((rect.clip(surface.get_rect()), text, px_of(img)))
