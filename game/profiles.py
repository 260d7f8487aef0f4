"""Players who are remembered: a profile is a name, a colour, an avatar drawn in code, and the key set or
pad it plays with when it joins. Guests (today's "Player N" and typed names) have no profile.

Profiles live in the history database (game.history), beside the games they played, so a rename keeps a
player's history and a delete takes it away in one transaction. This module is the model and the
drawing; it reads no file.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.i18n import t
from game.names import MAX_NAME, clean_name  # noqa: F401 - profiles' names follow game.names
from game.render import colors

if TYPE_CHECKING:
    import pygame

    from game.input.pads import Pad

MAX_PROFILES = 12  # the players screen and the lobby's picker list them all without scrolling
PALETTE: tuple[colors.Color, ...] = colors.SEAT_COLORS  # the colour-blind-safe seat colours
AVATARS: tuple[str, ...] = ("smile", "cat", "bear", "robot", "owl", "star")


def colour_name(index: int) -> str:
    names = (t("orange"), t("sky blue"), t("green"), t("yellow"), t("blue"), t("red"), t("purple"), t("grey"))
    return names[index % len(names)]


def avatar_name(index: int) -> str:
    names = {"smile": t("smiley"), "cat": t("cat"), "bear": t("bear"), "robot": t("robot"), "owl": t("owl"),
             "star": t("star")}
    return names[AVATARS[index % len(AVATARS)]]


@dataclass(frozen=True, slots=True)
class Profile:
    """A remembered player. `device` is the key set ("kb:2": Player 3's keys on the Controls screen) or the
    kind of pad ("pad:<SDL guid>") it joins with, or None; `device_name` names that pad."""

    id: int
    name: str
    colour: int = 0
    avatar: int = 0
    device: str | None = None
    device_name: str = ""

    @property
    def rgb(self) -> colors.Color:
        return PALETTE[self.colour % len(PALETTE)]


def name_problem(name: str, taken: list[str]) -> str | None:
    """Why `name` can't be a profile's name (one line), or None. `taken`: the other profiles' names."""
    name = clean_name(name)
    if not name:
        return t("A player needs a name.")
    if name.casefold() in {other.casefold() for other in taken}:
        return t("There is already a player called {name}.", name=name)
    return None


def device_label(device: str | None, device_name: str = "") -> str:
    """What a remembered device is, in words: "P3's keys", "Pad (Xbox Controller)", "nothing"."""
    if not device:
        return t("nothing")
    if device.startswith("kb:"):
        return t("P{n}'s keys", n=int(device[3:]) + 1)
    return t("Controller ({name})", name=device_name) if device_name else t("A controller")


def remembered_device(profile: Profile | None, pads: Iterable[Pad], taken: Collection[str | None]) -> str | None:
    """The device `profile` plays with, if nobody in `taken` plays it: its key set, or a plugged-in pad (of
    `pads`, the router's) of the kind it remembers, the lowest-numbered such pad that is free."""
    device = profile.device if profile is not None else None
    if device and device.startswith("pad:"):
        device = next((p.id for p in sorted(pads, key=lambda p: p.number)
                       if f"pad:{p.guid}" == device and p.id not in taken), None)
    return device if device and device not in taken else None


def draw_avatar(surface: pygame.Surface, rect: pygame.Rect, avatar: int, colour: colors.Color) -> None:
    """The profile's face in `rect` (a square works best): a disc in its colour and one of AVATARS' faces,
    in plain shapes so it reads at 24 px as well as at 200."""
    import pygame

    kind = AVATARS[avatar % len(AVATARS)]
    size = min(rect.w, rect.h)
    r = size // 2
    cx, cy = rect.center
    ink = colors.INK
    light = colors.mix(colour, (255, 255, 255), 0.55)
    line = max(1, size // 16)
    eye = max(1, size // 12)
    if kind == "cat":
        for side in (-1, 1):
            pygame.draw.polygon(surface, colour, [(cx + side * r * 0.85, cy - r * 0.2), (cx + side * r * 0.75, cy - r),
                                                  (cx + side * r * 0.2, cy - r * 0.7)])
    elif kind == "bear":
        for side in (-1, 1):
            pygame.draw.circle(surface, colour, (cx + side * r * 0.68, cy - r * 0.68), r * 0.36)
            pygame.draw.circle(surface, light, (cx + side * r * 0.68, cy - r * 0.68), r * 0.18)
    elif kind == "robot":
        pygame.draw.line(surface, colour, (cx, cy - r), (cx, cy - r * 0.7), line)
        pygame.draw.circle(surface, light, (cx, cy - r + line), max(2, r // 7))
    if kind == "robot":
        head = pygame.Rect(0, 0, round(r * 1.7), round(r * 1.45))
        head.center = (cx, round(cy + r * 0.12))
        pygame.draw.rect(surface, colour, head, border_radius=max(2, r // 4))
    elif kind == "star":
        points = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            k = r * (1.0 if i % 2 == 0 else 0.48)
            points.append((cx + k * math.cos(a), cy + r * 0.08 + k * math.sin(a)))
        pygame.draw.polygon(surface, colour, points)
    else:
        pygame.draw.circle(surface, colour, (cx, cy + r * 0.08), r * 0.86)
    # The face: eyes and a mouth (an owl has big round eyes and a beak; a bear a snout).
    ey = cy - r * 0.05
    if kind == "owl":
        for side in (-1, 1):
            pygame.draw.circle(surface, light, (cx + side * r * 0.36, ey), r * 0.3)
            pygame.draw.circle(surface, ink, (cx + side * r * 0.36, ey), r * 0.13)
        pygame.draw.polygon(surface, colors.GOLD, [(cx - r * 0.12, cy + r * 0.2), (cx + r * 0.12, cy + r * 0.2),
                                                   (cx, cy + r * 0.42)])
        return
    if kind == "robot":
        for side in (-1, 1):
            box = pygame.Rect(0, 0, max(2, r // 3), max(2, r // 3))
            box.center = (round(cx + side * r * 0.38), round(ey))
            pygame.draw.rect(surface, light, box)
        mouth = pygame.Rect(0, 0, round(r * 0.9), max(2, r // 8))
        mouth.center = (cx, round(cy + r * 0.45))
        pygame.draw.rect(surface, ink, mouth)
        return
    for side in (-1, 1):
        pygame.draw.circle(surface, ink, (cx + side * r * 0.3, ey), eye)
    if kind == "bear":
        pygame.draw.circle(surface, light, (cx, cy + r * 0.38), r * 0.28)
        pygame.draw.circle(surface, ink, (cx, cy + r * 0.3), max(1, eye))
        return
    if kind == "cat":
        for side in (-1, 1):
            for dy in (-1, 1):
                pygame.draw.line(surface, ink, (cx + side * r * 0.2, cy + r * 0.3),
                                 (cx + side * r * 0.7, cy + r * 0.3 + dy * r * 0.12), max(1, line // 2))
    mouth = pygame.Rect(0, 0, round(r * 0.8), round(r * 0.6))
    mouth.center = (cx, round(cy + r * 0.25))
    pygame.draw.arc(surface, ink, mouth, 3.5, 5.9, line)
