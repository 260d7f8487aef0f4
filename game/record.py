"""Command logs: what a match records while it plays, the JSON Lines file it is saved as, reading one back
(checked line by line), and the folder of recent games.

A log is one JSON object per line, each with its sequence number `n` (0, 1, 2, …) and kind `k`:

- `header` (n = 0): `format`, `game`, `rules` (the game's option values), `players`, `seats` (kind, level,
  name, "" for a default one worded when shown; `head_start_ms`, a learner's `hint_ms`, the `number` a
  default name carries and `stand_in` for a bot called by the name of the player it took over from, when
  set), `seed`, `first_player`, `start_ns`, `started`
  (UTC wall clock), `digest_every`, `options`, and `deal` when the match was dealt fixed hands or a fixed
  deck.
- `cmd`: one applied command, in the order the match applied it: `i` (1, 2, …), `t` (game time in ns
  since `start_ns`, as judged: a slap with a head start earlier than pressed), `seat`, `action`, `source`
  (human, bot, timer); `tie` when it belongs to the coin-ordered group announced by the `tie` line before
  it; `capped` when a bot's search hit its time cap.
- `tie`: slaps read at the same instant; `seats` in the order the coin put them (the winner first).
- `seat`: a seat handed to a bot or back to a human mid-game (`kind`, `level`, `name`).
- `refused`: a human command refused when it was submitted (it never reached the queue).
- `digest`: the engine's state digest `d` after command `i`, every `digest_every` commands.
- `footer` (last): `commands`, the final `digest`, `over`, the game's `result`, `t`.

Bots' decisions are commands like any other, so a replay never reruns a bot. A line cut out (or added,
or moved) breaks the sequence and the log is refused as malformed.

Recording costs a dict per command and a digest every few commands; nothing touches the disk until
`write_log` / `save_recent`, which the caller runs when the game ends.
"""

from __future__ import annotations

import datetime
import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeAlias, TypeGuard

from game.jsonsafe import JSON, ConstantError, nesting_depth, no_constant
from game.names import clean_name

FORMAT = 1
DIGEST_EVERY = 8
RECENT_KEPT = 50
ENV_DATA_DIR = "COUCHCARDS_DATA_DIR"
SUFFIX = ".jsonl"
BODY_KINDS = ("cmd", "tie", "seat", "refused", "digest")
HEADER_KEYS = ("format", "game", "rules", "players", "seats", "seed", "first_player", "start_ns")
MAX_DEPTH = 16  # the deepest real line (a header's rules with a list of suits, a deal of hands) is 5 levels
MAX_INT = 2**64 - 1  # seeds (sim draws them with getrandbits(64)), times in ns and counts: 64-bit whole numbers
# A game's log is well under 1 MB (the biggest of 200 bot games of 2 to 7 seats: 0.2 MB, a few thousand lines of
# ~80 bytes): a file this big is no log, and is not read whole (the replays list reads every file in the folder).
MAX_BYTES = 16_000_000

# One line of a log: a JSON object (the header, a body line of one of BODY_KINDS, the footer).
LogLine: TypeAlias = "dict[str, JSON]"


class LogError(Exception):
    """A log that cannot be read: missing, not JSON Lines, the wrong format, cut or reordered lines, a
    bad header. The message is one line naming the file and, when it helps, the line."""


class MatchLog:
    """A match's log in memory: the header, the body lines in the order they happened, and a footer made
    when the lines are asked for (so it always tells the state as it is then).

    The match calls `command`, `tie`, `seat` and `refused`; `digest()` and `result()` are the match's
    own callbacks: the engine's state digest, and (over, result data).
    """

    def __init__(self, header: LogLine, digest: Callable[[], str],
                 result: Callable[[], tuple[bool, LogLine]], *, digest_every: int = DIGEST_EVERY,
                 enabled: bool = True) -> None:
        if digest_every < 1:
            raise ValueError(f"digest_every must be at least 1, not {digest_every}")
        self.header = {"format": FORMAT, **header, "digest_every": digest_every,
                       "started": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")}
        self.body: list[LogLine] = []
        self.commands = 0
        self.enabled = enabled
        self.digest_every = digest_every
        start_ns = header["start_ns"]
        if not isinstance(start_ns, int):
            raise TypeError(f"a log's start_ns is a whole number of nanoseconds, not {start_ns!r}")
        self._start_ns = start_ns
        self._digest = digest
        self._result = result
        self.last_t_ns = self._start_ns

    def _t(self, t_ns: int) -> int:
        self.last_t_ns = max(self.last_t_ns, t_ns)
        return t_ns - self._start_ns

    def command(self, t_ns: int, seat: int | None, action: str, source: str, *, tie: bool = False,
                capped: bool = False) -> None:
        """An applied command (call it after the match applied it: the periodic digest follows it)."""
        if not self.enabled:
            return
        self.commands += 1
        line: LogLine = {"k": "cmd", "i": self.commands, "t": self._t(t_ns), "seat": seat,
                                "action": action, "source": source}
        if tie:
            line["tie"] = True
        if capped:
            line["capped"] = True
        self.body.append(line)
        if self.commands % self.digest_every == 0:
            self.body.append({"k": "digest", "i": self.commands, "d": self._digest()})

    def tie(self, t_ns: int, seats: Iterable[int]) -> None:
        if self.enabled:
            self.body.append({"k": "tie", "t": self._t(t_ns), "seats": list(seats)})

    def seat(self, t_ns: int, seat: int, kind: str, level: str | None, name: str) -> None:
        if self.enabled:
            self.body.append({"k": "seat", "t": self._t(t_ns), "seat": seat, "kind": kind, "level": level,
                              "name": name})

    def refused(self, t_ns: int, seat: int | None, action: str, source: str) -> None:
        if self.enabled:
            self.body.append({"k": "refused", "t": self._t(t_ns), "seat": seat, "action": action,
                              "source": source})

    def footer(self) -> LogLine:
        over, result = self._result()
        return {"k": "footer", "commands": self.commands, "digest": self._digest(), "over": over,
                "result": result, "t": self.last_t_ns - self._start_ns}

    def lines(self) -> list[LogLine]:
        """Every line, numbered: the header, the body, and a footer for the state as it is now."""
        out = [{"n": 0, "k": "header", **self.header}]
        out += ({"n": n, **line} for n, line in enumerate(self.body, 1))
        out.append({"n": len(self.body) + 1, **self.footer()})
        return out


# ---- files -------------------------------------------------------------------------------------------


def dumps(lines: Iterable[LogLine]) -> str:
    """JSON Lines text, compact, one object per line."""
    return "".join(json.dumps(line, separators=(",", ":"), ensure_ascii=False) + "\n" for line in lines)


def _lines_of(log: MatchLog | Iterable[LogLine]) -> list[LogLine]:
    return log.lines() if isinstance(log, MatchLog) else list(log)


def write_log(path: str | os.PathLike[str], log: MatchLog | Iterable[LogLine]) -> Path:
    """Write `log` (a MatchLog, or its lines) to `path` atomically (a temporary file, then a rename);
    OSError if the disk refuses."""
    path = Path(path)
    text = dumps(_lines_of(log))
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()
    return path


class Log:
    """A log read from a file and checked: `header`, `body` (lines between), `footer`."""

    def __init__(self, path: Path | None, header: LogLine, body: list[LogLine],
                 footer: LogLine) -> None:
        self.path = path
        self.header = header
        self.body = body
        self.footer = footer

    @property
    def game(self) -> str:
        return str(self.header["game"])

    @property
    def commands(self) -> list[LogLine]:
        return [line for line in self.body if line["k"] == "cmd"]

    def lines(self) -> list[LogLine]:
        return [self.header, *self.body, self.footer]


def read_log(path: str | os.PathLike[str]) -> Log:
    """Read and check a log file; LogError (one line) if it is missing, unreadable, too big or malformed."""
    path = Path(path)
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise LogError(f"{path}: larger than {MAX_BYTES // 1_000_000} MB: not a game's log")
        text = raw.decode("utf-8-sig")  # -sig: a byte-order mark (as Notepad writes) is fine
    except FileNotFoundError:
        raise LogError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise LogError(f"{path}: cannot read it ({exc.__class__.__name__}: {exc})") from None
    return parse_log(text.splitlines(), path)


def parse_log(raw_lines: list[str], path: Path | None = None) -> Log:
    """Check JSON Lines text already split into lines (see `read_log`)."""
    where = str(path) if path is not None else "log"
    lines: list[LogLine] = []
    for number, raw in enumerate(raw_lines, 1):
        if not raw.strip():
            raise LogError(f"{where}: line {number} is empty")
        try:
            line = json.loads(raw, parse_constant=no_constant)
        except ConstantError as exc:
            raise LogError(f"{where}: line {number}: {exc}") from None
        except RecursionError:  # thousands of nested brackets
            raise LogError(f"{where}: line {number} is nested too deeply") from None
        except ValueError:
            raise LogError(f"{where}: line {number} is not JSON") from None
        if not isinstance(line, dict):
            raise LogError(f"{where}: line {number} is not a JSON object")
        if nesting_depth(line) > MAX_DEPTH:
            raise LogError(f"{where}: line {number} is nested too deeply")
        if line.get("n") != number - 1:
            raise LogError(f"{where}: line {number} has sequence number {line.get('n')!r}, expected "
                           f"{number - 1} (a line is missing, added or out of order)")
        lines.append(line)
    if not lines:
        raise LogError(f"{where}: the file is empty")
    header = lines[0]
    if header.get("k") != "header":
        raise LogError(f"{where}: line 1 is not a header")
    if header.get("format") != FORMAT:
        raise LogError(f"{where}: log format {header.get('format')!r}; this version reads format {FORMAT}")
    missing = [key for key in HEADER_KEYS if key not in header]
    if missing:
        raise LogError(f"{where}: the header lacks {', '.join(missing)}")
    players = header["players"]
    if not _is_int(players, 1, 64):
        raise LogError(f"{where}: the header's players is {_short(players)}, not a number of seats")
    seats = header["seats"]
    if (not isinstance(seats, list) or len(seats) != players
            or not all(isinstance(s, dict) and s.get("kind") in ("human", "bot") for s in seats)):
        raise LogError(f"{where}: the header's seats do not match its {players!r} players")
    for key, low, high in (("seed", 0, MAX_INT), ("first_player", 0, players - 1), ("start_ns", 0, MAX_INT)):
        if not _is_int(header[key], low, high):
            raise LogError(f"{where}: the header's {key} is {_short(header[key])}, "
                           f"not a whole number from {low} to {high}")
    for seat in seats:
        if isinstance(seat, dict):  # every one is (checked above)
            _clean_seat(seat)
    if not isinstance(header["rules"], dict):
        raise LogError(f"{where}: the header's rules are not a set of options")
    if len(lines) < 2 or lines[-1].get("k") != "footer":
        raise LogError(f"{where}: no footer: the log was cut short")
    footer = lines[-1]
    for key in ("commands", "t"):
        if not _is_int(footer.get(key), 0, MAX_INT):
            raise LogError(f"{where}: the footer's {key} is {_short(footer.get(key))}, not a whole number")
    body = lines[1:-1]
    every = header.get("digest_every", 1)
    if not isinstance(every, int) or every < 1:
        raise LogError(f"{where}: the header's digest_every is {every!r}, not a whole number >= 1")
    count = 0
    for number, line in enumerate(body, 2):
        kind = line.get("k")
        if kind not in BODY_KINDS:
            raise LogError(f"{where}: line {number} is of unknown kind {kind!r}")
        if kind != "digest" and not _is_int(line.get("t"), -MAX_INT, MAX_INT):
            raise LogError(f"{where}: line {number} has no time")
        if kind == "cmd":
            count += 1
            if line.get("i") != count:
                raise LogError(f"{where}: line {number} is command {line.get('i')!r}, expected {count}")
            if not (_is_seat(line.get("seat"), True) and isinstance(line.get("action"), str)
                    and isinstance(line.get("source"), str)):
                raise LogError(f"{where}: line {number} is not a whole command")
        elif kind == "digest":
            if line.get("i") != count or not isinstance(line.get("d"), str):
                raise LogError(f"{where}: line {number} is not a digest after command {count}")
        elif kind == "tie":
            seats = line.get("seats")
            if not isinstance(seats, list) or len(seats) < 2 or not all(_is_seat(s) for s in seats):
                raise LogError(f"{where}: line {number} is not a tie of two or more seats")
        elif kind == "seat":
            if not _is_seat(line.get("seat")) or line.get("kind") not in ("human", "bot"):
                raise LogError(f"{where}: line {number} is not a whole seat change")
            _clean_seat(line)
        elif not (_is_seat(line.get("seat"), True) and isinstance(line.get("action"), str)):
            raise LogError(f"{where}: line {number} is not a whole refused command")
    if footer.get("commands") != count:
        raise LogError(f"{where}: the footer counts {footer.get('commands')!r} commands, "
                       f"the log holds {count}")
    return Log(path, header, body, footer)


def _is_int(value: object, low: int, high: int) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _clean_seat(seat: LogLine) -> None:
    """A seat's name (and level) as the screens can show it: names from a file are cleaned as they are read."""
    seat["name"] = clean_name(seat.get("name"))
    if "number" in seat and not _is_int(seat["number"], 1, 99):  # a damaged number costs the name's number only
        del seat["number"]
    if seat.get("level") is not None and not isinstance(seat.get("level"), str):
        seat["level"] = str(seat["level"])[:40]


def _is_seat(value: object, none_ok: bool = False) -> bool:
    if value is None:
        return none_ok
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


# ---- recent games ------------------------------------------------------------------------------------


def data_dir() -> Path:
    """The user data folder: $COUCHCARDS_DATA_DIR if set, else the platform's (platformdirs "couch-cards")."""
    override = os.environ.get(ENV_DATA_DIR)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("couch-cards", appauthor=False))


def replays_dir(data: str | os.PathLike[str] | None = None) -> Path:
    return (Path(data) if data is not None else data_dir()) / "replays"


def save_recent(log: MatchLog | Iterable[LogLine], data_dir: str | os.PathLike[str] | None = None,
                keep: int = RECENT_KEPT) -> Path | str:
    """Save a finished (or abandoned) game's log in `<data dir>/replays/`, keeping the newest `keep`.

    Returns the file's path, or a one-line warning (str) when the disk refused: it never raises, so a
    full or read-only disk costs the replay, never the game.
    """
    try:
        lines = _lines_of(log)
        folder = replays_dir(data_dir)
        folder.mkdir(parents=True, exist_ok=True)
        header = lines[0]
        stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%d-%H%M%S-%f")
        path = write_log(folder / f"{stamp}-{header.get('game', 'game')}{SUFFIX}", lines)
        _prune(folder, keep)
        return path
    except Exception as exc:  # noqa: BLE001 - a replay must never cost the game: say why instead
        return f"the replay was not saved: {exc.__class__.__name__}: {exc}"


def _prune(folder: Path, keep: int) -> None:
    from game.settings import remove_stale_temps

    remove_stale_temps(folder / "replay", names=f"*{SUFFIX}")  # what a save killed half-way (power cut) left
    saved = sorted(p for p in folder.iterdir() if p.is_file() and p.suffix == SUFFIX)
    for old in saved[: max(0, len(saved) - keep)]:
        try:
            old.unlink()
        except OSError:
            pass  # another run removed it, or the disk is read-only: the next save tries again
