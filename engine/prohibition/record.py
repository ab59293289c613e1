"""The JSON game record, the text export, replay and verification (spec section 13).

A record is the shared shape of :mod:`engine.record` plus the header fields the spec names
(``data``, ``engine``, ``time_control``). Its events are the state's log: actions (``by`` a
turn seat, 1-based), chance events (``by`` ``"chance"``) and derived events (``"engine"``).

:func:`replay` rebuilds a game from its seed and the record's inputs (the seats' actions and
the platform's ``timeout``, ``resign`` and ``zombie`` events), and compares every event the
rules and the generator write with the record's: that re-derives every chance event from the
seed and checks every derived event. :func:`verify` adds the commitments and the result.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from engine.core import EVERYONE, Result, Viewer
from engine.errors import GameError
from engine.fairness import seed_commitment, seed_failures, state_failures
from engine.prohibition import rules, serialize
from engine.prohibition.data import DATA_SHA256, DATA_VERSION, TRUCK_IDS
from engine.prohibition.options import TIME_CONTROL, rule_options
from engine.prohibition.state import OVER, PICK, PLACE, State
from engine.prohibition.view import RULES_REVISION, entry_text, sees_all
from engine.record import MalformedRecord, check_shape

ENGINE_VERSION: Final = "engine.prohibition 1"
_WITHDRAWAL: Final = re.compile(r"(timeout|resign|zombie) ([1-9])")
EXTERNAL_ENDS: Final = ("agreement", "aborted")


def is_started(state: State) -> bool:
    return state.phase not in (PLACE, PICK)


def record(state: State, names: Mapping[int, str] | None = None, viewer: Viewer = EVERYONE) -> dict[str, Any]:
    """The JSON record. ``seed`` only once the game is over; ``viewer`` other than EVERYONE
    gives that viewer's copy (stubs in place of what he may not see)."""
    over = sees_all(state, viewer)
    out: dict[str, Any] = {
        "game": "prohibition",
        "rules": RULES_REVISION,
        "data": {"data_version": DATA_VERSION, "sha256": DATA_SHA256},
        "engine": ENGINE_VERSION,
        "options": rule_options(state.options),
        "players": [
            {
                "seat": k + 1,
                "player": p,
                "name": None if names is None else names.get(p),
                "trucks": [TRUCK_IDS[t] for t in state.trucks_of_turn_seat(k + 1)],
            }
            for k, p in enumerate(state.order)
        ],
        "time_control": state.options[TIME_CONTROL],
        "seed_commitment": seed_commitment(state.rng.seed),
        "state_commitment": start_commitment(state),
        "result": None if state.result is None else state.result.to_dict(),
        "events": [
            {"n": n, "by": e.by, "a": entry_text(e, viewer, over)}
            for n, e in enumerate(state.entries, start=1)
        ],
    }
    if state.phase == OVER:
        out["seed"] = state.rng.seed
    return out


def start_commitment(state: State) -> str | None:
    """The state commitment of the game's start of play, by replaying it from its seed."""
    from engine.fairness import state_commitment

    _, start, failures = replay(
        state.rng.seed,
        state.options,
        state.players,
        [(e.by, e.text) for e in state.entries],
        reason_hint=None if state.result is None else state.result.reason,
    )
    if failures:  # pragma: no cover - a state the rules made always replays
        raise ValueError("; ".join(failures))
    return None if start is None else state_commitment(state.rng.seed, start)


def record_text(state: State, viewer: Viewer = EVERYONE) -> str:
    """The text export: one line per truck-turn, derived events in braces (spec section 13)."""
    over = sees_all(state, viewer)
    lines: dict[str, list[str]] = {}
    for e in state.entries:
        text = entry_text(e, viewer, over)
        if text.startswith("use "):
            lines.setdefault(e.label, [])
            continue
        bare = isinstance(e.by, int) or text.startswith("dice ")
        lines.setdefault(e.label, []).append(text if bare else "{" + text + "}")
    return "\n".join(" ".join([label, *parts]) for label, parts in lines.items()) + "\n"


# -- replay and verification ----------------------------------------------------------------------
def replay(
    seed: str,
    options: Mapping[str, Any],
    players: int,
    events: list[tuple[int | str, str]],
    reason_hint: str | None = None,
) -> tuple[State, dict[str, Any] | None, list[str]]:
    """Replay ``events`` (``(by, a)`` pairs) from the seed. Returns the final state, the
    stored form of the state at the start of play (``None`` if play never started) and the
    failures (at most one: the first event where the record and the rules part)."""
    state = rules.new_state(seed, dict(options), players)
    start: dict[str, Any] | None = None
    i = 0
    while i < len(events):
        by, text = events[i]
        if i < len(state.entries):
            made = state.entries[i]
            if (made.by, made.text) != (by, text):
                return (
                    state,
                    start,
                    [f"event {i + 1}: the record has {by} {text!r}, the rules give {made.by} {made.text!r}"],
                )
            i += 1
            continue
        try:
            state = _input(state, by, text, reason_hint)
        except GameError as exc:
            return state, start, [f"event {i + 1}: {by} {text!r} cannot be played: {exc}"]
        if start is None and is_started(state):
            start = serialize.to_dict(state)
    if len(state.entries) > len(events):
        extra = state.entries[len(events)]
        return (
            state,
            start,
            [f"event {len(events) + 1}: the record stops, the rules go on with {extra.text!r}"],
        )
    return state, start, []


def _input(state: State, by: int | str, text: str, reason_hint: str | None) -> State:
    """Apply one input of the record: a seat's action or a withdrawal."""
    if isinstance(by, int) and not isinstance(by, bool):
        if not 1 <= by <= state.players:
            raise MalformedRecord(f"there is no seat {by}")
        seat = state.order[by - 1]
        if state.phase == PICK:
            return rules.apply_as(state, seat, text)
        if seat not in rules.actors(state):
            raise MalformedRecord(f"seat {by} does not owe a decision here")
        return rules.apply_as(state, seat, text)
    if by == "engine" and text.startswith("end ") and text[4:] in rules.END_BY_AGREEMENT:
        return rules.conclude(state, rules.END_BY_AGREEMENT[text[4:]])
    m = _WITHDRAWAL.fullmatch(text)
    if by == "engine" and m and 1 <= int(m[2]) <= state.players:
        seat = state.order[int(m[2]) - 1]
        if m[1] == "timeout":
            return rules.withdraw(state, seat, "timeout")
        if m[1] == "zombie":
            return rules.withdraw(state, seat, "abandon")
        return rules.withdraw(state, seat, "abandon" if reason_hint == "abandon" else "resign")
    raise MalformedRecord(f"{by} {text!r} is not an input the rules can replay here")


def verify(data: Mapping[str, Any]) -> list[str]:
    """Every failed check of a record (``[]``: it verifies); :class:`MalformedRecord` when it
    cannot be read."""
    check_shape(data)
    if data["game"] != "prohibition":
        raise MalformedRecord("not a Prohibition record")
    players = data["players"]
    if not isinstance(players, list) or not players:
        raise MalformedRecord("'players' lists the seats")
    failures = seed_failures(data)
    if "seed" not in data:
        return failures
    options = dict(data["options"])
    if isinstance(data.get("time_control"), str):
        options[TIME_CONTROL] = data["time_control"]
    result = data["result"]
    hint = result.get("reason") if isinstance(result, Mapping) else None
    try:
        state, start, replay_failures = replay(
            data["seed"], options, len(players), [(e["by"], e["a"]) for e in data["events"]], hint
        )
    except MalformedRecord:
        raise
    except GameError as exc:
        raise MalformedRecord(f"the record cannot be replayed: {exc}") from None
    failures += replay_failures
    failures += state_failures(data, data["seed"], start)
    if replay_failures:
        return failures
    failures += _result_failures(state, result)
    return failures


def _result_failures(state: State, result: Any) -> list[str]:
    if state.result is None:
        if isinstance(result, Mapping) and result.get("reason") in EXTERNAL_ENDS:
            return []
        return ["result: the replayed game is not over"]
    try:
        claimed = None if result is None else Result.from_dict(result)
    except (KeyError, TypeError, ValueError) as exc:
        raise MalformedRecord(f"'result' cannot be read: {exc}") from None
    if claimed != state.result:
        return [f"result: the replay gives {state.result.to_dict()}, the record says {result}"]
    return []
