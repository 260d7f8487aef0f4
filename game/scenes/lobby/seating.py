"""Who sits where in the lobby: 2–8 seats (a person, a bot with a level, or empty), the device that plays each
person's seat (a pad's number, or its keys), who they are (a remembered player or a guest), and each seat's
head start and learner setting.

A pad that plays no seat takes one by pressing A (or Start): a person's seat nobody can play, else a bot's,
else an empty one. The seats' devices play their table seats at once (each pad lights up in its seat's
colour), and exactly those at the table."""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from functools import partial
from typing import cast

from game.core.contract import MAX_SEATS, TableConfig
from game.games.base import SomeGame
from game.i18n import decimal, t
from game.match.common import HEAD_START_STEP_MS, HEAD_STARTS_MS, HINT_DELAYS_MS, SeatSpec
from game.services import Scene, Services
from game.ui.who_plays import WhoPlays

Seat = tuple[str, str | None]  # ("human", None) | ("bot", level) | ("empty", None)
EMPTY: Seat = ("empty", None)
KINDS = ("human", "bot", "empty")


LEAD_KEY_STEPS = 50 // HEAD_START_STEP_MS  # left/right move a head start by 50 ms
# A Fair start for a table of at most this many different known reactions is worked out at once (0.01 s for
# three); more take up to seconds (eight: 2 CPU-s), so they are worked out FAIR_SLICE_S at a time in each frame
# while the lobby goes on. (Not on a thread: the sums hold Python's lock, and on a loaded machine a frame then
# waited up to a second for it.)
FAIR_AT_ONCE = 3
FAIR_SLICE_S = 0.008

Medians = dict[int, float | None]  # each seated row's median reaction (None: unknown)
FairKey = tuple[tuple[tuple[int, float | None], ...], object]  # a table's medians by row, and its rules


def head_start_text(ms: int) -> str:
    return t("{ms} ms", ms=ms)


def learner_text(hint_ms: int | None, short: bool = False) -> str:
    """The Learner cell's value: "no", or "no penalty · hint 1 s" (a learner's wrong slaps cost nothing);
    `short`, as listed among the choices under it: "hint 1 s"."""
    if hint_ms is None:
        return t("no")
    if short:
        return t("hint {s} s", s=decimal(hint_ms / 1000))
    return t("no penalty · hint {s} s", s=decimal(hint_ms / 1000))


def kind_text(kind: str) -> str:
    return {"human": t("Human"), "bot": t("Bot"), "empty": t("Empty")}[kind]


class Seating(WhoPlays):
    """The seats' state and what changes it: a part the lobby scene owns (built alone in tests). Who plays a
    person's seat, and with what, is picked as on every seats screen (game.ui.who_plays).

    `rules()` are the table's rules now (how many may sit, the fair head starts follow them);
    `seats_changed()` runs after a change of who sits where (the rules follow the seats, the lobby redraws),
    `changed()` after any other change; `say(text)` gives the lobby's news ("Controller 2 joined: …")."""

    def __init__(self, app: Services, definition: SomeGame, config: TableConfig | None, rules: Callable[[], object],
                 seats_changed: Callable[[], None], changed: Callable[[], None], say: Callable[[str], None]) -> None:
        self.app = app
        self.definition = definition
        self.rules = rules
        self.seats_changed = seats_changed
        self.changed = changed
        self.say = say
        self.seats: list[Seat] = [EMPTY] * MAX_SEATS
        self.profiles: list[int | None] = [None] * MAX_SEATS  # each row's player (game.history); None: a guest
        self.leads: list[int] = [0] * MAX_SEATS  # each row's head start (ms)
        self.hints: list[int | None] = [None] * MAX_SEATS  # a learner row's hint delay (ms), else None
        self.checked: dict[int, float | None] = {}  # a guest row's reaction check (median ms; None: skipped)
        self.fair_on = False  # Fair start was pressed: the head starts follow the table (refit_fair)
        self._fair_for: FairKey | None = None  # the table the head starts were last set (or asked) for
        # The newest request being worked out: its table, its medians and its sums' steps.
        self._fair_pending: tuple[FairKey, Medians, Generator[None, None, list[int]]] | None = None
        self._fair_news: str | None = None  # what Fair start says once the pending head starts are set
        if config is not None:  # coming back from a table: its seats
            rows = config.rows if len(config.rows) == len(config.seats) else range(len(config.seats))
            for row, spec in zip(rows, config.seats, strict=True):
                self.seats[row] = ("bot", spec.level) if spec.is_bot else ("human", None)
                self.leads[row], self.hints[row] = spec.head_start_ms, spec.hint_ms
            for row, pid in zip(rows, config.profiles, strict=False):
                self.profiles[row] = pid if self.app.history.profile(pid) is not None else None
        else:  # one person and the game's bots
            bot: Seat = ("bot", self.definition.default_level)
            seats = [("human", None)] + [bot] * (self.definition.lobby_seats - 1)
            self.seats[: len(seats)] = seats
        # Which device plays each person's seat: the one playing its table seat now, else the row's own keys.
        router = self.app.input
        self.devices: list[str | None] = [None] * MAX_SEATS
        for row in range(MAX_SEATS):
            if self.seats[row][0] == "human":
                seat = self.seat_index(row)
                self.devices[row] = (router.device_of(seat) if seat is not None else None) or self._free_keys(row)

    def rebuild(self) -> None:
        self.changed()

    @property
    def players(self) -> int:
        return sum(1 for kind, _ in self.seats if kind != "empty")

    def in_play(self, row: int) -> bool:
        return self.seats[row][0] == "human"

    def seat_index(self, row: int) -> int | None:
        """The table seat a lobby row becomes (empty rows are skipped), or None for an empty row."""
        if self.seats[row][0] == "empty":
            return None
        return sum(1 for kind, _ in self.seats[:row] if kind != "empty")

    def seat_label(self, row: int) -> str:
        kind, _ = self.seats[row]
        if kind == "human":
            name = self.player_name(row)
            # Once players are remembered, a guest's card says so as the "who plays?" picker does ("Guest: Mia"):
            # a guest Mia beside the remembered Mia is otherwise the same card. (With nobody remembered there is
            # nobody to take a guest for, and the card keeps the plain "Player 1".)
            if self.app.history.profiles and self.app.history.profile(self.profiles[row]) is None:
                return t("Guest: {name}", name=name)
            return name
        if kind == "bot":
            return t("Bot {n}", n=row + 1)
        return t("Seat {n}", n=row + 1)

    def seat_value(self, row: int, short: bool = False) -> str:
        """"Human · Q / L-Shift", "Human · Controller 2: A / B", "Bot · medium", "Empty"; "· A to join" on a
        bot's seat while a pad waits; `short`: a person's keys alone, a bot's level alone."""
        kind, level = self.seats[row]
        if kind == "bot":
            bot = t("Bot · {level}", level=self.definition.level_words(level) if level else "")
            if short or not self.app.input.idle_pads():
                return bot
            return t("{seat} · {a} to join", seat=bot, a=self.app.input.button("a", None, self.app.input.idle_pads()))
        if kind == "empty":
            return t("Empty")
        controls = self.app.input.device_controls(self.devices[row])
        if short and controls:
            return controls
        if controls:
            return t("Human · {keys}", keys=controls)
        return t("Human · press {a} to join", a=self.app.input.button("a", None, self.app.input.idle_pads()))

    def playable(self, row: int) -> bool:
        return self.seats[row][0] == "human" and bool(self.app.input.device_controls(self.devices[row]))

    def join_row(self) -> int | None:
        """The row a pad pressing A takes: a person's nobody can play, else a bot's, else an empty one (if the
        game has room); None if there is none."""
        humans = [r for r, (kind, _) in enumerate(self.seats) if kind == "human" and not self.playable(r)]
        bots = [r for r, (kind, _) in enumerate(self.seats) if kind == "bot"]
        _, high = self.definition.player_range(self.rules())
        empty = [r for r, (kind, _) in enumerate(self.seats) if kind == "empty"] if self.players < high else []
        return next(iter(humans + bots + empty), None)

    def pad_joins(self, device: str) -> bool:
        """Pad `device`, which plays no row, takes the row `join_row` gives; False if none is free."""
        row = self.join_row()
        if row is None:
            return False
        self.seats[row] = ("human", None)
        self.devices[row] = device
        self.profiles[row] = self._remembered(device)
        self.seats_changed()
        number = self.app.input.pad_number(device)
        self.say(t("Controller {n} joined: {name}", n=number, name=self.player_name(row)))
        return True

    # -- the cells' choices -----------------------------------------------------------------------------
    def kind_choices(self, row: int) -> tuple[list[str], int]:
        return [kind_text(k) for k in KINDS], KINDS.index(self.seats[row][0])

    def level_choices(self, row: int) -> tuple[list[str], int]:
        levels = list(self.definition.bot_levels)
        level = self.seats[row][1]
        return [self.definition.level_words(lv) for lv in levels], levels.index(level) if level in levels else 0

    def _lead_values(self, row: int) -> list[int]:
        """A head start's choices: every 50 ms (left/right), and the row's own value between them (a Fair
        start sets any whole ms; moving on snaps it back to the 50 ms marks)."""
        return sorted(set(HEAD_STARTS_MS[::LEAD_KEY_STEPS]) | {self.leads[row]})

    def lead_choices(self, row: int) -> tuple[list[str], int]:
        values = self._lead_values(row)
        return [head_start_text(ms) for ms in values], values.index(self.leads[row])

    def hint_choices(self, row: int) -> tuple[list[str], int]:
        """The Learner cell's choices as listed under it (short: "no · hint 1 s · …"), and which is chosen."""
        choices: list[int | None] = [None, *HINT_DELAYS_MS]
        chosen = choices.index(self.hints[row]) if self.hints[row] in choices else 0
        return [learner_text(ms, short=True) for ms in choices], chosen

    def hint_value(self, row: int) -> str:
        """The Learner cell's value in full: "no", or "no penalty · hint 1 s"."""
        return learner_text(self.hints[row])

    def set_kind(self, row: int, seat: Seat) -> None:
        """Row `row` becomes `seat`: a bot has no device, player or learner; an empty seat no head start."""
        self.seats[row] = seat
        self.checked.pop(row, None)  # somebody else now: checked again
        if seat[0] != "human":
            self.devices[row] = None
            self.profiles[row] = None
            self.hints[row] = None  # only people learn
        if seat[0] == "empty":
            self.leads[row] = 0
        elif self.devices[row] is None and seat[0] == "human":
            self.devices[row] = self._free_keys(row)
        self.seats_changed()

    def cycle_kind(self, row: int, step: int) -> None:
        kind = KINDS[(KINDS.index(self.seats[row][0]) + step) % len(KINDS)]
        self.set_kind(row, ("bot", self.definition.default_level) if kind == "bot" else (kind, None))

    def cycle_level(self, row: int, step: int) -> None:
        levels = list(self.definition.bot_levels)
        _, at = self.level_choices(row)
        self.set_kind(row, ("bot", levels[(at + step) % len(levels)]))

    def cycle_lead(self, row: int, step: int) -> None:
        values = self._lead_values(row)
        self.leads[row] = values[(values.index(self.leads[row]) + step) % len(values)]
        self.fair_on = False  # set by hand: the others' stay as they are, and stay put
        self._fair_for, self._fair_pending = None, None  # (a result still on its way must not undo it)
        self._fair_news = None
        self.rebuild()

    def fair_start(self) -> None:
        """Every seat's head start from measured reactions (the game's `fair_start()`): a bot's level, a
        remembered player's history; a guest, or a player with too few slaps, takes a reaction check first
        (skipped: 0, named in the news). From then on the head starts follow the table (`refit_fair`). A check
        that gave no figure (skipped, or too few doubles slapped in time) is offered again at the next press, as
        the news says: a newcomer who missed the doubles is not stuck at 0."""
        self.checked = {row: median for row, median in self.checked.items() if median is not None}
        self._fair_from_checks()

    def _fair_from_checks(self) -> None:
        """Fair start with the checks taken so far: the next seat that needs one takes it (one at a time, each
        done coming back here), then the head starts are set."""
        medians = self._fair_medians(ask=True)
        if medians is None:
            return
        self.fair_on = True
        self._fair_for = None  # pressed again: set again, even for the same table
        self._set_fair(medians)
        unknown = [self.player_name(row) for row, median in medians.items()
                   if median is None and self.seats[row][0] == "human"]
        if unknown:
            done = t("Fair start: no reaction times yet for {names}, so head start 0. Press Fair start again for "
                     "another check, or set it by hand.",
                     names=", ".join(unknown))
        else:
            done = t("Fair start: head starts set from everyone's reaction times")
        if self.fair_pending:  # said once they are set (`poll_fair`): till then the cards show "…"
            self._fair_news = done
            self.say(t("Fair start: working out the head starts from everyone's reaction times…"))
        else:
            self.say(done)
        self.rebuild()

    def refit_fair(self) -> None:
        """After a change of the table (a seat, a level, a rule), the Fair start's head starts for the table as
        it is now: computed for its size and rules, not kept from another (issue 38). No check is asked for
        here: a newcomer without reaction times keeps 0 until Fair start is pressed again."""
        if self.fair_on:
            medians = self._fair_medians(ask=False)
            if medians is not None:
                self._set_fair(medians)

    def _fair_medians(self, ask: bool) -> dict[int, float | None] | None:
        """Each seated row's median reaction (None: unknown); None if the game has no fair start, or (`ask`) a
        check was pushed for a row without one."""
        from game.history import queries

        fair = self.definition.fair_start()
        if fair is None:
            return None
        medians: dict[int, float | None] = {}
        for row, (kind, level) in enumerate(self.seats):
            if kind == "empty":
                continue
            if kind == "bot":
                medians[row] = fair.bot_median_ms(level)
                continue
            pid = self.profiles[row]
            per_rule = None if pid is None else self.app.history.read(
                partial(queries.median_reactions, profile_id=pid, game=self.definition.id))
            median = fair.player_median_ms(per_rule) if per_rule else self.checked.get(row)
            if median is None and row not in self.checked and ask:
                self._check(row)  # a guest (or too few slaps): a 20-second check first, then again
                return None
            medians[row] = median
        return medians

    def _set_fair(self, medians: Medians) -> None:
        """The head starts for the table of `medians`: at once for a few different reactions, else worked out
        over the frames (`poll_fair`; a request for a newer table supersedes an older one)."""
        fair = self.definition.fair_start()
        if fair is None:
            return
        rules = self.rules()
        key: FairKey = (tuple(medians.items()), rules)
        if key == self._fair_for:
            return  # already set, or on its way, for this very table (every rebuild asks again)
        self._fair_for, self._fair_pending = key, None
        values = list(medians.values())
        if len({m for m in values if m is not None}) <= FAIR_AT_ONCE:
            self._apply_fair(medians, fair.head_starts(values, rules))
            return
        self._fair_pending = (key, medians, fair.head_start_steps(values, rules))

    def _apply_fair(self, medians: Medians, leads: list[int]) -> None:
        for row, lead in zip(medians, leads, strict=True):
            self.leads[row] = lead

    @property
    def fair_pending(self) -> bool:
        """A Fair start's head starts are being worked out for the table as it is."""
        return self._fair_pending is not None

    def poll_fair(self, wait: bool = False) -> bool:
        """Works on the pending head starts for FAIR_SLICE_S (`wait`: till they are done) and sets them once
        done, if they are still for the table as it is now (its seats' reactions and its rules; else they are
        dropped); True if they were set."""
        if self._fair_pending is None:
            return False
        key, medians, steps = self._fair_pending
        until = time.perf_counter() + FAIR_SLICE_S
        try:
            while wait or time.perf_counter() < until:
                next(steps)
            return False
        except StopIteration as done:
            leads: list[int] = done.value
        self._fair_pending = None
        if not self.fair_on or self._fair_medians(ask=False) != medians or self.rules() != key[1]:
            return False  # asked for a table that has changed since: a stale answer is never applied
        self._apply_fair(medians, leads)
        if self._fair_news is not None:
            self.say(self._fair_news)
            self._fair_news = None
        self.rebuild()
        return True

    def close(self) -> None:
        """The lobby is left: a request still pending is dropped (its sums end with it)."""
        self._fair_pending, self._fair_for, self._fair_news = None, None, None

    def lead_value(self, row: int) -> str:
        """The Head start cell's value: "250 ms" ("250 ms …": the last value, while Fair start works out the new
        one). That Fair start sets them is said once, on its button (`fair_value`): a "· fair" on every card put
        the value under its label, and at 6 seats the cards' second row out of view (issue 38's audit)."""
        values, at = self.lead_choices(row)
        return f"{values[at]} …" if self.fair_on and self.fair_pending else values[at]

    def fair_value(self) -> str | None:
        """The Fair start button's value: "On" while Fair start sets the head starts for the table as it is."""
        return t("On") if self.fair_on else None

    def _check(self, row: int) -> None:
        """Row `row`'s player takes the reaction check; its median (None: skipped) counts, then Fair start
        goes on."""
        fair = self.definition.fair_start()
        if fair is None:
            return

        def done(median: float | None) -> None:
            self.checked[row] = median
            self._fair_from_checks()

        seat = self.seat_index(row)
        check = fair.reaction_check(0 if seat is None else seat, self.player_name(row), done)
        self.app.push(cast("Scene", check))  # a screen of the game's: every screen is a game.ui.scene.Scene

    def cycle_hint(self, row: int, step: int) -> None:
        choices: list[int | None] = [None, *HINT_DELAYS_MS]
        _, at = self.hint_choices(row)
        self.hints[row] = choices[(at + step) % len(choices)]
        self.rebuild()

    # -- who plays a seat (game.history profiles, or a guest's typed name) --------------------------------
    def pick_title(self, row: int) -> str:
        return t("Who plays seat {n}?", n=row + 1)

    def name_title(self, row: int) -> str:
        return t("Name for seat {n}", n=row + 1)

    def rename(self, row: int) -> None:
        """Enter on a seat's name: who plays it (a person's seat); a bot's or an empty seat becomes a person's."""
        if self.seats[row][0] != "human":
            self.set_kind(row, ("human", None))
            return
        self.pick_player(row)

    def seat_joined(self, joined: dict[int, str]) -> None:
        """The join screen's seats (seat -> device) become the first persons' seats (seat numbers closed up);
        the bots follow them; new people in new rows (no head starts, no learners)."""
        devices: list[str | None] = [device for _, device in sorted(joined.items())]
        bots = [s for s in self.seats if s[0] == "bot"]
        rows: list[Seat] = [("human", None)] * len(devices) + bots
        self.seats = (rows + [EMPTY] * MAX_SEATS)[:MAX_SEATS]
        self.devices = (devices + [None] * MAX_SEATS)[:MAX_SEATS]
        self.profiles = self.joined_profiles(joined, MAX_SEATS)  # who each joined seat is (the join screen's ← →)
        self.leads, self.hints = [0] * MAX_SEATS, [None] * MAX_SEATS
        self._fair_for = None  # (the same table as before still gets its Fair start back)
        self.seats_changed()

    # -- the table ---------------------------------------------------------------------------------------
    def seat_specs(self) -> tuple[list[SeatSpec], tuple[int, ...]]:
        """The table's seats (empty rows left out), and the lobby row each comes from."""
        seats: list[SeatSpec] = []
        rows: list[int] = []
        for row, (kind, level) in enumerate(self.seats):
            # a default name ("" + the row's number) is worded when shown: it follows a change of language
            number = row + 1 if row != len(seats) else None  # None: the seat's own number
            if kind == "human":
                seats.append(SeatSpec("human", None, self.own_name(row),
                                      head_start_ms=self.leads[row], hint_ms=self.hints[row],
                                      no_penalty=self.hints[row] is not None, number=number))  # a learner: no penalty
            elif kind == "bot":
                seats.append(SeatSpec("bot", level, head_start_ms=self.leads[row], number=number))
            else:
                continue
            rows.append(row)
        return seats, tuple(rows)

    def start_problem(self) -> str:
        """What in the seats keeps the game from starting, in one line ("" if nothing does)."""
        unplayed = self.unplayed()
        if unplayed:  # e.g. a joined pad unplugged since: nobody could play that seat
            return t("{name} has no keys or controller: join again, or make the seat a bot.",
                     name=self.app.settings.player_name(unplayed[0]))
        return ""
