"""A remembered player "Mia" and a guest named "Mia" at one table had the same seat card ("Mia"), while the
"who plays?" picker and the slap school's setup call the guest "Guest: Mia". The card now says it as they do
(with nobody remembered it keeps the plain "Player 1": there is nobody to take a guest for); the table still
shows names only."""

from __future__ import annotations

import pytest

from game import screens
from game.i18n import set_language, t


@pytest.fixture(autouse=True)
def own_data(tmp_path, monkeypatch):
    """A data folder of the test's own (set before conftest's `app` opens it): the players remembered here are
    nobody else's; English after."""
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    yield
    set_language("en")


def card_names(lobby) -> list[str]:
    return [card[0].label for card in lobby.card_cells]


def test_a_guest_and_a_remembered_player_of_one_name_have_different_cards(app):
    mia = app.history.create("Mia")
    names = list(app.settings["names"])
    names[1] = "Mia"
    app.settings["names"] = names
    lobby = app.nav.push(screens.Lobby("ratscrew"))
    app.frames(2)
    seating = lobby.seating
    seating.set_kind(1, ("human", None))
    seating.profiles[0] = mia.id
    lobby.rebuild()
    app.frames(1)
    assert card_names(lobby)[:2] == ["Mia", "Guest: Mia"]
    specs, _ = seating.seat_specs()
    assert [spec.name for spec in specs[:2]] == ["Mia", "Mia"]  # the table shows the names alone
    for lang in ("da", "sv"):  # the picker's own words, in each language
        set_language(lang)
        lobby.rebuild()
        assert card_names(lobby)[1] == t("Guest: {name}", name="Mia") != "Guest: Mia"


def test_with_nobody_remembered_a_guest_card_keeps_its_plain_name(app):
    lobby = app.nav.push(screens.Lobby("ratscrew"))
    app.frames(2)
    assert card_names(lobby)[0] == "Player 1"
