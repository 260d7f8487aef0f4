"""No Thanks from the sofa (issue 10, items 6, 9, 10 and 14): seats sit where their keys are; the counted
card of a run lies on top, unfaded; the numbered edition says "chips" everywhere and draws chips; a move
log of the last takes and passes toggles with ← / → in a place of its own; no text under 20 px at
1280x720 mid-game; an ace is drawn as an A. Screenshots go to the test screenshot folder (nt_couch_*)."""

from __future__ import annotations

import hashlib
import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from support_table import FakeApp, press, screenshot

from game import games
from game.commands import DOWN, LEFT, PASS, RIGHT, TAKE, Command
from game.core.contract import TableConfig
from game.games.nothanks import engine as nt
from game.games.nothanks import text as nt_text
from game.games.nothanks.geometry import text_floor, token_kind
from game.games.nothanks.match import NO_MATCHES
from game.games.nothanks.move_log import LOG_ROWS_WANTED
from game.games.nothanks.table import NothanksTable
from game.games.nothanks.view import NothanksView
from game.games.nothanks.view_model import Move, NothanksModel, card_key, card_name, value_sum
from game.match import Ignored, SeatSpec
from game.render.card_art import INK_SHARE, VALUE_INDEX, CardArt
from game.render.layout import place_angle
from game.render.seat_order import router_places
from game.render.tokens import CHIP, STICK

pygame.init()

MS = 1_000_000
SIZES = [(1280, 720), (640, 360), (800, 600), (1920, 1080)]


def humans(n):
    return [SeatSpec("human", name=f"Player {i + 1}") for i in range(n)]


def table_for(n, size=(1280, 720), rules=None, seed=3, seats=None):
    app = FakeApp(size)
    table = NothanksTable(TableConfig("nothanks", rules or nt.Rules(), seats or humans(n), seed=seed),
                          threaded=False)
    app.push(table)
    return app, table


def play(app, table, moves):
    """Play `moves` ("t" take, "p" pass) by whoever is on turn."""
    st = table.match.state
    for m in moves:
        press(app, table, st.current_player, TAKE if m == "t" else PASS, after_ms=300)
        app.run_ms(600)


def digest(surf):
    return hashlib.sha1(pygame.image.tobytes(surf, "RGBA")).hexdigest()


# ---- 9: seats sit where their keys are -------------------------------------------------------------------


def test_the_table_seats_p2_right_and_p3_left_with_one_keyboard():
    _, table = table_for(3)
    view = table.view
    assert view.places == router_places(table.app.input, 3)
    cx = view.L.centre[0]
    seats = view.L.seats
    assert seats[1].rect.centerx > cx, "P2 (P / R-Shift) sits on the right"
    assert seats[2].rect.centerx < cx, "P3 (Z / L-Ctrl) sits on the left"
    assert seats[0].rect.centery > view.L.centre[1], "P1 stays at the bottom"
    screenshot(table, "nt_couch_seats_3.png")


def test_the_turn_still_goes_round_the_table():
    for n in range(3, 9):
        _, table = table_for(n)
        angles = [s.angle for s in table.view.L.seats]
        steps = {round((b - a) % 360, 3) for a, b in zip(angles, angles[1:] + angles[:1], strict=True)}
        assert steps in ({round(360 / n, 3)}, {round(360 - 360 / n, 3)}), (n, angles)


def test_bots_keep_todays_table_and_a_lone_left_hand_player_sits_left():
    bots = [SeatSpec("bot", "easy", f"Bot {i}") for i in (1, 2, 3, 4)]
    _, table = table_for(4, seats=bots)
    assert table.view.places == (0.0, 1.0, 2.0, 3.0), "no keyboard seat: nothing to match"
    assert [s.angle for s in table.view.L.seats] == [place_angle(i, 4) for i in range(4)]
    _, table = table_for(4, seats=[SeatSpec("human", name="Ada"), *bots[1:]])  # Q / L-Shift
    assert table.view.L.seats[0].rect.centerx < table.view.L.centre[0], "Ada's keys are on the left"


def test_two_players_on_one_keyboard_face_each_other_left_and_right():
    _, table = table_for(2, rules=nt.Rules())
    xs = [math.cos(math.radians(s.angle)) for s in table.view.L.seats]
    assert xs[0] < -0.99 and xs[1] > 0.99
    screenshot(table, "nt_couch_seats_2.png")


# ---- 10: the counted card on top, unfaded --------------------------------------------------------------


def drawn_runs(view, seat, held):
    """(value, card rect in the panel, counted) in drawing order, as the panel draws them."""
    box = view.L.seats[seat]
    mw = view.geo.mini_w
    mh = round(mw * 1.397)
    sy = box.stack.y - box.rect.y + (box.stack.h - mh) // 2
    return [(v, pygame.Rect(box.stack.x - box.rect.x + x, sy, mw, mh), c)
            for v, x, c in view.geo.run_positions(seat, held)]


def index_rect(view, value, card):
    """Where a small card's index is drawn on it (its margin and its ink, as wide as drawn)."""
    from game.render.card_art import VALUE_INDEX_WIDE, _glyph

    w = card.w
    label = card_name(view.rules, value).lstrip("\u2660\u2665\u2666\u2663")
    ink = _glyph(label, w * VALUE_INDEX, (0, 0, 0))
    margin = round(w * 0.12) if view.rules.edition == "numbered" else max(2, round(w * 0.06))
    return pygame.Rect(card.x, card.y, margin + min(ink.get_width(), round(w * VALUE_INDEX_WIDE)),
                       margin + ink.get_height())


@pytest.mark.parametrize("rules", [nt.Rules(), nt.Rules.numbered()], ids=["cards", "numbered"])
def test_the_counted_card_lies_on_top_of_its_run_and_every_card_behind_shows_its_index(rules):
    _, table = table_for(3, rules=rules)
    view = table.view
    held = [5, 6, 7, 12, 27, 28, 29] if rules.edition == "cards" else [5, 6, 7, 12, 20, 21, 33, 34, 35]
    cards = drawn_runs(view, 0, held)
    for run in nt.runs(held):
        group = [(i, v, r, c) for i, (v, r, c) in enumerate(cards) if v in run.cards]
        last = group[-1]
        assert last[1] == run.counted and last[3], "the counted (lowest) card is drawn last: on top"
        assert all(not c for _, _, _, c in group[:-1])
        assert [v for _, v, _, _ in group] == sorted(run.cards, reverse=True), "highest at the back"
        for k, (i, v, r, _) in enumerate(group):
            later = [rr for _, _, rr, _ in group[k + 1:]]
            index = index_rect(view, v, r)
            assert not any(index.colliderect(rr) for rr in later), f"{v}'s index is covered"
    screenshot(table, f"nt_couch_runs_{rules.edition}.png")


def test_the_counted_card_is_drawn_unfaded_and_the_others_faded():
    from game.games.nothanks import paint

    _, table = table_for(3)
    view = table.view
    held = [20, 21, 22]
    surf = paint.panel(view, 0, 11, held)
    cards = drawn_runs(view, 0, held)
    mw = view.geo.mini_w
    for value, rect, counted in cards:
        art = view.art.surface(view.card_key(value, mini=True), mw)
        # a pixel of paper in the card's visible strip, away from the frame and the index
        x, y = rect.x + max(3, mw // 8), rect.y + rect.h - max(4, mw // 6)
        drawn = surf.get_at((x, y))[:3]
        paper = art.get_at((x - rect.x, y - rect.y))[:3]
        if counted:
            assert drawn == paper, "the counted card is as bright as its art"
        else:
            assert sum(drawn) < sum(paper) - 30, "a card behind is faded"


# ---- 10: chips in the numbered edition, matches in the cards one ---------------------------------------


def everything_said(rules):
    """Every text a player reads about tokens in this edition: lobby options, summary, rules, notes,
    prompts, the move log and the results screen's header."""
    model = NothanksModel(rules, ["Ada", "Bo", "Cy"])
    st = nt.new_game(rules, 3, seed=1)
    out = [o.label for o in nt_text.rule_options(rules, 3)]
    out += [label for o in nt_text.rule_options(rules, 3) for _, label in o.choices]
    out += [nt_text.summary(rules), nt_text.summary(nt.Rules(edition=rules.edition, matches=1,
                                                             hidden_matches=True)
                                                    if rules.edition == "cards" else rules)]
    out += nt_text.rules_text(rules)
    out += [nt_text.tie_break_note(rules), games.get("nothanks").lobby_note(rules)]
    out.append(model.prompt_text(st))
    st.matches[0] = 0
    out.append(model.prompt_text(st))
    model.bots = {0}
    out.append(model.prompt_text(st))
    out.append(model.ignored_note(Ignored(0, PASS, f"{NO_MATCHES}: x"))[0])
    model.moves.extend([Move("pass", 1, None, 1), Move("take", 2, 20, 1), Move("take", 0, 21, 3)])
    out += [words for _, words in model.move_lines(st)]
    return out


def test_the_numbered_edition_says_chips_everywhere_and_draws_chips():
    said = everything_said(nt.Rules.numbered())
    assert not [s for s in said if "match" in s.lower()], [s for s in said if "match" in s.lower()]
    assert sum("chip" in s.lower() for s in said) >= 12
    assert "Chips each" in said and "Chip counts" in said
    assert token_kind(nt.Rules.numbered()) == CHIP
    view = NothanksView(nt.Rules.numbered(), ["A", "B", "C"], ["", "", ""], seed=1)
    assert view.token_kind == CHIP


def test_the_cards_edition_says_matches_and_draws_matchsticks():
    said = everything_said(nt.Rules())
    assert not [s for s in said if "chip" in s.lower()]
    assert "Matches each" in said and "Cards per suit" in said
    assert token_kind(nt.Rules()) == STICK


def test_the_lobby_note_without_rules_names_neither():
    note = games.get("nothanks").lobby_note()
    assert "match" not in note and "chip" not in note and "share the win" in note


def test_the_results_screen_says_chips_and_draws_them_in_the_numbered_edition(monkeypatch):
    from game.games.nothanks.results import NothanksResults
    from game.ui import widgets as ui

    app, table = table_for(3, rules=nt.Rules.numbered())
    play(app, table, "ppptpt")
    res = NothanksResults(table.config, table.match)
    assert res.token_kind == CHIP
    said, kinds = [], []
    real_blit, real_sprite = ui.blit_text, res.tokens.sprite
    monkeypatch.setattr(ui, "blit_text", lambda s, text, *a, **k: said.append(text) or real_blit(s, text, *a, **k))
    monkeypatch.setattr(res.tokens, "sprite", lambda kind, *a: kinds.append(kind) or real_sprite(kind, *a))
    res.art = CardArt()
    size = (1280, 720)
    res.layout(size, pygame.Rect(20, 80, 1240, 560))
    res.draw(pygame.Surface(size))
    assert "Chips" in said and "Matches" not in said
    assert kinds and set(kinds) == {CHIP}


# ---- 10: the move log ------------------------------------------------------------------------------------


def test_the_move_log_toggles_with_left_and_right_and_lists_takes_and_passes():
    app, table = table_for(3)
    view = table.view
    assert not view.show_log and view.log_rect() is None
    table.handle(Command(None, LEFT, app.clock()))
    assert view.show_log and view.log_rect() is not None
    play(app, table, "ppt")
    lines = [words for _, words in view.model.move_lines(table.match.state)]
    taken = table.match.history.takes[-1]
    name = card_name(view.rules, taken.card)
    assert lines == [f"Player 1 paid a match on {name}", f"Player 2 paid a match on {name}",
                     f"Player 3 took {name} with 2 matches"]
    play(app, table, "p")
    now = card_name(view.rules, table.match.state.card)
    assert view.model.move_lines(table.match.state)[-1] == (0, f"Player 1 paid a match on {now}")  # the turn passed
    surf = screenshot(table, "nt_couch_log_3.png")
    assert ("log", view.log_rect()) in [(b.kind, b.rect) for b in view.text_boxes()]
    log = view.log_rect()
    assert surf.get_at(log.center) != pygame.Surface((1, 1)).get_at((0, 0))  # drawn
    table.handle(Command(None, RIGHT, app.clock()))
    assert not view.show_log and view.log_rect() is None
    table.handle(Command(None, DOWN, app.clock()))  # ↑/↓ stay the teaching aid's
    assert not view.show_log and not view.teaching_aid


def test_the_log_keeps_the_last_moves_and_names_aces_as_on_the_cards():
    model = NothanksModel(nt.Rules(), ["Ada", "Bo"])
    st = nt.new_game(nt.Rules(), 2, seed=1)
    model.on_event(nt.MatchPaid(0, 1), 0, st)
    model.on_event(nt.CardTaken(1, 28, 1), 0, st)
    assert [w for _, w in model.move_lines(st)] == ["Ada paid a match on \u2660A", "Bo took \u2660A with 1 match"]
    for i in range(20):
        model.on_event(nt.MatchPaid(i % 2, 1), 0, st)
    assert len(model.move_lines(st)) == 8 and len(model.move_lines(st, 3)) == 3


def other_text(view, state, now):
    """Every other text's box on the table: the seats as drawn at their biggest, the corner's small
    print, the centre's words as drawn and the pot's count."""
    out = list(view.geo.keep_out(view.corner_rect()))
    out += [rect for _, _, rect in view.words.centre_texts(state, now)]
    out.append(view.log.pot_rect())
    out += [view.geo.deck_rect(), view.geo.centre_rect()]
    return out


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("edition,n", [("cards", n) for n in range(2, 9)] + [("numbered", n) for n in (3, 5, 7)])
def test_the_log_has_a_place_of_its_own(size, edition, n):
    rules = nt.Rules.numbered() if edition == "numbered" else nt.Rules()
    app, table = table_for(n, size, rules)
    view = table.view
    play(app, table, "pptpt")
    table.handle(Command(None, RIGHT, app.clock()))
    surf = pygame.Surface(size)
    table.draw(surf, 0.0)
    log = view.log_rect()
    assert log is not None, f"no room for the log at {size} with {n} seats"
    assert pygame.Rect((0, 0), size).contains(log)
    rows = view.log.placed(True).rows
    # the last few moves: three at least in a window of 600 px or more (two with eight seats, whose
    # panels leave the corners short), one at least in any window
    assert rows >= ((LOG_ROWS_WANTED if n < 8 else 2) if size[1] >= 600 else 1), rows
    hit = log.collidelist(other_text(view, table.match.state, table.now_ns))
    assert hit < 0, f"the log {log} lies on {other_text(view, table.match.state, table.now_ns)[hit]}"
    for b in view.text_boxes():
        if b.kind != "log":
            assert not b.rect.colliderect(log), (b.kind, b.rect, log)
    # the seats' notes keep off it too
    for seat in range(n):
        assert not view.notes.zone(seat).colliderect(log), seat
    if size in ((1280, 720), (640, 360)) and n in (3, 6):
        screenshot(table, f"nt_couch_log_{edition}_{n}_{size[0]}x{size[1]}.png")


# ---- 6: no text under 24 px at 1280x720 (issue 20: the couch's floor; the prompt and counts 28) ------------------------------------------------------------------


@pytest.mark.parametrize("edition,n", [("cards", n) for n in range(2, 9)] + [("numbered", n) for n in range(3, 8)])
def test_no_text_under_24_px_at_720p(edition, n):
    rules = nt.Rules.numbered() if edition == "numbered" else nt.Rules()
    app, table = table_for(n, (1280, 720), rules)
    view = table.view
    play(app, table, "pt")
    st = table.match.state
    view.show_log = True
    assert view.geo.floor == 24 == text_floor((1280, 720))  # the couch's word floor (issue 20)
    assert view.geo.small_size >= 28  # "N left", "on the card", the prompt's largest size
    s, _, _ = view.words.prompt_fit(view.model.prompt_text(st), view.geo.small_size)
    assert s >= 28  # the prompt
    for name, img, _ in view.words.centre_texts(st, table.now_ns):
        assert img.get_height() >= view.texts.font(24, True).get_height(), name
    for seat in range(n):
        assert view.tag_fit(seat)[0] >= 24 and view.count_size(seat) >= 28
    assert view.log.size() >= 24
    # a seat's small cards: the index's ink as tall as 20 px text's
    assert view.geo.mini_w * VALUE_INDEX >= 20 * INK_SHARE


@pytest.mark.parametrize("size", [(640, 360), (1920, 1080)])
def test_text_scales_with_the_window(size):
    _, table = table_for(5, size)
    view = table.view
    assert view.geo.floor == max(10, round(24 * size[1] / 720))
    assert view.geo.small_size >= view.geo.floor


# ---- 14: aces are As, "Cards per suit" -------------------------------------------------------------------


def test_an_ace_is_drawn_as_an_a_everywhere():
    rules = nt.Rules()
    assert card_key(rules, 28) == ("nt", 28, "S", "A", False)
    assert card_name(rules, 28) == "\u2660A" and card_name(rules, 10) == "\u2666A"
    assert value_sum(rules, 28) == "\u2660A = 3 \u00d7 9 + 1 = 28"
    assert card_name(nt.Rules.numbered(), 17) == "17"
    art = CardArt()
    for width, mini in ((112, False), (45, True)):
        # the title passes rank "1": the same card as the table's "A"
        assert digest(art.nt_card(28, width, "S", "1", mini)) == digest(art.nt_card(28, width, "S", "A", mini))
        assert digest(art.nt_card(28, width, "S", "A", mini)) != digest(art.nt_card(28, width, "H", "A", mini))
    shown = games.get("nothanks").showcase(art, 90)
    assert digest(shown[0]) == digest(art.surface(card_key(rules, 28), 90))


def test_the_ace_looks_like_an_ace_not_a_one():
    """The index of ♠A is an A: its ink is wider than a 1's."""
    from game.render.card_art import _glyph

    a, one = _glyph("A", 30, (0, 0, 0)), _glyph("1", 30, (0, 0, 0))
    art = CardArt()
    card = art.nt_card(28, 200, "S", "A")
    corner = card.subsurface(pygame.Rect(0, 0, 60, 60)).get_bounding_rect(min_alpha=1)
    assert a.get_width() > one.get_width() * 1.2 and corner.w > 0


def test_the_lobby_says_cards_per_suit():
    labels = [o.label for o in nt_text.rule_options(nt.Rules())]
    assert "Cards per suit" in labels and not any("(K)" in label for label in labels)
