"""The lobby: the seats as large cards, the house rules behind one button (their own screen shows and changes
them), and Start. Focus moves in space (↑ ↓ ← →, see spatial); ← → change a value only where one is focused.
A pad's Start starts the game from anywhere here, or the news line says in one line what is missing."""

from __future__ import annotations

from functools import partial

import pygame

from game import screens
from game.commands import CONFIRM, PAUSE, Command
from game.core.contract import MAX_SEATS, RuleOption, TableConfig
from game.i18n import t, tn
from game.render.text import break_lines, standard_px
from game.scenes.lobby import cards, cells, layout
from game.scenes.lobby.house import HouseRules
from game.scenes.lobby.house_rules import HouseRulesScene
from game.scenes.lobby.seating import Seating
from game.scenes.lobby.spatial import Cell, SpatialMenu, is_value
from game.ui import widgets as ui
from game.ui.scene import Scene


class LobbyScene(Scene):
    """The lobby: three parts it owns and builds on entering, each usable alone: `seating` (who sits where,
    with what), `house` (the house rules and their presets) and `menu` (the cells, buttons and the focus)."""

    text_room = 1.5  # the largest text size its layout takes without overlaps (tests/test_access_text.py)

    def __init__(self, game: str, config: TableConfig | None = None) -> None:
        self.game = game
        self.config = config
        self._idle: tuple[str, ...] = ()  # the pads waiting to join, as "press A to join" last said
        self._unplayed: tuple[int, ...] = ()  # the rows whose device is gone (an unplugged pad), as the cards last said
        self.ready = False  # the menu is made (enter): until then a change of seats or rules redraws nothing
        self.note = ""  # news that blocks nothing ("Controller 2 joined: Player 2")
        self.problem = ""  # what Start last found keeping the game from starting, till the seats change

    def enter(self) -> None:
        self.definition = self.app.games.get(self.game)
        self.first_player = self.config.first_player if self.config is not None else 0
        self.seating = Seating(self.app, self.definition, self.config, lambda: self.house.rules,
                               self._seats_changed, self.rebuild, self._say)
        values = dict(self.config.options) if self.config is not None else {}
        self.house = HouseRules(self.app, self.definition, values, lambda: self.seating.players, self.rebuild,
                                self._say)
        self.layout: layout.Layout | None = None
        self.menu = SpatialMenu(self._items())
        self.menu.select(len(self.menu.items) - 1)  # focus on Start: two presses and you are playing
        self.ready = True
        self.seating.sync_router()

    def _seats_changed(self) -> None:
        self.house.refresh_rules()
        self.rebuild()

    def _say(self, text: str) -> None:
        self.note = text

    @property
    def rules(self) -> object:
        """The rules the table gets (the house rules' for the seats as they are)."""
        return self.house.rules

    @property
    def options(self) -> list[RuleOption]:
        """The rule options offered for these rules and seats (the house rules')."""
        return self.house.options

    @property
    def message(self) -> str:
        """What keeps the game from starting, shown over everything else in the news ("" if nothing)."""
        return self.problem or self.house.message

    def resume(self) -> None:
        self.house.find_imports()
        self.house.refresh_rules()
        self.rebuild()

    def exit(self) -> None:
        self.seating.close()

    def update(self, now_ns: int, dt_ns: int) -> None:
        self.seating.poll_fair()  # a big table's Fair start, a slice of its sums a frame
        router = self.app.input
        changed = False
        for row, device in enumerate(self.seating.devices):
            new = router.successor(device) if device and not router.device_controls(device) else None
            if new is not None and new not in self.seating.devices:
                self.seating.devices[row] = new  # its pad was plugged back in
                changed = True
        idle = tuple(p.id for p in router.idle_pads())
        # a seated pad unplugged: its card says "press A to join" at once, not its pad's buttons until Start is refused
        unplayed = tuple(row for row, device in enumerate(self.seating.devices)
                         if device is not None and not router.device_controls(device))
        if changed or idle != self._idle or unplayed != self._unplayed:
            self._idle = idle  # "press A to join" follows the pads waiting
            self._unplayed = unplayed
            self.rebuild()

    def join_offer(self) -> str:
        if self.seating.join_row() is None:
            return ""
        # The news line says "Controller 2: press A to join" while the pad waits (unless something blocks the
        # start): a notice saying it too for its few seconds was the same prompt twice.
        return "now" if self.message else "said"

    def handle(self, cmd: Command) -> None:
        device = cmd.device
        pad = device.startswith("pad:")
        if (cmd.action in (CONFIRM, PAUSE) and pad and device not in self.seating.devices
                and self.app.input.device_controls(device) and self.seating.pad_joins(device)):
            return  # a pad that plays no seat pressed A or Start: it joined
        if ui.is_start(cmd):
            self.start()  # a pad's Start or the keyboard's Tab: play, from anywhere in the lobby
            return
        if ui.is_back(cmd):
            self.back()
        else:
            self.menu.handle(cmd)
            self._follow()

    # -- the items ------------------------------------------------------------------------------------
    def _items(self) -> list[ui.Item]:
        self.card_cells = [self._card(row) for row in range(MAX_SEATS)]
        self.seat_items = [card[0] for card in self.card_cells]
        self.button_items: list[ui.Item] = [
            ui.Item(t("House rules…"), self.open_house_rules, value=self.house.preset_value, button=True),
            ui.Item(t("Join with controllers…"), self._join, button=True),
            ui.Item(t("How to play"), self._show_rules, button=True),
            ui.Item(t("Start"), self.start, enabled=lambda: not self.message, button=True),
        ]
        for mode in self.definition.practice:  # a practice mode offered beside the game (the number school)
            if mode.lobby_entry():
                self.button_items.insert(-1, ui.Item(mode.lobby_entry(), partial(self._practise, mode.id),
                                                     button=True))
        if self.definition.fair_start() is not None:  # head starts from measured reactions
            # "Fair start  On" while it sets the head starts (the items are made again at each change of it)
            on = (lambda: self.seating.fair_value() or "") if self.seating.fair_on else None
            self.button_items.insert(-1, ui.Item(t("Fair start"), self.seating.fair_start, value=on, button=True))
        self.cell_items = [c for card in self.card_cells for c in card[1:]]
        return [c for card in self.card_cells for c in card] + self.button_items

    def _card(self, row: int) -> list[Cell]:
        """Seat `row`'s cells, its name first."""
        seating, pads = self.seating, self.app.input
        kind, _ = seating.seats[row]
        seat = seating.seat_index(row)
        out = [Cell(seating.seat_label(row), lambda: seating.rename(row), group=row, whole_label=True,
                    colour=None if seat is None else ui.seat_colour(seat)),
               Cell("", value=lambda: seating.kind_choices(row)[0][seating.kind_choices(row)[1]],
                    change=lambda step: seating.cycle_kind(row, step), group=row,
                    choices=lambda: seating.kind_choices(row))]
        waiting = bool(pads.idle_pads())
        if kind == "human":
            controls = pads.device_controls(seating.devices[row])
            # with no pad waiting, a row whose pad was unplugged names that pad's A (a PlayStation pad's ✕)
            a = pads.button("a", None, pads.idle_pads()) if waiting else pads.button("a", seating.devices[row])
            out.append(Cell(controls or t("press {a} to join", a=a), group=row, colour=None if controls else ui.WARN))
        elif kind == "bot":
            out.append(Cell(t("Level"), value=lambda: seating.seat_value(row, short=True),
                            change=lambda step: seating.cycle_level(row, step), group=row,
                            choices=lambda: seating.level_choices(row)))
        if kind != "human" and waiting and seating.join_row() is not None:
            out.append(Cell(t("{a} to join", a=pads.button("a", None, pads.idle_pads())), group=row, colour=ui.GOLD))
        options = self.definition.seat_options
        if kind != "empty" and "head_start" in options:
            out.append(Cell(t("Head start"), value=lambda: seating.lead_value(row), full=lambda: seating.lead_value(row),
                            change=lambda step: seating.cycle_lead(row, step), group=row,
                            choices=lambda: seating.lead_choices(row)))
        if kind == "human" and "learner" in options:
            out.append(Cell(t("Learner"), value=lambda: seating.hint_value(row), full=lambda: seating.hint_value(row),
                            change=lambda step: seating.cycle_hint(row, step), group=row,
                            choices=lambda: seating.hint_choices(row)))
        return out

    def rebuild(self) -> None:
        """Seat numbers, colours and cells change with other choices: rebuild, keeping the focus in its
        place (the same cell of the same seat, or the same button)."""
        if not self.ready:
            return
        if self.problem:  # Start's problem stays while it holds (a pad plugged back in ends it)
            self.problem = self.seating.start_problem()
        self.seating.refit_fair()
        menu = self.menu
        old = menu.current
        group = menu.group_of(menu.index)
        at = [i for i in range(len(menu.items)) if menu.group_of(i) == group].index(menu.index) if group is not None else 0
        menu.items = self._items()
        if group is not None:
            mine = [i for i in range(len(menu.items)) if menu.group_of(i) == group]
            menu.index = mine[min(at, len(mine) - 1)]
            if not menu.items[menu.index].selectable():
                menu.index = menu.entry(group)
        else:
            labels = [item.label for item in menu.items]
            menu.index = labels.index(old.label) if old is not None and old.label in labels else len(labels) - 1
        menu.settle()
        self.relayout(self.app.size)
        self.seating.sync_router()

    # -- actions --------------------------------------------------------------------------------------
    def back(self) -> None:
        if self.seating.players:  # a family that backed out by mistake (B on a pad) finds its table set up again
            self.app.nav.remember(self.table_config(seed=0))  # (seed: Start deals a fresh one)
        self.app.pop()

    def open_house_rules(self) -> None:
        self.app.push(HouseRulesScene(self.house, self.start_problem, self.start))

    def table_config(self, seed: int | None = None) -> TableConfig:
        """The table as set up, dealt `seed` (None: a fresh one)."""
        seats, rows = self.seating.seat_specs()
        profiles = tuple(self.seating.profiles[row] if self.seating.seats[row][0] == "human" else None for row in rows)
        seed = self.app.next_seed() if seed is None else seed
        return TableConfig(self.game, self.house.rules, seats, seed, self.first_player % len(seats),
                           options=dict(self.house.values), rows=rows, profiles=profiles)

    def start_problem(self) -> str:
        """What keeps the game from starting, in one line ("" if nothing does)."""
        return self.message or self.seating.start_problem()

    def start(self) -> None:
        # Start while a Fair start is still being worked out waits for it (a second or two, as a game loads):
        # the family pressed Fair start, so the table gets the fair head starts, not the ones before them.
        self.seating.poll_fair(wait=True)
        problem = self.start_problem()
        if problem:
            self.problem = problem
            return
        self.seating.sync_router()
        config = self.table_config()
        self.app.nav.remember(config)
        self.app.nav.start_table(config)

    def _join(self) -> None:
        self.app.nav.push(screens.Join(MAX_SEATS, 1, self.seating.seat_joined))

    def _practise(self, mode: str) -> None:
        self.app.nav.push(screens.Practice(self.game, mode))

    def _show_rules(self) -> None:
        self.app.nav.push(screens.Rules(self.game, self.rules))

    # -- drawing --------------------------------------------------------------------------------------
    def hint(self) -> str:
        if self.menu.current is not None and is_value(self.menu.current):
            return t("← → change   ↑ ↓ move   Enter / {a} select   Tab / {start} play   Backspace / {b} back",
                     **self.app.input.buttons())
        return t("↑ ↓ ← → move   Enter / {a} select   Tab / {start} play   Backspace / {b} back",
                 **self.app.input.buttons())

    def news(self) -> str:
        """The line over the summary: what keeps the game from starting, else a pad's news."""
        if self.message:
            return self.message
        idle = self.app.input.idle_pads()
        if idle and self.seating.join_row() is not None:
            pads = ", ".join(t("Controller {n}", n=p.number) for p in idle)
            return t("{pads}: press {a} to join", pads=pads, a=self.app.input.button("a", None, idle))
        return self.note

    def news_lines(self, size: tuple[int, int]) -> list[str]:
        text = self.news()
        room = size[0] - 2 * ui.px(size, 24)
        px = ui.px(size, layout.LINE_PX)
        if not text or ui.TEXTS.width(text, standard_px(px), True) <= room:
            return [text] if text else []
        return break_lines(text, ui.TEXTS.font(px, True), room)

    def relayout(self, size: tuple[int, int]) -> None:
        labels = [item.label + (f"  {item.value()}" if item.value else "") for item in self.button_items]
        lines = max(1, len(self.news_lines(size)))
        self.layout = layout.lay_out(size, self.card_cells, labels, self.hint(), lines, self.layout)
        self._laid = (size, lines, self.hint())
        self.menu.follow = self._follow
        self._follow()

    def _follow(self) -> None:
        """Every item's place; the card row with the focus in view."""
        if self.layout is None:
            return
        self.layout.scroll_to(self.menu.group_of(self.menu.index))
        self.menu.places, self.menu.rects = layout.places(self.layout, self.card_cells, len(self.button_items))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = surface.get_size()
        if self.layout is None or self._laid != (size, max(1, len(self.news_lines(size))), self.hint()):
            self.relayout(size)  # news came or went, or the hint changed with the focus
        lay = self.layout
        assert lay is not None
        surface.blit(ui.backdrop(size), (0, 0))
        m = ui.px(size, 24)
        count = tn("{n} player", "{n} players", self.seating.players)
        count_w = ui.TEXTS.width(count, ui.px(size, 24))
        ui.shadow_text(surface, self.definition.title(), ui.TEXTS.fit_px(
            self.definition.title(), size[0] - 2 * m - count_w - ui.px(size, 24), ui.px(size, layout.TITLE_PX), True),
            ui.TEXT, "midleft", (m, lay.title_y))
        ui.blit_text(surface, count, ui.px(size, 24), ui.GOLD, "midright", (size[0] - m, lay.title_y), bold=True)
        self._draw_cards(surface, lay)
        focus = self.menu.current
        for item, rect in zip(self.button_items, lay.buttons, strict=True):
            cells.draw_button(surface, item, rect, ui.px(size, layout.BUTTON_PX), item is focus)
        self._draw_lines(surface, lay)
        ui.hint(surface, self.hint(), size_px=layout.HINT_PX)

    def covered(self) -> tuple[list[list[pygame.Rect]], list[pygame.Rect]]:
        """A notice keeps off the seats' cards shown and the buttons (see Scene.covered), not only off their
        words: one over a card's top edge reads as part of that seat."""
        lay = self.layout
        if lay is None:
            return [], []
        cards_shown = [rect.move(0, -shift) for seat, rect in enumerate(lay.card_rects)
                       if (shift := lay.shift(seat)) is not None]
        return [[*cards_shown, *lay.buttons]], []

    def _draw_cards(self, surface: pygame.Surface, lay: layout.Layout) -> None:
        focus = self.menu.current
        k = 0
        for row, card in enumerate(self.card_cells):
            rects = self.menu.rects[k:k + len(card)]
            k += len(card)
            shift = lay.shift(row)
            if shift is None:
                continue
            cards.draw_card(surface, lay.card_rects[row].move(0, -shift), self._face(row), card, rects,
                            focus if isinstance(focus, Cell) else None, lay.card_look)
        if lay.rows_fit < 2:
            self._draw_marks(surface, lay)

    def _draw_marks(self, surface: pygame.Surface, lay: layout.Layout) -> None:
        """▲ or ▼ beside the grid where a row of cards is out of view."""
        size = surface.get_size()
        s = ui.px(size, 9)
        x = lay.grid.right + ui.px(size, 18)
        rows = -(-len(self.card_cells) // layout.COLUMNS)
        if lay.shown_row > 0:
            y = lay.grid.y + s
            pygame.draw.polygon(surface, ui.GOLD, [(x - s, y + s), (x + s, y + s), (x, y - s)])
        if lay.shown_row + lay.rows_fit < rows:
            y = lay.grid.y + lay.card_size[1] - s
            pygame.draw.polygon(surface, ui.GOLD, [(x - s, y - s), (x + s, y - s), (x, y + s)])

    def _face(self, row: int) -> cards.Face:
        """The card's face: in the colour of the table seat the row becomes (the colour the player keeps at the
        table), with the row's number, the number its name has ("Player 7", "Bot 3"): with an empty row before
        it the two differ, and a family tells who is who by the name."""
        seat = self.seating.seat_index(row)
        if seat is None:
            return cards.Face(None)
        profile = self.app.history.profile(self.seating.profiles[row]) if self.seating.seats[row][0] == "human" else None
        if profile is not None:
            return cards.Face(profile.rgb, profile.avatar, row + 1)
        if self.seating.seats[row][0] == "bot":
            return cards.Face(ui.seat_colour(seat), 3, row + 1)  # a bot's face is the robot
        return cards.Face(ui.seat_colour(seat), None, row + 1)

    def _draw_lines(self, surface: pygame.Surface, lay: layout.Layout) -> None:
        """The news (a warning in its colour), and the house rules' summary in one line."""
        size = surface.get_size()
        m = ui.px(size, 24)
        room = size[0] - 2 * m
        px = ui.px(size, layout.LINE_PX)
        lines = self.news_lines(size)
        step = ui.TEXTS.line_height(px, True)
        y = lay.line_y - step * (len(lines) - 1) // 2
        colour = ui.WARN if self.message or self.house.told_bad else ui.GOLD
        for line in lines:
            ui.blit_text(surface, line, ui.TEXTS.fit_px(line, room, px, True), colour, "midleft", (m, y), bold=True,
                         max_w=room)
            y += step
        x, y, room = lay.summary
        line = self.house.summary_line(lambda s: ui.TEXTS.width(s, standard_px(px)) <= room)
        ui.blit_text(surface, line, ui.TEXTS.fit_px(line, room, px), ui.TEXT_DIM, "midleft", (x, y), max_w=room)
