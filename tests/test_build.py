"""The builds: what the spec makes on each system (windowed on Windows and macOS, console on Linux), the
Windows version resource, the smoke check; the slow test builds this system's executable and smoke-tests it."""

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
    sys.modules[spec.name] = module  # dataclasses look their module up there
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


def test_smoke_fails_when_the_bundle_refuses_its_compiled_search(monkeypatch, tmp_path, capsys):
    """An executable that runs but whose hard No Thanks bots fall back to the plain search (the bundle's compiled
    files are not those the build recorded: stripped, say) fails the smoke test."""
    smoke = load_build_module("smoke")
    fake = tmp_path / "couchcards"
    fake.write_text(
        "#!/bin/sh\n"
        'for a in "$@"; do case "$prev" in --screenshot) head -c 4000 /dev/zero > "$a";; esac; prev=$a; done\n'
        'case "$*" in *hard,hard*) echo "couchcards: the compiled search does not match what its build made'
        ' (_search_c.so); the hard bot uses the plain search" >&2;; esac\n'
        "exit 0\n")
    fake.chmod(0o755)
    monkeypatch.setattr(smoke, "executable", lambda: fake)
    assert smoke.main([]) == 1
    err = capsys.readouterr().err
    assert "hard No Thanks bots" in err and "compiled search does not match" in err


def test_the_spec_bundles_the_assets_where_resources_looks():
    spec = (ROOT / "build" / "couchcards.spec").read_text()
    assert '(str(ROOT / "assets"), "assets")' in spec  # game.resources: <_MEIPASS>/assets
    assert '"numpy"' in spec
    assert "hiddenimports=game_modules()" in spec  # sim and benches are imported by name


def test_the_build_is_windowed_on_windows_and_macos_and_console_on_linux():
    targets = load_build_module("targets")
    windows, macos, linux = (targets.target(p) for p in ("win32", "darwin", "linux"))
    assert (windows.console, macos.console, linux.console) == (False, False, True)
    assert windows.onefile and windows.product == windows.executable == "couchcards.exe"
    assert windows.icon == "ico" and windows.version_resource
    # macOS: an app (one folder inside: PyInstaller deprecates one-file .app bundles), zipped for download
    assert not macos.onefile and macos.app_bundle == "Couch Cards.app" and macos.icon == "icns"
    assert macos.executable == "Couch Cards.app/Contents/MacOS/couchcards" and macos.release_asset.endswith(".zip")
    assert linux.onefile and linux.executable == "couchcards" and linux.icon is None
    assert targets.target("freebsd14") == linux  # anything else: as Linux
    assert len({windows.release_asset, macos.release_asset, linux.release_asset}) == 3


class SpecRun:
    """Runs build/couchcards.spec with PyInstaller's build steps replaced by recorders."""

    def __init__(self, platform: str, tmp_path: Path, monkeypatch, binaries: list | None = None) -> None:
        self.calls: dict[str, list[tuple[tuple, dict]]] = {}
        self.found_binaries = binaries if binaries is not None else ["binary"]  # what Analysis finds
        spec_globals = {name: self._recorder(name) for name in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
        spec_globals.update(SPECPATH=str(ROOT / "build"), workpath=str(tmp_path / "work"),
                            DISTPATH=str(tmp_path / "dist"), __file__=str(ROOT / "build" / "couchcards.spec"))
        monkeypatch.setattr(sys, "platform", platform)
        monkeypatch.setattr(sys, "path", list(sys.path))  # the spec puts build/ and the root on it
        spec = compile((ROOT / "build" / "couchcards.spec").read_text(), "couchcards.spec", "exec")
        exec(spec, spec_globals)  # noqa: S102 - as PyInstaller runs a spec
        monkeypatch.undo()
        self.globals = spec_globals

    def _recorder(self, name: str):
        calls, found_binaries = self.calls, self.found_binaries

        class Step:
            def __init__(self, *args, **kwargs):
                calls.setdefault(name, []).append((args, kwargs))
                self.binaries, self.datas, self.pure = list(found_binaries), ["data"], ["pure"]
                # as Analysis lists them: the runtime hooks of what is bundled first, then the entry point
                self.scripts = [("pyi_rth_inspect", "hooks/pyi_rth_inspect.py", "PYSOURCE"),
                                ("couchcards_entry", "build/couchcards_entry.py", "PYSOURCE")]

        return Step

    def one(self, name: str) -> tuple[tuple, dict]:
        (call,) = self.calls[name]
        return call


@pytest.mark.parametrize("platform, windowed", [("win32", True), ("darwin", True), ("linux", False)])
def test_the_spec_chooses_windowed_or_console_by_platform(platform, windowed, tmp_path, monkeypatch):
    import json
    import tomllib

    run = SpecRun(platform, tmp_path, monkeypatch)
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    exe_args, exe = run.one("EXE")
    assert exe["console"] is (not windowed) and exe["name"] == "couchcards"
    (_, analysis) = run.one("Analysis")
    info_files = [Path(src) for src, dest in analysis["datas"] if Path(src).name == "couchcards-build.json"]
    assert len(info_files) == 1  # bundled at the root, where game.build_info looks
    info = json.loads(info_files[0].read_text())
    assert info == {"version": version, "platform": platform, "windowed": windowed}
    if platform == "darwin":
        assert exe["exclude_binaries"] is True and "BUNDLE" in run.calls and "COLLECT" in run.calls
        _, bundle = run.one("BUNDLE")
        assert bundle["name"] == "Couch Cards.app" and bundle["version"] == version
        assert bundle["info_plist"]["CFBundleShortVersionString"] == version
        assert bundle["info_plist"]["CFBundleVersion"] == version
        assert Path(bundle["icon"]).read_bytes()[:4] == b"icns"
    else:
        assert "BUNDLE" not in run.calls and "COLLECT" not in run.calls
        assert ["binary"] in exe_args and ["data"] in exe_args  # one file: everything inside the exe
    if platform == "win32":
        assert Path(exe["icon"]).suffix == ".ico" and Path(exe["icon"]).read_bytes()[:4] == b"\0\0\1\0"
        assert f"'ProductVersion', '{version}'" in Path(exe["version"]).read_text()
        assert exe["strip"] is False
    else:
        assert exe["version"] is None
    if platform == "linux":
        assert exe["icon"] is None


def test_the_one_file_build_leaves_out_what_every_start_would_pay_for(tmp_path, monkeypatch):
    """Issue 40: a module bundled with a PyInstaller runtime hook has that hook run at every start (its
    imports before the game's: those modules are left out, inspect's hook is dropped); the largest libraries every start loads are kept unpacked (copied out, not
    inflated) and the rest packed (the build's size)."""
    run = SpecRun("linux", tmp_path, monkeypatch)
    _, analysis = run.one("Analysis")
    assert {"multiprocessing", "pkgutil", "runpy"} <= set(analysis["excludes"])
    exe_args, _ = run.one("EXE")
    assert [name for name, _, _ in exe_args[1]] == ["couchcards_entry"]  # inspect's hook left out
    mark = run.globals["unpacked_python"]
    for name in ("libpython3.11.so.1.0", "pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10",
                 "pygame_ce.libs/libharfbuzz-672f7280.so.0.61430.0", "libsqlite3.so.0", "libstdc++.so.6"):
        assert mark((name, "/x", "BINARY"))[2] == "EXTENSION", name
    for name in ("pygame_ce.libs/libjpeg-a5e764f6.so.62.4.0", "pygame_ce.libs/libfluidsynth-2d6ca569.so.3.5.6"):
        assert mark((name, "/x", "BINARY"))[2] == "BINARY", name


@pytest.mark.parametrize("platform", ["linux", "darwin"])
def test_the_compiled_search_is_bundled_as_built(platform, tmp_path, monkeypatch):
    """PyInstaller takes the compiled search's .so files (given as data) for binaries and strips them
    (Linux) or signs them anew (macOS); the game then refuses them (their bytes are not those recorded) and
    the hard bot runs the plain search. They must reach the bundle as data, untouched; other libraries not."""
    nothanks = "game/games/nothanks"
    search = [f"{nothanks}/{path.name}" for path in sorted((ROOT / nothanks).glob("_search_c*"))
              if path.suffix in (".so", ".pyd")]
    if not search:  # no compiled search here: the names the spec would list, as build/speedups.py makes them
        pytest.skip("no compiled search in this checkout (build/speedups.py)")
    found = [(name, f"/src/{name}", "BINARY") for name in search] + [("libSDL2-2.0.so.0", "/lib/libSDL2", "BINARY")]
    run = SpecRun(platform, tmp_path, monkeypatch, binaries=found)
    exe_args, _ = run.one("EXE")
    if platform == "darwin":
        (_, binaries, datas), _ = run.one("COLLECT")
    else:
        binaries, datas = exe_args[2], exe_args[3]
    assert [entry[0] for entry in binaries] == ["libSDL2-2.0.so.0"]
    assert sorted(entry for entry in datas if entry != "data") == sorted(
        (name, f"/src/{name}", "DATA") for name in search)


def test_the_windows_version_resource_is_what_pyinstaller_reads(tmp_path, monkeypatch):
    """The generated version file goes through PyInstaller's own reader and serialiser (pefile and
    win32api, which PyInstaller has only on Windows, are not needed for that and are stubbed)."""
    import types

    import PyInstaller.compat

    monkeypatch.setitem(sys.modules, "pefile", types.ModuleType("pefile"))
    monkeypatch.setattr(PyInstaller.compat, "win32api", None, raising=False)  # Windows-only, unused here
    from PyInstaller.utils.win32 import versioninfo

    versioning = load_build_module("versioning")
    path = tmp_path / "version.txt"
    path.write_text(versioning.windows_version_file("2.10.3"), encoding="utf-8")
    info = versioninfo.load_version_info_from_text_file(str(path))
    assert (info.ffi.fileVersionMS, info.ffi.fileVersionLS) == ((2 << 16) | 10, 3 << 16)
    raw = info.toRaw()
    for text in ("2.10.3", "Couch Cards", "couchcards.exe"):
        assert text.encode("utf-16-le") in raw
    assert versioning.numeric("1.2rc1") == (1, 2, 0, 0) and versioning.numeric("3") == (3, 0, 0, 0)
    with pytest.raises(ValueError):
        versioning.numeric("70000.1")


@pytest.mark.slow
def test_build_and_smoke_the_executable():
    built = subprocess.run([sys.executable, str(ROOT / "build" / "build.py")], cwd=ROOT, capture_output=True,
                           text=True, timeout=900, check=False)
    assert built.returncode == 0, built.stderr[-3000:]
    build = load_build_module("build")
    exe = build.executable()
    assert build.size_bytes(build.product()) <= 30e6
    smoke = subprocess.run([sys.executable, str(ROOT / "build" / "smoke.py")], cwd=ROOT, capture_output=True,
                           text=True, timeout=600, check=False)
    assert smoke.returncode == 0, smoke.stderr[-3000:]
    bench = subprocess.run([str(exe), "bench", "--help"], capture_output=True, text=True, timeout=120, check=False)
    assert bench.returncode == 0 and "engines" in bench.stdout, bench.stderr[-3000:]  # imported by name
