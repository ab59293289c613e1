"""The platform generator is exactly chance.md (its test vector), and Speak Easy plays on both
generators: the platform one from a 64-hex seed, the legacy one from an integer seed or a state
stored before the change (``data/legacy_speakeasy_states.json`` was written by the engine as it
was before the platform generator)."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from typing import Any

import pytest
from engine_helpers import ROOT

from engine.errors import InvalidAction
from engine.rng import Rng, check_seed, is_seed, new_seed
from engine.rng_legacy import LegacyRng
from engine.speakeasy import SPEAKEASY
from engine.speakeasy.record import record_text, replay
from engine.speakeasy.setup import opening_for

VECTOR_SEED = bytes(range(32)).hex()
LEGACY = json.loads((ROOT / "tests" / "engine" / "data" / "legacy_speakeasy_states.json").read_text())


# -- chance.md, to the bit -----------------------------------------------------------------------
def test_the_chance_md_test_vector() -> None:
    assert VECTOR_SEED == "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
    assert hashlib.sha256(bytes.fromhex(VECTOR_SEED)).hexdigest() == (
        "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    )
    rng = Rng(VECTOR_SEED)
    assert rng.u64() == 0x9F0CD9B94097FE49
    assert [rng.below(6) for _ in range(3)] == [3, 4, 5]
    deck = list(range(10))
    rng.shuffle(deck)
    assert deck == [3, 6, 4, 1, 2, 8, 0, 7, 5, 9]
    assert rng.counter == 13


def test_a_block_is_the_hmac_of_the_counter() -> None:
    import hmac

    rng = Rng(VECTOR_SEED, counter=41)
    expected = hmac.new(bytes(range(32)), (41).to_bytes(8, "big"), "sha256").digest()
    assert rng.block() == expected and rng.counter == 42
    assert Rng(VECTOR_SEED, 41).u64() == int.from_bytes(expected[:8], "big")


def test_state_is_seed_and_counter() -> None:
    rng = Rng(VECTOR_SEED)
    first = [rng.u64() for _ in range(5)]
    resumed = Rng.from_dict(Rng(VECTOR_SEED, 2).to_dict())
    assert [resumed.u64() for _ in range(3)] == first[2:]
    assert rng.to_dict() == {"seed": VECTOR_SEED, "counter": 5}
    assert json.loads(json.dumps(rng.to_dict())) == rng.to_dict()
    assert Rng.from_dict(rng.to_dict()) == rng
    assert VECTOR_SEED not in repr(rng)  # the seed is secret until the end of a game


def test_below_one_still_draws_and_die_and_choice_index_by_below() -> None:
    rng = Rng(VECTOR_SEED)
    assert rng.below(1) == 0 and rng.counter == 1
    faces = ["N", "P", "C", "NP", "NC", "PC"]
    a, b = Rng(VECTOR_SEED, 7), Rng(VECTOR_SEED, 7)
    assert a.die(faces) == faces[b.below(6)]
    assert a.choice(faces) == faces[b.below(6)]
    assert a.counter == b.counter


def test_below_rejects_the_biased_top_of_the_range() -> None:
    # With n = 2**63 + 1, limit = 2**64 - (2**64 % n) = n: every u64 >= n is drawn again.
    n = 2**63 + 1
    rng, plain = Rng(VECTOR_SEED), Rng(VECTOR_SEED)
    value = rng.below(n)
    raw = plain.u64()
    while raw >= n:
        raw = plain.u64()
    assert value == raw and rng.counter == plain.counter


def test_draws_look_uniform() -> None:
    rng = Rng(new_seed())
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < c < 1200 for c in counts.values())


@pytest.mark.parametrize("bad", ["", "00" * 31, "0" * 63 + "G", "A" * 64, 12, None, b"\x00" * 32])
def test_seeds_are_64_lowercase_hex(bad: Any) -> None:
    assert not is_seed(bad)
    with pytest.raises(ValueError):
        Rng(bad)
    with pytest.raises(ValueError):
        check_seed(bad)


def test_new_seeds_are_fresh_and_well_formed() -> None:
    seeds = {new_seed() for _ in range(50)}
    assert len(seeds) == 50 and all(is_seed(s) for s in seeds)
    for bad in (-1, True, 1.5):
        with pytest.raises(ValueError):
            Rng(VECTOR_SEED, bad)  # type: ignore[arg-type]


# -- Speak Easy on the platform generator -------------------------------------------------------
def started(seed: str | int, order: tuple[int, int] = (0, 1)) -> Any:
    state = SPEAKEASY.new_game(seed)
    for side in order:
        state = SPEAKEASY.apply(state, side, {"type": "setup", "position": opening_for("blitz", side)}).state
    return state


def test_hex_seed_first_player_is_the_first_below_two() -> None:
    firsts = set()
    for i in range(30):
        seed = hashlib.sha256(bytes([i])).hexdigest()
        state = started(seed)
        assert state.first == Rng(seed).below(2) == started(seed, (1, 0)).first
        stored = SPEAKEASY.to_dict(state)
        assert stored["format"] == 2 and stored["seed"] == seed
        assert stored["rng"] == {"seed": seed, "counter": 1}  # one draw, one block
        assert SPEAKEASY.to_dict(SPEAKEASY.from_dict(json.loads(json.dumps(stored)))) == stored
        firsts.add(state.first)
    assert firsts == {0, 1}


def test_hex_seed_default_setup_leaves_the_game_stream_alone() -> None:
    seed = new_seed()
    state = SPEAKEASY.new_game(seed, {"preset": "luzhanqi"})
    one, two = SPEAKEASY.default_action(state, 0), SPEAKEASY.default_action(state, 0)
    assert one == two and one != SPEAKEASY.default_action(state, 1)
    assert one is not None
    state = SPEAKEASY.apply(state, 0, one).state
    assert SPEAKEASY.to_dict(state)["rng"]["counter"] == 0
    other = SPEAKEASY.default_action(SPEAKEASY.new_game(new_seed(), {"preset": "luzhanqi"}), 0)
    assert other != one  # drawn from the seed


def test_hex_seed_text_record_replays() -> None:
    seed = new_seed()
    state = started(seed)
    state = SPEAKEASY.apply(state, state.to_move, SPEAKEASY.legal_actions(state, state.to_move)[0]).state
    assert f'[Seed "{seed}"]' in record_text(state)
    assert SPEAKEASY.to_dict(replay(record_text(state))) == SPEAKEASY.to_dict(state)


def test_bad_seeds_are_refused() -> None:
    for seed in (-1, True, "1", "A" * 64, 1.0, None):
        with pytest.raises(InvalidAction):
            SPEAKEASY.new_game(seed)  # type: ignore[arg-type]


# -- the legacy stream --------------------------------------------------------------------------
def test_integer_seed_keeps_the_legacy_stream() -> None:
    for seed in range(20):
        state = started(seed)
        assert state.first == LegacyRng(seed).below(2)
        stored = SPEAKEASY.to_dict(state)
        assert stored["format"] == 1 and stored["seed"] == str(seed)
        legacy = LegacyRng(seed)
        legacy.below(2)
        assert stored["rng"] == str(legacy.state)
        assert SPEAKEASY.to_dict(SPEAKEASY.from_dict(stored)) == stored


@pytest.mark.parametrize("case", ["setup", "play"])
def test_states_stored_before_the_platform_generator_load_and_play_on(case: str) -> None:
    saved = LEGACY[case]
    state = SPEAKEASY.from_dict(saved["stored"])
    assert SPEAKEASY.to_dict(state) == saved["stored"]  # loads losslessly, in its own form
    if case == "setup":
        assert SPEAKEASY.default_action(state, 1) == saved["north_default"]
        state = SPEAKEASY.apply(state, 1, saved["north_default"]).state
    for move in saved["after"]["moves"]:
        state = SPEAKEASY.apply(state, state.to_move, {"type": "move", "move": move}).state
    # The same first-player draw, the same generator state, the same game as the old engine's.
    assert SPEAKEASY.to_dict(state) == saved["after"]["stored"]
    assert SPEAKEASY.to_dict(replay(record_text(state))) == saved["after"]["stored"]
