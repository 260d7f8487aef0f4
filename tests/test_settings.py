"""Settings on disk: defaults, atomic writes, a corrupt file set aside with a warning, per-key fallback, presets."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game import settings as S
from game.games import GAMES


@pytest.fixture
def warnings() -> list[str]:
    return []


def load(path, warnings):
    return S.load(path, warn=warnings.append, games=GAMES)


def test_missing_file_gives_defaults_without_warning(tmp_path, warnings):
    s = load(tmp_path / "settings.json", warnings)
    assert dict(s) == S.defaults(GAMES)
    assert warnings == []
    assert not (tmp_path / "settings.json").exists()


def test_config_dir_is_overridden_by_env(tmp_path, monkeypatch):
    monkeypatch.setenv(S.ENV_DIR, str(tmp_path / "elsewhere"))
    assert S.config_dir() == tmp_path / "elsewhere"
    s = S.load(games=GAMES)
    s["volume"] = 0.3
    assert s.save()
    assert json.loads((tmp_path / "elsewhere" / "settings.json").read_text())["volume"] == 0.3


def test_round_trip_of_values_and_presets(tmp_path, warnings):
    path = tmp_path / "cfg" / "settings.json"
    s = load(path, warnings)
    s["volume"] = 0.4
    s["four_colour_suits"] = True
    s["reduced_motion"] = True
    s["teaching_aid"] = False
    s["bindings"] = {"version": 1, "keyboard": [["q", "left shift"]]}
    s["presets"] = {"nothanks": {"Family": {"ranks_per_suit": 7, "suit_order": ["S", "H", "D", "C"]}},
                    "ratscrew": {"Fast": {"tens": True, "claim_delay_ms": 500}}}
    s["names"] = ["Ada", "Bo"]
    assert s.save()
    again = load(path, warnings)
    assert warnings == []
    assert again["volume"] == 0.4
    assert again["four_colour_suits"] is True and again["reduced_motion"] is True
    assert again["teaching_aid"] is False
    assert again["bindings"] == {"version": 1, "keyboard": [["q", "left shift"]]}
    assert again["presets"]["nothanks"]["Family"] == {"ranks_per_suit": 7, "suit_order": ["S", "H", "D", "C"]}
    assert again["presets"]["ratscrew"]["Fast"] == {"tens": True, "claim_delay_ms": 500}
    assert again["names"][:3] == ["Ada", "Bo", ""]
    assert again.player_name(0) == "Ada" and again.player_name(2) == "Player 3"


def test_write_is_atomic_and_leaves_no_temp_files(tmp_path, warnings, monkeypatch):
    path = tmp_path / "settings.json"
    s = load(path, warnings)
    s["volume"] = 0.5
    s.save()
    before = path.read_text()

    def boom(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    s["volume"] = 0.9
    assert s.save() is False  # a failed save warns, never crashes
    assert path.read_text() == before  # the old file is whole
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]
    assert any("could not save" in w for w in warnings)


def test_a_read_only_folder_is_said_in_the_systems_words(tmp_path, warnings, monkeypatch):
    """The warning names the settings file and what the system said, not the temp file the save was refused."""
    import errno

    path = tmp_path / "settings.json"
    s = load(path, warnings)

    def refused(prefix, suffix, dir):
        raise OSError(errno.EROFS, "Read-only file system", str(Path(dir) / f"{prefix}x1y2{suffix}"))

    monkeypatch.setattr(S.tempfile, "mkstemp", refused)
    s["volume"] = 0.9
    assert s.save() is False
    (said,) = [w for w in warnings if "could not save" in w]
    assert said == f"could not save settings to {path} (Read-only file system); changes last until the game closes"


@pytest.mark.parametrize("content", ["{not json", "[1, 2, 3]", "\x00\x01garbage"])
def test_corrupt_file_is_set_aside_with_one_warning(tmp_path, warnings, content):
    path = tmp_path / "settings.json"
    path.write_text(content)
    s = load(path, warnings)
    assert dict(s) == S.defaults(GAMES)
    assert len(warnings) == 1 and "\n" not in warnings[0]
    assert "moved it to settings.json.corrupt-" in warnings[0]
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("settings.json.corrupt-")]
    assert len(kept) == 1 and kept[0].read_text() == content
    assert not path.exists()
    s.save()  # and the next save writes a fresh, good file
    assert load(path, warnings)["volume"] == S.defaults(GAMES)["volume"]


def test_undecodable_bytes_are_set_aside(tmp_path, warnings):
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xff\xfe\xfa")
    s = load(path, warnings)
    assert dict(s) == S.defaults(GAMES)
    assert len(warnings) == 1
    assert any(p.name.startswith("settings.json.corrupt-") for p in tmp_path.iterdir())


def test_bad_values_fall_back_per_key_and_the_rest_is_kept(tmp_path, warnings):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({
        "volume": 7, "four_colour_suits": "yes", "reduced_motion": True, "language": "xx",
        "presets": {"chess": {}}, "names": "Ada", "colour_theme": "pink",
    }))
    s = load(path, warnings)
    assert s["volume"] == S.defaults(GAMES)["volume"]
    assert s["four_colour_suits"] is False
    assert s["reduced_motion"] is True  # the good value survives
    assert s["language"] == "auto"  # the default: the system's language
    assert s["presets"] == S.defaults(GAMES)["presets"]
    assert s["names"] == S.defaults(GAMES)["names"]
    assert len(warnings) == 6
    assert any("colour_theme" in w for w in warnings)
    assert path.exists()  # a file with bad values is not set aside


def test_setting_an_invalid_value_raises(tmp_path, warnings):
    s = load(tmp_path / "settings.json", warnings)
    with pytest.raises(ValueError):
        s["volume"] = 2
    with pytest.raises(TypeError):
        s["teaching_aid"] = "on"
    with pytest.raises(KeyError):
        s["nonsense"] = 1
