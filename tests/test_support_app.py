"""The helpers in support_app.py and the `app` fixture: a fake clock, posted keys, finished matches."""

from __future__ import annotations

from support_app import make_app, press

from game.loop import NS


def test_fake_clock_makes_frames_instant_and_sixty_a_second(app):
    from game.scenes.title import TitleScene

    app.push(TitleScene())
    start = app.now_ns()
    app.frames(60)
    assert abs((app.now_ns() - start) - NS) < NS // 30


def test_press_reaches_the_top_scene_through_the_router(tmp_path):
    from game.scenes.title import TitleScene

    app = make_app(tmp_path, fine_polls=True)  # the real loop's cadence
    try:
        app.push(TitleScene())
        assert app.top.menu.index == 0
        press(app, "down")
        assert app.top.menu.index == 1
        assert app.input.polls > 30  # polled between frames, not once a frame
    finally:
        app.stack.clear()
