"""No Thanks tournaments: interval maths on known cases, seat balance, determinism, output shape;
the strength targets as a slow test."""

from __future__ import annotations

import json
import math

import pytest

from game.games.nothanks import engine as nt
from game.games.nothanks.tournament import format_table, mean_ci, percentile, run_tournament
from game.simkit import share_ci


def test_mean_ci_on_a_known_case():
    # Sample sd of [1, 0, 1, 0] is sqrt(1/3); half-width = 1.959964 * 0.577350 / 2 = 0.565792.
    mean, lo, hi = mean_ci([1, 0, 1, 0])
    assert mean == 0.5
    assert lo == pytest.approx(0.5 - 0.565792, abs=1e-6)
    assert hi == pytest.approx(0.5 + 0.565792, abs=1e-6)
    # Textbook: [2, 4, 4, 4, 5, 5, 7, 9], mean 5, sample sd 2.13809, half-width 1.48163.
    mean, lo, hi = mean_ci([2, 4, 4, 4, 5, 5, 7, 9])
    assert mean == 5 and hi - mean == pytest.approx(1.959964 * 2.138090 / math.sqrt(8), abs=1e-5)
    assert mean_ci([0.5] * 5) == (0.5, 0.5, 0.5)
    assert mean_ci([3.0]) == (3.0, 3.0, 3.0)
    with pytest.raises(ValueError):
        mean_ci([])


def test_share_ci_is_the_wilson_interval():
    # Textbook values: 5 of 10 gives [0.2366, 0.7634]; 0 of 10 gives [0, 0.2775] (a normal interval would say [0, 0]).
    lo, hi = share_ci(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = share_ci(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.27754, abs=1e-5)
    lo, hi = share_ci(193, 199)
    assert lo < 193 / 199 < 0.97 < hi < 1.0  # a share just under a target, whose interval spans it
    assert share_ci(0, 0) == (0.0, 1.0)


def test_percentile_interpolates():
    values = list(range(1, 101))
    assert percentile(values, 50) == pytest.approx(50.5)
    assert percentile(values, 99) == pytest.approx(99.01)
    assert percentile([7.0], 99) == 7.0 and percentile([], 99) == 0.0


def test_seat_balanced_rotates_every_entry_through_every_seat():
    result = run_tournament(nt.Rules.numbered(), ["greedy", "random", "medium"], 7, seed=3, seat_balanced=True)
    assert result["games"] == 9 and result["blocks"] == 3
    for entry in result["entries"]:
        assert entry["games_in_seat"] == [3, 3, 3]
    assert sum(e["win_rate"] for e in result["entries"]) == pytest.approx(1.0)
    json.dumps(result)


def test_unbalanced_keeps_entries_in_their_seats():
    result = run_tournament(nt.Rules(), ["greedy", "random"], 4, seed=3, seat_balanced=False)
    assert result["games"] == 4
    assert [e["games_in_seat"] for e in result["entries"]] == [[4, 0], [0, 4]]


def test_tournament_is_deterministic_for_a_seed():
    def outcome(seed: int) -> list:
        r = run_tournament(nt.Rules(), ["hard", "greedy", "easy"], 3, seed=seed, seat_balanced=True,
                           iterations=20, time_budget_ms=60_000)
        return [(e["win_rate"], e["mean_score"], e["decisions"]) for e in r["entries"]]

    assert outcome(4) == outcome(4)


def test_wrong_table_size_is_refused():
    with pytest.raises(ValueError):
        run_tournament(nt.Rules.numbered(), ["greedy", "greedy"], 2, seed=1, seat_balanced=True)


def test_format_table_shows_every_entry():
    result = run_tournament(nt.Rules(), ["medium", "greedy", "greedy"], 3, seed=1, seat_balanced=True)
    table = format_table(result)
    assert "medium" in table and table.count("greedy") == 2 and "seat-balanced" in table
    assert f"{100 * result['entries'][0]['win_rate']:.1f}%" in table


@pytest.mark.slow
@pytest.mark.parametrize("level,target", [("hard", 0.70), ("medium", 0.45)])
def test_strength_targets_against_two_greedy(level, target):
    games = 150 if level == "hard" else 900
    result = run_tournament(nt.Rules.numbered(), [level, "greedy", "greedy"], games, seed=2024,
                            seat_balanced=True)
    assert result["entries"][0]["win_rate"] >= target  # how long it thinks: `python -m game bench bots`


@pytest.mark.slow
def test_easy_loses_to_greedy():
    result = run_tournament(nt.Rules.numbered(), ["easy", "greedy", "greedy"], 900, seed=2024,
                            seat_balanced=True)
    easy, *greedy = result["entries"]
    assert easy["win_ci95"][1] < min(g["win_rate"] for g in greedy)
