"""Property tests over random legal games (hypothesis draws the seed, the preset, how the
players move and where to look)."""

from __future__ import annotations

import io
import json
import random
from contextlib import redirect_stdout
from typing import Any

import pytest
from engine_helpers import PRESETS, setups_for, start
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import EVERYONE, SPECTATOR, Result
from engine.errors import IllegalAction, InvalidAction
from engine.speakeasy import SPEAKEASY, cli
from engine.speakeasy.board import NAMES
from engine.speakeasy.movegen import move_text
from engine.speakeasy.notation import format_board, format_position, parse_position
from engine.speakeasy.play import legal
from engine.speakeasy.record import record_text, replay
from engine.speakeasy.view import position_for

SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def stored(state: Any) -> str:
    return json.dumps(SPEAKEASY.to_dict(state), sort_keys=True)


def run_cli(*argv: str) -> list[str]:
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli.main(list(argv)) == 0
    return out.getvalue().splitlines()


def rules_args(state: Any) -> list[str]:
    return [] if state.options.bar_exit else ["--rules", "luzhanqi"]


def check_notation(state: Any) -> None:
    full = position_for(state, EVERYONE)
    parsed = parse_position(full)
    assert (
        format_position(format_board(parsed.board, [True] * 60), parsed.to_move, parsed.quiet, parsed.ply)
        == full
    )
    assert (parsed.to_move, parsed.quiet, parsed.ply) == (state.to_move, state.quiet, state.ply)
    assert parsed.board == state.board
    rebuilt = cli.state_from_position(full, state.options)
    assert position_for(rebuilt, EVERYONE) == full
    if state.result is None:
        assert set(map(move_text, legal(rebuilt))) == set(map(move_text, legal(state)))
        for letter, viewer in (("s", 0), ("n", 1), ("spectator", SPECTATOR)):
            assert run_cli("view", full, letter, *rules_args(state)) == [position_for(state, viewer)]
        # A viewer's own position parses too (hidden pieces as '?').
        parse_position(position_for(state, 1))


def check_storage(state: Any) -> None:
    text = stored(state)
    again = SPEAKEASY.from_dict(json.loads(text))
    assert stored(again) == text
    assert legal(again) == legal(state) or set(legal(again)) == set(legal(state))
    assert json.dumps(SPEAKEASY.view(again, 0), sort_keys=True) == json.dumps(
        SPEAKEASY.view(state, 0), sort_keys=True
    )


def check_record(state: Any) -> None:
    assert stored(replay(record_text(state))) == stored(state)


@SETTINGS
@given(seed=st.integers(0, 2**31), preset=st.sampled_from(PRESETS), data=st.data())
def test_random_games(seed: int, preset: str, data: st.DataObject) -> None:
    rng = random.Random(seed)
    state = start(seed, preset)
    look = set(data.draw(st.lists(st.integers(0, 400), max_size=6), label="plies to inspect"))
    stop = data.draw(st.one_of(st.none(), st.integers(0, 300)), label="resign at")
    check_storage(state)
    check_record(state)
    while state.result is None:
        actions = SPEAKEASY.legal_actions(state, state.to_move)
        assert actions, "no legal move, yet the game goes on"
        assert SPEAKEASY.actors(state) == frozenset({state.to_move})
        assert [a["move"] for a in actions] == [move_text(m) for m in legal(state)]
        if state.ply == stop:
            state = SPEAKEASY.conclude(state, Result.win(state.to_move ^ 1, "resign")).state
            break
        if state.ply in look:
            check_notation(state)
            check_storage(state)
            check_record(state)
        action = rng.choice(actions)
        tr = SPEAKEASY.apply(state, state.to_move, action)
        after = tr.state
        assert after.ply == state.ply + 1
        assert after.to_move == state.to_move ^ 1
        assert tr.events[0].kind == "move" and tr.events[0].data["ply"] == state.ply
        if state.ply in look and after.result is None:
            full = position_for(state, EVERYONE)
            assert run_cli("apply", full, action["move"], *rules_args(state)) == [
                position_for(after, EVERYONE)
            ]
        state = after
    # The end.
    assert SPEAKEASY.legal_actions(state, 0) == SPEAKEASY.legal_actions(state, 1) == []
    if state.result.reason == "no_moves":
        assert legal(cli.state_from_position(position_for(state, EVERYONE), state.options)) == []
    check_storage(state)
    check_record(state)
    check_notation(state)


@SETTINGS
@given(seed=st.integers(0, 2**31), preset=st.sampled_from(PRESETS), data=st.data())
def test_apply_never_accepts_an_illegal_move(seed: int, preset: str, data: st.DataObject) -> None:
    rng = random.Random(seed)
    state = start(seed, preset)
    plies = data.draw(st.integers(0, 250), label="plies")
    while state.result is None and state.ply < plies:
        state = SPEAKEASY.apply(
            state, state.to_move, rng.choice(SPEAKEASY.legal_actions(state, state.to_move))
        ).state
    if state.result is not None:
        return
    allowed = {move_text(m) for m in legal(state)}
    own = [sq for sq in range(60) if state.board[sq] and state.board[sq] >> 4 & 1 == state.to_move]
    pairs = data.draw(
        st.lists(
            st.tuples(st.sampled_from(own) | st.integers(0, 59), st.integers(0, 59)), min_size=20, max_size=60
        ),
        label="from-to pairs",
    )
    before = stored(state)
    for frm, to in pairs:
        move = f"{NAMES[frm]}-{NAMES[to]}"
        if move in allowed:
            continue
        with pytest.raises((IllegalAction, InvalidAction)):
            SPEAKEASY.apply(state, state.to_move, {"type": "move", "move": move})
    assert stored(state) == before
    # And every listed move is accepted.
    for move in sorted(allowed)[:10]:
        SPEAKEASY.apply(state, state.to_move, {"type": "move", "move": move})


@pytest.mark.parametrize("preset", PRESETS)
def test_setup_phase_storage_and_record(preset: str) -> None:
    north = setups_for(4, preset)[1]
    state = SPEAKEASY.new_game(4, {"preset": preset})
    check_storage(state)
    state = SPEAKEASY.apply(state, 1, {"type": "setup", "position": north}).state
    check_storage(state)
    check_record(state)
    state = SPEAKEASY.conclude(state, Result.aborted()).state
    check_storage(state)
    check_record(state)
