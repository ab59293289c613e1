"""Threats on a Speakeasy the strong level must see: the railway rush down the a- or e-file
to the corner beside it (issue 15 item 4), and the two-move race in general.

The frozen baseline (``bench/baseline_bot``) loses every one of these rushes: it plays on
elsewhere, the rusher slides to the back street, steps into the corner and takes.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from engine.speakeasy import SPEAKEASY
from engine.speakeasy.board import mirror, square
from engine.speakeasy.bot import decide
from engine.speakeasy.bot.paths import moves_to
from engine.speakeasy.bot.threats import approach_threat, approach_wins, rush_wins, standing_threat
from engine.speakeasy.cli import state_from_position
from engine.speakeasy.movegen import parse_move
from engine.speakeasy.play import advance
from engine.speakeasy.rules import options_from
from engine.speakeasy.state import State

FILES = "abcde"
NAMES = [f"{FILES[sq % 5]}{sq // 5 + 1}" for sq in range(60)]

# South's Speakeasy on b1 behind two Babes (c1, b2); the corner a1 is open. North's revealed
# 5 on a9 can slide down the a-file to a2, step into a1 and take. South's 6 on c3 can stop
# it only by going to the building b3 now: from there it attacks a2 (a diagonal).
RUSH = {
    "b1": "sS", "c1": "sB", "b2": "sB", "d1": "s3", "c3": "s6", "c5": "s2", "d6": "s4", "e2": "s1",
    "b12": "nS", "a12": "nB", "c12": "nB", "b11": "nB", "a9": "N5", "e11": "n5", "e10": "n2", "c10": "n3",
}  # fmt: skip


def turned(cells: Mapping[str, str]) -> dict[str, str]:
    """The same position with the sides swapped and the board turned (the e-file rush)."""
    swap = {"s": "n", "n": "s", "S": "N", "N": "S"}
    return {NAMES[mirror(square(name))]: swap[code[0]] + code[1] for name, code in cells.items()}


def state_of(cells: Mapping[str, str], to_move: str, preset: str = "speakeasy") -> State:
    rows = ["".join(cells.get(f"{f}{rank}", "..") for f in FILES) for rank in range(12, 0, -1)]
    return state_from_position(f"{'/'.join(rows)} {to_move} 0 40", options_from({"preset": preset}))


def rusher(state: State, goal: int) -> str:
    """The attacker's move: take the Speakeasy if it can, else get closest to it (moves
    through the pieces on the board, ``paths.py``)."""
    side = state.to_move
    dist = moves_to(goal, state.occ[side], state.occ[side ^ 1])
    moves = [a["move"] for a in SPEAKEASY.legal_actions(state, side)]
    return min(moves, key=lambda m: (parse_move(m) & 63 != goal, dist[parse_move(m) & 63], m))


@pytest.mark.parametrize("side", ["s", "n"])
def test_the_railway_rush_to_the_corner_is_stopped(side: str) -> None:
    cells = RUSH if side == "s" else turned(RUSH)
    state = state_of(cells, side)
    me = "sn".index(side)
    own_s = next(sq for sq, p in enumerate(state.board) if p & 15 == 12 and p >> 4 & 1 == me)
    guard = "c3-b3" if side == "s" else "c10-d10"
    first = decide(SPEAKEASY.view(state, me), "strong", seed=1)["move"]
    assert first == guard
    for _ in range(4):  # the rusher comes anyway; the bot holds
        if state.result is not None:
            break
        if state.to_move == me:
            action = decide(SPEAKEASY.view(state, me), "strong", seed=1)
        else:
            action = {"type": "move", "move": rusher(state, own_s)}
        state = SPEAKEASY.apply(state, state.to_move, action).state
    assert state.result is None or state.result.winner == me


def after(state: State, move: str) -> State:
    return advance(state, parse_move(move))


def test_rush_and_approach_are_read_exactly() -> None:
    state = state_of(RUSH, "s")
    own_s = square("b1")
    # A move elsewhere: North slides to a2 (one move from the open corner) and no answer helps.
    idle = after(state, "e2-e3")
    assert not rush_wins(idle, 0, own_s)
    assert approach_wins(idle, 0, own_s)
    # The guard on b3 answers the slide by taking the 5 on a2.
    guarded = after(state, "c3-b3")
    assert not approach_wins(guarded, 0, own_s)
    # With North's 5 already on a2, the corner is entered next and nothing removes it there.
    close = after(after(idle, "a9-a2"), "e3-e4")
    assert rush_wins(close, 0, own_s)
    # The same race seen by the attacker: one move from the ring with no answer, then on it.
    north = after(idle, "a9-a2")
    assert approach_threat(north, 1, own_s)
    assert not approach_threat(after(guarded, "a9-a2"), 1, own_s)  # the 6 on b3 takes it
    assert standing_threat(after(after(north, "e3-e4"), "a2-a1"), 1, own_s)


def test_a_guard_walked_away_is_seen() -> None:
    """The bot does not open its own ring: with North's 5 on a2 next to the corner a1 held
    by South's 6, the 6 stays (moving it lets the 5 in)."""
    cells = {**RUSH, "a1": "s6", "a2": "N5"}
    del cells["a9"], cells["c3"]
    state = state_of(cells, "s")
    assert rush_wins(after(state, "a1-a2"), 0, square("b1")) is False  # taking it is fine
    choice = decide(SPEAKEASY.view(state, 0), "strong", seed=2)["move"]
    assert not choice.startswith("a1-") or choice == "a1-a2"


def test_giving_up_the_last_mover_is_a_loss() -> None:
    """South's last mover is the 4 on e11: trading it for a Babe leaves South without a move
    whatever North answers, so the search scores it as a loss (it used to see only a
    shortage of movers)."""
    from engine.speakeasy.bot.evaluate import WIN
    from engine.speakeasy.bot.search import move_value, movers

    cells = {"b1": "sS", "a1": "sB", "c1": "sB", "b2": "sB", "e11": "s4", "d12": "nS", "c12": "nB"}
    state = state_of({**cells, "d11": "NB", "e12": "NB", "a8": "n5", "b10": "n2"}, "s")
    assert movers(state, 0) == 1 << square("e11")
    assert movers(after(state, "e11-e12"), 0) == 0
    assert move_value(state, parse_move("e11-e12"), 0, True) == -WIN
    assert move_value(state, parse_move("e11-e2"), 0, True) > -WIN / 2


def test_races_are_read_only_when_faces_are_shown() -> None:
    """In referee mode (the luzhanqi preset) the worlds' faces are mostly guesses: the search
    leaves the races out there (bench/match.py: they cost games)."""
    from engine.speakeasy.bot.search import RUSH as PENALTY
    from engine.speakeasy.bot.search import move_value

    shown = state_of(RUSH, "s")
    referee = state_of(RUSH, "s", preset="luzhanqi")
    idle = parse_move("e2-e3")
    assert move_value(shown, idle, 0, True, own_s=square("b1")) < -PENALTY / 2
    assert move_value(referee, idle, 0, True, own_s=square("b1")) > -PENALTY / 2
