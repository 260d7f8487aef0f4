"""Hostile settings files (issue 15, items 1 and 3): anything that does not parse is set aside with one line
and the game starts on defaults; what a newer version wrote is kept; a byte-order mark is fine; a file
that cannot be read is reported and left alone, never renamed and never saved over."""

from __future__ import annotations

import builtins
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import settings as S
from game.games import GAMES

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def warnings() -> list[str]:
    return []


def load(path, warnings):
    return S.load(path, warn=warnings.append, games=GAMES)


def set_aside(tmp_path) -> list[Path]:
    return [p for p in tmp_path.iterdir() if p.name.startswith("settings.json.corrupt-")]


def assert_set_aside_with_one_line(tmp_path, s, warnings, content: bytes) -> None:
    assert dict(s) == S.defaults(GAMES)
    assert len(warnings) == 1 and "\n" not in warnings[0], warnings
    assert "moved it to settings.json.corrupt-" in warnings[0]
    kept = set_aside(tmp_path)
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert not (tmp_path / "settings.json").exists()


# -- item 1: any failure to parse ----------------------------------------------------------------------


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_deeply_nested_json_is_set_aside(tmp_path, warnings, depth):
    content = ('{"volume": ' + "[" * depth + "]" * depth + "}").encode()
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    s = load(path, warnings)
    assert_set_aside_with_one_line(tmp_path, s, warnings, content)


def test_json_nested_deeper_than_any_setting_is_set_aside(tmp_path, warnings):
    content = json.dumps({"bindings": json.loads("[" * 200 + "]" * 200)}).encode()
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    s = load(path, warnings)
    assert_set_aside_with_one_line(tmp_path, s, warnings, content)


def test_any_exception_of_the_parser_sets_the_file_aside(tmp_path, warnings, monkeypatch):
    content = b'{"volume": 0.5}'
    path = tmp_path / "settings.json"
    path.write_bytes(content)

    def broken(*args, **kwargs):
        raise RuntimeError("the parser fell over")

    monkeypatch.setattr(json, "loads", broken)
    s = load(path, warnings)
    assert_set_aside_with_one_line(tmp_path, s, warnings, content)


def test_a_file_over_1_mb_is_set_aside_unread(tmp_path, warnings, monkeypatch):
    content = json.dumps({"volume": 0.5, "padding": "x" * 1_100_000}).encode()
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    parsed = []
    real_loads = json.loads
    monkeypatch.setattr(json, "loads", lambda *a, **k: parsed.append(1) or real_loads(*a, **k))
    s = load(path, warnings)
    assert_set_aside_with_one_line(tmp_path, s, warnings, content)
    assert "1 MB" in warnings[0] and parsed == []


def test_the_game_starts_on_defaults_after_a_deeply_nested_file(tmp_path):
    (tmp_path / "settings.json").write_text("[" * 5000 + "]" * 5000)
    env = dict(os.environ, COUCHCARDS_CONFIG_DIR=str(tmp_path), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for _ in range(2):  # and it starts again the next time
        proc = subprocess.run([sys.executable, "-m", "game", "--headless", "--frames", "2"], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120, check=False)
        assert proc.returncode == 0, proc.stderr
        assert "Traceback" not in proc.stderr
    assert len(set_aside(tmp_path)) == 1


# -- item 3: keep what is not understood ----------------------------------------------------------------


def test_unknown_settings_are_kept_on_save(tmp_path, warnings):
    path = tmp_path / "settings.json"
    newer = {"colour_theme": "pink", "window": {"x": 10, "y": 20, "monitors": [1, 2]}}
    path.write_text(json.dumps({"volume": 0.4, **newer}))
    s = load(path, warnings)
    assert len(warnings) == 1 and "2 unknown settings" in warnings[0]
    s["volume"] = 0.6
    assert s.save()
    saved = json.loads(path.read_text())
    assert saved["volume"] == 0.6
    assert {k: saved[k] for k in newer} == newer
    assert "colour_theme" not in dict(s)  # kept, not offered as a setting


NEWER_VALUES = {"language": "de", "text_size": 175, "card_letters": "norwegian", "volume": "loud", "presets": [1, 2],
                "names": "Mia", "bindings": ["wasd"]}


def test_a_value_this_version_cannot_use_is_written_back_as_it_was_until_the_player_sets_it(tmp_path, warnings):
    """A settings file a newer version wrote (a language or a text size this one lacks): the game starts on the
    default, and a save of another setting leaves the value as it was in the file, for the newer version."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({**NEWER_VALUES, "four_colour_suits": True}))
    s = load(path, warnings)
    assert {key: s[key] for key in NEWER_VALUES} == {key: S.defaults(GAMES)[key] for key in NEWER_VALUES}
    assert sorted(s.defaulted) == sorted(NEWER_VALUES) and len(warnings) == len(NEWER_VALUES)
    s["reduced_motion"] = True  # the player changes another setting
    assert s.save()
    saved = json.loads(path.read_text())
    assert {key: saved[key] for key in NEWER_VALUES} == NEWER_VALUES
    assert saved["reduced_motion"] is True and saved["four_colour_suits"] is True
    again = load(path, [])
    assert sorted(again.defaulted) == sorted(NEWER_VALUES)  # the next start says so again, as it did
    again["language"] = "sv"  # the player chose: that is saved
    del again["text_size"]  # back to its default by the player's hand
    assert again.save()
    saved = json.loads(path.read_text())
    assert saved["language"] == "sv" and saved["text_size"] == S.SCHEMA["text_size"][0]
    assert saved["card_letters"] == "norwegian"


def test_presets_of_a_game_this_version_does_not_know_are_kept(tmp_path, warnings):
    path = tmp_path / "settings.json"
    presets = {"ratscrew": {"Fast": {"claim_delay_ms": 500}}, "spit": {"Quick": {"speed": 3}}}
    path.write_text(json.dumps({"presets": presets}))
    s = load(path, warnings)
    assert s["presets"]["ratscrew"] == {"Fast": {"claim_delay_ms": 500}}
    assert len(warnings) == 1 and "spit" in warnings[0]
    s.save()
    assert json.loads(path.read_text())["presets"]["spit"] == presets["spit"]


def test_five_thousand_unknown_settings_give_one_line(tmp_path, warnings):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"volume": 0.3, **{f"future_{i}": i for i in range(5000)}}))
    s = load(path, warnings)
    assert s["volume"] == 0.3
    assert len(warnings) == 1 and "5000 unknown settings" in warnings[0] and len(warnings[0]) < 200
    s.save()
    assert len(json.loads(path.read_text())) == 5000 + len(S.SCHEMA)


def test_a_byte_order_mark_is_read(tmp_path, warnings):
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"volume": 0.25, "names": ["Zoë"]}, ensure_ascii=False).encode())
    s = load(path, warnings)
    assert warnings == []
    assert s["volume"] == 0.25 and s.player_name(0) == "Zoë"
    assert set_aside(tmp_path) == []


def refuse_reading(monkeypatch, path: Path) -> None:
    """Reading `path` fails as it does for a file of someone else's with mode 600 (whatever the test runs as)."""
    def denied():
        raise PermissionError(13, "Permission denied", str(path))

    real_open = builtins.open

    def open_(file, mode="r", *args, **kwargs):
        if Path(file) == path and "r" in mode:
            denied()
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", open_)
    for name in ("read_text", "read_bytes", "open"):
        real = getattr(Path, name)

        def method(self, *args, _real=real, **kwargs):
            if self == path:
                denied()
            return _real(self, *args, **kwargs)

        monkeypatch.setattr(Path, name, method)


def check_left_alone(tmp_path, path, s, warnings) -> None:
    assert dict(s) == S.defaults(GAMES)
    assert len(warnings) == 1 and str(path) in warnings[0] and "\n" not in warnings[0]
    assert "corrupt" not in warnings[0] and "moved" not in warnings[0]
    s["volume"] = 0.1
    assert s.save() is False  # the game plays on, but never saves over a file it could not read
    assert set_aside(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


def test_an_unreadable_file_is_reported_left_in_place_and_not_saved_over(tmp_path, warnings, monkeypatch):
    path = tmp_path / "settings.json"
    content = json.dumps({"volume": 0.9, "names": ["Ada"]}).encode()
    path.write_bytes(content)
    with monkeypatch.context() as m:
        refuse_reading(m, path)
        s = load(path, warnings)
    check_left_alone(tmp_path, path, s, warnings)
    assert path.read_bytes() == content


def test_a_settings_path_the_system_cannot_read_is_left_alone(tmp_path, warnings):
    """A real refusal from the operating system, one that holds for root too (CI runs as root, and root reads
    a mode-000 file anyway): a folder stands where the settings file should be, so reading it fails."""
    path = tmp_path / "settings.json"
    path.mkdir()
    inside = path / "kept.txt"
    inside.write_bytes(b"whatever the player keeps here")
    s = load(path, warnings)
    check_left_alone(tmp_path, path, s, warnings)  # never saved over (nor replaced)
    assert path.is_dir() and [p.name for p in path.iterdir()] == ["kept.txt"]
    assert inside.read_bytes() == b"whatever the player keeps here"
