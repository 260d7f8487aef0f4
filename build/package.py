"""Turn this system's build into the file a release offers (python build/package.py --out dist):
couchcards.exe (Windows), Couch-Cards-macOS.zip (the .app, zipped with ditto so its links and
signature survive), couchcards-linux-x86_64. Prints the file's SHA-256.

`--check-tag v1.2.3` only checks that a release tag names pyproject.toml's version (exit 1 if not).
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from targets import target
from versioning import project_version

from build import product


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def check_tag(tag: str) -> str | None:
    """None if `tag` is "v" + pyproject.toml's version, else what is wrong."""
    want = f"v{project_version()}"
    return None if tag == want else f"the tag {tag!r} does not match pyproject.toml's version: tag {want!r}"


def package(out: Path, platform: str = sys.platform) -> Path:
    built = target(platform)
    source = product(platform)
    if not source.exists():
        raise FileNotFoundError(f"nothing built at {source}; run python build/build.py first")
    out.mkdir(parents=True, exist_ok=True)
    dest = out / built.release_asset
    dest.unlink(missing_ok=True)
    if built.app_bundle:
        # ditto keeps the bundle's symbolic links and extended attributes (zip -r would copy the links' targets).
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(source), str(dest)], check=True)
    else:
        shutil.copy2(source, dest)
    return dest


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="package.py", description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=Path("dist"), help="folder for the release file (default dist)")
    p.add_argument("--check-tag", metavar="TAG", help="only check that TAG is v<pyproject version>")
    args = p.parse_args(argv)
    if args.check_tag is not None:
        problem = check_tag(args.check_tag)
        if problem:
            print(f"package: {problem}", file=sys.stderr)
            return 1
        print(f"package: {args.check_tag} matches pyproject.toml")
        return 0
    try:
        dest = package(args.out)
    except (OSError, subprocess.CalledProcessError) as exc:
        print(f"package: {exc}", file=sys.stderr)
        return 1
    print(f"{sha256(dest)}  {dest.name}  ({dest.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
