"""The hard No Thanks bot's search compiled by mypyc (build/speedups.py) decides exactly as the plain
module does, the game runs it only when it was compiled from the search.py beside it, and the build
script says why when it cannot compile (and never fails a build for it, unless asked to).

CI compiles it before the tests (the Makefile's test target) and sets COUCHCARDS_REQUIRE_SPEEDUPS, so
there the comparison cannot be skipped; elsewhere, without a C compiler, it is skipped and says so."""

from __future__ import annotations

import importlib.util
import os
import random
import shutil
import types
from pathlib import Path

import pytest

from game.games.nothanks import bots
from game.games.nothanks import engine as nt
from game.games.nothanks import search as plain
from game.games.nothanks.coach import advise

ROOT = Path(__file__).resolve().parent.parent
REQUIRE = os.environ.get("COUCHCARDS_REQUIRE_SPEEDUPS", "") not in ("", "0")


def _speedups():
    spec = importlib.util.spec_from_file_location("couchcards_speedups", ROOT / "build" / "speedups.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compiled_search():
    module = bots.load_search()
    if module is plain:
        if REQUIRE:
            pytest.fail("COUCHCARDS_REQUIRE_SPEEDUPS is set but the compiled search is missing or stale "
                        "(python build/speedups.py --require says why)")
        pytest.skip("the search is not compiled here (python build/speedups.py)")
    return module


def positions(count: int) -> list[nt.Observation]:
    """Decisions with a real choice from random games: both editions, 2 to 7 seats, hidden matches and
    the same player going on after a take among them."""
    rng = random.Random(5)
    out: list[nt.Observation] = []
    game = 0
    while len(out) < count:
        game += 1
        rules = nt.Rules.numbered() if game % 2 else nt.Rules(hidden_matches=game % 3 == 0)
        st = nt.new_game(rules, players=2 + game % 6, seed=game)
        found = []
        while not st.is_over:
            obs = st.observation(st.current_player)
            if len(obs.legal_actions) > 1:
                found.append(obs)
            st.apply(nt.TAKE if not st.matches[st.current_player] or rng.random() < 0.3 else nt.PASS)
        out += rng.sample(found, min(3, len(found)))
    return out[:count]


def searched(module, monkeypatch, obs_list, iterations=None):
    """Each position's decision with `module` as the search: the move, the iterations, the root's counts
    and sums, the coach's advice."""
    monkeypatch.setattr(bots, "search", module)
    rows = []
    for k, obs in enumerate(obs_list):
        bot = bots.HardBot(random.Random(k), iterations=iterations)
        action = bot.decide(obs)
        root = bot.last_root
        rows.append((action, bot.last_iterations, root.visits, root.take.visits, root.take.total,
                     root.pay.visits, root.pay.total, advise(obs, random.Random(k), 150)))
        assert type(root).__module__ == module.__name__  # the search in use made the tree
    return rows


def test_the_compiled_search_decides_exactly_as_the_plain_one(monkeypatch):
    compiled = compiled_search()
    obs_list = positions(24)
    fixed = searched(plain, monkeypatch, obs_list, iterations=300)
    assert searched(compiled, monkeypatch, obs_list, iterations=300) == fixed  # bit for bit, sums too
    # The adaptive search (checkpoints, early stops) on a few positions, and a whole game where the bot
    # keeps its tree between decisions and reads the table: the same moves, the same trees.
    assert searched(compiled, monkeypatch, obs_list[:6]) == searched(plain, monkeypatch, obs_list[:6])

    def game(module):
        monkeypatch.setattr(bots, "search", module)
        st = nt.new_game(nt.Rules.numbered(), players=3, seed=8)
        players = [bots.HardBot(random.Random(1), iterations=120), bots.make_bot("greedy", random.Random(2)),
                   bots.HardBot(random.Random(3), iterations=120)]
        moves = []
        while not st.is_over:
            seat = st.current_player
            moves.append(players[seat].decide(st.observation(seat)))
            st.apply(moves[-1])
        return moves, [p.last_reused for p in players if isinstance(p, bots.HardBot)], st.scores()

    assert game(compiled) == game(plain)


def test_the_compiled_search_is_faster():
    """Not a timing assertion (python -m game bench bots measures it): the compiled module's loop is
    native code, not Python functions."""
    compiled = compiled_search()
    assert not isinstance(compiled.play, types.FunctionType) and isinstance(plain.play, types.FunctionType)


def test_only_a_search_whose_files_are_what_the_build_recorded_is_used(monkeypatch, tmp_path):
    """The compiled search runs only while its files are, byte for byte, what build/speedups.py recorded
    beside them, compiled from the search.py there (tests/test_hostile_search.py damages the files)."""
    compiled_search()
    folder = tmp_path / "nothanks"
    shutil.copytree(Path(plain.__file__).parent, folder, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.delenv(bots.PURE_SEARCH_ENV, raising=False)
    said: list[str] = []
    assert bots.load_search(folder=folder, warn=said.append) is not plain
    monkeypatch.setenv(bots.PURE_SEARCH_ENV, "1")
    assert bots.load_search(folder=folder, warn=said.append) is plain  # asked for the plain module
    monkeypatch.setenv(bots.PURE_SEARCH_ENV, "0")
    assert bots.load_search(folder=folder, warn=said.append) is not plain
    source = folder / "search.py"
    source.write_text(source.read_text() + "\n# edited\n")
    assert bots.load_search(folder=folder, warn=said.append) is plain  # an edited search.py never runs stale code
    (folder / bots.SEARCH_RECORD).unlink()
    assert bots.load_search(folder=folder, warn=said.append) is plain  # none built: the plain module
    assert said == []  # none of these is trouble worth a line


def test_the_build_script_says_why_it_cannot_compile_and_never_fails_a_build(monkeypatch, tmp_path, capsys):
    speedups = _speedups()
    monkeypatch.setattr(speedups, "PACKAGE", tmp_path)  # nothing of the real tree is touched
    (tmp_path / "_search_c.cpython-311-x86_64-linux-gnu.so").write_bytes(b"old")

    def no_compiler(work):
        raise RuntimeError("the compile failed: error: command 'gcc' failed: No such file or directory")

    monkeypatch.setattr(speedups, "compile_search", no_compiler)
    assert speedups.main([]) == 0
    said = capsys.readouterr().out
    assert "stays plain Python" in said and "gcc" in said
    assert speedups.compiled_files() == []  # a copy that no longer matches is removed, not left stale
    assert speedups.main(["--require"]) == 1
    assert "stays plain Python" in capsys.readouterr().out


def test_the_build_script_names_a_missing_tool(monkeypatch, tmp_path):
    speedups = _speedups()
    real_import = __import__

    def without_mypyc(name, *args, **kwargs):
        if name == "mypyc":
            raise ImportError("no mypyc", name="mypyc")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr("builtins.__import__", without_mypyc)
    with pytest.raises(RuntimeError, match="mypyc is not installed"):
        speedups.compile_search(tmp_path / "work")
