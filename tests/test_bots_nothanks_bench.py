"""`bench bots --full`'s measures of the No Thanks hard bot on tiny sizes: seat rotation, intervals, the
agreement's bookkeeping and the report's lines (the figures themselves are the machine's: bench only)."""

from __future__ import annotations

import pytest

from game.bench import bots as bench_bots
from game.games.nothanks import bench, bots
from game.games.nothanks import engine as nt


@pytest.fixture
def small_search(monkeypatch):
    """A hard bot searching a few dozen iterations, so a test plays whole games quickly."""
    monkeypatch.setattr(bots, "HARD_CHECKPOINTS", (20, 40))
    monkeypatch.setattr(bots, "HARD_WORK", 10_000)


def test_series_rotates_the_entries_and_times_only_the_hard_bot(small_search):
    r = bench.series(nt.Rules.numbered(), ["hard", "medium", "greedy"], 5, seed=3)
    assert r["games"] == 6 and r["blocks"] == 2  # rounded up to whole rotations
    assert sum(e["win_rate"] for e in r["entries"]) == pytest.approx(1.0)
    for e in r["entries"]:
        assert e["win_ci95"][0] <= e["win_rate"] <= e["win_ci95"][1]
        assert e["score_ci95"][0] <= e["mean_score"] <= e["score_ci95"][1]
    assert r["decisions"] == len(r["ms"]) == len(r["iterations"]) > 0
    assert all(20 <= i <= 40 for i in r["iterations"]) and r["median_ms"] <= r["p99_ms"]
    assert bench.series(nt.Rules.numbered(), ["hard", "medium", "greedy"], 5, seed=3)["entries"] == r["entries"]
    plain = bench.series(nt.Rules(), ["greedy", "medium"], 2, seed=1)
    assert plain["decisions"] == 0 and plain["median_ms"] == 0.0


def test_agreement_counts_only_positions_where_the_references_agree(small_search, monkeypatch):
    sample = bench.sample_positions(6, seed=2)
    assert len(sample) == 6
    assert all(nt.PASS in o.legal_actions and o.seat == o.current_player for o in sample)
    answers = iter([
        {"bot": nt.TAKE, "refs": [nt.TAKE, nt.TAKE], "ms": 1.0},
        {"bot": nt.PASS, "refs": [nt.TAKE, nt.TAKE], "ms": 2.0},
        {"bot": nt.PASS, "refs": [nt.TAKE, nt.PASS], "ms": 3.0},  # the references differ: left out
        {"bot": nt.PASS, "refs": [nt.PASS, nt.PASS], "ms": 4.0},
    ])
    monkeypatch.setattr(bench, "_agree_job", lambda job: next(answers))
    a = bench.agreement(4, seed=2)
    assert (a["positions"], a["settled"], a["agree"]) == (4, 3, 2) and a["rate"] == pytest.approx(2 / 3)
    assert len(a["disagreements"]) == 1 and a["disagreements"][0][2] == nt.PASS


def test_the_agreement_job_runs_the_bot_and_two_deeper_searches(small_search):
    obs = bench.sample_positions(1, seed=4)[0]
    result = bench._agree_job((obs, 0, 4))
    assert result["bot"] in (nt.TAKE, nt.PASS) and len(result["refs"]) == 2 and result["ms"] >= 0
    again = bench._agree_job((obs, 0, 4))
    assert (again["bot"], again["refs"]) == (result["bot"], result["refs"])  # from the seed alone


def test_the_full_report_names_every_figure_and_target(small_search, monkeypatch):
    monkeypatch.setattr(bench, "coach_timing", lambda positions, seed, workers: {
        "positions": positions, "median_ms": 5.0, "p99_ms": 150.0, "max_ms": 160.0})
    monkeypatch.setattr(bench, "agreement", lambda positions, seed, workers: {
        "positions": positions, "settled": positions - 1, "agree": positions - 1, "rate": 1.0,
        "disagreements": [], "fresh_median_ms": 1.0})
    r = bench.bot_report(games=3, positions=4, seed=1)
    text = bench.format_bot_report(r)
    for label in ("vs 2 greedy, numbered 3-35", "vs 2 greedy, playing cards", "3-way hard/medium/greedy",
                  "4 players vs greedy", "5 players vs greedy", "agreement with two 10x searches: 3/3 = 100.0% [43.9, 100.0]",
                  "CPU time per decision", "coach, question to advice"):
        assert label in text
    assert r["checks"]["coach's time to advice"] is False and not r["ok"]  # 150 ms is over 100 ms
    assert f"its search {bots.search_kind()}" in text.splitlines()[0]  # compiled or plain: the figures say which
    assert text.splitlines()[-1].endswith("MISSED")
    assert r["five"]["players"] == 5 and r["four"]["games"] == 4


def test_bench_bots_refuses_a_bad_size_in_one_line(capsys):
    with pytest.raises(SystemExit):
        bench_bots.main(["--full", "--positions", "0"])
    assert "--positions" in capsys.readouterr().err


def test_the_executable_runs_the_workers_jobs_in_its_own_process(monkeypatch):
    """Frozen, `--jobs` runs in one process: the executable is no Python a worker can be spawned from (a
    spawned worker only hung), and it leaves multiprocessing out (build/couchcards.spec)."""
    import multiprocessing
    import sys

    def no_pool(*args, **kwargs):
        raise AssertionError("a worker process was asked for")

    monkeypatch.setattr(multiprocessing, "get_context", no_pool)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert bench._map(abs, [-1, 2, -3], workers=4) == [1, 2, 3]
    monkeypatch.delattr(sys, "frozen")
    with pytest.raises(AssertionError, match="worker process"):
        bench._map(abs, [-1], workers=4)  # from source, --jobs still spawns them
