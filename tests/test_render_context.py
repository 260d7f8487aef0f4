"""The render context (issue 35 item 5): one value says what a frame is drawn with (text size, large cards,
window, room); a block changes it with `using` and gives it back when it ends, whatever happens; the app
installs its own from the settings and the window; the replay viewer draws its boosted table inside a
block and leaves the context as it found it."""

from __future__ import annotations

import contextvars
import threading

import pygame
import pytest
from support_table import human_table, press

from game import i18n
from game.render import cache, letters, scale
from game.render.card_art import CardArt
from game.render.scale import RenderContext
from game.render.text import TextRecorder


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


def test_text_sizes_worked_out_once_per_context_follow_every_change_of_it():
    """text_px keeps what it reads of a context with the context, text_for its answers by the looks: a block, an
    install or a context used whole (the one before it asked already) never gets another's sizes."""
    scale.install(RenderContext())
    asked = RenderContext(text=1.5, window=(1920, 1080))
    assert asked.grown == (1.5, 60.0) and scale.text_px(24) == 24 and scale.text_for(24) == 24
    with scale.using(asked):  # its fields only: what it has worked out is no change to make
        assert scale.text_px(24) == 36 and scale.text_px(50) == 60  # grown to TEXT_GROWN_MAX at most (60 px here)
        assert scale.text_for(24) == 16 and scale.text_px(16) == 24  # the smallest size drawn at least 24 px
        assert scale.text_for(70) == 70  # bigger than any growth: itself
        with scale.using(window=(640, 360)):
            # (TEXT_GROWN_MAX is 20 px here: 24 px is not grown, 16 px only to 20)
            assert scale.text_px(24) == 24 and scale.text_px(16) == 20 and scale.text_for(24) == 24
            assert scale.text_for(20) == 13 and scale.text_px(13) == 20 and scale.text_px(12) == 18
        with scale.text_room(1.0):
            assert scale.text_px(24) == 24 and scale.text_for(24) == 24
    scale.install(text=1.25)
    assert scale.text_px(24) == 30 and scale.text_for(24) == 19 and scale.text_px(18) == 22
    scale.install(RenderContext())
    assert scale.text_px(24) == 24 and scale.text_for(24) == 24


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


# -- the language and the cards' letters: the frame's too (issue 35) --------------------------------------------

def _texts(scene, app) -> list[str]:
    """The words of one frame of `scene` drawn straight onto the app's screen, in the order drawn."""
    with TextRecorder() as boxes:
        scene.draw(app.screen, 0.0)
    return [text for _rect, text in boxes.drawn]


@pytest.mark.parametrize("game", ["ratscrew", "nothanks"])
def test_the_replay_viewer_drawn_in_danish_in_a_block_leaves_the_next_frames_english(app, game):
    """The replay viewer, paused, drawn in Danish inside i18n.using: the language installed stays English, and
    the frames after it, drawn by the app or straight, are word for word the English one before it (the
    Danish picture is no still of the English frame: the app draws it again)."""
    from test_replayview_viewer import viewer

    scene = viewer(app, game)
    scene.toggle()  # paused: the app keeps a still picture while nothing changes
    app.frames(2)
    assert not scene.playing and scene.unchanged(app.size, 0.0)
    english = _texts(scene, app)
    with i18n.using("da") as code:
        assert code == "da" and i18n.language() == "da"
        danish = _texts(scene, app)
        paused = i18n.t("Paused") + " "  # the bar's "Paused 1×"
    assert i18n.language() == "en" and i18n._CONTEXT.installed().language == "en"
    assert paused != "Paused " and any(text.startswith(paused) for text in danish), danish
    assert any(text.startswith("Paused ") for text in english), english
    assert not scene.unchanged(app.size, 0.0)
    with TextRecorder() as boxes:
        app.frames(1)
    assert [text for _rect, text in boxes.drawn] == english
    assert _texts(scene, app) == english
    assert scene.unchanged(app.size, 0.0)
    with scale.using(letters="swedish"):  # other cards' letters: no still of the next frame either
        scene.draw(app.screen, 0.0)
    assert not scene.unchanged(app.size, 0.0)


def test_a_table_drawn_in_another_language_in_a_block_is_drawn_in_its_own_again_after_it():
    """Two live Ratscrew tables alike (their mats' words: names, a debt's badge, controls; the prompt), one
    drawn in English, then Danish in an i18n.using block, then English; the other the other way round. Each
    frame is the same, pixel for pixel and word for word, as the other table's in that language: no mat,
    text or layer drawn in one language is shown in the other."""

    def made():
        app, table = human_table([["JC", "9C", "2C", "6C"], ["5D", "8D", "3D", "7D"], ["2H", "3H", "KH"]])
        press(app, table, 0, "play")
        app.run_ms(600)  # the jack has landed: Player 2 owes a card, said on its mat ("owes 1")
        assert table.match.state.owed == 1 and table.match.state.current_player == 1
        surface = pygame.Surface(app.size)

        def frame(code: str) -> tuple[bytes, list[str]]:
            with i18n.using(code):
                table.draw(surface, 0.0)
            return pygame.image.tobytes(surface, "RGB"), sorted(box.text for box in table.view.text_boxes())

        return table, frame

    first, frame = made()
    en, da, en_again = frame("en"), frame("da"), frame("en")
    _, other = made()
    da_first, en_then, da_again = other("da"), other("en"), other("da")
    assert en == en_again == en_then and da == da_first == da_again and en != da
    with i18n.using("da"):
        owes = first.view.model.badge(1, False, 1, False)[0]
        prompt = first.view.model.status_text(first.match.state)
    assert owes != "owes 1" and prompt in da[1] and prompt not in en[1], (prompt, da[1], en[1])


def test_the_language_and_letters_of_two_contexts_do_not_leak_into_each_other():
    """Two contexts (as two threads, or a test's block and the app's frame) each install their own language
    and letters; neither sees the other's, and the process's own stays as it was."""
    ours = (i18n.language(), letters.letters())
    first, second = contextvars.copy_context(), contextvars.copy_context()
    first.run(i18n.set_language, "da")
    first.run(letters.set_letters, "international")
    second.run(i18n.set_language, "sv")
    assert first.run(lambda: (i18n.language(), letters.letters(), i18n.t("Settings"))) == (
        "da", "international", "Indstillinger")
    assert second.run(lambda: (i18n.language(), letters.letters(), i18n.t("Settings"))) == ("sv", "swedish", "Inställningar")
    assert (i18n.language(), letters.letters(), i18n.t("Settings")) == (*ours, "Settings")
    assert ours == ("en", "international")


def test_blocks_in_two_threads_at_once_each_keep_their_language():
    """Two threads inside `using` blocks of their own at the same time: each translates in its own language
    throughout, whatever the other does meanwhile."""
    both = threading.Barrier(2)
    said: dict[str, list[str]] = {}

    def speak(code: str) -> None:
        with i18n.using(code):
            both.wait()
            said[code] = [i18n.t("Settings")]
            both.wait()
            said[code].append(i18n.t("Settings"))
        said[code].append(i18n.language())

    threads = [threading.Thread(target=speak, args=(code,)) for code in ("da", "sv")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert said == {"da": ["Indstillinger", "Indstillinger", "en"], "sv": ["Inställningar", "Inställningar", "en"]}
    assert i18n.language() == "en"


def test_an_unknown_language_is_refused_and_changes_nothing():
    with scale.using(letters="danish"):
        for bad in ("xx", "", "EN"):
            with pytest.raises(ValueError, match="unknown language"):
                i18n.set_language(bad)
            with pytest.raises(ValueError, match="unknown language"), i18n.using(bad):
                pass
            assert i18n.language() == "en" and letters.letters() == "danish"


def test_a_card_drawn_with_other_letters_in_a_block_is_kept_apart():
    """The card faces' cache keys by the letters in force: a queen drawn in Danish (its letter D, auto) is not
    the English one (Q), and the English one after the block is the first picture again."""
    art = CardArt()
    queen = ("card", "QS", False)
    english = pygame.image.tobytes(art.surface(queen, 80), "RGBA")
    with i18n.using("da"):
        assert letters.letter("Q") == "D"
        danish = pygame.image.tobytes(art.surface(queen, 80), "RGBA")
    with scale.using(letters="swedish"):
        assert letters.letter("J") == "Kn"
    assert letters.letter("Q") == "Q" and danish != english
    assert pygame.image.tobytes(art.surface(queen, 80), "RGBA") == english


def test_the_looks_key_names_the_language_and_letters():
    """Every cache of drawn text or of what is measured from it keys by scale.looks_key(): another language or
    other letters in a block is another key."""
    plain = scale.looks_key()
    with i18n.using("sv"):
        assert scale.looks_key() != plain and "sv" in scale.looks_key()
    with scale.using(letters="danish"):
        assert scale.looks_key() != plain
    assert scale.looks_key() == plain


def test_setting_the_language_or_letters_rebinds_no_module_global():
    """The language and letters are installed into the contexts: no module of game/ has a name rebound by
    set_language, set_letters, apply_settings or a block (the catalogues loaded fill their own table)."""
    import sys

    def names() -> dict[tuple[str, str], int]:
        return {(module, name): id(value) for module, m in list(sys.modules.items())
                if module.startswith("game") and m is not None for name, value in vars(m).items()}

    before = names()
    i18n.set_language("sv")
    letters.set_letters("danish")
    scale.apply_settings({"card_letters": "swedish", "text_size": 125})
    with i18n.using("da"), scale.using(letters="international"):
        i18n.t("Settings")
    i18n.set_language("en")
    after = names()
    assert {key for key in before if after.get(key) != before[key]} == set()
    assert scale.installed().letters == "swedish" and scale.installed().text == 1.25
