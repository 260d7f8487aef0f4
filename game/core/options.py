"""Rule options, described once: the `OptionSpec` every engine gives of its options (a name, the choices in
display order, the default; data, no words), and the checks its `Rules` make of a value.

Everything else is made from an engine's specs: the lobby's labelled rows (game.core.contract.RuleOption: a
spec and its words), presets' values as JSON (`to_json` / `from_json`) and their check (the engine's own
rules, GameDef.check_options), and `sim --rule NAME=VALUE` (`OptionSpec.parse`, unknown names refused by
the specs' names).

The checks: whole numbers are ints (never a bool, never a float, not even 9.0), switches are exactly True
or False, and each message names the option. Values come from hand-edited presets and `sim --rule`, where
"no" or 1.5 must not slip through as a truthy switch or half a card. A value of the wrong kind raises
`BadOption`, which is both a TypeError and a ValueError (callers that catch either see it); a value of the
right kind out of range raises ValueError.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from game.jsonsafe import JSON, shown

# A rule option's value: a switch, a whole number, a word, None ("Standard": the edition's own), or an
# order of words (a suit order).
OptionValue = bool | int | str | tuple[str, ...] | None
_TRUE, _FALSE, _NONE = ("true", "on", "yes"), ("false", "off", "no"), ("none", "standard")


class BadOption(TypeError, ValueError):
    """A rule option's value of the wrong kind (a switch that is not true/false, a number that is not a
    whole number); the message names the option."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One rule option as data, no words: `name` (a key of the engine's option values; `Rules.from_options`
    takes it), its `choices` in display order (what the lobby offers), and its `default`."""

    name: str
    choices: tuple[OptionValue, ...]
    default: OptionValue

    def with_choice(self, value: OptionValue) -> OptionSpec:
        """This option with `value` offered too (last), e.g. an older preset's value the lobby keeps."""
        return self if value in self.choices else OptionSpec(self.name, (*self.choices, value), self.default)

    def parse(self, text: str) -> object:
        """The value `text` names on the command line, read as this option's choices are: a switch takes
        true/on/yes or false/off/no, an option with a "Standard" choice takes none/standard, an order of
        words takes them comma-separated (or as letters: SHDC); a whole number is a number; anything else
        stays text, for the engine's check to name."""
        low = text.strip().lower()
        kinds = {type(choice) for choice in self.choices}
        if bool in kinds and low in _TRUE + _FALSE:
            return low in _TRUE
        if type(None) in kinds and low in _NONE:
            return None
        if tuple in kinds:
            parts = text.split(",") if "," in text else list(text.strip())
            return tuple(part.strip() for part in parts)
        try:
            return int(text)
        except ValueError:
            return text


def spec_named(specs: Iterable[OptionSpec], name: str) -> OptionSpec:
    """The spec of option `name`, its words joined by "-" or "_" (the rules files write "top-bottom" and
    `four_of_a_suit`); ValueError (one line, naming the known options) if there is none."""
    specs = list(specs)
    for wanted in dict.fromkeys((name, name.replace("-", "_"))):
        for spec in specs:
            if spec.name == wanted:
                return spec
    raise ValueError(f"unknown rule option {shown(name)}; known: {', '.join(s.name for s in specs)}")


def to_json(value: object) -> JSON:
    """An option value as JSON holds it (an order of words becomes a list); TypeError for what is no
    option value."""
    if isinstance(value, tuple) and all(isinstance(v, str) for v in value):
        return [str(v) for v in value]
    if value is None or isinstance(value, (bool, int, str)):
        return value
    raise TypeError(f"not a rule option's value: {shown(value)}")


def from_json(value: object) -> object:
    """A value read from JSON as the rules take it (lists become tuples, however deep); not checked: the
    engine's rules check it."""
    return tuple(from_json(v) for v in value) if isinstance(value, list) else value


def values_from_json(values: Mapping[str, object]) -> dict[str, object]:
    """{option: value} read from JSON (see from_json)."""
    return {name: from_json(value) for name, value in values.items()}


def whole(name: str, value: object, low: int | None = None, high: int | None = None) -> int:
    """`value` if it is a whole number (an int, not a bool) within [low, high]."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadOption(f"{name} must be a whole number, not {shown(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            raise ValueError(f"{name} must be a whole number >= {low}, not {shown(value)}")
        if low is None:
            raise ValueError(f"{name} must be a whole number <= {high}, not {shown(value)}")
        raise ValueError(f"{name} must be {low}..{high}, not {shown(value)}")
    return value


def switch(name: str, value: object) -> bool:
    """`value` if it is exactly True or False (not 0/1, not "no")."""
    if not isinstance(value, bool):
        raise BadOption(f"{name} must be true or false, not {shown(value)}")
    return value


def word(name: str, value: object, choices: Sequence[str]) -> str:
    """`value` if it is one of the words `choices` (BadOption for what is no word at all)."""
    if not isinstance(value, str):
        raise BadOption(f"{name} must be one of {', '.join(choices)} (a word), not {shown(value)}")
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(choices)}, not {shown(value)}")
    return value
