"""No Thanks table polish from playtesting: a seat with no matches is told it must take (in the prompt,
and when it presses pass), "Not your turn" only when it is not, and the centre's words ("N left", the
teaching aid's sum, the prompt) and the seats' controls lines fit at every window size without lying
on each other or on a seat. Screenshots go to tests/_out/ntpolish_*.png."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from support_table import FakeApp, nothanks_table, press, screenshot

from game.commands import PASS, TAKE, Command
from game.core.contract import TableConfig
from game.games.nothanks import engine as nt
from game.games.nothanks.match import GAME_OVER, NO_MATCHES, NOT_YOUR_TURN, NothanksMatch, ignored_why
from game.games.nothanks.table import NothanksTable
from game.games.nothanks.words import MIN_TEXT
from game.input.router import InputRouter
from game.match import Ignored, SeatSpec
from game.render.effects import Note

MS = 1_000_000
SIZES = [(640, 360), (800, 600), (1280, 720), (1920, 1080), (480, 700), (640, 720), (1280, 360)]
SEATS = [2, 3, 5, 7, 8]

pygame.init()


def humans(n):
    return [SeatSpec("human", name=f"Player {i + 1}") for i in range(n)]


def keyboard_table(n, size, rules=None, seed=3):
    """A table of `n` humans on the real input router's default keys (seat 8 is "Num +" / "Num Enter")."""
    app = FakeApp(size)
    app.input = InputRouter()
    table = NothanksTable(TableConfig("nothanks", rules or nt.Rules(), humans(n), seed=seed), threaded=False)
    app.push(table)
    return app, table


def notes(table):
    return [(e.seat, e.text) for e in table.view.anim.effects if isinstance(e, Note)]


def no_matches_yet(app, table):
    """With one match each, everyone pays once: seat 0 is on turn with none left."""
    st = table.match.state
    for seat in range(len(st.matches)):
        press(app, table, seat, PASS, after_ms=300)
        app.step()
    assert st.current_player == 0 and st.matches[0] == 0
    return st


# ---- #1: no matches left ---------------------------------------------------------------------------


def test_the_prompt_offers_only_take_to_a_seat_without_matches():
    app, table = nothanks_table(nt.Rules(matches=1), humans(3))
    view, st = table.view, table.match.state
    assert view.model.prompt_text(st) == "Player 1: take it (Q) or pay a match (L-Shift)?"
    no_matches_yet(app, table)
    assert view.model.prompt_text(st) == "Player 1: no matches left \u2014 take it (Q)"
    assert "pay" not in view.model.prompt_text(st) and "L-Shift" not in view.model.prompt_text(st)
    view.bots = {0}  # a bot in that spot presses nothing
    assert view.model.prompt_text(st) == "Player 1: no matches left \u2014 must take it"
    view.bots = set()
    press(app, table, 0, TAKE, after_ms=300)
    app.run_ms(600)
    assert st.matches[0] == 3 and st.current_player == 1
    assert view.model.prompt_text(st) == "Player 2: no matches left \u2014 take it (P)"
    screenshot(table, "ntpolish_no_matches.png")
    for seat in (1, 2):
        press(app, table, seat, TAKE, after_ms=300)
        app.run_ms(600)
    assert st.current_player == 0 and st.matches[0] == 3
    assert view.model.prompt_text(st) == "Player 1: take it (Q) or pay a match (L-Shift)?", "matches again"


def test_a_pass_without_matches_says_why_and_not_your_turn_only_when_it_is_not():
    app, table = nothanks_table(nt.Rules(matches=1), humans(3))
    st = no_matches_yet(app, table)
    app.run_ms(1000)  # the passes' notes, if any, are gone
    table.view.anim.prune(table.now_ns)
    press(app, table, 0, PASS, after_ms=10)
    app.step()
    assert st.matches[0] == 0 and st.pot == 3 and st.current_player == 0, "the pass did nothing"
    assert notes(table) == [(0, "No matches left: you must take")]
    screenshot(table, "ntpolish_must_take.png", (640, 360))
    press(app, table, 2, PASS, after_ms=10)
    app.step()
    assert notes(table)[-1] == (2, "Not your turn")


def test_notes_judge_a_press_by_the_turn_when_it_was_pressed_not_after():
    app, table = nothanks_table(nt.Rules(matches=1), humans(3))
    st = no_matches_yet(app, table)
    app.run_ms(1000)
    table.view.anim.prune(table.now_ns)
    # In one update: seat 1 presses out of turn, seat 0 passes with no matches and then takes, which
    # makes it seat 1's turn. The notes are about each press when it was made. (Presses 3 ms apart:
    # closer ones could be a tie, ordered by a coin.)
    t0 = app.clock()
    for seat, action, dt in ((1, PASS, 1), (0, PASS, 4), (0, TAKE, 7)):
        table.handle(Command(seat, action, t0 + dt * MS))
    app.clock.advance(7 * MS)
    app.step()
    assert st.current_player == 1 and st.cards[0]
    assert notes(table) == [(1, "Not your turn"), (0, "No matches left: you must take")]


def test_the_match_says_why_it_ignored_a_press():
    m = NothanksMatch(nt.Rules(matches=1), humans(2), seed=1, start_ns=0, deck=[5, 6])
    m.submit(Command(1, TAKE, 10 * MS))  # seat 0's turn
    m.submit(Command(0, PASS, 20 * MS))
    m.submit(Command(1, PASS, 30 * MS))
    m.submit(Command(0, PASS, 40 * MS))  # no matches left
    m.submit(Command(0, TAKE, 50 * MS))  # after a take the turn passes: seat 1's turn
    m.submit(Command(0, TAKE, 60 * MS))
    m.submit(Command(1, TAKE, 70 * MS))  # the last card: game over
    m.submit(Command(0, TAKE, 80 * MS))
    ignored = [x.event for x in m.advance(100 * MS) if isinstance(x.event, Ignored)]
    assert [ignored_why(i) for i in ignored] == [NOT_YOUR_TURN, NO_MATCHES, NOT_YOUR_TURN, GAME_OVER]
    assert "seat 0's turn" in ignored[0].reason and "no matches" in ignored[1].reason  # the engine's words
    assert ignored_why(Ignored(0, PASS, "something else")) is None


def test_nothing_is_noted_for_a_press_after_the_last_card():
    _, table = nothanks_table(nt.Rules(), humans(2))
    view = table.view
    over = Ignored(0, TAKE, f"{GAME_OVER}: the game is over: the last card has been taken")
    assert view.on_event(over, table.now_ns, table.match.state) == [] and notes(table) == []
    assert view.model.ignored_note(over) is None
    assert view.model.ignored_note(Ignored(1, PASS, f"{NOT_YOUR_TURN}: x"))[0] == "Not your turn"
    no_matches = view.model.ignored_note(Ignored(1, PASS, f"{NO_MATCHES}: x"))
    assert no_matches[0] == "No matches left: you must take"


def test_hidden_matches_the_must_take_prompt_tells_nothing_the_table_does_not_show():
    app, table = nothanks_table(nt.Rules(matches=1, hidden_matches=True), humans(3))
    view = table.view
    st = no_matches_yet(app, table)
    assert view.model.prompt_text(st) == "Player 1: no matches left \u2014 take it (Q)"
    keys = [view.seat_key(s, st, table.now_ns) for s in range(3)]
    assert keys[0][1] == 0, "the seat on turn shows its own count anyway"
    assert keys[1][1] is None and keys[2][1] is None, "the others' counts stay hidden"


# ---- #5 / #6: the centre's words and the seats --------------------------------------------------------


def panel_keep_out(view):
    """Each seat as drawn at its biggest: the panel lifted on its turn, its glow, the tag on its top."""
    out = []
    for box in view.L.seats:
        r = box.rect
        lift = max(2, r.h // 22)
        glow = r.inflate(r.h // 7, r.h // 7)
        tag_top = r.top - lift + view.tag_fit(box.seat)[1]
        out.append(glow.union(pygame.Rect(r.x, tag_top, r.w, r.h)))
    return out


def widest_aid_state(table):
    """The state with its face-up card swapped for the one whose teaching-aid sum is widest."""
    st = table.match.state
    view = table.view
    values = view.rules.deck_values()
    font = view.texts.font(view.geo.small_size, True)
    st.card = max(values, key=lambda v: font.size(nt.value_explanation(view.rules, v))[0])
    return st


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    "edition,n", [("cards", n) for n in SEATS] + [("numbered", n) for n in (3, 5, 7)]  # it seats 3 to 7
)
def test_centre_words_never_touch_each_other_or_a_seat(size, edition, n):
    _, table = keyboard_table(n, size, nt.Rules.numbered() if edition == "numbered" else nt.Rules())
    view = table.view
    st = widest_aid_state(table)
    screenshot(table, f"ntpolish_{edition}_{n}_{size[0]}x{size[1]}.png")
    window = pygame.Rect((0, 0), view.L.size)
    seats = panel_keep_out(view)
    card = view.geo.centre_rect()
    for current in range(n):  # every seat's prompt (seat 8's keys are the longest)
        st.current_player = current
        for matches in (1, 0):
            st.matches[current] = matches
            texts = {name: rect for name, _, rect in view.words.centre_texts(st, table.now_ns)}
            assert set(texts) == ({"left", "prompt", "aid"} if edition == "cards" else {"left", "prompt"})
            where = f"at {size} with {n} seats, seat {current} on turn with {matches} matches"
            if edition == "cards":
                assert not texts["left"].colliderect(texts["aid"]), f'"N left" lies on the sum {where}'
            for name, rect in texts.items():
                assert window.contains(rect), f"{name} {rect} leaves the window {where}"
                hit = rect.collidelist(seats)
                assert hit < 0, f"{name} {rect} lies on seat {hit + 1} {where}"
            assert texts["prompt"].bottom <= card.top and not texts["prompt"].colliderect(texts["left"])
            assert not texts["left"].colliderect(card), f'"N left" lies on the face-up card {where}'


@pytest.mark.parametrize("size", SIZES)
def test_the_prompt_keeps_the_name_first_and_key_labels_whole(size):
    _, table = keyboard_table(8, size)
    view = table.view
    st = table.match.state
    st.current_player = 7
    text = view.model.prompt_text(st)
    px, lines, _ = view.words.prompt_fit(text, view.geo.small_size)
    assert px >= MIN_TEXT and len(lines) <= 4
    assert lines[0].startswith("Player 8"), "the name comes first"
    assert all(line.count("(") == line.count(")") for line in lines), "a key label is never split"


def test_eight_seats_at_640x360_the_prompt_is_clear_of_the_top_seat_and_short():
    _, table = keyboard_table(8, (640, 360))
    view = table.view
    st = table.match.state
    _, lines, rect = view.words.prompt_fit(view.model.prompt_text(st), view.geo.small_size)
    assert len(lines) <= 2, lines
    top = view.L.seats[4].rect
    assert rect.top > top.bottom + max(3, top.h // 14), "the prompt starts below the top seat's glow"


class Recording(pygame.Surface):
    """A panel that remembers what was drawn on it, and where."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.blits: list[tuple[pygame.Surface, tuple[int, int]]] = []

    def blit(self, source, dest, *args, **kw):
        self.blits.append((source, tuple(dest)[:2]))
        return super().blit(source, dest, *args, **kw)


def drawn_texts(view, seat, monkeypatch):
    """[(text, top y in the panel)] of the texts blitted onto `seat`'s panel as its base is drawn."""
    from game.render import hud

    made: dict[int, str] = {}
    render = view.texts.render

    def spy(text, *args, **kw):
        img = render(text, *args, **kw)
        made[id(img)] = text
        return img

    def panel(rect, accent):
        base = hud_panel(rect, accent)
        rec = Recording(base.get_size(), pygame.SRCALPHA)
        pygame.Surface.blit(rec, base, (0, 0))
        return rec

    hud_panel = hud.panel
    monkeypatch.setattr(view.texts, "render", spy)
    monkeypatch.setattr(hud, "panel", panel)
    surf, y = view.panels.base(seat)
    monkeypatch.undo()
    return [(made[id(img)], at[1]) for img, at in surf.blits if id(img) in made], y


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [5, 8])
def test_every_controls_line_is_shown_whole(size, n, monkeypatch):
    _, table = keyboard_table(n, size)
    view = table.view
    if n == 8:
        assert view.controls[7] == "Num + take \u00b7 Num Enter pass"
    for seat in range(n):
        texts, y = drawn_texts(view, seat, monkeypatch)
        ctrl = view.controls[seat]
        box = view.L.seats[seat]
        assert texts[0][0] == view.names[seat]
        lines = [text for text, _ in texts[1:]]
        words = " ".join(lines).replace("\u00b7", " ").split()  # whole, on as many lines as it takes
        assert words == ctrl.replace("\u00b7", " ").split(), f"seat {seat + 1}'s {ctrl!r} drawn as {lines} at {size}"
        assert y <= box.info.bottom - box.rect.y, f"seat {seat + 1}'s controls run into its cards at {size}"
        if view.count_on_name_row(seat):  # the count moved up to the name's row, clear of the controls
            digits = view.texts.font(view.count_size(seat), True)
            mid = view.matches_point(seat)[1] - box.rect.y  # the digits are centred on it
            digits_bottom = mid - digits.get_height() / 2 + digits.get_ascent()  # on their baseline
            small = view.texts.font(view.panels.controls_size(seat))
            caps_top = texts[1][1] + small.get_ascent() - small.metrics("N")[0][3]
            assert digits_bottom <= caps_top + 1, f"seat {seat + 1}'s count lies on its controls at {size}"
            _, tag_top, tag_h = view.tag_fit(seat)
            tag_bottom = tag_top + tag_h  # (from the panel's top edge)
            digits_top = mid - digits.get_height() / 2 + digits.get_ascent() - digits.metrics("1")[0][3]
            assert digits_top >= tag_bottom - 1, f"seat {seat + 1}'s count is under its score tag at {size}"


def test_eight_seats_at_640x360_seat_8_keys_are_not_cut():
    _, table = keyboard_table(8, (640, 360))
    view = table.view
    assert view.count_on_name_row(7), "Num + / Num Enter do not fit beside the count"
    # Seats are mats (issue 20): every seat's count sits beside its name, its keys across the mat under it.
    assert all(view.count_on_name_row(seat) for seat in range(8))
    for seat in (0, 7):
        box = view.L.seats[seat]
        name_h = view.texts.font(view.panels.name_fit(seat)[1], True).get_height()
        assert box.info.top <= view.matches_point(seat)[1] <= box.info.top + name_h, "beside the name"
    lines, _ = view.panels.controls_fit(7, view.panels.controls_room(7))
    assert " ".join(lines).replace("\u00b7", " ").split() == view.controls[7].replace("\u00b7", " ").split(), lines
    screenshot(table, "ntpolish_8_640x360_keys.png")


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (640, 360)])
@pytest.mark.parametrize("n", [3, 5, 8])
def test_seats_notes_keep_off_the_stack_the_card_and_the_words_round_them(size, n):
    _app, table = keyboard_table(n, size)
    table.draw(pygame.Surface(size), 0.0)
    view = table.view
    clear = view.keep_clear()
    drawn = [rect for _, _, rect in view.words.centre_texts(table.match.state, table.now_ns)]
    assert all(any(rect == c for c in clear) for rect in drawn)  # the words as drawn are kept clear
    assert view.geo.deck_rect() in clear and view.geo.centre_rect() in clear
    note = view.texts.outlined("Not your turn", view.notes.size(view.L.seats[0].rect), (255, 255, 255))
    for seat in range(n):
        rect, _, found = view.notes.place(seat, note.get_size())
        if found:
            assert rect.collidelist(clear) == -1, (seat, rect)
    if size == (1280, 720) and n <= 5:  # room enough everywhere: every seat's note finds clear felt
        assert all(view.notes.place(seat, note.get_size())[2] for seat in range(n))


def test_a_long_prompt_between_two_top_seats_takes_a_little_smaller_font_on_three_lines_not_four():
    from game.games.nothanks.words import SHORT_PROMPT_LINES, SHRINK_FOR_FEWER_LINES

    _app, table = keyboard_table(5, (1280, 720))
    view = table.view
    size = view.geo.small_size
    s, lines, rect = view.words.prompt_fit(view.model.prompt_text(table.match.state), size)
    assert lines[0].startswith("Player 1:") and len(lines) <= SHORT_PROMPT_LINES
    assert size * SHRINK_FOR_FEWER_LINES <= s <= size
    assert rect.collidelist(view.keep_out()) == -1
    # Seats are mats in rows (issue 20): the two top mats sit at the window's ends and the prompt rises
    # between them, at full size on three lines at most (it was squeezed onto four lines between two seats
    # round an ellipse), over the card.
    assert s == size and len(lines) <= SHORT_PROMPT_LINES
    tops = sorted((view.L.seats[k].rect for k in range(5) if view.L.seats[k].rect.bottom < 360), key=lambda r: r.x)
    assert len(tops) == 2 and tops[0].right < rect.left and rect.right < tops[1].left
    assert rect.bottom <= view.geo.centre_rect().top


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [4, 5, 6, 7, 8])
def test_every_prompt_reads_on_three_lines_at_most_the_name_first(size, n):
    from game.games.nothanks.words import SHORT_PROMPT_LINES, SHRINK_FOR_FEWER_LINES

    _app, table = keyboard_table(n, size)
    view = table.view
    base = view.geo.small_size
    s, lines, rect = view.words.prompt_fit(view.model.prompt_text(table.match.state), base)
    assert lines[0].startswith("Player 1:") and len(lines) <= SHORT_PROMPT_LINES, (size, n, lines)
    assert max(view.geo.floor, base * SHRINK_FOR_FEWER_LINES) <= s <= base
    assert rect.collidelist(view.keep_out()) == -1


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_the_top_seats_note_never_covers_the_prompt(size):
    """QA 2, N1: with 8 seats, "Not your turn" at the top seat lay over "Player 1: take it (Q)…"."""
    _app, table = keyboard_table(8, size)
    table.draw(pygame.Surface(size), 0.0)
    view = table.view
    words = view.words.centre_texts(table.match.state, table.now_ns)
    prompt = next(rect for kind, _, rect in words if kind == "prompt")
    top = min(range(8), key=lambda s: view.L.seats[s].rect.y)
    for text in ("Not your turn", "No matches left: you must take"):
        _, (rest, (dx, dy), _) = view.notes.image(top, text, (255, 255, 255))
        assert not rest.union(rest.move(dx, dy)).colliderect(prompt), (text, rest, prompt)


def test_the_suit_order_never_breaks_across_lines():
    """The corner's "Cards 1–11 in ♣ < ♦ < ♥ < ♠" wrapped at any width keeps the order on one line: at six seats
    in 1280x720 it left "♠" alone on a line of its own."""
    from game.games.nothanks.text import corner_line
    from game.render.text import balanced, get_font, wrap

    rules = nt.Rules()
    text = corner_line(rules)
    font = get_font(20)
    whole = next(piece for piece in text.split(" ") if piece.count("<") == 3)
    for width in range(40, 500, 7):
        for lines in (wrap(text, font, width), balanced(text, font, width, 3) or []):
            assert not any(line.strip() in "♣♦♥♠<" for line in lines), (width, lines)
            assert any(whole in line for line in lines) or not lines, (width, lines)
