"""A profile's history as CSV: one row per game it played, per slap, and per practice session, oldest first.

Columns: kind (game, slap, practice), started (UTC), game, rules (the game's option values as JSON, or a
practice drill), players, opponents, won, score, length_s, rule, outcome, reaction_ms, head_start_ms.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from pathlib import Path

from game.settings import write_atomic

COLUMNS = ("kind", "started", "game", "rules", "players", "opponents", "won", "score", "length_s", "rule",
           "outcome", "reaction_ms", "head_start_ms")


def rows(conn: sqlite3.Connection, profile_id: int) -> list[dict[str, object]]:
    out: list[tuple[tuple[str, int, int, int], dict[str, object]]] = []  # (sort key, row)
    for game_id, started, game, rules, players, length_ms, won, score in conn.execute("""
            SELECT g.id, g.started, g.game, g.rules, g.players, g.length_ms, s.won, s.score
            FROM seats s JOIN games g ON g.id = s.game_id WHERE s.profile_id = ? ORDER BY g.started, g.id""",
                                                                                      (profile_id,)):
        others = [name for (name,) in conn.execute(
            "SELECT name FROM seats WHERE game_id = ? AND (profile_id IS NULL OR profile_id <> ?) ORDER BY seat",
            (game_id, profile_id))]
        out.append(((started, 0, game_id, 0), {"kind": "game", "started": started, "game": game, "rules": _compact(rules),
                                 "players": players, "opponents": "; ".join(others), "won": int(won),
                                 "score": "" if score is None else score, "length_s": round(length_ms / 1000, 1)}))
    for game_id, started, game, t_ms, rule, outcome, ms, head in conn.execute("""
            SELECT g.id, g.started, g.game, s.t_ms, s.rule, s.outcome, s.reaction_ms, s.head_start_ms
            FROM events s JOIN games g ON g.id = s.game_id WHERE s.profile_id = ? AND s.kind = 'slap'
            ORDER BY g.started, s.id""",
                                                                     (profile_id,)):
        out.append(((started, 0, game_id, 1 + t_ms), {"kind": "slap", "started": started, "game": game, "rule": rule or "",
                                        "outcome": outcome, "reaction_ms": "" if ms is None else round(ms),
                                        "head_start_ms": head}))
    for practice_id, started, game, drill, length_ms, correct, decisions in conn.execute("""
            SELECT id, started, game, drill, length_ms, correct, decisions FROM practice WHERE profile_id = ?
            ORDER BY started, id""", (profile_id,)):
        out.append(((started, 1, practice_id, 0), {"kind": "practice", "started": started, "game": game, "rules": drill,
                                 "players": 1, "score": correct, "outcome": f"{correct}/{decisions}",
                                 "length_s": round(length_ms / 1000, 1)}))
        for i, (rule, outcome, ms) in enumerate(conn.execute(
                "SELECT rule, outcome, reaction_ms FROM events WHERE practice_id = ? AND kind = 'slap' ORDER BY id",
                (practice_id,)), 1):
            out.append(((started, 1, practice_id, i), {"kind": "practice slap", "started": started, "game": game, "rule": rule or "",
                                     "outcome": outcome, "reaction_ms": "" if ms is None else round(ms)}))
    out.sort(key=lambda item: item[0])
    return [row for _, row in out]


def _compact(rules: str) -> str:
    try:
        return json.dumps(json.loads(rules), sort_keys=True, separators=(",", ":"))
    except ValueError:
        return rules


def csv_text(table: list[dict[str, object]]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, COLUMNS, restval="", lineterminator="\n")
    writer.writeheader()
    writer.writerows(table)
    return buffer.getvalue()


def write_csv(path: str | Path, table: list[dict[str, object]]) -> Path:
    """Write the rows to `path` atomically; OSError if the disk refuses."""
    path = Path(path)
    write_atomic(path, csv_text(table))
    return path
