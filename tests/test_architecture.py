"""The seams hold: no import cycles in game/ (function-level imports count), render/ sits below scenes/
and the games, no scene imports another, and outside the games' own modules almost nothing names a game."""

from __future__ import annotations

import ast
import copy
import functools
import re
from pathlib import Path

import pytest

from game import games

ROOT = Path(__file__).resolve().parent.parent / "game"
# The infrastructure every scene may build on; every other module in scenes/ is a screen of its own.
SCENE_INFRASTRUCTURE = {"game.scenes", "game.scenes.stack", "game.scenes.results"}
# The import graphs are read once per worker (the files do not change during a run): these tests share one.
pytestmark = pytest.mark.xdist_group("architecture")


def modules() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        name = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = path
    return out


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """Every module of game/ that `name` imports anywhere in its body (TYPE_CHECKING blocks too)."""
    return _imports_in(name, path, ast.parse(path.read_text()), known)


def graph() -> dict[str, set[str]]:
    return copy.deepcopy(_graph())


@functools.cache
def _graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in edges:
        if v not in index:
            visit(v)
    return found


def test_no_import_cycles():
    assert cycles(graph()) == []


def test_render_imports_nothing_from_scenes_or_the_games():
    bad = [(m, d) for m, deps in graph().items() if m.startswith("game.render")
           for d in deps if d.startswith(("game.scenes", "game.games"))]
    assert bad == []


def folder_of(module: str) -> str:
    """A module's folder in the folder graph: the package right under game/ it lives in (game.games.ratscrew.bots
    → game.games), or, for a module right under game/, the module itself (game.settings)."""
    return ".".join(module.split(".")[:2])


def runtime_imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """`imports` without the `if TYPE_CHECKING:` blocks: what loading the module may load (function-level
    imports count). Type-only imports are left out of the folder graph: game.services, the app's port, names
    the types of every part it hands out, and that is no order of loading."""
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            node.body = [ast.Pass()]
    return _imports_in(name, path, tree, known)  # (the tree itself: written out and read again, it cost seconds)


def _imports_in(name: str, path: Path, tree: ast.Module, known: dict[str, Path]) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()

    def add(target: str) -> None:
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            for alias in node.names:
                add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return found


def folder_graph() -> dict[str, set[str]]:
    return copy.deepcopy(_folder_graph())


@functools.cache
def _folder_graph() -> dict[str, set[str]]:
    known = modules()
    edges: dict[str, set[str]] = {}
    for name, path in known.items():
        if name == "game":
            continue
        deps = {folder_of(d) for d in runtime_imports(name, path, known) if d != "game"}
        edges.setdefault(folder_of(name), set()).update(deps - {folder_of(name)})
    for deps in list(edges.values()):
        for d in deps:
            edges.setdefault(d, set())
    return edges


def test_no_folder_cycles():
    """The folders of game/ (and the modules right under it) form a one-way graph: the toolkit (game.ui) below
    the games, the games below the scenes and the history's readers, game.core below every engine."""
    assert cycles(folder_graph()) == []


def test_the_folder_check_finds_a_loop():
    edges = {"game.ui": {"game.render"}, "game.render": {"game.games"}, "game.games": {"game.ui"}}
    assert cycles(edges) == [["game.games", "game.render", "game.ui"]]


def test_the_games_and_the_toolkit_import_only_downward():
    edges = folder_graph()
    assert not edges["game.games"] & {"game.scenes", "game.history", "game.bench", "game.engines", "game.app"}
    assert not edges["game.ui"] & {"game.games", "game.scenes", "game.history", "game.app", "game.services"}
    assert edges["game.core"] <= {"game.jsonsafe", "game.i18n", "game.match", "game.screen", "game.commands"}
    assert "game.engines" not in set().union(*(deps for f, deps in edges.items() if f != "game.engines"))


# The data layer: the contract's value types and what keeps or re-runs a game's record. It reads a game only
# through game.core.contract, so nothing it loads, however indirectly, is a game, the drawing or a screen.
DATA = ("game.core", "game.history", "game.record", "game.replay", "game.profiles", "game.match",
        "game.jsonsafe", "game.names", "game.commands", "game.cards", "game.seat_colors")
ABOVE_DATA = ("game.games", "game.render", "game.scenes", "game.ui", "game.app")


def reached(edges: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for d in edges.get(todo.pop(), set()) - seen:
            seen.add(d)
            todo.append(d)
    return seen


def test_the_data_layer_imports_no_game_no_drawing_and_no_screen():
    """history/summary, replay, profiles and the history's store read games through the contract alone."""
    edges = folder_graph()
    bad = {folder: sorted(d for d in reached(edges, folder) if d.startswith(ABOVE_DATA))
           for folder in DATA if folder in edges}
    assert {f: d for f, d in bad.items() if d} == {}


def test_the_data_layer_check_finds_a_reach_up():
    edges = {"game.history": {"game.profiles"}, "game.profiles": {"game.render"}, "game.render": set()}
    assert reached(edges, "game.history") == {"game.profiles", "game.render"}


def screen_of(module: str) -> str:
    """The screen a module of scenes/ belongs to: a package (game.scenes.lobby) is one screen, its modules
    (its cards, its own sub-screen) build on each other."""
    return ".".join(module.split(".")[:3])


def test_no_scene_imports_another_scene():
    screens = {m for m in modules() if m.startswith("game.scenes.") and m not in SCENE_INFRASTRUCTURE
               and m != "game.scenes.navigator"}
    bad = [(m, d) for m, deps in graph().items() if m in screens | SCENE_INFRASTRUCTURE
           for d in deps if d in screens and (m in SCENE_INFRASTRUCTURE or screen_of(d) != screen_of(m))]
    assert bad == []


def own_module(path: Path) -> bool:
    """A game's own modules: its folder under game/games/, and the old import paths named after it."""
    rel = path.relative_to(ROOT).as_posix()
    return any(rel.startswith(f"games/{g}/") or Path(rel).stem == g for g in games.ids()) or rel == "games/__init__.py"


def lines_naming_a_game() -> list[str]:
    names = set(games.ids())
    for game in games.all_games():
        names |= {game.title().rstrip("!"), type(game).__name__.removesuffix("Def")}
    pattern = re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)), re.IGNORECASE)
    return [f"{path.relative_to(ROOT)}:{i}: {line.strip()}"
            for path in sorted(ROOT.rglob("*.py")) if not own_module(path)
            for i, line in enumerate(path.read_text().splitlines(), 1) if pattern.search(line)]


def test_at_most_three_lines_outside_the_games_name_a_game():
    named = lines_naming_a_game()
    assert len(named) <= 3, "\n".join(named)


def test_the_engines_old_import_paths_re_export_the_engines_own_objects():
    """game.engines.nothanks / .ratscrew stay for scripts written before the games had folders: plain
    re-exports (no sys.modules swap), every name the engine's own object, and every public one there."""
    import game.engines.nothanks
    import game.engines.ratscrew
    from game.games.nothanks import engine as nothanks_engine
    from game.games.ratscrew import engine as ratscrew_engine

    for old, real in ((game.engines.nothanks, nothanks_engine), (game.engines.ratscrew, ratscrew_engine)):
        assert old is not real and old.__all__
        assert all(getattr(old, name) is getattr(real, name) for name in old.__all__)
        assert {"Rules", "State", "new_game", "IllegalAction", "rule_options"} <= set(old.__all__)


def test_no_module_swaps_itself_for_another_and_the_bots_have_one_factory():
    """No shims: nothing in game/ rebinds sys.modules; the old game.bots package is gone; outside a game's
    folder a bot is made only through the game's definition (GameDef.make_bot: sim, bench, tournaments),
    which hands it to the folder's own bots module."""
    import importlib.util

    swaps = [str(path.relative_to(ROOT)) for path in sorted(ROOT.rglob("*.py")) if "sys.modules[" in path.read_text()]
    assert swaps == []
    assert importlib.util.find_spec("game.bots") is None
    games_dir = ROOT / "games"
    makers = [f"{path.relative_to(ROOT)}:{i}" for path in sorted(ROOT.rglob("*.py")) if games_dir not in path.parents
              for i, line in enumerate(path.read_text().splitlines(), 1)
              if re.search(r"(?<![.\w])make_bot\(|def make_bot|bots\.make_bot", line)]
    assert makers == [], makers  # outside its folder, a game's bots are made by its definition alone


def test_every_registered_game_answers_the_whole_definition():
    """A third game must fill in every part the shell asks for: nothing left to NotImplementedError."""
    from game.core.contract import TableConfig, make_seats
    from game.games.base import GameDef

    for definition in games.all_games():
        for name, value in vars(GameDef).items():
            if callable(value) and not name.startswith("_"):
                assert getattr(type(definition), name) is not value or name in (
                    "lobby_note", "settings_flags", "values_after_change", "player_range", "check_level", "replay_markers", "fair_start",
                    "rules_from_log", "check_options", "table_values", "level_words", "rules_of", "players_problem",
                    "standard_presets"), (
                    f"{definition.id} leaves {name} to the base class")
        rules = definition.rules_from_values({}, 3)
        assert definition.title() and definition.rules_summary(rules) and definition.rules_text(rules)
        assert len(definition.buttons) == 2 and all(definition.button_words())
        assert {definition.default_level, definition.stand_in_level, definition.busiest_level,
                *definition.demo_levels} <= set(definition.bot_levels)
        options = definition.rule_options(rules, 3)
        assert options and all(o.label and o.choices for o in options)
        values = definition.option_values(rules)
        assert definition.rules_from_values(values, 3) == rules
        config = TableConfig(definition.id, rules, make_seats(0, [definition.busiest_level] * 3), 5)
        match = definition.make_match(config, 0, **({"threaded": False} if definition.id == "nothanks" else {}))
        assert match.state.players == 3 and not match.is_over
