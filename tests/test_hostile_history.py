"""Nothing a family owns is set aside whole (issue 34): a history with rows that break its rules is repaired
row by row (what survived is counted here, case by case), every screen that reads the history draws any
stored value, and stale temp files of a killed settings save are cleaned at the next start.

Each damaged history is made by the schema's own code (schema.migrate to that version) or, for keys there
twice, by a file whose tables lack their keys (as another tool could write it)."""

from __future__ import annotations

import contextlib
import re
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st
from support_app import focus, make_app, press
from test_history_data import evening

from game import record, screens
from game.history import FILENAME, open_history, schema
from game.history.queries import profile_stats
from game.i18n import t
from game.scenes.title import TitleScene

GAME_SLAP = "INSERT INTO {t} (id, game_id, profile_id, seat, t_ms, rule, outcome, reaction_ms) VALUES (?, ?, ?, 0, ?, ?, ?, ?)"


def lines() -> tuple[list[str], object]:
    said: list[str] = []
    return said, said.append


def slaps_table(version: int) -> str:
    return "slaps" if version < 3 else "events"


def made_by(path: Path, version: int) -> sqlite3.Connection:
    """An empty history as the game of schema `version` made it."""
    conn = sqlite3.connect(path, isolation_level=None)
    schema.migrate(conn, target=version)
    return conn


def add_event(conn: sqlite3.Connection, version: int, id_: int, game_id: int | None, profile_id: int,
              practice_id: int | None = None, outcome: str = "won") -> None:
    if version == 1:
        conn.execute(GAME_SLAP.format(t="slaps"), (id_, game_id, profile_id, id_, "double", outcome, 400.0))
    elif version == 2:
        conn.execute("INSERT INTO slaps (id, game_id, practice_id, profile_id, seat, t_ms, rule, outcome, reaction_ms) "
                     "VALUES (?, ?, ?, ?, 0, ?, 'double', ?, 400.0)", (id_, game_id, practice_id, profile_id, id_, outcome))
    else:
        conn.execute("INSERT INTO events (id, game_id, practice_id, profile_id, game, seat, kind, rule, t_ms, outcome, "
                     "reaction_ms) VALUES (?, ?, ?, ?, 'ratscrew', 0, 'slap', 'double', ?, ?, 400.0)",
                     (id_, game_id, practice_id, profile_id, id_, outcome))


def add_profile(conn: sqlite3.Connection, id_: int, name: str) -> None:
    conn.execute("INSERT INTO profiles (id, name, colour, created) VALUES (?, ?, 1, '2024-01-01T00:00:00+00:00')",
                 (id_, name))


def add_game(conn: sqlite3.Connection, id_: int, day: int = 1) -> None:
    conn.execute("INSERT INTO games VALUES (?, 'ratscrew', '{}', ?, 61000, 2, '{}')",
                 (id_, f"2024-01-{day:02d}T20:00:00+00:00"))


def add_seat(conn: sqlite3.Connection, game_id: int, seat: int, profile_id: int | None) -> None:
    conn.execute("INSERT INTO seats VALUES (?, ?, ?, 'Mia', 'human', NULL, 1, NULL)", (game_id, seat, profile_id))


def add_practice(conn: sqlite3.Connection, id_: int, profile_id: int) -> None:
    conn.execute("INSERT INTO practice VALUES (?, ?, 'ratscrew', 'double', '2024-01-02T20:00:00+00:00', 60000, 8, 10)",
                 (id_, profile_id))


def counts(path: Path) -> dict[str, int]:
    with contextlib.closing(sqlite3.connect(path)) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        return {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in sorted(tables)}


def kept_copy(folder: Path) -> Path:
    copies = [p for p in folder.iterdir() if p.name.startswith(f"{FILENAME}.before-repair-")]
    assert len(copies) == 1
    return copies[0]


# -- 1. orphans in every table, at schemas 1, 2 and 3 ------------------------------------------------------

@pytest.mark.parametrize("version", [1, 2, 3])
def test_orphans_in_every_table_are_left_out_one_by_one_and_everything_else_is_kept(tmp_path, version):
    path = tmp_path / FILENAME
    conn = made_by(path, version)
    add_profile(conn, 1, "Mia")
    add_profile(conn, 2, "Leo")
    add_game(conn, 7)
    add_seat(conn, 7, 0, 1)
    add_seat(conn, 7, 1, 5)  # a player who is gone: kept as a guest's seat
    add_seat(conn, 99, 0, 1)  # a game that is gone: left out
    add_event(conn, version, 1, 7, 1)
    add_event(conn, version, 2, 7, 2, outcome="wrong")
    add_event(conn, version, 3, 99, 1)  # no such game
    add_event(conn, version, 4, 7, 42)  # no such player
    if version >= 2:
        add_practice(conn, 3, 1)
        add_practice(conn, 4, 77)  # no such player: left out, with its slap
        add_event(conn, version, 5, None, 1, practice_id=3)
        add_event(conn, version, 6, None, 1, practice_id=4)
        add_event(conn, version, 8, None, 1, practice_id=50)  # no such practice session
    conn.close()
    original = path.read_bytes()
    said, warn = lines()

    history = open_history(path, warn)

    assert history.enabled and sorted(p.name for p in history.profiles) == ["Leo", "Mia"]
    assert kept_copy(tmp_path).read_bytes() == original  # the file as it was, beside it
    assert schema.version_of(sqlite3.connect(path)) == schema.VERSION
    after = counts(path)
    assert after["games"] == 1 and after["seats"] == 2 and after["profiles"] == 2
    assert history.read(lambda c: c.execute("SELECT seat, profile_id FROM seats ORDER BY seat").fetchall()) == \
        [(0, 1), (1, None)]
    events = history.read(lambda c: c.execute("SELECT id FROM events ORDER BY id").fetchall())
    assert [e[0] for e in events] == ([1, 2] if version == 1 else [1, 2, 5])
    assert after.get("practice", 0) == (0 if version == 1 else 1)
    assert len(said) == 1 and "\n" not in said[0] and "left out" in said[0] and "kept" in said[0]
    assert "pointed at no game" in said[0] and "pointed at no player" in said[0]
    assert kept_copy(tmp_path).name in said[0]
    stats = history.read(lambda c: profile_stats(c, 1))
    assert stats.slaps == (1 if version == 1 else 2) and stats.games[0].games == 1
    history.close()
    # Opened again: nothing more to repair, nothing said.
    said2, warn2 = lines()
    again = open_history(path, warn2)
    assert again.enabled and said2 == [] and counts(path) == after
    again.close()


def test_the_line_says_what_was_kept_and_what_was_left_out_in_the_issues_words(tmp_path):
    path = tmp_path / FILENAME
    conn = made_by(path, 2)
    add_profile(conn, 1, "Mia")
    for g in range(1, 1205):
        add_game(conn, g, day=1 + g % 28)
    add_seat(conn, 1, 0, 1)
    add_event(conn, 2, 1, 1, 1)
    add_event(conn, 2, 2, 5000, 1)
    conn.close()
    said, warn = lines()
    open_history(path, warn).close()
    assert "1,204 games" in said[0] and "1 slap pointed at no game and was left out" in said[0]


# -- 2. keys there twice ------------------------------------------------------------------------------------

def loose(sql: str) -> str:
    """A migration's tables without their keys (as a file written by another tool could have them)."""
    sql = re.sub(r"(CREATE TABLE (slaps|slaps_v2|events) \(\s*id INTEGER) PRIMARY KEY", r"\1", sql.replace(" UNIQUE", ""))
    return re.sub(r",\s*PRIMARY KEY \(game_id, seat\)", "", sql)


@pytest.mark.parametrize("version", [1, 2, 3])
def test_keys_there_twice_keep_every_player_under_a_free_name_and_each_row_once(tmp_path, version):
    path = tmp_path / FILENAME
    conn = sqlite3.connect(path, isolation_level=None)
    for v in range(1, version + 1):
        conn.executescript(loose(schema.MIGRATIONS[v]))
    conn.execute(f"PRAGMA user_version = {version}")
    add_profile(conn, 1, "Mia")
    add_profile(conn, 2, "mia")  # the same name to the game (names are kept whatever their case)
    add_game(conn, 7)
    add_seat(conn, 7, 0, 1)
    add_seat(conn, 7, 0, 1)  # the same seat twice
    add_seat(conn, 7, 1, 2)
    add_event(conn, version, 1, 7, 1)
    add_event(conn, version, 1, 7, 1)  # the same slap twice
    add_event(conn, version, 2, 7, 2)
    conn.close()
    said, warn = lines()

    history = open_history(path, warn)

    assert history.enabled, said
    assert sorted((p.id, p.name) for p in history.profiles) == [(1, "Mia"), (2, "mia (2)")]
    after = counts(path)
    assert (after["seats"], after["events"], after["games"]) == (2, 2, 1)
    assert len(said) == 1 and "was there twice" in said[0] and "mia (2)" in said[0]
    assert history.read(lambda c: profile_stats(c, 2)).slaps == 1  # the renamed player's own slap
    history.close()


# -- 3. values of the wrong type ----------------------------------------------------------------------------

@pytest.mark.parametrize("version", [1, 2])
def test_values_of_the_wrong_type_survive_the_migration_and_only_a_key_that_names_nothing_is_left_out(tmp_path,
                                                                                                       version):
    path = tmp_path / FILENAME
    conn = made_by(path, version)
    add_profile(conn, 1, "Mia")
    conn.execute("UPDATE profiles SET colour = 'red'")
    add_game(conn, 7)
    conn.execute("UPDATE games SET length_ms = X'00ff', players = 'two', started = 12")
    add_seat(conn, 7, 0, 1)
    conn.execute("UPDATE seats SET won = 'yes', score = 'lots'")
    add_seat(conn, 7, 1, 1)
    conn.execute("UPDATE seats SET game_id = 'seven' WHERE seat = 1")  # a key that names no game
    add_event(conn, version, 1, 7, 1)
    add_event(conn, version, 2, 7, 1)
    conn.execute(f"UPDATE {slaps_table(version)} SET t_ms = 'soon', reaction_ms = 'fast' WHERE id = 1")
    conn.close()
    said, warn = lines()

    history = open_history(path, warn)

    assert history.enabled and [p.name for p in history.profiles] == ["Mia"]
    assert counts(path)["events"] == 2 and counts(path)["seats"] == 1 and counts(path)["games"] == 1
    assert len(said) == 1 and "1 seat pointed at no game" in said[0]
    stats = history.read(lambda c: profile_stats(c, 1))
    assert stats.slaps == 2 and stats.games[0].games == 1
    history.close()


# -- 4. a history made by each schema's code, 1 % of its rows orphaned ---------------------------------------

@pytest.mark.parametrize("version", [1, 2, 3])
def test_one_percent_of_rows_orphaned_opens_with_everything_else_intact(tmp_path, version):
    path = tmp_path / FILENAME
    conn = made_by(path, version)
    conn.execute("BEGIN")
    for pid in range(1, 11):
        add_profile(conn, pid, f"P{pid}")
    event = 0
    for g in range(1, 301):
        add_game(conn, g, day=1 + g % 28)
        for seat in range(3):
            add_seat(conn, g, seat, 1 + (g + seat) % 10)
        for _ in range(5):
            event += 1
            add_event(conn, version, event, g, 1 + (g + event) % 10)
    practices = 0
    if version >= 2:
        for p in range(1, 101):
            add_practice(conn, p, 1 + p % 10)
            for _ in range(3):
                event += 1
                add_event(conn, version, event, None, 1 + p % 10, practice_id=p)
            practices += 1
    conn.execute("COMMIT")
    before = counts(path)
    # Orphan 1 % of each table that points at another: a game, a player or a practice session that is gone.
    table = slaps_table(version)
    orphaned_events = conn.execute(f"SELECT id FROM {table} WHERE id % 100 = 0").fetchall()
    conn.execute(f"UPDATE {table} SET profile_id = 1000 + id WHERE id % 200 = 0")
    conn.execute(f"UPDATE {table} SET game_id = 5000 + id WHERE id % 100 = 0 AND id % 200 <> 0 AND game_id IS NOT NULL")
    if version >= 2:
        conn.execute(f"UPDATE {table} SET practice_id = 5000 + id WHERE id % 100 = 0 AND id % 200 <> 0 "
                     "AND practice_id IS NOT NULL")
    orphaned_seats = conn.execute("SELECT count(*) FROM seats WHERE game_id % 100 = 0 AND seat = 0").fetchone()[0]
    conn.execute("UPDATE seats SET game_id = 9000 + game_id WHERE game_id % 100 = 0 AND seat = 0")
    orphaned_practice = 0
    lost_with_practice = 0
    if version >= 2:
        orphaned_practice = 1
        lost_with_practice = conn.execute(f"SELECT count(*) FROM {table} WHERE practice_id = 50 AND id % 100 <> 0"
                                          ).fetchone()[0]
        conn.execute("UPDATE practice SET profile_id = 999 WHERE id = 50")
    conn.close()
    said, warn = lines()

    history = open_history(path, warn)

    after = counts(path)
    assert history.enabled and len(history.profiles) == 10
    assert after["profiles"] == before["profiles"] == 10
    assert after["games"] == before["games"] == 300
    assert after["seats"] == before["seats"] - orphaned_seats
    assert after.get("practice", 0) == before.get("practice", 0) - orphaned_practice
    assert after["events"] == before[table] - len(orphaned_events) - lost_with_practice
    assert len(said) == 1 and "left out" in said[0]
    history.close()


# -- 5. a file SQLite can't read whole: set aside, its readable rows read out --------------------------------

def test_a_damaged_file_is_set_aside_and_its_players_are_read_out_of_it(tmp_path):
    path = tmp_path / FILENAME
    history = open_history(path)
    ids = evening(history)
    history.close()
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) // 2])
    said, warn = lines()

    history = open_history(path, warn)

    assert history.enabled and sorted(p.name for p in history.profiles) == sorted(ids)
    aside = [p for p in tmp_path.iterdir() if p.name.startswith(f"{FILENAME}.corrupt-")]
    assert len(aside) == 1 and aside[0].read_bytes() == whole[: len(whole) // 2]
    assert len(said) == 1 and "3 players" in said[0] and aside[0].name in said[0]
    history.close()


# -- 6. every screen draws every stored value ---------------------------------------------------------------

SQL_VALUE = st.none() | st.integers(-2**63, 2**63 - 1) | st.floats() | st.text(max_size=12) | st.binary(max_size=6) \
    | st.sampled_from(["0001-01-01T00:30:00+05:00", "9999-12-31T23:59:59-05:00", "kb:x", "kb:99", "kb:-1", "pad:",
                       "2024-13-45", "9999-12-31", "-1", "1e999", "nan"])
COLUMNS = [(table, column) for table, names in {
    "profiles": ("name", "colour", "avatar", "device", "device_name", "created"),
    "games": ("game", "rules", "started", "length_ms", "players", "result"),
    "seats": ("seat", "name", "kind", "level", "won", "score"),
    "practice": ("game", "drill", "started", "length_ms", "correct", "decisions"),
    "events": ("game", "seat", "kind", "rule", "t_ms", "outcome", "reaction_ms", "head_start_ms"),
}.items() for column in names]


@pytest.fixture(scope="module")
def evening_db(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("history")
    history = open_history(folder / FILENAME, warn=lambda m: None)
    ids = evening(history)
    history.change(ids["Mia"], device="kb:1")
    history.change(ids["Leo"], device="pad:030000005e040000", device_name="Pad")
    history.close()
    return folder / FILENAME


def open_screens(app) -> None:
    """Every screen that reads the history, drawn for each profile: the players, a player, the stats, the
    slap school's progress; and the replays list."""
    app.push(TitleScene())
    for profile in list(app.history.profiles):
        for screen in (screens.Profiles(), screens.Profile(profile.id), screens.Stats(profile.id),
                       screens.Practice("ratscrew", "school"),
                       screens.Practice("ratscrew", "school", "summary", (profile.id,))):
            app.nav.push(screen)
            app.frames(2)
            app.top.draw(app.screen, 0.0)
            app.pop()
    app.nav.push(screens.Replays())
    app.frames(1)
    app.top.draw(app.screen, 0.0)


@hsettings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(table_column=st.sampled_from(COLUMNS), value=SQL_VALUE)
@example(table_column=("practice", "started"), value="0001-01-01T00:30:00+05:00")  # the values the issue found
@example(table_column=("practice", "started"), value="9999-12-31T23:59:59-05:00")
@example(table_column=("profiles", "device"), value="kb:x")
@example(table_column=("events", "reaction_ms"), value=-2.6e19)  # a reaction no chart can draw (found by Hypothesis)
@example(table_column=("events", "reaction_ms"), value=float("nan"))
def test_every_screen_that_reads_the_history_draws_any_stored_value(tmp_path, monkeypatch, evening_db,
                                                                    table_column, value):
    table, column = table_column
    data = Path(tempfile.mkdtemp(dir=tmp_path))
    (data / FILENAME).write_bytes(evening_db.read_bytes())
    with contextlib.closing(sqlite3.connect(data / FILENAME)) as conn:
        try:
            conn.execute(f"UPDATE {table} SET {column} = ?", (value,))
        except sqlite3.IntegrityError:  # NULL in a NOT NULL column, a name twice: SQLite refuses it itself
            return
        conn.commit()
    monkeypatch.setenv(record.ENV_DATA_DIR, str(data))
    app = make_app(tmp_path)
    try:
        assert app.history.enabled
        open_screens(app)
    finally:
        app.stack.clear()
        app.history.close()


# -- 7. the rows the issue found, one by one ----------------------------------------------------------------

def history_with(tmp_path: Path, monkeypatch, sql: str) -> object:
    data = tmp_path / "data"
    data.mkdir()
    history = open_history(data / FILENAME, warn=lambda m: None)
    evening(history)
    history.close()
    with contextlib.closing(sqlite3.connect(data / FILENAME)) as conn:
        conn.execute(sql)
        conn.commit()
    monkeypatch.setenv(record.ENV_DATA_DIR, str(data))
    return make_app(tmp_path)


@pytest.mark.parametrize("started", ["0001-01-01T00:30:00+05:00", "9999-12-31T23:59:59-05:00"])
def test_the_slap_schools_progress_screen_draws_a_practice_dated_at_the_ends_of_time(tmp_path, monkeypatch, started):
    app = history_with(tmp_path, monkeypatch, f"UPDATE practice SET started = '{started}'")
    try:
        open_screens(app)
        mia = app.history.by_name("Mia")
        assert len(app.history.practice(mia.id, "ratscrew")) == 2  # kept, and shown on no day
    finally:
        app.stack.clear()
        app.history.close()


@pytest.mark.parametrize("device", ["kb:x", "kb:99", "kb:-1", "kb:", "pad:", "pad:zz", "usb:1"])
def test_a_remembered_device_that_does_not_exist_is_remembered_as_nothing(tmp_path, monkeypatch, device):
    app = history_with(tmp_path, monkeypatch, f"UPDATE profiles SET device = '{device}'")
    try:
        assert all(p.device is None for p in app.history.profiles)
        open_screens(app)
        lobby = app.nav.push(screens.Lobby("ratscrew"))  # Mia takes a seat: she joins with no remembered keys
        focus(app, t("Guest: {name}", name=t("Player {n}", n=1)))  # (players remembered: a guest says so)
        press(app, "enter")
        focus(app, "Mia")
        press(app, "enter")
        app.frames(2)
        app.top.draw(app.screen, 0.0)
        assert lobby.seat_items[0].label == "Mia" and lobby.seating.devices[0] != device
    finally:
        app.stack.clear()
        app.history.close()


def test_a_device_that_exists_is_still_remembered(tmp_path, monkeypatch):
    app = history_with(tmp_path, monkeypatch, "UPDATE profiles SET device = 'kb:7' WHERE name = 'Mia'")
    try:
        assert app.history.by_name("Mia").device == "kb:7"
    finally:
        app.history.close()
