"""Damaged files never cost a player anything (issue 23): one bad entry never wipes its siblings, a NUL or a
lone surrogate in a name from any file never crashes a screen, history rows of the wrong type never crash
the stats, every broken replay is exit 2 with one line, and the command lines' numbers have one range.

Property tests (hypothesis) generate settings files, preset files, replay logs and history rows of any
shape: never a traceback, exit codes as documented, one line per problem, and nothing the game could not
use is dropped from a file it saves."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st
from support_app import make_app
from test_history_data import evening

from game import games, names, presets_io, record, replay, screens
from game import settings as settings_mod
from game.games import GAMES
from game.games.nothanks import engine as nt
from game.history import export
from game.history.store import open_history
from game.render.text import TextRecorder
from game.scenes.replays import ReplaysScene, entry_for
from game.scenes.title import TitleScene

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "ratscrew-seed-rules-two-humans.jsonl"
ISSUE_FILE = {"presets": {"ratscrew": "x", "nothanks": {"Mine": {"matches": 7}}, "chess": {"x": 1}}}
BAD_NAMES = ["A\u0000B", "x\ud800", "\u202eevil\u0007", "\t\n", "a" * 500]


def load(path: Path) -> tuple[settings_mod.Settings, list[str]]:
    lines: list[str] = []
    return settings_mod.load(path, warn=lines.append, games=GAMES), lines


def saved(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


# -- 1. one bad entry never wipes its siblings ------------------------------------------------------------

def test_a_bad_game_entry_keeps_the_good_preset_and_the_unknown_games_presets(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(ISSUE_FILE), encoding="utf-8")
    s, lines = load(path)
    assert s["presets"]["nothanks"] == {"Mine": {"matches": 7}}  # offered in the lobby
    assert s["presets"]["ratscrew"] == {}
    s["volume"] = 0.5  # any change, then a save
    assert s.save()
    presets = saved(path)["presets"]
    assert presets == {"ratscrew": "x", "nothanks": {"Mine": {"matches": 7}}, "chess": {"x": 1}}
    assert len(lines) == 2 and all("\n" not in line for line in lines)
    assert not any("presets presets" in line for line in lines)
    assert any("ratscrew" in line and "kept" in line.lower() or "keeping" in line for line in lines)


def test_a_preset_saved_for_that_game_takes_the_place_of_the_unusable_entry(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(ISSUE_FILE), encoding="utf-8")
    s, _ = load(path)
    s["presets"] = {**s["presets"], "ratscrew": {"Fast": {"burn": 1}}}
    s.save()
    assert saved(path)["presets"]["ratscrew"] == {"Fast": {"burn": 1}}


def test_one_bad_name_keeps_the_other_names_and_itself(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"names": ["Mia", 5, "Leo"]}), encoding="utf-8")
    s, lines = load(path)
    assert s["names"][:3] == ["Mia", "", "Leo"] and s.player_name(1) != ""
    assert len(lines) == 1 and "name 2" in lines[0]
    s["volume"] = 0.3
    s.save()
    assert saved(path)["names"][:3] == ["Mia", 5, "Leo"]
    names_now = list(s["names"])
    names_now[1] = "Ada"  # a seat named since: its new name wins
    s["names"] = names_now
    s.save()
    assert saved(path)["names"][:3] == ["Mia", "Ada", "Leo"]


def test_more_names_than_seats_are_kept(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"names": [f"P{i}" for i in range(10)]}), encoding="utf-8")
    s, lines = load(path)
    assert s["names"] == [f"P{i}" for i in range(8)] and len(lines) == 1
    s.save()
    assert saved(path)["names"] == [f"P{i}" for i in range(10)]


# -- 2. names are cleaned on every path they are read from ------------------------------------------------

@pytest.mark.parametrize("raw", BAD_NAMES)
def test_clean_name_leaves_only_printable_text_within_the_limit(raw):
    name = names.clean_name(raw)
    assert name == "" or (name.isprintable() and len(name) <= names.MAX_NAME and name == name.strip())
    name.encode("utf-8")  # no lone surrogate
    assert "\0" not in name


def test_names_with_nul_or_surrogates_from_settings_are_cleaned(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"names": ["A\u0000B", "x\ud800"],
                                "presets": {"nothanks": {"A\u0000B": {"matches": 7}}}}), encoding="utf-8")
    s, lines = load(path)
    assert s["names"][:2] == ["AB", "x"] and lines == []
    assert list(s["presets"]["nothanks"]) == ["AB"]
    assert s.save()  # a lone surrogate never stops the file being written
    data = saved(path)
    assert data["names"][:2] == ["AB", "x"] and data["presets"]["nothanks"] == {"AB": {"matches": 7}}


def test_the_lobby_shows_a_preset_and_names_read_with_nul(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps(
        {"names": ["A\u0000B", "x\ud800"], "presets": {"ratscrew": {"N\u0000UL": {"burn": 1}}}}), encoding="utf-8")
    app = make_app(tmp_path)
    try:
        app.push(TitleScene())
        app.nav.push(screens.Lobby("ratscrew"))
        app.frames(3)
        with TextRecorder() as boxes:
            app.top.draw(app.screen, 0.0)
        assert all("\0" not in s for _, s in boxes.drawn)
    finally:
        app.stack.clear()


def write_golden_with(tmp_path: Path, name: str, change) -> Path:
    lines = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()]
    change(lines)
    path = tmp_path / name
    path.write_text("".join(json.dumps(line, ensure_ascii=True) + "\n" for line in lines), encoding="utf-8")
    return path


@pytest.mark.parametrize("bad", ["A\u0000B", "x\ud800"])
def test_a_replay_whose_seat_names_hold_nul_or_a_surrogate_is_listed_and_watched(tmp_path, monkeypatch, bad):
    monkeypatch.setenv(record.ENV_DATA_DIR, str(tmp_path / "data"))
    folder = record.replays_dir()
    folder.mkdir(parents=True)

    def rename(lines):
        lines[0]["seats"][0]["name"] = bad

    path = write_golden_with(folder, f"20261201-120000-000000-x{record.SUFFIX}", rename)
    log = record.read_log(path)
    assert log.header["seats"][0]["name"] == names.clean_name(bad)
    app = make_app(tmp_path)
    try:
        app.push(TitleScene())
        scene = app.nav.push(screens.Replays())
        assert isinstance(scene, ReplaysScene) and not scene.entries[0].broken
        app.frames(2)
        scene.draw(app.screen, 0.0)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
        app.frames(10)  # the viewer draws the seat names
        app.top.draw(app.screen, 0.0)
    finally:
        app.stack.clear()


def test_a_profile_name_with_nul_in_the_history_is_shown_cleaned(tmp_path, monkeypatch):
    monkeypatch.setenv(record.ENV_DATA_DIR, str(tmp_path / "data"))
    history = open_history(warn=lambda m: None)
    evening(history)
    history.close()
    conn = sqlite3.connect(tmp_path / "data" / "history.sqlite3")
    conn.execute("UPDATE profiles SET name = 'Le' || char(0) || 'o' WHERE name = 'Leo'")
    conn.commit()
    conn.close()
    app = make_app(tmp_path)
    try:
        assert sorted(p.name for p in app.history.profiles) == ["Ana", "Leo", "Mia"]
        app.push(TitleScene())
        for screen in (screens.Profiles(), screens.Stats()):
            app.nav.push(screen)
            app.frames(2)
            app.top.draw(app.screen, 0.0)
    finally:
        app.stack.clear()


# -- 3. history rows of the wrong type ---------------------------------------------------------------------

def spoiled_history(tmp_path: Path) -> Path:
    history = open_history(tmp_path / "data" / "history.sqlite3", warn=lambda m: None)
    evening(history)
    history.close()
    conn = sqlite3.connect(tmp_path / "data" / "history.sqlite3")
    conn.execute("UPDATE games SET length_ms = 'abc'")
    conn.execute("UPDATE events SET reaction_ms = 'x'")
    conn.execute("UPDATE seats SET score = X'00ff' WHERE seat = 0")
    conn.execute("UPDATE practice SET correct = 'many', length_ms = 1e400")
    conn.commit()
    assert conn.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    conn.close()
    return tmp_path / "data"


def test_the_csv_export_of_rows_of_the_wrong_type_exits_0(tmp_path):
    data = spoiled_history(tmp_path)
    env = {**__import__("os").environ, "COUCHCARDS_DATA_DIR": str(data)}
    out = tmp_path / "mia.csv"
    proc = subprocess.run([sys.executable, "-m", "game", "stats", "--profile", "Mia", "--csv", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr and out.read_text(encoding="utf-8").count("\n") > 10


def test_the_stats_screen_draws_rows_of_the_wrong_type(tmp_path, monkeypatch):
    data = spoiled_history(tmp_path)
    monkeypatch.setenv(record.ENV_DATA_DIR, str(data))
    app = make_app(tmp_path)
    try:
        app.push(TitleScene())
        mia = app.history.by_name("Mia")
        app.nav.push(screens.Stats(mia.id))
        app.frames(2)
        app.top.draw(app.screen, 0.0)
        rows = app.history.read(lambda c: export.rows(c, mia.id))
        assert rows and all(isinstance(r.get("length_s", 0), (int, float, str)) for r in rows)
    finally:
        app.stack.clear()


# -- 4. the replay command: exit 2 and one line ------------------------------------------------------------

def run_replay(path: Path, *extra: str) -> tuple[int, str, str]:
    proc = subprocess.run([sys.executable, "-m", "game", "replay", str(path), *extra], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)
    return proc.returncode, proc.stdout, proc.stderr


def one_line_exit_2(path: Path, *extra: str) -> str:
    code, out, err = run_replay(path, *extra)
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, (code, out, err)
    return err


def test_brackets_and_deep_json_are_one_line_exit_2(tmp_path):
    brackets = tmp_path / "brackets.jsonl"
    brackets.write_text("[" * 200_000 + "\n", encoding="utf-8")
    assert "nested too deeply" in one_line_exit_2(brackets)

    text = GOLDEN.read_text(encoding="utf-8").splitlines()
    for name, depth, where in (("rules", 500, '"rules":{'), ("header", 5000, '"seed":')):
        path = tmp_path / f"deep_{name}.jsonl"
        spoiled = text[0].replace(where, f'{where[:-1]}{{"deep":{"[" * depth}{"]" * depth},', 1) if name == "rules" \
            else text[0].replace(where, f'"extra":{"[" * depth}{"]" * depth},{where}', 1)
        assert spoiled != text[0]
        path.write_text("\n".join([spoiled, *text[1:]]) + "\n", encoding="utf-8")
        for extra in ((), ("--verify",)):
            assert "nested too deeply" in one_line_exit_2(path, *extra)


@pytest.mark.parametrize("key", ["seed", "first_player", "start_ns"])
def test_infinity_in_the_header_is_one_line_exit_2(tmp_path, key):
    text = GOLDEN.read_text(encoding="utf-8").splitlines()
    header = json.loads(text[0])
    header[key] = 1.5e308
    path = tmp_path / "inf.jsonl"
    path.write_text("\n".join([json.dumps(header).replace("1.5e+308", "Infinity"), *text[1:]]) + "\n",
                    encoding="utf-8")
    assert "Infinity" in one_line_exit_2(path, "--verify")
    header[key] = 10**30 if key != "first_player" else 99
    path.write_text("\n".join([json.dumps(header), *text[1:]]) + "\n", encoding="utf-8")
    assert key in one_line_exit_2(path, "--verify")


def test_a_footer_time_that_is_no_number_is_one_line_exit_2(tmp_path):
    def spoil(lines):
        lines[-1]["t"] = "abc"

    path = write_golden_with(tmp_path, "t.jsonl", spoil)
    assert "footer" in one_line_exit_2(path)


def test_a_replay_with_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + GOLDEN.read_bytes())
    code, out, err = run_replay(path, "--verify")
    assert code == 0 and out.startswith("verified: ratscrew"), err


# -- 5. uneven edges ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("argv, words", [
    (["bench", "engines", "--bogus"], "unrecognized arguments: --bogus"),
    (["sim", "ratscrew", "--seed", "-5"], "--seed: must be a whole number from 0"),
    (["sim", "nothanks", "--iterations", "-1"], "--iterations: must be a whole number, 1 or more"),
    (["sim", "ratscrew", "--rule", "burn=9"], "burn must be 0..2, not 9"),
    (["sim", "ratscrew", "--rule", f"card_limit={10**400}"], "card_limit must be 1..10000"),
    (["sim", "practice", "--seed", "-1"], "--seed: must be a whole number from 0"),
])
def test_bad_numbers_on_the_command_lines_are_one_line_exit_2(argv, words):
    proc = subprocess.run([sys.executable, "-m", "game", *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=False)
    assert proc.returncode == 2 and proc.stdout == "", proc
    assert proc.stderr.count("\n") == 1 and words in proc.stderr, proc.stderr


def test_presets_have_the_lobbys_ranges(tmp_path):
    with pytest.raises(ValueError, match="card_limit"):
        settings_mod.check_preset(GAMES["ratscrew"], {"card_limit": 10**400})
    with pytest.raises(ValueError, match="burn"):
        settings_mod.check_preset(GAMES["ratscrew"], {"burn": 9})
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"presets": {"ratscrew": {"Huge": {"card_limit": 10**400}, "Ok": {"burn": 1}}}}),
                    encoding="utf-8")
    s, lines = load(path)
    assert list(s["presets"]["ratscrew"]) == ["Ok"] and len(lines) == 1
    s.save()
    assert saved(path)["presets"]["ratscrew"]["Huge"] == {"card_limit": 10**400}  # kept, not offered
    preset = tmp_path / "huge.json"
    preset.write_text(json.dumps({"format": "couchcards-preset", "version": 1, "game": "ratscrew", "name": "Huge",
                                  "options": {"card_limit": 10**400}}), encoding="utf-8")
    with pytest.raises(presets_io.PresetError, match="card_limit"):
        presets_io.read(preset, games=GAMES)


@pytest.mark.parametrize("seat", [True, 1.0, "1"])
def test_the_no_thanks_engine_refuses_a_seat_that_is_not_a_whole_number(seat):
    state = nt.new_game(nt.Rules(), 3, seed=1, first_player=1)
    before = state.digest()
    with pytest.raises(nt.IllegalAction) as caught:
        state.apply(nt.TAKE, seat=seat)
    assert caught.value.code == "bad_seat" and state.digest() == before
    assert state.refusal(nt.TAKE, seat).code == "bad_seat"
    with pytest.raises(nt.IllegalAction):
        state.legal_actions(seat)


def test_an_empty_video_driver_variable_counts_as_unset(monkeypatch):
    from game.argtypes import headless_drivers

    monkeypatch.setenv("SDL_VIDEODRIVER", "")
    monkeypatch.setenv("SDL_AUDIODRIVER", "  ")
    headless_drivers()
    import os

    assert os.environ["SDL_VIDEODRIVER"] == "dummy" and os.environ["SDL_AUDIODRIVER"] == "dummy"
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    headless_drivers()
    assert os.environ["SDL_VIDEODRIVER"] == "x11"


def test_leaving_full_screen_says_nothing_when_the_system_keeps_the_size(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    real = pygame.display.set_mode

    def resized(size=(0, 0), flags=0, *args, **kwargs):
        surface = real(size, flags, *args, **kwargs)
        warnings.warn("Requested window was forcibly resized by the OS.\n\tRequested window size: (1, 1)",
                      RuntimeWarning, stacklevel=2)
        return surface

    monkeypatch.setattr(pygame.display, "set_mode", resized)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        app.toggle_fullscreen()
        app.toggle_fullscreen()
    app.stack.clear()


# -- property tests: files of any shape --------------------------------------------------------------------

JSON_LEAF = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12)
JSON = st.recursive(JSON_LEAF, lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids,
                                                                                          max_size=4), max_leaves=20)
OPTION = st.sampled_from(["matches", "burn", "card_limit", "edition", "double", "set_aside", "wings"])
PRESET_VALUES = st.dictionaries(OPTION, JSON_LEAF | st.integers(0, 12000), max_size=3)
PRESETS = st.dictionaries(st.sampled_from(["nothanks", "ratscrew", "chess"]) | st.text(max_size=6),
                          st.dictionaries(st.text(max_size=10), PRESET_VALUES | JSON, max_size=3) | JSON, max_size=3)
SETTINGS = st.fixed_dictionaries({}, optional={
    "volume": JSON_LEAF, "language": JSON_LEAF, "text_size": JSON_LEAF, "names": st.lists(JSON_LEAF, max_size=10) | JSON,
    "presets": PRESETS, "bindings": JSON, "futuristic": JSON, "fullscreen": JSON_LEAF})
FAST = hsettings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def no_surrogates(value):
    """`value` as JSON writes and reads it back (what survives a save at all)."""
    return json.loads(json.dumps(value))


@FAST
@given(data=SETTINGS)
def test_any_settings_file_loads_in_one_line_per_problem_and_a_save_keeps_what_it_held(tmp_path, data):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    s, lines = load(path)
    assert all("\n" not in line and "Traceback" not in line for line in lines)
    assert s.save()
    after = saved(path)
    for key, value in data.items():
        if key not in settings_mod.SCHEMA:
            assert after[key] == no_surrogates(value)  # unknown: as it was
    for game, entry in data.get("presets", {}).items() if isinstance(data.get("presets"), dict) else ():
        if isinstance(entry, dict):
            for name, values in entry.items():  # every preset survives, under its name or its cleaned name
                cleaned = names.clean_name(name)
                assert after["presets"][game].get(name) == values or cleaned in after["presets"][game]
        else:
            assert after["presets"][game] == entry
    raw_names = data.get("names")
    if isinstance(raw_names, list):
        for i, raw in enumerate(raw_names):
            assert after["names"][i] == (names.clean_name(raw) if isinstance(raw, str) and i < 8 else raw)


@FAST
@given(data=st.dictionaries(st.sampled_from(["format", "version", "game", "name", "options", "x"]),
                            JSON | PRESET_VALUES, max_size=6) | JSON)
def test_any_preset_file_is_read_or_refused_in_one_line(tmp_path, data):
    if isinstance(data, dict) and data.get("format") is not None:
        data["format"] = "couchcards-preset"
    try:
        preset = presets_io.parse(json.dumps(data).encode("utf-8"), games=GAMES)
    except presets_io.PresetError as exc:
        assert "\n" not in str(exc) and str(exc)
    else:
        assert names.clean_name(preset.name) == preset.name


LINES = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()]


@FAST
@given(index=st.integers(0, len(LINES) - 1), key=st.sampled_from(["n", "k", "t", "seed", "seats", "rules", "players",
                                                                   "first_player", "start_ns", "commands", "i", "seat",
                                                                   "action", "d", "result", "over", "digest_every"]),
       value=JSON)
def test_any_spoiled_replay_line_exits_0_1_or_2_without_a_traceback(tmp_path, index, key, value):
    lines = [dict(line) for line in LINES]
    lines[index][key] = value
    text = "".join(json.dumps(line) + "\n" for line in lines)
    for verify in (False, True):
        try:
            log = record.parse_log(text.splitlines())
        except record.LogError as exc:
            assert "\n" not in str(exc)
            continue
        try:
            if verify:
                assert isinstance(replay.verify(log, games.GAMES).ok, bool)
            else:
                assert all("\n" not in line for line in replay.summary(log, games.GAMES))
        except record.LogError as exc:
            assert "\n" not in str(exc)
        entry_for(GOLDEN, __import__("game.games", fromlist=["REGISTRY"]).REGISTRY)


SQL_VALUE = st.none() | st.integers(-2**63, 2**63 - 1) | st.floats(allow_nan=False) | st.text(max_size=6) \
    | st.binary(max_size=4)


@pytest.fixture(scope="module")
def evening_db(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("history")
    history = open_history(folder / "history.sqlite3", warn=lambda m: None)
    evening(history)
    history.close()
    return folder / "history.sqlite3"


@FAST
@given(table_column=st.sampled_from([("games", "length_ms"), ("games", "rules"), ("games", "started"),
                                     ("seats", "score"), ("seats", "won"), ("seats", "name"), ("events", "reaction_ms"),
                                     ("events", "rule"), ("events", "outcome"), ("events", "head_start_ms"),
                                     ("events", "kind"), ("events", "game"),
                                     ("practice", "length_ms"), ("practice", "correct"), ("profiles", "name"),
                                     ("profiles", "colour"), ("profiles", "avatar")]),
       value=SQL_VALUE)
def test_history_rows_of_any_type_never_crash_the_export_or_the_stats(tmp_path, evening_db, table_column, value):
    from game.history import queries

    table, column = table_column
    path = Path(tempfile.mkdtemp(dir=tmp_path)) / "history.sqlite3"
    path.write_bytes(evening_db.read_bytes())
    with contextlib.closing(sqlite3.connect(path)) as conn:
        try:
            conn.execute(f"UPDATE {table} SET {column} = ?", (value,))
        except sqlite3.IntegrityError:  # NULL in a NOT NULL column, a name twice: SQLite refuses it itself
            return
        conn.commit()
    history = open_history(path, warn=lambda m: None)
    try:
        for profile in history.profiles:
            assert "\0" not in profile.name
            rows = history.read(lambda c, pid=profile.id: export.rows(c, pid))
            export.csv_text(rows or [])
            history.read(lambda c, pid=profile.id: queries.profile_stats(c, pid))  # None if SQLite refuses a sum
    finally:
        history.close()


# -- 5. a killed save's temp files, and a bad value 100,000 characters long (issue 34) ---------------------

def test_temp_files_of_a_killed_save_are_removed_at_the_next_start(tmp_path):
    import os
    import time

    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"volume": 0.4}), encoding="utf-8")
    stale = [tmp_path / f".settings.json.k{i}x.tmp" for i in range(6)]
    for tmp in stale:
        tmp.write_text('{"volume": 0.', encoding="utf-8")  # cut off where the kill came
        old = time.time() - 3600
        os.utime(tmp, (old, old))
    saving_now = tmp_path / ".settings.json.live.tmp"  # another copy of the game, saving this instant
    saving_now.write_text("{}", encoding="utf-8")
    other = tmp_path / ".replay.tmp"
    other.write_text("x", encoding="utf-8")
    s, lines = load(path)
    assert s["volume"] == 0.4 and lines == []
    assert not any(tmp.exists() for tmp in stale)
    assert saving_now.exists() and other.exists()


@pytest.mark.parametrize("entry", [{"presets": {"nothanks": {"A": {"edition": "x" * 100_000}}}},
                                   {"presets": {"ratscrew": {"A": {"burn": "x" * 100_000}}}},
                                   {"presets": {"ratscrew": {"A": {"x" * 100_000: 1}}}},
                                   {"bindings": {"pad": {"first": ["x" * 100_000]}}}])
def test_an_error_line_cuts_a_bad_value_at_80_characters_and_gives_its_length(tmp_path, entry):
    from game.input.bindings import Bindings

    path = tmp_path / "settings.json"
    path.write_text(json.dumps(entry), encoding="utf-8")
    s, lines = load(path)
    Bindings.from_dict(s["bindings"], warn=lines.append)
    assert len(lines) == 1 and len(lines[0]) < 300, len(lines[0])
    assert "x" * 70 in lines[0] and "x" * 81 not in lines[0] and "100,0" in lines[0]
