"""RatscrewMatch on a fake clock: time order, ties, too-late grace, auto-claim, photo finish, bots' timers."""

from __future__ import annotations

import itertools
import random

import pytest

from game.commands import PLAY, SLAP, TAKE, Command
from game.games.ratscrew import engine as rs
from game.games.ratscrew.match import Missed, PhotoFinish, RatscrewMatch, Slappable, Tie, TooLate
from game.match import Ignored, SeatSpec

MS = 1_000_000
HUMAN = SeatSpec("human")
_polls = itertools.count(1)


def cmd(seat: int, action: str, ms: float, poll: int | None = None) -> Command:
    """A human press read at `ms`; each press gets its own poll unless one is given (a tie)."""
    return Command(seat, action, int(ms * MS), poll=next(_polls) if poll is None else poll)


def events_of(timed, kind):
    return [x.event for x in timed if isinstance(x.event, kind)]


def humans(n: int, hands: list[list[str]], seed: int = 1) -> RatscrewMatch:
    return RatscrewMatch(rs.Rules(), [HUMAN] * n, seed=seed, start_ns=0, hands=hands)


# A double (5♠ 5♥) is on the pile after 200 ms; seat 2 (if any) is then on turn.
HANDS3 = [["5S", "7C", "8C", "2D"], ["5H", "9D", "3C", "4S"], ["6D", "2H", "3H", "4D"]]


def double_on_pile(m: RatscrewMatch) -> None:
    m.submit(cmd(0, PLAY, 100))
    m.submit(cmd(1, PLAY, 200))
    out = m.advance(200 * MS)
    assert [e.card for e in events_of(out, rs.CardPlayed)] == ["5S", "5H"]
    assert m.state.slap_rule() == "double"


def test_same_poll_slaps_are_a_tie_broken_by_the_matchs_coin():
    winners = set()
    for seed in range(20):
        m = humans(3, [h[:] for h in HANDS3], seed=seed)
        double_on_pile(m)
        m.submit(cmd(1, SLAP, 400.0005, poll=9000 + seed))
        m.submit(cmd(0, SLAP, 400, poll=9000 + seed))
        out = m.advance(1000 * MS)
        (tie,) = events_of(out, Tie)
        assert tie.seats == (0, 1)
        (won,) = events_of(out, rs.SlapWon)
        assert won.seat == tie.winner
        (late,) = events_of(out, TooLate)
        assert late.seat == 1 - tie.winner and late.after_ms == 0
        assert not events_of(out, rs.WrongSlap)
        winners.add(tie.winner)
        again = humans(3, [h[:] for h in HANDS3], seed=seed)
        double_on_pile(again)
        again.submit(cmd(1, SLAP, 400.0005, poll=9000 + seed))
        again.submit(cmd(0, SLAP, 400, poll=9000 + seed))
        assert events_of(again.advance(1000 * MS), Tie) == [tie]  # the same seed flips the same coin
    assert winners == {0, 1}


def test_identical_timestamps_tie_even_from_different_polls():
    m = humans(3, [h[:] for h in HANDS3])
    double_on_pile(m)
    m.submit(cmd(0, SLAP, 300))
    m.submit(cmd(2, SLAP, 300))
    out = m.advance(400 * MS)
    (tie,) = events_of(out, Tie)
    assert tie.seats == (0, 2)
    assert [e.seat for e in events_of(out, rs.SlapWon)] == [tie.winner]


def test_presses_a_poll_apart_are_ordered_by_time_not_tied():
    m = humans(3, [h[:] for h in HANDS3])
    double_on_pile(m)
    m.submit(cmd(1, SLAP, 301))
    m.submit(cmd(0, SLAP, 300))
    out = m.advance(400 * MS)
    assert not events_of(out, Tie)
    assert [e.seat for e in events_of(out, rs.SlapWon)] == [0]
    assert events_of(out, TooLate) == [TooLate(1, 1)]


def test_slap_stamped_before_a_card_landed_is_judged_on_the_old_pile():
    m = humans(2, [["5S", "7C", "8C"], ["5H", "9D", "3C"]])
    m.submit(cmd(0, PLAY, 100))
    m.submit(cmd(1, PLAY, 200))
    m.submit(cmd(0, PLAY, 300))  # 7♣ covers the double at 300 ms …
    m.submit(cmd(1, SLAP, 299))  # … but seat 1's hand came down 1 ms before, submitted after
    out = m.advance(500 * MS)
    shown = [type(x.event).__name__ for x in out if not isinstance(x.event, (Slappable, Missed))]
    assert shown[:4] == ["CardPlayed", "CardPlayed", "SlapWon", "PileWon"]
    assert events_of(out, rs.SlapWon) == [rs.SlapWon(1, "double")]
    # The play at 300 ms then meets the pile as it is: seat 1 plays next, so seat 0's press is ignored.
    (ignored,) = events_of(out, Ignored)
    assert ignored.seat == 0 and "turn" in ignored.reason


def test_slap_stamped_just_after_the_card_landed_is_judged_on_the_new_pile():
    m = humans(2, [["5S", "7C", "8C"], ["5H", "9D", "3C"]])
    m.submit(cmd(0, PLAY, 100))
    m.submit(cmd(1, PLAY, 200))
    m.submit(cmd(0, PLAY, 300))
    m.submit(cmd(1, SLAP, 301))
    out = m.advance(500 * MS)
    assert events_of(out, rs.WrongSlap) == [rs.WrongSlap(1, 2)]
    assert not events_of(out, rs.SlapWon)


def test_slaps_within_the_grace_are_too_late_and_cost_nothing():
    m = humans(3, [h[:] for h in HANDS3])
    double_on_pile(m)
    before = [len(h) for h in m.state.hands]
    m.submit(cmd(0, SLAP, 500))
    m.submit(cmd(1, SLAP, 620))
    m.submit(cmd(0, SLAP, 650))  # the winner's own second press: no penalty either
    out = m.advance(700 * MS)
    assert events_of(out, TooLate) == [TooLate(1, 120)]
    assert not events_of(out, rs.WrongSlap)
    assert [len(h) for h in m.state.hands] == [before[0] + 2, before[1], before[2]]
    assert (m.stats[1].late, m.stats[1].wrong, m.stats[0].slaps_won) == (1, 0, 1)
    assert any(i.seat == 0 and i.action == SLAP for i in events_of(out, Ignored))
    # After the grace the pile (now empty) is judged by the engine: a wrong slap.
    m.submit(cmd(2, SLAP, 900))
    assert events_of(m.advance(1000 * MS), rs.WrongSlap) == [rs.WrongSlap(2, 2)]


def test_a_slap_after_the_next_card_is_not_too_late_but_judged():
    m = humans(3, [h[:] for h in HANDS3])
    double_on_pile(m)
    m.submit(cmd(0, SLAP, 500))
    m.submit(cmd(0, PLAY, 550))  # the winner plays on at once
    m.submit(cmd(1, SLAP, 600))  # within 300 ms of the slap, but on a new one-card pile
    out = m.advance(700 * MS)
    assert events_of(out, rs.WrongSlap) == [rs.WrongSlap(1, 2)]
    assert not events_of(out, TooLate)


def test_no_slap_is_ever_dropped_whatever_happens_around_it():
    rng = random.Random(5)
    for seed in range(5):
        m = RatscrewMatch(rs.Rules(), [HUMAN] * 4, seed=seed, start_ns=0)
        slaps = 0
        t = 0.0
        for _ in range(400):
            t += rng.choice([0.0, 0.5, 3.0, 40.0, 150.0])
            seat = rng.randrange(4)
            action = SLAP if rng.random() < 0.4 else PLAY
            slaps += action == SLAP
            m.submit(cmd(seat, action, t, poll=int(t)))  # same-ms presses share a poll: ties too
        out = m.advance(int(t * MS) + 1)
        verdicts = [
            x.event for x in out
            if isinstance(x.event, (rs.SlapWon, rs.WrongSlap, TooLate))
            or (isinstance(x.event, Ignored) and x.event.action == SLAP)
        ]
        assert len(verdicts) == slaps


def test_illegal_human_commands_are_ignored_with_a_reason():
    m = humans(3, [h[:] for h in HANDS3])
    assert "not a Ratscrew action" in m.submit(Command(0, TAKE, 10))
    assert "no seat" in m.submit(Command(7, PLAY, 10))
    m.submit(cmd(2, PLAY, 20))
    (ignored,) = events_of(m.advance(30 * MS), Ignored)
    assert ignored.seat == 2 and "seat 0's turn" in ignored.reason
    assert m.stats[2].ignored == 1
    assert [len(h) for h in m.state.hands] == [4, 4, 4]


def _bot_with_pending_slap() -> tuple[RatscrewMatch, int]:
    """Two humans and a pro bot (seat 2); a double lies on the pile and the bot means to slap it."""
    for seed in range(50):
        m = RatscrewMatch(rs.Rules(), [HUMAN, HUMAN, SeatSpec("bot", "pro")], seed=seed, start_ns=0,
                          hands=[h[:] for h in HANDS3])
        double_on_pile(m)
        if SLAP in m.pending_intents(2):
            return m, m.pending_intents(2)[SLAP]
    raise AssertionError("a pro noticed no double in 50 seeds")


def test_human_spamming_play_never_cancels_or_moves_a_bots_pending_slap():
    m, slap_at = _bot_with_pending_slap()
    plan = m.pending_intents(2)
    assert plan[PLAY] > slap_at  # the bot slaps before playing its own card
    t = 201.0
    while t * MS < slap_at - 2 * MS:
        m.submit(cmd(0, PLAY, t))
        m.submit(cmd(1, PLAY, t + 0.5))
        out = m.advance(int(t * MS) + MS)
        assert all(isinstance(x.event, Ignored) for x in out)
        assert m.pending_intents(2) == plan
        t += 5
    out = m.advance(slap_at)
    assert events_of(out, rs.SlapWon) == [rs.SlapWon(2, "double")]
    assert out[-1].t_ns >= slap_at and events_of(out, rs.SlapWon)


def test_a_bots_committed_slap_lands_too_late_when_someone_else_wins_first():
    m, slap_at = _bot_with_pending_slap()
    m.advance(slap_at - 50 * MS)
    if m.pending_intents(2).get(SLAP) != slap_at:
        pytest.fail("the bot's slap moved before anything happened")
    m.submit(Command(0, SLAP, slap_at - 40 * MS))  # a human slaps 40 ms before the bot, and wins
    out = m.advance(slap_at - 40 * MS)
    assert events_of(out, rs.SlapWon) == [rs.SlapWon(0, "double")]
    # The bot's hand was already moving (within its stop time): it lands, too late, no penalty.
    out = m.advance(slap_at)
    assert events_of(out, TooLate) == [TooLate(2, 40)]


def test_restart_is_a_new_match_with_no_stale_bot_timer():
    seats = [HUMAN, SeatSpec("bot", "casual")]
    old = RatscrewMatch(rs.Rules(), seats, seed=4, start_ns=0, first_player=1)
    stale = old.pending_intents(1)
    assert PLAY in stale
    restart_at = 10_000 * MS
    new = RatscrewMatch(rs.Rules(), seats, seed=4, start_ns=restart_at, first_player=1)
    assert all(t >= restart_at for t in new.pending_intents(1).values())
    assert new.advance(restart_at - 1) == []
    out = new.advance(restart_at + 5_000 * MS)
    assert out and all(x.t_ns >= restart_at for x in out)
    assert old.pending_intents(1) == stale  # the old match is untouched, and nobody advances it


def test_auto_claim_after_the_claim_delay():
    m = humans(2, [["JS", "2C"], ["4H", "6D"]])
    m.submit(cmd(0, PLAY, 100))
    m.submit(cmd(1, PLAY, 200))
    out = m.advance(200 * MS)
    assert events_of(out, rs.PileAwaitingClaim) == [rs.PileAwaitingClaim(0)]
    assert m.pending_claim_deadline_ns == 1200 * MS
    m.submit(cmd(1, PLAY, 700))  # not the challenger: ignored, and the timer stays
    assert not events_of(m.advance(1200 * MS - 1), rs.PileWon)
    assert m.pending_claim_deadline_ns == 1200 * MS
    out = m.advance(1200 * MS)
    assert events_of(out, rs.PileWon) == [rs.PileWon(0, 2, "claim")]
    assert out[-1].t_ns == 1200 * MS and m.pending_claim_deadline_ns is None


def test_challengers_play_claims_and_a_slap_still_beats_the_claim():
    m = humans(2, [["JS", "2C"], ["4H", "6D"]])
    m.submit(cmd(0, PLAY, 100))
    m.submit(cmd(1, PLAY, 200))
    m.submit(cmd(0, PLAY, 450))
    out = m.advance(2000 * MS)
    assert events_of(out, rs.PileWon) == [rs.PileWon(0, 2, "claim")]
    assert m.pending_claim_deadline_ns is None
    # Bo's queen, Cleo's two nines: the pile awaits its claim, and a slap takes it first.
    m = humans(3, [["QS", "2C"], ["9H", "9D", "3C"], ["4D", "5D"]])
    for seat, ms in [(0, 100), (1, 200), (1, 300)]:
        m.submit(cmd(seat, PLAY, ms))
    m.submit(cmd(2, SLAP, 520))
    out = m.advance(3000 * MS)
    assert events_of(out, rs.SlapWon) == [rs.SlapWon(2, "double")]
    assert [e.by for e in events_of(out, rs.PileWon)] == ["slap"]
    assert m.pending_claim_deadline_ns is None


def test_a_slap_just_after_a_claim_of_a_slappable_pile_is_too_late():
    m = humans(3, [["QS", "2C"], ["9H", "9D", "3C"], ["4D", "5D"]])
    for seat, ms in [(0, 100), (1, 200), (1, 300)]:
        m.submit(cmd(seat, PLAY, ms))
    m.submit(cmd(0, PLAY, 500))   # Bo claims …
    m.submit(cmd(2, SLAP, 510))   # … 10 ms before seat 2's hand lands
    out = m.advance(600 * MS)
    assert events_of(out, rs.PileWon) == [rs.PileWon(0, 3, "claim")]
    assert events_of(out, TooLate) == [TooLate(2, 10)]


def test_photo_finish_names_the_order_and_the_differences():
    m = humans(4, [h[:] for h in HANDS3] + [["8D", "9S"]])
    double_on_pile(m)
    m.submit(cmd(1, SLAP, 414))
    m.submit(cmd(3, SLAP, 520))
    m.submit(cmd(0, SLAP, 400))
    m.submit(cmd(2, SLAP, 850))  # 450 ms after: past the grace (wrong), inside the photo window
    out = m.advance(899 * MS)
    assert not events_of(out, PhotoFinish) and m.last_photo_finish is None
    out = m.advance(900 * MS)
    (photo,) = events_of(out, PhotoFinish)
    assert photo.entries == (
        (0, 400 * MS, 0, "won"), (1, 414 * MS, 14, "too late"), (3, 520 * MS, 120, "too late"),
        (2, 850 * MS, 450, "wrong"),
    )
    assert photo.lines() == ["P1 by 14 ms", "P2 +14 ms, too late", "P4 +120 ms, too late", "P3 +450 ms, wrong slap"]
    assert m.last_photo_finish == photo


def test_photo_finish_closes_when_the_winner_plays_on_and_needs_a_second_hand():
    m = humans(3, [h[:] for h in HANDS3])
    double_on_pile(m)
    m.submit(cmd(0, SLAP, 400))
    m.submit(cmd(0, PLAY, 600))
    out = m.advance(2000 * MS)
    assert not events_of(out, PhotoFinish)  # uncontested
    m = humans(3, [h[:] for h in HANDS3])
    double_on_pile(m)
    m.submit(cmd(0, SLAP, 400))
    m.submit(cmd(2, SLAP, 430))
    m.submit(cmd(0, PLAY, 600))
    out = m.advance(600 * MS)
    names = [type(x.event).__name__ for x in out]
    assert names.index("PhotoFinish") < names.index("CardPlayed")
    assert out[names.index("PhotoFinish")].t_ns == 600 * MS


def test_tie_shows_in_the_photo_finish():
    m = humans(3, [h[:] for h in HANDS3], seed=3)
    double_on_pile(m)
    m.submit(cmd(0, SLAP, 400, poll=77))
    m.submit(cmd(1, SLAP, 400.0002, poll=77))
    m.advance(1000 * MS)
    photo = m.last_photo_finish
    assert photo.entries[1][3] == "lost the coin"
    assert photo.lines()[0].endswith("won the coin toss")


def test_history_samples_card_counts_at_every_change_of_a_hand_and_bots_finish():
    seats = [SeatSpec("bot", "casual"), SeatSpec("bot", "kid"), SeatSpec("bot", "pro")]
    m = RatscrewMatch(rs.Rules(), seats, seed=11, start_ns=0)
    while not m.is_over:
        m.advance(m.next_due_ns())
    counts = m.history.counts
    assert counts[0].counts == (18, 17, 17)
    assert len(counts) >= m.state.cards_played + 2  # the deal, each card played, the end, and more:
    assert len(counts) > m.state.cards_played + 2  # slaps and claimed piles change hands too
    assert all(a.counts != b.counts for a, b in itertools.pairwise(counts[:-1]))  # a sample only for a change
    assert counts[-1].counts == tuple(len(h) for h in m.state.hands)
    assert all(sum(s.counts) <= 52 for s in counts)
    assert m.state.winner is not None
    assert sum(s.slaps_won for s in m.stats) == len([r for r in m.history.slaps if r.verdict == "won"])


def test_a_closed_match_never_fires_again():
    m = RatscrewMatch(rs.Rules(), [HUMAN, SeatSpec("bot", "pro")], seed=4, start_ns=0, first_player=1)
    assert m.pending_intents(1)
    m.close()
    m.submit(cmd(0, SLAP, 10))
    assert m.advance(60_000 * MS) == [] and m.pending_intents(1) == {}
    assert m.state.cards_played == 0


def test_commands_submitted_after_a_later_advance_are_counted_as_late_arrivals():
    m = humans(3, [h[:] for h in HANDS3])
    double_on_pile(m)
    assert m.late_arrivals == 0
    m.submit(cmd(2, SLAP, 150))  # stamped before the card at 200 ms, which was already applied
    out = m.advance(300 * MS)
    assert events_of(out, rs.SlapWon) and m.late_arrivals == 1


def test_humans_mashing_keys_among_bots_never_break_the_match():
    rules = rs.Rules(slaps=frozenset(rs.SLAP_RULES), burn=1, claim_delay_ms=500)
    for seed in range(4):
        rng = random.Random(seed)
        seats = [HUMAN, SeatSpec("bot", "kid"), HUMAN, SeatSpec("bot", "random")]
        m = RatscrewMatch(rules, seats, seed=seed, start_ns=0, first_player=seed % 4)
        now = 0
        while not m.is_over and now < 600_000 * MS:
            for _ in range(rng.choice([0, 0, 1, 2])):
                m.submit(Command(rng.choice([0, 2]), rng.choice([PLAY, SLAP]), now + rng.randrange(16 * MS),
                                 poll=now // MS + rng.randrange(3)))
            now += 16 * MS  # one frame
            for timed in m.advance(now):
                assert timed.t_ns <= now
            st = m.state
            assert sum(len(h) for h in st.hands) + len(st.pile) + len(st.burned) == 52
        assert m.is_over


def test_a_seat_handed_to_a_bot_mid_game_plays_on_and_can_be_handed_back():
    m = humans(3, [h[:] for h in HANDS3])
    m.submit(cmd(0, PLAY, 100))
    m.advance(100 * MS)
    assert m.state.current_player == 1 and not m.pending_intents(1)
    m.replace_seat(1, SeatSpec("bot", "pro"))
    assert "play" in m.pending_intents(1)
    out = m.advance(5000 * MS)
    assert [e.seat for e in events_of(out, rs.CardPlayed)][:1] == [1]
    m.replace_seat(1, HUMAN)
    assert m.pending_intents(1) == {} and 1 not in m.bots
    assert m.submit(cmd(1, SLAP, 5001)) is None  # a human seat again: its presses count
