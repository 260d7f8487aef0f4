"""The shape of the code: how much of game/ is typed as `Any` (issue 22: at most 60; issue 35: at most 42, and
only down from there), counted as the Python tokenizer sees names, so words in docstrings and comments ("Any
key…") and the `typing` imports don't count; and the settings and preset files, which are handed the games
rather than importing them."""

from __future__ import annotations

import io
import tokenize
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "game"
MAX_ANY = 30  # lower it as uses go (26 at issue 35's typed sim and bench results, 32 once every module was strict: a picture's cache key is one alias, core.memo.Key; 30 with the engines and bench states typed); never raise it


def any_names(source: str) -> int:
    """How many times the name `Any` is used in `source`, import statements left out."""
    count, statement = 0, []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in (tokenize.NEWLINE, tokenize.ENDMARKER):
            names = [t.string for t in statement if t.type == tokenize.NAME]
            if names and names[0] not in ("import", "from"):
                count += names.count("Any")
            statement = []
        elif token.type not in (tokenize.COMMENT, tokenize.NL, tokenize.INDENT, tokenize.DEDENT):
            statement.append(token)
    return count


def any_per_file() -> Counter[str]:
    return Counter({str(path.relative_to(ROOT.parent)): n for path in sorted(ROOT.rglob("*.py"))
                    if (n := any_names(path.read_text(encoding="utf-8")))})


def test_the_counter_counts_uses_not_imports_comments_or_words():
    source = ('from typing import Any, cast\n'
              'import typing as Any2\n'
              'def f(x: Any) -> dict[str, Any]:  # Any in a comment\n'
              '    """Any word in a docstring."""\n'
              '    return {"Any": x}\n'
              'y: list[Any] = [\n'
              '    1]\n')
    assert any_names(source) == 3


def test_game_uses_any_at_most_max_any_times():
    found = any_per_file()
    total = sum(found.values())
    assert total <= MAX_ANY, f"{total} uses of Any in game/ (at most {MAX_ANY}):\n" + "\n".join(
        f"{n:4} {path}" for path, n in found.most_common())


@pytest.mark.xdist_group("architecture")  # on the worker that has read test_architecture's import graph
def test_settings_and_preset_files_know_no_game():
    """settings.py and presets_io.py are handed the games (the app, the command line pass the registry's):
    nothing they import, however indirectly, is the registry or a game."""
    from test_architecture import graph

    edges = graph()
    for start in ("game.settings", "game.presets_io"):
        seen, todo = set(), [start]
        while todo:
            for module in edges[todo.pop()] - seen:
                seen.add(module)
                todo.append(module)
        assert not [m for m in seen if m == "game.games" or m.startswith("game.games.")], start
