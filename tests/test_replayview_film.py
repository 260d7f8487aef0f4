"""A replay's film: a log checked by re-running it, indexed by its moves, slaps and photo finishes; logs that
cannot be read, name a game nobody knows or part from themselves are refused with one line."""

from __future__ import annotations

import pytest
from support_app import finished

from game import games
from game.commands import SLAP
from game.record import LogError, read_log, write_log
from game.replay import build_match
from game.scenes.replays import Film, log_of


@pytest.fixture(scope="module")
def slaps():
    """A finished three-bot Ratscrew game with slaps and photo finishes, and its film."""
    _, match = finished("ratscrew", 3, 4)
    return match, Film(log_of(match.log.lines()))


def test_the_film_indexes_every_move_slap_and_photo_finish(slaps):
    match, film = slaps
    lines = film.lines
    assert [line["k"] for line in lines].count("digest") == 0 and len(lines) == len(film.events)
    assert film.at == sorted(film.at) and film.end == match.log.footer()["t"]
    assert len(film.moves) > 50 and all(lines[i]["k"] == "cmd" for i in film.moves)
    assert [i for i in film.slaps] == [i for i, line in enumerate(lines) if line.get("action") == SLAP]
    assert len(film.slaps) == len(match.history.slaps)
    assert len(film.photos) >= 2 and film.has_slaps
    start = film.header["start_ns"]
    slap_times = {(lines[i]["seat"], film.at[i]) for i in film.slaps}
    for _, photo in film.photos:
        assert len(photo.presses) >= 2 and photo.presses[0][2] == "won"
        assert all((seat, t) in slap_times for seat, t, _ in photo.presses)  # every press is a logged slap
        lo, hi = photo.window_ms()
        assert lo < 0 and hi * 1_000_000 > photo.last - photo.first
    last = match.last_photo_finish
    assert [(s, t - start) for s, t, _, _ in last.entries] == [(s, t) for s, t, _ in film.photos[-1][1].presses]
    assert film.photos[-1][1].lines == tuple(last.lines(lambda s: film.names[s]))
    assert film.settled == sorted(film.settled)
    assert all(film.at[m] <= s < (film.at[film.moves[k + 1]] if k + 1 < len(film.moves) and
                                  film.at[film.moves[k + 1]] > film.at[m] else film.end + 1)
               for k, (m, s) in enumerate(zip(film.moves, film.settled, strict=True)))


def test_a_game_without_slaps_has_moves_only():
    _, match = finished("nothanks", 3, 4)
    film = Film(log_of(match.log.lines()))
    assert not film.has_slaps and film.slaps == [] and film.photos == []
    assert len(film.moves) == match.log.commands  # every take and every pass changes the game


def test_logs_that_cannot_be_shown_are_refused_with_one_line(tmp_path, slaps):
    match, _ = slaps
    good = match.log.lines()
    path = write_log(tmp_path / "g.jsonl", good)
    assert Film(read_log(path)).end > 0
    tampered = [dict(line) for line in good]
    digest = next(line for line in tampered if line["k"] == "digest")
    digest["d"] = "0" * 16
    with pytest.raises(LogError) as parted:
        Film(read_log(write_log(tmp_path / "parted.jsonl", tampered)))
    message = str(parted.value)
    assert message.startswith("parted.jsonl: ") and "\n" not in message
    assert "does not replay as it was recorded (it parts at command 8)" in message
    assert str(tmp_path) not in message  # the file by its name, not its whole path
    chess = [dict(line) for line in good]
    chess[0]["game"] = "chess"
    with pytest.raises(LogError, match="^chess.jsonl: unknown game 'chess'"):
        Film(read_log(write_log(tmp_path / "chess.jsonl", chess)))
    wrong = [dict(line) for line in good]
    wrong[0]["rules"] = {"burn": "lots"}
    with pytest.raises(LogError, match="^wrong.jsonl: bad header"):
        Film(read_log(write_log(tmp_path / "wrong.jsonl", wrong)))
    moved = [dict(line) for line in good]
    first = next(line for line in moved if line["k"] == "cmd" and line["action"] == "play")
    first["seat"] = (first["seat"] + 1) % 3  # out of turn: the replay cannot apply it as logged
    with pytest.raises(LogError) as cannot:
        Film(log_of(moved))
    assert "\n" not in str(cannot.value)


def test_a_match_rebuilt_from_the_header_replays_to_the_footers_digest(slaps):
    match, film = slaps
    fresh = build_match(film.header, games.GAMES)
    for line in film.lines:
        fresh.replay(line)
    assert fresh.state.digest() == match.log.footer()["digest"]
