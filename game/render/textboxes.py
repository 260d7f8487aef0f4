"""The words a table drew in one frame, each with the box it was drawn in: the lanes are checked on what
was really drawn (tests assert that no two boxes intersect), not on what was meant."""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True, slots=True)
class TextBox:
    """One drawn text (or block of text): its `kind` ("note", "banner", "photo", "prompt", "count",
    "small_print", "panel"), where it was drawn, what it said, whose it was (a seat, or None) and its font
    size."""

    kind: str
    rect: pygame.Rect
    text: str = ""
    seat: int | None = None
    px: int = 0  # its font size (the smallest, if it has several), 0 if not told


class TextBoxes:
    """The boxes of the frame being drawn (`reset` at its start)."""

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
