"""What the autopilot knows about a position: distances, open bars, threats, and a value for
each truck and seat. Pure functions of a state (rebuilt from a view)."""

from __future__ import annotations

from collections import deque
from typing import Final

from engine.prohibition.board import (
    EXITS,
    INTER_XY,
    NSLOT,
    NSTREET,
    SLOT_CAPACITY,
    SLOT_DOOR,
    SLOT_NEIGHBOURS,
    START_POINTS,
    STREET_ENDS,
)
from engine.prohibition.data import (
    CARD_BY_ID,
    CHAR_DIE,
    CHARACTERS,
    CUBES,
    NCOL,
    NUMBER_DIE,
    PROTECTORS,
    TAKERS,
    TILE_BY_ID,
    TOKEN_BY_LOAD,
)
from engine.prohibition.moves import MAX_DRIVE, walk_ends
from engine.prohibition.state import State


def _street_distances() -> tuple[tuple[int, ...], ...]:
    """Fewest streets driven from one street to another (chain length, no blockers)."""
    out = []
    for start in range(NSTREET):
        dist = [-1] * NSTREET
        dist[start] = 0
        queue = deque([start])
        while queue:
            s = queue.popleft()
            for v in STREET_ENDS[s]:
                for nxt, _ in EXITS[v]:
                    if dist[nxt] < 0:
                        dist[nxt] = dist[s] + 1
                        queue.append(nxt)
        out.append(tuple(dist))
    return tuple(out)


STREET_DIST: Final = _street_distances()


def grid_steps(a: int, b: int) -> int:
    (ax, ay), (bx, by) = INTER_XY[a], INTER_XY[b]
    return abs(ax - bx) + abs(ay - by)


def turns_to(start: int, target: int, exact: int = 0) -> int:
    """Truck-turns to stand on ``target`` (``exact`` > 0: to deliver there after a chain of
    exactly that many streets, counting the delivering turn)."""
    d = STREET_DIST[start][target]
    if exact:
        if d == exact or (d < exact and (exact - d) % 2 == 0 and d > 0):
            return 1
        gap = max(0, d - exact)
        return 1 + (gap + MAX_DRIVE - 1) // MAX_DRIVE
    return (d + MAX_DRIVE - 1) // MAX_DRIVE


def is_distillery_slot(state: State, slot: int) -> bool:
    tile = state.specials.get(slot)
    return tile is not None and TILE_BY_ID[tile].kind == "distillery"


def distillery_streets(state: State) -> list[int]:
    return [SLOT_DOOR[s] for s in state.specials if is_distillery_slot(state, s)]


def _bars_key(state: State) -> tuple[object, ...]:
    return (
        tuple(state.bar_colour),
        tuple(state.bar_count),
        tuple(state.closed),
        hash(frozenset(state.specials.items())),
    )


_BARS_CACHE: dict[tuple[object, ...], list[int]] = {}
_TABLE_CACHE: dict[tuple[object, ...], tuple[int, ...]] = {}


def open_bars(state: State, colour: int) -> list[int]:
    """Bars that could take a cube of ``colour`` (ignoring control and the allowance)."""
    key = (_bars_key(state), colour)
    cached = _BARS_CACHE.get(key)
    if cached is not None:
        return cached
    out = []
    for slot in range(NSLOT):
        if is_distillery_slot(state, slot) or slot in state.closed:
            continue
        tile_id = state.specials.get(slot)
        tile = TILE_BY_ID[tile_id] if tile_id else None
        if tile is not None and tile.colour != colour:
            continue
        count = state.bar_count[slot]
        if count and state.bar_colour[slot] != colour:
            continue
        capacity = tile.capacity if tile is not None else SLOT_CAPACITY[slot]
        if count >= capacity:
            continue
        if any(state.bar_count[n] and state.bar_colour[n] == colour for n in SLOT_NEIGHBOURS[slot]):
            continue
        out.append(slot)
    if len(_BARS_CACHE) > 4096:
        _BARS_CACHE.clear()
    _BARS_CACHE[key] = out
    return out


def _turns_over(street: int, colour: int, bars: list[int]) -> int:
    need = CUBES[colour].streets
    best = 99
    for slot in bars:
        door = SLOT_DOOR[slot]
        if door == street:
            best = min(best, 2)
            continue
        best = min(best, turns_to(street, door, need))
    return best


def delivery_turns(state: State, street: int, colour: int, bars: list[int] | None = None) -> int:
    """Fewest truck-turns to deliver one cube of ``colour`` from ``street`` (99: nowhere)."""
    if bars is not None:
        return _turns_over(street, colour, bars)
    key = (_bars_key(state), colour)
    table = _TABLE_CACHE.get(key)
    if table is None:
        found = open_bars(state, colour)
        table = tuple(_turns_over(s, colour, found) for s in range(NSTREET))
        if len(_TABLE_CACHE) > 4096:
            _TABLE_CACHE.clear()
        _TABLE_CACHE[key] = table
    return table[street]


def _reach_ignoring_trucks(start: int, steps: int, others: set[int]) -> frozenset[int]:
    """Where a character can end after exactly ``steps`` steps (no intersection twice, none
    holding another character); trucks are ignored (an estimate, cheap to cache)."""
    out: set[int] = set()
    walk_ends(start, steps, [start], set(), others, out)
    return frozenset(out)


def taker_reach(state: State) -> dict[int, list[frozenset[int]]]:
    """For each taker: the intersections it can end on with each number of the die (index
    0 for a placement: its free start points)."""
    key = (tuple(state.chars), state.options["layout"])
    cached = _REACH_CACHE.get(key)
    if cached is not None:
        return cached
    out: dict[int, list[frozenset[int]]] = {}
    for c in TAKERS:
        if state.chars[c] < 0:
            taken = set(state.chars)
            starts = frozenset(p for p in START_POINTS[state.options["layout"]][c] if p not in taken)
            out[c] = [starts]
        else:
            others = {p for i, p in enumerate(state.chars) if i != c and p >= 0}
            out[c] = [frozenset()] + [_reach_ignoring_trucks(state.chars[c], n, others) for n in range(1, 4)]
    if len(_REACH_CACHE) > 4096:
        _REACH_CACHE.clear()
    _REACH_CACHE[key] = out
    return out


_REACH_CACHE: dict[tuple[object, ...], dict[int, list[frozenset[int]]]] = {}
_NUMBERS = {n: NUMBER_DIE.count(n) / len(NUMBER_DIE) for n in set(NUMBER_DIE)}
_SHOWS = {c: sum(1 for face in CHAR_DIE if c in face) / len(CHAR_DIE) for c in range(len(CHARACTERS))}


def threat(state: State, truck: int) -> float:
    """Expected cubes Ness and the Policeman take from ``truck`` before its next turn: for
    each taker, the chance the dice let it end on an end of the truck's street on one
    opponent's turn, times the chance that opponent does it, over the turns until then."""
    t = state.trucks[truck]
    if t.street < 0 or t.aboard == 0:
        return 0.0
    ends = STREET_ENDS[t.street]
    guards = {state.chars[p] for p in PROTECTORS if state.chars[p] >= 0}
    if guards.intersection(ends):
        return 0.0
    reach = taker_reach(state)
    repeat = state.options["repeat_contact"] != "allowed"
    per_turn = 0.0
    for c in TAKERS:
        if repeat and truck in state.contacts[c]:
            continue
        sets = reach[c]
        if len(sets) == 1:
            p_number = 1.0 if sets[0].intersection(ends) else 0.0
        else:
            p_number = sum(_NUMBERS.get(n, 0.0) for n in range(1, 4) if sets[n].intersection(ends))
        per_turn += _SHOWS.get(c, 0.67) * p_number * 0.55
    turns = state.players - 1 if state.players > 2 else 2
    return 1.0 - (1.0 - min(per_turn, 0.95)) ** turns


# Points a truck makes per truck-turn over a game (deliveries and tokens): the price of a turn.
RATE: Final = 2.0
# Rounds a game lasts when no end is in sight yet.
EXPECTED_ROUNDS: Final = 10


def turns_left(state: State, truck: int) -> int:
    """Truck-turns ``truck`` still plays after the current decision (an estimate until the
    end is triggered)."""
    last = state.final_round or max(EXPECTED_ROUNDS, state.round + 2)
    left = last - state.round
    if state.players == 2:
        left *= 1  # each truck plays once a round in two-player games too
    return max(0, left)


def future_of_load(cargo: float, cubes: int, first: int, token: int | None, horizon: float) -> float:
    """What a load still makes: its cargo (``cargo``: its value, discounted for distance) as
    far as the horizon allows, its token if kept, then RATE a turn once it is delivered and
    the truck is back at a distillery."""
    empty_in = 1.15 * cubes + max(0, first - 1)
    if horizon <= 0:
        return 0.0
    share = 1.0 if empty_in <= horizon else horizon / empty_in
    out = cargo * share
    if token is not None:
        out += token * 0.9 ** max(0, cubes - 1) * (1.0 if share >= 1.0 else 0.4)
    return out + RATE * max(0.0, horizon - empty_in - 1.5)


def next_token(state: State, truck: int) -> int | None:
    loads = state.trucks[truck].loads + 1
    if loads in TOKEN_BY_LOAD:
        return TOKEN_BY_LOAD[loads]
    return state.discard[-1] if state.discard else None


def best_display_card(state: State) -> tuple[int, int]:
    """(value, cubes) of the best face-up card the supply covers, else a typical card."""
    best = (9, 5)
    found = False
    for card, down in zip(state.display, state.down, strict=True):
        if card is None or down:
            continue
        c = CARD_BY_ID[card]
        if all(n <= state.supply[i] for i, n in enumerate(c.cubes)):
            option = (c.value, sum(c.cubes))
            if not found or option[0] - option[1] > best[0] - best[1]:
                best, found = option, True
    return best


def truck_value(state: State, truck: int, threat_weight: float = 1.0) -> float:
    """Points banked plus an estimate of the points the truck will still make by the end;
    ``threat_weight``: the share of :func:`threat`'s price it pays for its exposure to Ness
    and the Policeman (strong pays less for its own trucks)."""
    t = state.trucks[truck]
    value = float(t.score)
    if t.street < 0:
        return value
    assert t.cargo is not None and t.aside is not None
    horizon = turns_left(state, truck)
    if not t.loaded and t.loads == 0:
        cubes = sum(n * CUBES[i].value for i, n in enumerate(t.aside))
        return value + future_of_load(0.85 * cubes, sum(t.aside), 2, t.token, horizon)
    if not t.loaded:
        targets = distillery_streets(state)
        if t.street in targets:
            wait = 1 if t.arrived or state.options["load_window"] == "parked" else 2
        else:
            wait = min((turns_to(t.street, s) for s in targets), default=3) + 1
        card_value, cubes = best_display_card(state)
        return value + future_of_load(0.85 * card_value, cubes, 2, next_token(state, truck), horizon - wait)
    cargo = 0.0
    first = 99
    for colour in range(NCOL):
        n = t.cargo[colour]
        if not n:
            continue
        turns = delivery_turns(state, t.street, colour)
        first = min(first, turns)
        cargo += n * CUBES[colour].value * (0.93**turns if turns < 99 else 0.1)
    value += future_of_load(cargo, t.aboard, first if first < 99 else horizon + 3, t.token, horizon)
    highest = max((CUBES[i].value for i in range(NCOL) if t.cargo[i]), default=0)
    value -= threat_weight * threat(state, truck) * (1.0 + highest + 0.5 * (t.token or 0))
    return value


def seat_value(state: State, seat: int, threat_weight: float = 1.0) -> float:
    trucks = state.trucks_of(seat)
    values = [truck_value(state, t, threat_weight) for t in trucks]
    return min(values) if len(values) > 1 else values[0]


def rivals_value(state: State, seat: int) -> float:
    """What the other seats stand to make: mostly the best of them (the one to beat)."""
    others = [seat_value(state, s) for s in range(state.players) if s != seat and s not in state.zombies]
    others = others or [seat_value(state, s) for s in range(state.players) if s != seat]
    return 0.7 * max(others) + 0.3 * sum(others) / len(others)


def position_value(state: State, seat: int, rivals: float | None = None) -> float:
    """The seat's value against the other seats (``rivals``: their value, when known)."""
    return seat_value(state, seat) - (rivals_value(state, seat) if rivals is None else rivals)


def card_worth(card: str) -> float:
    """A dealt card's worth for its first load: value per cube counts, more cubes take longer."""
    c = CARD_BY_ID[card]
    cubes = sum(c.cubes)
    return c.value - 0.9 * cubes + 0.1 * c.value / cubes
