"""The one translation function every user-visible string goes through, backed by standard gettext.

Keys are the English text with {named} fields: `t("{name} wins!", name="Ada")`; counts go through
`tn("{n} match", "{n} matches", n)` (ngettext: each language's own plural forms). The catalogues are the
usual gettext files, game/locale/<lang>/LC_MESSAGES/couchcards.po (template: game/locale/couchcards.pot),
extracted from the code and compiled to .mo with Babel (`make i18n`); the .mo files are committed (a test
checks they match the .po). The game reads the .mo with the standard library's `gettext` and never writes
into its own folder.
"""

from __future__ import annotations

import gettext
import locale
import os
import string
import struct
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game.context import Layered

if TYPE_CHECKING:
    import datetime

DOMAIN = "couchcards"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "da", "sv")  # English is the source language: its catalogue is the identity
NAMES = {"en": "English", "da": "Dansk", "sv": "Svenska"}  # each in its own language
AUTO = "auto"  # the settings value meaning "as the system is set"


def N_(text: str) -> str:
    """Marks a string for extraction where it is only named (translated later with t(variable))."""
    return text


def NP_(context: str, text: str) -> str:
    """N_ for a word with a context: marked for extraction, translated later with pt(context, variable)."""
    return text


# ---- the catalogues' files -----------------------------------------------------------------


def po_path(code: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return po_path(code, locale_dir).with_suffix(".mo")


def _load(code: str, locale_dir: Path = LOCALE_DIR) -> gettext.NullTranslations:
    """The language's translations from its compiled .mo (committed beside the .po, compiled by Babel with
    `make i18n`; the game never writes into its own folder); with none, or a damaged one, the identity
    (English) and one line on stderr."""
    mo = mo_path(code, locale_dir)
    try:
        with mo.open("rb") as f:
            return gettext.GNUTranslations(f)
    except (OSError, ValueError, struct.error) as exc:  # a missing or damaged catalogue costs the language only
        import sys

        reason = f"no {mo.name}" if isinstance(exc, FileNotFoundError) else f"{exc.__class__.__name__}: {exc}"
        print(f"couchcards: cannot read the {code} catalogue ({reason}); showing English", file=sys.stderr)
    return gettext.NullTranslations()


# ---- the current language ---------------------------------------------------------------------------

# code -> translations (a gettext object, or a plain {English: text} dict). Loaded at first use.
Catalogue = gettext.NullTranslations | Mapping[str, str]
CATALOGUES: dict[str, Catalogue | None] = dict.fromkeys(LANGUAGES)


@dataclass(frozen=True)
class LanguageContext:
    """The language a frame's words are in: the render context's sibling (game.render.scale's holds the text
    size and the cards' letters), here because the words of every layer go through this module. The app
    installs the settings' (`set_language`); a test or the replay viewer draws a frame in another with
    `using`, which leaves the one installed as it was."""

    language: str = "en"


_CONTEXT: Layered[LanguageContext] = Layered("language", LanguageContext())
_STATE = _CONTEXT.var  # (installed, the `using` blocks' changes, in force): one get per text translated


def _catalogue(code: str) -> Catalogue | None:
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


def _known(code: str) -> str:
    code = resolve(code)
    if code not in CATALOGUES:
        raise ValueError(f"unknown language {code!r}; known: {', '.join(sorted(CATALOGUES))}")
    return code


def set_language(code: str) -> None:
    """Install `code` as the language in force outside `using` blocks ("auto": the system's); an unknown
    one is refused (ValueError) and changes nothing. The app lays its screens out again on a change."""
    _CONTEXT.install(language=_known(code))


@contextmanager
def using(code: str) -> Iterator[str]:
    """Translate in `code` until the block ends; then the language before is back, whatever happens (the
    one installed never changes: other frames, other contexts go on in theirs)."""
    with _CONTEXT.using(language=_known(code)) as context:
        yield context.language


def language() -> str:
    """The language in force (a code of LANGUAGES)."""
    return _STATE.get()[2].language


def _fill(text: str, values: Mapping[str, object]) -> str:
    return text.format(**values) if values else text


def t(text: str, /, **values: object) -> str:
    """Translate `text` and fill its {named} fields: t("{name} wins!", name="Ada")."""
    cat = _catalogue(_STATE.get()[2].language)
    if isinstance(cat, Mapping):
        translated = cat.get(text, text)
    else:
        translated = cat.gettext(text) if cat is not None else text
    return _fill(translated, values)


def tn(singular: str, plural: str, n: int, /, **values: object) -> str:
    """A count in the language's plural form: tn("{n} match", "{n} matches", n) -> "1 match", "3 matches"
    ("1 tændstik", "3 tændstikker"). `n` fills {n} unless given as a field."""
    cat = _catalogue(_STATE.get()[2].language)
    if isinstance(cat, Mapping):
        translated = cat.get(singular if n == 1 else plural, singular if n == 1 else plural)
    else:
        translated = cat.ngettext(singular, plural, n) if cat is not None else (singular if n == 1 else plural)
    return _fill(translated, {"n": n, **values})


def pt(context: str, text: str, /, **values: object) -> str:
    """Translate `text` as meant in `context` (gettext's msgctxt), where one English word means two things:
    pt("menu", "Back") is the menu's way back, pt("controller button", "Back") the button of that name."""
    cat = _catalogue(_STATE.get()[2].language)
    if isinstance(cat, Mapping):
        translated = cat.get(f"{context}\x04{text}", text)
    else:
        translated = cat.pgettext(context, text) if cat is not None else text
    return _fill(translated, values)


def fields(text: str) -> set[str]:
    """The {named} fields of a message ("{n} in {place}" -> {"n", "place"})."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


def decimal(value: float, spec: str = "g") -> str:
    """A number with the language's decimal mark (the catalogue's "decimal mark"): 1.5 -> "1,5" in Danish."""
    return format(value, spec).replace(".", pt("decimal mark", "."))


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


def short_date(when: datetime.datetime, weekday: bool = False, clock: bool = False) -> str:
    """A date (datetime) as players of the language write it short: "1 Dec" ("1. dec", "1 dec"), with the
    weekday first and the time of day after when asked ("Tue 1 Dec 18:30")."""
    text = t("{day} {month}", day=when.day, month=short_month(when.month))
    if weekday:
        text = f"{short_weekday(when.weekday())} {text}"
    if clock:
        text = f"{text} {when.hour:02d}:{when.minute:02d}"
    return text


def local_time(text: object, tz: datetime.tzinfo | None = None) -> datetime.datetime | None:
    """An ISO 8601 time read from a file (UTC if it names no zone) in local time, or in `tz`; None if it is
    no such time or has none there (year 1 just after midnight east of Greenwich is before year 1 in UTC)."""
    import datetime as dt

    try:
        when = dt.datetime.fromisoformat(text) if isinstance(text, str) else None
        if when is None:
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=dt.UTC)
        return when.astimezone(tz)
    except (ValueError, OverflowError):
        return None
