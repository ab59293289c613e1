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
* ``strong``: normal's search, with what a character takes from the rivals (cubes, points,
  tokens, weighted towards the rival to beat) counted in full and its own trucks' exposure
  priced at what normal's rivals really take (the section ``strong`` below says why).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Final

from engine.prohibition import turn
from engine.prohibition.board import STREET_ENDS, STREET_INDEX
from engine.prohibition.bot.heuristics import (
    card_worth,
    delivery_turns,
    distillery_streets,
    open_bars,
    position_value,
    rivals_value,
    seat_value,
    truck_value,
    turns_to,
)
from engine.prohibition.data import CARD_BY_ID, COLOUR_INDEX, CUBES, NCOL, PROTECTORS, TRUCK_INDEX
from engine.prohibition.notation import parse
from engine.prohibition.rules import advance
from engine.prohibition.state import CHARACTER, TRUCK, State

LEVEL_NAMES: Final = ("easy", "normal", "strong")


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


# A position's value for a seat, against the rivals' (when known): normal's is position_value.
Value = Callable[[State, int, "float | None"], float]


def _value_after_truck_action(
    state: State,
    action: str,
    seat: int,
    loads: bool,
    rivals: float | None = None,
    value_of: Value = position_value,
) -> float:
    sim = _truck_step(state, action)
    value = value_of(sim, seat, rivals)
    if loads and turn.may_load(sim, sim.active):
        for load in turn.load_actions(sim):
            value = max(value, value_of(_loaded(sim, load[5:]), seat, rivals))
    return value


def search(
    state: State,
    seat: int,
    legal: list[str],
    rng: random.Random,
    deadline: float,
    value_of: Value = position_value,
    catch_of: Callable[[State, State], float] | None = None,
) -> str:
    """``normal``: the best action by the value of the position it leads to (the character
    step through every truck action that may follow it, while time allows). ``value_of``
    values a position and ``catch_of`` (before and after a character action) adds what that
    action takes from the rivals: strong passes its own."""
    phase = state.phase
    if len(legal) == 1:
        return legal[0]
    if phase in ("place", "pick", "use"):
        return easy(state, seat, legal, rng)
    if phase == TRUCK:
        scored = sorted(
            (
                (
                    _value_after_truck_action(state, a, seat, True, None, value_of),
                    delivery_points(a),
                    rng.random(),
                    a,
                )
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
            value = value_of(sim, seat, rivals)
            if sim.phase == TRUCK and sim.active == state.active:
                follow = turn.truck_actions(sim)
                if time.perf_counter() < deadline:
                    # The rivals' value is taken as the character left it: the truck moves
                    # that follow change mostly the seat's own.
                    value = max(
                        _value_after_truck_action(sim, a, seat, True, rivals, value_of) for a in follow
                    )
                else:
                    value += 0.5 * max((delivery_points(a) for a in follow), default=0)
            if catch_of is not None:
                value += catch_of(state, sim)
            ranked.append((value, rng.random(), action))
        ranked.sort(reverse=True)
        return ranked[0][2]
    # preroll / postmove: load now, or not
    keep = value_of(state, seat, None)
    options = [(keep, rng.random(), "roll" if "roll" in legal else "end")]
    for action in legal:
        if action.startswith("load "):
            options.append((value_of(_loaded(state, action[5:]), seat, None), rng.random(), action))
    best = max(options)
    truck = state.trucks[state.active]
    assert truck.cargo is not None
    aboard = sum(n * CUBES[i].value for i, n in enumerate(truck.cargo))
    if best[2].startswith("load") and truck.aboard and best[0] < keep + 1.0 + 0.5 * aboard:
        # Abandoning cubes is a loss the static value may miss: only when it clearly pays.
        return options[0][2]
    return best[2]


# -- strong ----------------------------------------------------------------------------------------
# Where normal's points come from (24 games of the frozen normal against itself, 8 per player
# count): deliveries (white 12-13, black 4.5-6.5, brown about 1 a truck) and bonus tokens
# (7-10 a truck, a third of the score); Ness and the Policeman took 0.3-0.9 cubes a truck a
# game. What it neglects (15 more games): on 143 of its 479 character steps it could take a
# rival's cube and it did on 18 (on 6 of the 54 steps of 3-4 player games where it could make
# a rival discard a token), and 19 times it took its own cube when it need not. Its value
# prices a take at what the threat term had already discounted (a 7 aboard a loaded truck is
# worth 1.8 there), and the contact rule then lifts the threat, so a take can even raise the
# victim's value. Strong plays normal, except that a character's catch is counted in full:
# every cube taken (its point and its value) and every token it makes the victim discard,
# weighted by how much that rival stands between the seat and the win, its own cubes at -1;
# and, since its rivals (normal) so seldom take, its own trucks' exposure at OWN_THREAT of
# normal's price.
AGGRESSION: Final = 1.0
# The weight of a rival that is not the one to beat (3-4 players), or a rival's better truck
# (2 players: a seat scores its worse truck).
SIDE_WEIGHT: Final = 0.4
# The share of heuristics.threat's price (a take on one chance in two) strong puts on its own
# trucks' exposure: normal took one chance in four with 2 players, one in twelve with 3 or 4.
OWN_THREAT: Final = 0.3


def _rival_weights(state: State, seat: int) -> dict[int, float]:
    """Each truck's weight in the catch: the leading rival's (or, with 2 players, the rival's
    worse truck's) 1, other rivals' SIDE_WEIGHT, the seat's own -1."""
    values = {t: truck_value(state, t) for t in range(state.ntrucks)}
    out: dict[int, float] = {}
    if state.players == 2:
        rivals = [t for t in range(state.ntrucks) if state.seat_of_truck(t) != seat]
        worse = min(rivals, key=lambda t: values[t])
        for t in range(state.ntrucks):
            out[t] = -1.0 if t not in rivals else 1.0 if t == worse else SIDE_WEIGHT
        return out
    seats = [s for s in range(state.players) if s != seat]
    best = max(seats, key=lambda s: max(values[t] for t in state.trucks_of(s)))
    for t in range(state.ntrucks):
        owner = state.seat_of_truck(t)
        out[t] = -1.0 if owner == seat else 1.0 if owner == best else SIDE_WEIGHT
    return out


def catch(before: State, after: State, weights: dict[int, float]) -> float:
    """The weighted points a character action destroyed: per cube taken its point and its
    value, per token discarded its value (read from the events it wrote)."""
    total = 0.0
    for entry in after.entries[len(before.entries) :]:
        words = entry.text.split()
        if words[0] == "take":
            truck = TRUCK_INDEX[words[2]]
            total += weights[truck] * (1 + CUBES[COLOUR_INDEX[words[3]]].value)
        elif words[0] == "lost-token":
            total += weights[TRUCK_INDEX[words[1]]] * int(words[2])
    return total


def strong_value(state: State, seat: int, rivals: float | None = None) -> float:
    """normal's position value with the seat's own trucks' exposure priced at OWN_THREAT of
    what heuristics.threat assumes: the full price made normal shy of fast routes past Ness and
    the Policeman that its rivals seldom punish."""
    own = seat_value(state, seat, OWN_THREAT)
    return own - (rivals_value(state, seat) if rivals is None else rivals)


def strong(state: State, seat: int, legal: list[str], rng: random.Random, deadline: float) -> str:
    """``strong``: normal on :func:`strong_value`, with each character action's catch added
    to its value."""
    if state.phase != CHARACTER or len(legal) == 1:
        return search(state, seat, legal, rng, deadline, strong_value)
    weights = _rival_weights(state, seat)
    return search(
        state,
        seat,
        legal,
        rng,
        deadline,
        strong_value,
        lambda before, after: AGGRESSION * catch(before, after, weights),
    )
