"""User settings, house-rule presets and player names: one JSON file in the user's settings folder.

Writes are atomic (temp file + os.replace). A file that cannot be parsed (bad UTF-8, bad JSON, nested
too deeply, not an object, over 1 MB) is set aside as `settings.json.corrupt-<timestamp>` with a one-line
warning and the defaults are used. A file that exists but cannot be read (permissions) is not broken:
it is reported, left where it is, and never saved over (the game runs on defaults). A single bad value
falls back to its default with a warning, and the rest of the file is kept. What this version does not
understand is kept too: unknown settings (one line says how many) and presets that are for another
game or that these rules refuse (one line each; such a preset is never offered) are written back as
they were. A UTF-8 byte-order mark (as Notepad writes) is fine.
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

from game import games
from game.games import IDS as GAMES

ENV_DIR = "COUCHCARDS_CONFIG_DIR"
FILENAME = "settings.json"
MAX_SEATS = 8
MAX_NAME = 20  # a player's name: the name entry stops here; screens shrink a long one, never cut it
MAX_BYTES = 1_000_000  # a settings file is a few kilobytes: a bigger one is not read in full
MAX_DEPTH = 32  # the deepest real value (a preset's option list) is 5 levels down
MAX_PRESET_LINES = 20  # bad presets named one per line; any more are counted on one line

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
    from game.i18n import AUTO, CATALOGUES

    if v != AUTO and v not in CATALOGUES:
        raise ValueError(f"must be {AUTO!r} or one of {', '.join(sorted(CATALOGUES))}")
    return v


CARD_LETTERS = ("auto", "international", "danish", "swedish")  # auto: as the language has them
TEXT_SIZES = (100, 125, 150)  # per cent of the standard text size


def _card_letters(v: Any) -> str:
    if v not in CARD_LETTERS:
        raise ValueError(f"must be one of {', '.join(CARD_LETTERS)}")
    return v


def _text_size(v: Any) -> int:
    if isinstance(v, bool) or v not in TEXT_SIZES:
        raise ValueError(f"must be one of {', '.join(map(str, TEXT_SIZES))}")
    return int(v)


def _bindings(v: Any) -> dict:
    if not isinstance(v, dict):
        raise TypeError("must be an object")
    return v


def _from_json(value: Any) -> Any:
    """An option value as the rules take it (JSON has lists where the rules have tuples)."""
    return tuple(_from_json(v) for v in value) if isinstance(value, list) else value


def check_preset(game: str, values: Any) -> None:
    """Raise ValueError (naming the option) unless `values` are option values the game's rules accept
    at some table size: the same check the engine makes, so a preset that loads can be played."""
    if not isinstance(values, dict):
        raise TypeError("not a set of option values")
    definition = games.get(game)
    rules_values = {k: _from_json(v) for k, v in values.items()}
    error: Exception | None = None
    for players in (None, *range(2, MAX_SEATS + 1)):  # some options' limits depend on the table size
        try:
            definition.rules_from_values(rules_values, players)
            return
        except (TypeError, ValueError) as exc:
            error = error or exc
    raise ValueError(str(error).splitlines()[0] if str(error) else type(error).__name__)


def _split_presets(v: Any) -> tuple[dict[str, dict[str, dict[str, Any]]], dict[str, dict[str, Any]], list[str]]:
    """The presets of `v` this version can play, those it keeps without using ({game: {name: values}}:
    other games', and those its rules refuse), and one line per preset set aside."""
    if not isinstance(v, dict):
        raise TypeError("must be an object")
    good: dict[str, dict[str, dict[str, Any]]] = {g: {} for g in GAMES}
    kept: dict[str, dict[str, Any]] = {}
    lines: list[str] = []
    for game, presets in v.items():
        if game not in GAMES:
            kept[game] = presets  # a game of a newer version
            continue
        if not isinstance(presets, dict):
            raise TypeError(f"presets of {game} must be an object of named presets")
        for name, values in presets.items():
            try:
                if not name.strip():
                    raise ValueError("no name")
                check_preset(game, values)
            except (TypeError, ValueError) as exc:
                kept.setdefault(game, {})[name] = values
                lines.append(f"preset {name!r} of {game}: {exc}")
                continue
            good[game][name] = dict(values)
    return good, kept, lines


def _presets(v: Any) -> dict[str, dict[str, dict[str, Any]]]:
    """{game: {preset name: {option name: value}}}; every preset must be playable (see check_preset)."""
    good, kept, lines = _split_presets(v)
    if lines:
        raise ValueError(lines[0])
    if kept:
        raise ValueError(f"unknown game(s) {', '.join(repr(g) for g in kept)}")
    return good


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
    "language": ("auto", _language),  # "auto": the system's (game.i18n.system_language)
    "card_letters": ("auto", _card_letters),  # court letters on the cards: J Q K A, B D K E, Kn D K E
    "large_cards": (False, _flag),  # bigger centre and seat cards
    "text_size": (100, _text_size),  # per cent: 100, 125 or 150
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
        self.unknown: dict[str, Any] = {}  # settings of a newer version: written back as they were
        self.kept_presets: dict[str, dict[str, Any]] = {}  # {game: {name: values}} not offered, kept
        self.read_only = ""  # why the file must not be saved over ("" = it may)

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

    def to_json(self) -> dict[str, Any]:
        """What `save` writes: the values, with the unknown settings and the kept presets as they were."""
        out = {**self.unknown, **copy.deepcopy(self._values)}
        for game, kept in self.kept_presets.items():
            mine = out["presets"].setdefault(game, {})
            for name, values in kept.items():
                mine.setdefault(name, values)  # a preset saved since under the same name wins
        return out

    def save(self) -> bool:
        """Write atomically; on failure warn once and keep playing (returns False). A file that could
        not be read is never saved over (returns False)."""
        if self.read_only:
            return False
        try:
            text = json.dumps(self.to_json(), indent=2, ensure_ascii=False, sort_keys=True)
            write_atomic(self.path, text)
        except (OSError, ValueError, RecursionError) as exc:
            self._warn(f"could not save settings to {self.path}: {exc}".splitlines()[0])
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


def nesting_depth(value: Any) -> int:
    """How deeply `value` nests lists and objects (without recursing: any depth is safe to measure)."""
    deepest, todo = 0, [(value, 0)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, level + 1)
            todo.extend((v, level + 1) for v in item)
    return deepest


def _reason(exc: BaseException) -> str:
    """One short line on why a file did not parse."""
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    text = str(exc).splitlines()[0] if str(exc) else ""
    return (text if isinstance(exc, ValueError) and text else f"{type(exc).__name__}: {text}".rstrip(": "))[:80]


def load(path: Path | None = None, warn: Warn = _stderr_warning) -> Settings:
    """Read the settings file (defaults if there is none); never raises for a bad file."""
    path = Path(path) if path is not None else config_dir() / FILENAME
    settings = Settings(path, warn=warn)
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return settings
    except OSError as exc:  # it is there but cannot be read (permissions): not broken, so not moved
        settings.read_only = exc.strerror or type(exc).__name__
        warn(f"cannot read the settings file {path} ({settings.read_only}); using defaults, "
             "leaving the file as it is and not saving over it")
        return settings
    if len(raw) > MAX_BYTES:
        _set_aside(path, f"larger than {MAX_BYTES // 1_000_000} MB", warn)
        return settings
    try:
        data = json.loads(raw.decode("utf-8-sig"))  # -sig: a byte-order mark, as Notepad writes, is fine
    except Exception as exc:  # noqa: BLE001 - any failure of the decoder or parser (RecursionError from deep nesting)
        _set_aside(path, _reason(exc), warn)
        return settings
    if not isinstance(data, dict):
        _set_aside(path, "not a JSON object", warn)
        return settings
    if nesting_depth(data) > MAX_DEPTH:
        _set_aside(path, "nested too deeply", warn)
        return settings
    for key, value in data.items():
        if key not in SCHEMA:
            settings.unknown[key] = value
            continue
        try:
            if key == "presets":
                value, settings.kept_presets, lines = _split_presets(value)
                for line in lines[:MAX_PRESET_LINES]:
                    warn(f"settings: skipping {line}")
                if len(lines) > MAX_PRESET_LINES:
                    warn(f"settings: skipping {len(lines) - MAX_PRESET_LINES} more bad presets")
                others = [g for g in settings.kept_presets if g not in GAMES]
                if others:
                    warn(f"settings: keeping the presets of {_some(others, 'unknown game')} unused")
            settings[key] = value
        except (TypeError, ValueError) as exc:
            warn(f"settings: {key} {exc}; using the default")
    if settings.unknown:  # from a newer version, say: one line however many
        warn(f"settings: keeping {_some(list(settings.unknown), 'unknown setting')} unused, as they were")
    return settings


def _some(names: list[str], what: str) -> str:
    """"2 unknown settings ('a', 'b')", "5000 unknown settings ('a', 'b', 'c' and 4997 more)": one short line."""
    shown = ", ".join(repr(n[:20]) for n in names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    return f"{len(names)} {what}{'' if len(names) == 1 else 's'} ({shown})"
