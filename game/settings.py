"""User settings, house-rule presets and player names: one JSON file in the user's settings folder.

Writes are atomic (temp file + os.replace). A file that cannot be parsed (bad UTF-8, bad JSON, nested
too deeply, not an object, over 1 MB) is set aside as `settings.json.corrupt-<timestamp>` with a one-line
warning and the defaults are used. A file that exists but cannot be read (permissions) is not broken:
it is reported, left where it is, and never saved over (the game runs on defaults). A single bad value
falls back to its default with a warning, and the rest of the file is kept; the value itself is written
back as it was until the player changes that setting (a language or a text size of a newer version is
there again when the newer version starts). What this version does not understand is kept too: unknown settings (one line says how many) and presets that are for another
game or that these rules refuse (one line each; such a preset is never offered) are written back as
they were. A UTF-8 byte-order mark (as Notepad writes) is fine.

The settings know no game: whoever loads them (the app, the command line) passes the games they keep presets
for (`games`: {game id: its definition}, which checks a preset's option values by its engine's rules).
"""

from __future__ import annotations

import copy
import glob
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from functools import partial
from pathlib import Path
from typing import Literal, Protocol, TypeAlias, overload

from game.jsonsafe import JSON, JSONObject, nesting_depth
from game.names import MAX_NAME, clean_name, clean_text, free_name  # noqa: F401 - MAX_NAME: settings' names

ENV_DIR = "COUCHCARDS_CONFIG_DIR"
FILENAME = "settings.json"
MAX_SEATS = 8
MAX_BYTES = 1_000_000  # a settings file is a few kilobytes: a bigger one is not read in full
MAX_DEPTH = 32  # the deepest real value (a preset's option list) is 5 levels down
MAX_PRESET_LINES = 20  # bad presets named one per line; any more are counted on one line

Warn = Callable[[str], None]


class PresetRules(Protocol):
    """What the settings and preset files need of a game (its definition, game.games.base.GameDef, answers
    it): its title, for messages, and the check its engine's rules make of a preset's option values
    (ValueError or TypeError, naming the option)."""

    def title(self) -> str: ...

    def check_options(self, values: Mapping[str, JSON]) -> None: ...


# The games whose presets the settings keep, by game id (the caller's registry: game.games.GAMES).
PresetGames: TypeAlias = Mapping[str, PresetRules]
# {game: {preset name: {option name: value}}}
Presets: TypeAlias = dict[str, dict[str, JSONObject]]


def _stderr_warning(message: str) -> None:
    print(f"couchcards: {message}", file=sys.stderr)


def _volume(v: object) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise TypeError("must be a number from 0 to 1")
    if not 0.0 <= v <= 1.0:
        raise ValueError("must be a number from 0 to 1")
    return round(float(v), 2)


def _flag(v: object) -> bool:
    if not isinstance(v, bool):
        raise TypeError("must be true or false")
    return v


def _language(v: object) -> str:
    from game.i18n import AUTO, CATALOGUES

    if v != AUTO and v not in CATALOGUES:
        raise ValueError(f"must be {AUTO!r} or one of {', '.join(sorted(CATALOGUES))}")
    return str(v)


CARD_LETTERS = ("auto", "international", "danish", "swedish")  # auto: as the language has them
TEXT_SIZES = (100, 125, 150)  # per cent of the standard text size


def _card_letters(v: object) -> str:
    if v not in CARD_LETTERS:
        raise ValueError(f"must be one of {', '.join(CARD_LETTERS)}")
    return str(v)


def _text_size(v: object) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v not in TEXT_SIZES:
        raise ValueError(f"must be one of {', '.join(map(str, TEXT_SIZES))}")
    return v


def _bindings(v: object) -> JSONObject:
    if not isinstance(v, dict):
        raise TypeError("must be an object")
    return v


def check_preset(rules: PresetRules, values: object) -> JSONObject:
    """`values` if they are option values the game's rules (`rules`: its definition) accept at some table
    size: the same check the engine makes, so a preset that loads can be played; else ValueError or
    TypeError (one line, naming the option)."""
    if not isinstance(values, dict):
        raise TypeError("not a set of option values")
    rules.check_options(values)
    return values


def _split_presets(v: object, games: PresetGames) -> tuple[Presets, dict[str, JSON], list[str]]:
    """The presets of `v` this version can play, what it keeps without using ({game: {name: values}}, or
    {game: whatever stood there} when that is not a set of named presets: other games', those its rules
    refuse, a game's entry that is not an object), and one line per preset or entry set aside. Each
    entry falls back on its own: a bad one never costs its siblings."""
    if not isinstance(v, dict):
        raise TypeError("must be an object")
    good: Presets = {g: {} for g in games}
    kept: dict[str, JSON] = {}
    lines: list[str] = []
    for game, presets in v.items():
        if game not in games:
            kept[game] = presets  # a game of a newer version
            continue
        if not isinstance(presets, dict):
            kept[game] = presets
            lines.append(f"the presets of {game} are not a set of named presets ({type(presets).__name__})")
            continue
        for raw_name, values in presets.items():
            name = clean_name(raw_name)
            try:
                if not name:
                    raise ValueError("no name")
                checked = check_preset(games[game], values)
            except (TypeError, ValueError) as exc:
                bad = kept.setdefault(game, {})
                if isinstance(bad, dict):
                    bad[raw_name] = values
                lines.append(f"preset {clean_text(raw_name)[:40]!r} of {game}: {exc}")
                continue
            if name != raw_name:  # a name with control characters, say: offered (and saved) cleaned
                name = free_name(name, set(good[game]) | set(presets))
            good[game][name] = dict(checked)
    return good, kept, lines


def _presets(v: object, games: PresetGames) -> Presets:
    """{game: {preset name: {option name: value}}}; every preset must be playable (see check_preset)."""
    good, kept, lines = _split_presets(v, games)
    if lines:
        raise ValueError(lines[0])
    if kept:
        raise ValueError(f"unknown game(s) {', '.join(repr(g) for g in kept)}")
    return good


def _split_names(v: object) -> tuple[list[str], dict[int, JSON], list[str]]:
    """The seats' names (cleaned; "" for a seat with none), what is kept without using ({index: value}:
    a name that is not text, names past the last seat), and one line per name set aside."""
    if not isinstance(v, list):
        raise TypeError(f"must be a list of up to {MAX_SEATS} names")
    names = [""] * MAX_SEATS
    kept: dict[int, JSON] = {}
    lines: list[str] = []
    for i, raw in enumerate(v):
        if i >= MAX_SEATS:
            kept[i] = raw
            continue
        if not isinstance(raw, str):
            kept[i] = raw
            lines.append(f"name {i + 1} is not text ({type(raw).__name__})")
            continue
        names[i] = clean_name(raw)
    if len(v) > MAX_SEATS:
        lines.append(f"{len(v)} names for {MAX_SEATS} seats")
    return names, kept, lines


def _names(v: object) -> list[str]:
    names, _, lines = _split_names(v)
    if lines:
        raise ValueError(lines[0])
    return names


# key -> (default, validator). The validator returns the cleaned value or raises ValueError/TypeError. The
# presets' default and check depend on the games the settings are loaded with (see `schema`).
SCHEMA: dict[str, tuple[object, Callable[[object], object]]] = {
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
    "presets": ({}, partial(_presets, games={})),
    "names": ([""] * MAX_SEATS, _names),  # "" = the default "Player N"
}


def schema(games: PresetGames) -> dict[str, tuple[object, Callable[[object], object]]]:
    """SCHEMA for settings that keep the presets of `games`."""
    return {**SCHEMA, "presets": ({g: {} for g in games}, partial(_presets, games=games))}


def defaults(games: PresetGames) -> dict[str, object]:
    return {key: copy.deepcopy(default) for key, (default, _) in schema(games).items()}


def config_dir() -> Path:
    """The settings folder: $COUCHCARDS_CONFIG_DIR if set, else the platform's user config folder."""
    override = os.environ.get(ENV_DIR)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_config_dir("couch-cards", appauthor=False))


class Settings(MutableMapping[str, object]):
    """A dict of validated settings bound to its file; `save()` writes it atomically. `games`: the games
    whose presets it keeps (see the module's docstring)."""

    def __init__(self, path: Path, values: Mapping[str, object] | None = None, warn: Warn = _stderr_warning, *,
                 games: PresetGames) -> None:
        self.path = Path(path)
        self.games = games
        self._schema = schema(games)
        self._warn = warn
        self._values = defaults(games)
        if values:
            self._values.update(values)
        self.unknown: dict[str, JSON] = {}  # settings of a newer version: written back as they were
        self.kept_presets: dict[str, JSON] = {}  # {game: {name: values}} not offered, kept (see _split_presets)
        self.kept_names: dict[int, JSON] = {}  # {index: value}: names that could not be used, kept
        self.kept_values: dict[str, JSON] = {}  # {setting: value} read but not usable, written back until set
        self.read_only = ""  # why the file must not be saved over ("" = it may)
        # What the last load could not use, for the title screen to say (the stderr lines reach no one in a windowed
        # build): the file set aside whole (the name it was moved to, or "?" where it could not be moved), the
        # settings back to their defaults, the presets not offered.
        self.set_aside = ""
        self.defaulted: list[str] = []
        self.presets_unused = 0

    @overload
    def __getitem__(self, key: Literal["four_colour_suits", "reduced_motion", "teaching_aid", "fullscreen",
                                       "rumble", "large_cards"]) -> bool: ...
    @overload
    def __getitem__(self, key: Literal["volume"]) -> float: ...
    @overload
    def __getitem__(self, key: Literal["language", "card_letters"]) -> str: ...
    @overload
    def __getitem__(self, key: Literal["text_size"]) -> int: ...
    @overload
    def __getitem__(self, key: Literal["bindings"]) -> JSONObject: ...
    @overload
    def __getitem__(self, key: Literal["presets"]) -> Presets: ...
    @overload
    def __getitem__(self, key: Literal["names"]) -> list[str]: ...
    @overload
    def __getitem__(self, key: str) -> object: ...
    def __getitem__(self, key: str) -> object:
        return self._values[key]

    def __setitem__(self, key: str, value: object) -> None:
        if key not in self._schema:
            raise KeyError(f"unknown setting {key!r}")
        self._values[key] = self._schema[key][1](value)
        self.kept_values.pop(key, None)  # the player's new value takes the place of the one that was not usable

    def __delitem__(self, key: str) -> None:
        self._values[key] = copy.deepcopy(self._schema[key][0])
        self.kept_values.pop(key, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def warn(self, message: str) -> None:
        """One line about a setting that could not be used (stderr unless a test gave another)."""
        self._warn(message)

    def kept_preset_names(self, game: str) -> set[str]:
        """The names of `game`'s presets kept in the file but not offered (a new preset takes another)."""
        kept = self.kept_presets.get(game)
        return set(kept) if isinstance(kept, dict) else set()

    def player_name(self, seat: int) -> str:
        from game.i18n import t

        return self.typed_name(seat) or t("Player {n}", n=seat + 1)

    def typed_name(self, seat: int) -> str:
        """The name typed for `seat`'s guest; "" for none (a seat then shows its default "Player 3", worded in the
        language of the moment: game.core.contract.seat_name)."""
        names = self["names"]
        return names[seat] if seat < len(names) else ""

    def to_json(self) -> dict[str, object]:
        """What `save` writes: the values, with the unknown settings, the kept presets and names and the values
        that could not be used (of settings not set since) as they were."""
        out: dict[str, object] = {**self.unknown, **copy.deepcopy(self._values)}
        presets = out["presets"]
        assert isinstance(presets, dict)
        for game, kept in self.kept_presets.items():
            mine = presets.get(game)
            if not isinstance(kept, dict):  # the game's entry was not a set of presets: kept as it was,
                if not mine:  # until a preset of that game is saved in its place
                    presets[game] = copy.deepcopy(kept)
                continue
            mine = presets.setdefault(game, {})
            assert isinstance(mine, dict)
            for name, values in kept.items():
                mine.setdefault(name, copy.deepcopy(values))  # a preset saved since under the same name wins
        names = out["names"]
        assert isinstance(names, list)
        for i, raw in sorted(self.kept_names.items()):
            if i < len(names):
                if not names[i]:  # a seat named since keeps its new name
                    names[i] = copy.deepcopy(raw)
            else:
                names.extend([""] * (i - len(names)) + [copy.deepcopy(raw)])
        out.update(copy.deepcopy(self.kept_values))
        return out

    def save(self) -> bool:
        """Write atomically; on failure warn once and keep playing (returns False). A file that could
        not be read is never saved over (returns False)."""
        if self.read_only:
            return False
        try:
            data = self.to_json()
            text = json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True)
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:  # a lone surrogate kept from the file: written as JSON escapes
                text = json.dumps(data, indent=2, ensure_ascii=True, sort_keys=True)
            write_atomic(self.path, text)
        except (OSError, ValueError, RecursionError) as exc:
            # the system's words ("Read-only file system"), not the name of the temp file it refused
            said = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self._warn(f"could not save settings to {self.path} ({said}); changes last until the game closes"
                       .splitlines()[0])
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


STALE_TEMP_S = 60.0  # a save takes milliseconds: a temp file this old is one whose save was killed


def remove_stale_temps(path: Path, names: str | None = None) -> int:
    """Remove the temp files `write_atomic` (or game.record.write_log) left beside `path` when a save was killed
    (older than STALE_TEMP_S: another copy of the game may be saving right now); how many. `names`: a glob
    pattern for the files saved in `path`'s folder, instead of `path`'s own name."""
    removed = 0
    try:
        for tmp in path.parent.glob(f".{names or glob.escape(path.name)}.*.tmp"):
            if time.time() - tmp.stat().st_mtime > STALE_TEMP_S:
                tmp.unlink()
                removed += 1
    except OSError:
        pass  # a folder that can't be listed or written: the save will say so
    return removed


def free_path(path: Path, tag: str) -> Path:
    """`<name>.<tag>-<time>` beside `path` (where a file is set aside or copied), numbered if that is taken."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{tag}-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.{tag}-{stamp}-{n}")
    return target


def _set_aside(path: Path, reason: str, warn: Warn) -> str:
    """Move the unreadable settings file aside; the name it has now ("?" where it could not be moved)."""
    target = free_path(path, "corrupt")
    try:
        os.replace(path, target)
        warn(f"settings file {path} is unreadable ({reason}); moved it to {target.name}, using defaults")
        return target.name
    except OSError as exc:
        warn(f"settings file {path} is unreadable ({reason}) and could not be moved ({exc}); using defaults")
        return "?"


def _reason(exc: BaseException) -> str:
    """One short line on why a file did not parse."""
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    text = str(exc).splitlines()[0] if str(exc) else ""
    return (text if isinstance(exc, ValueError) and text else f"{type(exc).__name__}: {text}".rstrip(": "))[:80]


def load(path: Path | None = None, warn: Warn = _stderr_warning, *, games: PresetGames) -> Settings:
    """Read the settings file (defaults if there is none), keeping the presets of `games`; never raises
    for a bad file."""
    path = Path(path) if path is not None else config_dir() / FILENAME
    settings = Settings(path, warn=warn, games=games)
    remove_stale_temps(path)
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
        settings.set_aside = _set_aside(path, f"larger than {MAX_BYTES // 1_000_000} MB", warn)
        return settings
    try:
        data = json.loads(raw.decode("utf-8-sig"))  # -sig: a byte-order mark, as Notepad writes, is fine
    except Exception as exc:  # noqa: BLE001 - any failure of the decoder or parser (RecursionError from deep nesting)
        settings.set_aside = _set_aside(path, _reason(exc), warn)
        return settings
    if not isinstance(data, dict):
        settings.set_aside = _set_aside(path, "not a JSON object", warn)
        return settings
    if nesting_depth(data) > MAX_DEPTH:
        settings.set_aside = _set_aside(path, "nested too deeply", warn)
        return settings
    for key, value in data.items():
        if key not in SCHEMA:
            settings.unknown[key] = value
            continue
        try:
            if key == "names":
                names, settings.kept_names, lines = _split_names(value)
                value = list(names)
                for line in lines[:MAX_PRESET_LINES]:
                    warn(f"settings: {line}; keeping it in the file, unused")
            if key == "presets":
                presets, settings.kept_presets, lines = _split_presets(value, games)
                value = {game: dict(mine) for game, mine in presets.items()}
                settings.presets_unused = len(lines)
                for line in lines[:MAX_PRESET_LINES]:
                    warn(f"settings: {line}; keeping it in the file, not offered")
                if len(lines) > MAX_PRESET_LINES:
                    warn(f"settings: keeping {len(lines) - MAX_PRESET_LINES} more bad presets unused")
                others = [g for g in settings.kept_presets if g not in games]
                if others:
                    warn(f"settings: keeping the presets of {_some(others, 'unknown game')} unused")
            settings[key] = value
        except (TypeError, ValueError) as exc:
            settings.defaulted.append(key)
            settings.kept_values[key] = data[key]
            warn(f"settings: {key} {exc}; using the default, keeping the value in the file")
    if settings.unknown:  # from a newer version, say: one line however many
        warn(f"settings: keeping {_some(list(settings.unknown), 'unknown setting')} unused, as they were")
    return settings


def _some(names: list[str], what: str) -> str:
    """"2 unknown settings ('a', 'b')", "5000 unknown settings ('a', 'b', 'c' and 4997 more)": one short line."""
    shown = ", ".join(repr(n[:20]) for n in names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    return f"{len(names)} {what}{'' if len(names) == 1 else 's'} ({shown})"
