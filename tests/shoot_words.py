"""Pictures for docs/screens/words-2 (issue 41): the rules of both games (every page of their scroll), the
house rules (top, and scrolled down), the lobbies and the results, in Danish and Swedish at 1280×720, to be read
as a parent reads them aloud. Saved as PNGs with 3 bits a colour channel (the backdrop's grain is what makes a
PNG big; the text stays sharp), about 100 KB each.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python tests/shoot_words.py [DIR]
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent))  # this checkout's game, not an installed one

import pygame
from support_app import make_app, press
from test_scenes_screenshots import build

from game import i18n

ROOT = Path(__file__).resolve().parent.parent
SCREENS = ["rules_nothanks", "rules_ratscrew", "houserules_nothanks", "houserules_ratscrew", "lobby_nothanks",
           "lobby_ratscrew", "results_nothanks", "results_ratscrew"]


COARSE = bytes(b & 0xE0 for b in range(256))


def save(app, path: Path) -> None:
    app.frames(2)
    raw = pygame.image.tobytes(app.screen, "RGB").translate(COARSE)
    pygame.image.save(pygame.image.frombytes(raw, app.screen.get_size(), "RGB"), str(path))


def shoot(code: str, name: str, out: Path) -> list[Path]:
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "settings.json").write_text(json.dumps({"language": code}))
        app = make_app(Path(tmp), size=(1280, 720))
        build(app, name)
        app.frames(2)
        shots = [out / f"{code}_{name}.png"]
        save(app, shots[0])
        top = app.top
        if name.startswith("rules_"):  # every page of the scroll, each overlapping the last a little
            shown = 0
            while top.scroll < top.max_scroll:
                before = top.scroll
                press(app, "down")
                if top.scroll == before:
                    break
                if top.scroll - shown >= top.rect.h * 0.7 or top.scroll == top.max_scroll:
                    shown = top.scroll
                    shots.append(out / f"{code}_{name}_{len(shots) + 1}.png")
                    save(app, shots[-1])
        elif name.startswith("houserules_"):  # the last rule focused: the rows below the first screen
            top.menu.select(top.menu.items.index(top.rule_items[-1]))
            shots.append(out / f"{code}_{name}_2.png")
            save(app, shots[-1])
        i18n.set_language("en")
        return shots


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "docs" / "screens" / "words-2"
    out.mkdir(parents=True, exist_ok=True)
    for code in ("da", "sv"):
        for name in SCREENS:
            for path in shoot(code, name, out):
                print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
