"""Issue 21, the slap school's untimed first step: "Is this a slap?" yes or no on real piles, the pattern said
in words a 7-year-old knows, before the timed drill; answered with the keyboard and with a pad; shown when
the pattern is new to a player here (a guest, or no star on the drill yet), skipped otherwise. And the
opening example never shows "Don't slap!" and "Slap to start!" together."""

from __future__ import annotations

import pytest
from support_app import OUT, make_app, press, save_png, top_name
from support_pads import tap
from test_school_scenes import overlapping, to_setup

from game import screens
from game.games.ratscrew.school import quiz as quiz_mod
from game.games.ratscrew.school import text
from game.games.ratscrew.school.drill import EX_CARD_MS, example_timeline, example_words
from game.games.ratscrew.school.drills import DRILLS, EXAMPLES, LADDER, near_miss, slappable
from game.input.virtualpad import VirtualPad
from game.render.text import TextRecorder


@pytest.mark.parametrize("drill", range(len(DRILLS)))
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_each_pile_is_real_half_make_the_pattern_half_only_almost(drill, seed):
    d = DRILLS[drill]
    qs = quiz_mod.questions(d, seed)
    assert len(qs) == quiz_mod.QUESTIONS and qs[0].slap
    assert sum(q.slap for q in qs) == sum(not q.slap for q in qs) == quiz_mod.QUESTIONS // 2
    for q in qs:
        assert 2 <= len(q.pile) <= 6 and len(set(q.pile)) == len(q.pile)  # one deck: no card twice
        if q.slap:
            assert slappable(q.pile, d.rules) == (d.newest, q.cells)
        else:
            assert slappable(q.pile, d.rules)[0] is None
            assert near_miss(q.pile, d.rules) == (d.newest, q.cells)
    assert [q.pile for q in quiz_mod.questions(d, seed)] == [q.pile for q in qs]  # seeded


def test_answers_count_then_the_quiz_is_done_and_passes_at_five_of_six():
    quiz = quiz_mod.Quiz(DRILLS[0], seed=5)
    quiz.next()  # nothing answered: stays
    assert quiz.index == 0
    for i, q in enumerate(list(quiz.items)):
        right = quiz.answer(q.slap if i else not q.slap)  # the first one wrong
        assert right == bool(i) and quiz.correct == bool(i)
        assert quiz.answer(q.slap) == bool(i)  # a second answer changes nothing
        quiz.next()
    assert quiz.done and quiz.right == 5 and quiz.passed
    quiz.again()
    assert (quiz.index, quiz.right, quiz.done, quiz.answered) == (0, 0, False, None)


def test_every_pattern_has_kid_words():
    for rule in LADDER:
        words = text.kid_words(rule)
        assert words and len(words) <= 40
    assert text.kid_words("double") == "Two cards the same"
    assert text.kid_words("sandwich") == "Same card with one between"


@pytest.mark.parametrize("rule", LADDER)
def test_the_example_never_says_dont_slap_and_slap_to_start_at_once(rule):
    pattern, near = EXAMPLES[rule]
    _, near_start, _, loop = example_timeline(len(pattern), len(near))
    said = [example_words(ms, len(pattern), len(near)) for ms in range(0, 2 * loop, 10)]
    assert not any(banner == "dont" and prompt for banner, prompt in said)
    assert any(banner == "slap" and prompt for banner, prompt in said)  # the prompt is there with the pattern
    assert any(banner == "dont" for banner, _ in said)
    assert example_words(near_start - 1, len(pattern), len(near))[1]
    assert not example_words(near_start + EX_CARD_MS, len(pattern), len(near))[1]


# -- on screen --------------------------------------------------------------------------------------
def quiz_texts(app) -> set[str]:
    with TextRecorder() as boxes:
        app.top.draw(app.screen, 0.0)
    assert not overlapping(boxes.drawn)
    return {text for _, text in boxes.drawn}


def answer_all(app, drill, keys: bool) -> None:
    """Answer each pile right: yes with the slap key (L-Shift), no with → then Enter; then Enter on."""
    for _ in range(len(drill.quiz.items)):
        q = drill.quiz.current
        if q.slap:
            press(app, "lshift")
        else:
            press(app, "right", "enter")
        assert drill.quiz.correct
        press(app, "enter")


def test_a_guest_gets_the_first_step_with_the_keyboard_then_the_timed_drill(tmp_path):
    app = make_app(tmp_path)
    to_setup(app)
    press(app, "enter")  # Start
    drill = app.top
    assert top_name(app) == "DrillScene" and drill.phase == "example" and drill.quiz is not None
    press(app, "enter")
    assert drill.phase == "quiz"
    texts = quiz_texts(app)
    assert {"Slap when you see: Two cards the same", "Is this a slap?", "Yes, slap!", "No slap",
            "Pile 1 of 6"} <= texts
    OUT.mkdir(parents=True, exist_ok=True)
    save_png(app.screen, OUT / "school_quiz_ask.png")
    q = drill.quiz.current
    press(app, "right", "enter")  # No: the first pile is a pattern, so that is wrong
    assert drill.quiz.answered is False and not drill.quiz.correct and q.slap
    texts = quiz_texts(app)
    assert "Look again: that one is a slap!" in texts and "Enter / A or L-Shift: next pile" in texts  # her slap key
    save_png(app.screen, OUT / "school_quiz_told.png")
    app.frames(200)  # untimed: the pile waits
    assert drill.phase == "quiz" and drill.quiz.index == 0 and drill.session.current is None
    press(app, "enter")
    assert drill.quiz.index == 1
    while not drill.quiz.done:
        q = drill.quiz.current
        press(app, "lshift") if q.slap else press(app, "right", "enter")
        assert drill.quiz.correct
        press(app, "enter")
    assert drill.quiz.right == 5 and drill.quiz.passed
    texts = quiz_texts(app)
    assert {"5 of 6 right", "Go to the drill", "Try again"} <= texts
    save_png(app.screen, OUT / "school_quiz_done.png")
    press(app, "enter")  # Go to the drill (focused when passed)
    assert drill.phase == "ready"


def test_try_again_deals_new_piles_and_backspace_leaves(tmp_path):
    app = make_app(tmp_path)
    to_setup(app)
    press(app, "enter", "enter")
    drill = app.top
    first = [q.pile for q in drill.quiz.items]
    for _ in range(len(first)):
        press(app, "enter", "enter")  # Yes each time: half wrong
    assert drill.quiz.done and not drill.quiz.passed
    assert drill.quiz_end.current.label == "Try again"
    press(app, "enter")
    assert drill.phase == "quiz" and not drill.quiz.done and [q.pile for q in drill.quiz.items] != first
    press(app, "back")
    assert top_name(app) == "SetupScene"


def test_again_from_the_stars_skips_the_first_step_and_a_starred_player_has_none(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    app = make_app(tmp_path)
    mia = app.history.create("Mia")
    app.history.record_practice(mia.id, game="ratscrew", drill="double", slaps=[("double", "right", 500.0)] * 5,
                                correct=5, decisions=5, length_ms=60_000)
    app.nav.push(screens.Title())
    app.nav.push(screens.Practice("ratscrew", "school", "drill", (DRILLS[0] and __import__(         "game.games.ratscrew.school.session", fromlist=["Options"]).Options(), 1), {"profiles": (mia.id,), "quiz": None}))
    assert app.top.quiz is None  # a star on the drill already: straight to the timed drill
    app.nav.push(screens.Practice("ratscrew", "school", "drill", (app.top.options, 1), {"profiles": (None,), "quiz": None}))
    assert app.top.quiz is not None  # a guest: the pattern is new
    app.stack.clear()
    app.history.close()


@pytest.mark.skipif(not VirtualPad.available(), reason="SDL's virtual joystick is out of reach")
def test_a_pad_answers_the_first_step(tmp_path, pads):
    from test_school_pad import to_setup as pad_setup

    app = make_app(tmp_path)
    pad = pads()
    pad_setup(app, pad)
    tap(app, pad, "a")  # Start (focused)
    drill = app.top
    assert drill.phase == "example"
    tap(app, pad, "a")
    assert drill.phase == "quiz"
    while not drill.quiz.done:
        q = drill.quiz.current
        if q.slap:
            tap(app, pad, "b")  # the slap button: yes (B did not leave the screen)
        else:
            tap(app, pad, "dpright")
            tap(app, pad, "a")
        assert top_name(app) == "DrillScene" and drill.quiz.correct
        tap(app, pad, "a")
    assert drill.quiz.passed
    tap(app, pad, "a")
    assert drill.phase == "ready"
