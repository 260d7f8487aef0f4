"""The command line in a subprocess: no display means exit 2 and one line; --headless runs and screenshots."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_game(args: list[str], tmp_path: Path, env_changes: dict[str, str | None], timeout: float = 60):
    env = dict(os.environ, COUCHCARDS_CONFIG_DIR=str(tmp_path / "cfg"))
    for key, value in env_changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout, check=False)


NO_DISPLAY = {"DISPLAY": None, "WAYLAND_DISPLAY": None, "SDL_VIDEODRIVER": None, "SDL_AUDIODRIVER": None}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY/WAYLAND_DISPLAY are how Linux finds one")
def test_no_display_exits_2_with_one_line(tmp_path):
    proc = run_game([], tmp_path, NO_DISPLAY, timeout=30)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "no display" in lines[0] and "--headless" in lines[0]
    assert proc.stdout == ""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY/WAYLAND_DISPLAY are how Linux finds one")
def test_a_display_that_does_not_answer_is_named(tmp_path):
    """DISPLAY names an X server that is not there: SDL falls back to its offscreen driver; the message names
    the display the user set (not SDL's driver) and the game exits 2 with no window."""
    proc = run_game([], tmp_path, {**NO_DISPLAY, "DISPLAY": ":87", "SDL_AUDIODRIVER": "dummy"}, timeout=30)
    assert proc.returncode == 2, proc.stderr
    # libwayland may say on its own line that it found no compositor either (SDL tries Wayland next)
    lines = [line for line in proc.stderr.splitlines() if line.startswith("couchcards:")]
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert "cannot reach the display DISPLAY=:87" in lines[0] and "--headless" in lines[0]
    assert "offscreen" not in lines[0]


def test_dummy_video_driver_without_headless_is_no_display(tmp_path):
    proc = run_game(["--game", "ratscrew"], tmp_path, {"SDL_VIDEODRIVER": "dummy"}, timeout=30)
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1
    assert "--headless" in proc.stderr


def test_headless_title_runs_n_frames_and_saves_the_last(tmp_path):
    shot = tmp_path / "title.png"
    proc = run_game(["--headless", "--frames", "20", "--screenshot", str(shot)], tmp_path, NO_DISPLAY)
    assert proc.returncode == 0, proc.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)


def test_a_screenshot_path_that_cannot_be_written_is_one_line_and_exit_2(tmp_path):
    shot = tmp_path / "no such folder" / "title.png"
    proc = run_game(["--headless", "--frames", "5", "--screenshot", str(shot)], tmp_path, NO_DISPLAY)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot save the screenshot" in lines[0], proc.stderr
    assert "Traceback" not in proc.stderr


def test_straight_to_a_table_with_bots_and_a_seed(tmp_path):
    shot = tmp_path / "table.png"
    proc = run_game(["--headless", "--game", "nothanks", "--players", "4", "--bots", "easy,hard", "--seed", "3",
                     "--frames", "30", "--size", "960x540", "--screenshot", str(shot)], tmp_path, NO_DISPLAY)
    assert proc.returncode == 0, proc.stderr
    assert pygame.image.load(str(shot)).get_size() == (960, 540)


def test_headless_demo_exits_0_after_its_frames(tmp_path):
    proc = run_game(["--headless", "--demo", "--frames", "90", "--seed", "2"], tmp_path, NO_DISPLAY)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize("args, message", [
    (["--players", "3"], "--game"),
    (["--game", "ratscrew", "--players", "9"], "2 to 8"),
    (["--game", "nothanks", "--bots", "genius"], "genius"),
    (["--game", "ratscrew", "--players", "2", "--bots", "pro,pro,pro"], "3 bots"),
    (["--game", "ratscrew", "--players", "4", "--bots", "pro,,kid"], "level name between every comma"),
    (["--game", "ratscrew", "--bots", ","], "level name between every comma"),
    (["--game", "ratscrew", "--bots", ""], "level name between every comma"),
    (["--size", "10x10"], "--size"),
])
def test_bad_options_exit_2_with_one_line(tmp_path, args, message):
    proc = run_game(["--headless", *args], tmp_path, NO_DISPLAY, timeout=30)
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1
    assert message in proc.stderr


@pytest.mark.parametrize("args, message", [
    (["--frames", "-1"], "--frames must be 1 or more, not -1"),
    (["--frames", "0"], "--frames must be 1 or more, not 0"),
    (["--frames", "ten"], "--frames"),
    (["--game", "nothanks", "--players", "0"], "--players must be 2 to 8, not 0"),
    (["--game", "nothanks", "--players", "1"], "--players must be 2 to 8"),
    (["--players", "12"], "--players must be 2 to 8"),
    (["--seed", "-3"], "--seed must be a whole number"),
    (["--seed", "abc"], "--seed"),
    (["--size", "1280"], "--size must look like 1280x720"),
    (["--size", "1280x720x2"], "--size must look like 1280x720"),
    (["--size", "wide"], "--size must look like 1280x720"),
    (["--size", "99999x720"], "--size must be at most"),
    (["--no-such-option"], "--no-such-option"),
])
def test_bad_arguments_are_reported_before_the_display_check(tmp_path, args, message):
    proc = run_game(args, tmp_path, NO_DISPLAY, timeout=30)  # no display and no --headless
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("couchcards: ") and message in lines[0]
    assert "no display" not in lines[0] and "Traceback" not in proc.stderr
    assert proc.stdout == ""


def test_bad_arguments_with_headless_are_also_one_line(tmp_path):
    proc = run_game(["--headless", "--frames", "-1"], tmp_path, NO_DISPLAY, timeout=30)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "couchcards: --frames must be 1 or more, not -1"
