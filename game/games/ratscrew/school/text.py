"""The slap school's words: drill names, pace and hint choices, feedback, the stars screen. Rule names are
the Ratscrew table's own (game.games.ratscrew.text.slap_label)."""

from __future__ import annotations

from game.games.ratscrew.school.drills import DRILLS
from game.games.ratscrew.text import slap_label
from game.i18n import decimal, t, tn


def title() -> str:
    return t("Slap school")


def blurb() -> list[str]:
    return [t("Learn to see doubles and sandwiches at a glance."), t("One pile, your pace, no penalties."),
            t("1–4 players · drills from doubles to four of a suit")]


def drill_name(index: int) -> str:
    """"1 · Doubles", "2 · + Sandwich", …: the drill's number and the rule it adds."""
    rule = DRILLS[index].newest
    if index == 0:
        return t("{n} · Doubles", n=1)
    return t("{n} · + {rule}", n=index + 1, rule=slap_label(rule))


def pace_label(mode: str) -> str:
    return {"slow": t("Slow"), "medium": t("Medium"), "fast": t("Fast"), "adaptive": t("Adaptive")}[mode]


def hint_label(ms: int | None) -> str:
    return t("Off") if ms is None else t("After {s} s", s=decimal(ms / 1000))


def seconds(ms: int) -> str:
    return t("{s} s", s=decimal(ms / 1000, ".1f"))


def right(rule: str, ms: int) -> str:
    return t("{rule}! {ms} ms", rule=slap_label(rule), ms=ms)


def wrong(near: str | None) -> str:
    if near is None:
        return t("Nothing to slap")
    return t("{rule}? Not quite!", rule=slap_label(near))


def missed(rule: str) -> str:
    return t("{rule} — you didn't slap!", rule=slap_label(rule))


def missed_short(rule: str) -> str:
    return t("Missed: {rule}", rule=slap_label(rule))


def too_early() -> str:
    """A press under 100 ms after the card was shown: nobody sees and slaps that fast."""
    return t("Too early! Wait for the card")


def late(ms: int) -> str:
    return t("Too late by {ms} ms", ms=ms)


def who_plays(row: int) -> str:
    return t("Who is player {n}?", n=row + 1)


def name_for(row: int) -> str:
    return t("Name for player {n}", n=row + 1)


def seat_missed(name: str, rule: str) -> str:
    return t("{name} didn't slap: {rule}", name=name, rule=slap_label(rule))


def pattern(rule: str) -> str:
    return t("{rule}!", rule=slap_label(rule))


def hint(rule: str) -> str:
    return t("Hint: {rule}!", rule=slap_label(rule))


def dont_slap() -> str:
    return t("Don't slap!")


def start_prompt() -> str:
    return t("Slap to start!")


def slap_when() -> str:
    return t("Slap when you see a pattern")


def ready() -> str:
    return t("Get ready…")


def card_count(n: int, total: int) -> str:
    return t("Card {n} of {total}", n=n, total=total)


def pace_now(ms: int, adaptive: bool) -> str:
    return t("Pace {s} · adaptive", s=seconds(ms)) if adaptive else t("Pace {s}", s=seconds(ms))


def pace_changed(faster: bool) -> str:
    """Said kindly (issue 21): faster is praise, slower is no blame."""
    return t("You're quick: the cards come faster!") if faster else t("Let's take it a little slower")


def praise(rule: str, ms: int) -> str:
    """The big word for a right slap, in words a child knows (the ms are in the player's box, smaller)."""
    if ms < 600:
        return t("{rule}! Lightning fast!", rule=slap_label(rule))
    if ms < 1000:
        return t("{rule}! Quick!", rule=slap_label(rule))
    return t("{rule}! Got it!", rule=slap_label(rule))


def slap_key(key: str, pad: str = "") -> str:
    """"L-Shift: slap", "Pad 1 · B: slap"."""
    return t("{pad} · {key}: slap", pad=pad, key=key) if pad else t("{key}: slap", key=key)


def score_line(right: int, decisions: int) -> str:
    return t("{right} of {n} right", right=right, n=decisions)


def accuracy() -> str:
    return t("Accuracy")


def speed() -> str:
    return t("Speed")


def median(ms: int | None) -> str:
    return t("no slap in time") if ms is None else t("median {ms} ms", ms=ms)


def table_heads() -> list[str]:
    return [t("Rule"), t("Right"), t("Missed"), t("Left alone"), t("Wrong"), t("Median")]


def table_title(name: str) -> str:
    return t("{name}, rule by rule", name=name)


def ms(n: int) -> str:
    return t("{ms} ms", ms=n)


def chart_title() -> str:
    return t("Reaction times (ms)")


def no_reactions() -> str:
    return t("No slaps in time this round")


def stars_heading(stars: int, slapped_everything: bool) -> str:
    """The stars screen's cheer for the best player's stars (of 6); no praise for a round where every player
    slapped at nearly everything (they earned no stars by it, and the parent's note says why)."""
    if slapped_everything:
        return t("Look first, then slap!")
    return t("Well played!") if stars >= 4 else t("Good practice!")


def no_pattern() -> str:
    return t("No pattern")


# -- the first step: "Is this a slap?" (untimed), and mastery -------------------------------------------
def kid_words(rule: str) -> str:
    """A pattern said in words a 7-year-old knows."""
    return {
        "double": t("Two cards the same"),
        "sandwich": t("Same card with one between"),
        "top_bottom": t("Top card the same as the bottom card"),
        "marriage": t("A queen on a king"),
        "tens": t("Two cards that make 10 (an ace is 1)"),
        "divorce": t("A king and a queen with one between"),
        "run": t("Three cards in a row, like 4 5 6"),
        "six_nine": t("A 6 and a 9 together"),
        "four_of_a_suit": t("Four cards of the same suit"),
    }[rule]


def quiz_question() -> str:
    return t("Is this a slap?")


def look_for(rule: str) -> str:
    return t("Slap when you see: {words}", words=kid_words(rule))


def quiz_yes() -> str:
    return t("Yes, slap!")


def quiz_no() -> str:
    return t("No slap")


def quiz_told(slap: bool, right: bool) -> str:
    """What an answer is told: right or not, for a pile that is a slap or only almost one."""
    if right:
        return t("Yes! That's a slap.") if slap else t("Right! It only looks close.")
    return t("Look again: that one is a slap!") if slap else t("Look again: no slap this time.")


def quiz_count(n: int, total: int) -> str:
    return t("Pile {i} of {total}", i=n, total=total)


def quiz_done(passed: bool) -> str:
    return t("Well done! Now the cards come by themselves.") if passed else t("Let's look at a few more piles.")


def quiz_go() -> str:
    return t("Go to the drill")


def quiz_again() -> str:
    return t("Try again")


def quiz_keys(buttons: dict[str, str], slaps: list[str]) -> str:
    """The quiz's hint; `buttons` names the pads' buttons (InputPort.buttons), `slaps` the players' slap keys
    and buttons ("L-Shift", "○"), each as their device names it (none known: "slap key")."""
    if not slaps:
        return t("← → choose   Enter / {a} answer   slap key: yes", **buttons)
    return t("← → choose   Enter / {a} answer   {slap}: yes", slap=" / ".join(slaps), **buttons)


def quiz_next(buttons: dict[str, str], slaps: list[str]) -> str:
    """After an answer: what goes on (`slaps` as in `quiz_keys`)."""
    if not slaps:
        return t("Enter / {a} or slap: next pile", **buttons)
    return t("Enter / {a} or {slap}: next pile", slap=" / ".join(slaps), **buttons)


def quiz_skip() -> str:
    return t("Skip to the drill")


def progress_button() -> str:
    return t("Progress…")


def no_practice_yet() -> str:
    """A parent's summary of a player who has not practised yet."""
    return t("No practice yet")


def no_practice_hint() -> str:
    return t("A first drill in the slap school fills in the stars, the minutes and the patterns slapped.")


def tonight(sessions: list[tuple[int, int, int]]) -> str:
    """A guest's sessions this run, for a parent: the share of patterns slapped and the false slaps (slaps where
    there was no pattern), first and last ("" for none). The false slaps stand beside the share, else a student
    who slaps every card would read "100% of patterns" as if praised."""
    shares = [(round(100 * hits / patterns), false) for hits, patterns, false in sessions if patterns]
    if not shares:
        return ""
    (first, false_first), (last, false_last) = shares[0], shares[-1]
    if len(shares) == 1:
        if not false_last:
            return t("Tonight: {p}% of patterns", p=last)
        return tn("Tonight: {p}% of patterns, {n} false slap", "Tonight: {p}% of patterns, {n} false slaps",
                  false_last, p=last)
    if not false_first and not false_last:
        return t("Tonight: {first}% → {last}% of patterns", first=first, last=last)
    return tn("Tonight: {first}% → {last}% of patterns, {before} → {n} false slap",
              "Tonight: {first}% → {last}% of patterns, {before} → {n} false slaps", false_last,
              first=first, last=last, before=false_first)


def false_slaps_note() -> str:
    """A parent's note under a student who slapped cards with no pattern often (the pace went slower for it)."""
    return t("Many false slaps: the pace slowed to give time to look")
