"""Learners at the real table (issue 11): the "no penalty" rule (wrong slaps burn nothing), a missed
slappable pile named after it passes ("Missed: Double"), and a learner seat's hint (the pattern outlined,
"Slap! Double" at its seat) after its delay."""

from __future__ import annotations

import pygame
from support_table import FakeApp, FixedHands, press

from game.commands import PLAY, SLAP, Command
from game.core.contract import TableConfig
from game.games.ratscrew import engine as rs
from game.games.ratscrew import text as rs_text
from game.games.ratscrew.match import Missed, RatscrewMatch, Slappable
from game.games.ratscrew.view_model import Hint, HintNote
from game.match import SeatSpec
from game.render.colors import seat_color
from game.render.effects import Banner

MS = 1_000_000
HANDS = [["5C", "9C", "2C", "6C", "8S"], ["5D", "8D", "3D", "7D", "4S"]]


def table(seats, rules=None, hands=HANDS, size=(1280, 720)):
    app = FakeApp(size)
    t = FixedHands(TableConfig("ratscrew", rules or rs.Rules(), seats, seed=1), [h[:] for h in hands])
    app.push(t)
    return app, t


# -- no penalty -----------------------------------------------------------------------------------------
def test_no_penalty_wrong_slaps_burn_nothing():
    st = rs.new_game(rs.Rules(burn=0), hands=[["5C", "9C"], ["6D", "8D"]])
    st.apply(rs.Play(0))
    events = st.apply(rs.Slap(1))
    assert events == [rs.WrongSlap(1, 0)]
    assert st.hands[1] == ["6D", "8D"] and st.burned == []


def test_no_penalty_still_puts_out_a_player_with_no_cards_who_slaps_wrong():
    st = rs.new_game(rs.Rules(burn=0), hands=[["5C", "9C"], ["6D"]])
    st.apply(rs.Play(0))
    st.apply(rs.Play(1))  # its last card: ran out, still in
    events = st.apply(rs.Slap(1))
    assert [type(e).__name__ for e in events][:2] == ["WrongSlap", "PlayerOut"]


def test_no_penalty_is_a_lobby_choice_with_its_words():
    # Issue 21: only a table that has it (an older preset) offers it; a learner seat has its own.
    rules = rs.Rules.from_options({"burn": 0})
    burn = next(o for o in rs_text.rule_options(rules) if o.name == "burn")
    assert 0 in [v for v, _ in burn.choices] and burn.label_of(0) == "No penalty"
    assert "no penalty" in rs_text.summary(rules)
    assert "Wrong slap: no penalty" in rs_text.table_corner(rules)
    assert any("costs nothing" in line for line in rs_text.rules_text(rules))


def test_no_penalty_at_the_table_says_so_and_keeps_the_cards():
    app, t = table([SeatSpec("human", name="Mia"), SeatSpec("human", name="Bo")], rs.Rules(burn=0))
    press(app, t, 0, PLAY)
    app.run_ms(300)
    press(app, t, 1, SLAP)
    app.run_ms(100)
    assert len(t.match.state.hands[1]) == 5
    t.draw(pygame.Surface(app.size), 0.0)
    notes = [b.text for b in t.view.text_boxes() if b.kind == "note"]
    assert "Wrong slap! No penalty" in notes


# -- a missed pile is named -----------------------------------------------------------------------------
def test_a_slappable_pile_covered_unslapped_is_reported_missed():
    m = RatscrewMatch(rs.Rules(), [SeatSpec("human"), SeatSpec("human")], seed=1, start_ns=0,
                      hands=[h[:] for h in HANDS])
    m.submit(Command(0, PLAY, 100 * MS))
    m.submit(Command(1, PLAY, 200 * MS))
    out = m.advance(250 * MS)
    assert [x.event for x in out if isinstance(x.event, Slappable)] == [Slappable("double", ("5C", "5D"))]
    m.submit(Command(0, PLAY, 900 * MS))
    out = m.advance(1000 * MS)
    assert [(x.t_ns, x.event) for x in out if isinstance(x.event, Missed)] == [(900 * MS, Missed("double", ("5C", "5D")))]


def test_a_slapped_pile_is_not_missed():
    m = RatscrewMatch(rs.Rules(), [SeatSpec("human"), SeatSpec("human")], seed=1, start_ns=0,
                      hands=[h[:] for h in HANDS])
    m.submit(Command(0, PLAY, 100 * MS))
    m.submit(Command(1, PLAY, 200 * MS))
    m.submit(Command(0, SLAP, 600 * MS))
    m.submit(Command(0, PLAY, 900 * MS))
    out = m.advance(2000 * MS)
    assert not [x for x in out if isinstance(x.event, Missed)]


def test_the_table_names_the_missed_pattern_in_the_headline():
    app, t = table([SeatSpec("human", name="Mia"), SeatSpec("human", name="Bo")])
    press(app, t, 0, PLAY)
    app.run_ms(300)
    press(app, t, 1, PLAY)
    app.run_ms(600)
    press(app, t, 0, PLAY)  # 9♣ on the double
    app.run_ms(200)
    surface = pygame.Surface(app.size)
    t.draw(surface, 0.0)
    boxes = [(b.kind, b.text) for b in t.view.text_boxes()]
    assert ("banner", "Missed: Double") in boxes
    app.run_ms(2000)
    t.draw(surface, 0.0)
    assert "Missed: Double" not in [b.text for b in t.view.text_boxes()]


def test_a_missed_note_waits_for_a_photo_finish_showing():
    from game.games.ratscrew.match import PhotoFinish as Finish
    from game.games.ratscrew.view_model import RatscrewModel

    model = RatscrewModel(rs.Rules(), ["Mia", "Bo"], seed=1)
    st = rs.new_game(rs.Rules(), hands=[h[:] for h in HANDS])
    model.on_event(Finish(((0, 0, 0, "won"), (1, 10, 10, "too late"))), 0, st)
    model.on_event(Missed("sandwich", ("5C", "5D")), 1000 * MS, st)
    (banner,) = [e for e in model.anim.effects if isinstance(e, Banner)]
    assert banner.text == "Missed: Sandwich" and banner.tween.start_ns == 2000 * MS


# -- hints for learner seats ----------------------------------------------------------------------------
def pile_pixels(t, colour) -> int:
    surface = pygame.Surface(t.app.size)
    t.draw(surface, 0.0)
    zone = t.view.geo.pile_zone
    return sum(1 for x in range(zone.left, zone.right, 2) for y in range(zone.top, zone.bottom, 2)
               if tuple(surface.get_at((x, y)))[:3] == colour)


def test_a_learners_hint_shows_after_its_delay_and_goes_with_the_chance():
    seats = [SeatSpec("human", name="Mia", hint_ms=1000), SeatSpec("human", name="Bo")]
    app, t = table(seats)
    press(app, t, 0, PLAY)
    app.run_ms(300)
    press(app, t, 1, PLAY)  # the double
    app.run_ms(900)
    now = t.now_ns
    assert not t.view.anim.active(Hint, now)
    before = pile_pixels(t, seat_color(0))
    app.run_ms(200)
    now = t.now_ns
    (hint,) = t.view.anim.active(Hint, now)
    assert hint.seat == 0 and set(hint.cards) == {"5C", "5D"}
    (note,) = t.view.anim.active(HintNote, now)
    assert note.seat == 0 and note.text == "Slap! Double"
    assert pile_pixels(t, seat_color(0)) > before + 20  # the two cards outlined in Mia's colour
    assert "Slap! Double" in [b.text for b in t.view.text_boxes() if b.kind == "note"]
    press(app, t, 1, SLAP)  # Bo takes it: the hint goes
    app.run_ms(50)
    assert not t.view.anim.active(Hint, t.now_ns) and not t.view.anim.active(HintNote, t.now_ns)


def test_only_learner_seats_get_hints_and_a_missed_chance_ends_them():
    seats = [SeatSpec("human", name="Mia"), SeatSpec("human", name="Bo", hint_ms=500)]
    app, t = table(seats)
    press(app, t, 0, PLAY)
    app.run_ms(300)
    press(app, t, 1, PLAY)
    app.run_ms(700)
    assert [h.seat for h in t.view.anim.active(Hint, t.now_ns)] == [1]
    press(app, t, 0, PLAY)  # covered: missed
    app.run_ms(50)
    assert not t.view.anim.active(Hint, t.now_ns)


def test_no_learners_no_hints():
    app, t = table([SeatSpec("human", name="Mia"), SeatSpec("human", name="Bo")])
    press(app, t, 0, PLAY)
    app.run_ms(300)
    press(app, t, 1, PLAY)
    app.run_ms(4000)
    assert not [e for e in t.view.anim.effects if isinstance(e, (Hint, HintNote))]
