"""Issue 35: the replay viewer in a window under the table's minimum size lays its table out larger and scales
it down; the felt drawn for that size is kept from frame to frame (its cache's bound holds the table's picture,
not just the window's), so playing the film redraws no felt."""

from __future__ import annotations

import pytest
from support_app import make_app
from test_replayview_viewer import viewer

from game.render import felt


@pytest.mark.parametrize("size", [(640, 360), (480, 270)])
def test_playing_a_film_in_a_small_window_draws_its_felt_once(tmp_path, monkeypatch, size):
    app = make_app(tmp_path, size)
    try:
        scene = viewer(app)
        assert scene.render_size() != scene.table_rect.size  # laid out larger than its area, and scaled
        app.frames(2)
        drawn: list[tuple[int, int]] = []
        real_draw, real_base = felt._draw, felt._draw_base

        def counted_draw(size, *args, **kw):
            drawn.append(size)
            return real_draw(size, *args, **kw)

        def counted_base(size, *args, **kw):
            drawn.append(size)
            return real_base(size, *args, **kw)

        monkeypatch.setattr(felt, "_draw", counted_draw)
        monkeypatch.setattr(felt, "_draw_base", counted_base)
        assert scene.playing
        start = scene.now
        app.frames(60)
        assert scene.now > start  # the film went on: sixty frames of it were drawn
        assert drawn == []
    finally:
        app.stack.clear()
