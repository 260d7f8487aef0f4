"""Recorded games for the record/replay and golden playthrough tests: matches driven frame by frame like
a table (commands submitted, then the clock advanced), with human-like presses from the human seats
(plays, slaps that tie or land too late, wrong slaps, claims, presses off turn and after the end) and
seats handed to bots mid-game. Everything is seeded, so a scenario always plays the same game.

`python tests/support_playthrough.py` rewrites tests/golden/ from `SCENARIOS` (after a deliberate
change of rules, bots or the order of random draws; say why in the commit).
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import games
from game.commands import PASS, PLAY, SLAP, TAKE, Command
from game.core.contract import TableConfig
from game.match.common import SeatSpec

MS = 1_000_000
FRAME_NS = 16 * MS
GOLDEN = Path(__file__).resolve().parent / "golden"


@dataclass
class Scenario:
    """One recorded game: `seats` as "human" or a bot level; `handoffs` are (ms, seat, "human" | level)."""

    name: str
    game: str
    rules: dict[str, Any]
    seats: list[str]
    seed: int
    first_player: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    handoffs: list[tuple[int, int, str]] = field(default_factory=list)
    limit_s: float = 600.0
    start_ns: int = 5_000 * MS


def _spec(what: str) -> SeatSpec:
    return SeatSpec("human") if what == "human" else SeatSpec("bot", what)


class _Humans:
    """Presses for the human seats, decided from what a person at the table sees."""

    def __init__(self, game: str, rng: random.Random) -> None:
        self.game = game
        self.rng = rng
        self.pending: list[tuple[int, int, str]] = []  # (t_ns, seat, action)
        self.seen: dict[int, Any] = {}

    def _press(self, t: int, seat: int, action: str) -> None:
        self.pending.append((t, seat, action))

    def plan(self, match: Any, now: int) -> None:
        humans = [s for s, spec in enumerate(match.seats) if not spec.is_bot]
        if not humans:
            return
        rng = self.rng
        if self.game == "ratscrew":
            self._ratscrew(match, now, humans, rng)
        else:
            self._nothanks(match, now, humans, rng)
        if rng.random() < 0.01:  # a stray press: off turn, wrong, or after the end
            self._press(now + rng.randrange(FRAME_NS), rng.choice(humans), rng.choice(self._actions()))

    def _actions(self) -> tuple[str, str]:
        return (PLAY, SLAP) if self.game == "ratscrew" else (TAKE, PASS)

    def _ratscrew(self, match: Any, now: int, humans: list[int], rng: random.Random) -> None:
        st = match.state
        key = (st.cards_played, len(st.pile), len(st.burned))
        if st.slap_rule() is not None and self.seen.get(-1) != key:
            self.seen[-1] = key
            if rng.random() < 0.3 and len(humans) > 1:  # two hands at once: a tie for the coin
                t = now + int(rng.uniform(250, 600) * MS)
                for seat in humans[:2]:
                    self._press(t, seat, SLAP)
            else:
                for seat in humans:
                    if rng.random() < 0.7:  # some notice it, some late
                        self._press(now + int(rng.uniform(250, 900) * MS), seat, SLAP)
        for seat in humans:
            if self.seen.get(seat) == key:
                continue
            if st.awaiting_claim and st.challenger == seat:
                self.seen[seat] = key
                if rng.random() < 0.5:  # else the claim timer takes it
                    self._press(now + int(rng.uniform(200, 1400) * MS), seat, PLAY)
            elif st.current_player == seat and not st.awaiting_claim and st.hands[seat]:
                self.seen[seat] = key
                self._press(now + int(rng.uniform(250, 900) * MS), seat, PLAY)
            elif rng.random() < 0.002:
                self._press(now + int(rng.uniform(100, 600) * MS), seat, SLAP)  # a wrong slap

    def _nothanks(self, match: Any, now: int, humans: list[int], rng: random.Random) -> None:
        st = match.state
        if st.is_over or st.current_player not in humans:
            return
        seat = st.current_player
        key = (len(st.take_log), st.pot, seat)
        if self.seen.get(seat) == key:
            return
        self.seen[seat] = key
        keen = st.matches[seat] == 0 or st.pot * 3 >= st.card + rng.randrange(-4, 8)
        t = now + int(rng.uniform(300, 1500) * MS)
        self._press(t, seat, TAKE if keen else PASS)
        others = [s for s in humans if s != seat]
        if others and rng.random() < 0.25:  # someone else presses at the same instant: a coin orders them
            self._press(t, rng.choice(others), rng.choice((TAKE, PASS)))

    def due(self, now: int, poll: int) -> list[Command]:
        ready = sorted(p for p in self.pending if p[0] <= now)
        self.pending = [p for p in self.pending if p[0] > now]
        return [Command(seat, action, t, poll=poll) for t, seat, action in ready]


def play(s: Scenario, events: list | None = None) -> Any:
    """Play scenario `s` to its end (plus a second after it, for late presses and the photo finish);
    the match's timed events go to `events` if given."""
    definition = games.get(s.game)
    seats = [_spec(w) for w in s.seats]
    rules = definition.rules_from_values(s.rules, len(seats))
    config = TableConfig(s.game, rules, seats, s.seed, s.first_player)
    match = definition.make_match(config, s.start_ns, **s.options)
    humans = _Humans(s.game, random.Random(s.seed ^ 0x5EED))
    handoffs = sorted(s.handoffs)
    now = s.start_ns
    end = s.start_ns + int(s.limit_s * 1e9)
    over_at = None
    frame = 0
    while now < end and (over_at is None or now < over_at + 1_000 * MS):
        frame += 1
        now += FRAME_NS
        while handoffs and s.start_ns + handoffs[0][0] * MS <= now:
            _, seat, what = handoffs.pop(0)
            match.replace_seat(seat, _spec(what))
        humans.plan(match, now)
        for cmd in humans.due(now, frame):
            match.submit(cmd)  # a seat handed to a bot is refused, and that is logged too
        out = match.advance(now)
        if events is not None:
            events += out
        if over_at is None and match.is_over:
            over_at = now
    return match


_ALL_SLAPS = {r: True for r in ("double", "sandwich", "top_bottom", "marriage", "tens", "divorce", "run",
                                 "six_nine")}

SCENARIOS = [
    Scenario("ratscrew-every-slap-live-burn1", "ratscrew",
             {**_ALL_SLAPS, "marriage_either_order": True, "burn": 1, "burned_live": True,
              "slap_lockout_ms": 0},  # the old way (issue 21)
             ["human", "kid", "human", "random"], seed=11, first_player=1,
             handoffs=[(40_000, 2, "casual")]),
    Scenario("ratscrew-challenges-challenger-wins-limit", "ratscrew",
             {"marriage": True, "run": True, "six_nine": True, "challenge_j": 2, "challenge_q": 1,
              "challenge_k": 4, "challenge_a": 3, "payer_out_rule": "challenger_wins", "card_limit": 180,
              "claim_delay_ms": 750, "late_grace_ms": 200, "slap_lockout_ms": 0},  # the old way (issue 21)
             ["human", "pro", "human", "casual"], seed=23,
             handoffs=[(15_000, 0, "pro"), (45_000, 0, "human")]),
    Scenario("ratscrew-seed-rules-two-humans", "ratscrew", {}, ["human", "human", "random"], seed=5,
             first_player=2),
    Scenario("ratscrew-marriage-tens-divorce", "ratscrew",
             {"marriage": True, "tens": True, "divorce": True, "burn": 1},
             ["human", "casual", "human", "kid"], seed=31),
    # The house rules of issue 26: four of a suit, tens stop a challenge, and each new wrong-slap penalty.
    Scenario("ratscrew-four-of-a-suit-tens-stop-timeout", "ratscrew",
             {"four_of_a_suit": True, "ten_stops": True, "wrong_slap": "timeout", "timeout_cards": 2},
             ["human", "random", "human", "kid"], seed=1),
    Scenario("ratscrew-gives-pile-tens-stop", "ratscrew",
             {"four_of_a_suit": True, "ten_stops": True, "wrong_slap": "gives_pile", "card_limit": 400},
             ["human", "random", "casual"], seed=3),
    # Issue 21: a quick game on the clock (most cards when time is up), the slap lockout at its default.
    Scenario("ratscrew-quick-clock", "ratscrew", {"game_length": "quick"}, ["human", "kid", "kid"], seed=1),
    Scenario("nothanks-cards-hard-handoff", "nothanks", {"edition": "cards"},
             ["hard", "medium", "human", "easy"], seed=3, options={"iterations": 40, "threaded": False},
             handoffs=[(20_000, 2, "greedy")]),
    Scenario("nothanks-numbered-hidden", "nothanks", {"edition": "numbered", "hidden_matches": True},
             ["human", "hard", "random", "human"], seed=8, first_player=1,
             options={"iterations": 40, "threaded": False}),
    Scenario("nothanks-same-player-few-matches", "nothanks",
             {"edition": "cards", "after_take": "same_player", "matches": 3, "ranks_per_suit": 6,
              "set_aside": 3},
             ["human", "human", "greedy"], seed=14, options={"threaded": False}),
]


def features(log: Any) -> set[str]:
    """What a recorded game touches: rules that decided slaps, burns, challenge counts, how it ended,
    ties, too-late slaps, photo finishes, timers, seat changes, refused presses (replayed to see them)."""
    from game.replay import build_match

    match = build_match(log.header, games.GAMES)
    rules = match.rules
    found = {f"game:{log.game}"} | {f"seat:{s.get('level') or s['kind']}" for s in log.header["seats"]}
    if log.game == "nothanks":
        found |= {f"edition:{rules.edition}", f"after_take:{rules.after_take}"}
        found |= {"hidden_matches"} if rules.hidden_matches else set()
    for line in log.body:
        found.add(f"line:{line['k']}")
        if line["k"] == "digest":
            continue
        if line["k"] == "cmd":
            found.add(f"{line['source']}:{line['action']}")
        before = match.state.clone()
        events = [timed.event for timed in match.replay(line)]
        found |= {type(e).__name__ for e in events}
        if log.game == "ratscrew":
            found |= _ratscrew_features(rules, before, events)
    return found


def _ratscrew_features(rules: Any, before: Any, events: list[Any]) -> set[str]:
    from game.games.ratscrew import engine as rs
    from game.match.common import Ignored

    found = set()
    names = [type(e).__name__ for e in events]
    for i, e in enumerate(events):
        if isinstance(e, rs.ChallengeEnded) and e.reason in ("ten", "pile_given"):
            found.add({"ten": "challenge:ten-stops", "pile_given": "challenge:pile-given"}[e.reason])
        elif isinstance(e, Ignored) and e.action == "slap" and before.timeouts[e.seat or 0]:
            found.add("refused:timeout")
        if isinstance(e, rs.SlapWon):
            found.add(f"slap:{e.rule}")
            if e.rule == "marriage" and before.slap_view()[-1][0] == "K":
                found.add("marriage:king-on-queen")
            if rules.burned_live and before.burned and rs.slap_rule_for(before.pile, rules) is None:
                found.add("burned-live:made-slappable")
        elif isinstance(e, rs.WrongSlap) and e.burned:
            found.add(f"burn:{e.burned}")
        elif isinstance(e, rs.ChallengeStarted) and i and isinstance(events[i - 1], rs.CardPlayed):
            card = events[i - 1].card
            if e.owed != rs.DEFAULT_COUNTS[card[0]]:
                found.add("challenge:custom-count")
        elif isinstance(e, rs.PileAwaitingClaim) and "RanOut" in names[:i] and before.owed > 1 \
                and rules.payer_out_rule == "challenger_wins":
            found.add("payer-out:challenger-wins")
        elif isinstance(e, rs.GameOver):
            found.add(f"end:{e.reason}")
    return found


def write_golden(folder: Path = GOLDEN, only: str = "") -> list[Path]:
    """Write the golden logs to `folder`: every scenario's, or (`only`) those whose names start with it."""
    from game.record import write_log

    folder.mkdir(parents=True, exist_ok=True)
    return [write_log(folder / f"{s.name}.jsonl", play(s).log) for s in SCENARIOS if s.name.startswith(only)]


if __name__ == "__main__":
    # python tests/support_playthrough.py [folder [name prefix, e.g. ratscrew]]
    for path in write_golden(Path(sys.argv[1]) if len(sys.argv) > 1 else GOLDEN, sys.argv[2] if len(sys.argv) > 2 else ""):
        print(path)
