"""One version, set in pyproject.toml: game.version(), `--version`, the title screen's corner, the build's
files (build/versioning.py) and a release tag all say the same."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pygame
from test_build import load_build_module

import game
from game import screens
from game.render.text import TextRecorder
from game.ui import widgets as ui

ROOT = Path(__file__).resolve().parent.parent
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def test_the_game_reads_the_version_of_pyproject():
    assert game.version() == VERSION == game.__version__
    assert f"\"{VERSION}\"" not in (ROOT / "game" / "__init__.py").read_text()  # set once, not copied


def test_version_on_the_command_line():
    proc = subprocess.run([sys.executable, "-m", "game", "--version"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, check=False)
    assert proc.returncode == 0 and proc.stdout.strip() == f"couchcards {VERSION}"


def test_the_title_screen_shows_the_version_small_in_a_corner(app):
    app.nav.push(screens.Title())
    app.frames(2)
    with TextRecorder() as boxes:
        app.top.draw(app.screen, 0.0)
    (rect,) = [r for r, text in boxes.drawn if text == f"v{VERSION}"]
    w, h = app.size
    assert rect.right > w * 0.9 and rect.bottom > h * 0.95  # bottom right corner
    # small, out of the way: no bigger than a line at the floor every word off the tables keeps (20 px at 720p)
    assert rect.h <= ui.TEXTS.font(ui.floor_size()).get_height()
    others = [r for r, text in boxes.drawn if text != f"v{VERSION}"]
    assert not any(rect.colliderect(o) for o in others)


def test_an_installed_copy_falls_back_on_the_package_metadata(monkeypatch, tmp_path):
    from importlib import metadata

    monkeypatch.setattr(game, "__file__", str(tmp_path / "game" / "__init__.py"))  # no pyproject beside it
    monkeypatch.setattr(metadata, "version", lambda name: "4.5.6" if name == "couch-cards" else None)
    game.version.cache_clear()
    try:
        assert game.version() == "4.5.6"
    finally:
        game.version.cache_clear()


def test_the_build_files_carry_the_version(tmp_path):
    import json

    versioning = load_build_module("versioning")
    assert versioning.project_version() == VERSION
    paths = versioning.write_generated(tmp_path, "win32", windowed=True)
    assert json.loads(paths["build_info"].read_text()) == {"version": VERSION, "platform": "win32", "windowed": True}
    assert f"'FileVersion', '{VERSION}'" in paths["windows_version"].read_text()
    plist = versioning.info_plist(VERSION)
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == VERSION


def test_a_release_tag_must_name_the_version(capsys):
    package = load_build_module("package")
    assert package.main(["--check-tag", f"v{VERSION}"]) == 0
    assert package.main(["--check-tag", "v999.0.0"]) == 1
    assert "does not match pyproject.toml's version" in capsys.readouterr().err


def test_a_crash_log_names_the_version(tmp_path, monkeypatch):
    from game import crash

    monkeypatch.setenv("COUCHCARDS_CONFIG_DIR", str(tmp_path))
    assert f"version: {VERSION} (from source)" in crash.crash_report(ValueError("x"), ["--demo"])
    pygame.event.clear()
