"""Every menu scene in Danish and Swedish (longer words) at 1280×720 and 640×360: no two texts overlap,
none runs off the screen, and the screen really is in that language. Screenshots (i18n_<lang>_*.png) go
to the temporary screenshot folder (support_app.OUT), to be looked at."""

from __future__ import annotations

import json

import pygame
import pytest
import support_screens as screens
import test_access_screens as access_screens
import test_access_text as access
import test_couch_panels as couch
import test_scenes_screenshots as shots
import test_table_lanes as lanes
from support_app import OUT, make_app, save_png
from support_table import all_overlays, drawn_frames, nothanks_table
from support_table import press as table_press

from game import i18n
from game.render.text import TextRecorder

ENGLISH_ONLY = {"Settings", "Play", "Quit", "Back", "Rules", "Players", "Controls", "Resume"}


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def app_in(tmp_path, size, code):
    (tmp_path / "settings.json").write_text(json.dumps({"language": code}))
    return make_app(tmp_path, size=size)


def draw_recording(app, monkeypatch) -> tuple[list[tuple[pygame.Rect, str]], list[tuple[pygame.Rect, str]]]:
    """The clipped boxes (as the overlap check takes them) and the boxes as drawn, before clipping."""
    raw: list[tuple[pygame.Rect, str]] = []
    add = TextRecorder.add

    def recording(surface, rect, text):
        if TextRecorder.current is not None and surface is pygame.display.get_surface():
            raw.append((pygame.Rect(rect), text))
        add(surface, rect, text)

    monkeypatch.setattr(TextRecorder, "add", staticmethod(recording))
    with TextRecorder() as boxes:
        app.top.draw(app.screen, 0.0)
    monkeypatch.undo()
    return boxes.drawn, raw


@pytest.mark.parametrize(("name", "code", "size", "percent"),
                         access_screens.cases("menu", shots.MENU_SCENES, ["da", "sv"], percents=[100]))
def test_no_text_overlaps_or_runs_off_a_screen_in_danish_and_swedish(name, code, size, percent):
    """Each screen built once (support_screens: the same case as test_access_screens' at 100 %), drawn again
    here as the app draws it outside a scene's text room."""
    made = screens.frame("menu", name, code, size, percent)
    assert made.language == code
    boxes, raw = made.plain, made.plain_raw
    OUT.mkdir(parents=True, exist_ok=True)
    screens.copy_shot(made, f"i18n_{code}_{name}_{size[0]}x{size[1]}.png")
    assert len(boxes) >= 2, f"{name} drew no recorded text"
    assert shots.overlapping(boxes) == [], f"{name} in {code} at {size}"
    screen = pygame.Rect((0, 0), size)
    cut = [text for rect, text in raw if rect.w > 2 and not screen.contains(rect.inflate(-2, -2))]
    assert cut == [], f"{name} in {code} at {size}: text runs off the screen"
    texts = {text for _rect, text in boxes}
    assert not texts & ENGLISH_ONLY, f"English left on {name}: {texts & ENGLISH_ONLY}"


@pytest.mark.parametrize("code, title_words", [("da", {"Spil", "Indstillinger", "Afslut"}),
                                               ("sv", {"Spela", "Inställningar", "Avsluta"})])
def test_the_title_menu_is_in_the_language(tmp_path, monkeypatch, code, title_words):
    app = app_in(tmp_path, (1280, 720), code)
    try:
        shots.build(app, "title")
        app.frames(2)
        boxes, _raw = draw_recording(app, monkeypatch)
        assert title_words <= {text for _rect, text in boxes}
    finally:
        app.stack.clear()


# ---- the tables' own overlap and legibility checks (test_access_text's list), again in da and sv ----------
# Checks that name English words are run below in their own translated form.
WORDED = {couch.test_no_thanks_notes_never_sit_on_the_pot_count_or_the_stack,
          lanes.test_tie_out_of_cards_wrong_slap_and_photo_finish_at_once_never_overlap,
          lanes.test_the_winners_banner_has_the_headline_lane}
CHECKS = [c for c in access.TABLE_CHECKS + access.SMALL_TABLE_CHECKS if c[0] not in WORDED]


@pytest.fixture(params=["da", "sv"])
def language(request, monkeypatch):
    monkeypatch.setenv("LANGUAGE", request.param)  # an App made inside a check reads "auto": this language
    i18n.set_language(request.param)
    yield request.param
    assert i18n.language() == request.param


@pytest.mark.parametrize("check", CHECKS, ids=access._id)
def test_the_tables_keep_their_lanes_in_danish_and_swedish(language, check):
    test, kwargs = check
    test(**kwargs)


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
@pytest.mark.parametrize("n", [5, 8])
def test_every_overlay_at_once_keeps_its_lane_in_danish_and_swedish(language, size, n):
    seen: dict[str, set[str]] = {}
    app, table = all_overlays(size, n)
    for _now, surface, boxes in drawn_frames(app, table, 2600, 40):
        lanes.check_frame(table, boxes, size)
        for b in boxes:
            seen.setdefault(b.kind, set()).add(b.text)
    save_png(surface, OUT / f"i18n_{language}_overlays_{n}_{size[0]}x{size[1]}.png")
    # the slap's banner names its winner (issue 37)
    assert seen["banner"] & {i18n.t("{name}: {rule}!", name=name, rule=i18n.t("Double"))
                             for name in table.view.model.names}
    (title,) = seen["photo"]
    assert title.startswith(i18n.t("Tie — coin toss: {name}", name=""))


def test_the_no_thanks_notes_keep_clear_in_danish_and_swedish(language):
    from game.commands import TAKE
    from game.games.nothanks import engine as nt
    from game.games.nothanks import paint as nt_paint
    from game.match import SeatSpec

    size = (1280, 720)
    seats = [SeatSpec("human", name=f"Player {i + 1}") for i in range(8)]
    app, table = nothanks_table(nt.Rules(), seats, size=size)
    app.run_ms(300)
    surface = pygame.Surface(size)
    table.draw(surface, 0.0)
    (count,) = [b for b in table.view.text_boxes() if b.kind == "count" and i18n.t("on the card") in b.text]
    assert any(r.contains(count.rect) for r in table.view.keep_clear())
    for seat in range(8):
        if seat != table.match.state.current_player:
            table_press(app, table, seat, TAKE)
    app.run_ms(120)
    table.draw(surface, 0.0)
    boxes = table.view.text_boxes()
    assert len([b for b in boxes if b.kind == "note"]) >= 6
    couch.check(boxes, size)
    assert not [b.text for b in boxes if b.kind == "note" and b.rect.colliderect(nt_paint.deck_drawn(table.view))]
    save_png(surface, OUT / f"i18n_{language}_nothanks_notes_8.png")


@pytest.mark.parametrize("percent", [100, 150])
@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
@pytest.mark.parametrize("code", ["en", "da", "sv"])
def test_the_choose_screens_words_stay_inside_their_panels(tmp_path, monkeypatch, code, size, percent):
    """Danish and Swedish blurbs are longer (and bigger at 150 % text): they rise under the cards and then
    shrink, never spill out."""
    from game.render import scale

    (tmp_path / "settings.json").write_text(json.dumps({"language": code, "text_size": percent}))
    app = make_app(tmp_path, size=size)
    try:
        shots.build(app, "choose")
        app.frames(2)
        with scale.text_room(app.top.text_room):  # as the app draws it
            _boxes, raw = draw_recording(app, monkeypatch)
        panels = app.top.rects
        below_cards = [(rect, text) for rect, text in raw if any(rect.colliderect(p) for p in panels)
                       and rect.top > panels[0].y + panels[0].h // 2]
        assert len(below_cards) >= 3 * len(panels)
        spilled = [text for rect, text in below_cards if not any(p.contains(rect) for p in panels)]
        assert spilled == [], f"{code} at {size}: {spilled}"
    finally:
        app.stack.clear()
