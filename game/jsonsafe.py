"""Reading JSON that came from a file someone may have edited: how deeply it nests (measured without
recursion, so any depth is safe to measure) and a refusal of the constants JSON does not allow."""

from __future__ import annotations

from typing import Any


def nesting_depth(value: Any) -> int:
    """How deeply `value` nests lists and objects (without recursing: any depth is safe to measure)."""
    deepest, todo = 0, [(value, 0)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, level + 1)
            todo.extend((v, level + 1) for v in item)
    return deepest


class ConstantError(ValueError):
    """NaN, Infinity or -Infinity where JSON allows only numbers."""


def no_constant(name: str) -> Any:
    """For json.loads(parse_constant=...): NaN, Infinity and -Infinity are not JSON numbers."""
    raise ConstantError(f"{name} is not a number JSON allows")
