"""No Thanks words: rule option labels, the rules summary, the rules for newcomers, the tie-break note.

The engine carries no translated text; everything a player reads about the rules is made here.
"""

from __future__ import annotations

from typing import Any

from game.games.base import RuleOption
from game.games.nothanks import engine as nt
from game.i18n import t


def rule_options(rules: Any = None, players: int | None = None) -> list[RuleOption]:
    """The lobby's labelled options for `rules`' edition and table size."""
    return [RuleOption(o.name, o.label, tuple(o.choices), o.default) for o in nt.rule_options(rules, players)]


def summary(rules: nt.Rules) -> str:
    return rules.summary()


def tie_break_note() -> str:
    """Our tie-break (the published rules name none); the lobby and the rules screen state it."""
    return nt.tie_break_note()


def rules_text(rules: Any) -> list[str]:
    """Paragraphs of the rules, for people who have never played."""
    return [
        t("One card lies face up. On your turn, take it — with every match lying on it — "
          "or pay one of your matches onto it to pass the problem on."),
        t("A player with no matches left must take the card."),
        t("Some cards are set aside unseen at the start, so nobody knows which cards will come."),
        t("At the end, every card counts minus its value, but in a run of consecutive values only the "
          "lowest card counts. Every match left is worth plus one. The highest total wins."),
        t("Playing-card edition: a card's value is its place across the suits. With 9 cards per suit, "
          "♣1–9 are 1–9, ♦1–9 are 10–18, ♥1–9 are 19–27 and ♠1–9 are 28–36, so ♥9 and ♠1 are a run."),
        tie_break_note(),
    ]
