"""The JSON-lines protocol of spec section 10: every request answered, bad ones with an
error line, and a whole game played through it (and through the command line)."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys

from engine.speakeasy import SPEAKEASY
from engine.speakeasy.bot.protocol import Session, run_protocol
from engine.speakeasy.rules import PRESETS
from engine.speakeasy.setup import random_setup
from engine.speakeasy.view import history_entry, position_for


def request_for(state, side: int) -> str:  # type: ignore[no-untyped-def]
    faces = state.options.reveal_on_combat
    history = [history_entry(e, faces) for e in state.entries()]
    return json.dumps({"view": position_for(state, side), "history": history, "side": "sn"[side]})


def test_bad_requests_get_an_error_line_and_the_loop_goes_on() -> None:
    lines = [
        "not json",
        "[1, 2]",
        '{"setup": "x"}',
        '{"view": "nonsense"}',
        '{"view": 3}',
        '{"hello": 1}',
        '{"setup": "s"}',
    ]
    out = io.StringIO()
    assert run_protocol(io.StringIO("\n".join(lines) + "\n"), out, level="easy", seed=1) == 0
    answers = out.getvalue().splitlines()
    assert len(answers) == len(lines)
    for answer in answers[:-1]:
        assert "error" in json.loads(answer)
    SPEAKEASY.apply(SPEAKEASY.new_game(1), 0, {"type": "setup", "position": answers[-1]})


def test_unknown_level_is_refused() -> None:
    out = io.StringIO()
    assert run_protocol(io.StringIO(""), out, level="godlike") == 2
    assert "error" in json.loads(out.getvalue())


def test_wrong_side_to_move_is_an_error() -> None:
    state = SPEAKEASY.new_game(2)
    for side in (0, 1):
        state = SPEAKEASY.apply(state, side, {"type": "setup", "position": random_setup(side, side)}).state
    request = json.loads(request_for(state, state.to_move))
    request["side"] = "sn"[state.to_move ^ 1]
    assert "error" in json.loads(Session("easy").answer(json.dumps(request)))


def play_through(session: Session, preset: str, seed: int, plies: int) -> None:
    rng = random.Random(seed)
    state = SPEAKEASY.new_game(seed, {"preset": preset})
    bot = seed % 2
    setup = session.answer(json.dumps({"setup": "sn"[bot]}))
    state = SPEAKEASY.apply(state, bot, {"type": "setup", "position": setup}).state
    other = random_setup(bot ^ 1, seed, state.options)
    state = SPEAKEASY.apply(state, bot ^ 1, {"type": "setup", "position": other}).state
    while state.result is None and state.ply < plies:
        seat = state.to_move
        if seat == bot:
            move = session.answer(request_for(state, bot))
            assert "error" not in move, move
        else:
            move = rng.choice(SPEAKEASY.legal_actions(state, seat))["move"]
        state = SPEAKEASY.apply(state, seat, {"type": "move", "move": move}).state


def test_a_game_through_the_protocol_under_both_presets() -> None:
    for preset, options in PRESETS.items():
        play_through(Session("easy", seed=3, options=options), preset, seed=5, plies=80)


def test_the_command_line_bot() -> None:
    state = SPEAKEASY.new_game(4)
    for side in (0, 1):
        state = SPEAKEASY.apply(
            state, side, {"type": "setup", "position": random_setup(side, side + 9)}
        ).state
    lines = [json.dumps({"setup": "n"}), request_for(state, state.to_move), "oops"]
    proc = subprocess.run(
        [sys.executable, "-m", "engine.speakeasy", "bot", "--level", "easy"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    setup, move, error = proc.stdout.splitlines()
    assert len(setup.split()) == 4
    assert move in {a["move"] for a in SPEAKEASY.legal_actions(state, state.to_move)}
    assert "error" in json.loads(error)


def setups_of(session: Session, sides: str) -> list[str]:
    return [session.answer(json.dumps({"setup": side})) for side in sides]


def test_setups_vary_between_games_and_sessions() -> None:
    """Each game's setup comes from its own seed, drawn from the platform generator: a
    session without a seed (a fresh process) is keyed afresh, so no two games repeat."""
    first, second = Session("easy"), Session("easy")
    setups = setups_of(first, "ssnn") + setups_of(second, "ssnn")
    assert len(set(setups)) == len(setups)
    for text, side in zip(setups, "ssnn" * 2, strict=True):
        SPEAKEASY.apply(SPEAKEASY.new_game(1), "sn".index(side), {"type": "setup", "position": text})


def test_a_seeded_session_repeats_itself() -> None:
    assert setups_of(Session("easy", seed=7), "sns") == setups_of(Session("easy", seed=7), "sns")
    assert setups_of(Session("easy", seed=7), "s") != setups_of(Session("easy", seed=8), "s")


def test_fresh_command_line_bots_deal_different_setups() -> None:
    runs = [
        subprocess.run(
            [sys.executable, "-m", "engine.speakeasy", "bot", "--level", "easy"],
            input='{"setup": "s"}\n{"setup": "s"}\n',
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        ).stdout.splitlines()
        for _ in range(2)
    ]
    setups = [line for run in runs for line in run]
    assert len(setups) == 4 and len(set(setups)) == 4
