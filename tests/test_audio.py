"""Sounds: synthesised without numpy, short, every name playable; no audio device means silence, no crash."""

from __future__ import annotations

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
    assert len(data) == 4 * 2 * 2


def run(code: str, driver: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_AUDIODRIVER=driver, SDL_VIDEODRIVER="dummy", PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60, check=False
    )


PLAY_ALL = (
    "from game.audio import Audio, NAMES\n"
    "a = Audio(0.5)\n"
    "for n in NAMES: a.play(n)\n"
    "a.set_volume(0.0); a.play('slap'); a.set_volume(2.0)\n"
    "print('enabled', a.enabled, a.volume)\n"
)


def test_no_audio_device_is_silence_not_a_crash():
    result = run(PLAY_ALL, "no_such_driver")
    assert result.returncode == 0, result.stderr
    assert "enabled False 1.0" in result.stdout


def test_dummy_audio_driver_plays():
    result = run(PLAY_ALL, "dummy")
    assert result.returncode == 0, result.stderr
    assert "enabled True 1.0" in result.stdout


def test_unknown_sound_name_is_an_error():
    with pytest.raises(KeyError, match="no sound called"):
        audio.Audio.play(audio.Audio.__new__(audio.Audio), "boing")
