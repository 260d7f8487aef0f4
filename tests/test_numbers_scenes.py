"""Issue 39, the number school on screen: reached from the No Thanks lobby ("Learn the numbers…") and the
choose-game screen, played with the keys and with a pad (SDL's virtual joystick), a remembered player's
round kept and a guest's not, the next step opening at two stars, a paced question running out of time,
"Play it" opening a No Thanks table with the deck, the teaching aid on and easy bots, and the player's
stats leading to the parent's summary."""

from __future__ import annotations

import pygame
import pytest
from support_app import focus, press, top_name
from support_numbers import keep
from support_pads import device, tap
from test_school_pad import to_setup

from game import screens
from game.games.nothanks.school import mastery
from game.games.nothanks.school import questions as qs
from game.games.nothanks.school.round import PACE_START_MS, Options
from game.i18n import t
from game.input.virtualpad import VirtualPad
from game.render.text import TextRecorder
from game.scenes.lobby import LobbyScene
from game.scenes.title import TitleScene

PAD_KEYS = {"left": "dpleft", "right": "dpright", "up": "dpup", "down": "dpdown", "enter": "a"}


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    """Each test's own history (conftest's `app` opens it from here)."""
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))


def keys_for(scene, wrong: bool = False) -> list[str]:
    """The keys that answer the lesson's current question (rightly, or with a wrong answer)."""
    q = scene.round.current
    how = scene.round.step.answer
    if how == "side":
        place = q.choices.index(q.answer)
        return ["right" if (place == 1) != wrong else "left"]
    if how == "pick":
        place = (q.choices.index(q.answer) + (1 if wrong else 0)) % len(q.choices)
        return ["right"] * place + ["enter"]
    goal = q.answer + (1 if wrong else 0)
    rows, ones = divmod(goal - scene.dial, q.ranks_per_suit)
    return ["right"] * rows + ["up"] * ones + ["enter"]


def play_round(app, press_keys, wrong: int = 0) -> None:
    """Answer every question of the lesson on top (the first `wrong` wrongly), going on after each."""
    scene = app.top
    while scene.menu is None:
        press_keys(*keys_for(scene, wrong=len(scene.round.answers) < wrong))
        assert scene.round.answered is not None
        press_keys("enter")


def test_the_no_thanks_lobby_opens_the_school_and_a_remembered_child_keeps_a_round(app):
    mia = app.history.create("Mia")
    app.push(TitleScene())
    app.push(LobbyScene("nothanks"))
    app.frames(2)
    focus(app, t("Learn the numbers…"))
    press(app, "enter")
    setup = app.top
    assert top_name(app) == "SetupScene" and setup.options.profile is None
    assert setup.best is None and all(setup.is_open(i) for i in range(len(qs.STEPS)))  # a guest: every step
    focus(app, t("Who plays"))
    press(app, "right")
    assert setup.options.profile == mia.id
    assert [setup.is_open(i) for i in range(3)] == [True, False, False]  # Mia: the first step only
    focus(app, t("Start"))
    press(app, "enter")
    lesson = app.top
    assert top_name(app) == "LessonScene" and lesson.round.limit_ms is None  # new: untimed
    play_round(app, lambda *k: press(app, *k), wrong=1)
    assert lesson.round.right == qs.QUESTIONS - 1 and lesson.round.stars == 2
    assert lesson.menu.current.label == t("Next step")  # two stars open the next step
    app.history.flush()
    kept = app.history.practice(mia.id, mastery.GAME, mastery.KIND)
    assert [k.drill for k in kept] == ["more_suit@9"] and kept[0].correct == qs.QUESTIONS - 1
    press(app, "enter")  # Next step
    assert lesson.round.step_id == "more_across" and lesson.menu is None
    press(app, "back")  # mid-round: a pause, and its last item leaves
    assert app.top is lesson and lesson.paused_at is not None
    press(app, "down", "down", "enter")
    assert app.top is setup and setup.options.step == 1 and setup.is_open(1) and not setup.is_open(2)
    assert setup.step_stars(0) == 2


def test_a_guest_plays_every_kind_but_nothing_is_kept(app):
    app.push(TitleScene())
    for step in range(len(qs.STEPS)):
        app.nav.push(screens.Practice("nothanks", "numbers", "lesson", (Options(step=step, ranks_per_suit=7),)))
        app.frames(2)
        lesson = app.top
        play_round(app, lambda *k: press(app, *k))
        assert lesson.round.stars == 3, qs.STEPS[step].id
        assert lesson.menu.items[2].enabled()  # mastered this round: Play it offered
        app.pop()
    assert app.history.profiles == [] or all(
        app.history.practice(p.id, mastery.GAME, mastery.KIND) == [] for p in app.history.profiles)


def test_a_known_step_is_paced_and_a_question_whose_time_runs_out_is_missed(app):
    mia = app.history.create("Mia")
    keep(app, mia.id, "more_suit", 10)
    app.push(TitleScene())
    app.nav.push(screens.Practice("nothanks", "numbers", "lesson", (Options(step=0, profile=mia.id),)))
    app.frames(2)
    lesson = app.top
    assert lesson.round.limit_ms == PACE_START_MS
    app.frames(PACE_START_MS * 60 // 1000 + 10)
    assert lesson.round.answered is not None and lesson.round.answered.outcome == "missed"
    press(app, "left")  # too late: nothing changes
    assert lesson.round.right == 0 and lesson.round.limit_ms > PACE_START_MS  # and the pace is gentler


def test_esc_mid_lesson_pauses_it_and_go_on_keeps_the_answers_and_the_questions_time(app):
    """Issue: Esc (or a pad's B / Start) left the lesson at once: a child's stray press lost it. As in the slap
    school's drill, it pauses: Go on carries on at the same question with the answers so far, the paced time
    standing still meanwhile; Back to setup leaves."""
    mia = app.history.create("Mia")
    keep(app, mia.id, "more_suit", 10)  # a known step: paced
    app.push(TitleScene())
    setup = app.top
    app.nav.push(screens.Practice("nothanks", "numbers", "lesson", (Options(step=0, profile=mia.id),)))
    app.frames(2)
    lesson = app.top
    press(app, *keys_for(lesson), "enter")  # one question answered
    assert len(lesson.round.answers) == 1 and lesson.round.answered is None
    press(app, "esc")
    assert app.top is lesson and lesson.paused_at is not None
    assert lesson.pause_menu.current.label == t("Go on")
    with TextRecorder(app.screen) as words:
        app.frames(PACE_START_MS * 60 // 1000 + 10)  # longer than the question's time
    assert t("Paused") in [text for _, text in words.drawn]
    assert lesson.round.answered is None and len(lesson.round.answers) == 1  # the time stood still
    press(app, "enter")  # Go on
    assert app.top is lesson and lesson.paused_at is None and len(lesson.round.answers) == 1
    press(app, *keys_for(lesson))
    assert lesson.round.answered is not None and lesson.round.answered.outcome == "right"
    press(app, "enter", "esc", "down", "down", "enter")  # Back to setup
    assert app.top is setup


@pytest.mark.skipif(not VirtualPad.available(), reason="SDL's virtual joystick is out of reach")
def test_a_pads_start_or_b_mid_lesson_pauses_it_and_start_goes_on(app, pads):
    pad = pads()
    app.frames(3)
    app.push(TitleScene())
    app.nav.push(screens.Practice("nothanks", "numbers", "lesson", (Options(step=0, ranks_per_suit=7),)))
    app.frames(2)
    lesson = app.top
    for button in ("start", "b"):
        tap(app, pad, "a" if lesson.round.step.answer != "side" else PAD_KEYS[keys_for(lesson)[0]])
        asked = lesson.round.index
        tap(app, pad, button)
        assert app.top is lesson and lesson.paused_at is not None, button
        tap(app, pad, "start")  # Start again: on with the lesson
        assert app.top is lesson and lesson.paused_at is None and lesson.round.index == asked
        tap(app, pad, "a")  # on to the next question
    tap(app, pad, "b")
    tap(app, pad, "dpdown")
    tap(app, pad, "a")  # Start over: a new round
    assert app.top is lesson and lesson.paused_at is None and lesson.round.answers == []


def test_play_it_opens_a_no_thanks_table_with_the_deck_the_teaching_aid_and_easy_bots(app):
    app.settings["teaching_aid"] = False
    app.push(TitleScene())
    app.nav.push(screens.Practice("nothanks", "numbers", "lesson", (Options(step=2, ranks_per_suit=7, suit_order=("S", "H", "D", "C")),)))
    app.frames(2)
    play_round(app, lambda *k: press(app, *k))
    focus(app, t("Play it"))
    press(app, "enter")
    table = app.top
    assert table.config.game == "nothanks"
    assert table.config.rules.ranks_per_suit == 7 and table.config.rules.suit_order == ("S", "H", "D", "C")
    assert [(s.kind, s.level) for s in table.config.seats] == [("human", None), ("bot", "easy"), ("bot", "easy")]
    assert app.settings["teaching_aid"] is True and table.view.teaching_aid


def keystroke(key: int, text: str = "") -> None:
    """What SDL sends for one key stroke while the keyboard types: KEYDOWN, the TEXTINPUT it types, KEYUP."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=text, scancode=0))


def type_number(app, n: int, keypad: bool = False) -> None:
    """Type `n`'s digits on the number row (or the keypad), one stroke a frame pair."""
    for digit in str(n):
        keystroke(getattr(pygame, f"K_KP_{digit}" if keypad else f"K_{digit}"), digit)
        app.frames(2)


def test_a_dialled_worth_can_be_typed_on_the_number_row_or_the_keypad(app):
    app.push(TitleScene())
    app.nav.push(screens.Practice("nothanks", "numbers", "lesson", (Options(step=qs.STEP_IDS.index("worth_dial")),)))
    app.frames(2)
    lesson = app.top
    assert app.input.text_input  # the keyboard types on a dial step
    q = lesson.round.current
    wrong = q.answer + 1 if q.answer < 10 else q.answer - 1
    type_number(app, wrong)
    assert lesson.typed == str(wrong) and lesson.dial == wrong and lesson.round.answered is None
    press(app, "back")  # Backspace takes the last digit back (the lesson stays)
    assert app.top is lesson and lesson.typed == str(wrong)[:-1]
    if lesson.typed:
        press(app, "back")
    assert lesson.typed == ""
    press(app, "enter")  # nothing typed: no answer yet
    assert lesson.round.answered is None
    type_number(app, q.answer, keypad=True)
    assert lesson.dial == q.answer
    shot = pygame.Surface(app.size)
    lesson.draw(shot, 0.0)
    assert f"{q.answer}_" in [s for _, s, _ in lesson.words.drawn]  # shown as typed
    press(app, "enter")
    assert lesson.round.answered is not None and lesson.round.answered.outcome == "right"
    press(app, "enter")  # on to the next question, which a pad's dial (the arrows) still answers
    assert lesson.round.index == 1 and lesson.typed is None
    q = lesson.round.current
    type_number(app, 99)  # more digits than the deck's biggest number has: the third is not taken
    type_number(app, 9)
    assert lesson.typed == "99"
    press(app, "up")  # the arrows dial on from the typed number
    assert lesson.typed is None and lesson.dial == q.rules.deck_size
    press(app, "esc")  # a pause (the arrows work its menu; Enter picks): Back to setup
    assert top_name(app) == "LessonScene" and lesson.paused_at is not None
    press(app, "down", "down", "enter")
    assert top_name(app) == "TitleScene"


def test_the_choose_screen_and_the_stats_lead_to_the_school_and_its_summary(app):
    mia = app.history.create("Mia")
    keep(app, mia.id, "more_suit", 10)
    app.nav.push(screens.Title())
    app.nav.push(screens.Choose())
    app.frames(2)
    assert ("nothanks", "numbers") in [(e.game, e.mode) for e in app.top.entries]
    app.nav.push(screens.Stats(mia.id))
    app.frames(2)
    focus(app, t("{title}: progress…", title=t("Number school")))
    press(app, "enter")
    summary = app.top
    assert top_name(app) == "SummaryScene" and summary.summary.mastered == [("more_suit", 9)]


@pytest.mark.skipif(not VirtualPad.available(), reason="SDL's virtual joystick is out of reach")
def test_a_child_with_a_pad_reaches_the_school_and_plays_a_round(app, pads):
    pad = pads()
    app.frames(3)
    to_setup(app, pad, ("nothanks", "numbers"))
    for _ in range(4):  # up from Start to Step
        tap(app, pad, "dpup")
    assert app.top.menu.current.label == t("Step")
    for _ in range(4):  # the fifth step, "Is it a run?" (a guest has every step open)
        tap(app, pad, "dpright")
    assert app.top.options.step_id == "run"
    for _ in range(4):  # down to Start (Progress… is for remembered players)
        tap(app, pad, "dpdown")
    assert app.top.menu.current.label == t("Start")
    tap(app, pad, "a")
    lesson = app.top
    assert top_name(app) == "LessonScene"
    play_round(app, lambda *k: [tap(app, pad, PAD_KEYS[key]) for key in k])
    assert lesson.round.stars == 3 and lesson.device == device(pad)
    tap(app, pad, "b")
    assert top_name(app) == "SetupScene"


def test_the_stats_and_the_slap_schools_summary_show_the_number_schools_mastered_steps(app):
    mia = app.history.create("Mia")
    ben = app.history.create("Ben")
    keep(app, mia.id, "more_suit", 10)
    keep(app, mia.id, "more_across", 10)
    keep(app, mia.id, "worth_pick", 8)  # two stars: open, not mastered
    keep(app, mia.id, "more_suit", 10, k=7)
    mastered = t("Number school, mastered: {list}", list="; ".join([
        t("step {steps} ({k} a suit)", steps="1", k=7), t("steps {steps} ({k} a suit)", steps="1, 2", k=9)]))
    nothing = t("Number school: nothing mastered yet")
    app.nav.push(screens.Title())
    app.nav.push(screens.Stats(mia.id))
    app.frames(2)
    stats = app.top
    assert stats.progress_lines == [mastered]
    room = stats.progress_room
    # on the bottom row, left of the buttons and under the charts, two lines at most
    assert room.right <= min(r.x for r in stats.menu.rects[-2:]) and stats.hist_rect.bottom < room.y  # (Export, Players)
    assert all(len(lines) <= 2 for _, lines in stats.progress_wrapped)
    press(app, "right")  # Ben: nothing yet
    assert stats.profile_id == ben.id and stats.progress_lines == [nothing]
    app.nav.push(screens.Practice("ratscrew", "school", "summary", (mia.id,)))
    app.frames(2)
    summary = app.top
    assert summary._notes()[-1][0] == mastered
    assert mastered in " ".join(s for _, s, _ in summary.words.drawn)  # whole (wrapped at a space), never cut
    press(app, "right")
    assert summary.profile_id == ben.id and summary._notes()[-1][0] == nothing


def test_the_schools_hints_name_a_playstation_pads_buttons(app, pads, monkeypatch):
    """Found playing: with only a PS5 pad connected the number school said "Enter / A: next" and "Backspace / B
    back" (the Xbox words); its hints name the connected pads' buttons as the rest of the game does."""
    import support_numbers
    from support_pads import PLAYSTATION
    from test_access_screens import recording

    made = support_numbers.player

    def one_player(a) -> int:  # one remembered player for the five screens
        known = a.history.by_name(support_numbers.LONG)
        return known.id if known is not None else made(a)

    monkeypatch.setattr(support_numbers, "player", one_player)
    pads(PLAYSTATION, "Wireless Controller")
    app.frames(2)
    for build, words in ((support_numbers.setup, "Enter / \u2715 select   Tab / Options start   Backspace / \u25cb back"),
                         (lambda a: support_numbers.lesson(a, "worth_pick"), "Enter / \u2715: that's it"),
                         (lambda a: support_numbers.lesson(a, "more_suit", answered=True), "Enter / \u2715: next"),
                         (support_numbers.end, "Enter / \u2715 select"),
                         (support_numbers.summary, "Esc / \u25cb back")):
        app.stack.clear()
        build(app)
        drawn = " ".join(text for _, text in recording(app)[2])
        assert words in drawn, (words, drawn)
        assert "/ A" not in drawn and "/ B" not in drawn
