"""`python -m game bench`: the dispatcher and the engines benchmark (its games end and conserve cards)."""

from __future__ import annotations

import json

from game import bench
from game.bench import engines


def test_bench_dispatcher_rejects_unknown_names(capsys):
    assert bench.main(["warp"]) == 2
    assert "unknown benchmark 'warp'" in capsys.readouterr().err


def test_bench_engines_runs_and_reports_every_engine(capsys):
    assert engines.main(["--seconds", "0.05", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert {(r["engine"], r["players"]) for r in result["games"]} == {
        ("nothanks", 4), ("nothanks", 3), ("ratscrew", 2), ("ratscrew", 4)}
    assert all(r["games_per_second"] > 0 for r in result["games"])
    assert set(result["clone_apply_per_second"]) == {"nothanks", "ratscrew"}


def test_bench_games_end_and_conserve_cards():
    for seed in range(30):
        st = engines.ratscrew_game(seed, players=2 + seed % 7)
        assert st.is_over
        assert sum(len(h) for h in st.hands) + len(st.pile) + len(st.burned) == 52
        nts = engines.nothanks_game(seed)
        assert nts.is_over and sum(len(c) for c in nts.cards) == 24
