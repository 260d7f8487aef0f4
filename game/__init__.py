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


def _pyproject_version(path: Path) -> str | None:
    import tomllib

    try:
        project = tomllib.loads(path.read_text(encoding="utf-8")).get("project", {})
    except (OSError, ValueError):
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
