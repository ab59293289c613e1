"""Police (spec section 9): re-arrangement, searches in the search phase, entry searches."""

from __future__ import annotations

import pytest
from spies_position import (
    empty_hand,
    give_chits,
    move_spy,
    play,
    private_texts,
    skip_tile,
    spy_of,
    started,
    texts,
)

from engine.errors import IllegalAction
from engine.spies import pieces
from engine.spies.state import RECORD, State


def _g_turn(**kw: object) -> State:
    return skip_tile(started(**kw))


def test_search_capture_goes_to_the_record_with_reward_and_private_numbers() -> None:
    state = _g_turn()
    spy = spy_of(state, "F", 1)
    move_spy(state, spy, "BER")
    empty_hand(state, "F")  # no chit: no evasion window (section 7)
    units = sorted(p for p, u in state.police.items() if u.city == "BER")
    total = sum(pieces.police_strength(state, u) for u in units)
    money, hand, ap = state.money["G"], len(state.hands["G"]), state.ap
    n = len(state.log)
    state = play(state, f"G search BER:{spy}")
    assert texts(state, n)[:3] == [f"G search BER:{spy}", "~", f"= captured {spy} by G"]
    compare = f"= compare {spy} 1 {'+'.join(units)} {total}"
    assert private_texts(state, 0, n)[0] == compare and private_texts(state, 3, n)[0] == compare
    assert private_texts(state, 1, n) == []  # Italy's seat sees the outcome only
    s = state.spies[spy]
    assert (s.box, s.captor, s.year, s.city) == (RECORD, "G", 1933, None)
    assert state.money["G"] == money + 3 and len(state.hands["G"]) == hand + 1
    assert state.ap == ap + 1 and state.phase == 4


def test_evasion_window_opens_for_any_chit_and_papers_avoid_the_comparison() -> None:
    state = _g_turn()
    spy = spy_of(state, "F", 1)
    move_spy(state, spy, "BER")
    (pap,) = give_chits(state, "F", "PAP")
    state = play(state, f"G search BER:{spy}")
    assert state.decision == {"kind": "evade", "power": "F", "spy": spy, "by": "G"}
    money = state.money["F"]
    n = len(state.log)
    state = play(state, f"F chit {pap} PAP {spy}")
    assert texts(state, n) == [f"F chit {pap} PAP {spy}", f"= evaded {spy}"]
    assert state.spies[spy].city == "BER" and state.money["F"] == money - 1
    assert state.decision == {"kind": "turn", "power": "G"}


def test_escape_in_a_search_goes_to_the_capital_leaving_its_secret() -> None:
    state = _g_turn()
    spy = spy_of(state, "F", 1)
    move_spy(state, spy, "BER")
    (esc,) = give_chits(state, "F", "ESC")
    state = play(state, f"G search BER:{spy}", f"F chit {esc} ESC {spy}")
    assert state.spies[spy].city == "PAR" and texts(state)[-1] == f"= escaped {spy} PAR"


def test_search_needs_own_police_and_enemy_spies_and_costs_an_ap_per_city() -> None:
    state = _g_turn()
    spy = spy_of(state, "F", 1)
    move_spy(state, spy, "FRA")  # no German police there
    with pytest.raises(IllegalAction):
        play(state, f"G search FRA:{spy}")
    g_spy = spy_of(state, "G", 1)
    with pytest.raises(IllegalAction):
        play(state, f"G search BER:{g_spy}")


def test_phases_cannot_be_re_entered() -> None:
    state = _g_turn()
    g_spy = spy_of(state, "G", 1)
    state = play(state, f"G go {g_spy} HAM")
    with pytest.raises(IllegalAction, match="phase is over"):
        play(state, "G search")
    with pytest.raises(IllegalAction, match="phase is over"):
        play(state, "G police")


def test_police_rearrangement_order_of_parts() -> None:
    state = _g_turn()
    b0, b1 = sorted(p for p, u in state.police.items() if u.city == "BER")
    # x01 lies in Berlin (its original city): one unit takes it, the other moves to Munich.
    moved = play(state, f"G police {b1}=MUN {b0}+x01")
    assert moved.secrets["x01"].holder == b0 and moved.police[b1].city == "MUN"
    with pytest.raises(IllegalAction, match="phase is over"):
        play(moved, "G police")
    # Hand-overs come first: b0 gives x01 to b1, then moves; the secret never leaves Berlin.
    state.secrets["x01"].holder, state.police[b0].secret = b0, "x01"
    handed = play(state, f"G police {b0}=MUN {b0}>{b1}")
    assert handed.secrets["x01"].holder == b1 and handed.secrets["x01"].city == "BER"
    # A moving unit leaves its secret behind, uncontrolled.
    left = play(state, f"G police {b0}=MUN")
    assert left.secrets["x01"].holder is None and texts(left)[-1] == "= uncontrolled x01"
    # The receiver must stay; no unit may stand where no police symbol is.
    with pytest.raises(IllegalAction, match="must stay"):
        play(state, f"G police {b0}>{b1} {b1}=MUN")
    with pytest.raises(IllegalAction, match="cannot stand"):
        play(state, f"G police {b0}=FRA")


def test_entry_search_in_the_movers_turn() -> None:
    state = started()
    # Play to France's turn with the defaults, then move a French spy into Cologne? France
    # is far; use Italy: an Italian spy enters Munich, where a German unit stands.
    g_units = sorted(p for p, u in state.police.items() if u.power == "G")
    state.police[g_units[0]].city = "MUN"
    spy = spy_of(state, "I", 1)
    move_spy(state, spy, "VEN")
    while state.active != "I":
        from engine.spies import rules

        seat = min(rules.actors(state))
        text = rules.default(state, seat)
        assert text is not None
        state = rules.apply(state, seat, text)
    state = skip_tile(state)
    empty_hand(state, "I")
    state = play(state, f"I go {spy} MUN")
    assert state.decision == {"kind": "search", "power": "G", "spy": spy}
    state = play(state, f"G search {spy}")
    strength = pieces.police_strength(state, g_units[0])
    assert state.spies[spy].box == (RECORD if strength > 1 else "")
    assert state.decision == {"kind": "turn", "power": "I"}
