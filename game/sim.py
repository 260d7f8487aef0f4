"""`python -m game sim`: whole games with no window, on a virtual clock, through the match drivers."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any

from game.bots import LEVELS
from game.match import SeatSpec
from game.games.nothanks.match import NothanksMatch
from game.games.ratscrew.match import RatscrewMatch
from game.games.nothanks import text as nothanks_text
from game.games.ratscrew import text as ratscrew_text

LADDER = (("pro", "casual"), ("casual", "kid"), ("pro", "kid"))
LADDER_TARGET = 0.70


class SimError(Exception):
    """A bad combination of arguments (exit code 2)."""


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="couchcards sim",
        description="Play whole games with no window (virtual clock, no sleeping) and print wins per seat, "
        "mean score (No Thanks) or mean game length (Ratscrew), and games per second.",
    )
    p.add_argument("game", choices=["nothanks", "ratscrew"])
    p.add_argument("--players", type=int, help="seats at the table (default: one per bot)")
    p.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    p.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    p.add_argument("--bots", help="comma-separated bot levels, one per seat; one level fills every seat "
                   "(default: random). No Thanks: " + ", ".join(LEVELS["nothanks"])
                   + "; Ratscrew: " + ", ".join(LEVELS["ratscrew"]))
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--seat-balanced", action="store_true",
                   help="rotate the bots round the seats so each sits in each seat equally often")
    p.add_argument("--edition", choices=["cards", "numbered"], help="No Thanks edition (default cards)")
    p.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                   help="a rule option, e.g. --rule burn=1 --rule tens=true (repeatable)")
    p.add_argument("--time-budget-ms", type=int, help="No Thanks hard bot: time per decision")
    p.add_argument("--iterations", type=int, help="No Thanks hard bot: fixed search size (deterministic)")
    p.add_argument("--ladder", action="store_true",
                   help=f"Ratscrew: play pro-casual, casual-kid and pro-kid 2-player games and check the "
                   f"stronger wins >= {LADDER_TARGET * 100:.0f}%%")
    return p


def _value(text: str) -> object:
    low = text.strip().lower()
    if low in ("true", "on", "yes"):
        return True
    if low in ("false", "off", "no"):
        return False
    if low in ("none", "standard"):
        return None
    try:
        return int(text)
    except ValueError:
        return text


def _rule_values(pairs: list[str]) -> dict[str, object]:
    values: dict[str, object] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            raise SimError(f"--rule wants NAME=VALUE, not {pair!r}")
        values[name.strip()] = _value(text)
    return values


def _bots(args: argparse.Namespace) -> list[str]:
    levels = [b.strip() for b in (args.bots or "random").split(",") if b.strip()]
    if not levels:
        raise SimError("--bots is empty: give one level per seat, e.g. --bots random,random,random")
    known = LEVELS[args.game]
    for level in levels:
        if level not in known:
            raise SimError(f"unknown {args.game} bot {level!r}; choose from {', '.join(known)}")
    if args.players is None:
        args.players = len(levels) if len(levels) > 1 else (4 if args.game == "nothanks" else 2)
    if len(levels) == 1:
        levels = levels * args.players
    if len(levels) != args.players:
        raise SimError(f"{len(levels)} bots for {args.players} players: give one bot per seat "
                       f"(or a single level to fill every seat)")
    return levels


def _check_players(players: int, low: int, high: int, what: str) -> None:
    if not low <= players <= high:
        raise SimError(f"{what} is for {low} to {high} players, not {players}")


def _play_out(m: Any) -> None:
    while not m.is_over:
        t = m.next_due_ns()
        if t is None:
            raise RuntimeError(f"nothing is scheduled but the game is not over: {m.state!r}")
        m.advance(t)


def _seat_order(levels: list[str], game: int, balanced: bool) -> list[int]:
    """entry_at[seat]: which bot entry sits in each seat for this game."""
    n = len(levels)
    shift = game % n if balanced else 0
    return [(seat - shift) % n for seat in range(n)]


# ---- No Thanks --------------------------------------------------------------------------------------


def sim_nothanks(args: argparse.Namespace) -> dict:
    from game.games.nothanks import engine as nt

    values = _rule_values(args.rule)
    if args.edition:
        values["edition"] = args.edition
    levels = _bots(args)
    try:
        rules = nt.Rules.from_options(values, players=args.players)
    except (TypeError, ValueError) as exc:
        raise SimError(f"bad No Thanks rules: {exc}") from exc
    low, high = rules.player_range()
    _check_players(args.players, low, high, f"the No Thanks {rules.edition} edition")
    options = {k: v for k, v in (("time_budget_ms", args.time_budget_ms), ("iterations", args.iterations))
               if v is not None}
    if args.seat_balanced:
        from game.games.nothanks import tournament

        result = tournament.run_tournament(rules, levels, args.games, args.seed, True, **options)
        result["table"] = tournament.format_table(result)
        return result
    master = random.Random(args.seed)
    n = args.players
    wins = [0.0] * n
    scores: list[list[int]] = [[] for _ in range(n)]
    started = time.perf_counter()
    for g in range(args.games):
        seats = [SeatSpec("bot", level) for level in levels]
        m = NothanksMatch(rules, seats, seed=master.getrandbits(64), start_ns=0, first_player=g % n,
                          threaded=False, **options)
        _play_out(m)
        winners = m.state.winners()
        for seat, score in enumerate(m.state.scores()):
            scores[seat].append(score)
            if seat in winners:
                wins[seat] += 1 / len(winners)
    elapsed = time.perf_counter() - started
    return {
        "game": "nothanks", "rules": nothanks_text.summary(rules), "players": n, "bots": levels, "games": args.games,
        "seed": args.seed, "seat_balanced": False, "seconds": elapsed,
        "games_per_second": args.games / elapsed if elapsed > 0 else 0.0,
        "seats": [
            {"seat": s, "bot": levels[s], "wins": wins[s], "win_rate": wins[s] / args.games,
             "mean_score": statistics.fmean(scores[s])}
            for s in range(n)
        ],
    }


def format_nothanks(result: dict) -> str:
    if "table" in result:
        return result["table"]
    title = (f"No Thanks: {result['games']} games, {result['players']} players, seed {result['seed']} "
             f"({result['rules']})")
    lines = [title, f"{'seat':>4} {'bot':<8} {'wins':>7} {'win rate':>8} {'mean score':>10}"]
    for s in result["seats"]:
        lines.append(f"{s['seat']:>4} {s['bot']:<8} {s['wins']:>7.1f} {100 * s['win_rate']:>7.1f}%"
                     f" {s['mean_score']:>10.1f}")
    lines.append(f"{result['games_per_second']:.1f} games/s ({result['seconds']:.2f} s)")
    return "\n".join(lines)


# ---- Ratscrew ---------------------------------------------------------------------------------------


def _ratscrew_rules(args: argparse.Namespace):
    from game.games.ratscrew import engine as rs

    try:
        return rs.Rules.from_options(_rule_values(args.rule))
    except (TypeError, ValueError) as exc:
        raise SimError(f"bad Ratscrew rules: {exc}") from exc


def run_ratscrew(rules: Any, levels: list[str], games: int, seed: int, seat_balanced: bool) -> dict:
    """Play `games` all-bot games and summarise them per seat and per bot level (JSON-able)."""
    master = random.Random(seed)
    n = len(levels)
    wins = [0.0] * n  # per entry
    lengths: list[int] = []
    seconds: list[float] = []
    ends: dict[str, int] = {}
    per_level: dict[str, dict[str, Any]] = {
        level: {"reactions_ms": [], "drawn_ms": [], "opportunities": 0, "missed": 0, "won": 0, "wrong": 0,
                "late": 0}
        for level in levels
    }
    started = time.perf_counter()
    for g in range(games):
        entry_at = _seat_order(levels, g, seat_balanced)
        seats = [SeatSpec("bot", levels[e]) for e in entry_at]
        m = RatscrewMatch(rules, seats, seed=master.getrandbits(64), start_ns=0, first_player=g % n)
        _play_out(m)
        st = m.state
        if st.winner is None:
            for e in range(n):
                wins[e] += 1 / n
        else:
            wins[entry_at[st.winner]] += 1
        lengths.append(st.cards_played)
        seconds.append(m.now_ns / 1e9)
        ends[st.end_reason] = ends.get(st.end_reason, 0) + 1
        for seat, stats in enumerate(m.stats):
            agg = per_level[seats[seat].level]
            agg["reactions_ms"] += stats.reactions_ms
            agg["won"] += stats.slaps_won
            agg["wrong"] += stats.wrong
            agg["late"] += stats.late
            log = getattr(m.bots[seat], "log", None)
            if log is not None:
                agg["opportunities"] += log.opportunities
                agg["missed"] += log.missed
                agg["drawn_ms"] += log.reactions_ms
    elapsed = time.perf_counter() - started
    levels_out = []
    for level, agg in per_level.items():
        slaps = agg["won"] + agg["wrong"] + agg["late"]
        levels_out.append({
            "level": level,
            "reaction_ms_median": statistics.median(agg["reactions_ms"]) if agg["reactions_ms"] else None,
            "noticed_ms_median": statistics.median(agg["drawn_ms"]) if agg["drawn_ms"] else None,
            "miss_rate": agg["missed"] / agg["opportunities"] if agg["opportunities"] else None,
            "wrong_slap_rate": agg["wrong"] / slaps if slaps else None,
            "slaps": slaps, "slaps_won": agg["won"], "wrong": agg["wrong"], "late": agg["late"],
        })
    return {
        "game": "ratscrew", "rules": ratscrew_text.summary(rules), "players": n, "bots": list(levels), "games": games,
        "seed": seed, "seat_balanced": seat_balanced, "seconds": elapsed,
        "games_per_second": games / elapsed if elapsed > 0 else 0.0,
        "mean_cards_played": statistics.fmean(lengths), "mean_game_seconds": statistics.fmean(seconds),
        "ends": ends,
        "entries": [{"entry": e, "bot": levels[e], "wins": wins[e], "win_rate": wins[e] / games}
                    for e in range(n)],
        "levels": levels_out,
    }


def run_ladder(rules: Any, games: int, seed: int) -> dict:
    """Stronger against weaker in 2-player games, seats swapped every game."""
    pairs = []
    for strong, weak in LADDER:
        result = run_ratscrew(rules, [strong, weak], games, seed, seat_balanced=True)
        share = result["entries"][0]["win_rate"]
        pairs.append({"strong": strong, "weak": weak, "games": games, "strong_win_rate": share,
                      "ok": share >= LADDER_TARGET})
    return {"game": "ratscrew", "ladder": pairs, "target": LADDER_TARGET, "ok": all(p["ok"] for p in pairs)}


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f} ms"


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def format_ratscrew(result: dict) -> str:
    if "ladder" in result:
        lines = [f"Ratscrew ladder, 2 players, seats swapped each game (target {result['target']:.0%}):"]
        for p in result["ladder"]:
            lines.append(f"  {p['strong']:>6} beats {p['weak']:<6} {100 * p['strong_win_rate']:5.1f}% of "
                         f"{p['games']} games  {'ok' if p['ok'] else 'BELOW TARGET'}")
        return "\n".join(lines)
    ends = ", ".join(f"{k} {v}" for k, v in sorted(result["ends"].items()))
    title = (f"Ratscrew: {result['games']} games, {result['players']} players, seed {result['seed']}"
             f"{', seat-balanced' if result['seat_balanced'] else ''} ({result['rules']})")
    lines = [title, f"{'#':>2} {'bot':<7} {'wins':>7} {'win rate':>8}"]
    for e in result["entries"]:
        lines.append(f"{e['entry']:>2} {e['bot']:<7} {e['wins']:>7.1f} {100 * e['win_rate']:>7.1f}%")
    lines.append(f"mean game length: {result['mean_cards_played']:.1f} cards played, "
                 f"{result['mean_game_seconds']:.1f} s of play; ends: {ends}")
    lines.append("per level: reaction = median ms from a pile turning slappable to the slaps that landed "
                 "on it (won or too late); noticed = median of all reactions the bot drew")
    lines.append(f"{'level':<7} {'reaction':>8} {'noticed':>8} {'miss rate':>9} {'wrong slaps':>11} {'slaps':>6}")
    for lv in result["levels"]:
        lines.append(f"{lv['level']:<7} {_ms(lv['reaction_ms_median']):>8} {_ms(lv['noticed_ms_median']):>8}"
                     f" {_pct(lv['miss_rate']):>9} {_pct(lv['wrong_slap_rate']):>11} {lv['slaps']:>6}")
    lines.append(f"{result['games_per_second']:.1f} games/s ({result['seconds']:.2f} s)")
    return "\n".join(lines)


def sim_ratscrew(args: argparse.Namespace) -> dict:
    rules = _ratscrew_rules(args)
    if args.ladder:
        return run_ladder(rules, args.games, args.seed)
    levels = _bots(args)
    _check_players(args.players, 2, 8, "Ratscrew")
    return run_ratscrew(rules, levels, args.games, args.seed, args.seat_balanced)


def main(argv: list[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(sys.argv[1:] if argv is None else argv)
    if args.games < 1:
        p.error(f"--games must be at least 1, not {args.games}")
    try:
        if args.game == "nothanks":
            result = sim_nothanks(args)
            text = format_nothanks(result)
        else:
            result = sim_ratscrew(args)
            text = format_ratscrew(result)
    except SimError as exc:
        p.error(str(exc))
    print(json.dumps(result, indent=2) if args.json else text)
    if result.get("ok") is False:
        return 1
    return 0
