"""Who plays with what: the join screen (pads and keyboard keys claim seats) and the "pad unplugged"
overlay that holds a table until the pad is back or its seat goes to a bot or the keyboard.

The lobby opens the join screen by name ("join", seats, min_players, on_done); the app opens the
"pad_lost" overlay over a table when a pad that holds a seat is unplugged.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.commands import BACK, CONFIRM, LEFT, PAUSE, RIGHT, Command
from game.i18n import t, tn
from game.input.bindings import ACTION_SLOT, FIRST, MAX_SEATS
from game.input.keys import key_label
from game.render.faces import draw_avatar
from game.ui import widgets as ui
from game.ui.scene import Scene
from game.ui.who_plays import Joined

if TYPE_CHECKING:
    from game.games.table_scene import TableScene
    from game.services import InputPort


HOLD_NS = 1_000_000_000  # a seat changes hands on the unplugged screen only by a press held this long


def _slot(cmd: Command) -> int | None:
    return ACTION_SLOT.get(cmd.action) if cmd.device.startswith(("kb:", "pad:")) else None


class JoinScene(Scene):
    """A press on a pad with no seat, or a keyboard seat's first key, claims the next free seat; that
    device's second control (B, a shoulder, the seat's second key) leaves it again. Enter or a pad's
    Start: done (`on_done(seat -> device)` is called, then the screen pops). Backspace, Esc or B on a
    pad with no seat: back, leaving the seats as they were."""

    def __init__(self, seats: int = MAX_SEATS, min_players: int = 1,
                 on_done: Callable[[dict[int, str]], Any] | None = None) -> None:
        self.seats = seats
        self.min_players = min_players
        self.on_done = on_done
        self.message = ""

    @property
    def router(self) -> InputPort:
        return self.app.input

    def enter(self) -> None:
        self._saved = dict(self.router.owner)
        self.router.clear_seats()
        self.router.claiming = True
        self.profiles: dict[int, int] = {}  # seat -> the player chosen for it (← → on its pad or the arrows)
        self._last_kb: int | None = None  # the seat the keyboard's arrows choose a player for

    def exit(self) -> None:
        self.router.claiming = False

    def joined(self) -> dict[int, str]:
        """seat -> device for every claimed seat, by seat."""
        return {seat: device for device, seat in sorted(self.router.owner.items(), key=lambda kv: kv[1])}

    def join_offer(self) -> str:
        return "said"  # each waiting pad's "Controller 2: press A to join" is under the seats while it waits

    def handle(self, cmd: Command) -> None:
        slot = _slot(cmd)
        if slot is not None:
            self._seat_press(cmd.device, slot)
        elif cmd.action in (LEFT, RIGHT):
            seat = self._last_kb if cmd.device == "kb" else self.router.seat_of(cmd.device)
            if seat is not None and self.router.device_of(seat) is not None:
                self._cycle_player(seat, -1 if cmd.action == LEFT else 1)
        elif cmd.device.startswith("pad:"):
            if cmd.action == PAUSE:
                self._done()
            elif cmd.action == BACK and cmd.seat is None and self.router.seat_of(cmd.device) is None:
                self._cancel()
        elif cmd.action == CONFIRM:
            self._done()
        elif ui.is_back(cmd):
            self._cancel()

    def _seat_press(self, device: str, slot: int) -> None:
        seat = self.router.seat_of(device)
        if slot == FIRST and seat is None:
            taken = set(self.router.owner.values())
            free = next((s for s in range(self.seats) if s not in taken), None)
            if free is None:
                self.message = tn("Every seat is taken ({n}).", "All {n} seats are taken.", self.seats)
                return
            self.router.assign(device, free)
            self.message = t("Player {n} joined.", n=free + 1)
            if device.startswith("kb:"):
                self._last_kb = free
            pad = self.router.pads.by_id.get(int(device[4:])) if device.startswith("pad:") else None
            remembered = self.app.history.for_device(device, pad.guid if pad is not None else "")
            if remembered is not None and remembered.id not in self.profiles.values():
                self.profiles[free] = remembered.id
                self.message = t("{name} joined.", name=remembered.name)
        elif slot != FIRST and seat is not None:
            name = self._name(seat)  # before the seat forgets its player: the name its box showed
            self.router.release(seat)
            self.profiles.pop(seat, None)
            self.message = t("{name} left.", name=name)

    def _name(self, seat: int) -> str:
        """The seat as its box names it: the remembered player chosen for it, else "Player 3"."""
        profile = self.app.history.profile(self.profiles.get(seat))
        return profile.name if profile is not None else t("Player {n}", n=seat + 1)

    def _cycle_player(self, seat: int, step: int) -> None:
        """Seat `seat` is played by the next (or previous) remembered player no other seat has, or a guest."""
        free = [None] + [p.id for p in self.app.history.profiles
                         if p.id not in self.profiles.values() or self.profiles.get(seat) == p.id]
        i = free.index(self.profiles.get(seat)) if self.profiles.get(seat) in free else 0
        chosen = free[(i + step) % len(free)]
        if chosen is None:
            self.profiles.pop(seat, None)
        else:
            self.profiles[seat] = chosen
        self.message = t("{name} joined.", name=self._name(seat))  # the news says who sits there now

    def _done(self) -> None:
        joined = self.joined()
        if len(joined) < self.min_players:
            self.message = tn("At least {n} player must join first.", "At least {n} players must join first.", self.min_players)
            return
        # Seats close up in join order (P1, P3 -> P1, P2) so the humans are the table's first seats.
        players = [self.profiles.get(seat) for seat in joined]
        joined = Joined(enumerate(joined.values()))
        joined.profiles = {seat: pid for seat, pid in enumerate(players) if pid is not None}
        self.router.clear_seats()
        for seat, device in joined.items():
            self.router.assign(device, seat)
        self.router.claiming = False
        self.app.pop()
        if self.on_done is not None:
            self.on_done(joined)

    def _cancel(self) -> None:
        self.router.owner = self._saved
        self.app.pop()

    # -- drawing ----------------------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        w = size[0]
        cols = min(self.seats, 4)
        rows = -(-self.seats // cols)
        gap = ui.px(size, 16)
        box_w = min(ui.px(size, 270), (w - gap * (cols + 1)) // cols)
        box_h = ui.px(size, 120)
        left = (w - cols * box_w - (cols - 1) * gap) // 2
        top = ui.px(size, 170)
        self.boxes = [pygame.Rect(left + (i % cols) * (box_w + gap), top + (i // cols) * (box_h + gap),
                                  box_w, box_h) for i in range(self.seats)]
        self.info_y = top + rows * (box_h + gap) + gap

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = surface.get_size()
        surface.blit(ui.backdrop(size), (0, 0))
        ui.shadow_text(surface, t("Who's playing?"), ui.px(size, 56), ui.TEXT, "center",
                       (size[0] // 2, ui.px(size, 80)))
        ui.blit_text(surface, t("Press {a} on a controller, or your first key on the keyboard, to take a seat.",
                                a=self.router.button("a")),
                     ui.px(size, 22), ui.TEXT_DIM, "center", (size[0] // 2, ui.px(size, 130)),
                     max_w=size[0] - ui.px(size, 40))
        joined = self.joined()
        for seat, box in enumerate(self.boxes):
            taken = seat in joined
            ui.panel(surface, box, alpha=220 if taken else 120, border=ui.seat_colour(seat) if taken else None)
            profile = self.app.history.profile(self.profiles.get(seat)) if taken else None
            name = self._name(seat) if taken else t("Player {n}", n=seat + 1)
            face_w = ui.px(size, 44) if profile is not None else 0
            ui.blit_text(surface, name, ui.px(size, 30), ui.seat_colour(seat), "topleft",
                         (box.x + ui.px(size, 14), box.y + ui.px(size, 10)), bold=True,
                         max_w=box.w - ui.px(size, 28) - face_w)
            if profile is not None:
                face = pygame.Rect(0, 0, face_w, face_w)
                face.topright = (box.right - ui.px(size, 10), box.y + ui.px(size, 10))
                draw_avatar(surface, face, profile.avatar, profile.rgb)
            label = self.router.seat_controls(seat) if taken else t("free")
            ui.blit_text(surface, label, ui.px(size, 22), ui.TEXT if taken else ui.TEXT_DIM, "bottomleft",
                         (box.x + ui.px(size, 14), box.bottom - ui.px(size, 14)), max_w=box.w - ui.px(size, 28))
        idle = [p for p in self.router.pads.by_id.values() if self.router.seat_of(p.id) is None]
        lines = [t("Controller {n}: press {a} to join", n=p.number, a=p.label("a"))
                 for p in sorted(idle, key=lambda p: p.number)]
        if self.message:
            lines.insert(0, self.message)
        if self.app.history.profiles and joined:
            lines.append(t("← → on your controller (the arrow keys: the last keyboard seat) choose who you are"))
        y = self.info_y
        for line in lines[:4]:
            ui.blit_text(surface, line, ui.px(size, 22), ui.GOLD, "midtop", (size[0] // 2, y))
            y += ui.px(size, 30)
        ui.hint(surface, t("Second key / {b}: leave the seat   Enter / {start}: done   Backspace: back",
                           **self.router.buttons()))


class PadLostScene(Scene):
    """Over a table whose pad was unplugged: the game waits, focus on "Wait". The seat changes hands only
    by its owner's pad plugged in again (the router gives the seat back and this screen goes away), by a
    pad plugged in while this screen is up pressing A (it is offered the seat), or by holding A / Enter
    for a second on "Give Player 2 to a bot? Hold A" (or on playing it with free keys): a stray press
    never hands a seat away."""

    draws_below = True
    holds_lost_pads = True

    def __init__(self, table: TableScene[Any, Any]) -> None:  # any game's table
        self.table = table
        self.hold: tuple[str, int, int] | None = None  # (device, menu row, when the hold began)
        self.said = ""

    @property
    def router(self) -> InputPort:
        return self.app.input

    def enter(self) -> None:
        self.before = set(self.router.pads.by_id)  # pads plugged in later are offered the seat
        self.actions: dict[int, Callable[[], None]] = {}
        self.menu = ui.Menu(self._items())  # row 0: "Wait"

    def _items(self) -> list[ui.Item]:
        items = [ui.Item(t("Wait"), self._wait)]
        self.actions = {}
        for seat in sorted(self.router.lost):
            self.actions[len(items)] = functools.partial(self._to_bot, seat)
            items.append(ui.Item(t("Give {name} to a bot? Hold {a}", name=self._name(seat), a=self._hold_word()), self._tap,
                                 colour=ui.seat_colour(seat)))
            row = self._free_row(seat)
            if row is not None:
                keys = self.router.bindings.keys_of(row)
                self.actions[len(items)] = functools.partial(self._to_keys, seat, row)
                items.append(ui.Item(t("Play {name} with {a} / {b}? Hold {hold}", name=self._name(seat), a=key_label(keys[0]),
                                       b=key_label(keys[1]), hold=self._hold_word()), self._tap,
                                     colour=ui.seat_colour(seat)))
        return items

    def _name(self, seat: int) -> str:
        """The seat as the table names it ("Bo", "Player 7"): its number at the table can differ from its name's."""
        return self.table.seat_names()[seat]

    def offered(self) -> list[Any]:
        """Pads plugged in since this screen came up that play no seat: each may take a lost seat with A."""
        return [p for p in self.router.idle_pads() if p.instance_id not in self.before]

    def _wait(self) -> None:
        self.said = t("Waiting: plug the controller back in")

    def _hold_word(self) -> str:
        """What a hold confirms with: the connected pads' A as printed on them, or Enter when no pad is left (a
        keyboard household whose one pad came unplugged has no A to hold)."""
        return self.router.button("a") if self.router.pads.by_id else key_label("return")

    def move_hint(self) -> str:
        """How to go from item to item and pick one, on the pads left (the d-pad or stick, their A) and the keyboard;
        the items only say what a hold does (found playing: a pad-only player did not see that ↓ moves)."""
        if self.router.pads.by_id:
            return t("↑ ↓ on the d-pad, the stick or the arrow keys: choose   Hold {a} / Enter: confirm",
                     a=self.router.button("a"))
        return t("↑ ↓ arrow keys: choose   Hold Enter: confirm")

    def _tap(self) -> None:
        if self.router.pads.by_id:
            self.said = t("Hold {a} (or Enter) for a second to confirm", a=self.router.button("a"))
        else:
            self.said = t("Hold {a} for a second to confirm", a=key_label("return"))

    def _free_row(self, seat: int) -> int | None:
        """A keyboard row nobody plays: the seat's own row if free, else the first free one."""
        free = [r for r in range(MAX_SEATS) if self.router.seat_of(f"kb:{r}") is None]
        return seat if seat in free else (free[0] if free else None)

    def _to_bot(self, seat: int) -> None:
        self.router.release(seat)
        self.table.give_seat_to_bot(seat)
        self._refresh()

    def _to_keys(self, seat: int, row: int) -> None:
        self.router.lend(seat, f"kb:{row}")  # its own pad, plugged in again, may take it back with A
        self._refresh()

    def _refresh(self) -> None:
        self.hold = None
        if self.router.lost:
            self.menu = ui.Menu(self._items())  # back on "Wait"
            self.relayout(self.app.size)

    def update(self, now_ns: int, dt_ns: int) -> None:
        if not self.table.lost_seats():
            self.app.pop()  # the pad is back (or every lost seat found a new player), or the game was over anyway
            return
        if [item.label for item in self.menu.items] != [item.label for item in self._items()]:
            self._refresh()
        if self.hold is not None:
            device, row, began = self.hold
            if not self.router.holding(device, CONFIRM) or row != self.menu.index:
                self.hold = None
                self._tap()
            elif self.app.now_ns() - began >= HOLD_NS:
                self.hold = None
                self.actions[row]()
        self.table.refresh_seats()

    def held_share(self) -> float:
        """How far the hold on the focused row has come (0..1); 0 with no hold."""
        if self.hold is None:
            return 0.0
        return max(0.0, min(1.0, (self.app.now_ns() - self.hold[2]) / HOLD_NS))

    def handle(self, cmd: Command) -> None:
        device = cmd.device
        if cmd.action in (CONFIRM, PAUSE) and device.startswith("pad:") and \
                any(p.id == device for p in self.offered()):
            seat = min(self.router.lost)  # a pad plugged in now, pressing A: it plays the seat
            self.router.assign(device, seat)
            self.table.refresh_seats(force=True)
            self._refresh()
            return
        if cmd.action == CONFIRM and self.menu.index in self.actions:
            self.hold = (device, self.menu.index, self.app.now_ns())
            self.said = ""
            return
        if self.menu.handle(cmd):  # menu actions from any keyboard or pad; game actions wait
            self.hold = None

    def relayout(self, size: tuple[int, int]) -> None:
        w, h = size
        row = ui.px(size, 52)
        pw = min(w - ui.px(size, 40), ui.px(size, 760))
        inside = pygame.Rect(0, 0, pw - ui.px(size, 40), h)
        ph = row * max(1, len(self.menu.items)) + ui.px(size, 200) + ui.hint_height(size, self.move_hint(), inside)
        self.panel_rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        area = pygame.Rect(self.panel_rect.x + ui.px(size, 20), self.panel_rect.y + ui.px(size, 130),
                           pw - ui.px(size, 40), row * max(1, len(self.menu.items)))
        self.menu.layout(area, row)
        self.say_y = area.bottom + ui.px(size, 14)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = surface.get_size()
        ui.dim(surface, 170)
        ui.panel(surface, self.panel_rect, alpha=240, border=ui.WARN)
        lost = sorted(self.router.lost.values(), key=lambda lp: lp.seat)
        who = ", ".join(t("{name} (Controller {m})", name=self._name(lp.seat), m=lp.number) for lp in lost)
        cx = self.panel_rect.centerx
        inner = self.panel_rect.w - ui.px(size, 40)
        ui.blit_text(surface, t("Controller unplugged: {who}", who=who), ui.px(size, 34), ui.WARN, "midtop",
                     (cx, self.panel_rect.y + ui.px(size, 22)), bold=True, max_w=inner)
        ui.blit_text(surface, t("The game waits. Plug the controller back in to carry on."), ui.px(size, 24), ui.TEXT,
                     "midtop", (cx, self.panel_rect.y + ui.px(size, 78)), max_w=inner)
        self.menu.draw(surface)
        ui.hint(surface, self.move_hint(), self.panel_rect.inflate(-ui.px(size, 40), 0))
        share = self.held_share()
        if share > 0 and self.menu.rects:
            rect = self.menu.rects[self.menu.index]
            bar = pygame.Rect(rect.x + 6, rect.bottom - ui.px(size, 8), round((rect.w - 12) * share), ui.px(size, 6))
            pygame.draw.rect(surface, ui.GOLD, bar, border_radius=bar.h // 2)
        lines = [t("Controller {n}: press {a} to play {name}", n=p.number, a=p.label("a"), name=self._name(min(self.router.lost)))
                 for p in self.offered()] or ([self.said] if self.said else [])
        y = self.say_y
        for line in lines[:2]:
            ui.blit_text(surface, line, ui.px(size, 24), ui.GOLD, "midtop", (cx, y), bold=True, max_w=inner)
            y += ui.px(size, 32)
