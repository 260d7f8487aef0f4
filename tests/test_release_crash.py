"""Never vanish: a crash anywhere leaves a crash log (traceback, version, system, settings without the
players' names) and exits non-zero with the saved files untouched; a windowed build shows what the command
line printed (--help, a bad option, "no display") in a message box."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import game
from game import crash

ROOT = Path(__file__).resolve().parent.parent

# Test-only: this child replaces the title scene's update with one that raises, then runs the real entry
# point (`python -m game`'s main), so the crash travels through the app loop, the CLI and the guard.
CRASHING_CHILD = textwrap.dedent("""
    import sys
    from game.scenes.title import TitleScene

    def update(self, now_ns, dt_ns):
        raise RuntimeError("forced crash in a scene while Alice Example was playing")

    TitleScene.update = update
    from game.__main__ import main
    sys.exit(main(sys.argv[1:]))
""")


@pytest.fixture
def homes(tmp_path):
    """A settings folder with names and a replay already saved, and the env pointing at both."""
    config, data = tmp_path / "config", tmp_path / "data"
    config.mkdir()
    (data / "replays").mkdir(parents=True)
    settings = {"volume": 0.35, "four_colour_suits": True, "names": ["Alice Example", "Bob Q", "", ""]}
    (config / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    (data / "replays" / "game-1.jsonl").write_text('{"seq": 0, "kind": "header"}\n', encoding="utf-8")
    env = dict(os.environ, COUCHCARDS_CONFIG_DIR=str(config), COUCHCARDS_DATA_DIR=str(data),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    return config, data, env


def saved_files(config: Path, data: Path) -> dict[str, bytes]:
    return {str(p.relative_to(p.parents[1])): p.read_bytes()
            for folder in (config, data / "replays") for p in sorted(folder.iterdir()) if p.is_file()}


def test_a_crash_in_a_scene_writes_a_log_and_exits_non_zero_with_the_saved_files_intact(homes):
    config, data, env = homes
    before = saved_files(config, data)
    proc = subprocess.run([sys.executable, "-c", CRASHING_CHILD, "--headless", "--frames", "30"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == crash.CRASH_EXIT != 0, proc.stderr[-2000:]
    logs = sorted((data / "logs").glob("crash-*.log"))
    assert len(logs) == 1, proc.stderr[-2000:]
    log = logs[0].read_text(encoding="utf-8")
    assert f"the crash log is {logs[0]}" in proc.stderr  # the user is told where it is
    assert "Traceback (most recent call last)" in log
    assert "RuntimeError: forced crash in a scene" in log and "in update" in log
    assert f"version: {game.version()}" in log
    assert "os: " in log and "python: " in log and "pygame-ce: " in log
    settings_part = log.split("settings (the players' names left out):\n", 1)[1].split("\n\n", 1)[0]
    assert json.loads(settings_part)["volume"] == 0.35 and json.loads(settings_part)["four_colour_suits"] is True
    assert "Alice Example" not in log and "Bob Q" not in log  # not in the settings, not in the message
    assert "while <name> was playing" in log
    assert saved_files(config, data) == before  # settings and history exactly as they were


def test_the_crash_log_folder_is_the_user_log_folder_unless_the_data_folder_is_overridden(monkeypatch, tmp_path):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path))
    assert crash.log_dir() == tmp_path / "logs"
    monkeypatch.delenv("COUCHCARDS_DATA_DIR")
    import platformdirs

    assert crash.log_dir() == Path(platformdirs.user_log_dir("couch-cards", appauthor=False))


def test_only_the_newest_crash_logs_are_kept(monkeypatch, tmp_path):
    monkeypatch.setenv("COUCHCARDS_CONFIG_DIR", str(tmp_path / "config"))
    for i in range(crash.LOGS_KEPT + 3):
        old = tmp_path / f"crash-old-{i:02}.log"
        old.write_text("old")
        os.utime(old, (1_000_000 + i, 1_000_000 + i))
    path = crash.write_crash_log(ValueError("boom"), [], folder=tmp_path)
    kept = sorted(tmp_path.glob("crash-*.log"))
    assert path in kept and len(kept) == crash.LOGS_KEPT
    assert not (tmp_path / "crash-old-00.log").exists()  # the oldest went first


def test_an_unwritable_log_folder_falls_back_to_the_temporary_folder(monkeypatch, tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(blocked))
    monkeypatch.setenv("COUCHCARDS_CONFIG_DIR", str(tmp_path))
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "tmp"))
    path = crash.write_crash_log(ValueError("boom"), [])
    assert path is not None and path.parent == tmp_path / "tmp" / "couch-cards"
    assert "ValueError: boom" in path.read_text(encoding="utf-8")


def guarded(run, argv, monkeypatch, *, no_console: bool):
    """crash.guarded with the console present or not, recording the message boxes it shows."""
    shown: list[tuple[str, str, bool]] = []
    monkeypatch.setattr(crash, "windowed", lambda: no_console)
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")  # a driver with a display: boxes allowed

    def show(title, text, error):
        shown.append((title, text, error))
        return True

    code = crash.guarded(run, argv, show)
    return code, shown


def cli_run(argv):
    from game.cli import main

    return lambda: main(argv)


def test_a_crash_shows_a_box_naming_the_log(monkeypatch, tmp_path):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path))

    def boom():
        raise KeyError("the deck")

    code, shown = guarded(boom, [], monkeypatch, no_console=False)
    assert code == crash.CRASH_EXIT
    (log,) = (tmp_path / "logs").glob("crash-*.log")
    assert len(shown) == 1 and shown[0][2] is True and str(log) in shown[0][1]


def test_without_a_console_help_reaches_the_user_in_a_box(monkeypatch, capsys):
    code, shown = guarded(cli_run(["--help"]), ["--help"], monkeypatch, no_console=True)
    assert code == 0
    assert len(shown) == 1 and "--players" in shown[0][1] and shown[0][2] is False
    assert "--players" in capsys.readouterr().out  # and on stdout too, where there is one


def test_without_a_console_a_bad_option_reaches_the_user_in_a_box(monkeypatch, capsys):
    code, shown = guarded(cli_run(["--players", "12"]), ["--players", "12"], monkeypatch, no_console=True)
    assert code == 2
    assert len(shown) == 1 and "--players must be 2 to 8, not 12" in shown[0][1] and shown[0][2] is True
    assert "--players must be 2 to 8" in capsys.readouterr().err
    code, shown = guarded(cli_run(["--no-such"]), ["--no-such"], monkeypatch, no_console=True)
    assert code == 2 and "unrecognized arguments: --no-such" in shown[0][1]


def test_without_a_console_the_no_display_line_reaches_the_user_in_a_box(monkeypatch):
    from game import cli

    monkeypatch.setattr(cli, "no_display_reason", lambda: "no display found (neither DISPLAY nor WAYLAND_DISPLAY is set)")
    code, shown = guarded(cli_run([]), [], monkeypatch, no_console=True)
    assert code == 2
    assert len(shown) == 1 and "no display found" in shown[0][1]


def test_without_a_console_and_no_stdout_at_all_the_text_is_still_shown(monkeypatch):
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    code, shown = guarded(cli_run(["--version"]), ["--version"], monkeypatch, no_console=True)
    assert code == 0 and shown[0][1] == f"couchcards {game.version()}"
    assert sys.stdout is None and sys.stderr is None  # put back as they were


def test_with_a_console_nothing_but_a_crash_shows_a_box(monkeypatch, capsys):
    code, shown = guarded(cli_run(["--players", "12"]), ["--players", "12"], monkeypatch, no_console=False)
    assert code == 2 and shown == []
    assert "--players must be 2 to 8" in capsys.readouterr().err


def test_no_box_on_a_driver_without_display_with_headless_or_under_ci(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    assert crash.boxes_allowed([])
    assert not crash.boxes_allowed(["--headless", "--demo"])
    monkeypatch.setenv("CI", "true")
    assert not crash.boxes_allowed([])
    monkeypatch.delenv("CI")
    for driver in ("dummy", "offscreen"):
        monkeypatch.setenv("SDL_VIDEODRIVER", driver)
        assert not crash.boxes_allowed([])


def test_exit_codes_of_the_guard(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")

    def interrupted():
        raise KeyboardInterrupt

    assert crash.guarded(interrupted, []) == 130
    assert crash.guarded(lambda: 3, []) == 3
    assert crash.guarded(lambda: None, []) == 0

    def exits():
        raise SystemExit(2)

    assert crash.guarded(exits, []) == 2


def test_a_windowed_build_is_known_by_its_build_info_or_missing_streams(monkeypatch, tmp_path):
    (tmp_path / game.BUILD_INFO).write_text(json.dumps({"version": "9.8.7", "windowed": True, "platform": "win32"}))
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    game.build_info.cache_clear()
    game.version.cache_clear()
    try:
        assert crash.windowed() is True
        assert game.version() == "9.8.7"
    finally:
        monkeypatch.delattr(sys, "_MEIPASS")
        game.build_info.cache_clear()
        game.version.cache_clear()
    assert crash.windowed() is False  # pytest has both streams, and this is no build
    monkeypatch.setattr(sys, "stderr", None)
    assert crash.windowed() is True


def test_an_error_in_a_background_thread_is_logged_too(monkeypatch, tmp_path, capsys):
    import threading

    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    before = threading.excepthook

    def run():
        worker = threading.Thread(target=lambda: 1 / 0, name="history-writer")
        worker.start()
        worker.join()
        return 0

    assert crash.guarded(run, ["--demo"]) == 0  # the game itself goes on
    (log,) = (tmp_path / "logs").glob("crash-*.log")
    text = log.read_text(encoding="utf-8")
    assert "ZeroDivisionError" in text and "(in the background thread history-writer)" in text
    assert f"the crash log is {log}" in capsys.readouterr().err
    assert threading.excepthook is before  # put back afterwards


def test_the_crash_log_reads_a_settings_file_with_a_byte_order_mark_and_leaves_the_names_out(monkeypatch, tmp_path):
    """Notepad writes a BOM; the settings read such a file, so the crash log does too (names left out)."""
    from game.settings import ENV_DIR, FILENAME

    monkeypatch.setenv(ENV_DIR, str(tmp_path))
    (tmp_path / FILENAME).write_bytes(b"\xef\xbb\xbf" + json.dumps({"volume": 0.5, "names": ["Mia", "Leo"]}).encode())
    settings, names = crash.settings_without_names()
    assert settings == {"volume": 0.5, "names": "(left out)"} and sorted(names) == ["Leo", "Mia"]
    (tmp_path / FILENAME).write_text("[" * 100_000 + "]" * 100_000)
    settings, names = crash.settings_without_names()
    assert isinstance(settings, str) and settings.startswith("(") and names == []


@pytest.mark.parametrize("argv", [["sim", "ratscrew", "--games", "2"], ["sim", "practice", "--cards", "20"],
                                  ["stats"], ["replay", "--help"], ["bench", "--help"]],
                         ids=lambda argv: argv[0])
def test_a_reader_that_stopped_ends_the_tools_quietly(homes, argv):
    """`sim ... | head -4`: the reader closes the pipe before the tool has written; that ends it with exit 0,
    no traceback and no crash log (it used to be 'couchcards: crashed', BrokenPipeError in game/sim.py)."""
    _, data, env = homes
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first line is written
    try:
        proc = subprocess.run([sys.executable, "-m", "game", *argv], cwd=ROOT, env=env, stdout=write,
                              stderr=subprocess.PIPE, text=True, timeout=120, check=False)
    finally:
        os.close(write)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "crashed" not in proc.stderr and "Traceback" not in proc.stderr
    assert not (data / "logs").exists() or not list((data / "logs").glob("crash-*"))
