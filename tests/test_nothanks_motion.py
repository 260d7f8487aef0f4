"""Issue 20 items 7 and 11 at the No Thanks table: each seat's matches are a pile that grows and shrinks with
the count (a hidden count is a covered pile of a fixed size); a paid match slides from the payer's pile onto
the card; a take slides the card onto the taker's mat and the pot onto the taker's pile. Reduced motion turns
the movement off, never the information: the counts, the cards and the score are the state's at once, while
flying too. Cards land in the mat's row of cards, never over its count; every seat's note is drawn at its
own mat."""

from __future__ import annotations

import math

import pygame
import pytest
from support_table import MS, nothanks_table, press
from test_coach_table import humans

from game.commands import PASS, TAKE
from game.games.nothanks import engine as nt
from game.games.nothanks import paint
from game.games.nothanks.view_model import Token, Tokens
from game.render.card_art import card_height
from game.render.effects import Face, Note


def table_of(n=3, size=(1280, 720), rules=None, **settings):
    app, table = nothanks_table(rules or nt.Rules(), humans(n), size=size, **settings)
    app.run_ms(400)  # the first card turned and landed
    return app, table


def flyers(table, kind):
    return [f for f in table.view.anim.flyers if isinstance(f.art, kind)]


def close(a, b, tol=1.5):
    return math.dist(a, b) <= tol


def at(view, f, share):
    """A flyer's place at `share` of its flight."""
    return view.flyer_pos(f, f.tween.start_ns + share * f.tween.dur_ns)[0]


def pot_words(table, now):
    surface = pygame.Surface(table.view.L.size)
    table.draw_view(surface, now)
    (count,) = [b for b in table.view.text_boxes() if b.kind == "count" and "on the card" in b.text]
    return count.text


def pass_round(app, table, passes):
    """`passes` seats in turn pay a match onto the card (each flight landed)."""
    for _ in range(passes):
        press(app, table, table.match.state.current_player, PASS)
        app.run_ms(400)


# ---- the piles -------------------------------------------------------------------------------------------------


class Counting(pygame.Surface):
    """A surface that counts what is blitted onto it."""

    def __init__(self, size):
        super().__init__(size, pygame.SRCALPHA)
        self.blitted = 0

    def blit(self, *args, **kwargs):
        self.blitted += 1
        return super().blit(*args, **kwargs)


def test_a_seats_pile_grows_and_shrinks_with_its_count_and_a_hidden_count_is_a_covered_pile_of_fixed_size():
    assert [paint.pile_tokens(n) for n in (0, 1, 2, 5, 11, 12, 40)] == [0, 1, 2, 5, 11, 11, 11]
    assert paint.pile_tokens(None) == paint.HIDDEN_PILE
    _app, table = table_of()
    view = table.view
    drawn = {}
    for shown in (0, 1, 4, 9, None):
        surf = Counting((200, 200))
        paint.seat_pile(view, surf, 0, shown, (100, 100), 40)
        drawn[shown] = surf.blitted
    assert drawn[0] == 0 and drawn[1] < drawn[4] < drawn[9]  # a token each: the pile grows with the count
    assert drawn[None] >= paint.HIDDEN_PILE  # covered: the same few whatever the seat holds
    # a hidden count tells the table nothing: the others' piles are covered, whatever they hold
    app, hidden = table_of(rules=nt.Rules(hidden_matches=True))
    pass_round(app, hidden, 2)  # two seats now hold fewer than the third
    state = hidden.match.state
    keys = [hidden.view.seat_key(s, state, hidden.now_ns) for s in range(3)]
    assert [k[1] for k in keys] == [k[5] for k in keys]
    assert [k[1] is None for k in keys] == [s != state.current_player for s in range(3)]


def test_the_payers_pile_and_the_pot_change_by_one_at_each_pass():
    app, table = table_of()
    view = table.view
    seat = table.match.state.current_player
    before = view.seat_key(seat, table.match.state, table.now_ns)
    pass_round(app, table, 1)
    after = view.seat_key(seat, table.match.state, table.now_ns)
    assert after[1] == before[1] - 1 and after[5] == after[1]
    assert paint.pile_tokens(after[5]) == paint.pile_tokens(before[5]) - 1


# ---- a paid match, a take ------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [3, 8])
def test_a_paid_match_slides_from_the_payers_pile_onto_the_card(n):
    app, table = table_of(n)
    view = table.view
    seat = table.match.state.current_player
    press(app, table, seat, PASS)
    app.step()
    (f,) = flyers(table, Token)
    start, mid, end = (at(view, f, s) for s in (0.0, 0.5, 1.0))
    assert close(start, view.matches_point(seat)) and view.L.seats[seat].rect.collidepoint(start)
    assert close(end, view.geo.pot_point) and view.geo.centre_rect().collidepoint(end)
    assert math.dist(start, mid) > 4 and math.dist(mid, end) > 4  # on its way, between the two
    assert math.dist(start, mid) + math.dist(mid, end) <= math.dist(start, end) + 2
    # the pot's count says the match is there from the start; its pile shows it when it lands
    state = table.match.state
    mid_ns = f.tween.start_ns + f.tween.dur_ns // 2
    assert pot_words(table, mid_ns).startswith(f"{state.pot} ")
    assert view.anim.hidden(("pot",), mid_ns) == 1 and view.anim.hidden(("pot",), f.tween.end_ns) == 0


@pytest.mark.parametrize("n", [3, 5, 8])
def test_a_take_slides_the_card_onto_the_takers_mat_and_its_pot_onto_the_takers_pile(n):
    app, table = table_of(n)
    view = table.view
    pass_round(app, table, 3)
    state = table.match.state
    seat, pot = state.current_player, state.pot
    assert pot == 3
    press(app, table, seat, TAKE)
    app.step()
    (card_flight,) = [f for f in flyers(table, Face)]
    (pot_flight,) = flyers(table, Tokens)
    assert pot_flight.count == pot
    box = view.L.seats[seat]
    # the card: from the face-up card to its place in the taker's runs (on the mat, under its words)
    assert close(at(view, card_flight, 0.0), view.geo.centre_rect().center)
    landing = at(view, card_flight, 1.0)
    assert box.stack.collidepoint(landing) and not box.info.collidepoint(landing)
    # the pot: from the card to the taker's pile, beside the count
    assert close(at(view, pot_flight, 0.0), view.geo.pot_point)
    assert close(at(view, pot_flight, 1.0), view.matches_point(seat)) and box.rect.collidepoint(at(view, pot_flight, 1.0))
    mid_point = at(view, pot_flight, 0.5)
    assert math.dist(mid_point, view.geo.pot_point) > 4 and math.dist(mid_point, view.matches_point(seat)) > 4


def test_while_the_take_flies_the_counts_the_cards_and_the_score_are_the_states():
    """The information never waits for the motion: mid-flight the taker's count, its score and the pot's count
    are the new ones; only the pictures (the pile, the card on the mat) wait for the flight to land."""
    app, table = table_of()
    view = table.view
    pass_round(app, table, 3)
    state = table.match.state
    seat, card = state.current_player, state.card
    press(app, table, seat, TAKE)
    app.step()
    (card_flight,) = flyers(table, Face)
    state = table.match.state
    mid = card_flight.tween.start_ns + card_flight.tween.dur_ns // 2
    _active, shown, held, score, _keys, piled = view.seat_key(seat, state, mid)
    assert shown == state.matches[seat] and score == nt.score(state.cards[seat], state.matches[seat])
    assert card not in held and piled == shown - 3  # the pictures wait
    assert pot_words(table, mid).startswith("0 ")
    end = card_flight.tween.end_ns
    _active, shown_end, held_end, score_end, _keys, piled_end = view.seat_key(seat, state, end)
    assert (shown_end, score_end) == (shown, score) and card in held_end and piled_end == shown_end


def test_reduced_motion_draws_the_end_state_at_once():
    app, table = table_of(reduced_motion=True)
    view = table.view
    assert view.model.reduced_motion
    seat = table.match.state.current_player
    press(app, table, seat, PASS)
    app.step()
    assert flyers(table, Token) == []
    pass_round(app, table, 2)
    state = table.match.state
    seat, card = state.current_player, state.card
    press(app, table, seat, TAKE)
    app.step()
    assert view.anim.flyers == []  # nothing flies: the card, the pot and the next card are in place at once
    state = table.match.state
    _active, shown, held, score, _keys, piled = view.seat_key(seat, state, table.now_ns)
    assert card in held and piled == shown == state.matches[seat]
    assert score == nt.score(state.cards[seat], shown)


# ---- item 11: landed cards never hide a count; notes at their seat -------------------------------------------


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (640, 360)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", [3, 5, 8])
def test_a_landed_card_lies_in_the_mats_row_of_cards_clear_of_its_count(n, size):
    app, table = table_of(n, size)
    view = table.view
    for _ in range(4):  # a few takes: runs on the mats
        pass_round(app, table, 1)
        press(app, table, table.match.state.current_player, TAKE)
        app.run_ms(600)
    state = table.match.state
    surface = pygame.Surface(size)
    table.draw_view(surface, table.now_ns)
    panel = {b.seat: b.rect for b in view.text_boxes() if b.kind == "panel"}
    for seat in range(n):
        held = tuple(sorted(state.cards[seat]))
        box = view.L.seats[seat]
        for value in held:
            x, y = view.anchor(("seat_card", seat, value, held))
            mw = view.geo.mini_w
            card = pygame.Rect(0, 0, mw, card_height(mw))
            card.center = (round(x), round(y))
            assert box.rect.contains(card), (seat, value, card, box.rect)
            assert not card.colliderect(panel[seat]), (seat, value)  # the name, keys and count stay in view


def _gap(a, b):
    """How far apart two rects are (0 where they touch or overlap)."""
    x = max(b.left - a.right, 0, a.left - b.right)
    y = max(b.top - a.bottom, 0, a.top - b.bottom)
    return math.hypot(x, y)


@pytest.mark.parametrize("n", [3, 5, 8])
def test_every_seats_note_is_drawn_at_its_own_mat(n):
    app, table = table_of(n)
    view = table.view
    for seat in range(n):
        if seat != table.match.state.current_player:
            press(app, table, seat, TAKE)
    app.run_ms(120)
    assert len([e for e in view.anim.effects if isinstance(e, Note)]) == n - 1
    surface = pygame.Surface(view.L.size)
    table.draw_view(surface, table.now_ns)
    notes = [b for b in view.text_boxes() if b.kind == "note"]
    assert len(notes) == n - 1
    mats = [s.rect for s in view.L.seats]
    for note in notes:  # beside its own mat (or on it), nearer to it than to any other
        mine = _gap(note.rect, mats[note.seat])
        assert all(mine <= _gap(note.rect, r) for r in mats), (note.seat, note.rect)
        assert mine <= view.L.size[1] * 0.06, (note.seat, note.rect)


def test_the_flights_are_short():
    """Motion decorates: a paid match lands within 0.3 s and a take within 0.4 s."""
    app, table = table_of()
    press(app, table, table.match.state.current_player, PASS)
    app.step()
    (f,) = flyers(table, Token)
    assert f.tween.dur_ns <= 300 * MS
    pass_round(app, table, 1)
    press(app, table, table.match.state.current_player, TAKE)
    app.step()
    assert all(f.tween.dur_ns <= 400 * MS for f in table.view.anim.flyers if isinstance(f.art, (Face, Tokens)))
