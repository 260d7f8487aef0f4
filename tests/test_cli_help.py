"""The command line's --help says what there is: every subcommand, every benchmark and practice mode it
runs, and each benchmark's description whole (not its docstring's first line, cut mid-sentence)."""

from __future__ import annotations

import importlib
import re

import pytest
from support_cli import run_main

from game import cli, games
from game.argtypes import lead
from game.bench import BENCHES


def one_line(text: str) -> str:
    return " ".join(text.split())


def test_the_play_help_names_every_subcommand_benchmark_and_practice_mode(capsys):
    code, out, _ = run_main(cli, capsys, "--help")
    assert code == 0
    epilog = one_line(out.split("Subcommands:", 1)[1])
    for name in (*cli.SUBCOMMANDS, "practice"):
        assert f"'{name} --help'" in epilog
    assert "benchmarks: " + ", ".join(BENCHES) in epilog
    modes = cli.practice_sims()
    assert modes  # the slap school and the number school
    assert "'practice --help': practice modes with no window: " + ", ".join(sorted(modes)) in epilog


def test_every_play_option_says_what_it_does_and_its_default():
    parser = cli.play_parser()
    for action in parser._actions:
        assert action.help, action.option_strings
    text = one_line(parser.format_help())
    assert "--size SIZE window size, WIDTHxHEIGHT (default 1280x720)" in text
    assert parser.parse_args([]).size == "1280x720"


@pytest.mark.parametrize("argv", [["practice"], ["practice", "--help"], ["practice", "-h"]])
def test_practice_without_a_mode_lists_the_modes(capsys, argv):
    code, out, err = run_main(cli, capsys, *argv)
    assert code == (2 if argv == ["practice"] else 0)
    assert out.startswith("usage: couchcards practice MODE") and err == ""
    for name, mode in cli.practice_sims().items():
        assert re.search(rf"^  {name} +{re.escape(mode.title())}$", out, re.MULTILINE), out


def test_an_unknown_practice_mode_is_one_line_naming_the_modes(capsys):
    code, out, err = run_main(cli, capsys, "practice", "spelling")
    assert code == 2 and out == ""
    assert err.strip() == ("couchcards practice: unknown mode 'spelling'; choose from "
                           + ", ".join(sorted(cli.practice_sims())))


def test_every_practice_mode_runs_after_practice_and_after_sim(capsys):
    for name in cli.practice_sims():
        for word in ("practice", "sim"):
            code, out, _ = run_main(cli, capsys, word, name, "--help")
            assert code == 0 and re.match(rf"usage: couchcards (sim|practice) {name} ", out), out


def test_the_sim_help_lists_the_sim_only_levels_too(capsys):
    code, out, _ = run_main(cli, capsys, "sim", "--help")
    assert code == 0
    text = one_line(out)
    for definition in games.all_games():
        assert f"{definition.title()}: {', '.join((*definition.bot_levels, *definition.sim_levels))}" in text
    assert "'couchcards practice --help'" in text


@pytest.mark.parametrize("name", sorted(BENCHES))
def test_each_benchmark_help_gives_its_whole_first_paragraph(capsys, name):
    module = importlib.import_module(BENCHES[name][0])
    code, out, _ = run_main(cli, capsys, "bench", name, "--help")
    assert code == 0
    description = one_line(out.split("\n\n", 1)[1])
    paragraph = lead(module.__doc__)
    assert description.startswith(paragraph)
    assert paragraph.endswith((".", ")")), paragraph  # a sentence, not a line cut where the docstring wrapped


def test_lead_joins_the_first_paragraph():
    assert lead("First line\n  wraps here.\n\nSecond paragraph.") == "First line wraps here."
    assert lead(None) == ""
