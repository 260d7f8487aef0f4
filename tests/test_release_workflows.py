"""The GitHub workflows: actionlint (installed by the `lint` extra, run by .ci/run through `make lint`)
passes them and fails a broken one; the release workflow builds and smoke-tests on Windows, macOS and
Linux and publishes the files with their SHA-256 checksums; the CI workflow runs .ci/run."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"


def actionlint() -> str:
    found = Path(sys.executable).parent / "actionlint"
    path = str(found) if found.exists() else shutil.which("actionlint")
    if path is None:
        pytest.fail("actionlint is not installed: pip install -e '.[lint]' (make does)")
    return path


def lint(*files: Path) -> subprocess.CompletedProcess:
    return subprocess.run([actionlint(), "-no-color", "-oneline", *map(str, files)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)


def test_the_workflows_pass_actionlint():
    files = sorted(WORKFLOWS.glob("*.yml"))
    assert {f.name for f in files} == {"ci.yml", "release.yml"}
    proc = lint(*files)
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.parametrize("breakage, message", [
    (("runs-on: ${{ matrix.os }}", "runs-on: windows-lates"), "label \"windows-lates\" is unknown"),
    (("needs: build", "needs: biuld"), "needs job \"biuld\" which does not exist"),
    (("startsWith(github.ref, 'refs/tags/v')", "startsWith(github.ref 'refs/tags/v')"), "expecting"),
    (("actions/upload-artifact@v6", "actions/upload-artifact@v3"), "retired"),
    (("          name: couchcards-", "          nmae: couchcards-"), "input \"nmae\" is not defined"),
])
def test_a_broken_workflow_fails_actionlint(tmp_path, breakage, message):
    old, new = breakage
    text = (WORKFLOWS / "release.yml").read_text()
    assert old in text
    broken = tmp_path / ".github" / "workflows" / "release.yml"
    broken.parent.mkdir(parents=True)
    broken.write_text(text.replace(old, new, 1))
    proc = lint(broken)
    assert proc.returncode == 1 and message in proc.stdout, proc.stdout + proc.stderr


def test_ci_lints_the_workflows_before_the_tests_and_the_smoke_test():
    run = (ROOT / ".ci" / "run").read_text()
    steps = [line.strip() for line in run.splitlines() if line.strip().startswith("make ")]
    # check: ruff, mypy and its ratchet; then every test: the README's command (the slow ones left out, as the
    # pyproject's addopts say) and the slow ones, as the README says to run them
    assert steps == ["make lint", "make check", "make test", 'make test ARGS="-m slow"', "make smoke"]
    assert "-m 'not slow'" in tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"][
        "addopts"]
    readme = (ROOT / "README.md").read_text()
    assert "make test     # sets up .venv on first use, then runs the tests" in readme
    assert 'make test ARGS="-m slow"' in readme
    assert "set -euo pipefail" in run  # a failing lint stops CI
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^lint: \$\(STAMP\)\n\t\$\(BIN\)/actionlint", makefile, re.MULTILINE)
    assert "lint]'" in makefile  # the venv make builds installs the lint extra
    assert re.search(r"^check: .*\n(\t.*\n)*\t\$\(BIN\)/python build/strict_ratchet.py$", makefile, re.MULTILINE)
    ci = (WORKFLOWS / "ci.yml").read_text()
    assert "push:" in ci and "run: bash .ci/run" in ci


def test_the_release_builds_and_smoke_tests_on_all_three_systems_and_publishes_checksums():
    text = (WORKFLOWS / "release.yml").read_text()
    assert re.search(r"on:\n  push:\n    tags: \[\"v\*\"\]", text)
    runners = re.findall(r"- os: (\S+)", text)
    assert [r.split("-")[0] for r in runners] == ["windows", "macos", "ubuntu"]
    build_job = text.split("\n  release:")[0]
    for step in ("python build/build.py", "python build/smoke.py", "python build/package.py --out dist",
                 'python build/package.py --check-tag "$GITHUB_REF_NAME"'):
        assert f"run: {step}" in build_job
    assert build_job.index("build/build.py") < build_job.index("build/smoke.py") < build_job.index("package.py --out")
    release = text.split("\n  release:")[1]
    assert "needs: build" in release and "contents: write" in release
    assert "sha256sum -- * > SHA256SUMS.txt" in release and "gh release create" in release
