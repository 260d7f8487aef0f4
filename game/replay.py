"""`python -m game replay FILE`: read a recorded game's command log, and re-run it to check it.

`replay FILE` checks the file's shape and prints a summary: the game, seats, seed, rules, how many
commands of which source, and the recorded result. Nothing is re-run.
`replay FILE --verify` rebuilds the match from the header (no bots: their decisions are in the log) and
applies every logged command through the same match code, comparing the engine's state digest at every
digest line and at the end. `--events` also prints each command with the events it caused.

Exit codes: 0 verified (or summarised); 1 the replay parted from the log (the message names the first
command where it did); 2 the file is unreadable or malformed (one line on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from game.argtypes import OneLineParser
from game.core.contract import Match, MatchOptions, ReplayedGame, TableConfig
from game.jsonsafe import JSON, as_int, as_list, as_object, as_str
from game.match.common import Timed, seat_from_line
from game.record import Log, LogError, LogLine, read_log

PARTED, MALFORMED = 1, 2


@dataclass(frozen=True, slots=True)
class Verdict:
    """How a replay went: `ok`, or the first command (`command`, 1-based) where it parted and why."""

    ok: bool
    game: str
    commands: int
    players: int
    digest: str
    message: str = ""
    command: int | None = None

    def line(self) -> str:
        if self.ok:
            return (f"verified: {self.game}, {self.commands} commands, {self.players} players, "
                    f"final digest {self.digest}")
        return f"not verified: {self.message}"


def _game(games: Mapping[str, ReplayedGame], header: LogLine) -> ReplayedGame:
    """The game a log's header names; ValueError naming the known games otherwise."""
    game = as_str(header["game"], "game")
    if game not in games:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(games)}")
    return games[game]


def build_match(header: LogLine, games: Mapping[str, ReplayedGame]) -> Match:
    """The match a log's header describes (a game of `games`, by id), in replay mode (no bots); LogError if
    the header is bad."""
    try:
        definition = _game(games, header)
        players = as_int(header["players"], "players")
        rules = definition.rules_from_log(as_object(header["rules"], "rules"), players)
        seats = [seat_from_line(as_object(s, "a seat")) for s in as_list(header["seats"], "seats")]
        config = TableConfig(definition.id, rules, seats, header_int(header["seed"]), header_int(header["first_player"]))
        options: MatchOptions = {"replay": True, "digest_every": header_int(header.get("digest_every", 1))}
        if header.get("deal"):
            options["deal"] = as_object(header["deal"], "deal")
        return definition.make_match(config, header_int(header["start_ns"]), **options)
    except (KeyError, TypeError, ValueError) as exc:
        raise LogError(f"bad header: {exc.__class__.__name__}: {exc}") from None


def header_int(value: JSON) -> int:
    """A header's number as a whole number (as int() reads it); TypeError for a list, an object or null."""
    if isinstance(value, (int, float, str)):
        return int(value)
    raise TypeError(f"not a number: {value!r}")


def _count(value: JSON, default: int) -> int:
    """A line's count (`i`, `commands`), or `default` where it has none."""
    return value if isinstance(value, int) else default


def _seconds(value: JSON) -> float:
    """A line's time `t` (ns on the match's clock) in seconds; 0 where it has none."""
    return value / 1e9 if isinstance(value, (int, float)) else 0.0


def _norm(value: object) -> JSON:
    """A value as it reads back from JSON (tuples become lists)."""
    back: JSON = json.loads(json.dumps(value))
    return back


def _where(line: LogLine) -> str:
    seat = "timer" if line.get("seat") is None else f"seat {line['seat']}"
    return f"{_seconds(line.get('t')):.3f} s, {seat} {line.get('action')} ({line.get('source')})"


def verify(log: Log, games: Mapping[str, ReplayedGame],
           on_events: Callable[[LogLine, list[Timed]], None] | None = None) -> Verdict:
    """Re-run `log` through its match (its game one of `games`, by id); `on_events(line, events)` sees each
    replayed line's events.

    LogError if the header cannot build a match (a malformed log, not a parted replay).
    """
    header = log.header
    match = build_match(header, games)
    players = len(match.seats)

    def parted(command: int, message: str) -> Verdict:
        return Verdict(False, match.game, _count(log.footer.get("commands"), 0), players, match.state.digest(),
                       f"{log.game}: {message}", command)

    checked = 0
    last: LogLine = {}
    for line in log.body:
        kind = line["k"]
        if kind == "digest":
            got = match.state.digest()
            if got != line.get("d"):
                first = checked + 1
                span = f"command {first}" if first == line.get("i") else f"commands {first}–{line.get('i')}"
                return parted(_count(line.get("i"), first),
                              f"digests part at command {line.get('i')} ({_where(last)}; "
                              f"checked over {span}): log {line.get('d')}, replay {got}")
            checked = _count(line.get("i"), checked)
            continue
        if kind == "cmd":
            last = line
        try:
            events = match.replay(line)
        except Exception as exc:  # noqa: BLE001 - any failure to apply a logged line is a parted replay
            at = _count(line.get("i"), _count(last.get("i"), 0) + 1)
            return parted(at, f"command {at} ({_where(line)}) cannot be replayed: "
                              f"{exc.__class__.__name__}: {exc}")
        if on_events is not None:
            on_events(line, events)
    footer = log.footer
    count = _count(last.get("i"), 0)
    got = match.state.digest()
    if got != footer.get("digest"):
        return parted(count, f"final digests part after command {count}: log {footer.get('digest')}, "
                             f"replay {got}")
    mine = match.log.footer()
    if mine["over"] != footer.get("over") or _norm(mine["result"]) != _norm(footer.get("result")):
        return parted(count, f"the result parts: log {footer.get('result')} (over {footer.get('over')}), "
                             f"replay {_norm(mine['result'])} (over {mine['over']})")
    return Verdict(True, match.game, count, players, got)


def summary(log: Log, games: Mapping[str, ReplayedGame]) -> list[str]:
    """A few lines about a log, without re-running it."""
    h, f = log.header, log.footer
    seats = ", ".join(_seat_words(as_object(s, "a seat")) for s in as_list(h["seats"], "seats"))
    sources: dict[str, int] = {}
    kinds: dict[str, int] = {}
    for line in log.body:
        kind = str(line["k"])
        kinds[kind] = kinds.get(kind, 0) + 1
        if kind == "cmd":
            source = str(line.get("source", "?"))
            sources[source] = sources.get(source, 0) + 1
    try:
        definition = _game(games, h)
        rules = definition.rules_summary(definition.rules_from_values(as_object(h["rules"], "rules"),
                                                                      as_int(h["players"], "players")))
    except (KeyError, TypeError, ValueError) as exc:
        raise LogError(f"bad header: {exc.__class__.__name__}: {exc}") from None
    by_source = ", ".join(f"{n} {source}" for source, n in sorted(sources.items()))
    extras = [f"{kinds[k]} {label}" for k, label in (("tie", "ties"), ("seat", "seat changes"),
                                                     ("refused", "refused presses")) if kinds.get(k)]
    where = "" if log.path is None else f" {log.path}"
    result = json.dumps(f.get("result"), separators=(", ", ": "))
    return [
        (f"{h['game']} log{where} (format {h['format']}, recorded {h.get('started', '?')}): "
         f"{h['players']} players ({seats}), seed {h['seed']}, first player {h['first_player']}"),
        f"rules: {rules}",
        (f"{f.get('commands')} commands ({by_source or 'none'}){''.join(', ' + e for e in extras)}; "
         f"{_seconds(f.get('t')):.1f} s of play"),
        f"{'over' if f.get('over') else 'not over'}: {result}; final digest {f.get('digest')}",
    ]


def parser() -> argparse.ArgumentParser:
    p = OneLineParser(prog="couchcards replay", description=__doc__.split("\n\n")[0].split(": ", 1)[1])
    p.add_argument("file", help="a command log (.jsonl), e.g. from 'sim --record DIR' or the replays folder")
    p.add_argument("--verify", action="store_true",
                   help="re-run the log through the engine and match; exit 0 if every digest agrees, "
                   "1 if not")
    p.add_argument("--events", action="store_true", help="re-run it and print every command with its events")
    return p


def _seat_words(seat: LogLine) -> str:
    return "human" if seat.get("kind") == "human" else f"bot {seat.get('level')}"


def _print_events(line: LogLine, events: list[Timed]) -> None:
    if line["k"] == "digest":
        return
    if line["k"] == "cmd":
        head = f"{line['i']:>5} {_where(line)}"
    else:
        head = f"      {line['k']}: {json.dumps({k: v for k, v in line.items() if k not in ('n', 'k')})}"
    print(head)
    for timed in events:
        print(f"        {timed.event!r}")


def main(argv: list[str] | None = None, *, games: Mapping[str, ReplayedGame]) -> int:
    args = parser().parse_args(sys.argv[1:] if argv is None else argv)
    try:
        log = read_log(args.file)
        if not (args.verify or args.events):
            print("\n".join(summary(log, games)))
            return 0
        verdict = verify(log, games, _print_events if args.events else None)
    except LogError as exc:
        message = str(exc)
        if not message.startswith(str(args.file)):
            message = f"{args.file}: {message}"
        print(f"couchcards replay: {message}", file=sys.stderr)
        return MALFORMED
    print(verdict.line())
    return 0 if verdict.ok else PARTED
