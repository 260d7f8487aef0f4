"""Pictures for docs/screens/ten-foot-2 (issue 37): both tables at 3, 5 and 8 seats mid-game at 1280×720, the
Ratscrew table at the moment of a won slap (5 and 8 seats), the results, the replay viewer, and the 480×270 TV
checks of 1920×1080 frames. Run once against main (before) and once against the branch (after):

    PYTHONPATH=<checkout> SDL_VIDEODRIVER=dummy .venv/bin/python tests/shoot_ten_foot_2.py DIR

    PYTHONPATH=. .venv/bin/python tests/shoot_ten_foot_2.py --vision IN.png OUT_STEM

makes the colour-vision pass of one picture: deuteranopia and protanopia as Machado, Oliveira and Fernandes
(2009) simulate them at full severity, on the picture halved (640×360)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import pygame
from shoot_couch import nothanks, ratscrew, results
from support_table import all_overlays

from game.render import scale


def slap_moment(n: int, size: tuple[int, int]) -> pygame.Surface:
    """Every overlay at once (a slap won on a tie, a wrong slap, a late one), 200 ms after the slap."""
    scale.install(window=size)
    app, table = all_overlays(size, n)
    app.run_ms(200)
    surface = pygame.Surface(size)
    table.draw(surface, 0.0)
    return surface


def replay(size: tuple[int, int]) -> pygame.Surface:
    from support_app import make_app
    from test_replayview_viewer import viewer

    scale.install(window=size)
    app = make_app(Path(tempfile.mkdtemp()), size)
    scene = viewer(app)
    for _ in range(90):
        app.frames(1)
    surface = pygame.Surface(size)
    scene.draw(surface, 0.0)
    return surface


# Machado et al. 2009, severity 1.0 (applied to the sRGB values: a screenshot's approximation)
VISION = {
    "deuteranopia": ((0.367, 0.861, -0.228), (0.280, 0.673, 0.047), (-0.012, 0.043, 0.969)),
    "protanopia": ((0.152, 1.053, -0.205), (0.115, 0.786, 0.099), (-0.004, -0.048, 1.052)),
}


def simulate(surface: pygame.Surface, matrix) -> pygame.Surface:
    small = pygame.transform.smoothscale(surface, (surface.get_width() // 2, surface.get_height() // 2))
    out = small.copy()
    seen: dict[tuple[int, int, int], tuple[int, int, int]] = {}
    for y in range(small.get_height()):
        for x in range(small.get_width()):
            c = tuple(small.get_at((x, y)))[:3]
            if c not in seen:
                seen[c] = tuple(max(0, min(255, round(sum(m * v for m, v in zip(row, c, strict=True)))))
                                for row in matrix)  # type: ignore[assignment]
            out.set_at((x, y), seen[c])
    return out


def tv(surface: pygame.Surface) -> pygame.Surface:
    return pygame.transform.smoothscale(surface, (480, 270))


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    pygame.init()

    def save(surface: pygame.Surface, name: str) -> None:
        pygame.image.save(surface, str(out / name))

    for n in (3, 5, 8):
        save(ratscrew(n, (1280, 720)), f"ratscrew_{n}_seats.png")
        save(nothanks(n, (1280, 720)), f"nothanks_{n}_seats.png")
    for n in (5, 8):
        save(slap_moment(n, (1280, 720)), f"ratscrew_{n}_seats_slap.png")
        save(tv(slap_moment(n, (1920, 1080))), f"tv_ratscrew_{n}_seats_slap.png")
        save(tv(ratscrew(n, (1920, 1080))), f"tv_ratscrew_{n}_seats.png")
    save(tv(nothanks(5, (1920, 1080))), "tv_nothanks_5_seats.png")
    save(results("ratscrew"), "results_ratscrew.png")
    save(replay((1280, 720)), "replay_ratscrew.png")
    save(tv(replay((1920, 1080))), "tv_replay_ratscrew.png")
    scale.install(window=(1280, 720))


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--vision":
        picture = pygame.image.load(sys.argv[2])
        for name, matrix in VISION.items():
            pygame.image.save(simulate(picture, matrix), f"{sys.argv[3]}_{name}.jpg")
    else:
        main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/ten_foot_2"))
