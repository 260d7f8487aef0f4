"""`python -m game bench`: the dispatcher and the engines benchmark (its games end and conserve cards)."""

from __future__ import annotations

import json
import types
from pathlib import Path

import pytest

from game import bench, games
from game.bench import engine_speed
from game.games.nothanks import bench as nt_bench
from game.games.ratscrew import bench as rs_bench


def test_bench_dispatcher_rejects_unknown_names(capsys):
    assert bench.main(["warp"]) == 2
    assert capsys.readouterr().err.startswith("couchcards bench: unknown benchmark 'warp'")


def test_bench_engines_runs_and_reports_every_engine(capsys):
    assert engine_speed.main(["--seconds", "0.05", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert {(r["engine"], r["players"]) for r in result["games"]} == {
        ("nothanks", 4), ("nothanks", 3), ("ratscrew", 2), ("ratscrew", 4)}
    assert all(r["games_per_second"] > 0 for r in result["games"])
    assert set(result["clone_apply_per_second"]) == {"nothanks", "ratscrew"}


def test_bench_engines_text_keeps_its_format_and_the_target_line(capsys):
    assert engine_speed.main(["--seconds", "0.05"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Engine benchmarks: random players, engine only, 0.05 s each"
    assert any(line.startswith("  nothanks  4 players") and line.endswith(" games, playing cards)") for line in lines)
    assert any(line.startswith("  ratscrew  clone()+apply()") and line.endswith("ops/s") for line in lines)
    assert lines[-1].startswith("target: No Thanks >= 3,000 games/s with 4 players: ")


def test_bench_engines_names_no_game():
    source = Path(engine_speed.__file__).read_text(encoding="utf-8")
    assert "nothanks" not in source.lower() and "ratscrew" not in source.lower()
    assert "no thanks" not in source.lower()


def test_every_game_has_a_bench_module():
    for g in games.all_games():
        bench_module = g.bench()
        assert bench_module.GAMES and all(len(entry) == 3 for entry in bench_module.GAMES)
        pairs = bench_module.clone_apply_states()
        assert pairs and all(not st.is_over and st.refusal(action) is None for st, action in pairs)


def test_bench_games_end_and_conserve_cards():
    for seed in range(30):
        st = rs_bench.play(seed, players=2 + seed % 7)
        assert st.is_over
        assert sum(len(h) for h in st.hands) + len(st.pile) + len(st.burned) == 52
        nts = nt_bench.play(seed)
        assert nts.is_over and sum(len(c) for c in nts.cards) == 24


def test_against_pypi_without_the_package_says_so_in_one_line(capsys, monkeypatch):
    monkeypatch.setattr(nt_bench, "pypi_installed", lambda: None)
    assert engine_speed.main(["--against-pypi"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and "no-thanks 0.2.2 is not installed" in out[0]


def test_the_pypi_heuristic_is_the_packages_rule():
    core = pytest.importorskip("no_thanks.core")
    from no_thanks.players import HeuristicPlayer

    player = HeuristicPlayer("P")
    game = types.SimpleNamespace(draw_pile=[0], tokens_on_card=0)
    player.game = game
    for card in range(3, 36):
        for pot in range(12):
            for tokens in range(12):
                for held in (set(), {card - 1}, {card + 1}, {card + 5}, {card - 1, card + 1}):
                    game.draw_pile[0], game.tokens_on_card, player.tokens, player.cards = card, pot, tokens, held
                    assert nt_bench.take_probability(card, pot, tokens, sorted(held)) == player.take_proba()
    assert core.Game.CARD_MIN == 3 and core.Game.CARD_MAX == 35


def test_against_pypi_compares_alternately_when_installed():
    pytest.importorskip("no_thanks.core")
    result = nt_bench.compare_with_pypi(seconds=0.3, rounds=2)
    assert result["installed"] and result["version"] == "0.2.2" and result["players"] == 4
    assert all(result["games"][side] > 0 for side in ("pypi", "ours", "ours_26_cards"))
    assert result["ratio"] > 0 and "ratio" in nt_bench.format_against_pypi(result)


def test_heuristic_games_are_whole_games_of_the_numbered_edition():
    import random

    rules = nt_bench.nt.Rules.numbered()
    for seed in range(20):
        st = nt_bench.heuristic_game(seed, rules, random.Random(seed).random)
        assert st.is_over and st.players == 4
        assert sum(len(c) for c in st.cards) == 24 and sum(st.matches) == 44
