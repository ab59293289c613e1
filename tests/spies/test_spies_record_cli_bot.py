"""The record and verification (15.3), the command line, the autopilot (section 19)."""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys

import pytest

from engine.core import SPECTATOR
from engine.errors import GameError
from engine.fairness import seed_commitment
from engine.record import check_shape
from engine.spies import rules, serialize
from engine.spies.bot import LEVELS, decide, decide_text
from engine.spies.bot.protocol import run_protocol
from engine.spies.cli import main, selfplay
from engine.spies.entry import ENTRY
from engine.spies.game import SPIES
from engine.spies.record import record, record_text, verify

SEED = "cd" * 32


@pytest.fixture(scope="module")
def finished() -> rules.State:
    return selfplay(3, SEED, "basic", {})


def test_a_finished_record_verifies_and_an_altered_one_does_not(finished: rules.State) -> None:
    data = record(finished)
    check_shape(data)
    assert data["seed"] == SEED and data["seed_commitment"] == seed_commitment(SEED)
    assert verify(data) == []
    assert ENTRY.verify(json.loads(json.dumps(data))) == []
    bad = copy.deepcopy(data)
    roll = next(e for e in bad["events"] if e["a"].startswith("! draw"))
    roll["a"] = roll["a"][:-3] + ("DIS" if not roll["a"].endswith("DIS") else "PAP")
    assert verify(bad) != []
    wrong = copy.deepcopy(data)
    wrong["result"]["winners"] = [9]
    assert verify(wrong) != [] or wrong["result"] == data["result"]


def test_a_record_during_play_hides_the_seed_and_a_seats_copy_has_stubs() -> None:
    state = rules.new_state(SEED, {}, 4)
    data = record(state)
    assert "seed" not in data and data["state_commitment"] is None
    public = record(state, viewer=SPECTATOR)
    assert public["events"][0]["a"] == "! setup ?" and public["events"][1]["a"] == "! deal G ? ? ?"
    mine = record(state, viewer=1)  # Russia's seat: its own faces, nobody else's
    faces = mine["events"][0]["a"].split(" ")[2:]
    assert faces and all(state.spies.get(f[:3]) is None or state.spies[f[:3]].power == "R" for f in faces)
    assert mine["events"][1]["a"] == "! deal G ? ? ?"


def test_record_text_has_the_header_tags_and_sections(finished: rules.State) -> None:
    text = record_text(finished)
    assert text.startswith('[Game "Spies!"]\n[Rules "spies-1"]\n[Data "sha256:')
    assert "\n# setup\n1. ! setup s01=" in text and "\n# talk pregame\n" in text and "\n# 1933 G\n" in text
    assert '[Seed "' + SEED + '"]' in text


def test_cli_legal_apply_and_errors(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    state = rules.new_state(SEED, {}, 5)
    path = f"{tmp_path}/state.json"
    with open(path, "w", encoding="utf-8") as f:
        json.dump(serialize.to_dict(state), f)
    assert main(["legal", path]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "G place x01 BER" in lines
    assert main(["apply", path, "0", "G place x01 BER"]) == 0
    after = serialize.from_dict(json.loads(capsys.readouterr().out))
    assert after.secrets["x01"].city == "BER"
    assert main(["apply", path, "0", "G place x01 PAR"]) == 2
    assert capsys.readouterr().err.startswith("error: ")


def test_python_dash_m_selfplay_prints_a_record_file() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "engine.spies", "selfplay", "--players", "2", "--seed", "ef" * 32],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert out.startswith('[Game "Spies!"]') and "= score" in out


@pytest.mark.parametrize("level", [*LEVELS, "random"])
def test_every_level_answers_every_decision_legally_to_the_end(level: str) -> None:
    options = {
        "russia_control": "bidding",
        "setup_order": "simultaneous" if level == "shrewd" else "sequential",
    }
    state = rules.new_state("12" * 32, options, 4)
    kinds = set()
    while state.result is None:
        seat = min(rules.actors(state))
        view = SPIES.view(state, seat)
        kinds.add(view["decision"]["kind"])
        line = decide_text(view, level, 3)
        assert line in view["legal"] or line.split(" ")[1] in ("search", "police"), (line, view["decision"])
        state = rules.apply(state, seat, line)
    assert {"place", "bid", "ready", "turn"} <= kinds


def test_same_view_level_and_seed_give_the_same_line() -> None:
    state = rules.new_state("34" * 32, {}, 5)
    while state.year == 0:
        seat = min(rules.actors(state))
        state = rules.apply(state, seat, decide_text(SPIES.view(state, seat), "basic", 1))
    view = SPIES.view(state, 0)
    assert decide(view, "shrewd", 5) == decide(view, "shrewd", 5)


def test_the_bot_protocol_answers_lines() -> None:
    state = rules.new_state("56" * 32, {}, 5)
    view = SPIES.view(state, 0)
    request = {"view": view, "history": view["history"], "seat": 0, "power": "G", "decision": "place"}
    stdin = io.StringIO(json.dumps(request) + "\n\nnot json\n")
    stdout = io.StringIO()
    assert run_protocol(stdin, stdout, level="basic") == 0
    first, second = stdout.getvalue().splitlines()
    assert json.loads(first) in view["legal"] and "error" in json.loads(second)
    bad = io.StringIO()
    assert run_protocol(io.StringIO(""), bad, level="nonsense") == 2


def test_an_expired_window_plays_its_default_written_expired_and_replays() -> None:
    state = rules.new_state("9a" * 32, {}, 3)
    default = rules.default(state, 0)
    assert default is not None
    with pytest.raises(GameError):
        SPIES.apply(state, 0, {"type": "act", "text": "G place x02 HAM", "expired": True})
    after = SPIES.apply(state, 0, {"type": "act", "text": default, "expired": True}).state
    assert [e.text for e in after.log[-2:]] == ["= expired 1", default]
    while after.result is None:
        seat = min(rules.actors(after))
        after = (
            rules.expire(after, seat)
            if after.decision and after.decision["kind"] == "ready"
            else rules.apply(after, seat, decide_text(SPIES.view(after, seat), "basic", 1))
        )
    data = record(after)
    assert any(e["a"] == "= expired 1" for e in data["events"]) and verify(data) == []


def test_replay_and_legal_read_a_record_file(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    state = selfplay(4, "ab" * 32, "shrewd", {"setup_order": "simultaneous", "russia_control": "bidding"})
    path = f"{tmp_path}/game.txt"
    with open(path, "w", encoding="utf-8") as f:
        f.write(record_text(state))
    assert main(["replay", path]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["scores"] == state.scores and out["result"] == state.result.to_dict()  # type: ignore[union-attr]
    text = record_text(state).replace("\n12. ", "\n12. X", 1)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    assert main(["replay", path]) == 2
    assert capsys.readouterr().err.startswith("error: event 12")
