"""Stars that need right answers: 0-3, one for each share in `SHARES` that every measure reaches. The slap
school's measures are its hit rate and its precision (so slapping nothing, or everything, earns none); the
number school's is the share of right answers above what guessing gets (so answering at random, or always
the same side, earns none)."""

from __future__ import annotations

SHARES = (0.5, 0.75, 0.9)  # at least this share for 1, 2, 3 stars


def stars_for(*measures: float) -> int:
    """Each of SHARES that all `measures` reach (0 without a measure)."""
    if not measures:
        return 0
    return sum(all(m >= share for m in measures) for share in SHARES)


def above_chance(right: int, asked: int, chance: float) -> float:
    """The share of what guessing leaves to know that was known: (right share − chance) / (1 − chance),
    0 for nothing asked or no better than a guess."""
    if asked <= 0 or chance >= 1:
        return 0.0
    return max(0.0, (right / asked - chance) / (1 - chance))
