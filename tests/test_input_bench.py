"""The input bench's scoring, and a tiny real run of its posted-events mode."""

from __future__ import annotations

import pygame

from game.bench.input import GAPS_MS, Press, Trial, analyse, report, run_posted
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
