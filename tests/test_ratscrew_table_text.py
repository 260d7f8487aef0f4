"""The Ratscrew table's small print stays readable: burned cards keep off the prompt under the pile, seat
notes keep to their lanes off the panels, slap banners read in every seat colour, and the challenge note
says who won. Screenshots go to the temporary screenshot folder (support_app.OUT), polish_*.png (look at
them)."""

from __future__ import annotations

import colorsys
import copy
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from support_app import save_png
from support_table import MS, OUT, FakeApp, FixedHands, press

from game.commands import PLAY, SLAP
from game.core.contract import TableConfig
from game.games.ratscrew import engine as rs
from game.games.ratscrew import paint
from game.games.ratscrew.geometry import MAX_BURN_SHOWN
from game.games.ratscrew.match import TOO_LATE, WON
from game.games.ratscrew.match import PhotoFinish as PhotoFinishEvent
from game.games.ratscrew.view_model import PhotoFinish
from game.match import SeatSpec
from game.render import colors
from game.render.effects import Banner, Note
from game.render.scale import text_min
from game.render.text import overlaps
from game.render.tween import Tween

pygame.init()

SIZES = [(1280, 720), (800, 600), (640, 360)]
SEATS = [2, 5, 8]
LOW = [r + s for s in "CDHS" for r in "23456789T"]  # no challenge cards: nothing owed unless asked


def table_at(size, hands, names=None, rules=None, **settings):
    """A table of human seats ("Player 1", ...) dealt `hands`, drawn at `size`."""
    names = names or [f"Player {i + 1}" for i in range(len(hands))]
    seats = [SeatSpec("human", name=name) for name in names]
    app = FakeApp(size, **settings)
    table = FixedHands(TableConfig("ratscrew", rules or rs.Rules(), seats, seed=1), hands)
    app.push(table)
    return app, table


def deal(n, first=()):
    """`n` hands of low cards (no slap in the first round), `first` on top of seat 0's."""
    rest = [c for c in LOW if c not in first]
    hands = [rest[i::n] for i in range(n)]
    hands[0] = list(first) + hands[0]
    return hands


def save(surface, name):
    OUT.mkdir(exist_ok=True)
    save_png(surface, OUT / name)  # quicker than pygame.image.save


def status_rect(view, state):
    """Where the prompt under the pile is drawn (in its lane)."""
    text = view.model.status_text(state)
    assert text
    color = colors.GOLD if state.awaiting_claim or state.owed else colors.TEXT
    _, at = paint.prompt_fit(view, text, color)
    assert view.prompt_lane().contains(at)
    return at


def to_claim(app, table):
    """Seat 0 plays a king, seat 1 pays 3: the pile awaits seat 0's claim."""
    press(app, table, 0, PLAY)
    app.step()
    for _ in range(3):
        press(app, table, 1, PLAY, after_ms=250)
        app.step()
    assert table.match.state.awaiting_claim


def burn_to_claim(app, table, n):
    """To the claim (`to_claim`); then wrong slaps burn cards until 8 lie under the pile."""
    to_claim(app, table)
    for k in range(4):
        press(app, table, 1 + k % (n - 1), SLAP, after_ms=5)
        app.step()
    app.run_ms(400)  # the burned cards have landed; the claim window is still open
    st = table.match.state
    assert st.awaiting_claim and len(st.burned) >= MAX_BURN_SHOWN


# ---- #4: burned cards and the prompt ---------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", SEATS)
def test_burned_cards_do_not_touch_a_pixel_of_the_claim_prompt(size, n):
    # Wrong slaps 5 ms apart (two seats: the same seat's): no slap lock at this table (issue 21)
    app, table = table_at(size, deal(n, first=["KC"]), rules=rs.Rules(slap_lockout_ms=0))
    burn_to_claim(app, table, n)
    view, st = table.view, table.match.state
    assert view.model.status_text(st) == "Player 1: press Q to claim (or wait)"
    now = table.now_ns
    left = table.claim_left(now)
    with_burns = pygame.Surface(size)
    view.draw(with_burns, st, now, left)
    bare = copy.deepcopy(st)
    bare.burned = []
    without = pygame.Surface(size)
    view.draw(without, bare, now, left)
    save(with_burns, f"polish_burned_claim_{size[0]}x{size[1]}_{n}.png")
    assert pygame.image.tobytes(with_burns, "RGB") != pygame.image.tobytes(without, "RGB"), "burns are shown"
    prompt = status_rect(view, st).union(view.geo.claim_bar())
    prompt = prompt.inflate(4, 4)
    assert pygame.image.tobytes(with_burns.subsurface(prompt), "RGB") == pygame.image.tobytes(
        without.subsurface(prompt), "RGB"
    ), "a burned card shows through the prompt or its countdown bar"


@pytest.mark.parametrize("size", SIZES + [(1920, 1080), (640, 720), (1280, 400)])
def test_no_pile_card_reaches_the_prompt_whatever_its_chance_turn(size):
    """Every pile shape (bottom card, fanned top three, eight burned cards) at many jitters lies above the
    prompt (or, with seats as mats in rows and the prompt beside the pile, left of it), with the prompt's own
    row of felt clear."""
    _app, table = table_at(size, deal(3))
    view, st = table.view, table.match.state
    prompt = status_rect(view, st)
    pile = ["5C", "9D", "2H", "7S", "4C", "8H"]
    lowest = 0
    for gen in range(40):
        layer = pygame.Surface(size, pygame.SRCALPHA)
        paint.pile_cards(view, layer, pile, MAX_BURN_SHOWN, view.geo.centre, 0, hide=False, gen=gen)
        ink = pygame.mask.from_surface(layer).get_bounding_rects()
        lowest = max(lowest, max(r.bottom for r in ink))
        assert not any(r.colliderect(prompt) for r in ink), f"gen {gen}: a card lies behind the prompt"
    if view.geo.mode == "sides":  # mats in rows: the prompt beside the pile, right of every card
        rightmost = 0
        for gen in range(40):
            layer = pygame.Surface(size, pygame.SRCALPHA)
            paint.pile_cards(view, layer, pile, MAX_BURN_SHOWN, view.geo.centre, 0, hide=False, gen=gen)
            rightmost = max(rightmost, max(r.right for r in pygame.mask.from_surface(layer).get_bounding_rects()))
        assert rightmost < view.prompt_lane().left
    else:
        assert lowest < prompt.top
    assert lowest > view.geo.centre[1] + view.L.card_h * 0.5, "the pile still has its peeking cards"


def test_burned_cards_stick_out_beside_the_pile_not_under_it():
    _app, table = table_at((1280, 720), deal(2))
    view = table.view
    cw, ch = view.L.card_w, view.L.card_h
    for i in range(MAX_BURN_SHOWN):
        dx, dy, angle = view.geo.burn_slot(i, view.model.pile_gen)
        assert dx > 0.5 * cw, "to the right, where they peek out from under the top cards"
        assert dy <= 0.15 * ch
        assert 70 <= angle <= 86  # crosswise
    assert view.geo.floor < 0.66 * ch


# ---- #7: notes beside the panels -------------------------------------------------------------------


def note_rects(view, effect, now_from):
    """Where a note is drawn over its whole rise."""
    dur = effect.tween.dur_ns
    return [view.notes.sprite(effect, now_from + dur * p)[1] for p in (0.0, 0.25, 0.5, 0.75, 0.99)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", SEATS)
def test_rising_notes_stay_off_every_panel(size, n):
    _app, table = table_at(size, deal(n))
    view = table.view
    now = table.now_ns
    lift = {s.seat: max(2, s.rect.h // 22) for s in view.L.seats}
    texts = ["Owes 2", "Too late by 167 ms", "Player 8 wins the challenge!"]
    shot = pygame.Surface(size)
    for text in texts:
        view.anim.clear()
        effects = [view.anim.add(Note(Tween(now, 900 * MS), s, text, colors.GOLD)) for s in range(n)]
        for e in effects:
            seat = e.seat
            rects = note_rects(view, e, now)
            window = pygame.Rect(0, 0, *size)
            assert all(window.contains(r) for r in rects), (text, seat)
            _, (_, _, clear) = view.notes.image(seat, text, colors.GOLD)
            for box in view.L.seats:
                panel = box.rect.inflate(0, 2 * lift[box.seat]) if box.seat == seat else box.rect
                # Never on a panel's text (its name, keys and count), even lifted for its turn.
                words = box.info.move(0, -lift[box.seat])
                assert not any(r.colliderect(words) for r in rects), (text, seat, box.seat)
                if clear:  # and with room, off the panels and clear of the prompt altogether
                    assert not any(r.colliderect(panel) for r in rects), (text, seat, box.seat)
            if clear:
                for r in rects:
                    assert not any(r.colliderect(z) for z in view.keep_clear()), (text, seat)
        table.draw(shot, 0.0)
        save(shot, f"polish_notes_{size[0]}x{size[1]}_{n}_{len(text)}.png")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", SEATS)
def test_short_notes_find_clear_felt_at_every_seat_but_the_crowded_bottom(size, n):
    """The QA case (640x360, 8 seats): "Owes 2" and "Too late by N ms" sat on the panels' borders."""
    _app, table = table_at(size, deal(n))
    view = table.view
    for seat in range(n):
        for text in ("Owes 2", "Too late by 167 ms"):
            _, (rest, _, clear) = view.notes.image(seat, text, colors.GOLD)
            if seat or size[1] >= 600 or n < 8:
                assert clear, (seat, text)
                box = view.L.seats[seat].rect
                assert not rest.colliderect(box.inflate(0, 2 * max(2, box.h // 22)))


def test_notes_wrap_or_shrink_where_room_is_short_and_keep_their_size_where_it_is_not():
    text = "Out of cards: slap (L-Shift) to stay in!"
    _, small = table_at((640, 360), deal(8))
    view = small.view
    full = view.texts.outlined(text, view.notes.size(view.L.seats[1].rect), colors.TEXT)
    adapted = 0
    for seat in range(1, 8):
        img, (_, _, clear) = view.notes.image(seat, text, colors.TEXT)
        assert clear, seat
        adapted += img.get_size() != full.get_size()
    assert adapted >= 4, "the long note is wrapped or made smaller beside the crowded panels"
    img, (_, _, clear) = view.notes.image(0, "Owes 2", colors.GOLD)
    full = view.texts.outlined("Owes 2", view.notes.size(view.L.seats[0].rect), colors.GOLD)
    assert clear and img is full, "the crowded bottom seat has a lane of its own too, at the full size"
    _, big = table_at((1280, 720), deal(2))
    view = big.view
    for seat in range(2):
        img, (_, _, clear) = view.notes.image(seat, text, colors.TEXT)
        line = view.texts.outlined(text, view.notes.size(view.L.seats[seat].rect), colors.TEXT)
        assert clear and (img is line or img.get_height() == 2 * line.get_height()), "full size, 1 or 2 lines"


def test_a_seats_newer_note_does_not_cover_its_older_one():
    _app, table = table_at((1280, 720), deal(2))
    view = table.view
    now = table.now_ns
    older = view.anim.add(Note(Tween(now, 1100 * MS), 1, "Wrong slap! Burns 2", colors.WARN))
    newer = view.anim.add(Note(Tween(now + 10 * MS, 1200 * MS), 1, "Out of cards!", colors.TEXT))
    table.now_ns = now + 20 * MS
    table.draw(pygame.Surface((1280, 720)), 0.0)
    drawn = {box.text: box.rect for box in view.text_boxes() if box.kind == "note"}
    assert set(drawn) == {older.text, newer.text}
    assert not drawn[older.text].colliderect(drawn[newer.text])
    lane = view.notes.lane(1).rect
    assert lane.contains(drawn[older.text]) and lane.contains(drawn[newer.text])
    assert pygame.Rect(0, 0, 1280, 720).contains(lane)
    box = view.L.seats[1].rect  # the newer one nearer the panel
    def gap(r):
        return max(r.left - box.right, box.left - r.right, r.top - box.bottom, box.top - r.bottom)
    assert gap(drawn[newer.text]) <= gap(drawn[older.text])


# ---- #8: slap banners in every seat colour ---------------------------------------------------------


def hue(c):
    return colorsys.rgb_to_hsv(*(v / 255 for v in c))


@pytest.mark.parametrize("seat", range(8))
def test_banner_colour_reads_on_its_plate_and_is_still_the_seat_colour(seat):
    text, base = colors.banner_color(seat), colors.seat_color(seat)
    assert colors.contrast(text, colors.on_plate()) >= 4.5
    assert colors.contrast(text, colors.on_plate(colors.FELT)) >= colors.contrast(base, colors.FELT)
    h0, s0, _ = hue(base)
    h1, s1, _ = hue(text)
    if s0 > 0.1:
        assert abs(h0 - h1) * 360 < 4 and s1 > 0.5 * s0, "the same hue, not washed out"
    others = [colors.banner_color(s) for s in range(8) if s != seat]
    assert min(sum(abs(a - b) for a, b in zip(text, o, strict=True)) for o in others) > 60


def test_blue_seat_is_what_needed_help_and_the_others_are_untouched():
    assert colors.contrast(colors.seat_color(4), colors.FELT) < 2  # the QA finding: #0072B2 on felt
    assert colors.banner_color(4) != colors.seat_color(4)
    assert colors.banner_color(1) == colors.seat_color(1) and colors.banner_color(0) == colors.seat_color(0)


@pytest.mark.parametrize("size", [(800, 600), (640, 360)])
def test_seat_5s_slap_banner_is_drawn_on_a_dark_plate(size):
    hands = [["5C", "7C"], ["5D", "8D"], ["2H", "3H"], ["4S", "6S"], ["9H", "TH"]]
    app, table = table_at(size, hands, reduced_motion=True)  # no flash over the banner
    press(app, table, 0, PLAY)
    app.step()
    press(app, table, 1, PLAY, after_ms=100)
    app.step()
    press(app, table, 4, SLAP, after_ms=100)  # a double: seat 5 (blue) wins it
    app.step()
    view = table.view
    (banner,) = [e for e in view.anim.effects if isinstance(e, Banner)]
    assert banner.text == "Player 5: Double!" and banner.color == colors.banner_color(4)
    app.run_ms(450)  # the hand is gone, the banner is still up
    assert view.notes.fade(banner, table.now_ns) == 1.0
    shot = pygame.Surface(size)
    table.draw(shot, 0.0)
    save(shot, f"polish_blue_banner_{size[0]}x{size[1]}.png")
    # at seat 5's mat where its lane holds it, else in the headline lane; on its plate either way
    (box,) = [b for b in view.text_boxes() if b.kind == "banner"]
    rect = box.rect
    behind = tuple(shot.get_at((rect.left + 1, rect.centery)))[:3]  # the plate, left of the text
    assert colors.contrast(colors.banner_color(4), behind) >= 4.5
    inked = sum(
        1
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
        if tuple(shot.get_at((x, y)))[:3] == colors.banner_color(4)
    )
    assert inked > 40, "the banner's letters are in seat 5's (readable) colour"


# ---- #9: who won the challenge ---------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_the_challenge_note_names_the_winner(size):
    names = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]
    app, table = table_at(size, deal(6, first=["QC"]), names=names)
    press(app, table, 0, PLAY)  # a queen: Bo owes 2
    app.step()
    for _ in range(2):
        press(app, table, 1, PLAY, after_ms=250)
        app.step()
    assert table.match.state.awaiting_claim
    notes = [e for e in table.view.anim.effects if isinstance(e, Note) and e.seat == 0]
    assert [e.text for e in notes][-1] == "Ada wins the challenge!"
    shot = pygame.Surface(size)
    app.run_ms(100)
    table.draw(shot, 0.0)
    save(shot, f"polish_challenge_{size[0]}x{size[1]}.png")
    _, rect, _, _ = table.view.notes.sprite(notes[-1], table.now_ns)
    assert pygame.Rect(0, 0, *size).contains(rect)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", SEATS)
def test_a_panels_claim_badge_never_covers_its_card_count(size, n):
    app, table = table_at(size, deal(n, first=("KC",)))
    to_claim(app, table)
    app.run_ms(200)
    table.draw(pygame.Surface(size), 0.0)
    count, badge = table.view.badges[0]
    assert count.w > 0 and not badge.colliderect(count), (count, badge)
    box = table.view.L.seats[0].rect
    assert pygame.Rect((0, 0), box.size).contains(badge)


def _marked(texts):
    """`texts` (a view's TextCache) drawing each text it renders in a colour of its own, every pixel of its ink
    opaque: [(text, colour, its ink's pixel count)] as asked for (a text fitted at a few sizes is asked for
    each time; the one drawn is whole on the panel or not there at all)."""
    made = []
    plain, outlined = texts.render, texts.outlined

    def mark(surf, text):
        color = (255, 1 + len(made) % 250, 255 - len(made) // 250)
        ink = pygame.mask.from_surface(surf, 1)
        made.append((text, color, ink.count()))
        return ink.to_surface(setcolor=(*color, 255), unsetcolor=(0, 0, 0, 0))

    texts.render = lambda text, *a, **kw: mark(plain(text, *a, **kw), text)
    texts.outlined = lambda text, *a, **kw: mark(outlined(text, *a, **kw), text)
    return made


def _ink(surface, color):
    """The pixels of `surface` in `color`: (how many, their bounding box)."""
    found = pygame.mask.from_threshold(surface, (*color, 255), (1, 1, 1, 255))
    boxes = found.get_bounding_rects()
    return found.count(), boxes[0].unionall(boxes[1:]) if boxes else pygame.Rect(0, 0, 0, 0)


def _badge_on_the_mat(n, size, badge, said=None):
    """Seat 0 to claim the pile, or seat 1 owing 2, at `n` seats: every text on its mat, drawn each in a colour of
    its own, is whole where it is drawn (none painted over), its badge inside the mat and the count's ink clear of
    it, where the count's rectangle says (`said`: what of the mat's words a prompt's plate over them stands in for,
    as RatscrewView.mat_said says; None: as the table has it)."""
    app, table = table_at(size, deal(n, first=("KC",) if badge == "claim" else ("QC",)))
    if badge == "claim":
        to_claim(app, table)
    else:
        press(app, table, 0, PLAY)  # a queen: seat 1 owes 2
        app.step()
    app.run_ms(200)
    view = table.view
    seat = 0 if badge == "claim" else 1
    content = view.seat_key(seat, table.match.state, table.now_ns)[1:]
    if said is not None:
        content = (*content[:-1], said)
    made = _marked(view.texts)
    panel = view.build_panel(seat, content)
    count = str(len(table.match.state.hands[seat]))
    drawn = {}
    for text, color, pixels in made:
        shown, box = _ink(panel, color)
        assert shown in (0, pixels), (text, shown, pixels)  # whole, or not drawn
        if shown:
            drawn[text] = box
    assert count in drawn, (count, sorted(drawn))
    if said is not None and seat not in view.badges:
        return False  # (the badge waits while a prompt's plate says its key)
    count_row, tag = view.badges[seat]
    said_text = view.model.badge(seat, *content[1:5])[0]
    assert said_text in drawn, (said_text, sorted(drawn))
    assert not drawn[count].colliderect(tag), (drawn[count], tag)
    assert count_row.contains(drawn[count]), (count_row, drawn[count])  # the digits drawn where their rect is
    assert pygame.Rect((0, 0), panel.get_size()).contains(tag)
    return True


@pytest.mark.parametrize("badge", ["claim", "owes"])
@pytest.mark.parametrize("size", [(1280, 720), (854, 480), (640, 360), (800, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", [2, 5, 7, 8])
def test_a_badge_covers_no_drawn_pixel_of_its_mats_words(n, size, badge):
    """Issue 37: at 1280x720 and 854x480 with seven or eight seats (mats in columns of four) "Q to claim" and
    "owes 2" covered the foot of the count's digits on the stack of backs and of the keys line, while the
    count's rectangle said it sat above the badge; beside the count, a badge covered the foot of the keys line."""
    _badge_on_the_mat(n, size, badge)


@pytest.mark.parametrize("said", [1, 2])
@pytest.mark.parametrize("size", [(1280, 720), (854, 480), (640, 360)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_badge_waits_under_a_prompts_plate_and_the_count_stays_whole(size, said):
    """Eight seats: while a prompt's plate stands in for a mat's keys rows (or its count's row too), a badge with no
    row of its own under them waits (the plate's line says the key to press: at 1280x720 and 150 % text the plate
    covered "claims the pile"), and the count on the top card is whole."""
    assert not _badge_on_the_mat(8, size, "claim", said)


def test_a_slap_banner_and_the_seats_notes_have_lanes_of_their_own():
    """QA 2, N2: at 8 seats the top seat's "Too late by N ms" lay across the "Top-bottom!" banner."""
    _app, table = table_at((800, 600), deal(8))
    view = table.view
    now = table.now_ns
    view.anim.add(Banner(Tween(now, 900 * MS), "Top-bottom!", at=("slap_banner",), plate=True))
    for seat in range(8):
        view.anim.add(Note(Tween(now, 900 * MS), seat, "Too late by 167 ms", colors.GOLD))
    table.now_ns = now + 100 * MS
    table.draw(pygame.Surface((800, 600)), 0.0)
    boxes = view.text_boxes()
    (banner,) = [b for b in boxes if b.kind == "banner"]
    assert view.banner_lane().contains(banner.rect)
    notes = [b for b in boxes if b.kind == "note"]
    assert sorted(b.seat for b in notes) == list(range(8))
    assert not [b for b in notes if b.rect.colliderect(banner.rect)]
    assert not overlaps(boxes)


@pytest.mark.parametrize("size", SIZES)
def test_the_photo_finish_shows_every_time_whole(size):
    """QA 2, N5: at 640x360 the photo-finish box cut the times ("Bot 7 by 71…")."""
    _app, table = table_at(size, deal(8))
    view = table.view
    now = table.now_ns
    view.model.on_event(PhotoFinishEvent(((6, now, 0, WON), (2, now, 90, TOO_LATE))), now, table.match.state)
    (photo,) = [e for e in view.anim.effects if isinstance(e, PhotoFinish)]
    assert photo.title == "Photo finish" and photo.cells == ((6, "Player 7", "1st"), (2, "Player 3", "+90 ms"))
    drawn: list[tuple[str, int]] = []
    outlined = view.texts.outlined
    view.texts.outlined = lambda text, px, *a, **kw: (drawn.append((text, px)), outlined(text, px, *a, **kw))[1]
    table.now_ns = now + 100 * MS
    table.draw(pygame.Surface(size), 0.0)
    words = [text for text, _ in drawn]
    for whole in ("Player 7", "Player 3", "+90 ms"):
        assert whole in words, (whole, words)
    assert not [w for w in words if "\u2026" in w], "nothing cut"
    low = text_min(size)
    assert all(px >= low for text, px in drawn if text in ("Player 7", "Player 3", "+90 ms"))
    (box,) = [b for b in view.text_boxes() if b.kind == "photo"]
    assert box.rect == view.headline_lane()
