"""`python -m game preset export NAME FILE` and `preset import FILE`: exit code 0 and one line when done;
one line on stderr and exit code 2 for anything wrong, with the settings file's bytes untouched."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support_cli import run_main

from game import cli
from game import settings as settings_mod
from game.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
FAST = {"claim_delay_ms": 500, "tens": True}


@pytest.fixture
def config(tmp_path, monkeypatch):
    """A settings folder of this test holding one preset of each game; its settings.json path."""
    monkeypatch.setenv(settings_mod.ENV_DIR, str(tmp_path / "cfg"))
    path = tmp_path / "cfg" / settings_mod.FILENAME
    s = settings_mod.load(path, warn=lambda m: None, games=GAMES)
    s["presets"] = {"ratscrew": {"Fast": dict(FAST)}, "nothanks": {"Family": {"ranks_per_suit": 7}}}
    assert s.save()
    return path


def preset_cmd(capsys, *argv):
    return run_main(cli, capsys, "preset", *argv)


def presets(path):
    return json.loads(path.read_text())["presets"]


def test_export_writes_the_file_and_says_where(config, tmp_path, capsys):
    target = tmp_path / "fast.json"
    code, out, err = preset_cmd(capsys, "export", "Fast", str(target))
    assert (code, err) == (0, "")
    assert out.strip() == f"Exported the preset Fast to {target}"
    assert json.loads(target.read_text()) == {"format": "couchcards-preset", "version": 1, "game": "ratscrew",
                                              "name": "Fast", "options": FAST}


def test_import_adds_the_preset_under_a_free_name_and_round_trips(config, tmp_path, capsys):
    target = tmp_path / "fast.json"
    assert preset_cmd(capsys, "export", "Fast", str(target))[0] == 0
    code, out, err = preset_cmd(capsys, "import", str(target))
    assert (code, err) == (0, "")
    assert out.strip() == "Imported the preset Fast (2) for Egyptian Ratscrew"
    assert presets(config)["ratscrew"] == {"Fast": FAST, "Fast (2)": FAST}


def test_import_into_settings_without_it_gives_the_identical_preset(config, tmp_path, capsys, monkeypatch):
    target = tmp_path / "family.json"
    assert preset_cmd(capsys, "export", "Family", str(target))[0] == 0
    monkeypatch.setenv(settings_mod.ENV_DIR, str(tmp_path / "friend"))  # a friend's computer: no presets yet
    code, out, _ = preset_cmd(capsys, "import", str(target))
    assert code == 0 and out.strip() == "Imported the preset Family for No Thanks!"
    assert presets(tmp_path / "friend" / settings_mod.FILENAME)["nothanks"] == {"Family": {"ranks_per_suit": 7}}


@pytest.mark.parametrize("content, named", [
    ('{"format": "couchcards-preset", "version": 9, "game": "ratscrew", "name": "X", "options": {}}', "version 9"),
    ('{"format": "couchcards-preset", "version": 1, "game": "ratscrew", "name": "X", "options": {"tens": 1}}',
     "tens must be true or false"),
    (('{"format": "couchcards-preset", "version": 1, "game": "ratscrew", "name": "X", '
      '"options": {"claim_delay_ms": 500.0}}'), "claim_delay_ms must be a whole number"),
    ('{"format": "couchcards-preset", "version": 1, "game": "uno", "name": "X", "options": {}}', "unknown game"),
    ("{oops", "not valid JSON"),
])
def test_a_bad_file_is_one_line_exit_2_and_the_settings_file_keeps_its_bytes(config, tmp_path, capsys, content, named):
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    before = config.read_bytes()
    code, out, err = preset_cmd(capsys, "import", str(bad))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"couchcards preset: {bad}: ") and named in err, err
    assert err.rstrip().endswith("nothing imported")
    assert config.read_bytes() == before


@pytest.mark.parametrize("argv, named", [
    (("export", "Nope", "x.json"), "no preset named 'Nope' (presets: Family, Fast)"),
    (("export", "Fast", "fast.toml"), "must end in .json"),
    (("import", "missing.json"), "no such file"),
    (("import", "notes.txt"), "ends in .json or .toml"),
    (("frobnicate",), "invalid choice"),
    ((), "required"),
])
def test_other_mistakes_are_one_line_and_exit_2(config, tmp_path, capsys, monkeypatch, argv, named):
    monkeypatch.chdir(tmp_path)
    before = config.read_bytes()
    code, out, err = preset_cmd(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and named in err, err
    assert config.read_bytes() == before
    assert not (tmp_path / "fast.toml").exists()


def test_export_does_not_write_over_a_file_unless_forced(config, tmp_path, capsys):
    target = tmp_path / "fast.json"
    target.write_text("my notes")
    code, _, err = preset_cmd(capsys, "export", "Fast", str(target))
    assert code == 2 and "exists" in err and "--force" in err and target.read_text() == "my notes"
    assert preset_cmd(capsys, "export", "Fast", str(target), "--force")[0] == 0
    assert json.loads(target.read_text())["name"] == "Fast"


def test_a_name_two_games_share_needs_game(config, tmp_path, capsys):
    s = settings_mod.load(config, warn=lambda m: None, games=GAMES)
    s["presets"] = {"ratscrew": {"Ours": {}}, "nothanks": {"Ours": {}}}
    s.save()
    code, _, err = preset_cmd(capsys, "export", "Ours", str(tmp_path / "ours.json"))
    assert code == 2 and "--game" in err
    assert preset_cmd(capsys, "export", "Ours", str(tmp_path / "ours.json"), "--game", "nothanks")[0] == 0
    assert json.loads((tmp_path / "ours.json").read_text())["game"] == "nothanks"


def test_a_settings_file_that_cannot_be_read_is_never_saved_over(config, tmp_path, capsys):
    good = tmp_path / "fast.json"
    assert preset_cmd(capsys, "export", "Fast", str(good))[0] == 0
    config.unlink()
    config.mkdir()  # there, but no file to read (as a permissions error would be, even for root)
    code, out, err = preset_cmd(capsys, "import", str(good))
    assert code == 2 and out == ""
    assert err.splitlines()[-1] == (f"couchcards preset: cannot read the settings file {config} "
                                    "(Is a directory); nothing imported")
    assert config.is_dir() and list(config.iterdir()) == []


def test_the_real_command_line_round_trip(tmp_path):
    env = dict(os.environ, COUCHCARDS_CONFIG_DIR=str(tmp_path / "cfg"), PYTHONPATH=str(ROOT))
    (tmp_path / "cfg").mkdir()
    (tmp_path / "cfg" / "settings.json").write_text(json.dumps({"presets": {"ratscrew": {"Fast": FAST}}}))
    target = tmp_path / "fast.json"

    def run(*argv):
        return subprocess.run([sys.executable, "-m", "game", "preset", *argv], check=False, env=env, cwd=tmp_path,
                              capture_output=True, text=True, timeout=60)

    done = run("export", "Fast", str(target))
    assert done.returncode == 0 and done.stdout.strip() == f"Exported the preset Fast to {target}"
    done = run("import", str(target))
    assert done.returncode == 0 and "Fast (2)" in done.stdout
    target.write_text(target.read_text().replace('"tens": true', '"tens": "yes"'))
    done = run("import", str(target))
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "tens must be true or false" in done.stderr
