"""The game record (spec section 10, in the platform's record shape), its text export, and
its verification.

The record holds the spec's header (``game``, ``rules``, ``data``, ``physics``, ``options``,
``players``, ``time_control``, ``seed_commitment``, ``seed`` once over, ``result``) and its
``turns``, plus the platform's ``state_commitment``, ``outcome`` (the platform result) and
``events`` (``[{"n", "by", "a"}]``, derived from the turns). The rest positions make it
self-sufficient: every ply's state is rebuilt without simulating.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Final

import pymunk

from engine.core import Result
from engine.errors import GameError, InvalidAction
from engine.fairness import seed_commitment, seed_failures, state_commitment, state_failures
from engine.flickago import rules
from engine.flickago.data import DATA_SHA256, DATA_VERSION, PHYSICS, RAW, SIDE_CODES, SIDES
from engine.flickago.geometry import disc_touches_circle
from engine.flickago.match import Match, advance, platform_result, to_dict
from engine.flickago.notation import shot_text
from engine.flickago.physics import MAX_STEPS, dt_text, result_from_dict, simulate
from engine.flickago.pieces import radius
from engine.record import CHANCE, ENGINE, Actor, MalformedRecord, check_shape, numbered

RULES: Final = f"{RAW['spec']} (data {DATA_VERSION})"
TOLERANCE_MM: Final = 0.5  # re-simulation on another build is a check only (spec section 3)


def physics_header() -> dict[str, Any]:
    return {
        "engine": PHYSICS["engine"],
        "version": pymunk.version,
        "chipmunk": pymunk.chipmunk_version,
        "dt": dt_text(),
        "iterations": PHYSICS["iterations"],
        "slop": PHYSICS["collision_slop"],
    }


def initial_match(seed: str, options: Mapping[str, Any], time_control: Any = "none") -> Match:
    state, host_white = rules.new_state(seed, options)
    return Match(state=state, white=0 if host_white else 1, turns=(), time_control=time_control)


def initial_dict(match: Match) -> dict[str, Any]:
    """The storage form of the match's initial state (what ``state_commitment`` hashes)."""
    start = initial_match(match.state["rng"]["seed"], match.state["options"], match.time_control)
    return to_dict(start)


def events_of(match: Match) -> list[dict[str, Any]]:
    """The platform's event list (``by``: a seat, ``"chance"`` or ``"engine"``): the
    first-player draw (``first host`` / ``first guest``), then per turn its returns, its
    jitter draw (``jitter angle/power``, the values applied), its shot and the chooser's
    ``I2>S3``; a pass is ``w --`` by the engine."""
    out: list[tuple[Actor, str]] = []
    if match.state["options"]["first_player"] == "random":
        out.append((CHANCE, "first host" if match.white == 0 else "first guest"))
    for turn in match.turns:
        if turn.get("pass"):
            out.append((ENGINE, f"{turn['side']} --"))
            continue
        seat = match.seat_of_side(turn["side"])
        out.extend((seat, f"^{piece}") for piece in turn["returns"])
        if turn["applied"] is not None:
            out.append((CHANCE, f"jitter {turn['applied']['angle']}/{turn['applied']['power']}"))
        out.append((seat, shot_text(turn["shot"])))
        for inspector, star, chooser in turn["resolution"]["inspectors"]:
            if star is not None and chooser in SIDE_CODES:
                out.append((match.seat_of_side(chooser), f"{inspector}>{star}"))
    return numbered(out)


def record(match: Match) -> dict[str, Any]:
    """The JSON record of the game so far (the seed only once it is over)."""
    state = match.state
    seed = state["rng"]["seed"]
    out: dict[str, Any] = {
        "game": "flickago",
        "rules": RULES,
        "data": {"data_version": DATA_VERSION, "sha256": DATA_SHA256},
        "physics": physics_header(),
        "options": copy.deepcopy(state["options"]),
        "players": {"white": match.white, "black": 1 - match.white},
        "time_control": copy.deepcopy(match.time_control),
        "seed_commitment": seed_commitment(seed),
        "state_commitment": state_commitment(seed, initial_dict(match)),
        "result": copy.deepcopy(state["result"]),
        "outcome": None if match.ended is None else match.ended.to_dict(),
        "turns": copy.deepcopy(list(match.turns)),
        "events": events_of(match),
    }
    if match.ended is not None:
        out["seed"] = seed
    return out


def _capture_zone(turn: Mapping[str, Any], piece: str) -> str:
    x, y = turn["rest"][piece]
    for side in SIDES.values():
        if disc_touches_circle(x, y, radius(piece), side.zone):
            return side.zone.id
    return "?"


def turn_text(turn: Mapping[str, Any]) -> str:
    """``14. b ^bT2 bT2@T1 2712/688 {x bF3 off; x wT1 cap Z.S; I2>S1}``"""
    if turn.get("pass"):
        return f"{turn['ply']}. {turn['side']} --"
    words = [f"{turn['ply']}.", turn["side"], *(f"^{p}" for p in turn["returns"]), shot_text(turn["shot"])]
    notes = []
    for piece, why in turn["resolution"]["eliminated"]:
        notes.append(
            f"x {piece} cap {_capture_zone(turn, piece)}" if why == "capture" else f"x {piece} {why}"
        )
    for inspector, star, _chooser in turn["resolution"]["inspectors"]:
        if star is not None:
            notes.append(f"{inspector}>{star}")
    if notes:
        words.append("{" + "; ".join(notes) + "}")
    return " ".join(words)


def record_text(match: Match) -> str:
    """The text export: one line per turn."""
    return "".join(turn_text(turn) + "\n" for turn in match.turns)


# -- verification -------------------------------------------------------------------------


def _malformed(message: str) -> MalformedRecord:
    return MalformedRecord(f"malformed Flickago record: {message}")


def _check_shape(data: Any) -> None:
    check_shape(data)
    if data["game"] != "flickago":
        raise _malformed("not a Flickago record")
    players = data["players"]
    if (
        not isinstance(players, Mapping)
        or players.get("white") not in (0, 1)
        or isinstance(players["white"], bool)
    ):
        raise _malformed('players is {"white": seat, "black": seat}')
    turns = data.get("turns")
    if not isinstance(turns, list) or not all(isinstance(t, Mapping) for t in turns):
        raise _malformed("turns is a list of objects")


def _far(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[str]:
    """The pieces whose rest positions differ by more than the tolerance (or are missing)."""
    out = []
    for piece in sorted(set(a) | set(b)):
        if piece not in a or piece not in b or math.dist(a[piece], b[piece]) > TOLERANCE_MM:
            out.append(piece)
    return out


def verify(data: Any, resimulate: bool = True) -> list[str]:
    """Every failed check of a record ([] = it verifies); :class:`InvalidAction` when the
    record is malformed. Checks the seed against its commitment, the initial state against
    its commitment, every chance draw (first player, jitter), every action's legality, every
    stored resolution and score, the passes, the result; with ``resimulate``, every shot is
    simulated again and must land within 0.5 mm of the stored rest positions (exactly, on the
    reference build). The stored result is authoritative: replay goes on from it."""
    _check_shape(data)
    failures = seed_failures(data)
    if "seed" not in data:
        return failures
    seed = data["seed"]
    try:
        match = initial_match(seed, data["options"], data.get("time_control", "none"))
    except GameError as exc:
        raise _malformed(str(exc)) from exc
    if match.white != data["players"]["white"]:
        failures.append("players: the first-player draw gives White to the other seat")
        match = Match(match.state, data["players"]["white"], (), None, match.time_control)
    failures.extend(state_failures(data, seed, initial_dict(match)))
    match, problems = replay(match, data["turns"], resimulate)
    failures.extend(problems)
    match, problems = _ended_from_outside(match, data["result"])
    failures.extend(problems)
    if match.state["result"] != data["result"]:
        failures.append("the recorded result is not the replayed one")
    if "events" in data and data["events"] != events_of(match):
        failures.append("the events do not match the turns")
    if "outcome" in data and match.ended is not None and data["outcome"] != match.ended.to_dict():
        failures.append("the recorded outcome is not the replayed one")
    return failures


def _ended_from_outside(match: Match, recorded: Any) -> tuple[Match, list[str]]:
    """A game the turns leave unfinished ended from outside the rules (a resignation, a flag
    fall, an abandonment, the platform's abort): end the replayed match the same way, so that
    its score and outcome can be compared with the record's."""
    if match.state["phase"] == rules.OVER or not isinstance(recorded, Mapping):
        return match, []
    reason, winner = recorded.get("reason"), recorded.get("winner")
    if reason not in rules.EXTERNAL_REASONS:
        return match, []
    if winner not in (None, *SIDE_CODES) or (winner is None) != (reason == "aborted"):
        return match, [f"the result names no proper winner for {reason!r}"]
    core = rules.conclude(match.state, reason, winner)
    ended = (
        Result.aborted()
        if reason == "aborted"
        else platform_result(replace(match, state=core), core["result"])
    )
    return replace(match, state=core, ended=ended), []


def replay(match: Match, turns: list[Mapping[str, Any]], resimulate: bool = False) -> tuple[Match, list[str]]:
    """Play recorded turns on from ``match``, each shot from its stored result (the rest
    positions make a record self-sufficient). Returns the match reached and every problem
    found; stops at the first turn that cannot be played."""
    problems: list[str] = []
    cursor = len(match.turns)  # record turns accounted for
    for turn in turns:
        label = f"turn {turn.get('ply')}"
        if turn.get("pass"):
            if cursor < len(match.turns) and match.turns[cursor] == dict(turn):
                cursor += 1
            else:
                problems.append(f"{label}: a pass the rules did not make")
                return match, problems
            continue
        if cursor < len(match.turns):
            problems.append(f"{label}: a shot where the rules made the side pass")
            return match, problems
        try:
            match, found = _replay_shot(match, turn, resimulate)
        except (GameError, KeyError, TypeError, ValueError, IndexError) as exc:
            problems.append(f"{label}: {exc}")
            return match, problems
        problems.extend(f"{label}: {p}" for p in found)
        cursor += 1
    if cursor != len(match.turns):
        problems.append("the record ends before the passes the rules made")
    return match, problems


def _replay_shot(match: Match, turn: Mapping[str, Any], resimulate: bool) -> tuple[Match, list[str]]:
    state = match.state
    problems: list[str] = []
    if turn.get("ply") != rules.ply(state):
        problems.append(f"ply is {turn.get('ply')}, expected {rules.ply(state)}")
    side = turn["side"]
    if state["phase"] != rules.TURN or state["to_move"] != side:
        raise InvalidAction(f"it is not {side}'s turn")
    for piece in turn["returns"]:
        match = advance(match, rules.apply_return(match.state, side, piece))
    shot = turn["shot"]
    action = {"type": "shot", **shot}
    prepared = rules.prepare_shot(match.state, side, action)
    if prepared.applied != turn["applied"]:
        problems.append(f"the jitter drawn is {prepared.applied}, the record says {turn['applied']}")
    stored = result_from_dict(turn)
    if resimulate:
        again = simulate(match.state["pos"], prepared.shot, MAX_STEPS)
        far = _far(again.rest, stored.rest)
        if far or [f[0] for f in again.falls] != [f[0] for f in stored.falls]:
            problems.append(f"re-simulation differs beyond {TOLERANCE_MM} mm: {', '.join(far) or 'falls'}")
    step = rules.apply_shot(match.state, side, action, stored, check_key=False)
    number = len(match.turns)
    match = advance(match, step)
    for inspector, star, chooser in turn["resolution"]["inspectors"]:
        if star is not None and chooser in SIDE_CODES:
            match = advance(match, rules.apply_place(match.state, chooser, inspector, star))
    replayed = match.turns[number]
    for key in ("returns", "resolution", "score", "side", "shot"):
        if replayed.get(key) != turn.get(key):
            problems.append(f"the recorded {key} is not the replayed one")
    return match, problems
