"""What the table shows of the match's clocks (issue 21): the game clock ("2:31 left", then "Time's up:
the next good slap wins!" on a tie) in the line under the pile, and a seat's slap lock after a wrong slap as a
dimmed mat with a bar running down. No words of its own on the mats: nothing to overlap."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import t

if TYPE_CHECKING:
    from game.games.ratscrew.match import RatscrewMatch

NS = 1_000_000_000


def clock_text(match: RatscrewMatch, now_ns: int) -> str:
    """The game clock for the status line: time left (whole seconds, rounded up), the tie's sudden slap,
    or "" with no clock."""
    if match.state.is_over:
        return ""
    if match.sudden_slap:
        return t("Time's up! Next good slap wins")
    end = match.clock_end_ns
    if end is None:
        return ""
    left = max(0, -(-(end - now_ns) // NS))
    return t("{time} left", time=f"{left // 60}:{left % 60:02d}")


def lock_share(match: RatscrewMatch, seat: int, now_ns: int) -> float | None:
    """How much of `seat`'s slap lock is left (1 → 0), or None when it may slap."""
    until = match.slap_locked_until(seat)
    lock = match.rules.slap_lockout_ms * 1_000_000
    if until is None or until <= now_ns or lock <= 0:
        return None
    return min(1.0, (until - now_ns) / lock)


def draw_locks(surface: pygame.Surface, rects: list[pygame.Rect], match: RatscrewMatch, now_ns: int) -> None:
    """Each locked seat's mat dimmed, a bar along its bottom edge running down to the end of its lock."""
    for seat, rect in enumerate(rects):
        share = lock_share(match, seat, now_ns)
        if share is None:
            continue
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, rect.topleft)
        h = max(3, rect.h // 12)
        bar = pygame.Rect(rect.x, rect.bottom - h, max(1, round(rect.w * share)), h)
        pygame.draw.rect(surface, (200, 200, 210), bar)
