"""The command line, the JSON record, the text export and verify (spec section 13)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from prohibition_position import started

from engine.core import SPECTATOR
from engine.fairness import seed_commitment, state_commitment
from engine.prohibition import PROHIBITION as G
from engine.prohibition import rules, serialize
from engine.prohibition.cli import main, selfplay
from engine.prohibition.record import record, record_text, replay, verify
from engine.record import MalformedRecord, check_shape

SEED = "9a" * 32


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine.prohibition", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_legal_and_apply_on_a_stored_state(tmp_path: Path) -> None:
    state = rules.new_state(SEED, None, 4)
    path = tmp_path / "state.json"
    path.write_text(json.dumps(serialize.to_dict(state)))
    done = run("legal", str(path))
    assert done.returncode == 0 and done.stdout.split("\n")[:-1] == rules.legal(state)
    done = run("apply", str(path), "place T4 W2")
    assert done.returncode == 0
    after = serialize.from_dict(json.loads(done.stdout))
    assert serialize.to_dict(after) == serialize.to_dict(rules.apply(state, "place T4 W2"))
    done = run("legal", "-", stdin=json.dumps(serialize.to_dict(after)))
    assert done.returncode == 0 and "place T3 W1" in done.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("legal", "/no/such/file.json"),
        ("apply", "STATE", "place T1 W2"),
        ("apply", "STATE", "fly to the moon"),
        ("selfplay", "--players", "5", "--seed", SEED),
        ("selfplay", "--players", "3", "--seed", "xyz"),
        ("selfplay", "--players", "3", "--seed", SEED, "--option", "layout=round"),
        ("selfplay", "--players", "3", "--seed", SEED, "--level", "grandmaster"),
        ("selfplay", "--players", "3"),
        ("dance",),
    ],
)
def test_bad_input_exits_2_with_one_line(args: tuple[str, ...], tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    path.write_text(json.dumps(serialize.to_dict(rules.new_state(SEED, None, 4))))
    argv = [str(path) if a == "STATE" else a for a in args]
    assert main(argv) == 2


def test_bad_state_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    done = run("legal", str(path))
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and done.stderr.startswith("error:")
    path.write_text(json.dumps({"game": "chess"}))
    assert run("legal", str(path)).returncode == 2


def test_selfplay_prints_a_record_that_verifies() -> None:
    done = run("selfplay", "--players", "3", "--seed", SEED, "--level", "easy", "--option", "layout=inverted")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    check_shape(data)
    assert data["seed"] == SEED and data["seed_commitment"] == seed_commitment(SEED)
    assert data["options"]["layout"] == "inverted"
    assert data["result"]["reason"] == "score"
    assert verify(data) == []
    assert data == selfplay(3, SEED, "easy", {"layout": "inverted"})


def test_record_header_and_commitment() -> None:
    state = started(4)
    data = record(state)
    for key in ("game", "rules", "data", "engine", "options", "players", "time_control", "seed_commitment"):
        assert key in data
    assert "seed" not in data  # not over yet
    assert [p["seat"] for p in data["players"]] == [1, 2, 3, 4]
    assert [p["trucks"] for p in data["players"]] == [["T1"], ["T2"], ["T3"], ["T4"]]
    # The state commitment is the start of play: the state after the last pick.
    before = rules.new_state(started(4).rng.seed, None, 4)
    while before.phase in ("place", "pick"):
        before = rules.apply(before, rules.default(before, min(rules.actors(before))) or "")
    assert data["state_commitment"] == state_commitment(state.rng.seed, serialize.to_dict(before))
    spectator = record(state, viewer=SPECTATOR)
    assert any(e["a"] == "deck ?" for e in spectator["events"])


def test_text_export_lines() -> None:
    final = json.loads(json.dumps(selfplay(3, SEED, "easy", {})))
    state, _, failures = replay(SEED, final["options"], 3, [(e["by"], e["a"]) for e in final["events"]])
    assert failures == []
    text = record_text(state)
    lines = text.splitlines()
    assert lines[0].startswith("0 {seats ") and "place T3" in lines[0] and "{deal T1 " in lines[0]
    assert lines[1].startswith("1.1 T1 {firstload T1 ")
    pattern = re.compile(r"\d+\.\d T\d( (dice [NPC]{2} \d|[^{ ]+|\{[^}]+\}))+")
    for line in lines[1:]:
        assert pattern.fullmatch(line), line
    assert "use " not in text
    assert lines[-1].endswith("}") and "{score T1 " in lines[-1]
    assert len(lines) == 1 + sum(1 for e in final["events"] if e["a"].startswith("dice "))


def test_two_player_text_export_skips_use() -> None:
    final = selfplay(2, SEED, "easy", {})
    state, _, _ = replay(SEED, final["options"], 2, [(e["by"], e["a"]) for e in final["events"]])
    lines = record_text(state).splitlines()
    assert lines[1].split()[0] == "1.1" and "use" not in lines[1]
    assert any(e["a"].startswith("use ") for e in final["events"])


def test_verify_finds_what_was_changed() -> None:
    data = selfplay(3, SEED, "easy", {})
    assert verify(data) == []
    changed = json.loads(json.dumps(data))
    changed["state_commitment"] = "0" * 64
    assert any(f.startswith("state_commitment") for f in verify(changed))
    changed = json.loads(json.dumps(data))
    deal = next(e for e in changed["events"] if e["a"].startswith("deal T2"))
    deal["a"] = "deal T2 L01 L02 L03"
    assert any("event" in f for f in verify(changed))
    changed = json.loads(json.dumps(data))
    del changed["seed"]
    assert verify(changed) == ["seed: not revealed (a record verifies only once the game is over)"]
    changed = json.loads(json.dumps(data))
    changed["events"] = changed["events"][:-3]
    assert verify(changed)
    with pytest.raises(MalformedRecord):
        verify({"game": "prohibition"})


def test_withdrawals_replay_from_the_record() -> None:
    state = started(3)
    a, b, c = state.order
    state = G.withdraw(state, b, "timeout").state
    seat = min(G.actors(state))
    state = G.apply(state, seat, G.legal_actions(state, seat)[0]).state
    state = G.withdraw(state, c, "abandon").state
    assert state.result is not None and state.result.winners == (a,)
    data = record(state)
    assert verify(data) == []
    texts = [e["a"] for e in data["events"]]
    assert "timeout 2" in texts and "zombie 2" in texts and "zombie 3" in texts
