"""Golden playthroughs (as OpenSpiel's playthrough files): recorded games in tests/golden/ that every rule
change must keep. Each log replays and verifies (the rules' outcomes), and each game played again from its
scenario writes the same log line for line (the bots and the order of random draws too).

A deliberate change of rules, bots or draws: rewrite the files with `python tests/support_playthrough.py`
and say why in the commit.
"""

from __future__ import annotations

import json

import pytest
from support_playthrough import GOLDEN, SCENARIOS, features, play

from game import games, record, replay

GOLDEN_FILES = sorted(GOLDEN.glob("*.jsonl"))

# What the golden games must touch between them, so a rule's outcome cannot change unseen.
REQUIRED = {
    "game:ratscrew", "game:nothanks",
    *(f"slap:{rule}" for rule in ("double", "sandwich", "top_bottom", "marriage", "tens", "divorce", "run",
                                  "six_nine", "four_of_a_suit")),
    "TimedOut", "refused:timeout", "PileGiven", "challenge:ten-stops", "challenge:pile-given",
    "marriage:king-on-queen", "burned-live:made-slappable", "burn:1", "burn:2", "challenge:custom-count",
    "payer-out:challenger-wins", "end:limit", "end:last_player", "end:time",
    "Tie", "TooLate", "WrongSlap", "PhotoFinish", "Ignored", "timer:claim", "timer:photo", "bot:claim",
    "human:slap", "human:play", "human:take", "human:pass", "line:seat", "line:refused", "line:tie",
    "edition:cards", "edition:numbered", "after_take:next_player", "after_take:same_player", "hidden_matches",
    "seat:hard", "seat:medium", "seat:easy", "seat:greedy", "seat:random", "seat:kid", "seat:casual",
    "seat:pro",
}


def test_every_scenario_has_its_golden_file_and_no_other():
    assert [p.stem for p in GOLDEN_FILES] == sorted(s.name for s in SCENARIOS)


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda p: p.stem)
def test_golden_log_replays_and_verifies(path):
    log = record.read_log(path)
    verdict = replay.verify(log, games.GAMES)
    assert verdict.ok, verdict.line()
    assert log.footer["over"]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.name)
def test_the_game_plays_the_same_again(scenario):
    golden = [json.loads(raw) for raw in (GOLDEN / f"{scenario.name}.jsonl").read_text().splitlines()]
    now = [json.loads(raw) for raw in record.dumps(play(scenario).log.lines()).splitlines()]
    golden[0].pop("started")
    now[0].pop("started")
    for old, new in zip(golden, now):
        assert new == old, (f"{scenario.name} plays differently from line {old['n']} on; if that is meant, "
                            f"rewrite tests/golden with `python tests/support_playthrough.py`")
    assert len(now) == len(golden)


def test_the_golden_games_touch_every_rule_and_path():
    found = set().union(*(features(record.read_log(p)) for p in GOLDEN_FILES))
    assert REQUIRED <= found, sorted(REQUIRED - found)
