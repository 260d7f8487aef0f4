"""Who plays each row of a seats screen, and with what: the one picking of seats' players that the lobby
(game.scenes.lobby.seating) and the slap school's setup (its school/setup.py) share.

A row is played by a device (a key set "kb:N", or a pad "pad:ID") and is a remembered player (a profile,
game.history) or a guest (named as the seat's player, "Player 3" or a typed name). Here:

- a key set for a row that becomes a person's (its own, else the first free one);
- the profile a device remembers, when it comes to a row (a pad joining, the screen opening);
- Enter on a row's name: the "who plays?" picker (a guest, a remembered player no other row has, a guest with
  a typed name, a new player); ← → there (where the screen offers it): the guest and each free profile in turn;
- a picked profile takes the key set or the kind of pad it remembers, when that is free;
- the rows' devices play their table seats (each pad lights up in its seat's colour), and no other device.

The screen mixes this in, keeps `devices` and `profiles` (one entry per row) and says which rows are in play
(`in_play`), the table seat each becomes (`seat_index`), the picker's and the name entry's headings, and
`rebuild()` after a change."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from game import screens
from game.input.bindings import MAX_SEATS
from game.profiles import remembered_device

if TYPE_CHECKING:
    from game.services import Services


class Joined(dict[int, str]):
    """seat -> device, as the join screen hands it over; `profiles`: seat -> the remembered player chosen
    for it (game.history profiles; a seat not in it is a guest)."""

    def __init__(self, seats: Iterable[tuple[int, str]] = ()) -> None:
        super().__init__(seats)
        self.profiles: dict[int, int] = {}


class WhoPlays:
    """Who plays each row (a profile or a guest) and with which device: the lobby's seats and the slap
    school's players, picked the same way."""

    app: Services
    devices: list[str | None]  # each row's device (None: none: a bot's, an empty seat, no player)
    profiles: list[int | None]  # each row's profile (None: a guest)

    # The screen's ways, where the lobby and the school differ:
    picker_always = False  # Enter on a name opens the picker even when nobody is remembered yet (New player…)
    pad_in_hand_stays = False  # a profile picked for a row that a working pad plays keeps that pad

    # -- what the screen says ---------------------------------------------------------------------------
    def in_play(self, row: int) -> bool:
        """Row `row` is a person's (it has a device and a player)."""
        raise NotImplementedError

    def seat_index(self, row: int) -> int | None:
        """The table seat row `row` becomes (None: none)."""
        raise NotImplementedError

    def pick_title(self, row: int) -> str:
        """The picker's heading for row `row` ("Who plays seat 3?")."""
        raise NotImplementedError

    def name_title(self, row: int) -> str:
        """The name entry's heading for row `row`'s guest ("Name for seat 3")."""
        raise NotImplementedError

    def rebuild(self) -> None:
        """The screen's items and layout after a change."""

    # -- names and devices ------------------------------------------------------------------------------
    def player_name(self, row: int) -> str:
        """A row's name: its player's, else the guest name of the seat ("Player 3", or one typed)."""
        return self.own_name(row) or self.app.settings.player_name(row)

    def own_name(self, row: int) -> str:
        """A row's own name: its player's, or one typed for the guest; "" for a guest with the default name,
        which the table words in the language of the moment ("Player 3" / "Spiller 3")."""
        profile = self.app.history.profile(self.profiles[row])
        return profile.name if profile is not None else self.app.settings.typed_name(row)

    def taken(self, row: int | None) -> set[int]:
        """The profiles the rows in play other than `row` have (None: every row's)."""
        return {pid for r, pid in enumerate(self.profiles) if r != row and pid is not None and self.in_play(r)}

    def unplayed(self) -> list[int]:
        """The rows in play that no device plays now (a pad unplugged since, or never joined)."""
        controls = self.app.input.device_controls
        return [row for row in range(len(self.devices)) if self.in_play(row) and not controls(self.devices[row])]

    def _free_keys(self, row: int) -> str | None:
        """A key set for a row that becomes a person's: its own (seat N plays with PN's keys on the Controls
        screen), else the first no other row uses; None if all are taken."""
        used = {d for r, d in enumerate(self.devices) if r != row and d is not None}
        return next((d for d in [f"kb:{row}"] + [f"kb:{i}" for i in range(MAX_SEATS)] if d not in used), None)

    def _remembered(self, device: str | None, row: int | None = None) -> int | None:
        """The profile that plays with `device` (its key set, or a pad of the kind it remembers), if no row
        in play other than `row` (None: no row at all) is that profile."""
        pad = self.app.input.pads.by_id.get(int(device[4:])) if device and device.startswith("pad:") else None
        profile = self.app.history.for_device(device, pad.guid if pad is not None else "")
        return profile.id if profile is not None and profile.id not in self.taken(row) else None

    def sync_router(self) -> None:
        """Each person's row's device plays the table seat the row becomes (its pad lights up in the seat's
        colour); no other device plays; a row's unplugged pad waits for its own pad to come back."""
        seats: dict[int, str] = {}
        for row, device in enumerate(self.devices):
            seat = self.seat_index(row) if device is not None and self.in_play(row) else None
            if seat is not None and device is not None:
                seats[seat] = device
        self.app.input.seat_devices(seats)

    def joined_profiles(self, joined: Mapping[int, str], rows: int) -> list[int | None]:
        """Who each seat the join screen gave is (its ← →; None: a guest, or a profile deleted since), for
        `rows` rows."""
        picked: Mapping[int, int | None] = joined.profiles if isinstance(joined, Joined) else {}
        return [picked.get(row) if row < len(joined) and self.app.history.profile(picked.get(row)) is not None
                else None for row in range(rows)]

    # -- who plays a row ----------------------------------------------------------------------------------
    def pick_player(self, row: int) -> None:
        """Enter on a person's name: the picker (a guest, a remembered player no other row has, a guest with
        a typed name, a new player); with nobody remembered, straight to a guest's name unless
        `picker_always`."""
        if not (self.picker_always or self.app.history.profiles):
            self._type_name(row)
            return
        self.app.nav.push(screens.ProfilePick(self.pick_title(row), self.app.settings.player_name(row),
                          self.profiles[row], self.taken(row), lambda pid: self._picked(row, pid),
                          lambda: self._type_name(row)))

    def cycle_profile(self, row: int, step: int) -> None:
        """← → on a player's name: the guest, then each remembered player no other row has, then the guest
        again (as the join screen's arrows); the row then plays as if picked in the picker."""
        taken = self.taken(row)
        choices: list[int | None] = [None, *(p.id for p in self.app.history.profiles if p.id not in taken)]
        if len(choices) < 2:
            return
        here = choices.index(self.profiles[row]) if self.profiles[row] in choices else 0
        self._picked(row, choices[(here + step) % len(choices)])

    def _picked(self, row: int, pid: int | None) -> None:
        """Row `row` is played by profile `pid` (None: a guest); it takes the key set or the kind of pad that
        profile remembers when that is free (but where `pad_in_hand_stays`, a working pad the row has plays on)."""
        self.profiles[row] = pid
        router = self.app.input
        held = self.devices[row]
        if self.pad_in_hand_stays and held and held.startswith("pad:") and router.device_controls(held):
            device = None
        else:
            device = remembered_device(self.app.history.profile(pid), router.pads.by_id.values(), self.devices)
        if device and (not self.pad_in_hand_stays or router.device_controls(device)):
            self.devices[row] = device
        self.after_pick(row)
        self.rebuild()

    def after_pick(self, row: int) -> None:
        """The screen's own part after row `row`'s player changed (e.g. clear its message)."""

    def _type_name(self, row: int) -> None:
        """A guest with a name typed for the row (kept in the settings for the seat)."""
        self.profiles[row] = None

        proposed = self.app.settings.player_name(row)

        def done(name: str) -> None:
            names = list(self.app.settings["names"])
            # the proposed default taken as it was stays the default: kept as "Player 3" it would not follow a
            # change of language
            names[row] = "" if name == proposed and not names[row] else name
            self.app.settings["names"] = names
            self.app.save_settings()

        self.app.nav.push(screens.NameEntry(self.name_title(row), proposed, done))
