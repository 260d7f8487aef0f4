"""Players' and presets' names: one rule for cleaning them, used wherever a name comes in (typed, or read
from settings, a preset file, a replay, the history or the command line).

A clean name is printable text (no control characters, no lone surrogates, no format characters), with
runs of white space made one space, trimmed, and at most MAX_NAME characters. Anything that is not text
cleans to "" (the caller's default: "Player N", say)."""

from __future__ import annotations

MAX_NAME = 20  # a player's name: the name entry stops here; screens shrink a long one, never cut it


def clean_name(value: object, max_len: int = MAX_NAME) -> str:
    """`value` as a name that can be shown and stored (see the module's doc); "" if nothing is left."""
    if not isinstance(value, str):
        return ""
    text = "".join(ch if ch.isprintable() else " " if ch.isspace() else "" for ch in value)
    return " ".join(text.split())[:max_len].rstrip()


def clean_text(value: object) -> str:
    """Any text from a file made safe to draw (no NUL, no lone surrogate, no control character), however
    long; white space kept as single spaces."""
    if not isinstance(value, str):
        return "" if value is None else clean_text(str(value))
    return " ".join("".join(ch if ch.isprintable() else " " if ch.isspace() else "" for ch in value).split())


def free_name(name: str, taken: set[str] | frozenset[str], max_len: int = MAX_NAME, fold: bool = False) -> str:
    """`name`, or "name (2)", "name (3)", … (shortened to stay within `max_len`): the first not in `taken`
    (`fold`: `taken` holds casefolded names, and a name is taken whatever its case)."""
    candidate, n = name, 1
    while (candidate.casefold() if fold else candidate) in taken:
        n += 1
        suffix = f" ({n})"
        candidate = name[: max(1, max_len - len(suffix))].rstrip() + suffix
    return candidate
