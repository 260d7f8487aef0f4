"""`python -m game sim practice`: a slap-school session with a Ratscrew bot as the student, through the
command line: its figures, deterministic per seed; with adaptive pace a pro ends on a faster pace than a
kid; bad arguments are one line and exit code 2."""

from __future__ import annotations

import json

import pytest
from support_cli import run_main

from game import cli
from game.games.ratscrew.school import sim
from game.games.ratscrew.school.pace import ADAPTIVE_START_MS


def practice(capsys, *argv: str) -> tuple[int, str, str]:
    return run_main(cli, capsys, "sim", "practice", *argv)


def test_the_json_has_accuracy_reaction_paces_and_a_row_per_rule(capsys):
    code, out, err = practice(capsys, "--student", "casual", "--cards", "120", "--pace", "adaptive", "--seed", "3",
                              "--json")
    assert code == 0 and err == ""
    result = json.loads(out)
    assert {"accuracy", "reaction_ms_median", "pace_ms_start", "pace_ms_end", "per_rule"} <= set(result)
    assert 0.5 < result["accuracy"] <= 1 and 300 < result["reaction_ms_median"] < 1500
    assert result["pace_ms_start"] == ADAPTIVE_START_MS and result["rules"] == ["double", "sandwich", "top_bottom"]
    rows = result["per_rule"]
    assert set(rows) == {"double", "sandwich", "top_bottom"}
    for row in rows.values():
        assert row["right"] + row["missed"] == row["patterns"] and row["held"] + row["wrong"] == row["near_misses"]
    decisions = sum(r["patterns"] + r["near_misses"] for r in rows.values()) + result["wrong_on_nothing"]
    assert decisions == result["decisions"]
    right = sum(r["right"] + r["held"] for r in rows.values())
    assert result["accuracy"] == round(right / decisions, 3)


def test_the_same_seed_gives_the_same_session(capsys):
    runs = [practice(capsys, "--student", "kid", "--cards", "60", "--seed", "9", "--json")[1] for _ in range(2)]
    assert runs[0] == runs[1]
    assert practice(capsys, "--student", "kid", "--cards", "60", "--seed", "10", "--json")[1] != runs[0]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_with_adaptive_pace_a_pro_ends_faster_than_a_kid(seed):
    kid, pro = (sim.run(student, 200, "adaptive", seed) for student in ("kid", "pro"))
    assert pro["pace_ms_end"] < kid["pace_ms_end"]
    assert pro["pace_ms_end"] < pro["pace_ms_start"]
    assert pro["reaction_ms_median"] < kid["reaction_ms_median"] and pro["accuracy"] > kid["accuracy"]


def test_a_fixed_pace_stays_and_every_drill_runs():
    result = sim.run("pro", 80, "fast", 4)
    assert result["pace_ms_start"] == result["pace_ms_end"] == 1000 and result["pace_changes"] == 0
    for drill in range(8):
        rules = sim.run("casual", 40, "medium", drill, drill)["per_rule"]
        assert set(rules) <= set(sim.DRILLS[drill].slaps)


def test_the_text_report_has_a_line_per_rule(capsys):
    code, out, _ = practice(capsys, "--student", "pro", "--cards", "80", "--drill", "marriage")
    assert code == 0
    assert out.startswith("slap school: pro student, drill 4 (double, sandwich, top_bottom, marriage)")
    assert "accuracy" in out and f"pace {ADAPTIVE_START_MS} ms ->" in out and "\nmarriage " in out


@pytest.mark.parametrize("argv, words", [
    (("--cards", "0"), "--cards: must be a whole number from 1 to 100000"),
    (("--student", "toddler"), "invalid choice: 'toddler'"),
    (("--pace", "warp"), "invalid choice: 'warp'"),
    (("--drill", "10"), "drill must be 1 to 9"),
    (("--seed", "-1"), "--seed: must be a whole number from 0"),
])
def test_bad_arguments_are_one_line_and_exit_2(capsys, argv, words):
    code, out, err = practice(capsys, *argv)
    assert code == 2 and out == ""
    assert words in err and len(err.strip().splitlines()) == 1
