"""Flickago's guided first game (issue 25): the learner (seat 0) plays White against the
computer's Black, one taught decision at a time (``static/games/flickago/tutorial.js`` holds the
steps and their words).

The standard rules from an empty board, the host (the learner) White, the game stopped after
eight shots (the room option ``max_shots``) so that it ends with the lesson. The lesson's line:

1. White launches a Killer from T3 into the 3-point corner N.E3, short of Black's HQ. Black
   knocks inspector I1 off its star down into White's half, where it scores for Black.
2. Inspector I2 on S2 blocks the straight road to White's Safe Return zone, so White's Family
   disc goes round in two flicks: the first one past the centre line, left of I2 (sector N.C1).
   Black knocks inspector I3 off the board.
3. I3 goes back on a star, and White, who did not shoot, chooses: S3, out of the road of
   White's later shot up the left-hand side (S1 would stand on it).
4. The Family disc's second flick takes it into White's zone Z.N: 5 points, face down.
   Black's Family disc stops below I2 with its second flick left: it threatens to knock I2 up
   into Z.N, which would capture the disc there.
5. White takes the Family disc back into the reserve (it comes back as new), then
6. launches a Killer from T1 into the 3-point corner N.W3. Black's Family disc knocks I2 into
   the now empty zone, where it stays. That is the eighth shot: the game is over, White ahead.

Each answer of Black's must also leave the roads of White's later taught shots clear
(:data:`ROADS`), so that every step's taught area stays reachable.

A shot's outcome depends on its exact angle and power, and the learner aims by hand: each step
of ``tutorial.js`` accepts any shot whose lone-disc line (the gold aim line) ends in the taught
area with nothing on its way, so his discs stop there give or take a millimetre. The computer
then plans its answer on its own view: :func:`decide` tries its planned shot and, if the
position is not quite the planned one, shots near it, simulating each with the engine's own
physics, until one brings what the next step speaks of; off the lesson (after it, or a
position it never plans) the game's own bot plays.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from engine.flickago import rules
from engine.flickago.bot import decide as bot_decide
from engine.flickago.bot import state_of_view
from engine.flickago.bot.levels import DEFAULT_LEVEL
from engine.flickago.data import CENTRE_LINE, SIDES
from engine.flickago.geometry import completely_off_board, disc_touches_circle, disc_touches_rect
from engine.flickago.physics import MAX_STEPS, simulate
from engine.flickago.pieces import SIDE_DISCS, kind_of, radius
from engine.flickago.scoring import score
from engine.tutorial import Tutorial

SEED: Final = "8d599054ead0aa21d69bbd1da7ef192e91ccbe56a3874423fd4f193c6d346b59"
OPTIONS: Final[Mapping[str, Any]] = {
    "first_player": "host",  # the learner (seat 0) plays White
    "max_shots": 8,  # the game ends with the lesson, on Black's answer to its last step
}
WHITE: Final = "w"
BLACK: Final = "b"

LESSON: Final[tuple[dict[str, Any], ...]] = (
    {"type": "shot", "piece": "wT3", "from": "T3", "angle": 881, "power": 727},
    {"type": "shot", "piece": "wF1", "from": "F1", "angle": 914, "power": 602},
    {"type": "place", "inspector": "I3", "star": "S3"},
    {"type": "shot", "piece": "wF1", "from": None, "angle": 656, "power": 327},
    {"type": "return", "piece": "wF1"},
    {"type": "shot", "piece": "wT1", "from": "T1", "angle": 991, "power": 756},
)
"""The learner's taught actions, one per step of ``tutorial.js`` that takes one, as the page
sends them when aimed at the middle of each taught area (the shots' numbers are one choice
among the many each step accepts)."""

ZONE_N: Final = SIDES[WHITE].zone
ZONE_S: Final = SIDES[BLACK].zone
TRIALS: Final = 400
"""The most shots one scripted answer simulates, its checks included, before it leaves the
move to the bot (a count, not a time: the answer is the same on any machine)."""
THREAT_TRIALS: Final = 24
"""The most re-flicks tried to show that a Family disc threatens the zone."""

State = dict[str, Any]


class Budget:
    """The simulations an answer may still run."""

    def __init__(self, left: int) -> None:
        self.left = left

    def take(self) -> bool:
        if self.left <= 0:
            return False
        self.left -= 1
        return True


Goal = Callable[[State, State, Budget], bool]


@dataclass(frozen=True, slots=True)
class Plan:
    """A planned shot of Black's: a disc of ``kind`` from the reserve launched from one of
    ``points`` (or, with no points, the Family disc flicked once re-flicked where it lies), at
    about ``angle`` and ``power``; ``goal(before, after)`` says whether a trial brought what the
    lesson needs."""

    kind: str
    points: tuple[str, ...]
    angle: int
    power: int
    goal: Goal


# -- what each answer must bring -------------------------------------------------------------


def _unmoved(before: State, after: State, pieces: tuple[str, ...]) -> bool:
    return all(after["pos"].get(p) == before["pos"].get(p) for p in pieces)


def _white_on_board(state: State) -> tuple[str, ...]:
    return tuple(p for p in SIDE_DISCS[WHITE] if p in state["pos"])


def _wholly_south(state: State, piece: str) -> bool:
    """The piece lies wholly in the south half, on the board, touching neither the centre
    line nor a Safe Return zone (an inspector there scores for Black)."""
    if piece not in state["pos"]:
        return False
    x, y = state["pos"][piece]
    r = radius(piece)
    return (
        y + r < CENTRE_LINE.y0
        and not completely_off_board(x, y, r)
        and x - r > 0
        and y - r > 0
        and not disc_touches_rect(x, y, r, CENTRE_LINE)
        and not any(disc_touches_circle(x, y, r, s.zone) for s in SIDES.values())
    )


def _touches_zone_n(state: State, piece: str) -> bool:
    if piece not in state["pos"]:
        return False
    x, y = state["pos"][piece]
    return disc_touches_circle(x, y, radius(piece), ZONE_N)


def _segment_distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    k = 0.0 if not length2 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(p[0] - (a[0] + k * dx), p[1] - (a[1] + k * dy))


def _corners(rect: tuple[float, float, float, float]) -> list[tuple[float, float]]:
    x0, y0, x1, y1 = rect
    return [(x0, y0), (x1, y0), (x0, y1), (x1, y1), ((x0 + x1) / 2, (y0 + y1) / 2)]


FAMILY_AREA: Final = (135.0, 320.0, 185.0, 392.0)
"""Where step 3 sends the Family disc: left of I2, just past the centre line (board mm)."""
CORNER_AREA: Final = (16.0, 504.0, 112.0, 584.0)
"""Where step 7 sends the last Killer: the 3-point corner N.W3, clear of its edges."""
_F1: Final = (float(SIDES[WHITE].point("F1").x), float(SIDES[WHITE].point("F1").y))  # type: ignore[union-attr]
_T1: Final = (float(SIDES[WHITE].point("T1").x), float(SIDES[WHITE].point("T1").y))  # type: ignore[union-attr]
ROADS: Final[dict[str, tuple[tuple[tuple[float, float], tuple[float, float]], ...]]] = {
    "family": tuple((_F1, c) for c in _corners(FAMILY_AREA)),
    "zone": tuple((c, (ZONE_N.x, ZONE_N.y)) for c in _corners(FAMILY_AREA)),
    "corner": tuple((_T1, c) for c in _corners(CORNER_AREA)),
}
"""The roads the learner's later shots take (from the launch point or the area to the taught
area's corners and middle): Black's answers must leave them clear."""


def _clear_of(state: State, roads: tuple[str, ...]) -> bool:
    """Black's discs leave the learner's later roads clear (a disc's width and a margin)."""
    room = 2 * radius("bT1") + 4
    for piece in SIDE_DISCS[BLACK]:
        if piece in state["pos"]:
            x, y = state["pos"][piece]
            for name in roads:
                if any(_segment_distance((x, y), a, b) < room for a, b in ROADS[name]):
                    return False
    return True


def _first_answer(before: State, after: State, budget: Budget) -> bool:
    """Black's first shot knocks I1 off its star into White's half (it then scores for Black),
    leaves I2 and I3 on their stars and White's disc where it lies, loses nothing, and leaves
    the roads of White's next shots clear."""
    return (
        _wholly_south(after, "I1")
        and _unmoved(before, after, ("I2", "I3", *_white_on_board(before)))
        and not after["eliminated"]
        and after["phase"] == rules.TURN
        and _clear_of(after, ("family", "zone", "corner"))
    )


def _second_answer(before: State, after: State, budget: Budget) -> bool:
    """Black's second shot knocks I3 off the board and White chooses its star between S1 and
    S3; I2 and White's discs stay where they were."""
    return (
        after["phase"] == rules.PLACE
        and after["to_move"] == WHITE
        and after["waiting"] == ["I3"]
        and set(rules.free_stars(after["pos"], "I3")) == {"S1", "S3"}
        and _unmoved(before, after, ("I1", "I2", *_white_on_board(before)))
        and not any(p.startswith(WHITE) for p in after["eliminated"])
        and _clear_of(after, ("zone", "corner"))
    )


def threat(state: State, budget: Budget | None = None) -> dict[str, Any] | None:
    """A flick of Black's Family disc (flicked once) that knocks I2 into Z.N and captures the
    white disc there, from the rules' ``state`` (Black to move): tried around the planned
    fourth answer, at most :data:`THREAT_TRIALS` of them; ``None`` if none does."""
    plan = Plan(FOURTH.kind, FOURTH.points, FOURTH.angle, FOURTH.power, _captures)
    return next(_trials(state, BLACK, plan, budget or Budget(THREAT_TRIALS), THREAT_TRIALS), None)


def _captures(before: State, after: State, budget: Budget) -> bool:
    return after["pos"].get("I2") != before["pos"].get("I2") and any(
        p in after["eliminated"] for p in _zone_discs(before)
    )


def _third_answer(before: State, after: State, budget: Budget) -> bool:
    """Black's Family disc, launched, stops in White's half with its second flick left and
    nothing else moved, in reach of I2: a flick from there can knock I2 into Z.N."""
    reflick = rules.reflickable(after, BLACK)
    return (
        len(reflick) == 1
        and after["pos"][reflick[0]][1] < CENTRE_LINE.y0
        and _unmoved(before, after, tuple(before["pos"]))
        and _clear_of(after, ("corner",))
        and threat({**after, "to_move": BLACK}, budget) is not None
    )


def _knocks_i2_in(before: State, after: State, budget: Budget) -> bool:
    """Black's Family disc knocks I2 into White's Safe Return zone: every disc there is
    captured (and I2 set aside); a zone emptied in time keeps the inspector alone, where it
    stays."""
    return _touches_zone_n(after, "I2") or _captures(before, after, budget)


def _fourth_answer(before: State, after: State, budget: Budget) -> bool:
    """Black's threat carried out (:func:`_knocks_i2_in`), White still ahead: the game ends
    with this shot, and the learner's first game is his."""
    totals = score(after["pos"], after["options"], after["last_mover"])
    return _knocks_i2_in(before, after, budget) and totals[WHITE] > totals[BLACK]


def _zone_discs(state: State) -> list[str]:
    return [p for p in SIDE_DISCS[WHITE] if _touches_zone_n(state, p)]


FOURTH: Final = Plan("F", (), 1400, 925, _fourth_answer)


PLANS: Final[dict[int, Plan]] = {
    1: Plan("T", ("T1",), 2330, 925, _first_answer),
    3: Plan("T", ("T3", "T2", "T1"), 3020, 1000, _second_answer),
    5: Plan("F", ("F1", "F2"), 2710, 600, _third_answer),
    7: FOURTH,
}
"""Black's planned answer by the number of shots played before it (its shots are the 2nd, 4th,
6th and 8th of the game)."""


# -- trying shots ----------------------------------------------------------------------------


def _offsets(limit: int) -> Iterator[tuple[int, int]]:
    """(angle, power) offsets from the plan: the plan first, then rings around it, closest
    first (10 tenths of a degree and 25 of power a step)."""
    yield 0, 0
    ring = 1
    count = 1
    while count < limit and ring <= 24:
        cells = [
            (da, dp)
            for da in range(-ring, ring + 1)
            for dp in range(-ring, ring + 1)
            if max(abs(da), abs(dp)) == ring
        ]
        cells.sort(key=lambda c: (abs(c[0]) + abs(c[1]), abs(c[1]), c[0], c[1]))
        for da, dp in cells:
            yield 10 * da, 25 * dp
            count += 1
        ring += 1


def _shooters(state: State, side: str, plan: Plan) -> list[tuple[str, str | None]]:
    """(piece, launch point or None) the plan may shoot with, in its order."""
    if not plan.points:
        return [(piece, None) for piece in rules.reflickable(state, side)]
    free = {point for _, point in rules.launches(state, side)}
    reserve = [p for p in state["reserve"][side] if kind_of(p) == plan.kind]
    if not reserve:
        return []
    return [(reserve[0], point) for point in plan.points if point in free]


def _trial(state: State, side: str, action: dict[str, Any]) -> State:
    """The state after ``action``, simulated without keyframes (the search needs rest only)."""
    prepared = rules.prepare_shot(state, side, action)
    result = simulate(state["pos"], prepared.shot, MAX_STEPS, False)
    return rules.apply_shot(state, side, action, result).state


def _trials(
    state: State, side: str, plan: Plan, budget: Budget, limit: int = TRIALS
) -> Iterator[dict[str, Any]]:
    """The plan's shots that reach its goal, in the order tried (at most ``limit`` trials, each
    taken from ``budget``)."""
    shooters = _shooters(state, side, plan)
    if not shooters:
        return
    tried = 0
    for da, dp in _offsets(limit):
        power = plan.power + dp
        if not 1 <= power <= 1000:
            continue
        for piece, point in shooters:
            if tried >= limit or not budget.take():
                return
            tried += 1
            angle = (plan.angle + da) % 3600
            action = {"type": "shot", "piece": piece, "from": point, "angle": angle, "power": power}
            if plan.goal(state, _trial(state, side, action), budget):
                yield action


def scripted(view: Mapping[str, Any]) -> dict[str, Any] | None:
    """Black's planned shot for the decision its view shows, or ``None`` off the lesson. Reads
    the view only (positions, reserves, flicks, the shot count: all public)."""
    if view.get("phase") != rules.TURN or view.get("to_move") != BLACK or view.get("result"):
        return None
    if view.get("passes"):
        return None
    return planned(state_of_view(view), int(view.get("shots", -1)))


def planned(state: State, shots: int) -> dict[str, Any] | None:
    """Black's answer planned after ``shots`` shots, tried on the rules' ``state`` (Black to
    move), or ``None`` when no trial within :data:`TRIALS` brings what the lesson needs."""
    plan = PLANS.get(shots)
    if plan is None:
        return None
    return next(_trials(state, BLACK, plan, Budget(TRIALS)), None)


def decide(
    view: Mapping[str, Any], level: str = "tutorial", seed: int | str = 0, budget: float | None = None
) -> dict[str, Any]:
    """The computer's seat in the tutorial room (``Tutorial.script``): the planned answer, else
    the game's own bot (level normal) on the same view."""
    action = scripted(view)
    if action is None:
        return bot_decide(view, DEFAULT_LEVEL, seed, budget)
    return action


TUTORIAL: Final = Tutorial(
    players=2,
    preset="standard",
    options=OPTIONS,
    seed=SEED,
    script="engine.flickago.tutorial:decide",
)

__all__ = ["LESSON", "OPTIONS", "PLANS", "SEED", "TUTORIAL", "decide", "planned", "scripted", "threat"]
