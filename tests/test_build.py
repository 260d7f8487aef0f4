"""The executable: the smoke check refuses a missing build; the slow test builds it and smoke-tests it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def load_build_module(name: str):
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"couchcards_build_{name}", ROOT / "build" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(ROOT / "build"))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "build"))
    return module


def test_smoke_fails_without_an_executable(monkeypatch, tmp_path, capsys):
    smoke = load_build_module("smoke")
    monkeypatch.setattr(smoke, "executable", lambda: tmp_path / "couchcards")
    assert smoke.main([]) == 1
    assert "no executable" in capsys.readouterr().err


def test_smoke_fails_when_the_executable_fails(monkeypatch, tmp_path, capsys):
    smoke = load_build_module("smoke")
    fake = tmp_path / "couchcards"
    fake.write_text("#!/bin/sh\necho boom >&2\nexit 3\n")
    fake.chmod(0o755)
    monkeypatch.setattr(smoke, "executable", lambda: fake)
    assert smoke.main([]) == 1
    assert "exit code 3" in capsys.readouterr().err


def test_the_spec_bundles_the_assets_where_resources_looks():
    spec = (ROOT / "build" / "couchcards.spec").read_text()
    assert '(str(ROOT / "assets"), "assets")' in spec  # game.resources: <_MEIPASS>/assets
    assert '"numpy"' in spec
    assert "hiddenimports=game_modules()" in spec  # sim and benches are imported by name


@pytest.mark.slow
def test_build_and_smoke_the_executable():
    built = subprocess.run([sys.executable, str(ROOT / "build" / "build.py")], cwd=ROOT, capture_output=True,
                           text=True, timeout=900, check=False)
    assert built.returncode == 0, built.stderr[-3000:]
    exe = load_build_module("build").executable()
    assert exe.stat().st_size <= 30e6
    smoke = subprocess.run([sys.executable, str(ROOT / "build" / "smoke.py")], cwd=ROOT, capture_output=True,
                           text=True, timeout=600, check=False)
    assert smoke.returncode == 0, smoke.stderr[-3000:]
    bench = subprocess.run([str(exe), "bench", "--help"], capture_output=True, text=True, timeout=120, check=False)
    assert bench.returncode == 0 and "engines" in bench.stdout, bench.stderr[-3000:]  # imported by name
