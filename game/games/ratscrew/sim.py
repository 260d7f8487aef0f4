"""Egyptian Ratscrew in `python -m game sim ratscrew`: whole all-bot games through the match, per-level
behaviour (reaction times, misses, wrong slaps), the strength ladder, and the result as a table.
`--head-start 300,0` gives each bot entry a head start (it keeps it in whichever seat it sits); `--out-order`
adds each game's finishing order (who went out first, second, …, the winner last), the record to check the fair
start's "who goes out next" against (`fair.game_chances`)."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import NotRequired, TypedDict

from game.games.base import ToolReport
from game.games.ratscrew import engine as rs
from game.games.ratscrew import fair, text
from game.games.ratscrew.levels import SIM_LEVELS
from game.games.ratscrew.match import RatscrewMatch
from game.match.common import SeatSpec, Timed
from game.simkit import (
    Recorder,
    RunFigures,
    SimError,
    bot_levels,
    check_players,
    head_starts,
    play_out,
    rule_values,
    seat_order,
    share_ci,
)

DEFAULT_PLAYERS = 2
LADDER = (("pro", "casual"), ("casual", "kid"), ("pro", "kid"))
LADDER_TARGET = 0.70


def add_arguments(group: argparse._ArgumentGroup) -> None:
    group.add_argument("--ladder", action="store_true",
                       help=f"Ratscrew: play pro-casual, casual-kid and pro-kid 2-player games and check the "
                       f"stronger wins >= {LADDER_TARGET * 100:.0f}%%")
    group.add_argument("--head-start", metavar="MS,MS", dest="head_start",
                       help="Ratscrew: each bot's head start in ms, one per bot in --bots order (whole ms, "
                       "0-1000): its slaps are judged as if pressed that much earlier")
    group.add_argument("--fair-start", action="store_true", dest="fair_start",
                       help="Ratscrew: each bot's head start from its level's known median reaction, relative to "
                       "the fastest (as the lobby's Fair start sets them)")
    group.add_argument("--out-order", action="store_true", dest="out_order",
                       help="Ratscrew: also give each game's finishing order (bot entries in the order they went "
                       "out, the winner last) and how often each entry finished in each place")


def _rules(args: argparse.Namespace) -> rs.Rules:
    """The table's rules from --rule, its slap lockout raised as the lobby's would be (said on stderr)."""
    values, old = rs.mash_proof(rule_values(args.rule, rs.rule_options()))
    try:
        rules = rs.Rules.from_options(values)
    except (TypeError, ValueError) as exc:
        raise SimError(f"bad Ratscrew rules: {exc}") from exc
    if old is not None:
        print(f"couchcards sim: {text.lockout_raised(old, rules)}", file=sys.stderr)
    return rules


class LevelFigures(TypedDict):
    """One bot level's figures over a sim's games: its reactions and noticing times, chances and slaps."""

    reactions_ms: list[float]
    drawn_ms: list[float]
    opportunities: int
    missed: int
    won: int
    wrong: int
    late: int


class LevelSummary(TypedDict):
    """One bot level's figures as a run gives them (None: no chance to measure it)."""

    level: str
    reaction_ms_median: float | None
    noticed_ms_median: float | None
    miss_rate: float | None
    wrong_slap_rate: float | None
    slaps: int
    slaps_won: int
    wrong: int
    late: int
    seats: int  # how many entries are of this level
    parity: float  # the games its entries won, × players / seats: 1.0 is each of them an equal share
    parity_ci95: list[float]  # its 95 % (Wilson) interval: narrower than one seat's where several seats share a level


class EntryFigures(TypedDict):
    entry: int
    bot: str
    head_start_ms: int
    wins: float  # a drawn game counts a share to each
    win_rate: float
    win_ci95: list[float]  # [low, high]: the win rate's 95 % (Wilson) interval over these games
    parity: float  # win_rate × players: 1.0 is an equal share of the games
    parity_ci95: list[float]  # win_ci95 × players


class Figures(RunFigures):
    """A run's figures (`run_games`)."""

    mean_cards_played: float
    mean_game_seconds: float
    median_game_seconds: float
    ends: dict[str, int]  # games per end reason
    head_start_ms: list[int]
    entries: list[EntryFigures]
    levels: list[LevelSummary]
    out_orders: NotRequired[list[list[int]]]  # --out-order: each game's entries as they went out, the winner last


class LadderPair(TypedDict):
    strong: str
    weak: str
    games: int
    strong_win_rate: float
    ok: bool


class Ladder(TypedDict):
    """The strength ladder's figures (`run_ladder`)."""

    game: str
    ladder: list[LadderPair]
    target: float
    ok: bool


def run_games(rules: rs.Rules, levels: list[str], games: int, seed: int, seat_balanced: bool,
              recorder: Recorder | None = None, name: str = "ratscrew", leads: list[int] | None = None,
              out_order: bool = False) -> Figures:
    """Play `games` all-bot games and summarise them per seat and per bot level (JSON-able); with a
    recorder, each game's log is saved as `<name>-<seed>-<game number>`. `leads`: each entry's head
    start (ms). `out_order`: add each game's finishing order (`out_orders`: the entries in the order they went
    out, then the winner; a drawn game lists only those that went out)."""
    recorder = recorder or Recorder(None)
    master = random.Random(seed)
    n = len(levels)
    leads = leads or [0] * n
    wins = [0.0] * n  # per entry
    lengths: list[int] = []
    seconds: list[float] = []
    ends: dict[str, int] = {}
    orders: list[list[int]] = []
    per_level: dict[str, LevelFigures] = {
        level: {"reactions_ms": [], "drawn_ms": [], "opportunities": 0, "missed": 0, "won": 0, "wrong": 0,
                "late": 0}
        for level in levels
    }
    started = time.perf_counter()
    for g in range(games):
        entry_at = seat_order(levels, g, seat_balanced)
        seats = [SeatSpec("bot", levels[e], head_start_ms=leads[e]) for e in entry_at]
        # Seat-balanced, the entries move round the seats and seat 0 starts: each entry is dealt first (an extra
        # card at a table of 3, 5-8) and sits each place after the first equally often. (Turning the first seat with
        # them, as before, had entry 0 start every game: a kid listed first took 1.1-1.2 × its share, issue 38.)
        m = RatscrewMatch(rules, seats, seed=master.getrandbits(64), start_ns=0,
                          first_player=0 if seat_balanced else g % n, record=recorder.on)
        gone: list[int] = []  # seats, in the order they went out
        play_out(m, _outs(gone) if out_order else None)
        recorder.save(m, f"{name}-{seed}-{g + 1:04d}")
        st = m.state
        if out_order:
            orders.append([entry_at[seat] for seat in (gone if st.winner is None else [*gone, st.winner])])
        if st.winner is None:
            for e in range(n):
                wins[e] += 1 / n
        else:
            wins[entry_at[st.winner]] += 1
        lengths.append(st.cards_played)
        seconds.append(m.now_ns / 1e9)
        assert st.end_reason is not None, "a game played out names why it ended"
        ends[st.end_reason] = ends.get(st.end_reason, 0) + 1
        for seat, stats in enumerate(m.stats):
            agg = per_level[levels[entry_at[seat]]]
            agg["reactions_ms"] += stats.reactions_ms
            agg["won"] += stats.slaps_won
            agg["wrong"] += stats.wrong
            agg["late"] += stats.late
            log = m.bots[seat].log
            if log is not None:
                agg["opportunities"] += log.opportunities
                agg["missed"] += log.missed
                agg["drawn_ms"] += log.reactions_ms
    elapsed = time.perf_counter() - started
    levels_out: list[LevelSummary] = []
    for level, agg in per_level.items():
        slaps = agg["won"] + agg["wrong"] + agg["late"]
        levels_out.append({
            "level": level,
            "reaction_ms_median": statistics.median(agg["reactions_ms"]) if agg["reactions_ms"] else None,
            "noticed_ms_median": statistics.median(agg["drawn_ms"]) if agg["drawn_ms"] else None,
            "miss_rate": agg["missed"] / agg["opportunities"] if agg["opportunities"] else None,
            "wrong_slap_rate": agg["wrong"] / slaps if slaps else None,
            "slaps": slaps, "slaps_won": agg["won"], "wrong": agg["wrong"], "late": agg["late"],
            **_level_parity(level, levels, wins, games),
        })
    result: Figures = {
        "game": "ratscrew", "rules": text.summary(rules), "players": n, "bots": list(levels), "games": games,
        "seed": seed, "seat_balanced": seat_balanced, "seconds": elapsed,
        "games_per_second": games / elapsed if elapsed > 0 else 0.0,
        "mean_cards_played": statistics.fmean(lengths), "mean_game_seconds": statistics.fmean(seconds),
        "median_game_seconds": statistics.median(seconds),
        "ends": ends,
        "head_start_ms": list(leads),
        "entries": [_entry(e, levels[e], leads[e], wins[e], games, n) for e in range(n)],
        "levels": levels_out,
    }
    if out_order:
        result["out_orders"] = orders
    return result


def _entry(e: int, bot: str, lead: int, wins: float, games: int, players: int) -> EntryFigures:
    """One entry's figures: its wins, win rate and that rate × parity, each with its 95 % interval (at 400 games
    one seat's share × parity spans about ±0.17 at four seats, ±0.22 at six and ±0.26 at eight on chance alone)."""
    lo, hi = share_ci(wins, games)
    rate = wins / games if games else 0.0
    return {"entry": e, "bot": bot, "head_start_ms": lead, "wins": wins, "win_rate": rate, "win_ci95": [lo, hi],
            "parity": rate * players, "parity_ci95": [lo * players, hi * players]}


class _LevelParity(TypedDict):
    seats: int
    parity: float
    parity_ci95: list[float]


def _level_parity(level: str, levels: list[str], wins: list[float], games: int) -> _LevelParity:
    """A level's share of the games × parity, its seats together: at six or eight seats one seat's share at 400 games
    spans about ±0.22-0.26 × on chance alone, three seats of a level together about ±0.13-0.15 ×."""
    seats = levels.count(level)
    won = sum(w for w, lv in zip(wins, levels) if lv == level)
    lo, hi = share_ci(won, games)
    scale = len(levels) / seats
    return {"seats": seats, "parity": (won / games if games else 0.0) * scale,
            "parity_ci95": [lo * scale, hi * scale]}


def _outs(into: list[int]) -> Callable[[list[Timed]], None]:
    """A reader of a match's events that adds each seat that goes out to `into`, in order."""
    def seen(events: list[Timed]) -> None:
        into.extend(x.event.seat for x in events if isinstance(x.event, rs.PlayerOut))
    return seen


def run_ladder(rules: rs.Rules, games: int, seed: int, recorder: Recorder | None = None) -> Ladder:
    """Stronger against weaker in 2-player games, seats swapped every game."""
    pairs: list[LadderPair] = []
    for strong, weak in LADDER:
        result = run_games(rules, [strong, weak], games, seed, True, recorder, f"ratscrew-{strong}-{weak}")
        share = result["entries"][0]["win_rate"]
        pairs.append({"strong": strong, "weak": weak, "games": games, "strong_win_rate": share,
                      "ok": share >= LADDER_TARGET})
    return {"game": "ratscrew", "ladder": pairs, "target": LADDER_TARGET, "ok": all(p["ok"] for p in pairs)}


def run(args: argparse.Namespace, recorder: Recorder | None = None) -> ToolReport:
    rules = _rules(args)
    if args.ladder:
        if args.head_start is not None:
            raise SimError("--head-start does not go with --ladder (the ladder plays without head starts)")
        ladder = run_ladder(rules, args.games, args.seed, recorder)
        return ToolReport(ladder, format_ladder(ladder), ladder["ok"])
    levels = bot_levels(args, SIM_LEVELS, DEFAULT_PLAYERS)
    check_players(args.players, rs.MIN_PLAYERS, rs.MAX_PLAYERS, "Ratscrew")
    if args.fair_start:
        if args.head_start is not None:
            raise SimError("--fair-start sets the head starts: give it or --head-start, not both")
        leads = fair.head_starts([fair.bot_median_ms(level) for level in levels], rules)
    else:
        leads = head_starts(args.head_start, len(levels))
    figures = run_games(rules, levels, args.games, args.seed, args.seat_balanced, recorder, leads=leads,
                        out_order=args.out_order)
    return ToolReport(figures, format(figures))


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f} ms"


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _places(result: Figures, orders: list[list[int]]) -> list[str]:
    """How often each entry finished in each place: out 1st, 2nd, …, and won (of the games it ended)."""
    n = result["players"]
    counts = [[0] * n for _ in range(n)]
    for order in orders:
        for place, entry in enumerate(order):
            counts[entry][place] += 1
    heads = [f"out {k + 1}" for k in range(n - 1)] + ["won"]
    lines = ["finishing order: how many games each entry went out in each place (the winner last)",
             f"{'#':>2} {'bot':<8} " + " ".join(f"{h:>6}" for h in heads)]
    for e, row in enumerate(counts):
        lines.append(f"{e:>2} {result['bots'][e]:<8} " + " ".join(f"{c:>6}" for c in row))
    return lines


def format_ladder(result: Ladder) -> str:
    lines = [f"Ratscrew ladder, 2 players, seats swapped each game (target {result['target']:.0%}):"]
    for p in result["ladder"]:
        lines.append(f"  {p['strong']:>6} beats {p['weak']:<6} {100 * p['strong_win_rate']:5.1f}% of "
                     f"{p['games']} games  {'ok' if p['ok'] else 'BELOW TARGET'}")
    return "\n".join(lines)


def format(result: Figures) -> str:
    ends = ", ".join(f"{k} {v}" for k, v in sorted(result["ends"].items()))
    title = (f"Ratscrew: {result['games']} games, {result['players']} players, seed {result['seed']}"
             f"{', seat-balanced' if result['seat_balanced'] else ''} ({result['rules']})")
    leads = any(e["head_start_ms"] for e in result["entries"])
    lines = [title, f"{'#':>2} {'bot':<8} {'wins':>7} {'win rate':>8} {'95% interval':>14} {'x parity':>8}"
             f" {'95% interval':>12}" + (f" {'head start':>10}" if leads else "")]
    for e in result["entries"]:
        lead = f" {e['head_start_ms']:>7} ms" if leads else ""
        (lo, hi), (plo, phi) = e["win_ci95"], e["parity_ci95"]
        lines.append(f"{e['entry']:>2} {e['bot']:<8} {e['wins']:>7.1f} {100 * e['win_rate']:>7.1f}%"
                     f" {f'{100 * lo:.1f}-{100 * hi:.1f}%':>14} {e['parity']:>8.2f} {f'{plo:.2f}-{phi:.2f}':>12}{lead}")
    lines.append(f"mean game length: {result['mean_cards_played']:.1f} cards played, "
                 f"{result['mean_game_seconds']:.1f} s of play (median {result['median_game_seconds']:.1f} s); "
                 f"ends: {ends}")
    lines.append("per level: reaction = median ms from a pile turning slappable to the slaps that landed "
                 "on it (won or too late); noticed = median of all reactions the bot drew; x parity = the games its "
                 "seats won together, x players / its seats")
    lines.append(f"{'level':<8} {'reaction':>8} {'noticed':>8} {'miss rate':>9} {'wrong slaps':>11}"
                 f" {'slaps':>6} {'seats':>5} {'x parity':>8} {'95% interval':>12}")
    for lv in result["levels"]:
        plo, phi = lv["parity_ci95"]
        lines.append(f"{lv['level']:<8} {_ms(lv['reaction_ms_median']):>8} {_ms(lv['noticed_ms_median']):>8}"
                     f" {_pct(lv['miss_rate']):>9} {_pct(lv['wrong_slap_rate']):>11} {lv['slaps']:>6}"
                     f" {lv['seats']:>5} {lv['parity']:>8.2f} {f'{plo:.2f}-{phi:.2f}':>12}")
    if "out_orders" in result:
        lines += _places(result, result["out_orders"])
    lines.append(f"{result['games_per_second']:.1f} games/s ({result['seconds']:.2f} s)")
    return "\n".join(lines)
