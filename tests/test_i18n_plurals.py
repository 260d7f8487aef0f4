"""Counts read right at 1 and at 2 in every language: every counted message goes through tn() (ngettext), and
rendering each with 1 and with 2 gives the one-form and the other-form, each with its number, no field left
over; where English changes its noun and a translation does not, the noun is one that does not change
("kort", "spil", "slag"). A message with a {n} that is not a plural must be listed here with the reason."""

from __future__ import annotations

import re
import string

import pytest
from test_i18n_catalogues import po_entries

from game import i18n

# {n} names something, or counts with no noun to agree with, or is never 1: these stay t().
NAMES_A_NUMBER = {  # seats, players, controllers, drills, presets by number
    "Bot {n}", "Controller {n}", "Controller {n} connected", "Controller {n} connected — press {a} to join",
    "Controller {n} connected — press {start}, then {a}, to join", "Controller {n} disconnected",
    "Controller {n} is Player {p} again", "Controller {n} is {name} again",
    "Controller {n} is back — press {a} to play {name}", "Controller {n} is back: press {a} to play", "Controller {n} joined: {name}", "Controller {n} plays {name}",
    "Controller {n} takes its seat at the next safe moment",
    "Controller {n} takes {name}'s seat at the next safe moment", "Controller {n} unplugged",
    "Controller {n} {button}", "Controller {n} — press {start}, then {a}, to join",
    "Controller {n}: press {a} to join", "Controller {n}: press {a} to play {name}", "Controller {n}: {a} / {b}",
    "House rules {n}", "Name for player {n}",
    "Name for seat {n}", "Player {n}",
    "Player {n} joined.", "P{n}", "P{n} now uses {key}.", "P{n}'s keys",
    "P{n}: swapped {a} and {b}.", "Seat {n}", "Who is player {n}?", "Who plays seat {n}?",
    "bot: {level} · controller {n} next", "{key} is already P{n}'s key. Pick another, or change P{n} first.",
    "{n} · + {rule}", "{n} · Doubles", "Card {n} of {total}", "Question {n} of {total}",
    "it does not replay as it was recorded (it parts at command {n})",
}
NO_NOUN = {  # a number after a colon, in brackets, as a score or a share: nothing agrees with it
    "  slaps: {n} ({wrong} wrong)", "  {rule}: {right} of {n} in time", "Gets the pile ({n})", "Owes {n}",
    "owes {n}", "{name} owes {n}", "{name} owes {n}: press {key}", "Owes {n}: {key}", "Standard ({n})", "score {n}",
    "wrong: {w} of {n}", "median {ms} ms of {n}", "{right} of {n}", "{right} of {n} right", "{n} %",
    "{n} in the pile", "{n} left", "{n}, no {token} on it", "Wrong slap burns {n}", "Wrong slap! Burns {n}",
    "{rules} · +{n} more",
    "{card} joins {under} and {over} into one run: you gain {n}",
}
NEVER_ONE = {  # 4 × cards per suit; the replays kept; 1 point has its own message
    "1–{k} ({n} cards)", "The last {n} games · {i} of {count}",
    "No games yet: every finished game is kept here (the last {n}).", "{card} costs you {n} points",
}
INVARIANT = {"da": {"kort", "spil", "slag", "point", "prøvespil", "spiller"},
             "sv": {"kort", "spel", "slag", "poäng", "låtsasspel", "pass", "spelare"}}


def template() -> list[dict]:
    return po_entries(i18n.LOCALE_DIR / "couchcards.pot")


def dummy(text: str) -> dict[str, object]:
    """A value for every field but n (names as a name, numbers as 7)."""
    values: dict[str, object] = {}
    for _, name, spec, _ in string.Formatter().parse(text):
        if name and name != "n":
            values[name.split(".")[0]] = 7 if spec else "Mia"
    return values


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def test_every_message_with_a_count_is_a_plural_or_says_why_not():
    loose = [e["msgid"] for e in template() if e["msgid_plural"] is None and "n" in i18n.fields(e["msgid"])
             and e["msgid"] not in NAMES_A_NUMBER | NO_NOUN | NEVER_ONE]
    assert loose == [], f"count through tn(), or list with its reason: {loose}"
    gone = (NAMES_A_NUMBER | NO_NOUN | NEVER_ONE) - {e["msgid"] for e in template()}
    assert gone == set(), f"listed here, gone from the code: {gone}"


def words(text: str) -> set[str]:
    return set(re.findall(r"[^\W\d_]+", text.lower()))


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_every_counted_message_reads_right_at_1_and_at_2(code):
    i18n.set_language(code)
    plurals = [e for e in template() if e["msgid_plural"] is not None]
    assert len(plurals) >= 25
    wrong = []
    for e in plurals:
        values = dummy(e["msgid"] + e["msgid_plural"])
        one = i18n.tn(e["msgid"], e["msgid_plural"], 1, **values)
        two = i18n.tn(e["msgid"], e["msgid_plural"], 2, **values)
        if "{" in one + two or "1" not in one or "2" not in two:
            wrong.append((e["msgid"], one, two))
            continue
        i18n.set_language("en")
        en_one = i18n.tn(e["msgid"], e["msgid_plural"], 1, **values)
        en_two = i18n.tn(e["msgid"], e["msgid_plural"], 2, **values)
        i18n.set_language(code)
        if code == "en" and words(en_one) == words(en_two):
            wrong.append((e["msgid"], "English says the same at 1 and 2: no plural needed", en_two))
        elif (code != "en" and words(en_one) != words(en_two) and words(one) == words(two)
              and not words(two) & INVARIANT[code]):
            wrong.append((e["msgid"], one, two))
    assert wrong == [], "\n".join(map(repr, wrong))


@pytest.mark.parametrize("code, one, two", [
    ("en", "1 session, oldest to newest", "2 sessions, oldest to newest"),
    ("da", "1 omgang, ældste til nyeste", "2 omgange, ældste til nyeste"),
    ("sv", "1 pass, äldsta till nyaste", "2 pass, äldsta till nyaste"),
])
def test_the_stats_screens_sessions_count_in_the_language(code, one, two):
    """The issue's example: "1 sessions, oldest to newest" (scenes/stats.py)."""
    i18n.set_language(code)
    single = "{n} session, oldest to newest → (○ practice)"
    many = "{n} sessions, oldest to newest → (○ practice)"
    assert i18n.tn(single, many, 1).startswith(one) and i18n.tn(single, many, 2).startswith(two)


def test_set_aside_agrees_in_swedish():
    i18n.set_language("sv")
    assert i18n.tn("{n} card set aside", "{n} cards set aside", 1) == "1 kort lagt åt sidan"
    assert i18n.tn("{n} card set aside", "{n} cards set aside", 2) == "2 kort lagda åt sidan"
