"""The tables in a real X window (Xvfb, SDL x11): both tables at 3, 5 and 8 seats at 1280x720 and each table's
TV check (the 1920x1080 frame scaled to 480x270).

    SDL_VIDEODRIVER=x11 xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python tests/shoot_couch_window.py DIR
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import pygame
import shoot_couch as sc

from game.render import scale

out = Path(sys.argv[1])
pygame.init()

def shown(make, n, size):
    window = pygame.display.set_mode(size)
    frame = make(n, size)
    window.blit(frame, (0, 0))
    pygame.display.flip()
    pygame.event.pump()
    return pygame.display.get_surface().copy()

for n in (3, 5, 8):
    pygame.image.save(shown(sc.nothanks, n, (1280, 720)), str(out / f"table_nothanks_{n}_seats.jpg"))
    pygame.image.save(shown(sc.ratscrew, n, (1280, 720)), str(out / f"table_ratscrew_{n}_seats.jpg"))
for game, make in (("nothanks", sc.nothanks), ("ratscrew", sc.ratscrew)):
    big = shown(make, 5, (1920, 1080))
    pygame.image.save(big, str(out / f"tv_{game}_1920x1080.jpg"))
    pygame.image.save(pygame.transform.smoothscale(big, (480, 270)), str(out / f"tv_check_{game}.png"))
scale.set_window((1280, 720))
print(pygame.display.get_driver())
