"""Fair start at every table size (issue 38): the sim's recorded finishing orders (`sim ratscrew --out-order`), the
fair start's model of a whole game against them, and head starts that grow as a seat's reactions slow at 2 to 8
seats.

tests/data/ratscrew-out-orders.json holds finishing orders recorded by the commands it names (seeds away from the 7
and 99 the issue's checks use, and from the games fair.py's notes were measured on)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from support_cli import run_main

from game import sim
from game.games.ratscrew import engine as rs
from game.games.ratscrew import fair
from game.games.ratscrew.bots import level_at

RECORDED = Path(__file__).parent / "data" / "ratscrew-out-orders.json"


def _recorded() -> list[dict]:
    return json.loads(RECORDED.read_text(encoding="utf-8"))["tables"]


def _whole_games(record: dict) -> list[tuple[str, int, float]]:
    """Each group of seats alike at a recorded table: (what, games won, standard errors from the model's wins)."""
    rules = rs.Rules(slaps=set(rs.SLAP_RULES)) if record["slaps"] == "all" else rs.Rules()
    seats = list(zip(record["bots"], record["head_start_ms"], strict=True))
    keys = sorted(set(seats), key=lambda k: (fair.bot_median_ms(k[0]) or 0.0, k[1]))
    sizes = [seats.count(k) for k in keys]
    # The model's head starts are the seats' with `spread` undone (head_starts adds it to what the model solves).
    fastest = fair.bot_median_ms(keys[0][0]) or 0.0
    slower = sum(1 for bot, _ in seats if fair.bot_median_ms(bot) != fastest)
    chances = fair.game_chances([level_at(fair.bot_median_ms(bot) or 0.0) for bot, _ in keys], sizes,
                                [fair.unspread(lead, rules,
                                               fair.slower_counted(slower, sum(b == bot for b, _ in seats)), len(seats))
                                 for bot, lead in keys],
                                rules)
    games = len(record["out_orders"])
    out = []
    for key, chance, size in zip(keys, chances, sizes, strict=True):
        won = sum(1 for order in record["out_orders"] if len(order) == len(seats) and seats[order[-1]] == key)
        p = chance * size
        out.append((f"{key[0]} +{key[1]} ms", won, (won - games * p) / math.sqrt(games * p * (1 - p) + 1e-9)))
    return out


def test_the_sim_gives_each_games_finishing_order(capsys):
    code, out, _ = run_main(sim, capsys, "ratscrew", "--bots", "kid,casual,pro", "--head-start", "700,250,0",
                            "--games", "6", "--seat-balanced", "--out-order", "--json")
    result = json.loads(out)
    assert code == 0 and len(result["out_orders"]) == 6
    for order in result["out_orders"]:
        assert sorted(order) == [0, 1, 2]  # every entry once: two went out, the winner last
    assert [sum(o[-1] == e for o in result["out_orders"]) for e in range(3)] == [e["wins"] for e in result["entries"]]
    code, out, _ = run_main(sim, capsys, "ratscrew", "--bots", "kid,casual,pro", "--head-start", "700,250,0",
                            "--games", "6", "--seat-balanced", "--out-order")
    rows = out.split("finishing order")[1].splitlines()[2:5]
    for e, row in enumerate(rows):
        counts = [int(x) for x in row.split()[2:]]
        assert len(counts) == 3 and sum(counts) == 6 and counts[-1] == result["entries"][e]["wins"]
    code, out, _ = run_main(sim, capsys, "ratscrew", "--bots", "kid,pro", "--games", "2", "--json")
    assert "out_orders" not in json.loads(out)  # only when asked


def test_recorded_orders_are_the_commands_own(capsys):
    """The fixture is what its command prints (a fast table of it, played again)."""
    record = next(r for r in _recorded() if r["command"].endswith("--head-start 0,0,0 --games 200 --seed 3000 "
                                                                   "--seat-balanced --out-order --json"))
    code, out, _ = run_main(sim, capsys, *record["command"].split()[4:])
    assert code == 0 and json.loads(out)["out_orders"] == record["out_orders"]


def _recorded_at(seats: int, slaps: str = "default") -> list[dict]:
    at = [r for r in _recorded() if len(r["bots"]) == seats and r["slaps"] == slaps and any(r["head_start_ms"])]
    assert at
    return at


@pytest.mark.parametrize(("seats", "slaps"), [(2, "default"), (3, "default"), (4, "default"), (3, "all")])
def test_whole_games_win_as_the_model_says(seats, slaps):
    """Each kind of seat wins the recorded games as often as the model's game says (within 3 standard errors)."""
    for record in _recorded_at(seats, slaps):
        assert all(abs(z) < 3 for _, _, z in _whole_games(record)), _whole_games(record)


@pytest.mark.parametrize("seats", [6, 8])
def test_whole_games_at_big_tables_win_as_the_model_says(seats):
    """At eight seats too (issue 38: with who goes out as steep in the races as at six, the model gave the recorded
    pros 0.90 x parity where they won 1.08 x; `fair.out_power` flattens it past six seats)."""
    for record in _recorded_at(seats):
        assert all(abs(z) < 3 for _, _, z in _whole_games(record)), _whole_games(record)


@pytest.mark.parametrize("medians", [
    (900.0, 350.0), (1200.0, 550.0), (900.0, 700.0, 550.0, 350.0), (900.0, 550.0, 550.0, 350.0, 350.0, 350.0),
    (1200.0, 900.0, 450.0, 450.0, 350.0, 350.0), (900.0, 900.0, 550.0, 550.0, 550.0, 350.0, 350.0, 350.0),
    (700.0, 350.0, 350.0, 350.0, 350.0, 350.0, 350.0, 350.0),
])
def test_head_starts_grow_as_reactions_slow_at_every_table_size(medians):
    for rules in (rs.Rules(), rs.Rules(slaps={"double"})):
        leads = fair.head_starts(list(medians), rules)
        assert leads[-1] == 0 and all(0 <= lead <= 1000 for lead in leads)
        for (slow, lead_slow), (fast, lead_fast) in zip(zip(medians, leads), zip(medians[1:], leads[1:])):
            assert lead_slow >= lead_fast
            if slow >= fast + 100 and lead_fast < 1000:
                assert lead_slow > lead_fast, (medians, leads)  # a seat 100 ms slower gets more



def test_who_goes_out_follows_the_races_less_past_six_seats(monkeypatch):
    """Issue 38: at seven and eight seats (6-7 cards each) card luck decides more of who goes out, so a seat's game
    chance is nearer parity, whichever way its share of the races leans, than the steep out-chance says."""
    assert [fair.out_power(n) for n in range(2, 7)] == [fair.OUT_POWER] * 5
    assert fair.OUT_POWER > fair.out_power(7) > fair.out_power(8) > 0
    rules = rs.Rules()
    levels = [level_at(350.0), level_at(900.0)]
    for lead in (300.0, 900.0):  # a kid among seven pros, short of parity and past it
        flat = fair.game_chances(levels, [7, 1], [0.0, lead], rules)[1] * 8
        monkeypatch.setattr(fair, "BIG_TABLE", 8)
        steep = fair.game_chances(levels, [7, 1], [0.0, lead], rules)[1] * 8
        monkeypatch.undo()
        assert abs(math.log(flat)) < abs(math.log(steep)), (lead, flat, steep)
