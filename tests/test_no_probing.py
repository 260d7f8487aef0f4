"""Declared, never probed (STYLE idea 18): nothing in game/ reads an attribute with `getattr(x, "name",
default)`. What a layout, a match or a screen reads of a game's object is declared on its type (the contract,
a Protocol, a base class), so a missing one is a type error, not a silent default. Only the interpreter's
own optional attributes (`sys.frozen`, `sys._MEIPASS`: set by a frozen build alone) may be probed."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "game"
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NOT_OURS = {"sys"}  # the interpreter's own module


def probes(source: str) -> list[tuple[int, str]]:
    """(line, call) of each getattr with a literal name and a default, on anything but NOT_OURS."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"
                and len(node.args) == 3 and isinstance(node.args[1], ast.Constant)
                and not (isinstance(node.args[0], ast.Name) and node.args[0].id in NOT_OURS)):
            found.append((node.lineno, ast.unparse(node)))
    return found


def test_the_check_finds_a_probe_and_lets_the_interpreter_be():
    source = ('a = getattr(hints, "mats", False)\n'
              'b = getattr(sys, "frozen", False)\n'
              'c = getattr(self, name, None)\n'
              'd = getattr(body, "winners")\n'
              'e = getattr(getattr(self.host, "layout_hints", None), "mats", False)\n')
    assert [line for line, _ in probes(source)] == [1, 5, 5]


def test_nothing_in_the_game_or_the_example_probes_an_attribute_with_a_default():
    files = sorted(ROOT.rglob("*.py")) + sorted(EXAMPLES.rglob("*.py"))
    sources = {path: path.read_text(encoding="utf-8") for path in files}
    found = [f"{path.relative_to(ROOT.parent)}:{line}: {call}" for path, source in sources.items()
             if "getattr" in source for line, call in probes(source)]  # (a file with no getattr is not parsed)
    assert found == [], "\n".join(found)
