"""No Thanks! ("Nej tak"): the game's definition for the shell. Engine, bots, match, view, table,
results and sim live beside it in this folder."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Unpack

from game.commands import PASS, TAKE
from game.core.contract import BIG_TAKE, Marker, MatchOptions, RuleOption, TableConfig
from game.core.options import OptionSpec, OptionValue
from game.games.base import BenchHooks, GameDef, ResultsBody, SimHooks
from game.games.nothanks import engine
from game.games.nothanks.layout import LAYOUT
from game.games.nothanks.levels import LEVELS
from game.games.nothanks.school import SCHOOL
from game.i18n import t, tn
from game.jsonsafe import as_int, as_list
from game.match.common import Timed
from game.screen import Screen

if TYPE_CHECKING:
    import pygame

    from game.games.nothanks import bots
    from game.games.nothanks.match import NothanksMatch
    from game.render.card_art import CardArt


BIG_TAKE_MATCHES = 8  # a take with this many matches on the card or more is a replay's marker


class NothanksDef(GameDef[engine.Rules, "bots.Bot", "NothanksMatch"]):  # bots: loaded when seated
    id = "nothanks"
    engine = engine
    rules_type = engine.Rules
    buttons = (TAKE, PASS)
    bot_levels = LEVELS
    default_level = "medium"
    stand_in_level = "medium"
    demo_levels = ("medium", "hard", "greedy", "easy")
    busiest_level = "greedy"
    lobby_seats = 3
    summary_lines = 1  # the tie-break note takes the second line
    seat_options = ("learner",)  # a learner always has the coach (its words show after the hint delay)
    layout = LAYOUT
    practice = (SCHOOL,)  # the number school, an entry on the choose-game screen

    def title(self) -> str:
        return t("No Thanks!")

    def blurb(self) -> list[str]:
        return [t("Take the card, or pay a match to pass it on."), t("Runs count only their lowest card."),
                t("2–8 players · calm, sly, good for number sense")]

    def button_words(self) -> tuple[str, str]:
        return t("take"), t("pass")

    def showcase(self, art: CardArt, width: int) -> list[pygame.Surface]:
        return [art.nt_card(28, width, "S", "A"), art.nt_card(27, width, "H", "9"), art.nt_card(3, width, "C", "3")]

    def rules_pictures(self, art: CardArt, width: int, rules: engine.Rules) -> list[tuple[str, list[pygame.Surface]]]:
        """The scoring examples of the rules (the seed's): a run counts its lowest card; ♠A, ♥9, ♣3 and 5
        matches score −25."""
        from game.games.nothanks import text
        from game.render.tokens import CHIP, STICK, Tokens

        table = rules
        cards_edition = table.edition == "cards"

        def card(value: int, suit: str, rank: str) -> pygame.Surface:
            return art.nt_card(value, width, suit, rank, mini=True) if cards_edition else art.nt_card(value, width)

        ace, nine, three = card(28, "S", "A"), card(27, "H", "9"), card(3, "C", "3")
        tokens = Tokens()
        token = (tokens.sprite(CHIP, round(width * 0.5)) if text.chips(table)
                 else tokens.sprite(STICK, round(width * 1.1), 90))
        return [
            (text.run_example(table), [nine, ace]),
            (text.score_example(table), [ace, nine, three, *[token] * 5]),
        ]

    def settings_flags(self) -> list[tuple[str, str]]:
        return [(t("No Thanks teaching aid"), "teaching_aid")]

    def rules_text(self, rules: engine.Rules) -> list[str]:
        from game.games.nothanks import text

        return text.rules_text(rules)

    def rules_summary(self, rules: engine.Rules) -> str:
        from game.games.nothanks import text

        return text.summary(rules)

    def lobby_note(self, rules: engine.Rules | None = None) -> str | None:
        """Our tie-break, in the words of `rules`' edition (matches or chips); with none, in words that
        fit both."""
        from game.games.nothanks import text

        return text.tie_break_note(rules)

    def option_specs(self, rules: engine.Rules | None = None, players: int | None = None) -> list[OptionSpec]:
        return engine.rule_options(rules, players)

    def rule_options(self, rules: engine.Rules | None = None, players: int | None = None) -> list[RuleOption]:
        from game.games.nothanks import text

        return text.rule_options(rules, players)

    def rules_from_values(self, values: Mapping[str, object], players: int | None = None) -> engine.Rules:
        return engine.Rules.from_options(dict(values), players)

    def option_values(self, rules: engine.Rules) -> dict[str, OptionValue]:
        """The rules as the lobby's choices: the edition's own set-aside count is the choice None ("Standard")."""
        table = rules
        values: dict[str, OptionValue] = {o.name: getattr(table, o.name) for o in self.option_specs(table)}
        if values.get("set_aside") == engine.standard_set_aside(table):
            values["set_aside"] = None
        return values

    def values_after_change(self, changed: str, values: dict[str, object]) -> dict[str, object]:
        """Switching the edition starts from that edition's own defaults (deck, matches, after-take),
        keeping only the edition and hidden matches."""
        if changed == "edition":
            return {k: v for k, v in values.items() if k in ("edition", "hidden_matches")}
        return values

    def player_range(self, rules: engine.Rules) -> tuple[int, int]:
        low, high = rules.player_range()
        return max(2, low), min(8, high)

    def players_problem(self, rules: engine.Rules, players: int) -> str:
        """The edition's player range, what to change, and the other edition where it would seat this table
        ("The 3–35 edition is for 3 to 7 players: empty 1 seat, or choose the playing-card edition.")."""
        from game.games.nothanks import text

        low, high = self.player_range(rules)
        if low <= players <= high:
            return ""
        other_low, other_high = self.player_range(engine.Rules(edition=other_edition(rules.edition)))
        return text.players_problem(rules, players, (low, high), other_low <= players <= other_high)

    def standard_presets(self) -> list[tuple[str, dict[str, object]]]:
        """The 3–35 edition at its own defaults (9 set aside, 11/9/7 chips, the taker decides again)."""
        return [(t("Standard 3–35 rules"), {"edition": "numbered"})]

    def make_bot(self, level: str | None, rng: random.Random, *, seat: int = 0, rules: engine.Rules | None = None,
                 **tuning: int | None) -> bots.Bot:
        """A bot sees only its seat's observation, so `seat` and `rules` change nothing here; the hard bot
        takes `iterations` and `time_budget_ms`."""
        from game.games.nothanks import bots  # the bots and their search load when a table seats one

        return bots.make_bot(self.check_level(level), rng, time_budget_ms=tuning.get("time_budget_ms"),
                             iterations=tuning.get("iterations"))

    def make_match(self, config: TableConfig, start_ns: int, **options: Unpack[MatchOptions]) -> NothanksMatch:
        """A fixed deal is {"deck": [card, …]} (top first), as the log's header keeps it."""
        from game.games.nothanks.match import NothanksMatch
        from game.record import DIGEST_EVERY

        deal = options.get("deal")
        deck = None if deal is None else [as_int(card, "a card") for card in as_list(deal["deck"], "deck")]
        return NothanksMatch(self.rules_of(config.rules), config.seats, config.seed, start_ns, config.first_player,
                             threaded=options.get("threaded", True), think_scale=options.get("think_scale", 1.0),
                             time_budget_ms=options.get("time_budget_ms"), iterations=options.get("iterations"),
                             deck=deck, replay=options.get("replay", False), record=options.get("record", True),
                             digest_every=options.get("digest_every", DIGEST_EVERY))

    def table_scene(self, config: TableConfig) -> Screen:
        from game.games.nothanks.table import NothanksTable

        return NothanksTable(config)

    def results_body(self, config: TableConfig, match: NothanksMatch) -> ResultsBody:
        from game.games.nothanks.results import NothanksResults

        return NothanksResults(config, match)

    def replay_markers(self, line: int, events: Sequence[Timed], name: Callable[[int], str]) -> list[Marker]:
        """A big take: a card taken with BIG_TAKE_MATCHES matches or more on it."""
        return [Marker(line, BIG_TAKE, tn("{name} takes a card with {n} match", "{name} takes a card with {n} matches",
                                          e.matches, name=name(e.seat)))
                for e in (timed.event for timed in events)
                if isinstance(e, engine.CardTaken) and e.matches >= BIG_TAKE_MATCHES]

    def sim(self) -> SimHooks:
        from game.games.nothanks import sim

        return sim

    def bench(self) -> BenchHooks:
        from game.games.nothanks import bench

        return bench


def other_edition(edition: str) -> str:
    """The edition that is not `edition`."""
    return next(e for e in engine.EDITIONS if e != edition)


DEFINITION = NothanksDef()
