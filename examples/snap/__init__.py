"""Snap: the smallest complete game, the worked example of docs/adding-a-game.md. Its definition for the shell
(`SnapDef`, a `GameDef[sn.Rules, RandomBot, SnapMatch]`) is this file; its parts sit beside it: engine (pure rules), match
(the driver, with its `random` bot), view_model, view, table, results, sim, bench, and its words in text (a tiny
Danish and Swedish of its own: a game outside the shared catalogues). It joins the shell with one line,
`game.games.register(snap.DEFINITION)`; the conformance suite (tests/test_conformance.py) registers it so and
runs on it as on the real games."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Unpack

from game.commands import PLAY
from game.core.contract import BIG_TAKE, Marker, MatchOptions, RuleOption, TableConfig
from game.core.options import OptionSpec, OptionValue
from game.games.base import BenchHooks, GameDef, ResultsBody, SimHooks
from game.jsonsafe import as_list, as_str
from game.match.common import Timed
from game.screen import Screen

from . import engine
from .match import GAME_ID, LEVELS, SNAP, RandomBot, SnapMatch, make_bot
from .text import summary, w
from .view_model import LAYOUT

if TYPE_CHECKING:
    import pygame

    from game.render.card_art import CardArt

BIG_PILE = 8  # a pile snapped with this many cards or more is a replay's marker


class SnapDef(GameDef[engine.Rules, RandomBot, SnapMatch]):
    # -- identity ---------------------------------------------------------------------------------------
    id = GAME_ID
    engine = engine
    rules_type = engine.Rules
    buttons = (PLAY, SNAP)  # what a seat's first and second buttons do
    # -- bots -------------------------------------------------------------------------------------------
    bot_levels = LEVELS
    default_level = "random"
    stand_in_level = "random"
    demo_levels = ("random",)
    busiest_level = "random"
    # -- the lobby and presentation ---------------------------------------------------------------------
    lobby_seats = 2
    summary_lines = 1
    layout = LAYOUT

    # -- words ------------------------------------------------------------------------------------------
    def title(self) -> str:
        return w("Snap")

    def blurb(self) -> list[str]:
        return [w("Turn cards onto one pile in turn."), w("Two of a rank on top? Snap it first!"),
                w("2–6 players · quick, for a test")]

    def button_words(self) -> tuple[str, str]:
        return w("play"), w("snap")

    def showcase(self, art: CardArt, width: int) -> list[pygame.Surface]:
        return [art.card("7S", width), art.card("7H", width), art.card("KD", width)]

    def rules_text(self, rules: engine.Rules) -> list[str]:
        return [w("In turn, turn the deck's top card onto the pile."),
                w("When the top two cards have the same rank, anyone may snap: the first takes the pile."),
                w("A wrong snap puts {k} of your cards under the pile. Most cards at the end wins.", k=rules.penalty)]

    def rules_summary(self, rules: engine.Rules) -> str:
        return summary(rules)

    # -- rules: the engine's option specs, in words -----------------------------------------------------
    def option_specs(self, rules: engine.Rules | None = None, players: int | None = None) -> list[OptionSpec]:
        return list(engine.OPTIONS)

    def rule_options(self, rules: engine.Rules | None = None, players: int | None = None) -> list[RuleOption]:
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

    def option_values(self, rules: engine.Rules) -> dict[str, OptionValue]:
        return dict(rules.option_values())

    def player_range(self, rules: engine.Rules) -> tuple[int, int]:
        return engine.PLAYERS

    # -- bots -------------------------------------------------------------------------------------------
    def make_bot(self, level: str | None, rng: random.Random, *, seat: int = 0, rules: engine.Rules | None = None,
                 **tuning: int | None) -> RandomBot:
        """Snap's one bot sees only its seat's observation: `seat`, `rules` and `tuning` change nothing."""
        return make_bot(self.check_level(level), rng)

    # -- match ------------------------------------------------------------------------------------------
    def make_match(self, config: TableConfig, start_ns: int, **options: Unpack[MatchOptions]) -> SnapMatch:
        """A fixed deal is {"deck": [card, …]}, as the log's header keeps it; Snap's bots think at once."""
        from game.record import DIGEST_EVERY

        deal = options.get("deal")
        deck = None if deal is None else [as_str(card, "a card") for card in as_list(deal["deck"], "deck")]
        return SnapMatch(self.rules_of(config.rules), config.seats, config.seed, start_ns, config.first_player,
                         deck=deck, replay=options.get("replay", False), record=options.get("record", True),
                         digest_every=options.get("digest_every", DIGEST_EVERY))

    def replay_markers(self, line: int, events: Sequence[Timed], name: Callable[[int], str]) -> list[Marker]:
        return [Marker(line, BIG_TAKE, f"{name(e.seat)}: {w('Snap! +{n}', n=len(e.cards))}")
                for e in (timed.event for timed in events)
                if isinstance(e, engine.PileClaimed) and len(e.cards) >= BIG_PILE]

    # -- presentation (loaded when asked) ---------------------------------------------------------------
    def table_scene(self, config: TableConfig) -> Screen:
        from .table import SnapTable

        return SnapTable(config)

    def results_body(self, config: TableConfig, match: SnapMatch) -> ResultsBody:
        from .results import SnapResults

        return SnapResults(config, match)

    # -- tools (loaded when asked) ----------------------------------------------------------------------
    def sim(self) -> SimHooks:
        from . import sim

        return sim

    def bench(self) -> BenchHooks:
        from . import bench

        return bench


DEFINITION = SnapDef()
