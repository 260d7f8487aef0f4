"""The render context (issue 35 item 5): one value says what a frame is drawn with (text size, large cards,
window, room); a block changes it with `using` and gives it back when it ends, whatever happens; the app
installs its own from the settings and the window; the replay viewer draws its boosted table inside a
block and leaves the context as it found it."""

from __future__ import annotations

import pytest

from game.render import cache, scale
from game.render.scale import RenderContext


def test_a_block_changes_the_context_and_gives_it_back_even_on_an_error():
    scale.install(RenderContext(text=1.5, window=(1920, 1080)))
    assert scale.text_scale() == 1.5 and scale.text_px(20) == 30
    with scale.text_room(1.0):
        assert scale.text_scale() == 1.0 and scale.text_px(20) == 20
        assert scale.player_text_scale() == 1.5  # what the player asked for, whatever the room
    with pytest.raises(RuntimeError), scale.using(text=1.0, room=1.0):
        raise RuntimeError("drawing failed")
    assert scale.current() == RenderContext(text=1.5, window=(1920, 1080))


def test_blocks_nest_and_a_context_installed_inside_one_stays_installed():
    scale.install(RenderContext())
    with scale.text_room(1.25):
        with scale.using(text=1.5):
            assert scale.text_scale() == 1.25  # the outer block's room still caps it
        scale.install(text=1.5)  # the player changed the text size while a screen drew
        assert scale.text_scale() == 1.25
    assert scale.text_scale() == 1.5 and scale.installed().text == 1.5


def test_large_cards_give_way_to_big_text_in_a_crowded_window():
    roomy = RenderContext(text=1.5, large_cards=True, window=(1280, 720))
    crowded = RenderContext(text=1.5, large_cards=True, window=(800, 450))
    assert (roomy.card_boost, roomy.seat_card_boost) == (scale.LARGE_CARDS, scale.LARGE_SEAT_CARDS)
    assert (crowded.card_boost, crowded.seat_card_boost) == (1.0, 1.0)
    with scale.using(crowded):
        assert scale.card_boost() == 1.0
    with scale.using(roomy):
        assert scale.card_boost() == scale.LARGE_CARDS


def test_the_caches_bounds_follow_the_window_of_the_context():
    lru = cache.LRU("test context bound", cache.Bound(screens=1.0))
    with scale.using(window=(1920, 1080)):
        assert lru.limit() == 1920 * 1080 * 4
    with scale.using(window=(640, 360)):
        assert lru.limit() == 640 * 360 * 4


def test_the_app_installs_its_settings_and_window(app):
    app.settings["text_size"] = 125
    app.settings["large_cards"] = True
    app.save_settings()
    assert scale.installed().text == 1.25 and scale.installed().large_cards
    assert scale.installed().window == app.size
    app.frames(2)
    assert scale.installed().text == 1.25  # the frames' blocks gave it back as it was


def test_the_replay_viewer_boosts_its_table_in_a_block_and_leaves_the_context_as_it_found_it(app):
    from test_replayview_viewer import viewer

    app.settings["text_size"] = 125
    app.save_settings()
    before = scale.installed()
    scene = viewer(app)
    app.frames(5)
    assert scale.installed() == before and scale.current() == before
    with scene.table_words(app.size):
        assert scale.player_text_scale() > 1.25  # its smaller table's words, boosted
    assert scale.current() == before
