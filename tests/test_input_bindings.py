"""Bindings are data: JSON round trip, refusals with a message, swaps, reset, damaged saves."""

from __future__ import annotations

import json

import pytest

from game.commands import PASS, PLAY, SLAP, TAKE
from game.input.bindings import DEFAULT_KEYBOARD, DEFAULT_PAD, MENU_KEYS, BindingRefused, Bindings


def test_defaults_cover_eight_seats_with_distinct_keys():
    keys = [k for row in DEFAULT_KEYBOARD for k in row]
    assert len(DEFAULT_KEYBOARD) == 8 and all(len(row) == 2 for row in DEFAULT_KEYBOARD)
    assert len(keys) == len(set(keys))
    assert not set(keys) & MENU_KEYS
    # Slap/pass keys of seats 1-6 are the six modifiers (outside the key matrix: no ghosting).
    assert {row[1] for row in DEFAULT_KEYBOARD[:6]} == {
        "left shift", "right shift", "left ctrl", "right ctrl", "left alt", "right alt"}


def test_round_trip_through_json():
    b = Bindings()
    b.bind(2, SLAP, "x")
    b.bind_pad("first", "y")
    data = json.loads(json.dumps(b.to_dict()))
    again = Bindings.from_dict(data)
    assert again.to_dict() == b.to_dict()
    assert again.keys_of(2) == ("z", "x")
    assert again.pad["first"][0] == "y"


def test_key_of_another_seat_is_refused_with_a_message():
    b = Bindings()
    with pytest.raises(BindingRefused, match="already P2's key"):
        b.bind(0, PLAY, "p")
    assert b.keys_of(0) == ("q", "left shift")  # untouched


def test_menu_keys_are_refused():
    b = Bindings()
    with pytest.raises(BindingRefused, match="menu key"):
        b.bind(0, TAKE, "escape")


def test_own_other_key_swaps_and_game_names_map_to_the_same_slot():
    b = Bindings()
    b.bind(0, TAKE, "left shift")  # take = first slot, like play
    assert b.keys_of(0) == ("left shift", "q")
    b.bind(0, PASS, "w")
    assert b.keys_of(0) == ("left shift", "w")
    with pytest.raises(ValueError):
        b.bind(0, "jump", "k")


def test_reset_to_defaults():
    b = Bindings()
    b.bind(0, PLAY, "k")
    b.bind_pad("second", "x")
    b.reset()
    assert b.to_dict() == Bindings().to_dict()
    assert b.pad == {k: list(v) for k, v in DEFAULT_PAD.items()}


@pytest.mark.parametrize("saved", [None, {}, "junk", {"keyboard": "no"}, {"keyboard": [["q"]]}])
def test_damaged_saves_fall_back_to_defaults(saved):
    assert Bindings.from_dict(saved).to_dict() == Bindings().to_dict()


def test_saved_duplicate_or_unknown_keys_are_not_trusted():
    doubled = Bindings.from_dict({"keyboard": [["q", "left shift"], ["q", "right shift"]]})
    assert doubled.to_dict() == Bindings().to_dict()
    unknown = Bindings.from_dict({"keyboard": [["nokey", "left shift"]]}, known_key=lambda k: k != "nokey")
    assert unknown.keys_of(0) == DEFAULT_KEYBOARD[0]


def test_pad_layout_rules():
    b = Bindings()
    with pytest.raises(BindingRefused):
        b.bind_pad("first", "start")  # Start always pauses
    b.bind_pad("first", "leftshoulder")  # moves from "second" to "first"
    assert b.pad_slot("leftshoulder") == 0 and b.pad_slot("b") == 1
    only = Bindings(pad={"first": ["a"], "second": ["b"]})
    with pytest.raises(BindingRefused):
        only.bind_pad("second", "a")  # would leave no button for play/take


def test_each_saved_part_that_cannot_be_used_is_named_in_one_line():
    lines: list[str] = []
    good = Bindings()
    good.bind(2, SLAP, "x")
    assert Bindings.from_dict(json.loads(json.dumps(good.to_dict())), warn=lines.append).keys_of(2) == ("z", "x")
    assert lines == []  # a good save says nothing
    Bindings.from_dict({"keyboard": [["q", "q"], ["p", "right shift"], ["nokey", "c"]]},
                       known_key=lambda k: k != "nokey", warn=lines.append)
    assert len(lines) == 2 and "P1" in lines[0] and "P3" in lines[1]
    lines.clear()
    Bindings.from_dict({"keyboard": [["q", "left shift"], ["q", "right shift"]]}, warn=lines.append)
    assert lines == ["settings: the saved keys would give one key to two seats; using the default keys for every seat"]
    lines.clear()
    Bindings.from_dict({"keyboard": [list(row) for row in DEFAULT_KEYBOARD] + [["f1", "f2"]]}, warn=lines.append)
    assert lines == ["settings: keys are saved for 9 seats; the game has 8, the rest are ignored"]
    lines.clear()
    Bindings.from_dict({"keyboard": "no", "pad": {"first": ["nobutton"], "second": ["b"]}}, warn=lines.append)
    assert len(lines) == 2 and "keyboard" in lines[0] and "'first'" in lines[1]
    assert all("\n" not in line for line in lines)


def test_the_game_warns_about_unusable_saved_keys_on_stderr(tmp_path):
    import os
    import subprocess
    import sys

    (tmp_path / "settings.json").write_text(json.dumps({"bindings": {"keyboard": [["q", "q"]]}}))
    env = dict(os.environ, COUCHCARDS_CONFIG_DIR=str(tmp_path), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "-m", "game", "--headless", "--frames", "2"], env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    assert "the keys saved for P1" in proc.stderr
