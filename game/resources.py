"""Finds shipped assets next to the package, or inside a frozen (PyInstaller) build; never via the cwd."""

from __future__ import annotations

import sys
from pathlib import Path

_SOURCE_ASSETS = Path(__file__).resolve().parent.parent / "assets"  # resolved once: the title asks a dozen times


def assets_dir() -> Path:
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root) / "assets"
    return _SOURCE_ASSETS


def asset_path(*parts: str) -> Path:
    path = assets_dir().joinpath(*parts)
    if not path.exists():
        raise FileNotFoundError(f"missing asset {'/'.join(parts)} (looked in {assets_dir()})")
    return path


def font_path(bold: bool = False) -> Path:
    return asset_path("fonts", "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
