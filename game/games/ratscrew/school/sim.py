"""`python -m game sim practice`: a slap-school session with a Ratscrew bot as the student, on a virtual
clock. The student is the tables' own bot (game.games.ratscrew.bots: its reaction times, misses, near-miss
slaps and hands that can't be stopped), watching the school's pile as its seat's observation.

    python -m game sim practice --student kid --cards 200 --pace adaptive --seed 1 --json
    python -m game sim practice --student none --cards 200            # never presses: no star
    python -m game sim practice --reaction-ms 1300 --near-miss-rate 0.4  # a custom student
    python -m game sim practice --student everything  # slaps every card: a slower pace, no star

Hits (patterns slapped in time), correct rejections (near misses left alone) and false slaps are reported
apart, with the stars and the pace at each card (`pace_ms_trace`).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
from typing import TypedDict

from game import argtypes
from game.argtypes import OneLineParser
from game.commands import SLAP
from game.games.ratscrew import bots
from game.games.ratscrew import engine as rs
from game.games.ratscrew.school.drills import DRILLS, drill_of
from game.games.ratscrew.school.pace import MODES
from game.games.ratscrew.school.scoring import tally
from game.games.ratscrew.school.session import MAX_CARDS, MIN_CARDS, Options, Session

STUDENTS = (*bots.LEVEL_TABLE, "none", "everything")  # kid, casual, pro; none: never presses; everything: slaps every card
EVERYTHING_MS = 300  # how soon after each card the student who slaps everything presses
DEFAULT_DRILL = 3  # the seed's three rules: doubles, sandwiches, top-bottom
MAX_SEED = 2**63 - 1


def parser() -> argparse.ArgumentParser:
    p = OneLineParser(prog="couchcards sim practice",
                description="A slap-school session with a bot as the student (no window, virtual clock): "
                "accuracy, reaction times, the pace it started and ended on, and a row per rule.")
    p.add_argument("--student", default="casual", choices=STUDENTS,
                   help="the bot level that plays the student (none: a student who never presses)")
    p.add_argument("--reaction-ms", type=argtypes.whole(150, 5000), dest="reaction_ms",
                   help="a custom student: median reaction to a double in ms (its misses and pace as a player "
                   "that fast); replaces --student")
    p.add_argument("--near-miss-rate", type=float,
                   dest="near_miss_rate", help="a custom student's chance (0-1) of slapping a near miss")
    p.add_argument("--cards", type=argtypes.whole(MIN_CARDS, MAX_CARDS), default=100, help=f"cards in the session ({MIN_CARDS}-{MAX_CARDS})")
    p.add_argument("--pace", default="adaptive", choices=MODES, help="time between cards (default adaptive)")
    p.add_argument("--drill", default=str(DEFAULT_DRILL),
                   help=f"1-{len(DRILLS)} or the rule it adds (default {DEFAULT_DRILL}: double, sandwich, top-bottom)")
    p.add_argument("--seed", type=argtypes.SEED, default=0, help="seed for the cards and the student (default 0)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    return p


def observation(pile: tuple[str, ...], rules: rs.Rules, cards_played: int) -> rs.Observation:
    """The school's pile as the student's seat sees it at a table: seat 0, nothing to play or claim."""
    return rs.Observation(seat=0, rules=rules, pile=pile, burned_count=0, burned=(), hand_counts=(0, 1),
                          in_game=(True, True), current_player=1, owed=0, challenger=None,
                          awaiting_claim=False, cards_played=cards_played, is_over=False, winner=None)


def student_level(student: str, reaction_ms: int | None = None, near_miss_rate: float | None = None
                  ) -> bots.Level | None:
    """The student's row of the bots' table: a level, a custom one (`reaction_ms`, `near_miss_rate`), or None
    for "none" (it never presses)."""
    if reaction_ms is not None or near_miss_rate is not None:
        base = bots.level_at(reaction_ms) if reaction_ms is not None else bots.LEVEL_TABLE[
            student if student in bots.LEVEL_TABLE else "casual"]
        if near_miss_rate is not None:
            if not 0.0 <= near_miss_rate <= 1.0:
                raise ValueError(f"--near-miss-rate is a share from 0 to 1, not {near_miss_rate}")
            base = dataclasses.replace(base, near_miss=near_miss_rate)
        return dataclasses.replace(base, name="custom")
    if student in ("none", "everything"):
        return None
    if student not in bots.LEVEL_TABLE:
        raise ValueError(f"unknown student {student!r}; choose from {', '.join(STUDENTS)}")
    return bots.LEVEL_TABLE[student]


class Stars(TypedDict):
    accuracy: int
    speed: int


class SessionFigures(TypedDict):
    """One session's figures (`run`), JSON-able."""

    student: str
    reaction_ms: int | None  # a custom student's, as asked
    near_miss_rate: float | None
    drill: int  # 1-based
    rules: list[str]
    cards: int
    pace: str
    seed: int
    accuracy: float
    right: int
    decisions: int
    wrong_on_nothing: int
    reaction_ms_median: int | None
    pace_ms_start: int
    pace_ms_end: int
    pace_changes: int
    pace_slowed_by_false_slaps: int
    stars: Stars
    patterns: int
    hits: int
    hit_rate: float
    correct_rejections: int
    false_slaps: int
    too_early: int
    stars_accuracy: int
    stars_speed: int
    pace_ms_trace: list[int]
    per_rule: dict[str, dict[str, int | None]]  # by rule: its line (scoring.RuleRow.as_dict)


def run(student: str, cards: int, pace: str, seed: int, drill: int = DEFAULT_DRILL - 1,
        reaction_ms: int | None = None, near_miss_rate: float | None = None) -> SessionFigures:
    """Play one session (drill 0-based) with a `student` bot (or a custom one); the figures as a dict."""
    level = student_level(student, reaction_ms, near_miss_rate)
    session = play(level, cards, pace, seed, drill, everything=level is None and student == "everything")
    score = tally(session.cards, 1)[0]
    return {
        "student": "custom" if level is not None and level.name == "custom" else student,
        "reaction_ms": reaction_ms, "near_miss_rate": near_miss_rate,
        "drill": drill + 1,
        "rules": list(session.drill.slaps),
        "cards": cards,
        "pace": pace,
        "seed": seed,
        "accuracy": round(score.accuracy, 3),
        "right": score.right,
        "decisions": score.decisions,
        "wrong_on_nothing": score.wrong_plain,
        "reaction_ms_median": score.median_ms,
        "pace_ms_start": session.pace.start_ms,
        "pace_ms_end": session.pace.ms,
        "pace_changes": session.pace.changes,
        "pace_slowed_by_false_slaps": session.pace.false_slaps,
        "stars": {"accuracy": score.accuracy_stars, "speed": score.speed_stars},
        "patterns": score.patterns,
        "hits": score.hits,
        "hit_rate": round(score.hit_rate, 3),
        "correct_rejections": score.correct_rejections,
        "false_slaps": score.false_slaps,
        "too_early": score.early,
        "stars_accuracy": score.accuracy_stars,
        "stars_speed": score.speed_stars,
        "pace_ms_trace": [card.pace_ms for card in session.cards],
        "per_rule": {row.rule: row.as_dict() for row in score.table()},
    }


class SlapsEverything:
    """A student who slaps every card EVERYTHING_MS after it turns, looking at nothing (issue 38: the pace must
    not take this for a perfect student)."""

    def __init__(self) -> None:
        self._seen = -1

    def plan(self, obs: rs.Observation, now_ns: int, pending: dict[str, int]) -> dict[str, int | None]:
        if obs.cards_played == self._seen or SLAP in pending:
            return {}
        self._seen = obs.cards_played
        return {SLAP: now_ns + EVERYTHING_MS * 1_000_000}


def play(level: bots.Level | None, cards: int, pace: str, seed: int, drill: int = DEFAULT_DRILL - 1,
         everything: bool = False) -> Session:
    """One whole session with a bot of `level` (None: a student who never presses; `everything`: one who
    slaps every card) as its only player."""
    master = random.Random(seed)
    session = Session(Options(drill=drill, pace=pace, cards=cards), players=1, seed=master.getrandbits(63))
    bot_rng = random.Random(master.getrandbits(63))
    bot: bots.RatscrewBot | SlapsEverything | None = SlapsEverything() if everything else None
    if level is not None:
        bot = bots.RatscrewBot(level, bot_rng, seat=0, rules=session.rules)
    pending: dict[str, int] = {}
    now = 0
    session.start(now)
    while not session.over:
        due = session.next_due()
        slap_t = pending.get(SLAP)
        if slap_t is not None and (due is None or slap_t <= due):
            now = max(now, slap_t)
            del pending[SLAP]
            session.slap(0, now)
        elif due is not None:
            now = due
            session.advance(now)
        else:  # pragma: no cover - a session always has a next step until it is over
            break
        if bot is None:
            continue
        seen = session.seen_at(now)
        obs = observation(session.shown_pile(now), session.rules, seen.index + 1 if seen else 0)
        for action, t_ns in bot.plan(obs, now, dict(pending)).items():
            if t_ns is None:
                pending.pop(action, None)
            elif action == SLAP:
                pending[action] = t_ns
    return session


def format(result: SessionFigures) -> str:
    stars = result["stars"]
    lines = [
        (f"slap school: {result['student']} student, drill {result['drill']} ({', '.join(result['rules'])}), "
         f"{result['cards']} cards, pace {result['pace']}, seed {result['seed']}"),
        (f"accuracy {result['accuracy']:.1%} ({result['right']} of {result['decisions']} decisions), "
         f"reaction median {result['reaction_ms_median']} ms"),
        (f"hits {result['hits']} of {result['patterns']} patterns ({result['hit_rate']:.1%}), correct rejections "
         f"{result['correct_rejections']}, false slaps {result['false_slaps']} ({result['too_early']} too early)"),
        (f"pace {result['pace_ms_start']} ms -> {result['pace_ms_end']} ms ({result['pace_changes']} changes); "
         f"stars: accuracy {stars['accuracy']}/3, speed {stars['speed']}/3"),
        f"{'rule':<12}{'patterns':>9}{'right':>7}{'missed':>8}{'near':>6}{'held':>6}{'wrong':>7}{'median ms':>11}",
    ]
    for rule, row in result["per_rule"].items():
        median = "-" if row["reaction_ms_median"] is None else row["reaction_ms_median"]
        lines.append(f"{rule:<12}{row['patterns']:>9}{row['right']:>7}{row['missed']:>8}{row['near_misses']:>6}"
                     f"{row['held']:>6}{row['wrong']:>7}{median:>11}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        drill = drill_of(args.drill)
    except ValueError as exc:
        p.error(f"--drill: {exc}")
    try:
        result = run(args.student, args.cards, args.pace, args.seed, drill.index, args.reaction_ms,
                     args.near_miss_rate)
    except ValueError as exc:
        p.error(str(exc))
    print(json.dumps(result, indent=2) if args.json else format(result))
    return 0
