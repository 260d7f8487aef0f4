"""Fitting words into the room a table has: a name first on its own line, even lines, key labels kept
whole, and lines stacked into one image."""

from __future__ import annotations

import re

import pygame

from game.render import colors
from game.render.fonts import TextCache, wrap


def name_first(text: str) -> list[str]:
    """ "Ada: press Q to claim" as ["Ada:", "press Q to claim"] (the name on a line of its own first);
    a text without ": " as it is."""
    head, sep, rest = text.partition(": ")
    return [head + sep.strip(), rest] if sep else [text]


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


def two_lines(texts: TextCache, text: str, size: int, color: colors.Color) -> pygame.Surface | None:
    """`text` outlined on two centred lines split at the space that makes them most even (None for a
    single word)."""
    words = text.split(" ")
    if len(words) < 2:
        return None
    font = texts.font(size, True)
    cut = min(
        range(1, len(words)),
        key=lambda i: max(font.size(" ".join(words[:i]))[0], font.size(" ".join(words[i:]))[0]),
    )
    imgs = [texts.outlined(" ".join(part), size, color) for part in (words[:cut], words[cut:])]
    step = font.get_linesize()
    out = pygame.Surface((max(i.get_width() for i in imgs), step + imgs[1].get_height()), pygame.SRCALPHA)
    for k, img in enumerate(imgs):
        out.blit(img, img.get_rect(midtop=(out.get_width() // 2, k * step)))
    return out


def keep_together(text: str, glued: bool) -> str:
    """`text` with the spaces inside each bracketed key label made non-breaking, and if `glued` the space
    before it too: "take it (Num Enter)" never breaks inside the brackets (or before them)."""
    pattern = r" \([^()]*\)" if glued else r"\([^()]*\)"
    return re.sub(pattern, lambda m: m.group(0).replace(" ", "\u00a0"), text)


def balanced(text: str, font: pygame.font.Font, width: int, k: int) -> list[str] | None:
    """`text` wrapped onto at most `k` lines no wider than `width`, as even in length as the words allow
    (None if it takes more lines)."""

    def lines_at(w: int) -> list[str] | None:
        lines = wrap(text, font, w)
        return lines if len(lines) <= k and all(font.size(line)[0] <= w for line in lines) else None

    if width <= 0 or lines_at(width) is None:
        return None
    lo, hi = 1, width  # the narrowest width that still takes at most k lines
    while lo < hi:
        mid = (lo + hi) // 2
        if lines_at(mid) is None:
            lo = mid + 1
        else:
            hi = mid
    return lines_at(lo)


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
