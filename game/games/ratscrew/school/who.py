"""Who plays in the slap school: each player's profile (game.history; None: a guest, named as the seat's
player), and from it the name and colour the setup, drill and stars screens show (the setup's rows tell a guest
from a remembered player of the same name)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.i18n import t
from game.profiles import PALETTE
from game.render import colors

if TYPE_CHECKING:
    from game.profiles import Profile
    from game.services import Services

Colour = tuple[int, int, int]


def profile_of(app: Services, profiles: Sequence[int | None], seat: int) -> Profile | None:
    """The profile playing `seat` (game.profiles.Profile), or None for a guest (or a profile gone since)."""
    return app.history.profile(profiles[seat]) if seat < len(profiles) and profiles[seat] is not None else None


def names(app: Services, profiles: Sequence[int | None], players: int) -> list[str]:
    """Each player's name: their profile's, else the seat's guest name ("Player 2", or one typed)."""
    out = []
    for seat in range(players):
        profile = profile_of(app, profiles, seat)
        out.append(profile.name if profile is not None else app.settings.player_name(seat))
    return out


def labels(app: Services, profiles: Sequence[int | None], players: int) -> list[str]:
    """Each player's row on the setup: a remembered player's name, a guest's as the "who plays?" picker says
    it ("Guest: Mia"), so a guest with a remembered player's name is not taken for them (nor their history)."""
    return [name if profile_of(app, profiles, seat) is not None else t("Guest: {name}", name=name)
            for seat, name in enumerate(names(app, profiles, players))]


def colours(app: Services, profiles: Sequence[int | None], players: int) -> list[Colour]:
    """Each player's colour: their profile's, a guest's seat colour. Two players never share one: profiles
    choose first (in seat order), then guests; a colour already taken gives way to the first free one that
    nobody here wants and no seat here lights its pad with (else the first free one)."""
    wanted: list[Colour] = []
    for seat in range(players):
        profile = profile_of(app, profiles, seat)
        wanted.append(profile.rgb if profile is not None else colors.seat_color(seat))
    seats = {colors.seat_color(seat) for seat in range(players)}
    order = sorted(range(players), key=lambda seat: (profile_of(app, profiles, seat) is None, seat))
    out: dict[int, Colour] = {}
    for seat in order:
        colour = wanted[seat]
        if colour in out.values():
            free = [c for c in PALETTE if c not in out.values()]
            spare = [c for c in free if c not in wanted]
            colour = next((c for c in spare if c not in seats), (spare or free)[0])
        out[seat] = colour
    return [out[seat] for seat in range(players)]
