"""Action chits (section 13): effects, response chains, Intercepts, the hand limit."""

from __future__ import annotations

import pytest
from spies_position import empty_hand, give_chits, move_spy, play, skip_tile, spy_of, started, texts

from engine.errors import IllegalAction
from engine.spies import pieces, rules
from engine.spies.state import RECORD, SANCTIONED, State


def _duel(target_cousin: bool = False) -> tuple[State, str, str, str]:
    """G's turn; a German spy and a French spy in Warsaw; G holds a Sanction."""
    state = skip_tile(started())
    a = spy_of(state, "G", 2)
    t = spy_of(state, "F", cousin=target_cousin) if target_cousin else spy_of(state, "F", 1)
    move_spy(state, a, "WAR")
    move_spy(state, t, "WAR")
    (san,) = give_chits(state, "G", "SAN")
    return state, a, t, san


def test_cousin_shield_kills_the_assassin_without_a_chain() -> None:
    state, a, t, san = _duel(target_cousin=True)
    state = play(state, f"G chit {san} SAN {a} {t}")
    assert texts(state)[-1] == f"= killed {a} shield {t}"
    assert state.spies[a].box == SANCTIONED and state.markers["F"] == [1933]
    assert state.decision == {"kind": "turn", "power": "G"}


def test_sanction_stands_when_the_defender_passes() -> None:
    state, a, t, san = _duel()
    state = play(state, f"G chit {san} SAN {a} {t}")
    assert state.decision == {"kind": "chain", "power": "F", "allowed": ["COV", "DBX"]}
    state = play(state, "F pass")
    assert state.spies[t].box == SANCTIONED and state.markers["G"] == [1933]
    assert texts(state)[-1] == f"= killed {t}"


def test_cover_cancels_and_double_cross_reverses_unless_negated() -> None:
    state, a, t, san = _duel()
    (cov,) = give_chits(state, "F", "COV")
    (dbx,) = give_chits(state, "F", "DBX")
    (g_dbx,) = give_chits(state, "G", "DBX")
    chained = play(state, f"G chit {san} SAN {a} {t}")
    covered = play(chained, f"F chit {cov} COV")
    assert covered.decision == {"kind": "chain", "power": "G", "allowed": ["DBX"]}
    cancelled = play(covered, "G pass")
    assert texts(cancelled)[-1] == "= cancelled" and cancelled.spies[t].box == ""
    # G negates the Cover with its own Double Cross: the Sanction resolves normally.
    negated = play(covered, f"G chit {g_dbx} DBX", "F pass")
    assert negated.spies[t].box == SANCTIONED
    # F reverses the Sanction: the assassin dies instead and F gets the marker.
    reversed_ = play(chained, f"F chit {dbx} DBX", "G pass")
    assert texts(reversed_)[-2:] == ["= reversed", f"= killed {a}"]
    assert reversed_.spies[a].box == SANCTIONED and reversed_.markers["F"] == [1933]
    # Every chit played in the chain was paid: Sanction 4 + Double Cross 3 for G; AP 2 + 1.
    assert negated.ap == 3 + state.ap


def test_chit_window_skipped_for_an_empty_hand() -> None:
    state, a, t, san = _duel()
    empty_hand(state, "F")
    state = play(state, f"G chit {san} SAN {a} {t}")
    assert state.spies[t].box == SANCTIONED


def test_sanction_takeover_of_the_victims_secret() -> None:
    state, a, t, san = _duel()
    empty_hand(state, "F")
    x = next(x for x in state.secrets.values() if x.city == "WAR")
    pieces.set_holder(state, x.id, t)
    state = play(state, f"G chit {san} SAN {a} {t}")
    assert state.decision == {"kind": "takeover", "power": "G", "spy": a, "secret": x.id}
    state = play(state, f"G take {a} {x.id}")
    assert state.secrets[x.id].holder == a


def test_drop_sends_the_secret_to_the_capital_unless_intercepted() -> None:
    state = skip_tile(started())
    a = spy_of(state, "G", 2)
    x = next(x for x in state.secrets.values() if x.original is None)
    assert x.city is not None
    move_spy(state, a, x.city)
    pieces.set_holder(state, x.id, a)
    receiver = spy_of(state, "G", 1)  # stays in Berlin, controls nothing
    (drp,) = give_chits(state, "G", "DRP")
    for p in ("I", "R", "F", "B"):
        empty_hand(state, p)
    (icp,) = give_chits(state, "F", "ICP")
    state = play(state, f"G chit {drp} DRP {a} {receiver}")
    assert state.decision == {"kind": "intercept", "power": "F"}  # I and R hold nothing
    dropped = play(state, "F pass")
    assert dropped.secrets[x.id].holder == receiver and dropped.secrets[x.id].city == "BER"
    stopped = play(state, f"F chit {icp} ICP", "G pass")
    assert stopped.secrets[x.id].holder is None and stopped.secrets[x.id].city == x.city
    assert texts(stopped)[-2] == f"= intercepted {x.id}"
    face = stopped.log[-1]
    assert face.text is None and face.private == {3: f"= face {x.id} {pieces.secret_face(stopped, x.id)}"}


def test_escape_from_a_record_and_recruit_from_the_box() -> None:
    state = skip_tile(started())
    a, b = spy_of(state, "G", 2), spy_of(state, "G", 1)
    s = state.spies[a]
    s.city, s.box, s.captor, s.year = None, RECORD, "F", 1933
    t = state.spies[b]
    t.city, t.box = None, SANCTIONED
    esc, rec = give_chits(state, "G", "ESC", "REC")
    empty_hand(state, "F")
    state = play(state, f"G chit {esc} ESC {a}")
    assert state.spies[a].city == "BER" and texts(state)[-1] == f"= freed {a} BER"
    state = play(state, f"G chit {rec} REC {b}")
    assert state.spies[b].city == "BER"
    cousin = spy_of(state, "G", cousin=True)
    state.spies[cousin].city, state.spies[cousin].box = None, SANCTIONED
    (rec2,) = give_chits(state, "G", "REC")
    with pytest.raises(IllegalAction):
        play(state, f"G chit {rec2} REC {cousin}")


def test_hand_limit_window_and_its_default() -> None:
    state = skip_tile(started())
    give_chits(state, "F", *(["DIS"] * 8))  # F holds 11
    spy = spy_of(state, "F", 1)
    move_spy(state, spy, "BER")
    empty_hand(state, "G")
    state.hands["G"] = []
    # Any event: G searches; F's window is the evasion one; the limit was already due, so it
    # opens first, at once.
    assert state.decision == {"kind": "turn", "power": "G"}
    state = play(state, "G police")
    assert state.decision == {"kind": "limit", "power": "F"}
    default = rules.default(state, state.seat_of("F"))
    top = sorted((h for h, _ in state.hands["F"]), key=lambda h: int(h[1:]))[-1]
    assert default == f"F return {top}"
    state = play(state, default)
    assert len(state.hands["F"]) == 10


def test_discovery_of_a_police_held_secret_chain_then_comparison_with_the_police_total() -> None:
    state = skip_tile(started())
    # A German spy in Rome, where Italian police control Italy's x in its original city.
    a = spy_of(state, "G", 4)
    move_spy(state, a, "ROM")
    rome = sorted(p for p, u in state.police.items() if u.city == "ROM")
    x = next(x for x in state.secrets.values() if x.city == "ROM" and x.original == "I")
    pieces.set_holder(state, x.id, rome[0])
    (dis,) = give_chits(state, "G", "DIS")
    empty_hand(state, "I")  # no chit: the chain window is skipped (section 7)
    n = len(state.log)
    state = play(state, f"G chit {dis} DIS {a} {x.id}")
    total = sum(pieces.police_strength(state, u) for u in rome)
    compare = f"= compare {a} 4 {'+'.join(rome)} {total}"
    assert compare in [e.private.get(0) for e in state.log[n:]] and compare in [
        e.private.get(1) for e in state.log[n:]
    ]
    won = total < 4
    assert (state.secrets[x.id].holder == a) == won
    assert texts(state)[-2 if won else -1] == (f"= control {a} {x.id}" if won else f"= failed {a} {x.id}")


def test_a_counterspy_held_by_an_enemy_captures_for_its_controller() -> None:
    state = skip_tile(started())
    cs = next(
        x
        for x in state.secrets.values()
        if pieces.is_counterspy(state, x.id) and x.original not in ("G", None)
    )
    owner = cs.original
    assert owner is not None and cs.city is not None
    a = spy_of(state, "G", 1)  # the weakest German spy, not the Cousin
    move_spy(state, a, cs.city)
    (dis,) = give_chits(state, "G", "DIS")
    money = state.money[owner]
    state = play(state, f"G chit {dis} DIS {a} {cs.id}")
    assert state.secrets[cs.id].gone == "removed"
    if pieces.counterspy_strength(state, cs.id) > 1:
        s = state.spies[a]
        assert (s.box, s.captor) == (RECORD, owner) and state.money[owner] == money + 3
    faces = [
        e.private
        for e in state.log
        if e.text is None and any("= face " + cs.id in t for t in e.private.values())
    ]
    assert faces and set(faces[0]) == {0, state.seat_of(owner)}


def test_escape_from_a_record_fails_when_the_captor_double_crosses() -> None:
    state = skip_tile(started())
    a = spy_of(state, "G", 2)
    s = state.spies[a]
    s.city, s.box, s.captor, s.year = None, RECORD, "F", 1933
    (esc,) = give_chits(state, "G", "ESC")
    (dbx,) = give_chits(state, "F", "DBX")
    state = play(state, f"G chit {esc} ESC {a}")
    assert state.decision == {"kind": "chain", "power": "F", "allowed": ["DBX"]}
    state = play(state, f"F chit {dbx} DBX", "G pass")
    assert state.spies[a].box == RECORD and texts(state)[-1] == "= reversed"
