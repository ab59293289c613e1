"""Spy movement (section 10) and secrets (section 11)."""

from __future__ import annotations

import pytest
from spies_position import give_chits, move_spy, play, private_texts, skip_tile, spy_of, started, texts

from engine.errors import IllegalAction
from engine.spies import pieces
from engine.spies.data import SEA_DIE
from engine.spies.state import State


def _g_turn() -> State:
    return skip_tile(started())


def test_go_costs_an_ap_and_a_space_five_spaces_at_most() -> None:
    state = _g_turn()
    spy = spy_of(state, "G", 1)
    ap = state.ap
    state = play(
        state, f"G go {spy} HAM", f"G go {spy} BER", f"G go {spy} HAM", f"G go {spy} BER", f"G go {spy} HAM"
    )
    assert state.ap == ap + 5 and state.spies[spy].spaces == 5 and state.acting == spy
    with pytest.raises(IllegalAction, match="no space left"):
        play(state, f"G go {spy} BER")


def test_another_spy_acting_makes_the_first_done() -> None:
    state = _g_turn()
    a, b = spy_of(state, "G", 1), spy_of(state, "G", 2)
    state = play(state, f"G go {a} HAM", f"G go {b} HAM")
    assert state.spies[a].done and state.acting == b
    with pytest.raises(IllegalAction, match="done"):
        play(state, f"G go {a} BER")


def test_a_voyage_shorter_than_the_die_minimum_always_lands() -> None:
    state = _g_turn()
    spy = spy_of(state, "G", 1)
    move_spy(state, spy, "HAM")
    ap = state.ap
    n = len(state.log)
    state = play(state, f"G sail {spy} CPH")  # HAM and CPH share the North Sea: L = 2
    roll = texts(state, n)[1]
    assert roll.startswith(f"! roll {spy} ") and int(roll.split()[-1]) in SEA_DIE
    assert texts(state, n)[2] == f"= landed {spy} CPH" and state.ap == ap + 2 and state.spies[spy].spaces == 2


def test_a_short_roll_leaves_the_spy_in_port_and_offers_reroll_or_stay() -> None:
    for seed_spy in range(30):
        state = _g_turn()
        state.rng.counter += seed_spy
        spy = spy_of(state, "G", 1)
        move_spy(state, spy, "HAM")
        state = play(state, f"G sail {spy} GIB")  # NTH -> ATL: L = 3
        face = int(next(t for t in reversed(texts(state)) if t.startswith("! roll")).split()[-1])
        if face < 3:
            assert state.decision == {"kind": "roll", "power": "G", "spy": spy}
            assert state.spies[spy].city == "HAM" and state.ap == 1 and state.spies[spy].spaces == 1
            stayed = play(state, f"G stay {spy}")
            assert stayed.decision == {"kind": "turn", "power": "G"} and stayed.spies[spy].city == "HAM"
            rerolled = play(state, f"G reroll {spy}")
            assert rerolled.ap >= 2
            return
    raise AssertionError("no short roll in 30 tries")


def test_a_spy_carries_a_foreign_secret_and_cashes_it_in_the_capital() -> None:
    state = _g_turn()
    spy = spy_of(state, "G", 1)
    x = next(x for x in state.secrets.values() if x.original == "F")
    x.city = "HAM"
    move_spy(state, spy, "HAM")
    pieces.set_holder(state, x.id, spy)
    x.taken = 1933
    money, hand = state.money["G"], len(state.hands["G"])
    state = play(state, f"G go {spy} BER", f"G cash {spy}")
    assert state.secrets[x.id].gone == "cashed" and state.secrets[x.id].record_year == 1933
    assert state.money["G"] == money + 20 and len(state.hands["G"]) == hand + 1
    assert f"= cashed {x.id} G 1933" in texts(state)


def test_an_own_original_is_fixed_in_its_original_city() -> None:
    state = _g_turn()
    spy = spy_of(state, "G", 1)
    state = play(state, f"G take {spy} x01")  # x01 lies in Berlin, its original city
    assert state.secrets["x01"].holder == spy
    state = play(state, f"G go {spy} HAM")
    assert state.secrets["x01"].city == "BER" and state.secrets["x01"].holder is None
    assert "= uncontrolled x01" in texts(state)


def test_release_at_home_only_in_the_original_city_and_transfers() -> None:
    state = _g_turn()
    a, b = spy_of(state, "G", 1), spy_of(state, "G", 2)
    x = state.secrets["x02"]  # lies in Hamburg
    move_spy(state, a, "BER")
    x.city = "BER"  # recaptured, lying at home outside its original city
    state = play(state, f"G take {a} x02")
    with pytest.raises(IllegalAction, match="original city"):
        play(state, f"G release {a}")
    state = play(state, f"G give {a} {b}")
    assert x.id and state.secrets["x02"].holder == b and state.acting == a
    c = spy_of(state, "G", 3)
    state = play(state, f"G go {c} HAM")  # a is done now
    state = play(state, f"G give {b} {a}")  # neither acting: the giver becomes acting
    assert state.secrets["x02"].holder == a and state.acting == b and state.spies[c].done


def test_discovery_of_an_uncontrolled_neutral_secret() -> None:
    state = _g_turn()
    x = next(
        x for x in state.secrets.values() if x.original is None and not pieces.is_counterspy(state, x.id)
    )
    spy = spy_of(state, "G", 1)
    assert x.city is not None
    move_spy(state, spy, x.city)
    (dis,) = give_chits(state, "G", "DIS")
    money = state.money["G"]
    n = len(state.log)
    state = play(state, f"G chit {dis} DIS {spy} {x.id}")
    assert texts(state, n) == [f"G chit {dis} DIS {spy} {x.id}", f"= control {spy} {x.id}", "~"]
    assert private_texts(state, 0, n) == [f"= face {x.id} {pieces.secret_face(state, x.id)}"]
    assert state.secrets[x.id].taken == 1933 and state.money["G"] == money - 2 and state.ap == 1


def test_discovery_of_a_neutral_counterspy_captures_into_the_neutral_box_or_is_safe() -> None:
    state = _g_turn()
    x = next(
        (x for x in state.secrets.values() if x.original is None and pieces.is_counterspy(state, x.id)), None
    )
    if x is None:
        pytest.skip("this seed left no counterspy in a SECRET city")
    spy = spy_of(state, "G", 1)
    assert x.city is not None
    move_spy(state, spy, x.city)
    (dis,) = give_chits(state, "G", "DIS")
    state = play(state, f"G chit {dis} DIS {spy} {x.id}")
    assert state.secrets[x.id].gone == "removed" and f"= counterspy {x.id} removed" in texts(state)
    captured = pieces.counterspy_strength(state, x.id) > 1
    assert state.spies[spy].box == ("neutral" if captured else "")
