"""Pads as families own them (issue 36), through SDL's virtual joystick (real SDL controller events, and SDL's
own answer to "what type of pad is this"): each family's pad is seated and the words the lobby, the Join
screen and the table draw for it name its own buttons; a mixed table shows each seat its own; the
keyboard's Start (Tab) plays from any lobby cell; a Steam copy of a pad joins once; and the mapping
database: bundled, the player's own file over it, a broken file costing one warning."""

from __future__ import annotations

import logging
import re

import pygame
import pytest
from support_app import top_name
from support_pads import device, tap

from game import games
from game.core.contract import TableConfig
from game.games.nothanks import engine as nt
from game.input import families, mappings
from game.input.pads import BUTTON_LABELS_HINT
from game.input.virtualpad import VirtualPad
from game.match import SeatSpec
from game.render.text import TextRecorder

pytestmark = pytest.mark.skipif(not VirtualPad.available(), reason="SDL's virtual joystick is out of reach")

PS5, PS4, XBOX_ONE, SWITCH_PRO, UNKNOWN = (0x054C, 0x0CE6), (0x054C, 0x09CC), (0x045E, 0x0B12), (0x057E, 0x2009), \
    (0x1234, 0x5678)
STEAM_VIRTUAL = (families.VALVE, families.STEAM_VIRTUAL)
# model -> (family, confirm / first button, back / second button, Start, first shoulder) as printed on it
WORDS = {
    "ps5": (PS5, families.PLAYSTATION, "✕", "○", "Options", "L1"),
    "ps4": (PS4, families.PLAYSTATION, "✕", "○", "Options", "L1"),
    "xbox": (XBOX_ONE, families.XBOX, "A", "B", "Menu", "LB"),
    "switch": (SWITCH_PRO, families.NINTENDO, "A", "B", "+", "L"),
    "steamdeck": ((families.VALVE, families.STEAM_DECK), families.STEAMDECK, "A", "B", "☰", "L1"),
    "unknown": (UNKNOWN, families.GENERIC, "A", "B", "Start", "LB"),
}
LETTER = re.compile(r"(?<![\w{])[AB](?![\w}])")  # a button called A or B (not "Ace", not "{a}")


def drawn_texts(app, frames: int = 2) -> list[str]:
    """Every text the screen on top draws in the next frames (menus, hints, seat cards, notices)."""
    with TextRecorder() as boxes:
        app.frames(frames)
    return [text for _, text in boxes.drawn]


def to_lobby(app, pad: VirtualPad, game: str) -> None:
    app.nav.push("title")
    app.frames(3)
    tap(app, pad, "a")
    for _ in range(games.IDS.index(game)):
        tap(app, pad, "dpright")
    tap(app, pad, "a")
    assert top_name(app) == "LobbyScene" and app.top.game == game


@pytest.mark.parametrize("model", list(WORDS))
def test_each_family_is_seated_and_named_by_its_own_buttons(app, pads, model):
    ids, family, a, b, start, lb = WORDS[model]
    pad = pads(ids, name=f"{model} pad")
    to_lobby(app, pad, "nothanks")
    assert app.input.pads.by_id[pad.instance_id].family == family  # from SDL's type for it
    lobby = app.top
    assert lobby.seat_value(0) == f"Human · Controller 1: {a} / {b}"
    lobby_words = drawn_texts(app)
    assert f"Controller 1: {a} / {b}" in " ".join(lobby_words)
    hint = next(text for text in lobby_words if "Tab / " in text)
    assert f"Enter / {a} select" in hint and f"Tab / {start} play" in hint and f"Backspace / {b} back" in hint

    lobby._join()  # "Join with controllers…"
    app.frames(2)
    assert top_name(app) == "JoinScene"
    join_words = drawn_texts(app)
    assert f"Press {a} on a controller, or your first key on the keyboard, to take a seat." in join_words
    tap(app, pad, "a")  # it takes a seat
    join_words = drawn_texts(app)
    assert f"Controller 1: {a} / {b}" in join_words
    assert any(f"Second key / {b}: leave the seat   Enter / {start}: done" in text for text in join_words)
    tap(app, pad, "start")  # done
    assert top_name(app) == "LobbyScene"
    tap(app, pad, "start")  # play, from wherever the cursor is
    table = app.top
    assert top_name(app) == "NothanksTable"
    controls = table.seat_controls()[0]
    assert controls == f"Controller 1: {a} take · {b} pass"
    prompt = table.view.model.prompt_text(table.match.state)
    assert prompt == f"Player 1 (Controller 1): take it ({a}) or pay a match ({b})?"
    assert lb in app.input.button("leftshoulder", device(pad))
    if family == families.PLAYSTATION:  # no PlayStation seat is told about an A or a B
        for text in [*lobby_words, *join_words, controls, prompt]:
            assert not LETTER.search(text), text


def test_a_mixed_table_shows_each_seat_its_own_words(app, pads):
    """PS5 + Switch Pro + Xbox + the keyboard at one table: four wordings, each true for its seat."""
    ps5, switch, xbox = pads(PS5, "DualSense"), pads(SWITCH_PRO, "Pro Controller"), pads(XBOX_ONE, "Xbox pad")
    app.frames(3)
    config = TableConfig("nothanks", nt.Rules(), [SeatSpec("human", name=n) for n in ("Ann", "Bo", "Cy", "Di")], seed=3)
    app.input.seat_devices({0: device(ps5), 1: device(switch), 2: device(xbox), 3: "kb:3"})
    app.nav.push("title")
    app.push(games.get("nothanks").table_scene(config))
    app.frames(2)
    lines = app.top.seat_controls()
    assert lines == ["Controller 1: ✕ take · ○ pass", "Controller 2: A take · B pass",
                     "Controller 3: A take · B pass", "M take · R-Ctrl pass"]
    assert app.top.view.corner_text().count("Rules: Esc / Options / + / Menu") == 1  # each seated pad's Start
    state = app.top.match.state
    assert state.current_player == 0
    tap(app, ps5, "a")  # the PlayStation's ✕ takes for seat 1
    assert len(state.cards[0]) == 1


@pytest.mark.parametrize(("sdl_type", "ids", "family"), [
    (1, (0, 0), families.XBOX), (2, (0, 0), families.XBOX), (3, (0, 0), families.PLAYSTATION),
    (4, (0, 0), families.PLAYSTATION), (7, (0, 0), families.PLAYSTATION), (5, (0, 0), families.NINTENDO),
    (11, (0, 0), families.NINTENDO), (13, (0, 0), families.NINTENDO), (6, (0x28DE, 0x1205), families.STEAMDECK),
    (0, (0x054C, 0x1234), families.PLAYSTATION), (6, (0x2DC8, 0x3106), families.GENERIC), (10, (0, 0), families.GENERIC),
])
def test_sdls_type_or_the_maker_gives_the_family(sdl_type, ids, family):
    assert families.family_of(sdl_type, *ids) == family


def test_every_family_names_every_control_a_hint_or_a_seat_uses():
    for family in families.FAMILIES:
        for control in ("a", "b", "x", "y", "start", "back", "leftshoulder", "rightshoulder", "lefttrigger",
                        "righttrigger", "leftstick", "rightstick", "guide"):
            assert families.label(control, family) not in ("", control)
    assert families.label("back", families.PLAYSTATION, families.PS4) == "Share"
    assert families.label("back", families.PLAYSTATION, families.PS5) == "Create"
    assert families.label("start", families.XBOX, families.XBOX360) == "Start"
    assert families.labels("a", [(families.PLAYSTATION, 7), (families.XBOX, 2), (families.NINTENDO, 5)]) == "✕ / A"
    assert families.labels("a", []) == "A"


def test_pressing_a_on_a_switch_pad_is_its_printed_a(app, pads):
    """SDL is told to name a Nintendo pad's buttons by their labels, so its "a" is the right-hand button
    printed A: the one a Switch owner confirms with, and the one the game names."""
    assert pygame.display.get_init()
    pad = pads(SWITCH_PRO)
    app.frames(3)
    from game.input.virtualpad import load_sdl

    sdl = load_sdl()
    sdl.SDL_GetHint.restype = __import__("ctypes").c_char_p
    assert sdl.SDL_GetHint(BUTTON_LABELS_HINT.encode()) == b"1"
    assert app.input.button("a", device(pad)) == "A" and app.input.button("b", device(pad)) == "B"


def test_the_keyboards_start_is_tab_from_any_lobby_cell(app):
    app.nav.push("title")
    app.frames(2)
    app.nav.push("lobby", "nothanks")
    app.frames(2)
    lobby = app.top
    lobby.menu.select(1)  # a seat's kind cell, far from the Start button
    hint = lobby.hint()
    assert "Tab / Start play" in hint  # no pad: the keyboard's Tab, and a pad's Start in the generic words
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=43))
    app.frames(3)
    assert top_name(app) == "NothanksTable"


def together(app, pads: tuple[VirtualPad, ...], button: str) -> None:
    for pad in pads:
        pad.press(button)
    app.frames(2)
    for pad in pads:
        pad.release(button)
    app.frames(2)


def test_a_steam_copy_of_a_pad_joins_once(app, pads):
    """Steam Input shows a PS5 pad twice: the pad, and "Steam Virtual Gamepad" (28DE:11FF) pressing the same
    buttons at the same moment. One person: one seat; the copy is not heard after."""
    real = pads(PS5, "DualSense Wireless Controller")
    copy = pads(STEAM_VIRTUAL, "Steam Virtual Gamepad")
    app.frames(3)
    app.nav.push("title")
    app.frames(2)
    together(app, (real, copy), "a")  # what Steam does: both at the same moment
    assert top_name(app) == "ChooseGameScene"  # one Confirm, not two (two would have gone on to the lobby)
    assert app.input.pads.twins == {copy.instance_id: real.instance_id}
    assert [p.instance_id for p in app.input.idle_pads()] in ([], [real.instance_id])
    together(app, (real, copy), "a")
    lobby = app.top
    assert top_name(app) == "LobbyScene"
    humans = [d for (kind, _), d in zip(lobby.seats, lobby.devices, strict=True) if kind == "human" and d]
    assert humans == [device(real)]  # one person, one seat: the pad itself
    tap(app, copy, "a")  # the copy alone (Steam would never): still not heard
    assert device(copy) not in lobby.devices and app.input.seat_of(device(copy)) is None


def test_a_steam_copy_a_frame_late_is_still_one_press_and_one_seat(app, pads):
    """Steam's copy of a press may arrive a read after the pad's own (or before it): still one Confirm, one
    seat, whichever came first."""
    for first, second in (("copy", "real"), ("real", "copy")):
        app.stack.clear()
        made = {"real": pads(PS5, f"DualSense {first}"), "copy": pads(STEAM_VIRTUAL, "Steam Virtual Gamepad")}
        app.frames(3)
        app.nav.push("title")
        app.frames(2)
        made[first].press("a")
        app.frames(1)  # a frame (16 ms) apart: two reads
        made[second].press("a")
        app.frames(2)
        for pad in made.values():
            pad.release("a")
        app.frames(2)
        assert top_name(app) == "ChooseGameScene", (first, top_name(app))
        assert app.input.pads.twins.get(made["copy"].instance_id) == made["real"].instance_id
        assert app.input.seat_of(device(made["real"])) == 0 and app.input.seat_of(device(made["copy"])) is None
        made["real"].unplug()
        made["copy"].unplug()
        made["real"].unplug = made["copy"].unplug = lambda: None  # (the fixture unplugs what is left)
        app.frames(2)


def test_two_seated_players_pressing_together_are_never_taken_for_a_steam_pair(app, pads):
    """A Steam virtual pad (a Deck's own controls under Steam) and a friend's pad, both seated, slap at the
    same instant: two people, two seats, both heard."""
    deck = pads(STEAM_VIRTUAL, "Steam Virtual Gamepad")
    friend = pads(XBOX_ONE, "Xbox Wireless Controller")
    app.frames(3)
    app.input.seat_devices({0: device(deck), 1: device(friend)})
    app.nav.push("title")
    app.frames(2)
    together(app, (deck, friend), "b")
    assert app.input.pads.twins == {}
    assert app.input.seat_of(device(deck)) == 0 and app.input.seat_of(device(friend)) == 1


# -- the mapping database ------------------------------------------------------------------------------
def test_the_bundled_database_loads_and_says_how_many_in_a_debug_line(caplog):
    caplog.set_level(logging.DEBUG, logger="couchcards.pads")
    warned: list[str] = []
    bundled, own = mappings.load_mappings(None, warned.append)
    assert bundled > 100 and own == 0 and warned == []
    assert any(f"{bundled} mappings from the bundled gamecontrollerdb.txt" in r.getMessage() for r in caplog.records)
    assert (mappings.bundled_path().parent / "LICENSE").exists()
    assert "zlib" in (mappings.bundled_path().parent / "SOURCE.md").read_text().lower()


def test_the_players_own_file_overrides_a_line_and_a_pad_plays_by_it(tmp_path, pads):
    probe = pads(UNKNOWN, "Override probe pad")
    guid = pygame.joystick.Joystick(next(i for i in range(pygame.joystick.get_count())
                                         if pygame.joystick.Joystick(i).get_instance_id() == probe.instance_id)).get_guid()
    probe.unplug()
    platform = mappings.platform()
    own = tmp_path / "gamecontrollerdb.txt"
    own.write_text(f"# my pad, its A and B swapped\n{guid},Override probe pad,a:b1,b:b0,x:b2,y:b3,"
                   f"platform:{platform},\n", encoding="utf-8")
    warned: list[str] = []
    assert mappings.load_mappings(own, warned.append)[1] == 1 and warned == []
    assert "a:b1" in (mappings.mapping_for(guid) or "")
    from game.input.pads import Pads

    seen = Pads()
    again = VirtualPad("Override probe pad", *UNKNOWN)
    again.plug()
    try:
        pygame.event.pump()
        for event in pygame.event.get():
            if event.type == pygame.CONTROLLERDEVICEADDED:
                seen.add(event.device_index)
        again.press("a")  # the pad's button 0: by the player's line, its B
        pygame.event.pump()
        presses = [c for e in pygame.event.get() for _, c, down in seen.translate(e) if down]
        assert presses == ["b"]
    finally:
        again.unplug()
        probe.unplug = lambda: None  # already unplugged


def test_a_broken_file_costs_one_warning_and_nothing_else(tmp_path):
    own = tmp_path / "gamecontrollerdb.txt"
    own.write_text("this is not a mapping\nnot,even,close\n\x00\x01 garbage\n"
                   f"0300000000000000ffff000000000000,Fine pad,a:b0,b:b1,platform:{mappings.platform()},\n",
                   encoding="utf-8")
    warned: list[str] = []
    bundled, taken = mappings.load_mappings(own, warned.append)
    assert bundled > 100 and taken == 1
    assert len(warned) == 1 and "3 line(s)" in warned[0] and "line 1" in warned[0]
    missing = mappings.load_mappings(tmp_path / "none.txt", warned.append)
    assert missing[1] == 0 and len(warned) == 1  # no file: nothing to say


def test_the_database_is_read_by_the_first_pad_whether_plugged_before_the_start_or_later(tmp_path, monkeypatch):
    """A start with no pad reads no mapping (issue 40: ~20 ms of every start); the first pad to arrive has
    SDL learn them before it opens, so a pad already in at the start and one plugged in later both play by
    the player's own line for them and name their family's buttons."""
    from game import settings as settings_mod
    from game.app import App, SilentAudio
    from game.loop import FakeClock

    def guid_of(pad: VirtualPad) -> str:
        return next(pygame.joystick.Joystick(i).get_guid() for i in range(pygame.joystick.get_count())
                    if pygame.joystick.Joystick(i).get_instance_id() == pad.instance_id)

    early, later = VirtualPad("Early probe pad", *PS5), VirtualPad("Later probe pad", *XBOX_ONE)
    lines = []
    for probe in (early, later):  # their GUIDs, for the player's lines (A and B swapped on both)
        probe.plug()
        lines.append(f"{guid_of(probe)},{probe.name},a:b1,b:b0,x:b2,y:b3,platform:{mappings.platform()},")
        probe.unplug()
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path))
    (tmp_path / mappings.FILENAME).write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.setattr(mappings, "_loaded", None)  # as at the start of a run
    pygame.event.pump()
    pygame.event.clear()

    def pressed(app: App, pad: VirtualPad, button: str) -> list[str]:
        app.input.capturing, app.input.captured = True, []
        pad.press(button)
        app.frames(2)
        pad.release(button)
        app.frames(2)
        app.input.capturing = False
        return [control for dev, control in app.input.captured if dev == device(pad)]

    early.plug()  # in before the game starts: its arrival waits in SDL's queue
    try:
        settings = settings_mod.load(tmp_path / "settings.json", warn=lambda m: None, games=games.GAMES)
        clock = FakeClock()
        app = App(settings, size=(1280, 720), clock=clock, sleep=clock.sleep, audio=SilentAudio(), rng_seed=1)
        app.nav.push("title")
        assert mappings._loaded is None  # the start itself read nothing
        app.frames(2)
        assert mappings._loaded is not None and mappings._loaded[1] == 2  # the first pad had both lines read
        first = app.input.pads.by_id[early.instance_id]
        assert first.family == families.PLAYSTATION and first.label("a") == "✕"
        assert pressed(app, early, "a") == ["b"]  # its button 0 is B by the player's line
        later.plug()
        app.frames(2)
        second = app.input.pads.by_id[later.instance_id]
        assert second.family == families.XBOX and second.label("a") == "A"
        assert pressed(app, later, "a") == ["b"]
        app.stack.clear()
    finally:
        early.unplug()
        later.unplug()
        pygame.event.pump()
        pygame.event.clear()
