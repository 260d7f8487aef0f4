"""The game never just vanishes: `guarded(run, argv)` runs the command line and

- turns an uncaught exception anywhere (a background thread's too), and a crash in native code (through
  faulthandler), into a crash log in the user log folder (the traceback, the
  version, the system, the settings without the players' names), one line on stderr and a short message
  box saying where the log is, and exit code CRASH_EXIT;
- in a windowed build (no console: the Windows .exe, the macOS app) shows what the command line printed
  (`--help`, `--version`, a bad option, "no display", a subcommand's output) in a message box, since
  nobody would see it otherwise; where there is a console it is printed there too.

Message boxes are never shown on the dummy/offscreen video driver, with --headless or under CI.
Nothing here writes the settings or the replays: what was saved before the crash stays as it was.
"""

from __future__ import annotations

import io
import json
import os
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

CRASH_EXIT = 70  # EX_SOFTWARE: an internal error, not a usage error (2)
LOGS_KEPT = 20  # the newest crash logs kept in the log folder
LOG_PREFIX = "crash-"
APP = "couch-cards"
DATA_ENV = "COUCHCARDS_DATA_DIR"  # as game.record: logs go to <it>/logs when it is set
NO_BOX_DRIVERS = ("dummy", "offscreen")
BOX_LINES = 30  # a message box shows at most this many lines of printed text
CAPTURE_LIMIT = 20_000  # characters of printed text kept for a message box
CONSOLE_TOOLS = ("-h", "--help", "--version")  # play options whose whole outcome is printed text


def log_dir() -> Path:
    """Where crash logs go: $COUCHCARDS_DATA_DIR/logs if set, else the platform's user log folder
    (Linux ~/.local/state/couch-cards/log, macOS ~/Library/Logs/couch-cards,
    Windows %LOCALAPPDATA%\\couch-cards\\Logs)."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override) / "logs"
    import platformdirs

    return Path(platformdirs.user_log_dir(APP, appauthor=False))


def _t(text: str, **values: object) -> str:
    try:
        from game.i18n import t

        return t(text, **values)
    except Exception:  # noqa: BLE001 - the crash path must not fail on a broken import
        return text.format(**values) if values else text


# ---- what a crash log holds ---------------------------------------------------------------------------


def settings_without_names() -> tuple[dict[str, object] | str, list[str]]:
    """The saved settings file as it is on disk, without the players' names (or a line saying why there
    are none), and the names that were left out (to keep them out of the rest of the log)."""
    try:
        from game.settings import FILENAME, config_dir

        path = config_dir() / FILENAME
    except Exception as exc:  # noqa: BLE001
        return f"(unavailable: {type(exc).__name__}: {exc})", []
    try:
        raw = json.loads(path.read_text(encoding="utf-8-sig"))  # as the settings read it: a BOM is fine
    except FileNotFoundError:
        return "(no settings file yet: the defaults)", []
    except (OSError, ValueError, RecursionError) as exc:
        return f"(unreadable: {type(exc).__name__})", []
    if not isinstance(raw, dict):
        return "(not a settings object)", []
    names = raw.pop("names", [])
    left_out = [n.strip() for n in names if isinstance(n, str) and len(n.strip()) >= 2] if isinstance(
        names, list) else []
    if "names" in raw or names:
        raw["names"] = "(left out)"
    return raw, left_out


def redact(text: str, names: list[str]) -> str:
    """`text` with every player name in it replaced by <name>, longest names first."""
    for name in sorted(set(names), key=len, reverse=True):
        text = text.replace(name, "<name>")
    return text


def describe_system() -> list[str]:
    import platform  # only a crash asks: not loaded at every start

    lines = [f"os: {platform.platform()} ({platform.machine() or 'unknown machine'})",
             f"python: {platform.python_version()} ({platform.python_implementation()})"]
    pygame = sys.modules.get("pygame")
    if pygame is not None:
        try:
            sdl = ".".join(str(n) for n in pygame.get_sdl_version())
            lines.append(f"pygame-ce: {pygame.version.ver}, SDL {sdl}")
        except Exception:  # noqa: BLE001, S110 - a half-imported pygame: the log goes on without it
            pass
    lines.append(f"video driver asked for: {os.environ.get('SDL_VIDEODRIVER') or '(system default)'}")
    return lines


def crash_report(exc: BaseException, argv: list[str]) -> str:
    """The text of a crash log for `exc` (with its traceback)."""
    from game import build_info, version

    settings, names = settings_without_names()
    info = build_info()
    kind = (f"frozen build for {info.get('platform', '?')}, {'windowed' if info.get('windowed') else 'console'}"
            if info else ("frozen build" if getattr(sys, "frozen", False) else "from source"))
    lines = [
        "Couch Cards crash log",
        f"time: {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
        f"version: {version()} ({kind})",
        f"command line: couchcards {' '.join(argv)}".rstrip(),
        *describe_system(),
        "",
        "settings (the players' names left out):",
        json.dumps(settings, indent=2, sort_keys=True, ensure_ascii=False) if isinstance(settings, dict)
        else settings,
        "",
        "".join(traceback.format_exception(exc)).rstrip(),
        "",
    ]
    return redact("\n".join(lines), names)


def write_crash_log(exc: BaseException, argv: list[str], folder: Path | None = None) -> Path | None:
    """Write the crash log (keeping the newest LOGS_KEPT); its path, or None if no folder would take it.
    Never raises."""
    try:
        text = crash_report(exc, argv)
    except Exception as inner:  # noqa: BLE001 - still write the traceback itself
        text = "Couch Cards crash log (the report failed: {!r})\n\n{}".format(
            inner, "".join(traceback.format_exception(exc)))
    stamp = time.strftime("%Y%m%d-%H%M%S")
    candidates = [folder] if folder is not None else []
    try:
        candidates.append(log_dir())
    except Exception:  # noqa: BLE001, S110 - no platformdirs: the temporary folder below
        pass
    import tempfile

    candidates.append(Path(tempfile.gettempdir()) / APP)
    for where in candidates:
        try:
            where.mkdir(parents=True, exist_ok=True)
            path = where / f"{LOG_PREFIX}{stamp}-{os.getpid()}.log"
            path.write_text(text, encoding="utf-8")
        except OSError:
            continue
        _prune(where)
        return path
    return None


NATIVE_HEADER = "Couch Cards crash log: a crash in native code (the Python stack of each thread follows)\n"
NATIVE_SUFFIX = "-native.log"


def watch_native_crashes(folder: Path | None = None) -> Callable[[], None]:
    """Have a crash in native code (a fault no Python handler sees: compiled code, a driver) leave a crash
    log too: faulthandler writes each thread's Python stack into a log opened now. Returns what to call
    when the run ends: it stops watching and removes the log if nothing was written to it. Logs left
    empty by a run that was killed are removed here."""
    import faulthandler

    before = faulthandler.is_enabled()
    try:
        where = folder if folder is not None else log_dir()
        where.mkdir(parents=True, exist_ok=True)
        for old in where.glob(f"{LOG_PREFIX}*{NATIVE_SUFFIX}"):
            if old.stat().st_size == len(NATIVE_HEADER):
                old.unlink()
        path = where / f"{LOG_PREFIX}{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}{NATIVE_SUFFIX}"
        log = open(path, "w", encoding="ascii")  # noqa: SIM115 - open while the game runs
        log.write(NATIVE_HEADER)
        log.flush()
        faulthandler.enable(log, all_threads=True)
    except (OSError, ValueError, RuntimeError):
        return lambda: None

    def done() -> None:
        faulthandler.disable()
        try:
            written = log.seek(0, os.SEEK_END) > len(NATIVE_HEADER)
            log.close()
            if not written:
                path.unlink()
        except OSError:
            pass
        if before and sys.stderr is not None:  # as it was (a test runner's own watch, say)
            try:
                faulthandler.enable(sys.stderr)
            except (OSError, ValueError, AttributeError):
                pass

    return done


def _prune(folder: Path) -> None:
    try:
        logs = sorted(folder.glob(f"{LOG_PREFIX}*.log"), key=lambda p: p.stat().st_mtime)
        for old in logs[:-LOGS_KEPT]:
            old.unlink()
    except OSError:
        pass


# ---- telling the user ------------------------------------------------------------------------------


def windowed() -> bool:
    """True where printed text reaches nobody: no stdout or stderr (Windows' windowed .exe, pythonw), or
    a build made windowed (the macOS app, started from the Finder)."""
    if sys.stdout is None or sys.stderr is None:
        return True
    from game import build_info

    return bool(build_info().get("windowed"))


def boxes_allowed(argv: list[str]) -> bool:
    """A message box may be shown: not on a driver with no display, not with --headless, not under CI."""
    if os.environ.get("CI"):
        return False
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in NO_BOX_DRIVERS:
        return False
    return "--headless" not in argv


def show_box(title: str, text: str, error: bool) -> bool:
    """An SDL message box (it needs no window of the game's); False if SDL could not show one."""
    try:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        pygame.display.message_box(title, text, "error" if error else "info")
    except Exception:  # noqa: BLE001 - no display, no SDL: there is nothing more to try
        return False
    return True


class Capture(io.TextIOBase):
    """Stands in for sys.stdout or sys.stderr: keeps what is written (up to CAPTURE_LIMIT characters)
    and passes it on to the real stream, if there is one."""

    def __init__(self, real: TextIO | None) -> None:
        super().__init__()
        self.real = real
        self.parts: list[str] = []
        self.kept = 0

    def writable(self) -> bool:
        return True

    def write(self, s: str) -> int:
        if self.kept < CAPTURE_LIMIT:
            self.parts.append(s[: CAPTURE_LIMIT - self.kept])
            self.kept += len(self.parts[-1])
        if self.real is not None:
            try:
                self.real.write(s)
            except (OSError, ValueError):
                pass
        return len(s)

    def flush(self) -> None:
        if self.real is not None:
            try:
                self.real.flush()
            except (OSError, ValueError):
                pass

    def text(self) -> str:
        return "".join(self.parts)


def box_text(text: str) -> str:
    lines = text.strip().splitlines()
    if len(lines) > BOX_LINES:
        lines = [*lines[: BOX_LINES - 1], "…"]
    return "\n".join(lines)


def _exit_code(exc: SystemExit) -> int:
    if exc.code is None:
        return 0
    if isinstance(exc.code, int):
        return exc.code
    print(exc.code, file=sys.stderr)
    return 1


Shower = Callable[[str, str, bool], bool]


def guarded(run: Callable[[], int], argv: list[str], show: Shower | None = None) -> int:
    """Run the command line (`run()` returns the exit code) so that nothing ends it silently; returns
    the exit code: run()'s, argparse's, 130 for Ctrl+C, CRASH_EXIT after a crash."""
    show = show or show_box
    no_console = windowed()
    import threading

    def thread_crashed(args: threading.ExceptHookArgs) -> None:
        """A background thread's uncaught error: logged too (the game itself goes on)."""
        if args.exc_type is SystemExit or args.exc_value is None:
            return
        thread = args.thread.name if args.thread is not None else "?"
        path = write_crash_log(args.exc_value, [*argv, f"(in the background thread {thread})"])
        threading.__excepthook__(args)
        if sys.stderr is not None:
            print(f"couchcards: an error in a background thread; the crash log is {path}", file=sys.stderr)

    old_thread_hook, threading.excepthook = threading.excepthook, thread_crashed
    stop_watching = watch_native_crashes()
    captures: tuple[Capture, Capture] | None = None
    if no_console:
        captures = (Capture(sys.stdout), Capture(sys.stderr))
        sys.stdout, sys.stderr = captures
    try:
        try:
            code = int(run() or 0)
            if sys.stdout is not None:
                sys.stdout.flush()  # here, where a reader that stopped is seen, not at the interpreter's exit
        except BrokenPipeError:
            code = _reader_gone()
        except SystemExit as exc:
            code = _exit_code(exc)
        except KeyboardInterrupt:
            code = 130
        except BaseException as exc:  # noqa: BLE001 - the point of this module
            return _crashed(exc, argv, show)
    finally:
        threading.excepthook = old_thread_hook
        stop_watching()
        if captures is not None:
            sys.stdout, sys.stderr = captures[0].real, captures[1].real
    if captures is not None and boxes_allowed(argv):
        printed = captures[1].text() if code else captures[0].text() + captures[1].text()
        console_tool = bool(argv) and (argv[0] in _subcommands() or any(a in CONSOLE_TOOLS for a in argv))
        if printed.strip() and (code or console_tool):
            show(_t("Couch Cards"), box_text(printed), bool(code))
    return code


def _reader_gone() -> int:
    """The reader of our output stopped (`sim ... | head -4`): that is how such a reader says it has enough,
    not a crash. Exit 0, and point stdout at nothing so that the interpreter's last flush finds no pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        pass  # a stdout with no file under it (a windowed build's capture) has no pipe to close
    return 0


def _subcommands() -> tuple[str, ...]:
    try:
        from game.cli import SUBCOMMANDS

        return tuple(SUBCOMMANDS)
    except Exception:  # noqa: BLE001
        return ()


def _crashed(exc: BaseException, argv: list[str], show: Shower) -> int:
    path = write_crash_log(exc, argv)
    where = str(path) if path else _t("(no folder would take the crash log)")
    if sys.stderr is not None:
        try:
            traceback.print_exception(exc, file=sys.stderr)
            print(f"couchcards: crashed; the crash log is {where}", file=sys.stderr, flush=True)
        except (OSError, ValueError):
            pass
    if boxes_allowed(argv):
        show(_t("Couch Cards"),
             _t("Couch Cards stopped because of an error. Sorry!\n\nWhat happened is written in:\n{path}\n\n"
                "Your settings and recent games are kept.", path=where), True)
    return CRASH_EXIT
