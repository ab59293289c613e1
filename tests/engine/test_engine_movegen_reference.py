"""Move generation against a slow reference written from the spec (engine_helpers.ref_moves):
every position met in random playouts of both presets, for both sides, and random sparse
boards that give the Kid long paths."""

from __future__ import annotations

import random

import pytest
from engine_helpers import FILES, PRESETS, cells_of, games, ref_moves, rules, state_of

from engine.speakeasy.movegen import legal_moves, move_text
from engine.speakeasy.play import legal


def engine_moves(state, side: int) -> set[str]:  # type: ignore[no-untyped-def]
    if side == state.to_move:
        return set(map(move_text, legal(state)))
    return set(map(move_text, legal_moves(state.board, state.occ, side, state.options.bar_exit)))


@pytest.mark.parametrize("chunk", range(4))
def test_playouts_match_the_reference(chunk: int) -> None:
    compared = 0
    for game in games(12, seed0=1000 + 12 * chunk):
        for state in game.states[:-1]:
            cells = cells_of(state)
            for side in (0, 1):
                expected = ref_moves(cells, "sn"[side], state.options)
                assert engine_moves(state, side) == expected, (game.seed, state.ply, side)
                compared += 1
        # The end: the side to move has nothing when he lost for lack of moves.
        final = game.final
        if final.result is not None and final.result.reason == "no_moves":
            assert ref_moves(cells_of(final), "sn"[final.to_move], final.options) == set()
    assert compared > 1000


ARMY = "S8766554433222111KKKBBBFF"


@pytest.mark.parametrize("preset", PRESETS)
def test_random_sparse_boards_match_the_reference(preset: str) -> None:
    rng = random.Random(preset)
    options = rules(preset)
    names = [f"{f}{r}" for f in FILES for r in range(1, 13)]
    for _ in range(600):
        pools = {side: rng.sample(ARMY, len(ARMY)) for side in "sn"}
        cells = {}
        for name in rng.sample(names, rng.randint(2, 30)):
            side = rng.choice("sn")
            cells[name] = side + pools[side].pop()
        for side in "sn":
            state = state_of(cells, side, preset=preset)
            assert set(map(move_text, legal(state))) == ref_moves(cells, side, options), (cells, side)
