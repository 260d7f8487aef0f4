"""The house rules as a newcomer meets them in a real X window (issue 37): the keyboard (real key presses
through xdotool) opens Egyptian Ratscrew's lobby, an Xbox pad (SDL's virtual pad) joins, walks to House rules
with its d-pad and turns every page, changing a rule on the way; then No Thanks' at 150 % text in Danish.
Frames at 1920x1080 (JPEG) and their TV check (480x270 PNG: a 40-inch TV seen from 3 m) go to DIR.

    Xvfb :63 -screen 0 1920x1080x24 &
    DISPLAY=:63 SDL_VIDEODRIVER=x11 SDL_AUDIODRIVER=dummy .venv/bin/python tests/shoot_house_rules_window.py DIR
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's game, whatever is installed
import pygame

from game import screens
from game import settings as settings_mod
from game.app import App, SilentAudio
from game.games import GAMES
from game.i18n import t
from game.input.virtualpad import VirtualPad
from game.loop import FakeClock

out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
os.environ.setdefault("COUCHCARDS_DATA_DIR", tempfile.mkdtemp())
pygame.init()


def start(language: str = "en", percent: int = 100) -> App:
    path = Path(tempfile.mkdtemp()) / "settings.json"
    path.write_text(json.dumps({"language": language, "text_size": percent}))
    settings = settings_mod.load(path, warn=print, games=GAMES)
    clock = FakeClock()
    made = App(settings, size=(1920, 1080), clock=clock, sleep=clock.sleep, audio=SilentAudio(), rng_seed=63)
    made.loop.poll_interval_ns = max(made.loop.poll_interval_ns, made.loop.frame_ns // 4)
    made.nav.push(screens.Title())
    made.frames(3)
    return made


def tap(app: App, pad: VirtualPad, button: str) -> None:
    pad.press(button)
    app.frames(2)
    pad.release(button)
    app.frames(2)


def key(app: App, name: str) -> None:
    """A real key press in the window (the X server delivers it to SDL like a player's)."""
    subprocess.run(["xdotool", "key", "--delay", "30", name], check=True)
    time.sleep(0.08)
    app.frames(3)


def shot(app: App, name: str) -> None:
    app.frames(2)
    frame = pygame.display.get_surface().copy()
    pygame.image.save(frame, str(out / f"{name}.jpg"))
    pygame.image.save(pygame.transform.smoothscale(frame, (480, 270)), str(out / f"tv_{name}.png"))
    print("saved", name, type(app.top).__name__)


def to_house_rules(app: App, pad: VirtualPad) -> None:
    for move in ["dpleft"] * 6 + ["dpup"] * 3:
        if app.top.menu.current is not None and app.top.menu.current.label == t("House rules…"):
            break
        tap(app, pad, move)
    tap(app, pad, "a")
    assert type(app.top).__name__ == "HouseRulesScene", type(app.top).__name__


app = start()
key(app, "Return")  # Play
key(app, "Right")  # Egyptian Ratscrew
key(app, "Return")
xbox = VirtualPad("Xbox Wireless Controller", 0x045E, 0x0B12)
xbox.plug()
app.frames(4)
tap(app, xbox, "a")  # the pad joins a seat
to_house_rules(app, xbox)
rules = app.top
shot(app, "house-rules-ratscrew")
for _ in range(len(rules.pages[0]) + 2):  # past the first page's last row: the next page
    tap(app, xbox, "dpdown")
tap(app, xbox, "dpright")  # change the rule the pad is on
shot(app, "house-rules-ratscrew-page-2")
goal = next(i for i, item in enumerate(rules.rule_items) if item.label == "Game length")
while rules.menu.index != 2 + goal:
    tap(app, xbox, "dpdown")
key(app, "Right")  # the keyboard changes it too
shot(app, "house-rules-ratscrew-game-length")
xbox.unplug()
app.stack.clear()

app = start("da", 150)
key(app, "Return")
key(app, "Return")  # No Thanks
pad = VirtualPad("Xbox Wireless Controller", 0x045E, 0x0B12)
pad.plug()
app.frames(4)
tap(app, pad, "a")
to_house_rules(app, pad)
for _ in range(3):
    tap(app, pad, "dpdown")
shot(app, "house-rules-nothanks-da-150")
pad.unplug()
app.stack.clear()
