"""The history database: a round trip through the disk, the migration from version 1, a corrupt or damaged
file set aside, a folder or disk that refuses (the game plays on), writes off the calling thread, profiles
and practice sessions."""

from __future__ import annotations

import dataclasses
import sqlite3
import threading
from collections.abc import Callable

import pytest
from support_app import finished, make_app, run_until, top_name

from game.history import FILENAME, game_record, open_history, schema
from game.history.queries import profile_stats
from game.history.store import History
from game.match import SeatSpec
from game.scenes.title import TitleScene

# What version 1 of the game wrote: its schema, as it shipped (kept here so the migration is tested from it).
V1_SCHEMA = """
CREATE TABLE profiles (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    colour INTEGER NOT NULL DEFAULT 0, created TEXT NOT NULL);
CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, rules TEXT NOT NULL, started TEXT NOT NULL,
    length_ms INTEGER NOT NULL, players INTEGER NOT NULL, result TEXT NOT NULL);
CREATE TABLE seats (game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE, seat INTEGER NOT NULL,
    profile_id INTEGER REFERENCES profiles(id) ON DELETE SET NULL, name TEXT NOT NULL, kind TEXT NOT NULL,
    level TEXT, won INTEGER NOT NULL, score INTEGER, PRIMARY KEY (game_id, seat));
CREATE INDEX seats_profile ON seats(profile_id);
CREATE TABLE slaps (id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE, seat INTEGER NOT NULL,
    t_ms INTEGER NOT NULL, rule TEXT, outcome TEXT NOT NULL, reaction_ms REAL);
CREATE INDEX slaps_profile ON slaps(profile_id);
PRAGMA user_version = 1;
"""


def lines() -> tuple[list[str], Callable[[str], None]]:
    said: list[str] = []
    return said, said.append


def played(game: str, profiles: tuple, seed: int = 4, humans: int = 2, players: int = 3):
    """A finished match of bots, its first `humans` seats people with these profiles (for the history)."""
    config, match = finished(game, players, seed)
    seats = [SeatSpec("human", None, f"Kid {i + 1}") for i in range(humans)] + config.seats[humans:]
    return dataclasses.replace(config, seats=seats, profiles=profiles), match


def columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]


def test_a_game_and_its_slaps_survive_a_round_trip_through_the_disk(tmp_path):
    path = tmp_path / FILENAME
    history = open_history(path)
    mia, leo = history.create("Mia"), history.create("Leo")
    config, match = played("ratscrew", (mia.id, leo.id, None))
    record = game_record(config, match)
    assert history.record_game(record)
    history.close()

    again = open_history(path)
    assert [(p.name, p.colour, p.avatar) for p in again.profiles] == [("Leo", 1, 1), ("Mia", 0, 0)]
    conn = sqlite3.connect(path)
    (game, players, length_ms), = conn.execute("SELECT game, players, length_ms FROM games")
    assert (game, players, length_ms) == ("ratscrew", 3, record.length_ms) and length_ms > 10_000
    seats = conn.execute("SELECT seat, profile_id, name, kind, won, score FROM seats ORDER BY seat").fetchall()
    winner = match.state.winner
    assert seats == [(0, mia.id, "Kid 1", "human", int(winner == 0), None),
                     (1, leo.id, "Kid 2", "human", int(winner == 1), None),
                     (2, None, "Bot 3", "bot", int(winner == 2), None)]
    mine = [s for s in match.history.slaps if s.seat == 0]
    assert mine, "the match had slaps of seat 0"
    stored = conn.execute("SELECT outcome, reaction_ms, head_start_ms FROM events WHERE profile_id = ? ORDER BY id",
                          (mia.id,)).fetchall()
    assert [(o, None if ms is None else round(ms, 1), h) for o, ms, h in stored] == \
        [(s.verdict, None if s.reaction_ms is None else round(s.reaction_ms, 1), 0) for s in mine]
    # The bot's seat had no profile: none of its slaps are kept.
    assert conn.execute("SELECT count(*) FROM events WHERE seat = 2").fetchone()[0] == 0
    stats = again.read(lambda c: profile_stats(c, mia.id))
    assert stats.slaps == len(mine) and stats.games[0].games == 1 and stats.rivals[0].name == "Leo"
    again.close()


def test_a_game_with_points_keeps_each_seats_score(tmp_path):
    history = open_history(tmp_path / FILENAME)
    ada = history.create("Ada")
    config, match = played("nothanks", (ada.id, None, None), humans=1)
    history.record_game(game_record(config, match))
    rows = history.read(lambda c: c.execute("SELECT seat, won, score FROM seats ORDER BY seat").fetchall())
    scores, winners = match.state.scores(), match.state.winners()
    assert rows == [(i, int(i in winners), scores[i]) for i in range(3)]
    history.close()


def test_a_game_of_bots_only_is_not_kept(tmp_path):
    history = open_history(tmp_path / FILENAME)
    config, match = finished("ratscrew", 3)
    assert not history.record_game(game_record(config, match))
    assert history.read(lambda c: c.execute("SELECT count(*) FROM games").fetchone()[0]) == 0
    history.close()


def test_a_version_1_database_is_migrated_and_keeps_everything(tmp_path):
    path = tmp_path / FILENAME
    old = sqlite3.connect(path)
    old.executescript(V1_SCHEMA)
    old.execute("INSERT INTO profiles VALUES (1, 'Mia', 3, '2024-01-01T00:00:00+00:00')")
    old.execute("INSERT INTO games VALUES (7, 'ratscrew', '{}', '2024-01-01T20:00:00+00:00', 61000, 2, '{}')")
    old.execute("INSERT INTO seats VALUES (7, 0, 1, 'Mia', 'human', NULL, 1, NULL)")
    old.execute("INSERT INTO seats VALUES (7, 1, NULL, 'Bot 2', 'bot', 'kid', 0, NULL)")
    old.executemany("INSERT INTO slaps VALUES (?, 7, 1, 0, ?, ?, ?, ?)",
                    [(1, 900, "double", "won", 420.5), (2, 3000, None, "wrong", None)])
    old.commit()
    old.close()

    history = open_history(path)
    assert history.enabled
    conn = sqlite3.connect(path)
    assert schema.version_of(conn) == schema.VERSION == 3
    assert {"head_start_ms", "practice_id", "game", "kind"} <= set(columns(conn, "events"))
    assert {"avatar", "device", "device_name"} <= set(columns(conn, "profiles"))
    assert conn.execute("SELECT id, rule, outcome, reaction_ms, head_start_ms, game_id, practice_id, game, kind "
                        "FROM events ORDER BY id").fetchall() == [(1, "double", "won", 420.5, 0, 7, None, "ratscrew", "slap"),
                                                                  (2, None, "wrong", None, 0, 7, None, "ratscrew", "slap")]
    assert [(p.id, p.name, p.colour, p.avatar, p.device) for p in history.profiles] == [(1, "Mia", 3, 0, None)]
    # The migrated database takes what version 2 writes: a practice session and its slaps.
    assert history.record_practice(1, game="ratscrew", drill="double", slaps=[("double", "right", 380)],
                                   correct=1, decisions=1, length_ms=20_000)
    stats = history.read(lambda c: profile_stats(c, 1))
    assert stats.slaps == 3 and stats.wrong == 1 and [s.kind for s in stats.sessions] == ["game", "practice"]
    history.close()


def test_a_migration_that_fails_leaves_the_database_as_it_was(tmp_path, monkeypatch):
    path = tmp_path / FILENAME
    old = sqlite3.connect(path)
    old.executescript(V1_SCHEMA)
    old.execute("INSERT INTO profiles VALUES (1, 'Mia', 3, '2024-01-01T00:00:00+00:00')")
    old.commit()
    old.close()
    monkeypatch.setitem(schema.MIGRATIONS, 2, schema.V2 + "\nCREATE TABLE practice (oops INTEGER);\n")
    said, warn = lines()
    history = open_history(path, warn)
    assert not history.enabled  # a real error in the migration: no history this run, and no damage
    conn = sqlite3.connect(path)
    assert schema.version_of(conn) == 1
    assert "head_start_ms" not in columns(conn, "slaps")
    assert conn.execute("SELECT name FROM profiles").fetchall() == [("Mia",)]
    assert len(said) == 1 and "\n" not in said[0]


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_a_corrupt_database_is_set_aside_with_one_line_and_a_fresh_one_started(tmp_path, damage):
    path = tmp_path / FILENAME
    if damage == "garbage":
        path.write_bytes(b"this is not a database, it is a shopping list\n" * 200)
    else:
        history = open_history(path)
        for name in ("Ann", "Bo", "Cy", "Di", "Ed"):
            history.create(name)
        history.close()
        whole = path.read_bytes()
        path.write_bytes(whole[: len(whole) // 2])
    bad = path.read_bytes()
    said, warn = lines()
    history = open_history(path, warn)
    # A file that is no database gives nothing; a cut-off one still gives its players (issue 34).
    assert history.enabled
    assert [p.name for p in history.profiles] == ([] if damage == "garbage" else ["Ann", "Bo", "Cy", "Di", "Ed"])
    aside = [p for p in tmp_path.iterdir() if p.name.startswith(f"{FILENAME}.corrupt-")]
    assert len(aside) == 1 and aside[0].read_bytes() == bad  # kept as it was, beside the new one
    assert len(said) == 1 and "\n" not in said[0] and aside[0].name in said[0]
    assert schema.version_of(sqlite3.connect(path)) == schema.VERSION
    assert not isinstance(history.create("Mia"), str)
    history.close()


def test_a_folder_that_cannot_be_written_costs_the_history_not_the_game(tmp_path, monkeypatch):
    """Simulated (it runs as root too): SQLite can't open or create the file."""
    def refuse(*args, **kwargs):
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(sqlite3, "connect", refuse)
    said, warn = lines()
    history = open_history(tmp_path / FILENAME, warn)
    assert not history.enabled and len(said) == 1 and "unable to open database file" in said[0]
    assert not (tmp_path / FILENAME).exists()
    profile = history.create("Mia")  # in memory for this run
    assert not isinstance(profile, str) and history.profile(profile.id) == profile
    config, match = played("ratscrew", (profile.id, None, None))
    assert not history.record_game(game_record(config, match))
    assert history.read(lambda c: 1) is None
    history.close()


def test_a_data_folder_that_is_a_file_costs_the_history_not_the_game(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be")
    said, warn = lines()
    history = open_history(blocker / FILENAME, warn)
    assert not history.enabled and len(said) == 1 and "data folder" in said[0]


def test_a_database_from_a_newer_version_is_left_alone(tmp_path):
    path = tmp_path / FILENAME
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    said, warn = lines()
    history = open_history(path, warn)
    assert not history.enabled and "newer version" in said[0]
    assert schema.version_of(sqlite3.connect(path)) == 99 and len(list(tmp_path.iterdir())) == 1


@pytest.mark.parametrize("trouble", ["read-only", "full"])
def test_a_write_the_disk_refuses_is_lost_with_one_line_and_the_next_ones_still_try(tmp_path, trouble):
    said, warn = lines()
    history = open_history(tmp_path / FILENAME, warn)
    mia = history.create("Mia")
    history.flush()
    with history._db:  # what a read-only file or a full disk answers
        if trouble == "read-only":
            history._conn.execute("PRAGMA query_only = ON")
        else:
            pages = history._conn.execute("PRAGMA page_count").fetchone()[0]
            history._conn.execute(f"PRAGMA max_page_count = {pages}")
    config, match = played("ratscrew", (mia.id, None, None))
    for _ in range(200):  # a full database still takes what fits in the pages it has
        assert history.record_game(game_record(config, match))
        history.flush()
        if history.failures == 2:
            break
    assert history.failures == 2 and len(said) == 1 and "not saved" in said[0] and "\n" not in said[0]
    with history._db:
        history._conn.execute("PRAGMA query_only = OFF")
        history._conn.execute("PRAGMA max_page_count = 1073741823")
    kept = history.read(lambda c: c.execute("SELECT count(*) FROM games").fetchone()[0])
    history.record_game(game_record(config, match))
    assert history.read(lambda c: c.execute("SELECT count(*) FROM games").fetchone()[0]) == kept + 1
    history.close()


def test_recording_never_waits_for_the_database(tmp_path):
    """The caller (the frame that shows the results) returns at once even while the database is busy."""
    history = open_history(tmp_path / FILENAME)
    mia = history.create("Mia")
    config, match = played("ratscrew", (mia.id, None, None))
    history._db.acquire()  # the database is busy (a slow disk)
    try:
        done = threading.Event()
        worker = threading.Thread(target=lambda: (history.record_game(game_record(config, match)), done.set()))
        worker.start()
        assert done.wait(5), "record_game waited for the database"
        assert not history.flush(timeout=0.2)  # still queued, written once the database is free
    finally:
        history._db.release()
    assert history.flush()
    assert history.read(lambda c: c.execute("SELECT count(*) FROM games").fetchone()[0]) == 1
    history.close()


def test_profiles_are_created_renamed_remember_a_device_and_are_deleted_with_their_slaps(tmp_path):
    path = tmp_path / FILENAME
    history = open_history(path)
    mia = history.create("Mia")
    assert history.create("  mia ") == "There is already a player called mia."
    assert history.create("   ") == "A player needs a name."
    leo = history.create("Leo")
    assert history.rename(mia.id, "LEO") == "There is already a player called LEO."
    assert history.rename(mia.id, "Mia Rose") is None
    history.change(leo.id, device="kb:2")
    history.change(mia.id, device="kb:2")  # a key set is remembered for one player at a time
    assert history.for_device("kb:2").id == mia.id and history.profile(leo.id).device is None
    config, match = played("ratscrew", (mia.id, leo.id, None))
    history.record_game(game_record(config, match))
    history.close()

    history = open_history(path)
    assert [(p.name, p.device) for p in history.profiles] == [("Leo", None), ("Mia Rose", "kb:2")]
    history.delete(mia.id)
    counts = history.read(lambda c: [c.execute(f"SELECT count(*) FROM {q}").fetchone()[0] for q in (
        "events WHERE profile_id = 1", "seats WHERE profile_id = 1", "seats", "games")])
    assert counts == [0, 0, 3, 1]  # the game stays (Leo played it), Mia's seat is a guest's now
    assert history.read(lambda c: profile_stats(c, leo.id)).rivals == []
    history.close()
    assert [p.name for p in open_history(path).profiles] == ["Leo"]


def test_record_practice_keeps_a_session_and_refuses_an_unknown_profile(tmp_path):
    history = open_history(tmp_path / FILENAME)
    kid = history.create("Kid")
    slaps = [("double", "right", 640.0), ("double", "missed", None), (None, "wrong", 300.0), ("sandwich", "late", 90.0)]
    assert history.record_practice(kid.id, game="ratscrew", drill="sandwich", slaps=slaps, correct=5, decisions=7,
                                   length_ms=45_000)
    assert not history.record_practice(999, game="ratscrew", drill="double", slaps=[], correct=0, decisions=0,
                                       length_ms=1)
    stats = history.read(lambda c: profile_stats(c, kid.id, ("double", "sandwich")))
    assert [(r.rule, r.right, r.late, r.missed) for r in stats.rules] == [("double", 1, 0, 1), ("sandwich", 0, 1, 0)]
    assert stats.wrong == 1 and stats.slaps == 3  # a missed pattern is no slap
    assert [(s.kind, s.median_ms, s.slaps) for s in stats.sessions] == [("practice", 365.0, 2)]
    history.close()


def test_the_app_opens_the_history_at_start_and_a_finished_game_reaches_it(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    app = make_app(tmp_path)
    try:
        assert (tmp_path / "data" / FILENAME).exists() and app.history.enabled
        mia = app.history.create("Mia")
        config, match = played("ratscrew", (mia.id, None, None), humans=1, seed=21)
        app.push(TitleScene())
        table = app.nav.start_table(config, push=True)
        table.match.close()
        table.match = match
        run_until(app, lambda: top_name(app) == "ResultsScene")
        app.history.flush()
        assert app.history.read(lambda c: c.execute("SELECT game, players FROM games").fetchall()) == [("ratscrew", 3)]
        assert app.history.read(lambda c: profile_stats(c, mia.id)).games[0].games == 1
    finally:
        app.stack.clear()
        app.history.close()


def test_the_game_plays_on_when_the_history_cannot_be_opened(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))

    def refuse(*args, **kwargs):
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(sqlite3, "connect", refuse)
    app = make_app(tmp_path)
    try:
        assert isinstance(app.history, History) and not app.history.enabled
        config, match = played("ratscrew", (None, None, None), humans=1, seed=21)
        app.push(TitleScene())
        table = app.nav.start_table(config, push=True)
        table.match.close()
        table.match = match
        run_until(app, lambda: top_name(app) == "ResultsScene")
        assert app.running and app.tally.tally.games == 1  # the evening's tally needs no disk
    finally:
        app.stack.clear()


def test_a_demo_game_is_neither_recorded_nor_tallied(tmp_path, monkeypatch):
    from game.tables import DemoLoop

    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    app = make_app(tmp_path)
    try:
        app.demo = DemoLoop(alternate=False)
        config, match = played("ratscrew", (None, None, None), humans=1)
        app.record_history(config, match)
        assert app.tally.tally is None
        assert app.history.read(lambda c: c.execute("SELECT count(*) FROM games").fetchone()[0]) == 0
    finally:
        app.history.close()


def test_a_version_2_database_made_by_the_last_release_keeps_every_row_as_an_event(tmp_path):
    """A database as the game wrote it before the events (schema 2, built by its own migrations, with a
    finished game's slaps and a practice session): opened now, every slap is an event of its game, the
    profiles, games, seats and practice stay, and the stats read the same."""
    path = tmp_path / FILENAME
    old = sqlite3.connect(path, isolation_level=None)
    schema.migrate(old, target=2)
    old.execute("INSERT INTO profiles (id, name, colour, created, avatar, device, device_name) "
                "VALUES (1, 'Mia', 3, '2024-01-01T00:00:00+00:00', 2, 'kb:0', '')")
    old.execute("INSERT INTO games VALUES (7, 'ratscrew', '{}', '2024-01-01T20:00:00+00:00', 61000, 2, '{}')")
    old.execute("INSERT INTO seats VALUES (7, 0, 1, 'Mia', 'human', NULL, 1, NULL)")
    old.execute("INSERT INTO practice VALUES (3, 1, 'ratscrew', 'double', '2024-01-02T20:00:00+00:00', 60000, 8, 10)")
    old.executemany("INSERT INTO slaps (id, game_id, practice_id, profile_id, seat, t_ms, rule, outcome, reaction_ms, "
                    "head_start_ms) VALUES (?, ?, ?, 1, 0, ?, ?, ?, ?, ?)",
                    [(1, 7, None, 900, "double", "won", 420.5, 150), (2, 7, None, 3000, None, "wrong", None, 150),
                     (3, None, 3, 0, "double", "right", 380.0, 0), (4, None, 3, 1, "sandwich", "missed", None, 0)])
    before = {table: old.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()
              for table in ("profiles", "games", "seats", "practice")}
    old.close()

    history = open_history(path)
    assert history.enabled
    conn = sqlite3.connect(path)
    assert schema.version_of(conn) == 3
    assert "slaps" not in {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert conn.execute("SELECT id, game_id, practice_id, profile_id, game, seat, kind, t_ms, rule, outcome, "
                        "reaction_ms, head_start_ms FROM events ORDER BY id").fetchall() == [
        (1, 7, None, 1, "ratscrew", 0, "slap", 900, "double", "won", 420.5, 150),
        (2, 7, None, 1, "ratscrew", 0, "slap", 3000, None, "wrong", None, 150),
        (3, None, 3, 1, "ratscrew", 0, "slap", 0, "double", "right", 380.0, 0),
        (4, None, 3, 1, "ratscrew", 0, "slap", 1, "sandwich", "missed", None, 0)]
    for table, rows in before.items():
        assert conn.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall() == rows
    stats = history.read(lambda c: profile_stats(c, 1, ("double", "sandwich")))
    assert (stats.slaps, stats.wrong) == (3, 1) and [s.kind for s in stats.sessions] == ["game", "practice"]
    assert [(r.rule, r.right, r.missed) for r in stats.rules] == [("double", 2, 0), ("sandwich", 0, 1)]
    # Deleting the profile still takes its events with it (the cascade survived the rebuild).
    history.delete(1)
    assert history.read(lambda c: c.execute("SELECT count(*) FROM events").fetchone()[0]) == 0
    history.close()
