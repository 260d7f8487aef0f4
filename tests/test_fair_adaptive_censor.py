"""The adaptive bot's estimate of the others (issue 21): a slap it won first counts as the others being slower
than it (a censored reaction), a too-late slap for the same chance replaces that with its real time, and its
own pace of play is at most a practised player's (so games with a kid last no longer than two kids'). The
win shares and game lengths are measured with `python -m game sim ratscrew`, not here."""

from __future__ import annotations

import math
import random

from test_fair_adaptive import MS, double_pile, observe

from game.games.ratscrew import engine as rs
from game.games.ratscrew.bots import LEVEL_TABLE, AdaptiveBot


def sandwich_pile() -> rs.State:
    st = rs.new_game(rs.Rules(), hands=[["5C", "5H", "2C"], ["8D", "4D", "3D"]])
    st.apply(rs.Play(0))
    st.apply(rs.Play(1))
    st.apply(rs.Play(0))
    assert st.slap_rule() == "sandwich"
    return st


def weight(bot: AdaptiveBot, rule: str) -> float:
    return bot._logs[rule][1]


def test_a_slap_it_won_counts_as_the_others_being_slower_than_it_plus_the_late_grace():
    bot = AdaptiveBot(random.Random(1), seat=1, rules=rs.Rules())
    observe(double_pile(), bot, 1000 * MS)  # the double turns up at 1 s
    before, seen = bot._estimate("double"), weight(bot, "double")
    bot.watch("won", 1, 1400 * MS)  # it takes it 400 ms later; nobody slaps too late
    assert weight(bot, "double") == seen  # counted when the next chance comes …
    observe(sandwich_pile(), bot, 5000 * MS)
    assert weight(bot, "double") == seen + 1
    total, _ = bot._logs["double"]
    added = total - math.log(before) * seen  # the log time it was counted at
    assert added >= math.log(400 + rs.Rules().late_grace_ms)  # … as slower than 400 ms + the late grace
    assert bot._estimate("double") > before


def test_a_too_late_slap_for_the_same_chance_counts_its_real_time_instead():
    bot = AdaptiveBot(random.Random(1), seat=1, rules=rs.Rules())
    observe(double_pile(), bot, 1000 * MS)
    seen = weight(bot, "double")
    bot.watch("won", 1, 1400 * MS)
    bot.watch("too late", 0, 1550 * MS)  # seat 0 slapped 550 ms after the double turned up
    observe(sandwich_pile(), bot, 5000 * MS)
    assert weight(bot, "double") == seen + 1  # the too-late time only, no censored one beside it


def test_a_slap_another_seat_won_is_counted_at_once_and_nothing_is_censored():
    bot = AdaptiveBot(random.Random(1), seat=1, rules=rs.Rules())
    observe(double_pile(), bot, 1000 * MS)
    seen = weight(bot, "double")
    bot.watch("won", 0, 1700 * MS)
    assert weight(bot, "double") == seen + 1 and bot._censored is None


def test_its_pace_of_play_is_a_practised_players_however_slow_its_slaps():
    bot = AdaptiveBot(random.Random(1), seat=1, rules=rs.Rules())
    observe(double_pile(), bot, 0)
    for _ in range(12):  # it keeps winning: its slaps slow down towards a kid's …
        bot.watch("won", 1, 300 * MS)
    assert bot.level.react_median_ms > LEVEL_TABLE["casual"].react_median_ms
    assert bot.level.play_median_ms <= LEVEL_TABLE["pro"].play_median_ms  # … its card play does not
    assert bot.level.claim_median_ms <= LEVEL_TABLE["pro"].claim_median_ms
