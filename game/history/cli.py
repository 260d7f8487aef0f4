"""`python -m game stats`: the players the game remembers, one player's stats, and their history as CSV.

    python -m game stats                              # the players, with their games
    python -m game stats --profile NAME               # one player's stats
    python -m game stats --profile NAME --csv FILE    # their history as CSV (see game.history.export)

Errors are one line on stderr, exit code 2 (an unknown player, a file that can't be written).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Mapping
from typing import Protocol

from game.argtypes import OneLineParser
from game.history import export, queries
from game.history.store import History, default_path, open_history
from game.i18n import t, tn


def parser() -> argparse.ArgumentParser:
    p = OneLineParser(prog="couchcards stats", description="The players the game remembers and their stats.")
    p.add_argument("--profile", metavar="NAME", help="the player (as on the stats screen; any case)")
    p.add_argument("--csv", metavar="FILE", help="write the player's history to FILE as CSV")
    return p


def fail(message: str) -> int:
    print(f"couchcards stats: {message}".splitlines()[0], file=sys.stderr)
    return 2


class Titled(Protocol):
    def title(self) -> str: ...


def game_title(game: str, games: Mapping[str, Titled]) -> str:
    """A game's title (its id for a game no longer registered)."""
    return games[game].title() if game in games else game


def main(argv: list[str] | None = None, *, games: Mapping[str, Titled]) -> int:
    args = parser().parse_args(argv)
    if args.csv and not args.profile:
        return fail("--csv needs --profile NAME")
    path = default_path()
    if not path.exists():
        return fail(f"no player named {args.profile!r}: no history yet ({path})") if args.profile else \
            _say(t("No players yet (no history in {path}).", path=path))
    history = open_history(path, warn=lambda m: print(f"couchcards: {m}", file=sys.stderr))
    try:
        if not history.enabled:
            return fail(history.problem or "the history can't be read")
        if not args.profile:
            return _list(history)
        profile = history.by_name(args.profile)
        if profile is None:
            known = ", ".join(p.name for p in history.profiles) or "none yet"
            return fail(f"no player named {args.profile!r} (players: {known})")
        if args.csv:
            table = history.read(lambda c: export.rows(c, profile.id))
            if table is None:
                return fail("the history can't be read")
            try:
                written = export.write_csv(args.csv, table)
            except OSError as exc:
                return fail(f"cannot write {args.csv}: {exc.strerror or exc}")
            print(tn("{name}: {n} row written to {path}", "{name}: {n} rows written to {path}", len(table),
                     name=profile.name, path=written))
            return 0
        stats = history.read(lambda c: queries.profile_stats(c, profile.id))
        if stats is None:
            return fail("the history can't be read")
        print("\n".join(summary_lines(profile.name, stats, games)))
        return 0
    finally:
        history.close()


def _say(line: str) -> int:
    print(line)
    return 0


def _list(history: History) -> int:
    if not history.profiles:
        return _say(t("No players yet."))
    counts = history.read(lambda c: dict(c.execute(
        "SELECT profile_id, count(*) FROM seats WHERE profile_id IS NOT NULL GROUP BY profile_id").fetchall())) or {}
    for p in history.profiles:
        print(tn("{name}: {n} game", "{name}: {n} games", counts.get(p.id, 0), name=p.name))
    return 0


def summary_lines(name: str, stats: queries.ProfileStats, games: Mapping[str, Titled]) -> list[str]:
    played = sum(g.games for g in stats.games)
    lines = [tn("{name}: {n} game", "{name}: {n} games", played, name=name)]
    for g in stats.games:
        line = t("  {game}: {games}, {wins}", game=game_title(g.game, games), games=tn("{n} game", "{n} games", g.games),
                 wins=tn("{n} win", "{n} wins", g.wins))
        if g.average is not None:
            line += t(", average {avg:+.1f}, best {best:+d}", avg=g.average, best=g.best)
        lines.append(line)
    if stats.slaps:
        median = round(statistics.median(stats.reactions)) if stats.reactions else None
        line = t("  slaps: {n} ({wrong} wrong)", n=stats.slaps, wrong=stats.wrong)
        if median is not None:
            line += t("; median reaction {ms} ms", ms=median)
        lines.append(line)
    for r in stats.rules:
        lines.append(t("  {rule}: {right} of {n} in time", rule=queries.rule_label(r.rule), right=r.right, n=r.chances))
    for h in stats.rivals:
        lines.append(tn("  vs {name}: {n} game, {mine}–{theirs}", "  vs {name}: {n} games, {mine}–{theirs}", h.games,
                        name=h.name, mine=h.wins, theirs=h.their_wins))
    return lines
