"""The stats screen's questions to the history, per profile: reaction times per session (a game or a
practice session) and all of them, accuracy per slap rule, games and wins per game (with the average and
best score where the game has points), and head to head against the other profiles."""

from __future__ import annotations

import sqlite3
import statistics
from dataclasses import dataclass, field

from game.history.summary import LATE, MISSED, RIGHT, WON, WRONG
from game.i18n import t

TREND_SESSIONS = 30  # the reaction-time chart shows this many sessions at most, the latest
HISTOGRAM_SLAPS = 1000  # the histogram counts this many reactions at most, the latest
# Reactions that count: a slap on a slappable pile (in time, or too late), at a table or in practice.
TIMED = (WON, LATE, RIGHT, "late")
EARLY = "early"  # practice: a press on a pattern too soon after it was shown to be a reaction (a false slap)
# A reaction time as stored is trusted only between these: no press is judged after a minute, and a
# hand-edited row (-2.6e19, NaN, a text) would otherwise wreck a median and the charts drawn from it.
REACTION_MAX_MS = 60_000.0


def reaction(ms: object) -> float | None:
    """A stored reaction time, or None when it is no finite number of milliseconds from 0 to a minute."""
    if isinstance(ms, bool) or not isinstance(ms, int | float):
        return None
    value = float(ms)
    return value if 0.0 <= value <= REACTION_MAX_MS else None  # NaN fails both comparisons


@dataclass(frozen=True, slots=True)
class Session:
    """A game or practice session with reactions: when (UTC ISO), where ("game" id or "practice"), and
    the median and count of its reaction times."""

    started: str
    kind: str
    game: str
    median_ms: float
    slaps: int


@dataclass(slots=True)
class RuleAccuracy:
    """One slap rule: slaps that took the pile (or were right in practice), right but too late, and
    patterns missed in practice."""

    rule: str
    right: int = 0
    late: int = 0
    missed: int = 0

    @property
    def chances(self) -> int:
        return self.right + self.late + self.missed

    @property
    def share(self) -> float:
        return self.right / self.chances if self.chances else 0.0


@dataclass(frozen=True, slots=True)
class GameTally:
    """One game's line: games played, won, and (for a game with points) the average and the best game."""

    game: str
    games: int
    wins: int
    average: float | None = None
    best: int | None = None
    best_started: str = ""
    best_players: int = 0


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Games this profile played with `name`, and how many each of them won."""

    profile_id: int
    name: str
    colour: int
    games: int
    wins: int
    their_wins: int


@dataclass(slots=True)
class ProfileStats:
    profile_id: int
    sessions: list[Session] = field(default_factory=list)
    reactions: list[float] = field(default_factory=list)
    rules: list[RuleAccuracy] = field(default_factory=list)
    wrong: int = 0  # slaps on a pile that made nothing
    slaps: int = 0  # every slap
    games: list[GameTally] = field(default_factory=list)
    rivals: list[HeadToHead] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.slaps or self.games)


def profile_stats(conn: sqlite3.Connection, profile_id: int, rule_order: tuple[str, ...] = ()) -> ProfileStats:
    """Everything the stats screen shows for one profile. `rule_order`: slap rules in the order to list them
    (others follow by name)."""
    out = ProfileStats(profile_id)
    out.sessions = sessions(conn, profile_id)
    out.reactions = reactions(conn, profile_id)
    out.rules, out.wrong, out.slaps = accuracy(conn, profile_id, rule_order)
    out.games = games(conn, profile_id)
    out.rivals = head_to_head(conn, profile_id)
    return out


def sessions(conn: sqlite3.Connection, profile_id: int, limit: int = TREND_SESSIONS) -> list[Session]:
    rows = conn.execute(f"""
        SELECT coalesce(g.started, p.started) AS started, s.game_id, s.practice_id, coalesce(g.game, p.game),
               s.reaction_ms
        FROM events s LEFT JOIN games g ON g.id = s.game_id LEFT JOIN practice p ON p.id = s.practice_id
        WHERE s.profile_id = ? AND s.kind = 'slap' AND s.reaction_ms IS NOT NULL AND s.outcome IN ({",".join("?" * len(TIMED))})
        ORDER BY started, s.game_id, s.practice_id, s.id""", (profile_id, *TIMED)).fetchall()
    grouped: dict[tuple[str, int | None, int | None, str | None], list[float]] = {}
    for started, game_id, practice_id, game, stored in rows:
        ms = reaction(stored)
        if ms is not None:  # a time that is no number (a hand-edited row) reads as None: left out
            grouped.setdefault((started, game_id, practice_id, game), []).append(ms)
    out = [Session(started, "game" if game_id is not None else "practice", game or "", statistics.median(times),
                   len(times)) for (started, game_id, _, game), times in grouped.items()]
    return out[-limit:]


def reactions(conn: sqlite3.Connection, profile_id: int, limit: int = HISTOGRAM_SLAPS) -> list[float]:
    rows = conn.execute(f"""
        SELECT reaction_ms FROM events WHERE profile_id = ? AND kind = 'slap' AND reaction_ms IS NOT NULL
        AND outcome IN ({",".join("?" * len(TIMED))}) ORDER BY id DESC LIMIT ?""",
                        (profile_id, *TIMED, limit)).fetchall()
    return [ms for ms in (reaction(r[0]) for r in reversed(rows)) if ms is not None]


def median_reactions(conn: sqlite3.Connection, profile_id: int, game: str,
                     limit: int = 200) -> dict[str, tuple[float, int]]:
    """A player's median reaction per slap rule, {rule: (median ms, slaps)}, over their latest `limit` timed
    slaps of each rule in `game` (at tables and in practice): what a Fair start sets head starts from."""
    rows = conn.execute(f"""
        SELECT s.rule, s.reaction_ms
        FROM events s LEFT JOIN games g ON g.id = s.game_id LEFT JOIN practice p ON p.id = s.practice_id
        WHERE s.profile_id = ? AND s.kind = 'slap' AND s.reaction_ms IS NOT NULL AND s.rule IS NOT NULL
        AND coalesce(g.game, p.game) = ? AND s.outcome IN ({",".join("?" * len(TIMED))})
        ORDER BY s.id DESC""", (profile_id, game, *TIMED)).fetchall()
    by_rule: dict[str, list[float]] = {}
    for rule, stored in rows:
        ms = reaction(stored)
        if ms is not None and ms > 0 and len(by_rule.setdefault(rule, [])) < limit:
            by_rule[rule].append(ms)
    return {rule: (statistics.median(times), len(times)) for rule, times in by_rule.items() if times}


def accuracy(conn: sqlite3.Connection, profile_id: int,
             rule_order: tuple[str, ...] = ()) -> tuple[list[RuleAccuracy], int, int]:
    """(a row per rule that came up, wrong slaps, all slaps)."""
    rows = conn.execute("SELECT rule, outcome, count(*) FROM events WHERE profile_id = ? AND kind = 'slap' "
                        "GROUP BY rule, outcome",
                        (profile_id,)).fetchall()
    by_rule: dict[str, RuleAccuracy] = {}
    wrong = total = 0
    for rule, outcome, n in rows:
        if outcome != MISSED:
            total += n
        if outcome in (WRONG, EARLY):  # a press too early to be a reaction is a false slap too
            wrong += n
            continue
        if rule is None:
            continue  # a too-late slap whose pile's rule is unknown (taken by a claim)
        row = by_rule.setdefault(rule, RuleAccuracy(rule))
        if outcome in (WON, RIGHT):
            row.right += n
        elif outcome in (LATE, "late"):
            row.late += n
        elif outcome == MISSED:
            row.missed += n
    order = {rule: i for i, rule in enumerate(rule_order)}
    ranked = sorted(by_rule.values(), key=lambda r: (order.get(r.rule, len(order)), r.rule))
    return ranked, wrong, total


def games(conn: sqlite3.Connection, profile_id: int) -> list[GameTally]:
    out = []
    rows = conn.execute("""
        SELECT g.game, count(*), sum(s.won), avg(s.score),
               max(CASE WHEN typeof(s.score) IN ('integer', 'real') THEN s.score END)
        FROM seats s JOIN games g ON g.id = s.game_id WHERE s.profile_id = ?
        GROUP BY g.game ORDER BY count(*) DESC, g.game""", (profile_id,)).fetchall()
    for game, played, wins, average, best in rows:
        started, players = "", 0
        if best is not None:
            found = conn.execute("""
                SELECT g.started, g.players FROM seats s JOIN games g ON g.id = s.game_id
                WHERE s.profile_id = ? AND g.game = ? AND s.score = ? ORDER BY g.started LIMIT 1""",
                                 (profile_id, game, best)).fetchone()
            started, players = found or (started, players)
            best = int(best)  # a score is a whole number (a hand-edited 1.5 shows as 1)
        if best is None:
            average = None  # no score that is a number: no average or best to show
        out.append(GameTally(game, played, int(wins or 0), average, best, started, players))
    return out


def head_to_head(conn: sqlite3.Connection, profile_id: int) -> list[HeadToHead]:
    rows = conn.execute("""
        SELECT o.profile_id, p.name, p.colour, count(*), sum(me.won), sum(o.won)
        FROM seats me JOIN seats o ON o.game_id = me.game_id AND o.seat <> me.seat
        JOIN profiles p ON p.id = o.profile_id
        WHERE me.profile_id = ? AND o.profile_id <> me.profile_id
        GROUP BY o.profile_id ORDER BY count(*) DESC, p.name""", (profile_id,)).fetchall()
    return [HeadToHead(pid, name, colour, n, int(mine or 0), int(theirs or 0))
            for pid, name, colour, n, mine, theirs in rows]


def histogram(values: list[float], bin_ms: int = 100, top_ms: int = 1500) -> list[int]:
    """Counts of `values` in bins of `bin_ms` from 0 to `top_ms`; the last bin holds everything slower."""
    bins = [0] * (top_ms // bin_ms + 1)
    for v in values:
        bins[min(len(bins) - 1, max(0, int(v // bin_ms)))] += 1
    return bins


def rule_label(rule: str) -> str:
    """A slap rule's name as the tables print it: two words joined ("top_bottom" -> "Top-bottom"), more
    words spaced ("four_of_a_suit" -> "Four of a suit")."""
    words = rule.split("_")
    return t(("-" if len(words) == 2 else " ").join(words).capitalize())


@dataclass(frozen=True, slots=True)
class Practice:
    """One practice session of a profile, as kept: when (UTC ISO), the drill (the rule it adds), its length,
    its right decisions of all, and its slaps as (rule, outcome, reaction ms) in card order."""

    started: str
    drill: str
    length_ms: int
    correct: int
    decisions: int
    slaps: tuple[tuple[str | None, str, float | None], ...]


def practice(conn: sqlite3.Connection, profile_id: int, game: str) -> list[Practice]:
    """Every practice session of `profile_id` in `game`, oldest first (what a practice mode tells its
    players' mastery and progress from)."""
    rows = conn.execute("SELECT id, started, drill, length_ms, correct, decisions FROM practice "
                        "WHERE profile_id = ? AND game = ? ORDER BY started, id", (profile_id, game)).fetchall()
    slaps: dict[int, list[tuple[str | None, str, float | None]]] = {}
    for practice_id, rule, outcome, ms in conn.execute(
            "SELECT e.practice_id, e.rule, e.outcome, e.reaction_ms FROM events e JOIN practice p ON p.id = e.practice_id "
            "WHERE p.profile_id = ? AND p.game = ? AND e.kind = 'slap' ORDER BY e.practice_id, e.t_ms, e.id",
            (profile_id, game)):
        slaps.setdefault(practice_id, []).append((rule, outcome, reaction(ms)))
    return [Practice(started, drill, length_ms, correct, decisions, tuple(slaps.get(pid, ())))
            for pid, started, drill, length_ms, correct, decisions in rows]
