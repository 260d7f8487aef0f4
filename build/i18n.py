"""The gettext catalogues: extract the template from the code with Babel, update the languages' .po files
from it, compile them to .mo.

    python build/i18n.py update    # game/locale/couchcards.pot from the code, then every <lang>.po from it
    python build/i18n.py extract   # only the template
    python build/i18n.py compile   # every .po -> .mo (Babel); the .mo files are committed
    python build/i18n.py check     # exit 1 if the template is stale or a catalogue misses a string

Extraction finds t("..."), tn("...", "...", n), pt("context", "..."), N_("...") and NP_("context", "...") (strings only named where defined) in game/,
as babel.cfg maps the files. `make i18n` runs `update`; build/build.py runs `compile`.
"""

from __future__ import annotations

import copy
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import i18n

TEMPLATE = i18n.LOCALE_DIR / f"{i18n.DOMAIN}.pot"
KEYWORDS = {"t": None, "tn": (1, 2), "N_": None, "pt": ((1, "c"), 2), "NP_": ((1, "c"), 2)}
PROJECT = "Couch Cards"


def _method_map() -> tuple[list[tuple[str, str]], dict]:
    from babel.messages.frontend import parse_mapping_cfg

    with (ROOT / "babel.cfg").open(encoding="utf-8") as f:
        return parse_mapping_cfg(f)


def extract_catalog():
    """The template as a Babel Catalog, extracted from the code now."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    method_map, options_map = _method_map()
    catalog = Catalog(project=PROJECT, domain=i18n.DOMAIN, charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def _po_bytes(catalog) -> bytes:
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, catalog, width=110, include_lineno=False, sort_output=True, ignore_obsolete=True)
    return buf.getvalue()


def extract(path: Path = TEMPLATE) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_po_bytes(extract_catalog()))
    return path


def update() -> list[Path]:
    """Re-extract the template and merge it into every language's .po (new strings come in empty, gone
    ones are dropped; no fuzzy guessing)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    template = extract_catalog()
    TEMPLATE.write_bytes(_po_bytes(template))
    written = [TEMPLATE]
    for code in i18n.LANGUAGES:
        po = i18n.po_path(code)
        if po.exists():
            with po.open("rb") as f:
                catalog = read_po(f, locale=code, domain=i18n.DOMAIN)
        else:
            po.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=code, domain=i18n.DOMAIN, project=PROJECT, charset="utf-8", fuzzy=False)
        catalog.update(copy.deepcopy(template), no_fuzzy_matching=True)  # update shares its messages
        if code == "en":  # the source language: every message is itself
            for message in catalog:
                if message.id:
                    message.string = message.id if isinstance(message.id, str) else tuple(message.id)
        po.write_bytes(_po_bytes(catalog))
        written.append(po)
    return written


def read_catalogue(code: str):
    """A language's .po as a Babel Catalog."""
    from babel.messages.pofile import read_po

    with i18n.po_path(code).open("rb") as f:
        return read_po(f, locale=code, domain=i18n.DOMAIN)


def mo_bytes(code: str) -> bytes:
    """The .mo Babel compiles from a language's .po now (untranslated and fuzzy messages left out)."""
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, read_catalogue(code), use_fuzzy=False)
    return buf.getvalue()


def compile_all() -> list[Path]:
    """Write every language's .mo from its .po (only where it changes, so a clean checkout stays clean)."""
    written = []
    for code in i18n.LANGUAGES:
        if not i18n.po_path(code).exists():
            continue
        mo, data = i18n.mo_path(code), mo_bytes(code)
        if not mo.exists() or mo.read_bytes() != data:
            mo.write_bytes(data)
        written.append(mo)
    return written


def ids(catalog) -> set[tuple[str, ...]]:
    """A catalogue's messages as (msgid,) or (singular, plural)."""
    return {(m.id,) if isinstance(m.id, str) else tuple(m.id) for m in catalog if m.id}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "update"
    if command == "extract":
        print(extract())
    elif command == "update":
        for path in update():
            print(path.relative_to(ROOT))
    elif command == "compile":
        for path in compile_all():
            print(path.relative_to(ROOT))
    elif command == "check":
        from babel.messages.pofile import read_po

        with TEMPLATE.open("rb") as f:
            template = ids(read_po(f))
        fresh = ids(extract_catalog())
        problems = [f"template misses {m!r}" for m in sorted(fresh - template)]
        problems += [f"template has gone {m!r}" for m in sorted(template - fresh)]
        for code in i18n.LANGUAGES:
            done = {(m.id,) if isinstance(m.id, str) else tuple(m.id) for m in read_catalogue(code)
                    if m.id and not m.fuzzy and (all(m.string) if isinstance(m.string, tuple) else m.string)}
            problems += [f"{code} misses {m!r}" for m in sorted(template - done)]
            mo = i18n.mo_path(code)
            if not mo.exists() or mo.read_bytes() != mo_bytes(code):
                problems.append(f"{code}: {mo.name} is not compiled from the current {mo.stem}.po (make i18n)")
        print("\n".join(problems) or "catalogues complete")
        return 1 if problems else 0
    else:
        print(f"usage: {Path(__file__).name} update|extract|compile|check", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
