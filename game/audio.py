"""Short sounds synthesised at start-up (no files, no numpy), with a volume. With no audio device `Audio()`
raises, so the app can say once that the game is silent and play on with silence (`app.make_audio`).
The synthesis (a fifth of a second of pure Python) runs beside the first frames, not before them: a sound
asked for before it is ready is skipped (`wait_ready` waits for them)."""

from __future__ import annotations

import array
import math
import random
import sys
import threading

import pygame

RATE = 22050
NAMES = ("flip", "slap", "slap_win", "wrong", "pile_won", "match", "take", "game_over")
_MASTER = 0.55  # living-room loud at volume 1.0


def _env(i: int, n: int, attack: int, decay: float) -> float:
    """A fast attack and an exponential decay; `decay` is the fraction of the sound per e-fold."""
    a = i / attack if i < attack else 1.0
    return a * math.exp(-(i / n) / decay)


def _noise(n: int, seed: int, lowpass: float) -> list[float]:
    rng = random.Random(seed)
    out, y = [], 0.0
    for _ in range(n):
        y += lowpass * (rng.uniform(-1.0, 1.0) - y)
        out.append(y)
    peak = max(1e-9, max(abs(v) for v in out))
    return [v / peak for v in out]


def _tone(n: int, freq: float, sweep: float = 0.0) -> list[float]:
    """A sine from `freq`, its frequency moving by `sweep` Hz over the sound."""
    out, phase = [], 0.0
    for i in range(n):
        f = freq + sweep * i / n
        phase += 2 * math.pi * f / RATE
        out.append(math.sin(phase))
    return out


def _shape(samples: list[float], attack_ms: float, decay: float) -> list[float]:
    n = len(samples)
    attack = max(1, int(RATE * attack_ms / 1000))
    return [s * _env(i, n, attack, decay) for i, s in enumerate(samples)]


def _mix(*parts: tuple[list[float], float]) -> list[float]:
    n = max(len(p) for p, _ in parts)
    out = [0.0] * n
    for samples, gain in parts:
        for i, v in enumerate(samples):
            out[i] += v * gain
    return out


def _ms(ms: float) -> int:
    return int(RATE * ms / 1000)


def synthesise() -> dict[str, list[float]]:
    """Every sound as mono samples in [-1, 1]."""
    s: dict[str, list[float]] = {}
    s["flip"] = _shape(_noise(_ms(70), 1, 0.55), 2, 0.18)  # a paper flick
    thump = _shape(_tone(_ms(140), 140, -70), 1, 0.25)
    s["slap"] = _mix((thump, 0.8), (_shape(_noise(_ms(90), 2, 0.35), 1, 0.15), 0.6))
    s["slap_win"] = _mix(
        (_shape(_tone(_ms(180), 150, -80), 1, 0.3), 1.0), (_shape(_noise(_ms(110), 3, 0.4), 1, 0.18), 0.8)
    )
    buzz = [1.0 if math.sin(2 * math.pi * 110 * i / RATE) > 0 else -1.0 for i in range(_ms(220))]
    s["wrong"] = _shape(_mix((buzz, 0.35), (_tone(_ms(220), 116), 0.3)), 4, 0.6)
    sweep = _noise(_ms(320), 4, 0.12)
    s["pile_won"] = [v * math.sin(math.pi * i / len(sweep)) ** 2 for i, v in enumerate(sweep)]
    s["match"] = _mix(
        (_shape(_tone(_ms(60), 1800, -400), 1, 0.12), 0.5), (_shape(_noise(_ms(40), 5, 0.8), 1, 0.08), 0.4)
    )  # a wooden tick
    s["take"] = _mix(
        (_shape(_noise(_ms(160), 6, 0.2), 5, 0.35), 0.7), (_shape(_tone(_ms(120), 330), 3, 0.3), 0.25)
    )
    notes = [(523.3, 0), (659.3, 120), (784.0, 240), (1046.5, 360)]
    chime = [0.0] * _ms(900)
    for freq, start in notes:
        tone = _shape(_tone(_ms(520), freq), 5, 0.3)
        o = _ms(start)
        for i, v in enumerate(tone):
            chime[o + i] += v * 0.3
    s["game_over"] = chime
    return s


def to_pcm16(samples: list[float], channels: int) -> bytes:
    """Signed 16-bit little-endian PCM, each sample repeated for every channel."""
    data = array.array("h")
    for v in samples:
        x = int(max(-1.0, min(1.0, v * _MASTER)) * 32767)
        data.extend([x] * channels)
    if sys.byteorder == "big":
        data.byteswap()
    return data.tobytes()


class Audio:
    """`play(name)` plays a short sound. Raises pygame.error (or NotImplementedError, OSError, ValueError)
    when there is no audio device or it will not take 16-bit sound: the caller decides to play on silent."""

    def __init__(self, volume: float = 0.8) -> None:
        self.volume = min(1.0, max(0.0, float(volume)))
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
        freq, fmt, channels = pygame.mixer.get_init() or (0, 0, 0)  # (none: refused below)
        if fmt != -16 or freq <= 0:
            # The device refused our format; resampling would need numpy, so stay silent rather than squeal.
            pygame.mixer.quit()
            raise pygame.error(f"mixer format {fmt} at {freq} Hz is not 16-bit signed")
        pygame.mixer.set_num_channels(16)
        self._ready = threading.Event()
        self._lock = threading.Lock()
        self._thread = threading.Thread(
            target=self._load, args=(freq, channels), name="couchcards-sounds", daemon=True
        )
        self._thread.start()

    def _load(self, freq: int, channels: int) -> None:
        """Synthesise every sound (beside the first frames) and hand them to the mixer."""
        try:
            made = {}
            for name, samples in synthesise().items():
                if freq != RATE:
                    samples = _resample(samples, RATE, freq)
                made[name] = pygame.mixer.Sound(buffer=to_pcm16(samples, channels))
            with self._lock:
                for sound in made.values():
                    sound.set_volume(self.volume)
                self._sounds = made
        except (pygame.error, MemoryError) as exc:  # the device went away meanwhile: stay silent
            print(f"couchcards: no sound ({type(exc).__name__}: {exc})".splitlines()[0], file=sys.stderr)
        finally:
            self._ready.set()

    def wait_ready(self, timeout: float | None = None) -> bool:
        """Wait (at most `timeout` s) until the sounds are made; whether they are."""
        return self._ready.wait(timeout)

    def set_volume(self, volume: float) -> None:
        self.volume = min(1.0, max(0.0, float(volume)))
        with self._lock:
            for sound in self._sounds.values():
                sound.set_volume(self.volume)

    def play(self, name: str) -> None:
        if name not in NAMES:
            raise KeyError(f"no sound called {name!r}; sounds: {', '.join(NAMES)}")
        sound = self._sounds.get(name)
        if sound is not None and self.volume > 0:
            try:
                sound.play()
            except pygame.error:
                pass  # a device that vanished mid-game: silence, not a crash


def _resample(samples: list[float], src: int, dst: int) -> list[float]:
    n = max(1, round(len(samples) * dst / src))
    step = src / dst
    last = len(samples) - 1
    return [samples[min(last, int(i * step))] for i in range(n)]
