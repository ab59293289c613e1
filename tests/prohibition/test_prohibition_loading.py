"""Loading, the display and bonus tokens (spec section 8)."""

from __future__ import annotations

import pytest
from prohibition_position import position, texts

from engine.errors import IllegalAction
from engine.prohibition import rules
from engine.prohibition.data import CARD_BY_ID

DISPLAY = ["L01", "L12", "L20", "L28", "L09"]
DECK = ["L05", "L17", "L03"]


def arriving(**kw: object) -> object:
    """T1 one street from W2's door (E3-F3), the display and deck known."""
    spec: dict[str, object] = {
        "trucks": {"T1": {"street": "D3-E3", "cargo": "", "loads": 1}},
        "display": DISPLAY,
        "deck": DECK,
        "supply": "20w 20k 20b",
    }
    spec.update(kw)
    return position(**spec)  # type: ignore[arg-type]


def test_load_on_arrival_then_refill_the_same_slot() -> None:
    state = arriving()
    state = rules.apply(state, "go:E3-F3")
    assert state.phase == "postmove"
    assert rules.legal(state) == ["end", *sorted(f"load {c}" for c in DISPLAY)]
    n = len(state.entries)
    state = rules.apply(state, "load L20")
    assert texts(state, n)[:2] == ["load L20", "show L05"]
    truck = state.trucks[0]
    assert truck.card == "L20" and truck.cargo == [3, 0, 1] and truck.loads == 2 and truck.token == 5
    assert state.display == ["L01", "L12", "L05", "L28", "L09"] and state.deck == ["L17", "L03"]
    assert state.supply == [17, 20, 19]
    assert state.piles[1] == 3
    assert state.phase != "postmove"  # the truck-turn ended


def test_loading_window_arrival_is_now_or_at_the_next_step_1() -> None:
    state = rules.apply(arriving(), "go:E3-F3")
    state = rules.apply(state, "end")
    truck = state.trucks[0]
    assert truck.arrived
    # Next truck-turn of T1, step 1: it may still load.
    nxt = position(
        phase="preroll",
        dice=None,
        trucks={"T1": {"street": "E3-F3", "arrived": True}},
        display=DISPLAY,
        deck=DECK,
    )
    assert rules.legal(nxt)[-1] == "roll" and "load L01" in rules.legal(nxt)
    rolled = rules.apply(nxt, "roll")
    assert not rolled.trucks[0].arrived
    # After step 1 the window is shut: passing in step 4 offers no load in step 5.
    parked = position(trucks={"T1": {"street": "E3-F3", "arrived": False}}, display=DISPLAY, deck=DECK)
    after = rules.apply(parked, "pass")
    assert after.phase != "postmove" and texts(after)[0] == "pass"
    assert after.active != 0 or after.phase != "postmove"


def test_a_truck_placed_at_setup_cannot_load_before_it_moves() -> None:
    state = position(
        phase="preroll", dice=None, trucks={"T1": {"street": "E3-F3", "turns": 1}}, display=DISPLAY
    )
    assert rules.legal(state) == ["roll"]


def test_parked_window_loads_any_step_until_loaded_since_the_move() -> None:
    state = position(
        phase="preroll",
        dice=None,
        trucks={"T1": {"street": "E3-F3", "loaded_since_move": False}},
        display=DISPLAY,
        options={"load_window": "parked"},
    )
    assert "load L01" in rules.legal(state)
    done = position(
        phase="preroll",
        dice=None,
        trucks={"T1": {"street": "E3-F3", "loaded_since_move": True}},
        display=DISPLAY,
        options={"load_window": "parked"},
    )
    assert rules.legal(done) == ["roll"]
    # step 5 after a pass, still not loaded since the last move
    post = position(
        phase="truck",
        trucks={"T1": {"street": "E3-F3", "loaded_since_move": False}},
        display=DISPLAY,
        options={"load_window": "parked"},
    )
    assert rules.apply(post, "pass").phase == "postmove"


def test_no_loading_on_a_forbidden_street_or_without_face_up_cards() -> None:
    forbid = arriving(chars={"P": "A3"})  # the Policeman on row r3 controls E3-F3
    state = rules.apply(forbid, "go:E3-F3")
    assert state.phase != "postmove"
    downs = arriving(down=[True] * 5)
    assert rules.apply(downs, "go:E3-F3").phase != "postmove"


def test_abandon_keeps_or_loses_the_token_by_its_condition() -> None:
    # A 3 with one cube abandoned: no two of a colour lost, so it is scored.
    state = rules.apply(
        arriving(trucks={"T1": {"street": "D3-E3", "cargo": "1k", "token": 3, "loads": 1}}), "go:E3-F3"
    )
    n = len(state.entries)
    after = rules.apply(state, "load L12")
    assert texts(after, n)[:4] == ["load L12", "abandon T1 1k", "bonus T1 +3", "show L05"]
    assert after.trucks[0].lost == 1 and after.trucks[0].score == 3 and after.trucks[0].losses == [0, 0, 0]
    # Two cubes of one colour abandoned: the 3 goes onto the discard pile.
    state = rules.apply(
        arriving(trucks={"T1": {"street": "D3-E3", "cargo": "2b", "token": 3, "loads": 1}}), "go:E3-F3"
    )
    after = rules.apply(state, "load L12")
    assert texts(after, n)[1:3] == ["abandon T1 2b", "lost-token T1 3"]
    assert after.discard == [3] and after.trucks[0].score == 0
    # Option discard: always discarded.
    state = rules.apply(
        arriving(
            trucks={"T1": {"street": "D3-E3", "cargo": "1k", "token": 3, "loads": 1}},
            options={"abandon_token": "discard"},
        ),
        "go:E3-F3",
    )
    after = rules.apply(state, "load L12")
    assert texts(after, n)[1:3] == ["abandon T1 1k", "lost-token T1 3"]


def test_tokens_by_load_then_the_top_of_the_discard_pile() -> None:
    third = rules.apply(arriving(trucks={"T1": {"street": "D3-E3", "loads": 2}}), "go:E3-F3")
    assert rules.apply(third, "load L01").trucks[0].token == 7
    fourth = rules.apply(arriving(trucks={"T1": {"street": "D3-E3", "loads": 3}}, discard=[7, 3]), "go:E3-F3")
    after = rules.apply(fourth, "load L01")
    assert after.trucks[0].token == 3 and after.discard == [7]
    none = rules.apply(arriving(trucks={"T1": {"street": "D3-E3", "loads": 3}}, discard=[]), "go:E3-F3")
    assert rules.apply(none, "load L01").trucks[0].token is None


def test_cards_the_supply_cannot_cover_turn_down_in_slot_order() -> None:
    # After L28 (4 white) the supply keeps 1 white: L20 (3w) and L12 (2w) turn down.
    state = rules.apply(arriving(supply="5w 20k 20b"), "go:E3-F3")
    n = len(state.entries)
    after = rules.apply(state, "load L28")
    assert texts(after, n)[:4] == ["load L28", "show L05", "down L12", "down L20"]
    assert after.down == [False, True, True, False, False]
    with pytest.raises(IllegalAction, match="not legal now"):
        rules.apply(
            rules.apply(arriving(supply="5w 20k 20b", down=[False, True, True, False, False]), "go:E3-F3"),
            "load L12",
        )


def test_empty_deck_leaves_the_slot_empty_and_no_face_up_card_triggers_the_end() -> None:
    state = rules.apply(arriving(display=["L01", None, None, None, None], deck=[], round=3), "go:E3-F3")
    n = len(state.entries)
    after = rules.apply(state, "load L01")
    assert texts(after, n)[:3] == ["load L01", "trigger cards", "final-round 4"]
    assert after.display == [None] * 5 and after.final_round == 4


def test_a_card_not_in_the_display_fails_the_same_way_whether_in_the_deck_or_not() -> None:
    state = rules.apply(arriving(), "go:E3-F3")
    messages = set()
    for card in ("L05", "L25"):  # L05 in the deck, L25 nowhere
        with pytest.raises(IllegalAction) as err:
            rules.apply(state, f"load {card}")
        messages.add(str(err.value).replace(card, "X"))
    assert len(messages) == 1


def test_loaded_cubes_come_from_the_supply() -> None:
    state = rules.apply(arriving(), "go:E3-F3")
    after = rules.apply(state, "load L09")
    assert after.supply == [20 - n for n in CARD_BY_ID["L09"].cubes]
    assert after.trucks[0].cargo == list(CARD_BY_ID["L09"].cubes)
