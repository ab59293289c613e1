"""Commitments and game records (chance.md, protocol.md): a finished Speak Easy game's JSON
record verifies; altering a chance draw, a setup, a move, the result or the seed makes
``python -m engine verify`` fail with exit 1 and a line naming the check; a malformed record
exits 2 with one line."""

from __future__ import annotations

import copy
import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from engine_helpers import ROOT

from engine.__main__ import main
from engine.core import Result
from engine.fairness import canonical, seed_commitment, state_commitment, verify
from engine.record import MalformedRecord
from engine.rng import new_seed
from engine.speakeasy import ENTRY, SPEAKEASY
from engine.speakeasy.json_record import start_of_play
from engine.speakeasy.state import State

VECTOR_SEED = bytes(range(32)).hex()


def play(seed: str | int, preset: str = "speakeasy", plies: int | None = None, rng_seed: int = 1) -> State:
    rng = random.Random(rng_seed)
    state = SPEAKEASY.new_game(seed, {"preset": preset})
    for side in (1, 0):
        state = SPEAKEASY.apply(state, side, SPEAKEASY.default_action(state, side) or {}).state
    while not SPEAKEASY.is_over(state) and (plies is None or state.ply < plies):
        state = SPEAKEASY.apply(
            state, state.to_move, rng.choice(SPEAKEASY.legal_actions(state, state.to_move))
        ).state
    return state


@pytest.fixture(scope="module")
def finished() -> dict[str, Any]:
    return ENTRY.record(play(hashlib.sha256(b"a finished game").hexdigest()))


def run(record: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str], str]:
    path = tmp_path / "record.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record))
    code = main(["verify", str(path)])
    out = capsys.readouterr()
    return code, out.out.splitlines(), out.err


# -- commitments --------------------------------------------------------------------------------
def test_commitments_as_chance_md_defines_them() -> None:
    assert seed_commitment(VECTOR_SEED) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    state = {"b": [1, "é"], "a": {"y": None, "x": True}}
    assert canonical(state) == '{"a":{"x":true,"y":null},"b":[1,"é"]}'.encode()
    assert (
        state_commitment(VECTOR_SEED, state)
        == hashlib.sha256(bytes(range(32)) + canonical(state)).hexdigest()
    )
    with pytest.raises(ValueError):
        seed_commitment("00" * 31)


# -- the record ---------------------------------------------------------------------------------
def test_a_finished_game_record_has_the_shared_shape_and_verifies(finished: dict[str, Any]) -> None:
    assert set(finished) == {
        "game",
        "rules",
        "options",
        "players",
        "seed_commitment",
        "state_commitment",
        "seed",
        "result",
        "events",
    }
    events = finished["events"]
    assert [e["n"] for e in events] == list(range(1, len(events) + 1))
    assert [e["by"] for e in events[:3]] == [0, 1, "chance"]
    assert events[0]["a"].startswith("setup ") and events[2]["a"] in ("first s", "first n")
    assert events[-1]["by"] == "engine" and events[-1]["a"].startswith("end ")
    assert finished["seed_commitment"] == seed_commitment(finished["seed"])
    assert verify(finished) == []
    assert json.loads(json.dumps(finished)) == finished


def test_the_state_commitment_is_the_start_of_play(finished: dict[str, Any]) -> None:
    # What the server sends when play starts: the state as the second setup leaves it.
    seed = finished["seed"]
    state = SPEAKEASY.new_game(seed, finished["options"])
    for event in finished["events"][:2]:
        state = SPEAKEASY.apply(state, event["by"], {"type": "setup", "position": event["a"][6:]}).state
    assert SPEAKEASY.is_started(state)
    assert finished["state_commitment"] == state_commitment(seed, SPEAKEASY.to_dict(state))
    assert start_of_play(state) is not None


def test_a_game_in_progress_has_no_seed_and_does_not_verify() -> None:
    state = play(new_seed(), plies=10)
    record = ENTRY.record(state)
    assert "seed" not in record and record["result"] is None
    assert verify(record) == ["seed: not revealed (a record verifies only once the game is over)"]


@pytest.mark.parametrize("ending", [Result.win(0, "resign"), Result.draw("agreement"), Result.aborted()])
def test_endings_from_outside_verify(ending: Result) -> None:
    state = play(new_seed(), "luzhanqi", plies=30)
    record = ENTRY.record(SPEAKEASY.conclude(state, ending).state)
    assert record["events"][-1] == {"n": len(record["events"]), "by": "engine", "a": ENDS[ending.outcome]}
    assert verify(record) == []


ENDS = {"win": "end win s resign", "draw": "end draw - agreement", "aborted": "end aborted - aborted"}


def test_a_game_ended_during_setup_has_no_state_commitment() -> None:
    state = SPEAKEASY.new_game(new_seed())
    state = SPEAKEASY.apply(state, 0, SPEAKEASY.default_action(state, 0) or {}).state
    record = ENTRY.record(SPEAKEASY.conclude(state, Result.aborted()).state)
    assert record["state_commitment"] is None and [e["by"] for e in record["events"]] == [0, "engine"]
    assert verify(record) == []


def test_a_legacy_stream_game_verifies_without_commitments() -> None:
    record = ENTRY.record(SPEAKEASY.conclude(play(424242, plies=40), Result.win(1, "resign")).state)
    assert (
        record["seed"] == 424242 and record["seed_commitment"] is None and record["state_commitment"] is None
    )
    assert verify(record) == []
    record["events"][2]["a"] = "first " + "sn"["sn".index(record["events"][2]["a"][-1]) ^ 1]
    assert any("the seed draws" in line for line in verify(record))


# -- tampering ----------------------------------------------------------------------------------
def flip_first(record: dict[str, Any]) -> None:
    event = record["events"][2]
    event["a"] = "first n" if event["a"] == "first s" else "first s"


def swap_setup(record: dict[str, Any]) -> None:
    # Two of North's pieces of different kinds trade places: still a legal setup.
    rows = record["events"][1]["a"][6:].split("/")
    row = rows[1]
    pieces = [row[i : i + 2] for i in range(0, len(row), 2)]
    for i in range(len(pieces)):
        for j in range(i + 1, len(pieces)):
            if (
                pieces[i] != pieces[j]
                and "nB" not in (pieces[i], pieces[j])
                and "nS" not in (pieces[i], pieces[j])
            ):
                pieces[i], pieces[j] = pieces[j], pieces[i]
                rows[1] = "".join(pieces)
                record["events"][1]["a"] = "setup " + "/".join(rows)
                return
    raise AssertionError("no two different pieces to swap")


def other_seed(record: dict[str, Any]) -> None:
    record["seed"] = new_seed()


def other_result(record: dict[str, Any]) -> None:
    record["result"] = Result.draw("agreement").to_dict()


def bad_move(record: dict[str, Any]) -> None:
    record["events"][5]["a"] = "a1-a2"


@pytest.mark.parametrize(
    ("tamper", "expected"),
    [
        (flip_first, "event 3 (chance): the record has"),
        (swap_setup, "state_commitment: the replayed start of play hashes to"),
        (other_seed, "seed_commitment: the revealed seed hashes to"),
        (other_result, "result: the replay gives"),
        (bad_move, "event 6 ("),
    ],
)
def test_tampering_fails_with_exit_1_and_a_line(
    tamper: Any, expected: str, finished: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(finished, tmp_path, capsys)[:2] == (0, ["ok"])
    record = copy.deepcopy(finished)
    tamper(record)
    code, lines, err = run(record, tmp_path, capsys)
    assert code == 1 and err == ""
    assert lines and "ok" not in lines
    assert any(line.startswith(expected) for line in lines), lines


def malformed(what: str, finished: dict[str, Any]) -> Any:
    if what == "not json":
        return "{not json"
    if what == "a list":
        return "[1, 2]"
    if what == "no header":
        return {"game": "speakeasy"}
    record = copy.deepcopy(finished)
    if what == "chess":
        record["game"] = "chess"
    elif what == "events":
        record["events"] = {"n": 1}
    elif what == "numbering":
        record["events"][1]["n"] = 5
    elif what == "seed":
        record["seed"] = "XYZ"
    elif what == "options":
        record["options"] = {"no_such_rule": True}
    elif what == "players":
        record["players"] = [{"seat": 0}]
    return record


@pytest.mark.parametrize(
    ("what", "reason"),
    [
        ("not json", "not JSON"),
        ("a list", "a record is a JSON object"),
        ("no header", "the record has no"),
        ("chess", "no registered game is named 'chess'"),
        ("events", "'events' is a list"),
        ("numbering", "event 2 is numbered 5"),
        ("seed", "'seed' is 64 lowercase hex digits"),
        ("options", "options: unknown rule option"),
        ("players", "players is"),
    ],
)
def test_a_malformed_record_exits_2_with_one_line(
    what: str, reason: str, finished: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = malformed(what, finished)
    code, lines, err = run(record, tmp_path, capsys)
    assert code == 2 and lines == []
    assert len(err.splitlines()) == 1 and err.startswith("malformed record: ") and reason in err, err
    if not isinstance(record, str):
        with pytest.raises(MalformedRecord):
            verify(record)


def test_the_command_line(finished: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(finished))
    listed = subprocess.run(
        [sys.executable, "-m", "engine", "list"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert listed.returncode == 0 and "speakeasy" in listed.stdout.splitlines()
    ok = subprocess.run(
        [sys.executable, "-m", "engine", "verify", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (ok.returncode, ok.stdout) == (0, "ok\n")
    flip_first(finished_copy := copy.deepcopy(finished))
    bad = subprocess.run(
        [sys.executable, "-m", "engine", "verify", "-"],
        cwd=ROOT,
        input=json.dumps(finished_copy),
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 1 and "the seed draws" in bad.stdout
    usage = subprocess.run(
        [sys.executable, "-m", "engine"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert usage.returncode == 2
