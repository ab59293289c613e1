"""Rounds and the truck-turn (spec sections 5-8): what each step offers and what it does.

The ``*_actions`` functions list the legal action strings of a step; the other functions
change a state that the caller has already copied and checked, then move on through the
automatic steps (first load, roll, a character step nobody can play, the end of a round)
until a seat owes a decision or the game is over.
"""

from __future__ import annotations

from typing import Final

from engine.prohibition.board import (
    DOOR_OF_STREET,
    INTER_IDS,
    SLOT_CAPACITY,
    SLOT_NEIGHBOURS,
    START_POINTS,
    STREET_ENDS,
    STREET_IDS,
)
from engine.prohibition.data import (
    CARD_BY_ID,
    CHAR_DIE,
    CHAR_IDS,
    CHARACTERS,
    COLOURS,
    CUBES,
    HELPER_BONUS,
    NCOL,
    NORMAL_EMPTY_ALLOWANCE,
    NUMBER_DIE,
    PRIVATE_EMPTY_ALLOWANCE,
    PROTECTORS,
    TAKERS,
    TILE_BY_ID,
    TOKEN_BY_LOAD,
    TOKEN_CONDITION,
    TOKEN_VALUES,
    TRUCK_IDS,
    cubes_text,
)
from engine.prohibition.ending import check_bars_trigger, end_game, fire_trigger, place_closed_tiles
from engine.prohibition.events import chance_event, engine_event
from engine.prohibition.moves import (
    FORBID,
    HELP,
    character_reach,
    control,
    end_allowed,
    truck_reach,
    trucks_touching,
)
from engine.prohibition.state import CHARACTER, POSTMOVE, PREROLL, TRUCK, USE, State

# A cube taken by Ness or the Policeman costs one point ("fera perdre un point").
CAPTURE_COST: Final = 1


# -- the display (spec section 8) ---------------------------------------------------------------
def covers(supply: list[int], card: str) -> bool:
    return all(n <= supply[i] for i, n in enumerate(CARD_BY_ID[card].cubes))


def face_up(state: State) -> list[str]:
    return [c for c, down in zip(state.display, state.down, strict=True) if c is not None and not down]


def turn_down_pass(state: State) -> None:
    """Turn face down, in slot order, every face-up card the supply no longer covers; then
    the ``cards`` trigger when no face-up card is left."""
    for i, card in enumerate(state.display):
        if card is not None and not state.down[i] and not covers(state.supply, card):
            state.down[i] = True
            engine_event(state, f"down {card}")
    if not face_up(state):
        fire_trigger(state, "cards")


def turn_up(state: State, slot: int) -> None:
    """Fill a display slot from the top of the deck (it stays empty once the deck is out)."""
    state.down[slot] = False
    if state.deck:
        card = state.deck.pop(0)
        state.display[slot] = card
        chance_event(state, f"show {card}")
    else:
        state.display[slot] = None


# -- whose slot (spec section 5) ------------------------------------------------------------------
def slot_turn_seat(state: State) -> int:
    if state.players == 2:
        return 1 if state.slot in (1, state.ntrucks) else 2
    return state.slot


def slot_choices(state: State) -> tuple[int, ...]:
    """The trucks that may play the current slot."""
    if state.players != 2:
        return (state.slot - 1,)
    slot = state.slot
    if slot == 1:
        return (0, 1) if state.round == 1 else (state.pending,)
    if slot == 2:
        return (2, 3)
    if slot == 3:
        return (state.pending,)
    other = state.opening ^ 1
    if state.round == state.final_round or state.options["two_player_p1_order"] == "fixed":
        return (other,)
    return (0, 1)


def begin_slot(state: State) -> None:
    choices = slot_choices(state)
    if len(choices) > 1:
        state.active = -1
        state.dice = None
        state.phase = USE
        return
    start_truck_turn(state, choices[0])


def use_actions(state: State) -> list[str]:
    return [f"use {TRUCK_IDS[t]}" for t in slot_choices(state)]


def use(state: State, truck: int) -> None:
    start_truck_turn(state, truck)


# -- the truck-turn -------------------------------------------------------------------------------
def start_truck_turn(state: State, t: int) -> None:
    state.active = t
    state.dice = None
    if state.players == 2:
        if state.slot == 1 and state.round == 1:
            state.opening = t
        if state.slot in (2, state.ntrucks):
            state.pending = t ^ 1
    truck = state.trucks[t]
    truck.turns += 1
    if truck.loads == 0:
        first_load(state, t)
    if may_load(state, t):
        state.phase = PREROLL
    else:
        roll(state)


def first_load(state: State, t: int) -> None:
    """Step 0: the truck takes aboard the cubes set aside for its picked card."""
    truck = state.trucks[t]
    assert truck.cargo is not None and truck.aside is not None
    truck.cargo[:] = truck.aside
    truck.aside[:] = [0] * NCOL
    truck.loaded = True
    truck.loads = 1
    truck.delivered = 0
    truck.loaded_since_move = True
    engine_event(state, f"firstload {TRUCK_IDS[t]} {truck.card}")


def is_distillery_street(state: State, street: int) -> bool:
    tile = state.specials.get(DOOR_OF_STREET[street])
    return tile is not None and TILE_BY_ID[tile].kind == "distillery"


def may_load(state: State, t: int) -> bool:
    """Whether the active truck may load now (spec section 8), at step 1 or step 5."""
    truck = state.trucks[t]
    if not is_distillery_street(state, truck.street):
        return False
    if state.options["load_window"] == "arrival":
        if not truck.arrived:
            return False
    elif truck.loaded_since_move:
        return False
    return bool(face_up(state)) and control(state, truck.street) != FORBID


def load_actions(state: State) -> list[str]:
    if not may_load(state, state.active):
        return []
    return [f"load {c}" for c in face_up(state) if covers(state.supply, c)]


def roll(state: State) -> None:
    """Step 2: both dice from the platform generator, character die first."""
    ci = state.rng.below(len(CHAR_DIE))
    ni = state.rng.below(len(NUMBER_DIE))
    state.dice = (ci, ni)
    chance_event(state, f"dice {''.join(CHAR_IDS[c] for c in CHAR_DIE[ci])} {NUMBER_DIE[ni]}")
    state.trucks[state.active].arrived = False
    if character_actions(state):
        state.phase = CHARACTER
    else:
        state.phase = TRUCK


def skip_character(state: State) -> None:
    state.phase = TRUCK


# -- step 3: the character ----------------------------------------------------------------------
def character_options(state: State) -> list[tuple[int, int, bool]]:
    """Legal character actions as (character, intersection, placement)."""
    assert state.dice is not None
    face, number = CHAR_DIE[state.dice[0]], NUMBER_DIE[state.dice[1]]
    out: list[tuple[int, int, bool]] = []
    layout = state.options["layout"]
    for c in face:
        if state.chars[c] < 0:
            taken = set(state.chars)
            for p in START_POINTS[layout][c]:
                if p not in taken and end_allowed(state, c, p):
                    out.append((c, p, True))
        else:
            for p in character_reach(state, c, number):
                if end_allowed(state, c, p):
                    out.append((c, p, False))
    return out


def character_text(c: int, at: int, placement: bool) -> str:
    return f"{CHAR_IDS[c]}{'@' if placement else '>'}{INTER_IDS[at]}"


def character_actions(state: State) -> list[str]:
    return [character_text(*o) for o in character_options(state)]


def act_character(state: State, c: int, at: int) -> None:
    state.chars[c] = at
    if c in TAKERS:
        contact_effects(state, c, at)
    state.contacts[c] = trucks_touching(state, at)
    state.phase = TRUCK


def contact_effects(state: State, c: int, at: int) -> None:
    """Ness takes the highest cube, the Policeman the lowest, of each truck in contact, in
    truck order, unless Capone touches that truck too (``guard``)."""
    highest = CHARACTERS[c].contact == "take_highest"
    guards = {state.chars[p] for p in PROTECTORS if state.chars[p] >= 0}
    for t in trucks_touching(state, at):
        truck = state.trucks[t]
        assert truck.cargo is not None and truck.losses is not None
        if truck.aboard == 0:
            continue
        if guards.intersection(STREET_ENDS[truck.street]):
            engine_event(state, f"guard {TRUCK_IDS[t]}")
            continue
        aboard = [i for i in range(NCOL) if truck.cargo[i]]
        colour = (max if highest else min)(aboard, key=lambda i: CUBES[i].value)
        truck.cargo[colour] -= 1
        truck.losses[colour] += 1
        truck.lost += 1
        truck.score = max(0, truck.score - CAPTURE_COST)
        engine_event(state, f"take {CHAR_IDS[c]} {TRUCK_IDS[t]} {COLOURS[colour]}")
        judge_token(state, t)
        if truck.aboard == 0:
            become_empty(state, t)


def token_lost(token: int, losses: list[int]) -> bool:
    condition = TOKEN_CONDITION[token]
    if condition == "pair_same":
        return any(n >= 2 for n in losses)
    if condition == "pair_different":
        return sum(1 for n in losses if n) >= 2
    return sum(losses) > 0


def judge_token(state: State, t: int) -> None:
    truck = state.trucks[t]
    assert truck.losses is not None
    if truck.token is not None and token_lost(truck.token, truck.losses):
        state.discard.append(truck.token)
        engine_event(state, f"lost-token {TRUCK_IDS[t]} {truck.token}")
        truck.token = None


def become_empty(state: State, t: int) -> None:
    """The last cube left: the token still held is scored, the colour cube comes off."""
    truck = state.trucks[t]
    if truck.token is not None:
        truck.score += truck.token
        engine_event(state, f"bonus {TRUCK_IDS[t]} +{truck.token}")
        truck.token = None
    truck.loaded = False


# -- step 4: the truck ----------------------------------------------------------------------------
def deliveries(state: State, t: int, street: int, lengths: int) -> list[tuple[int, int]]:
    """(count, colour) deliveries open at the end of a chain to ``street`` (``lengths``:
    bit mask of the chain lengths that reach it)."""
    truck = state.trucks[t]
    assert truck.cargo is not None
    slot = DOOR_OF_STREET[street]
    if slot < 0 or slot in state.closed:
        return []
    tile_id = state.specials.get(slot)
    tile = TILE_BY_ID[tile_id] if tile_id is not None else None
    if tile is not None and tile.kind == "distillery":
        return []
    out: list[tuple[int, int]] = []
    rule = None
    exact = state.options["delivery_distance"] == "exact"
    for colour in range(NCOL):
        if not truck.cargo[colour]:
            continue
        d = CUBES[colour].streets
        if exact:
            if not lengths >> d & 1:
                continue
        elif not lengths & ((1 << (d + 1)) - 2):
            continue
        if tile is not None and tile.colour != colour:
            continue
        if state.bar_count[slot] and state.bar_colour[slot] != colour:
            continue
        if any(state.bar_count[n] and state.bar_colour[n] == colour for n in SLOT_NEIGHBOURS[slot]):
            continue
        if rule is None:
            rule = control(state, street)
            if rule == FORBID:
                return []
        if state.bar_count[slot]:
            allowance = 0
        else:
            allowance = PRIVATE_EMPTY_ALLOWANCE if tile is not None else NORMAL_EMPTY_ALLOWANCE
        if rule == HELP:
            allowance += HELPER_BONUS
        capacity = tile.capacity if tile is not None else SLOT_CAPACITY[slot]
        most = min(truck.cargo[colour], allowance, capacity - state.bar_count[slot])
        out.extend((n, colour) for n in range(1, most + 1))
    return out


def go_text(street: int, count: int = 0, colour: int = -1) -> str:
    if count:
        return f"go:{STREET_IDS[street]}={count}{COLOURS[colour]}"
    return f"go:{STREET_IDS[street]}"


def truck_actions(state: State) -> list[str]:
    t = state.active
    reach = truck_reach(state, t)
    out = []
    carrying = state.trucks[t].aboard > 0
    for street, lengths in reach.items():
        out.append(go_text(street))
        if carrying and DOOR_OF_STREET[street] >= 0:
            out.extend(go_text(street, n, colour) for n, colour in deliveries(state, t, street, lengths))
    if not reach or state.options["truck_must_move"] != "yes":
        out.append("pass")
    return out


def drive(state: State, street: int, count: int = 0, colour: int = -1) -> None:
    """Step 4: a move (``street`` >= 0), with a delivery when ``count``; or ``pass``. Then
    step 5, or the end of the truck-turn."""
    move_and_deliver(state, street, count, colour)
    if may_load(state, state.active):
        state.phase = POSTMOVE
    else:
        end_truck_turn(state)


def move_and_deliver(state: State, street: int, count: int = 0, colour: int = -1) -> None:
    """What step 4 changes, without going on to step 5."""
    t = state.active
    truck = state.trucks[t]
    if street >= 0:
        truck.street = street
        truck.loaded_since_move = False
        truck.arrived = is_distillery_street(state, street)
    if count:
        assert truck.cargo is not None
        slot = DOOR_OF_STREET[truck.street]
        state.bar_colour[slot] = colour
        state.bar_count[slot] += count
        truck.cargo[colour] -= count
        truck.score += count * CUBES[colour].value
        truck.delivered += count
        if truck.aboard == 0:
            become_empty(state, t)
        check_bars_trigger(state)


# -- loading (spec section 8) -------------------------------------------------------------------
def load(state: State, card: str) -> None:
    t = state.active
    truck = state.trucks[t]
    assert truck.cargo is not None and truck.losses is not None
    abandoned = truck.aboard
    if abandoned:
        engine_event(state, f"abandon {TRUCK_IDS[t]} {cubes_text(truck.cargo)}")
        for i in range(NCOL):
            truck.losses[i] += truck.cargo[i]
            truck.cargo[i] = 0
        truck.lost += abandoned
        if truck.token is not None:
            if state.options["abandon_token"] == "discard" or token_lost(truck.token, truck.losses):
                state.discard.append(truck.token)
                engine_event(state, f"lost-token {TRUCK_IDS[t]} {truck.token}")
            else:
                truck.score += truck.token
                engine_event(state, f"bonus {TRUCK_IDS[t]} +{truck.token}")
            truck.token = None
    truck.losses[:] = [0] * NCOL
    cubes = CARD_BY_ID[card].cubes
    for i in range(NCOL):
        state.supply[i] -= cubes[i]
        truck.cargo[i] = cubes[i]
    truck.card = card
    truck.loaded = True
    truck.loads += 1
    truck.delivered = 0
    truck.arrived = False
    truck.loaded_since_move = True
    if truck.loads in TOKEN_BY_LOAD:
        value = TOKEN_BY_LOAD[truck.loads]
        state.piles[TOKEN_VALUES.index(value)] -= 1
        truck.token = value
    else:
        truck.token = state.discard.pop() if state.discard else None
    turn_up(state, state.display.index(card))
    turn_down_pass(state)


def after_load(state: State) -> None:
    if state.phase == PREROLL:
        roll(state)
    else:
        end_truck_turn(state)


# -- end of a truck-turn and of a round --------------------------------------------------------
def end_truck_turn(state: State) -> None:
    if state.slot < state.ntrucks:
        state.slot += 1
        begin_slot(state)
        return
    place_closed_tiles(state)
    if state.final_round and state.round >= state.final_round:
        end_game(state)
        return
    state.round += 1
    state.slot = 1
    begin_slot(state)
