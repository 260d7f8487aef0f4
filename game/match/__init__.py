"""What every match driver shares: seats, timed events, ignored commands, the time-ordered queue."""

from game.match.common import Ignored, ReplayMismatch, SeatSpec, Timed

__all__ = ["Ignored", "ReplayMismatch", "SeatSpec", "Timed"]
