"""Helpers for driving the real app headless: a fake clock, posted key events, finished matches,
screenshots in a temporary folder. The `app` fixture (tests/conftest.py) is built with `make_app`."""

from __future__ import annotations

import os
import struct
import tempfile
import zlib
from pathlib import Path

import pygame

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game import settings as settings_mod
from game.app import App, SilentAudio
from game.games import GAMES
from game.i18n import t
from game.loop import NS, FakeClock

# Screenshots go to a temporary folder (look at them there): COUCHCARDS_TEST_SHOTS overrides it.
OUT = Path(os.environ.get("COUCHCARDS_TEST_SHOTS") or Path(tempfile.gettempdir()) / "couchcards-shots")
# COUCHCARDS_SHOTS=0: the screenshots only made to be looked at are not written (save_png skips them; ~7 % of
# the whole suite's CPU time); a test that reads its file back passes keep=True and still gets it.
SHOTS = os.environ.get("COUCHCARDS_SHOTS", "1") != "0"
SIZE = (1280, 720)

KEYS = {
    "up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT, "right": pygame.K_RIGHT,
    "enter": pygame.K_RETURN, "back": pygame.K_BACKSPACE, "esc": pygame.K_ESCAPE,
    "q": pygame.K_q, "lshift": pygame.K_LSHIFT, "p": pygame.K_p, "rshift": pygame.K_RSHIFT,
}


def make_app(tmp_path: Path, size: tuple[int, int] = SIZE, fine_polls: bool = False) -> App:
    """A real App (real InputRouter) on a fake clock whose sleep advances it: frames run without waiting.

    Between frames the real loop polls input every 0.45 ms (~37 times a frame) so a press is stamped within
    a millisecond. On the fake clock nothing arrives between two frames (a test posts its presses before
    them, and the first poll reads them all), so the app polls four times a frame unless `fine_polls`;
    tests/test_app_loop.py and test_support_app check the real cadence."""
    pygame.display.init()
    pygame.font.init()
    pygame.event.clear()
    settings = settings_mod.load(tmp_path / "settings.json", warn=lambda m: None, games=GAMES)
    clock = FakeClock()
    app = App(settings, size=size, clock=clock, sleep=clock.sleep, audio=SilentAudio(), rng_seed=1234)
    if not fine_polls:
        app.loop.poll_interval_ns = max(app.loop.poll_interval_ns, app.loop.frame_ns // 4)
    return app


def press(app: App, *names: str, frames: int = 2) -> None:
    """Post a key press and release for each name (KEYS) and run frames after each (a press is read
    while waiting for the next frame and handled in that frame: two frames see it through)."""
    for name in names:
        key = KEYS[name]
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
        app.frames(frames)


def record_commands(app, monkeypatch) -> list:
    """Every Command the real router hands the app from now on."""
    seen: list = []
    drain = app.input.drain

    def recording():
        out = drain()
        seen.extend(out)
        return out

    monkeypatch.setattr(app.input, "drain", recording)
    return seen


def top_name(app: App) -> str:
    return type(app.top).__name__


def focus(app: App, label: str, limit: int = 60) -> None:
    """Bring the focus of the top scene's menu to `label`: a menu that moves in space (the lobby's) by the
    fewest arrow presses that get there (never ← → on a value: they would change it), else by ↓."""
    menu = app.top.menu
    if hasattr(menu, "route"):
        goal = next((i for i, item in enumerate(menu.items) if item.label == label and item.selectable()), None)
        assert goal is not None, f"no menu row {label!r}; rows: {[i.label for i in menu.items]}"
        focus_index(app, goal)
        return
    for _ in range(limit):
        if app.top.menu.current.label == label:
            return
        press(app, "down")
    raise AssertionError(f"no menu row {label!r}; rows: {[i.label for i in app.top.menu.items]}")


def focus_index(app: App, goal: int) -> None:
    """Press the arrows that bring a menu that moves in space to its item `goal`."""
    path = app.top.menu.route(goal)
    assert path is not None, f"no way to {app.top.menu.items[goal].label!r}"
    press(app, *path)
    assert app.top.menu.index == goal, (app.top.menu.index, goal)


def set_seat(app: App, row: int, value: str, key: str = "right", limit: int = 12) -> None:
    """In the lobby, make seat `row` what `value` says ("Human · Q / L-Shift", "Bot · kid", "Empty", as
    `seat_value` puts it) with the arrows on its cells: what plays it, then a bot's level."""
    lobby = app.top
    kind = "empty" if value == t("Empty") else "human" if value.startswith(t("Human")) else "bot"
    focus_index(app, lobby.menu.items.index(lobby.card_cells[row][1]))
    for _ in range(limit):
        if lobby.seating.seats[row][0] == kind:
            break
        press(app, key)
    if kind == "bot":
        level = next(c for c in lobby.card_cells[row] if c.label == t("Level"))
        focus_index(app, lobby.menu.items.index(level))
        for _ in range(limit):
            if lobby.seating.seat_value(row) == value:
                break
            press(app, key)
    assert lobby.seating.seat_value(row) == value, f"seat {row + 1} shows {lobby.seating.seat_value(row)!r}, not {value!r}"


def house_rules(app: App) -> None:
    """From the lobby to its house rules' screen (House rules…, Enter)."""
    focus(app, t("House rules…"))
    press(app, "enter")
    assert top_name(app) == "HouseRulesScene"


def set_value(app: App, label: str, value: str, key: str = "right", limit: int = 20) -> None:
    """Focus the row `label` and press ← or → until it shows `value`."""
    focus(app, label)
    for _ in range(limit):
        item = app.top.menu.current
        if item.value() == value:
            return
        press(app, key)
    raise AssertionError(f"{label!r} never showed {value!r} (now {app.top.menu.current.value()!r})")


def fast_forward(app: App, n: int, drawn: int = 2) -> None:
    """Run `n` frames as app.frames does (the same updates on the same fake clock), drawing only the last
    `drawn` of them: a screen reached by seconds of play (a replay at 9 s, a table after 4 s of bots) is the
    same picture, pixel for pixel, without drawing the hundreds of frames before it (most of the cost)."""
    draw = app.loop.draw
    app.loop.draw = lambda alpha: None
    try:
        app.frames(max(0, n - drawn))
    finally:
        app.loop.draw = draw
    app.frames(min(n, drawn))


def run_until(app: App, done, max_seconds: float = 600, each=None, step_frames: int = 3) -> None:
    """Run frames until `done()`; `each()` is called between batches (e.g. to press a seat's key)."""
    clock = app.loop.clock
    end = clock() + int(max_seconds * NS)
    while not done():
        if clock() > end:
            raise AssertionError(f"timed out in {top_name(app)} after {max_seconds} s of game time")
        if each is not None:
            each()
        app.frames(step_frames)


def distinct_colours(surface: pygame.Surface, grid: int = 48) -> int:
    w, h = surface.get_size()
    return len({tuple(surface.get_at((x * w // grid, y * h // grid)))[:3] for x in range(grid) for y in range(grid)})


def save_png(surface: pygame.Surface, path: Path | str, keep: bool = False) -> None:
    """`surface` as an RGB PNG at `path`, like pygame.image.save but about five times quicker (zlib level 1,
    no filter: a screenshot to look at, a little larger): the screen tests save hundreds of them. Not written
    when COUCHCARDS_SHOTS=0 (see SHOTS) unless `keep` (the caller reads the file back)."""
    if not (SHOTS or keep):
        return
    w, h = surface.get_size()
    raw = pygame.image.tobytes(surface, "RGB")
    stride = w * 3
    rows = b"".join(b"\0" + raw[i:i + stride] for i in range(0, len(raw), stride))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                           + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b""))


def save_shot(app: App, name: str) -> Path:
    OUT.mkdir(parents=True, exist_ok=True)
    app.frames(2)
    path = OUT / f"scene_{name}.png"
    save_png(app.screen, path, keep=True)  # read back by its callers
    return path


def finished(game: str, players: int = 3, seed: int = 4):
    """A TableConfig and a match of bots played to the end off-screen (for results screens)."""
    from game import games
    from game.core.contract import TableConfig
    from game.match import SeatSpec

    levels = {"nothanks": ["greedy", "easy", "random"], "ratscrew": ["pro", "casual", "kid"]}[game]
    seats = [SeatSpec("bot", levels[i % 3], f"Bot {i + 1}") for i in range(players)]
    definition = games.get(game)
    rules = definition.rules_from_values({}, players)
    config = TableConfig(game, rules, seats, seed)
    options = {"threaded": False} if game == "nothanks" else {}
    match = definition.make_match(config, 0, **options)
    t_ns = 0
    while not match.is_over:
        t_ns += 10**7
        match.advance(t_ns)
    return config, match
