"""User settings, house-rule presets and player names: one JSON file in the user's settings folder.

Writes are atomic (temp file + os.replace). A file that cannot be read or parsed is set aside as
`settings.json.corrupt-<timestamp>` with a one-line warning and the defaults are used; a single bad or
unknown value falls back to its default with a warning, and the rest of the file is kept.
"""

from __future__ import annotations

import copy
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, MutableMapping
from pathlib import Path
from typing import Any

from game.games import IDS as GAMES

ENV_DIR = "COUCHCARDS_CONFIG_DIR"
FILENAME = "settings.json"
MAX_SEATS = 8
MAX_NAME = 20  # a player's name: the name entry stops here; screens shrink a long one, never cut it

Warn = Callable[[str], None]


def _stderr_warning(message: str) -> None:
    print(f"couchcards: {message}", file=sys.stderr)


def _volume(v: Any) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise TypeError("must be a number from 0 to 1")
    if not 0.0 <= v <= 1.0:
        raise ValueError("must be a number from 0 to 1")
    return round(float(v), 2)


def _flag(v: Any) -> bool:
    if not isinstance(v, bool):
        raise TypeError("must be true or false")
    return v


def _language(v: Any) -> str:
    from game.i18n import CATALOGUES

    if v not in CATALOGUES:
        raise ValueError(f"must be one of {', '.join(sorted(CATALOGUES))}")
    return v


def _bindings(v: Any) -> dict:
    if not isinstance(v, dict):
        raise TypeError("must be an object")
    return v


def _presets(v: Any) -> dict[str, dict[str, dict[str, Any]]]:
    """{game: {preset name: {option name: value}}}; option values are checked by the lobby."""
    if not isinstance(v, dict):
        raise TypeError("must be an object")
    out: dict[str, dict[str, dict[str, Any]]] = {g: {} for g in GAMES}
    for game, presets in v.items():
        if game not in GAMES or not isinstance(presets, dict):
            raise ValueError(f"unknown game {game!r}")
        for name, values in presets.items():
            if not isinstance(name, str) or not name or not isinstance(values, dict):
                raise ValueError(f"preset {name!r} of {game} is not a name with option values")
            out[game][name] = dict(values)
    return out


def _names(v: Any) -> list[str]:
    if not isinstance(v, list) or len(v) > MAX_SEATS or not all(isinstance(n, str) for n in v):
        raise ValueError(f"must be a list of up to {MAX_SEATS} strings")
    names = [n.strip()[:MAX_NAME] for n in v]
    return names + [""] * (MAX_SEATS - len(names))


# key -> (default, validator). The validator returns the cleaned value or raises ValueError/TypeError.
SCHEMA: dict[str, tuple[Any, Callable[[Any], Any]]] = {
    "volume": (0.7, _volume),
    "four_colour_suits": (False, _flag),
    "reduced_motion": (False, _flag),
    "teaching_aid": (True, _flag),
    "fullscreen": (False, _flag),
    "rumble": (True, _flag),  # pads rumble on a won slap, a wrong slap and a won challenge
    "language": ("en", _language),
    "bindings": ({}, _bindings),  # filled and read by game.input; opaque here
    "presets": ({g: {} for g in GAMES}, _presets),
    "names": ([""] * MAX_SEATS, _names),  # "" = the default "Player N"
}


def defaults() -> dict[str, Any]:
    return {key: copy.deepcopy(default) for key, (default, _) in SCHEMA.items()}


def config_dir() -> Path:
    """The settings folder: $COUCHCARDS_CONFIG_DIR if set, else the platform's user config folder."""
    override = os.environ.get(ENV_DIR)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_config_dir("couch-cards", appauthor=False))


class Settings(MutableMapping):
    """A dict of validated settings bound to its file; `save()` writes it atomically."""

    def __init__(self, path: Path, values: dict[str, Any] | None = None, warn: Warn = _stderr_warning):
        self.path = Path(path)
        self._warn = warn
        self._values = defaults()
        if values:
            self._values.update(values)

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __setitem__(self, key: str, value: Any) -> None:
        if key not in SCHEMA:
            raise KeyError(f"unknown setting {key!r}")
        self._values[key] = SCHEMA[key][1](value)

    def __delitem__(self, key: str) -> None:
        self._values[key] = copy.deepcopy(SCHEMA[key][0])

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def warn(self, message: str) -> None:
        """One line about a setting that could not be used (stderr unless a test gave another)."""
        self._warn(message)

    def player_name(self, seat: int) -> str:
        from game.i18n import t

        names = self._values["names"]
        return names[seat] if seat < len(names) and names[seat] else t("Player {n}", n=seat + 1)

    def save(self) -> bool:
        """Write atomically; on failure warn once and keep playing (returns False)."""
        try:
            write_atomic(self.path, json.dumps(self._values, indent=2, ensure_ascii=False, sort_keys=True))
        except OSError as exc:
            self._warn(f"could not save settings to {self.path}: {exc}")
            return False
        return True


def write_atomic(path: Path, text: str) -> None:
    """Write `text` to a temp file in the same folder, fsync it, then os.replace it over `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _set_aside(path: Path, reason: str, warn: Warn) -> None:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    try:
        os.replace(path, target)
        warn(f"settings file {path} is unreadable ({reason}); moved it to {target.name}, using defaults")
    except OSError as exc:
        warn(f"settings file {path} is unreadable ({reason}) and could not be moved ({exc}); using defaults")


def load(path: Path | None = None, warn: Warn = _stderr_warning) -> Settings:
    """Read the settings file (defaults if there is none); never raises for a bad file."""
    path = Path(path) if path is not None else config_dir() / FILENAME
    settings = Settings(path, warn=warn)
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return settings
    except (OSError, UnicodeDecodeError) as exc:
        _set_aside(path, type(exc).__name__, warn)
        return settings
    try:
        data = json.loads(raw)
    except ValueError as exc:
        _set_aside(path, str(exc).splitlines()[0][:80], warn)
        return settings
    if not isinstance(data, dict):
        _set_aside(path, "not a JSON object", warn)
        return settings
    for key, value in data.items():
        if key not in SCHEMA:
            warn(f"settings: ignoring unknown setting {key!r}")
            continue
        try:
            settings[key] = value
        except (TypeError, ValueError) as exc:
            warn(f"settings: {key} {exc}; using the default")
    return settings
