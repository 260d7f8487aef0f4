"""The one translation function every user-visible string goes through, backed by standard gettext.

Keys are the English text with {named} fields: `t("{name} wins!", name="Ada")`; counts go through
`tn("{n} match", "{n} matches", n)` (ngettext: each language's own plural forms). The catalogues are the
usual gettext files, game/locale/<lang>/LC_MESSAGES/couchcards.po (template: game/locale/couchcards.pot),
extracted from the code with Babel (`make i18n`). The game reads the compiled .mo with the standard
library's `gettext`; a missing or stale .mo is compiled here on first use (pure Python: Babel is a
build-time tool only), and if it cannot be written the .po is read directly.
"""

from __future__ import annotations

import ast
import gettext
import io
import locale
import os
import string
import struct
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

DOMAIN = "couchcards"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "da", "sv")  # English is the source language: its catalogue is the identity
NAMES = {"en": "English", "da": "Dansk", "sv": "Svenska"}  # each in its own language
AUTO = "auto"  # the settings value meaning "as the system is set"


def N_(text: str) -> str:
    """Marks a string for extraction where it is only named (translated later with t(variable))."""
    return text


# ---- reading and writing catalogues -----------------------------------------------------------------


def po_path(code: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return po_path(code, locale_dir).with_suffix(".mo")


def _unquote(token: str) -> str:
    token = token.strip()
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise ValueError(f"not a quoted string: {token[:40]!r}")
    return ast.literal_eval(token)  # PO strings use the C escapes Python also reads (\n \t \" \\)


def parse_po(text: str) -> list[dict[str, Any]]:
    """The entries of a .po file: dicts with msgid, msgid_plural (or None), msgstr (a list: one per plural
    form), fuzzy, and flags. The header is the entry with msgid ""."""
    entries: list[dict[str, Any]] = []
    entry: dict[str, Any] | None = None
    field: tuple[str, int] | None = None
    flags: set[str] = set()

    def close() -> None:
        nonlocal entry
        if entry is not None:
            entries.append(entry)
        entry = None

    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        try:
            if not line:
                continue
            if line.startswith("#,"):
                close()
                flags |= {f.strip() for f in line[2:].split(",") if f.strip()}
                continue
            if line.startswith("#"):
                if line.startswith("#~"):
                    continue  # obsolete entries
                close()
                continue
            if line.startswith('"'):
                if entry is None or field is None:
                    raise ValueError("a string continues nothing")
                name, index = field
                if name == "msgstr":
                    entry["msgstr"][index] += _unquote(line)
                else:
                    entry[name] += _unquote(line)
                continue
            keyword, _, rest = line.partition(" ")
            if keyword == "msgctxt" or (keyword == "msgid" and entry is not None and "msgstr" in entry):
                close()
            if keyword == "msgctxt":
                entry = {"msgctxt": _unquote(rest), "flags": flags}
                flags = set()
                field = ("msgctxt", 0)
            elif keyword == "msgid":
                if entry is None:
                    entry = {"flags": flags}
                    flags = set()
                entry.update(msgid=_unquote(rest), msgid_plural=None, msgstr=[])
                field = ("msgid", 0)
            elif keyword == "msgid_plural":
                entry["msgid_plural"] = _unquote(rest)
                field = ("msgid_plural", 0)
            elif keyword.startswith("msgstr"):
                index = int(keyword[7:-1]) if keyword.startswith("msgstr[") else 0
                while len(entry["msgstr"]) <= index:
                    entry["msgstr"].append("")
                entry["msgstr"][index] = _unquote(rest)
                field = ("msgstr", index)
            else:
                raise ValueError(f"unknown keyword {keyword!r}")
        except (ValueError, SyntaxError, KeyError, TypeError) as exc:
            raise ValueError(f"line {lineno}: {exc}") from None
    close()
    for e in entries:
        e["fuzzy"] = "fuzzy" in e["flags"]
        e.setdefault("msgstr", [""])
    return entries


def _mo_pairs(entries: Iterable[dict[str, Any]]) -> dict[bytes, bytes]:
    """The (id, string) pairs a .mo holds: untranslated and fuzzy entries are left out (so they show in
    English), except the header."""
    pairs: dict[bytes, bytes] = {}
    for e in entries:
        header = e["msgid"] == ""
        if not header and (e["fuzzy"] or not all(e["msgstr"])):
            continue
        key = e["msgid"] if e["msgid_plural"] is None else f"{e['msgid']}\0{e['msgid_plural']}"
        if e.get("msgctxt") is not None:
            key = f"{e['msgctxt']}\x04{key}"
        pairs[key.encode()] = "\0".join(e["msgstr"]).encode()
    return pairs


def write_mo(entries: Iterable[dict[str, Any]]) -> bytes:
    """A GNU .mo file (what msgfmt makes) of parsed .po entries."""
    pairs = sorted(_mo_pairs(entries).items())
    n = len(pairs)
    ids = b"".join(k + b"\0" for k, _ in pairs)
    strs = b"".join(v + b"\0" for _, v in pairs)
    start = 7 * 4 + 16 * n
    offsets, o = [], 0
    for k, _ in pairs:
        offsets += [len(k), start + o]
        o += len(k) + 1
    soffsets, o = [], 0
    for _, v in pairs:
        soffsets += [len(v), start + len(ids) + o]
        o += len(v) + 1
    head = struct.pack("Iiiiiii", 0x950412DE, 0, n, 7 * 4, 7 * 4 + 8 * n, 0, 0)
    return head + struct.pack(f"{2 * n}i", *offsets) + struct.pack(f"{2 * n}i", *soffsets) + ids + strs


def compile_catalogue(code: str, locale_dir: Path = LOCALE_DIR) -> Path:
    """Writes <lang>/LC_MESSAGES/couchcards.mo from its .po (atomically); returns its path."""
    po, mo = po_path(code, locale_dir), mo_path(code, locale_dir)
    data = write_mo(parse_po(po.read_text(encoding="utf-8")))
    tmp = mo.with_suffix(".mo.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, mo)
    return mo


def compile_all(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    return [compile_catalogue(code, locale_dir) for code in LANGUAGES if po_path(code, locale_dir).exists()]


def _load(code: str, locale_dir: Path = LOCALE_DIR) -> gettext.NullTranslations:
    """The language's translations: its .mo (compiled first if missing or older than the .po); if that
    cannot be written, the .po read directly; with neither, the identity (English)."""
    po, mo = po_path(code, locale_dir), mo_path(code, locale_dir)
    try:
        stale = po.exists() and (not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime)
        if stale:
            try:
                compile_catalogue(code, locale_dir)
            except OSError:  # a read-only install: read the .po itself
                data = write_mo(parse_po(po.read_text(encoding="utf-8")))
                return gettext.GNUTranslations(io.BytesIO(data))
        if not mo.exists():
            raise OSError(f"neither {po.name} nor {mo.name} in {po.parent}")
        with mo.open("rb") as f:
            return gettext.GNUTranslations(f)
    except (OSError, ValueError) as exc:  # a damaged catalogue costs the language, never the game
        import sys

        print(f"couchcards: cannot read the {code} catalogue ({exc}); showing English", file=sys.stderr)
    return gettext.NullTranslations()


# ---- the current language ---------------------------------------------------------------------------

# code -> translations (a gettext object, or a plain {English: text} dict). Loaded at first use.
CATALOGUES: dict[str, Any] = dict.fromkeys(LANGUAGES)
_language = "en"


def _catalogue(code: str) -> Any:
    cat = CATALOGUES.get(code)
    if cat is None and code in CATALOGUES:
        cat = CATALOGUES[code] = gettext.NullTranslations() if code == "en" else _load(code)
    return cat


def system_language(environ: Mapping[str, str] | None = None,
                    getlocale: Callable[[], tuple[str | None, str | None]] | None = None) -> str:
    """The system's language among ours: LANGUAGE (a colon list), LC_ALL, LC_MESSAGES, LANG, then the
    locale the system reports (Windows names such as "Danish_Denmark" too); English if none is ours."""
    env = os.environ if environ is None else environ
    candidates: list[str] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            candidates += value.split(":") if var == "LANGUAGE" else [value]
    try:
        candidates.append((getlocale or locale.getlocale)()[0] or "")
    except (ValueError, TypeError):
        pass
    windows = {"danish": "da", "swedish": "sv", "english": "en"}
    for c in candidates:
        head = c.split(".")[0].split("@")[0].replace("-", "_")
        if head in ("C", "POSIX", ""):
            continue
        code = head.split("_")[0].lower()
        code = windows.get(code, code)
        if code in ("nb", "nn", "no"):
            continue  # Norwegian: not ours; look further down the list
        if code in LANGUAGES:
            return code
    return "en"


def resolve(code: str) -> str:
    """A settings value as a language: "auto" is the system's."""
    return system_language() if code == AUTO else code


def set_language(code: str) -> None:
    """Switch language ("auto": the system's). The app empties its caches of drawn text on a change."""
    global _language
    code = resolve(code)
    if code not in CATALOGUES:
        raise ValueError(f"unknown language {code!r}; known: {', '.join(sorted(CATALOGUES))}")
    _language = code


def language() -> str:
    return _language


def _fill(text: str, values: Mapping[str, object]) -> str:
    return text.format(**values) if values else text


def t(text: str, /, **values: object) -> str:
    """Translate `text` and fill its {named} fields: t("{name} wins!", name="Ada")."""
    cat = _catalogue(_language)
    if isinstance(cat, Mapping):
        translated = cat.get(text, text)
    else:
        translated = cat.gettext(text) if cat is not None else text
    return _fill(translated, values)


def tn(singular: str, plural: str, n: int, /, **values: object) -> str:
    """A count in the language's plural form: tn("{n} match", "{n} matches", n) -> "1 match", "3 matches"
    ("1 tændstik", "3 tændstikker"). `n` fills {n} unless given as a field."""
    cat = _catalogue(_language)
    if isinstance(cat, Mapping):
        translated = cat.get(singular if n == 1 else plural, singular if n == 1 else plural)
    else:
        translated = cat.ngettext(singular, plural, n) if cat is not None else (singular if n == 1 else plural)
    return _fill(translated, {"n": n, **values})


def pt(context: str, text: str, /, **values: object) -> str:
    """Translate `text` as meant in `context` (gettext's msgctxt), where one English word means two things:
    pt("menu", "Back") is the menu's way back, pt("controller button", "Back") the button of that name."""
    cat = _catalogue(_language)
    if isinstance(cat, Mapping):
        translated = cat.get(f"{context}\x04{text}", text)
    else:
        translated = cat.pgettext(context, text) if cat is not None else text
    return _fill(translated, values)


def fields(text: str) -> set[str]:
    """The {named} fields of a message ("{n} in {place}" -> {"n", "place"})."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


# -- dates in the language (the C library's %a/%b follow the system's locale, not the game's) --------------
def short_month(month: int) -> str:
    """The month's short name (1 = January): "Dec", "dec"."""
    names = (t("Jan"), t("Feb"), t("Mar"), t("Apr"), t("May"), t("Jun"), t("Jul"), t("Aug"), t("Sep"),
             t("Oct"), t("Nov"), t("Dec"))
    return names[month - 1]


def short_weekday(weekday: int) -> str:
    """The weekday's short name (0 = Monday, as datetime.weekday()): "Tue", "tir", "tis"."""
    names = (t("Mon"), t("Tue"), t("Wed"), t("Thu"), t("Fri"), t("Sat"), t("Sun"))
    return names[weekday]


def short_date(when: Any, weekday: bool = False, clock: bool = False) -> str:
    """A date (datetime) as players of the language write it short: "1 Dec" ("1. dec", "1 dec"), with the
    weekday first and the time of day after when asked ("Tue 1 Dec 18:30")."""
    text = t("{day} {month}", day=when.day, month=short_month(when.month))
    if weekday:
        text = f"{short_weekday(when.weekday())} {text}"
    if clock:
        text = f"{text} {when.hour:02d}:{when.minute:02d}"
    return text
