"""The command line: the play options, their checks (before any window opens), the subcommands (SUBCOMMANDS,
and the practice modes' `practice MODE`), and starting the app."""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from game import games, screens
from game import version as game_version
from game.argtypes import OneLineParser
from game.core.contract import MAX_SEATS, MIN_SEATS, TableConfig, make_seats
from game.games.base import PracticeMode
from game.services import MIN_WINDOW
from game.tables import DemoLoop, demo_config

MIN_SIZE = MIN_WINDOW
MAX_SIDE = 16384
MAX_SEED = 2**63 - 1
NO_DISPLAY_DRIVERS = ("dummy", "offscreen")
SCREENSHOT_TYPES = (".png", ".bmp", ".tga", ".jpg", ".jpeg")  # the kinds pygame.image.save writes


class UsageError(Exception):
    """A bad combination of command-line options: one line on stderr, exit code 2."""


SUBCOMMANDS = {
    "sim": ("game.sim", "play whole games with no window; wins, scores, games per second"),
    # game.bench.BENCHES' names, written out: game.bench imports this module (tests/test_cli_help.py)
    "bench": ("game.bench", "benchmarks: engines, render, layout, input, bots, latency, memory"),
    "replay": ("game.replay", "check a recorded game's command log (--verify)"),
    "stats": ("game.history.cli", "the players the game remembers; --profile NAME --csv FILE exports one's history"),
    "preset": ("game.presets_io", "house-rule presets as files: 'export NAME FILE', 'import FILE'"),
}
GIVEN_THE_GAMES = {"preset", "replay", "stats"}  # subcommands whose module knows no game: main(argv, games=the registry's games)


def play_parser() -> argparse.ArgumentParser:
    p = OneLineParser(
        prog="couchcards",
        description="Couch Cards: " + " and ".join(d.title() for d in games.all_games()) + " on one screen. "
        "With no options, opens the title screen.",
        epilog="Subcommands: "
        + "; ".join([*(f"'{name} --help': {text}" for name, (_, text) in SUBCOMMANDS.items()),
                     f"'practice --help': {practice_help(practice_sims())}"]),
    )
    p.add_argument("--game", choices=list(games.ids()), help="go straight to a table of this game")
    p.add_argument("--players", type=int, help="number of seats (2-8)")
    p.add_argument("--bots", help="comma-separated bot levels for the seats after the humans, e.g. medium,hard")
    p.add_argument("--demo", action="store_true",
                   help="all-bot tables that play themselves, game after game "
                   "(the games in turn unless --game or --bots)")
    p.add_argument("--seed", type=int, help="seed for the shuffle and the bots (0 or more)")
    p.add_argument("--headless", action="store_true", help="run with no display (dummy video and audio)")
    p.add_argument("--frames", type=int, help="stop after this many frames (1 or more)")
    p.add_argument("--screenshot", help="save the last frame to this file (.png, .bmp, .tga or .jpg)")
    p.add_argument("--size", default="1280x720", help="window size, WIDTHxHEIGHT (default %(default)s)")
    p.add_argument("--fullscreen", action="store_true",
                   help="start in full screen (F11 switches; default: the setting)")
    p.add_argument("--language", choices=["auto", "en", "da", "sv"],
                   help="da (Dansk), sv (Svenska), en (English) or auto (the system's); default: the setting")
    p.add_argument("--debug", action="store_true", help="log what the game finds at start (controllers, mappings) on stderr")
    p.add_argument("--version", action="version", version=f"%(prog)s {game_version()}")
    return p


def config_from_args(args: argparse.Namespace) -> TableConfig | None:
    """The table the command line asks for (`--game`, `--demo`), or None for the title screen.

    `--players N` seats in all; the last len(--bots) seats are bots of those levels, the rest humans.
    With only `--game`, two human seats. Raises UsageError for a bad combination.
    """
    levels = [b.strip() for b in args.bots.split(",")] if args.bots is not None else []
    if "" in levels:
        raise UsageError(f"--bots needs a level name between every comma, not {args.bots!r}")
    if not (args.game or args.demo):
        if args.players or levels:
            raise UsageError("--players and --bots need --game (or --demo)")
        return None
    game = args.game or games.DEMO_GAME
    definition = games.get(game)
    known = list(definition.bot_levels)
    bad = [b for b in levels if b not in known]
    if bad:
        raise UsageError(f"unknown {game} bot level {bad[0]!r}; choose from {', '.join(known)}")
    if args.players is None and not args.demo and len(levels) >= MAX_SEATS:  # the humans' seat was never asked for
        if len(levels) > MAX_SEATS:
            raise UsageError(f"--bots names {len(levels)} bots, but a table has at most {MAX_SEATS} seats")
        raise UsageError(f"{len(levels)} bots leave no seat for a human at a table of at most {MAX_SEATS}; "
                         f"add --players {MAX_SEATS} for a table of bots only")
    players = args.players or (4 if args.demo else max(2, len(levels) + 1 if levels else 2))
    if not MIN_SEATS <= players <= MAX_SEATS:
        raise UsageError(f"--players must be {MIN_SEATS} to {MAX_SEATS}, not {players}")
    if len(levels) > players:
        raise UsageError(f"--bots names {len(levels)} bots for {players} seats")
    seed = args.seed if args.seed is not None else 0
    try:
        if args.demo:
            config = demo_config(game, players, levels, seed)
        else:
            rules = definition.rules_from_values({}, players)
            config = TableConfig(game, rules, make_seats(players - len(levels), levels), seed)
        low, high = definition.player_range(config.rules)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if not low <= players <= high:
        raise UsageError(f"{game} is for {low} to {high} players, not {players}")
    return config


def no_display_reason() -> str | None:
    """Why no window can be shown here, or None. Checked before anything is opened."""
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        if os.environ.get("SDL_VIDEODRIVER", "") not in ("kmsdrm", "fbcon", "directfb"):
            return "no display found (neither DISPLAY nor WAYLAND_DISPLAY is set)"
    if os.environ.get("SDL_VIDEODRIVER", "") in NO_DISPLAY_DRIVERS:
        return f"SDL_VIDEODRIVER={os.environ['SDL_VIDEODRIVER']} shows no window"
    return None


def unreachable_display_reason(driver: str) -> str:
    """Why no window opens when SDL, finding none of the displays the environment names, chose `driver`
    (one of NO_DISPLAY_DRIVERS): the display by the name the user set, not SDL's driver."""
    named = [f"{name}={os.environ[name]}" for name in ("DISPLAY", "WAYLAND_DISPLAY") if os.environ.get(name)]
    if named:
        return f"cannot reach the display {' or '.join(named)} (nothing answers there)"
    return f"no display (SDL found only its {driver!r} video driver, which shows no window)"


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise UsageError(f"--size must look like 1280x720, not {text!r}") from None
    if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
        raise UsageError(f"--size must be at least {MIN_SIZE[0]}x{MIN_SIZE[1]}, not {text!r}")
    if w > MAX_SIDE or h > MAX_SIDE:
        raise UsageError(f"--size must be at most {MAX_SIDE}x{MAX_SIDE}, not {text!r}")
    return w, h


def check_screenshot(path: str) -> None:
    """A screenshot path pygame can write: a file name ending in one of SCREENSHOT_TYPES (pygame would
    write any other name as a TGA file without a word)."""
    if not path.strip():
        raise UsageError("--screenshot needs a file name, e.g. --screenshot table.png")
    if os.path.splitext(path)[1].lower() not in SCREENSHOT_TYPES:
        raise UsageError(f"--screenshot must end in {', '.join(SCREENSHOT_TYPES)}, not {path!r}")


def check_args(args: argparse.Namespace) -> tuple[tuple[int, int], TableConfig | None]:
    """The window size and the table the options ask for; raises UsageError (one line) for a bad option.

    Needs no display, so bad options are reported before the display is looked at."""
    if args.frames is not None and args.frames < 1:
        raise UsageError(f"--frames must be 1 or more, not {args.frames}")
    if args.players is not None and not MIN_SEATS <= args.players <= MAX_SEATS:
        raise UsageError(f"--players must be {MIN_SEATS} to {MAX_SEATS}, not {args.players}")
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        raise UsageError(f"--seed must be a whole number from 0 to {MAX_SEED}, not {args.seed}")
    if args.screenshot is not None:
        check_screenshot(args.screenshot)
    return parse_size(args.size), config_from_args(args)


def run(args: argparse.Namespace) -> int:
    """Play from the command line; returns the exit code (2 for bad options or no display)."""
    try:
        size, start_config = check_args(args)
    except UsageError as exc:
        print(f"couchcards: {exc}", file=sys.stderr)
        return 2
    if args.debug:
        import logging  # here: a start without --debug has no log to set up (logging costs ~6 ms of imports)

        logging.basicConfig(level=logging.DEBUG, format="couchcards: %(message)s", stream=sys.stderr)
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    else:
        reason = no_display_reason()
        if reason:
            print(f"couchcards: {reason}; run with --headless to play with no window.", file=sys.stderr)
            return 2
    import pygame

    from game import settings as settings_mod
    from game.app import App
    from game.i18n import set_language

    try:
        pygame.display.init()
    except pygame.error as exc:
        print(f"couchcards: cannot open a window ({exc}); run with --headless to play with no window.",
              file=sys.stderr)
        return 2
    if not args.headless and pygame.display.get_driver() in NO_DISPLAY_DRIVERS:
        print(f"couchcards: {unreachable_display_reason(pygame.display.get_driver())}; "
              "run with --headless to play with no window.", file=sys.stderr)
        pygame.quit()
        return 2
    pygame.font.init()
    settings = settings_mod.load(games=games.GAMES)
    if args.language:
        settings["language"] = args.language  # this run's language (saved only with another change)
    set_language(settings["language"])
    app = App(settings, size=size, fullscreen=args.fullscreen or settings["fullscreen"],
              rng_seed=args.seed)
    app.nav.push(screens.Title())
    if args.demo:
        levels = tuple(seat.level or "" for seat in start_config.seats) if args.bots and start_config else ()
        app.demo = DemoLoop(alternate=not (args.game or args.bots), levels=levels)
    if start_config is not None:
        if args.seed is None:
            start_config = start_config.with_seed(app.next_seed())
        app.nav.start_table(start_config, push=True)
    try:
        return app.run(frames=args.frames, screenshot=args.screenshot)
    finally:
        app.audio.wait_ready(2.0)  # the sounds made beside the first frames are done before the mixer goes
        pygame.quit()


def practice_sims() -> dict[str, PracticeMode]:
    """The games' practice modes that have a headless sim, by the word after `sim` (GameDef.practice)."""
    return {mode.sim_name: mode for d in games.all_games() for mode in d.practice if mode.sim_name}


def practice_help(practice: dict[str, PracticeMode]) -> str:
    """The play help's line for `practice`: the games' practice modes by the word that runs each (not their
    titles: a title loads the mode's words, which a start that draws the title screen never needs)."""
    return "practice modes with no window: " + ", ".join(sorted(practice))


def practice_usage(practice: dict[str, PracticeMode]) -> str:
    """`practice --help`: the modes by the word that runs each (after `practice`, or after `sim`)."""
    lines = ["usage: couchcards practice MODE [options]   (or: couchcards sim MODE [options])", "",
             "A game's practice mode with no window.", "", "modes:"]
    lines += [f"  {name:<9} {mode.title()}" for name, mode in sorted(practice.items())]
    lines.append("'couchcards practice MODE --help' for each one's options.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    practice = practice_sims()
    # `sim practice` (the slap school) or `practice numbers` (the number school): a practice mode's sim
    if argv[:1] in (["sim"], ["practice"]) and len(argv) > 1 and argv[1] in practice:
        return int(practice[argv[1]].sim().main(argv[2:]) or 0)
    if argv[:1] == ["practice"]:  # no mode, or one no game offers: the modes, not the play options' error
        if argv[1:2] in ([], ["-h"], ["--help"]):
            print(practice_usage(practice))
            return 0 if argv[1:] else 2
        print(f"couchcards practice: unknown mode {argv[1]!r}; choose from {', '.join(sorted(practice))}",
              file=sys.stderr)
        return 2
    if argv and argv[0] in SUBCOMMANDS:
        module = importlib.import_module(SUBCOMMANDS[argv[0]][0])
        if argv[0] in GIVEN_THE_GAMES:
            return int(module.main(argv[1:], games=games.GAMES) or 0)
        return int(module.main(argv[1:]) or 0)
    return int(run(play_parser().parse_args(argv)) or 0)
