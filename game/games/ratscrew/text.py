"""Ratscrew words: rule option labels, slap rule names, the rules summary and the rules for newcomers.

The engine carries no translated text; everything a player reads about the rules is made here.
"""

from __future__ import annotations

from typing import Any

from game.games.base import RuleOption
from game.games.ratscrew import engine as rs
from game.i18n import t


def rule_options() -> list[RuleOption]:
    """Every Ratscrew option for the lobby, labelled, in display order."""
    return [RuleOption(o.name, o.label, tuple((v, o.label_of(v)) for v in o.choices), o.default)
            for o in rs.rule_options()]


def slap_label(rule: str) -> str:
    """The display name of a slap rule: slap_label("top_bottom") == "Top-bottom"."""
    return rs.slap_label(rule)


def summary(rules: rs.Rules) -> str:
    return rules.summary()


def slap_explanations(rules: Any) -> list[str]:
    """One line per slap rule switched on at this table."""
    either = getattr(rules, "marriage_either_order", False)
    texts = {
        "double": t("• Double: the top two cards have the same rank."),
        "sandwich": t("• Sandwich: the top card has the rank of the third card from the top."),
        "top_bottom": t("• Top-bottom: the top card has the rank of the bottom card of the pile."),
        "marriage": t("• Marriage: a king and a queen next to each other.") if either
        else t("• Marriage: a queen directly on a king."),
        "tens": t("• Tens: the top two cards add up to ten (ace = 1; J, Q, K count nothing)."),
        "divorce": t("• Divorce: a king and a queen with exactly one card between them."),
        "run": t("• Run: the top three cards are consecutive ranks, up or down."),
        "six_nine": t("• Six-nine: a 6 and a 9 next to each other."),
    }
    return [text for rule, text in texts.items() if rule in rules.slaps]


def rules_text(rules: Any) -> list[str]:
    """Paragraphs of the rules, for people who have never played."""
    return [
        t("In turn, each player turns the top card of their stack face up onto the centre pile."),
        t("A jack, queen, king or ace is a challenge: the next player must pay 1, 2, 3 or 4 cards. "
          "If they turn a challenge card while paying, the challenge passes on; if they pay in full without "
          "one, the challenger claims the pile."),
        t("Anyone may slap the pile at any moment. The first valid slap wins the whole pile — "
          "even during a challenge. At this table you may slap on:"),
        *(slap_explanations(rules) or [t("nothing: slaps are switched off.")]),
        t("A wrong slap burns cards face down under the pile. They go to whoever wins the pile."),
        t("Out of cards? You stay in until the next chance to slap has passed — slap in to come back."),
        t("The last player with cards wins."),
    ]
