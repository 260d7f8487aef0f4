"""Both tables at 150 % text in Danish and Swedish (longer words), at 1280×720 and 640×360: the tables'
own overlap and legibility checks (test_access_text's lists), every overlay at once (3 to 8 seats) and
No Thanks' notes round its pot (2 to 8 seats), each with no word cut with "…" (a name may shrink, never be
cut), the words a player needs mid-game at least 20 px at 720p as drawn, and bigger than at 100 % where
there is room. Screenshots (access_tables_<lang>_*.png) go to the temporary screenshot folder
(support_app.OUT): look at them."""

from __future__ import annotations

import pygame
import pytest
import test_access_text as access
import test_couch_panels as couch
import test_i18n_screens as i18n_screens
import test_table_lanes as lanes
from support_app import OUT, save_png
from support_table import all_overlays, drawn_frames, nothanks_table, press

from game import i18n
from game.commands import TAKE
from game.games.nothanks import engine as nt
from game.games.nothanks import paint as nt_paint
from game.games.table_scene import TableScene
from game.match import SeatSpec
from game.render import scale
from game.render import text as render_text

NEEDED = ("note", "prompt", "count", "photo", "banner", "small_print")  # a player's mid-game words
SIZES = [(1280, 720), (640, 360), (1280, 800)]  # 1280×800: the Steam Deck's 16:10 screen


@pytest.fixture(params=["da", "sv"])
def language(request, monkeypatch):
    monkeypatch.setenv("LANGUAGE", request.param)  # an App made inside a check reads "auto": this language
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


@pytest.fixture
def cuts():
    """Every text cut with "…" while the test draws (game.render.text records them)."""
    render_text.CUTS = []
    try:
        yield render_text.CUTS
    finally:
        render_text.CUTS = None


@pytest.fixture(autouse=True)
def standard_looks():
    yield
    scale.install(text=1.0)
    scale.install(window=(1280, 720))


def text_at(percent: int, size: tuple[int, int]):
    """The text size and window as the app sets them, and the table's room (as the app draws a table)."""
    scale.install(window=size)
    scale.install(text=percent / 100)
    return scale.text_room(TableScene.text_room)


def save(surface, name):
    OUT.mkdir(parents=True, exist_ok=True)
    save_png(surface, OUT / name)  # quicker than pygame.image.save


CHECKS = [c for c in access.TABLE_CHECKS + access.SMALL_TABLE_CHECKS if c[0] not in i18n_screens.WORDED]


@pytest.mark.parametrize("check", CHECKS, ids=access._id)
def test_the_tables_keep_their_lanes_at_150_percent_in_danish_and_swedish(language, cuts, check):
    test, kwargs = check
    with text_at(150, kwargs["size"]):
        test(**kwargs)
    assert cuts == [], f"cut with …: {cuts}"


@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", [3, 4, 5, 6, 7, 8])
def test_every_overlay_at_once_at_every_text_size_in_danish_and_swedish(language, cuts, size, n, percent):
    seen: dict[str, set[str]] = {}
    low = scale.text_min(size)
    small: set[tuple[str, str, int]] = set()
    shots = {0: "slap", 280: "notes", 520: "photo"}
    with text_at(percent, size):
        app, table = all_overlays(size, n)
        start = table.now_ns
        for now, surface, boxes in drawn_frames(app, table, 2600, 40):
            lanes.check_frame(table, boxes, size)
            for b in boxes:
                seen.setdefault(b.kind, set()).add(b.text)
            small |= {(b.kind, b.text, b.px) for b in boxes if b.kind in NEEDED and b.px < low}
            at = (now - start) // 1_000_000
            for ms, what in list(shots.items()):
                if at >= ms:
                    save(surface, f"access_tables_{language}_ratscrew_{n}_{size[0]}x{size[1]}_{percent}_{what}.png")
                    del shots[ms]
    # the slap's banner names its winner (issue 37)
    assert seen["banner"] & {i18n.t("{name}: {rule}!", name=name, rule=i18n.t("Double"))
                             for name in table.view.model.names}
    (title,) = seen["photo"]
    assert title.startswith(i18n.t("Tie — coin toss: {name}", name=""))
    assert {"note", "prompt", "panel", "small_print"} <= set(seen)
    assert not small, sorted(small)
    assert cuts == [], f"cut with …: {cuts}"


@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", range(2, 9))
def test_the_no_thanks_notes_keep_clear_at_every_text_size_in_danish_and_swedish(language, cuts, size, n, percent):
    with text_at(percent, size):
        seats = [SeatSpec("human", name=f"Player {i + 1}") for i in range(n)]
        app, table = nothanks_table(nt.Rules(), seats, size=size)
        app.run_ms(300)
        surface = pygame.Surface(size)
        table.draw(surface, 0.0)
        couch.check(table.view.text_boxes(), size)
        for seat in range(n):
            if seat != table.match.state.current_player:
                press(app, table, seat, TAKE)
        app.run_ms(120)
        table.draw(surface, 0.0)
        save(surface, f"access_tables_{language}_nothanks_{n}_{size[0]}x{size[1]}_{percent}.png")
        boxes = table.view.text_boxes()
        notes = [b for b in boxes if b.kind == "note"]
        assert len(notes) == n - 1 and {b.text for b in notes} == {i18n.t("Not your turn")}
        couch.check(boxes, size)
        deck = nt_paint.deck_drawn(table.view)
        assert not [b.text for b in notes if b.rect.colliderect(deck)]
        assert all(b.px >= scale.text_min(size) for b in notes), [(b.text, b.px) for b in notes]
    assert cuts == [], f"cut with …: {cuts}"


def _drawn_sizes(game: str, percent: int) -> dict[str, int]:
    """The largest size (as drawn) of each kind of word at a 5-seat table at 1280×720 in the mid-game
    moment the overlay checks use."""
    size = (1280, 720)
    with text_at(percent, size):
        if game == "ratscrew":
            app, table = all_overlays(size, 5)
            app.run_ms(120)
        else:
            seats = [SeatSpec("human", name=f"Player {i + 1}") for i in range(5)]
            app, table = nothanks_table(nt.Rules(), seats, size=size)
            app.run_ms(300)
            press(app, table, 1, TAKE)
            app.run_ms(120)
        table.draw(pygame.Surface(size), 0.0)
        out: dict[str, int] = {}
        for b in table.view.text_boxes():
            if b.px:
                out[b.kind] = max(out.get(b.kind, 0), b.px)
        out["name"] = scale.text_px(table.view.panels.name_fit(0)[1])
        return out


@pytest.mark.parametrize("game", ["ratscrew", "nothanks"])
def test_at_150_percent_the_tables_words_are_bigger_where_there_is_room(language, game):
    """At 1280×720 and five seats there is room: the names and the notes (and Ratscrew's prompt) are
    drawn at least a third bigger than at 100 %."""
    normal, big = _drawn_sizes(game, 100), _drawn_sizes(game, 150)
    kinds = ["name", "note"] + (["prompt"] if game == "ratscrew" else [])
    for kind in kinds:
        assert big[kind] >= normal[kind] * 4 / 3, (kind, normal[kind], big[kind])


@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_thanks_cards_in_a_panel_sit_under_its_name_and_keys(language, size, percent):
    """At a bigger text size the name and keys take more of a panel than its layout gave them: a seat's
    cards go under them (a little smaller: never under 2/3 of the standard size, the least at eight seats in
    a 640×360 window, where a Danish seat's keys take two lines), never over the words; where the row is too
    low for a card whole it shows the card's top, never less than its index (rank and suit)."""
    from game.render.card_art import card_height

    for n in range(2, 9):
        with text_at(percent, size):
            seats = [SeatSpec("human", name=f"Player {i + 1}") for i in range(n)]
            _app, table = nothanks_table(nt.Rules(), seats, size=size)
            view = table.view
            for seat in range(n):
                _image, text_bottom = view.panels.base(seat)
                top, bottom, card_w = nt_paint.cards_row(view, seat, text_bottom)
                shown = nt_paint.card_shown(view, top, bottom, card_w)
                assert top > text_bottom and top + shown <= bottom + 1, (n, seat)
                index = max(view.art.index_parts(view.card_key(v, mini=True), card_w)[k].bottom
                            for v in nt.Rules().deck_values() for k in (0, 1))
                assert shown == card_height(card_w) or shown >= index, (n, seat, shown, index)
                assert card_w >= 2 / 3 * view.geo.mini_w, (n, seat, card_w, view.geo.mini_w)
                if percent == 100:
                    assert card_w == view.geo.mini_w  # the standard size keeps its cards


@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_ratscrew_stacks_of_backs_sit_under_the_seats_names(language, size, percent):
    """A Ratscrew name has a row of its own across the panel; at a bigger text size it is taller than that
    row: the seat's stack of backs (six layers: a full hand) goes under it, inside the panel, a little
    smaller where it must (never under 2/3 of the standard size). In a mat too short for that (a column of
    four at 640x360: seven and eight seats) the stack stands down the mat's left beside the name's row, whole."""
    from game.games.ratscrew import panel as rs_panel
    from game.render.card_art import card_height

    for n in range(2, 9):
        with text_at(percent, size):
            _app, table = all_overlays(size, n)
            view = table.view
            for seat in range(n):
                box = view.L.seats[seat]
                width, top = rs_panel.stack_place(view, seat, 6)
                if rs_panel.stack_beside(box):
                    assert box.name is not None and box.stack.right <= box.name.left, (n, seat)
                    assert top - 10 >= box.stack.y - box.rect.y and width == view.L.seat_card_w, (n, seat, width)
                else:
                    assert top - 10 > rs_panel.name_bottom(view, seat), (n, seat)
                assert top + card_height(width) <= box.rect.h, (n, seat)
                assert width >= 2 / 3 * view.L.seat_card_w, (n, seat, width)
