"""Read aloud (issue 41): every message of every catalogue can be read to a child by a parent at first sight.
No sentence runs past MAX_WORDS words, no run of symbols a voice cannot say ("♣1–9 1–9"), and no Danish or
Swedish message is its English left as it was, except the names and keys that are the same in every language
(SAME_AS_ENGLISH)."""

from __future__ import annotations

import re

import pytest
from test_i18n_catalogues import entries

from game import i18n

MAX_WORDS = 20
# Said the same in the language as in English: names, buttons and keys as printed, units, and words the
# languages share.
SAME_AS_ENGLISH = {
    "both": {"Couch Cards", "Egyptian Ratscrew", "Bot", "Bot {n}", "Bot · {level}", "bot: {level}", "robot",
             "smiley", "orange", "A", "B", "X", "Y", "LB", "RB", "LT", "RT", "Start", "Back", "Guide", "Enter",
             "Esc", "OK", "ok", "Median", "median {ms} ms", "Normal (8 min)", "Standard ({n})",
             "System ({language})", "Num +", "Num .", "Num Enter", "Num {key}", "Num ×", "Num ÷", "Num −",
             # the words printed on pads' buttons (issue 36): View, Menu, Create, Options, Share, Select, Home, Steam
             "View", "Menu", "Create", "Options", "Share", "Select", "Home", "Steam"},
    "da": {"Backspace", "Tab", "Pause", "Sandwich", "pro", "Esc / {start}: pause", "Controller {n}",
           "Controller ({name})", "Controller {n} {button}", "Controller {n}: {a} / {b}"},
    "sv": {"{day} {month}"},
}
SUITS = "♠♥♦♣"
# A suit glued to a range ("♣1–9"), or a range and a number with nothing but a space between them ("1–9 1–9",
# "10–18 19"): a voice has no word to put between them ("4 5 6" is counted aloud).
RANGE, NUMBER = r"\d+\s*[–-]\s*\d+", r"\d+(?:\s*[–-]\s*\d+)?"
UNSAYABLE = [
    re.compile(rf"[{SUITS}]{RANGE}"),
    re.compile(rf"(?<![\w{{]){RANGE}\s+{NUMBER}(?![\w}}])|(?<![\w{{]){NUMBER}\s+{RANGE}(?![\w}}])"),
]


def texts(code: str) -> list[tuple[str, str]]:
    """(English, text) of every message and plural form of `code`'s catalogue."""
    out = []
    for e in entries(code):
        english = [e["msgid"]] if e["msgid_plural"] is None else [e["msgid"], e["msgid_plural"]]
        out += [(english[min(i, len(english) - 1)], text) for i, text in enumerate(e["msgstr"])]
    return out


def sentences(text: str) -> list[str]:
    """A message's sentences: a {field} reads as one word; a line, a key hint's column (three spaces) and
    a sentence's end (. ! ? before a space) end one."""
    text = re.sub(r"\{[^{}]*\}", "X", text)
    return [s for part in re.split(r"\n| {3,}", text) for s in re.split(r"(?<=[.!?])\s+", part) if s.strip()]


def words(sentence: str) -> list[str]:
    return re.findall(r"\w[\w'’-]*", sentence)


def unsayable(text: str) -> list[str]:
    bare = re.sub(r"\{[^{}]*\}", " ", text)
    return [m.group(0) for pattern in UNSAYABLE for m in pattern.finditer(bare)]


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_no_sentence_is_too_long_to_read_aloud(code):
    long = [(len(words(s)), s) for _, text in texts(code) for s in sentences(text) if len(words(s)) > MAX_WORDS]
    assert long == [], "\n".join(f"{n} words: {s}" for n, s in long)


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_no_run_of_symbols_a_voice_cannot_say(code):
    found = [(text, run) for _, text in texts(code) for run in unsayable(text)]
    assert found == [], "\n".join(f"{run!r} in {text!r}" for text, run in found)


@pytest.mark.parametrize("code", ["da", "sv"])
def test_no_message_is_left_in_english(code):
    """A message whose words are all {fields}, numbers, units or symbols reads the same everywhere; any other
    message equal to its English must be on the list of names and keys."""
    allowed = SAME_AS_ENGLISH["both"] | SAME_AS_ENGLISH[code]
    left = sorted({english for english, text in texts(code) if text == english and english not in allowed
                   and re.search(r"[^\W\d_]{2,}", re.sub(r"\{[^{}]*\}|\b(ms|min|s)\b", " ", english))})
    assert left == []


@pytest.mark.parametrize("code", ["da", "sv"])
def test_the_allowed_list_holds_only_what_is_still_the_same(code):
    """An entry translated since is dropped from the list (a list that lets anything through checks nothing)."""
    same = {english for english, text in texts(code) if text == english}
    stale = sorted((SAME_AS_ENGLISH["both"] | SAME_AS_ENGLISH[code]) - same)
    assert stale == []


def test_the_checks_catch_what_the_issue_found():
    old = "Med 9 kort i hver kulør er ♣1–9 1–9, ♦1–9 10–18, ♥1–9 19–27 og ♠1–9 28–36, så ♥9 og ♠1 er en række."
    assert unsayable(old)
    assert not unsayable("{a}, {b}, {c} and 5 matches: −27 − 3 + 5 = −25.")
    assert not unsayable("Clubs come first, from 1 to 9. Then diamonds from 10 to 18.")
    assert not unsayable("{n} s · {ms} ms") and not unsayable("Three cards in a row, like 4 5 6")
    assert unsayable("♦1–9 are 10–18") and unsayable("from 10–18 19")
    assert len(words("A jack, queen, king or ace is a challenge: the next player must pay 1, 2, 3 or 4 cards, "
                     "turning them up one at a time.")) > MAX_WORDS
    assert sentences("Tag det!   ↑ ↓ flyt   Enter / A vælg") == ["Tag det!", "↑ ↓ flyt", "Enter / A vælg"]
    assert sentences("{name} tog {card}. Så kommer næste.") == ["X tog X.", "Så kommer næste."]


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_the_rules_screens_read_aloud(code):
    """The rules as the screens show them, with their numbers and cards filled in, at several tables."""
    from game.games.nothanks import engine as nt
    from game.games.nothanks import text as nt_text
    from game.games.ratscrew import engine as rs
    from game.games.ratscrew import text as rs_text

    i18n.set_language(code)
    try:
        paragraphs = []
        for rules in (nt.Rules(), nt.Rules(ranks_per_suit=13), nt.Rules.numbered()):
            paragraphs += nt_text.rules_text(rules)
        for rules in (rs.Rules(), rs.Rules(ten_stops=True, slap_lockout_ms=500, burn=1)):
            paragraphs += rs_text.rules_text(rules)
        long = [s for p in paragraphs for s in sentences(p) if len(words(s)) > MAX_WORDS]
        assert long == []
        assert [run for p in paragraphs for run in unsayable(p)] == []
    finally:
        i18n.set_language("en")
