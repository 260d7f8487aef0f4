"""No Thanks words: rule option labels, the rules summary, the rules for newcomers, the tie-break note.

The engine carries no translated text; everything a player reads about the rules is made here. The
engine's "matches" are matches in the playing-card edition and chips in the numbered one (`chips`):
one word and one picture (game.games.nothanks.view_model.token_kind) throughout each edition.
"""

from __future__ import annotations

from game.cards import SUIT_SYMBOLS
from game.core.contract import RuleOption
from game.core.options import OptionValue
from game.games.nothanks import engine as nt
from game.i18n import t, tn
from game.render.letters import letter


def chips(rules: nt.Rules | None) -> bool:
    """Whether these rules' tokens are chips (the numbered edition) rather than matches."""
    return rules is not None and rules.edition == "numbered"


def _option_label(name: str, rules: nt.Rules | None = None) -> str:
    on = chips(rules)
    return {
        "edition": t("Edition"),
        "ranks_per_suit": t("Cards per suit"),
        "suit_order": t("Suit order"),
        "set_aside": t("Cards set aside unseen"),
        "matches": t("Chips each") if on else t("Matches each"),
        "after_take": t("After taking a card"),
        "hidden_matches": t("Chip counts") if on else t("Match counts"),
    }[name]


def _suit_order(order: tuple[str, ...]) -> str:
    return " < ".join(SUIT_SYMBOLS[s] for s in order)


def _choice_label(name: str, value: OptionValue, rules: nt.Rules) -> str:
    if name == "edition":
        return t("Playing cards, four suits") if value == "cards" else t("Numbered cards 3–35")
    if name == "ranks_per_suit":
        return t("1–{k} ({n} cards)", k=value, n=4 * value)
    if name == "suit_order":
        return _suit_order(value)
    if name == "set_aside":
        return t("Standard ({n})", n=nt.standard_set_aside(rules)) if value is None else str(value)
    if name == "matches":
        return t("Standard: 11, or 9 for 6 players, 7 for 7") if value is None else str(value)
    if name == "after_take":
        return (t("the turn passes to the next player") if value == "next_player"
                else t("the taker decides on the next card"))
    if name == "hidden_matches":
        if value:
            return t("hidden: you see only your own")
        return t("everyone's chips are public") if chips(rules) else t("everyone's matches are public")
    return str(value)


def rule_options(rules: nt.Rules | None = None, players: int | None = None) -> list[RuleOption]:
    """The lobby's labelled options for `rules`' edition and table size (the engine's option data,
    labelled). The set-aside choices depend on the deck size, so the lobby asks again after a change."""
    rules = nt.Rules() if rules is None else rules
    return [RuleOption(o, _option_label(o.name, rules), tuple(_choice_label(o.name, v, rules) for v in o.choices))
            for o in nt.rule_options(rules, players)]


def reference_prompt(chips_edition: bool) -> str:
    """A prompt naming both keys, as the table words it, for the room it needs (the layout's and the centre's)."""
    name = t("Player {n}", n=1)
    if chips_edition:
        return t("{name}: take it ({take}) or pay a chip ({pay})?", name=name, take="Q", pay="L-Shift")
    return t("{name}: take it ({take}) or pay a match ({pay})?", name=name, take="Q", pay="L-Shift")


def corner_line(rules: nt.Rules) -> str:
    """The table corner's short line: the cards in play (the rest is behind the rules key)."""
    return summary(rules).split(" · ")[0]


def summary(rules: nt.Rules) -> str:
    """One line for the lobby and the results screen: every option, compactly."""
    if rules.edition == "numbered":
        parts = [t("Numbers {low}–{high}", low=nt.NUMBERED_LOW, high=nt.NUMBERED_HIGH)]
    else:
        parts = [t("Cards 1–{k} in {order}", k=rules.ranks_per_suit, order=_suit_order(rules.suit_order))]
    parts.append(tn("{n} card set aside", "{n} cards set aside", rules.set_aside))
    if chips(rules):
        if rules.matches is None:
            parts.append(t("11/9/7 chips by players"))
        else:
            parts.append(tn("{n} chip each", "{n} chips each", rules.matches))
    elif rules.matches is None:
        parts.append(t("11/9/7 matches by players"))
    else:
        parts.append(tn("{n} match each", "{n} matches each", rules.matches))
    if rules.after_take == "same_player":
        parts.append(t("the taker decides again"))
    else:
        parts.append(t("after taking a card, the turn passes on"))
    if rules.hidden_matches:
        parts.append(t("hidden chips") if chips(rules) else t("hidden matches"))
    return " · ".join(parts)


def tie_break_note(rules: nt.Rules | None = None) -> str:
    """Our tie-break (the published rules name none); the lobby and the rules screen state it. In the
    words of `rules`' edition; with none, in words that fit both."""
    if rules is None:
        return t("Ties: the tied player with more left over wins; if still tied, they share the win.")
    if chips(rules):
        return t("Ties: the tied player with more chips left wins; if still tied, they share the win.")
    return t("Ties: the tied player with more matches left wins; if still tied, they share the win.")


def _example_names(rules: nt.Rules | None) -> tuple[str, str, str]:
    """The seed's example cards as the table writes them: ♠A, ♥9, ♣3 (28, 27, 3 in the numbered edition)."""
    if chips(rules):
        return "28", "27", "3"
    return f"♠{letter('A')}", "♥9", "♣3"


def run_example(rules: nt.Rules | None) -> str:
    """The rules screen's run picture: two cards in a row count only the lower."""
    ace, nine, _ = _example_names(rules)
    return t("A run: {low} (27) and {high} (28) follow each other, so only the lowest counts: −27.",
             low=nine, high=ace)


def score_example(rules: nt.Rules | None) -> str:
    """The rules screen's scoring picture, the seed's: ♠A, ♥9, ♣3 and 5 matches score −25."""
    ace, nine, three = _example_names(rules)
    if chips(rules):
        return t("{a}, {b}, {c} and 5 chips: −27 − 3 + 5 = −25.", a=ace, b=nine, c=three)
    return t("{a}, {b}, {c} and 5 matches: −27 − 3 + 5 = −25.", a=ace, b=nine, c=three)


def rules_text(rules: nt.Rules) -> list[str]:
    """Paragraphs of the rules, for people who have never played (in the words of `rules`' edition)."""
    if chips(rules):
        play = [
            t("One card lies face up. On your turn, take it — with every chip lying on it — "
              "or pay one of your chips onto it to pass the problem on."),
            t("With no chips left, you must take the card."),
        ]
        score = t("At the end, every card counts minus its value, but in a run of consecutive values only "
                  "the lowest card counts. Every chip left is worth plus one. The highest total wins.")
    else:
        play = [
            t("One card lies face up. On your turn, take it — with every match lying on it — "
              "or pay one of your matches onto it to pass the problem on."),
            t("With no matches left, you must take the card."),
        ]
        score = t("At the end, every card counts minus its value, but in a run of consecutive values only the "
                  "lowest card counts. Every match left is worth plus one. The highest total wins.")
    return [
        *play,
        t("Some cards are set aside unseen at the start, so nobody knows which cards will come."),
        t("When you take the card, the next card is turned face up and you decide again.")
        if rules.after_take == "same_player"
        else t("When you take the card, the next card is turned face up and it is the next player's turn."),
        score,
        *([] if chips(rules) else [
            t("Playing-card edition: a card's value is its place across the suits. With 9 cards per suit, "
              "♣1–9 are 1–9, ♦1–9 are 10–18, ♥1–9 are 19–27 and ♠1–9 are 28–36, so ♥9 and ♠1 are a run. "
              "The 1 of a suit is its ace, {ace}.", ace=letter("A"))]),
        tie_break_note(rules if rules is not None and hasattr(rules, "edition") else None),
    ]
