"""Conformance: every registered game answers the shell's typed contract (game.games.base), and so does Snap, a
tiny third game, the worked example under examples/snap/, that registers through a fixture (the seam, proved).

For each game (the registry's, and Snap):
- the definition answers everything: no abstract leftovers, words, buttons, bot levels that agree with each
  other, rule options that round-trip through option_values / rules_from_values (every choice of every option);
- the engine answers the engine protocol; the match the `Match` protocol, its `result()` a `Result` and its
  `history_events()` `EventRow`s that agree with the result;
- random playouts through the match driver (random seats pressing random buttons on a virtual clock, ties,
  refused presses, seats changing hands): PLAYOUTS games each in the default run, 1,000 each under the `slow` marker;
- replay determinism: a played match's log re-verifies through game.replay.verify, the same seed and presses
  write the same log again, the replay's markers are Markers; the golden logs (tests/golden/<id>-*.jsonl,
  examples/snap/golden/) verify;
- the view-model runs headless (its module imports no pygame; a whole match's events go through it);
- every table drawn at 640×360, 1280×720 and 1920×1080 in en/da/sv at text sizes 100/125/150 with no two texts
  overlapping, none outside the window and no word cut with "…" (9 of the 27 combinations per game, each value
  three times, in a Latin square; the full 27, at every table size, under `slow`); the results screen drawn
  with no overlaps;
- "Watch again": the replay viewer re-drives the game's own table from the log to the same final state;
- the history records the game through the contract (seats, winners, a profile seat's events);
- the lobby: each option changed with the keys, the table's config's rules match the options shown;
- sim (`python -m game sim <id> --games 3`, also recorded and re-verified) and the engine bench hook.
Snap also appears on the choose-game screen, and the registry's register/unregister are checked."""

from __future__ import annotations

import importlib
import inspect
import itertools
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from support_app import focus, house_rules, press, top_name
from support_table import FakeApp

from game import games, i18n, record, replay, screens
from game import sim as sim_cli
from game.audio import NAMES as SOUNDS
from game.commands import Command
from game.core.contract import (
    MAX_SEATS,
    MIN_SEATS,
    EventRow,
    GameState,
    LayoutHints,
    Marker,
    Match,
    Result,
    RuleOption,
    TableConfig,
)
from game.engines import CODES, EngineState, IllegalAction
from game.games.base import GameDef
from game.games.table_scene import TableScene
from game.match.common import SeatSpec
from game.render import scale
from game.render import text as render_text
from game.render.card_art import CardArt
from game.render.text import TextRecorder, overlaps

TESTS = Path(__file__).resolve().parent
EXAMPLES = TESTS.parent / "examples"
# The example game: examples/snap, or (COUCHCARDS_EXAMPLE) a copy of it under another name on the path, as a
# newcomer makes one (tests/test_example_copy.py runs this suite so).
snap = importlib.import_module(os.environ.get("COUCHCARDS_EXAMPLE", "snap"))
EXAMPLE_ID = snap.DEFINITION.id
GOLDEN_DIRS = (TESTS / "golden", Path(snap.__file__).parent / "golden")
IDS = [*games.ids(), EXAMPLE_ID]  # the registry's games at collection, then the example game
PLAYOUTS = 200  # random playouts per game in the default run; 1,000 under -m slow
MS = 1_000_000


@pytest.fixture
def snap_registered():
    """Snap in the registry for one test (and out of it again afterwards)."""
    games.register(snap.DEFINITION)
    try:
        yield snap.DEFINITION
    finally:
        games.unregister(snap.DEFINITION.id)


@pytest.fixture(params=IDS)
def g(request) -> GameDef:
    """Each game's definition, from the registry (Snap registered for the test)."""
    if request.param == snap.DEFINITION.id:
        request.getfixturevalue("snap_registered")
    return games.get(request.param)


@pytest.fixture(autouse=True)
def standard_looks():
    yield
    scale.install(text=1.0)
    scale.install(window=(1280, 720))
    i18n.set_language("en")


def players_of(g: GameDef, rules, k: int = 0) -> int:
    """A table size the game takes: the k-th of its range, round again."""
    low, high = g.player_range(rules)
    return low + k % (high - low + 1)


def human_config(g: GameDef, n: int, seed: int, first: int = 0) -> TableConfig:
    rules = g.rules_from_values({}, n)
    return TableConfig(g.id, rules, [SeatSpec("human", name=f"Player {i + 1}") for i in range(n)], seed, first % n)


# ---- the definition --------------------------------------------------------------------------------------


def test_the_definition_answers_everything(g):
    assert not inspect.isabstract(type(g)) and isinstance(g, GameDef)
    assert g.id and games.get(g.id) is g and g.id in games.ids() and g.id in games.REGISTRY.ids
    assert isinstance(g.title(), str) and g.title()
    assert len(g.blurb()) == 3 and all(isinstance(line, str) and line for line in g.blurb())
    assert len(g.buttons) == 2 and all(isinstance(b, str) and b for b in g.buttons) and len(set(g.buttons)) == 2
    words = g.button_words()
    assert len(words) == 2 and all(isinstance(w, str) and w for w in words)
    rules = g.rules_from_values({})
    low, high = g.player_range(rules)
    assert MIN_SEATS <= low <= g.lobby_seats <= high <= MAX_SEATS
    assert isinstance(g.layout, LayoutHints) and g.summary_lines >= 1
    assert set(g.seat_options) <= {"head_start", "learner"}
    assert all(isinstance(rule, str) for rule in g.history_rules)
    assert all(isinstance(label, str) and isinstance(key, str) for label, key in g.settings_flags())
    text = g.rules_text(rules)
    assert text and all(isinstance(p, str) and p for p in text)
    assert isinstance(g.rules_summary(rules), str) and g.rules_summary(rules)
    note = g.lobby_note(rules)
    assert note is None or isinstance(note, str)
    art = CardArt()
    assert [type(c) for c in g.showcase(art, 80)] == [pygame.Surface] * 3
    for caption, pictures in g.rules_pictures(art, 40, rules):
        assert isinstance(caption, str) and all(isinstance(p, pygame.Surface) for p in pictures)
    for mode in g.practice:
        assert mode.id and mode.title() and len(mode.blurb()) == 3


def test_the_bot_levels_agree(g):
    levels = g.bot_levels
    assert levels and len(set(levels)) == len(levels)
    assert {g.default_level, g.stand_in_level, g.busiest_level} <= set(levels)
    assert set(g.demo_levels) <= set(levels)
    rules = g.rules_from_values({})
    for level in levels:
        g.check_level(level)
        assert g.make_bot(level, random.Random(1), seat=0, rules=rules) is not None
    for bad in ("grandmaster", None):
        with pytest.raises(ValueError):
            g.check_level(bad)
        with pytest.raises(ValueError):
            g.make_bot(bad, random.Random(1), seat=0, rules=rules)


def test_rule_options_round_trip_through_option_values_and_rules_from_values(g):
    players = players_of(g, g.rules_from_values({}), 1)
    default = g.rules_from_values({}, players)
    options = g.rule_options(default, players)
    assert options and all(isinstance(o, RuleOption) and o.label for o in options)
    assert len({o.name for o in options}) == len(options)
    values = g.option_values(default)
    assert set(values) == {o.name for o in options}
    assert g.rules_from_values(values, players) == default
    tried = 0
    for option in options:
        assert option.default in [v for v, _ in option.choices], option.name
        for value, label in option.choices:
            assert isinstance(label, str) and label and option.label_of(value) == label
            chosen = g.values_after_change(option.name, {**values, option.name: value})
            try:
                rules = g.rules_from_values(chosen, players)
            except ValueError:
                continue  # a choice these other options refuse (the lobby skips it too)
            tried += 1
            back = g.option_values(rules)
            assert set(back) == {o.name for o in g.rule_options(rules, players)}
            assert g.rules_from_values(back, players) == rules, (option.name, value, back)
            assert g.rules_from_values({**back, option.name: value}, players) == rules
    assert tried >= sum(len(o.choices) for o in options) // 2
    with pytest.raises((TypeError, ValueError)):
        g.rules_from_values({"no_such_option": 1}, players)


def chosen_rules(g: GameDef, players: int):
    """The standard rules and the rules of every choice of every option (each from the standard ones)."""
    default = g.rules_from_values({}, players)
    out = [default]
    values = g.option_values(default)
    for option in g.rule_options(default, players):
        for value, _ in option.choices:
            try:
                out.append(g.rules_from_values(g.values_after_change(option.name, {**values, option.name: value}),
                                               players))
            except ValueError:
                pass
    return out


def test_option_values_name_one_of_each_options_choices(g):
    """What the rules screen shows of a table's options (`label_of(option_values(rules)[name])`) is one of the
    option's own labels: option_values gives each option's choice, not a value the lobby never offers."""
    players = players_of(g, g.rules_from_values({}), 1)
    for rules in chosen_rules(g, players):
        back = g.option_values(rules)
        for option in g.rule_options(rules, players):
            assert back[option.name] in [v for v, _ in option.choices], (option.name, back[option.name])


# ---- the engine and the match -------------------------------------------------------------------------------


def test_the_engine_answers_the_engine_protocol(g):
    """game.engines' protocol on states of a random walk to the end: the legal actions (as a whole and per seat)
    apply and change the state; every other action of the action space is refused with a documented code, the
    same from refusal() and apply(), changing nothing; clones are independent; observations depend only on the
    state; a finished game refuses everything with "game_over"; a seat that is not there is "bad_seat"."""
    rules = g.rules_from_values({})
    rng = random.Random(3)
    st = g.engine.new_game(rules, players=players_of(g, rules, 1), seed=3)
    assert isinstance(st, EngineState) and isinstance(st, GameState) and not st.is_over
    for seat in (st.players, -1):
        for ask in (st.observation, st.legal_actions):
            with pytest.raises(IllegalAction) as caught:
                ask(seat)
            assert caught.value.code == "bad_seat"
    with pytest.raises(IllegalAction) as caught:
        st.apply(object())
    assert caught.value.code == "bad_action"
    for step in range(2_000):
        before = st.digest()
        legal = st.legal_actions()
        assert sorted(map(repr, legal)) == sorted(repr(a) for seat in range(st.players) for a in st.legal_actions(seat))
        if step % 7 == 0 or st.is_over:
            for action in st.action_space():
                refusal = st.refusal(action)
                if action in legal:
                    assert refusal is None
                    twin = st.clone()
                    assert twin.apply(action) and twin.digest() != before
                else:
                    assert isinstance(refusal, IllegalAction) and refusal.code in CODES
                    assert refusal.code == "game_over" or not st.is_over
                    with pytest.raises(IllegalAction) as caught:
                        st.apply(action)
                    assert caught.value.code == refusal.code
                assert st.digest() == before
            for seat in range(st.players):
                assert st.observation(seat) == st.clone().observation(seat)
        if st.is_over:
            assert legal == []
            break
        st.apply(rng.choice(legal))
        assert st.digest() != before
    assert st.is_over


def test_the_match_answers_the_match_protocol(g):
    config = human_config(g, players_of(g, g.rules_from_values({})), seed=5)
    match = g.make_match(config, 1_000)
    assert isinstance(match, Match) and isinstance(match.state, GameState)
    assert match.game == g.id and len(match.seats) == len(config.seats) and not match.is_over
    assert isinstance(match.result(), Result) and match.history_events() == []
    assert all(timed.t_ns <= 1_000 for timed in match.advance(1_000))
    reason = match.submit(Command(len(config.seats), g.buttons[0], 2_000))
    assert isinstance(reason, str) and reason  # no such seat: refused at once, in words
    assert isinstance(match.submit(Command(0, "no-such-action", 2_000)), str)
    assert match.submit(Command(0, g.buttons[0], 2_000)) is None
    assert all(match.can_hand_back(s) in (True, False) for s in range(len(config.seats)))
    match.close()


def playout(g: GameDef, seed: int, record_log: bool = True):
    """One game of human seats pressing at random on a virtual clock: mostly the seat with the most legal
    actions (the one on turn, in every game so far), else any seat; either button; now and then two presses in
    the same instant, a press the match must refuse at once, or a seat changing hands. Returns the match, over."""
    rng = random.Random(seed)
    n = players_of(g, g.rules_from_values({}), rng.randrange(8))
    config = human_config(g, n, seed, rng.randrange(n))
    match = g.make_match(config, 0, **({} if record_log else {"record": False}))
    t = 0
    for _ in range(20_000):
        if match.is_over:
            break
        t += rng.randrange(5, 300) * MS
        st = match.state
        counts = [len(st.legal_actions(s)) for s in range(n)]
        busiest = [s for s in range(n) if counts[s] == max(counts)]
        seat = rng.choice(busiest) if rng.random() < 0.6 else rng.randrange(n)
        roll = rng.random()
        if roll < 0.01:
            assert isinstance(match.submit(Command(seat, "not-an-action", t)), str)
        elif roll < 0.015:  # the seat changes hands (a person takes it over): a "seat" line in the log
            match.replace_seat(seat, SeatSpec("human", name=f"Guest {seat + 1}"))
        else:
            match.submit(Command(seat, rng.choice(g.buttons), t))
            if roll > 0.95:  # another seat presses in the same instant: a tie the match orders
                match.submit(Command(rng.randrange(n), rng.choice(g.buttons), t))
        events = match.advance(t)
        assert all(e.t_ns <= t for e in events)
    while not match.is_over and match.next_due_ns() is not None:  # timers still due (a claim window)
        match.advance(match.next_due_ns())
    assert match.is_over, f"{g.id} seed {seed}: not over after 20,000 presses"
    return match


def check_result(g: GameDef, match) -> None:
    n = len(match.seats)
    result = match.result()
    assert isinstance(result, Result)
    assert all(0 <= s < n for s in result.winners) and len(set(result.winners)) == len(result.winners)
    assert result.scores is None or (len(result.scores) == n and all(isinstance(s, int) for s in result.scores))
    if result.scores is not None:
        assert all(result.scores[w] == max(result.scores) for w in result.winners)
    assert all(isinstance(k, str) and len(v) == n for k, v in result.figures.items())
    events = match.history_events()
    assert all(isinstance(e, EventRow) and 0 <= e.seat < n and e.kind and e.outcome for e in events)
    assert [e.t_ns for e in events] == sorted(e.t_ns for e in events)
    assert all(e.rule is None or e.rule in g.history_rules for e in events)


def test_random_playouts_through_the_match_driver(g):
    for seed in range(PLAYOUTS):
        match = playout(g, seed, record_log=seed % 20 == 0)
        check_result(g, match)
        if seed % 20 == 0:
            verdict = replay.verify(record.parse_log(record.dumps(match.log.lines()).splitlines()), games.GAMES)
            assert verdict.ok, (seed, verdict.line())


@pytest.mark.slow
def test_a_thousand_random_playouts_through_the_match_driver(g):
    for seed in range(1_000):
        check_result(g, playout(g, 10_000 + seed, record_log=False))


# ---- replays ---------------------------------------------------------------------------------------------


def as_log(match) -> record.Log:
    return record.parse_log(record.dumps(match.log.lines()).splitlines())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_played_match_replays_the_same_and_its_markers_are_markers(g, seed):
    match = playout(g, seed)
    log = as_log(match)
    markers: list[Marker] = []

    def seen(line, events):
        if line["k"] == "cmd":
            markers.extend(g.replay_markers(line["i"], events, lambda s: f"P{s + 1}"))

    verdict = replay.verify(log, games.GAMES, seen)
    assert verdict.ok, verdict.line()
    assert verdict.digest == match.state.digest()
    assert all(isinstance(m, Marker) and m.kind and isinstance(m.label, str) for m in markers)
    again = [json.loads(line) for line in record.dumps(playout(g, seed).log.lines()).splitlines()]
    first = [json.loads(line) for line in record.dumps(match.log.lines()).splitlines()]
    for lines in (again, first):
        lines[0].pop("started")
    assert again == first  # the same seed and presses: the same log, line for line


def test_the_golden_logs_verify(g):
    found = [p for folder in GOLDEN_DIRS for p in sorted(folder.glob(f"{g.id}-*.jsonl"))]
    if g.id == snap.DEFINITION.id:
        assert found, "Snap keeps golden logs of its own"
    for path in found:
        log = record.read_log(path)
        assert log.header["game"] == g.id
        verdict = replay.verify(log, games.GAMES)
        assert verdict.ok, (path.name, verdict.line())


# ---- the view-model, headless ------------------------------------------------------------------------------


def test_the_view_model_runs_headless(g):
    log = as_log(playout(g, 4))
    app = FakeApp()
    config = human_config(g, log.header["players"], seed=8)
    table = g.table_scene(config)
    app.push(table)
    model = table.view.model
    module = type(model).__module__
    code = (f"import sys; sys.path[:0] = {[str(TESTS), str(Path(snap.__file__).parent.parent)]!r}; import {module}; "
            "sys.exit('pygame' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True)
    assert done.returncode == 0, f"{module} imports pygame (or fails: {done.stderr[-400:]})"
    # A whole match's events through the model, straight from its log's replay: no window, no surface.
    fresh = replay.build_match(log.header, games.GAMES)
    sounds: list[str] = []
    for line in log.body:
        if line["k"] != "digest":
            for timed in fresh.replay(line):
                out = model.on_event(timed.event, timed.t_ns, fresh.state)
                assert isinstance(out, list)
                sounds += out
    assert sounds and set(sounds) <= set(SOUNDS)
    app.stack.clear()


# ---- every table drawn ----------------------------------------------------------------------------------------

SIZES = [(640, 360), (1280, 720), (1920, 1080)]
LANGUAGES = ["en", "da", "sv"]
PERCENTS = [100, 125, 150]
# A Latin square: every size meets every language once, and each text size three times, once per language.
SQUARE = [(size, lang, PERCENTS[(i + j) % 3]) for i, size in enumerate(SIZES) for j, lang in enumerate(LANGUAGES)]
FULL = list(itertools.product(SIZES, LANGUAGES, PERCENTS))


def _looks_id(combo) -> str:
    (w, h), lang, percent = combo
    return f"{w}x{h}-{lang}-{percent}"


def draw_table(g: GameDef, size, lang, percent, n: int, monkeypatch) -> None:
    """A table of `n` human seats pressing at random, drawn now and then: no two texts overlap, none lies
    outside the window, no word is cut with "…" (game.render.text.CUTS)."""
    monkeypatch.setattr(render_text, "CUTS", [])
    monkeypatch.setenv("LANGUAGE", lang)
    i18n.set_language(lang)
    scale.install(window=size)
    scale.install(text=percent / 100)
    with scale.text_room(TableScene.text_room):
        app = FakeApp(size)
        config = human_config(g, n, seed=n + percent)
        table = g.table_scene(config)
        app.push(table)
        rng = random.Random(n)
        surface = pygame.Surface(size)
        frames = 0
        for step in range(24):
            if table.match.is_over:
                break
            st = table.match.state
            counts = [len(st.legal_actions(s)) for s in range(n)]
            seat = rng.choice([s for s in range(n) if counts[s] == max(counts)]) if step % 3 else rng.randrange(n)
            table.handle(Command(seat, rng.choice(("first", "second")), app.clock()))
            app.run_ms(rng.randrange(60, 400))
            if step % 6 == 5:
                table.draw(surface, 0.0)
                boxes = table.view.text_boxes()
                clash = overlaps(boxes)
                assert not clash, [(a.kind, a.text, a.rect, b.kind, b.text, b.rect) for a, b in clash]
                window = pygame.Rect(0, 0, *size)
                outside = [(b.kind, b.text, b.rect) for b in boxes if not window.contains(b.rect)]
                assert not outside, outside
                assert any(b.kind == "panel" for b in boxes)
                frames += 1
        assert frames >= 1
        app.stack.clear()
    assert render_text.CUTS == [], f"cut with …: {render_text.CUTS}"


@pytest.mark.parametrize("combo", SQUARE, ids=_looks_id)
def test_every_table_is_drawn_without_overlapping_texts(g, combo, monkeypatch):
    size, lang, percent = combo
    rules = g.rules_from_values({})
    draw_table(g, size, lang, percent, players_of(g, rules, SQUARE.index(combo)), monkeypatch)


@pytest.mark.slow
@pytest.mark.parametrize("n", range(MIN_SEATS, MAX_SEATS + 1))
@pytest.mark.parametrize("combo", FULL, ids=_looks_id)
def test_every_table_at_every_look_and_table_size(g, combo, n, monkeypatch):
    low, high = g.player_range(g.rules_from_values({}))
    if not low <= n <= high:
        pytest.skip(f"{g.id} is for {low} to {high} players")
    draw_table(g, *combo, n, monkeypatch)


def texts_overlapping(drawn) -> list[tuple[str, str]]:
    """Pairs of texts a menu screen drew whose boxes intersect (by more than a pixel's anti-aliasing), as
    tests/test_scenes_screenshots.py's `overlapping` checks them."""
    tight = [(rect.inflate(-2, -2), text) for rect, text in drawn if rect.w > 2 and rect.h > 2]
    return [(a, b) for i, (ra, a) in enumerate(tight) for rb, b in tight[i + 1:] if ra.colliderect(rb)]


@pytest.mark.parametrize("size", [(640, 360), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_results_screen_has_no_overlapping_texts(g, tmp_path, size):
    from support_app import make_app

    match = playout(g, 6)
    config = human_config(g, len(match.seats), seed=6)
    app = make_app(tmp_path, size=size)
    try:
        app.nav.push(screens.Title())
        app.nav.push(screens.Results(config, match))
        app.frames(2)
        with TextRecorder() as boxes:
            app.top.draw(app.screen, 0.0)
        assert texts_overlapping(boxes.drawn) == []
        assert app.top.body.headline() in [text for _, text in boxes.drawn]
    finally:
        app.stack.clear()


def test_watch_again_replays_the_game_in_the_viewer_without_overlapping_texts(g, app):
    """The results screen's "Watch again": the replay viewer re-drives the game's own table from its log (the
    contract's replay and markers), to the same final state."""
    match = playout(g, 7)
    app.nav.push(screens.Title())
    app.nav.push(screens.Replay(match.log.lines()))
    scene = app.top
    assert top_name(app) == "ReplayScene" and scene.error == ""
    scene.seek(scene.film.end)
    app.frames(2)
    assert scene.table.match.state.digest() == match.state.digest()
    with TextRecorder() as boxes:
        scene.draw(app.screen, 0.0)
    assert texts_overlapping(boxes.drawn) == []
    app.stack.clear()


def test_the_history_keeps_the_game_through_the_contract(g, tmp_path):
    """A finished game as the history records it (game.history.summary.game_record reads `result()` and
    `history_events()`), written to a database: its seats, winners and each profile seat's events."""
    from game.history.store import connect, write_game
    from game.history.summary import game_record

    match = playout(g, 9)
    n = len(match.seats)
    conn = connect(tmp_path / "history.db")
    profile = int(conn.execute("INSERT INTO profiles (name, created) VALUES ('Ada', '2026-12-01')").lastrowid or 0)
    base = human_config(g, n, seed=9)
    config = TableConfig(g.id, base.rules, base.seats, base.seed, profiles=(profile,) + (None,) * (n - 1))
    game_id = write_game(conn, game_record(config, match))
    won = [row[0] for row in conn.execute("SELECT seat FROM seats WHERE game_id = ? AND won = 1 ORDER BY seat",
                                          (game_id,))]
    assert tuple(won) == tuple(sorted(match.result().winners))
    events = conn.execute("SELECT count(*) FROM events WHERE game_id = ? AND seat = 0", (game_id,)).fetchone()[0]
    assert events == sum(1 for e in match.history_events() if e.seat == 0)
    conn.close()


# ---- the lobby, sim and bench --------------------------------------------------------------------------------


def test_lobby_options_round_trip(g, app):
    app.nav.push(screens.Lobby(g.id))
    lobby = app.top
    assert top_name(app) == "LobbyScene" and lobby.definition is g
    house_rules(app)  # the options' rows, from the game's definition
    for option in list(lobby.options):
        for _ in range(len(option.choices)):
            current = next((o for o in lobby.options if o.name == option.name), None)
            if current is None:
                break  # another choice hid this option (a game may offer options by edition)
            focus(app, current.label)
            press(app, "right")
            config = lobby.table_config()
            players = len(config.seats)
            assert config.rules == g.rules_from_values(config.options, players)
            assert config.rules == lobby.rules
            assert g.rules_from_values(g.option_values(config.rules), players) == config.rules
            # What the rows show is what the table gets: each row's label read back as its choice.
            rows = {item.label: item.value() for item in app.top.rule_items if item.value is not None}
            read = {o.name: next(v for v, label in o.choices if label == rows[o.label]) for o in lobby.options}
            assert g.rules_from_values(read, players) == config.rules, (read, config.rules)
    app.stack.clear()


def test_sim_plays_three_games_and_records_them(g, capsys, tmp_path):
    assert sim_cli.main([g.id, "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "3 games" in out or '"games": 3' in out
    assert sim_cli.main([g.id, "--games", "2", "--seed", "4", "--json", "--record", str(tmp_path)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 2
    logs = sorted(tmp_path.glob("*.jsonl"))
    assert len(logs) == 2
    for path in logs:
        verdict = replay.verify(record.read_log(path), games.GAMES)
        assert verdict.ok, verdict.line()


def test_the_engine_bench_hook_plays_games(g):
    bench = g.bench()
    assert bench.GAMES
    for label, players, play in bench.GAMES:
        st = play(5)
        assert isinstance(label, str) and st.is_over and st.players == players
    pairs = bench.clone_apply_states()
    assert pairs
    for st, action in pairs[:16]:
        before = st.digest()
        assert st.clone().apply(action) and st.digest() == before
    assert bench.TARGET is None or len(bench.TARGET) == 2
    assert bench.against_pypi is None or callable(bench.against_pypi)
    assert bench.bot_timing is None or callable(bench.bot_timing)


# ---- the seam: Snap registers, is chosen, and leaves again ------------------------------------------------


def test_snap_is_on_the_choose_game_screen_and_leads_to_its_lobby(app, snap_registered):
    app.nav.push(screens.Title())
    app.nav.push(screens.Choose())
    choose = app.top
    assert [e.game for e in choose.entries if e.mode is None] == list(games.ids())
    assert games.ids()[-1] == EXAMPLE_ID
    app.frames(2)
    with TextRecorder() as boxes:
        choose.draw(app.screen, 0.0)
    texts = [text for _, text in boxes.drawn]
    assert snap_registered.title() in texts and all(line in " ".join(texts) for line in snap_registered.blurb()[:1])
    assert texts_overlapping(boxes.drawn) == []
    while choose.entries[choose.index].game != EXAMPLE_ID:
        press(app, "right")
    press(app, "enter")
    assert top_name(app) == "LobbyScene" and app.top.game == EXAMPLE_ID
    focus(app, i18n.t("Start"))
    press(app, "enter")
    assert isinstance(app.top, TableScene) and app.top.game == EXAMPLE_ID
    app.stack.clear()


def test_register_and_unregister():
    assert EXAMPLE_ID not in games.ids()
    with pytest.raises(ValueError, match=f"unknown game '{EXAMPLE_ID}'"):
        games.get(EXAMPLE_ID)
    games.register(snap.DEFINITION)
    try:
        assert games.ids()[-1] == EXAMPLE_ID and games.REGISTRY.ids == games.ids()
        assert games.get(EXAMPLE_ID) is snap.DEFINITION and snap.DEFINITION in games.all_games()
        with pytest.raises(ValueError, match="registered already"):
            games.register(snap.DEFINITION)
        assert EXAMPLE_ID in sim_cli.parser().format_usage() or EXAMPLE_ID in sim_cli.parser().format_help()
    finally:
        games.unregister(EXAMPLE_ID)
    assert EXAMPLE_ID not in games.ids() and EXAMPLE_ID not in games.REGISTRY.ids
    with pytest.raises(ValueError, match="unknown game"):
        games.unregister(EXAMPLE_ID)
    with pytest.raises(ValueError):
        games.register(object())  # type: ignore[arg-type]


@pytest.mark.slow
def test_snap_type_checks_strictly_against_the_contract():
    """A third game can be written to the contract's types: Snap passes `mypy --strict` (the contract's
    modules followed silently, as `make check` runs it)."""
    mypy = Path(sys.executable).with_name("mypy")
    if not mypy.exists():
        pytest.skip("mypy is not installed (the lint extra)")
    done = subprocess.run([str(mypy), "--strict", "--follow-imports=silent", "-p", "snap"], cwd=TESTS.parent,
                          env={"MYPYPATH": str(EXAMPLES), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stdout[-2000:]

