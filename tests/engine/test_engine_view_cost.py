"""Speak Easy's view is built from memo tables (issue 15: three views per move): what it
says must be what a plain walk over the state says, whatever order states are seen in."""

from __future__ import annotations

import random
from typing import Any

from engine.catalogue import entry
from engine.core import EVERYONE, SPECTATOR, Viewer
from engine.speakeasy import view
from engine.speakeasy.notation import format_board
from engine.speakeasy.pieces import CODE, REVEALED, SIDE_LETTERS
from engine.speakeasy.state import ATTACKER, DEFENDER, SETUP

GAME = entry("speakeasy").game
VIEWERS: tuple[Viewer, ...] = (0, 1, SPECTATOR, EVERYONE)


def _plain_board(state: Any, viewer: Viewer) -> str:
    board = state.board
    if view.sees_all(state, viewer):
        return format_board(board, [True] * len(board))
    if state.phase == SETUP:
        board = [p if p and viewer in (0, 1) and p >> 4 & 1 == viewer else 0 for p in board]
    return format_board(board, [bool(p) and (bool(p & REVEALED) or p >> 4 & 1 == viewer) for p in board])


def _plain_removed(state: Any, viewer: Viewer) -> dict[str, list[str]]:
    public = state.options.reveal_on_combat or view.sees_all(state, viewer)
    out: dict[str, list[str]] = {"s": [], "n": []}
    for item in state.entries():
        fallen = []
        if item.survivor is not None and item.survivor != ATTACKER:
            fallen.append((item.side, item.attacker))
        if item.survivor is not None and item.survivor != DEFENDER:
            fallen.append((item.side ^ 1, item.defender))
        for side, kind in fallen:
            out[SIDE_LETTERS[side]].append(CODE[kind] if public or side == viewer else "?")
    return out


def _games(count: int, preset: str) -> list[list[Any]]:
    games = []
    for number in range(count):
        rng = random.Random(number)
        state = GAME.new_game(f"{rng.getrandbits(256):064x}", {"preset": preset}, 2)
        states = [state]
        while GAME.result(state) is None:
            seat = rng.choice(sorted(GAME.actors(state)))
            listed = GAME.legal_actions(state, seat)
            action = rng.choice(listed) if listed else GAME.default_action(state, seat)
            assert action is not None
            state = GAME.apply(state, seat, action).state
            states.append(state)
        games.append(states)
    return games


def test_boards_and_removed_pieces_match_a_plain_walk_in_any_order() -> None:
    checked = 0
    for preset in GAME.presets():
        games = _games(6, preset)
        states = [state for game in games for state in game]
        random.Random(5).shuffle(states)  # the memo meets states out of order, across games
        view._fallen_memo.clear()
        for state in states:
            for viewer in VIEWERS:
                assert view.visible_board(state, viewer) == _plain_board(state, viewer)
                assert view.removed_pieces(state, viewer) == _plain_removed(state, viewer)
                checked += 1
    assert checked > 1000


def test_the_memo_stays_bounded() -> None:
    view._fallen_memo.clear()
    for game in _games(3, "speakeasy"):
        for state in game:
            view.fallen(state.log)
    assert 0 < len(view._fallen_memo) <= view._FALLEN_KEPT
