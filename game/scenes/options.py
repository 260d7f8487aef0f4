"""The settings screen: volume, full screen, four-colour suits, reduced motion, pad rumble, the games' own
switches (a teaching aid), language, controls."""

from __future__ import annotations

from game.i18n import CATALOGUES, t
from game.scenes import ui
from game.scenes.menu import MenuScene

LANGUAGE_NAMES = {"en": "English", "da": "Dansk", "sv": "Svenska"}


class SettingsScene(MenuScene):
    """Every change is saved at once (atomically), so nothing is lost if the game is closed."""

    width = 620

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
            self._flag(t("Pad rumble"), "rumble"),
            *(self._flag(label, key) for game in self.app.games.all() for label, key in game.settings_flags()),
            ui.Item(t("Language"), value=lambda: LANGUAGE_NAMES.get(s["language"], s["language"]),
                    change=self._language, enabled=lambda: len(CATALOGUES) > 1),
        ]
        items.append(ui.Item(t("Controls…"), lambda: self.app.nav.push("controls")))
        items.append(ui.Item(t("Back"), self.back))
        return items

    def _flag(self, label: str, key: str) -> ui.Item:
        def flip(_step: int) -> None:
            self.app.settings[key] = not self.app.settings[key]
            self.app.save_settings()

        return ui.Item(label, value=lambda: ui.on_off(self.app.settings[key]), change=flip)

    def _volume(self, step: int) -> None:
        volume = min(1.0, max(0.0, round(self.app.settings["volume"] + 0.1 * step, 1)))
        self.app.settings["volume"] = volume
        self.app.save_settings()
        self.app.audio.play("match")  # hear the new level

    def _language(self, step: int) -> None:
        codes = sorted(CATALOGUES)
        i = codes.index(self.app.settings["language"]) if self.app.settings["language"] in codes else 0
        self.app.settings["language"] = codes[(i + step) % len(codes)]
        self.app.save_settings()
        self.rebuild()  # labels in the new language
