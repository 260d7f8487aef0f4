"""`python -m game bench memory --soak MINUTES`: its options are checked before anything opens, its figures
are read the way the issue asks (the plateau is the peak of the second half, its growth the last quarter's
peak against the third's), and a very short soak prints every part of its report."""

from __future__ import annotations

import pytest

from game.bench import memory


@pytest.mark.parametrize("argv, says", [
    (["--soak", "0"], "--soak must be more than 0"),
    (["--soak", "1", "--every", "-3"], "--every must be more than 0"),
    (["--soak", "1", "--size", "12x7"], "--size must be at least"),
    (["--soak", "1", "--settle", "-1"], "--settle must be 0 or more"),
])
def test_bad_soak_options_get_one_line_and_exit_2(argv, says, capsys):
    with pytest.raises(SystemExit) as stop:
        memory.main(argv)
    assert stop.value.code == 2 and says in capsys.readouterr().err


def test_the_plateau_is_the_second_halfs_peak_and_growth_compares_its_quarters():
    mb = memory.MB
    # 30 minutes, a sample a minute: one game's tables at 100 MB, the other's at 110, taking turns.
    flat = [(60.0 * m, (110 if m % 2 else 100) * mb) for m in range(1, 31)]
    assert memory.plateau_and_growth(flat, 30) == (110 * mb, 110 * mb, 110 * mb)
    creeping = [(t, rss + round(t) * 1000) for t, rss in flat]  # 1 kB more every second: 1.8 MB over 30 min
    plateau, third, last = memory.plateau_and_growth(creeping, 30)
    assert plateau == last > third and 0.002 < last / third - 1 < 0.02  # 0.48 MB more: +0.4 %


@pytest.mark.slow
def test_a_short_soak_reports_the_curve_the_storm_and_the_owners(capsys, monkeypatch):
    monkeypatch.setattr(memory, "STORM_SIZES", 3)
    monkeypatch.delenv("DISPLAY", raising=False)
    code = memory.main(["--soak", "0.1", "--step", "2", "--every", "2", "--settle", "0.5"])
    out = capsys.readouterr().out
    assert code == 0
    for part in ("RSS curve (MB; ", "plateau (the most over the second half) at 1280x720", "growth over the second half",
                 "after a storm of 3 window sizes and F11 twice", "biggest bounded caches", "card faces",
                 "pictures by owner"):
        assert part in out, part
