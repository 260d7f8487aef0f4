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
BATCH = 500  # rows inserted together; a batch with a row that can't be kept is redone row by row
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
        # A scratch file until it is whole: no journal on disk, no waiting for it (it is synced once, below).
        for pragma in ("foreign_keys = ON", "journal_mode = MEMORY", "synchronous = OFF", "cache_size = -65536"):
            dest.execute(f"PRAGMA {pragma}")
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
    fd = os.open(temp, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    return found


def salvage(src: sqlite3.Connection, dest: sqlite3.Connection) -> Salvage:
    """Copy every row of `src` (any version) that `dest` (empty, the current version, foreign keys on) can
    keep, in one transaction."""
    out = Salvage()
    _, found = _rows(src, "SELECT name FROM sqlite_master WHERE type = 'table'", out, "schema")
    tables = {str(r[0]) for r in found}
    dest.execute("BEGIN")
    for table in TABLES:
        name = table if table in tables else LEGACY.get(table, "")
        if name not in tables:
            continue
        names, rows = _rows(src, _select(src, dest, table, name), out, NOUNS[table][1])
        if "game" in names and table == "events":
            rows = _with_games(dest, names, rows)
        insert = f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})"
        for at in range(0, len(rows), BATCH):
            batch = rows[at:at + BATCH]
            dest.execute("SAVEPOINT batch")
            try:
                dest.executemany(insert, batch)
                out.kept[table] += len(batch)
            except sqlite3.IntegrityError:
                dest.execute("ROLLBACK TO batch")
                for values in batch:
                    _keep(dest, table, dict(zip(names, values)), out)
            dest.execute("RELEASE batch")
    dest.execute("COMMIT")
    return out


def _select(src: sqlite3.Connection, dest: sqlite3.Connection, table: str, name: str) -> str:
    """The query that reads `src`'s table `name` as the columns of `dest`'s `table`: a NULL where a value
    must be becomes the column's default (else "" or 0); a column the old version did not have is left to
    its default, but an event's kind (versions 1 and 2 kept only slaps) and game (filled by _with_games)."""
    have = {str(r[1]) for r in src.execute(f'PRAGMA table_info("{name}")')}
    parts = []
    for _, column, kind, notnull, default, _ in dest.execute(f"PRAGMA table_info({table})"):
        if column in have:
            fill = default if default is not None else "''" if "TEXT" in str(kind) else "0"
            parts.append(f'coalesce("{column}", {fill}) AS {column}' if notnull else f'"{column}"')
        elif table == "events" and column == "kind":
            parts.append("'slap' AS kind")
        elif table == "events" and column == "game":
            parts.append("NULL AS game")
    return f'SELECT {", ".join(parts)} FROM "{name}"'


def _with_games(dest: sqlite3.Connection, names: list[str], rows: list[tuple[object, ...]]) -> list[tuple[object, ...]]:
    """Events without their game's name (versions 1 and 2) with it, as version 3's migration reads it."""
    at, game_id, practice_id = names.index("game"), names.index("game_id"), names.index("practice_id") \
        if "practice_id" in names else -1
    games: dict[tuple[object, object], object] = {}
    out = []
    for row in rows:
        if row[at] is None:
            parent = (row[game_id], row[practice_id] if practice_id >= 0 else None)
            if parent not in games:
                games[parent] = dest.execute("SELECT coalesce((SELECT game FROM games WHERE id = ?), "
                                             "(SELECT game FROM practice WHERE id = ?), '')", parent).fetchone()[0]
            row = (*row[:at], games[parent], *row[at + 1:])
        out.append(row)
    return out


def _rows(src: sqlite3.Connection, sql: str, out: Salvage, what: str) -> tuple[list[str], list[tuple[object, ...]]]:
    """The columns and rows of `sql`, up to where the file can't be read any further."""
    names: list[str] = []
    rows: list[tuple[object, ...]] = []
    try:
        cursor = src.execute(sql)
        names = [d[0] for d in cursor.description]
        rows.extend(cursor)
    except sqlite3.DatabaseError:
        out.unread.append(what)
    return names, rows


def _keep(dest: sqlite3.Connection, table: str, row: dict[str, object], out: Salvage) -> None:
    """Insert one row, mended if it can be (see _mend); counted as kept or left out."""
    noun = NOUNS[table]
    kind = row.get("kind")
    if table == "events" and isinstance(kind, str) and kind.isidentifier() and len(kind) <= 20:
        noun = (kind, kind + "s")
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
