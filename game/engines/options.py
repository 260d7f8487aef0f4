"""Checks every engine's `Rules` makes of its options: whole numbers are ints (never a bool, never a float,
not even 9.0), switches are exactly True or False, and each message names the option.

Values come from hand-edited presets and `sim --rule`, where "no" or 1.5 must not slip through as a
truthy switch or half a card. A value of the wrong kind raises `BadOption`, which is both a TypeError
and a ValueError (callers that catch either see it); a value of the right kind out of range raises
ValueError.
"""

from __future__ import annotations


class BadOption(TypeError, ValueError):
    """A rule option's value of the wrong kind (a switch that is not true/false, a number that is not a
    whole number); the message names the option."""


def whole(name: str, value: object, low: int | None = None, high: int | None = None) -> int:
    """`value` if it is a whole number (an int, not a bool) within [low, high]."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadOption(f"{name} must be a whole number, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            raise ValueError(f"{name} must be a whole number >= {low}, not {value!r}")
        if low is None:
            raise ValueError(f"{name} must be a whole number <= {high}, not {value!r}")
        raise ValueError(f"{name} must be {low}..{high}, not {value!r}")
    return value


def switch(name: str, value: object) -> bool:
    """`value` if it is exactly True or False (not 0/1, not "no")."""
    if not isinstance(value, bool):
        raise BadOption(f"{name} must be true or false, not {value!r}")
    return value
