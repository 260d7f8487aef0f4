"""A mixed table in a real X window: a PS5 pad, a Switch Pro pad and an Xbox pad (SDL's virtual pads, so SDL
itself says what type each is) and the keyboard (real key presses through xdotool) join on the Join screen,
then play a whole No Thanks and a whole Ratscrew game. Frames at 1920x1080 (JPEG) and their TV check
(480x270 PNG: a 40-inch TV seen from 3 m) go to DIR (docs/screens/pads/).

    Xvfb :36 -screen 0 1920x1080x24 &
    DISPLAY=:36 SDL_VIDEODRIVER=x11 SDL_AUDIODRIVER=dummy .venv/bin/python tests/shoot_pads_window.py DIR
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's game, whatever is installed
import pygame

from game import games, screens
from game import settings as settings_mod
from game.app import App, SilentAudio
from game.games import GAMES
from game.input.virtualpad import VirtualPad
from game.loop import FakeClock

out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
os.environ.setdefault("COUCHCARDS_DATA_DIR", tempfile.mkdtemp())
pygame.init()
settings = settings_mod.load(Path(tempfile.mkdtemp()) / "settings.json", warn=print, games=GAMES)
clock = FakeClock()
app = App(settings, size=(1920, 1080), clock=clock, sleep=clock.sleep, audio=SilentAudio(), rng_seed=36)
app.loop.poll_interval_ns = max(app.loop.poll_interval_ns, app.loop.frame_ns // 4)

ps5 = VirtualPad("DualSense Wireless Controller", 0x054C, 0x0CE6)
switch = VirtualPad("Pro Controller", 0x057E, 0x2009)
xbox = VirtualPad("Xbox Wireless Controller", 0x045E, 0x0B12)
PADS = (ps5, switch, xbox)
KEYBOARD = {"first": "m", "second": "Control_R"}  # P4's keys (M, Right Ctrl)


def frames(n: int = 2) -> None:
    app.frames(n)


def tap(pad: VirtualPad, button: str) -> None:
    pad.press(button)
    frames(2)
    pad.release(button)
    frames(2)


def key(name: str) -> None:
    """A real key press in the window (the X server delivers it to SDL like a player's)."""
    subprocess.run(["xdotool", "key", "--delay", "30", name], check=True)
    time.sleep(0.08)
    frames(3)


def top() -> str:
    return type(app.top).__name__


def shot(name: str) -> None:
    frames(2)
    frame = pygame.display.get_surface().copy()
    pygame.image.save(frame, str(out / f"{name}_1920x1080.jpg"))
    pygame.image.save(pygame.transform.smoothscale(frame, (480, 270)), str(out / f"tv_{name}.png"))
    print("saved", name, top())


def focus(label: str, pad: VirtualPad) -> None:
    for move in ["dpleft"] * 6 + ["dpup"] * 12:
        if app.top.menu.current is not None and app.top.menu.current.label == label:
            return
        tap(pad, move)
    raise SystemExit(f"no {label!r} in {top()}")


def seat_everyone(game: str) -> None:
    """Title (or results) -> choose `game` -> lobby -> Join: the three pads and P4's keys, in that order."""
    app.nav.reset(screens.Title())
    frames(3)
    tap(ps5, "a")  # Play (the PS5 pad's ✕ claims Player 1)
    assert top() == "ChooseGameScene", top()
    for _ in range(games.ids().index(game)):
        tap(ps5, "dpright")
    tap(ps5, "a")
    assert top() == "LobbyScene", top()
    focus("Join with controllers…", ps5)
    tap(ps5, "a")
    assert top() == "JoinScene", top()
    for pad in PADS:
        tap(pad, "a")
    key(KEYBOARD["first"])
    if game == "ratscrew":
        shot(f"join_{game}")
    tap(ps5, "start")  # done
    assert top() == "LobbyScene", top()
    lobby = app.top
    for row in range(4, 8):  # the bots that followed the four of us: Empty (→ on the seat's kind, by a pad)
        if lobby.seating.seats[row][0] == "bot":
            lobby.menu.select(lobby.menu.items.index(lobby.card_cells[row][1]))
            tap(switch, "dpright")
    assert [kind for kind, _ in lobby.seating.seats] == ["human"] * 4 + ["empty"] * 4, lobby.seating.seats
    if game == "nothanks":
        shot(f"lobby_{game}")
    seats = app.top.seating.devices[:4]
    assert seats == [f"pad:{p.instance_id}" for p in PADS] + ["kb:3"], seats
    tap(xbox, "start")  # play, from wherever the cursor is


def press_for(seat: int, which: str) -> None:
    """Seat `seat` presses its first or second control: pads by their SDL names, the keyboard by xdotool."""
    if seat == 3:
        key(KEYBOARD[which])
    else:
        pad = PADS[seat]
        pad.press("a" if which == "first" else "b")
        frames(1)
        pad.release("a" if which == "first" else "b")


def play_nothanks() -> None:
    seat_everyone("nothanks")
    table = app.top
    state = table.match.state
    steps = 0
    while not state.is_over and steps < 2000:
        seat = state.current_player
        take = state.matches[seat] == 0 or state.pot >= 3 or state.card is not None and state.card <= 8
        press_for(seat, "first" if take else "second")
        frames(3)
        steps += 1
        if steps == 40:
            shot("nothanks_table_mid")
        state = table.match.state
    frames(240)
    shot("nothanks_results")
    print("No Thanks over:", state.is_over, "after", steps, "presses")


def play_ratscrew() -> None:
    seat_everyone("ratscrew")
    table = app.top
    steps = 0
    while not table.match.state.is_over and steps < 4000:
        state = table.match.state
        if state.slap_rule() is not None:
            press_for(0, "second")  # the PS5 player slaps every right slap (○)
        elif state.awaiting_claim:
            press_for(state.challenger, "first")
        else:
            press_for(state.current_player, "first")
        frames(4)
        steps += 1
        if steps == 60:
            shot("ratscrew_table_mid")
    frames(300)
    shot("ratscrew_results")
    print("Ratscrew over:", table.match.state.is_over, "after", steps, "presses")


for pad in PADS:
    pad.plug()
app.nav.push(screens.Title())
frames(5)
play_nothanks()
play_ratscrew()
for pad in PADS:
    pad.unplug()
print(pygame.display.get_driver())
