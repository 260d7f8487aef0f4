"""Typing on the keyboard into a proposed preset name gave "House rules 1Family": the proposal now starts selected,
as in a text field, so the first letter typed replaces it; Enter still accepts it and Backspace still edits it."""

from __future__ import annotations

import pygame
from support_app import focus, house_rules, press, top_name
from test_scenes_menus import saved, stroke, type_keys

from game.i18n import t
from game.scenes.dialogs import NameEntryScene
from game.scenes.lobby import LobbyScene


def open_preset_name(app) -> NameEntryScene:
    app.push(LobbyScene("ratscrew"))
    house_rules(app)
    focus(app, t("Save these rules as a preset…"))
    press(app, "enter")
    assert top_name(app) == "NameEntryScene"
    assert app.top.name == t("House rules {n}", n=1)
    return app.top


def test_typing_replaces_the_proposed_preset_name(app):
    entry = open_preset_name(app)
    type_keys(app, "Family")
    assert entry.name == "Family"
    type_keys(app, " rules")  # only the proposal is replaced: what is typed after adds to it
    assert entry.name == "Family rules"
    stroke(app, pygame.K_RETURN)
    assert "Family rules" in saved(app)["presets"]["ratscrew"]


def test_enter_accepts_the_proposed_preset_name(app):
    open_preset_name(app)
    stroke(app, pygame.K_RETURN)
    assert t("House rules {n}", n=1) in saved(app)["presets"]["ratscrew"]


def test_backspace_edits_the_proposed_preset_name(app):
    entry = open_preset_name(app)
    stroke(app, pygame.K_BACKSPACE)
    assert entry.name == t("House rules {n}", n=1)[:-1]
    type_keys(app, "7")
    assert entry.name == t("House rules {n}", n=7)


def test_a_letter_from_the_on_screen_keys_replaces_the_proposal_too(app):
    entry = open_preset_name(app)
    press(app, "up", "up", "up", "up", "enter")  # from OK up to a letter, typed with Enter / A
    assert len(entry.name) == 1 and entry.name.strip()
