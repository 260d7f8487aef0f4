"""The Fair start's reaction check deals enough doubles (found playing issue 38's parts with a pad): dealt at
the school's random shares, about one check in seven held two doubles or fewer, and the check needs
fair.MIN_SLAPS (3) timed slaps to give a figure, so a good player was asked to press Fair start again. Now
CHECK_DOUBLES come, spread over the check at random places, and only those."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from game.games.ratscrew import fair
from game.games.ratscrew.check import CHECK_CARDS, CHECK_DOUBLES, check_session, reactions
from game.games.ratscrew.school import deal
from game.games.ratscrew.school.session import FEEDBACK_MS, MS

SEEDS = range(3000)


def play(seed: int, reaction_ms: int, rng: random.Random) -> tuple[list[int], float | None, int]:
    """A player who slaps every double `reaction_ms` (± 100 ms) after it was shown: the doubles' places,
    the check's figure and its length (ms)."""
    session = check_session(seed)
    session.start(0)
    while not session.over:
        card = session.current
        assert card is not None
        if card.shown_ns is None:
            session.presented(card.index, card.dealt_ns)  # drawn in the frame it was dealt
        if card.rule is not None and 0 not in card.answers:
            session.slap(0, card.opens_ns + (reaction_ms + rng.randint(-100, 100)) * MS)
        due = session.next_due()
        assert due is not None
        session.advance(due)
    doubles = [card.index for card in session.cards if card.rule is not None]
    return doubles, fair.check_median_ms(reactions(session)), session.length_ms


def test_every_check_deals_enough_doubles_spread_over_it():
    assert CHECK_DOUBLES >= fair.MIN_SLAPS + 2  # room for two misses or guesses
    thirds = CHECK_CARDS / 3
    for seed in SEEDS:
        doubles = play(seed, 400, random.Random(seed))[0]
        assert len(doubles) == CHECK_DOUBLES, (seed, doubles)
        assert all(any(k * thirds <= i < (k + 1) * thirds for i in doubles) for k in range(3)), (seed, doubles)


def test_a_player_slapping_each_double_at_400_ms_always_gets_a_time_within_the_check():
    rng = random.Random(1)
    for seed in SEEDS:
        _, median, length = play(seed, 400, rng)
        assert median is not None and 300 <= median <= 500, (seed, median)
        # 14 cards at the medium pace, each double's pile shown a moment after the slap: about 20 s
        assert length <= CHECK_CARDS * 1500 + CHECK_DOUBLES * FEEDBACK_MS, (seed, length)


def test_the_doubles_come_at_random_places():
    places: Counter[int] = Counter()
    orders = set()
    for seed in SEEDS:
        doubles = play(seed, 400, random.Random(seed))[0]
        places.update(doubles)
        orders.add(tuple(doubles))
    assert set(places) == set(range(1, CHECK_CARDS))  # every card but the first can be a double …
    assert max(places.values()) < len(SEEDS) * 0.6  # … none is one most times …
    assert len(orders) >= 50  # … and the checks differ


@pytest.mark.parametrize(("cards", "count"), [(14, 5), (14, 7), (30, 5), (11, 4), (100, 20), (3, 1)])
def test_spread_places_patterns_on_a_card_each_never_far_apart(cards, count):
    cap = deal.spread_cap(cards, count)
    for seed in range(500):
        at = sorted(deal.spread(cards, count, random.Random(seed)))
        assert len(at) == count and at[0] >= 1 and at[-1] < cards
        assert all(b - a >= 2 for a, b in itertools.pairwise(at)), at  # never right after another
        assert all(b - a <= cap + 2 for a, b in itertools.pairwise([-1, *at])), at  # nor far from the last
        assert cards - 1 - at[-1] <= cap, at  # nor all of them early


def test_spread_says_when_the_patterns_do_not_fit():
    with pytest.raises(ValueError, match="do not fit 9 cards"):
        deal.spread(9, 5, random.Random(0))
    with pytest.raises(ValueError, match="do not fit"):
        deal.spread(14, 0, random.Random(0))
