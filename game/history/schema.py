"""The history database's schema, versioned with `PRAGMA user_version`, and the migrations between versions.

A fresh database runs every migration from version 0, so the path an old database takes is the path every
database took. Each migration runs in one transaction with the version bump: a migration that fails leaves
the database as it was.

- Version 1: profiles (name, colour), games, their seats, and the slaps of profile seats at tables.
- Version 2: profiles gain an avatar and a remembered key set or pad; slaps gain the seat's head start and
  may belong to a practice session instead of a game (the slaps table is rebuilt for that); practice
  sessions.
- Version 3: the slaps become generic events (game.core.contract.EventRow: game, seat, kind, rule, time,
  outcome, reaction), so the history knows no game's words: every slap is kept, as an event of kind "slap"
  under its game's name.
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Callable

V1 = """
CREATE TABLE profiles (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    colour INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    started TEXT NOT NULL,
    length_ms INTEGER NOT NULL,
    players INTEGER NOT NULL,
    result TEXT NOT NULL
);
CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    profile_id INTEGER REFERENCES profiles(id) ON DELETE SET NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    level TEXT,
    won INTEGER NOT NULL,
    score INTEGER,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_profile ON seats(profile_id);
CREATE TABLE slaps (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    t_ms INTEGER NOT NULL,
    rule TEXT,
    outcome TEXT NOT NULL,
    reaction_ms REAL
);
CREATE INDEX slaps_profile ON slaps(profile_id);
"""

V2 = """
ALTER TABLE profiles ADD COLUMN avatar INTEGER NOT NULL DEFAULT 0;
ALTER TABLE profiles ADD COLUMN device TEXT;
ALTER TABLE profiles ADD COLUMN device_name TEXT NOT NULL DEFAULT '';
CREATE TABLE practice (
    id INTEGER PRIMARY KEY,
    profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    game TEXT NOT NULL,
    drill TEXT NOT NULL,
    started TEXT NOT NULL,
    length_ms INTEGER NOT NULL,
    correct INTEGER NOT NULL,
    decisions INTEGER NOT NULL
);
CREATE INDEX practice_profile ON practice(profile_id);
CREATE TABLE slaps_v2 (
    id INTEGER PRIMARY KEY,
    game_id INTEGER REFERENCES games(id) ON DELETE CASCADE,
    practice_id INTEGER REFERENCES practice(id) ON DELETE CASCADE,
    profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    t_ms INTEGER NOT NULL,
    rule TEXT,
    outcome TEXT NOT NULL,
    reaction_ms REAL,
    head_start_ms INTEGER NOT NULL DEFAULT 0,
    CHECK ((game_id IS NULL) <> (practice_id IS NULL))
);
INSERT INTO slaps_v2 (id, game_id, practice_id, profile_id, seat, t_ms, rule, outcome, reaction_ms, head_start_ms)
    SELECT id, game_id, NULL, profile_id, seat, t_ms, rule, outcome, reaction_ms, 0 FROM slaps;
DROP TABLE slaps;
ALTER TABLE slaps_v2 RENAME TO slaps;
CREATE INDEX slaps_profile ON slaps(profile_id);
CREATE INDEX slaps_game ON slaps(game_id);
"""

V3 = """
CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    game_id INTEGER REFERENCES games(id) ON DELETE CASCADE,
    practice_id INTEGER REFERENCES practice(id) ON DELETE CASCADE,
    profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    rule TEXT,
    t_ms INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    reaction_ms REAL,
    head_start_ms INTEGER NOT NULL DEFAULT 0,
    CHECK ((game_id IS NULL) <> (practice_id IS NULL))
);
INSERT INTO events (id, game_id, practice_id, profile_id, game, seat, kind, rule, t_ms, outcome, reaction_ms,
                    head_start_ms)
    SELECT s.id, s.game_id, s.practice_id, s.profile_id, coalesce(g.game, p.game, ''), s.seat, 'slap', s.rule, s.t_ms,
           s.outcome, s.reaction_ms, s.head_start_ms
    FROM slaps s LEFT JOIN games g ON g.id = s.game_id LEFT JOIN practice p ON p.id = s.practice_id;
DROP TABLE slaps;
CREATE INDEX events_profile ON events(profile_id, kind);
CREATE INDEX events_game ON events(game_id);
CREATE INDEX events_practice ON events(practice_id);
"""

# version -> the statements that take a database from the version before to it
MIGRATIONS: dict[int, str] = {1: V1, 2: V2, 3: V3}
VERSION = max(MIGRATIONS)


# What each column holds, by its name (the same name means the same kind in every table): SQLite keeps
# whatever is put in a column ('abc' in an INTEGER column passes quick_check), so every row read goes through
# `typed_row` and comes back as the schema says: whole numbers, finite real numbers, text without NUL;
# None only where the column may be NULL. A hand-edited row shows as a wrong figure, never a crash, and the
# file is not changed. Anything else (count(*), avg(...)) only loses a number that is not finite.
INTEGER_COLUMNS = frozenset({"id", "colour", "avatar", "length_ms", "players", "seat", "won", "t_ms", "correct",
                             "decisions", "head_start_ms"})
NULLABLE_INTEGER_COLUMNS = frozenset({"score", "profile_id", "game_id", "practice_id"})
TEXT_COLUMNS = frozenset({"name", "created", "game", "rules", "started", "result", "kind", "outcome", "drill",
                          "device_name"})
NULLABLE_TEXT_COLUMNS = frozenset({"level", "rule", "device"})
NULLABLE_REAL_COLUMNS = frozenset({"reaction_ms"})


def _number(value: object) -> float | None:
    if isinstance(value, bytes):
        value = value.decode("utf-8", errors="replace")
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            return None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value if math.isfinite(value) else None
    return None


def _integer(value: object) -> int | None:
    if isinstance(value, int):
        return value
    number = _number(value)
    return None if number is None else int(number)


def _text(value: object) -> str | None:
    if value is None:
        return None
    if isinstance(value, bytes):
        value = value.decode("utf-8", errors="replace")
    return str(value).replace("\0", "")


def typed_row(cursor: sqlite3.Cursor, row: tuple[object, ...]) -> tuple[object, ...]:
    """A row factory: each value as its column's kind (see INTEGER_COLUMNS and the others above)."""
    out = []
    for (name, *_), value in zip(cursor.description, row):
        if name in INTEGER_COLUMNS:
            value = _integer(value) or 0
        elif name in NULLABLE_INTEGER_COLUMNS:
            value = _integer(value)
        elif name in TEXT_COLUMNS:
            value = _text(value) or ""
        elif name in NULLABLE_TEXT_COLUMNS:
            value = _text(value)
        elif name in NULLABLE_REAL_COLUMNS:
            number = _number(value)
            value = None if number is None else float(number)
        elif (isinstance(value, float) and not math.isfinite(value)) or isinstance(value, bytes):
            value = None  # a sum gone infinite; bytes where a figure was asked for
        out.append(value)
    return tuple(out)


class NewerSchema(Exception):
    """The database was written by a newer version of the game: left alone, not recorded into."""


def version_of(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, target: int = VERSION,
            before: Callable[[int], None] | None = None) -> list[int]:
    """Bring the database (a connection in autocommit mode) up to version `target`, one transaction per
    step; returns the versions it migrated to. `before(version)` runs before each step (tests use it to
    make a step fail). NewerSchema if the database is newer than this code knows."""
    current = version_of(conn)
    if current > VERSION:
        raise NewerSchema(f"schema version {current}; this version of the game knows up to {VERSION}")
    done = []
    for version in range(current + 1, target + 1):
        if before is not None:
            before(version)
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in statements(MIGRATIONS[version]):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {version}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        done.append(version)
    return done


def statements(script: str) -> list[str]:
    """A script's statements, one by one (executescript would commit the transaction around them)."""
    out, part = [], ""
    for line in script.splitlines(keepends=True):
        part += line
        if sqlite3.complete_statement(part):
            out.append(part.strip())
            part = ""
    return [s for s in out if s]
