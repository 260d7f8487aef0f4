"""JSON as the game reads and writes it: the type of a JSON value, and for JSON that came from a file someone
may have edited, how deeply it nests (measured without recursion, so any depth is safe to measure) and a
refusal of the constants JSON does not allow."""

from __future__ import annotations

from typing import NoReturn, TypeAlias

# A JSON value as json.loads gives it (and json.dumps takes it): objects, lists, text, numbers, switches, null.
JSON: TypeAlias = "dict[str, JSON] | list[JSON] | str | int | float | bool | None"
JSONObject: TypeAlias = "dict[str, JSON]"


def nesting_depth(value: object) -> int:
    """How deeply `value` nests lists and objects (without recursing: any depth is safe to measure)."""
    deepest, todo = 0, [(value, 0)]
    while todo:
        item, level = todo.pop()
        children = list(item.values()) if isinstance(item, dict) else item
        if isinstance(children, list):
            deepest = max(deepest, level + 1)
            todo.extend((v, level + 1) for v in children)
    return deepest


SHOWN_CHARS = 80  # an error line shows at most this much of a bad value


def shown(value: object) -> str:
    """`value` as an error line quotes it: its repr, cut at SHOWN_CHARS characters with its length (a
    100,000-character value in a file is one short line, not 100 kB)."""
    text = repr(value)
    if len(text) <= SHOWN_CHARS:
        return text
    return f"{text[:SHOWN_CHARS]}\u2026 ({len(value) if isinstance(value, str) else len(text):,} characters)"


class ConstantError(ValueError):
    """NaN, Infinity or -Infinity where JSON allows only numbers."""


def no_constant(name: str) -> NoReturn:
    """For json.loads(parse_constant=...): NaN, Infinity and -Infinity are not JSON numbers."""
    raise ConstantError(f"{name} is not a number JSON allows")


def as_int(value: JSON, what: str = "value") -> int:
    """`value` if it is a whole number (not a switch); TypeError naming `what` otherwise. For JSON whose
    shape was checked when it was read (a log, a preset): the type checker learns what the check knew."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be a whole number, not {shown(value)}")
    return value


def as_str(value: JSON, what: str = "value") -> str:
    """`value` if it is text; TypeError naming `what` otherwise."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be text, not {shown(value)}")
    return value


def as_object(value: JSON, what: str = "value") -> JSONObject:
    """`value` if it is a JSON object; TypeError naming `what` otherwise."""
    if not isinstance(value, dict):
        raise TypeError(f"{what} must be an object, not {shown(value)}")
    return value


def as_list(value: JSON, what: str = "value") -> list[JSON]:
    """`value` if it is a JSON list; TypeError naming `what` otherwise."""
    if not isinstance(value, list):
        raise TypeError(f"{what} must be a list, not {shown(value)}")
    return value
