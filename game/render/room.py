"""Free felt: how wide a text or a box may be where it goes without touching what is already there."""

from __future__ import annotations

from collections.abc import Iterable

import pygame


def half_room(cx: int, top: int, bottom: int, blocks: Iterable[pygame.Rect], half: int) -> int | None:
    """How far a text centred on x = `cx` may reach to either side (at most `half`) in rows top..bottom
    without touching `blocks`; None if one of them lies across the middle of those rows."""
    for r in blocks:
        if r.bottom <= top or r.top >= bottom:
            continue
        if r.right <= cx:
            half = min(half, cx - r.right)
        elif r.left >= cx:
            half = min(half, r.left - cx)
        else:
            return None
    return half


def stretch(blocks: Iterable[pygame.Rect], x0: int, x1: int, y: int, h: int, rightwards: bool) -> pygame.Rect:
    """The free stretch of rows y..y+h from x0 (`rightwards`, cut at the first block) or from x1 (leftwards)
    within x0..x1."""
    area = pygame.Rect(x0, y, max(0, x1 - x0), h)
    for r in blocks:
        if r.colliderect(area):
            if rightwards:
                area.width = max(0, r.left - area.left)
            else:
                area.width = max(0, area.right - r.right)
                area.left = r.right
    return area
