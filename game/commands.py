"""The one shape every actor speaks: humans, bots and replays all produce Commands."""

from __future__ import annotations

from dataclasses import dataclass

# What input reports for a seat: its first or second button (the table maps them to the game's actions).
FIRST = "first"
SECOND = "second"
BUTTONS = (FIRST, SECOND)

# Game actions per seat.
PLAY = "play"
SLAP = "slap"
TAKE = "take"
PASS = "pass"
GAME_ACTIONS = (PLAY, SLAP, TAKE, PASS)
SEAT_ACTIONS = BUTTONS + GAME_ACTIONS  # what a table takes from a seat

# Menu actions (seat may be None for "whoever pressed").
UP, DOWN, LEFT, RIGHT, CONFIRM, BACK, PAUSE = "up", "down", "left", "right", "confirm", "back", "pause"
START = "start"  # the keyboard's Start (Tab): play, from anywhere in the lobby (a pad's Start is PAUSE there)
# The mouse, given only to a screen that takes it (Screen.wants_pointer): moved to `pos`, left-clicked at `pos`.
POINT, CLICK = "point", "click"


@dataclass(frozen=True, slots=True)
class Command:
    """`seat` did `action` at `t_ns` (perf_counter_ns when the press was read, or bot/replay time).

    `poll` numbers the queue read the press came from: presses with the same poll are a tie.
    """

    seat: int | None
    action: str
    t_ns: int
    source: str = "human"
    device: str = ""
    poll: int = 0
    pos: tuple[int, int] | None = None  # where the mouse is (POINT, CLICK), in the window's pixels
