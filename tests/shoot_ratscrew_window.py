"""The Ratscrew table with its seats as mats (on by default) in a real X window (Xvfb, SDL x11):
3, 5 and 8 seats at 1280x720 and 1920x1080, and each 1920x1080 frame's TV check (scaled to 480x270).

    COUCHCARDS_RATSCREW_MATS=1 SDL_VIDEODRIVER=x11 DISPLAY=:57 .venv/bin/python tests/shoot_ratscrew_window.py DIR
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


def shown(n, size):
    window = pygame.display.set_mode(size)
    frame = sc.ratscrew(n, size)
    window.blit(frame, (0, 0))
    pygame.display.flip()
    pygame.event.pump()
    return pygame.display.get_surface().copy()


for n in (3, 5, 8):
    pygame.image.save(shown(n, (1280, 720)), str(out / f"table_ratscrew_mats_{n}_seats.jpg"))
    big = shown(n, (1920, 1080))
    pygame.image.save(big, str(out / f"tv_ratscrew_mats_{n}_seats_1920x1080.jpg"))
    pygame.image.save(pygame.transform.smoothscale(big, (480, 270)), str(out / f"tv_check_ratscrew_mats_{n}_seats.png"))
scale.set_window((1280, 720))
print(pygame.display.get_driver())
