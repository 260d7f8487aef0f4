"""Ratscrew's view-model: engine and match events as typed effects (a card flying to the pile, a slap's
hand, flash and banner, the won pile held still and swept to its winner, burned cards sliding under it,
the seats' notes, the photo finish) and the words the table says. Pure: no drawing, no layout.

House rules: a pile given away by a wrong slap (`PileGiven`) is swept to its new owner under a banner
saying why; a challenge a 10 stopped says "10 stops it!" in the headline lane; a seat in a slap timeout
wears a "wait 2 cards" badge, and its slaps meanwhile are answered with a note.

The events carry what it shows: a card's face, the framed cards of a won slap, the faces of a won
pile and how many burned cards lay under it, the cards that made a pile slappable, so it keeps no copy
of the pile. Learner seats (`hints`: seat -> ms) get the slappable cards outlined and a "Slap! Double"
note that long after the pile became slappable, until the chance is taken or passes; a chance that
passes unslapped is named in the headline lane ("Double missed").
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from game.commands import PLAY, SLAP
from game.games.ratscrew import engine as rs
from game.games.ratscrew import match as rm
from game.games.ratscrew import text as rs_text
from game.i18n import N_, t, tn
from game.match.common import Ignored
from game.render import colors
from game.render.effects import Back, Banner, Effect, Flip, Flyer, Note, Shake, note_tween
from game.render.tween import Tween
from game.render.view_model import MS, Handler, ViewModel, pressed

# A seat's notes said without a name or a number (a note's short form where it has one): every seat's lane
# must hold each of them whole at the smallest note size (the view lays the seats out so: RatscrewView._notes_fit)
WAIT, NO_CARDS, WINS_CHALLENGE, OUT_OF_CARDS, OUT, BACK_IN = (
    N_("Wait!"), N_("No cards!"), N_("Wins the challenge!"), N_("Out of cards!"), N_("Out!"), N_("Back in!"))
WRONG_SLAPS = (N_("Wrong slap!"), N_("Wrong slap! No penalty"), N_("Wrong slap! The pile goes on"))
SHORT_NOTES = (WAIT, NO_CARDS, WINS_CHALLENGE, OUT_OF_CARDS, OUT, BACK_IN, *WRONG_SLAPS)

FLIP_MS = 180  # a card from a stack to the pile; the face shows from the first frame
SWEEP_MS = 350
SLAP_HOLD_MS = 420  # a won pile stays put this long so everyone sees why (the framed cards), then sweeps
HAND_MS = 380
IMPACT_MS = 260  # a slap's burst at the pile (shown from the first frame after the press)
PHOTO_MS = 2000  # the photo finish strip: long enough for a room to read it
SLAP_BANNER_SCALE = 0.065  # a slap's banner ("Sandwich!"): its text height as a share of the window's
JITTER = 6  # degrees either way a pile card is turned by chance
BURN_ANGLE = 78  # burned cards lie crosswise
HINT_MS = 6000  # a learner's hint stays at most this long (it goes when the chance is taken or passes)
MISSED_MS = 1400  # "Double missed" in the headline lane
MISSED_SCALE = 0.05
GIVEN_HOLD_MS = 250  # a pile given away by a wrong slap waits for the slapping hand, then flies
GIVEN_BANNER_MS = 1600  # "Ada slapped wrong: the pile goes to Bo"
TEN_BANNER_MS = 1200  # "10 stops it!"



def jitter(seed: int, index: int, gen: int) -> int:
    """A small fixed rotation (degrees) for card `index` of pile number `gen`, from the table's seed."""
    return random.Random(seed * 1_000_003 + gen * 7_919 + index).randint(-JITTER, JITTER)


# -- this game's effects ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SlapHand(Effect):
    """A seat's hand landing on the pile."""

    seat: int


@dataclass(frozen=True, slots=True)
class Impact(Effect):
    """A slap landing on the pile (issue 20 item 8): a burst in the slapper's colour at the pile from the very
    first frame after the press, and (unless reduced motion) the pile shaken a little; `strength` 1 for a slap
    that counted (won or wrong), less for one too late."""

    seat: int
    strength: float = 1.0


@dataclass(frozen=True, slots=True)
class Flash(Effect):
    """The flash of a winning slap over the pile."""


@dataclass(frozen=True, slots=True)
class Framed(Effect):
    """The cards that made a won slap (faces), framed while the won pile is held still."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Hint(Effect):
    """A learner's hint: the cards that make the pile slappable (faces), outlined in `seat`'s colour."""

    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HintNote(Note):
    """A learner's hint at their seat ("Slap! Double"): goes with the hint."""


@dataclass(frozen=True, slots=True)
class PhotoFinish(Effect):
    """The hands of a close slap in order, one line each (`seats[i]` wrote `lines[i]`), and as the strip
    shows them: a `title` ("Photo finish", "Tie — coin toss: Ada") and one cell per hand, (seat, name,
    how it finished: "1st", "+14 ms" (too late), "tie" (lost the coin toss), "+90 ms wrong")."""

    lines: tuple[str, ...]
    seats: tuple[int, ...]
    title: str = ""
    cells: tuple[tuple[int, str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Sweep:
    """A flyer's art: a won pile (`pile` faces bottom first, `burned` cards under it, pile number `gen`) moving;
    `faces` the burned cards' faces in burn order when they are live (else they show their backs)."""

    pile: tuple[str, ...]
    burned: int
    gen: int
    faces: tuple[str, ...] = ()


class RatscrewModel(ViewModel):
    """The effects of one Ratscrew table; `pile_gen` counts the piles won (each new pile's cards lie
    turned differently)."""

    clock_text = ""  # the game clock under the pile ("2:51 left"), set by the table each frame (issue 21)

    def __init__(self, rules: rs.Rules, names: list[str], seed: int, *, reduced_motion: bool = False) -> None:
        super().__init__(names, reduced_motion=reduced_motion)
        self.rules = rules
        self.seed = seed
        self.pile_gen = 0
        # Seats that lost the last coin toss on this pile: the photo finish says so, not a "too late" note.
        self._lost_toss: set[int] = set()
        self.hints: dict[int, int] = {}  # learner seats: how long (ms) after a slap chance their hint shows
        self.clock_text = ""  # the game clock under the pile (issue 21: set by the table; "" when it has none)

    def jitter(self, index: int) -> int:
        return jitter(self.seed, index, self.pile_gen)

    def note(self, t_ns: int, ms: int, seat: int, words: Callable[[], str], color: colors.Color, short: str = "") -> None:
        """A note at `seat` for `ms`, worded by `words` (now, and again if the language changes while it shows);
        `short` is the msgid of what it says where its lane is too small (translated likewise)."""
        short_words = functools.partial(t, short) if short else None
        self.anim.add(Note(note_tween(t_ns, ms), seat, words(), color, short_words() if short_words else "", words,
                           short_words))

    # -- events -----------------------------------------------------------------------------------------
    def _ignored(self, e: Ignored, t_ns: int, state: rs.State) -> list[str]:
        seat = e.seat
        if e.action not in (PLAY, SLAP) or seat is None or not 0 <= seat < self.n or not state.in_game(seat):
            return []
        if e.action == SLAP:  # a slap in a slap timeout: how long it still lasts
            if state.timeouts[seat]:
                left = state.timeouts[seat]
                self.note(t_ns, 900, seat, lambda: rs_text.wait_note(left), colors.WARN, WAIT)
            return []
        keys = self.keys_of(seat)
        if state.hands[seat]:
            words = lambda: t("Not your turn")
        elif keys is None:
            words = lambda: t("No cards: slap to get back in!")
        else:
            words = lambda: t("No cards: slap ({key}) to get back in!", key=keys.second)
        self.note(t_ns, 900, seat, words, colors.TEXT_DIM, "" if state.hands[seat] else NO_CARDS)
        return []

    def _card_played(self, e: rs.CardPlayed, t_ns: int, state: rs.State) -> list[str]:
        # Where it lies now (if the pile was won in the same batch, its flight is dropped anyway).
        self._lost_toss.clear()
        pile = state.pile
        index = next((i for i in range(len(pile) - 1, -1, -1) if pile[i] == e.card), len(pile))
        self.fly(
            Flyer(
                Tween(t_ns, self.dur(FLIP_MS)),
                ("seat", e.seat),
                ("pile_slot", index),
                Flip(("card", e.card, False)),
                hides=("pile", index),
                scale=None,
                angle=(0.0, float(self.jitter(index))),
            )
        )
        return ["flip"]

    def _slap_won(self, e: rs.SlapWon, t_ns: int, state: rs.State) -> list[str]:
        self.anim.clear((Hint, HintNote))
        self.impact(t_ns, e.seat)
        self.anim.add(SlapHand(Tween(t_ns, HAND_MS * MS), e.seat))
        if not self.reduced_motion:
            self.anim.add(Flash(Tween(t_ns + 60 * MS, 120 * MS)))
        self.anim.add(
            Banner(
                Tween(t_ns, 1000 * MS),
                rs_text.slap_banner(self.names[e.seat], e.rule),
                colors.banner_color(e.seat),
                scale=SLAP_BANNER_SCALE,
                at=("slap_banner",),
                plate=True,  # on a dark plate: every seat colour reads on the felt
                seat=e.seat,  # said at the winner's mat (issue 37), else in the headline lane
                words=lambda: rs_text.slap_banner(self.names[e.seat], e.rule),
            )
        )
        self.anim.add(Framed(Tween(t_ns, (SLAP_HOLD_MS + 120) * MS), e.cards))
        return ["slap_win"]

    def _pile_won(self, e: rs.PileWon, t_ns: int, state: rs.State) -> list[str]:
        hold = self.dur(SLAP_HOLD_MS) if e.by == "slap" else 0
        anim = self.anim
        anim.flyers = [f for f in anim.flyers if not (f.hides and f.hides[0] in ("pile", "burn"))]
        anim.fly(
            Flyer(
                Tween(t_ns + hold, max(1, self.dur(SWEEP_MS))),
                ("pile",),
                ("seat", e.seat),
                Sweep(e.pile, e.cards - len(e.pile), self.pile_gen, e.burned),
                scale=None,
            )
        )
        self.pile_gen += 1
        if e.by == "claim":
            self.note(t_ns, 900, e.seat, lambda: tn("Claimed {n} card!", "Claimed {n} cards!", e.cards), colors.GOLD)
        return ["pile_won"]

    def impact(self, t_ns: int, seat: int, strength: float = 1.0) -> None:
        """A slap's impact at the pile, in `seat`'s colour, from `t_ns` (the slap's own time: the next frame
        drawn shows it)."""
        if 0 <= seat < self.n:
            self.anim.add(Impact(Tween(t_ns, IMPACT_MS * MS), seat, strength))

    def _wrong_slap(self, e: rs.WrongSlap, t_ns: int, state: rs.State) -> list[str]:
        self.impact(t_ns, e.seat)
        if not self.reduced_motion:
            self.anim.add(Shake(Tween(t_ns, 380 * MS), e.seat))
        for k in range(e.burned):
            i = e.under + k
            self.fly(
                Flyer(
                    Tween(t_ns + k * 50 * MS, self.dur(260)),
                    ("seat", e.seat),
                    ("burn_slot", i),
                    Back(),
                    hides=("burn", i),
                    scale=None,
                    angle=(0.0, float(BURN_ANGLE + self.jitter(1000 + i))),
                )
            )
        if e.burned:
            words = lambda: t("Wrong slap! Burns {n}", n=e.burned)
        elif self.rules.wrong_slap == "timeout" and state.in_game(e.seat):
            words = functools.partial(rs_text.wrong_slap_wait, self.rules.timeout_cards)
        elif self.rules.wrong_slap == "gives_pile" and state.in_game(e.seat):
            words = functools.partial(t, WRONG_SLAPS[2])
        else:
            words = functools.partial(t, WRONG_SLAPS[1] if self.rules.burn == 0 and state.in_game(e.seat) else WRONG_SLAPS[0])
        self.note(t_ns, 1100, e.seat, words, colors.WARN)
        self.anim.add(SlapHand(Tween(t_ns, HAND_MS * MS), e.seat))
        return ["slap", "wrong"]

    def _pile_given(self, e: rs.PileGiven, t_ns: int, state: rs.State) -> list[str]:
        """A wrong slap gave the pile away: it flies to its new owner under a banner saying why."""
        anim = self.anim
        anim.flyers = [f for f in anim.flyers if not (f.hides and f.hides[0] in ("pile", "burn"))]
        hold = self.dur(GIVEN_HOLD_MS)
        anim.fly(
            Flyer(
                Tween(t_ns + hold, max(1, self.dur(SWEEP_MS))),
                ("pile",),
                ("seat", e.seat),
                Sweep(e.pile, e.cards - len(e.pile), self.pile_gen),
                scale=None,
            )
        )
        self.pile_gen += 1
        anim.clear((Hint, HintNote))
        def given() -> str:
            return t("{name} slapped wrong: the pile goes to {taker}!", name=self.names[e.from_seat],
                     taker=self.names[e.seat])

        anim.add(Banner(Tween(t_ns, GIVEN_BANNER_MS * MS), given(), colors.banner_color(e.from_seat),
                        scale=MISSED_SCALE, at=("slap_banner",), plate=True, words=given))
        self.note(t_ns + hold, 1200, e.seat, lambda: t("Gets the pile ({n})", n=e.cards), colors.GOLD)
        return ["pile_won"]

    def _challenge_ended(self, e: rs.ChallengeEnded, t_ns: int, state: rs.State) -> list[str]:
        """A challenge a 10 stopped (`ten_stops`): said in the headline lane."""
        if e.reason != "ten":
            return []
        self.anim.add(Banner(Tween(t_ns, TEN_BANNER_MS * MS), t("10 stops it!"), colors.TEXT,
                             scale=SLAP_BANNER_SCALE, at=("slap_banner",), plate=True,
                             words=lambda: t("10 stops it!")))
        return []

    def _awaiting_claim(self, e: rs.PileAwaitingClaim, t_ns: int, state: rs.State) -> list[str]:
        self.note(t_ns, 900, e.challenger, lambda: t("{name} wins the challenge!", name=self.names[e.challenger]),
                  colors.GOLD, WINS_CHALLENGE)
        return []

    def _ran_out(self, e: rs.RanOut, t_ns: int, state: rs.State) -> list[str]:
        keys = self.keys_of(e.seat)
        if keys is None:
            self.note(t_ns, 1200, e.seat, lambda: t("Out of cards: slap to stay in!"), colors.TEXT, OUT_OF_CARDS)
        else:
            key = keys.second
            self.note(t_ns, 1200, e.seat, lambda: t("Out of cards: slap ({key}) to stay in!", key=key), colors.TEXT,
                      OUT_OF_CARDS)
        return []

    def _player_out(self, e: rs.PlayerOut, t_ns: int, state: rs.State) -> list[str]:
        self.note(t_ns, 1400, e.seat, functools.partial(t, OUT), colors.WARN)
        return []

    def _back_in(self, e: rs.PlayerBackIn, t_ns: int, state: rs.State) -> list[str]:
        self.note(t_ns, 1200, e.seat, functools.partial(t, BACK_IN), colors.GOLD)
        return []

    def _slappable(self, e: rm.Slappable, t_ns: int, state: rs.State) -> list[str]:
        """A learner's hint, after their delay: the cards outlined, and "Slap! Double" at their seat."""
        self.anim.clear((Hint, HintNote))
        for seat, ms in sorted(self.hints.items()):
            if seat in self.bots or not 0 <= seat < self.n or not state.in_game(seat):
                continue
            tween = Tween(t_ns + ms * MS, HINT_MS * MS)
            self.anim.add(Hint(tween, seat, e.cards))
            self.anim.add(HintNote(tween, seat, rs_text.hint(e.rule), colors.banner_color(seat), t("Slap!"),
                                   functools.partial(rs_text.hint, e.rule), lambda: t("Slap!")))
        return []

    def _missed(self, e: rm.Missed, t_ns: int, state: rs.State) -> list[str]:
        """A chance nobody took, named in the headline lane (after a photo finish showing there)."""
        self.anim.clear((Hint, HintNote))
        start = max([t_ns] + [p.tween.end_ns for p in self.anim.active(PhotoFinish, t_ns)])
        self.anim.add(Banner(Tween(start, MISSED_MS * MS), rs_text.missed(e.rule), colors.TEXT,
                             scale=MISSED_SCALE, at=("slap_banner",), plate=True,
                             words=functools.partial(rs_text.missed, e.rule)))
        return []

    def _game_over(self, e: rs.GameOver, t_ns: int, state: rs.State) -> list[str]:
        self.anim.clear((Hint, HintNote))

        def said() -> str:  # (worded again after a change of language on the pause menu: ViewModel.reword)
            if e.reason == "limit":  # the card limit: most cards in hand wins
                return (
                    t("Card limit reached: a draw!")
                    if e.winner is None
                    else t("Card limit reached: {name} wins!", name=self.names[e.winner])
                )
            if e.reason == "time" and e.winner is not None:  # the game clock: most cards wins (issue 21)
                return t("Time's up: {name} wins!", name=self.names[e.winner])
            if e.winner is None:
                return t("A draw!")
            return t("{name} wins!", name=self.names[e.winner])

        self.anim.add(Banner(Tween(t_ns + 400 * MS, 2500 * MS), said(), scale=0.09, words=said))
        return ["game_over"]

    def _time_up(self, e: rm.TimeUp, t_ns: int, state: rs.State) -> list[str]:
        """The game clock ran out on a tie (issue 21): the next slap that takes a pile wins."""
        self.anim.add(Banner(Tween(t_ns, 2500 * MS), t("Time's up! Next good slap wins"), scale=0.08,
                             words=lambda: t("Time's up! Next good slap wins")))
        return []

    def _too_late(self, e: rm.TooLate, t_ns: int, state: rs.State) -> list[str]:
        self.impact(t_ns, e.seat, 0.5)  # the hand still lands (a smaller burst): the press was seen
        if e.seat in self._lost_toss:  # a tie: the photo finish says who won the toss, once
            self._lost_toss.discard(e.seat)
            return []
        self.note(t_ns, 1100, e.seat, lambda: t("Too late by {ms} ms", ms=round(e.after_ms)), colors.TEXT_DIM)
        return []

    def _tie(self, e: rm.Tie, t_ns: int, state: rs.State) -> list[str]:
        """Slaps in the same instant, ordered by a coin: the photo finish that follows says it, once."""
        self._lost_toss = set(e.seats) - {e.winner}
        return []

    def _photo_finish(self, e: rm.PhotoFinish, t_ns: int, state: rs.State) -> list[str]:
        self._lost_toss.clear()
        self.anim.clear((PhotoFinish,))
        lines = e.lines(lambda seat: self.names[seat])
        title, cells = self.photo_cells(e)
        self.anim.add(PhotoFinish(Tween(t_ns, PHOTO_MS * MS), tuple(lines), tuple(x[0] for x in e.entries),
                                  title, cells))
        return []

    def photo_cells(self, e: rm.PhotoFinish) -> tuple[str, tuple[tuple[int, str, str], ...]]:
        """The strip's title and cells for photo finish `e` (see PhotoFinish)."""
        (first, _, _, _), *rest = e.entries
        tie = bool(rest) and rest[0][3] == rm.LOST_COIN
        title = t("Tie \u2014 coin toss: {name}", name=self.names[first]) if tie else t("Photo finish")
        cells = [(first, self.names[first], rs_text.with_head_start(t("1st"), e.head_start(0)))]
        for i, (seat, _, delta, verdict) in enumerate(rest, 1):
            if verdict == rm.LOST_COIN:
                how = t("tie")
            elif verdict == rm.TOO_LATE:
                how = t("+{ms} ms", ms=delta)
            else:
                how = t("+{ms} ms wrong", ms=delta)
            cells.append((seat, self.names[seat], rs_text.with_head_start(how, e.head_start(i))))
        return title, tuple(cells)

    handlers: ClassVar[dict[type, Handler]] = {
        Ignored: _ignored,
        rs.CardPlayed: _card_played,
        rs.SlapWon: _slap_won,
        rs.PileWon: _pile_won,
        rs.WrongSlap: _wrong_slap,
        rs.PileGiven: _pile_given,
        rs.ChallengeEnded: _challenge_ended,
        # (a debt is said at its seat by the mat's badge, "owes 3", and the line to press now, "Owes 3: Q": no note too)
        rs.PileAwaitingClaim: _awaiting_claim,
        rs.RanOut: _ran_out,
        rs.PlayerOut: _player_out,
        rs.PlayerBackIn: _back_in,
        rs.GameOver: _game_over,
        rm.TooLate: _too_late,
        rm.Tie: _tie,
        rm.PhotoFinish: _photo_finish,
        rm.Slappable: _slappable,
        rm.Missed: _missed,
        rm.TimeUp: _time_up,
    }

    # -- what the table says ------------------------------------------------------------------------------
    def claim_text(self, seat: int) -> str:
        """The line under the pile while `seat`'s won challenge waits for its claim."""
        name = self.names[seat]
        keys = self.keys_of(seat)
        if keys is None:
            return t("{name} wins the pile unless someone slaps", name=name)
        return t("{name}: press {key} to claim (or wait)", name=name, key=pressed(keys))

    def status_text(self, state: rs.State) -> str:
        """The line under the pile: who must press which key now, the owed count, or the pending claim."""
        if state.is_over:
            return ""
        if state.awaiting_claim and state.challenger is not None:
            return self.claim_text(state.challenger)
        seat = state.current_player
        if seat is None or not state.in_game(seat):
            return ""
        name = self.names[seat]
        keys = self.keys_of(seat)
        if state.owed and state.challenger is not None:
            if keys is None:
                return t("{name} owes {n}", name=name, n=state.owed)
            return t("{name} owes {n}: press {key}", name=name, n=state.owed, key=pressed(keys))
        if keys is None:
            return ""
        return t("{name}: press {key} to play", name=name, key=pressed(keys))

    def status_seat(self, state: rs.State) -> int | None:
        """The seat the line of `status_text` is about (the challenger whose claim waits, else the seat to
        play), said at that seat's mat (issue 37); None while it says nothing."""
        if state.is_over:
            return None
        if state.awaiting_claim and state.challenger is not None:
            return state.challenger
        seat = state.current_player
        return seat if seat is not None and state.in_game(seat) else None

    def status_short(self, state: rs.State) -> str:
        """`status_text` as said at its seat's mat where its lane is too narrow for it (the mat names the seat)."""
        seat = self.status_seat(state)
        if seat is None:
            return ""
        keys = self.keys_of(seat)
        if state.awaiting_claim:
            return t("Wins the challenge!") if keys is None else t("Claim: {key}", key=keys.first)
        if state.owed and state.challenger is not None:
            return t("Owes {n}", n=state.owed) if keys is None else t("Owes {n}: {key}", n=state.owed, key=keys.first)
        return "" if keys is None else t("Your turn: {key}", key=keys.first)

    def status_tiny(self, state: rs.State) -> str:
        """`status_short` where even that does not fit (over a small mat's keys rows, lit on its turn): the key
        to press, in the fewest words, for a turn's line ("Play: P"; a debt or a claim has its short form only)."""
        seat = self.status_seat(state)
        keys = None if seat is None else self.keys_of(seat)
        if keys is None or state.awaiting_claim or state.owed:
            return ""
        return t("Play: {key}", key=keys.first)

    def panel_hint(self, seat: int, count: int, out: bool) -> str:
        """A human seat that ran out of cards (but is still in) is told which key gets it back in."""
        keys = self.keys_of(seat)
        if count or out or keys is None:
            return ""
        return t("slap ({key}) to get back in", key=keys.second)

    def badge(self, seat: int, out: bool, owed: int, claim: bool, wait: int = 0) -> tuple[str, colors.Color]:
        """The badge on a seat's panel ("out", "Q to claim", "owes 3", "wait 2 cards" in a slap timeout) and
        its colour; "" for none."""
        if out:
            return t("out"), colors.WARN
        if claim:
            keys = self.keys_of(seat)
            return (
                t("claims the pile") if keys is None else t("{key} to claim", key=keys.first)
            ), colors.GOLD
        if owed:
            return t("owes {n}", n=owed), colors.GOLD
        if wait:
            return rs_text.wait_badge(wait), colors.WARN
        return "", colors.GOLD
