"""Short sounds synthesised in code (no sound files shipped, no numpy), with a volume. With no audio device `Audio()`
raises, so the app can say once that the game is silent and play on with silence (`app.make_audio`).
The synthesis (~40 ms of pure Python CPU) runs beside the first frames, not before them: a sound asked for
before it is ready is skipped (`wait_ready` waits for them). What it made is kept in the cache folder
(`bank`), so later starts read ~180 kB instead of synthesising again (~40 ms less CPU at each start).

The mixer plays through a small buffer (BUFFER frames, ~12 ms at RATE): a sound started while a buffer
is being played is heard when the next buffer is, so the buffer bounds a press's sound's delay."""

from __future__ import annotations

import array
import math
import os
import random
import sys
import threading
import zlib
from pathlib import Path

import pygame

RATE = 22050
BUFFER = 256  # frames per mixer buffer: 11.6 ms at RATE (SDL asks the device for this many at a time)
BANK_MAGIC = b"couchcards-sounds 1\n"
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


def no_sound_line(exc: BaseException) -> str:
    """The one line on stderr when the game goes on silent: what the system said (SDL's "ALSA: Couldn't open
    audio device"), not Python's name for the error ("error", pygame's)."""
    said = " ".join(str(exc).split()) or type(exc).__name__
    return f"couchcards: no sound this time, the game plays on silent ({said})"


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


def bank_key(freq: int, channels: int) -> str:
    """What the cached sounds were made from: this module's code (its source's checksum; in a frozen build,
    which has no source, the executable itself: its size and time, new with every build) and the mixer's
    rate and channels."""
    try:
        made_by = str(zlib.crc32(Path(__file__).read_bytes()))
    except OSError:
        try:
            built = os.stat(sys.executable)
            made_by = f"exe{built.st_size}.{built.st_mtime_ns}"
        except OSError:
            from game import version

            made_by = "v" + version()
    return f"{made_by}-{freq}-{channels}"


def cache_dir() -> Path:
    """Where the made sounds are kept: <$COUCHCARDS_DATA_DIR>/cache if set, else the platform's cache folder."""
    override = os.environ.get("COUCHCARDS_DATA_DIR")
    if override:
        return Path(override) / "cache"
    import platformdirs

    return Path(platformdirs.user_cache_dir("couch-cards", appauthor=False))


def make_bank(freq: int, channels: int) -> dict[str, bytes]:
    """Every sound as the mixer's PCM (16-bit, `channels`, at `freq`), synthesised now."""
    made = {}
    for name, samples in synthesise().items():
        if freq != RATE:
            samples = _resample(samples, RATE, freq)
        made[name] = to_pcm16(samples, channels)
    return made


def bank(freq: int, channels: int, folder: Path | None = None) -> dict[str, bytes]:
    """Every sound as PCM: read from the cache file when it was made by this code for this mixer, else
    synthesised and written there for the next start. A cache that cannot be read or written costs only
    the time to synthesise (never an error)."""
    key = bank_key(freq, channels)
    path = (folder if folder is not None else cache_dir()) / f"sounds-{freq}-{channels}.pcm"
    try:
        found = _read_bank(path.read_bytes(), key)
    except OSError:
        found = None
    if found is not None:
        return found
    made = make_bank(freq, channels)
    header = " ".join([key] + [f"{name}:{len(pcm)}" for name, pcm in made.items()]).encode("ascii")
    part = path.with_name(f"{path.name}.{os.getpid()}.part")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part.write_bytes(BANK_MAGIC + header + b"\n" + b"".join(made.values()))
        os.replace(part, path)  # whole or not at all: another start reading meanwhile sees the old file
    except OSError:
        try:
            part.unlink(missing_ok=True)  # a full disk leaves no half file behind
        except OSError:
            pass
    return made


def _read_bank(data: bytes, key: str) -> dict[str, bytes] | None:
    """The sounds in a cache file's bytes, or None unless it is whole and made under `key` with every sound."""
    if not data.startswith(BANK_MAGIC):
        return None
    header, sep, body = data[len(BANK_MAGIC):].partition(b"\n")
    words = header.decode("ascii", "replace").split(" ")
    if not sep or words[0] != key:
        return None
    out, at = {}, 0
    for word in words[1:]:
        name, _, size = word.partition(":")
        if not size.isdigit():
            return None
        out[name] = body[at:at + int(size)]
        at += int(size)
    if at != len(body) or set(out) != set(NAMES):
        return None
    return out


class Audio:
    """`play(name)` plays a short sound. Raises pygame.error (or NotImplementedError, OSError, ValueError)
    when there is no audio device or it will not take 16-bit sound: the caller decides to play on silent."""

    def __init__(self, volume: float = 0.8) -> None:
        self.volume = min(1.0, max(0.0, float(volume)))
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=BUFFER)
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
        """Make every sound (beside the first frames: from the cache, else synthesised) and hand them to the mixer."""
        try:
            made = {name: pygame.mixer.Sound(buffer=pcm) for name, pcm in bank(freq, channels).items()}
            with self._lock:
                for sound in made.values():
                    sound.set_volume(self.volume)
                self._sounds = made
        except (pygame.error, MemoryError) as exc:  # the device went away meanwhile: stay silent
            print(no_sound_line(exc), file=sys.stderr)
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
