"""A history whose rows break its own rules is repaired, never thrown away (issue 34).

SQLite keeps a row that points at nothing (a slap of a game that is gone: `PRAGMA integrity_check` passes),
but a migration that copies it fails on the foreign key, and so would everything that trusts the keys.
`problems` finds such rows (and names or seats there twice) in a database of the current version; `rebuild`
makes a new database of the current version from any older or damaged one, row by row, parents first:

- a row that points at no game, practice session or player is left out, and counted;
- a seat whose player is gone is kept as a guest's seat (what deleting the player does);
- a player whose name another player already has is kept under a free name ("Mia (2)");
- a row there twice (a seat of a game) is kept once; a row missing a value takes the column's default;
- a table that can't be read to its end keeps the rows read before the damage.

The database as it was is kept beside the repaired one (`<name>.before-repair-<time>`), and `Salvage.line`
says in one line what was kept and what was left out, and why.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from game.history import schema
from game.names import clean_name, free_name
from game.settings import free_path

TABLES = ("profiles", "games", "practice", "seats", "events")  # parents before the rows that point at them
LEGACY = {"events": "slaps"}  # a table of today's schema -> where versions 1 and 2 kept its rows
NOUNS = {"profiles": ("player", "players"), "games": ("game", "games"),
         "practice": ("practice session", "practice sessions"), "seats": ("seat", "seats"),
         "events": ("event", "events")}
REPAIRING = ".repairing"  # the new database is made beside the old one under this suffix, then moved over it


def plural(n: int, noun: tuple[str, str]) -> str:
    return f"{n:,} {noun[0] if n == 1 else noun[1]}"


@dataclass(slots=True)
class Salvage:
    """What a rebuild kept (rows per table), left out ((noun, why) -> rows) and changed."""

    kept: Counter[str] = field(default_factory=Counter)
    left_out: Counter[tuple[tuple[str, str], str]] = field(default_factory=Counter)
    guests: int = 0  # seats whose player is gone, kept as guests' seats
    renamed: list[str] = field(default_factory=list)  # players kept under a new name: "Mia -> Mia (2)"
    unread: list[str] = field(default_factory=list)  # tables whose end could not be read
    copy: Path | None = None  # the database as it was, kept beside the repaired one

    @property
    def rows(self) -> int:
        return sum(self.kept.values())

    def line(self) -> str:
        """"kept 3 players, 1,204 games, …; 1 slap pointed at no game and was left out": one line."""
        kept = [plural(self.kept[t], NOUNS[t]) for t in TABLES if t != "seats" and self.kept[t]]
        parts = ["kept " + (" and ".join([", ".join(kept[:-1]), kept[-1]] if len(kept) > 1 else kept) or "nothing")]
        for (noun, why), n in sorted(self.left_out.items()):
            parts.append(f"{plural(n, noun)} {why} and {'was' if n == 1 else 'were'} left out")
        if self.guests == 1:
            parts.append("1 seat whose player is gone is kept as a guest's")
        elif self.guests:
            parts.append(f"{self.guests:,} seats whose players are gone are kept as guests'")
        if self.renamed:
            parts.append(f"{plural(len(self.renamed), NOUNS['profiles'])} with a name taken twice "
                         f"renamed ({', '.join(self.renamed[:3])}{' …' if len(self.renamed) > 3 else ''})")
        if self.unread:
            parts.append(f"the rest of the {', '.join(self.unread)} could not be read")
        return "; ".join(parts)


def problems(conn: sqlite3.Connection) -> str | None:
    """Why a database of the current version needs `rebuild` (rows pointing at nothing, a player's name or
    a game's seat there twice), in a few words; None when its rows keep its rules."""
    orphans = conn.execute("PRAGMA foreign_key_check").fetchall()
    if orphans:
        tables = sorted({str(row[0]) for row in orphans})
        return f"{len(orphans):,} rows of {', '.join(tables)} point at nothing"
    twice = conn.execute("SELECT (SELECT count(*) FROM (SELECT 1 FROM profiles GROUP BY name COLLATE NOCASE "
                         "HAVING count(*) > 1)) + (SELECT count(*) FROM (SELECT 1 FROM seats GROUP BY game_id, seat "
                         "HAVING count(*) > 1))").fetchone()[0]
    return f"{twice:,} keys are there twice" if twice else None


def rebuild(source: Path, target: Path, keep_copy: bool) -> Salvage:
    """Make `target` a database of the current version holding every row of `source` that can be kept (see
    the module's doc). `keep_copy`: copy `source` beside `target` first (`source` is `target`, repaired in
    place); otherwise `source` was already set aside. `target` is replaced only once the new database is
    whole: an OSError or sqlite3.Error leaves it as it was."""
    temp = target.with_name(target.name + REPAIRING)
    for leftover in (temp, temp.with_name(temp.name + "-journal")):
        leftover.unlink(missing_ok=True)
    try:
        found = _into(source, temp)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    if keep_copy:
        found.copy = free_path(target, "before-repair")
        shutil.copy2(source, found.copy)
    os.replace(temp, target)
    return found


def _into(source: Path, temp: Path) -> Salvage:
    dest = sqlite3.connect(str(temp), isolation_level=None)
    try:
        dest.execute("PRAGMA foreign_keys = ON")
        schema.migrate(dest)
        src = sqlite3.connect(str(source), isolation_level=None)
        try:
            # Read only, and past a schema that names pages beyond a cut-off end (a truncated file still
            # lists its tables, and the first ones are often whole).
            src.execute("PRAGMA query_only = ON")
            src.execute("PRAGMA writable_schema = ON")
            found = salvage(src, dest)
        finally:
            src.close()
    finally:
        dest.close()
    return found


def salvage(src: sqlite3.Connection, dest: sqlite3.Connection) -> Salvage:
    """Copy every row of `src` (any version) that `dest` (empty, the current version, foreign keys on) can
    keep, in one transaction."""
    out = Salvage()
    tables = {str(r["name"]) for r in _rows(src, "SELECT name FROM sqlite_master WHERE type = 'table'", out, "schema")}
    dest.execute("BEGIN")
    for table in TABLES:
        name = table if table in tables else LEGACY.get(table, "")
        if name not in tables:
            continue
        info = dest.execute(f"PRAGMA table_info({table})").fetchall()  # cid, name, type, notnull, default, pk
        columns = {str(r[1]): (str(r[2]), bool(r[3]), r[4] is not None) for r in info}
        for row in _rows(src, f'SELECT * FROM "{name}"', out, NOUNS[table][1]):
            _keep(dest, table, {k: v for k, v in row.items() if k in columns}, columns, out)
    dest.execute("COMMIT")
    return out


def _rows(src: sqlite3.Connection, sql: str, out: Salvage, what: str) -> list[dict[str, object]]:
    """The rows of `sql` as {column: value}, up to where the file can't be read any further."""
    rows: list[dict[str, object]] = []
    try:
        cursor = src.execute(sql)
        names = [d[0] for d in cursor.description]
        for row in cursor:
            rows.append(dict(zip(names, row)))
    except sqlite3.DatabaseError:
        out.unread.append(what)
    return rows


def _keep(dest: sqlite3.Connection, table: str, row: dict[str, object],
          columns: dict[str, tuple[str, bool, bool]], out: Salvage) -> None:
    noun = NOUNS[table]
    if table == "events":
        kind = row.setdefault("kind", "slap")  # versions 1 and 2 kept only slaps
        if isinstance(kind, str) and kind.isidentifier() and len(kind) <= 20:
            noun = (kind, kind + "s")
        if row.get("game") is None:  # the game it was played in, as version 3's migration reads it
            row["game"] = dest.execute("SELECT coalesce((SELECT game FROM games WHERE id = ?), "
                                       "(SELECT game FROM practice WHERE id = ?), '')",
                                       (row.get("game_id"), row.get("practice_id"))).fetchone()[0]
    for column, (kind_of, notnull, has_default) in columns.items():
        if notnull and row.get(column, 0) is None:  # NULL where the schema wants a value: its default
            if has_default:
                del row[column]
            else:
                row[column] = "" if "TEXT" in kind_of else 0
    for _ in range(4):  # each retry mends one thing: a name taken, a player gone from a seat
        try:
            dest.execute(f"INSERT INTO {table} ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                         tuple(row.values()))
        except sqlite3.IntegrityError as exc:
            why = _mend(dest, table, row, str(exc), out)
            if why is None:
                continue
            out.left_out[(noun, why)] += 1
            return
        out.kept[table] += 1
        return
    out.left_out[(noun, "could not be kept")] += 1


def _mend(dest: sqlite3.Connection, table: str, row: dict[str, object], error: str, out: Salvage) -> str | None:
    """Change `row` so that it can be kept (None), or say why it can't."""
    if error.startswith("FOREIGN KEY"):
        for _, _, parent, column, _, _, on_delete, _ in dest.execute(f"PRAGMA foreign_key_list({table})"):
            value = row.get(column)
            if value is None or dest.execute(f"SELECT 1 FROM {parent} WHERE id = ?", (value,)).fetchone():
                continue
            if on_delete == "SET NULL":  # a seat of a player no longer kept: a guest's seat
                row[column] = None
                out.guests += 1
                return None
            return f"pointed at no {NOUNS[parent][0]}"
        return "pointed at nothing"
    if error.startswith("UNIQUE") and table == "profiles" and "profiles.name" in error:
        old = clean_name(row.get("name")) or "?"
        taken = {str(r[0]).casefold() for r in dest.execute("SELECT name FROM profiles")}
        row["name"] = free_name(old, taken, fold=True)
        out.renamed.append(f"{old} -> {row['name']}")
        return None
    if error.startswith("UNIQUE"):
        return "was there twice"
    return "was incomplete"
