"""Secrecy (spec section 10): a viewer's view is byte-identical across the hidden states he
cannot tell apart (twins), now and after the same further actions, for every seat and a
spectator; history stubs; the view holds nothing hidden."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from prohibition_position import started

from engine.core import EVERYONE, SPECTATOR, Viewer
from engine.errors import GameError
from engine.prohibition import PROHIBITION as G
from engine.prohibition import rules
from engine.prohibition.state import State
from engine.prohibition.view import log_event


def dump(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def public_events(before: State, after: State) -> str:
    """The events a spectator is sent for the step from ``before`` to ``after``."""
    return dump(
        [G.project(log_event(after, i), SPECTATOR) for i in range(len(before.entries), len(after.entries))]
    )


def random_state(seed: int, players: int, stop: int) -> tuple[State, random.Random]:
    rng = random.Random(seed)
    state = rules.new_state(f"{seed + 11:064x}", None, players)
    for _ in range(stop):
        if state.phase == "over":
            break
        state = rules.apply(state, rng.choice(rules.legal(state)))
    return state, rng


def viewers(players: int) -> list[Viewer]:
    return [*range(players), SPECTATOR]


def assert_twin_holds(state: State, viewer: Viewer, rng: random.Random, steps: int = 25) -> int:
    """Compare the viewer's views of a state and its twin, then after the same random further
    actions while they are legal in both and their public events are the same. Returns the
    number of states compared."""
    twin = G.twin(state, viewer, f"{rng.getrandbits(256):064x}")
    compared = 0
    for _ in range(steps):
        assert dump(G.view(twin, viewer)) == dump(G.view(state, viewer))
        compared += 1
        if state.phase == "over":
            break
        action = rng.choice(rules.legal(state))
        try:
            nxt_twin = rules.apply(twin, action)
        except GameError:
            break  # an action of another seat that only the original allows: the proof stops
        nxt = rules.apply(state, action)
        if public_events(state, nxt) != public_events(twin, nxt_twin):
            break
        state, twin = nxt, nxt_twin
    return compared


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("stop", [5, 12, 40, 120])
def test_views_are_identical_across_twins(players: int, stop: int) -> None:
    for seed in range(3):
        state, rng = random_state(seed * 100 + stop, players, stop)
        for viewer in viewers(players):
            assert assert_twin_holds(state, viewer, rng) >= 1


def test_twins_really_re_deal() -> None:
    state, _ = random_state(3, 4, 12)  # after the reveal
    assert state.phase not in ("place", "pick")
    seat = state.order[0]
    differ = hands = 0
    for k in range(5):
        twin = G.twin(state, seat, f"{k:064x}")
        if twin.deck != state.deck:
            differ += 1
        own = state.trucks_of(seat)
        for t in own:
            assert twin.trucks[t].dealt == state.trucks[t].dealt
        for t in range(state.ntrucks):
            assert twin.trucks[t].pick == state.trucks[t].pick
        if any(twin.trucks[t].dealt != state.trucks[t].dealt for t in range(state.ntrucks) if t not in own):
            hands += 1
    assert differ >= 4 and hands >= 4


def test_twin_during_the_picks_keeps_the_own_hand_and_re_deals_the_others() -> None:
    state = rules.new_state("ab" * 32, None, 3)
    for text in ("place T3 W1", "place T2 W2", "place T1 W3"):
        state = rules.apply(state, text)
    state = rules.apply(state, f"pick T2 {state.trucks[1].dealt[2]}")
    seat = state.seat_of_truck(0)
    twin = G.twin(state, seat, "cd" * 32)
    assert twin.trucks[0].dealt == state.trucks[0].dealt
    assert twin.trucks[1].pick in twin.trucks[1].dealt
    dealt = [c for t in twin.trucks for c in t.dealt]
    assert len(set(dealt)) == len(dealt) == 9
    assert dump(G.view(twin, seat)) == dump(G.view(state, seat))
    assert dump(G.view(twin, EVERYONE)) != dump(G.view(state, EVERYONE))


def test_history_stubs_have_the_shape_of_section_13() -> None:
    state = started(4)
    seat = state.seat_of_truck(0)
    history = G.view(state, seat)["history"]
    texts = [h["a"] for h in history]
    assert "deck ?" in texts
    assert any(t.startswith("deal T1 L") for t in texts)
    assert "deal T2 ? ? ?" in texts and "pick T2 ?" in texts
    assert [h["n"] for h in history] == list(range(1, len(history) + 1))
    spectator = [h["a"] for h in G.view(state, SPECTATOR)["history"]]
    assert "deal T1 ? ? ?" in spectator and "pick T1 ?" in spectator
    assert "private" not in G.view(state, SPECTATOR)


def test_nothing_hidden_in_a_view() -> None:
    state = started(3)
    seat = state.seat_of_truck(0)
    text = dump(G.view(state, seat))
    for card in state.deck:
        # A deck card may appear only if the viewer holds it in his own dealt hand.
        if card not in state.trucks[0].dealt:
            assert card not in text.replace('"deck_count"', ""), card
    assert state.rng.seed not in text
    assert state.rng.seed not in dump(G.view(state, SPECTATOR))


def test_after_the_game_everything_is_public() -> None:
    state, _ = random_state(5, 3, 100000)
    assert state.phase == "over"
    public = G.view(state, SPECTATOR)
    assert public["seed"] == state.rng.seed and "private" in public and "deck" in public
    assert not any("?" in h["a"] for h in public["history"])


def test_projected_events_match_the_history() -> None:
    state = rules.new_state("11" * 32, None, 4)
    for text in ("place T4 W1", "place T3 W2", "place T2 W3"):
        state = rules.apply(state, text)
    transition = G.apply(state, state.order[0], {"type": "act", "text": "place T1 W4"})
    for viewer in viewers(4):
        projected = [G.project(e, viewer) for e in transition.events]
        history = G.view(transition.state, viewer)["history"][len(state.entries) :]
        assert [{"n": p["n"], "by": p["by"], "a": p["a"]} for p in projected if p] == history


def test_illegal_action_messages_do_not_depend_on_hidden_values() -> None:
    state = started(4)
    seat = sorted(G.actors(state))[0]
    messages = set()
    for card in [*state.deck[:3], "L28", "L01"]:
        if card in state.display:
            continue
        try:
            G.apply(state, seat, {"type": "act", "text": f"load {card}"})
        except GameError as exc:
            messages.add(str(exc).replace(card, "X"))
    assert len(messages) == 1
