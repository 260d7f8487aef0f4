"""Sounds: synthesised without numpy, short, every name playable; no audio device means silence, no crash."""

from __future__ import annotations

import array
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import audio

ROOT = Path(__file__).resolve().parent.parent


def test_every_sound_is_short_and_in_range():
    sounds = audio.synthesise()
    assert set(sounds) == set(audio.NAMES)
    for name, samples in sounds.items():
        assert 0 < len(samples) <= audio.RATE, f"{name} is not short"
        assert max(abs(v) for v in samples) > 0.05, f"{name} is silent"


def test_pcm16_packs_every_channel():
    data = audio.to_pcm16([0.0, 1.0, -1.0, 5.0], channels=2)
    values = array.array("h", data)
    if sys.byteorder == "big":
        values.byteswap()  # the bytes are little-endian
    loud = int(audio._MASTER * 32767)
    # every sample once per channel, scaled to living-room loudness, clipped at full scale
    assert list(values) == [0, 0, loud, loud, -loud, -loud, 32767, 32767]
    assert len(audio.to_pcm16([0.5] * 3, channels=1)) == 3 * 2


def run(code: str, driver: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_AUDIODRIVER=driver, SDL_VIDEODRIVER="dummy", PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60, check=False
    )


# What the app does at start: make_audio, then sounds played and the volume changed through the game.
PLAY_ALL = (
    "import pygame\n"
    "from game.app import make_audio\n"
    "from game.audio import NAMES\n"
    "a = make_audio(0.5)\n"
    "print('ready', a.wait_ready(30))\n"
    "for n in NAMES: a.play(n)\n"
    "print('busy', pygame.mixer.get_init() is not None and pygame.mixer.get_busy())\n"
    "if pygame.mixer.get_init(): pygame.mixer.stop()\n"
    "a.set_volume(0.0); a.play('slap')\n"
    "print('busy at volume 0', pygame.mixer.get_init() is not None and pygame.mixer.get_busy())\n"
    "a.set_volume(2.0)\n"
    "print('audio', type(a).__name__)\n"
)


def test_no_audio_device_says_once_that_the_game_is_silent():
    result = run(PLAY_ALL, "no_such_driver")
    assert result.returncode == 0, result.stderr
    assert "audio SilentAudio" in result.stdout and "busy False" in result.stdout
    said = [line for line in result.stderr.splitlines() if "no sound" in line]
    assert len(said) == 1, result.stderr
    assert said[0].startswith("couchcards: no sound") and "no_such_driver" in said[0]
    assert "(error:" not in said[0] and "plays on silent" in said[0]  # SDL's words, not pygame.error's class name


def test_no_audio_device_makes_audio_raise_for_the_app_to_handle():
    result = run("from game.audio import Audio\nAudio(0.5)\n", "no_such_driver")
    assert result.returncode != 0 and "pygame.error" in result.stderr


def test_dummy_audio_driver_plays_and_volume_zero_is_silent():
    result = run(PLAY_ALL, "dummy")
    assert result.returncode == 0, result.stderr
    assert "audio Audio" in result.stdout and "ready True" in result.stdout
    assert "busy True" in result.stdout  # the sounds really started
    assert "busy at volume 0 False" in result.stdout
    assert "no sound" not in result.stderr


def test_unknown_sound_name_is_an_error():
    with pytest.raises(KeyError, match="no sound called"):
        audio.Audio.play(audio.Audio.__new__(audio.Audio), "boing")


def test_the_sounds_made_once_are_read_back_at_the_next_start(tmp_path, monkeypatch):
    """The first start synthesises and keeps the PCM; the next reads it (no synthesis) and gets the same."""
    first = audio.bank(22050, 2, tmp_path)
    assert first == audio.make_bank(22050, 2)
    assert [p.name for p in tmp_path.iterdir()] == ["sounds-22050-2.pcm"]

    def no_synthesis() -> dict:
        raise AssertionError("synthesised again although the cache holds the sounds")

    monkeypatch.setattr(audio, "synthesise", no_synthesis)
    assert audio.bank(22050, 2, tmp_path) == first


@pytest.mark.parametrize("damage", ["other code", "cut short", "not ours"])
def test_a_stale_or_damaged_cache_is_made_again(tmp_path, damage):
    path = tmp_path / "sounds-22050-1.pcm"
    good = audio.bank(22050, 1, tmp_path)
    data = path.read_bytes()
    if damage == "other code":  # the sounds of another version of the game
        key = audio.bank_key(22050, 1).encode()
        data = data.replace(key, b"x" + key[1:], 1)
    elif damage == "cut short":
        data = data[:-100]
    else:
        data = b"hello" + data
    path.write_bytes(data)
    assert audio.bank(22050, 1, tmp_path) == good
    assert path.read_bytes() != data  # written again, whole


def test_a_cache_folder_that_cannot_be_written_costs_only_the_time(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("a file where the folder would be")
    assert audio.bank(22050, 2, blocked / "cache") == audio.make_bank(22050, 2)
