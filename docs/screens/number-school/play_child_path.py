"""A child's path through the number school in a real X window, with SDL's virtual pad in the process: Mia (a
remembered player) comes from the title's Play → the number school, picks herself on the setup with the pad,
and climbs the whole ladder: each step's first question asked and answered (the first answer of each round
wrong on purpose, so the seed's sum is shown as after a mistake), the round's stars, "Next step"; after the
last step (all right: mastered) "Play it" opens a No Thanks table with her deck, then her parent's summary. Screenshots of each
step: the window (scaled to 960x540, colours coarsened: small PNGs) and the TV check at 480x270.

    Xvfb :39 -screen 0 1920x1080x24 &
    DISPLAY=:39 SDL_VIDEODRIVER=x11 SDL_AUDIODRIVER=dummy LANG_CODE=da SHOTS=docs/screens/number-school \\
        .venv/bin/python docs/screens/number-school/play_child_path.py
"""
import json
import os
import pathlib
import shutil
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "x11")
DATA = os.environ.get("CHILD_DATA", "/tmp/couchcards-number-school")  # a fresh data folder each run
shutil.rmtree(DATA, ignore_errors=True)
os.makedirs(DATA)
os.environ["COUCHCARDS_DATA_DIR"] = DATA
CODE = os.environ.get("LANG_CODE", "en")
pathlib.Path(DATA, "settings.json").write_text(json.dumps({"language": CODE}))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))

import pygame  # noqa: E402

from game import settings as settings_mod  # noqa: E402
from game.app import App  # noqa: E402
from game.games import GAMES  # noqa: E402
from game.i18n import set_language, t  # noqa: E402
from game.input.virtualpad import VirtualPad  # noqa: E402

OUT = os.environ.get("SHOTS", "shots")
SHORT = os.environ.get("SHORT") == "1"  # only the setup, two answers and the end (the other languages)
os.makedirs(OUT, exist_ok=True)
COARSE = bytes(b & 0xE0 for b in range(256))  # 3 bits a channel: the felt's grain is what makes a PNG big
pygame.init()
settings = settings_mod.load(pathlib.Path(DATA) / "settings.json", warn=lambda m: None, games=GAMES)
set_language(settings["language"])
app = App(settings, size=(1920, 1080), rng_seed=39)
assert pygame.display.get_driver() == "x11", pygame.display.get_driver()
pad = VirtualPad("Virtual pad", 0x045E, 0x028E)
pad.plug()
mia = app.history.create("Mia")
app.nav.push("title")
app.frames(30)


def tap(button, frames=8):
    pad.press(button)
    app.frames(3)
    pad.release(button)
    app.frames(frames)


def shot(name):
    app.frames(2)
    for size, kind in (((960, 540), "window"), ((480, 270), "tv_480x270")):
        small = pygame.transform.smoothscale(app.screen, size)
        raw = pygame.image.tobytes(small, "RGB").translate(COARSE)
        pygame.image.save(pygame.image.frombytes(raw, size, "RGB"), f"{OUT}/{CODE}_{name}_{kind}.png")
    print("shot", name, type(app.top).__name__, flush=True)


def top():
    return type(app.top).__name__


def focus(label, button):
    for _ in range(14):
        if app.top.menu is not None and app.top.menu.current.label == label:
            return
        tap(button)
    raise SystemExit(f"no {label}")


def answer(lesson, wrong=False):
    """The pad presses that answer the current question (rightly, or with the next choice along)."""
    q, how = lesson.round.current, lesson.round.step.answer
    if how == "side":
        tap("dpright" if (q.choices.index(q.answer) == 1) != wrong else "dpleft")
        return
    if how == "pick":
        for _ in range((q.choices.index(q.answer) + wrong) % len(q.choices)):
            tap("dpright")
        tap("a")
        return
    rows, ones = divmod(q.answer + wrong - lesson.dial, q.ranks_per_suit)
    for _ in range(rows):
        tap("dpright")
    for _ in range(ones):
        tap("dpup")
    tap("a")


tap("a")  # Play (this pad is Player 1)
assert top() == "ChooseGameScene", top()
entries = [(e.game, e.mode) for e in app.top.entries]
for _ in range(entries.index(("nothanks", "numbers"))):
    tap("dpright")
tap("a")
assert top() == "SetupScene", top()
setup = app.top
focus(t("Who plays"), "dpup")
tap("dpright")
assert setup.options.profile == mia.id, setup.options
focus(t("Start"), "dpdown")
shot("00_setup")
tap("a")
lesson = app.top
assert top() == "LessonScene", top()
steps = 2 if SHORT else 7
for step in range(steps):
    name = f"{step + 1:02d}_{lesson.round.step_id}"
    shot(f"{name}_ask")
    answer(lesson, wrong=step < steps - 1 or SHORT)  # the last step all right: mastered, "Play it" offered
    shot(f"{name}_told")
    tap("a")
    while lesson.menu is None:
        answer(lesson)
        tap("a")
    if step == 0 or step == steps - 1:
        shot(f"{name}_stars")
    if step < steps - 1:
        focus(t("Next step"), "dpleft")
        tap("a")
if SHORT:  # the rest of the ladder, unseen, to the count and the other bases
    while lesson.round.step_id != "count":
        while lesson.menu is None:
            answer(lesson)
            tap("a")
        focus(t("Next step"), "dpleft")
        tap("a")
    shot("06_count_ask")
    answer(lesson, wrong=True)
    shot("06_count_told")
    tap("a")
    while lesson.menu is None:
        answer(lesson)
        tap("a")
    shot("06_count_stars")
if not SHORT:
    focus(t("Play it"), "dpright")
    tap("a", frames=90)
    shot("08_play_it_table")
app.nav.push("practice", "nothanks", "numbers", "summary", mia.id)
app.frames(10)
shot("09_summary")
print("done", top())
pad.unplug()
app.history.close()
