"""The render bench's measuring parts run (on a few frames) and give sane figures."""

from __future__ import annotations

from game.bench import render


def test_frame_times_are_table_frames_with_positive_costs():
    times, _ = render.frame_times(frames=40, seats=4, seed=3, size=(640, 360))
    assert len(times) == 40
    assert all(0 < t < 1000 for t in times)


def test_percentile():
    values = list(range(1, 101))
    assert render.percentile(values, 99) == 99
    assert render.percentile(values, 50) in (50, 51)
    assert render.percentile([5.0], 99) == 5.0


def test_present_timing_child_times_every_band_of_every_frame(capsys):
    import json

    assert render.present_child("x11-shm", 5) == 0  # on the dummy driver: its own framebuffer, in bands
    got = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert got["driver"] == "dummy" and got["bands"] > 1
    assert len(got["whole"]) == 5 and len(got["calls"]) == 5 * got["bands"]
    assert all(0 <= c <= w for c, w in zip(got["calls"], [w for w in got["whole"] for _ in range(got["bands"])],
                                            strict=True))


def test_the_peak_memory_of_a_start_is_the_games_own_not_the_bench_processes():
    """A child forked from the bench keeps the bench's peak in its ru_maxrss: the game says its own peak
    (peak-rss-kb, Linux's VmHWM) and the bench reads that."""
    import sys

    from game.app import own_peak_kb
    from game.bench import render as bench_render

    if sys.platform.startswith("linux"):
        peak = own_peak_kb()
        assert peak is not None and peak > 1000  # this process: more than a megabyte, in kB
    # A child that says 50 MB: its ru_maxrss would be this test process's peak (far more, with pygame and the
    # game loaded), so 50 is the child's word.
    child = [sys.executable, "-c",
             "import sys; print('first-frame-wall 1.0', file=sys.stderr); print('peak-rss-kb 51200', file=sys.stderr)"]
    _, rss = bench_render.first_frame(child, 1)
    assert rss == [50.0]


def test_each_frame_says_its_cpu_time_and_the_caches_that_missed_in_it():
    misses: list[dict[str, int]] = []
    cpu: list[float] = []
    times, _ = render.frame_times(frames=30, seats=4, seed=3, size=(640, 360), misses=misses, cpu=cpu)
    assert len(misses) == len(cpu) == len(times) == 30
    assert all(0 < c for c in cpu)
    assert sum(cpu) <= sum(times) * 1.05 + 1  # a thread's CPU time never runs ahead of the clock on the wall
    assert all(n > 0 for frame in misses for n in frame.values())  # only the caches that missed


def test_cache_misses_are_counted_by_the_caches_name():
    from game.render.cache import LRU, Bound

    before = render.cache_misses().get("test bench words", 0)
    words: LRU[str] = LRU("test bench words", Bound(fixed=2**16))
    words["a"] = "a"
    assert words.get("a") == "a" and words.get("b") is None and words.get("c") is None
    assert render.cache_misses()["test bench words"] - before == 2


def test_the_slowest_frames_are_listed_slowest_first_with_their_misses():
    listed = render.slowest([1.0, 9.5, 3.25, 7.0], [{}, {"fonts": 3, "felt": 1}, {}, {}], 2)
    assert listed.splitlines() == ["the 2 slowest frames:", "  frame 1: 9.50 ms, missed: fonts 3, felt 1",
                                   "  frame 3: 7.00 ms, missed: -"]
