"""Fonts and a cache of rendered text, so static strings are not re-rendered every frame (both bounded,
and emptied when the window changes size: see game.render.cache)."""

from __future__ import annotations

import weakref
from collections.abc import Callable

import pygame

from game.names import clean_text
from game.render.cache import LRU
from game.render.scale import looks_key, text_px
from game.resources import font_path

FontGetter = Callable[..., "pygame.font.Font"]

# A table at 3840x2160 uses about 40 sizes at once; each open font with its glyphs is ~0.2 MB.
FONT_CAPACITY = 64
_FONTS: LRU[pygame.font.Font] = LRU(FONT_CAPACITY)


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
        font = _FONTS[key] = pygame.font.Font(font_path(bold), size)
    return font


class TextCache:
    """Rendered text surfaces keyed by (text, size, bold, colour); least recently used ones are dropped."""

    def __init__(self, get: FontGetter | None = None, capacity: int = 512) -> None:
        self._get = get or get_font
        self._cache: LRU[pygame.Surface] = LRU(capacity)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The font for text of `size`, at the player's text size (game.render.scale.text_scale)."""
        return self._get(max(6, text_px(int(size))), bold)

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
        font = self.font(size, bold)
        if font.size(text)[0] > max_w:
            if CUTS is not None and record:
                CUTS.append(text)
            while len(text) > 1 and font.size(text + "…")[0] > max_w:
                text = text[:-1]
            text = text.rstrip() + "…"
        return text, size


# The font size (px) each text image a TextCache made was drawn at, for as long as the image lives: what a
# screen's recorded text boxes say of their size (px_of).
_PX: weakref.WeakKeyDictionary[pygame.Surface, int] = weakref.WeakKeyDictionary()


def px_of(img: pygame.Surface) -> int:
    """The font size (px) the text image `img` was drawn at by a TextCache; 0 if it was not one of theirs."""
    return _PX.get(img, 0)


# While a test records (a list here), every text a TextCache is asked for in a frame, with the font size it
# is drawn at: the floors are checked on every word drawn, boxed or not (see game.ui.widgets.TextBoxes).
DRAWN: list[tuple[str, int]] | None = None

# While a test records (a list here), every text `fitted` had to cut with "…" is appended to it: the
# accessibility tests check that no screen cuts its words at any text size or language.
CUTS: list[str] | None = None


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Split `text` at " · " (then at spaces) into lines at most `width` px wide."""
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
