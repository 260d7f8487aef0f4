"""The engine protocol every game's rules engine answers: pure rules, no pygame, no clock, no I/O, no module-level
randomness, no translated text.

Every game's engine (`game.games.<id>.engine`; the old paths `game.engines.<id>` still work) answers
the same protocol, `EngineState` below:

- `legal_actions(seat=None)`: the actions `apply` accepts now, for `seat` or (None) for the state as a
  whole. An action is the engine's own value (the strings TAKE / PASS played by the seat on turn, or
  objects that name their seat such as `Play(seat)`, `Slap(seat)`, `Claim(seat)`).
- `action_space()`: every action that exists at this table, legal now or not (for tests and tools).
- `apply(action)` returns the events that happened, in order; an action the rules do not allow raises
  `IllegalAction` and changes nothing. `refusal(action)` gives that exception without raising it (None
  when the action is legal).
- `observation(seat)`: what one seat may see (never hidden cards).
- `clone()`: an independent copy; `is_over`: True once the game has ended.
- `digest()`: a short hex string over the whole state (rules included): equal states have equal digests,
  in any process on any machine, and a change to any part of the state changes it. For replay checks.

`IllegalAction` is a `ValueError` carrying a machine-readable `code` (one of `CODES`) besides its
message, so match drivers map refusals to reasons without reading the words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Never, Protocol, TypeVar, runtime_checkable

# The codes an IllegalAction carries.
CODES: dict[str, str] = {
    "game_over": "the game has ended: nothing more can be applied",
    "not_your_turn": "the action is for the seat on turn, and this seat is not on turn",
    "no_matches": "passing needs a match, and the seat on turn has none left",
    "awaiting_claim": "the pile awaits its claim by the challenger; nobody plays until then",
    "not_challenger": "only the challenger may claim the pile",
    "nothing_to_claim": "no challenge has been paid in full, so there is no pile to claim",
    "out": "the seat is out of the game (it may not slap any more)",
    "no_cards": "the seat on turn holds no cards to play; only a slap moves the game on",
    "bad_action": "not an action of this game at all",
    "bad_seat": "there is no such seat at this table",
}


class IllegalAction(ValueError):
    """An action the rules do not allow now; the state is left unchanged.

    `code` is one of `CODES` (machine-readable); `str(exc)` is the message for people and logs.
    """

    def __init__(self, message: str = "", code: str = "bad_action") -> None:
        super().__init__(message)
        self.code = code

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else ""


@runtime_checkable
class EngineState(Protocol):
    """The protocol every engine's game state answers (see the module docstring). To the shell an action,
    an event and an observation are opaque values of the engine's own (`object`): it hands back to `apply`
    only what `legal_actions` or `action_space` gave, and reads events and observations by their class."""

    players: int
    is_over: bool

    def legal_actions(self, seat: int | None = None) -> list[object]: ...

    def action_space(self) -> list[object]: ...

    def apply(self, action: object) -> list[object]: ...

    def refusal(self, action: object) -> IllegalAction | None: ...

    def observation(self, seat: int) -> object: ...

    def clone(self) -> EngineState: ...

    def digest(self) -> str: ...


def digest_of(encoding: str) -> str:
    """The digest of a state's compact encoding: 16 hex digits of BLAKE2b, the same in every process.

    Build `encoding` only from ints, strings, bools, None and tuples/lists of them (their repr is stable);
    never from sets or dicts keyed by strings whose order depends on the process's hash seed.
    """
    from hashlib import blake2b  # at the first digest, not at every start (hashlib loads OpenSSL: ~3 ms)

    return blake2b(encoding.encode(), digest_size=8).hexdigest()


A_contra = TypeVar("A_contra", contravariant=True)  # an engine's own action type
R_contra = TypeVar("R_contra", contravariant=True)  # an engine's own rules type


class TypedState(Protocol[A_contra]):
    """EngineState as its engine types it: `apply` and `refusal` take the engine's own actions (a string, a
    dataclass that names its seat), where EngineState, checked at run time, can only say `object`.
    Code that holds a state of a game it does not know holds a TypedState[Never]: it reads, clones and
    digests it, and applies only an action typed with it (game.games.base.StateAction)."""

    @property
    def players(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self, seat: int | None = None) -> Sequence[object]: ...

    def apply(self, action: A_contra) -> Sequence[object]: ...

    def refusal(self, action: A_contra) -> Exception | None: ...

    def clone(self) -> TypedState[A_contra]: ...

    def digest(self) -> str: ...


class Engine(Protocol[R_contra]):
    """A game's engine module as its definition holds it (GameDef.engine): a new game of its own rules, for
    `players` seats, shuffled by `seed`. (Each engine's own new_game takes more: a deck or hands to deal.)"""

    def new_game(self, rules: R_contra, players: int = ..., *, seed: int = ...) -> TypedState[Never]: ...
