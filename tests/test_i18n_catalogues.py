"""The gettext catalogues (game/locale): complete, placeholders kept, the template current with the code,
plural forms, the committed .mo compiled by Babel from the current .po, the build bundling them."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

from game import i18n

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = ("da", "sv")


def load_build_i18n():
    spec = importlib.util.spec_from_file_location("couchcards_build_i18n", ROOT / "build" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def po_entries(path: Path, code: str | None = None) -> list[dict]:
    """A .po or .pot file's messages (read by Babel) as dicts: msgid, msgid_plural (or None), msgstr (a list:
    one per plural form), msgctxt, fuzzy. The header is left out."""
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        catalog = read_po(f, locale=code)
    out = []
    for m in catalog:
        if not m.id:
            continue
        plural = not isinstance(m.id, str)
        strings = list(m.string) if isinstance(m.string, (tuple, list)) else [m.string or ""]
        out.append({"msgid": m.id[0] if plural else m.id, "msgid_plural": m.id[1] if plural else None,
                    "msgstr": strings, "msgctxt": m.context, "fuzzy": m.fuzzy})
    return out


def entries(code: str) -> list[dict]:
    return po_entries(i18n.po_path(code), code)


def template_ids() -> set[tuple[str, ...]]:
    return {(e["msgid"],) if e["msgid_plural"] is None else (e["msgid"], e["msgid_plural"])
            for e in po_entries(i18n.LOCALE_DIR / "couchcards.pot")}


@pytest.fixture
def english():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_every_catalogue_translates_every_string_of_the_template(code):
    done = {(e["msgid"],) if e["msgid_plural"] is None else (e["msgid"], e["msgid_plural"])
            for e in entries(code) if all(e["msgstr"]) and not e["fuzzy"]}
    missing = sorted(template_ids() - done)
    assert missing == [], f"{code} misses {len(missing)}: {missing[:10]}"
    assert len(template_ids()) > 500


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_translations_keep_exactly_the_placeholders_of_the_english(code):
    wrong = []
    for e in entries(code):
        english = [e["msgid"]] if e["msgid_plural"] is None else [e["msgid"], e["msgid_plural"]]
        for i, text in enumerate(e["msgstr"]):
            source = english[min(i, len(english) - 1)]
            if i18n.fields(text) != i18n.fields(source):
                wrong.append((source, text))
    assert wrong == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_danish_and_swedish_are_really_translated(code):
    """Not English copied: the words players use, and most strings differ from the English."""
    cat = {e["msgid"]: e["msgstr"][0] for e in entries(code)}
    differ = sum(msgstr != msgid for msgid, msgstr in cat.items())
    assert differ > 0.8 * len(cat)
    words = {"da": {"No Thanks!": "Nej tak!", "Matches": "Tændstikker", "Jack": "Knægt", "Queen": "Dame",
                    "King": "Konge", "Ace": "Es", "Slap!": "Slå!"},
             "sv": {"No Thanks!": "Nej tack!", "Matches": "Tändstickor", "Jack": "Knekt", "Queen": "Dam",
                    "King": "Kung", "Ace": "Ess", "Slap!": "Slå!", "Sandwich": "Smörgås"}}[code]
    assert {k: cat[k] for k in words} == words


def test_the_template_is_what_the_code_holds_now():
    """Re-extract with Babel into memory and compare: a string added or changed in the code without
    `make i18n` fails here."""
    build_i18n = load_build_i18n()
    fresh = build_i18n.ids(build_i18n.extract_catalog())
    current = template_ids()
    assert sorted(fresh - current) == [], "run `make i18n`: strings missing from game/locale/couchcards.pot"
    assert sorted(current - fresh) == [], "run `make i18n`: the template has strings the code no longer uses"


def test_words_translated_through_a_variable_are_in_the_template():
    """t(level), t(key label), t(rule name): game/i18n_names.py lists them for the extraction."""
    from game import games
    from game.history.queries import rule_label
    from game.input import families, keys

    ids = {m[0] for m in template_ids()}
    named = {level for d in games.all_games() for level in d.bot_levels}
    named |= set(keys._SHORT.values()) | set(families.LETTERS) | set(families.WORDS)
    rules = {r for d in games.all_games() for r in getattr(d.engine, "SLAP_RULES", ())}
    assert rules, "no slap rules found"
    i18n.set_language("en")
    named |= {rule_label(r) for r in rules}
    assert sorted(named - ids) == []


def test_every_printed_button_word_is_in_the_template_as_a_button():
    """Each family's button words (View, Options, Share, …) are translated with the context "controller button"
    (pt), so the template must hold each with that context, and every word a family prints is one of them."""
    from babel.messages.pofile import read_po

    from game.input import families

    with open(i18n.LOCALE_DIR / "couchcards.pot", "rb") as f:
        buttons = {m.id for m in read_po(f) if m.context == families.BUTTON}
    printed = {w for names in (*families.LABELS.values(), *families.MODEL_LABELS.values()) for w in names.values()}
    words = {w for w in printed if w.isascii() and w.isalpha() and len(w) > 2}
    assert words <= families.WORDS
    assert sorted(families.WORDS - buttons) == []


def test_the_check_command_reports_a_complete_set(capsys):
    assert load_build_i18n().main(["check"]) == 0
    assert "catalogues complete" in capsys.readouterr().out


@pytest.mark.parametrize("code", TRANSLATED)
def test_danish_and_swedish_plural_forms(code, english):
    header = i18n.po_path(code).read_text(encoding="utf-8").split("\n\n", 1)[0]
    assert "Plural-Forms: nplurals=2; plural=(n != 1);" in header
    i18n.set_language(code)
    one, two = {"da": ("1 tændstik hver", "3 tændstikker hver"), "sv": ("1 tändsticka var", "3 tändstickor var")}[code]
    assert i18n.tn("{n} match each", "{n} matches each", 1) == one
    assert i18n.tn("{n} match each", "{n} matches each", 3) == two
    assert i18n.tn("{n} match each", "{n} matches each", 0).startswith("0 ")
    assert i18n.tn("{n} match each", "{n} matches each", 0).endswith(two.split(" ", 1)[1])


def test_english_plurals_and_fields(english):
    i18n.set_language("en")
    assert i18n.tn("{n} match each", "{n} matches each", 1) == "1 match each"
    assert i18n.tn("{n} match each", "{n} matches each", 3) == "3 matches each"
    assert i18n.tn("{name} took {card} with {n} match", "{name} took {card} with {n} matches", 2,
                   name="Ada", card="♠5") == "Ada took ♠5 with 2 matches"
    assert i18n.t("{name} wins!", name="Bo") == "Bo wins!"


def test_the_game_shows_counts_in_the_plural_form(english):
    from game.games.nothanks import engine as nt
    from game.games.nothanks import text as nt_text

    i18n.set_language("da")
    assert "1 tændstik hver" in nt_text.summary(nt.Rules(matches=1))
    assert "5 tændstikker hver" in nt_text.summary(nt.Rules(matches=5))
    i18n.set_language("sv")
    assert "5 tändstickor var" in nt_text.summary(nt.Rules(matches=5))


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_the_committed_mo_is_what_babel_compiles_from_the_po_now(code):
    """The .mo files are committed (the game never compiles or writes into its own folder): each must be
    exactly Babel's compile of the current .po (`make i18n` writes them)."""
    assert i18n.mo_path(code).read_bytes() == load_build_i18n().mo_bytes(code), f"run make i18n: {code}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_game_reads_what_the_po_says(code):
    cat = i18n._load(code)
    for e in entries(code):
        if e["fuzzy"] or not all(e["msgstr"]):
            continue
        if e.get("msgctxt") is not None:  # one English word, two meanings ("Back")
            assert cat.pgettext(e["msgctxt"], e["msgid"]) == e["msgstr"][0]
        elif e["msgid_plural"] is None:
            assert cat.gettext(e["msgid"]) == e["msgstr"][0]
        else:
            assert cat.ngettext(e["msgid"], e["msgid_plural"], 1) == e["msgstr"][0]
            assert cat.ngettext(e["msgid"], e["msgid_plural"], 7) == e["msgstr"][1]
    assert cat.plural(1) == 0 and cat.plural(3) == 1


def test_loading_a_language_writes_nothing_into_the_games_folder(tmp_path):
    before = {p: p.stat().st_mtime_ns for p in i18n.LOCALE_DIR.rglob("*")}
    for code in i18n.LANGUAGES:
        i18n.CATALOGUES[code] = None  # as at a fresh start
        i18n._catalogue(code)
    assert {p: p.stat().st_mtime_ns for p in i18n.LOCALE_DIR.rglob("*")} == before


def test_a_missing_or_broken_catalogue_costs_the_language_with_one_line(tmp_path, capsys):
    po = i18n.po_path("da", tmp_path)
    po.parent.mkdir(parents=True)
    shutil.copy(i18n.po_path("da"), po)  # a .po alone is not read: the game never compiles one
    cat = i18n._load("da", tmp_path)
    assert cat.gettext("Settings") == "Settings"
    err = capsys.readouterr().err
    assert "da catalogue" in err and len(err.strip().splitlines()) == 1
    assert not i18n.mo_path("da", tmp_path).exists()
    mo = i18n.mo_path("sv", tmp_path)
    mo.parent.mkdir(parents=True)
    mo.write_bytes(b"\xde\x12\x04\x95garbage")
    assert i18n._load("sv", tmp_path).gettext("Settings") == "Settings"
    err = capsys.readouterr().err
    assert "sv catalogue" in err and len(err.strip().splitlines()) == 1


def test_the_build_bundles_every_catalogue_where_game_i18n_looks(tmp_path, monkeypatch):
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_build import SpecRun

    run = SpecRun("linux", tmp_path, monkeypatch)
    (_, analysis) = run.one("Analysis")
    bundled = {(Path(src).name, dest) for src, dest in analysis["datas"]}
    for code in i18n.LANGUAGES:
        where = f"game/locale/{code}/LC_MESSAGES"
        assert ("couchcards.mo", where) in bundled
        assert ("couchcards.po", where) in bundled
        mo = next(Path(src) for src, dest in analysis["datas"] if dest == where and src.endswith(".mo"))
        assert mo.read_bytes() == load_build_i18n().mo_bytes(code)  # compiled from the current .po


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_every_catalogue_holds_only_what_the_template_has(code):
    """No message the code no longer uses stays behind (a merge that kept both sides' entries, and no `make i18n`
    after it, left `{n} session` in every .po): `build/i18n.py update` drops them, without fuzzy guesses."""
    ids = {(e["msgid"],) if e["msgid_plural"] is None else (e["msgid"], e["msgid_plural"]) for e in entries(code)}
    assert sorted(ids - template_ids()) == []
    assert not any(e["fuzzy"] for e in entries(code))
