"""Command logs: every match records what it applied; `replay --verify` re-runs a log bit for bit (ties,
too-late and wrong slaps, auto-claims, seats handed over, the hard bot), refuses cut or malformed files
with exit 2 and one line, names the first command where a tampered log parts (exit 1); `sim --record`
writes logs that verify; the recent-games folder keeps 50 and never raises."""

from __future__ import annotations

import copy
import json
import random
import time
from pathlib import Path

import pytest
from support_cli import run_main
from support_playthrough import SCENARIOS, play

from game import games, record, replay, sim
from game.commands import PASS, SLAP, TAKE, Command
from game.games import GAMES
from game.games.nothanks import engine as nt
from game.games.nothanks.match import NothanksMatch
from game.games.ratscrew import engine as rs
from game.games.ratscrew.match import RatscrewMatch
from game.match import SeatSpec

MS = 1_000_000
HUMAN = SeatSpec("human")



def replay_all(match) -> tuple[object, list]:
    """Replay `match`'s log into a fresh replay-mode match; (that match, the events it produced)."""
    log = record.parse_log(record.dumps(match.log.lines()).splitlines())
    again = replay.build_match(log.header, games.GAMES)
    events = []
    for line in log.body:
        if line["k"] != "digest":
            events += again.replay(line)
    return again, events


def same_match(a, b) -> None:
    assert b.state.digest() == a.state.digest()
    assert b.stats == a.stats and b.history == a.history and list(b.ignored) == list(a.ignored)
    for name in ("last_photo_finish", "late_arrivals"):
        assert getattr(b, name, None) == getattr(a, name, None)


# ---- fidelity ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.name)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_replay_reproduces_every_event_stat_and_state(scenario, seed):
    s = copy.deepcopy(scenario)
    s.seed += 1000 * seed
    s.options["digest_every"] = 1
    events: list = []
    m = play(s, events)
    again, replayed = replay_all(m)
    assert replayed == events  # the same events at the same times, ties and photo finishes included
    same_match(m, again)
    assert replay.verify(record.parse_log(record.dumps(m.log.lines()).splitlines()), games.GAMES).ok


def test_ratscrew_ties_too_late_wrong_slaps_and_auto_claims_replay_exactly():
    hands = [["5S", "7C", "JD", "2D"], ["5H", "9D", "3C", "4S"], ["6D", "2H", "3H", "4D"]]
    m = RatscrewMatch(rs.Rules(), [HUMAN, HUMAN, SeatSpec("bot", "pro")], seed=3, start_ns=0, hands=hands,
                      digest_every=1)
    for seat, action, ms, poll in [(0, "play", 100, 1), (1, "play", 200, 2), (0, SLAP, 400, 7),
                                   (1, SLAP, 400.0004, 7), (2, SLAP, 420, 8), (1, SLAP, 2000, 9)]:
        m.submit(Command(seat, action, int(ms * MS), poll=poll))
    events = []
    while m.now_ns < 30_000 * MS and not m.is_over:
        events += m.advance(m.now_ns + 17 * MS)
    names = {type(x.event).__name__ for x in events}
    assert {"Tie", "TooLate", "WrongSlap", "PhotoFinish"} <= names
    assert any(line["k"] == "tie" for line in m.log.body)
    again, replayed = replay_all(m)
    assert replayed == events
    same_match(m, again)


def test_the_claim_timer_and_a_seat_handed_over_replay_exactly():
    hands = [["JS", "2C", "8D"], ["4H", "6D"]]
    m = RatscrewMatch(rs.Rules(), [HUMAN, HUMAN], seed=1, start_ns=0, hands=hands)
    m.submit(Command(0, "play", 100 * MS, poll=1))
    m.submit(Command(1, "play", 200 * MS, poll=2))
    events = m.advance(1500 * MS)  # the pile goes to seat 0 by the claim timer at 1200 ms
    m.replace_seat(1, SeatSpec("bot", "kid"))
    m.replace_seat(0, SeatSpec("bot", "casual"))
    while not m.is_over and m.now_ns < 120_000 * MS:
        events += m.advance(m.next_due_ns())
    lines = m.log.body
    assert any(line.get("source") == "timer" and line["action"] == "claim" for line in lines)
    assert [line["seat"] for line in lines if line["k"] == "seat"] == [1, 0]
    again, replayed = replay_all(m)
    assert replayed == events
    same_match(m, again)


def test_a_threaded_hard_bot_game_replays_without_rerunning_the_bot(monkeypatch):
    m = NothanksMatch(nt.Rules(), [SeatSpec("bot", "hard"), HUMAN, SeatSpec("bot", "greedy")], seed=5,
                      start_ns=0, think_scale=0.0, iterations=60)
    rng = random.Random(2)
    deadline = time.perf_counter() + 60
    events = []
    while not m.is_over and time.perf_counter() < deadline:
        st = m.state
        if st.current_player == 1:
            m.submit(Command(1, rng.choice([TAKE, PASS]), m.now_ns + MS, poll=m.now_ns))
        events += m.advance(m.now_ns + 2 * MS)
        time.sleep(0.001)
    assert m.is_over
    from game.games.nothanks import bots

    def no_search(*args, **kwargs):
        raise AssertionError("a replay ran a bot")

    monkeypatch.setattr(bots.HardBot, "decide", no_search)
    again, replayed = replay_all(m)
    assert replayed == events
    same_match(m, again)


def test_a_capped_search_is_logged_and_still_replays():
    m = NothanksMatch(nt.Rules(), [SeatSpec("bot", "hard"), SeatSpec("bot", "greedy")], seed=2, start_ns=0,
                      threaded=False, iterations=10**7, time_budget_ms=1)
    while not m.is_over:
        m.advance(m.next_due_ns())
    capped = [line for line in m.log.body if line.get("capped")]
    assert capped and all(line["seat"] == 0 and line["source"] == "bot" for line in capped)
    assert m._bots[0].capped == len(capped)
    again, _ = replay_all(m)
    same_match(m, again)


# ---- the log file --------------------------------------------------------------------------------------


def _scenario_log(tmp_path: Path, name: str = "ratscrew-seed-rules-two-humans") -> Path:
    scenario = next(s for s in SCENARIOS if s.name == name)
    return record.write_log(tmp_path / "game.jsonl", play(scenario).log)


def test_header_command_digest_and_footer_lines(tmp_path):
    path = _scenario_log(tmp_path)
    lines = [json.loads(raw) for raw in path.read_text().splitlines()]
    assert [line["n"] for line in lines] == list(range(len(lines)))
    header, footer = lines[0], lines[-1]
    assert header["k"] == "header" and header["format"] == record.FORMAT and header["game"] == "ratscrew"
    assert header["seats"] == [{"kind": "human", "level": None, "name": ""}] * 2 + [
        {"kind": "bot", "level": "random", "name": ""}]
    assert {"rules", "seed", "first_player", "start_ns", "started", "digest_every"} <= set(header)
    commands = [line for line in lines if line["k"] == "cmd"]
    assert [c["i"] for c in commands] == list(range(1, len(commands) + 1))
    assert {c["source"] for c in commands} == {"human", "bot", "timer"}
    digests = [line for line in lines if line["k"] == "digest"]
    assert [d["i"] for d in digests] == list(range(8, len(commands) + 1, 8))
    assert footer["k"] == "footer" and footer["commands"] == len(commands) and footer["over"]
    log = record.read_log(path)
    assert log.lines() == lines and log.commands == commands


def test_verify_says_verified_in_one_line(tmp_path, capsys):
    path = _scenario_log(tmp_path)
    code, out, err = run_main(replay, capsys, str(path), "--verify", games=GAMES)
    assert code == 0 and err == ""
    (line,) = out.splitlines()
    assert line.startswith("verified: ratscrew, ") and " commands, 3 players, final digest " in line


def test_replay_without_verify_prints_a_summary(tmp_path, capsys):
    path = _scenario_log(tmp_path)
    code, out, _ = run_main(replay, capsys, str(path), games=GAMES)
    assert code == 0
    assert "ratscrew log" in out and "3 players (human, human, bot random)" in out and "rules: " in out
    code, out, _ = run_main(replay, capsys, str(path), "--events", games=GAMES)
    assert code == 0 and "SlapWon" in out and out.rstrip().splitlines()[-1].startswith("verified: ")


@pytest.mark.parametrize("cut", ["header", "first command", "a digest", "a tie", "the last command",
                                 "the footer"])
def test_a_log_with_a_line_cut_out_is_refused(tmp_path, capsys, cut):
    path = _scenario_log(tmp_path)
    raw = path.read_text().splitlines()
    kinds = [json.loads(r)["k"] for r in raw]
    index = {"header": 0, "first command": kinds.index("cmd"), "a digest": kinds.index("digest"),
             "a tie": kinds.index("tie"), "the last command": len(kinds) - 2,
             "the footer": len(kinds) - 1}[cut]
    path.write_text("\n".join(raw[:index] + raw[index + 1:]) + "\n")
    code, out, err = run_main(replay, capsys, str(path), "--verify", games=GAMES)
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "Traceback" not in err
    assert str(path) in err


def test_a_corrupted_digest_fails_at_its_command(tmp_path, capsys):
    path = _scenario_log(tmp_path)
    lines = [json.loads(raw) for raw in path.read_text().splitlines()]
    second = [line for line in lines if line["k"] == "digest"][1]
    second["d"] = "0" * 16
    record.write_log(path, lines)
    code, out, err = run_main(replay, capsys, str(path), "--verify", games=GAMES)
    assert code == 1 and err == ""
    (line,) = out.splitlines()
    assert line.startswith("not verified: ratscrew: digests part at command 16 ")
    assert "commands 9–16" in line and "log 0000000000000000" in line


def test_a_tampered_command_fails_at_the_first_digest_after_it(tmp_path, capsys):
    path = _scenario_log(tmp_path)
    lines = [json.loads(raw) for raw in path.read_text().splitlines()]
    played = []
    replay.verify(record.read_log(path), games.GAMES, lambda line, events: played.append(line["i"]) if any(
        isinstance(x.event, rs.CardPlayed) for x in events) and line["source"] == "human" else None)
    target = next(line for line in lines if line["k"] == "cmd" and line["i"] in played and line["i"] % 8 == 3)
    target["seat"] = 1 - target["seat"]  # the other human pressed instead, off turn: ignored
    record.write_log(path, lines)
    code, out, _ = run_main(replay, capsys, str(path), "--verify", games=GAMES)
    assert code == 1
    checkpoint = target["i"] + 5
    assert f"digests part at command {checkpoint} " in out
    assert f"commands {checkpoint - 7}–{checkpoint}" in out


def test_a_changed_result_or_final_digest_fails(tmp_path, capsys):
    path = _scenario_log(tmp_path)
    lines = [json.loads(raw) for raw in path.read_text().splitlines()]
    lines[-1]["digest"] = "f" * 16
    record.write_log(path, lines)
    code, out, _ = run_main(replay, capsys, str(path), "--verify", games=GAMES)
    assert code == 1 and "final digests part" in out
    lines[-1]["digest"], lines[-1]["result"]["winner"] = json.loads(_scenario_log(tmp_path).read_text()
                                                                     .splitlines()[-1])["digest"], 0
    record.write_log(path, lines)
    code, out, _ = run_main(replay, capsys, str(path), "--verify", games=GAMES)
    assert code == 1 and "the result parts" in out


def _malformed(tmp_path: Path) -> dict[str, Path]:
    good = _scenario_log(tmp_path).read_text().splitlines()
    header = json.loads(good[0])
    cases: dict[str, str | None] = {
        "missing": None,
        "empty": "",
        "not json": "this is not a log\n",
        "a list": "[1, 2]\n",
        "wrong version": "\n".join([json.dumps({**header, "format": 99})] + good[1:]),
        "unknown game": "\n".join([json.dumps({**header, "game": "chess"})] + good[1:]),
        "bad rules": "\n".join([json.dumps({**header, "rules": {"burn": -1}})] + good[1:]),
        "no seats": "\n".join([json.dumps({k: v for k, v in header.items() if k != "seats"})] + good[1:]),
        "cut short": "\n".join(good[: len(good) // 2]),
        "truncated line": "\n".join(good[:-1] + [good[-1][:20]]),
        "half a command": "\n".join(good[:1] + [json.dumps({k: v for k, v in json.loads(good[1]).items()
                                                            if k != "source"})] + good[2:]),
        "binary": None,
    }
    paths = {}
    for name, text in cases.items():
        path = tmp_path / f"{name.replace(' ', '-')}.jsonl"
        if name == "binary":
            path.write_bytes(b"\xff\xfe\x00garbage")
        elif text is not None:
            path.write_text(text)
        paths[name] = path
    paths["a folder"] = tmp_path
    return paths


def test_malformed_files_exit_2_with_one_line_and_no_traceback(tmp_path, capsys):
    for name, path in _malformed(tmp_path).items():
        for argv in ([str(path), "--verify"], [str(path)]):
            code, out, err = run_main(replay, capsys, *argv, games=GAMES)
            assert code == 2, (name, out, err)
            assert out == "" and len(err.splitlines()) == 1 and "Traceback" not in err, (name, err)
    with pytest.raises(record.LogError, match="sequence number"):
        record.parse_log(['{"n": 1, "k": "header"}'])


def test_the_real_command_line_verifies_and_refuses(tmp_path):
    import subprocess
    import sys

    path = _scenario_log(tmp_path)
    root = Path(__file__).resolve().parents[1]
    ok = subprocess.run([sys.executable, "-m", "game", "replay", str(path), "--verify"], cwd=root,
                        capture_output=True, text=True, timeout=60, check=False)
    assert ok.returncode == 0 and ok.stdout.startswith("verified: ratscrew")
    bad = subprocess.run([sys.executable, "-m", "game", "replay", str(tmp_path / "nope.jsonl"), "--verify"],
                         cwd=root, capture_output=True, text=True, timeout=60, check=False)
    assert bad.returncode == 2 and len(bad.stderr.splitlines()) == 1 and "Traceback" not in bad.stderr
    assert bad.stderr.startswith("couchcards replay: "), bad.stderr  # named as the user typed it, as its --help is


# ---- sim --record --------------------------------------------------------------------------------------


@pytest.mark.parametrize("argv, game, games", [
    (["nothanks", "--bots", "hard,medium,greedy", "--iterations", "30", "--games", "3"], "nothanks", 3),
    (["nothanks", "--edition", "numbered", "--bots", "random,easy,hard", "--iterations", "20",
      "--rule", "hidden_matches=on", "--games", "2"], "nothanks", 2),
    (["ratscrew", "--bots", "pro,random,kid", "--games", "3", "--rule", "burned_live=on"], "ratscrew", 3),
])
def test_sim_record_writes_one_log_per_game_and_each_verifies(tmp_path, capsys, argv, game, games):
    folder = tmp_path / "logs"
    code, out, err = run_main(sim, capsys, *argv, "--record", str(folder))
    assert code == 0 and f"recorded {games} games" in err
    paths = sorted(folder.iterdir())
    assert len(paths) == games
    for path in paths:
        code, out, err = run_main(replay, capsys, str(path), "--verify", games=GAMES)
        assert code == 0 and out.startswith(f"verified: {game}, "), (path, out, err)


def test_sim_record_refuses_the_tournament_path(tmp_path, capsys):
    code, _, err = run_main(sim, capsys, "nothanks", "--seat-balanced", "--games", "3",
                            "--record", str(tmp_path))
    assert code == 2 and "--record" in err


# ---- recent games --------------------------------------------------------------------------------------


def _finished_log():
    m = RatscrewMatch(rs.Rules(), [SeatSpec("bot", "random")] * 2, seed=9, start_ns=0)
    while not m.is_over:
        m.advance(m.next_due_ns())
    return m.log


def test_save_recent_keeps_the_newest_50(tmp_path):
    log = _finished_log()
    saved = [record.save_recent(log, tmp_path) for _ in range(53)]
    assert all(isinstance(p, Path) for p in saved)
    kept = sorted((tmp_path / "replays").iterdir())
    assert len(kept) == 50 and kept == sorted(saved[3:])
    assert record.read_log(kept[-1]).footer["over"]


def test_the_data_folder_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHCARDS_DATA_DIR", str(tmp_path / "data"))
    assert record.data_dir() == tmp_path / "data"
    path = record.save_recent(_finished_log())
    assert path.parent == tmp_path / "data" / "replays"
    monkeypatch.delenv("COUCHCARDS_DATA_DIR")
    assert record.data_dir().name == "couch-cards"


def test_save_recent_never_raises_on_a_refusing_disk(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    warning = record.save_recent(_finished_log(), blocker)
    assert isinstance(warning, str) and warning.startswith("the replay was not saved")

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_text", full)
    warning = record.save_recent(_finished_log(), tmp_path)
    assert isinstance(warning, str) and "No space left" in warning
    assert not [p for p in (tmp_path / "replays").iterdir()]


def test_an_unfinished_game_saves_with_a_footer_that_says_so(tmp_path):
    m = RatscrewMatch(rs.Rules(), [HUMAN, HUMAN], seed=4, start_ns=0)
    m.submit(Command(0, "play", 10 * MS))
    m.advance(20 * MS)
    m.close()
    log = record.read_log(record.save_recent(m.log, tmp_path))
    assert log.footer["over"] is False and log.footer["commands"] == 1
    assert replay.verify(log, games.GAMES).ok


def test_recording_can_be_off_and_costs_nothing_then():
    m = RatscrewMatch(rs.Rules(), [SeatSpec("bot", "random")] * 3, seed=2, start_ns=0, record=False)
    while not m.is_over:
        m.advance(m.next_due_ns())
    assert m.log.body == [] and m.log.commands == 0
