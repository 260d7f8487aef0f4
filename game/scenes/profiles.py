"""Players the game remembers: the list of profiles ("profiles"), one profile's name, colour, face and
the keys or pad it plays with ("profile"), and the lobby's "who plays this seat?" ("profile_pick").

Profiles live in the history (`app.history`): these screens change them in memory at once and the history
writes the change on its own thread. Deleting asks first.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import pygame

from game import screens
from game.i18n import pt, t
from game.profiles import AVATARS, PALETTE, Profile, avatar_name, colour_name, device_label
from game.render.faces import draw_avatar
from game.ui import widgets as ui
from game.ui.menu import MenuScene

MAX_SEAT_KEYS = 8  # key sets on the Controls screen: P1 … P8


def draw_avatars(surface: pygame.Surface, menu: ui.Menu, profiles: dict[int, Profile]) -> None:
    """Each menu row `i` in `profiles` gets its profile's face at its left (over the colour mark)."""
    for i, rect in enumerate(menu.rects):
        profile = profiles.get(i)
        if profile is not None:
            face = pygame.Rect(0, 0, round(rect.h * 0.72), round(rect.h * 0.72))
            face.midleft = (rect.x + round(rect.h * 0.14), rect.centery)
            draw_avatar(surface, face, profile.avatar, profile.rgb)


class ProfilesScene(MenuScene):
    """Every profile (Enter: its settings), "New player…", "Back"."""

    width = 620

    def enter(self) -> None:
        self.message = ""
        self.created: int | None = None
        super().enter()

    def heading(self) -> str:
        return t("Players")

    def items(self) -> list[ui.Item]:
        history = self.app.history
        self.faces = {i: p for i, p in enumerate(history.profiles)}
        items = [ui.Item(p.name, functools.partial(self.app.nav.push, screens.Profile(p.id)), colour=p.rgb,
                         whole_label=True) for p in history.profiles]
        items.append(ui.Item(t("New player…"), self._new))
        items.append(ui.Item(pt("menu", "Back"), self.back))
        return items

    def resume(self) -> None:
        super().resume()
        if self.created is not None:  # focus the player just made
            index = next((i for i, p in self.faces.items() if p.id == self.created), None)
            if index is not None:
                self.menu.select(index)
            self.created = None

    def _new(self) -> None:
        def done(name: str) -> None:
            made = self.app.history.create(name)
            if isinstance(made, str):
                self.message = made
            else:
                self.message = t("{name} is a player now.", name=made.name)
                self.created = made.id

        self.message = ""
        self.app.nav.push(screens.NameEntry(t("Name of the new player"), "", done))

    def relayout(self, size: tuple[int, int]) -> None:
        self.row = 52 if len(self.menu.items) <= 8 else max(30, 52 * 8 // len(self.menu.items))
        super().relayout(size)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        draw_avatars(surface, self.menu, self.faces)
        if self.message:
            size = surface.get_size()
            ui.blit_text(surface, self.message, ui.px(size, 22), ui.GOLD, "midtop",
                         (size[0] // 2, self.panel_rect.bottom + ui.px(size, 12)), bold=True,
                         max_w=size[0] - ui.px(size, 40))

    def draw_heading(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        ui.shadow_text(surface, self.heading(), ui.px(size, 50), ui.TEXT, "center", (size[0] // 2, ui.px(size, 60)))


class ProfileScene(MenuScene):
    """One player: name (Enter renames), colour, face, the keys or pad they play with (picked for their seat
    when they are chosen in the lobby, and their seat's player when that pad or key joins), stats, delete."""

    width = 700

    def __init__(self, profile_id: int) -> None:
        self.profile_id = profile_id
        self.message = ""

    @property
    def profile(self) -> Profile | None:
        return self.app.history.profile(self.profile_id)

    def heading(self) -> str:
        profile = self.profile
        return profile.name if profile is not None else t("Players")

    def items(self) -> list[ui.Item]:
        return [
            ui.Item(t("Name"), self._rename, value=lambda: self._shown.name),
            ui.Item(t("Colour"), value=lambda: colour_name(self._shown.colour),
                    change=lambda step: self._step("colour", step, len(PALETTE))),
            ui.Item(t("Face"), value=lambda: avatar_name(self._shown.avatar),
                    change=lambda step: self._step("avatar", step, len(AVATARS))),
            ui.Item(t("Plays with"), value=self._device_value, change=self._cycle_device),
            ui.Item(t("Stats…"), lambda: self.app.nav.push(screens.Stats(self.profile_id))),
            ui.Item(t("Delete this player…"), self._delete),
            ui.Item(pt("menu", "Back"), self.back),
        ]

    def update(self, now_ns: int, dt_ns: int) -> None:
        if self.profile is None:
            self.app.pop()  # deleted

    @property
    def _shown(self) -> Profile:
        """The profile, or (deleted meanwhile: the screen closes) a blank one with every default."""
        return self.profile if self.profile is not None else Profile(self.profile_id, "")

    def _step(self, field: str, step: int, count: int) -> None:
        if field == "colour":
            self.app.history.change(self.profile_id, colour=(self._shown.colour + step) % count)
        else:
            self.app.history.change(self.profile_id, avatar=(self._shown.avatar + step) % count)

    def _rename(self) -> None:
        def done(name: str) -> None:
            problem = self.app.history.rename(self.profile_id, name)
            self.message = problem or ""

        self.message = ""
        self.app.nav.push(screens.NameEntry(t("New name for {name}", name=self._shown.name), self._shown.name,
                          done))

    def devices(self) -> list[tuple[str | None, str]]:
        """What a player can play with: nothing, a key set P1–P8, or a kind of pad plugged in now (or the one
        remembered)."""
        out: list[tuple[str | None, str]] = [(None, "")]
        out += [(f"kb:{row}", "") for row in range(MAX_SEAT_KEYS)]
        pads = sorted(self.app.input.pads.by_id.values(), key=lambda p: p.number)
        out += list(dict.fromkeys((f"pad:{p.guid}", p.name) for p in pads))
        mine = (self._shown.device, self._shown.device_name)
        if mine[0] and mine[0] not in [d for d, _ in out]:
            out.append(mine)  # a pad not plugged in now stays a choice
        return out

    def _device_value(self) -> str:
        device = self._shown.device
        label = device_label(device, self._shown.device_name)
        if isinstance(device, str) and device.startswith("kb:"):
            keys = self.app.input.device_controls(device)
            return t("{who} ({keys})", who=label, keys=keys) if keys else label
        return label

    def _cycle_device(self, step: int) -> None:
        choices = self.devices()
        current = self._shown.device
        i = next((k for k, (d, _) in enumerate(choices) if d == current), 0)
        device, name = choices[(i + step) % len(choices)]
        self.app.history.change(self.profile_id, device=device, device_name=name)

    def _delete(self) -> None:
        name = self._shown.name
        self.app.nav.push(screens.Confirm(t("Delete {name} and all of their stats?", name=name),
                          lambda: self.app.history.delete(self.profile_id), t("Delete"), t("Keep")))

    def draw_heading(self, surface: pygame.Surface) -> None:
        size = w, _ = surface.get_size()
        profile = self.profile
        text = ui.shadow_text(surface, self.heading(), ui.px(size, 50), ui.TEXT, "center", (w // 2, ui.px(size, 90)))
        if profile is not None:
            face = pygame.Rect(0, 0, ui.px(size, 84), ui.px(size, 84))
            face.midright = (text.x - ui.px(size, 18), text.centery)
            draw_avatar(surface, face, profile.avatar, profile.rgb)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        if self.message:
            size = surface.get_size()
            ui.blit_text(surface, self.message, ui.px(size, 22), ui.WARN, "midtop",
                         (size[0] // 2, self.panel_rect.bottom + ui.px(size, 10)), bold=True,
                         max_w=size[0] - ui.px(size, 40))


class ProfilePickScene(MenuScene):
    """Who plays a lobby seat: a guest (the seat's name), a remembered player (one not at another seat), a
    guest with a typed name, or a new player. `on_pick(profile id or None)` runs once this screen closed;
    `type_name()` opens the lobby's own name entry for a guest."""

    width = 620
    row = 48

    def __init__(self, prompt: str, guest: str, current: int | None, taken: set[int],
                 on_pick: Callable[[int | None], None], type_name: Callable[[], None]) -> None:
        self.prompt = prompt
        self.guest = guest
        self.current = current
        self.taken = taken
        self.on_pick = on_pick
        self.type_name = type_name
        self.message = ""
        self.made: int | None = None

    def heading(self) -> str:
        return self.prompt

    def items(self) -> list[ui.Item]:
        profiles = self.app.history.profiles
        self.faces = {i + 1: p for i, p in enumerate(profiles)}
        items = [ui.Item(t("Guest: {name}", name=self.guest), lambda: self._pick(None))]
        items += [ui.Item(p.name, functools.partial(self._pick, p.id), colour=p.rgb, whole_label=True,
                          enabled=functools.partial(self._free, p.id)) for p in profiles]
        items.append(ui.Item(t("Guest with another name…"), self._typed))
        items.append(ui.Item(t("New player…"), self._new))
        return items

    def enter(self) -> None:
        super().enter()
        index = next((i for i, p in self.faces.items() if p.id == self.current), 0)
        self.menu.select(index)

    def resume(self) -> None:
        if self.made is not None:  # a new player was made on the name entry: they play the seat
            made, self.made = self.made, None
            self._pick(made)
            return
        super().resume()

    def _free(self, profile_id: int) -> bool:
        """Whether `profile_id` plays no other seat (it can be chosen)."""
        return profile_id not in self.taken

    def _pick(self, profile_id: int | None) -> None:
        self.app.pop()
        self.on_pick(profile_id)

    def _typed(self) -> None:
        self.app.pop()
        self.type_name()

    def _new(self) -> None:
        def done(name: str) -> None:
            made = self.app.history.create(name)
            if isinstance(made, str):
                self.message = made
            else:
                self.made = made.id

        self.message = ""
        self.app.nav.push(screens.NameEntry(t("Name of the new player"), "", done))

    def relayout(self, size: tuple[int, int]) -> None:
        n = len(self.app.history.profiles) + 3
        self.row = 48 if n <= 9 else max(28, 48 * 9 // n)
        super().relayout(size)

    def draw_heading(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        ui.shadow_text(surface, self.heading(), ui.px(size, 44), ui.TEXT, "center", (size[0] // 2, ui.px(size, 64)))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        draw_avatars(surface, self.menu, self.faces)
        if self.message:
            size = surface.get_size()
            ui.blit_text(surface, self.message, ui.px(size, 22), ui.WARN, "midtop",
                         (size[0] // 2, self.panel_rect.bottom + ui.px(size, 10)), bold=True,
                         max_w=size[0] - ui.px(size, 40))
