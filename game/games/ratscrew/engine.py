"""Egyptian Ratscrew rules engine: deal, play, challenges, claims, slaps, burns, running out, winning.

Implements ../shared/rules/ratscrew.md. Pure: no pygame, no clock, no I/O; the only randomness is
the `random.Random(seed)` shuffle in `new_game`. A state takes `apply(Play(seat) | Slap(seat) |
Claim(seat))` and returns the events that happened; an illegal action raises `IllegalAction` (with a
machine-readable `code`) and changes nothing (every action is checked before anything is touched).

Vocabulary: `pile` is the face-up centre pile, bottom card first; `burned` are the cards put under it
by wrong slaps; `hands[seat]` is a seat's face-down stack, top card first. A player "ran out" when
they hold no cards but are still in the game (they may slap their way back); they are `out` once the
next slap opportunity has passed.

Slap rule names (`Rules.slaps`, `SLAP_RULES`): "double", "sandwich", "top_bottom", "marriage",
"tens", "divorce", "run", "six_nine", "four_of_a_suit". When several apply, `slap_rule()` names the
first in that order.

The wrong-slap penalty (`Rules.wrong_slap`): "burn" (`burn` cards under the pile), "timeout" (the
slapper may not slap until `timeout_cards` more cards are turned onto the pile: a slap before that is
illegal, code "timeout", and changes nothing; `State.timeouts` counts down) or "gives_pile" (the pile
and its burned cards go to the next seat in turn after the slapper still in the game: `PileGiven`).
With `ten_stops`, a 10 turned while paying a challenge ends it (`ChallengeEnded(challenger, "ten")`).

Choices made where the rules file leaves things open:
- Play while the pile awaits its claim is illegal, for everyone: the challenger takes it with
  `Claim` (the table maps the challenger's play button, and the claim delay, to `Claim`).
  While the pile awaits its claim `current_player` is the challenger, who plays next after claiming.
- `burned` lists burned cards in the order they were burned (on a burn of two, the slapper's top
  card first). Each burn goes under the whole heap, older burned cards included ("under the centre
  pile"): a later burn lies lower, and of two cards burned at once the second lies lower. So the
  heap, bottom first, is `reversed(burned) + pile`, and `burned[-1]` is its lowest card. A pile
  winner takes `pile + burned` in these list orders (the pile bottom card first, then the burned
  cards). With `burned_live` the pile judged for slaps is that whole heap
  (a burn may therefore make the pile slappable, even before a card is face up on it).
- "A card played on top" ends a slap opportunity even if the new pile is slappable again (that is a
  new opportunity, too late for whoever was waiting on the old one).
- A challenger who ran out and then claims the pile wins it like a slap: they are back in. The claim
  ends the opportunity only for the other players who ran out.
- `payer_out_rule="challenger_wins"`: the challenger wins the pile at once the same way as when
  nobody else can pay: the pile awaits their claim (and can still be slapped meanwhile).
- With "next_pays", the rest of the payment passes to the next seat with cards after the payer,
  never to the challenger; if only the challenger has cards, the pile awaits their claim.
- A challenger who goes out ends the challenge (event `ChallengeEnded`) and play goes on in turn
  order: after the card that put them out, from the next seat with cards; if they went out by a wrong
  slap while the pile awaited their claim, from the next seat with cards after them; if a payer was
  paying, it is simply still that payer's turn (their next card is an ordinary play).
- A challenge card played when no other seat has cards makes the pile await its player's claim.
- A wrong slap by a seat with no cards: `WrongSlap(seat, 0)` then `PlayerOut(seat, "wrong_slap")`.
- A burn that empties the hand of the seat whose turn it is passes the turn on (or, for a payer,
  applies the payer-out rule), as if they had played their last card.
- `top_bottom` counts on a two-card pile too (there the top and bottom cards are the top two).
  `tens`: the top two add up to ten with A = 1, 2-9 at face value; a ten, J, Q, K never make ten.
  `marriage`: a queen directly on a king (the top card is the queen); `marriage_either_order` also
  counts a king directly on a queen.
- The limit (`card_limit` cards played, default 5,000) is checked after each play: most cards in hand
  wins; a tie is a draw (`GameOver(None, "limit")`). Burned cards are not played and do not count.
  So every game whose players keep playing ends; like a player who never presses, a table that only
  slaps can stall (with live burned cards, burn-and-slap-back can even repeat).
- When nobody holds a card, the pile awaits no claim and it is not slappable: `GameOver(None, "draw")`.
  When nobody holds a card but the pile is slappable, only a slap can move the game on; if every seat
  still in is in a slap timeout (which no card can count down any more), that is a draw too.
- The deal hands out the shuffled deck in order, one card at a time round the table; the first card
  a seat receives is the top of its stack.
- `new_game(..., first_player=k)` deals starting at seat k (so with 3, 5, 6, 7, 8 players the extra
  cards go to seats k, k+1, ...) and seat k plays first. With `hands=`, if the first player has no
  cards the next seat with cards starts; seats dealt no cards start as having run out.
- Events carry counts, not the faces of burned cards (they are face down unless `burned_live`: then
  `PileWon.burned` has them, as the table shows them).
- Challenge counts are at least 1 each.
- `ten_stops`: a 10 that is the last card owed stops the challenge too (nobody wins the pile by it).
  The turn passes to the next seat with cards after the payer (the challenger may be that seat).
- `timeout`: a seat with no cards that slaps wrongly is out at once, as with every penalty. A timeout
  ends once `timeout_cards` cards have been played after the wrong slap (by anyone); a seat put out
  keeps none.
- `gives_pile`: a wrong slap on an empty pile (no cards face up, none burned) gives nothing and moves
  no turn. The pile goes to the next seat after the slapper that is still in the game, holding cards
  or not; a seat that had run out and receives it is back in (`PlayerBackIn`). A pending challenge
  (or a pile awaiting its claim) is cancelled: `ChallengeEnded(challenger, "pile_given")`. A slapper
  with no cards is put out first, then the pile goes on.
- Options added after the first recorded games ("four_of_a_suit", "ten_stops", "wrong_slap",
  "timeout_cards") enter `digest()` only when not at their defaults (and the timeouts only with
  `wrong_slap="timeout"`), so a game recorded before them replays with the same digests.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from game import cards
from game.core.engine_protocol import IllegalAction, digest_of
from game.core.memo import Memo, entry_size
from game.core.options import OptionSpec, OptionValue, switch, whole, word
from game.jsonsafe import shown

SLAP_RULES = ("double", "sandwich", "top_bottom", "marriage", "tens", "divorce", "run", "six_nine",
              "four_of_a_suit")
DEFAULT_SLAPS = frozenset({"double", "sandwich", "top_bottom"})
PAYER_OUT_RULES = ("next_pays", "challenger_wins")
WRONG_SLAPS = ("burn", "timeout", "gives_pile")
TIMEOUT_CARDS = (1, 10)  # the range of `timeout_cards`
# The lobby's choices for the numbers, and the one range (low, high) each number must be in wherever
# rules are made (the lobby, presets, `sim --rule`, replays, the engine): the lobby offers some values of
# it. Short limits and zero delays are for tests and learners' tables.
BURNS = (2, 1)  # the lobby's burns; 0 (an old preset's "no penalty" table) still loads: see `Rules`
SLAP_LOCKOUTS_MS = (250, 500, 1000, 2000, 0)  # shortest to longest, as the lobby lists them; 0: never
# The shortest lockout (ms) a new table may have where a wrong slap costs the slapper no card (a burn of 0, a
# timeout, the pile given away): there pressing all the time costs only time, and a shorter lockout let a masher
# win 22-100 % against a kid (issue 38; `sim ratscrew --bots masher,kid` under every penalty). Where it burns
# cards, mashing burns the masher out (0-9 %) and any lockout, none included, will do.
MASH_FLOOR_MS = 2000
# A game's length on the match's clock: "full" plays to the last player (the classic game, no clock); the
# others end when time is up, most cards in hand winning (a tie: the next slap that takes a pile wins).
GAME_LENGTHS_S = {"full": None, "quick": 180, "normal": 480, "long": 900}
GAME_LENGTHS = tuple(GAME_LENGTHS_S)  # a wrong slap locks that seat's slap this long (0: the old way)
CHALLENGE_COUNTS = (1, 6)
CLAIM_DELAYS_MS = (500, 750, 1000, 1500, 2000)
LATE_GRACES_MS = (150, 200, 300, 500)
CARD_LIMITS = (1000, 2000, 5000, 10000)
RANGES = {
    "burn": (0, 2),
    "card_limit": (1, max(CARD_LIMITS)),
    "claim_delay_ms": (0, 5000),
    "late_grace_ms": (0, 2000),
    "slap_lockout_ms": (0, 2000),
    "timeout_cards": TIMEOUT_CARDS,
}
MIN_PLAYERS, MAX_PLAYERS = 2, 8

_VALUE = {r: i + 1 for i, r in enumerate(cards.RANKS)}


class ChallengeCounts(NamedTuple):
    """Cards owed for each challenge card; index by position or by rank letter: counts["Q"] == 2."""

    J: int = 1
    Q: int = 2
    K: int = 3
    A: int = 4

    def __getitem__(self, key: int | str) -> int:  # type: ignore[override]
        if isinstance(key, str):
            count: int = getattr(self, key)  # J, Q, K or A (a field: no default)
            return count
        return tuple.__getitem__(self, key)


DEFAULT_COUNTS = ChallengeCounts()


# --- slap rules: each takes the judged pile, bottom card first, with at least two cards ---------------


def _double(v: Sequence[str]) -> bool:
    return v[-1][0] == v[-2][0]


def _sandwich(v: Sequence[str]) -> bool:
    return len(v) >= 3 and v[-1][0] == v[-3][0]


def _top_bottom(v: Sequence[str]) -> bool:
    return v[-1][0] == v[0][0]


def _marriage(v: Sequence[str]) -> bool:
    return v[-1][0] == "Q" and v[-2][0] == "K"


def _marriage_either(v: Sequence[str]) -> bool:
    pair = v[-1][0] + v[-2][0]
    return pair == "QK" or pair == "KQ"


def _tens(v: Sequence[str]) -> bool:
    # J, Q, K are worth 11-13 here, so (as the rules settle) they never make ten.
    return _VALUE[v[-1][0]] + _VALUE[v[-2][0]] == 10


def _divorce(v: Sequence[str]) -> bool:
    if len(v) < 3:
        return False
    pair = v[-1][0] + v[-3][0]
    return pair == "QK" or pair == "KQ"


def _consecutive(a: int, b: int, c: int) -> bool:
    return (b - a == 1 and c - b == 1) or (a - b == 1 and b - c == 1)


def _run(v: Sequence[str]) -> bool:
    if len(v) < 3:
        return False
    a, b, c = _VALUE[v[-3][0]], _VALUE[v[-2][0]], _VALUE[v[-1][0]]
    if _consecutive(a, b, c):
        return True
    # Ace high too (Q-K-A); never both at once, so K-A-2 is no run.
    return 1 in (a, b, c) and _consecutive(*(14 if x == 1 else x for x in (a, b, c)))


def _six_nine(v: Sequence[str]) -> bool:
    pair = v[-1][0] + v[-2][0]
    return pair == "69" or pair == "96"


def _four_of_a_suit(v: Sequence[str]) -> bool:
    return len(v) >= 4 and v[-1][1] == v[-2][1] == v[-3][1] == v[-4][1]


Check = Callable[[Sequence[str]], bool]  # whether a pile (bottom first) makes a slap rule
Checks = tuple[tuple[str, Check], ...]  # a rules' slap rules, in the order they are judged

_CHECKS: dict[str, Check] = {
    "double": _double,
    "sandwich": _sandwich,
    "top_bottom": _top_bottom,
    "marriage": _marriage,
    "tens": _tens,
    "divorce": _divorce,
    "run": _run,
    "six_nine": _six_nine,
    "four_of_a_suit": _four_of_a_suit,
}

# Which cards of the judged pile make each rule (negative indexes; 0 = the bottom card), for highlights.
_RULE_CARDS = {
    "double": (-2, -1),
    "sandwich": (-3, -1),
    "top_bottom": (0, -1),
    "marriage": (-2, -1),
    "tens": (-2, -1),
    "divorce": (-3, -1),
    "run": (-3, -2, -1),
    "six_nine": (-2, -1),
    "four_of_a_suit": (-4, -3, -2, -1),
}


# The answers of `slap_rule_for` for one set of checks, by `_slap_key` (the bottom card and the top four:
# 52^5 keys, most never seen; a match asks a few thousand): 2 MiB keeps about 9,000 answers, the bots' near
# misses (game.games.ratscrew.bots) half that.
ANSWERS_BYTES = 2 * 2**20
NEAR_BYTES = 2**20


class SlapMemos:
    """The memos of one set of slap checks, shared by every Rules made with the same set."""

    __slots__ = ("answers", "near")

    def __init__(self) -> None:
        self.answers: Memo[tuple[str, ...], str | None] = Memo("ratscrew slap answers", ANSWERS_BYTES)
        self.near: Memo[tuple[str, ...], str | None] = Memo("ratscrew near misses", NEAR_BYTES)

    def __reduce__(self) -> tuple[type[SlapMemos], tuple[()]]:
        return SlapMemos, ()  # a copy (another process, a deepcopy) starts empty: answers are cheap to find again


# Every set of checks a Rules was made with, by value: its one tuple and memos, so equal sets share them.
# Counted at the most their memos may hold: four sets' worth (a table's rules, the lobby's and a sim's);
# a set dropped here keeps its memos in the Rules that have it, and a new Rules gets new ones.
_CHECK_SETS: Memo[Checks, tuple[Checks, SlapMemos]] = Memo(
    "ratscrew check sets", 4 * (ANSWERS_BYTES + NEAR_BYTES + 2**14),
    sizer=lambda key, value: entry_size(key, ()) + ANSWERS_BYTES + NEAR_BYTES)


def _slap_key(view: Sequence[str]) -> tuple[str, ...]:
    """All a slap rule reads of a judged pile of two cards or more: the bottom card and the top four (the
    pile's length only as 2, 3 or 4 and more, which the number of them tells)."""
    return (view[0], *view[-4:])


# --- rules --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rules:
    """One table's house rules. Rules() is the seed's set: double, sandwich, top-bottom; burn 2, dead.

    `wrong_slap` is the penalty for a wrong slap: "burn" (`burn` cards, the default), "timeout" (no slaps
    for `timeout_cards` cards, 1 to 10) or "gives_pile"; `ten_stops` makes a 10 turned while paying a
    challenge end it.

    `slaps` also accepts any iterable of names ("top-bottom" is read as "top_bottom");
    `challenge_counts` also accepts (J, Q, K, A) or a mapping {"J": 1, "Q": 2, "K": 3, "A": 4}.
    `claim_delay_ms`, `late_grace_ms` and `slap_lockout_ms` are the table's timings; the engine has no
    clock (the match locks a seat's slap for `slap_lockout_ms` after its wrong slap: mash-proof).

    `burn=0` (a table where a wrong slap costs nothing) is what older presets and logs call "No penalty";
    it still loads and plays as written, but the lobby offers it only to a table that has it: no penalty is
    now a learner seat's setting (`SeatSpec.no_penalty`), the others at the table keep theirs.
    """

    slaps: frozenset[str] = DEFAULT_SLAPS
    marriage_either_order: bool = False
    burn: int = 2
    burned_live: bool = False
    challenge_counts: ChallengeCounts = DEFAULT_COUNTS
    payer_out_rule: str = "next_pays"
    claim_delay_ms: int = 1000
    late_grace_ms: int = 300
    card_limit: int = 5000
    ten_stops: bool = False
    wrong_slap: str = "burn"
    timeout_cards: int = 3
    slap_lockout_ms: int = 500
    game_length: str = "full"
    _checks: Checks = field(init=False, repr=False, compare=False, default=())
    _owed: dict[str, int] = field(init=False, repr=False, compare=False, default_factory=dict)
    _memos: SlapMemos = field(init=False, repr=False, compare=False)  # set by __post_init__

    def __post_init__(self) -> None:
        raw = self.slaps
        if isinstance(raw, str):
            raise TypeError(f"slaps must be a set of rule names, not the string {raw!r}")
        slaps = frozenset(str(name).replace("-", "_") for name in raw)
        unknown = slaps - set(SLAP_RULES)
        if unknown:
            raise ValueError(f"unknown slap rule(s) {shown(sorted(unknown))}; known: {', '.join(SLAP_RULES)}")
        object.__setattr__(self, "slaps", slaps)

        counts = self.challenge_counts
        if isinstance(counts, Mapping):
            extra = set(counts) - set(ChallengeCounts._fields)
            if extra:
                raise ValueError(f"challenge_counts keys are J, Q, K, A; got {sorted(extra)}")
            counts = ChallengeCounts(**counts)
        elif not isinstance(counts, ChallengeCounts):
            counts = tuple(counts)
            if len(counts) != 4:
                raise ValueError(f"challenge_counts needs 4 numbers (J, Q, K, A), got {counts!r}")
            counts = ChallengeCounts(*counts)
        for rank, n in zip(ChallengeCounts._fields, counts):
            whole(_count_option(rank), n, *CHALLENGE_COUNTS)
        object.__setattr__(self, "challenge_counts", counts)

        for name, (low, high) in RANGES.items():  # one range per number, as the lobby, presets and sim take it
            whole(name, getattr(self, name), low, high)
        word("payer_out_rule", self.payer_out_rule, PAYER_OUT_RULES)
        word("wrong_slap", self.wrong_slap, WRONG_SLAPS)
        for name in ("marriage_either_order", "burned_live", "ten_stops"):
            switch(name, getattr(self, name))
        word("game_length", self.game_length, GAME_LENGTHS)

        checks = []
        for name in SLAP_RULES:
            if name in slaps:
                check = _CHECKS[name]
                if name == "marriage" and self.marriage_either_order:
                    check = _marriage_either
                checks.append((name, check))
        key = tuple(checks)
        interned = _CHECK_SETS.get(key)
        if interned is None:
            interned = _CHECK_SETS[key] = (key, SlapMemos())
        object.__setattr__(self, "_checks", interned[0])
        object.__setattr__(self, "_memos", interned[1])
        object.__setattr__(self, "_owed", dict(zip(ChallengeCounts._fields, counts)))

    def owed_for(self, card: str) -> int:
        """How many cards `card` demands: 0 unless it is a challenge card (J, Q, K, A)."""
        return self._owed.get(card[0], 0)

    def option_values(self) -> dict[str, OptionValue]:
        """These rules as {option name: value} for `rule_options()` (JSON-friendly, for presets)."""
        values: dict[str, OptionValue] = {rule: rule in self.slaps for rule in SLAP_RULES}
        values["marriage_either_order"] = self.marriage_either_order
        values["burn"] = self.burn
        values["burned_live"] = self.burned_live
        for rank, n in zip(ChallengeCounts._fields, self.challenge_counts):
            values[f"challenge_{rank.lower()}"] = n
        for name in ("payer_out_rule", "claim_delay_ms", "late_grace_ms", "card_limit", "ten_stops", "wrong_slap",
                     "timeout_cards", "slap_lockout_ms", "game_length"):
            values[name] = getattr(self, name)
        return values

    @classmethod
    def from_options(cls, values: Mapping[str, object]) -> Rules:
        """Rules from {option name: value} (missing options keep their defaults); the inverse of
        `option_values()`. Unknown names raise ValueError; each value's kind is checked as it is handed on,
        its range and the rest by the rules themselves."""
        defaults = Rules().option_values()
        unknown = set(values) - set(defaults)
        if unknown:
            raise ValueError(f"unknown rule option(s) {shown(sorted(unknown))}")
        given: dict[str, object] = {**defaults, **values}
        return cls(
            slaps=frozenset(rule for rule in SLAP_RULES if switch(rule, given[rule])),
            marriage_either_order=switch("marriage_either_order", given["marriage_either_order"]),
            burn=whole("burn", given["burn"]),
            burned_live=switch("burned_live", given["burned_live"]),
            challenge_counts=ChallengeCounts(
                *(whole(_count_option(rank), given[f"challenge_{rank.lower()}"]) for rank in ChallengeCounts._fields)
            ),
            payer_out_rule=word("payer_out_rule", given["payer_out_rule"], PAYER_OUT_RULES),
            claim_delay_ms=whole("claim_delay_ms", given["claim_delay_ms"]),
            late_grace_ms=whole("late_grace_ms", given["late_grace_ms"]),
            card_limit=whole("card_limit", given["card_limit"]),
            ten_stops=switch("ten_stops", given["ten_stops"]),
            wrong_slap=word("wrong_slap", given["wrong_slap"], WRONG_SLAPS),
            timeout_cards=whole("timeout_cards", given["timeout_cards"]),
            slap_lockout_ms=whole("slap_lockout_ms", given["slap_lockout_ms"]),
            game_length=word("game_length", given["game_length"], GAME_LENGTHS),
        )


def _count_option(rank: str) -> str:
    """A challenge count's option as its messages name it."""
    return f"challenge_{rank.lower()} (the challenge count for {rank})"


# Options added after the first recorded games, with their defaults: at a default they stay out of digests.
_LATER_OPTIONS = {"four_of_a_suit": False, "ten_stops": False, "wrong_slap": "burn", "timeout_cards": 3}
# Options the engine never reads (the match's clock does): never in digests, so a log recorded before one of
# them replays (with the old way, see `rules_from_log`) to the same digests at any value.
_MATCH_ONLY = frozenset({"slap_lockout_ms", "game_length"})
# How a log recorded before an option existed played: its value then (a replay builds the rules with it).
_BEFORE = {"slap_lockout_ms": 0}


def lockout_floor_ms(rules: Rules) -> int:
    """The shortest slap lockout a new table of these rules may have (see MASH_FLOOR_MS)."""
    costs_cards = rules.wrong_slap == "burn" and rules.burn > 0
    return 0 if costs_cards else MASH_FLOOR_MS


def mash_proof(values: Mapping[str, object]) -> tuple[dict[str, object], int | None]:
    """Option values for a new table (the lobby's, a preset's, `sim --rule`'s) with the slap lockout raised to
    the floor their penalty needs, and the lockout it was raised from (None: nothing raised). Values the rules
    refuse are left for `Rules.from_options` to name. A replay keeps its log's rules as they were played."""
    try:
        rules = Rules.from_options(values)
    except (TypeError, ValueError):
        return dict(values), None
    floor = lockout_floor_ms(rules)
    if rules.slap_lockout_ms >= floor:
        return dict(values), None
    return dict(values, slap_lockout_ms=floor), rules.slap_lockout_ms


def rules_from_log(values: Mapping[str, object]) -> Rules:
    """The rules a match log's header names; an option the log predates takes its old way (`_BEFORE`)."""
    merged = dict(values)
    for name, old in _BEFORE.items():
        merged.setdefault(name, old)
    return Rules.from_options(merged)


def _rules_key(rules: Rules) -> tuple[tuple[str, OptionValue], ...]:
    """The rules as stable data for digests (a frozenset's repr depends on the process's hash seed); an
    option of `_LATER_OPTIONS` at its default is left out, so older recorded games keep their digests."""
    return tuple((k, v) for k, v in rules.option_values().items()
                 if k not in _MATCH_ONLY and (k not in _LATER_OPTIONS or v != _LATER_OPTIONS[k]))


def _applies(name: str, rules: Rules) -> bool:
    """Whether option `name` changes anything at a table of `rules`: the marriage's order only with
    marriages on, what a wrong slap burns only when it burns, the timeout's length only with timeouts."""
    if name == "marriage_either_order":
        return "marriage" in rules.slaps
    if name in ("burn", "burned_live"):
        return rules.wrong_slap == "burn"
    if name == "timeout_cards":
        return rules.wrong_slap == "timeout"
    return True


def rule_options(rules: Rules | None = None) -> list[OptionSpec]:
    """Every Ratscrew option, in display order, as data (build the rules with `Rules.from_options`); given
    `rules`, those that change anything at a table of these rules, and a table of burn 0 (an older preset's
    "No penalty") keeps that choice on its burn row (no other table is offered it: no penalty is a learner
    seat's setting now); its lockouts only those at or over the floor its penalty needs (`lockout_floor_ms`), and
    its own."""
    options = _every_option()
    if rules is None:
        return options
    floor = lockout_floor_ms(rules)
    out = []
    for o in options:
        if not _applies(o.name, rules):
            continue
        if o.name == "burn" and rules.burn == 0:
            o = o.with_choice(0)
        elif o.name == "slap_lockout_ms" and floor:  # (a log's table, played before the floor, keeps its own)
            o = OptionSpec(o.name, tuple(ms for ms in o.choices if isinstance(ms, int) and ms >= floor),
                           floor).with_choice(rules.slap_lockout_ms)
        out.append(o)
    return out


def _every_option() -> list[OptionSpec]:
    defaults = Rules().option_values()
    options = [OptionSpec(rule, (True, False), defaults[rule]) for rule in SLAP_RULES]
    options += [
        OptionSpec("marriage_either_order", (False, True), False),
        OptionSpec("wrong_slap", WRONG_SLAPS, "burn"),
        OptionSpec("burn", BURNS, 2),
        OptionSpec("burned_live", (False, True), False),
        OptionSpec("timeout_cards", tuple(range(TIMEOUT_CARDS[0], TIMEOUT_CARDS[1] + 1)), 3),
    ]
    counts = tuple(range(CHALLENGE_COUNTS[0], CHALLENGE_COUNTS[1] + 1))
    for rank in ChallengeCounts._fields:
        key = f"challenge_{rank.lower()}"
        options.append(OptionSpec(key, counts, defaults[key]))
    options += [
        OptionSpec("ten_stops", (False, True), False),
        OptionSpec("payer_out_rule", PAYER_OUT_RULES, "next_pays"),
        OptionSpec("claim_delay_ms", CLAIM_DELAYS_MS, 1000),
        OptionSpec("late_grace_ms", LATE_GRACES_MS, 300),
        OptionSpec("slap_lockout_ms", SLAP_LOCKOUTS_MS, 500),
        OptionSpec("game_length", GAME_LENGTHS, "full"),
        OptionSpec("card_limit", CARD_LIMITS, 5000),
    ]
    return options


def slap_rule_for(view: Sequence[str], rules: Rules) -> str | None:
    """The rule that makes the pile `view` (bottom card first, as judged) slappable, or None.

    A pile of fewer than two cards is never slappable (none of these rules is a one-card rule).
    """
    if len(view) < 2:
        return None
    memo = rules._memos.answers
    key = (view[0], *view[-4:])  # _slap_key, inline: this is the engine's hottest call
    rule = memo.get(key, "")
    if rule != "":
        return rule
    rule = _first_rule(view, rules._checks)
    memo[key] = rule
    return rule


def _judge(view: Sequence[str], rules: Rules) -> str | None:
    """`slap_rule_for` without its memo: the state asks once per pile, the bots each again (memo there)."""
    if len(view) < 2:
        return None
    for name, check in rules._checks:
        if check(view):
            return name
    return None


def _first_rule(view: Sequence[str], checks: Checks) -> str | None:
    for name, check in checks:
        if check(view):
            return name
    return None


def slap_cards(view: Sequence[str], rule: str) -> tuple[int, ...]:
    """Indexes into `view` (bottom first) of the cards that make `rule`, for highlighting them."""
    n = len(view)
    return tuple(i % n for i in _RULE_CARDS[rule])


# --- actions and events ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """Turn the top card of one's stack onto the pile (on one's turn, or as a challenge payment)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Slap:
    """Slap the pile: wins it if a slap rule applies now, else burns cards."""

    seat: int


@dataclass(frozen=True, slots=True)
class Claim:
    """The challenger takes the pile once the payment is done."""

    seat: int


Action = Play | Slap | Claim
_ACTION_KINDS = (Play, Slap, Claim)


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class ChallengeStarted:
    """`challenger` played a challenge card; `seat` owes `owed` cards."""

    seat: int
    owed: int
    challenger: int


@dataclass(frozen=True, slots=True)
class ChallengePassed:
    """The payer turned a challenge card: now `seat` owes `owed` cards to `challenger` (the old payer)."""

    seat: int
    owed: int
    challenger: int


@dataclass(frozen=True, slots=True)
class PaymentPassed:
    """Payer `from_seat` ran out: `seat` pays the remaining `owed` cards."""

    seat: int
    owed: int
    from_seat: int


@dataclass(frozen=True, slots=True)
class PileAwaitingClaim:
    """The challenge is won: the pile waits for `challenger` to claim it (it can still be slapped)."""

    challenger: int


@dataclass(frozen=True, slots=True)
class ChallengeEnded:
    """A challenge ended without a claim: reason "slap" (a valid slap beat it), "challenger_out", "ten"
    (`ten_stops`: the payer turned a 10) or "pile_given" (a wrong slap gave the pile away)."""

    challenger: int
    reason: str


@dataclass(frozen=True, slots=True)
class SlapWon:
    """`seat` slapped a slappable pile by `rule`; `cards` are the pile cards that make the rule, bottom
    first, as `slap_cards()` picks them from the pile as judged (burned cards too when live).

    `cards` is derived from the state (the digest covers it), so it takes no part in `==`: an event
    written as `SlapWon(seat, rule)` still equals the engine's."""

    seat: int
    rule: str
    cards: tuple[str, ...] = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class PileWon:
    """`seat` took `cards` cards (pile and burned) by "claim" or "slap"; `pile` is the pile's faces as they
    lay, bottom first (derived from the state, so it takes no part in `==`; the rest of `cards` were
    burned); `burned` the burned cards' faces in burn order, only when they are live (seen by all: else
    they lay face down, and it is empty)."""

    seat: int
    cards: int
    by: str
    pile: tuple[str, ...] = field(default=(), compare=False)
    burned: tuple[str, ...] = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class WrongSlap:
    """`seat` slapped a pile that was not slappable and burned `burned` cards; `under` burned cards lay
    under the pile before (derived from the state, so it takes no part in `==`)."""

    seat: int
    burned: int
    under: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class TimedOut:
    """`seat` slapped wrongly (`wrong_slap="timeout"`): it may not slap until `cards` more cards are played."""

    seat: int
    cards: int


@dataclass(frozen=True, slots=True)
class PileGiven:
    """`from_seat` slapped wrongly (`wrong_slap="gives_pile"`): `seat`, the next in turn still in the game,
    takes the `cards` cards (pile and burned) and plays next; `pile` as in `PileWon` (no part in `==`)."""

    seat: int
    cards: int
    from_seat: int
    pile: tuple[str, ...] = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class RanOut:
    """`seat` has no cards left; they stay in until the next slap opportunity has passed."""

    seat: int


@dataclass(frozen=True, slots=True)
class PlayerOut:
    """`seat` is out of the game: reason "missed" (an opportunity passed) or "wrong_slap"."""

    seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class PlayerBackIn:
    """`seat` had run out and won a pile: they are back."""

    seat: int


@dataclass(frozen=True, slots=True)
class GameOver:
    """`winner` is None for a draw; reason "last_player", "limit" (tie: winner None) or "draw"."""

    winner: int | None
    reason: str


# The CardPlayed events, one per (seat, card), shared by every game: the commonest event is not rebuilt.
_PLAYED: list[dict[str, CardPlayed]] = [{} for _ in range(MAX_PLAYERS)]

Event = (
    CardPlayed
    | ChallengeStarted
    | ChallengePassed
    | PaymentPassed
    | PileAwaitingClaim
    | ChallengeEnded
    | SlapWon
    | PileWon
    | WrongSlap
    | TimedOut
    | PileGiven
    | RanOut
    | PlayerOut
    | PlayerBackIn
    | GameOver
)


# --- what one seat sees ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything `seat` may see: faces on the pile, counts of everyone's cards, never a hand's order.

    `burned` holds the burned faces only with `rules.burned_live` (else they are face down: `()`).
    """

    seat: int
    rules: Rules
    pile: tuple[str, ...]
    burned_count: int
    burned: tuple[str, ...]
    hand_counts: tuple[int, ...]
    in_game: tuple[bool, ...]
    current_player: int
    owed: int
    challenger: int | None
    awaiting_claim: bool
    cards_played: int
    is_over: bool
    winner: int | None
    timeouts: tuple[int, ...] = ()  # per seat: cards still to be played before it may slap again

    def slap_view(self) -> tuple[str, ...]:
        """The pile as judged for slaps, bottom first."""
        return self.burned[::-1] + self.pile if self.rules.burned_live else self.pile

    def slap_rule(self) -> str | None:
        """The rule that makes the pile slappable as this seat sees it, or None."""
        return slap_rule_for(self.slap_view(), self.rules)


# --- the game state -------------------------------------------------------------------------------


class State:
    """One game in progress. Read the attributes; change it only through `apply`.

    The engine protocol (`game.core.engine_protocol`): `legal_actions(seat=None)`, `apply(action)` raising
    `IllegalAction` with a code ("game_over", "not_your_turn", "awaiting_claim", "not_challenger",
    "nothing_to_claim", "out", "timeout", "no_cards", "bad_action", "bad_seat"), `refusal`, `action_space`,
    `observation(seat)`, `clone()`, `is_over` and `digest()`.
    """

    __slots__ = (
        "awaiting_claim",
        "burned",
        "cards_played",
        "challenger",
        "current_player",
        "end_reason",
        "hands",
        "is_over",
        "out",
        "owed",
        "pile",
        "players",
        "rules",
        "timeouts",
        "winner",
    )

    def __init__(self, rules: Rules, hands: list[list[str]], first_player: int = 0) -> None:
        self.rules = rules
        self.players = len(hands)
        self.hands = hands
        self.pile: list[str] = []
        self.burned: list[str] = []
        self.out = [False] * self.players
        self.current_player = first_player
        self.owed = 0
        self.challenger: int | None = None
        self.awaiting_claim = False
        self.cards_played = 0
        self.is_over = False
        self.winner: int | None = None
        self.end_reason: str | None = None
        self.timeouts = [0] * self.players  # wrong_slap="timeout": cards each seat must still wait
        nxt = self._next_with_cards(first_player) if not hands[first_player] else None
        if nxt is not None:  # (the seat on turn has no cards: the next that has)
            self.current_player = nxt

    # -- queries --

    def in_game(self, seat: int) -> bool:
        """Still in: holding cards, or ran out and waiting on the next slap opportunity."""
        return not self.out[seat]

    def slap_view(self) -> tuple[str, ...]:
        """The pile as judged for slaps, bottom first (burned cards included only when live)."""
        return tuple(self._judged())

    def slap_rule(self) -> str | None:
        """The name of the rule that makes the pile slappable right now, or None."""
        return _judge(self._judged(), self.rules)

    def _judged(self) -> list[str]:
        if self.rules.burned_live and self.burned:
            return self.burned[::-1] + self.pile
        return self.pile

    def why_illegal(self, action: Action) -> str | None:
        """Why `action` is illegal now, or None if it is legal."""
        problem = self._problem(action)
        return None if problem is None else problem[1]

    def refusal(self, action: Action) -> IllegalAction | None:
        """The IllegalAction that apply(action) would raise now (its `code` and message), or None."""
        problem = self._problem(action)
        return None if problem is None else IllegalAction(problem[1], problem[0])

    def _problem(self, action: Action) -> tuple[str, str] | None:
        """(code, message) for an illegal `action`, or None if it is legal."""
        kind = type(action)
        if kind not in _ACTION_KINDS:
            return "bad_action", f"{action!r} is not a Ratscrew action (Play, Slap or Claim)"
        seat = action.seat
        if type(seat) is not int and (not isinstance(seat, int) or isinstance(seat, bool)) or not (
            0 <= seat < self.players
        ):
            return "bad_seat", f"there is no seat {seat!r} at a table of {self.players}"
        if self.is_over:
            return "game_over", "the game is over"
        if kind is Slap:
            if self.out[seat]:
                return "out", f"seat {seat} is out of the game and cannot slap"
            wait = self.timeouts[seat]
            if wait:
                return "timeout", (f"seat {seat} is in a slap timeout: {wait} more "
                                   f"card{'s' if wait != 1 else ''} must be played first")
            return None
        if kind is Claim:
            if not self.awaiting_claim:
                return "nothing_to_claim", "there is nothing to claim: no challenge has been paid in full"
            if seat != self.challenger:
                return "not_challenger", f"only seat {self.challenger}, the challenger, may claim the pile"
            return None
        if self.awaiting_claim:
            if seat == self.challenger:
                return "awaiting_claim", f"the pile awaits its claim: seat {seat} claims it with Claim, not Play"
            return "awaiting_claim", f"the pile awaits its claim by seat {self.challenger}; nobody plays until then"
        if seat != self.current_player:
            return "not_your_turn", f"it is seat {self.current_player}'s turn to play, not seat {seat}'s"
        if not self.hands[seat]:
            return "no_cards", f"seat {seat} has no cards to play; only a slap can take this pile"
        return None

    def is_legal(self, action: Action) -> bool:
        return self._problem(action) is None

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The actions `apply` accepts now: of `seat`, or (None) of every seat in seat order. A seat's
        turn action comes first (Play on its turn with cards, or Claim as the challenger awaiting the
        claim), then Slap while it is in the game."""
        if seat is None:
            seats: Iterable[int] = range(self.players)
        else:
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
                raise IllegalAction(f"there is no seat {seat!r} at a table of {self.players}", "bad_seat")
            seats = (seat,)
        if self.is_over:
            return []
        actions: list[Action] = []
        awaiting, out, timeouts = self.awaiting_claim, self.out, self.timeouts
        for s in seats:
            if awaiting:
                if s == self.challenger:
                    actions.append(Claim(s))
            elif s == self.current_player and self.hands[s]:
                actions.append(Play(s))
            if not out[s] and not timeouts[s]:
                actions.append(Slap(s))
        return actions

    def action_space(self) -> list[Action]:
        """Every action at this table, legal now or not: each seat's Play, Slap and Claim."""
        return [kind(s) for s in range(self.players) for kind in (Play, Slap, Claim)]

    def observation(self, seat: int) -> Observation:
        return self.observations((seat,))[0]

    def observations(self, seats: Iterable[int]) -> list[Observation]:
        """`observation(seat)` of each of `seats`, in order: what they share is built once (the match asks
        every bot after each change)."""
        players = self.players
        seats = tuple(seats)
        for seat in seats:
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
                raise IllegalAction(f"there is no seat {seat!r} at a table of {players}", "bad_seat")
        rules = self.rules
        pile = tuple(self.pile)
        burned_count = len(self.burned)
        burned = tuple(self.burned) if rules.burned_live else ()
        hand_counts = tuple(map(len, self.hands))
        in_game = tuple([not o for o in self.out])
        current, owed, challenger, awaiting = self.current_player, self.owed, self.challenger, self.awaiting_claim
        played, over, winner, timeouts = self.cards_played, self.is_over, self.winner, tuple(self.timeouts)
        return [
            Observation(seat, rules, pile, burned_count, burned, hand_counts, in_game, current, owed, challenger,
                        awaiting, played, over, winner, timeouts)
            for seat in seats
        ]

    def digest(self) -> str:
        """16 hex digits over the whole state (rules, every hand in order, pile, burned cards, turn,
        challenge): equal in every process for equal states; any difference changes it."""
        key: tuple[object, ...] = (
            "ratscrew", _rules_key(self.rules), self.players, self.hands, self.pile, self.burned, self.out,
            self.current_player, self.owed, self.challenger, self.awaiting_claim, self.cards_played,
            self.is_over, self.winner, self.end_reason,
        )
        if self.rules.wrong_slap == "timeout":  # only there (see the module doc: older games' digests)
            key += (self.timeouts,)
        return digest_of(repr(key))

    def clone(self) -> State:
        other = State.__new__(State)
        other.rules = self.rules
        other.players = self.players
        other.hands = [h[:] for h in self.hands]
        other.pile = self.pile[:]
        other.burned = self.burned[:]
        other.out = self.out[:]
        other.current_player = self.current_player
        other.owed = self.owed
        other.challenger = self.challenger
        other.awaiting_claim = self.awaiting_claim
        other.cards_played = self.cards_played
        other.is_over = self.is_over
        other.winner = self.winner
        other.end_reason = self.end_reason
        other.timeouts = self.timeouts[:]
        return other

    def __repr__(self) -> str:
        counts = "/".join(str(len(h)) for h in self.hands)
        waits = f" timeouts {'/'.join(map(str, self.timeouts))}" if any(self.timeouts) else ""
        return (
            f"<ratscrew.State hands {counts} pile {len(self.pile)} burned {len(self.burned)} "
            f"turn {self.current_player} owed {self.owed} challenger {self.challenger} "
            f"awaiting_claim {self.awaiting_claim}{waits} over {self.is_over}>"
        )

    # -- actions --

    def apply(self, action: Action) -> list[Event]:
        """Apply one action; return the events in the order they happened."""
        problem = self._problem(action)
        if problem is not None:
            raise IllegalAction(problem[1], problem[0])
        kind = type(action)
        if kind is Play:
            return self._play(action.seat)
        if kind is Slap:
            return self._slap(action.seat)
        return self._claim(action.seat)

    def _play(self, seat: int) -> list[Event]:
        events: list[Event] = []
        missed = self._ran_out_seats() if self.slap_rule() is not None else ()
        hand = self.hands[seat]
        card = hand.pop(0)
        self.pile.append(card)
        self.cards_played += 1
        played = _PLAYED[seat].get(card)
        if played is None:  # each (seat, card) is built once: events are immutable values
            played = _PLAYED[seat][card] = CardPlayed(seat, card)
        events.append(played)
        timeouts = self.timeouts
        if any(timeouts):
            for s in range(self.players):
                if timeouts[s]:
                    timeouts[s] -= 1
        for s in missed:  # the card on top ended the opportunity they were waiting on
            self._put_out(s, "missed", events)
        if not hand:
            events.append(RanOut(seat))
        count = self.rules._owed.get(card[0], 0)
        if count:
            self._challenge(seat, count, events)
        elif self.owed and self.challenger is not None and card[0] == "T" and self.rules.ten_stops:
            events.append(ChallengeEnded(self.challenger, "ten"))  # (a debt has its challenger)
            self.owed = 0
            self.challenger = None
            self._pass_turn(seat)
        elif self.owed:
            self.owed -= 1
            if not self.owed:
                self._await_claim(events)
            elif not hand:
                self._payer_out(seat, events)
        else:
            self._pass_turn(seat)
        self._check_end(events, played=True)
        return events

    def _slap(self, seat: int) -> list[Event]:
        events: list[Event] = []
        view = self._judged()
        rule = _judge(view, self.rules)
        if rule is not None:
            missed = [s for s in self._ran_out_seats() if s != seat]
            came_back = not self.hands[seat]
            events.append(SlapWon(seat, rule, tuple(view[i] for i in slap_cards(view, rule))))
            if self.challenger is not None:
                events.append(ChallengeEnded(self.challenger, "slap"))
            self._take_pile(seat, "slap", events)
            if came_back:
                events.append(PlayerBackIn(seat))
            for s in missed:
                self._put_out(s, "missed", events)
        else:
            hand = self.hands[seat]
            penalty = self.rules.wrong_slap
            if not hand:
                events.append(WrongSlap(seat, 0, len(self.burned)))
                self._put_out(seat, "wrong_slap", events)
                if penalty == "gives_pile":
                    self._give_pile(seat, events)
            elif penalty == "timeout":
                events.append(WrongSlap(seat, 0, len(self.burned)))
                self.timeouts[seat] = self.rules.timeout_cards
                events.append(TimedOut(seat, self.rules.timeout_cards))
            elif penalty == "gives_pile":
                events.append(WrongSlap(seat, 0, len(self.burned)))
                self._give_pile(seat, events)
            else:
                k = min(self.rules.burn, len(hand))
                under = len(self.burned)
                self.burned.extend(hand[:k])
                del hand[:k]
                events.append(WrongSlap(seat, k, under))
                if not hand:
                    events.append(RanOut(seat))
                    if seat == self.current_player and not self.awaiting_claim:
                        if self.owed:
                            self._payer_out(seat, events)
                        else:
                            self._pass_turn(seat)
        self._check_end(events)
        return events

    def _claim(self, seat: int) -> list[Event]:
        events: list[Event] = []
        missed = [s for s in self._ran_out_seats() if s != seat] if self.slap_rule() is not None else ()
        came_back = not self.hands[seat]
        self._take_pile(seat, "claim", events)
        if came_back:
            events.append(PlayerBackIn(seat))
        for s in missed:
            self._put_out(s, "missed", events)
        self._check_end(events)
        return events

    # -- mechanics --

    def _ran_out_seats(self) -> list[int]:
        hands, out = self.hands, self.out
        return [s for s in range(self.players) if not hands[s] and not out[s]]

    def _next_with_cards(self, seat: int, skip: int | None = None) -> int | None:
        """The next seat after `seat` holding cards (`seat` itself last), never `skip`."""
        n, hands = self.players, self.hands
        for step in range(1, n + 1):
            s = (seat + step) % n
            if hands[s] and s != skip:
                return s
        return None

    def _pass_turn(self, seat: int) -> None:
        nxt = self._next_with_cards(seat)
        if nxt is not None:
            self.current_player = nxt

    def _challenge(self, seat: int, count: int, events: list[Event]) -> None:
        passed = self.owed > 0
        self.challenger = seat
        payer = self._next_with_cards(seat, skip=seat)
        if payer is None:
            self._await_claim(events)
            return
        self.owed = count
        self.current_player = payer
        events.append((ChallengePassed if passed else ChallengeStarted)(payer, count, seat))

    def _await_claim(self, events: list[Event]) -> None:
        challenger = self.challenger
        assert challenger is not None, "a pile awaits the claim of the challenger who won it"
        self.owed = 0
        self.awaiting_claim = True
        self.current_player = challenger
        events.append(PileAwaitingClaim(challenger))

    def _payer_out(self, payer: int, events: list[Event]) -> None:
        """The payer has no cards left with `owed` still to pay."""
        if self.rules.payer_out_rule == "challenger_wins":
            self._await_claim(events)
            return
        nxt = self._next_with_cards(payer, skip=self.challenger)
        if nxt is None:
            self._await_claim(events)
        else:
            self.current_player = nxt
            events.append(PaymentPassed(nxt, self.owed, payer))

    def _take_pile(self, seat: int, by: str, events: list[Event]) -> None:
        hand = self.hands[seat]
        won = len(self.pile) + len(self.burned)
        pile = tuple(self.pile)
        burned = tuple(self.burned) if self.rules.burned_live else ()
        hand.extend(self.pile)
        hand.extend(self.burned)
        self.pile = []
        self.burned = []
        self.owed = 0
        self.challenger = None
        self.awaiting_claim = False
        self.current_player = seat
        events.append(PileWon(seat, won, by, pile, burned))

    def _give_pile(self, slapper: int, events: list[Event]) -> None:
        """`wrong_slap="gives_pile"`: the pile and its burned cards go to the next seat after `slapper` still
        in the game, who plays next (nothing moves when there is no pile)."""
        if not self.pile and not self.burned:
            return
        n, out = self.players, self.out
        taker = next((s for s in ((slapper + k) % n for k in range(1, n)) if not out[s]), None)
        if taker is None:
            return
        if self.challenger is not None:
            events.append(ChallengeEnded(self.challenger, "pile_given"))
        came_back = not self.hands[taker]
        hand = self.hands[taker]
        given = len(self.pile) + len(self.burned)
        pile = tuple(self.pile)
        hand.extend(self.pile)
        hand.extend(self.burned)
        self.pile = []
        self.burned = []
        self.owed = 0
        self.challenger = None
        self.awaiting_claim = False
        self.current_player = taker
        events.append(PileGiven(taker, given, slapper, pile))
        if came_back:
            events.append(PlayerBackIn(taker))

    def _put_out(self, seat: int, reason: str, events: list[Event]) -> None:
        self.out[seat] = True
        self.timeouts[seat] = 0
        events.append(PlayerOut(seat, reason))
        if seat == self.challenger:
            events.append(ChallengeEnded(seat, "challenger_out"))
            self.challenger = None
            self.owed = 0
            if self.awaiting_claim:
                self.awaiting_claim = False
                self._pass_turn(seat)

    def _check_end(self, events: list[Event], played: bool = False) -> None:
        if self.out.count(False) == 1:
            self._finish(self.out.index(False), "last_player", events)
        elif played and self.cards_played >= self.rules.card_limit:
            counts = [len(h) for h in self.hands]
            best = max(counts)
            leaders = [s for s, c in enumerate(counts) if c == best]
            self._finish(leaders[0] if len(leaders) == 1 else None, "limit", events)
        elif not self.awaiting_claim and not any(self.hands) and (
            self.slap_rule() is None or all(self.out[s] or self.timeouts[s] for s in range(self.players))
        ):
            self._finish(None, "draw", events)

    def time_up(self) -> list[Event]:
        """The match's game clock ran out (`Rules.game_length`): the one seat with the most cards in hand
        wins (`GameOver(seat, "time")`); on a tie nothing happens yet ([]): the match plays on and the next
        slap that takes a pile decides (`slap_decides`)."""
        if self.is_over:
            return []
        counts = [len(h) for h in self.hands]
        best = max(counts)
        leaders = [s for s, c in enumerate(counts) if c == best]
        events: list[Event] = []
        if len(leaders) == 1:
            self._finish(leaders[0], "time", events)
        return events

    def slap_decides(self, seat: int) -> list[Event]:
        """After a tie when time was up: `seat`'s slap took a pile and wins the game."""
        events: list[Event] = []
        if not self.is_over:
            self._finish(seat, "time", events)
        return events

    def _finish(self, winner: int | None, reason: str, events: list[Event]) -> None:
        self.is_over = True
        self.winner = winner
        self.end_reason = reason
        events.append(GameOver(winner, reason))


# --- new games ------------------------------------------------------------------------------------


def new_game(
    rules: Rules | None = None,
    players: int | None = None,
    *,
    seed: int | None = None,
    hands: Iterable[Iterable[str]] | None = None,
    first_player: int = 0,
) -> State:
    """A new game: dealt from `random.Random(seed)`'s shuffle of one deck, or from `hands` (top first).

    The deal goes one card at a time round the table from `first_player`, who plays first.
    `hands` (for tests and puzzles) may hold any number of cards; codes are checked, no duplicates;
    a hand may also be written as one string, "QS 9H 2C".
    """
    rules = Rules() if rules is None else rules
    if hands is None:
        if seed is None:
            raise ValueError("new_game needs seed= (for the shuffle) or hands=")
        if players is None:
            raise ValueError("new_game needs players= (2 to 8)")
        _check_players(players)
        _check_first(first_player, players)
        deck = cards.full_deck()
        random.Random(seed).shuffle(deck)
        dealt: list[list[str]] = [[] for _ in range(players)]
        for i, card in enumerate(deck):
            dealt[(first_player + i) % players].append(card)
    else:
        if seed is not None:
            raise ValueError("give seed= or hands=, not both")
        dealt = [[cards.parse(code) for code in (h.split() if isinstance(h, str) else h)] for h in hands]
        if players is not None and players != len(dealt):
            raise ValueError(f"players={players} but {len(dealt)} hands were given")
        _check_players(len(dealt))
        _check_first(first_player, len(dealt))
        seen: set[str] = set()
        for hand in dealt:
            for code in hand:
                if code in seen:
                    raise ValueError(f"card {code} is dealt twice")
                seen.add(code)
        if not seen:
            raise ValueError("the hands hold no cards at all")
    return State(rules, dealt, first_player)


def _check_players(players: object) -> None:
    if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Ratscrew is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {shown(players)}")


def _check_first(first_player: object, players: int) -> None:
    if not isinstance(first_player, int) or isinstance(first_player, bool) or not 0 <= first_player < players:
        raise ValueError(f"first_player must be a seat from 0 to {players - 1}, got {first_player!r}")
