"""The strict-typing ratchet (`make check`, so CI): every module of game/ passes `mypy --strict` except those
pyproject.toml lists in its [[tool.mypy.overrides]] block with `ignore_errors = true`, a list that may only
shrink. mypy runs once over game/ with that block left out; this fails where

- a module outside the list has an error (plain `mypy` says so too),
- a listed module now passes (take it off the list: it stays strict from then on),
- the list is longer than MOST (a module added to it), or shorter (lower MOST to the new length), or not sorted.

Usage: python build/strict_ratchet.py"""

from __future__ import annotations

import re
import sys
import tempfile
import tomllib
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[1]
MOST = 0  # modules still outside strict: lower it as they leave the list, never raise it


def outside_strict(config: dict[str, object]) -> list[str]:
    """The modules the overrides excuse from mypy's errors (the ratchet's list)."""
    overrides = config.get("overrides", [])
    assert isinstance(overrides, list)
    found = [o for o in overrides if isinstance(o, dict) and o.get("ignore_errors") is True]
    if not found:
        return []  # every module is strict (issue 35's end: MOST is 0, so no block may come back)
    if len(found) != 1:
        raise SystemExit("pyproject.toml: expected one [[tool.mypy.overrides]] block with ignore_errors = true")
    modules = found[0]["module"]
    return [modules] if isinstance(modules, str) else list(modules)


def module_of(path: str) -> str:
    """game/a/b.py -> game.a.b; game/a/__init__.py -> game.a."""
    parts = Path(path).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def ini(config: dict[str, object]) -> str:
    """The [tool.mypy] settings but the overrides, as a mypy.ini."""
    lines = ["[mypy]"]
    for key, value in config.items():
        if key == "overrides":
            continue
        text = ", ".join(value) if isinstance(value, list) else str(value)
        lines.append(f"{key} = {text}")
    return "\n".join(lines) + "\n"


def main() -> int:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    listed = outside_strict(config)
    problems: list[str] = []
    if listed != sorted(listed):
        problems.append("the list of modules outside strict is not sorted")
    if len(listed) > MOST:
        problems.append(f"{len(listed)} modules are listed outside strict, more than {MOST}: none may be added")
    with tempfile.TemporaryDirectory() as tmp:
        cfg = Path(tmp) / "mypy.ini"
        cfg.write_text(ini(config), encoding="utf-8")
        out, err, status = api.run(["--config-file", str(cfg), "--cache-dir", str(ROOT / ".mypy_cache" / "ratchet")])
    if status not in (0, 1) or err.strip():
        print(out, err, sep="\n")
        return 2
    errors: dict[str, int] = {}
    for line in out.splitlines():
        hit = re.match(r"([^:]+\.py):\d+: error:", line)
        if hit:
            name = module_of(hit.group(1))
            errors[name] = errors.get(name, 0) + 1
    for name in sorted(set(errors) - set(listed)):
        problems.append(f"{name}: {errors[name]} mypy --strict errors, and it is not listed (fix them)")
        problems.extend(line for line in out.splitlines() if module_of(line.split(":")[0]) == name)
    for name in sorted(set(listed) - set(errors)):
        problems.append(f"{name} passes mypy --strict now: take it off the list in pyproject.toml (and lower MOST)")
    if not problems and len(listed) < MOST:
        problems.append(f"{len(listed)} modules are listed outside strict: lower MOST in build/strict_ratchet.py "
                        f"from {MOST} to {len(listed)}")
    for problem in problems:
        print(problem)
    total = sum(errors.values())
    print(f"strict ratchet: {len(listed)} modules outside strict ({total} errors in them)"
          + ("" if not problems else "; FAILED"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
