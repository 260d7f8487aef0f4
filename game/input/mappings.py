"""The pad mapping database: SDL learns, before the first pad opens, how third-party pads (8BitDo, PowerA,
…) lay out their buttons, so they work as game controllers instead of bare button numbers.

Two sources, in this order (a later line for the same pad replaces an earlier one):
1. the community database shipped in assets/gamecontrollerdb/gamecontrollerdb.txt (zlib licence,
   SOURCE.md there says which upstream commit it is and how to update it);
2. the player's own `gamecontrollerdb.txt` in the data folder (game.record.data_dir), for a pad the
   bundled file doesn't know or maps wrongly. Lines in the same format; `#` starts a comment.

Only the lines for this platform are taken (`platform:Linux`, …; a line with no platform counts
everywhere), as SDL itself does. A line SDL refuses is skipped: one warning for the whole file, never a
crash. The number of mappings taken is logged at debug level (`couchcards --debug`).
"""

from __future__ import annotations

import ctypes
import logging
import re
from collections.abc import Callable
from pathlib import Path

from game.input.virtualpad import load_sdl
from game.resources import asset_path

FILENAME = "gamecontrollerdb.txt"
log = logging.getLogger("couchcards.pads")
_GUID = re.compile(r"([0-9a-fA-F]{32}|xinput)\Z")  # SDL's "xinput" stands for every XInput pad


def bundled_path() -> Path:
    return asset_path("gamecontrollerdb", FILENAME)


_loaded: tuple[int, int] | None = None


def load_once(player_file: Path | None, warn: Callable[[str], None]) -> tuple[int, int]:
    """`load_mappings` the first time a run asks (SDL keeps what it learnt until the program ends)."""
    global _loaded
    if _loaded is None:
        _loaded = load_mappings(player_file, warn)
    return _loaded


def load_mappings(player_file: Path | None, warn: Callable[[str], None]) -> tuple[int, int]:
    """Give SDL the bundled database, then the player's file (if there is one). Returns how many mappings
    (bundled, player's) SDL took for this platform; (0, 0) where SDL's library can't be reached."""
    sdl = load_sdl()
    if sdl is None:
        return 0, 0
    try:
        data = bundled_path().read_bytes()
    except OSError as exc:
        warn(f"controllers: the bundled mapping database can't be read ({exc}); controllers SDL knows "
             "by itself still work")
        data = b""
    bundled, refused = add_lines(data.decode("utf-8", "replace"), others_unread=True)
    log.debug("controllers: %d mappings from the bundled %s for %s", bundled, FILENAME, platform())
    if refused:
        log.debug("controllers: SDL refused %d lines of the bundled %s", len(refused), FILENAME)
    if player_file is None or not player_file.exists():
        return bundled, 0
    try:
        text = player_file.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        warn(f"controllers: {player_file} can't be read ({exc}); using the bundled mappings only")
        return bundled, 0
    own, bad = add_lines(text)
    log.debug("controllers: %d mappings from %s", own, player_file)
    if bad:
        warn(f"controllers: {player_file}: {len(bad)} line(s) are not controller mappings and were skipped "
             f"(first: line {bad[0]})")
    return bundled, own


def add_lines(text: str, others_unread: bool = False) -> tuple[int, list[int]]:
    """Add each mapping line of `text` for this platform (a later line for a pad replaces an earlier one);
    (how many SDL took, numbers of the lines that are no mapping or that SDL refused). `others_unread`:
    a line that names another platform is passed over unchecked (the bundled file: two thirds of its
    lines, ~10 ms of every start)."""
    sdl = load_sdl()
    if sdl is None:
        return 0, []
    here = platform()
    mine = f"platform:{here},"
    taken, bad = 0, []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if others_unread and "platform:" in line and mine not in line + ",":
            continue
        fields = [f for f in line.split(",") if f]
        if len(fields) < 3 or not _GUID.match(fields[0]) or not all(":" in f for f in fields[2:]):
            bad.append(number)
            continue
        where = next((f.split(":", 1)[1] for f in fields[2:] if f.startswith("platform:")), here)
        if where != here:
            continue
        if sdl.SDL_GameControllerAddMapping(line.encode("utf-8")) < 0:
            bad.append(number)
        else:
            taken += 1
    return taken, bad


def mapping_for(guid: str) -> str | None:
    """The mapping SDL now holds for a pad GUID (32 hex digits), or None."""
    sdl = load_sdl()
    if sdl is None:
        return None
    found = sdl.SDL_GameControllerMappingForGUID(sdl.SDL_JoystickGetGUIDFromString(guid.encode()))
    if not found:
        return None
    text = ctypes.string_at(found).decode("utf-8", "replace")
    sdl.SDL_free(found)
    return text


def platform() -> str:
    sdl = load_sdl()
    return sdl.SDL_GetPlatform().decode() if sdl is not None else ""

