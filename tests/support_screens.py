"""Each screen built once per language, window and text size, its frame recorded once for every check.

The screen checks (test_access_screens, test_access_more_screens, test_access_floors_screens,
test_school_access, test_i18n_screens) used to build the same screen — a fresh App, the scene pushed, its
frames run — once per check: the overlaps/off-screen/cuts/English check, the 20 px floor, the Danish and
Swedish check. Here a screen is built once per case (family, name, language, window, text size) and its
frame recorded every way a check looks at it (each recording done exactly as that check did it, in the same
order on the same app); each check is still its own test, reading the recording and naming its case.

Tests of one case must run in the same process: `case_mark` gives them one xdist_group (pyproject's addopts
run `--dist loadgroup`); a test run alone simply builds its case itself. What a case leaves set for the whole
process (the language, the text size, the window) is put back after it is built, and a case whose build
failed fails every test that reads it with the same error."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest
from support_app import OUT, make_app

from game import i18n
from game.render import scale
from game.render.text import TextRecorder

Size = tuple[int, int]
Key = tuple[str, str, str, Size, int]  # family, screen, language, window, text size (per cent)


@dataclass
class Frame:
    """One built screen as the checks saw it."""

    language: str = ""  # i18n.language() once the app was made (before the screen was built)
    text_scale: float = 0.0  # scale.player_text_scale() then
    text_room: float = 0.0  # the top scene's Scene.text_room
    shot: Path | None = None  # the screenshot of the recorded frame
    # test_access_screens.problems, drawn as the app draws (inside the scene's text room)
    found: dict[str, list] = field(default_factory=dict)
    boxes: list[tuple[pygame.Rect, str]] = field(default_factory=list)  # the boxes TextBoxes kept (clipped)
    # test_access_floors_screens.recorded (after the scene's relayout): its problems, boxed texts with their
    # px, texts a TextCache was asked for, and what of those is under the floor (under_floor)
    floor_found: dict[str, list] = field(default_factory=dict)
    sized: list[tuple[pygame.Rect, str, int]] = field(default_factory=list)
    drawn: list[tuple[str, int]] = field(default_factory=list)
    under: list[tuple[str, int]] = field(default_factory=list)
    # at 100 % only: drawn outside the scene's text room, as test_i18n_screens.draw_recording does (clipped boxes,
    # and boxes as drawn before clipping)
    plain: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    plain_raw: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    error: BaseException | None = None


_FRAMES: dict[Key, Frame] = {}
_BUILDERS: dict[str, Callable[[Any, str, Path], None]] = {}
_SHOTS: dict[str, str] = {}  # family → the screenshot's name prefix


def family(name: str, shot_prefix: str) -> Callable[[Callable[[Any, str, Path], None]], Callable[[Any, str, Path], None]]:
    """Register how a family of screens is built: `build(app, screen, data_dir)` leaves the screen on top."""
    def register(build: Callable[[Any, str, Path], None]) -> Callable[[Any, str, Path], None]:
        _BUILDERS[name] = build
        _SHOTS[name] = shot_prefix
        return build
    return register


def group(fam: str, name: str, code: str, size: Size, percent: int) -> str:
    return f"screen-{fam}-{name}-{code}-{size[0]}x{size[1]}-{percent}"


def case_mark(fam: str, name: str, code: str, size: Size, percent: int) -> pytest.MarkDecorator:
    """Every test reading this case in one xdist worker (so the case is built once)."""
    return pytest.mark.xdist_group(group(fam, name, code, size, percent))


def frame(fam: str, name: str, code: str, size: Size, percent: int) -> Frame:
    """The case's recorded frame, built on first use."""
    key = (fam, name, code, tuple(size), percent)
    if key not in _FRAMES:
        _FRAMES[key] = _build(fam, name, code, tuple(size), percent)
    made = _FRAMES[key]
    if made.error is not None:
        raise made.error
    return made


def copy_shot(made: Frame, name: str) -> None:
    """The recorded frame's screenshot under another name as well (a check's own screenshot name)."""
    if made.shot is not None and made.shot.exists():
        shutil.copyfile(made.shot, OUT / name)


def _build(fam: str, name: str, code: str, size: Size, percent: int) -> Frame:
    import test_access_floors_screens as floors
    from test_access_screens import recording

    made = Frame()
    base = Path(tempfile.mkdtemp(prefix=f"couchcards-screen-{fam}-"))
    data = base / "data"
    old_data = os.environ.get("COUCHCARDS_DATA_DIR")
    os.environ["COUCHCARDS_DATA_DIR"] = str(data)
    (base / "settings.json").write_text(json.dumps({"language": code, "text_size": percent}))
    app = None
    try:
        app = make_app(base, size=size)
        made.language, made.text_scale = i18n.language(), scale.player_text_scale()
        _BUILDERS[fam](app, name, data)
        app.frames(2)
        made.text_room = app.top.text_room
        # the screenshot the checks at 1280×720 and 640×360 always saved (none at 1920×1080, as before)
        shot = f"{_SHOTS[fam]}_{code}_{name}_{size[0]}_{percent}.png" if size[0] <= 1280 else None
        made.found, made.boxes, _raw = recording(app, shot)
        made.shot = OUT / shot if shot else None
        made.floor_found, made.sized, made.drawn = floors.recorded(app)
        made.under = floors.under_floor(app, made.sized, made.drawn)
        if percent == 100:
            made.plain, made.plain_raw = _plain(app)
    except Exception as exc:  # noqa: BLE001 - every test of the case fails with it, naming the case
        made.error = exc
    finally:
        if app is not None:
            app.stack.clear()
            app.history.close()
        pygame.event.clear()
        if old_data is None:
            os.environ.pop("COUCHCARDS_DATA_DIR", None)
        else:
            os.environ["COUCHCARDS_DATA_DIR"] = old_data
        i18n.set_language("en")
        scale.install(text=1.0)
        scale.install(large_cards=False)
        scale.install(window=scale.REFERENCE)
        shutil.rmtree(base, ignore_errors=True)
    return made


def _plain(app) -> tuple[list[tuple[pygame.Rect, str]], list[tuple[pygame.Rect, str]]]:
    """As test_i18n_screens.draw_recording: drawn outside the scene's text room."""

    raw: list[tuple[pygame.Rect, str]] = []
    add = TextRecorder.add

    def recording(surface, rect, text):
        if TextRecorder.current is not None and surface is pygame.display.get_surface():
            raw.append((pygame.Rect(rect), text))
        add(surface, rect, text)

    TextRecorder.add = staticmethod(recording)
    try:
        with TextRecorder() as boxes:
            app.top.draw(app.screen, 0.0)
    finally:
        TextRecorder.add = staticmethod(add)
    return list(boxes.drawn), raw
