"""One version everywhere: read from pyproject.toml at build time and written into what the build
carries: the build info the game reads when frozen (game.build_info / game.version), the Windows
version resource (a PyInstaller version file) and the macOS Info.plist entries."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
BUILD_INFO = "couchcards-build.json"  # = game.BUILD_INFO (not imported: the spec reads this before Analysis)
APP_NAME = "Couch Cards"
BUNDLE_ID = "io.github.couchcards.couch-cards"
DESCRIPTION = "Couch Cards: No Thanks! and Egyptian Ratscrew for one screen"
COPYRIGHT = "MIT licence; DejaVu fonts under their own licence"


def project_version(pyproject: Path = PYPROJECT) -> str:
    version = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"]
    if not isinstance(version, str) or not re.match(r"^\d+(\.\d+)*", version):
        raise ValueError(f"pyproject.toml's version must start with numbers, like 1.2.3, not {version!r}")
    return version


def numeric(version: str) -> tuple[int, int, int, int]:
    """The four numbers Windows keeps: "1.2.3" -> (1, 2, 3, 0); "1.2rc1" -> (1, 2, 0, 0)."""
    head = re.match(r"^\d+(\.\d+)*", version)
    parts = [int(p) for p in head.group(0).split(".")][:4] if head else []
    parts += [0] * (4 - len(parts))
    if any(p > 0xFFFF for p in parts):
        raise ValueError(f"each part of a Windows version is at most 65535: {version!r}")
    return parts[0], parts[1], parts[2], parts[3]


def windows_version_file(version: str) -> str:
    """PyInstaller's text form of a Windows VS_VERSIONINFO resource (EXE(version=<file>)): what Explorer
    shows under Properties > Details."""
    nums = numeric(version)
    strings = {
        "CompanyName": "Couch Cards",
        "FileDescription": APP_NAME,
        "FileVersion": version,
        "InternalName": "couchcards",
        "LegalCopyright": COPYRIGHT,
        "OriginalFilename": "couchcards.exe",
        "ProductName": APP_NAME,
        "ProductVersion": version,
        "Comments": DESCRIPTION,
    }
    structs = ",\n          ".join(f"StringStruct({k!r}, {v!r})" for k, v in strings.items())
    return f"""# Made by build/versioning.py from pyproject.toml; do not edit.
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={nums!r},
    prodvers={nums!r},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '040904B0',
        [
          {structs}
        ])
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def info_plist(version: str) -> dict[str, object]:
    """Info.plist entries of the macOS app (BUNDLE(info_plist=...))."""
    return {
        "CFBundleName": APP_NAME,
        "CFBundleDisplayName": APP_NAME,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "CFBundleIdentifier": BUNDLE_ID,
        "LSApplicationCategoryType": "public.app-category.card-games",
        "NSHighResolutionCapable": True,
        "NSHumanReadableCopyright": COPYRIGHT,
    }


def build_info(version: str, platform: str, windowed: bool) -> dict[str, object]:
    return {"version": version, "platform": platform, "windowed": windowed}


def write_generated(folder: Path, platform: str, windowed: bool) -> dict[str, Path]:
    """Write the build info and the Windows version file into `folder`; their paths ("build_info",
    "windows_version")."""
    folder.mkdir(parents=True, exist_ok=True)
    version = project_version()
    paths = {"build_info": folder / BUILD_INFO, "windows_version": folder / "windows_version.txt"}
    paths["build_info"].write_text(json.dumps(build_info(version, platform, windowed)) + "\n", encoding="utf-8")
    paths["windows_version"].write_text(windows_version_file(version), encoding="utf-8")
    return paths
