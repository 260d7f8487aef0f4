"""The one translation function every user-visible string goes through.

Keys are the English text; a catalogue maps them per language (English is the identity).
"""

from __future__ import annotations

CATALOGUES: dict[str, dict[str, str]] = {"en": {}}
_language = "en"


def set_language(code: str) -> None:
    global _language
    if code not in CATALOGUES:
        raise ValueError(f"unknown language {code!r}; known: {', '.join(sorted(CATALOGUES))}")
    _language = code


def language() -> str:
    return _language


def t(text: str, /, **values: object) -> str:
    """Translate `text` and fill its {named} fields: t("{name} wins!", name="Ada")."""
    translated = CATALOGUES.get(_language, {}).get(text, text)
    return translated.format(**values) if values else translated
