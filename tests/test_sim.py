"""The `sim` command: runs, its JSON parses, bad arguments exit with code 2 and say why."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from support_cli import run_main

from game import sim

ROOT = Path(__file__).resolve().parents[1]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    return run_main(sim, capsys, *argv)


def test_nothanks_sim_prints_wins_mean_score_and_speed(capsys):
    code, out, _ = run(capsys, "nothanks", "--players", "4", "--games", "8", "--seed", "3",
                       "--bots", "random,greedy,medium,easy")
    assert code == 0
    assert "No Thanks: 8 games, 4 players" in out and "games/s" in out and "mean score" in out
    for level in ("random", "greedy", "medium", "easy"):
        assert level in out


def test_nothanks_json_is_deterministic_per_seed(capsys):
    args = ("nothanks", "--games", "6", "--seed", "5", "--bots", "greedy,random,random", "--json")
    code, out, _ = run(capsys, *args)
    assert code == 0
    first = json.loads(out)
    assert first["players"] == 3 and len(first["seats"]) == 3
    assert sum(s["wins"] for s in first["seats"]) == pytest.approx(6)
    _, again, _ = run(capsys, *args)
    second = json.loads(again)
    assert [s["mean_score"] for s in second["seats"]] == [s["mean_score"] for s in first["seats"]]


def test_nothanks_seat_balanced_delegates_to_the_tournament(capsys):
    code, out, _ = run(capsys, "nothanks", "--bots", "greedy,random,random", "--games", "6",
                       "--seat-balanced", "--edition", "numbered", "--json")
    assert code == 0
    result = json.loads(out)
    assert result["seat_balanced"] and result["edition"] == "numbered" and result["games"] == 6
    assert all("win_ci95" in e for e in result["entries"])
    code, out, _ = run(capsys, "nothanks", "--bots", "greedy,random,random", "--games", "3", "--seat-balanced")
    assert code == 0 and "seat-balanced" in out and "95% CI" in out


def test_ratscrew_sim_reports_length_and_per_level_behaviour(capsys):
    code, out, _ = run(capsys, "ratscrew", "--bots", "pro,kid", "--games", "6", "--json")
    assert code == 0
    result = json.loads(out)
    assert result["mean_cards_played"] > 0 and result["games_per_second"] > 0
    assert sum(e["wins"] for e in result["entries"]) == pytest.approx(6)
    levels = {lv["level"]: lv for lv in result["levels"]}
    assert levels["pro"]["noticed_ms_median"] < levels["kid"]["noticed_ms_median"]
    assert 0 <= levels["kid"]["miss_rate"] <= 1 and 0 <= levels["kid"]["wrong_slap_rate"] <= 1
    code, out, _ = run(capsys, "ratscrew", "--bots", "random", "--players", "4", "--games", "4",
                       "--rule", "burn=1", "--rule", "tens=on", "--seat-balanced")
    assert code == 0 and "4 players" in out and "Tens" in out and "mean game length" in out


@pytest.mark.slow
def test_ratscrew_ladder_stronger_levels_win_at_least_70_percent(capsys):
    code, out, _ = run(capsys, "ratscrew", "--ladder", "--games", "100", "--json")
    result = json.loads(out)
    shares = {(p["strong"], p["weak"]): p["strong_win_rate"] for p in result["ladder"]}
    assert shares[("pro", "casual")] >= 0.7 and shares[("casual", "kid")] >= 0.7, shares
    assert code == 0 and result["ok"]


@pytest.mark.parametrize("argv, message", [
    (["nothanks", "--bots", "random,wizard,random"], "unknown nothanks bot 'wizard'"),
    (["ratscrew", "--bots", "kid,greedy"], "unknown ratscrew bot 'greedy'"),
    (["nothanks", "--players", "4", "--bots", "random,random"], "2 bots for 4 players"),
    (["nothanks", "--players", "9"], "2 to 8 players, not 9"),
    (["nothanks", "--edition", "numbered", "--players", "2"], "3 to 7 players, not 2"),
    (["ratscrew", "--players", "1"], "2 to 8 players, not 1"),
    (["ratscrew", "--players", "9"], "2 to 8 players, not 9"),
    (["ratscrew", "--rule", "burn"], "NAME=VALUE"),
    (["ratscrew", "--rule", "wings=3"], "unknown rule option"),
    (["nothanks", "--games", "0"], "--games: must be a whole number, 1 or more, not 0"),
    (["chess"], "invalid choice"),
])
def test_bad_arguments_exit_2_with_a_clear_message(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert message in err and out == ""


def test_the_real_command_line_exits_2_on_a_bad_bot():
    proc = subprocess.run([sys.executable, "-m", "game", "sim", "ratscrew", "--bots", "pro,wizard"],
                          check=False, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "unknown ratscrew bot 'wizard'" in proc.stderr
    argv = [sys.executable, "-m", "game", "sim", "ratscrew", "--bots", "pro,casual", "--games", "2", "--json"]
    proc = subprocess.run(argv, check=False, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and json.loads(proc.stdout)["games"] == 2


def test_ratscrew_seat_balanced_deals_first_to_each_entry_alike(monkeypatch):
    """Seat-balanced, every entry is dealt first (an extra card at 3 and 5-8 seats, and the first play) as often as
    every other, and sits each place after the first as often (issue 38: the first seat turned with the entries, so
    entry 0 started every game and a kid listed first took 1.1-1.2 × its share)."""
    from game.games.ratscrew import engine as rs
    from game.games.ratscrew import sim as rs_sim

    seen: list[list[int]] = []  # per game: the entries (by their head starts) from the first player round

    class Watched(rs_sim.RatscrewMatch):
        def __init__(self, rules, seats, *args, first_player=0, **kwargs):
            leads = [seat.head_start_ms for seat in seats]
            seen.append([leads[(first_player + k) % len(seats)] // 10 for k in range(len(seats))])
            super().__init__(rules, seats, *args, first_player=first_player, **kwargs)

    monkeypatch.setattr(rs_sim, "RatscrewMatch", Watched)
    result = rs_sim.run_games(rs.Rules(), ["pro"] * 5, 10, 3, True, leads=[0, 10, 20, 30, 40])
    assert len(seen) == 10 and sum(e["wins"] for e in result["entries"]) == 10
    for place in range(5):  # each entry in each place from the first player (the dealer's first card) twice
        assert sorted(order[place] for order in seen) == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4], seen


def test_ratscrew_sim_gives_each_entry_its_share_x_parity_with_a_95_percent_interval(capsys):
    """The fair-start checks judge each seat's share × parity; with 400 games one seat's share at eight seats spans
    about ±0.26 × on chance alone, so the sim says how far its figure can be trusted."""
    code, out, _ = run(capsys, "ratscrew", "--bots", "pro,casual,kid,kid", "--games", "40", "--seat-balanced", "--fair-start",
                       "--seed", "4", "--json")
    assert code == 0
    result = json.loads(out)
    entries = result["entries"]
    assert sum(e["parity"] for e in entries) == pytest.approx(4)
    for e in entries:
        lo, hi = e["win_ci95"]
        assert lo < e["win_rate"] < hi or e["win_rate"] in (0.0, 1.0)
        assert e["parity"] == pytest.approx(e["win_rate"] * 4)
        assert e["parity_ci95"] == pytest.approx([lo * 4, hi * 4])
        if 0.1 <= e["win_rate"] <= 0.5:  # Wilson at 40 games: about ±13 points near a quarter
            assert 0.15 < hi - lo < 0.35
    code, out, _ = run(capsys, "ratscrew", "--bots", "pro,casual,kid,kid", "--games", "40", "--seat-balanced", "--fair-start",
                       "--seed", "4")
    levels = {lv["level"]: lv for lv in result["levels"]}
    assert {k: v["seats"] for k, v in levels.items()} == {"pro": 1, "casual": 1, "kid": 2}
    kids = entries[2]["wins"] + entries[3]["wins"]
    assert levels["kid"]["parity"] == pytest.approx(kids / 40 * 4 / 2)
    assert levels["pro"]["parity"] == pytest.approx(entries[0]["parity"])
    assert levels["pro"]["parity_ci95"] == pytest.approx(entries[0]["parity_ci95"])
    # two seats together: a narrower interval than either kid seat's alone
    kid_width = levels["kid"]["parity_ci95"][1] - levels["kid"]["parity_ci95"][0]
    assert all(kid_width < e["parity_ci95"][1] - e["parity_ci95"][0] for e in entries[2:])
    assert code == 0 and "x parity" in out and "95% interval" in out
    first = next(line for line in out.splitlines() if line.lstrip().startswith("0 pro"))
    lo, hi = entries[0]["parity_ci95"]
    assert f"{entries[0]['parity']:.2f}" in first and f"{lo:.2f}-{hi:.2f}" in first
