"""Event tiles (spec section 8): the tile step, awards, special effects."""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction
from engine.spies import board, log, pieces, words
from engine.spies.data import AP_TILE_DISCARD, AP_TILE_PLAY, SPECIALS, TILE, TURN_ORDER, YEARS
from engine.spies.state import State


def playable(state: State, tile: int) -> bool:
    return state.year in TILE[tile].years


def eligible(state: State, tile: int) -> bool:
    return playable(state, tile) or TILE[tile].any_year


def eligible_tiles(state: State, power: str) -> list[int]:
    return sorted(t for t in state.tiles[power] if eligible(state, t))


def tile_step_due(state: State, power: str) -> bool:
    """8.1: skipped with no eligible tile, and for Russia under limited control (section 2)."""
    return bool(eligible_tiles(state, power)) and not state.limited(power)


def tile_token(token: str) -> int:
    if not token.startswith("t") or not token[1:].isdigit() or int(token[1:]) not in TILE:
        raise IllegalAction(f"{token!r} is not a tile")
    return int(token[1:])


def answer_tile(state: State, power: str, verb: str, args: list[str]) -> None:
    words.arity(args, 1)
    tile = tile_token(args[0])
    if tile not in state.tiles[power]:
        raise IllegalAction(f"{power} does not hold t{tile}")
    state.phase = 2
    if verb == "discard":
        if not eligible(state, tile):
            raise IllegalAction(f"t{tile} cannot be discarded in {state.year}")
        state.tiles[power].remove(tile)
        state.discards[power].append((tile, state.year))
        state.ap += AP_TILE_DISCARD
        return
    if verb != "play":
        raise IllegalAction("the tile step is play or discard")
    if not playable(state, tile):
        raise IllegalAction(f"t{tile} is not playable in {state.year}")
    if state.ap_left() < AP_TILE_PLAY:
        raise IllegalAction("no AP left")
    state.ap += AP_TILE_PLAY
    state.tiles[power].remove(tile)
    state.played.append((tile, power, state.year))
    tasks: list[dict[str, Any]] = []
    if award_items(state, tile):
        tasks.append({"t": "awards", "items": award_items(state, tile)})
    if TILE[tile].special is not None:
        tasks.append({"t": "special", "special": TILE[tile].special})
    state.tasks.extend(reversed(tasks))


def award_items(state: State, tile: int) -> list[list[Any]]:
    """8.2: by group, then city, then power in turn order: a power with a spy in a city that is
    not its home territory gains the amount (one award per power and city)."""
    items: list[list[Any]] = []
    for group in TILE[tile].awards:
        for city in group.cities:
            for p in TURN_ORDER:
                if board.is_home(city, p, state.annexed):
                    continue
                if any(s.power == p for s in state.spies_in(city)):
                    items.append([group.kind, group.amount, city, p])
    return items


def run_awards(state: State, task: dict[str, Any]) -> None:
    """One award per run, so that the hand limit applies after each power's draws for a city."""
    kind, amount, city, power = task["items"].pop(0)
    if not task["items"]:
        state.tasks.pop()
    if kind == "money":
        state.money[power] += amount
        log.engine(state, f"= award {power} £{amount} {city}")
    else:
        log.engine(state, f"= award {power} {amount}c {city}")
        pieces.draw(state, power, amount)


def run_special(state: State, task: dict[str, Any]) -> None:
    state.tasks.pop()
    spec = SPECIALS[task["special"]]
    if spec["kind"] == "annex":
        state.annexed[spec["country"]] = spec["power"]
        log.engine(state, f"= annex {spec['country']} {spec['power']}")
    elif spec["kind"] == "early_end":
        if state.year == YEARS[-2]:
            state.early_end = True
    elif spec["kind"] == "pact":
        state.pact = True


def default_tile(state: State, power: str) -> str:
    return f"{power} discard t{eligible_tiles(state, power)[0]}"


def legal_tiles(state: State, power: str) -> list[str]:
    out = [f"{power} discard t{t}" for t in eligible_tiles(state, power)]
    if state.ap_left() >= AP_TILE_PLAY:
        out += [f"{power} play t{t}" for t in sorted(state.tiles[power]) if playable(state, t)]
    return out
