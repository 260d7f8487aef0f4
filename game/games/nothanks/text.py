"""No Thanks words: rule option labels, the rules summary, the rules for newcomers, the tie-break note.

The engine carries no translated text; everything a player reads about the rules is made here. The
engine's "matches" are matches in the playing-card edition and chips in the numbered one (`chips`):
one word and one picture (game.games.nothanks.view_model.token_kind) throughout each edition.
"""

from __future__ import annotations

from game.cards import SUIT_SYMBOLS
from game.core.contract import RuleOption
from game.core.options import OptionValue, whole
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
    """"♣ < ♦ < ♥ < ♠", its spaces non-breaking: a wrapped line never leaves one suit alone on the next."""
    return "\u00a0<\u00a0".join(SUIT_SYMBOLS[s] for s in order)


def _choice_label(name: str, value: OptionValue, rules: nt.Rules) -> str:
    if name == "edition":
        return t("Playing cards, four suits") if value == "cards" else t("Numbered cards 3–35")
    if name == "ranks_per_suit":
        return t("1–{k} ({n} cards)", k=value, n=4 * whole(name, value))
    if name == "suit_order" and isinstance(value, tuple):
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


def players_problem(rules: nt.Rules, players: int, span: tuple[int, int], other_fits: bool) -> str:
    """Why `players` cannot play `rules`' edition (it seats `span`), and what to change: seats, or (where it
    seats them, `other_fits`) the other edition."""
    low, high = span
    if rules.edition == "numbered":
        edition = t("The 3–35 edition is for {low} to {high} players", low=low, high=high)
    else:
        edition = t("The playing-card edition is for {low} to {high} players", low=low, high=high)
    if players < low:
        fix = tn("add {n} player or bot", "add {n} players or bots", low - players)
    else:
        fix = tn("empty {n} seat", "empty {n} seats", players - high)
    if other_fits:
        fix = (t("{fix}, or choose the playing-card edition", fix=fix) if rules.edition == "numbered"
               else t("{fix}, or choose the 3–35 edition", fix=fix))
    return t("{edition}: {fix}.", edition=edition, fix=fix)


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
    parts.append(tn("{n} card set aside", "{n} cards set aside", rules.aside))
    each = rules.each
    if chips(rules):
        if each is None:
            parts.append(t("11/9/7 chips by players"))
        else:
            parts.append(tn("{n} chip each", "{n} chips each", each))
    elif each is None:
        parts.append(t("11/9/7 matches by players"))
    else:
        parts.append(tn("{n} match each", "{n} matches each", each))
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


def score_rule(rules: nt.Rules) -> str:
    """The results' one-line reminder of how a total is made (the seed's scoring), in the edition's words."""
    if chips(rules):
        return t("Each chip left scores +1, each card minus its number, a run only its lowest card. "
                 "Highest total wins.")
    return t("Each match left scores +1, each card minus its value, a run only its lowest card. Highest total wins.")


def score_sum(rules: nt.Rules, name: str, counted: list[int], tokens: int, total: str) -> str:
    """A player's total worked out from the cards that count (each run's lowest) and the tokens left, as the
    rules screen works out its example: "Player 3: −1 − 7 − 12 + 11 matches = −9"."""
    cards = "−" + " − ".join(str(v) for v in counted) if counted else "0"
    if chips(rules):
        return tn("{name}: {cards} + {n} chip = {total}", "{name}: {cards} + {n} chips = {total}", tokens,
                  name=name, cards=cards, total=total)
    return tn("{name}: {cards} + {n} match = {total}", "{name}: {cards} + {n} matches = {total}", tokens,
              name=name, cards=cards, total=total)


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


COURTS = {"1": "A", "11": "J", "12": "Q", "13": "K"}  # ranks a real deck names by letter: the ace and the courts


def card_name(rules: nt.Rules, value: int) -> str:
    """How the table writes a card: "♠A", "♥9", "♣Q" in the playing-card edition (rank 1 is the ace, ranks
    11-13 of a deck with more than 10 cards a suit are a real deck's jack, queen and king), in the player's
    card letters ("♠E", "♣D" in Danish and Swedish, "♣Kn" a Swedish jack); the number in the numbered one."""
    label = nt.card_label(rules, value)
    if rules.edition != "cards" or label[1:] not in COURTS:
        return label
    return label[0] + letter(COURTS[label[1:]])


def _suit_names() -> dict[str, str]:
    return {"C": t("clubs"), "D": t("diamonds"), "H": t("hearts"), "S": t("spades")}


def values_text(rules: nt.Rules) -> str:
    """The playing-card edition's values, in words a voice can read: each suit's range in this table's
    suit order and deck size, then the run across a suit border ("♥9 and ♠A are a run")."""
    k = rules.ranks_per_suit
    first, second, third, fourth = (_suit_names()[s] for s in rules.suit_order)
    return t("Playing-card edition: a card's value is its place across the suits. {first} come first, from 1 to "
             "{k}. Then {second} from {k1} to {k2}, {third} from {k3} to {k4} and {fourth} from {k5} to {k6}. "
             "So {last} and {next} are a run. An ace is the 1 of its suit, {ace}.",
             first=first.capitalize(), second=second, third=third, fourth=fourth, k=k, k1=k + 1, k2=2 * k,
             k3=2 * k + 1, k4=3 * k, k5=3 * k + 1, k6=4 * k, last=card_name(rules, 3 * k),
             next=card_name(rules, 3 * k + 1), ace=letter("A"))


def rules_text(rules: nt.Rules) -> list[str]:
    """Paragraphs of the rules, for people who have never played (in the words of `rules`' edition)."""
    if chips(rules):
        play = [
            t("One card lies face up. On your turn, take it and every chip on it. "
              "Or say no thanks: pay one of your chips onto it."),
            t("With no chips left, you must take the card."),
        ]
        score = t("At the end, every card counts minus its value. But in a run of cards that follow each other, "
                  "only the lowest counts. Every chip left is worth plus one. Whoever has the most points wins.")
    else:
        play = [
            t("One card lies face up. On your turn, take it and every match on it. "
              "Or say no thanks: pay one of your matches onto it."),
            t("With no matches left, you must take the card."),
        ]
        score = t("At the end, every card counts minus its value. But in a run of cards that follow each other, "
                  "only the lowest counts. Every match left is worth plus one. Whoever has the most points wins.")
    return [
        *play,
        t("Some cards are set aside unseen at the start, so nobody knows which cards will come."),
        t("When you take the card, the next card is turned face up and you decide again.")
        if rules.after_take == "same_player"
        else t("When you take the card, the next card is turned face up and it is the next player's turn."),
        score,
        *([] if chips(rules) else [values_text(rules)]),
        tie_break_note(rules if rules is not None and hasattr(rules, "edition") else None),
    ]
