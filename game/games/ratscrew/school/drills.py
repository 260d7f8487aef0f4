"""The slap school's drill ladder: which slap rules each drill asks for, the example each drill opens with,
and how a pile *almost* makes a pattern (a near miss). Pure: no pygame, no clock.

A pile is slappable exactly when the Ratscrew engine says so (`engine.slap_rule_for` under the drill's
`Rules`), so the school and the tables never disagree. The ladder follows the engine's rule order:
doubles, then sandwiches, then top-bottom (the seed's three), then each house rule the lobby offers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.games.ratscrew import engine as rs
from game.games.ratscrew.bots import near_miss_rule

LADDER: tuple[str, ...] = rs.SLAP_RULES  # drill k asks for the first k + 1 of these


@dataclass(frozen=True, slots=True)
class Drill:
    """One rung of the ladder: `index` from 0, the `rules` it plays with, and the rule it adds."""

    index: int
    rules: rs.Rules

    @property
    def newest(self) -> str:
        return LADDER[self.index]

    @property
    def slaps(self) -> tuple[str, ...]:
        """Its slap rules in ladder order."""
        return LADDER[: self.index + 1]


DRILLS: tuple[Drill, ...] = tuple(Drill(i, rs.Rules(slaps=frozenset(LADDER[: i + 1]))) for i in range(len(LADDER)))


def drill_of(key: int | str) -> Drill:
    """A drill by number (1 = doubles only) or by the rule it adds ("sandwich", "top-bottom");
    ValueError naming the choices otherwise."""
    if isinstance(key, str) and key.strip().isdigit():
        key = int(key)
    if isinstance(key, int) and not isinstance(key, bool):
        if 1 <= key <= len(DRILLS):
            return DRILLS[key - 1]
        raise ValueError(f"drill must be 1 to {len(DRILLS)}, not {key}")
    name = str(key).strip().lower().replace("-", "_")
    if name in LADDER:
        return DRILLS[LADDER.index(name)]
    raise ValueError(f"unknown drill {key!r}; choose 1 to {len(DRILLS)} or one of {', '.join(LADDER)}")


# Each rule's example: a pile that makes it, then a near miss of it (both bottom card first). Checked
# by the tests: the first is slappable by exactly that rule in its drill, the second is not slappable
# there and `near_miss` names that rule.
EXAMPLES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "double": (("4C", "9H", "9S"), ("4C", "8H", "7S")),
    "sandwich": (("2D", "7C", "KH", "7S"), ("2D", "7C", "KH", "QS", "7H")),
    "top_bottom": (("5H", "JC", "3D", "8S", "5C"), ("5H", "JC", "3D", "8S", "6C")),
    "marriage": (("6D", "KS", "QH"), ("6D", "KS", "JH")),
    "tens": (("JD", "3H", "7S"), ("JD", "3H", "6S")),
    "divorce": (("4C", "KD", "8S", "QH"), ("4C", "KD", "8S", "JH")),
    "run": (("2S", "5H", "6C", "7D"), ("2S", "5H", "6C", "8D")),
    "six_nine": (("JC", "6H", "9S"), ("JC", "6H", "8S")),
    "four_of_a_suit": (("2C", "3H", "JH", "6H", "KH"), ("2C", "3H", "JH", "6H", "KD")),
}


def slappable(view: Sequence[str], rules: rs.Rules) -> tuple[str | None, tuple[int, ...]]:
    """The rule that makes the pile `view` (bottom first) slappable and the indexes of its cards, or
    (None, ())."""
    rule = rs.slap_rule_for(view, rules)
    return (rule, rs.slap_cards(view, rule)) if rule is not None else (None, ())


def near_miss(view: Sequence[str], rules: rs.Rules) -> tuple[str | None, tuple[int, ...]]:
    """For a pile that is *not* slappable: the rule it almost makes and the indexes of the cards that
    almost make it, or (None, ()).

    Almost: the top card one rank off a pattern (a 7 on an 8 — the bots' own `near_miss_rule`), or of
    the other suit of its colour off four of a suit (a diamond on three hearts); a
    sandwich broken by one more card (the top card's rank two cards further down); with sandwiches not
    on, a double broken by one card."""
    n = len(view)
    if n < 2 or rs.slap_rule_for(view, rules) is not None:
        return None, ()
    rule = near_miss_rule(tuple(view), rules)
    if rule is not None:
        return rule, rs.slap_cards(view, rule)
    top = view[-1][0]
    if "sandwich" in rules.slaps and n >= 4 and view[-4][0] == top:
        return "sandwich", (n - 4, n - 1)
    if "double" in rules.slaps and n >= 3 and view[-3][0] == top:
        return "double", (n - 3, n - 1)
    return None, ()
