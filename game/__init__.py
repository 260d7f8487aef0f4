"""Couch Cards: card games for one screen and many hands; the games themselves live in game/games/.

The version is set once, in pyproject.toml. `version()` (and `game.__version__`) reads it: from the build
info a frozen executable carries (build/build.py writes it from pyproject.toml), from pyproject.toml in a
source checkout (always current, even before the editable install is refreshed), else from the installed
package's metadata (importlib.metadata).
"""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path

PROJECT = "couch-cards"  # the distribution name in pyproject.toml
BUILD_INFO = "couchcards-build.json"  # at the root of a frozen build: {"version", "windowed", "platform"}
UNKNOWN_VERSION = "0+unknown"


@cache
def build_info() -> dict[str, object]:
    """What the build wrote into a frozen executable; {} when running from source or if it is unreadable."""
    root = getattr(sys, "_MEIPASS", None)
    if not root:
        return {}
    try:
        info = json.loads((Path(root) / BUILD_INFO).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return info if isinstance(info, dict) else {}


def _project_lines(text: str) -> dict[str, str]:
    """The plain `key = "value"` lines of pyproject.toml's [project] table (what `version()` reads at every
    start, without loading a TOML parser); a value written any other way is left out."""
    found: dict[str, str] = {}
    inside = False
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("["):
            inside = line == "[project]"
        elif inside and "=" in line:
            key, _, value = (part.strip() for part in line.partition("="))
            end = value.find('"', 1)
            rest = value[end + 1:].strip()
            if value.startswith('"') and end > 0 and "\\" not in value[:end] and (not rest or rest.startswith("#")):
                found[key] = value[1:end]
    return found


def _pyproject_version(path: Path) -> str | None:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, ValueError):
        return None
    project: dict[str, object] = dict(_project_lines(text))
    if "version" not in project or "name" not in project:  # written some other way: ask a TOML parser
        import tomllib

        try:
            project = tomllib.loads(text).get("project", {})
        except ValueError:
            return None
    found = project.get("version")
    if project.get("name") != PROJECT or not isinstance(found, str):
        return None
    return found


@cache
def version() -> str:
    """The game's version, e.g. "1.2.3" (UNKNOWN_VERSION if nothing says)."""
    frozen = build_info().get("version")
    if isinstance(frozen, str) and frozen:
        return frozen
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    if pyproject.is_file():
        found = _pyproject_version(pyproject)
        if found:
            return found
    from importlib import metadata

    try:
        return metadata.version(PROJECT)
    except metadata.PackageNotFoundError:
        return UNKNOWN_VERSION


def __getattr__(name: str) -> str:
    if name == "__version__":
        return version()
    raise AttributeError(f"module 'game' has no attribute {name!r}")
