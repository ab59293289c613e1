"""The end (spec section 16): surviving originals, victory points, multipliers, the winner."""

from __future__ import annotations

from engine.core import Result
from engine.spies import log, pieces
from engine.spies.data import (
    ALLIANCE_PENALTY,
    EVENT_TILE_VP,
    MULTIPLIERS,
    SANCTION_MARKER_VP,
    SPY_FACES,
    TILE,
    TURN_ORDER,
)
from engine.spies.state import RECORD, SCORED, State


def file_survivors(state: State, year: int) -> None:
    """16.1 step 1: originals in their original city, not controlled by another power."""
    for x in state.secrets.values():
        if x.gone or x.original is None or x.city is None or x.city != x.origin:
            continue
        ctrl = state.controller(x.id)
        if ctrl is not None and ctrl != x.original:
            continue
        pieces.set_holder(state, x.id, None)
        x.city, x.gone, x.owner_record, x.record_year = None, SCORED, x.original, year


def power_scores(state: State) -> dict[str, int]:
    """16.1 step 2, then the historical alliances of step 3 when the option is on."""
    scores = dict.fromkeys(TURN_ORDER, 0)
    for x in state.secrets.values():
        if x.owner_record is None:
            continue
        m = MULTIPLIERS[x.owner_record][x.record_year]
        if pieces.is_counterspy(state, x.id):
            scores[x.owner_record] += pieces.secret_value(state, x.id) * (m // 2)
        else:
            scores[x.owner_record] += pieces.secret_value(state, x.id) * m
    for s in state.spies.values():
        if s.box == RECORD and s.captor is not None:
            scores[s.captor] += SPY_FACES[s.face].vp_value * MULTIPLIERS[s.captor][s.year]
    for p, years in state.markers.items():
        scores[p] += sum(SANCTION_MARKER_VP * MULTIPLIERS[p][y] for y in years)
    for tile, power, _year in state.played:
        if TILE[tile].owner == power and TILE[tile].scores_vp:
            scores[power] += EVENT_TILE_VP
    if state.options["historical_alliances"]:
        base = dict(scores)

        def behind(p: str, a: str, b: str) -> bool:
            return base[p] < base[a] and base[p] < base[b]

        for loser, partner, rival1, rival2 in (
            ("G", "I", "B", "F"),
            ("I", "G", "B", "F"),
            ("F", "B", "G", "I"),
            ("B", "F", "G", "I"),
        ):
            if behind(partner, rival1, rival2):
                scores[loser] -= ALLIANCE_PENALTY
    return scores


def scoring_powers(state: State, seat: int) -> tuple[str, ...]:
    """The powers whose VP count for a seat: Russia only when it has a seat of its own."""
    return tuple(p for p in state.seats[seat] if p != "R" or state.russia_seated)


def seat_standing(state: State, seat: int, scores: dict[str, int]) -> tuple[int, int]:
    """(score, wealth) of a seat under ``multi_country_score`` (16.3)."""
    powers = scoring_powers(state, seat)
    mode = state.options["multi_country_score"]
    wealth = sum(state.money[p] for p in powers)
    if mode == "combined":
        return sum(scores[p] for p in powers), wealth
    if mode == "lower":
        return min(scores[p] for p in powers), wealth
    best = max(powers, key=lambda p: (scores[p], state.money[p]))
    return scores[best], state.money[best]


def finish(state: State, year: int, reason: str = "end") -> None:
    """File the survivors, score, and set the result (zombies cannot win)."""
    file_survivors(state, year)
    scores = power_scores(state)
    # Section 2: Russia without a seat of its own scores no VP, so it has no score at all.
    state.scores = {p: scores[p] for p in TURN_ORDER if p != "R" or state.russia_seated}
    state.header = "# end"  # 15.3: the end and the scores are a section of their own
    log.engine(state, f"= end {year}")
    for p, vp in state.scores.items():
        log.engine(state, f"= score {p} {vp}")
    state.result = standings(state, scores, reason)
    state.decision = None
    state.tasks = []


def standings(state: State, scores: dict[str, int], reason: str) -> Result:
    keys = [seat_standing(state, seat, scores) for seat in range(state.players)]
    ranks = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
    return Result.standings(reason, tuple(k[0] for k in keys), ranks, tuple(sorted(state.zombies)))
