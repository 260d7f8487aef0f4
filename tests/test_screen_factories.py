"""The navigator opens screens from typed factories (issue 35): game.screens names every screen with its typed
arguments, below the scenes and the games (so asking for a screen imports none), and the navigator builds each
one; a screen it does not know is refused with a clear error, and nothing asks for a screen by name."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from game import screens
from game.scenes import navigator

ROOT = Path(__file__).resolve().parent.parent


def factories() -> list[type[screens.ScreenFactory]]:
    return [c for c in vars(screens).values()
            if isinstance(c, type) and issubclass(c, screens.ScreenFactory) and c is not screens.ScreenFactory]


def test_the_navigator_builds_every_factory_and_only_those():
    source = (ROOT / "game" / "scenes" / "navigator.py").read_text()
    built = {node.cls.attr for node in ast.walk(ast.parse(source))
             if isinstance(node, ast.MatchClass) and isinstance(node.cls, ast.Attribute)}
    assert built == {c.__name__ for c in factories()}
    assert all(dataclasses.is_dataclass(c) for c in factories())


def test_each_factory_opens_its_screen(app):
    for factory, scene in ((screens.Title(), "TitleScene"), (screens.Lobby("nothanks"), "LobbyScene"),
                           (screens.Stats(), "StatsScene"), (screens.Controls(), "ControlsScene"),
                           (screens.Confirm("Sure?", lambda: None), "ConfirmScene")):
        assert type(app.nav.push(factory)).__name__ == scene and app.top.__class__.__name__ == scene
    app.stack.clear()


def test_an_unknown_screen_is_refused_clearly():
    @dataclasses.dataclass(frozen=True)
    class Nowhere(screens.ScreenFactory):
        pass

    with pytest.raises(ValueError, match="no screen for .*Nowhere"):
        navigator.build(Nowhere())


def test_no_screen_is_asked_for_by_name():
    """`nav.push("lobby", …)`, the old untyped way, is gone from the game and its tests."""
    calls = []
    for path in [*ROOT.joinpath("game").rglob("*.py"), *ROOT.joinpath("tests").glob("*.py")]:
        source = path.read_text()
        if "nav" not in source:  # no call on a `nav` in it: not parsed (parsing every file was seconds)
            continue
        for node in ast.walk(ast.parse(source)):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("push", "replace", "reset") and node.args
                    and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "nav"
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                calls.append(f"{path.name}:{node.lineno}")
    assert calls == []
