"""Egyptian Ratscrew: the game's definition for the shell. Engine, bots, match, view, table, results
and sim live beside it in this folder."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Unpack

from game.commands import PLAY, SLAP
from game.core.contract import (
    CHALLENGE,
    PHOTO_FINISH,
    FairStart,
    Marker,
    MatchOptions,
    RuleOption,
    TableConfig,
)
from game.core.options import OptionSpec, OptionValue
from game.games.base import BenchHooks, GameDef, ResultsBody, SimHooks
from game.games.ratscrew import engine
from game.games.ratscrew.layout import LAYOUT
from game.games.ratscrew.levels import LEVELS, SIM_LEVELS
from game.games.ratscrew.school import SCHOOL
from game.games.ratscrew.seat_bot import SlapBot
from game.i18n import t
from game.jsonsafe import as_list, as_str
from game.match.common import Timed
from game.screen import Screen

if TYPE_CHECKING:
    import pygame

    from game.games.ratscrew.match import RatscrewMatch
    from game.render.card_art import CardArt

# A pile that each slap rule allows (bottom to top; "back": the cards between the bottom card and the top).
SLAP_EXAMPLES = {
    "double": ("4S", "8C", "8H"),
    "sandwich": ("2D", "8D", "3C", "8S"),
    "top_bottom": ("KD", "back", "4S", "KC"),
    "marriage": ("2C", "KS", "QH"),
    "tens": ("9C", "4D", "6S"),
    "divorce": ("KH", "7C", "QD"),
    "run": ("JD", "4S", "5H", "6C"),
    "six_nine": ("2D", "6H", "9C"),
    "four_of_a_suit": ("3H", "JH", "6H", "KH"),
}
# A challenge stopped by a 10 (option `ten_stops`): a king, one card paid, then the 10.
TEN_STOPS_EXAMPLE = ("KS", "4D", "TC")


class RatscrewDef(GameDef[engine.Rules, SlapBot, "RatscrewMatch"]):
    id = "ratscrew"
    engine = engine
    rules_type = engine.Rules
    buttons = (PLAY, SLAP)
    bot_levels = LEVELS
    sim_levels = tuple(level for level in SIM_LEVELS if level not in LEVELS)  # the masher
    default_level = "adaptive"  # a new table's bots keep the game close whoever sits down (issue 38)
    stand_in_level = "casual"
    demo_levels = ("pro", "casual", "pro", "kid")
    busiest_level = "pro"
    lobby_seats = 2
    summary_lines = 2
    seat_options = ("head_start", "learner")
    layout = LAYOUT
    practice = (SCHOOL,)  # the slap school, a third entry on the choose-game screen
    history_rules = engine.SLAP_RULES

    def title(self) -> str:
        return t("Egyptian Ratscrew")

    def blurb(self) -> list[str]:
        return [t("Turn cards onto the pile in turn."), t("Slap doubles and sandwiches first!"),
                t("2–8 players · fast, loud, one keyboard or controllers")]

    def button_words(self) -> tuple[str, str]:
        return t("play"), t("slap")

    def showcase(self, art: CardArt, width: int) -> list[pygame.Surface]:
        return [art.card("KS", width), art.card("7H", width), art.card("KD", width)]

    def level_words(self, level: str) -> str:
        """The adaptive bot is offered by what it does: it matches the others' speed."""
        return t("Match my speed") if level == "adaptive" else t(level)

    def fair_start(self) -> FairStart:
        from game.games.ratscrew.check import RatscrewFairStart

        return RatscrewFairStart()

    def replay_markers(self, line: int, events: Sequence[Timed], name: Callable[[int], str]) -> list[Marker]:
        """A photo finish (a contested slap: its presses and lines), and a challenge won by its challenger."""
        from game.games.ratscrew.match import PhotoFinish

        out: list[Marker] = []
        for timed in events:
            e = timed.event
            if isinstance(e, PhotoFinish):
                out.append(Marker(line, PHOTO_FINISH, t("Photo finish"),
                                  tuple((seat, ts, verdict) for seat, ts, _, verdict in e.entries), tuple(e.lines(name))))
            elif isinstance(e, engine.PileWon) and e.by == "claim":
                out.append(Marker(line, CHALLENGE, t("{name} wins the challenge", name=name(e.seat))))
        return out

    def rules_text(self, rules: engine.Rules) -> list[str]:
        from game.games.ratscrew import text

        return text.rules_text(rules)

    def rules_pictures(self, art: CardArt, width: int, rules: engine.Rules) -> list[tuple[str, list[pygame.Surface]]]:
        """Every slap pattern of the engine as a few cards of a pile (the top card rightmost; a card back
        stands for the cards between the bottom card and the top), then a 10 ending a challenge."""
        from game.games.ratscrew import text

        table = rules

        def draw(code: str) -> pygame.Surface:
            return art.back(width) if code == "back" else art.card(code, width, mini=True)

        pictures = [(text.slap_picture_caption(rule, table), [draw(c) for c in SLAP_EXAMPLES[rule]])
                    for rule in engine.SLAP_RULES]
        return pictures + [(text.ten_stops_caption(table), [draw(c) for c in TEN_STOPS_EXAMPLE])]

    def rules_summary(self, rules: engine.Rules) -> str:
        from game.games.ratscrew import text

        return text.summary(rules)

    def option_specs(self, rules: engine.Rules | None = None, players: int | None = None) -> list[OptionSpec]:
        """With `rules`, only the options that change anything at such a table (a burn's size only when a
        wrong slap burns, a timeout's length only with timeouts)."""
        return engine.rule_options(rules)

    def rule_options(self, rules: engine.Rules | None = None, players: int | None = None) -> list[RuleOption]:
        from game.games.ratscrew import text

        return text.rule_options(rules)

    def rules_from_values(self, values: Mapping[str, object], players: int | None = None) -> engine.Rules:
        return engine.Rules.from_options(dict(values))

    def table_values(self, values: Mapping[str, object]) -> tuple[dict[str, object], str]:
        """The slap lockout raised to what the table's penalty needs (`engine.mash_proof`)."""
        from game.games.ratscrew import text

        raised, old = engine.mash_proof(values)
        return raised, "" if old is None else text.lockout_raised(old, engine.Rules.from_options(raised))

    def rules_from_log(self, values: Mapping[str, object], players: int | None = None) -> engine.Rules:
        """A log's rules: an option the log predates plays the old way (no slap lockout before it existed)."""
        return engine.rules_from_log(values)

    def option_values(self, rules: engine.Rules) -> dict[str, OptionValue]:
        """The values of the options `option_specs(rules)` names (those that change anything at this table);
        the engine's `Rules.option_values()` has every one."""
        table = rules
        shown = {o.name for o in self.option_specs(table)}
        return {name: value for name, value in table.option_values().items() if name in shown}

    def make_bot(self, level: str | None, rng: random.Random, *, seat: int = 0, rules: engine.Rules | None = None,
                 **tuning: int | None) -> SlapBot:
        from game.games.ratscrew import bots  # the bots load when a table seats one, not at start

        return bots.make_bot(self.check_level(level), rng, seat=seat, rules=engine.Rules() if rules is None else rules)

    def make_match(self, config: TableConfig, start_ns: int, **options: Unpack[MatchOptions]) -> RatscrewMatch:
        """A fixed deal is {"hands": [[card, …], …]} (each top card first), as the log's header keeps it; the
        bots here think at once (no thread, no search to bound)."""
        from game.games.ratscrew.match import RatscrewMatch
        from game.record import DIGEST_EVERY

        deal = options.get("deal")
        hands = None if deal is None else [[as_str(card, "a card") for card in as_list(hand, "a hand")]
                                           for hand in as_list(deal["hands"], "hands")]
        return RatscrewMatch(self.rules_of(config.rules), config.seats, config.seed, start_ns, config.first_player,
                             hands=hands, replay=options.get("replay", False), record=options.get("record", True),
                             digest_every=options.get("digest_every", DIGEST_EVERY))

    def table_scene(self, config: TableConfig) -> Screen:
        from game.games.ratscrew.table import RatscrewTable

        return RatscrewTable(config)

    def results_body(self, config: TableConfig, match: RatscrewMatch) -> ResultsBody:
        from game.games.ratscrew.results import RatscrewResults

        return RatscrewResults(config, match)

    def sim(self) -> SimHooks:
        from game.games.ratscrew import sim

        return sim

    def bench(self) -> BenchHooks:
        from game.games.ratscrew import bench

        return bench


DEFINITION = RatscrewDef()
