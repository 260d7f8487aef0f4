"""Match drivers: an engine, one seeded rng, bots on a clock and human commands applied in time order."""

from game.match.common import Ignored, SeatSpec, Timed
from game.match.nothanks import NothanksMatch, NothanksStats, TakeRecord
from game.match.ratscrew import PhotoFinish, RatscrewMatch, RatscrewStats, Tie, TooLate

__all__ = [
    "Ignored",
    "NothanksMatch",
    "NothanksStats",
    "PhotoFinish",
    "RatscrewMatch",
    "RatscrewStats",
    "SeatSpec",
    "TakeRecord",
    "Tie",
    "Timed",
    "TooLate",
]
