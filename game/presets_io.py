"""House-rule presets as small text files to pass around: export one, import one, strictly checked.

A preset file is JSON (a hand-written TOML file with the same fields is read too):

    {"format": "couchcards-preset", "version": 1, "game": "<game id>", "name": "Fast",
     "options": {"<option>": <value>, ...}}

Reading a file checks everything before anything changes: its size (64 KB at most), UTF-8, the syntax
(no duplicate keys, no NaN), how deeply it nests, exactly these fields, the format tag and version, a
game this version knows, a name of 1 to 20 characters, and the options with settings.check_preset (the
engine's own check, as for presets in the settings file). A bad file raises PresetError: one line naming
the problem. An imported preset whose name is taken comes in as "Name (2)" (then 3, …), never over another.

`python -m game preset export NAME FILE` and `python -m game preset import FILE`: one line on stderr and
exit code 2 for anything wrong (nothing is imported), 0 when done. The lobby exports to, and imports from,
`exports/` in the user data folder (game.record.data_dir).

This module knows no game: its callers pass the games (`games`: {game id: its definition}, as the settings
keep them: `settings.games`).
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import tomllib
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

from game import names
from game import settings as settings_mod
from game.argtypes import OneLineParser
from game.jsonsafe import JSON, JSONObject, nesting_depth
from game.settings import PresetGames

FORMAT = "couchcards-preset"
VERSION = 1
MAX_BYTES = 64 * 1024
MAX_DEPTH = 4  # the file, its options, an option's list: 3 levels; a 4th is room to spare
FIELDS = ("format", "version", "game", "name", "options")
SUFFIXES = (".json", ".toml")
MAX_LISTED = 100  # files the lobby's import row cycles through (the first, by name)
MAX_LINE = 160  # a message is one line, this long at most


class PresetError(ValueError):
    """Why a preset file cannot be used (or written): one line."""


@dataclass(frozen=True)
class Preset:
    game: str
    name: str
    options: JSONObject = field(default_factory=dict)


def exports_dir() -> Path:
    """Where the lobby writes presets and looks for files to import: `exports/` in the user data folder."""
    from game.record import data_dir

    return data_dir() / "exports"


def _line(text: str) -> str:
    text = " ".join(str(text).split())  # one line, whatever the engine's message held
    return text if len(text) <= MAX_LINE else text[: MAX_LINE - 1] + "…"


# ---- the file format --------------------------------------------------------------------------------


def to_text(preset: Preset) -> str:
    """The preset as the file's text (JSON, two-space indents, the fields in their order)."""
    data = {"format": FORMAT, "version": VERSION, "game": preset.game, "name": preset.name,
            "options": preset.options}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _no_duplicates(pairs: list[tuple[str, JSON]]) -> JSONObject:
    out: JSONObject = {}
    for key, value in pairs:
        if key in out:
            raise PresetError(f"the key {key!r} appears twice")
        out[key] = value
    return out


def _no_constant(name: str) -> NoReturn:
    raise PresetError(f"{name} is not a number JSON allows")



def parse(raw: bytes, toml: bool = False, *, games: PresetGames) -> Preset:
    """The preset (of one of `games`) in a file's bytes (JSON, or TOML if `toml`); raises PresetError
    naming the problem."""
    if len(raw) > MAX_BYTES:
        raise PresetError(f"larger than {MAX_BYTES // 1024} KB")
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark, as Notepad writes, is still UTF-8
    except UnicodeDecodeError as exc:
        raise PresetError(f"not UTF-8 text (byte {exc.start})") from None
    if not text.strip():
        raise PresetError("the file is empty")
    data: JSON
    try:
        if toml:
            data = tomllib.loads(text)
        else:
            data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except PresetError:
        raise
    except RecursionError:
        raise PresetError("nested too deeply") from None
    except Exception as exc:  # noqa: BLE001 - whatever the parser says, one line of it
        raise PresetError(f"not valid {'TOML' if toml else 'JSON'}: {_line(str(exc))}") from None
    return from_data(data, games)


def from_data(data: JSON, games: PresetGames) -> Preset:
    """The preset (of one of `games`) in a parsed file; raises PresetError naming the first problem."""
    if not isinstance(data, dict):
        raise PresetError("not a preset (the file must hold one object)")
    if nesting_depth(data) > MAX_DEPTH:
        raise PresetError("nested too deeply")
    if data.get("format") != FORMAT:
        found = data.get("format")
        raise PresetError(_line(f"not a Couch Cards preset (format {found!r})" if "format" in data
                                else "not a Couch Cards preset (no format tag)"))
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise PresetError(f"version must be the whole number {VERSION}, not {_line(repr(version))}")
    if version != VERSION:
        raise PresetError(f"preset format version {version} is not supported (this version reads {VERSION})")
    unknown = [k for k in data if k not in FIELDS]
    if unknown:
        raise PresetError(_line(f"unknown field {unknown[0]!r}" + (f" (and {len(unknown) - 1} more)"
                                                                    if len(unknown) > 1 else "")))
    missing = [k for k in FIELDS if k not in data]
    if missing:
        raise PresetError(f"no {missing[0]!r} field")
    game = data["game"]
    if not isinstance(game, str) or game not in games:
        raise PresetError(_line(f"unknown game {game!r} (this version knows {', '.join(games)})"))
    name = data["name"]
    if not isinstance(name, str):
        raise PresetError(f"name must be text, not {_line(repr(name))}")
    name = name.strip()
    if not 1 <= len(name) <= names.MAX_NAME:
        raise PresetError(f"name must be 1 to {names.MAX_NAME} characters, not {len(name)}")
    if any(unicodedata.category(ch)[0] == "C" for ch in name):
        raise PresetError("name holds a control character")
    options = data["options"]
    if not isinstance(options, dict):
        raise PresetError("options must be an object of option values")
    try:
        settings_mod.check_preset(games[game], options)
    except (TypeError, ValueError) as exc:
        raise PresetError(_line(f"options: {exc}")) from None
    return Preset(game, name, dict(options))


def read(path: str | Path, *, games: PresetGames) -> Preset:
    """The preset (of one of `games`) in the file at `path`; raises PresetError (naming the problem, not
    the file)."""
    path = Path(path)
    if path.suffix.lower() not in SUFFIXES:
        raise PresetError(f"a preset file ends in {' or '.join(SUFFIXES)}")
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise PresetError("no such file") from None
    except IsADirectoryError:
        raise PresetError("a folder, not a file") from None
    except OSError as exc:
        raise PresetError(_line(f"cannot be read ({exc.strerror or type(exc).__name__})")) from None
    return parse(raw, toml=path.suffix.lower() == ".toml", games=games)


def write(preset: Preset, path: str | Path) -> Path:
    """Write `preset` to `path` (atomically); OSError if the disk refuses."""
    path = Path(path)
    settings_mod.write_atomic(path, to_text(preset))
    return path


# ---- presets in the settings ------------------------------------------------------------------------


def find(settings: settings_mod.Settings, name: str, game: str | None = None) -> Preset:
    """The saved preset `name` (of `game`, if given); PresetError if there is none or it is ambiguous."""
    found = [Preset(g, name, dict(presets[name])) for g, presets in settings["presets"].items()
             if name in presets and (game is None or g == game)]
    if not found:
        known = sorted({n for g, presets in settings["presets"].items() if game in (None, g) for n in presets})
        raise PresetError(_line(f"no preset named {name!r} (presets: {', '.join(known) or 'none yet'})"))
    if len(found) > 1:
        raise PresetError(f"presets named {name!r} for {', '.join(p.game for p in found)}: add --game")
    return found[0]


def free_name(settings: settings_mod.Settings, game: str, name: str) -> str:
    """`name`, or "name (2)", "name (3)", … if a preset of `game` (offered or kept) has it."""
    return names.free_name(name, set(settings["presets"].get(game, {})) | settings.kept_preset_names(game))


def add(settings: settings_mod.Settings, preset: Preset) -> Preset:
    """Put `preset` among the settings' presets under a free name (not saved); the preset as added."""
    added = Preset(preset.game, free_name(settings, preset.game, preset.name), dict(preset.options))
    presets = dict(settings["presets"])
    presets[added.game] = {**presets.get(added.game, {}), added.name: dict(added.options)}
    settings["presets"] = presets
    return added


def import_file(settings: settings_mod.Settings, path: str | Path) -> Preset:
    """Read the file and add its preset (of one of the games `settings` keeps presets for) to `settings`
    (not saved); PresetError and nothing changed if the file is bad."""
    return add(settings, read(path, games=settings.games))


def export_name(preset: Preset) -> str:
    """A file name for the preset: "<game>-<name in letters, digits and dashes>.json"."""
    safe = "".join(ch if ch.isalnum() else "-" for ch in preset.name.lower())
    safe = "-".join(part for part in safe.split("-") if part) or "preset"
    return f"{preset.game}-{safe}.json"


def export_to_folder(preset: Preset, folder: str | Path | None = None) -> Path:
    """Write `preset` into `folder` (the exports folder by default) under `export_name`; a file there of
    another preset is kept ("-2", "-3", … is added). OSError if the disk refuses."""
    folder = Path(folder) if folder is not None else exports_dir()
    text = to_text(preset)
    base = folder / export_name(preset)
    path, n = base, 1
    while path.exists():
        try:
            if path.read_text(encoding="utf-8") == text:
                break  # this very preset, exported before
        except (OSError, UnicodeDecodeError):
            pass
        n += 1
        path = base.with_name(f"{base.stem}-{n}{base.suffix}")
    settings_mod.write_atomic(path, text)
    return path


def importable(folder: str | Path | None = None, game: str | None = None, *, games: PresetGames) -> list[Path]:
    """The files the lobby offers to import: *.json and *.toml in `folder` (the exports folder), by name;
    with `game`, less those that are good presets of another of `games` (a bad file stays: importing it
    says why)."""
    folder = Path(folder) if folder is not None else exports_dir()
    try:
        found = sorted(p for p in folder.iterdir() if p.suffix.lower() in SUFFIXES and p.is_file())
    except OSError:
        return []
    if game is None:
        return found[:MAX_LISTED]
    # Files are read (to tell their game) in the list's order, and only until the list is full: a folder of
    # thousands costs the first hundred or so reads, not thousands.
    return list(itertools.islice((p for p in found if _game_of(p, games) in (None, game)), MAX_LISTED))


def _game_of(path: Path, games: PresetGames) -> str | None:
    try:
        return read(path, games=games).game
    except PresetError:
        return None


# ---- the command line -------------------------------------------------------------------------------


def parser(games: PresetGames) -> argparse.ArgumentParser:
    p = OneLineParser(prog="couchcards preset", description="Share house-rule presets as small text files.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=OneLineParser)
    ex = sub.add_parser("export", help="write a saved preset to FILE (.json)")
    ex.add_argument("name", metavar="NAME", help="the preset's name, as in the lobby")
    ex.add_argument("file", metavar="FILE", help="the file to write (.json)")
    ex.add_argument("--game", choices=list(games), help="the game, if two games have a preset of that name")
    ex.add_argument("--force", action="store_true", help="write over FILE if it exists")
    im = sub.add_parser("import", help="add the preset in FILE (.json or .toml) to the saved presets")
    im.add_argument("file", metavar="FILE")
    return p


def fail(message: str) -> int:
    print(f"couchcards preset: {' '.join(message.split())}", file=sys.stderr)  # one line, the path whole
    return 2


def main(argv: list[str] | None = None, *, games: PresetGames) -> int:
    """`python -m game preset ...` for the presets of `games` (the command line passes its registry)."""
    from game.i18n import t

    args = parser(games).parse_args(argv)
    lines: list[str] = []
    settings = settings_mod.load(warn=lines.append, games=games)
    for line in lines:  # the settings' own warnings, as when the game starts
        print(f"couchcards: {line}", file=sys.stderr)
    if args.command == "export":
        try:
            preset = find(settings, args.name.strip(), args.game)
        except PresetError as exc:
            return fail(str(exc))
        target = Path(args.file)
        if target.suffix.lower() != ".json":
            return fail(f"{args.file}: a preset is written as JSON: the file name must end in .json")
        if target.exists() and not args.force:
            return fail(f"{args.file} exists: choose another name, or add --force to write over it")
        try:
            write(preset, target)
        except OSError as exc:
            return fail(f"cannot write {args.file} ({exc.strerror or exc})")
        print(t("Exported the preset {name} to {path}", name=preset.name, path=target))
        return 0
    if settings.read_only:
        return fail(f"cannot read the settings file {settings.path} ({settings.read_only}); nothing imported")
    try:
        preset = read(args.file, games=games)
    except PresetError as exc:
        return fail(f"{args.file}: {exc}; nothing imported")
    added = add(settings, preset)
    if not settings.save():
        return fail(f"could not save the settings to {settings.path}; nothing imported")
    print(t("Imported the preset {name} for {game}", name=added.name, game=games[added.game].title()))
    return 0
