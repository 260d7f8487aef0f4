"""The stats the history answers per player (reaction times per session, the histogram, accuracy per slap rule,
games and wins, average and best score, head to head), the rule a too-late slap was late for, and the CSV
export from the command line (`python -m game stats --profile NAME --csv FILE`)."""

from __future__ import annotations

import csv
import dataclasses
import io
from types import SimpleNamespace

import pytest
from support_cli import run_main
from test_history_data import evening

from game import cli
from game.games.ratscrew import history_events
from game.history import FILENAME, export, open_history, queries
from game.history.summary import event_rows
from game.match import SeatSpec


@pytest.fixture
def history(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path))
    h = open_history(tmp_path / FILENAME)
    yield h
    h.close()


def test_the_stats_of_an_evening(history):
    ids = evening(history)
    stats = history.read(lambda c: queries.profile_stats(c, ids["Mia"], ("double", "sandwich", "top_bottom",
                                                                         "marriage")))
    # Ten games (median of six reactions, base + 62.5 ms) and two practice sessions (base - 40), in order.
    bases = [760 - 38 * i for i in range(10)]
    expected = []
    for i, base in enumerate(bases):
        expected.append(("game", base + 62.5))
        if i in (3, 7):
            expected.append(("practice", base - 40))
    assert [(s.kind, s.median_ms) for s in stats.sessions] == expected
    assert len(stats.reactions) == 64 == sum(queries.histogram(stats.reactions))
    assert [(r.rule, r.right, r.late, r.missed) for r in stats.rules] == [
        ("double", 12, 20, 0), ("sandwich", 12, 0, 2), ("top_bottom", 10, 0, 0), ("marriage", 10, 0, 0)]
    assert (stats.wrong, stats.slaps) == (6, 70)
    games = {g.game: g for g in stats.games}
    assert (games["ratscrew"].games, games["ratscrew"].wins, games["ratscrew"].average) == (10, 7, None)
    points = games["nothanks"]
    assert (points.games, points.wins, points.average, points.best) == (4, 3, 8.75, 21)
    assert points.best_started.startswith("2024-03-22") and points.best_players == 3
    assert [(h.name, h.games, h.wins, h.their_wins) for h in stats.rivals] == [("Leo", 14, 10, 3), ("Ana", 4, 3, 2)]
    leo = history.read(lambda c: queries.profile_stats(c, ids["Leo"]))
    assert [(h.name, h.wins, h.their_wins) for h in leo.rivals] == [("Mia", 3, 10), ("Ana", 0, 2)]
    assert [s.median_ms for s in leo.sessions] == [500.0 + 10 * i for i in range(10)]


def test_the_histogram_has_100_ms_bins_and_a_last_one_for_everything_slower():
    bins = queries.histogram([0, 99.9, 100, 250, 1499, 1500, 4000], 100, 1500)
    assert len(bins) == 16 and bins[0] == 2 and bins[1] == 1 and bins[2] == 1 and bins[14] == 1 and bins[15] == 2


def test_the_trend_shows_the_latest_thirty_sessions(history):
    from test_history_data import game

    mia = history.create("Mia").id
    for day in range(1, 29):
        for hour in (18, 20):
            record = game("ratscrew", day, [("Mia", mia, True, None), ("Bot", None, False, None)],
                          [(0, "double", "won", 1000.0 - day * 10 - hour)])
            history.record_game(dataclasses.replace(record, started=f"2024-03-{day:02d}T{hour}:00:00+00:00"))
    stats = history.read(lambda c: queries.profile_stats(c, mia))
    assert len(stats.sessions) == queries.TREND_SESSIONS == 30
    assert stats.sessions[-1].median_ms == 1000.0 - 280 - 20 and stats.sessions[0].started.startswith("2024-03-14")


def test_a_too_late_slap_counts_for_the_rule_of_the_pile_it_was_late_for():
    ms = 1_000_000

    def rec(t, seat, verdict, rule, reaction):
        return SimpleNamespace(t_ns=t * ms, seat=seat, verdict=verdict, rule=rule, reaction_ms=reaction)

    match = SimpleNamespace(
        history=SimpleNamespace(slaps=[rec(1000, 1, "won", "sandwich", 400.0), rec(1120, 0, "too late", None, 520.0),
                                       rec(5000, 0, "wrong", None, None), rec(9000, 0, "too late", None, 350.0),
                                       rec(9500, 2, "won", "double", 300.0)], missed=[]),
        seats=[SeatSpec("human", head_start_ms=250), SeatSpec("human"), SeatSpec("bot", "pro")])
    rows = event_rows(history_events.events(match.history), match.seats, (7, 8, None), 0)
    assert [(r.profile_id, r.t_ms, r.rule, r.outcome, r.reaction_ms, r.head_start_ms) for r in rows] == [
        (8, 1000, "sandwich", "won", 400.0, 0),
        (7, 1120, "sandwich", "too late", 520.0, 250),  # 120 ms after the sandwich was taken
        (7, 5000, None, "wrong", None, 250),
        (7, 9000, None, "too late", 350.0, 250),  # no slap took a pile just before: its rule is unknown
    ]


def read_csv(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_the_csv_has_a_row_per_game_slap_and_practice_session_oldest_first(history):
    ids = evening(history)
    table = history.read(lambda c: export.rows(c, ids["Mia"]))
    rows = read_csv(export.csv_text(table))
    kinds = [r["kind"] for r in rows]
    assert kinds.count("game") == 14 and kinds.count("slap") == 64 and kinds.count("practice") == 2
    assert kinds.count("practice slap") == 8
    assert list(rows[0]) == list(export.COLUMNS)
    assert [r["started"] for r in rows] == sorted(r["started"] for r in rows)
    first = rows[0]
    assert (first["kind"], first["game"], first["players"], first["opponents"], first["won"]) == \
        ("game", "ratscrew", "3", "Leo; Bot 3", "1")
    assert [(r["rule"], r["outcome"], r["reaction_ms"]) for r in rows[1:3]] == [("double", "too late", "760"),
                                                                            ("sandwich", "won", "785")]
    best = [r for r in rows if r["kind"] == "game" and r["score"] == "21"]
    assert len(best) == 1 and best[0]["game"] == "nothanks" and best[0]["opponents"] == "Ana; Leo"


def test_stats_on_the_command_line_writes_the_csv(history, tmp_path, capsys):
    ids = evening(history)
    history.close()
    target = tmp_path / "out" / "mia.csv"
    code, out, err = run_main(cli, capsys, "stats", "--profile", "mia", "--csv", str(target))
    assert code == 0 and err == "" and str(target) in out
    again = open_history(tmp_path / FILENAME)
    expected = export.csv_text(again.read(lambda c: export.rows(c, ids["Mia"])))
    again.close()
    assert target.read_text(encoding="utf-8") == expected
    code, out, err = run_main(cli, capsys, "stats", "--profile", "Mia")
    assert code == 0 and "Mia: 14 games" in out and "vs Leo: 14 games, 10–3" in out
    code, out, err = run_main(cli, capsys, "stats")
    assert code == 0 and out.splitlines() == ["Ana: 4 games", "Leo: 14 games", "Mia: 14 games"]


@pytest.mark.parametrize("argv, says", [
    (["--profile", "Zed", "--csv", "x.csv"], "no player named 'Zed' (players: Ana, Leo, Mia)"),
    (["--csv", "x.csv"], "--csv needs --profile NAME"),
    (["--profile", "Mia", "--csv", "{tmp}"], "cannot write"),
    (["--profile", "Mia", "--csv", "{tmp}/blocker/x.csv"], "cannot write"),
    (["--frobnicate"], "unrecognized arguments"),
])
def test_stats_errors_are_one_line_and_exit_2(history, tmp_path, capsys, argv, says):
    evening(history)
    history.close()
    (tmp_path / "blocker").write_text("a file, not a folder")
    before = sorted(p.name for p in tmp_path.iterdir())
    code, out, err = run_main(cli, capsys, "stats", *[a.replace("{tmp}", str(tmp_path)) for a in argv])
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and says in err
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing written


def test_stats_without_any_history_says_so_and_creates_nothing(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    code, out, _ = run_main(cli, capsys, "stats")
    assert code == 0 and "No players yet" in out
    code, _, err = run_main(cli, capsys, "stats", "--profile", "Mia", "--csv", str(tmp_path / "m.csv"))
    assert code == 2 and "no history yet" in err
    assert not (tmp_path / "data").exists() and not (tmp_path / "m.csv").exists()


# -- patterns missed at a table are kept per rule, as in practice ------------------------------------------
def test_a_pattern_nobody_slapped_at_a_table_is_missed_for_each_profile_seat_in_the_game():
    from test_fair_learners import HANDS

    from game.commands import PLAY, Command
    from game.games.ratscrew import engine as rs
    from game.games.ratscrew.match import RatscrewMatch

    ms = 1_000_000
    m = RatscrewMatch(rs.Rules(), [SeatSpec("human"), SeatSpec("human")], seed=1, start_ns=0,
                      hands=[h[:] for h in HANDS])
    m.submit(Command(0, PLAY, 100 * ms))
    m.submit(Command(1, PLAY, 200 * ms))  # 5C, 5D: a double nobody slaps
    m.advance(250 * ms)
    m.submit(Command(0, PLAY, 900 * ms))  # covered: missed
    m.advance(1000 * ms)
    rows = event_rows(m.history_events(), m.seats, (7, None), 0)
    assert [(r.profile_id, r.seat, r.t_ms, r.rule, r.outcome, r.reaction_ms) for r in rows] == [
        (7, 0, 900, "double", "missed", None)]  # the guest in seat 1 keeps no history
    assert [(r.profile_id, r.rule) for r in event_rows(m.history_events(), m.seats, (7, 8), 0)] == [(7, "double"),
                                                                                                   (8, "double")]


def test_a_too_late_slap_for_a_missed_pile_counts_late_not_missed():
    ms = 1_000_000
    rec = SimpleNamespace(t_ns=1150 * ms, seat=0, verdict="too late", rule=None, reaction_ms=950.0)
    passed = SimpleNamespace(t_ns=1100 * ms, rule="double", seats=(0, 1, 2))
    match = SimpleNamespace(history=SimpleNamespace(slaps=[rec], missed=[passed]),
                            seats=[SeatSpec("human"), SeatSpec("human"), SeatSpec("human")])
    rows = event_rows(history_events.events(match.history), match.seats, (7, 8, 9), 0)
    assert [(r.profile_id, r.t_ms, r.rule, r.outcome) for r in rows] == [
        (8, 1100, "double", "missed"), (9, 1100, "double", "missed"), (7, 1150, "double", "too late")]
