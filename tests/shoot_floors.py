"""Pictures for docs/screens/couch20/pass2 (issue 20): the results of both games and the replay viewer at
1280×720, and each as a 1920×1080 frame scaled to 480×270 (the TV check). Run from the tree's root:

    SDL_VIDEODRIVER=dummy .venv/bin/python tests/shoot_floors.py DIR
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).parent))

import pygame
import test_scenes_screenshots as shots
from test_access_more_screens import SCREENS
from test_access_screens import app_with

NAMES = ["results_nothanks", "results_ratscrew", "replay_ratscrew", "replay_nothanks", "replay_photo"]


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name in NAMES:
        for size in [(1280, 720), (1920, 1080)]:
            tmp = Path(tempfile.mkdtemp())
            os.environ["COUCHCARDS_DATA_DIR"] = str(tmp / "data")
            app = app_with(tmp, size, "en", 100)
            SCREENS[name](app, tmp / "data") if name in SCREENS else shots.build(app, name)
            app.frames(2 if name.startswith("replay") else 180)  # the results: after the confetti
            for scene in app.stack.drawn():
                scene.draw(app.screen, 0.0)
            if size == (1280, 720):
                pygame.image.save(app.screen, str(out / f"{name}.png"))
            else:
                pygame.image.save(pygame.transform.smoothscale(app.screen, (480, 270)), str(out / f"tv_check_{name}.png"))
            app.stack.clear()
            app.history.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
