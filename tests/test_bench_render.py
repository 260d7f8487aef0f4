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
