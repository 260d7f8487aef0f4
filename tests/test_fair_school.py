"""The slap school that teaches (issue 21, items 4-5): hits, correct rejections and false slaps apart; stars
need hits; the adaptive pace settles (pro < casual < kid); `sim practice` with --student none and a custom
student."""

from __future__ import annotations

import json
import statistics

import pytest

from game.games.ratscrew.school import sim

# The module's sessions (seconds of simulation) are made once: every test here on one worker (--dist loadgroup).
pytestmark = pytest.mark.xdist_group("fair_school")


@pytest.fixture(scope="module")
def sessions():
    return {student: sim.run(student, 400, "adaptive", 1) for student in ("kid", "casual", "pro", "none")}


def test_the_fields_are_reported_apart(sessions):
    r = sessions["casual"]
    for key in ("hits", "correct_rejections", "false_slaps", "stars_accuracy", "stars_speed", "pace_ms_trace"):
        assert key in r
    assert len(r["pace_ms_trace"]) == 400
    assert r["hits"] + r["correct_rejections"] == r["right"]


def test_pressing_nothing_earns_no_star(sessions):
    r = sessions["none"]
    assert (r["hits"], r["false_slaps"], r["stars_accuracy"], r["stars_speed"]) == (0, 0, 0, 0)
    assert r["correct_rejections"] > 0  # near misses left alone: right, but no star without hits


def test_the_pace_settles_within_15_percent_and_orders_the_students(sessions):
    means = {}
    for student in ("kid", "casual", "pro"):
        last = sessions[student]["pace_ms_trace"][-100:]
        mean = statistics.fmean(last)
        assert max(abs(x - mean) for x in last) <= 0.15 * mean, student
        means[student] = mean
    assert means["pro"] < means["casual"] < means["kid"]
    for student in ("casual", "pro"):
        assert 0.7 <= sessions[student]["hit_rate"] <= 0.95, student


def test_a_custom_student():
    r = sim.run("casual", 200, "adaptive", 2, reaction_ms=1300, near_miss_rate=0.4)
    assert r["student"] == "custom" and r["reaction_ms"] == 1300
    careful = sim.run("casual", 200, "adaptive", 2, reaction_ms=1300, near_miss_rate=0.0)
    assert r["false_slaps"] > careful["false_slaps"]
    with pytest.raises(ValueError, match="near-miss-rate"):
        sim.run("casual", 50, "adaptive", 2, near_miss_rate=1.5)


def test_sim_practice_on_the_command_line(capsys):
    assert sim.main(["--student", "none", "--cards", "60", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["student"] == "none" and out["stars_accuracy"] == 0
    assert sim.main(["--reaction-ms", "1300", "--near-miss-rate", "0.4", "--cards", "60"]) == 0
    assert "false slaps" in capsys.readouterr().out


def test_kid_words_for_a_right_slap_and_a_kind_pace_change():
    from game.games.ratscrew.school import text
    from game.games.ratscrew.school.feedback import Feedback
    from game.games.ratscrew.school.session import RIGHT, Judged

    assert text.praise("double", 450) == "Double! Lightning fast!"
    assert text.praise("double", 800) == "Double! Quick!"
    assert text.praise("double", 1400) == "Double! Got it!"
    fb = Feedback(1, lambda seat: "Mia")
    fb.on_events([Judged(0, RIGHT, "double", 450, (0, 1), 1)], 0)
    assert fb.banner.text == "Double! Lightning fast!" and "450 ms" in fb.seats[0].text  # the ms small beside
    assert "faster" in text.pace_changed(True) and "slower" in text.pace_changed(False)
