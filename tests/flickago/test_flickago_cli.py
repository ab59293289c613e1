"""The command line of section 10, run as a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from engine.flickago import rules
from engine.flickago.data import CONFORMANCE
from engine.flickago.record import verify

ROOT = Path(__file__).resolve().parents[2]
SPEC_SEED = "3f0c00000000000000000000000000000000000000000000000000000000a1b2"


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine.flickago", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        input=stdin,
    )


def one_line(*args: str) -> Any:
    out = cli(*args)
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    lines = out.stdout.splitlines()
    assert len(lines) == 1
    return json.loads(lines[0])


def refused(*args: str) -> str:
    out = cli(*args)
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.splitlines()) == 1
    return out.stderr


def write(tmp_path: Path, data: Any, name: str = "state.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


def test_simulate_prints_the_conformance_shot() -> None:
    out = one_line("simulate")
    assert set(out) == {"sim", "keyframes", "falls", "rest"}
    assert out["sim"] == {"steps": 357, "capped": False} and out["falls"] == []
    assert out["rest"] == CONFORMANCE["rest"] and len(out["keyframes"]) == 23
    assert out["keyframes"][0] == [33, [["wT1", 1508, 821]]]
    assert out["keyframes"][-1][0] == 744


def test_apply_reproduces_the_spec_example(tmp_path: Path) -> None:
    state, _ = rules.new_state(SPEC_SEED)
    state = rules.apply_action(state, {"type": "text", "text": "wT2@T2 900/500"}).state
    out = one_line("apply", write(tmp_path, state), "bT1@T1 900/1000")
    assert out["event"] == {
        "ply": 2,
        "side": "b",
        "returns": [],
        "shot": {"piece": "bT1", "from": "T1", "angle": 900, "power": 1000},
        "applied": None,
        "sim": {"steps": 56, "capped": False},
        "keyframes": [
            [33, [["bT1", 2740, 6222]]],
            [67, [["bT1", 2740, 6748]]],
            [100, [["bT1", 2740, 7257]]],
            [117, [["I1", 900, 3000], ["I2", 2100, 3000], ["I3", 3300, 3000], ["wT2", 2100, 2597]]],
        ],
        "falls": [["bT1", 56]],
        "rest": {"I1": [90.0, 300.0], "I2": [210.0, 300.0], "I3": [330.0, 300.0], "wT2": [210.0, 259.734]},
        "resolution": {"removed": ["bT1"], "eliminated": [["bT1", "off"]], "inspectors": [], "flipped": None},
        "score": {"w": 0, "b": 0},
    }
    assert out["state"] == {
        "options": {
            "inspector_points": "far_half",
            "off_board": "no_overlap",
            "hq_elimination": "centre",
            "returned_family": "reset",
            "first_player": "random",
            "jitter": "off",
            "safe_zone_points": "own",
            "max_shots": 120,
        },
        "rng": {"seed": SPEC_SEED, "counter": 1},
        "pos": {"I1": [90.0, 300.0], "I2": [210.0, 300.0], "I3": [330.0, 300.0], "wT2": [210.0, 259.734]},
        "reserve": {
            "w": ["wF1", "wF2", "wF3", "wF4", "wF5", "wT1", "wT3", "wT4", "wT5", "wT6", "wT7"],
            "b": ["bF1", "bF2", "bF3", "bF4", "bF5", "bT2", "bT3", "bT4", "bT5", "bT6", "bT7"],
        },
        "flicks": {**dict.fromkeys(rules.DISCS, 0), "wT2": 1, "bT1": 1},
        "eliminated": ["bT1"],
        "waiting": [],
        "to_move": "w",
        "phase": "turn",
        "shots": 2,
        "passes": 0,
        "returns": [],
        "last_mover": {},
        "result": None,
    }


def test_apply_a_return_and_legal(tmp_path: Path) -> None:
    state, _ = rules.new_state(SPEC_SEED, {"first_player": "host"})
    state["pos"]["wT3"] = [210.0, 470.0]
    state["reserve"]["w"].remove("wT3")
    state["flicks"]["wT3"] = 1
    path = write(tmp_path, state)
    out = cli("legal", path)
    assert (
        out.returncode == 0 and out.stdout.splitlines()[0] == "^wT3" and "wF1@F1" in out.stdout.splitlines()
    )
    assert one_line("apply", path, "^wT3")["event"] == {"ply": 1, "side": "w", "return": "wT3"}


def test_bad_input_exits_2_with_one_line(tmp_path: Path) -> None:
    state, _ = rules.new_state(SPEC_SEED)
    good = write(tmp_path, state)
    assert "T point" in refused("apply", good, "wT1@F1 900/500")
    assert "not an action" in refused("apply", good, "wT1 to the moon")
    assert "angle" in refused("apply", good, "wT1@T1 3600/500")
    assert "not yours" in refused("apply", good, "bT1@T1 900/500")
    bad = dict(state)
    del bad["waiting"]
    assert "missing" in refused("apply", write(tmp_path, bad, "bad.json"), "wT1@T1 900/500")
    (tmp_path / "junk.json").write_text("{nope")
    assert "not JSON" in refused("legal", str(tmp_path / "junk.json"))
    assert "cannot read" in refused("legal", str(tmp_path / "missing.json"))
    refused("frobnicate")
    assert "level" in refused("bot", "--level", "godlike")


def test_selfplay_prints_a_record_that_verifies() -> None:
    record = one_line("selfplay", "--seed", "ab" * 32, "--level", "easy", "--option", "max_shots=6")
    assert record["game"] == "flickago" and record["seed"] == "ab" * 32
    assert record["result"] is not None and len([t for t in record["turns"] if "shot" in t]) == 6
    assert verify(record) == []
    assert "max_shots" in refused("selfplay", "--seed", "ab" * 32, "--option", "max_shots=zero")


def test_verify_command(tmp_path: Path) -> None:
    record = one_line("selfplay", "--seed", "cd" * 32, "--level", "easy", "--option", "max_shots=4")
    path = write(tmp_path, record, "record.json")
    out = cli("verify", path)
    assert out.returncode == 0 and out.stdout == "ok\n"
    record["seed_commitment"] = "0" * 64
    out = cli("verify", write(tmp_path, record, "tampered.json"))
    assert out.returncode == 1 and "seed_commitment" in out.stdout


def test_bot_protocol_answers_action_strings() -> None:
    from engine.flickago import FLICKAGO

    match = FLICKAGO.new_game(SPEC_SEED, {"first_player": "host"})
    view = FLICKAGO.view(match, 0)
    requests = [
        json.dumps({"view": view, "history": [], "side": "w"}),
        "not json",
        json.dumps({"view": view, "history": [], "side": "b"}),
    ]
    out = cli("bot", "--level", "easy", stdin="\n".join(requests) + "\n")
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(lines) == 3
    assert (isinstance(lines[0], str) and lines[0].startswith("wT")) or lines[0].startswith("wF")
    assert "error" in lines[1] and "error" in lines[2]
    applied = FLICKAGO.apply(match, 0, {"type": "text", "text": lines[0]})
    assert applied.state.state["shots"] == 1
