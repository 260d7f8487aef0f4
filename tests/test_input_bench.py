"""The input bench's scoring, and a tiny real run of its posted-events mode."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import pygame
import pytest

from game.bench.input import (
    GAPS_MS,
    PairBarrier,
    Press,
    Trial,
    analyse,
    busy_processes,
    repo_root,
    report,
    run_posted,
    start_xvfb,
)
from game.commands import SLAP, Command


def cmd(seat: int, t_ns: int, poll: int) -> Command:
    return Command(seat, SLAP, t_ns, device=f"kb:{seat}", poll=poll)


def test_pairs_are_scored_correct_tie_or_wrong():
    trials = [Trial(1, Press(0, 100), Press(1, 200)), Trial(2, Press(1, 300), Press(0, 400)),
              Trial(5, Press(0, 500), Press(1, 600))]
    commands = [cmd(0, 150, 1), cmd(1, 250, 2),  # right order
                cmd(1, 450, 3), cmd(0, 450, 3),  # same poll: a tie
                cmd(1, 700, 4), cmd(0, 700, 5)]  # the later press read first: wrong
    result = analyse(trials, commands)
    assert result["rows"][1] == [1, 1, 0, 0, 0]
    assert result["rows"][2] == [1, 0, 1, 0, 0]
    assert result["rows"][5] == [1, 0, 0, 1, 0]
    assert sorted(result["errors"]) == [e / 1e6 for e in sorted([50, 50, 150, 50, 200, 100])]
    lines: list[str] = []
    assert report("t", result, out=lines.append) is False
    assert any("stamping error" in line for line in lines)


def test_a_missing_press_fails_the_run():
    result = analyse([Trial(1, Press(0, 1), Press(1, 2))], [cmd(0, 5, 1)])
    assert result["missing"] == 1 and report("t", result, out=lambda s: None) is False


def test_posted_run_reads_every_press_in_order():
    pygame.init()
    pygame.display.set_mode((320, 200))
    pygame.event.clear()
    result, _ = run_posted(trials_per_gap=2, frame_work_ms=0.5, seed=3)
    assert sum(row[0] for row in result["rows"].values()) == 2 * len(GAPS_MS)
    assert result["missing"] == 0
    assert all(row[3] == 0 for row in result["rows"].values())  # never the wrong way round
    assert 0 <= min(result["errors"]) and max(result["errors"]) < 50  # stamped after, and soon after


def test_a_lost_press_is_lost_on_its_own_pair_only():
    """Scored pair by pair (the commands read while each pair was in flight), a press that never came is
    lost on its pair, and the pairs after it are still scored on their own presses; matched per seat in
    order instead, a later pair of that seat is scored against another pair's press: a wrong order that
    never happened."""
    trials = [Trial(1, Press(0, 100), Press(1, 110)), Trial(1, Press(0, 200), Press(1, 210)),
              Trial(1, Press(1, 300), Press(0, 310))]
    groups = [[cmd(0, 101, 1), cmd(1, 111, 2)],
              [cmd(1, 211, 3)],  # seat 0's press of the second pair never came
              [cmd(1, 301, 4), cmd(0, 311, 5)]]
    flat = [c for group in groups for c in group]
    grouped = analyse(trials, flat, groups)
    assert grouped["rows"][1] == [3, 2, 0, 0, 1] and grouped["strays"] == 0
    in_order = analyse(trials, flat)
    assert in_order["rows"][1] == [3, 1, 0, 1, 1]  # the old matching: the second pair "wrong"
    lines: list[str] = []
    assert report("t", grouped, out=lines.append, loaded=True) is False  # a lost press fails the run
    assert any("lost 1" in line for line in lines)


def test_a_command_read_with_another_pair_is_a_stray_not_an_order():
    trials = [Trial(2, Press(0, 100), Press(1, 120)), Trial(2, Press(1, 200), Press(0, 220))]
    groups = [[cmd(0, 101, 1)], [cmd(1, 130, 2), cmd(1, 201, 3), cmd(0, 221, 4)]]
    result = analyse(trials, [c for g in groups for c in g], groups)
    assert result["strays"] == 1 and result["missing"] == 1
    assert result["rows"][2][1] == 1  # the second pair: its first command of each seat, in order


def test_loaded_verdict_fails_on_one_wrong_pair_and_allows_ties():
    trials = [Trial(1, Press(0, 100), Press(1, 110)), Trial(1, Press(0, 200), Press(1, 210))]
    tie = [[cmd(0, 120, 1), cmd(1, 120, 1)], [cmd(0, 220, 2), cmd(1, 220, 2)]]
    assert report("t", analyse(trials, [c for g in tie for c in g], tie), out=lambda s: None, loaded=True)
    wrong = [[cmd(1, 111, 1), cmd(0, 112, 2)], [cmd(0, 220, 3), cmd(1, 221, 4)]]
    assert not report("t", analyse(trials, [c for g in wrong for c in g], wrong), out=lambda s: None,
                      loaded=True)


FAKE_INJECTOR = """
import json, sys
print(json.dumps([1, [[0, 10, 11], [1, 20, 21]]]), flush=True)
sys.stdin.readline()
print(json.dumps([2, [[1, 30, 31], [0, 40, 41]]]), flush=True)
sys.stdin.readline()
print("end", flush=True)
"""


def test_each_pair_gets_the_commands_read_while_it_was_in_flight():
    """The handshake: the game side takes a pair's commands until both came (or the wait ran out), then
    lets the injector send the next pair; a seat's press that never came leaves its pair one short."""

    class Reads:  # what the barrier reads of the harness: the commands read so far
        commands: ClassVar[list] = []

    injector = subprocess.Popen([sys.executable, "-c", FAKE_INJECTOR], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, text=True)
    barrier = PairBarrier(Reads, injector)  # type: ignore[arg-type]
    given = 0
    while barrier.busy():
        if len(barrier.trials) > given:  # a pair sent: the game reads its presses (the second pair's one)
            given += 1
            Reads.commands += [cmd(0, 12, given * 2)] + ([cmd(1, 22, given * 2 + 1)] if given == 1 else [])
    injector.wait(10)
    assert [(t.gap_ms, t.first.seat, t.first.at_server_ns) for t in barrier.trials] == [(1, 0, 11), (2, 1, 31)]
    assert [len(group) for group in barrier.groups] == [2, 1]
    result = analyse(barrier.trials, Reads.commands, barrier.groups)
    assert result["missing"] == 1 and result["rows"][1][1] == 1


def test_the_loaded_way_starts_its_busy_processes_and_ends_them():
    with busy_processes(2):
        children = subprocess.run(["pgrep", "-P", str(os.getpid()), "-f", "while True: pass"],
                                  capture_output=True, text=True, check=False).stdout.split()
        assert len(children) == 2
    for pid in children:
        assert not Path(f"/proc/{pid}").exists()


XVFB_CHILD = """
import os, signal, sys, threading, time
import pygame
from game.bench.input import XTest
pygame.display.init()
pygame.display.set_mode((200, 100))
xt = XTest()
xt.focus(pygame.display.get_wm_info()["window"])
code = xt.keycode("Shift_L")
server = int(sys.argv[1])
time.sleep(0.3)
pygame.event.get()

def flushed(keycode, down):  # what the injector did before: send, flush, go on
    xt.xtst.XTestFakeKeyEvent(xt.dpy, keycode, int(down), 0)
    xt.x11.XFlush(xt.dpy)

for send in (flushed, xt.key):
    for _ in range(5):  # two presses 5 ms apart while the X server gets no CPU for 80 ms
        os.kill(server, signal.SIGSTOP)
        threading.Timer(0.08, os.kill, (server, signal.SIGCONT)).start()
        for down in (True, False, True, False):
            send(code, down)
            time.sleep(0.005)
        time.sleep(0.15)
    time.sleep(0.2)
    print(sum(1 for e in pygame.event.get() if e.type == pygame.KEYDOWN))
"""


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="needs Xvfb")
def test_the_x_injector_never_has_a_press_taken_for_auto_repeat():
    """SDL takes a key's release followed within 2 ms (X server time) by a press of the same key for
    auto-repeat and drops the press. An X server short of CPU takes what was sent meanwhile in one go:
    sent and flushed, the second of two presses 5 ms apart is lost; the injector waits for the server
    after every key, so every press it sends reaches the game."""
    started = start_xvfb()
    assert started is not None
    proc, display = started
    try:
        env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy")
        child = subprocess.run([sys.executable, "-c", XVFB_CHILD, str(proc.pid)], env=env, capture_output=True,
                               text=True, timeout=60, check=False, cwd=repo_root())
    finally:
        os.kill(proc.pid, signal.SIGCONT)
        proc.terminate()
        proc.wait(5)
    assert child.returncode == 0, child.stderr[-2000:]
    flushed, synced = (int(n) for n in child.stdout.strip().splitlines()[-2:])
    assert flushed < 10  # the way the wrong orders came: presses lost
    assert synced == 10
