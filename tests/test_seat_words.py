"""Issue 37 item 1, words at their seat: on the Ratscrew table every message about one seat (its turn prompt,
its debt or claim, "Too late", "Wrong slap", "Out!", the slap it won, named: "Ada: Double!" in its colour)
is drawn at that seat: in its notes lane (the felt between its mat and the pile) or on its own mat; the clock
alone under the pile. Checked on the boxes the table drew, frame by frame, at 2/5/8 seats, from 640×360 to
1920×1080 and at 1280×800 (16:10), in English, Danish and Swedish, at 100/125/150 % text."""

from __future__ import annotations

import pygame
import pytest
from support_table import all_overlays, drawn_frames

from game import i18n
from game.games.ratscrew import engine as rs
from game.games.table_scene import TableScene
from game.render import colors, scale

SIZES = [(640, 360), (1280, 720), (1280, 800), (1920, 1080)]
PERCENTS = [100, 125, 150]  # the text size
ABOUT_A_SEAT = ("note", "prompt", "banner")


@pytest.fixture(autouse=True)
def standard_looks():
    yield
    scale.install(text=1.0)
    scale.install(window=(1280, 720))
    i18n.set_language("en")


def _looks(size, language, percent):
    """The window, language and text size of a case; the other languages and the bigger text sizes at the smallest
    and the standard window only (their words are longest there)."""
    if (language != "en" or percent != 100) and size not in ((640, 360), (1280, 720)):
        pytest.skip("the other languages and text sizes at the smallest and the standard window")
    i18n.set_language(language)
    scale.install(text=percent / 100)


def _seat_words(size, n, watch_clock=False):
    """Every box of a seat's words the table drew over 2.6 s of every overlay at once (a slap won on a tie, a
    wrong slap, a late one, a player out), with the seat it was drawn for and where that seat's words may go."""
    scale.install(window=size)
    app, table = all_overlays(size, n, rules=rs.Rules(slap_lockout_ms=0, game_length="quick") if watch_clock else None)
    seen = []
    for _now, _surface, boxes in drawn_frames(app, table, 2600, 40):
        view = table.view
        for b in boxes:
            if b.kind in ABOUT_A_SEAT or b.kind == "clock":
                region = None if b.seat is None else (view.notes.lane(b.seat).rect, view.notes.panel_zone(b.seat))
                state = table.match.state
                if b.kind == "prompt":  # the line about the seat to press now, at that seat (short: "Your turn: Q";
                    # while its lane of one line holds a note or its banner, over its mat's keys rows: "Play: Q"),
                    # never in the centre
                    assert b.seat == view.model.status_seat(state), (b.text, b.seat)
                    assert b.text in (view.model.status_text(state), view.model.status_short(state),
                                      view.model.status_tiny(state)), b.text
                seen.append((b.kind, b.text, b.seat, pygame.Rect(b.rect), region))
    return table, seen


@pytest.mark.parametrize("percent", PERCENTS)
@pytest.mark.parametrize("language", ["en", "da", "sv"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", [2, 5, 8])
def test_every_message_about_a_seat_is_drawn_at_that_seat(n, size, language, percent):
    _looks(size, language, percent)
    with scale.text_room(TableScene.text_room):
        table, seen = _seat_words(size, n)
    names = table.view.model.names
    away = [(kind, text, seat, rect) for kind, text, seat, rect, region in seen
            if region is not None and not (region[0].contains(rect) or region[1].contains(rect))]
    assert not away, away
    # the turn prompt and the slap's banner are among them: said at a seat, not in the centre's lanes
    prompts = [(text, seat) for kind, text, seat, _, _ in seen if kind == "prompt"]
    assert prompts and all(seat is not None for _, seat in prompts), prompts
    slap = {i18n.t("{name}: {rule}!", name=name, rule=i18n.t("Double")): seat for seat, name in enumerate(names)}
    won = [(text, seat) for kind, text, seat, _, _ in seen if kind == "banner" and text in slap]
    assert won and all(seat in (slap[text], None) for text, seat in won), won
    # never in the headline lane: at every text size at its winner's mat (eight seats in 1280x720 at 150 % in Danish
    # and Swedish: "Player 2: Dubbel!" wider than its lane, on two lines there or on a plate over its mat)
    centre = {text for text, seat in won if seat is None}
    assert not centre, centre


# (mats in columns, two to four a side, at 100 %, and six and eight seats at 640x360 and 125 % (a slap's banner on
# a plate over its winner's mat); six seats at 150 % there sit in columns too, eight in rows)
CLOCK_CASES = [(n, size, 100, "stack") for n in (2, 5, 8) for size in SIZES] + [
    (8, (640, 360), 125, "stack"), (6, (640, 360), 125, "stack"), (8, (640, 360), 150, "sides")]


@pytest.mark.parametrize("case", CLOCK_CASES, ids=lambda c: f"{c[0]}-{c[1][0]}x{c[1][1]}-{c[2]}")
def test_the_clock_is_alone_under_the_pile(case):
    """In every layout: mats in columns (the lanes over and under the pile) and in rows (the lanes beside the
    pile, the clock in a row of its own under it)."""
    n, size, percent, mode = case
    scale.install(text=percent / 100)
    with scale.text_room(TableScene.text_room):
        table, seen = _seat_words(size, n, watch_clock=True)
    clocks = {(text, tuple(rect)) for kind, text, _, rect, _ in seen if kind == "clock"}
    assert clocks and all(text.endswith(i18n.t("{time} left", time="")) for text, _ in clocks), clocks
    geo = table.view.geo
    assert geo.mode == mode
    lane = geo.clock_lane()
    zone = geo.pile_zone
    for _, r in clocks:
        assert lane.contains(pygame.Rect(r)) and r[1] >= zone.bottom, (r, zone)
        assert zone.left <= pygame.Rect(r).centerx <= zone.right  # under the pile, not beside it


def test_the_slap_banner_is_in_the_winners_colour_at_the_winners_mat():
    size = (1280, 720)
    scale.install(window=size)
    app, table = all_overlays(size, 5)
    names = table.view.model.names
    inked = {}
    for _now, surface, boxes in drawn_frames(app, table, 1000, 40):
        for b in boxes:
            if b.kind == "banner" and b.seat is not None:
                assert b.text == i18n.t("{name}: {rule}!", name=names[b.seat], rule=i18n.t("Double"))
                # on its plate, or (a lane with no room for one) bare, lightened to read on the felt
                inks = {colors.banner_color(b.seat), colors.on_felt(colors.banner_color(b.seat))}
                inked[b.seat] = max(inked.get(b.seat, 0), sum(
                    1 for x in range(b.rect.left, b.rect.right) for y in range(b.rect.top, b.rect.bottom)
                    if tuple(surface.get_at((x, y)))[:3] in inks))
    assert len(inked) == 1 and min(inked.values()) > 200, inked  # its letters in its winner's colour


# ---- the No Thanks table: its turn prompt at the seat's mat (in its lane, else on a plate over the mat under
# its words), never over the card; its notes in the seat's lane ------------------------------------------------


def _nothanks_words(size, n):
    """Every box of a seat's words the No Thanks table drew over a dozen turns of human seats (each takes
    the card, or passes while it has matches), with where that seat's words may go."""
    from support_table import nothanks_table, press

    from game.commands import PASS, TAKE
    from game.games.nothanks import engine as nt
    from game.match import SeatSpec

    scale.install(window=size)
    seats = [SeatSpec("human", name=f"Player {i + 1}") for i in range(n)]
    app, table = nothanks_table(nt.Rules(), seats, size=size)
    app.run_ms(300)
    surface = pygame.Surface(size)
    seen = []
    for turn in range(12):
        state = table.match.state
        if state.is_over:
            break
        seat = state.current_player
        for _ in range(3):  # the turn's prompt, and the notes of the move before it as they show
            app.run_ms(120)
            table.draw(surface, 0.0)
            view = table.view
            assert table.match.state.current_player == seat
            for b in view.text_boxes():
                if b.kind in ("prompt", "note", "banner"):
                    region = None if b.seat is None else (view.notes.lane(b.seat).rect, view.notes.panel_zone(b.seat))
                    seen.append((b.kind, b.text, b.seat, pygame.Rect(b.rect), region, seat))
            # no word of the mat's own under the plate its prompt is on (the mat's words box ends over it)
            words = [b.rect for b in view.text_boxes() if b.kind == "panel" and b.seat == seat]
            plates = [b.rect for b in view.text_boxes() if b.kind == "prompt" and b.seat == seat]
            assert not any(w.colliderect(p) for w in words for p in plates), (words, plates)
        press(app, table, seat, PASS if turn % 3 and state.matches[seat] else TAKE)
        app.run_ms(20)  # the move made
    return table, seen


@pytest.mark.parametrize("percent", PERCENTS)
@pytest.mark.parametrize("language", ["en", "da", "sv"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", [2, 5, 8])
def test_no_thanks_says_its_turn_prompt_and_notes_at_the_seat(n, size, language, percent):
    _looks(size, language, percent)
    with scale.text_room(TableScene.text_room):
        _table, seen = _nothanks_words(size, n)
    prompts = [(text, seat, on) for kind, text, seat, _, _, on in seen if kind == "prompt"]
    assert prompts and all(seat in (on, None) for _, seat, on in prompts), prompts
    # the prompt is said at the seat whose turn it is, never over the card in the middle, at every text size (where
    # the seat's lane is lower than a line of the couch's big words, on a plate over its mat under its words: eight
    # seats in 1280x720 at 150 %, in 640x360 at 125-150 %)
    centre = [(on, text) for kind, text, seat, _, _, on in seen if kind == "prompt" and seat is None]
    assert not centre, centre
    away = [(kind, text, seat, rect) for kind, text, seat, rect, region, _ in seen
            if seat is not None and not (region[0].contains(rect) or region[1].contains(rect))]
    assert not away, away


# ---- a debt or a claim and the seat's notes: both show ------------------------------------------------------


def _debt_and_note_frames(size, n):
    """A Ratscrew table of human seats where seat 0 plays a king (seat 1 owes 3) and seat 1 slaps wrong (its
    note), then pays its debt and seat 0's claim waits while seat 0 slaps wrong (its note): for every frame, its
    text boxes, the seats whose notes show then and the seats whose mat shows a badge."""
    from support_table import FakeApp, FixedHands, press

    from game.core.contract import TableConfig
    from game.match import SeatSpec
    from game.render.effects import Note

    pool = [r + s for s in "HS" for r in "23456789T"]
    hands = [["KC", "5C", "6C", "7C"], ["2D", "3D", "4D", "8D", "9D", "TD"]] + [pool[3 * k: 3 * k + 3] for k in range(6)]
    seats = [SeatSpec("human", name=f"Player {i + 1}") for i in range(n)]
    app = FakeApp(size)
    table = FixedHands(TableConfig("ratscrew", rs.Rules(slap_lockout_ms=0), seats, seed=2), hands[:n])
    app.push(table)

    def frames(ms):
        for now, _, boxes in drawn_frames(app, table, ms, 60):
            noted = {e.seat for e in table.view.anim.effects
                     if isinstance(e, Note) and e.tween.started(now) and not e.tween.done(now)}
            yield boxes, noted, {s for s, (_, tag) in table.view.badges.items() if tag is not None}

    press(app, table, 0, "play")  # a king: seat 1 owes 3
    app.step()
    press(app, table, 1, "slap", after_ms=200)  # nothing to slap: its note, while it owes
    app.step()
    seen = [("debt", 1, *frame) for frame in frames(600)]
    for _ in range(3):
        press(app, table, 1, "play", after_ms=120)
        app.step()
    assert table.match.state.awaiting_claim
    press(app, table, 0, "slap", after_ms=5)  # seat 0 slaps wrong while its claim waits
    app.step()
    return seen + [("claim", 0, *frame) for frame in frames(300)]


@pytest.mark.parametrize("percent", PERCENTS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", [2, 5, 8])
def test_a_debt_or_a_claim_leaves_the_seats_notes_in_view(n, size, percent):
    """A seat's debt ("Owes 3: P") or claim ("Claim: Q") is said at the seat without hiding the seat's notes: while
    the seat's wrong slap's note shows, it is drawn at the seat, and the debt or claim is said there too (in its lane
    beside the note, or on a plate over its mat above its badge where the lane holds one line), neither over the
    other; in every frame the seat's words or its mat's badge say it."""
    _looks(size, "en", percent)
    with scale.text_room(TableScene.text_room):
        seen = _debt_and_note_frames(size, n)
    # (but where the seat has no room for both: its lane one line high and its mat no room for the debt's line above
    # its badge (measured: 640x360 at five seats at 125-150 %, at eight (columns of four) at 100-125 %), the debt
    # takes the lane)
    crowded = (n, size, percent) in {(5, (640, 360), 125), (5, (640, 360), 150), (8, (640, 360), 100),
                                     (8, (640, 360), 125)}
    both = 0
    for what, seat, boxes, noted, badged in seen:
        said = [b for b in boxes if b.seat == seat and b.kind == "prompt"]
        notes = [b for b in boxes if b.seat == seat and b.kind == "note"]
        assert notes or seat not in noted or crowded, (what, "its note hidden", said)
        assert said or seat in badged, (what, "said nowhere at the seat")
        assert not any(p.rect.colliderect(q.rect) for p in said for q in notes), (what, said, notes)
        both += bool(said and notes)
    assert both or crowded, "said at the seat while the note shows"


@pytest.mark.parametrize("percent", PERCENTS)
@pytest.mark.parametrize("size", [(640, 360), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", [2, 5, 6, 7, 8])
def test_a_debt_is_said_in_at_most_two_places_at_once(n, size, percent):
    """While a seat owes, its debt is said at the seat by its mat's badge ("owes 3") and the line to press now
    ("Owes 3: P"), or one of them: not by a note ("Owes 3") too (it was said in three places at once)."""
    _looks(size, "en", percent)
    with scale.text_room(TableScene.text_room):
        seen = _debt_and_note_frames(size, n)
    owes = i18n.t("Owes {n}", n=3)
    for what, seat, boxes, _noted, badged in seen:
        if what != "debt":
            continue
        said = [b.text for b in boxes if b.seat == seat and b.kind == "prompt"]
        noted = [b.text for b in boxes if b.seat == seat and b.kind == "note" and b.text.startswith(owes)]
        places = len(said) + len(noted) + (seat in badged)
        assert 1 <= places <= 2, (said, noted, seat in badged)
