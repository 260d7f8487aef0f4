"""What the build makes on each system (read by build/couchcards.spec, build.py, smoke.py and package.py).

- Windows: one windowed file, couchcards.exe: a double-click opens no console window behind the game.
- macOS: a windowed app, "Couch Cards.app", zipped for download. It is one folder inside the app, not a
  one-file executable: PyInstaller deprecates one-file .app bundles (an error from PyInstaller 7), and a
  one-file app unpacks itself to a temporary folder at every start.
- Linux (and anything else): one console file, couchcards: it is started from a terminal or a launcher,
  and --help, --headless and the one-line errors print there.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePosixPath

EXE_NAME = "couchcards"
APP_BUNDLE = "Couch Cards.app"


@dataclass(frozen=True)
class Target:
    system: str  # "windows", "macos", "linux"
    console: bool  # False: a windowed build, no console window
    onefile: bool  # one self-unpacking file (else one folder)
    app_bundle: str | None  # the macOS .app made around the folder
    icon: str | None  # which icon file the executable carries: "ico", "icns" or none
    version_resource: bool  # a Windows version resource (Properties > Details)
    product: str  # what the build leaves in build/out/ for players
    executable: str  # the program to run, relative to build/out/
    release_asset: str  # the file name players download from a release


def target(platform: str) -> Target:
    """The build for `platform` (a sys.platform value)."""
    if platform == "win32":
        return Target("windows", console=False, onefile=True, app_bundle=None, icon="ico", version_resource=True,
                      product=f"{EXE_NAME}.exe", executable=f"{EXE_NAME}.exe", release_asset=f"{EXE_NAME}.exe")
    if platform == "darwin":
        return Target("macos", console=False, onefile=False, app_bundle=APP_BUNDLE, icon="icns",
                      version_resource=False, product=APP_BUNDLE,
                      executable=str(PurePosixPath(APP_BUNDLE, "Contents", "MacOS", EXE_NAME)),
                      release_asset="Couch-Cards-macOS.zip")
    return Target("linux", console=True, onefile=True, app_bundle=None, icon=None, version_resource=False,
                  product=EXE_NAME, executable=EXE_NAME, release_asset=f"{EXE_NAME}-linux-x86_64")
