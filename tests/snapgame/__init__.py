"""Snap: a tiny third game defined only under tests/, to prove the shell's seam. It registers into the registry
(`game.games.register`) from a test fixture, and the conformance suite (tests/test_conformance.py) runs on it as
on the real games. Its parts: engine, match (and its random bot), view_model, view, table, results, sim, bench;
its words in text (a tiny Danish and Swedish of its own: it is outside the game's catalogues)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, Unpack

from game.commands import PLAY
from game.core.options import OptionSpec, OptionValue
from game.games.base import BIG_TAKE, GameDef, Marker, MatchOptions, RuleOption, TableConfig
from game.jsonsafe import as_list, as_str
from game.match.common import Timed

from . import engine
from .match import LEVELS, SNAP, make_bot
from .text import summary, w
from .view_model import LAYOUT

BIG_PILE = 8  # a pile snapped with this many cards or more is a replay's marker


def snap_rules(rules: object) -> engine.Rules:
    """The shell's opaque rules as Snap's (TypeError for another game's)."""
    if not isinstance(rules, engine.Rules):
        raise TypeError(f"not Snap rules: {rules!r}")
    return rules


class SnapDef(GameDef):
    id = "snap"
    engine = engine
    buttons = (PLAY, SNAP)
    bot_levels = LEVELS
    default_level = "random"
    stand_in_level = "random"
    demo_levels = ("random",)
    busiest_level = "random"
    lobby_seats = 2
    summary_lines = 1
    layout = LAYOUT

    def title(self) -> str:
        return w("Snap")

    def blurb(self) -> list[str]:
        return [w("Turn cards onto one pile in turn."), w("Two of a rank on top? Snap it first!"),
                w("2–6 players · quick, for a test")]

    def button_words(self) -> tuple[str, str]:
        return w("play"), w("snap")

    def showcase(self, art: Any, width: int) -> list[Any]:
        return [art.card("7S", width), art.card("7H", width), art.card("KD", width)]

    def rules_text(self, rules: Any) -> list[str]:
        return [w("In turn, turn the deck's top card onto the pile."),
                w("When the top two cards have the same rank, anyone may snap: the first takes the pile."),
                w("A wrong snap puts {k} of your cards under the pile. Most cards at the end wins.", k=rules.penalty)]

    def rules_summary(self, rules: Any) -> str:
        return summary(rules)

    def option_specs(self, rules: Any = None, players: int | None = None) -> list[OptionSpec]:
        return list(engine.OPTIONS)

    def rule_options(self, rules: Any = None, players: int | None = None) -> list[RuleOption]:
        ranks, penalty = engine.OPTIONS
        return [
            RuleOption(ranks, w("Deck"), tuple(w("{n} ranks", n=n) for n in ranks.choices)),
            RuleOption(penalty, w("Wrong snap"), tuple(self._penalty_label(n) for n in penalty.choices)),
        ]

    @staticmethod
    def _penalty_label(n: OptionValue) -> str:
        return w("costs nothing") if n == 0 else w("gives 1 card") if n == 1 else w("gives {n} cards", n=n)

    def rules_from_values(self, values: Mapping[str, object], players: int | None = None) -> engine.Rules:
        return engine.Rules.from_options(dict(values))

    def option_values(self, rules: Any) -> dict[str, Any]:
        values: dict[str, Any] = rules.option_values()
        return values

    def player_range(self, rules: Any) -> tuple[int, int]:
        return engine.PLAYERS

    def make_bot(self, level: str | None, rng: random.Random, **options: Any) -> Any:
        self.check_level(level)
        return make_bot(level, rng)

    def make_match(self, config: TableConfig, start_ns: int, **options: Unpack[MatchOptions]) -> Any:
        """A fixed deal is {"deck": [card, …]}, as the log's header keeps it; Snap's bots think at once."""
        from game.record import DIGEST_EVERY

        from .match import SnapMatch

        deal = options.get("deal")
        deck = None if deal is None else [as_str(card, "a card") for card in as_list(deal["deck"], "deck")]
        return SnapMatch(snap_rules(config.rules), config.seats, config.seed, start_ns, config.first_player, deck=deck,
                         replay=options.get("replay", False), record=options.get("record", True),
                         digest_every=options.get("digest_every", DIGEST_EVERY))

    def table_scene(self, config: TableConfig) -> Any:
        from .table import SnapTable

        return SnapTable(config)

    def results_body(self, config: TableConfig, match: Any) -> Any:
        from .results import SnapResults

        return SnapResults(config, match)

    def replay_markers(self, line: int, events: Sequence[Timed], name: Callable[[int], str]) -> list[Marker]:
        return [Marker(line, BIG_TAKE, f"{name(e.seat)}: {w('Snap! +{n}', n=len(e.cards))}")
                for e in (timed.event for timed in events)
                if isinstance(e, engine.PileClaimed) and len(e.cards) >= BIG_PILE]

    def sim(self) -> ModuleType:
        from . import sim

        return sim

    def bench(self) -> ModuleType:
        from . import bench

        return bench


DEFINITION = SnapDef()
