"""The glossary (docs/glossary.md) holds the catalogues to one word per thing: wherever the English of a message
uses a glossary term, the Danish and the Swedish use theirs, and never a word the glossary rules out."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_i18n_catalogues import entries

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "glossary.md"
COLUMNS = {"da": 2, "sv": 3}


def pattern(term: str) -> str:
    """A glossary cell's term as a regex: whole word; "…" at the end: any word it begins; at the start: inside
    a word too."""
    inside, prefix = term.startswith("…"), term.endswith("…")
    core = re.escape(term.strip("…"))
    return ("" if inside else r"(?<![\w'])") + core + ("" if prefix else r"(?![\w'])")


def terms(cell: str) -> list[str]:
    return [t.strip() for t in cell.split(",") if t.strip()]


def rows() -> list[dict]:
    out = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5 or cells[0] in ("Concept", "") or set(cells[0]) <= {"-"}:
            continue
        never = [c.strip() for c in cells[4].split("/")] if cells[4] else ["", ""]
        never += [""] * (2 - len(never))
        english = terms(cells[1])
        out.append({
            "concept": cells[0],
            "english": english,
            "every": english == ["*"],
            "en": [pattern(t) for t in english if not t.startswith("!") and t != "*"],
            "not_en": [pattern(t[1:]) for t in english if t.startswith("!")],
            "da": [pattern(t) for t in terms(cells[2])], "sv": [pattern(t) for t in terms(cells[3])],
            "never_da": [pattern(t) for t in terms(never[0])], "never_sv": [pattern(t) for t in terms(never[1])],
        })
    return out


def strip_fields(text: str) -> str:
    """The words of a message, its {fields} left out (a field's name is no word on screen)."""
    return re.sub(r"\{[^{}]*\}", " ", text)


def catalogue(code: str) -> list[tuple[str, str]]:
    """(English, translation) of every message and plural form."""
    out = []
    for e in entries(code):
        english = [e["msgid"]] if e["msgid_plural"] is None else [e["msgid"], e["msgid_plural"]]
        for i, text in enumerate(e["msgstr"]):
            out.append((english[min(i, len(english) - 1)], text))
    return out


def uses(patterns: list[str], text: str) -> bool:
    return any(re.search(p, strip_fields(text), re.IGNORECASE) for p in patterns)


def test_the_glossary_has_a_term_for_each_of_the_issues_concepts():
    english = {t.strip("…") for r in rows() for t in r["english"]}
    for word in ("controller", "seat", "slap", "pile", "challeng", "head start", "learner", "match", "chip", "run",
                 "claim", "burn", "count for slaps", "adaptive", "double"):
        assert word in english, word
    assert all(r["da"] and r["sv"] for r in rows() if not r["every"])


def test_each_term_is_checked_against_messages_that_use_it():
    """No row that no message uses (a typo in the glossary would check nothing)."""
    messages = [strip_fields(e) for e, _ in catalogue("da")]
    unused = [r["concept"] for r in rows() if not r["every"]
              and not any(re.search(p, m, re.IGNORECASE) for p in r["en"] for m in messages)]
    assert unused == []


@pytest.mark.parametrize("code", sorted(COLUMNS))
def test_the_catalogues_use_the_glossarys_term_where_the_english_does(code):
    wrong = []
    for row in rows():
        if row["every"] or not row[code]:
            continue
        for english, text in catalogue(code):
            words = strip_fields(english)
            for skip in row["not_en"]:
                words = re.sub(skip, " ", words, flags=re.IGNORECASE)
            if any(re.search(p, words, re.IGNORECASE) for p in row["en"]) and not uses(row[code], text):
                wrong.append((row["concept"], english, text))
    assert wrong == [], "\n".join(f"{c}: {e!r} -> {t!r}" for c, e, t in wrong)


@pytest.mark.parametrize("code", sorted(COLUMNS))
def test_the_catalogues_never_use_a_word_the_glossary_rules_out(code):
    wrong = []
    for row in rows():
        for english, text in catalogue(code):
            applies = row["every"] or any(re.search(p, strip_fields(english), re.IGNORECASE) for p in row["en"])
            if applies and uses(row[f"never_{code}"], text):
                wrong.append((row["concept"], english, text))
    assert wrong == [], "\n".join(f"{c}: {e!r} -> {t!r}" for c, e, t in wrong)


def test_the_glossary_test_reads_the_cells_as_the_glossary_says():
    assert re.search(pattern("controller…"), "tre controllere")
    assert not re.search(pattern("tag"), "tage")
    assert re.search(pattern("…styring…"), "standardstyringen")
    assert not re.search(pattern("pad"), "d-padden") and re.search(pattern("pad-…"), "pad-knap")
    assert strip_fields("{seat} · A to join") == "  · A to join"
