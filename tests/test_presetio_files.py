"""Preset files (game.presets_io): what export writes, the round trip, and every kind of bad file refused
with one line naming the problem while the settings stay exactly as they were (in memory and on disk)."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game import games, presets_io
from game import settings as settings_mod
from game.games import GAMES
from game.presets_io import FORMAT, Preset, PresetError

FAST = {"claim_delay_ms": 500, "tens": True, "burn": 1}
FAMILY = {"ranks_per_suit": 7, "suit_order": ["S", "H", "D", "C"], "set_aside": None, "hidden_matches": True}


def good(**changes) -> dict:
    data = {"format": FORMAT, "version": 1, "game": "ratscrew", "name": "Fast", "options": dict(FAST)}
    data.update(changes)
    return data


def stored(tmp_path, presets=None) -> settings_mod.Settings:
    """Settings saved on disk with a preset of each game, then loaded again."""
    s = settings_mod.load(tmp_path / "settings.json", warn=lambda m: None, games=GAMES)
    s["presets"] = presets or {"ratscrew": {"Fast": dict(FAST)}, "nothanks": {"Family": copy.deepcopy(FAMILY)}}
    assert s.save()
    return settings_mod.load(tmp_path / "settings.json", warn=lambda m: None, games=GAMES)


def test_an_exported_file_is_small_readable_json_with_a_format_tag_and_version(tmp_path):
    s = stored(tmp_path)
    path = presets_io.export_to_folder(presets_io.find(s, "Family"), tmp_path / "exports")
    assert path == tmp_path / "exports" / "nothanks-family.json"
    text = path.read_text(encoding="utf-8")
    assert json.loads(text) == {"format": "couchcards-preset", "version": 1, "game": "nothanks", "name": "Family",
                                "options": FAMILY}
    assert len(text) < 400 and text.count("\n") >= 8  # small, and one field a line: a person can read it


def test_round_trip_export_then_import_gives_the_identical_preset(tmp_path):
    s = stored(tmp_path)
    path = presets_io.export_to_folder(presets_io.find(s, "Fast"), tmp_path / "exports")
    other = settings_mod.load(tmp_path / "other" / "settings.json", warn=lambda m: None, games=GAMES)
    added = presets_io.import_file(other, path)
    assert added == Preset("ratscrew", "Fast", FAST)
    assert other["presets"]["ratscrew"] == {"Fast": FAST}
    assert other.save()
    again = settings_mod.load(other.path, warn=lambda m: None, games=GAMES)
    assert again["presets"]["ratscrew"]["Fast"] == s["presets"]["ratscrew"]["Fast"]


def test_a_name_that_is_taken_comes_in_as_name_2_then_3_never_over_the_first(tmp_path):
    s = stored(tmp_path)
    path = presets_io.export_to_folder(presets_io.find(s, "Fast"), tmp_path / "exports")
    changed = dict(FAST, claim_delay_ms=2000)
    path.write_text(presets_io.to_text(Preset("ratscrew", "Fast", changed)), encoding="utf-8")
    assert presets_io.import_file(s, path).name == "Fast (2)"
    assert presets_io.import_file(s, path).name == "Fast (3)"
    assert s["presets"]["ratscrew"] == {"Fast": FAST, "Fast (2)": changed, "Fast (3)": changed}


def test_a_name_kept_unused_in_the_settings_file_is_taken_too(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"presets": {"ratscrew": {"Fast": {"tens": "yes"}}}}))
    s = settings_mod.load(tmp_path / "settings.json", warn=lambda m: None, games=GAMES)
    assert s["presets"]["ratscrew"] == {}  # the bad one is not offered, but it is still in the file
    (tmp_path / "fast.json").write_text(json.dumps(good()))
    assert presets_io.import_file(s, tmp_path / "fast.json").name == "Fast (2)"
    s.save()
    assert json.loads((tmp_path / "settings.json").read_text())["presets"]["ratscrew"] == {
        "Fast": {"tens": "yes"}, "Fast (2)": FAST}


def test_exporting_again_reuses_the_file_and_another_preset_with_the_same_file_name_gets_its_own(tmp_path):
    folder = tmp_path / "exports"
    first = presets_io.export_to_folder(Preset("ratscrew", "Fast!", FAST), folder)
    assert presets_io.export_to_folder(Preset("ratscrew", "Fast!", FAST), folder) == first
    second = presets_io.export_to_folder(Preset("ratscrew", "Fast?", {"tens": False}), folder)
    assert (first.name, second.name) == ("ratscrew-fast.json", "ratscrew-fast-2.json")
    assert presets_io.read(first, games=GAMES).name == "Fast!" and presets_io.read(second, games=GAMES).name == "Fast?"


def test_a_hand_written_toml_file_is_read_too(tmp_path):
    path = tmp_path / "quick.toml"
    path.write_text('format = "couchcards-preset"\nversion = 1\ngame = "ratscrew"\nname = "Quick"\n\n'
                    "[options]\nclaim_delay_ms = 750\nsix_nine = true\n", encoding="utf-8")
    assert presets_io.read(path, games=GAMES) == Preset("ratscrew", "Quick", {"claim_delay_ms": 750, "six_nine": True})


def test_a_byte_order_mark_is_still_utf8(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(good()).encode())
    assert presets_io.read(path, games=GAMES).name == "Fast"


def option_sets():
    """Playable option values of either game, as a preset stores them (lists, not tuples)."""
    def values(game):
        definition = games.get(game)
        options = definition.rule_options(definition.rules_from_values({}, 4), 4)
        return st.fixed_dictionaries({}, optional={
            o.name: st.sampled_from([list(v) if isinstance(v, tuple) else v for v, _ in o.choices]) for o in options})
    return st.sampled_from(list(games.ids())).flatmap(lambda g: st.tuples(st.just(g), values(g)))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(option_sets(), st.text(alphabet=st.characters(categories=("L", "N", "P", "Zs")), min_size=1, max_size=20))
def test_any_playable_preset_round_trips_exactly(tmp_path, game_values, name):
    game, values = game_values
    assume(name.strip() == name and name)
    try:
        settings_mod.check_preset(GAMES[game], values)
    except ValueError:
        assume(False)  # e.g. more cards set aside than a small deck holds: no such preset is saved
    text = presets_io.to_text(Preset(game, name, values))
    assert presets_io.parse(text.encode("utf-8"), games=GAMES) == Preset(game, name, values)


# ---- bad files: one line naming the problem, nothing changed --------------------------------------------

DEEP = {"tens": json.loads("[" * 30 + "]" * 30)}

BAD_FILES = {
    "wrong format tag": (json.dumps(good(format="couchcards-bindings")), "format"),
    "no format tag": (json.dumps({k: v for k, v in good().items() if k != "format"}), "format"),
    "a newer version": (json.dumps(good(version=2)), "version 2"),
    "a version in words": (json.dumps(good(version="1")), "version"),
    "a version that is a bool": (json.dumps(good(version=True)), "version"),
    "unknown game": (json.dumps(good(game="spit")), "unknown game 'spit'"),
    "unknown option": (json.dumps(good(options={"tens": True, "jokers": 2})), "jokers"),
    "bool for a number": (json.dumps(good(options={"claim_delay_ms": True})), "claim_delay_ms"),
    "float for a whole number": (json.dumps(good(options={"burn": 1.0})), "burn"),
    "float for a whole number (nothanks)": (json.dumps(good(game="nothanks", options={"ranks_per_suit": 9.0})),
                                            "ranks_per_suit"),
    "a switch that is a number": (json.dumps(good(options={"tens": 1})), "tens must be true or false"),
    "a switch in words": (json.dumps(good(options={"tens": "yes"})), "tens must be true or false"),
    "out of range": (json.dumps(good(options={"challenge_j": 0})), "challenge_j"),
    "options not an object": (json.dumps(good(options=["tens"])), "options"),
    "an unknown field": (json.dumps(dict(good(), author="Ada")), "author"),
    "no name": (json.dumps({k: v for k, v in good().items() if k != "name"}), "name"),
    "an empty name": (json.dumps(good(name="   ")), "name"),
    "a name too long": (json.dumps(good(name="x" * 21)), "name"),
    "a name that is a number": (json.dumps(good(name=7)), "name"),
    "a name with a control character": (json.dumps(good(name="Fa\nst")), "control"),
    "a list, not an object": (json.dumps([good()]), "one object"),
    "not parseable": (json.dumps(good())[:-5], "not valid JSON"),
    "empty": ("", "empty"),
    "duplicate keys": (('{"format": "couchcards-preset", "version": 1, "version": 2, "game": "ratscrew", '
                        '"name": "Fast", "options": {}}'), "twice"),
    "NaN": (json.dumps(good(options={"claim_delay_ms": float("nan")})), "NaN"),
    "deeply nested": (json.dumps(good(options=DEEP)), "nested too deeply"),
    "nested past the parser": ("[" * 30000 + "]" * 30000, "nested too deeply"),
    "over 64 KB": (json.dumps(good(name="Fast" + " " * 70_000)), "64 KB"),
    "not UTF-8": (json.dumps(good(name="Café"), ensure_ascii=False).encode("utf-8").replace("é".encode(), b"\xe9"), "UTF-8"),
    "bad TOML": (("toml", 'format = "couchcards-preset"\nversion = \n'), "not valid TOML"),
}


def write_bad(tmp_path, content) -> object:
    suffix = ".json"
    if isinstance(content, tuple):
        suffix, content = "." + content[0], content[1]
    path = tmp_path / f"bad{suffix}"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return path


@pytest.mark.parametrize("kind", list(BAD_FILES))
def test_a_bad_file_gets_one_line_naming_the_problem_and_nothing_is_imported(tmp_path, kind):
    content, named = BAD_FILES[kind]
    s = stored(tmp_path)
    before_disk = (tmp_path / "settings.json").read_bytes()
    before = copy.deepcopy(s.to_json())
    path = write_bad(tmp_path, content)
    with pytest.raises(PresetError) as caught:
        presets_io.import_file(s, path)
    message = str(caught.value)
    assert "\n" not in message and 0 < len(message) <= presets_io.MAX_LINE
    assert named in message, message
    assert s.to_json() == before  # nothing changed in memory …
    assert (tmp_path / "settings.json").read_bytes() == before_disk  # … nor on disk


def test_files_that_are_not_there_or_not_preset_files_are_one_line_too(tmp_path):
    for path, named in ((tmp_path / "missing.json", "no such file"), (tmp_path, "a preset file ends in"),
                        (tmp_path / "folder.json", "folder"), (tmp_path / "notes.txt", "ends in .json")):
        if path.name == "folder.json":
            path.mkdir()
        with pytest.raises(PresetError, match=named):
            presets_io.read(path, games=GAMES)


def test_the_lobbys_list_holds_this_games_files_and_bad_ones_but_not_another_games(tmp_path):
    folder = tmp_path / "exports"
    mine = presets_io.export_to_folder(Preset("ratscrew", "Fast", FAST), folder)
    presets_io.export_to_folder(Preset("nothanks", "Family", FAMILY), folder)
    broken = folder / "broken.toml"
    broken.write_text("not toml at all [")
    (folder / "notes.txt").write_text("hello")
    assert presets_io.importable(folder, "ratscrew", games=GAMES) == [broken, mine]
    assert len(presets_io.importable(folder, games=GAMES)) == 3
    assert presets_io.importable(tmp_path / "nowhere", "ratscrew", games=GAMES) == []


def test_the_lobbys_list_of_a_crowded_folder_reads_only_the_files_it_keeps(tmp_path, monkeypatch):
    """Issue: the import row read every file of the exports folder (to tell its game) before keeping the first
    100: thousands of files took seconds. It reads in the list's order until the list is full."""
    folder = tmp_path / "exports"
    folder.mkdir()
    other = presets_io.to_text(Preset("nothanks", "Family", FAMILY))
    mine = presets_io.to_text(Preset("ratscrew", "Fast", FAST))
    for i in range(400):  # every third file another game's, every seventh a bad one: kept, importing says why
        text = other if i % 3 == 0 else "not json" if i % 7 == 0 else mine
        (folder / f"p{i:04d}.json").write_text(text, encoding="utf-8")
    (folder / "a-notes.txt").write_text("hello")
    wanted = [folder / f"p{i:04d}.json" for i in range(400) if i % 3 != 0][:presets_io.MAX_LISTED]
    last = int(wanted[-1].stem[1:])  # the file that fills the list: the 150th
    real_open = open
    opened: list[str] = []

    def counting_open(file, *args, **kwargs):
        opened.append(str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr("builtins.open", counting_open)
    listed = presets_io.importable(folder, "ratscrew", games=GAMES)
    monkeypatch.undo()
    assert listed == wanted  # the same list, in the order shown
    read = [name for name in opened if name.startswith(str(folder))]
    assert sorted(read) == [str(folder / f"p{i:04d}.json") for i in range(last + 1)]  # each once, none after
