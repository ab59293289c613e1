"""End triggers, Closed tiles, final scoring and the result (spec sections 8 and 9)."""

from __future__ import annotations

from engine.core import Result
from engine.prohibition.board import NSLOT, SLOT_IDS, SLOT_NEIGHBOURS
from engine.prohibition.data import CLOSED_TILES, NCOL, TILE_BY_ID, TRUCK_IDS
from engine.prohibition.events import engine_event
from engine.prohibition.state import OVER, State


def fire_trigger(state: State, kind: str) -> None:
    """The first end trigger: finish this round, then one more (``trigger``, ``final-round``).
    Later triggers change nothing and write nothing."""
    if state.trigger is not None:
        return
    state.trigger = kind
    state.final_round = state.round + 1
    engine_event(state, f"trigger {kind}")
    engine_event(state, f"final-round {state.final_round}")


def is_bar(state: State, slot: int) -> bool:
    """An ordinary or a private bar (every slot but a distillery)."""
    tile = state.specials.get(slot)
    return tile is None or TILE_BY_ID[tile].kind != "distillery"


def check_bars_trigger(state: State) -> None:
    """Every bar holds a cube (``bars_trigger: cube_or_closed``: or a Closed tile)."""
    if state.trigger is not None:
        return
    closed_counts = state.options["bars_trigger"] == "cube_or_closed"
    closed = set(state.closed)
    for slot in range(NSLOT):
        if is_bar(state, slot) and state.bar_count[slot] == 0 and not (closed_counts and slot in closed):
            return
    fire_trigger(state, "bars")


def place_closed_tiles(state: State) -> None:
    """End of a round: in data order, while tiles remain, close each empty bar whose
    neighbours hold all colours (a private bar: its own colour)."""
    for slot in range(NSLOT):
        if len(state.closed) >= CLOSED_TILES:
            return
        if not is_bar(state, slot) or state.bar_count[slot] or slot in state.closed:
            continue
        around = {state.bar_colour[n] for n in SLOT_NEIGHBOURS[slot] if state.bar_count[n]}
        tile = state.specials.get(slot)
        qualifies = TILE_BY_ID[tile].colour in around if tile is not None else len(around) == NCOL
        if not qualifies:
            continue
        state.closed.append(slot)
        engine_event(state, f"closed {SLOT_IDS[slot]}")
        if len(state.closed) == CLOSED_TILES:
            fire_trigger(state, "closed")
        if state.options["bars_trigger"] == "cube_or_closed":
            check_bars_trigger(state)


def final_scoring(state: State) -> None:
    """The end bonus of each truck still loaded (``bonus T2 +4``), then ``score``."""
    for t, truck in enumerate(state.trucks):
        if truck.aboard and truck.token is not None and truck.delivered >= 1:
            bonus = max(0, truck.token - truck.aboard)
            truck.score += bonus
            truck.token = None
            engine_event(state, f"bonus {TRUCK_IDS[t]} +{bonus}")
    engine_event(
        state, "score " + " ".join(f"{TRUCK_IDS[t]} {tr.score}" for t, tr in enumerate(state.trucks))
    )


def seat_scores(state: State) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each seat's score (two players: the lower of his trucks') and cubes lost."""
    scores, lost = [], []
    for seat in range(state.players):
        trucks = [state.trucks[t] for t in state.trucks_of(seat)]
        scores.append(min(tr.score for tr in trucks))
        lost.append(sum(tr.lost for tr in trucks))
    return tuple(scores), tuple(lost)


def standings(state: State, reason: str) -> Result:
    """The result: ranks by score then fewest cubes lost (equal both: equal rank); the
    winners are the best-ranked seats that can still win (zombies keep their place)."""
    scores, lost = seat_scores(state)
    key = [(-scores[s], lost[s]) for s in range(state.players)]
    ranks = tuple(1 + sum(1 for o in range(state.players) if key[o] < key[s]) for s in range(state.players))
    return Result.standings(reason, scores, ranks, tuple(sorted(state.zombies)))


def end_game(state: State, reason: str = "score") -> None:
    final_scoring(state)
    state.phase = OVER
    state.result = standings(state, reason)
