"""Secrecy (spec section 14): a viewer's view is byte-identical across the hidden states he
cannot tell apart (twins), now and after the same further actions while their public outcome
is the same, for every seat and a spectator; stubs; knowledge that persists; after the end
everything is public."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from spies_position import give_chits, move_spy, play, skip_tile, spy_of, started

from engine.core import EVERYONE, SPECTATOR, Viewer
from engine.errors import GameError
from engine.spies import rules
from engine.spies.game import SPIES as G
from engine.spies.game import action
from engine.spies.state import State
from engine.spies.view import log_event


def dump(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def public_events(before: State, after: State) -> str:
    return dump([G.project(log_event(after, i), SPECTATOR) for i in range(len(before.log), len(after.log))])


def random_state(
    seed: int, players: int, stop: int, options: dict[str, Any] | None = None
) -> tuple[State, random.Random]:
    rng = random.Random(seed)
    state = rules.new_state(f"{seed + 11:064x}", options or {}, players)
    for _ in range(stop):
        if state.result is not None:
            break
        seat = rng.choice(sorted(rules.actors(state)))
        text = rng.choice(rules.legal(state, seat))
        d = state.decision
        if d is not None and d["kind"] == "turn" and rng.random() < 0.08:
            text = f"{d['power']} end"
        state = rules.apply(state, seat, text)
    return state, rng


def viewers(players: int) -> list[Viewer]:
    return [*range(players), SPECTATOR]


def viewer_events(before: State, after: State, viewer: Viewer) -> list[tuple[bool, str]]:
    """(addressed to the viewer privately, the text he is sent) for each new event."""
    out = []
    for i in range(len(before.log), len(after.log)):
        event = log_event(after, i)
        projected = G.project(event, viewer)
        assert projected is not None
        out.append((isinstance(viewer, int) and viewer in event.data["private"], dump(projected)))
    return out


def assert_twin_holds(state: State, viewer: Viewer, rng: random.Random, steps: int = 20) -> int:
    """The view of the twin equals the view of the state; then the same further steps while
    their public outcome is the same: the events sent to the viewer and his views stay the
    same, except where a text addressed to him privately differs (a comparison he takes part
    in, a face the rules show him): there he learns something he is entitled to, and the
    comparison stops. Every action he may try at the start is answered alike."""
    twin = G.twin(state, viewer, f"{rng.getrandbits(256):064x}")
    assert dump(G.view(twin, viewer, False)) == dump(G.view(state, viewer, False))
    if isinstance(viewer, int) and viewer in G.actors(state):
        for act in G.legal_actions(state, viewer)[:20]:
            outcomes = []
            for s in (state, twin):
                try:
                    G.apply(s, viewer, act)
                    outcomes.append("ok")
                except GameError as exc:
                    outcomes.append(str(exc))
            assert outcomes[0] == outcomes[1], act
    compared = 0
    for _ in range(steps):
        assert dump(G.view(twin, viewer)) == dump(G.view(state, viewer)), viewer
        compared += 1
        if state.result is not None:
            break
        seat = rng.choice(sorted(G.actors(state)))
        act = rng.choice(G.legal_actions(state, seat))
        try:
            nxt_twin = G.apply(twin, seat, act).state
        except GameError:
            break
        nxt = G.apply(state, seat, act).state
        if public_events(state, nxt) != public_events(twin, nxt_twin) or dump(G.view(nxt, SPECTATOR)) != dump(
            G.view(nxt_twin, SPECTATOR)
        ):
            break  # a different public outcome: the viewer may learn something here
        mine, theirs = viewer_events(state, nxt, viewer), viewer_events(twin, nxt_twin, viewer)
        if mine != theirs:
            assert len(mine) == len(theirs)
            for a, b in zip(mine, theirs, strict=True):
                assert a == b or (a[0] and b[0]), (viewer, a, b)  # only his private texts differ
            break
        state, twin = nxt, nxt_twin
    return compared


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("stop", [60, 300])
def test_views_are_identical_across_twins(players: int, stop: int) -> None:
    state, rng = random_state(stop + players, players, stop)
    for viewer in viewers(players):
        assert assert_twin_holds(state, viewer, rng) >= 1


@pytest.mark.parametrize("stop", [8, 80])
def test_twins_under_simultaneous_setup_bidding_and_hidden_money(stop: int) -> None:
    options = {"setup_order": "simultaneous", "russia_control": "bidding", "hidden_money": True}
    state, rng = random_state(stop, 4, stop, options)
    for viewer in viewers(4):
        assert assert_twin_holds(state, viewer, rng) >= 1


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_views_are_identical_across_twins_many(players: int) -> None:
    for seed in range(60):
        options: dict[str, Any] = {
            "hidden_money": seed % 3 == 0,
            "setup_order": ("sequential", "simultaneous")[seed % 2],
        }
        if players in (2, 4) and seed % 2:
            options["russia_control"] = "bidding"
        state, rng = random_state(seed * 7 + players, players, 20 + seed * 13, options)
        for viewer in viewers(players):
            assert assert_twin_holds(state, viewer, rng) >= 1


def test_twins_really_re_deal() -> None:
    state, _ = random_state(3, 5, 150)
    twin = G.twin(state, 0, "cd" * 32)
    assert any(twin.spies[s].face != state.spies[s].face for s in state.spies if state.spies[s].power != "G")
    assert any(twin.hands[p] != state.hands[p] for p in "IRFB")
    assert all(twin.spies[s].face == state.spies[s].face for s in state.spies if state.spies[s].power == "G")
    assert twin.hands["G"] == state.hands["G"]
    assert dump(G.view(twin, EVERYONE)) != dump(G.view(state, EVERYONE))


def test_a_spectator_view_holds_no_face_no_chit_type_no_seed() -> None:
    state, _ = random_state(4, 4, 200)
    public = G.view(state, SPECTATOR)
    assert all(s["face"] is None and s["strength"] is None for s in public["spies"])
    assert all(p["face"] is None for p in public["police"]) and all(
        x["face"] is None for x in public["secrets"]
    )
    assert all(c["type"] is None for p in public["powers"].values() for c in p["chits"])
    assert state.rng.seed not in dump(public)
    assert all(h["a"].split(" ")[:2] != ["!", "setup"] or h["a"] == "! setup ?" for h in public["history"])


def test_comparison_numbers_go_to_the_two_seats_and_stay_known() -> None:
    state = skip_tile(started())
    spy = spy_of(state, "F", 1)
    move_spy(state, spy, "BER")
    give_chits(state, "F", "DIS")
    state = play(state, f"G search BER:{spy}", "F pass")
    for seat, entitled in ((0, True), (3, True), (1, False), (2, False), (4, False)):
        text = dump(G.view(state, seat)["history"])
        assert ("= compare" in text) == entitled
    # Germany now knows the French spy's strength (not whether it is the Cousin).
    entry = next(s for s in G.view(state, 0)["spies"] if s["id"] == spy)
    assert entry["strength"] == 1 and entry["face"] is None


def test_history_numbers_have_no_gaps_and_events_match_it() -> None:
    state, _ = random_state(8, 3, 60)
    seat = min(G.actors(state))
    text = rules.legal(state, seat)[0]
    transition = G.apply(state, seat, action(text))
    for viewer in viewers(3):
        history = G.view(transition.state, viewer)["history"]
        assert [h["n"] for h in history] == list(range(1, len(history) + 1))
        projected = [G.project(e, viewer) for e in transition.events]
        tail = history[len(state.log) :]
        assert [(p["n"], p["a"]) for p in projected if p] == [(h["n"], h["a"]) for h in tail]


def test_after_the_game_everything_is_public() -> None:
    state, _ = random_state(5, 3, 100000)
    assert state.result is not None
    public = G.view(state, SPECTATOR)
    assert public["seed"] == state.rng.seed
    assert all(s["face"] is not None for s in public["spies"])
    assert not any(h["a"].endswith("?") for h in public["history"])


def test_hidden_money_tiles_chits_and_manifest_in_a_seats_view() -> None:
    state = skip_tile(started(hidden_money=True, manifest_public=False))
    mine = G.view(state, 0)
    assert mine["powers"]["G"]["money"] == state.money["G"] and mine["powers"]["F"]["money"] is None
    assert mine["powers"]["G"]["hand"] is not None and mine["powers"]["F"]["hand"] is None
    assert [c["type"] for c in mine["powers"]["G"]["chits"]] == [t for _h, t in state.hands["G"]]
    assert all(c["type"] is None for c in mine["powers"]["F"]["chits"])
    assert mine["manifest"] is None and mine["cup_types"] is None
    assert G.view(started(), SPECTATOR)["manifest"] is not None
    # Own pieces' faces, nobody else's; own originals' faces, not another power's.
    assert all((s["face"] is not None) == (s["power"] == "G") for s in mine["spies"])
    assert all((x["face"] is not None) == (x["original"] == "G") for x in mine["secrets"])
    assert mine["legal"] == rules.legal(state, 0) and G.view(state, 1)["legal"] is None
