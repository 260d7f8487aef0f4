"""Watch it again: the list of recent games (the last 50 in `<data dir>/replays`), and a viewer that re-drives
a game's own match from its command log on a virtual clock, so the game's own table view draws it.

The viewer (`ReplayScene`) plays at 0.25×–4× (↑ / ↓), pauses, steps move by move (a card played, a slap, a
claim, a take or a pass) either way, and jumps to the next slap or photo finish. At a photo finish the steps
are one millisecond each, and a time line under the table shows every press of it in its seat's colour, with
the cursor where the table stands. Everything is a button in one row (← → choose, Enter / A press), so a pad
alone works; Esc / Backspace / B leave.

A log is checked before it is shown (`Film`: the whole game re-run through `game.replay.verify`, which also
indexes its moves, slaps and photo finishes); one that cannot be read or re-run gets a one-line message in
the list instead. A game's photo finish is any event with `entries` ((seat, t_ns, delta_ms, verdict), first
first) and `lines(name)`, as its table's pause menu shows it.

Rewinding (a step back, a millisecond back) re-runs the log from the start into a fresh match and a fresh
view-model; the table view keeps its layout and caches, since what it draws is a function of (state,
view-model, time) alone.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from game import i18n, record, screens
from game.commands import BACK, CONFIRM, DOWN, LEFT, PAUSE, RIGHT, SLAP, UP, Command
from game.core.contract import PHOTO_FINISH, TableConfig, seat_name
from game.i18n import decimal, pt, t
from game.jsonsafe import as_int, as_list, as_object
from game.match.common import Ignored, Timed, seat_from_line
from game.record import Log, LogError
from game.render import colors, scale
from game.render.text import TextCache, wrap
from game.replay import build_match, header_int, verify
from game.ui import widgets as ui
from game.ui.figures import LIST_ROWS, WORD_PX
from game.ui.scene import Scene

MS = 1_000_000
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)
NORMAL_SPEED = SPEEDS.index(1.0)
SETTLE_NS = 700 * MS  # a step shows its move this long after it (less if the next move comes sooner)
SLAP_LEAD_NS = 750 * MS  # "next slap" stops this long before the slap: the card that made the chance lands
PHOTO_MARGIN_MS = 6  # the photo finish's time line runs at least this far either side of its presses
TABLE_MIN = (640, 360)  # the table is never laid out smaller: below it, drawn larger and scaled down
CLOCK_PX, TEXT_PX, LINE_PX = 22, 20, 26
# The list's words (a game's result over its day, players and length; the count; the hint) at the lists' size
# and over it (ui.figures.WORD_PX: read from the sofa), at most LIST_ROWS games at once.
ENTRY_TITLE_PX, ENTRY_PX = 28, WORD_PX
SIDE_PX = 190  # the least width of the words at either end of the viewer's time line


cut = ui.TEXTS.cut  # cut with "…" (never a smaller font: words stay readable from the sofa), counted in CUTS
whole_px = ui.TEXTS.grown_whole_px  # the size a text is drawn at to fit whole (never below the standard size)
line_h = ui.TEXTS.line_height


def clock_text(ns: int) -> str:
    """A game time as "m:ss"."""
    s = max(0, ns) // 1_000_000_000
    return f"{s // 60}:{s % 60:02d}"


def speed_text(speed: float) -> str:
    return t("{x}×", x=decimal(speed))


# -- the film: a log, checked and indexed --------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Photo:
    """A photo finish: its presses (seat, ns since the start, verdict), first first, and its lines."""

    presses: tuple[tuple[int, int, str], ...]
    lines: tuple[str, ...]

    @property
    def first(self) -> int:
        return self.presses[0][1]

    @property
    def last(self) -> int:
        return max(p[1] for p in self.presses)

    def window_ms(self) -> tuple[int, int]:
        """The time line's ends, in whole ms from the first press (negative: before it)."""
        span = math.ceil((self.last - self.first) / MS)
        margin = max(PHOTO_MARGIN_MS, math.ceil(span / 4))
        return -margin, span + margin


class Film:
    """A log checked by re-running it (`game.replay.verify`), with what the viewer jumps between: `lines`
    (the log's body less its digests) at their times `at` (ns since the start, never going back), `moves`
    (lines that changed something), `slaps` and `photos` (each with the line that closed it).

    LogError (one line, naming the file by its name) if the log cannot be re-run or parts from itself.
    """

    def __init__(self, log: Log, games: Any = None) -> None:
        from game import games as registry

        games = games or registry.REGISTRY
        self.games = {g.id: g for g in games.all()}  # what game.replay finds a log's game among
        self.log = log
        self.header = header = log.header
        where = log.path.name if log.path is not None else t("this game")
        try:
            self.definition = games.get(header["game"])
        except ValueError as exc:
            raise LogError(f"{where}: {exc}") from None
        self.lines: list[dict[str, Any]] = [line for line in log.body if line["k"] != "digest"]
        self.events: list[list[Timed]] = []
        self.photos: list[tuple[int, Photo]] = []
        try:
            self.start_ns = header_int(header["start_ns"])
            seats = [seat_from_line(as_object(s, "a seat")) for s in as_list(header["seats"], "seats")]
            self.names = [seat_name(spec, i) for i, spec in enumerate(seats)]
            self.config = TableConfig(self.definition.id,
                                      self.definition.rules_from_values(as_object(header["rules"], "rules"),
                                                                       as_int(header["players"], "players")),
                                      seats, header_int(header["seed"]), header_int(header["first_player"]))
            verdict = verify(log, self.games, self._collect)
        except LogError as exc:
            raise LogError(f"{where}: {_short(str(exc), log.path)}") from None
        except (KeyError, TypeError, ValueError) as exc:
            raise LogError(f"{where}: bad header: {exc.__class__.__name__}: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - a file from anywhere: say why in one line, never crash
            raise LogError(f"{where}: cannot be re-run ({exc.__class__.__name__}: {exc})") from None
        if not verdict.ok:  # the details are for `python -m game replay FILE --verify`
            raise LogError(f"{where}: " + t("it does not replay as it was recorded (it parts at command {n})",
                                            n=verdict.command))
        self.bots = {i for i, spec in enumerate(seats) if spec.is_bot}
        self.at: list[int] = []
        latest = 0
        for line in self.lines:
            latest = max(latest, int(line.get("t", 0)))
            self.at.append(latest)
        self.end = max(latest, header_int(log.footer.get("t", 0) or 0))
        self.moves = [i for i, (line, events) in enumerate(zip(self.lines, self.events, strict=True))
                      if line["k"] == "cmd" and any(not isinstance(e.event, Ignored) for e in events)]
        self.settled = [self._settled(n) for n in range(len(self.moves))]
        self.slaps = [i for i, line in enumerate(self.lines) if line["k"] == "cmd" and line["action"] == SLAP]
        self.has_slaps = SLAP in self.definition.buttons

    def _settled(self, n: int) -> int:
        """When move `n` is shown settled: SETTLE_NS after it, but before the next move at a later time."""
        at = self.at[self.moves[n]]
        later = next((self.at[i] for i in self.moves[n + 1:] if self.at[i] > at), None)
        return min(at + SETTLE_NS, self.end if later is None else later - 1)

    def _collect(self, line: dict[str, Any], events: list[Timed]) -> None:
        index = len(self.events)
        self.events.append(events)
        for marker in self.definition.replay_markers(index, events, lambda s: self.names[s]):
            if marker.kind == PHOTO_FINISH and marker.presses:
                presses = tuple((seat, ts - self.start_ns, verdict) for seat, ts, verdict in marker.presses)
                self.photos.append((index, Photo(presses, marker.lines)))

    def controls(self) -> list[str]:
        """What each seat's panel says under its name: its bot's level, or nothing for a person."""
        return [t("bot: {level}", level=self.definition.level_words(spec.level)) if spec.is_bot and spec.level is not None
                else ""
                for spec in self.config.seats]

    def new_match(self) -> Any:
        return build_match(self.header, self.games)


def _short(message: str, path: Path | None) -> str:
    """A message without the file's whole path (the list names the file)."""
    if path is not None:
        message = message.replace(f"{path}: ", "").replace(str(path), path.name)
    return message.splitlines()[0] if message else message


def log_of(source: Log | list[dict[str, Any]]) -> Log:
    """A Log from a log's lines (a finished match's `log.lines()`), checked like a file."""
    if isinstance(source, Log):
        return source
    return record.parse_log(record.dumps(source).splitlines())


# -- the list of recent games ---------------------------------------------------------------------------------

@dataclass
class Entry:
    """One file of the replays folder: its log (None when it cannot be shown) and its two lines."""

    path: Path
    log: Log | None
    title: str
    detail: str
    film: Film | None = field(default=None, repr=False)

    @property
    def broken(self) -> bool:
        return self.log is None


def broken_title(path: Path) -> str:
    """A file that can't be shown, in the player's language (why, under it, is the file's own technical line)."""
    return t("Can't be shown: {file}", file=path.name)


def _when(header: dict[str, Any], path: Path) -> str:
    started = i18n.local_time(header.get("started"))
    if started is None:
        return path.stem[:15]
    return i18n.short_date(started, weekday=True, clock=True)


def _result(log: Log, names: list[str]) -> str:
    footer = log.footer
    if not footer.get("over"):
        return t("not finished")
    result = footer.get("result")
    result = result if isinstance(result, dict) else {}
    found, winner = result.get("winners"), result.get("winner")
    if found is None and isinstance(winner, int):
        found = [winner]
    winners = [w for w in found if isinstance(w, int) and 0 <= w < len(names)] if isinstance(found, list) else []
    if not winners:
        return t("a draw")
    if len(winners) == 1:
        return t("{name} wins", name=names[winners[0]])
    return t("{names} share the win", names=" & ".join(names[w] for w in winners))


def entry_for(path: Path, games: Any) -> Entry:
    """The list's entry for one file: its summary, or a one-line message saying why it can't be shown."""
    try:
        log = record.read_log(path)
        header = log.header
        definition = games.get(header["game"])
        seats = [seat_from_line(as_object(s, "a seat")) for s in as_list(header["seats"], "seats")]
        names = [seat_name(spec, i) for i, spec in enumerate(seats)]
        title = f"{definition.title()} \u2014 {_result(log, names)}"
        length = clock_text(header_int(log.footer.get("t", 0) or 0))
        detail = " \u00b7 ".join([_when(header, path), ", ".join(names), length])
    except LogError as exc:
        return Entry(path, None, broken_title(path), _short(str(exc), path))
    except (KeyError, TypeError, ValueError) as exc:
        return Entry(path, None, broken_title(path), _short(f"{exc}", path))
    except Exception as exc:  # noqa: BLE001 - a file from anywhere: say why in one line, never crash
        return Entry(path, None, broken_title(path), _short(f"cannot be read ({exc.__class__.__name__}: {exc})", path))
    return Entry(path, log, title, detail)


def recent(folder: Path | None = None, games: Any = None, keep: int = record.RECENT_KEPT) -> list[Entry]:
    """The newest `keep` files of the replays folder, newest first (an unreadable folder: none)."""
    from game import games as registry

    folder = folder if folder is not None else record.replays_dir()
    try:
        paths = sorted((p for p in folder.iterdir() if p.suffix == record.SUFFIX and p.is_file()), reverse=True)
    except OSError:
        return []
    return [entry_for(p, games or registry.REGISTRY) for p in paths[:keep]]


class ReplaysScene(Scene):
    """The recent games, newest first: ↑ ↓ choose, Enter / A watch, Esc / Backspace / B back."""

    def enter(self) -> None:
        self.entries = recent(games=self.app.games)
        self.index = 0
        self.first = 0  # the first row shown
        self.rows: list[pygame.Rect] = []
        self.line_hs = (0, 0)

    def handle(self, cmd: Command) -> None:
        if ui.is_back(cmd):
            self.app.pop()
        elif cmd.action in (UP, DOWN) and self.entries:
            self.index = (self.index + (1 if cmd.action == DOWN else -1)) % len(self.entries)
            self._scroll()
        elif cmd.action == CONFIRM and self.entries:
            self.watch(self.index)

    def watch(self, index: int) -> None:
        """Open entry `index` in the viewer; one that cannot be re-run gets its message in the list."""
        entry = self.entries[index]
        if entry.log is None:
            return
        if entry.film is None:
            try:
                entry.film = Film(entry.log, self.app.games)
            except LogError as exc:
                entry.log, entry.title = None, broken_title(entry.path)
                entry.detail = str(exc).removeprefix(f"{entry.path.name}: ")
                return
        self.app.nav.push(screens.Replay(entry.film))

    def _scroll(self) -> None:
        shown = max(1, len(self.rows))
        if self.index < self.first:
            self.first = self.index
        elif self.index >= self.first + shown:
            self.first = self.index - shown + 1

    def relayout(self, size: tuple[int, int]) -> None:
        w, h = size
        m = ui.px(size, 40)
        top = max(ui.px(size, 122), ui.px(size, 86) + line_h(ui.px(size, ENTRY_PX)))  # under the count
        bottom = h - max(ui.px(size, 52), ui.px(size, 18) + line_h(ui.px(size, ENTRY_PX)))  # over the hint
        self.panel = pygame.Rect(m, top, w - 2 * m, bottom - top)
        # Two lines a row, as tall as the player's text size draws them.
        self.line_hs = (line_h(ui.px(size, ENTRY_TITLE_PX), True), line_h(ui.px(size, ENTRY_PX)))
        row_h = max(ui.px(size, 2 * LINE_PX + 14), sum(self.line_hs) + ui.px(size, 14))
        inner = self.panel.inflate(-ui.px(size, 24), -ui.px(size, 20))
        count = max(1, min(LIST_ROWS, inner.h // row_h))
        self.rows = [pygame.Rect(inner.x, inner.y + i * row_h, inner.w, row_h - ui.px(size, 4)) for i in range(count)]
        self._scroll()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = w, h = surface.get_size()
        surface.blit(ui.backdrop(size), (0, 0))
        ui.shadow_text(surface, t("Replays"), ui.px(size, 52), ui.TEXT, "midtop", (w // 2, ui.px(size, 14)))
        if self.entries:
            sub = t("The last {n} games · {i} of {count}", n=record.RECENT_KEPT, i=self.index + 1, count=len(self.entries))
        else:
            sub = t("No games yet: every finished game is kept here (the last {n}).", n=record.RECENT_KEPT)
        sub_px = whole_px(sub, w - ui.px(size, 60), ui.px(size, ENTRY_PX))
        ui.blit_text(surface, cut(sub, w - ui.px(size, 60), sub_px), sub_px, ui.TEXT_DIM,
                     "midtop", (w // 2, ui.px(size, 80)))
        ui.panel(surface, self.panel)
        for i, rect in enumerate(self.rows):
            n = self.first + i
            if n >= len(self.entries):
                break
            entry = self.entries[n]
            focused = n == self.index
            if focused:
                pygame.draw.rect(surface, ui.HILITE, rect, border_radius=rect.h // 5)
                pygame.draw.rect(surface, ui.GOLD, rect, width=2, border_radius=rect.h // 5)
            x = rect.x + ui.px(size, 16)
            room = rect.w - ui.px(size, 32)
            first_h, second_h = self.line_hs
            top = rect.y + (rect.h - first_h - second_h) // 2
            title_colour = (ui.TEXT if focused else ui.TEXT_DIM) if not entry.broken else ui.TEXT_DIM
            bold = not entry.broken
            title_px = whole_px(entry.title, room, ui.px(size, ENTRY_TITLE_PX), bold)
            detail_px = whole_px(entry.detail, room, ui.px(size, ENTRY_PX))
            if entry.broken:  # a file's error, told whole: down to the menus' floor rather than cut
                detail_px = min(detail_px, ui.TEXTS.whole_size(entry.detail, room, detail_px,
                                                               least=ui.FLOOR_PX / WORD_PX))
            ui.blit_text(surface, cut(entry.title, room, title_px, bold), title_px, title_colour,
                         "midleft", (x, top + first_h // 2), bold=bold)
            ui.blit_text(surface, cut(entry.detail, room, detail_px), detail_px,
                         ui.WARN if entry.broken else ui.TEXT_DIM, "midleft", (x, top + first_h + second_h // 2))
        buttons = self.app.input.buttons()
        hint = t("↑ ↓ choose   Enter / {a} watch   Esc / {b} back", **buttons) if self.entries else \
            t("Esc / {b} back", **buttons)
        px = whole_px(hint, w - ui.px(size, 40), ui.px(size, ENTRY_PX))
        ui.blit_text(surface, cut(hint, w - ui.px(size, 40), px), px, ui.TEXT_DIM, "midbottom",
                     (w // 2, h - ui.px(size, 12)))


# -- the viewer -------------------------------------------------------------------------------------------------

class ReplayScene(Scene):
    """One game again, from its log (a Film, a Log, or a finished match's log lines), drawn by its own table.

    `now` is the virtual clock (ns since the game's start); `playing` and `speed` drive it. `photo` is the
    photo finish being stepped through (its index in `film.photos`), or None.
    """

    def __init__(self, source: Film | Log | list[dict[str, Any]]) -> None:
        self.source = source
        self.film: Film | None = None  # None on the error screen (the log could not be shown)
        self.error = ""
        self.table: Any = None
        self.now = 0
        self.pos = 0  # lines applied
        self.playing = True
        self.speed_index = NORMAL_SPEED
        self.photo: int | None = None
        self.photo_ms = 0  # the cursor, in ms from the photo finish's first press
        self._version = 0
        self._drawn: tuple[int, tuple[int, int], int, tuple[str, str]] | None = None
        self._sounds = False
        self._table_looks: tuple[tuple[int, int], object] | None = None  # the table's size and text looks when it was last laid out
        self._canvas: pygame.Surface | None = None  # the table drawn at its own size, then scaled into its place

    @property
    def _shown(self) -> Film:
        """The game being shown (set on entering; only the error screen has none, and never asks)."""
        assert self.film is not None, "a replay viewer without its game"
        return self.film

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    # -- scene ----------------------------------------------------------------------------------------------
    def enter(self) -> None:
        try:
            self.film = self.source if isinstance(self.source, Film) else Film(log_of(self.source), self.app.games)
        except LogError as exc:
            self.error = str(exc).removeprefix(t("this game") + ": ")
            self.menu = ui.Menu([ui.Item(pt("menu", "Back"), self.app.pop, button=True)])
            return
        self.texts = TextCache(self.app.fonts.get, name="replay list words")
        self._build_table()
        self.menu = ui.Menu(self._items(), 1)
        self._label()

    def exit(self) -> None:
        if self.table is not None:
            self.table.match.close()

    def resume(self) -> None:
        if self.table is not None:
            self.table.apply_settings()
            self._version += 1

    def _build_table(self) -> None:
        """The game's own table scene, used for its view and its drawing only (never pushed, fed no input)."""
        film = self._shown
        table = film.definition.table_scene(film.config)
        table.app = self.app
        table.definition = film.definition
        table.match = film.new_match()
        table.view = table.make_view(list(film.names), film.controls(), self.texts)
        table.view.bots = set(film.bots)
        table.view.key_hints = False  # in the viewer ↑ ↓ set the speed and ← → choose its buttons
        table.apply_settings()
        self.table = table

    def _rewind(self) -> None:
        """Back to the start: a fresh match and view-model (the view keeps its layout and caches)."""
        table = self.table
        table.match.close()
        table.match = self._shown.new_match()
        fresh = table.make_view(list(self._shown.names), self._shown.controls(), self.texts)
        table.view.model = fresh.model
        table.view.bots = set(self._shown.bots)
        table.apply_settings()
        self.pos = 0
        self.now = 0

    # -- the clock ------------------------------------------------------------------------------------------
    def seek(self, target: int) -> None:
        """The table as it stood `target` ns after the start: every line due by then applied, in log order."""
        film = self._shown
        target = max(0, min(int(target), film.end))
        if target < self.now:
            self._rewind()
        table = self.table
        start = film.start_ns
        now_abs = start + target
        while self.pos < len(film.lines) and film.at[self.pos] <= target:
            events = table.match.replay(film.lines[self.pos])
            state = table.match.state
            for timed in events:
                for sound in table.view.on_event(timed.event, timed.t_ns, state):
                    if self._sounds:
                        self.app.audio.play(sound)
            self.pos += 1
        table.view.anim.prune(now_abs)
        self.now = target
        self._version += 1

    def update(self, now_ns: int, dt_ns: int) -> None:
        if self.film is None or not self.playing:
            return
        self._sounds = self.speed <= 2.0
        try:
            self.seek(self.now + round(dt_ns * self.speed))
        finally:
            self._sounds = False
        if self.now >= self._shown.end:
            self.playing = False
            self._label()

    # -- what the buttons do --------------------------------------------------------------------------------
    def toggle(self) -> None:
        """Play or pause; play at the end starts again from the beginning."""
        if self.playing:
            self.playing = False
        else:
            if self.now >= self._shown.end:
                self.seek(0)
            self.photo = None
            self.playing = True
        self._label()

    def faster(self, step: int) -> None:
        self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + step))
        self._version += 1

    def step(self, direction: int) -> None:
        """Pause, then one move on (or back): the table just after it; at a photo finish, one ms."""
        self.playing = False
        if self.photo is not None:
            lo, hi = self._shown.photos[self.photo][1].window_ms()
            self.photo_ms = max(lo, min(hi, self.photo_ms + direction))
            self.seek(self._shown.photos[self.photo][1].first + self.photo_ms * MS)
        else:
            self.seek(self._move_time(direction))
        self._label()

    def _move_time(self, direction: int) -> int:
        """The next settled move after now (else the end), or the last one before now (else the start)."""
        settled = self._shown.settled
        if direction > 0:
            return next((s for s in settled if s > self.now), self._shown.end)
        return next((s for s in reversed(settled) if s < self.now), 0)

    def next_slap(self) -> None:
        """A little before the next slap (after the last one: the first again), still playing if it was."""
        film = self._shown
        times = [max(0, film.at[i] - SLAP_LEAD_NS) for i in film.slaps]
        if not times:
            return
        ahead = [x for x in times if x > self.now]
        self.photo = None
        self.seek(ahead[0] if ahead else times[0])
        self._label()

    def next_photo(self) -> None:
        """Pause at the next photo finish (after the last one: the first again), a few ms before its first
        press; the steps are then one ms each."""
        photos = self._shown.photos
        if not photos:
            return
        starts = [p.first + p.window_ms()[0] * MS for _, p in photos]
        if self.photo is not None:
            index = (self.photo + 1) % len(photos)
        else:
            index = next((i for i, x in enumerate(starts) if x > self.now), 0)
        self.playing = False
        self.photo = index
        self.photo_ms = photos[index][1].window_ms()[0]
        self.seek(starts[index])
        self._label()

    # -- input ------------------------------------------------------------------------------------------------
    def _items(self) -> list[ui.Item]:
        film = self._shown
        items = [ui.Item("", lambda: self.step(-1), button=True),
                 ui.Item("", self.toggle, button=True),
                 ui.Item("", lambda: self.step(1), button=True)]
        if film.has_slaps:
            items.append(ui.Item(t("Next slap"), self.next_slap, button=True, enabled=lambda: bool(self._shown.slaps)))
            items.append(ui.Item(t("Photo finish"), self.next_photo, button=True,
                                 enabled=lambda: bool(self._shown.photos)))
        items.append(ui.Item(t("Done"), self.app.pop, button=True))
        return items

    def _label(self) -> None:
        """The buttons' words for the moment: Play or Pause, moves or milliseconds."""
        items = self.menu.items
        if self.photo is not None:
            items[0].label, items[2].label = t("◀ 1 ms"), t("1 ms ▶")
        else:
            items[0].label, items[2].label = t("◀ Step"), t("Step ▶")
        items[1].label = pt("playback", "Pause") if self.playing else pt("playback", "Play")
        self._version += 1

    def handle(self, cmd: Command) -> None:
        if cmd.action in (BACK, PAUSE):
            self.app.pop()
        elif self.film is None:
            if cmd.action == CONFIRM:
                self.app.pop()
        elif cmd.action in (UP, DOWN):
            self.faster(1 if cmd.action == UP else -1)
        elif cmd.action in (LEFT, RIGHT, CONFIRM):
            self.menu.handle(cmd)
            self._version += 1

    # -- drawing ----------------------------------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        w, h = size
        pad = ui.px(size, 8)
        button_h = ui.px(size, 46)
        # The time line's row: room for two lines of words at either end, and for the photo finish's names
        # above its axis and lags below, as big as the player's text size draws them.
        words = line_h(ui.px(size, CLOCK_PX), True) + line_h(ui.px(size, TEXT_PX))
        marks = 2 * (line_h(ui.px(size, TEXT_PX), True) + ui.px(size, 6))
        line_h_ = max(ui.px(size, 64), words, marks)
        bar_h = pad + line_h_ + pad + button_h + pad
        self.bar = pygame.Rect(0, h - bar_h, w, bar_h)
        self.table_rect = pygame.Rect(0, 0, w, self.bar.y)
        self.line_rect = pygame.Rect(pad * 2, self.bar.y + pad, w - pad * 4, line_h_)
        if self.film is None:
            self.menu.rects = [pygame.Rect(w // 2 - ui.px(size, 110), h // 2 + ui.px(size, 40), ui.px(size, 220),
                                           button_h)]
            return
        n = len(self.menu.items)
        gap = ui.px(size, 10)
        row = pygame.Rect(pad * 2, self.line_rect.bottom + pad, w - pad * 4, button_h)
        each = (row.w - gap * (n - 1)) // n
        self.menu.rects = [pygame.Rect(row.x + i * (each + gap), row.y, each, button_h) for i in range(n)]
        self._version += 1

    def render_size(self) -> tuple[int, int]:
        """The size the table is laid out at: its area, or (when that is smaller than TABLE_MIN) the
        smallest size of the area's shape that is not."""
        w, h = self.table_rect.size
        k = max(TABLE_MIN[0] / max(1, w), TABLE_MIN[1] / max(1, h), 1.0)
        return max(1, round(w * k)), max(1, round(h * k))

    def _still_key(self, size: tuple[int, int]) -> tuple[int, tuple[int, int], int, tuple[str, str]] | None:
        """What the picture depends on while the clock stands (paused: the table is a function of the
        state, its view-model and the time alone); None while it plays."""
        if self.film is not None and self.playing:
            return None
        return (self._version, size, self.menu.index, scale.words_key())

    def unchanged(self, size: tuple[int, int], alpha: float) -> bool:
        w, h = size
        key = self._still_key((w, h))
        return key is not None and key == self._drawn

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = w, h = surface.get_size()
        if self.film is None:
            surface.blit(ui.backdrop(size), (0, 0))
            ui.shadow_text(surface, t("This game can't be shown"), ui.px(size, 44), ui.TEXT, "midtop",
                           (w // 2, ui.px(size, 90)))
            px = ui.px(size, TEXT_PX)
            ui.blit_text(surface, cut(self.error, w - ui.px(size, 60), px), px, ui.WARN, "center", (w // 2, h // 2))
            self.menu.draw(surface)
            self._drawn = self._still_key(size)
            return
        self.draw_table(surface)
        hud_rect = self.bar
        pygame.draw.rect(surface, ui.PANEL, hud_rect)
        pygame.draw.line(surface, ui.GOLD, hud_rect.topleft, hud_rect.topright, max(1, ui.px(size, 2)))
        if self.photo is not None:
            self.draw_photo(surface, self.photo)
        else:
            self.draw_progress(surface)
        self.menu.draw(surface)
        self._drawn = self._still_key(size)

    def text_boost(self, window: tuple[int, int]) -> float:
        """How much bigger the table's words are drawn than the table's own size would draw them: a table
        scales its words with the size it is laid out at, which here is less than the window (the bar
        below takes the rest, and a small area is drawn larger and scaled down); boosted, its words are as
        big on screen as the table's at the full window (the floor of 20 px at 720p holds here too; a little
        over, so that no word rounds down under it)."""
        inner = self.render_size()
        shown = scale.unit(inner) * self.table_rect.h / max(1, inner[1])  # one table px on screen
        return max(1.0, 1.02 * scale.unit(window) / max(1e-6, shown))

    @contextmanager
    def table_words(self, window: tuple[int, int]) -> Iterator[None]:
        """While the table is laid out and drawn: the player's text size times text_boost, with room for it
        (the table's own room, TableScene.text_room, boosted alike), and the caches sized for the table's
        picture (bigger than the window's in a window under the table's minimum size)."""
        k = self.text_boost(window)
        with scale.using(text=scale.player_text_scale() * k, room=self.table.text_room * k, canvas=self.render_size()):
            yield

    def draw_table(self, surface: pygame.Surface) -> None:
        area = self.table_rect
        inner = self.render_size()
        view = self.table.view
        with self.table_words(surface.get_size()):
            looks = (inner, scale.looks_key())
            if view.L.size != inner or self._table_looks != looks:
                view.relayout(inner)
                self._table_looks = looks
            now = self._shown.start_ns + self.now
            if inner == area.size:
                self.table.draw_view(surface.subsurface(area), now)
                return
            canvas = self._canvas
            if canvas is None or canvas.get_size() != inner:
                canvas = self._canvas = (pygame.Surface(inner).convert(surface) if pygame.display.get_surface()
                                         else pygame.Surface(inner))
            self.table.draw_view(canvas, now)
        pygame.transform.smoothscale(canvas, area.size, surface.subsurface(area))

    def table_boxes(self) -> list[tuple[pygame.Rect, str]]:
        """The table's words as last drawn, in window coordinates (scaled like the table if it was)."""
        area = self.table_rect
        inner = self.render_size()
        kx, ky = area.w / inner[0], area.h / inner[1]
        out = []
        for box in self.table.view.text_boxes():
            r = box.rect
            out.append((pygame.Rect(area.x + round(r.x * kx), area.y + round(r.y * ky), max(1, round(r.w * kx)),
                                    max(1, round(r.h * ky))), box.text))
        return out

    def _side_texts(self, surface: pygame.Surface, left: list[tuple[str, tuple[int, int, int], bool]],
                    right: str) -> pygame.Rect:
        """Words at the ends of the time line's row (the right ones on up to two lines), each end as wide as
        its words need (at least SIDE_PX, at most a third of the row, shrunk there down to the standard
        text size); returns the room left between them."""
        size = surface.get_size()
        row = self.line_rect
        px = ui.px(size, TEXT_PX)
        most = row.w * 3 // 10
        sizes = [ui.px(size, CLOCK_PX) if i == 0 else px for i in range(len(left))]
        needs = [ui.TEXTS.font(p, bold).size(text)[0] for (text, _, bold), p in zip(left, sizes, strict=True)]
        left_w = max(ui.px(size, SIDE_PX), min(most, max(needs)))
        sizes = [whole_px(text, left_w, p, bold) for (text, _, bold), p in zip(left, sizes, strict=True)]
        heights = [line_h(p, bold) for (_, _, bold), p in zip(left, sizes, strict=True)]
        top = row.centery - sum(heights) // 2
        for (text, colour, bold), text_px, lh in zip(left, sizes, heights, strict=True):
            ui.blit_text(surface, cut(text, left_w, text_px, bold), text_px, colour, "midleft",
                         (row.x, top + lh // 2), bold=bold)
            top += lh
        font = ui.TEXTS.font(px)
        right_w = max(ui.px(size, SIDE_PX), min(most, font.size(right)[0]))
        lines = wrap(right, font, right_w)
        if len(lines) > 2:  # two lines at most: shrink them (not below the standard size) to fit
            px = whole_px(right, 2 * right_w, px)
            lines = wrap(right, ui.TEXTS.font(px), right_w)
            lines = lines[:1] + [" ".join(lines[1:])] if len(lines) > 1 else lines
        lh = line_h(px)
        top = row.centery - lh * len(lines) // 2
        for i, line in enumerate(lines):
            ui.blit_text(surface, cut(line, right_w, px), px, ui.TEXT_DIM, "midright",
                         (row.right, top + i * lh + lh // 2))
        gap = ui.px(size, 16)
        return pygame.Rect(row.x + left_w + gap, row.y, row.w - left_w - right_w - 2 * gap, row.h)

    def draw_progress(self, surface: pygame.Surface) -> None:
        """The whole game as a track: how far it has run, a tick for every slap, a diamond per photo finish."""
        size = surface.get_size()
        film = self._shown
        state = t("Paused") if not self.playing else t("Speed")
        track = self._side_texts(surface, [(f"{clock_text(self.now)} / {clock_text(film.end)}", ui.TEXT, True)],
                                 f"{state} {speed_text(self.speed)}  ↑ ↓")
        bar_h = max(4, ui.px(size, 10))
        line = pygame.Rect(track.x, track.centery - bar_h // 2, track.w, bar_h)
        pygame.draw.rect(surface, colors.TRACK, line, border_radius=bar_h // 2)
        done = line.copy()
        done.w = round(line.w * min(1.0, self.now / max(1, film.end)))
        if done.w > 0:
            pygame.draw.rect(surface, ui.GOLD, done, border_radius=bar_h // 2)
        tick = ui.px(size, 10)
        for i in film.slaps:
            x = line.x + round(line.w * film.at[i] / max(1, film.end))
            seat = film.lines[i].get("seat")
            colour = ui.seat_colour(seat) if isinstance(seat, int) else ui.TEXT
            pygame.draw.line(surface, colour, (x, line.y - tick), (x, line.y - 2), max(1, ui.px(size, 2)))
        for _, photo in film.photos:
            x = line.x + round(line.w * photo.first / max(1, film.end))
            r = ui.px(size, 6)
            y = line.bottom + r + 2
            pygame.draw.polygon(surface, ui.TEXT, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
        cursor = (done.right, line.centery)
        pygame.draw.circle(surface, ui.TEXT, cursor, max(3, bar_h))

    def draw_photo(self, surface: pygame.Surface, shown: int) -> None:
        """The photo finish's time line: one ms a tick, each press a line in its seat's colour with its
        name above and its lag below, the cursor (where the table stands) in gold."""
        size = surface.get_size()
        photo = self._shown.photos[shown][1]
        lo, hi = photo.window_ms()
        ms = self.photo_ms
        signed = f"{ms:+d}".replace("-", "\u2212")
        offset = t("at {ms} ms", ms=signed) if ms else t("at the first press")
        axis_room = self._side_texts(surface, [(t("Photo finish"), ui.GOLD, True), (offset, ui.TEXT, False)],
                                     photo.lines[0])
        px = ui.px(size, TEXT_PX)
        font = ui.TEXTS.font(px, True)
        lh = ui.TEXTS.line_height(px, True)
        axis_y = axis_room.centery
        span = max(1, hi - lo)

        def x_of(ms_from_first: float) -> int:
            return axis_room.x + round(axis_room.w * (ms_from_first - lo) / span)

        pygame.draw.line(surface, ui.TEXT_DIM, (axis_room.x, axis_y), (axis_room.right, axis_y), max(1, ui.px(size, 2)))
        every = 1 if span <= 80 else 5 if span <= 400 else 50
        for k in range(math.ceil(lo / every) * every, hi + 1, every):
            x = x_of(k)
            tall = ui.px(size, 7) if k % (every * 10) == 0 else ui.px(size, 4)
            pygame.draw.line(surface, ui.TEXT_DIM, (x, axis_y - tall), (x, axis_y + tall), 1)
        # Names above the axis, lags below: pushed apart where presses are closer than their words.
        marks = [(x_of((ts - photo.first) / MS), seat, verdict) for seat, ts, verdict in photo.presses]
        names = [self._shown.names[seat] for _, seat, _ in marks]
        lags = [t("first") if i == 0 else t("+{ms} ms", ms=round((photo.presses[i][1] - photo.first) / MS))
                for i in range(len(marks))]
        for words, top in ((names, axis_y - ui.px(size, 6) - lh), (lags, axis_y + ui.px(size, 6))):
            spots = spread([x for x, _, _ in marks], [font.size(s)[0] for s in words], axis_room.x, axis_room.right,
                           ui.px(size, 8))
            for (x, seat, _), word, left in zip(marks, words, spots, strict=True):
                colour = ui.seat_colour(seat)
                ui.blit_text(surface, word, px, colour, "topleft", (left, top), bold=True)
        for x, seat, _ in marks:
            pygame.draw.line(surface, ui.seat_colour(seat), (x, axis_y - ui.px(size, 9)), (x, axis_y + ui.px(size, 9)),
                             max(2, ui.px(size, 4)))
        cx = x_of(ms)
        r = ui.px(size, 7)
        pygame.draw.line(surface, ui.GOLD, (cx, axis_room.y), (cx, axis_room.bottom), max(1, ui.px(size, 2)))
        pygame.draw.polygon(surface, ui.GOLD, [(cx - r, axis_room.y), (cx + r, axis_room.y), (cx, axis_room.y + r)])


def spread(centres: list[int], widths: list[int], low: int, high: int, gap: int) -> list[int]:
    """Left edges for labels centred at `centres` (in order), pushed apart so none overlaps the next and
    all stay within [low, high] where they can."""
    lefts = [c - w // 2 for c, w in zip(centres, widths, strict=True)]
    order = sorted(range(len(lefts)), key=lambda i: centres[i])
    edge = low
    for i in order:
        lefts[i] = max(lefts[i], edge)
        edge = lefts[i] + widths[i] + gap
    edge = high
    for i in reversed(order):
        lefts[i] = min(lefts[i], edge - widths[i])
        edge = lefts[i] - gap
    return lefts
