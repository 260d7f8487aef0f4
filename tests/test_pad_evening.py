"""What a family met in an evening of pads (PS5, Switch Pro, Xbox and the keyboard): words the table kept in the
language it was dealt in, a pad unplugged around the end of a game or in the lobby, and how a pad gets through the
screens around the games."""

from __future__ import annotations

import pytest
from support_app import make_app
from test_default_names_language import _language, english_after  # noqa: F401 - the fixture, named in usefixtures

from game import screens
from game.core.contract import TableConfig
from game.games.ratscrew import engine as rs
from game.match import SeatSpec


def _small_print(table) -> str:
    table.app.frames(2)
    return "\n".join(box.text for box in table.view.boxes.all() if box.kind == "small_print")


@pytest.mark.usefixtures("english_after")
def test_the_ratscrew_corner_follows_a_change_of_language_mid_game(app):
    """Issue: after Settings → Language in the pause menu the Ratscrew table's corner still read "Slap on: Double,
    Sandwich, Top-bottom" under a Danish "Regler: …" line: its slaps line was worded once, when dealt."""
    config = TableConfig("ratscrew", rs.Rules(), [SeatSpec("human"), SeatSpec("bot", "casual")], 7)
    app.nav.push(screens.Title())
    app.nav.push(screens.Table(config))
    app.frames(2)
    table = app.top
    assert _small_print(table).startswith("Slap on: Double, Sandwich, Top-bottom")
    app.nav.push(screens.Settings())
    _language(app, "da")
    app.pop()
    assert app.top is table
    assert _small_print(table).startswith("Slå på: Par, Sandwich")
    _language(app, "sv")
    assert _small_print(table).startswith("Slå på: ")
    assert "Slap on" not in _small_print(table)


@pytest.mark.usefixtures("english_after")
def test_ratscrews_banners_and_notes_on_show_follow_a_change_of_language(app):
    """Issue: "Player 1: Double!" and "Claimed 5 cards!" stayed in the old language for their second after a
    language change on the pause menu: they were worded when their event came. They are worded again from the
    event's data when the table comes back."""
    from game.render.effects import Banner, Note

    config = TableConfig("ratscrew", rs.Rules(), [SeatSpec("human"), SeatSpec("bot", "casual")], 7)
    app.nav.push(screens.Title())
    app.nav.push(screens.Table(config))
    app.frames(2)
    table = app.top
    model = table.view.model
    now = table.now_ns
    model.on_event(rs.SlapWon(0, "double"), now, table.match.state)
    model.on_event(rs.PileWon(1, 5, "claim"), now, table.match.state)

    def said() -> list[str]:
        return [e.text for e in model.anim.effects if isinstance(e, (Banner, Note))]

    assert "Player 1: Double!" in said() and "Claimed 5 cards!" in said()
    app.nav.push(screens.Settings())
    _language(app, "da")
    app.pop()
    assert app.top is table
    assert "Spiller 1: Par!" in said() and not [s for s in said() if "Double" in s or "Claimed" in s], said()
    assert [s for s in said() if "5" in s and s != "Claimed 5 cards!"]


@pytest.mark.usefixtures("english_after")
def test_ratscrews_notes_short_forms_on_show_follow_a_change_of_language(tmp_path):
    """Issue: a note's short form, which a small window's narrow lanes show ("Out of cards!" for "Out of cards:
    slap (L-Shift) to stay in!", "Wins the challenge!"), stayed in the old language after a language change on
    the pause menu while its long form was worded again; a learner's hint ("Slap! Double", short "Slap!") kept
    both. Checked on the notes as drawn at 640×360 with six seats, where the lanes hold only the short forms."""
    from game.games.ratscrew import match as rm
    from game.games.ratscrew.view_model import HintNote

    app = make_app(tmp_path, size=(640, 360))
    config = TableConfig("ratscrew", rs.Rules(), [SeatSpec("human")] + [SeatSpec("bot", "casual")] * 5, 7)
    app.nav.push(screens.Title())
    app.nav.push(screens.Table(config))
    app.frames(2)
    table = app.top
    model = table.view.model
    model.hints = {0: 0}
    for seat in range(6):
        model.on_event(rs.RanOut(seat), table.now_ns, table.match.state)
        model.on_event(rs.PileAwaitingClaim(seat), table.now_ns, table.match.state)
    model.on_event(rm.Slappable("double", ("5H", "5S")), table.now_ns, table.match.state)

    def drawn() -> set[str]:
        app.frames(1)
        return {box.text for box in table.view.boxes.all() if box.kind == "note"}

    def hint() -> tuple[str, str]:
        (note,) = [e for e in model.anim.effects if isinstance(e, HintNote)]
        return note.text, note.short

    assert {"Out of cards!", "Wins the challenge!"} <= drawn()
    assert hint() == ("Slap! Double", "Slap!")
    app.nav.push(screens.Settings())
    _language(app, "da")
    app.pop()
    assert app.top is table
    said = drawn()
    assert {"Løbet tør for kort!", "Vinder udfordringen!"} <= said, said
    assert not [s for s in said if "Out of" in s or "challenge" in s], said
    assert hint() == ("Slå! Par", "Slå!")
    app.nav.push(screens.Settings())
    _language(app, "sv")
    app.pop()
    said = drawn()
    assert said and not [s for s in said if "Løbet" in s or "Vinder" in s], said


@pytest.mark.usefixtures("english_after")
@pytest.mark.parametrize("game", ["nothanks", "ratscrew"])
def test_the_winners_banner_and_no_thanks_notes_on_show_follow_a_change_of_language(app, game):
    """Issue: the winner's banner ("Player 1 wins!") at both tables and No Thanks' notes ("Not your turn") were
    worded once, when their event came: a language changed on the pause menu while they showed left them in the
    old one, as Ratscrew's notes were."""
    from game.commands import PASS
    from game.games.nothanks import engine as nt
    from game.games.nothanks.match import NOT_YOUR_TURN
    from game.match.common import Ignored
    from game.render.effects import Banner, Note

    rules = nt.Rules() if game == "nothanks" else rs.Rules()
    config = TableConfig(game, rules, [SeatSpec("human"), SeatSpec("human")], 7)
    app.nav.push(screens.Title())
    app.nav.push(screens.Table(config))
    app.frames(2)
    table = app.top
    model = table.view.model
    now, state = table.now_ns, table.match.state
    if game == "nothanks":
        model.on_event(Ignored(1, PASS, f"{NOT_YOUR_TURN}: x"), now, state)
        model.on_event(nt.GameOver((3, -5), (0,), ()), now, state)
    else:
        model.on_event(rs.GameOver(0, "last_player"), now, state)

    def said() -> list[str]:
        return sorted(e.text for e in model.anim.effects if isinstance(e, (Banner, Note)))

    assert said() == (["Not your turn", "Player 1 wins!"] if game == "nothanks" else ["Player 1 wins!"])
    app.nav.push(screens.Settings())
    _language(app, "da")
    app.pop()
    assert app.top is table
    assert said() == (["Ikke din tur", "Spiller 1 vinder!"] if game == "nothanks" else ["Spiller 1 vinder!"])


# -- a pad that goes at the end of a game ----------------------------------------------------------------
ONE_CARD = {"ranks_per_suit": 5, "set_aside": 19, "matches": 0}  # one card in play, no matches: the first press ends it


def _one_card_table(app, pads):
    """PS5 plays seat 1, an Xbox pad seat 2, at a No Thanks whose first take ends the game."""
    from support_pads import PLAYSTATION, device

    from game.games.nothanks import engine as nt

    ps5, xbox = pads(PLAYSTATION), pads((0x045E, 0x0B13))
    app.frames(3)
    config = TableConfig("nothanks", nt.Rules(**ONE_CARD), [SeatSpec("human"), SeatSpec("human")], 5)
    app.input.seat_devices({0: device(ps5), 1: device(xbox)})
    app.nav.push(screens.Title())
    app.nav.push(screens.Table(config))
    app.frames(2)
    return app.top, ps5, xbox


def test_a_pad_unplugged_on_the_results_is_waited_for_when_the_family_plays_again(app, pads):
    """Issue: a pad unplugged on the results, then Play again: the new game dealt that seat its turn with no pad
    to play it and no way to give it away ("Thinking…" for ever). The game now waits for it as it does mid-game:
    the pad plugged back in plays on."""
    from support_app import focus, top_name
    from support_pads import device, tap

    table, ps5, xbox = _one_card_table(app, pads)
    tap(app, ps5, "a")  # takes the one card: the game is over
    app.frames(200)
    assert top_name(app) == "ResultsScene"
    xbox.unplug()
    app.frames(3)
    focus(app, "Play again")
    tap(app, ps5, "a")
    assert top_name(app) == "PadLostScene"  # the seat waits for its pad, as mid-game
    again = app.stack.scenes[-2]
    assert again is not table and again.config.seats[1].kind == "human" and again._paused_at is not None
    back = pads((0x045E, 0x0B13))
    app.frames(3)
    assert app.top is again and app.input.seat_of(device(back)) == 1
    assert again.match.state.current_player == 1  # Play again: the first turn one seat on
    tap(app, back, "a")
    assert again.match.is_over


def test_a_pad_unplugged_while_the_game_ends_does_not_hold_back_the_results(app, pads):
    """Issue: unplugged during the last seconds of the table (the winner's banner), the "game waits" overlay came
    up over a game that was over, and the results never did until someone gave the seat to a bot."""
    from support_app import top_name
    from support_pads import tap

    table, ps5, xbox = _one_card_table(app, pads)
    tap(app, ps5, "a")
    assert table.match.is_over
    xbox.unplug()
    app.frames(3)
    assert top_name(app) != "PadLostScene"
    app.frames(200)
    assert top_name(app) == "ResultsScene"


# -- a pad on the name keyboard ---------------------------------------------------------------------------
def test_a_pads_back_leaves_the_name_keyboard_when_nothing_was_typed_yet(app, pads):
    """Issue: a pad-only player who pressed ✕ on their name in the lobby got the name keyboard, and ○ (back
    everywhere else) ate the proposed "Player 1" a letter at a time: getting out took nine presses. ○ on the
    proposal as it came leaves, keeping the name; once anything is typed or deleted, ○ deletes a letter."""
    from support_app import focus, top_name
    from support_pads import PLAYSTATION, tap
    from test_pad_only_play import to_lobby

    from game.i18n import t

    pad = pads(PLAYSTATION)
    to_lobby(app, pad, "nothanks")  # the pad that drove the menus plays Player 1
    focus(app, t("Player {n}", n=1))
    tap(app, pad, "a")
    assert top_name(app) == "NameEntryScene" and app.top.name == "Player 1"
    tap(app, pad, "b")
    assert top_name(app) == "LobbyScene" and app.settings["names"][0] == ""
    tap(app, pad, "a")
    entry = app.top
    tap(app, pad, "dpup")
    tap(app, pad, "a")  # types a letter in place of the proposal
    typed = entry.name
    tap(app, pad, "dpright")
    tap(app, pad, "a")
    assert len(entry.name) == 2 and entry.name.startswith(typed)
    tap(app, pad, "b")  # now ○ deletes
    assert app.top is entry and entry.name == typed
    tap(app, pad, "b")
    assert app.top is entry and entry.name == ""
    tap(app, pad, "b")  # and leaves once the name is empty
    assert top_name(app) == "LobbyScene"


# -- a seated pad unplugged in the lobby --------------------------------------------------------------------
def test_a_seated_pad_unplugged_in_the_lobby_shows_on_its_card_at_once(app, pads):
    """Issue: a seated PlayStation pad unplugged in the lobby left its card reading "Controller 2: ✕ / ○" as if all
    were well, until Start was refused ("Player 2 has no keys or controller"). The card says at once that the seat
    needs a pad, in that pad's own buttons, and its pad plugged back in plays it again."""
    from support_pads import PLAYSTATION, XBOX, device, tap
    from test_pad_only_play import to_lobby

    from game.i18n import t

    xbox = pads(XBOX)
    to_lobby(app, xbox, "ratscrew")
    ps5 = pads(PLAYSTATION)
    app.frames(3)
    tap(app, ps5, "a")  # joins: Player 2
    lobby = app.top
    assert lobby.seating.devices[1] == device(ps5)
    card = lambda: [cell.label for cell in lobby.card_cells[1]]  # read again after each change
    assert "Controller 2: ✕ / ○" in card()
    ps5.unplug()
    app.frames(3)
    assert t("press {a} to join", a="✕") in card() and "Controller 2: ✕ / ○" not in card()
    back = pads(PLAYSTATION)
    app.frames(3)
    assert lobby.seating.devices[1] == device(back) and "Controller 2: ✕ / ○" in card()


def test_a_pad_taking_a_stand_ins_seat_in_the_next_game_plays_it_under_its_players_name(app, pads):
    """Issue: Åse's pad died, a bot played on for her as "Åse" and Play again dealt the next game with it; her pad,
    plugged in again and pressing ✕ before the first card, took the seat as "Player 2". She gets her name back."""
    from support_pads import PLAYSTATION, XBOX, device, tap

    from game.games.nothanks import engine as nt

    one, hers = pads(XBOX), pads(PLAYSTATION)
    app.frames(3)
    seats = [SeatSpec("human"), SeatSpec("bot", "medium", "Åse", stand_in=True), SeatSpec("bot", "easy")]
    app.input.seat_devices({0: device(one)})
    app.nav.push(screens.Title())
    app.nav.push(screens.Table(TableConfig("nothanks", nt.Rules(), seats, 5, first_player=1)))
    app.frames(2)
    table = app.top
    assert table.seat_names() == ["Player 1", "Åse", "Bot 3"]
    tap(app, hers, "a")
    assert table.config.seats[1] == SeatSpec("human", name="Åse") and app.input.seat_of(device(hers)) == 1
    assert table.seat_names() == ["Player 1", "Åse", "Bot 3"]
