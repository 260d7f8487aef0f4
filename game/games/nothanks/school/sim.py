"""`python -m game practice numbers`: the number school's questions as the screen asks them, with their
right answers (the No Thanks engine's), for checking with no window.

    python -m game practice numbers --questions 20 --seed 1 --json
    python -m game practice numbers --step count --cards-per-suit 9 --questions 10

Without --step the questions go through every step in turn, at deck sizes 5-13 and each suit order.
"""

from __future__ import annotations

import argparse
import json

from game import argtypes
from game.argtypes import OneLineParser
from game.games.nothanks import engine as nt
from game.games.nothanks.school import questions as qs

MAX_QUESTIONS = 100_000


def parser() -> argparse.ArgumentParser:
    p = OneLineParser(prog="couchcards practice numbers",
                      description="The number school's questions (No Thanks' playing-card edition as a place-value "
                      "lesson) with their right answers, as the screen generates them.")
    p.add_argument("--questions", type=argtypes.whole(1, MAX_QUESTIONS), default=10,
                   help=f"how many questions (1-{MAX_QUESTIONS}; default 10)")
    p.add_argument("--seed", type=argtypes.SEED, default=0, help="seed for the questions (default 0)")
    p.add_argument("--step", choices=qs.STEP_IDS, help="only this step's questions (default: every step in turn)")
    p.add_argument("--cards-per-suit", type=argtypes.whole(nt.MIN_RANKS, nt.MAX_RANKS), dest="cards_per_suit",
                   default=9, help=f"with --step: cards in each suit ({nt.MIN_RANKS}-{nt.MAX_RANKS}; default 9)")
    p.add_argument("--suit-order", choices=["".join(o) for o in nt.SUIT_ORDERS], dest="suit_order", default="CDHS",
                   help="with --step: the suits, lowest first (default CDHS: clubs, diamonds, hearts, spades)")
    p.add_argument("--json", action="store_true", help="print the questions as JSON")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.step:
        made = qs.questions(args.step, args.cards_per_suit, tuple(args.suit_order), args.seed, args.questions)
    else:
        made = qs.mixed(args.seed, args.questions)
    if args.json:
        print(json.dumps([q.as_dict() for q in made], ensure_ascii=False, indent=1))
        return 0
    for i, q in enumerate(made, 1):
        cards = " ".join(nt.card_label(q.rules, c.value) for c in q.cards)
        extra = f" + {q.matches} matches" if q.kind == qs.COUNT else ""
        offered = f" choices {list(q.choices)}" if q.choices else ""
        print(f"{i:3}. {q.step:<11} {q.ranks_per_suit:>2} a suit {''.join(q.suit_order)}: {cards}{extra}"
              f"{offered} -> {q.answer}")
    return 0
