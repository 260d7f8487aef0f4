"""Sizes that scale with the window from the 1280×720 reference (as game.scenes.ui.px does for the menus):
a table's words are given in px at 720p and grow or shrink with the window.

TEXT_MIN is the smallest text a player needs mid-game may be at 720p (a note, the prompt, the photo
finish, the pile count, the rules corner): from a sofa three metres away, smaller is not read.
"""

from __future__ import annotations

REFERENCE = (1280, 720)
TEXT_MIN = 20  # px at 1280×720


def unit(size: tuple[int, int]) -> float:
    """How big 1 px at 1280×720 is in a window of `size` (the smaller of the two ratios; never below 0.45)."""
    return max(0.45, min(size[0] / REFERENCE[0], size[1] / REFERENCE[1]))


def px(size: tuple[int, int], n: float) -> int:
    """`n` px at 1280×720, in a window of `size`."""
    return max(1, round(n * unit(size)))


def text_min(size: tuple[int, int]) -> int:
    """The smallest text a player needs mid-game, in a window of `size`."""
    return px(size, TEXT_MIN)
