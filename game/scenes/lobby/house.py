"""The house rules the lobby holds: the game's rule options (from its definition, whatever they are), the
chosen preset, saving and deleting presets, and presets as files (game.presets_io). A part the lobby scene
owns (built alone in tests: it needs the services, the game, and three calls back); the house-rules screen
shows and changes it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game import presets_io, screens
from game.core.contract import RuleOption
from game.core.options import from_json, to_json
from game.games.base import SomeGame
from game.i18n import t
from game.jsonsafe import JSONObject
from game.services import Services


def values_of(stored: JSONObject) -> dict[str, object]:
    """A preset's option values as the rules take them (JSON's lists become the rules' tuples). Unchecked
    here: the game's rules check them (a value they refuse falls back to the defaults)."""
    return {name: from_json(value) for name, value in stored.items()}


class HouseRules:
    """Rule values (only those that differ from the defaults), the rules they make, the preset.

    `players()` is how many sit at the table now (the rules and their options follow it); `changed()` runs
    after every change made here (the lobby redraws); `say(text)` gives a preset file's news in one line."""

    def __init__(self, app: Services, definition: SomeGame, values: dict[str, object], players: Callable[[], int],
                 changed: Callable[[], None], say: Callable[[str], None]) -> None:
        self.app = app
        self.definition = definition
        self.game = definition.id
        self.players = players
        self.changed = changed
        self.say = say
        self.message = ""  # what in the rules keeps the game from starting (the game's `players_problem`)
        self.values: dict[str, object] = values
        self.preset: str | None = None
        self.told: tuple[str, ...] = ()  # a preset file's news as its lines on screen (the note, joined)
        self.told_bad = False  # that news is that something went wrong (drawn as a warning)
        self.told_folder = False  # its second line is a folder: cut at its start, where it says least
        self.imports: list[Path] = []  # the preset files to import (find_imports)
        self.import_at = 0
        self.find_imports()
        self.refresh_rules()

    def find_imports(self) -> None:
        self.imports = presets_io.importable(game=self.game, games=self.app.settings.games)

    def refresh_rules(self) -> None:
        """The rules from the values for the table as it is now (a change of seats may change them)."""
        players = max(2, self.players())
        self.values, raised = self.definition.table_values(self.values)
        if raised:  # e.g. a preset asking for a lockout a masher could use: raised, and said in one line
            self.tell(raised)
        try:
            self.rules = self.definition.rules_from_values(self.values, players)
        except (TypeError, ValueError):
            self.values = {}  # a preset from another version: fall back to the defaults
            self.rules = self.definition.rules_from_values(self.values, players)
        self.options = self.definition.rule_options(self.rules, players)
        self.message = self.definition.players_problem(self.rules, self.players())
        # another edition at its own defaults is that edition's standard rules, not the table's own: which of
        # them found here, as the rules change; its name worded as drawn (the language may change meanwhile)
        self.standard = next((k for k, (_, values) in enumerate(self.definition.standard_presets())
                              if self.definition.rules_from_values(values, players) == self.rules), None)

    # -- one option ----------------------------------------------------------------------------------
    def option(self, name: str) -> RuleOption:
        return next(o for o in self.options if o.name == name)

    def option_value(self, name: str) -> str:
        opt = self.option(name)
        return str(opt.label_of(self.values.get(name, opt.default)))

    def option_choices(self, name: str) -> tuple[list[str], int]:
        opt = self.option(name)
        values = [v for v, _ in opt.choices]
        current = self.values.get(name, opt.default)
        return [label for _, label in opt.choices], values.index(current) if current in values else 0

    def cycle_option(self, name: str, step: int) -> None:
        """The next choice of option `name` that the other options allow (a game may refuse some)."""
        opt = self.option(name)
        values = [v for v, _ in opt.choices]
        current = self.values.get(name, opt.default)
        i = values.index(current) if current in values else -step
        for k in range(1, len(values) + 1):
            candidate = dict(self.values, **{name: values[(i + step * k) % len(values)]})
            candidate = self.definition.values_after_change(name, candidate)
            try:
                self.definition.rules_from_values(candidate, max(2, self.players()))
            except (TypeError, ValueError):
                continue  # e.g. more cards set aside than a small deck allows: skip that choice
            self.values = self._without_defaults(candidate)
            break
        self.preset = None
        self.refresh_rules()
        self.changed()

    def _without_defaults(self, values: dict[str, object]) -> dict[str, object]:
        """`values` less the choices that change nothing (all of them: "Standard rules" again)."""
        players = max(2, self.players())
        rules = self.definition.rules_from_values(values, players)
        out = dict(values)
        for name in list(out):
            trial = {k: v for k, v in out.items() if k != name}
            if self.definition.rules_from_values(trial, players) == rules:
                out = trial
        return out

    def summary(self) -> str:
        return str(self.definition.rules_summary(self.rules))

    def summary_line(self, fits: Callable[[str], bool]) -> str:
        """The summary in one line that `fits`: as many of its parts as fit whole, then "+N more"."""
        whole = self.summary()
        if fits(whole):
            return whole
        parts = whole.split(" · ")
        for k in range(len(parts) - 1, 0, -1):
            line = t("{rules} · +{n} more", rules=" · ".join(parts[:k]), n=len(parts) - k)
            if fits(line):
                return line
        return t("{rules} · +{n} more", rules=parts[0], n=len(parts) - 1)

    # -- presets -------------------------------------------------------------------------------------
    def presets(self) -> dict[str, JSONObject]:
        return self.app.settings["presets"].get(self.game, {})

    def preset_value(self) -> str:
        if self.preset is not None:
            return self.preset
        if not self.values:
            return t("Standard rules")
        return t("Custom") if self.standard is None else self.definition.standard_presets()[self.standard][0]

    def preset_choices(self) -> tuple[list[str], int]:
        names = [t("Standard rules"), *sorted(self.presets())]
        if self.preset is None and self.values:
            return [self.preset_value(), *names], 0
        return names, names.index(self.preset) if self.preset in names else 0

    def cycle_preset(self, step: int) -> None:
        names: list[str | None] = [None, *sorted(self.presets())]
        i = names.index(self.preset) if self.preset in names else 0
        self.preset = names[(i + step) % len(names)]
        stored = self.presets().get(self.preset, {}) if self.preset else {}
        self.values = values_of(stored)
        self.refresh_rules()
        if self.preset is not None and not self.values and stored:
            self.message = t("Preset {name} no longer fits these rules.", name=self.preset)
        self.changed()

    def save_preset(self) -> None:
        taken = self.presets()
        n = len(taken) + 1
        while t("House rules {n}", n=n) in taken:
            n += 1

        def done(name: str) -> None:
            presets = dict(self.app.settings["presets"])
            mine = dict(presets.get(self.game, {}))
            chosen: JSONObject = {o.name: to_json(self.values.get(o.name, o.default)) for o in self.options}
            mine[name] = chosen
            presets[self.game] = mine
            self.app.settings["presets"] = presets
            self.app.save_settings()
            self.preset = name

        initial = self.preset or t("House rules {n}", n=n)
        self.app.nav.push(screens.NameEntry(t("Name this preset"), initial, done, 20))

    def delete_preset(self) -> None:
        name = self.preset

        def yes() -> None:
            presets = dict(self.app.settings["presets"])
            presets[self.game] = {k: v for k, v in presets.get(self.game, {}).items() if k != name}
            self.app.settings["presets"] = presets
            self.app.save_settings()
            self.preset = None
            self.changed()

        self.app.nav.push(screens.Confirm(t("Delete the preset {name}?", name=name), yes))

    # -- presets as files ------------------------------------------------------------------------------
    def tell(self, *lines: str, bad: bool = False, folder: bool = False, said: str | None = None) -> None:
        """News of a preset file: its lines on the house-rules screen; in the lobby's one line of text (`note`,
        shown as up to two lines) `said`, else the lines run on ("No preset files yet: put them in …")."""
        self.told, self.told_bad, self.told_folder = lines, bad, folder
        self.say(" ".join(lines) if said is None else said)

    def export_preset(self) -> None:
        """The chosen preset as a file in the data folder's exports/; the note gives its path."""
        if self.preset is None:  # the row is offered only with a preset chosen
            return
        preset = presets_io.Preset(self.game, self.preset, dict(self.presets().get(self.preset, {})))
        try:
            path = presets_io.export_to_folder(preset)
        except OSError as exc:
            self.tell(t("Not exported: {why}", why=exc.strerror or exc), bad=True)
            return
        self.find_imports()
        self.tell(t("Exported {file}", file=path.name), t("to {folder}", folder=path.parent), folder=True)

    def import_value(self) -> str:
        return self.imports[self.import_at % len(self.imports)].name if self.imports else t("no files")

    def import_choices(self) -> tuple[list[str], int]:
        names = [path.name for path in self.imports] or [t("no files")]
        return names, self.import_at % len(names)

    def cycle_import(self, step: int) -> None:
        self.import_at = (self.import_at + step) % max(1, len(self.imports))

    def import_preset(self) -> None:
        """The file the import row shows becomes a preset (under "Name (2)" if the name is taken) and is
        chosen if it is for this game; a bad file changes nothing and the note says why."""
        if not self.imports:
            self.tell(t("No preset files yet:"), t("put them in {folder}", folder=presets_io.exports_dir()),
                      bad=True, folder=True)
            return
        path = self.imports[self.import_at % len(self.imports)]
        try:
            added = presets_io.import_file(self.app.settings, path)
        except presets_io.PresetError as exc:
            self.tell(t("{file} not imported:", file=path.name), str(exc), bad=True)
            return
        saved = self.app.save_settings()
        raised: tuple[str, ...] = ()
        if added.game == self.game:
            self.preset = added.name
            self.values = values_of(added.options)
            self.told = ()
            self.refresh_rules()
            raised = self.told  # what the table raised, said under the import's line
            self.changed()
            note = t("Imported the preset {name}", name=added.name)
        else:
            note = t("Imported the preset {name} for {game}", name=added.name, game=self.app.games.get(added.game).title())
        if saved and raised:  # two sentences in the lobby's line: "Imported the preset X. Slap lockout raised …"
            self.tell(note, *raised, said=t("Imported the preset {name}. {raised}", name=added.name,
                                            raised=" ".join(raised)))
        elif saved:
            self.tell(note)
        else:
            self.tell(note, t("for now: the settings could not be saved"), bad=True)
