"""The lobby is composed of parts it owns (issue 35): the seats (Seating), the house rules (HouseRules) and the
menu (SpatialMenu), each built and driven here without a lobby scene; the scene inherits none of them, and no
module of the lobby stubs another's methods for the type checker."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame

from game import games
from game.commands import CONFIRM, DOWN, LEFT, RIGHT, Command
from game.core.contract import MAX_SEATS
from game.i18n import t, tn
from game.scenes.lobby import LobbyScene
from game.scenes.lobby.house import HouseRules
from game.scenes.lobby.seating import Seating
from game.scenes.lobby.spatial import Cell, SpatialMenu

LOBBY = Path(__file__).resolve().parent.parent / "game" / "scenes" / "lobby"


class Calls:
    """What a part called back: how often, and what it said."""

    def __init__(self) -> None:
        self.seats = 0
        self.changes = 0
        self.said: list[str] = []

    def seats_changed(self) -> None:
        self.seats += 1

    def changed(self) -> None:
        self.changes += 1

    def say(self, text: str) -> None:
        self.said.append(text)


def seating(app, game: str = "ratscrew", rules: object | None = None) -> tuple[Seating, Calls]:
    definition = games.get(game)
    table_rules = definition.rules_from_values({}, 4) if rules is None else rules
    calls = Calls()
    return Seating(app, definition, None, lambda: table_rules, calls.seats_changed, calls.changed, calls.say), calls


def house(app, game: str = "nothanks", players: int = 3) -> tuple[HouseRules, Calls, list[int]]:
    count = [players]
    calls = Calls()
    return HouseRules(app, games.get(game), {}, lambda: count[0], calls.changed, calls.say), calls, count


# -- the seats alone ---------------------------------------------------------------------------------------------
def test_seating_alone_starts_with_one_person_and_the_games_bots(app):
    seats, calls = seating(app)
    definition = games.get("ratscrew")
    assert seats.seats[0] == ("human", None) and seats.devices[0] == "kb:0"
    assert seats.seats[1:definition.lobby_seats] == [("bot", definition.default_level)] * (definition.lobby_seats - 1)
    assert seats.players == definition.lobby_seats and len(seats.seats) == MAX_SEATS
    assert (calls.seats, calls.changes, calls.said) == (0, 0, [])  # building it changes nothing


def test_seating_alone_tells_its_owner_what_changed(app):
    seats, calls = seating(app)
    seats.set_kind(2, ("human", None))  # who sits where: the owner's rules follow the seats
    assert calls.seats == 1 and seats.seats[2] == ("human", None) and seats.devices[2] == "kb:2"
    seats.cycle_lead(0, 1)  # a head start: only redrawn
    assert calls.seats == 1 and calls.changes == 1 and seats.leads[0] == 50
    seats.set_kind(3, ("bot", "pro"))
    seats.set_kind(2, ("empty", None))
    assert seats.devices[2] is None and seats.seat_index(2) is None
    assert seats.seat_index(3) == 2  # the seats close up behind an empty row
    specs, rows = seats.seat_specs()
    assert rows == tuple(r for r in range(MAX_SEATS) if seats.seats[r][0] != "empty")
    assert [s.kind for s in specs] == [seats.seats[r][0] for r in rows] and specs[0].head_start_ms == 50


def test_seating_alone_lets_a_pad_join_within_the_rules_it_is_given(app):
    definition = games.get("nothanks")
    rules = definition.rules_from_values({}, 3)
    seats, _ = seating(app, "nothanks", rules)
    _, high = definition.player_range(rules)
    for row in range(MAX_SEATS):
        seats.seats[row] = ("human", None) if row < high else ("empty", None)
        seats.devices[row] = f"kb:{row}" if row < high else None
    assert seats.join_row() is None  # the table is full for these rules: no row for a pad
    seats.set_kind(1, ("bot", definition.default_level))
    assert seats.join_row() == 1  # a bot's row is taken first
    assert seats.start_problem() == ""
    seats.devices[0] = "pad:999"  # a pad unplugged since
    assert seats.start_problem() == t("{name} has no keys or controller: join again, or make the seat a bot.",
                                      name=app.settings.player_name(0))


def test_seating_alone_seats_the_join_screens_people_first(app):
    seats, calls = seating(app)
    bots = [s for s in seats.seats if s[0] == "bot"]
    seats.seat_joined({0: "kb:4", 1: "kb:5"})
    assert seats.seats[:2] == [("human", None)] * 2 and seats.devices[:2] == ["kb:4", "kb:5"]
    assert seats.seats[2:2 + len(bots)] == bots and calls.seats == 1


# -- the house rules alone -----------------------------------------------------------------------------------------
def test_house_rules_alone_follow_the_players_they_are_given(app):
    rules, calls, count = house(app, players=1)
    low, high = games.get("nothanks").player_range(rules.rules)
    assert low > 1 and rules.message == t("{edition}: {fix}.", fix=tn("add {n} player or bot", "add {n} players or bots",
                                                                      low - 1),
                                          edition=t("The playing-card edition is for {low} to {high} players",
                                                    low=low, high=high))
    count[0] = 4
    rules.refresh_rules()
    assert rules.message == "" and rules.values == {} and rules.preset_value() == t("Standard rules")
    assert calls.changes == 0  # refreshing is the owner's to redraw


def test_house_rules_alone_change_an_option_and_say_so(app):
    rules, calls, _ = house(app)
    # (not the edition: the other edition alone is its standard rules, see test_nothanks_lobby_editions)
    name = next(o.name for o in rules.options if o.name != "edition")
    before = rules.rules
    rules.cycle_option(name, 1)
    assert rules.values and name in rules.values and rules.rules != before
    assert calls.changes == 1 and rules.preset_value() == t("Custom")
    labels, at = rules.option_choices(name)
    assert labels[at] == rules.option_value(name)
    rules.tell("Exported x.json", "to /tmp")
    assert calls.said == ["Exported x.json to /tmp"] and rules.told == ("Exported x.json", "to /tmp")


# -- the menu alone --------------------------------------------------------------------------------------------------
def test_the_menu_alone_moves_in_space_and_changes_only_a_focused_value(app):
    value = [0]
    done: list[str] = []
    items = [Cell("A", lambda: done.append("A"), group=0), Cell("Level", value=lambda: str(value[0]),
                                                             change=lambda step: value.__setitem__(0, value[0] + step),
                                                             group=0),
             Cell("B", lambda: done.append("B"), group=1)]
    menu = SpatialMenu(items)
    menu.places = menu.rects = [pygame.Rect(0, 0, 100, 40), pygame.Rect(0, 50, 100, 40), pygame.Rect(200, 0, 100, 40)]
    menu.handle(Command(0, DOWN, 0))
    assert menu.index == 1
    menu.handle(Command(0, RIGHT, 0))
    assert value == [1] and menu.index == 1  # ← → change the focused value, the focus stays
    menu.select(0)
    menu.handle(Command(0, RIGHT, 0))
    assert menu.index == 2 and value == [1]  # on a name, → moves to the next seat
    menu.handle(Command(0, CONFIRM, 0))
    menu.handle(Command(0, LEFT, 0))
    assert done == ["B"] and menu.index == 0


# -- composed, not mixed -------------------------------------------------------------------------------------------------
def test_the_lobby_scene_owns_its_parts_and_nothing_stubs_another():
    assert not issubclass(LobbyScene, Seating | HouseRules)
    for path in LOBBY.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                stubs = [n.name for n in ast.walk(node) if isinstance(n, ast.FunctionDef)]
                assert stubs == [], f"{path.name} stubs {stubs} for the type checker"


def test_the_lobby_builds_its_parts_on_entering(app):
    app.push(LobbyScene("ratscrew"))
    app.frames(1)
    lobby = app.top
    assert isinstance(lobby.seating, Seating) and isinstance(lobby.house, HouseRules)
    assert lobby.rules is lobby.house.rules and lobby.house.players() == lobby.seating.players
    lobby.seating.set_kind(4, ("bot", "pro"))  # a change of seats: the house rules follow, the cards are rebuilt
    assert lobby.house.players() == lobby.seating.players and lobby.card_cells[4][0].label == t("Bot {n}", n=5)
