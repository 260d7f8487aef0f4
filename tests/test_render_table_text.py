"""Table text a playtester must be able to read: which key does what (panels and the central prompt),
names that fit narrow panels, score tags inside the window, pot matches clear of the pot count.
Screenshots of both games at 2, 4 and 8 seats and five window sizes go to tests/_out/text_*.png."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from support_table import FakeApp, human_table, nothanks_table, press, screenshot

from game import games
from game.commands import PLAY, SLAP
from game.core.contract import TableConfig
from game.games.nothanks import engine as nt
from game.games.ratscrew import engine as rs
from game.games.ratscrew.table import RatscrewTable
from game.input.router import InputRouter
from game.match import SeatSpec
from game.render.seat_keys import SeatKeys, controls_line, seat_keys
from game.render.tokens import MAX_SHOWN

SIZES = [(640, 720), (800, 600), (1280, 720), (1920, 1080), (1280, 400)]
NAMES = ["Beatrice", "Priya", "Oskar", "Margaret", "Ada", "Jonas", "Wen", "Lucia"]

pygame.init()


def humans(n):
    return [SeatSpec("human", name=NAMES[i]) for i in range(n)]


def ratscrew_table(seats, size=(1280, 720), seed=4):
    app = FakeApp(size)
    table = RatscrewTable(TableConfig("ratscrew", rs.Rules(), seats, seed=seed))
    app.push(table)
    return app, table


# ---- key labels ------------------------------------------------------------------------------------


def test_seat_keys_come_from_the_real_router_read_only():
    router = InputRouter()
    before = router.bindings.to_dict(), dict(router.owner)
    assert seat_keys(router, 0) == SeatKeys("Q", "L-Shift")
    assert seat_keys(router, 1) == SeatKeys("P", "R-Shift")
    assert seat_keys(router, 7) == SeatKeys("Num +", "Num Enter")
    assert (router.bindings.to_dict(), dict(router.owner)) == before
    router.bind(0, "take", "w")
    assert seat_keys(router, 0) == SeatKeys("W", "L-Shift")
    router.release(2)
    assert seat_keys(router, 2) is None


def test_seat_keys_for_a_pad_seat_use_the_pad_layout():
    from game.input.families import PLAYSTATION
    from game.input.pads import CONTROLLER, Pad

    router = InputRouter()
    router.assign("pad:5", 3)
    pad = Pad(5, 2, "a pad", "guid", CONTROLLER)  # no real pad here: a generic one (the Xbox words)
    router.pad_of = lambda seat: pad if seat == 3 else None
    assert seat_keys(router, 3) == SeatKeys("A", "B", "Controller 2", "Start")
    router.bind_pad("first", "x")
    assert seat_keys(router, 3) == SeatKeys("X", "B", "Controller 2", "Start")
    pad.family = PLAYSTATION  # the same layout, named as a PlayStation pad prints it
    assert seat_keys(router, 3) == SeatKeys("□", "○", "Controller 2", "Options")


def test_seat_keys_of_a_lost_pad_or_no_router_are_none():
    router = InputRouter()
    router.assign("pad:5", 3)
    router.lost[3] = object()  # the pad that played seat 3 was unplugged
    assert seat_keys(router, 3) is None
    assert seat_keys(None, 0) is None


def test_controls_lines_say_what_each_key_does():
    assert controls_line(SeatKeys("Q", "L-Shift"), games.get("nothanks").button_words()) == "Q take \u00b7 L-Shift pass"
    assert controls_line(SeatKeys("Q", "L-Shift"), games.get("ratscrew").button_words()) == "Q play \u00b7 L-Shift slap"
    assert controls_line(SeatKeys("A", "B", "Controller 1"), games.get("nothanks").button_words()) == "Controller 1: A take \u00b7 B pass"


def test_nothanks_panels_and_prompt_name_the_keys():
    seats = [SeatSpec("human", name="Ada"), SeatSpec("bot", "easy"), SeatSpec("human", name="Cy")]
    app, table = nothanks_table(nt.Rules(), seats)
    view = table.view
    assert view.controls == ["Q take \u00b7 L-Shift pass", "bot: easy", "Z take \u00b7 L-Ctrl pass"]
    st = table.match.state
    assert st.current_player == 0
    assert view.model.prompt_text(st) == "Ada: take it (Q) or pay a match (L-Shift)?"
    screenshot(table, "text_nothanks_prompt.png")
    press(app, table, 0, "pass")
    app.step()
    assert st.current_player == 1
    assert view.model.prompt_text(st) == "Bot 2 is thinking\u2026"  # a bot presses nothing: it is not asked


def test_ratscrew_prompts_name_the_key_for_the_seat_to_act():
    app, table = human_table([["KC", "2C", "3C"], ["4D", "5D", "6D", "7D"]])
    view, st = table.view, table.match.state
    assert view.controls == ["Q play \u00b7 L-Shift slap", "P play \u00b7 R-Shift slap"]
    assert view.model.status_text(st) == "P1: press Q to play"
    press(app, table, 0, PLAY)  # a king: P2 owes 3
    app.step()
    assert view.model.status_text(st) == "P2 owes 3: press P"
    for _ in range(3):
        press(app, table, 1, PLAY, after_ms=250)
        app.step()
    assert st.awaiting_claim
    assert view.model.status_text(st) == "P1: press Q to claim (or wait)"
    assert view.seat_key(0, st, table.now_ns)[4], "the claimer's panel shows the claim badge"
    screenshot(table, "text_ratscrew_claim.png")


def test_ratscrew_seat_without_cards_is_told_how_to_get_back_in():
    app, table = human_table([["2C"], ["2D", "3H", "4S"], ["5H", "6H", "7H"]])
    st = table.match.state
    press(app, table, 0, PLAY)
    app.run_ms(300)
    assert st.hands[0] == [] and st.in_game(0)
    assert table.view.model.panel_hint(0, 0, False) == "slap (L-Shift) to get back in"
    assert table.view.model.panel_hint(1, 3, False) == ""
    screenshot(table, "text_ratscrew_back_in.png")
    press(app, table, 1, PLAY)
    app.run_ms(300)
    press(app, table, 0, SLAP)  # 2♣ 2♦: a double, the empty seat slaps back in
    app.step()
    assert st.hands[0]


# ---- sizes -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["nothanks", "ratscrew"])
def test_names_fit_their_panels(size, game):
    for n in (2, 4, 8):
        if game == "nothanks":
            _, table = nothanks_table(nt.Rules(), humans(n), size=size)
        else:
            _, table = ratscrew_table(humans(n), size=size)
        view = table.view
        for seat in range(n):
            text, px = view.panels.name_fit(seat)
            assert text == NAMES[seat], f"{NAMES[seat]!r} shown as {text!r} at {size} with {n} seats"
            assert px >= 10
        screenshot(table, f"text_{game}_{n}_{size[0]}x{size[1]}.png")


def test_narrow_window_text_scales_with_panel_width():
    _, narrow = nothanks_table(nt.Rules(), humans(4), size=(640, 720))
    _, wide = nothanks_table(nt.Rules(), humans(4), size=(1280, 720))
    assert narrow.view.L.seats[0].rect.h == wide.view.L.seats[0].rect.h  # same height...
    assert narrow.view.text_unit(0) < wide.view.text_unit(0)  # ...but smaller text in the narrow panel
    font = narrow.view.texts.font(narrow.view.panels.name_fit(0)[1], True)
    assert font.size(NAMES[0])[0] < narrow.view.L.seats[0].info.w - narrow.view.name_reserve(0)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [2, 4, 8])
def test_nothanks_score_tags_stay_inside_the_window(size, n):
    _, table = nothanks_table(nt.Rules(), humans(n), size=size)
    view, st = table.view, table.match.state
    window = pygame.Rect(0, 0, *view.L.size)
    for seat in range(n):
        key = view.seat_key(seat, st, table.now_ns)
        _, inner, tags = view.panels.image(seat, key[1:])
        assert tags is not None
        area = view.panels.area(seat)
        lift = max(2, inner.h // 22)  # the seat whose turn it is is drawn lifted
        tag = tags.get_bounding_rect().move(area.x, area.y - lift)
        assert window.contains(tag), f"seat {seat}'s score tag {tag} leaves the window {size}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rules", [nt.Rules(), nt.Rules.numbered()])
def test_pot_tokens_stay_clear_of_the_pot_count(size, rules):
    _, table = nothanks_table(rules, humans(3), size=size)
    view = table.view
    scratch = pygame.Surface(view.L.size, pygame.SRCALPHA)
    for seed in range(12):
        area = view.tokens.draw_pile(
            scratch, view.geo.pot_point, MAX_SHOWN, view.geo.pot_unit, view.token_kind, seed=seed
        )
        assert area.right < view.geo.pot_digits_spot[0] - 2, f"seed {seed}: tokens reach the count"


@pytest.mark.parametrize("size", [(640, 720), (1280, 720)])
def test_nothanks_full_pot_screenshot(size):
    app, table = nothanks_table(nt.Rules(), humans(4), size=size)
    st = table.match.state
    for i in range(12):
        press(app, table, st.current_player, "pass", after_ms=300)
        app.step()
    app.run_ms(600)
    assert st.pot == 12
    screenshot(table, f"text_nothanks_pot_{size[0]}x{size[1]}.png")


def test_wrap_breaks_between_parts_first_then_at_spaces_and_loses_nothing():
    from game.render.text import get_font, wrap

    font = get_font(20)
    text = "Slaps: Double, Sandwich, Top-bottom · wrong slap burns 2, dead · J1 Q2 K3 A4"
    wide = wrap(text, font, font.size("wrong slap burns 2, dead · J1 Q2 K3 A4")[0])
    assert wide == ["Slaps: Double, Sandwich, Top-bottom", "wrong slap burns 2, dead · J1 Q2 K3 A4"]
    narrow = wrap(text, font, 120)
    assert all(font.size(line)[0] <= 120 for line in narrow)
    assert " ".join(narrow).replace(" ", "") == text.replace(" · ", "").replace(" ", "")
    assert wrap("", font, 100) == [] and wrap("one", font, 1) == ["one"]  # a word too wide stays whole
