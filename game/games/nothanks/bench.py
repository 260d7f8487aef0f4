"""No Thanks engine benchmarks, for `python -m game bench engines`: whole games with random players
(engine only: no driver, no clock), mid-game states for clone()+apply(), and a comparison with the PyPI
package `no-thanks` 0.2.2 (`--against-pypi`).

The comparison plays the package's own game loop with its own `HeuristicPlayer`, and this engine with
the same decision rule (`take_probability`, a line-for-line copy of `HeuristicPlayer.take_proba`), 4
players, the numbered 3–35 edition, in alternating rounds (package, ours, package, ours, ...) in one
process, and reports games per second of each and the ratio. The package is an optional extra:
`pip install 'couchcards[bench]'` (or `pip install no-thanks==0.2.2`).
"""

from __future__ import annotations

import importlib.metadata
import random
import time
from collections.abc import Callable

from game.games.nothanks import engine as nt

PYPI_PACKAGE, PYPI_VERSION = "no-thanks", "0.2.2"
PYPI_PLAYERS = 4
PYPI_TARGET = 2.0  # this engine should play at least twice as many games per second as the package


def play(seed: int, players: int = 4, rules: nt.Rules | None = None) -> nt.State:
    """One game of random takes and passes (the playing-card edition unless `rules` says otherwise)."""
    st = nt.new_game(rules or nt.Rules(), players=players, seed=seed)
    rand = random.Random(seed).random
    take, pay = nt.TAKE, nt.PASS
    matches = st.matches
    while not st.is_over:
        st.apply(take if not matches[st.current_player] or rand() < 0.5 else pay)
    return st


# (label, players, play(seed) -> a finished state): the games `bench engines` times, in its order.
GAMES = (
    ("playing cards", 4, lambda seed: play(seed, 4)),
    ("numbered", 3, lambda seed: play(seed, 3, nt.Rules.numbered())),
)
# The engine's target: (what the line calls it, games/s of the first of GAMES).
TARGET = ("No Thanks", 3000)


def clone_apply_states(count: int = 64) -> list[tuple[nt.State, object]]:
    """Mid-game states of 4 players (5 to 24 random moves in) and one legal action for each."""
    rng = random.Random(1)
    out = []
    for seed in range(count):
        st = nt.new_game(nt.Rules(), players=4, seed=seed)
        for _ in range(rng.randrange(5, 25)):
            if st.is_over:
                break
            st.apply(rng.choice(st.legal_actions()))
        if not st.is_over:
            out.append((st, st.legal_actions()[-1]))
    return out


# ---- against the PyPI package ------------------------------------------------------------------------


def take_probability(card: int, tokens_on_card: int, tokens: int, held) -> float:
    """The package's `HeuristicPlayer.take_proba`, rule for rule: how likely to take `card` with
    `tokens_on_card` on it, holding `tokens` and the cards `held`."""
    value = card - tokens_on_card - 1
    if (tokens <= 0) or (value <= 0):
        return 1
    proba = 0.05 if value >= 20 else 1 - value / 20
    proba *= 1 + 1 / tokens
    if (card - 1 in held) or (card + 1 in held):
        proba *= 2
    return max(min(proba, 1), 0)


def heuristic_game(seed: int, rules: nt.Rules, rand: Callable[[], float], players: int = PYPI_PLAYERS) -> nt.State:
    """One game on this engine, every seat playing the package's heuristic (`take_probability`, and
    TAKE when out of matches or when a random number is at most that probability, as the package does)."""
    st = nt.new_game(rules, players=players, seed=seed)
    take, pay = nt.TAKE, nt.PASS
    matches, cards, apply = st.matches, st.cards, st.apply
    while not st.is_over:
        cp = st.current_player
        tokens = matches[cp]
        proba = take_probability(st.card, st.pot, tokens, cards[cp])
        apply(take if tokens <= 0 or rand() <= proba else pay)
    return st


def pypi_installed() -> str | None:
    """The installed version of the package, or None."""
    try:
        return importlib.metadata.version(PYPI_PACKAGE)
    except importlib.metadata.PackageNotFoundError:
        return None


def _pypi_round() -> Callable[[int], None]:
    """A function playing n games of the package: its Game loop, 4 of its HeuristicPlayers."""
    import logging

    from no_thanks.core import Game
    from no_thanks.players import HeuristicPlayer

    logging.getLogger("no_thanks").setLevel(logging.WARNING)  # as by default: its debug lines stay off
    game = Game([HeuristicPlayer(f"P{i + 1}") for i in range(PYPI_PLAYERS)])

    def run(n: int) -> None:
        for _ in range(n):
            game.reset()
            game.play()

    return run


def against_pypi(seconds: float = 2.0, rounds: int = 10) -> dict:
    """Games per second of the package and of this engine, same heuristic players, alternating rounds.

    Two editions on our side: the published one (3–35, 9 cards set aside: 24 in play) is the headline;
    the package, which removes only 7 cards (`k = CARD_MAX - NUM_CARDS_DISCARD` = 26 in play), is also
    compared like for like with 7 set aside."""
    version = pypi_installed()
    if version is None:
        return {"installed": False, "package": PYPI_PACKAGE, "version": PYPI_VERSION}
    pypi = _pypi_round()
    rand = random.Random(2024).random
    published, like_for_like = nt.Rules.numbered(), nt.Rules.numbered(set_aside=7)
    seed = 0

    def ours(rules: nt.Rules) -> Callable[[int], None]:
        def run(n: int) -> None:
            nonlocal seed
            for _ in range(n):
                heuristic_game(seed, rules, rand)
                seed += 1

        return run

    sides = {"pypi": pypi, "ours": ours(published), "ours_26_cards": ours(like_for_like)}
    # Size a round so all sides together take about `seconds`: a short calibration of each first.
    per_game = {}
    for name, run in sides.items():
        started = time.perf_counter()
        run(50)
        per_game[name] = (time.perf_counter() - started) / 50
    budget = seconds / rounds / len(sides)
    sizes = {name: max(20, int(budget / max(t, 1e-7))) for name, t in per_game.items()}
    spent = dict.fromkeys(sides, 0.0)
    played = dict.fromkeys(sides, 0)
    for _ in range(rounds):
        for name, run in sides.items():  # A, B, C, A, B, C, ...: any drift of the machine hits all
            started = time.perf_counter()
            run(sizes[name])
            spent[name] += time.perf_counter() - started
            played[name] += sizes[name]
    rate = {name: played[name] / spent[name] for name in sides}
    return {
        "installed": True, "package": PYPI_PACKAGE, "version": version, "players": PYPI_PLAYERS,
        "rounds": rounds, "games": played, "games_per_second": rate,
        "ratio": rate["ours"] / rate["pypi"], "ratio_26_cards": rate["ours_26_cards"] / rate["pypi"],
        "target": PYPI_TARGET,
    }


def format_against_pypi(result: dict) -> str:
    if not result["installed"]:
        return (f"{PYPI_PACKAGE} {PYPI_VERSION} is not installed: pip install {PYPI_PACKAGE}=={PYPI_VERSION} "
                "(or the 'bench' extra) to compare the No Thanks engine with it")
    rate, games = result["games_per_second"], result["games"]
    verdict = "ok" if result["ratio"] >= result["target"] else "BELOW TARGET"
    head = (f"No Thanks against PyPI {result['package']} {result['version']}: {result['players']} players, "
            f"numbered 3–35, the package's HeuristicPlayer rule on both, {result['rounds']} alternating rounds")
    ours_26 = (f"  {'this engine, 26 cards':<24} {rate['ours_26_cards']:>8,.0f} games/s  "
               f"({games['ours_26_cards']:,} games, 7 aside, as the package deals)")
    ratio = (f"ratio {result['ratio']:.2f}x (like for like, 26 cards: {result['ratio_26_cards']:.2f}x); "
             f"target >= {result['target']:g}x: {verdict}")
    return "\n".join([
        head,
        f"  {result['package']:<24} {rate['pypi']:>8,.0f} games/s  ({games['pypi']:,} games, 26 cards in play)",
        f"  {'this engine':<24} {rate['ours']:>8,.0f} games/s  ({games['ours']:,} games, 24 in play: 9 aside)",
        ours_26,
        ratio,
    ])


# The search bot's thinking time, for `bench engines`: (level, target p99 ms per decision). A figure of
# the machine, so it is measured here and never asserted by a test.
BOT_TARGET = ("hard", 150)


def bot_timing(games: int, seed: int = 2024) -> dict:
    """Decision times (ms) of the BOT_TARGET level against two greedy bots, numbered edition, seats rotated."""
    from game.games.nothanks.tournament import run_tournament

    level, target = BOT_TARGET
    entry = run_tournament(nt.Rules.numbered(), [level, "greedy", "greedy"], games, seed=seed,
                           seat_balanced=True)["entries"][0]
    return {"level": level, "games": games, "decisions": entry["decisions"],
            "median_ms": entry["decision_ms_median"], "p99_ms": entry["decision_ms_p99"], "target_p99_ms": target,
            "ok": entry["decision_ms_p99"] <= target}
