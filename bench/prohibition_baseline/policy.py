"""The autopilot's choices, per level.

* ``easy``: the sensible player of spec section 14, rule by rule: the best dealt card, the
  character against the leading opponent and never against its own trucks, Capone to shield
  its own loaded truck, the delivery worth most now, else towards the nearest open bar (or a
  distillery once empty), and the highest-value face-up card when empty at a distillery.
* ``normal``: one-ply lookahead: every legal action is played on a state rebuilt from the
  view (hidden cards sampled) and the resulting position is valued (banked points, what the
  cargo, the token and the turns left will still make, the chance that Ness or the Policeman
  reaches the truck before its next turn, all against the best other seat). The character
  step is searched through every truck action that may follow it, and each truck action
  through the loads it opens.
"""

from __future__ import annotations

import random
import time
from typing import Final

from bench.prohibition_baseline.heuristics import (
    card_worth,
    delivery_turns,
    distillery_streets,
    open_bars,
    position_value,
    rivals_value,
    turns_to,
)
from engine.prohibition import turn
from engine.prohibition.board import STREET_ENDS, STREET_INDEX
from engine.prohibition.data import CARD_BY_ID, COLOUR_INDEX, CUBES, NCOL, PROTECTORS, TRUCK_INDEX
from engine.prohibition.notation import parse
from engine.prohibition.rules import advance
from engine.prohibition.state import CHARACTER, TRUCK, State

LEVEL_NAMES: Final = ("easy", "normal")


# -- shared helpers -------------------------------------------------------------------------------
def delivery_points(action: str) -> int:
    if "=" not in action:
        return 0
    count, colour = action[-2], action[-1]
    return int(count) * CUBES[COLOUR_INDEX[colour]].value


def best_load(legal: list[str]) -> str | None:
    loads = [a for a in legal if a.startswith("load ")]
    if not loads:
        return None
    return max(loads, key=lambda a: (CARD_BY_ID[a[5:]].value, -sum(CARD_BY_ID[a[5:]].cubes), a))


def pick_choice(state: State, seat: int, legal: list[str]) -> str:
    owed = sorted({a.split()[1] for a in legal if a.startswith("pick ")})
    truck = owed[0]
    mine = [a for a in legal if a.split()[1] == truck]
    return max(mine, key=lambda a: (card_worth(a.split()[2]), a))


def use_choice(state: State, legal: list[str]) -> str:
    def key(action: str) -> tuple[int, int, str]:
        t = state.trucks[TRUCK_INDEX[action[4:]]]
        return (-t.score, t.aboard, action)

    return max(legal, key=key)


# -- easy ------------------------------------------------------------------------------------------
def easy(state: State, seat: int, legal: list[str], rng: random.Random) -> str:
    phase = state.phase
    if len(legal) == 1:
        return legal[0]
    if phase == "place":
        return rng.choice(legal)
    if phase == "pick":
        return pick_choice(state, seat, legal)
    if phase == "use":
        return use_choice(state, legal)
    truck = state.trucks[state.active]
    if phase in ("preroll", "postmove"):
        load = best_load(legal)
        if load is not None and truck.aboard == 0:
            return load
        return "roll" if phase == "preroll" else "end"
    if phase == CHARACTER:
        return easy_character(state, seat, legal, rng)
    return easy_truck(state, legal, rng)


def _leader_weights(state: State, seat: int) -> dict[int, float]:
    """Weight of hurting each truck: opponents by their standing, own trucks heavily negative."""
    out = {}
    scores = sorted((t.score for t in state.trucks), reverse=True)
    for i, t in enumerate(state.trucks):
        if state.seat_of_truck(i) == seat:
            out[i] = -12.0
        else:
            out[i] = 1.0 + (0.6 if t.score == scores[0] else 0.0) + 0.05 * t.score
    return out


def easy_character(state: State, seat: int, legal: list[str], rng: random.Random) -> str:
    weights = _leader_weights(state, seat)
    own = set(state.trucks_of(seat))

    def score(action: str) -> float:
        sim = state.copy()
        before = [(t.aboard, t.token) for t in sim.trucks]
        act = parse(action)
        turn.act_character(sim, act.char, act.at)
        total = 0.0
        for i, t in enumerate(sim.trucks):
            lost = before[i][0] - t.aboard
            if lost:
                total += weights[i] * (2 + (3 if before[i][1] is not None and t.token is None else 0))
        if act.char in PROTECTORS:
            for i in own:
                t = sim.trucks[i]
                if t.aboard and t.street >= 0 and act.at in STREET_ENDS[t.street]:
                    total += 4.0
        return total + rng.random() * 0.01

    return max(legal, key=score)


def easy_truck(state: State, legal: list[str], rng: random.Random) -> str:
    deliveries = [a for a in legal if "=" in a]
    if deliveries:
        return max(deliveries, key=lambda a: (delivery_points(a), rng.random()))
    truck = state.trucks[state.active]
    moves = [a for a in legal if a.startswith("go:")]
    if not moves:
        return "pass" if "pass" in legal else legal[0]
    assert truck.cargo is not None
    if truck.aboard:
        bars = {c: open_bars(state, c) for c in range(NCOL) if truck.cargo[c]}

        def distance(street: int) -> int:
            return min(delivery_turns(state, street, c, bars[c]) for c in bars)
    else:
        targets = distillery_streets(state)

        def distance(street: int) -> int:
            return min((0 if street == s else turns_to(street, s) + 1) for s in targets)

    here = distance(truck.street)
    best = min(moves, key=lambda a: (distance(STREET_INDEX[a[3:]]), rng.random()))
    if distance(STREET_INDEX[best[3:]]) >= here and "pass" in legal and truck.aboard:
        return "pass"
    return best


# -- normal ----------------------------------------------------------------------------------------
def _after(state: State, action: str) -> State:
    sim = state.copy()
    advance(sim, action)
    return sim


def _truck_step(state: State, action: str) -> State:
    """The state right after a truck action, before step 5 (no turn change simulated)."""
    sim = state.copy()
    act = parse(action)
    turn.move_and_deliver(sim, act.at if act.kind == "go" else -1, act.count, act.colour)
    return sim


def _loaded(state: State, card: str) -> State:
    sim = state.copy()
    turn.load(sim, card)
    return sim


def _value_after_truck_action(
    state: State, action: str, seat: int, loads: bool, rivals: float | None = None
) -> float:
    sim = _truck_step(state, action)
    value = position_value(sim, seat, rivals)
    if loads and turn.may_load(sim, sim.active):
        for load in turn.load_actions(sim):
            value = max(value, position_value(_loaded(sim, load[5:]), seat, rivals))
    return value


def search(state: State, seat: int, legal: list[str], rng: random.Random, deadline: float) -> str:
    """``normal``: the best action by the value of the position it leads to (the character
    step through every truck action that may follow it, while time allows)."""
    phase = state.phase
    if len(legal) == 1:
        return legal[0]
    if phase in ("place", "pick", "use"):
        return easy(state, seat, legal, rng)
    if phase == TRUCK:
        scored = sorted(
            (
                (_value_after_truck_action(state, a, seat, True), delivery_points(a), rng.random(), a)
                for a in legal
            ),
            reverse=True,
        )
        return scored[0][3]
    if phase == CHARACTER:
        ranked = []
        for action in legal:
            sim = _after(state, action)
            rivals = rivals_value(sim, seat)
            value = position_value(sim, seat, rivals)
            if sim.phase == TRUCK and sim.active == state.active:
                follow = turn.truck_actions(sim)
                if time.perf_counter() < deadline:
                    # The rivals' value is taken as the character left it: the truck moves
                    # that follow change mostly the seat's own.
                    value = max(_value_after_truck_action(sim, a, seat, True, rivals) for a in follow)
                else:
                    value += 0.5 * max((delivery_points(a) for a in follow), default=0)
            ranked.append((value, rng.random(), action))
        ranked.sort(reverse=True)
        return ranked[0][2]
    # preroll / postmove: load now, or not
    keep = position_value(state, seat)
    options = [(keep, rng.random(), "roll" if "roll" in legal else "end")]
    for action in legal:
        if action.startswith("load "):
            options.append((position_value(_loaded(state, action[5:]), seat), rng.random(), action))
    best = max(options)
    truck = state.trucks[state.active]
    assert truck.cargo is not None
    aboard = sum(n * CUBES[i].value for i, n in enumerate(truck.cargo))
    if best[2].startswith("load") and truck.aboard and best[0] < keep + 1.0 + 0.5 * aboard:
        # Abandoning cubes is a loss the static value may miss: only when it clearly pays.
        return options[0][2]
    return best[2]
