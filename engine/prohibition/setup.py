"""Setup (spec section 4): the seat draw, the specials, truck placement, the deal, the secret
simultaneous picks, the reveal, the deck and the display. Chance is drawn in the order of
spec section 12."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import InvalidAction
from engine.prohibition.board import DISTRICTS, NSLOT, SLOT_DOOR, SLOT_IDS, fixed_specials, special_pairs
from engine.prohibition.data import (
    CARD_BY_ID,
    CARD_IDS,
    CHARACTERS,
    CUBES,
    DEAL_SIZE,
    DISPLAY_SIZE,
    DISTILLERIES,
    NCOL,
    PLAYER_COUNTS,
    PRIVATE_BARS,
    TOKEN_BY_LOAD,
    TOKEN_VALUES,
    TOKENS_PER_VALUE,
    TRUCK_IDS,
)
from engine.prohibition.events import chance_event, engine_event
from engine.prohibition.options import options_from
from engine.prohibition.state import PICK, PLACE, SERVER, State, Truck
from engine.prohibition.turn import begin_slot, turn_down_pass, turn_up
from engine.rng import Rng, check_seed


def truck_count(players: int) -> int:
    """Trucks in play: one per player, two each with two players."""
    return 2 * players if players == 2 else players


def new_state(seed: str, options: Mapping[str, Any] | None = None, players: int = 4) -> State:
    """A fresh game: seats drawn, city built; the last seat owes the first truck placement."""
    opts = options_from(options)
    if not isinstance(players, int) or isinstance(players, bool) or players not in PLAYER_COUNTS:
        raise InvalidAction(f"Prohibition is for {PLAYER_COUNTS[0]} to {PLAYER_COUNTS[-1]} players")
    try:
        rng = Rng(check_seed(seed))
    except ValueError as exc:
        raise InvalidAction(str(exc)) from None
    joined = list(range(1, players + 1))
    rng.shuffle(joined)
    state = State(
        options=opts,
        players=players,
        order=tuple(j - 1 for j in joined),
        rng=rng,
        specials={},
        trucks=[Truck() for _ in range(truck_count(players))],
        chars=[-1] * len(CHARACTERS),
        contacts=[()] * len(CHARACTERS),
        bar_colour=[-1] * NSLOT,
        bar_count=[0] * NSLOT,
        closed=[],
        supply=[c.count[players] for c in CUBES],
        deck=[],
        display=[None] * DISPLAY_SIZE,
        down=[False] * DISPLAY_SIZE,
        piles=[TOKENS_PER_VALUE] * len(TOKEN_VALUES),
        discard=[],
        phase=PLACE,
        places=(2, 1, 2, 1) if players == 2 else tuple(range(players, 0, -1)),
        log=[],
    )
    chance_event(state, "seats " + " ".join(str(j) for j in joined))
    if opts["special_placement"] == "random":
        state.specials = random_specials(state)
    else:
        state.specials = fixed_specials(opts["layout"])
    return state


def random_specials(state: State) -> dict[int, str]:
    """Spec section 12, step 2: one draw per board among its allowed pairs, then one shuffle
    of the private-bar tiles."""
    placed: list[int] = []
    private_slots: list[int] = []
    out: dict[int, str] = {}
    for i, district in enumerate(DISTRICTS):
        pairs = special_pairs(district, placed)
        if not pairs:
            raise InvalidAction(f"no room for the specials of board {district}")
        distillery, private = pairs[state.rng.below(len(pairs))]
        out[distillery] = DISTILLERIES[i]
        placed += [distillery, private]
        private_slots.append(private)
    tiles = list(PRIVATE_BARS)
    state.rng.shuffle(tiles)
    for slot, tile in zip(private_slots, tiles, strict=True):
        out[slot] = tile
    by_tile = {tile: slot for slot, tile in out.items()}
    order = [*DISTILLERIES, *PRIVATE_BARS]
    chance_event(state, "specials " + " ".join(f"{SLOT_IDS[by_tile[t]]}={t}" for t in order))
    return out


# -- placement ------------------------------------------------------------------------------------
def tile_street(state: State, tile: str) -> int:
    slot = next(s for s, t in state.specials.items() if t == tile)
    return SLOT_DOOR[slot]


def free_distilleries(state: State) -> list[str]:
    taken = {t.street for t in state.trucks}
    return [tile for tile in DISTILLERIES if tile_street(state, tile) not in taken]


def place_actions(state: State) -> list[str]:
    turn_seat = state.places[0]
    trucks = [t for t in state.trucks_of_turn_seat(turn_seat) if state.trucks[t].street < 0]
    return [f"place {TRUCK_IDS[t]} {tile}" for t in trucks for tile in free_distilleries(state)]


def place(state: State, truck: int, tile: str) -> None:
    state.trucks[truck].street = tile_street(state, tile)
    state.places = state.places[1:]
    if not state.places:
        deal(state)


def deal(state: State) -> None:
    """Spec section 4, step 4: shuffle the 28 cards, three to each truck in truck order."""
    cards = list(CARD_IDS)
    state.rng.shuffle(cards)
    for t, truck in enumerate(state.trucks):
        truck.dealt = tuple(cards[t * DEAL_SIZE : (t + 1) * DEAL_SIZE])
        chance_event(state, f"deal {TRUCK_IDS[t]} {' '.join(truck.dealt)}", state.seat_of_truck(t))
    state.phase = PICK


# -- the secret picks -----------------------------------------------------------------------------
def pick_actions(state: State) -> list[str]:
    return [
        f"pick {TRUCK_IDS[t]} {card}"
        for t, truck in enumerate(state.trucks)
        if truck.pick is None
        for card in truck.dealt
    ]


def pick(state: State, truck: int, card: str) -> None:
    state.trucks[truck].pick = card
    if all(t.pick is not None for t in state.trucks):
        reveal(state)


def reveal(state: State) -> None:
    """Every pick is in: reveal, set the cubes aside, give the first tokens, shuffle the deck,
    turn up the display, and start round 1."""
    engine_event(
        state, "reveal " + " ".join(f"{TRUCK_IDS[t]} {tr.pick}" for t, tr in enumerate(state.trucks))
    )
    first = TOKEN_BY_LOAD[1]
    for truck in state.trucks:
        assert truck.pick is not None and truck.aside is not None
        truck.card = truck.pick
        cubes = CARD_BY_ID[truck.pick].cubes
        for i in range(NCOL):
            truck.aside[i] = cubes[i]
            state.supply[i] -= cubes[i]
        truck.token = first
        state.piles[TOKEN_VALUES.index(first)] -= 1
    picked = {t.pick for t in state.trucks}
    state.deck = [c for c in CARD_IDS if c not in picked]
    state.rng.shuffle(state.deck)
    chance_event(state, "deck " + " ".join(state.deck), SERVER)
    for slot in range(DISPLAY_SIZE):
        turn_up(state, slot)
    turn_down_pass(state)
    state.round = 1
    state.slot = 1
    begin_slot(state)


def default_place(state: State) -> str:
    """The timeout default: the lowest unplaced truck to the free distillery with the lowest id."""
    turn_seat = state.places[0]
    truck = min(t for t in state.trucks_of_turn_seat(turn_seat) if state.trucks[t].street < 0)
    tile = min(free_distilleries(state))
    return f"place {TRUCK_IDS[truck]} {tile}"
