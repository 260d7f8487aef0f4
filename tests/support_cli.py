"""Running a command-line entry point (`module.main(argv)`) in-process and reading what it printed."""

from __future__ import annotations


def run_main(module, capsys, *argv: str, **given) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `module.main(argv, **given)` (`given`: what the command line hands a
    module that imports no game, e.g. games=the registry's); an argparse exit counts as its code."""
    try:
        code = module.main(list(argv), **given)
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err
