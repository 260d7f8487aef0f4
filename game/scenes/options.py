"""The settings screen: volume, full screen, four-colour suits, reduced motion, large cards, text size,
card letters, pad rumble, the games' own switches (a teaching aid), language, controls."""

from __future__ import annotations

import pygame

from game import i18n, screens
from game.i18n import pt, t
from game.render.letters import LETTERS, letters_for
from game.settings import CARD_LETTERS, TEXT_SIZES
from game.ui import widgets as ui
from game.ui.menu import MenuScene

LANGUAGE_NAMES = i18n.NAMES  # each language in its own words
LANGUAGE_CHOICES = (i18n.AUTO, *i18n.LANGUAGES)  # "auto": as the system is set


class SettingsScene(MenuScene):
    """Every change is saved at once (atomically), so nothing is lost if the game is closed."""

    width = 1160  # two columns of rows (the settings are too many for one at 720p)

    def enter(self) -> None:
        self.menu = ui.Menu(self.items(), columns=2)

    def rebuild(self) -> None:
        index = self.menu.index
        self.menu = ui.Menu(self.items(), index, columns=2)
        self.relayout(self.app.size)

    def relayout(self, size: tuple[int, int]) -> None:
        w = size[0]
        row = ui.px(size, self.row)
        pw = min(w - ui.px(size, 40), ui.px(size, self.width))
        ph = row * -(-len(self.menu.items) // 2) + ui.px(size, 32)
        top = self.panel_top(size, ph)
        self.panel_rect = pygame.Rect((w - pw) // 2, top, pw, ph)
        self.menu.layout(self.panel_rect.inflate(-ui.px(size, 32), -ui.px(size, 32)), row)

    def heading(self) -> str:
        return t("Settings")

    def items(self) -> list[ui.Item]:
        s = self.app.settings
        items = [
            ui.Item(t("Volume"), value=lambda: f"{round(s['volume'] * 100)} %", change=self._volume),
            ui.Item(t("Full screen (F11)"), value=lambda: ui.on_off(self.app.fullscreen),
                    change=lambda _step: self.app.toggle_fullscreen()),
            self._flag(t("Four-colour suits"), "four_colour_suits"),
            self._flag(t("Reduced motion"), "reduced_motion"),
            self._flag(t("Large cards"), "large_cards"),
            ui.Item(t("Text size"), value=lambda: t("{n} %", n=s["text_size"]), change=self._text_size),
            ui.Item(t("Card letters"), value=self._letters_value, change=self._letters),
            self._flag(t("Controller rumble"), "rumble"),
            *(self._flag(label, key) for game in self.app.games.all() for label, key in game.settings_flags()),
            ui.Item(t("Language"), value=lambda: language_label(s["language"]), change=self._language),
        ]
        items.append(ui.Item(t("Controls…"), lambda: self.app.nav.push(screens.Controls())))
        items.append(ui.Item(pt("menu", "Back"), self.back))
        return items

    def _flag(self, label: str, key: str) -> ui.Item:
        def flip(_step: int) -> None:
            self.app.settings[key] = not self.app.settings[key]
            self.app.save_settings()

        return ui.Item(label, value=lambda: ui.on_off(bool(self.app.settings[key])), change=flip)

    def _volume(self, step: int) -> None:
        volume = min(1.0, max(0.0, round(self.app.settings["volume"] + 0.1 * step, 1)))
        self.app.settings["volume"] = volume
        self.app.save_settings()
        self.app.audio.play("match")  # hear the new level

    def _text_size(self, step: int) -> None:
        sizes = list(TEXT_SIZES)
        i = sizes.index(self.app.settings["text_size"]) if self.app.settings["text_size"] in sizes else 0
        self.app.settings["text_size"] = sizes[max(0, min(len(sizes) - 1, i + step))]
        self.app.save_settings()  # every screen lays out again at the new size
        self.rebuild()

    def _letters_value(self) -> str:
        choice = self.app.settings["card_letters"]
        shown = " ".join(LETTERS[letters_for(choice, i18n.language())].values())
        return t("{letters} (language)", letters=shown) if choice == "auto" else shown

    def _letters(self, step: int) -> None:
        choices = list(CARD_LETTERS)
        i = choices.index(self.app.settings["card_letters"]) if self.app.settings["card_letters"] in choices else 0
        self.app.settings["card_letters"] = choices[(i + step) % len(choices)]
        self.app.save_settings()

    def _language(self, step: int) -> None:
        codes = LANGUAGE_CHOICES
        i = codes.index(self.app.settings["language"]) if self.app.settings["language"] in codes else 0
        self.app.settings["language"] = codes[(i + step) % len(codes)]
        self.app.save_settings()  # switches the language at once and empties caches of drawn text
        self.rebuild()  # labels in the new language


def language_label(code: str) -> str:
    """The Language row's value: the language's own name; "auto" names the system's ("System (Dansk)")."""
    if code == i18n.AUTO:
        return t("System ({language})", language=LANGUAGE_NAMES[i18n.system_language()])
    return LANGUAGE_NAMES.get(code, code)
