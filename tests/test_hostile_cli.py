"""Small command-line edges (issue 15, item 6): `sim` errors are one line like the game's, a screenshot
path must name a kind of file pygame writes, `bench input` leaves no folder behind, and eight bots
without --players are told they leave no seat for a human."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from support_cli import run_main

from game import cli, sim

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("argv", [
    ["chess"],
    ["nothanks", "--games", "0"],
    ["ratscrew", "--bots", "kid,greedy"],
    ["ratscrew", "--rule", "tens=maybe"],
    ["nothanks", "--players", "lots"],
])
def test_sim_errors_are_one_line(capsys, argv):
    code, out, err = run_main(sim, capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("couchcards sim: ") and "usage:" not in err


def play(capsys, *argv: str) -> tuple[int, str]:
    code, _, err = run_main(cli, capsys, *argv)
    return code, err


@pytest.mark.parametrize("path", ["", "   ", "shot.xyz", "shot", "shots/", "shot.gif", "shot.png.txt"])
def test_a_screenshot_path_pygame_cannot_write_is_refused_before_anything_opens(capsys, tmp_path, path):
    code, err = play(capsys, "--headless", "--frames", "1", "--screenshot", path)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "--screenshot" in err, err


@pytest.mark.parametrize("name", ["shot.png", "shot.bmp", "shot.tga", "shot.jpg", "shot.jpeg", "SHOT.PNG"])
def test_screenshot_kinds_pygame_writes_are_accepted(name):
    args = cli.play_parser().parse_args(["--screenshot", name])
    cli.check_args(args)  # no UsageError


def test_a_bmp_screenshot_is_written_as_bmp(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_CONFIG_DIR", str(tmp_path))
    target = tmp_path / "shot.bmp"
    code, err = play(capsys, "--headless", "--frames", "1", "--screenshot", str(target))
    assert code == 0, err
    assert target.read_bytes()[:2] == b"BM"


@pytest.mark.parametrize("bots", [8, 9])
def test_eight_bots_without_players_leave_no_seat_for_a_human(capsys, bots):
    code, err = play(capsys, "--game", "ratscrew", "--bots", ",".join(["kid"] * bots))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "--players must be" not in err  # --players was never typed
    if bots == 8:
        assert "8 bots leave no seat for a human" in err
    else:
        assert "9 bots" in err and "8 seats" in err


def test_eight_bots_with_players_8_are_a_table_of_bots():
    args = cli.play_parser().parse_args(["--game", "ratscrew", "--players", "8", "--bots", ",".join(["kid"] * 8)])
    _, config = cli.check_args(args)
    assert len(config.seats) == 8 and all(seat.is_bot for seat in config.seats)


def test_bench_input_removes_its_temporary_folder(tmp_path):
    env = dict(os.environ, TMPDIR=str(tmp_path), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    # --loaded 0: the loaded pass runs the same table (and folder) again beside six spinning processes of its own,
    # which took both cores from the rest of the suite (test_input_bench starts and ends those processes)
    proc = subprocess.run([sys.executable, "-m", "game", "bench", "input", "--trials", "1", "--no-x11",
                           "--idle-seconds", "0.1", "--loaded", "0"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    assert "posted" in proc.stdout  # it did run the table
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("couchcards")] == []


def test_bench_bots_reports_decision_time_against_the_target(capsys, monkeypatch):
    from game.bench import bots
    from game.games.nothanks import bench as nt_bench

    def timing(games_each, p99=180.0):
        return {"level": "hard", "games": games_each, "decisions": 30, "median_ms": 60.0, "p99_ms": p99,
                "target_p99_ms": 150, "ok": p99 <= 150}

    monkeypatch.setattr(nt_bench, "bot_timing", timing)
    code, out, _ = run_main(bots, capsys, "--games", "2", "--check")
    assert code == 1
    assert "'hard': 30 decisions in 2 games, median 60.0 ms, p99 180.0 ms (target p99 <= 150 ms) ABOVE TARGET" in out
    monkeypatch.setattr(nt_bench, "bot_timing", lambda games_each: timing(games_each, 90.0))
    code, out, _ = run_main(bots, capsys, "--games", "2", "--check")
    assert code == 0 and out.rstrip().endswith(" ok")
