"""Histories made to order for the stats tests and screens: games with known slaps and scores (no tests here)."""

from __future__ import annotations

from game.history.summary import GameRecord, SeatResult, SlapRow

PEOPLE = ("Mia", "Leo", "Ana")


def game(kind: str, day: int, seats: list[tuple[str, int | None, bool, int | None]],
         slaps: list[tuple[int, str | None, str, float | None]] = (), length_ms: int = 90_000) -> GameRecord:
    """A finished game on 2024-03-`day`: seats (name, profile id or None for a bot, won, score) and slaps
    (seat, rule, outcome, reaction ms) of profile seats."""
    results = tuple(SeatResult(i, name, "human" if pid is not None else "bot", None if pid is not None else "pro",
                               pid, won, score) for i, (name, pid, won, score) in enumerate(seats))
    winners = tuple(i for i, s in enumerate(seats) if s[2])
    scores = tuple(s[3] for s in seats) if seats[0][3] is not None else None
    rows = tuple(SlapRow(seat, seats[seat][1], 1000 * (n + 1), rule, outcome, ms)
                 for n, (seat, rule, outcome, ms) in enumerate(slaps))
    return GameRecord(kind, {}, f"2024-03-{day:02d}T19:{len(slaps):02d}:00+00:00", length_ms, results, winners,
                      scores, None, rows)


def evening(history) -> dict[str, int]:
    """Mia, Leo and Ana: ten slap games where Mia gets faster, two practice sessions, four games with points.
    Returns the profile ids by name."""
    ids = {name: history.create(name).id for name in PEOPLE}
    mia, leo, ana = ids["Mia"], ids["Leo"], ids["Ana"]
    rules = ("double", "sandwich", "top_bottom", "double", "marriage", "double")
    for i in range(10):
        base = 760 - 38 * i
        slaps = [(0, rule, "won" if k % 3 else "too late", base + 25 * k) for k, rule in enumerate(rules)]
        slaps += [(0, None, "wrong", None)] if i % 3 == 0 else []
        slaps += [(1, "double", "won", 500.0 + 10 * i)]
        history.record_game(game("ratscrew", 1 + i, [("Mia", mia, i % 3 != 1, None), ("Leo", leo, i % 3 == 1, None),
                                                     ("Bot 3", None, False, None)], slaps))
        if i in (3, 7):
            history.record_practice(mia, game="ratscrew", drill="sandwich", started=f"2024-03-{1 + i:02d}T21:00:00+00:00",
                                    slaps=[("double", "right", base - 60.0), ("sandwich", "right", base - 20.0),
                                           ("sandwich", "missed", None), (None, "wrong", 250.0)],
                                    correct=8, decisions=10, length_ms=60_000)
    for i, (m, a, l) in enumerate([(12, 8, -3), (-5, 9, 4), (21, 2, 15), (7, 7, -10)]):
        best = max(m, a, l)
        history.record_game(game("nothanks", 20 + i, [("Mia", mia, m == best, m), ("Ana", ana, a == best, a),
                                                      ("Leo", leo, l == best, l)]))
    history.flush()
    return ids
