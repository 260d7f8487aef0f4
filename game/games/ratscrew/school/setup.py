"""The slap school's setup screen: the drill, the pace, hints, the number of cards and who plays (1–4, each
with their own keys or pad: the same seats and join flow as the tables), beside the drill ladder and the
chosen drill's pattern drawn with real cards. Start opens the drill.

Each player is a guest or a remembered player (a profile, game.history), picked as at the lobby and by the
same code (game.ui.who_plays, which the lobby's seats use too): Enter or A on a player's row opens the
"who plays?" picker, ← → there go through the guest and each remembered player no other row has (as the join
screen's arrows); a key set or a pad that a profile remembers picks that profile when it comes to a row (the
screen opening, Players going up, a pad joining, the join screen). Here the picker opens even before anybody
is remembered (its New player…), and a pad in hand stays when its row picks a profile. A profile player's
finished sessions go to their history (school/history.py)."""

from __future__ import annotations

import dataclasses
import functools
from typing import TypeVar

import pygame

from game import screens
from game.commands import CONFIRM, LEFT, PAUSE, RIGHT, Command
from game.games.ratscrew.school import mastery, text, who
from game.games.ratscrew.school.drills import DRILLS, EXAMPLES, slappable
from game.games.ratscrew.school.names import GAME, MODE
from game.games.ratscrew.school.pace import MODES
from game.games.ratscrew.school.paint import card_width, draw_pile
from game.games.ratscrew.school.session import MAX_PLAYERS, Options
from game.games.school.paint import Words, fit_px, line_h, lock, setup_panels, stars
from game.i18n import t, tn
from game.render.card_art import CardArt, card_height
from game.render.faces import draw_avatar
from game.ui import widgets as ui
from game.ui.menu import MenuHandler
from game.ui.who_plays import WhoPlays

HINTS: tuple[int | None, ...] = (None, 500, 1000, 1500, 2000, 3000)
CARDS = (10, 20, 30, 50, 100)
PX = 20  # the smallest words here, at 1280x720
T = TypeVar("T")


class SetupScene(WhoPlays, MenuHandler):
    picker_always = True  # the picker's New player… even before anybody is remembered
    pad_in_hand_stays = True  # a pad's player picking who they are keeps their pad

    def __init__(self, options: Options | None = None) -> None:
        self.options = options or Options()
        self.players = 1
        self.message = ""

    # -- state ----------------------------------------------------------------------------------------
    def enter(self) -> None:
        router = self.app.input
        self.devices: list[str | None] = [None] * MAX_PLAYERS
        self.devices[0] = router.device_of(0) or "kb:0"  # whoever plays Player 1 now (the menus' pad or keys)
        self.profiles: list[int | None] = [None] * MAX_PLAYERS  # each player's profile; None: a guest
        self.profiles[0] = self._remembered(self.devices[0])
        self.art = CardArt(self.app.settings["four_colour_suits"])
        self.words = Words()
        self.mastery: dict[str, int] | None = None  # the remembered players' best stars per drill (None: guests)
        self.menu = ui.Menu(self._items())
        self._read_mastery()
        self.menu.select(len(self.menu.items) - 1)  # focus on Start
        self.sync_router()

    def resume(self) -> None:
        self.art.set_four_colour(self.app.settings["four_colour_suits"])
        self.rebuild()

    # -- mastery: stars per drill, the next drill opens at two ------------------------------------------
    def _read_mastery(self) -> None:
        """Each remembered player's best stars per drill (their kept sessions), merged: a drill is open when
        one player here has opened it. Guests only: every drill open (nothing is kept of a guest)."""
        per_player: list[dict[str, int] | None] = []
        for row in range(self.players):
            pid = self.profiles[row]
            if pid is None or who.profile_of(self.app, self.profiles, row) is None:
                per_player.append(None)
                continue
            kept = self.app.history.practice(pid, GAME)
            per_player.append(mastery.drill_stars(kept))
        self.mastery = mastery.merged(per_player)
        if not self.is_open(self.options.drill):
            self.options = dataclasses.replace(self.options, drill=max(i for i in range(len(DRILLS)) if self.is_open(i)))

    def is_open(self, drill: int) -> bool:
        return self.mastery is None or mastery.opened(self.mastery)[drill]

    def drill_stars(self, drill: int) -> int | None:
        """The best accuracy stars on `drill` of the players here (None: guests, nothing kept)."""
        return None if self.mastery is None else self.mastery.get(DRILLS[drill].newest, 0)

    def _progress(self) -> None:
        """The parent's one-screen summary of the first remembered player here, else (guests playing) of the
        first remembered player (its ← → go through them all), as the stats' Progress… opens it: a player who
        has not practised yet is told so there."""
        pid = next((self.profiles[r] for r in range(self.players)
                    if who.profile_of(self.app, self.profiles, r) is not None), None)
        self.app.nav.push(screens.Practice(GAME, MODE, "summary", (pid,)))

    def remember(self, options: Options) -> None:
        """The options a drill or its stars screen went on with (e.g. the next drill): shown on return."""
        self.options = options

    def _items(self) -> list[ui.Item]:
        self.option_items = [
            ui.Item(t("Drill"), value=lambda: text.drill_name(self.options.drill), change=self._change_drill),
            ui.Item(t("Pace"), value=lambda: text.pace_label(self.options.pace), change=self._change_pace),
            ui.Item(t("Hints"), value=lambda: text.hint_label(self.options.hint_ms), change=self._change_hint),
            ui.Item(t("Cards"), value=lambda: str(self.options.cards), change=self._change_cards),
            ui.Item(t("Players"), value=lambda: str(self.players), change=self._change_players),
        ]
        names = who.labels(self.app, self.profiles, self.players)
        colours = who.colours(self.app, self.profiles, self.players)
        self.player_items = [ui.Item(names[i], functools.partial(self.pick_player, i),
                                     value=functools.partial(self._controls, i), colour=colours[i], whole_label=True)
                             for i in range(self.players)]
        self.button_items = [
            ui.Item(text.progress_button(), self._progress, button=True, enabled=lambda: bool(self.app.history.profiles)),
            ui.Item(t("Join with controllers…"), self._join, button=True),
            ui.Item(t("Start"), self.start, button=True),
        ]
        return self.option_items + self.player_items + self.button_items

    def rebuild(self) -> None:
        index = self.menu.index
        label = self.menu.current.label if self.menu.current else None
        self.menu.items = self._items()
        same = [i for i, item in enumerate(self.menu.items) if item.label == label and item.selectable()]
        self.menu.index = same[0] if same else min(index, len(self.menu.items) - 1)
        self.menu.settle()
        self._read_mastery()
        self.relayout(self.app.size)
        self.sync_router()

    def _cycle(self, values: tuple[T, ...], current: T, step: int) -> T:
        i = values.index(current) if current in values else 0
        return values[(i + step) % len(values)]

    def _change_drill(self, step: int) -> None:
        """The next open drill that way (a drill opens at two stars on the one before)."""
        drill = self.options.drill
        for _ in range(len(DRILLS)):
            drill = (drill + step) % len(DRILLS)
            if self.is_open(drill):
                break
        self.options = dataclasses.replace(self.options, drill=drill)

    def _change_pace(self, step: int) -> None:
        self.options = dataclasses.replace(self.options, pace=self._cycle(MODES, self.options.pace, step))

    def _change_hint(self, step: int) -> None:
        self.options = dataclasses.replace(self.options, hint_ms=self._cycle(HINTS, self.options.hint_ms, step))

    def _change_cards(self, step: int) -> None:
        self.options = dataclasses.replace(self.options, cards=self._cycle(CARDS, self.options.cards, step))

    def _change_players(self, step: int) -> None:
        self.players = (self.players - 1 + step) % MAX_PLAYERS + 1
        for i in range(self.players):
            if self.devices[i] is None:
                self.devices[i] = self._free_keys(i)
                self.profiles[i] = self._remembered(self.devices[i], i)
        for i in range(self.players, MAX_PLAYERS):
            self.devices[i] = None
            self.profiles[i] = None
        self.message = ""
        self.rebuild()

    def _controls(self, player: int) -> str:
        return self.app.input.device_controls(self.devices[player]) or t(
            "press {a} to join", a=self.app.input.button("a", None, self.app.input.idle_pads()))

    # -- who plays (game.ui.who_plays): player N is seat N ----------------------------------------------
    def in_play(self, row: int) -> bool:
        return row < self.players

    def seat_index(self, row: int) -> int | None:
        return row if row < self.players else None

    def pick_title(self, row: int) -> str:
        return text.who_plays(row)

    def name_title(self, row: int) -> str:
        return text.name_for(row)

    def after_pick(self, row: int) -> None:
        self.message = ""

    # -- joining --------------------------------------------------------------------------------------
    def handle(self, cmd: Command) -> None:
        device = cmd.device
        if (cmd.action in (CONFIRM, PAUSE) and device.startswith("pad:") and device not in self.devices
                and self.app.input.device_controls(device)):
            self.pad_joins(device)  # a pad that plays nobody pressed A or Start: it joins (if there is room)
            return
        if ui.is_start(cmd):
            self.start()  # a playing pad's Start or Tab, from anywhere on the screen (it went back to the games)
            return
        if cmd.action in (LEFT, RIGHT) and self.menu.current in self.player_items:
            self.cycle_profile(self.player_items.index(self.menu.current), 1 if cmd.action == RIGHT else -1)
            return
        super().handle(cmd)

    def pad_joins(self, device: str) -> bool:
        """Pad `device` plays the first player with no device that works, else a new player (up to 4)."""
        router = self.app.input
        free = self.unplayed()
        if free:
            row = free[0]
        elif self.players < MAX_PLAYERS:
            row = self.players
            self.players += 1
        else:
            self.message = tn("Every seat is taken ({n}).", "All {n} seats are taken.", MAX_PLAYERS)
            return False
        self.devices[row] = device
        self.profiles[row] = self._remembered(device, row)
        self.message = t("Controller {n} joined: {name}", n=router.pad_number(device), name=self.player_name(row))
        self.rebuild()
        return True

    def _join(self) -> None:
        self.app.nav.push(screens.Join(MAX_PLAYERS, 1, self._joined))

    def _joined(self, joined: dict[int, str]) -> None:
        devices = [device for _, device in sorted(joined.items())][:MAX_PLAYERS]
        self.players = max(1, len(devices))
        self.devices = (devices + [None] * MAX_PLAYERS)[:MAX_PLAYERS]
        self.profiles = self.joined_profiles(joined, MAX_PLAYERS)  # who each joined seat is (the join screen's ← →)
        self.message = ""
        self.rebuild()

    def start(self) -> None:
        lost = self.unplayed()
        if lost:
            self.message = t("{name} has no keys or controller: join again.", name=self.player_name(lost[0]))
            return
        self.sync_router()
        profiles = tuple(self.profiles[: self.players])
        self.app.nav.push(screens.Practice(
            GAME, MODE, "drill", (self.options, self.players, self.remember),
            {"profiles": profiles, "quiz": None}))

    # -- drawing --------------------------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        w, h = size
        m = ui.px(size, 36)
        self.left_panel, self.right_panel = setup_panels(size, 0.52)
        pad = ui.px(size, 14)
        rows = len(self.option_items) + len(self.player_items)
        row = min(ui.px(size, 50), (self.left_panel.h - 2 * pad) // max(1, rows))
        rects = [pygame.Rect(self.left_panel.x + pad, self.left_panel.y + pad + i * row, self.left_panel.w - 2 * pad,
                             row - 4) for i in range(rows)]
        bh = ui.px(size, 54)
        # The buttons as wide as their words need (at most half the width between them).
        label_font = ui.TEXTS.font(max(10, round(bh * 0.48)), True)  # as the menu draws its buttons
        need = max(label_font.size(item.label)[0] for item in self.button_items) + bh
        bw = min(max(ui.px(size, 260), need), (w - 2 * m - ui.px(size, 16)) // 2)
        start = pygame.Rect(w - m - bw, h - ui.px(size, 44) - bh, bw, bh)
        join = start.move(-bw - ui.px(size, 16), 0)
        # Progress… (a remembered player's summary) at the top right, beside the title
        ph = ui.px(size, 44)
        pfont = ui.TEXTS.font(max(10, round(ph * 0.48)), True)
        title_w = ui.TEXTS.font(ui.px(size, 46), True).size(text.title())[0]
        pw = min(pfont.size(self.button_items[0].label)[0] + ph, (w - title_w) // 2 - m - ui.px(size, 12))
        progress = pygame.Rect(w - m - pw, ui.px(size, 20), pw, ph)
        self.menu.rects = rects + [progress, join, start]
        # The ladder under its heading, its rows as tall as the player's text size draws them.
        self.ladder_top = self.right_panel.y + max(ui.px(size, 50),
                                                   ui.px(size, 12) + line_h(ui.px(size, 24), True) + ui.px(size, 4))
        self.ladder_row = max(ui.px(size, 30), line_h(ui.px(size, PX)) + ui.px(size, 2))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = w, h = surface.get_size()
        self.words.reset()
        surface.blit(ui.backdrop(size), (0, 0))
        self.words.shadow(surface, text.title(), ui.px(size, 46), ui.TEXT, "midtop", (w // 2, ui.px(size, 20)))
        ui.panel(surface, self.left_panel)
        ui.panel(surface, self.right_panel)
        self.menu.draw(surface)
        self._draw_faces(surface)
        self._draw_ladder(surface, size)
        join = self.menu.rects[-2]
        line, colour = (self.message, ui.WARN) if self.message else (self._pad_line(), ui.GOLD)
        self.words.text(surface, line, ui.px(size, PX), colour, "midleft", (ui.px(size, 36), join.centery),
                        bold=True, max_w=join.x - ui.px(size, 56))
        self.words.text(surface, ui.setup_hint(self.app.input.buttons()), ui.px(size, PX),
                        ui.TEXT_DIM, "midbottom", (w // 2, h - ui.px(size, 10)), max_w=w - ui.px(size, 40))

    def _draw_faces(self, surface: pygame.Surface) -> None:
        """A profile player's face over their colour mark, as on the players screens."""
        first = len(self.option_items)
        for row, rect in enumerate(self.menu.rects[first: first + len(self.player_items)]):
            profile = who.profile_of(self.app, self.profiles, row)
            if profile is not None:
                face = pygame.Rect(0, 0, round(rect.h * 0.72), round(rect.h * 0.72))
                face.midleft = (rect.x + round(rect.h * 0.14), rect.centery)
                draw_avatar(surface, face, profile.avatar, profile.rgb)

    def _pad_line(self) -> str:
        idle = self.app.input.idle_pads()
        if idle and self.players < MAX_PLAYERS:
            return t("{pads}: press {a} to join", pads=", ".join(t("Controller {n}", n=p.number) for p in idle),
                     a=self.app.input.button("a", None, idle))
        return ""

    def _draw_ladder(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        """The ladder's eight drills (the chosen one lit, the ones before ticked), then its pattern."""
        panel = self.right_panel
        pad = ui.px(size, 18)
        self.words.text(surface, t("Drill ladder"), ui.px(size, 24), ui.GOLD, "topleft",
                        (panel.x + pad, panel.y + ui.px(size, 12)), bold=True)
        cols = 1 if self.mastery is not None else 2  # with stars: one column, each name whole beside them
        row = self.ladder_row
        chosen = self.options.drill
        per_col = -(-len(DRILLS) // cols)
        # Each drill's stars (a remembered player's best) at its row's end: none for guests.
        radius = max(4, min(ui.px(size, 10), row // 3))
        star_w = 0 if self.mastery is None else round(radius * 2 + 2 * radius * 2.3) + ui.px(size, 4)
        # The columns as wide as their longest names need (with stars, the longer names of the second column
        # take the room the first does not use).
        base = ui.px(size, PX)
        need = [max(ui.TEXTS.font(base, True).size(text.drill_name(i))[0] for i in range(c * per_col,
                    min(len(DRILLS), (c + 1) * per_col))) + pad + star_w for c in range(cols)]
        room = panel.w - pad  # each column keeps a pad at its right: the last one's is the panel's own
        if not star_w:
            widths = [room // cols] * cols
        elif sum(need) <= room:
            widths = [n + (room - sum(need)) // cols for n in need]
        else:
            widths = [room * n // sum(need) for n in need]
        lefts = [panel.x + pad + sum(widths[:c]) for c in range(cols)]
        # One size for the whole ladder: the player's, shrunk (to the standard size at most) to fit its columns.

        def room_of(i: int) -> int:
            return widths[i // per_col] - pad - star_w

        px = min(fit_px(text.drill_name(i), room_of(i), base, True) for i in range(len(DRILLS)))
        if star_w:  # beside the stars, the names shrink to stay whole (a small window, a longer language) …
            px = min(px, min(ui.TEXTS.whole_size(text.drill_name(i), room_of(i), base, True) for i in range(len(DRILLS))))
            if any(ui.TEXTS.font(px, True).size(text.drill_name(i))[0] > room_of(i) for i in range(len(DRILLS))):
                # … and where even that cuts a name, the names go whole without the stars (the locked ones
                # dimmed still; every star is on the summary, Progress…)
                star_w = 0
                widths = [room // cols] * cols
                lefts = [panel.x + pad + sum(widths[:c]) for c in range(cols)]
                px = min(fit_px(text.drill_name(i), room_of(i), base, True) for i in range(len(DRILLS)))
        for i in range(len(DRILLS)):
            c, r = divmod(i, per_col)
            x = lefts[c]
            col_w = widths[c]
            y = self.ladder_top + r * row
            lit = i == chosen
            shut = not self.is_open(i)
            colour = ui.GOLD if lit else (ui.TEXT if i < chosen else ui.TEXT_DIM)
            if shut:
                colour = (110, 130, 115)
            box = self.words.text(surface, text.drill_name(i), px, colour, "topleft", (x, y), bold=lit,
                                  max_w=col_w - pad - star_w)
            count = self.drill_stars(i)
            if count is not None and star_w:
                left = x + col_w - pad - star_w + ui.px(size, 2)
                if shut:
                    lock(surface, pygame.Rect(left, box.centery - radius, 2 * radius, 2 * radius))
                else:
                    stars(surface, left, box.centery, radius, count)
        pattern, _ = EXAMPLES[DRILLS[chosen].newest]
        rule, cells = slappable(pattern, DRILLS[chosen].rules)
        assert rule is not None, "a drill's example pile is one to slap"
        ladder_bottom = self.ladder_top + per_col * row
        label_h = max(ui.px(size, 40), line_h(ui.px(size, 26), True) + ui.px(size, 12))
        room = panel.bottom - label_h - ladder_bottom - 2 * ui.px(size, 8)  # the cards as big as fits under it
        cw = max(8, min(card_width(size, 0.78), round(room / card_height(1000) * 1000)))
        cy = (ladder_bottom + panel.bottom - label_h) // 2
        rects = draw_pile(surface, self.art, pattern, (panel.centerx, cy), cw, [(cells, "gold")])
        self.words.text(surface, text.pattern(rule), ui.px(size, 26), ui.GOLD, "midtop",
                        (panel.centerx, rects[0].bottom + ui.px(size, 12)), bold=True)

