"""A kid's path through the slap school in a real X window, with SDL's virtual pad in the process: a remembered
player (Mia) picks herself on the setup with the pad, watches the example, answers the untimed first step (one
wrong on purpose), plays a 10-card timed drill (slapping ~0.55-0.9 s after a pattern shows, missing some), sees
her stars, the ladder with them and the parent's summary. Screenshots at 1920x1080 and the TV check 480x270.

    Xvfb :99 -screen 0 1920x1080x24 &
    DISPLAY=:99 SDL_VIDEODRIVER=x11 SDL_AUDIODRIVER=dummy SHOTS=/tmp/shots .venv/bin/python docs/screens/school/play_kid_path.py
"""
import os
import pathlib
import shutil
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "x11")
DATA = os.environ.get("KID_DATA", "/tmp/couchcards-kid-path")  # a fresh data folder each run
shutil.rmtree(DATA, ignore_errors=True)
os.environ["COUCHCARDS_DATA_DIR"] = DATA
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))

import pygame

from game import settings as settings_mod
from game.app import App
from game.games import GAMES
from game.input.virtualpad import VirtualPad

OUT = os.environ.get("SHOTS", "shots")
os.makedirs(OUT, exist_ok=True)
pygame.init()
settings = settings_mod.load(pathlib.Path(DATA) / "settings.json", warn=lambda m: None, games=GAMES)
app = App(settings, size=(1920, 1080), rng_seed=21)
assert pygame.display.get_driver() == "x11", pygame.display.get_driver()
pad = VirtualPad("Virtual pad", 0x045E, 0x028E)
pad.plug()
mia = app.history.create("Mia")
app.nav.push("title")
app.frames(30)

def tap(button, frames=8):
    pad.press(button); app.frames(3); pad.release(button); app.frames(frames)

def shot(name):
    app.frames(2)
    pygame.image.save(app.screen, f"{OUT}/{name}_1920x1080.png")
    small = pygame.transform.smoothscale(app.screen, (480, 270))
    pygame.image.save(small, f"{OUT}/{name}_tv_480x270.png")
    print("shot", name, type(app.top).__name__, flush=True)

def top():
    return type(app.top).__name__

tap("a")  # Play (this pad is Player 1)
assert top() == "ChooseGameScene", top()
entries = [(e.game, e.mode) for e in app.top.entries]
for _ in range(entries.index(("ratscrew", "school"))):
    tap("dpright")
tap("a")
assert top() == "SetupScene", top()
setup = app.top
def focus(label, button):
    for _ in range(14):
        if app.top.menu.current.label == label:
            return
        tap(button)
    raise SystemExit(f"no {label}")
focus("Cards", "dpup")
tap("dpleft"); tap("dpleft")  # 30 -> 10
# the player row: pick Mia with ->
names = [i.label for i in setup.player_items]
focus(names[0], "dpdown")
tap("dpright")
assert setup.profiles[0] == mia.id, setup.profiles
focus("Start", "dpdown")
shot("school_setup_mia")
tap("a")
drill = app.top
assert top() == "DrillScene" and drill.phase == "example"
# the example: the pattern framed with "Slap to start!", then the near miss with "Don't slap!" alone
t0 = time.time()
while time.time() - t0 < 12:
    app.frames(1)
    from game.games.ratscrew.school.drill import example_words
    from game.games.ratscrew.school.drills import EXAMPLES
    p, n = EXAMPLES[drill.drill.newest]
    ms = (drill.game_time() - drill.example_at) // 1_000_000
    banner, prompt = example_words(ms, len(p), len(n))
    if banner == "slap" and not os.path.exists(f"{OUT}/school_example_slap_1920x1080.png"):
        app.frames(20); shot("school_example_slap")
    if banner == "dont" and not os.path.exists(f"{OUT}/school_example_dont_1920x1080.png"):
        app.frames(20); shot("school_example_dont"); break
tap("b")  # the slap button: on to the first step
assert drill.phase == "quiz", drill.phase
shot("school_quiz_ask")
quiz = drill.quiz
first = True
while not quiz.done:
    q = quiz.current
    wrong = quiz.index == 2  # the kid gets one wrong
    yes = q.slap != wrong
    if yes:
        tap("b")
    else:
        tap("dpright"); tap("a")
    if first or wrong:
        shot(f"school_quiz_told_{quiz.index + 1}")
        first = False
    app.frames(40)
    tap("a")
shot("school_quiz_done")
tap("a")  # Go to the drill
assert drill.phase in ("ready", "play"), drill.phase
# the timed drill: the kid slaps a pattern ~650 ms after it shows, misses one now and then
import random

rng = random.Random(7)
plan = None
seen = set()
took = 0
while top() == "DrillScene":
    app.frames(1)
    s = drill.session
    c = s.current
    if drill.phase == "play" and c is not None and c.shown_ns is not None and c.index not in seen:
        seen.add(c.index)
        if c.rule is not None and rng.random() < 0.85:
            plan = (c.index, time.time() + rng.uniform(0.55, 0.9))
        elif c.near is not None and rng.random() < 0.15:
            plan = (c.index, time.time() + 0.7)
    if plan and time.time() >= plan[1]:
        pad.press("b"); app.frames(2); pad.release("b")
        plan = None
        app.frames(12)
        if took < 2:
            shot(f"school_drill_slap_{took + 1}")
            took += 1
shot("school_stars")
stars = app.top
focus("Back to setup", "dpright")
tap("a")
assert top() == "SetupScene", top()
app.frames(10)
shot("school_setup_after")
focus("Progress…", "dpdown")
tap("a")
assert top() == "SummaryScene", top()
shot("school_summary")
tap("b")
print("done", top())
pad.unplug()
app.history.close()
