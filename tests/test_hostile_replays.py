"""A huge file in the replays folder (a log grown by a bug, a film someone saved there, a disk's garbage): the
replays list and the command line say it is too big in one line, without reading it whole, and list the
other games as ever; nothing on the disk changes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

from game import record, settings
from game.scenes.replays import entry_for, recent

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "ratscrew-seed-rules-two-humans.jsonl"


def huge(path: Path, size: int) -> Path:
    """A file of `size` bytes that starts as a real log (sparse: it takes no room on the disk)."""
    shutil.copy(GOLDEN, path)
    with open(path, "r+b") as f:
        f.truncate(size)
    return path


def test_a_file_four_times_the_limit_is_refused_in_one_line_having_read_no_more_than_the_limit(tmp_path):
    path = huge(tmp_path / "20250101-000000-000000-ratscrew.jsonl", 4 * record.MAX_BYTES)
    tracemalloc.start()
    try:
        entry = entry_for(path, None)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert entry.broken and "larger than 16 MB" in entry.detail and "\n" not in entry.detail
    assert peak < record.MAX_BYTES * 1.5  # the first 16 MB at most were read, not 64
    assert path.stat().st_size == 4 * record.MAX_BYTES


def test_the_replays_list_shows_the_good_games_beside_a_huge_file(tmp_path):
    good = tmp_path / "20250101-000000-000000-ratscrew.jsonl"
    shutil.copy(GOLDEN, good)
    big = huge(tmp_path / "20250102-000000-000000-ratscrew.jsonl", record.MAX_BYTES + 1)
    entries = recent(tmp_path)
    assert [e.path.name for e in entries] == [big.name, good.name]  # newest first
    assert entries[0].broken and "larger than" in entries[0].detail
    assert not entries[1].broken
    assert sorted(p.name for p in tmp_path.iterdir()) == [good.name, big.name]


def test_a_real_log_under_the_limit_is_read():
    """The limit is on the file's size, not on what a log can be: the golden log, under it, is read."""
    assert GOLDEN.stat().st_size < record.MAX_BYTES
    assert record.read_log(GOLDEN).footer["commands"] > 0


def test_the_command_line_refuses_a_huge_file_in_one_line_exit_2(tmp_path):
    path = huge(tmp_path / "big.jsonl", record.MAX_BYTES + 1)
    proc = subprocess.run([sys.executable, "-m", "game", "replay", str(path), "--verify"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 2 and proc.stdout == "" and proc.stderr.count("\n") == 1, proc
    assert "larger than 16 MB" in proc.stderr and "Traceback" not in proc.stderr


def test_a_replay_save_killed_half_way_leaves_nothing_after_the_next_game(tmp_path):
    """The temp file of a save a power cut stopped is removed when the next game is saved; one being written
    now by another copy of the game (fresh), and files that are not the game's, are left alone."""
    folder = record.replays_dir(tmp_path)
    folder.mkdir(parents=True)
    stale = folder / ".20250101-000000-000000-ratscrew.jsonl.4242.tmp"
    fresh = folder / ".20250101-000001-000000-nothanks.jsonl.4243.tmp"
    other = folder / ".notes.txt.1.tmp"
    for path in (stale, fresh, other):
        path.write_text('{"n": 0, "k": "hea')
    old = time.time() - 2 * settings.STALE_TEMP_S
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    saved = record.save_recent(record.read_log(GOLDEN).lines(), tmp_path)
    assert isinstance(saved, Path) and saved.exists()
    assert sorted(p.name for p in folder.iterdir()) == sorted([saved.name, fresh.name, other.name])
