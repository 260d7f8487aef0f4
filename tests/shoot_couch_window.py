"""Both tables in a real X window (Xvfb, SDL x11): 3, 5 and 8 seats (a human, Ada, and bots, mid-game) at
1280x720 and at 1920x1080, and each 1920x1080 frame's TV check (scaled to 480x270: a 40-inch TV seen from
3 m); the five-seat frames also as tv_<game>_1920x1080.jpg and tv_check_<game>.png.

    SDL_VIDEODRIVER=x11 xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python tests/shoot_couch_window.py DIR
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import pygame
import shoot_couch as sc

from game.render import scale

out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
pygame.init()


def shown(make, n, size):
    window = pygame.display.set_mode(size)
    frame = make(n, size)
    window.blit(frame, (0, 0))
    pygame.display.flip()
    pygame.event.pump()
    return pygame.display.get_surface().copy()


for game, make in (("nothanks", sc.nothanks), ("ratscrew", sc.ratscrew)):
    for n in (3, 5, 8):
        pygame.image.save(shown(make, n, (1280, 720)), str(out / f"table_{game}_{n}_seats.jpg"))
        big = shown(make, n, (1920, 1080))
        tv = pygame.transform.smoothscale(big, (480, 270))
        pygame.image.save(big, str(out / f"table_{game}_{n}_seats_1920x1080.jpg"))
        pygame.image.save(tv, str(out / f"tv_check_{game}_{n}_seats.png"))
        if n == 5:
            pygame.image.save(big, str(out / f"tv_{game}_1920x1080.jpg"))
            pygame.image.save(tv, str(out / f"tv_check_{game}.png"))
scale.install(window=(1280, 720))
print(pygame.display.get_driver())
