"""bench latency's sound way: when the disk audio driver wrote each buffer, and each cue's first sample."""

from __future__ import annotations

import array
import sys
import time

from game.bench.latency import DiskWatch, first_sounds

MS = 1_000_000


def watch(sizes: list[int], times_ms: list[float], tmp_path) -> DiskWatch:
    return DiskWatch([round(t * MS) for t in times_ms], sizes)


def test_a_buffer_is_dated_from_the_growth_that_came_after_it(tmp_path):
    """stdio writes 4 kB out when the next buffer comes: the growth to 8192 came with the 9th 1 kB
    buffer (at 92 ms), so the 5th buffer (bytes 4096-5119) was written four buffers' time before."""
    w = watch([0, 4096, 8192, 12288], [0, 46, 92, 138], tmp_path)
    assert w.written_at(5000, 1024) == 46 * MS
    assert w.written_at(8191, 1024) == round(92 * MS - 11.5 * MS)
    assert w.written_at(20000, 1024) is None  # never written
    assert w.written_by(50 * MS, 1024) == 5 * 1024  # the 5th buffer at 46 ms; the 6th at 57.5 ms
    assert w.written_by(-1, 1024) == 0


def test_each_cue_is_found_after_its_own_press(tmp_path):
    samples = array.array("h", [0] * 6144)  # 12 kB of 16-bit stereo silence
    samples[2500] = 900  # byte 5000: a cue in the 5th buffer
    samples[4500] = -3  # byte 9000: the next cue, however quiet
    if sys.byteorder == "big":
        samples.byteswap()
    w = watch([0, 4096, 8192, 12288, 16384], [0, 46, 92, 138, 184], tmp_path)
    # The third press has no cue after it (none is borrowed from before it).
    found = first_sounds(samples.tobytes(), w, [40 * MS, 85 * MS, 140 * MS], 22050, 2, 256, within_s=0.1)
    assert found == [6.0, 7.0]
    # Searched only `within_s` of audio after the press: the first cue is 45 ms of audio after a press at 0.
    assert first_sounds(samples.tobytes(), w, [0], 22050, 2, 256, within_s=0.04) == []
    assert first_sounds(samples.tobytes(), w, [0], 22050, 2, 256, within_s=0.05) == [46.0]


def test_the_watcher_notes_each_growth_of_the_file(tmp_path):
    path = tmp_path / "mixer.raw"
    with DiskWatch.of(path) as watched:
        notes = path.with_name(path.name + ".growths")
        deadline = time.monotonic() + 60
        while not (notes.exists() and notes.read_text()) and time.monotonic() < deadline:
            time.sleep(0.01)  # the watcher has started: it noted the file's first size (none yet: 0)
        for _ in range(3):
            with path.open("ab") as out:
                out.write(bytes(4096))
            time.sleep(0.05)
        time.sleep(0.1)
    (found,) = watched
    assert found.sizes == [0, 4096, 8192, 12288]
    assert found.times == sorted(found.times) and found.times[-1] <= time.perf_counter_ns()
