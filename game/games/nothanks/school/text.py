"""The number school's words, in words a six-year-old knows when they are read aloud (en/da/sv through
game.i18n). A card's worth is told the seed's way: ♦3 = one whole row of 9 (♣) + 3 = 12. In Danish and
Swedish a row of a suit is "a whole suit" ("en hel kulør", "en hel färg"): "række" and "serie" are runs."""

from __future__ import annotations

from collections.abc import Mapping

from game.cards import SUIT_SYMBOLS
from game.games.nothanks import engine as nt
from game.games.nothanks.school import questions as qs
from game.i18n import N_, t, tn

STEP_NAMES = {
    "more_suit": N_("Which card is worth more?"),
    "more_across": N_("Worth more: two suits"),
    "worth_pick": N_("What is the card worth?"),
    "worth_dial": N_("Find the number"),
    "run": N_("Is it a run?"),
    "count": N_("Count a hand"),
    "base": N_("More or fewer cards in each suit"),
}
STEP_LESSONS = {
    "more_suit": N_("In one suit, the bigger number is worth more."),
    "more_across": N_("A higher suit beats a lower suit, even with a small number."),
    "worth_pick": N_("Count the whole rows before the card, then add its number."),
    "worth_dial": N_("Count the whole rows before the card, then add its number."),
    "run": N_("A run is cards that come right after each other, even into the next suit."),
    "count": N_("In a run only the lowest card counts. Each match is one point back."),
    "base": N_("A longer row makes the same card worth more."),
}


def title() -> str:
    return t("Number school")


def lobby_entry() -> str:
    return t("Learn the numbers…")


def blurb() -> list[str]:
    return [t("What is each card worth? Count the rows."), t("Runs and points, counted with real cards."),
            t("1 child · keys or a controller")]


def step_name(step_id: str) -> str:
    return t(STEP_NAMES[step_id])


def lesson(step_id: str) -> str:
    return t(STEP_LESSONS[step_id])


def suits(order: tuple[str, ...], short: bool = False) -> str:
    """The suits lowest first, as symbols: "♣ < ♦ < ♥ < ♠" ("♣♦♥♠" short)."""
    return ("" if short else " < ").join(SUIT_SYMBOLS[s] for s in order)


def label(rules: nt.Rules, value: int) -> str:
    return nt.card_label(rules, value)


def worth(rules: nt.Rules, c: qs.Card) -> str:
    """The seed's sum for one card: "♦3 = 1 whole row of 9 (♣) + 3 = 12"; "♣3 = 3" in the first suit."""
    below = rules.suit_order[: rules.suit_order.index(c.suit)]
    if not below:
        return f"{label(rules, c.value)} = {c.value}"
    rows = tn("{n} whole row of {k} ({suits})", "{n} whole rows of {k} ({suits})", len(below),
              k=rules.ranks_per_suit, suits=" ".join(SUIT_SYMBOLS[s] for s in below))
    return t("{card} = {rows} + {rank} = {value}", card=label(rules, c.value), rows=rows, rank=c.rank,
             value=c.value)


def prompt(q: qs.Question) -> str:
    """What the child is asked."""
    if q.kind == qs.MORE:
        return t("Which card is worth more?")
    if q.kind == qs.RUN:
        return t("Is it a run?")
    if q.kind == qs.COUNT:
        return tn("What does this hand score? It has {n} match.", "What does this hand score? It has {n} matches.",
                  q.matches)
    if q.kind == qs.BASE:
        return tn("Now each suit has {n} card. What is this card worth?",
                  "Now each suit has {n} cards. What is this card worth?", q.ranks_per_suit)
    return t("What is this card worth?")


def keys(q: qs.Question, answer: str, buttons: Mapping[str, str]) -> str:
    """Which keys answer; `buttons` names the connected pads' buttons (InputPort.buttons)."""
    if answer == "side":
        return t("← left   → right") if q.kind == qs.MORE else t("← yes   → no")
    if answer == "dial":
        return t("↑ ↓ one more or less   ← → a whole row   0–9 type it   Enter / {a}: that's it", **buttons)
    return t("← → choose   Enter / {a}: that's it", **buttons)


def yes_no(value: int) -> str:
    return t("Yes") if value == qs.YES else t("No")


def number(n: int) -> str:
    """A number as printed: a real minus sign."""
    return str(n).replace("-", "\u2212")


def choice(q: qs.Question, value: int) -> str:
    return yes_no(value) if q.kind == qs.RUN else number(value)


def verdict(right: bool | None, said: str = "") -> str:
    if right is None:
        return t("Time's up. Here is how it goes:")
    if right:
        return t("Yes, that's right!")
    return t("You said {answer}. Here is how it goes:", answer=said) if said else t("Not this time. Here is how it goes:")


def explain(q: qs.Question) -> list[str]:
    """The lines under the picture once the child has answered: the seed's sums, and why."""
    if q.kind in (qs.WORTH, qs.BASE, qs.MORE):
        lines = [worth(q.rules, c) for c in q.cards]
        if q.kind == qs.MORE:
            best = max(q.cards, key=lambda c: c.value)
            lines.append(t("{card} is worth more.", card=label(q.rules, best.value)))
        return lines
    values = ", ".join(str(c.value) for c in q.cards)
    if q.kind == qs.RUN:
        head = t("The cards are worth {values}.", values=values)
        return [head, t("They come right after each other: a run.") if q.answer == qs.YES
                else t("They don't all come right after each other: no run.")]
    counted = [r.counted for r in nt.runs([c.value for c in q.cards])]
    return [t("Only the lowest card of each run counts: {cards}.",
              cards=", ".join(label(q.rules, v) for v in counted)),
            f"{number(-counted[0])} " + "".join(f"\u2212 {v} " for v in counted[1:])
            + f"+ {q.matches} = {number(q.answer)}"]


def question_of(index: int, total: int) -> str:
    return t("Question {n} of {total}", n=index + 1, total=total)


def pace_line(limit_ms: int | None) -> str:
    if limit_ms is None:
        return t("Take your time.")
    return t("Gentle pace: {s} seconds a question", s=round(limit_ms / 1000))


def right_of(right: int, total: int) -> str:
    return t("{right} of {total} right", right=right, total=total)


def stars_heading(stars: int) -> str:
    return (t("Keep going!"), t("Good!"), t("Very good!"), t("Perfect!"))[max(0, min(3, stars))]


def matches(n: int) -> str:
    return tn("+ {n} match", "+ {n} matches", n)


def cards_per_suit(k: int) -> str:
    return tn("{n} card", "{n} cards", k)


def next_line(step_id: str, k: int) -> str:
    return tn("Next: {step}, with {n} card in each suit", "Next: {step}, with {n} cards in each suit", k,
              step=step_name(step_id))


def mastered_line(steps: list[tuple[str, int]]) -> str:
    if not steps:
        return t("Mastered: nothing yet")
    return t("Mastered: {steps}", steps=", ".join(
        t("{step} ({n} a suit)", step=step_name(s), n=k) for s, k in steps))


def mastered_short(steps: list[tuple[str, int]]) -> str:
    """The mastered steps in a line for a player's stats: the steps' numbers on the ladder, per deck size."""
    if not steps:
        return t("Number school: nothing mastered yet")
    per_size = []
    for k in sorted({k for _, k in steps}):
        numbers = [str(qs.STEP_IDS.index(s) + 1) for s, at in steps if at == k]
        # Two messages, not a plural: the count (how many steps) is never written, only the steps' numbers.
        per_size.append(t("step {steps} ({k} a suit)", steps=numbers[0], k=k) if len(numbers) == 1
                        else t("steps {steps} ({k} a suit)", steps=", ".join(numbers), k=k))
    return t("Number school, mastered: {list}", list="; ".join(per_size))


def no_rounds_yet() -> str:
    """A parent's summary of a player who has not practised yet."""
    return t("No practice yet — a first lesson fills in the stars.")


def rounds_line(rounds: int, recent: int, minutes: float) -> str:
    return tn("{n} round kept, {recent} in the last two weeks, {minutes} minutes in all",
              "{n} rounds kept, {recent} in the last two weeks, {minutes} minutes in all", rounds, recent=recent,
              minutes=round(minutes))
