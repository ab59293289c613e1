"""Setup (spec section 4): every broken rule refused with a reason that names it; random
setups and the named openings legal."""

from __future__ import annotations

import pytest
from engine_helpers import FILES, PRESETS, rules

from engine.errors import IllegalAction, InvalidAction
from engine.speakeasy import SPEAKEASY
from engine.speakeasy.setup import (
    OPENINGS,
    check_setup,
    opening_for,
    opening_names,
    parse_setup,
    random_setup,
)

# A legal South setup, ranks 6 (front) down to 1 (back); "." marks the five buildings.
SOUTH_ROWS = ("2 1 7 K 6", "3 . 8 . 4", "6 F . F 5", "4 . 1 . 2", "K B 5 3 K", "B S B 2 1")


def cells_from_rows(rows: tuple[str, ...], side: str = "s") -> dict[str, str]:
    out = {}
    for index, row in enumerate(rows):
        rank = 6 - index
        for f, code in enumerate(row.split()):
            if code != ".":
                out[f"{FILES[f]}{rank}"] = side + code
    return out


def mirror(name: str) -> str:
    return f"{FILES[4 - FILES.index(name[0])]}{13 - int(name[1:])}"


def board_text(cells: dict[str, str]) -> str:
    rows = []
    for rank in range(12, 0, -1):
        rows.append("".join(cells.get(f"{f}{rank}", "..") for f in FILES))
    return "/".join(rows)


SOUTH = cells_from_rows(SOUTH_ROWS)
NORTH = {mirror(k): "n" + v[1] for k, v in SOUTH.items()}


def submit(cells: dict[str, str], side: int = 0, preset: str = "speakeasy") -> None:
    state = SPEAKEASY.new_game(3, {"preset": preset})
    SPEAKEASY.apply(state, side, {"type": "setup", "position": board_text(cells)})


def refused(cells: dict[str, str], side: int = 0, preset: str = "speakeasy") -> str:
    with pytest.raises(IllegalAction) as info:
        submit(cells, side, preset)
    return str(info.value)


def swap(cells: dict[str, str], a: str, b: str) -> dict[str, str]:
    out = dict(cells)
    out[a], out[b] = cells[b], cells[a]
    return out


def test_the_base_setups_are_legal() -> None:
    for preset in PRESETS:
        submit(SOUTH, 0, preset)
        submit(NORTH, 1, preset)


def test_speakeasy_on_a_bar() -> None:
    message = refused(swap(SOUTH, "b1", "a1"))  # S to a1, a Babe to b1
    assert "Speakeasy" in message and "bar" in message and "a1" in message
    message = refused(swap(NORTH, mirror("b1"), mirror("c2")), side=1)
    assert "Speakeasy" in message and "bar" in message


def test_speakeasy_on_the_other_bar_is_fine() -> None:
    submit(swap(SOUTH, "b1", "d1"))


def test_babes_on_the_two_back_ranks() -> None:
    message = refused(swap(SOUTH, "a1", "a3"))  # a Babe to a3
    assert "Babe" in message and "back ranks" in message and "a3" in message
    message = refused(swap(NORTH, mirror("a1"), mirror("a3")), side=1)
    assert "Babe" in message and "back ranks" in message and mirror("a3") in message


def test_babe_on_a_bar_and_on_rank_2_is_fine() -> None:
    cells = swap(SOUTH, "b1", "d1")  # S on d1, a piece on b1
    cells = swap(cells, "b1", "a1")  # the Babe of a1 to b1
    assert cells["b1"] == "sB"
    submit(cells)
    submit(swap(SOUTH, "a1", "a2"))


def test_buildings_start_empty() -> None:
    cells = dict(SOUTH)
    cells["b3"] = cells.pop("a3")
    message = refused(cells)
    assert "building" in message and "b3" in message


def test_every_other_own_location_is_filled() -> None:
    cells = dict(SOUTH)
    del cells["e6"]
    message = refused(cells)
    assert "filled" in message and "e6" in message


@pytest.mark.parametrize("code", ["5", "S", "B", "F", "K"])
def test_army_counts(code: str) -> None:
    # One piece too many of a kind (instead of the Corrupted cop on e6). The notation
    # itself refuses more pieces of a kind than the army holds (InvalidAction); the reason
    # names the army.
    cells = {**SOUTH, "e6": "s" + code}
    with pytest.raises((IllegalAction, InvalidAction)) as info:
        submit(cells)
    assert "army" in str(info.value) and f"code {code}" in str(info.value)


def test_only_own_half() -> None:
    cells = dict(SOUTH)
    cells["a7"] = cells.pop("a6")
    message = refused(cells)
    assert "half" in message and "a7" in message


def test_only_own_pieces() -> None:
    message = refused({**SOUTH, "a12": "n1"})
    assert "own pieces" in message and "a12" in message
    message = refused(SOUTH, side=1)
    assert "own pieces" in message


def test_hidden_or_revealed_cells_refused() -> None:
    message = refused({**SOUTH, "a6": "s?"})
    assert "a6" in message
    message = refused({**SOUTH, "a6": "S2"})
    assert "a6" in message


@pytest.mark.parametrize("side", [0, 1])
def test_fbi_front_row_under_luzhanqi(side: int) -> None:
    base = SOUTH if side == 0 else NORTH
    front, fbi = ("a6", "b4") if side == 0 else (mirror("a6"), mirror("b4"))
    cells = swap(base, front, fbi)
    submit(cells, side, "speakeasy")
    message = refused(cells, side, "luzhanqi")
    assert "FBI" in message and "front rank" in message and front in message
    state = SPEAKEASY.new_game(3, {"fbi_front_row": False})
    with pytest.raises(IllegalAction, match="front rank"):
        SPEAKEASY.apply(state, side, {"type": "setup", "position": board_text(cells)})


@pytest.mark.parametrize("text", ["", "nonsense", "../../..", 7, None])
def test_malformed_setups(text: object) -> None:
    state = SPEAKEASY.new_game(3)
    with pytest.raises(InvalidAction):
        SPEAKEASY.apply(state, 0, {"type": "setup", "position": text})


def test_setup_as_a_whole_position() -> None:
    state = SPEAKEASY.new_game(3)
    SPEAKEASY.apply(state, 0, {"type": "setup", "position": board_text(SOUTH) + " s 0 0"})


def test_setup_only_once() -> None:
    state = SPEAKEASY.new_game(3)
    state = SPEAKEASY.apply(state, 0, {"type": "setup", "position": board_text(SOUTH)}).state
    assert SPEAKEASY.actors(state) == frozenset({1})
    with pytest.raises(IllegalAction):
        SPEAKEASY.apply(state, 0, {"type": "setup", "position": board_text(SOUTH)})


@pytest.mark.parametrize("preset", PRESETS)
def test_random_setups_legal(preset: str) -> None:
    options = rules(preset)
    seen = set()
    for seed in range(300):
        for side in (0, 1):
            text = random_setup(side, seed, options)
            check_setup(parse_setup(text, side, options), side, options)
            seen.add(text)
    assert len(seen) == 600  # and they differ


@pytest.mark.parametrize("preset", PRESETS)
def test_default_action_is_a_legal_setup(preset: str) -> None:
    for seed in range(30):
        state = SPEAKEASY.new_game(seed, {"preset": preset})
        for side in (0, 1):
            action = SPEAKEASY.default_action(state, side)
            assert action is not None
            state = SPEAKEASY.apply(state, side, action).state
        assert state.phase == "play"
        assert SPEAKEASY.default_action(state, 0) is None


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("name", opening_names())
def test_named_openings_legal(name: str, preset: str) -> None:
    state = SPEAKEASY.new_game(5, {"preset": preset})
    for side in (0, 1):
        state = SPEAKEASY.apply(state, side, {"type": "setup", "position": opening_for(name, side)}).state
    assert state.phase == "play"
    assert dict(OPENINGS)[name] == opening_for(name, 0)


def test_first_player_drawn_from_the_seed() -> None:
    firsts = set()
    for seed in range(40):
        state = SPEAKEASY.new_game(seed)
        for side in (0, 1):
            state = SPEAKEASY.apply(
                state, side, {"type": "setup", "position": opening_for("blitz", side)}
            ).state
        again = SPEAKEASY.new_game(seed)
        for side in (1, 0):
            again = SPEAKEASY.apply(
                again, side, {"type": "setup", "position": opening_for("blitz", side)}
            ).state
        assert state.first == again.first == state.to_move
        firsts.add(state.first)
    assert firsts == {0, 1}
