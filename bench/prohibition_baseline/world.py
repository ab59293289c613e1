"""A playable state rebuilt from a view alone (determinization).

Everything public comes from the view; what the seat cannot see is sampled: the deck order
(uniform over the cards that can still be in it) and the other trucks' unpicked cards (they
never matter to play). The game's generator is replaced by one the bot seeds itself, so a
simulated roll is the bot's guess, never the game's real next roll.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.prohibition.board import INTER_INDEX, SLOT_INDEX, STREET_INDEX
from engine.prohibition.data import (
    CARD_IDS,
    CHAR_DIE,
    CHAR_IDS,
    COLOUR_INDEX,
    COLOURS,
    NUMBER_DIE,
    TOKEN_VALUES,
    TRUCK_INDEX,
)
from engine.prohibition.options import options_from
from engine.prohibition.state import State, Truck
from engine.rng import Rng


def _cubes(d: Mapping[str, int]) -> list[int]:
    return [int(d[c]) for c in COLOURS]


def _truck_index(name: Any) -> int:
    return -1 if name is None else TRUCK_INDEX[name]


def unseen_cards(view: Mapping[str, Any]) -> list[str]:
    """Cards that may be in the deck: none of the picks, none ever turned up."""
    seen: set[str] = set()
    for event in view.get("history", []):
        words = str(event["a"]).split()
        if words and words[0] in ("show", "firstload", "load") and len(words) >= 2 and words[-1] != "?":
            seen.add(words[-1])
        if words and words[0] == "reveal":
            seen.update(words[2::2])
    for slot in view["display"]:
        if slot is not None:
            seen.add(slot["card"])
    for t in view["trucks"]:
        if t["card"]:
            seen.add(t["card"])
    own = view.get("private", {}).get("picks", {})
    seen.update(c for c in own.values() if c)
    return [c for c in CARD_IDS if c not in seen]


def state_from_view(view: Mapping[str, Any], rng: random.Random) -> State:
    """A full state consistent with ``view``, its hidden parts sampled with ``rng``."""
    players = int(view["players"])
    order = [0] * players
    for seat in view["seats"]:
        order[int(seat["seat"]) - 1] = int(seat["player"])
    trucks = []
    private = view.get("private", {})
    for t in view["trucks"]:
        trucks.append(
            Truck(
                street=-1 if t["street"] is None else STREET_INDEX[t["street"]],
                card=t["card"],
                cargo=_cubes(t["cubes"]),
                loaded=bool(t["loaded"]),
                token=t["token"],
                losses=_cubes(t["losses"]),
                lost=int(t["lost"]),
                score=int(t["score"]),
                loads=int(t["loads"]),
                delivered=int(t["delivered"]),
                turns=int(t["turns"]),
                aside=_cubes(t["set_aside"]),
                dealt=tuple(private.get("dealt", {}).get(t["id"], ())),
                pick=private.get("picks", {}).get(t["id"]) or (t["card"] if t["picked"] else None),
                arrived=bool(t["may_load_next_step_1"]),
                loaded_since_move=bool(t["loaded_since_move"]),
            )
        )
    bar_colour = [-1] * len(SLOT_INDEX)
    bar_count = [0] * len(SLOT_INDEX)
    for slot, bar in view["bars"].items():
        bar_colour[SLOT_INDEX[slot]] = COLOUR_INDEX[bar["colour"]]
        bar_count[SLOT_INDEX[slot]] = int(bar["count"])
    deck = unseen_cards(view)
    rng.shuffle(deck)
    deck = deck[: int(view["deck_count"])]
    dice = None
    if view["dice"] is not None:
        face = tuple(CHAR_IDS.index(c) for c in view["dice"]["characters"])
        dice = (CHAR_DIE.index(face), NUMBER_DIE.index(int(view["dice"]["number"])))
    chars = view["characters"]
    return State(
        options=options_from(view["options"]),
        players=players,
        order=tuple(order),
        rng=Rng(f"{rng.getrandbits(256):064x}"),
        specials={SLOT_INDEX[slot]: tile for slot, tile in view["specials"].items()},
        trucks=trucks,
        chars=[-1 if chars[c]["at"] is None else INTER_INDEX[chars[c]["at"]] for c in CHAR_IDS],
        contacts=[tuple(TRUCK_INDEX[t] for t in chars[c]["last_contact"]) for c in CHAR_IDS],
        bar_colour=bar_colour,
        bar_count=bar_count,
        closed=[SLOT_INDEX[s] for s in view["closed"]],
        supply=_cubes(view["supply"]),
        deck=deck,
        display=[None if d is None else d["card"] for d in view["display"]],
        down=[bool(d and d["down"]) for d in view["display"]],
        piles=[int(view["tokens"]["piles"][str(v)]) for v in TOKEN_VALUES],
        discard=[int(v) for v in view["tokens"]["discard"]],
        phase=str(view["phase"]),
        round=int(view["round"]),
        slot=int(view["slot"]),
        active=_truck_index(view["active"]),
        dice=dice,
        opening=_truck_index(view["opening"]),
        pending=_truck_index(view["pending"]),
        places=tuple(int(p) for p in view["places"]),
        trigger=view["trigger"],
        final_round=int(view["final_round"] or 0),
        zombies=frozenset(int(z) for z in view["zombies"]),
        result=None,
        log=[],
    )
