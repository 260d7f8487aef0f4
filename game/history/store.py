"""The history database: opened (or created, or migrated) when the app starts, written off the frame path.

One SQLite file, `history.sqlite3`, in the user data folder (game.record.data_dir: $COUCHCARDS_DATA_DIR or
the platform's). Finished games, the slaps of profile seats and slap-school sessions are queued by the
game and written by a short-lived writer thread, one transaction per batch; nothing waits for the disk on
a frame. Profiles are read once at the start and kept in memory (the lobby and join screens read them
every frame); their changes are queued like the games.

What goes wrong costs the history, never the game, and never a row that can be read (game.history.repair):
- rows that break the schema's rules (a slap of a game that is gone, a name there twice), found when it is
  opened or when a migration trips on them: the database is rebuilt with every row that can be kept, the
  file as it was kept beside it, and one line says what was kept and what was left out;
- a file that is not a database, or a damaged one, is renamed `history.sqlite3.corrupt-<time>` and a new
  database is started with whatever rows can still be read out of it (one line on stderr);
- a folder that can't be written, a locked or read-only file, or a database from a newer version of the
  game: no history this run (one line); the game plays on, profiles live in memory until it closes;
- a write that fails (a full disk): that batch is lost, with one line per kind of failure.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict, TypeVar, Unpack

from game.history import repair, schema
from game.history.summary import GameRecord, now_iso
from game.names import MAX_NAME, clean_name, clean_text
from game.profiles import AVATARS, MAX_PROFILES, PALETTE, Profile, clean_device, name_problem
from game.settings import free_path

if TYPE_CHECKING:
    from game.history import queries

FILENAME = "history.sqlite3"
SIDE_FILES = ("-journal", "-wal", "-shm")  # SQLite's own files beside the database: set aside with it
FLUSH_TIMEOUT_S = 10.0

T = TypeVar("T")
Warn = Callable[[str], None]
Job = Callable[[sqlite3.Connection], object]  # what it returns is not used


def _stderr(message: str) -> None:
    print(f"couchcards: {message}".splitlines()[0], file=sys.stderr)


def default_path() -> Path:
    from game.record import data_dir

    return data_dir() / FILENAME


class ProfileChange(TypedDict, total=False):
    """What `change` may change of a profile (game.profiles.Profile's fields but its id)."""

    name: str
    colour: int
    avatar: int
    device: str | None
    device_name: str


class History:
    """The database and the profiles: `open_history()` makes one. `enabled` is False when there is no
    database this run (`problem` says why); every method still works, writing nothing."""

    def __init__(self, path: Path | None = None, conn: sqlite3.Connection | None = None,
                 warn: Warn = _stderr, problem: str = "") -> None:
        self.path = path
        self.problem = problem
        self._conn = conn
        self._warn = warn
        self._db = threading.Lock()  # the connection: the writer thread and the readers take turns
        self._jobs: deque[tuple[str, Job]] = deque()
        self._jobs_lock = threading.Lock()
        self._writer: threading.Thread | None = None
        self._said: set[str] = set()
        self.failures = 0  # batches the disk refused
        # What opening it found, for the title screen to say (the stderr line reaches no one in a windowed build):
        # rows a repair left out, and the name a damaged file was set aside as (a new one holds what could be read).
        self.left_out = 0
        self.set_aside_as = ""
        self.rescued = 0  # rows read out of the file set aside into the new one (0: the new one starts empty)
        self.profiles: list[Profile] = self._load_profiles() if conn is not None else []
        # Guests' practice this run, by (game, name): (hits, patterns, false slaps) per session. Never written
        # (nothing is kept of a guest), but a parent sees tonight's progress on the school's results.
        self._guests: dict[tuple[str, str], list[tuple[int, int, int]]] = {}

    @property
    def enabled(self) -> bool:
        return self._conn is not None

    def say(self, message: str) -> None:
        """One line on stderr, once per kind of trouble per run."""
        key = message.split(" (")[0]
        if key not in self._said:
            self._said.add(key)
            self._warn(message)

    # -- profiles (in memory; changes queued) -------------------------------------------------------------
    def _load_profiles(self) -> list[Profile]:
        rows = self.read(lambda c: c.execute(
            "SELECT id, name, colour, avatar, device, device_name FROM profiles ORDER BY name COLLATE NOCASE"
        ).fetchall(), flush=False) or []
        return [Profile(pid, clean_name(name) or f"#{pid}", colour, avatar, clean_device(device),
                        clean_text(device_name)[:MAX_NAME * 3])
                for pid, name, colour, avatar, device, device_name in rows]

    def profile(self, profile_id: int | None) -> Profile | None:
        return next((p for p in self.profiles if p.id == profile_id), None)

    def by_name(self, name: str) -> Profile | None:
        return next((p for p in self.profiles if p.name.casefold() == clean_name(name).casefold()), None)

    def for_device(self, device: str | None, guid: str = "") -> Profile | None:
        """The profile that remembers `device` ("kb:2", or a pad whose SDL `guid` it remembers)."""
        if not device:
            return None
        key = f"pad:{guid}" if device.startswith("pad:") else device
        return next((p for p in self.profiles if p.device and p.device == key), None)

    def create(self, name: str) -> Profile | str:
        """A new profile (the first free colour and avatar), or why not (one line)."""
        name = clean_name(name)
        problem = name_problem(name, [p.name for p in self.profiles])
        if problem is None and len(self.profiles) >= MAX_PROFILES:
            problem = f"{MAX_PROFILES} players is the most this game remembers."
        if problem is not None:
            return problem
        used = {p.colour for p in self.profiles}
        colour = next((i for i in range(len(PALETTE)) if i not in used), len(self.profiles) % len(PALETTE))
        avatar = len(self.profiles) % len(AVATARS)
        profile = Profile(max((p.id for p in self.profiles), default=0) + 1, name, colour, avatar)
        self.profiles = sorted([*self.profiles, profile], key=lambda p: p.name.casefold())
        self.submit("profile", lambda c: c.execute(
            "INSERT INTO profiles (id, name, colour, avatar, device, device_name, created) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (profile.id, profile.name, profile.colour, profile.avatar, None, "", now_iso())))
        return profile

    def rename(self, profile_id: int, name: str) -> str | None:
        """Rename a profile (its history stays its own); why not, in one line, or None."""
        name = clean_name(name)
        problem = name_problem(name, [p.name for p in self.profiles if p.id != profile_id])
        if problem is None:
            self.change(profile_id, name=name)
        return problem

    def change(self, profile_id: int, **fields: Unpack[ProfileChange]) -> Profile | None:
        """Change a profile's name, colour, avatar, device or device_name (in memory now, on disk soon)."""
        import dataclasses

        old = self.profile(profile_id)
        if old is None:
            return None
        new = dataclasses.replace(old, **fields)
        self.profiles = sorted([new if p.id == profile_id else p for p in self.profiles], key=lambda p: p.name.casefold())
        if new.device and new.device != old.device:  # a device is remembered for one profile at a time
            for other in [p for p in self.profiles if p.id != profile_id and p.device == new.device]:
                self.change(other.id, device=None, device_name="")
        self.submit("profile", lambda c: c.execute(
            "UPDATE profiles SET name = ?, colour = ?, avatar = ?, device = ?, device_name = ? WHERE id = ?",
            (new.name, new.colour, new.avatar, new.device, new.device_name, new.id)))
        return new

    def delete(self, profile_id: int) -> None:
        """Forget a profile and its slaps and practice; the games it played stay, as a guest's."""
        self.profiles = [p for p in self.profiles if p.id != profile_id]
        self.submit("profile", lambda c: c.execute("DELETE FROM profiles WHERE id = ?", (profile_id,)))

    # -- recording ----------------------------------------------------------------------------------------
    def record_game(self, record: GameRecord) -> bool:
        """Queue a finished game (kept only if a person played in it); True if queued."""
        if not record.has_people or not self.enabled:
            return False
        self.submit("game", lambda c: write_game(c, record))
        return True

    def record_practice(self, profile_id: int, *, game: str, drill: str,
                        slaps: Iterable[tuple[str | None, str, float | None]], correct: int, decisions: int,
                        length_ms: int, started: str | None = None, seat: int = 0, kind: str = "slap") -> bool:
        """Queue one practice session of a profile (e.g. the slap school): the drill's name, each slap as
        (rule, outcome, reaction ms) with outcome "right", "wrong", "late" or "missed" (a pattern not
        slapped), its right decisions out of all decisions, and its length. True if queued."""
        if self.profile(profile_id) is None or not self.enabled:
            return False
        rows = [(rule, outcome, None if ms is None else float(ms)) for rule, outcome, ms in slaps]
        when = started or now_iso()

        def job(c: sqlite3.Connection) -> None:
            cur = c.execute("INSERT INTO practice (profile_id, game, drill, started, length_ms, correct, decisions) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?)",
                            (profile_id, game, drill, when, int(length_ms), int(correct), int(decisions)))
            c.executemany("INSERT INTO events (practice_id, profile_id, game, seat, kind, t_ms, rule, outcome, "
                          "reaction_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                          [(cur.lastrowid, profile_id, game, seat, kind, i, rule, outcome, ms)
                           for i, (rule, outcome, ms) in enumerate(rows)])

        self.submit("practice", job)
        return True

    # -- the writer ---------------------------------------------------------------------------------------
    def submit(self, what: str, job: Job) -> None:
        """Run `job(connection)` in one transaction on the writer thread (started when needed)."""
        if self._conn is None:
            return
        with self._jobs_lock:
            self._jobs.append((what, job))
            if self._writer is None:
                self._writer = threading.Thread(target=self._write, name="couchcards-history", daemon=True)
                self._writer.start()

    def _write(self) -> None:
        while True:
            with self._jobs_lock:
                if not self._jobs:
                    self._writer = None
                    return
                what, job = self._jobs.popleft()
            self._transaction(what, job)

    def _transaction(self, what: str, job: Job) -> None:
        with self._db:
            conn = self._conn
            if conn is None:
                return
            try:
                conn.execute("BEGIN IMMEDIATE")
                job(conn)
                conn.execute("COMMIT")
            except sqlite3.Error as exc:
                self.failures += 1
                try:
                    conn.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
                self.say(f"history: the {what} was not saved ({exc})")

    def flush(self, timeout: float = FLUSH_TIMEOUT_S) -> bool:
        """Wait until everything queued is written (or `timeout` passed); True if it was."""
        end = time.monotonic() + timeout
        while True:
            with self._jobs_lock:
                writer = self._writer
            if writer is None:
                return True
            writer.join(max(0.0, end - time.monotonic()))
            if writer.is_alive():
                return False

    def read(self, query: Callable[[sqlite3.Connection], T], flush: bool = True) -> T | None:
        """`query(connection)` on this thread, after what is queued is written; None without a database or
        if it fails (one line)."""
        if self._conn is None:
            return None
        if flush:
            self.flush()
        with self._db:
            try:
                return query(self._conn)
            except sqlite3.Error as exc:
                self.say(f"history: cannot read it ({exc})")
                return None

    def note_guest_practice(self, game: str, name: str, hits: int, patterns: int, false_slaps: int) -> None:
        """A guest's finished practice session (patterns slapped of all patterns, and slaps where there was
        none), kept for this run only."""
        self._guests.setdefault((game, name), []).append((hits, patterns, false_slaps))

    def guest_practice(self, game: str, name: str) -> list[tuple[int, int, int]]:
        """The guest `name`'s sessions in `game` this run, oldest first: (hits, patterns, false slaps) each."""
        return list(self._guests.get((game, name), []))

    def practice(self, profile_id: int, game: str, kind: str = "slap") -> list[queries.Practice]:
        """Every kept practice session of `profile_id` in `game`, oldest first, with its events of `kind`
        (queries.practice); none without a database. The games' practice screens read their sessions here,
        never importing the history."""
        # The queries (and statistics) load when a screen reads, not at start.
        from game.history import queries

        return self.read(lambda conn: queries.practice(conn, profile_id, game, kind)) or []

    def close(self) -> None:
        """Write what is queued, then close the database."""
        self.flush()
        with self._db:
            if self._conn is not None:
                self._conn.close()
                self._conn = None


def write_game(conn: sqlite3.Connection, record: GameRecord) -> int:
    """Insert one game with its seats and events (the caller holds the transaction); its id."""
    result = {"winners": list(record.winners), "scores": None if record.scores is None else list(record.scores),
              "end": record.end}
    cur = conn.execute("INSERT INTO games (game, rules, started, length_ms, players, result) VALUES (?, ?, ?, ?, ?, ?)",
                       (record.game, json.dumps(record.rules, sort_keys=True, default=str), record.started,
                        int(record.length_ms), len(record.seats), json.dumps(result)))
    game_id = int(cur.lastrowid or 0)
    known = {row[0] for row in conn.execute("SELECT id FROM profiles")}
    conn.executemany("INSERT INTO seats (game_id, seat, profile_id, name, kind, level, won, score) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                     [(game_id, s.seat, s.profile_id if s.profile_id in known else None, s.name, s.kind, s.level,
                       int(s.won), s.score) for s in record.seats])
    conn.executemany("INSERT INTO events (game_id, profile_id, game, seat, kind, t_ms, rule, outcome, reaction_ms, "
                     "head_start_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                     [(game_id, s.profile_id, record.game, s.seat, s.kind, s.t_ms, s.rule, s.outcome, s.reaction_ms,
                       s.head_start_ms) for s in record.slaps if s.profile_id in known])
    return game_id


# -- opening --------------------------------------------------------------------------------------------


class Unsound(sqlite3.DatabaseError):
    """A whole database whose rows break its rules (repair.problems), or that a migration tripped on."""


def connect(path: Path) -> sqlite3.Connection:
    """Open `path` and check it is a whole database of a version this game can use, migrating an older one.
    Unsound for rows that need repair.rebuild; sqlite3.DatabaseError (not OperationalError) for a file that
    is not a database or a damaged one."""
    conn = sqlite3.connect(str(path), timeout=5.0, isolation_level=None, check_same_thread=False)
    conn.row_factory = schema.typed_row
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        verdict = conn.execute("PRAGMA quick_check").fetchone()[0]
        if verdict != "ok":
            raise sqlite3.DatabaseError(f"damaged: {verdict}")
        try:
            schema.migrate(conn)
            why = repair.problems(conn)
        except sqlite3.IntegrityError as exc:  # a row the new version's rules refuse: the migration left it all
            raise Unsound(str(exc)) from None
        except sqlite3.OperationalError as exc:  # a table whose keys are not keys (written by another tool)
            if not str(exc).startswith("foreign key mismatch"):
                raise
            raise Unsound(str(exc)) from None
        if why is not None:
            raise Unsound(why)
    except BaseException:
        conn.close()
        raise
    return conn


def set_aside(path: Path) -> Path:
    """Rename a bad database (and SQLite's files beside it) to `<name>.corrupt-<time>`; the new path."""
    target = free_path(path, "corrupt")
    os.replace(path, target)
    for side in SIDE_FILES:
        extra = path.with_name(path.name + side)
        if extra.exists():
            os.replace(extra, target.with_name(target.name + side))
    return target


def open_history(path: str | os.PathLike[str] | None = None, warn: Warn = _stderr) -> History:
    """The history at `path` (default: history.sqlite3 in the user data folder), created if missing;
    never raises: a History with `enabled` False (and one line said) when it can't be used."""
    try:
        where = Path(path) if path is not None else default_path()
        where.parent.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError) as exc:
        return _without(None, f"history: no history this time: cannot use the data folder ({exc})", warn)
    left_out, moved_to, rescued = 0, "", 0
    for attempt in (1, 2):
        try:
            history = History(where, connect(where), warn)
            history.left_out, history.set_aside_as, history.rescued = left_out, moved_to, rescued
            return history
        except schema.NewerSchema as exc:
            return _without(where, f"history: {where} is from a newer version of the game ({exc}); "
                                   "no history this time", warn)
        except sqlite3.OperationalError as exc:  # locked, read-only, can't be created: leave the file alone
            return _without(where, f"history: no history this time: cannot open {where} ({exc})", warn)
        except Unsound as exc:
            if attempt == 2:
                break
            try:
                found = repair.rebuild(where, where, keep_copy=True)
            except (OSError, sqlite3.Error) as fix_exc:
                return _without(where, f"history: {where} needs repair ({exc}) and could not be repaired "
                                       f"({fix_exc}); left as it was, no history this time", warn)
            left_out = sum(found.left_out.values())
            warn(f"history: repaired {where.name} ({exc}): {found.line()}; the file as it was is "
                 f"{found.copy.name if found.copy else '?'}")
        except sqlite3.DatabaseError as exc:
            if attempt == 2:
                break
            try:
                moved = set_aside(where)
            except OSError as move_exc:
                return _without(where, f"history: {where} is unreadable ({exc}) and could not be moved "
                                       f"({move_exc}); no history this time", warn)
            moved_to = moved.name
            try:  # whatever can still be read out of it (the players, at least, if their table is whole)
                found = repair.rebuild(moved, where, keep_copy=False)
                kept = f": {found.line()}" if found.rows else ""
                rescued = found.rows
            except (OSError, sqlite3.Error):
                where.unlink(missing_ok=True)
                kept, rescued = "", 0
            warn(f"history: {where} is unreadable ({exc}); moved it to {moved.name} and started a new one{kept}")
    return _without(where, f"history: no history this time: {where} can't be made", warn)


def _without(path: Path | None, message: str, warn: Warn) -> History:
    warn(message.splitlines()[0])
    return History(path, None, warn, problem=message.split(": ", 1)[-1])
