"""The lobby: 2–8 seats (human, bot with a level, or empty), every rule option, named presets, start.

Every human row shows the device that plays it (a pad's number, or its keys). A pad that plays no row
takes one by pressing A (or Start): a human row nobody can play, else a bot's row, else an empty row
("press A to join" is shown on them while a pad waits). The rows' devices play their seats at once
(each pad lights up in its seat's colour), and exactly those at the table.

A game with per-seat settings (`GameDef.seat_options`) gets a cell for each beside each seat row: its
head start (0–1,000 ms in steps of 50) and, for a human, whether it is a learner and after how long its
hints show. ↓ goes from a seat row through its cells to the next seat; ← → change a cell.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import presets_io
from game.commands import CONFIRM, PAUSE, Command
from game.games.base import MAX_SEATS, SeatSpec, TableConfig
from game.i18n import t
from game.match.common import HEAD_STARTS_MS, HINT_DELAYS_MS
from game.profiles import remembered_device
from game.render.fonts import wrap
from game.scenes import ui
from game.scenes.menu import MenuHandler

Seat = tuple[str, str | None]  # ("human", None) | ("bot", level) | ("empty", None)
EMPTY: Seat = ("empty", None)


def json_safe(value: Any) -> Any:
    """Option values as stored in presets (tuples become lists in JSON)."""
    return list(value) if isinstance(value, tuple) else value


def from_json(value: Any) -> Any:
    return tuple(from_json(v) for v in value) if isinstance(value, list) else value


class LobbyMenu(ui.Menu):
    """The lobby's menu: ↑ ↓ follow `order` (each seat row, then its cells beside it), not the list."""

    def __init__(self, items: list[ui.Item], index: int = 0) -> None:
        self.order: list[int] = []
        super().__init__(items, index)

    def move(self, step: int) -> None:
        order = self.order or list(range(len(self.items)))
        pos = order.index(self.index) if self.index in order else 0
        for _ in range(len(order)):
            pos = (pos + step) % len(order)
            if self.items[order[pos]].selectable():
                self.index = order[pos]
                return


def head_start_text(ms: int) -> str:
    return t("{ms} ms", ms=ms)


def learner_text(hint_ms: int | None) -> str:
    return t("no") if hint_ms is None else t("hint {s} s", s=f"{hint_ms / 1000:g}")


class LobbyScene(MenuHandler):
    text_room = 1.25  # the largest text size its layout takes without overlaps at 1280×720 (tests/test_access_text.py)

    def __init__(self, game: str, config: TableConfig | None = None) -> None:
        self.game = game
        self.config = config

    # -- state --------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.definition = self.app.games.get(self.game)
        self.kinds: list[Seat] = [("human", None)] + [("bot", lv) for lv in self.definition.bot_levels] + [EMPTY]
        self.message = ""
        self.note = ""  # news that blocks nothing ("Pad 2 joined: Player 2")
        self.told: tuple[str, ...] = ()  # a preset file's news as its lines on screen (the note, joined)
        self.told_bad = False  # that news is that something went wrong (drawn as a warning)
        self.told_folder = False  # its second line is a folder: cut at its start, where it says least
        self.imports = presets_io.importable(game=self.game)  # preset files the import row offers
        self.import_at = 0
        self.preset: str | None = None
        self.seats: list[Seat] = [EMPTY] * MAX_SEATS
        self.profiles: list[int | None] = [None] * MAX_SEATS  # each row's player (game.history); None: a guest
        self.leads: list[int] = [0] * MAX_SEATS  # each row's head start (ms)
        self.hints: list[int | None] = [None] * MAX_SEATS  # a learner row's hint delay (ms), else None
        router = self.app.input
        if self.config is not None:
            config = self.config
            rows = config.rows if len(config.rows) == len(config.seats) else range(len(config.seats))
            for row, spec in zip(rows, config.seats, strict=True):
                self.seats[row] = ("bot", spec.level) if spec.is_bot else ("human", None)
                self.leads[row], self.hints[row] = spec.head_start_ms, spec.hint_ms
            self.values: dict[str, Any] = dict(config.options)
            self.first_player = config.first_player
            for row, pid in zip(rows, config.profiles, strict=False):
                self.profiles[row] = pid if self.app.history.profile(pid) is not None else None
        else:
            bot = ("bot", self.definition.default_level)
            seats = [("human", None)] + [bot] * (self.definition.lobby_seats - 1)
            self.seats[: len(seats)] = seats
            self.values = {}
            self.first_player = 0
        # Which device plays each human row: the one playing its seat now, else the row's own keys.
        self.devices: list[str | None] = [None] * MAX_SEATS
        for row in range(MAX_SEATS):
            if self.seats[row][0] == "human":
                seat = self.seat_index(row)
                self.devices[row] = (router.device_of(seat) if seat is not None else None) or self._free_keys(row)
        self._refresh_rules()
        self.menu = LobbyMenu(self._items())
        self.menu.order = self._order()
        self.menu.select(self._cells_at - 1)  # focus on Start: two presses and you are playing
        self._sync_router()

    def resume(self) -> None:
        self.imports = presets_io.importable(game=self.game)
        self._refresh_rules()
        self._rebuild()

    def update(self, now_ns: int, dt_ns: int) -> None:
        router = self.app.input
        changed = False
        for row, device in enumerate(self.devices):
            new = router.successor(device) if device and not router.device_controls(device) else None
            if new is not None and new not in self.devices:
                self.devices[row] = new  # its pad was plugged back in
                changed = True
        idle = tuple(p.id for p in router.idle_pads())
        if changed or idle != getattr(self, "_idle", ()):
            self._idle = idle  # "press A to join" follows the pads waiting
            self._rebuild()

    @property
    def players(self) -> int:
        return sum(1 for kind, _ in self.seats if kind != "empty")

    def seat_index(self, row: int) -> int | None:
        """The table seat a lobby row becomes (empty rows are skipped), or None for an empty row."""
        if self.seats[row][0] == "empty":
            return None
        return sum(1 for kind, _ in self.seats[:row] if kind != "empty")

    def _refresh_rules(self) -> None:
        players = max(2, self.players)
        try:
            self.rules = self.definition.rules_from_values(self.values, players)
        except (TypeError, ValueError):
            self.values = {}  # a preset from another version: fall back to the defaults
            self.rules = self.definition.rules_from_values(self.values, players)
        self.options = self.definition.rule_options(self.rules, players)
        low, high = self.definition.player_range(self.rules)
        if not low <= self.players <= high:
            self.message = t("This game needs {low} to {high} players.", low=low, high=high)
        else:
            self.message = ""

    # -- menu items ---------------------------------------------------------------------------------
    def _items(self) -> list[ui.Item]:
        self.seat_items = [self._seat_item(row) for row in range(MAX_SEATS)]
        self.rule_items = [ui.Item(t("Preset"), value=self._preset_value, change=self._cycle_preset)]
        self.rule_items += [self._option_item(opt.name) for opt in self.options]
        self.rule_items += [
            ui.Item(t("Save these rules as a preset…"), self._save_preset),
            ui.Item(t("Delete this preset"), self._delete_preset, enabled=lambda: self.preset is not None),
            # Preset files (drawn in the panel's heading row, first in the ↓ order: see relayout, _order).
            ui.Item(t("Export preset"), self._export_preset, enabled=lambda: self.preset is not None, button=True),
            ui.Item(t("Import"), self._import_preset, value=self._import_value, change=self._cycle_import, button=True,
                    short=lambda: self._import_value().removeprefix(f"{self.game}-")),
        ]
        self.button_items = [
            ui.Item(t("Join with pads…"), self._join, button=True),
            ui.Item(t("How to play"), self._show_rules, button=True),
            ui.Item(t("Start"), self.start, enabled=lambda: not self.message, button=True),
        ]
        self.cell_items = [self._cell_item(row, name) for row in range(MAX_SEATS)
                           for name in self.definition.seat_options]
        self._cells_at = len(self.seat_items) + len(self.rule_items) + len(self.button_items)
        return self.seat_items + self.rule_items + self.button_items + self.cell_items

    def _order(self) -> list[int]:
        """↑ ↓ order: each seat row with its cells, then the rules and the buttons."""
        per = len(self.definition.seat_options)
        order = []
        for row in range(MAX_SEATS):
            order += [row] + [self._cells_at + row * per + k for k in range(per)]
        rules = list(range(MAX_SEATS, MAX_SEATS + len(self.rule_items)))
        return order + rules[-2:] + rules[:-2] + list(range(rules[-1] + 1, self._cells_at))

    # -- a seat's head start and learner cells --------------------------------------------------------
    def _cell_item(self, row: int, name: str) -> ui.Item:
        """A seat's cell: its head start (any seat), or whether it is a learner (a human); blank on rows
        it does not apply to."""
        kind = self.seats[row][0]
        if kind == "empty" or (name == "learner" and kind != "human"):
            return ui.Item("", enabled=lambda: False)
        if name == "head_start":
            return ui.Item(head_start_text(self.leads[row]), change=lambda step: self._cycle_lead(row, step),
                           button=True)
        return ui.Item(learner_text(self.hints[row]), change=lambda step: self._cycle_hint(row, step),
                       button=True)

    def _cycle_lead(self, row: int, step: int) -> None:
        i = HEAD_STARTS_MS.index(self.leads[row]) if self.leads[row] in HEAD_STARTS_MS else 0
        self.leads[row] = HEAD_STARTS_MS[(i + step) % len(HEAD_STARTS_MS)]
        self._rebuild()

    def _cycle_hint(self, row: int, step: int) -> None:
        choices: list[int | None] = [None, *HINT_DELAYS_MS]
        i = choices.index(self.hints[row]) if self.hints[row] in choices else 0
        self.hints[row] = choices[(i + step) % len(choices)]
        self._rebuild()

    def _seat_item(self, row: int) -> ui.Item:
        return ui.Item(self._seat_label(row), lambda: self._rename(row), value=lambda: self._seat_value(row),
                       change=lambda step: self._cycle_seat(row, step), colour=self._seat_colour(row),
                       short=lambda: self._seat_value(row, short=True), whole_label=True)

    def _seat_colour(self, row: int) -> tuple[int, int, int] | None:
        seat = self.seat_index(row)
        return None if seat is None else ui.seat_colour(seat)

    def _seat_label(self, row: int) -> str:
        kind, _ = self.seats[row]
        if kind == "human":
            return self.player_name(row)
        if kind == "bot":
            return t("Bot {n}", n=row + 1)
        return t("Seat {n}", n=row + 1)

    def _seat_value(self, row: int, short: bool = False) -> str:
        """"Human · Q / L-Shift", "Human · Pad 2: A / B", "Bot · medium", "Empty"; "· press A to join" on a
        bot's row while a pad waits; `short`: a human row's keys alone, a bot's level alone."""
        kind, level = self.seats[row]
        if kind == "bot":
            bot = t("Bot · {level}", level=t(level))
            if short or not self.app.input.idle_pads():
                return bot
            return t("{seat} · A to join", seat=bot)
        if kind == "empty":
            return t("Empty")
        controls = self.app.input.device_controls(self.devices[row])
        if short and controls:
            return controls
        return t("Human · {keys}", keys=controls) if controls else t("Human · press A to join")

    def _playable(self, row: int) -> bool:
        return self.seats[row][0] == "human" and bool(self.app.input.device_controls(self.devices[row]))

    def join_row(self) -> int | None:
        """The row a pad pressing A takes: a human row nobody can play, else a bot's, else an empty one
        (if the game has room); None if there is none."""
        humans = [r for r, (kind, _) in enumerate(self.seats) if kind == "human" and not self._playable(r)]
        bots = [r for r, (kind, _) in enumerate(self.seats) if kind == "bot"]
        _, high = self.definition.player_range(self.rules)
        empty = [r for r, (kind, _) in enumerate(self.seats) if kind == "empty"] if self.players < high else []
        return next(iter(humans + bots + empty), None)

    def join_offer(self) -> str:
        return "now" if self.join_row() is not None else ""

    def pad_joins(self, device: str) -> bool:
        """Pad `device`, which plays no row, takes the row `join_row` gives; False if none is free."""
        row = self.join_row()
        if row is None:
            return False
        self.seats[row] = ("human", None)
        self.devices[row] = device
        self.profiles[row] = self._remembered(device)
        self._refresh_rules()
        self._rebuild()
        number = self.app.input.pad_number(device)
        self.note = t("Pad {n} joined: {name}", n=number, name=self.player_name(row))
        return True

    def handle(self, cmd: Command) -> None:
        device = cmd.device
        if (cmd.action in (CONFIRM, PAUSE) and device.startswith("pad:") and device not in self.devices
                and self.app.input.device_controls(device) and self.pad_joins(device)):
            return  # a pad that plays no row pressed A or Start: it joined
        super().handle(cmd)

    def _free_keys(self, row: int) -> str | None:
        """A keyboard row for a seat that becomes human: its own (seat N plays with PN's keys on the
        Controls screen), else the first no other human row uses; None if all are taken."""
        used = {d for r, d in enumerate(self.devices) if r != row and d is not None}
        for device in [f"kb:{row}"] + [f"kb:{i}" for i in range(MAX_SEATS)]:
            if device not in used:
                return device
        return None

    def _cycle_seat(self, row: int, step: int) -> None:
        i = self.kinds.index(self.seats[row]) if self.seats[row] in self.kinds else 0
        self.seats[row] = self.kinds[(i + step) % len(self.kinds)]
        if self.seats[row][0] != "human":
            self.devices[row] = None
            self.profiles[row] = None
            self.hints[row] = None  # only people learn
        if self.seats[row][0] == "empty":
            self.leads[row] = 0
        elif self.devices[row] is None:
            self.devices[row] = self._free_keys(row)
        self._refresh_rules()
        self._rebuild()

    def _rename(self, row: int) -> None:
        if self.seats[row][0] != "human":
            self._cycle_seat(row, 1)
            return
        if self.app.history.profiles:  # remembered players: who plays this seat?
            taken = {pid for r, pid in enumerate(self.profiles) if r != row and pid is not None
                     and self.seats[r][0] == "human"}
            self.app.nav.push("profile_pick", t("Who plays seat {n}?", n=row + 1), self.app.settings.player_name(row),
                              self.profiles[row], taken, lambda pid: self._picked(row, pid),
                              lambda: self._type_name(row))
            return
        self._type_name(row)

    # -- players the game remembers (game.history profiles) -----------------------------------------------
    def player_name(self, row: int) -> str:
        """A row's name: its player's, else the guest name of the seat ("Player 3", or one typed)."""
        profile = self.app.history.profile(self.profiles[row])
        return profile.name if profile is not None else self.app.settings.player_name(row)

    def _remembered(self, device: str | None) -> int | None:
        """The player who plays with `device` (a pad of the kind they remember, or their key set), if free."""
        router = self.app.input
        pad = router.pads.by_id.get(int(device[4:])) if device and device.startswith("pad:") else None
        profile = self.app.history.for_device(device, pad.guid if pad is not None else "")
        if profile is None or profile.id in self.profiles:
            return None
        return profile.id

    def _picked(self, row: int, pid: int | None) -> None:
        """Row `row` is played by profile `pid` (None: a guest); it takes their key set or pad if that is free."""
        self.profiles[row] = pid
        device = remembered_device(self.app.history.profile(pid), self.app.input.pads.by_id.values(), self.devices)
        if device:
            self.devices[row] = device
        self._rebuild()

    def _type_name(self, row: int) -> None:
        """A guest's name for the row, typed (and kept in the settings for the seat)."""
        self.profiles[row] = None

        def done(name: str) -> None:
            names = list(self.app.settings["names"])
            names[row] = name
            self.app.settings["names"] = names
            self.app.save_settings()

        self.app.nav.push("name_entry", t("Name for seat {n}", n=row + 1), self.app.settings.player_name(row), done)

    def _option(self, name: str) -> Any:
        return next(o for o in self.options if o.name == name)

    def _option_item(self, name: str) -> ui.Item:
        opt = self._option(name)
        return ui.Item(opt.label, value=lambda: self._option_value(name), change=lambda step: self._cycle(name, step))

    def _option_value(self, name: str) -> str:
        opt = self._option(name)
        current = self.values.get(name, opt.default)
        return opt.label_of(current)

    def _cycle(self, name: str, step: int) -> None:
        opt = self._option(name)
        values = [v for v, _ in opt.choices]
        current = self.values.get(name, opt.default)
        i = values.index(current) if current in values else -step
        for k in range(1, len(values) + 1):
            candidate = dict(self.values, **{name: values[(i + step * k) % len(values)]})
            candidate = self.definition.values_after_change(name, candidate)
            try:
                self.definition.rules_from_values(candidate, max(2, self.players))
            except (TypeError, ValueError):
                continue  # e.g. more cards set aside than a small deck allows: skip that choice
            self.values = self._without_defaults(candidate)
            break
        self.preset = None
        self._refresh_rules()
        self._rebuild()

    def _without_defaults(self, values: dict[str, Any]) -> dict[str, Any]:
        """`values` less the choices that change nothing (all of them: "Standard rules" again)."""
        players = max(2, self.players)
        rules = self.definition.rules_from_values(values, players)
        out = dict(values)
        for name in list(out):
            trial = {k: v for k, v in out.items() if k != name}
            if self.definition.rules_from_values(trial, players) == rules:
                out = trial
        return out

    def _rebuild(self) -> None:
        """Seat numbers, colours and options change with other choices: rebuild, keeping the focused row."""
        focused = self.menu.current
        index = self.menu.index
        label = focused.label if focused is not None else None
        cell = index - self._cells_at if index >= self._cells_at else None  # a seat's cell keeps its place
        self.menu.items = self._items()
        self.menu.order = self._order()
        match = [i for i, it in enumerate(self.menu.items) if it.label == label and MAX_SEATS <= i < self._cells_at]
        if cell is not None:
            self.menu.index = self._cells_at + cell
        else:
            self.menu.index = match[0] if match and index >= MAX_SEATS else min(index, len(self.menu.items) - 1)
        self.menu.settle()
        self.relayout(self.app.size)
        self._sync_router()

    def _sync_router(self) -> None:
        """Each human row's device plays the seat the row becomes (its pad lights up in the seat's
        colour); a row's unplugged pad waits for its own pad to come back."""
        self.app.input.seat_devices({self.seat_index(row): device for row, device in enumerate(self.devices)
                                     if device is not None and self.seats[row][0] == "human"})

    # -- presets ------------------------------------------------------------------------------------
    def _presets(self) -> dict[str, dict[str, Any]]:
        return self.app.settings["presets"].get(self.game, {})

    def _preset_value(self) -> str:
        if self.preset is not None:
            return self.preset
        return t("Standard rules") if not self.values else t("Custom")

    def _cycle_preset(self, step: int) -> None:
        names: list[str | None] = [None, *sorted(self._presets())]
        i = names.index(self.preset) if self.preset in names else 0
        self.preset = names[(i + step) % len(names)]
        stored = self._presets().get(self.preset, {}) if self.preset else {}
        self.values = {k: from_json(v) for k, v in stored.items()}
        self._refresh_rules()
        if self.preset is not None and not self.values and stored:
            self.message = t("Preset {name} no longer fits these rules.", name=self.preset)
        self._rebuild()

    def _save_preset(self) -> None:
        taken = self._presets()
        n = len(taken) + 1
        while t("House rules {n}", n=n) in taken:
            n += 1

        def done(name: str) -> None:
            presets = dict(self.app.settings["presets"])
            mine = dict(presets.get(self.game, {}))
            mine[name] = {o.name: json_safe(self.values.get(o.name, o.default)) for o in self.options}
            presets[self.game] = mine
            self.app.settings["presets"] = presets
            self.app.save_settings()
            self.preset = name

        self.app.nav.push("name_entry", t("Name this preset"), self.preset or t("House rules {n}", n=n), done, 20)

    def _delete_preset(self) -> None:
        name = self.preset

        def yes() -> None:
            presets = dict(self.app.settings["presets"])
            presets[self.game] = {k: v for k, v in presets.get(self.game, {}).items() if k != name}
            self.app.settings["presets"] = presets
            self.app.save_settings()
            self.preset = None
            self.menu.settle()

        self.app.nav.push("confirm", t("Delete the preset {name}?", name=name), yes)

    # -- presets as files (game.presets_io) ----------------------------------------------------------
    def _tell(self, *lines: str, bad: bool = False, folder: bool = False) -> None:
        """News of a preset file beside the buttons: one line of text (`note`), shown as up to two lines."""
        self.told, self.told_bad, self.told_folder = lines, bad, folder
        self.note = " ".join(lines)

    def _export_preset(self) -> None:
        """The chosen preset as a file in the data folder's exports/; the note gives its path."""
        preset = presets_io.Preset(self.game, self.preset, dict(self._presets().get(self.preset, {})))
        try:
            path = presets_io.export_to_folder(preset)
        except OSError as exc:
            self._tell(t("Not exported: {why}", why=exc.strerror or exc), bad=True)
            return
        self.imports = presets_io.importable(game=self.game)
        self._tell(t("Exported {file}", file=path.name), t("to {folder}", folder=path.parent), folder=True)

    def _import_value(self) -> str:
        return self.imports[self.import_at % len(self.imports)].name if self.imports else t("no files")

    def _cycle_import(self, step: int) -> None:
        self.import_at = (self.import_at + step) % max(1, len(self.imports))

    def _import_preset(self) -> None:
        """The file the import row shows becomes a preset (under "Name (2)" if the name is taken) and is
        chosen if it is for this game; a bad file changes nothing and the note says why."""
        if not self.imports:
            self._tell(t("No preset files yet:"), t("put them in {folder}", folder=presets_io.exports_dir()),
                       bad=True, folder=True)
            return
        path = self.imports[self.import_at % len(self.imports)]
        try:
            added = presets_io.import_file(self.app.settings, path)
        except presets_io.PresetError as exc:
            self._tell(t("{file} not imported:", file=path.name), str(exc), bad=True)
            return
        saved = self.app.save_settings()
        if added.game == self.game:
            self.preset = added.name
            self.values = {k: from_json(v) for k, v in added.options.items()}
            self._refresh_rules()
            self._rebuild()
            note = t("Imported the preset {name}", name=added.name)
        else:
            note = t("Imported the preset {name} for {game}", name=added.name, game=self.app.games.get(added.game).title())
        if saved:
            self._tell(note)
        else:
            self._tell(note, t("for now: the settings could not be saved"), bad=True)

    # -- actions ------------------------------------------------------------------------------------
    def _join(self) -> None:
        self.app.nav.push("join", MAX_SEATS, 1, self._joined)

    def _joined(self, joined: dict[int, str]) -> None:
        """The join screen's seats become the first human rows (seat numbers closed up); bots follow."""
        devices = [device for _, device in sorted(joined.items())]
        bots = [s for s in self.seats if s[0] == "bot"]
        rows = [("human", None)] * len(devices) + bots
        self.seats = (rows + [EMPTY] * MAX_SEATS)[:MAX_SEATS]
        self.devices = (devices + [None] * MAX_SEATS)[:MAX_SEATS]
        picked = getattr(joined, "profiles", {})  # who each joined seat is (the join screen's ← →)
        self.profiles = [picked.get(seat) for seat in range(len(devices))] + [None] * MAX_SEATS
        self.profiles = self.profiles[:MAX_SEATS]
        self.leads, self.hints = [0] * MAX_SEATS, [None] * MAX_SEATS  # new people in new rows
        self._refresh_rules()
        self._rebuild()

    def _show_rules(self) -> None:
        self.app.nav.push("rules", self.game, self.rules)

    def table_config(self) -> TableConfig:
        seats, rows = [], []
        for row, (kind, level) in enumerate(self.seats):
            if kind == "human":
                seats.append(SeatSpec("human", None, self.player_name(row),
                                      head_start_ms=self.leads[row], hint_ms=self.hints[row]))
            elif kind == "bot":
                seats.append(SeatSpec("bot", level, t("Bot {n}", n=row + 1), head_start_ms=self.leads[row]))
            else:
                continue
            rows.append(row)
        return TableConfig(self.game, self.rules, seats, self.app.next_seed(), self.first_player % len(seats),
                           options=dict(self.values), rows=tuple(rows),
                           profiles=tuple(self.profiles[row] if self.seats[row][0] == "human" else None for row in rows))

    def start(self) -> None:
        if self.message:
            return
        unplayed = [row for row, (kind, _) in enumerate(self.seats)
                    if kind == "human" and not self.app.input.device_controls(self.devices[row])]
        if unplayed:  # e.g. a joined pad unplugged since: nobody could play that seat
            self.message = t("{name} has no keys or pad: join again, or make the seat a bot.",
                             name=self.app.settings.player_name(unplayed[0]))
            return
        # Each human row's device plays the table seat the row becomes; no other device plays.
        self.app.input.seat_devices({self.seat_index(row): device for row, device in enumerate(self.devices)
                                     if device is not None and self.seats[row][0] == "human"})
        self.app.nav.start_table(self.table_config())

    # -- scene --------------------------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        w, h = size
        m = ui.px(size, 36)
        top = ui.px(size, 92)
        bottom = h - ui.px(size, 156)
        cells = self.definition.seat_options
        split = int(w * (0.46 if cells else 0.4))  # a seat's cells need room beside it
        self.seat_panel = pygame.Rect(m, top, split - m - m // 2, bottom - top)
        self.rule_panel = pygame.Rect(split + m // 2, top, w - split - m - m // 2, bottom - top)
        head = ui.px(size, 44)
        pad = ui.px(size, 12)
        seat_row = min(ui.px(size, 52), (self.seat_panel.h - head - pad) // MAX_SEATS)
        rects = []
        inner = self.seat_panel.w - 2 * pad
        cell_w = int(inner * 0.22) if cells else 0
        gap = ui.px(size, 6)
        seat_w = inner - len(cells) * (cell_w + gap)
        cell_rects = []
        for i in range(MAX_SEATS):
            row = pygame.Rect(self.seat_panel.x + pad, self.seat_panel.y + head + i * seat_row, seat_w, seat_row - 4)
            rects.append(row)
            for k in range(len(cells)):
                cell_rects.append(pygame.Rect(row.right + gap + k * (cell_w + gap), row.y, cell_w, row.h))
        self.cell_heads = [pygame.Rect(r.x, self.seat_panel.y, r.w, head) for r in cell_rects[:len(cells)]]
        n = len(self.rule_items) - 2  # the preset files' two in the heading row, right of its title
        room = self.rule_panel.h - head - pad
        cols = 1 if n * ui.px(size, 36) <= room else 2
        per_col = -(-n // cols)
        rule_row = min(ui.px(size, 44), room // per_col)
        col_w = (self.rule_panel.w - 2 * pad - (cols - 1) * pad) // cols
        for i in range(n):
            c, r = divmod(i, per_col)
            rects.append(pygame.Rect(self.rule_panel.x + pad + c * (col_w + pad), self.rule_panel.y + head + r * rule_row,
                                     col_w, rule_row - 3))
        left = self.rule_panel.x + ui.px(size, 42) + ui.TEXTS.font(ui.px(size, 24), True).size(t("House rules"))[0]
        files = pygame.Rect(left, self.rule_panel.y + ui.px(size, 6), self.rule_panel.right - pad - left, head - ui.px(size, 8))
        export_w = files.w * 2 // 5
        rects += [pygame.Rect(files.x, files.y, export_w - gap, files.h),
                  pygame.Rect(files.x + export_w, files.y, files.w - export_w, files.h)]
        bw, bh = ui.px(size, 250), ui.px(size, 54)
        start = pygame.Rect(w - m - bw, h - ui.px(size, 44) - bh, bw, bh)
        how = start.move(-bw - ui.px(size, 16), 0)
        join = how.move(-bw - ui.px(size, 16), 0)
        rects += [join, how, start]
        self.menu.rects = rects + cell_rects
        self.summary_y = bottom + ui.px(size, 16)

    def _pad_line(self) -> str:
        """Beside the buttons: the last join, else which pads may still join."""
        idle = self.app.input.idle_pads()
        if idle and self.join_row() is not None:
            pads = ", ".join(t("Pad {n}", n=p.number) for p in idle)
            return t("{pads}: press A to join", pads=pads)
        return self.note

    def _draw_told(self, surface: pygame.Surface, join: pygame.Rect) -> None:
        """A preset file's news left of the buttons: one line if it fits, else its two lines, the second
        shrunk, then cut if need be (a folder at its start: its end says most)."""
        size = surface.get_size()
        width = join.x - ui.px(size, 56)
        colour = ui.WARN if self.told_bad else ui.GOLD
        x = ui.px(size, 36)
        one = " ".join(self.told)
        if len(self.told) == 1 or ui.TEXTS.font(ui.px(size, 20), True).size(one)[0] <= width:
            ui.blit_text(surface, one, ui.px(size, 20), colour, "midleft", (x, join.centery), bold=True, max_w=width)
            return
        px, step = ui.px(size, 18), ui.px(size, 12)
        ui.blit_text(surface, self.told[0], px, colour, "midleft", (x, join.centery - step), bold=True, max_w=width)
        rest = " ".join(self.told[1:])
        font = ui.TEXTS.font(px, True)
        while self.told_folder and len(rest) > 2 and font.size(rest)[0] > width:
            rest = "…" + rest[2:]
        ui.blit_text(surface, rest, px, colour, "midleft", (x, join.centery + step), bold=True, max_w=width)

    def summary_lines(self, size: tuple[int, int]) -> list[str]:
        """The rules summary wrapped to the width under the panels: as many lines as the game gives it
        (a game with a lobby note gives that the second line); a longer one is cut in the last line."""
        font = ui.TEXTS.font(ui.px(size, 20))
        lines = wrap(self.definition.rules_summary(self.rules), font, size[0] - ui.px(size, 72))
        room = self.definition.summary_lines
        return lines[: room - 1] + [" ".join(lines[room - 1:])] if len(lines) > room else lines

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = w, _ = surface.get_size()
        surface.blit(ui.backdrop(size), (0, 0))
        ui.shadow_text(surface, self.definition.title(), ui.px(size, 46), ui.TEXT, "midtop", (w // 2, ui.px(size, 18)))
        for rect, title in ((self.seat_panel, t("Seats")), (self.rule_panel, t("House rules"))):
            ui.panel(surface, rect)
            ui.blit_text(surface, title, ui.px(size, 24), ui.GOLD, "topleft",
                         (rect.x + ui.px(size, 18), rect.y + ui.px(size, 10)), bold=True)
        players = t("{n} players", n=self.players)
        if self.definition.seat_options:  # the cells' headings take the right of the heading row
            title = ui.TEXTS.font(ui.px(size, 24), True).size(t("Seats"))[0]
            ui.blit_text(surface, players, ui.px(size, 20), ui.TEXT_DIM, "topleft",
                         (self.seat_panel.x + ui.px(size, 30) + title, self.seat_panel.y + ui.px(size, 14)))
            heads = {"head_start": t("Head start"), "learner": t("Learner")}
            for rect, name in zip(self.cell_heads, self.definition.seat_options, strict=True):
                ui.blit_text(surface, heads[name], ui.px(size, 18), ui.GOLD, "midbottom",
                             (rect.centerx, rect.bottom - ui.px(size, 6)), bold=True, max_w=rect.w)
        else:
            ui.blit_text(surface, players, ui.px(size, 20), ui.TEXT_DIM, "topright",
                         (self.seat_panel.right - ui.px(size, 18), self.seat_panel.y + ui.px(size, 14)))
        self.menu.draw(surface)
        join = self.menu.rects[self._cells_at - 3]
        y = self.summary_y
        for line in self.summary_lines(size):
            ui.blit_text(surface, line, ui.px(size, 20), ui.TEXT, "midleft", (ui.px(size, 36), y),
                         max_w=w - ui.px(size, 72))
            y += max(ui.px(size, 24), ui.TEXTS.font(ui.px(size, 20)).get_linesize())  # taller at a bigger text size
        note = self.definition.lobby_note(self.rules)  # e.g. our tie-break, where the published rules name none
        if note:
            ui.blit_text(surface, note, ui.px(size, 17), ui.TEXT_DIM, "midleft",
                         (ui.px(size, 36), y), max_w=w - ui.px(size, 72))
        line, colour = (self.message, ui.WARN) if self.message else (self._pad_line(), ui.GOLD)
        if line and not self.message and line == " ".join(self.told):
            self._draw_told(surface, join)
        elif line:
            ui.blit_text(surface, line, ui.px(size, 20), colour, "midleft",
                         (ui.px(size, 36), join.centery), bold=True, max_w=join.x - ui.px(size, 56))
        ui.hint(surface, t("↑ ↓ choose   ← → change   Enter / A select or rename   Backspace / B back"))
