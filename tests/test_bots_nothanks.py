"""No Thanks bots: the reference rules, determinism, every level under every option, and no peeking."""

from __future__ import annotations

import random

import pytest

from game.games.nothanks import bots
from game.games.nothanks import engine as nt
from game.games.nothanks.tournament import play_game

FAST = {"iterations": 40, "time_budget_ms": 60_000}


def bot(level: str, seed: int = 1) -> object:
    return bots.make_bot(level, random.Random(seed), **(FAST if level == "hard" else {}))


def at(deck: list[int], rules: nt.Rules | None = None, players: int = 3, script: str = "") -> nt.State:
    st = nt.new_game(rules or nt.Rules(), players=players, deck=deck)
    for a in script:
        st.apply(nt.TAKE if a == "t" else nt.PASS)
    return st


# ---- reference rules -----------------------------------------------------------------------------------


def test_run_cost_is_run_aware():
    assert bots.run_cost((), 20) == 20
    assert bots.run_cost((21,), 20) == -1  # 20 becomes the run's lowest card instead of 21
    assert bots.run_cost((19,), 20) == 0
    assert bots.run_cost((19, 21), 20) == -21  # joins two runs: 21 stops counting
    assert bots.run_cost((27,), 28) == 0  # ♥9 then ♠1: runs cross suit borders


@pytest.mark.parametrize("held,card,pot,expected", [
    ((), 20, 19, nt.PASS), ((), 20, 20, nt.TAKE), ((19,), 20, 0, nt.TAKE), ((21,), 20, 0, nt.TAKE),
    ((5,), 20, 25, nt.TAKE), ((5,), 30, 3, nt.PASS),
])
def test_greedy_takes_iff_cost_minus_pot_is_not_positive(held, card, pot, expected):
    st = at([card, 1], players=2, script="")
    st.cards[0] = list(held)
    st.pot = pot
    assert bot("greedy").decide(st.observation(0)) == expected


@pytest.mark.parametrize("level", bots.LEVELS)
def test_every_level_takes_when_it_has_no_matches(level):
    st = at([30, 5, 6], nt.Rules(matches=0), players=3)
    assert st.observation(0).legal_actions == (nt.TAKE,)
    assert bot(level).decide(st.observation(0)) == nt.TAKE


@pytest.mark.parametrize("level", bots.LEVELS)
def test_deciding_off_turn_is_refused(level):
    st = at([30, 5, 6])
    with pytest.raises(ValueError, match="not on turn"):
        bot(level).decide(st.observation(1))


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="hard"):
        bots.make_bot("grandmaster", random.Random(1))


def test_medium_passes_a_card_it_wants_while_nobody_else_would_take_it():
    st = at([20, 5, 6], players=3)
    st.cards[0] = [21]
    assert bot("medium").decide(st.observation(0)) == nt.PASS  # nobody else needs 20: milk it
    st.cards[1] = [19]
    assert bot("medium").decide(st.observation(0)) == nt.TAKE  # seat 1 would grab it


def test_medium_threshold_moves_with_its_matches():
    st = at([14, 5, 6], nt.Rules(matches=11), players=3)
    st.pot = 4
    assert bot("medium").decide(st.observation(0)) == nt.PASS
    st.matches[0] = 1
    assert bot("medium").decide(st.observation(0)) == nt.TAKE


def test_easy_loses_points_a_greedy_player_would_not():
    # Easy takes a big card for a modest pot far more often than greedy ever would.
    takes = 0
    for seed in range(200):
        st = at([30, 5, 6], players=3, script="pppppp")
        takes += bots.make_bot("easy", random.Random(seed)).decide(st.observation(0)) == nt.TAKE
    assert 20 < takes < 200
    assert bot("greedy").decide(at([30, 5, 6], players=3, script="pppppp").observation(0)) == nt.PASS


def test_hard_takes_a_card_that_is_pure_profit_and_passes_a_ruinous_one():
    free = at([20, 5, 6, 7, 8], players=3)
    free.cards[0] = [21]
    free.cards[1] = [19]
    free.pot = 6
    assert bot("hard").decide(free.observation(0)) == nt.TAKE
    ruin = at(list(range(35, 8, -1)), nt.Rules.numbered(), players=3)
    assert bots.make_bot("hard", random.Random(3), iterations=300, time_budget_ms=60_000).decide(
        ruin.observation(0)) == nt.PASS


# ---- determinism and budget ----------------------------------------------------------------------------


@pytest.mark.parametrize("level", bots.LEVELS)
def test_decisions_are_deterministic_for_a_seed(level):
    def actions(seed: int) -> list[str]:
        st = nt.new_game(nt.Rules(), players=3, seed=11)
        players = [bots.make_bot(level, random.Random(seed + s), **(FAST if level == "hard" else {}))
                   for s in range(3)]
        out = []
        while not st.is_over:
            a = players[st.current_player].decide(st.observation(st.current_player))
            out.append(a)
            st.apply(a)
        return out

    assert actions(5) == actions(5)


def test_hard_keeps_to_its_time_budget(monkeypatch):
    """The search looks at the clock every 16 iterations and stops once the budget is spent. On a fake clock
    that moves 1 ms per look (no wall time measured: these machines are shared), the deadline is 1 + 20 ms and
    the k-th look (after 16·k iterations) reads k + 1 ms: the search stops after 21 × 16 iterations, however
    many it was allowed."""
    now = [0]

    def fake_clock() -> int:
        now[0] += 1_000_000
        return now[0]

    monkeypatch.setattr(bots.time, "perf_counter_ns", fake_clock)
    st = nt.new_game(nt.Rules.numbered(), players=3, seed=2)
    hard = bots.make_bot("hard", random.Random(1), time_budget_ms=20, iterations=10**9)
    hard.decide(st.observation(0))
    assert hard.last_iterations == 21 * 16
    assert hard.last_capped and hard.capped == 1  # the cap fired, and the bot says so
    hard.decide(st.observation(0))
    assert hard.last_iterations == 21 * 16 and hard.capped == 2


def test_hard_searches_until_one_move_clearly_leads():
    """By default the search looks at its checkpoints and stops at the first where the leading move has
    HARD_LEAD of the root's visits; a close move is searched to the last checkpoint."""
    search = bots.HardBot(random.Random(0))
    assert search.checkpoints(0) == bots.HARD_CHECKPOINTS and bots.HARD_CHECKPOINTS[-1] > 4800
    # Early in the game an iteration plays more cards out: the last checkpoints shrink to HARD_WORK.
    start = search.checkpoints(23)
    assert start[:3] == bots.HARD_CHECKPOINTS[:3] and 2400 < start[-1] < 4800
    assert start[-1] == bots.HARD_WORK // (23 + bots._ITERATION_WORK)
    assert search.checkpoints(8)[-1] > 4800  # later on a close move searches longer
    stops = set()
    for seed in range(12):
        st = nt.new_game(nt.Rules.numbered(), players=3, seed=seed)
        for _ in range(seed % 5):
            st.apply(nt.PASS)
        hard = bots.make_bot("hard", random.Random(seed))
        hard.decide(st.observation(st.current_player))
        budgets = hard.checkpoints(st.cards_left)
        root = hard.last_root
        visits = root.take.visits + root.pay.visits
        assert visits == hard.last_iterations in budgets and not hard.last_capped and hard.capped == 0
        if visits < budgets[-1]:
            assert max(root.take.visits, root.pay.visits) >= bots.HARD_LEAD * visits
        stops.add(visits == budgets[0])
    assert stops == {True, False}  # clear moves stop at the first checkpoint, closer ones search on
    assert bots.HardBot(random.Random(0), scale=10).checkpoints(23) == tuple(10 * b for b in start)
    assert bots.make_bot("hard", random.Random(1)).time_budget_ms == bots.HARD_TIME_CAP_MS >= 1000  # a safety net
    first, again = bots.make_bot("hard", random.Random(4)), bots.make_bot("hard", random.Random(4))
    obs = [nt.new_game(nt.Rules.numbered(), players=3, seed=s).observation(0) for s in range(4)]
    assert [first.decide(o) for o in obs] == [again.decide(o) for o in obs]


def test_close_visit_counts_are_decided_by_value():
    root = bots._Decision()
    root.take.visits, root.take.total = 55, 55 * 0.40
    root.pay.visits, root.pay.total = 45, 45 * 0.45
    assert bots._choose(root) == nt.PASS  # 55% of the visits is close: the better mean wins
    root.take.visits, root.take.total = 75, 75 * 0.40
    root.pay.visits, root.pay.total = 25, 25 * 0.45
    assert bots._choose(root) == nt.TAKE  # a clear lead in visits decides


def test_hard_keeps_its_tree_when_the_card_comes_back_round():
    st = nt.new_game(nt.Rules.numbered(), players=3, deck=[35, 4, 5, 6, 7, 8, 9])
    hard = bots.make_bot("hard", random.Random(2))
    assert hard.decide(st.observation(0)) == nt.PASS and hard.last_reused == 0
    for _ in range(3):  # it pays, the others pay: 35 comes back with 3 chips on it
        st.apply(nt.PASS)
    hard.decide(st.observation(0))
    assert hard.last_reused > 0  # it starts from what it imagined of this moment
    assert hard.last_root.take.visits + hard.last_root.pay.visits >= hard.last_reused
    other = bots.make_bot("hard", random.Random(2))  # the same bot and seed, the same decisions
    st2 = nt.new_game(nt.Rules.numbered(), players=3, deck=[35, 4, 5, 6, 7, 8, 9])
    other.decide(st2.observation(0))
    for _ in range(3):
        st2.apply(nt.PASS)
    assert other.decide(st2.observation(0)) == hard._kept[2] and other.last_reused == hard.last_reused
    fresh = bots.make_bot("hard", random.Random(2))  # a new game at the same table size: no reuse
    fresh._kept = hard._kept
    fresh.decide(nt.new_game(nt.Rules.numbered(), players=3, seed=9).observation(0))
    assert fresh.last_reused == 0


def test_the_reward_keeps_counting_the_margin_and_guards_the_win():
    def reward(mine: int, best_other: int) -> float:
        return bots._reward([mine, best_other, best_other - 30], [0, 0, 0], 3, 0, 2 * bots.MARGIN_SPAN)

    assert reward(-20, -40) > reward(-30, -40) > reward(-38, -40)  # a safe win still wants more points
    assert reward(-50, -40) > reward(-60, -40)  # and a loss fewer
    assert reward(-39, -40) - reward(-41, -40) > bots.WIN_WEIGHT  # winning at all counts most
    assert 0.0 <= reward(-200, 0) < reward(200, 0) <= 1.0


def test_the_table_model_takes_what_pays_and_milks_its_own_run_card():
    def taker(held: dict[int, int], card: int, pot: int, milk: float) -> tuple[int, int]:
        """Who takes `card` (played out by the model, seat 0 to act first), and the matches the others paid."""
        masks = [0, 0, 0]
        for seat, value in held.items():
            masks[seat] |= 1 << value
        matches, pens = [11, 11, 11], [0, 0, 0]
        before = list(masks)
        old = bots.ROLLOUT_MILK
        bots.ROLLOUT_MILK = milk
        try:
            bots._play([], 0, card, pot, 0, matches, masks, pens, 3, False, random.Random(1).random, 2, False)
        finally:
            bots.ROLLOUT_MILK = old
        seat = next(s for s in range(3) if masks[s] != before[s])
        return seat, sum(11 - matches[s] for s in range(3) if s != seat)

    assert taker({}, 20, 20, 0.0) == (0, 0)  # cost minus pot at 0 or less: taken at once
    assert taker({1: 21}, 20, 0, 0.0) == (1, 1)  # a run card: seat 0 pays, its seat takes it at once
    seat, paid = taker({1: 21}, 20, 0, 30.0)  # milked: it goes round while the pot grows
    assert seat in (1, 2) and paid > 3


def test_hard_draws_once_from_the_shared_source_per_decision():
    rng = random.Random(9)
    twin = random.Random(9)
    st = nt.new_game(nt.Rules(), players=3, seed=3)
    bots.make_bot("hard", rng, iterations=30, time_budget_ms=60_000).decide(st.observation(0))
    twin.getrandbits(64)
    assert rng.random() == twin.random()


# ---- every level, every option -------------------------------------------------------------------------

OPTION_TABLES = [
    (nt.Rules(), 3), (nt.Rules(), 2), (nt.Rules(ranks_per_suit=13), 8), (nt.Rules(ranks_per_suit=5), 4),
    (nt.Rules(after_take="same_player", hidden_matches=True), 5),
    (nt.Rules(suit_order=("S", "H", "D", "C"), set_aside=0, matches=3), 3),
    (nt.Rules.numbered(), 3), (nt.Rules.numbered(after_take="next_player"), 7),
    (nt.Rules.numbered(hidden_matches=True, matches=None), 6), (nt.Rules.numbered(set_aside=30), 4),
]


@pytest.mark.parametrize("level", bots.LEVELS)
@pytest.mark.parametrize("rules,players", OPTION_TABLES, ids=lambda v: str(v))
def test_every_level_finishes_games_under_every_option(level, rules, players):
    levels = [level] + ["greedy"] * (players - 1)
    st = play_game(rules, levels, deal_seed=players, bot_seed=7, iterations=20, time_budget_ms=60_000)
    assert st.is_over and sum(len(c) for c in st.cards) == rules.deck_size - rules.set_aside


# ---- no peeking ----------------------------------------------------------------------------------------


class Poison:
    """A hidden value: any use other than holding it raises."""

    def _boom(self, *args, **kwargs):
        raise AssertionError("a bot read hidden state")

    __eq__ = __lt__ = __le__ = __gt__ = __ge__ = __add__ = __radd__ = __sub__ = __rsub__ = _boom
    __index__ = __int__ = __bool__ = __hash__ = __iter__ = __getitem__ = __float__ = _boom


class PoisonStack(list):
    """The face-down stack: its size is public, its cards are not."""

    def __iter__(self):
        raise AssertionError("a bot read the stack")

    def __getitem__(self, i):
        raise AssertionError("a bot read the stack")


@pytest.mark.parametrize("level", bots.LEVELS)
@pytest.mark.parametrize("rules", [nt.Rules(hidden_matches=True), nt.Rules.numbered(hidden_matches=True)])
def test_bots_never_read_hidden_state(level, rules):
    st = nt.new_game(rules, players=4, seed=21)
    for a in "pptpppt":
        st.apply(nt.TAKE if a == "t" else nt.PASS)
    seat = st.current_player
    clean = st.observation(seat)
    poisoned = st.clone()
    poisoned._stack = PoisonStack(poisoned._stack)
    poisoned.aside = Poison()
    poisoned.matches = [m if s == seat else Poison() for s, m in enumerate(poisoned.matches)]
    obs = poisoned.observation(seat)
    assert obs == clean
    assert bot(level, 4).decide(obs) == bot(level, 4).decide(clean)


@pytest.mark.parametrize("level", bots.LEVELS)
def test_decisions_do_not_depend_on_the_hidden_deal(level):
    # Same visible table, different stack order and set-aside cards: the same decision.
    a = at([20, 5, 9, 30, 31], players=3, script="pt")
    b = at([20, 5, 31, 1, 2], players=3, script="pt")
    assert a.observation(2) == b.observation(2)
    assert bot(level, 8).decide(a.observation(2)) == bot(level, 8).decide(b.observation(2))


def _first_deal(players: int, fits) -> nt.State:
    """The first numbered-edition deal (by seed) whose first card fits."""
    return next(st for st in (nt.new_game(nt.Rules.numbered(), players=players, seed=s) for s in range(500))
                if fits(st.card))


def test_the_reader_weighs_each_seat_by_its_real_decisions():
    """A seat that lets a cheap card go round (net cost +1 or +2 it could have taken) is read as strict; one
    that takes a card costing it 3 or more net is read as careful; a seat that did not decide moves nothing."""
    careful, plain, strict = (bots.OPPONENT_RULES.index(r) for r in ("careful", "plain", "strict"))
    st = _first_deal(3, lambda card: card == 3)
    old = st.observation(st.current_player)
    me = old.seat
    for _ in range(3):
        st.apply(nt.PASS)
    reader = bots.TableReader(3)
    reader.follow(old, nt.PASS, st.observation(me))
    for seat in ((me + 1) % 3, (me + 2) % 3):
        shares = reader.shares()[seat]
        assert shares[strict] > bots.OPPONENT_PRIOR[strict] and shares[careful] < bots.OPPONENT_PRIOR[careful]
        assert shares[strict] > shares[plain] > shares[careful]
    assert reader.shares()[me] == pytest.approx(bots.OPPONENT_PRIOR)

    st = _first_deal(3, lambda card: card == 6)
    old = st.observation(st.current_player)
    me = old.seat
    st.apply(nt.PASS)
    st.apply(nt.TAKE)  # the next seat takes the 6 for 1 match: 5 points net
    reader = bots.TableReader(3)
    reader.follow(old, nt.PASS, st.observation(me))
    taker, last = (me + 1) % 3, (me + 2) % 3
    assert reader.shares()[taker][careful] > bots.OPPONENT_PRIOR[careful]
    assert reader.shares()[taker][careful] > max(reader.shares()[taker][plain], reader.shares()[taker][strict])
    assert reader.shares()[last] == pytest.approx(bots.OPPONENT_PRIOR)  # it never saw the 6


def test_the_hard_bot_reads_the_table_it_plays_at():
    """Over a game, the hard bot reads greedy seats (which take only when the pot covers the cost) as not
    careful, and a seat taking cards at a small loss (medium) as careful; a new game starts a new reading."""
    careful, strict = bots.OPPONENT_RULES.index("careful"), bots.OPPONENT_RULES.index("strict")
    for levels in (["hard", "greedy", "greedy"], ["hard", "medium", "greedy"]):
        for seed in range(3):
            made = [bots.make_bot(level, random.Random(seed * 8 + s)) for s, level in enumerate(levels)]
            hard = made[0]
            hard.iterations = 40
            st = nt.new_game(nt.Rules.numbered(), players=3, seed=seed)
            while not st.is_over:
                seat = st.current_player
                st.apply(made[seat].decide(st.observation(seat)))
            shares = hard.reader.shares()
            assert hard.reader.read > 0
            assert shares[2][careful] <= bots.OPPONENT_PRIOR[careful] + 1e-9  # greedy: never read as careful
            if levels[1] == "medium":
                assert shares[1][careful] > 0.8  # it takes cards at a small loss
            else:
                assert shares[1][careful] < 0.1 < shares[1][strict]
    reader = hard.reader
    hard.decide(nt.new_game(nt.Rules.numbered(), players=3, seed=99).observation(0))
    assert hard.reader is not reader and hard.reader.read == 0
