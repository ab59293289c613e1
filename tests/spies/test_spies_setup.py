"""Setup (spec section 6) and the year and turn structure (section 7)."""

from __future__ import annotations

import pytest
from spies_position import SEED, play, started, texts

from engine.errors import IllegalAction, NotYourTurn
from engine.spies import pieces, rules
from engine.spies.data import ALLOTMENTS, RANDOM_TILES_DEALT, TURN_ORDER


def test_setup_order_and_the_decisions_it_waits_for() -> None:
    state = rules.new_state(SEED, {}, 5)
    assert state.decision == {"kind": "place", "power": "G", "what": "x"}
    assert texts(state)[0] == "! setup ?" and texts(state)[1] == "! deal G ? ? ?"
    assert state.log[1].private == {0: "! deal G " + " ".join(f"t{t}" for t in state.tiles["G"][-3:])}
    # Every power holds its 7 own tiles and 3 random ones; its money; secrets dealt in turn order.
    for p in TURN_ORDER:
        assert len(state.tiles[p]) == 7 + RANDOM_TILES_DEALT and state.money[p] == ALLOTMENTS[p].money
    assert [state.secrets[f"x{i:02d}"].original for i in (1, 7, 8, 13)] == ["G", "G", "I", "I"]
    assert state.secrets["x33"].original is None and state.secrets["x33"].city == "MAD"
    with pytest.raises(NotYourTurn):
        rules.apply(state, 1, "I place x08 ROM")


def test_secret_placement_rules() -> None:
    state = rules.new_state(SEED, {}, 5)
    with pytest.raises(IllegalAction, match="home territory"):
        play(state, "G place x01 PAR")
    state = play(state, "G place x01 BER")
    with pytest.raises(IllegalAction, match="already holds"):
        play(state, "G place x02 BER")
    with pytest.raises(IllegalAction, match="secrets are placed now"):
        play(state, "G place p02 BER")


def _to_police(state: rules.State) -> rules.State:
    while state.decision is not None and state.decision.get("what") == "x":
        text = rules.default(state, min(rules.actors(state)))
        assert text is not None
        state = rules.apply(state, min(rules.actors(state)), text)
    return state


def test_police_placement_two_per_city_one_overseas_and_control() -> None:
    state = _to_police(rules.new_state(SEED, {}, 5))
    assert state.decision == {"kind": "place", "power": "G", "what": "p"}
    g_units = sorted(p for p, u in state.police.items() if u.power == "G")
    state = play(state, f"G place {g_units[0]} BER x01", f"G place {g_units[1]} BER")
    assert state.secrets["x01"].holder == g_units[0]
    with pytest.raises(IllegalAction, match="cannot stand"):
        play(state, f"G place {g_units[2]} BER")
    with pytest.raises(IllegalAction, match="cannot stand"):
        play(state, f"G place {g_units[2]} FRA")  # no police symbol


def test_spies_abroad_limit_and_the_default_in_the_capital() -> None:
    state = started()
    assert all(
        s.city == {"G": "BER", "I": "ROM", "R": "MOS", "F": "PAR", "B": "LON"}[s.power]
        for s in state.spies.values()
    )
    assert state.year == 1933 and state.active == "G"


def test_chits_drawn_at_setup_with_fresh_handles() -> None:
    state = started()
    handles = [h for p in TURN_ORDER for h, _ in state.hands[p]]
    assert handles == [f"c{i}" for i in range(1, len(handles) + 1)]
    assert [len(state.hands[p]) for p in TURN_ORDER] == [ALLOTMENTS[p].chits for p in TURN_ORDER]
    draw = next(e for e in state.log if e.text == "! draw G c1")
    assert draw.private[0].startswith("! draw G c1=")


def test_two_seats_russia_alternates_with_the_years() -> None:
    state = started(players=2)
    assert state.seat_of("R") == 0  # 1933: the G+I seat
    state = _finish_year(state)
    assert state.year == 1934 and state.seat_of("R") == 1


def _finish_year(state: rules.State) -> rules.State:
    year = state.year
    while state.year == year and state.result is None:
        seat = min(rules.actors(state))
        text = rules.default(state, seat)
        assert text is not None
        state = rules.apply(state, seat, text)
    # Through the yearly negotiation period.
    while state.decision is not None and state.decision["kind"] == "ready":
        seat = min(rules.actors(state))
        text = rules.default(state, seat)
        assert text is not None
        state = rules.apply(state, seat, text)
    return state


def test_year_structure_turn_order_and_the_yearly_period() -> None:
    state = started()
    order = []
    while state.year == 1933:
        d = state.decision
        assert d is not None
        if d.get("power") and d["power"] not in order:
            order.append(d["power"])
        seat = min(rules.actors(state))
        text = rules.default(state, seat)
        assert text is not None
        state = rules.apply(state, seat, text)
    assert order == list(TURN_ORDER)
    assert state.decision == {"kind": "ready", "waiting": [0, 1, 2, 3, 4]}
    state = play(state, "G ready", "I ready", "R ready", "F ready")
    assert rules.actors(state) == frozenset({4})
    state = play(state, "B ready")
    assert state.active == "G" and state.year == 1934


def test_the_game_ends_after_britain_1939_with_scores() -> None:
    state = started(players=3)
    while state.result is None:
        seat = min(rules.actors(state))
        text = rules.default(state, seat)
        assert text is not None
        state = rules.apply(state, seat, text)
    assert texts(state)[-6:] == ["= end 1939", *(f"= score {p} {state.scores[p]}" for p in TURN_ORDER)]
    # Nothing happened: every original survives in its original city, filed in 1939 (x2).
    for p in TURN_ORDER:
        originals = [x for x in state.secrets.values() if x.original == p]
        expected = sum(
            pieces.secret_value(state, x.id) * (1 if pieces.is_counterspy(state, x.id) else 2)
            for x in originals
        )
        assert state.scores[p] == expected
    assert state.result is not None and state.result.scores == tuple(
        max(state.scores[p] for p in powers) for powers in state.seats
    )


def test_a_seat_leaving_a_five_seat_game_becomes_a_zombie_and_the_last_able_seat_wins() -> None:
    state = started()
    state = rules.withdraw(state, 1, "resign")
    assert state.zombies == {1} and texts(state)[-2:] == ["= resign 2", "= zombie 2"]
    assert state.result is None
    for seat in (2, 3):
        state = rules.withdraw(state, seat, "abandon")
    assert state.result is None
    state = rules.withdraw(state, 4, "timeout")
    assert state.result is not None and state.result.winners == (0,)
    assert state.result.withdrawn == (1, 2, 3, 4)


def test_two_seats_the_other_seat_wins() -> None:
    state = started(players=2)
    state = rules.withdraw(state, 0, "timeout")
    assert state.result is not None and state.result.winners == (1,) and texts(state)[-1] == "= timeout 1"


def test_a_timed_out_seat_plays_its_default_then_becomes_a_zombie() -> None:
    state = started()
    assert rules.actors(state) == frozenset({0})
    state = rules.withdraw(state, 0, "timeout")
    assert 0 in state.zombies and texts(state)[-3:] == ["= timeout 1", "G discard ?", "= zombie 1"]
    assert state.decision == {"kind": "turn", "power": "G"}  # the autopilot plays on for the zombie


def test_simultaneous_setup_is_sealed_then_revealed_in_turn_order() -> None:
    state = rules.new_state(SEED, {"setup_order": "simultaneous"}, 3)
    assert state.decision == {"kind": "place", "waiting": [0, 1, 2], "what": "xp"}
    # Seat 1 (Britain and France) places a French secret first; nothing shows publicly.
    x_f = next(x.id for x in state.secrets.values() if x.original == "F")
    n = len(state.log)
    state = play_seat(state, 1, f"F place {x_f} PAR")
    assert texts(state, n) == ["F place ?"] and state.log[n].private == {1: f"F place {x_f} PAR"}
    assert state.secrets[x_f].city is None  # not revealed yet
    with pytest.raises(IllegalAction):
        play_seat(
            state,
            1,
            f"F place {next(x.id for x in state.secrets.values() if x.original == 'F' and x.id != x_f)} PAR",
        )
    while state.decision is not None and state.decision["kind"] == "place" and "waiting" in state.decision:
        seat = min(rules.actors(state))
        text = rules.default(state, seat)
        assert text is not None
        state = rules.apply(state, seat, text)
    revealed = [e.text for e in state.log if e.by == "engine" and e.text and " place " in e.text]
    assert [line.split(" ")[0] for line in revealed] == sorted(
        (line.split(" ")[0] for line in revealed), key="GIRFB".index
    )
    assert state.secrets[x_f].city == "PAR" and all(
        x.city is not None for x in state.secrets.values() if x.original is not None
    )
    assert all(u.city is not None for u in state.police.values())


def play_seat(state: rules.State, seat: int, line: str) -> rules.State:
    return rules.apply(state, seat, line)
