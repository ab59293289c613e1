"""Russia by sealed bids (section 2) and binding offers (section 12)."""

from __future__ import annotations

import pytest
from spies_position import give_chits, play, skip_tile, started, texts

from engine.errors import IllegalAction
from engine.spies import rules
from engine.spies.state import State


def _to_auction(players: int = 4) -> State:
    state = rules.new_state("ab" * 32, {"russia_control": "bidding"}, players)
    while state.decision is not None and state.decision["kind"] == "place":
        assert state.decision["power"] in ("G", "I")  # only G and I place before the auction
        seat = min(rules.actors(state))
        text = rules.default(state, seat)
        assert text is not None
        state = rules.apply(state, seat, text)
    return state


def test_first_auction_before_the_russian_secrets_and_sealed_bids() -> None:
    state = _to_auction()
    assert state.decision == {"kind": "bid", "waiting": [0, 1, 2, 3], "tied": None}
    n = len(state.log)
    state = play(state, "G bid 7", "I bid 3", "F bid 0")
    assert texts(state, n) == ["G bid ?", "I bid ?", "F bid ?"]
    assert state.log[n].private == {0: "G bid 7"}
    with pytest.raises(IllegalAction):
        play(state, "B bid 99")  # more than Britain holds
    state = play(state, "B bid 5")
    assert texts(state)[-2:] == ["= bids G 7 I 3 F 0 B 5", "= russia G G7"]
    assert state.russia == 0 and state.money["G"] == 30 - 7
    assert state.decision == {"kind": "place", "power": "R", "what": "x"}


def test_tied_seats_rebid_and_must_raise_if_they_can() -> None:
    state = play(_to_auction(), "G bid 5", "I bid 5", "F bid 2", "B bid 0")
    assert state.decision == {"kind": "bid", "waiting": [0, 1], "tied": 5}
    with pytest.raises(IllegalAction, match="more than 5"):
        play(state, "G bid 5")
    state = play(state, "G bid 6", "I bid 8")
    assert texts(state)[-1] == "= russia I I8" and state.russia == 1


def test_nobody_bids_at_the_first_auction_a_chance_draw_for_nothing() -> None:
    state = play(_to_auction(), "G bid 0", "I bid 0", "F bid 0", "B bid 0")
    assert texts(state)[-2].startswith("! russia ") and texts(state)[-1].startswith("= russia ")
    assert state.money == {"G": 30, "I": 20, "R": 25, "F": 25, "B": 35}


def test_an_offer_through_an_open_channel_is_binding_on_acceptance() -> None:
    state = skip_tile(started())
    ap = state.ap
    state = play(state, "G open F")
    assert state.ap == ap + 1 and state.channels == ["F"]
    (c,) = give_chits(state, "G", "PAP")
    n = len(state.log)
    state = play(state, f"G offer o1 F give £5 {c} get £2")
    assert texts(state, n) == ["G offer o1 F ?", "~"]
    assert state.log[n].private == {
        0: f"G offer o1 F give £5 {c} get £2",
        3: f"G offer o1 F give £5 {c} get £2",
    }
    assert state.log[n + 1].private == {3: f"= chits o1 {c}=PAP"}
    assert state.decision == {"kind": "offer", "power": "F", "offer": "o1"}
    money = dict(state.money)
    done = play(state, "F accept o1")
    assert done.money["G"] == money["G"] - 3 and done.money["F"] == money["F"] + 3
    assert (c, "PAP") in done.hands["F"] and texts(done)[-1] == f"= exchange o1 G>F £5 {c} F>G £2"
    declined = play(state, "F decline o1")
    assert declined.money == money and declined.decision == {"kind": "turn", "power": "G"}
    countered = play(state, "F offer o2 G get £6")
    assert countered.decision == {"kind": "offer", "power": "G", "offer": "o2"}
    # Another action closes the channel.
    moved = play(declined, "G police")
    assert moved.channels == [] and texts(moved)[-1] == "= closed G F"


def test_offers_need_a_channel_and_cannot_give_own_originals() -> None:
    state = skip_tile(started())
    with pytest.raises(IllegalAction, match="channel"):
        play(state, "G offer o1 F give £1")
    state = play(state, "G open F")
    with pytest.raises(IllegalAction, match="next offer"):
        play(state, "G offer o7 F give £1")
